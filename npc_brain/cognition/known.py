"""Snapshot an agent's known world (a `SpatialMemory`) into an immutable `KnownPlaces`.

Taken on the game thread when a job is packaged, so the job can walk the tree on a
worker thread while the game keeps moving agents and changing object states.
"""
from __future__ import annotations

from typing import Any

from npc_brain.cognition.location import KnownPlaces, PlaceInfo


def known_snapshot(known: Any) -> KnownPlaces:
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
        ))
    return KnownPlaces.build(infos)
