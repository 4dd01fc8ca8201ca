"""DueChecks: when each agent is asked what thinking is due, and what is due sent out as jobs.

Asking is the frame's biggest per-NPC cost after the body (a city's 100 each frame: ~3 ms under
the profiler), so an agent nobody watches is asked once in `UNWATCHED_CHECK` of game time while
the clock moves; one a player watches, every call; a headless step of a game minute asks all.
"""
from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from npc_brain.runtime.agent import Agent
from npc_brain.runtime.conversations import Conversations
from npc_brain.runtime.dispatcher import Dispatcher
from npc_brain.runtime.residents import Residents
from npc_brain.types.events import Event

__all__ = ["UNWATCHED_CHECK", "DueChecks"]

UNWATCHED_CHECK = timedelta(seconds=5)


class DueChecks:
    """Asks agents what is due (`Agent.due_thoughts`) and submits it through `dispatch`; a wanted
    conversation is opened through `convs`."""

    def __init__(self, dispatch: Dispatcher, convs: Conversations, residents: Residents) -> None:
        self._dispatch = dispatch
        self._convs = convs
        self._residents = residents
        self._checked: dict[str, datetime] = {}  # when each agent was last asked

    def ask_all(self, agents: Iterable[Agent], now: datetime, events: list[Event], *, every: bool = False) -> int:
        """`ask` each of `agents` in turn; returns how many jobs went out."""
        return sum(self.ask(agent, now, events, every=every) for agent in agents)

    def ask(self, agent: Agent, now: datetime, events: list[Event], *, every: bool = False) -> int:
        """Submit what `agent` has due (`every`: even when it was asked lately); returns how many
        jobs (and conversations) went out."""
        submitted = 0
        last = self._checked.get(agent.name)
        if every or agent.watched or last is None or not last < now < last + UNWATCHED_CHECK:
            self._checked[agent.name] = now

            def can_talk(other: str, a: str = agent.name) -> bool:
                return self._convs.can_talk(a, other, now)

            submitted += self._dispatch.think(agent, now, can_talk, self._residents.players)
        return submitted + self._convs.open_wanted(agent, now, events)
