"""Audience: the players' side of a society — what they say, whom they turn to, what they see.

What concerns a player goes first: a player's line is answered before the town's thinking, the
town's model calls are throttled while a player is engaged, and NPCs in view (or talking with a
player) think at full detail and are `watched`; once a game says who is in view (`focus`), the
rest think coarser.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType

from npc_brain.language.reported import strip_markers
from npc_brain.llm.markers import neutralise_markers
from npc_brain.runtime.agent import Agent
from npc_brain.runtime.conversation import Conversation
from npc_brain.runtime.conversations import Conversations
from npc_brain.runtime.dispatcher import Dispatcher
from npc_brain.runtime.residents import Residents
from npc_brain.types.detail import Detail

__all__ = ["Audience"]


class Audience:
    """The players among `residents`, talking through `conversations`; `dispatcher` makes room
    for them. `level_of_detail` off keeps everyone at full detail."""

    def __init__(self, residents: Residents, conversations: Conversations, dispatcher: Dispatcher, *,
                 level_of_detail: bool = True) -> None:
        self._residents = residents
        self._convs = conversations
        self._dispatch = dispatcher
        self._level_of_detail = level_of_detail
        self._engaged: dict[str, str] = {}  # player → the NPC whose chat is open
        self._focus: frozenset[str] | None = None  # None: no game said who is in view (all full)

    def add(self, name: str) -> None:
        """Name a player (not an agent)."""
        if name in self._residents.agents:
            raise ValueError(f"{name!r} is an agent, not a player")
        self._residents.meet(name)

    def talk(self, npc: str, speaker: str, text: str, on_text: Callable[[str], None] | None = None) -> Conversation:
        """The player says `text` to `npc` (see `Society.talk`)."""
        self._residents.get(npc)  # KeyError naming the known agents
        speaker = neutralise_markers(speaker)
        self._residents.meet(speaker)  # the player is someone lines may be about
        # Markers go, look-alikes too: the player's words are kept as what they said, nothing more.
        text = neutralise_markers(strip_markers(text))
        conv = self._convs.talk(npc, speaker, text, on_text)
        self.update_gate()
        return conv

    def engage(self, player: str, npc: str | None) -> None:
        """`player` turned to `npc` (or to nobody: None); a new NPC's reply prompt is read ahead."""
        if npc is None:
            self._engaged.pop(player, None)
        else:
            self._residents.get(npc)  # KeyError naming the known agents
            fresh = self._engaged.get(player) != npc
            self._engaged[player] = npc
            self._residents.meet(player)
            if fresh:
                self._convs.read_ahead(npc, player)
        self.update_gate()

    @property
    def engaged(self) -> Mapping[str, str]:
        """Players with a chat open → the NPC they turned to."""
        return MappingProxyType(self._engaged)

    def update_gate(self) -> None:
        """Throttle the town's model calls while a player is engaged or in a conversation."""
        self._dispatch.engage(bool(self._engaged) or any(c.player for c in self._convs.all()))

    def focus(self, names: Iterable[str] | None) -> None:
        """The NPCs the players can see now (None: no game says)."""
        self._focus = None if names is None else frozenset(names)
        self._dispatch.watch(self._focus is not None)  # a place of the pool for what they see

    def watched(self, agent: Agent) -> bool:
        """A player can see `agent` now (in focus, or talking with a player); never while no
        game says who is in view."""
        return self._focus is not None and (agent.name in self._focus
                                            or agent.conversation_with in self._residents.players)

    def detail_of(self, agent: Agent) -> Detail:
        """How finely `agent` thinks: in full when watched, or while nobody says who is in view;
        coarser otherwise."""
        if not self._level_of_detail or self._focus is None or self.watched(agent):
            return Detail.FULL
        return Detail.COARSE
