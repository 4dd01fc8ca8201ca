"""Company: an NPC a player can see looks at the people around it now and then.

Perception reports what changed, so two friends who sat down in the same café before the
player came in never noticed each other again: measured in the demo on the 135M model, Klaus,
Isabella and Ayesha sat together in Hobbs Cafe for 24 game minutes in view before anyone spoke.
People in company do keep looking at each other (the paper's agents perceive every step), so
a watched NPC, every `every` game minutes, notices one person in its room it may talk to —
the one it turned to least recently — as a reaction candidate (`Agent.notice`), decided as any
sighting is (a friend, or news to tell: talk). Out of view an NPC looks round less often
(`unwatched`, level of detail; 0: never): guests who reached a stories run's occasion together sat
three hours side by side and never spoke (a talk nobody watches costs no call, `ByRule`).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from npc_brain.runtime.lifecycle import AgentStatus
from npc_brain.types.observation import Observation
from npc_brain.world.perception import action_sentence, vantage_of

if TYPE_CHECKING:
    from npc_brain.runtime.agent import Agent

__all__ = ["Company"]


class Company:
    """When each watched agent last looked around, and whom it sees. Game thread only."""

    def __init__(self, every: timedelta = timedelta(minutes=10),
                 unwatched: timedelta = timedelta(0)) -> None:  # zero: nobody looks
        self.every, self.unwatched = every, unwatched
        self._looked: dict[str, datetime] = {}

    def look(self, world: Any, agents: Mapping[str, Agent], now: datetime,
             can_talk: Callable[[str, str], bool], doing: Callable[[str], str]) -> int:
        """Let agents whose time has come notice someone in their room; how many did."""
        if world is None or not (self.every or self.unwatched):
            return 0
        where = world.agents()
        due: list[str] = []
        for name, agent in agents.items():
            every = self.every if agent.watched else self.unwatched
            if not every or where.get(name) is None or agent.status is AgentStatus.CONVERSING \
                    or agent.attention.pending:
                continue
            last = self._looked.get(name)
            if last is None and not agent.watched:
                self._looked[name] = now  # out of view, the first look waits its interval
                continue
            if last is None or now - last >= every:
                self._looked[name] = now
                due.append(name)
        if not due:  # most frames: nobody's time has come, and the rooms are not mapped
            return 0
        rooms: dict[int, list[str]] = {}
        for name, node in where.items():
            room = vantage_of(node)
            if room is not None:
                rooms.setdefault(id(room), []).append(name)
        noticed = 0
        for name in due:
            agent = agents[name]
            room = vantage_of(where[name])
            around = [o for o in rooms.get(id(room), []) if o != name and o in agents and can_talk(name, o)] \
                if room is not None else []
            if not around:
                continue
            seen = agent.marks.react_subjects
            other = min(around, key=lambda o: (seen.get(o, datetime.min), o))
            # Someone it has been in the room with all along: considered again, not remembered again.
            agent.attention.notice(Observation(action_sentence(other, doing(other)), subject=other,
                                               place=where[other].address), now)
            noticed += 1
        return noticed

    def forget(self, name: str) -> None:
        """Drop an agent's timer (it left, or a save was loaded)."""
        self._looked.pop(name, None)
