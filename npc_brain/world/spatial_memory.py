"""SpatialMemory: the part of the containment tree one agent knows (the paper's "known subtree").

An agent knows its home, its workplace and the town's buildings from the start; it learns rooms
and objects by seeing them (or being told), and remembers each object's state as last seen —
which may no longer be true.
"""

from __future__ import annotations

import logging
from typing import Any

from npc_brain.world.place import Place, PlaceKind
from npc_brain.world.wording import tree_sentences
from npc_brain.world.world import World

log = logging.getLogger(__name__)


class SpatialMemory:
    """One agent's known subtree of a `World`, with object states as last seen."""

    def __init__(self, world: World, known: tuple[str, ...] | list[str] = ()) -> None:
        self.world = world
        self._known: set[str] = set()
        self._states: dict[str, str] = {}
        self._version = 0
        for address in known:
            self.learn(address)

    @classmethod
    def for_persona(cls, world: World, persona: Any) -> SpatialMemory:
        """Seed from a persona: home and workplace (whole buildings) and the town's buildings.

        `persona` is anything with `home` and optionally `workplace` addresses. An address not on
        map raises `UnknownPlace`, so a persona file out of step with the map fails loudly.
        """
        memory = cls(world)
        memory.learn(world.root.address)
        for child in world.root.children:  # buildings and public places of the town
            memory.learn(child.address)
        for address in (getattr(persona, "home", None), getattr(persona, "workplace", None)):
            if not address:
                continue
            place = world.get(address)
            building = world.enclosing(place, PlaceKind.BUILDING) or place
            for node in building.walk():
                memory.see(node)
            memory.learn(place.address)
        return memory

    def learn(self, address: str | Place) -> Place:
        """Know a place and all its ancestors (told about it, or planned to go there)."""
        place = self.world.get(address)
        new = {node.address for node in [*place.ancestors(), place]} - self._known
        if new:
            self._known |= new
            self._version += 1
        return place

    def see(self, place: Place | str) -> Place:
        """Know a place and remember its current state (as seen now)."""
        place = self.learn(place)
        if place.state != self._states.get(place.address, ""):
            self._version += 1
            if place.state:
                self._states[place.address] = place.state
            else:
                self._states.pop(place.address, None)
        return place

    def observe_room(self, room: Place | str) -> list[Place]:
        """Look around a room: know it and all in it, with states as now; returns new places."""
        room = self.world.get(room)
        new = [node for node in room.walk() if node.address not in self._known]
        for node in room.walk():
            self.see(node)
        return new

    @property
    def version(self) -> int:
        """Changes whenever what the agent knows changes (a place learnt, a state seen anew):
        a snapshot taken at one version holds until the next."""
        return self._version

    def known(self, address: str | Place) -> bool:
        """Whether the agent knows this place."""
        return (address.address if isinstance(address, Place) else address) in self._known

    def known_places(self, kind: PlaceKind | str | None = None) -> list[Place]:
        """Known places in tree order, optionally of one kind."""
        want = None if kind is None else PlaceKind(kind)
        return [
            p
            for p in self.world
            if p.address in self._known and (want is None or p.kind is want)
        ]

    def children(self, address: str | Place | None = None) -> list[Place]:
        """Known children of a place (the root if None), in map order."""
        place = self.world.root if address is None else self.world.get(address)
        return [c for c in place.children if c.address in self._known]

    def state_of(self, address: str | Place) -> str | None:
        """The state the agent last saw (None if never seen with a state)."""
        return self._states.get(address.address if isinstance(address, Place) else address)

    def render(self, address: str | Place | None = None, depth: int | None = None) -> str:
        """The known subtree as prompt text, with object states as last seen."""
        place = self.world.root if address is None else self.world.get(address)
        if place.address not in self._known:
            return ""
        sentences = tree_sentences(
            place,
            depth,
            include=lambda p: p.address in self._known,
            state=lambda p: self._states.get(p.address),
        )
        return " ".join(sentences) if sentences else f"{place.name}."

    def to_state(self) -> dict[str, Any]:
        """JSON-able snapshot for saves."""
        return {"known": sorted(self._known), "states": dict(sorted(self._states.items()))}

    @classmethod
    def from_state(cls, world: World, state: dict[str, Any]) -> SpatialMemory:
        """Restore a snapshot; addresses no longer on the map are kept (a fixed map may return)."""
        if not isinstance(state, dict) or not isinstance(state.get("known", []), list):
            raise ValueError("a SpatialMemory state is a dict with a 'known' list")
        memory = cls(world)
        memory._known = {str(a) for a in state.get("known", [])}
        memory._states = {str(k): str(v) for k, v in dict(state.get("states", {})).items()}
        missing = [a for a in memory._known if a not in world]
        if missing:
            log.warning(
                "spatial memory mentions %d place(s) not on this map, e.g. %s",
                len(missing),
                missing[0],
            )
        return memory

    def __len__(self) -> int:
        return len(self._known)
