"""Residents: everyone in town — the agents by name, and the players — and the reader they share.

The text reader knows the world's places and everyone in town, so the occasion a memory speaks
of and whom it is about are read against them (`language.reader`). A newcomer, a new player or
a swapped world makes a new one, given to every agent.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime

from npc_brain.cognition.known import Known
from npc_brain.language.gazetteer import Gazetteer
from npc_brain.language.reader import TextReader
from npc_brain.llm.protocols import Embedder
from npc_brain.memory.importance import ImportanceCache
from npc_brain.memory.stream import MemoryStream
from npc_brain.runtime.agent import Agent
from npc_brain.runtime.settings import BrainSettings
from npc_brain.types.persona import Persona
from npc_brain.world.place import PlaceKind
from npc_brain.world.world import World

__all__ = ["Residents"]


def _homes(persona: Persona) -> tuple[str, ...]:
    return tuple(x for x in (persona.home, persona.workplace) if x)


class Residents:
    """The agents (`agents`: the live dict the society's helpers hold), the `players` (names,
    never agents) and their `reader`; `world()` is the society's world now."""

    def __init__(self, embedder: Embedder, settings: BrainSettings, *, world: Callable[[], World | None]) -> None:
        self.agents: dict[str, Agent] = {}
        self.players: set[str] = set()
        self._embedder = embedder
        self._settings = settings
        self._world = world
        self._reader_world: World | None = None
        self.reader = self.read_with()

    def read_with(self) -> TextReader:
        """A text reader knowing the world's places and everyone in town (agents and players);
        each agent is given it."""
        world = self._world()
        places = [] if world is None else [(p.name, p.address) for p in world
                                           if p.kind in (PlaceKind.BUILDING, PlaceKind.ROOM)]
        homes = {a.name: _homes(a.persona) for a in self.agents.values()}
        reader = TextReader(Gazetteer.of(places, [*self.agents, *sorted(self.players)], homes))
        self._reader_world = world
        self.reader = reader
        for agent in self.agents.values():
            agent.reader = reader
        return reader

    def meet(self, player: str) -> bool:
        """Count `player` among the people lines may be about; False when it was already."""
        if player in self.players:
            return False
        self.players.add(player)
        self.read_with()
        return True

    @property
    def stale(self) -> bool:
        """The world was swapped since the reader was made (a game reloaded its map)."""
        return self._world() is not self._reader_world

    def get(self, name: str) -> Agent:
        """The agent with this name (KeyError with the known names otherwise)."""
        try:
            return self.agents[name]
        except KeyError:
            raise KeyError(f"no agent named {name!r}; agents: {', '.join(self.agents) or 'none'}") from None

    def add(self, persona: Persona, now: datetime, cache: ImportanceCache, *, known: Known = None,
            memory: MemoryStream | None = None) -> Agent:
        """A new agent (see `Society.add_agent`), its seeds made at `now`, rating through `cache`."""
        if persona.name in self.agents:
            raise ValueError(f"an agent named {persona.name!r} already exists")
        world = self._world()
        if known is None and world is not None:
            from npc_brain.world.spatial_memory import SpatialMemory

            known = SpatialMemory.for_persona(world, persona)
        s = self._settings
        memory = memory if memory is not None else MemoryStream(self._embedder.dim, decay=s.recency_decay)
        # Its seeds are read with its own name and places known (they are about it).
        gazetteer = self.reader.gazetteer
        reader = TextReader(gazetteer.with_people([*self.agents, persona.name, *sorted(self.players)],
                                                  {**gazetteer.homes, persona.name: _homes(persona)}))
        agent = Agent(persona, memory, known, embedder=self._embedder, settings=s,
                      importance_cache=cache, seed_time=now, reader=reader)
        self.agents[persona.name] = agent
        self.read_with()
        if world is not None and world.location(persona.name) is None and persona.home in world:
            world.move(persona.name, persona.home)
        return agent

    def replace(self, agents: Mapping[str, Agent]) -> TextReader:
        """Put `agents` (a loaded save's) in place of everyone; returns their new reader."""
        self.agents.clear()  # in place: the society's helpers hold this dict
        self.agents.update(agents)
        return self.read_with()
