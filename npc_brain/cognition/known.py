"""Snapshot an agent's known world (a `SpatialMemory`) into an immutable `KnownPlaces`.

Taken on the game thread when a job is packaged, so the job can walk the tree on a
worker thread while the game keeps moving agents and changing object states.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeAlias

from npc_brain.cognition.location import KnownPlaces, PlaceInfo
from npc_brain.world.place import Place

__all__ = ["Known", "KnowsPlaces", "known_snapshot"]


class KnowsPlaces(Protocol):
    """A live known world (`world.SpatialMemory`): the places an agent has seen."""

    def known_places(self) -> Iterable[Place]:
        """Every place the agent knows, as the world has it now."""
        ...


Known: TypeAlias = KnowsPlaces | KnownPlaces | None
"""What an agent knows of the world: live, a snapshot, or nothing yet."""


def known_snapshot(known: Known) -> KnownPlaces:
    """Accepts a `KnownPlaces` (returned as is), a `SpatialMemory` (or anything with
    `known_places()` returning `Place`s and optionally `state_of`), or None (empty)."""
    if isinstance(known, KnownPlaces):
        return known
    if known is None:
        return KnownPlaces.build(())
    places = known.known_places()
    state_of = getattr(known, "state_of", None)
    infos = []
    for p in places:
        state = (state_of(p.address) if state_of else p.state) or ""
        infos.append(PlaceInfo(
            address=p.address,
            name=p.name,
            kind=str(getattr(p.kind, "value", p.kind)),
            description=p.description,
            purpose=frozenset(p.purpose),
            state=state,
            children=tuple(c.address for c in p.children),
            kept=getattr(p, "owner", None) is not None,
            dwelling=bool(getattr(p, "residents", ())),
            residents=frozenset(r.casefold() for r in getattr(p, "residents", ())),
        ))
    return KnownPlaces.build(infos)
