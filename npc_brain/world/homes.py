"""Homes: fitting each persona's home and workplace to the map it lives on.

`spread_points` stands NPCs apart on a map without spawn points.

A persona file names places by address ("town:lin_house:bedroom"); on another map those may not
exist. `place_personas` checks them with an error that lists the places there are, and fills in
`"auto"` (or, when asked, every address the map lacks) with a fitting place: a home where the
persona may sleep (its own, or a sleeping place nobody lives in), a workplace the occupation
names or one made for work. Choices are spread, so ten NPCs do not share one bed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from npc_brain.types.persona import Persona
from npc_brain.world.errors import WorldError
from npc_brain.world.pathfinding import CollisionGrid
from npc_brain.world.place import Place, PlaceKind
from npc_brain.world.world import World

AUTO = "auto"
WORK_PURPOSES = frozenset({"work", "shop", "study", "cook"})
_LISTED = 12  # places named in an error before "and N more"


class PersonaPlaceError(WorldError, ValueError):
    """A persona's home or workplace is not on the map (one sentence listing what is)."""


@dataclass(frozen=True)
class Placement:
    """The personas with resolved addresses, and one notice per address chosen for them."""

    personas: list[Persona]
    notices: list[str]


def _purposes(place: Place) -> frozenset[str]:
    node: Place | None = place
    while node is not None and not node.purpose:
        node = node.parent
    return node.purpose if node is not None else frozenset()


def _own(place: Place, name: str) -> bool:
    folded = name.casefold()
    return folded in {r.casefold() for r in place.residents} or (
        place.owner is not None and place.owner.casefold() == folded
    )


def _may_live(place: Place, name: str) -> bool:
    """Private places only for their people; no opening hours anywhere above (a home is
    entered at night)."""
    node: Place | None = place
    while node is not None:
        if node.private and not _own(node, name):
            return False
        if node.opens is not None or node.closes is not None:
            return False
        node = node.parent
    return True


def _rank(world: World, fits: Sequence[Place], used: Counter[str]) -> Place | None:
    # Fewest personas already given it, then map order: spreads NPCs over the map's places.
    order = {p.address: i for i, p in enumerate(world)}
    return min(fits, key=lambda p: (used[p.address], order[p.address]), default=None)


def pick_home(world: World, persona: Persona, used: Counter[str]) -> Place:
    """A place to sleep: one the persona lives in, else a free sleeping place, else the Town."""
    name = persona.name
    places = [p for p in world if p.kind is not PlaceKind.OBJECT]
    mine = [p for p in places if _own(p, name) and "sleep" in (_purposes(p) or {"sleep"})]
    if mine:
        return max(mine, key=lambda p: p.address.count(":"))
    for fits in (
        [p for p in places if "sleep" in p.purpose and _may_live(p, name)],
        [p for p in places if "sleep" in _purposes(p) and _may_live(p, name)],
        [
            p
            for p in places
            if p.kind is PlaceKind.BUILDING
            and _may_live(p, name)
            and not (_purposes(p) & WORK_PURPOSES)
        ],
    ):
        best = _rank(world, fits, used)
        if best is not None:
            return best
    return world.root


def pick_workplace(world: World, persona: Persona, used: Counter[str]) -> Place | None:
    """The place the occupation names ("owner of Hobbs Cafe"), else one made for work, else None."""
    job = persona.occupation.casefold()
    named = [
        p
        for p in world
        if p.kind is not PlaceKind.OBJECT
        and p.kind is not PlaceKind.TOWN
        and p.name.casefold() in job
    ]
    if named:
        return max(named, key=lambda p: len(p.name))
    fits = [
        p
        for p in world
        if p.kind in (PlaceKind.BUILDING, PlaceKind.ROOM)
        and p.purpose & WORK_PURPOSES
        and "sleep" not in p.purpose  # a home's kitchen is for cooking, not a job
        and (not p.private or _own(p, persona.name))
    ]
    return _rank(world, fits, used)


def _existing(world: World) -> str:
    places = [p.address for p in world if p.kind is not PlaceKind.OBJECT]
    shown = ", ".join(places[:_LISTED])
    more = f" and {len(places) - _LISTED} more" if len(places) > _LISTED else ""
    return shown + more


def place_personas(
    personas: Sequence[Persona], world: World, *, fill_missing: bool = False, source: str = ""
) -> Placement:
    """Check every home and workplace against the map and fill in `"auto"` ones.

    With `fill_missing`, an address the map does not have is replaced like `"auto"` (with a
    notice) instead of raising `PersonaPlaceError`. An empty workplace stays empty.
    """
    used: Counter[str] = Counter()
    for p in personas:  # places already taken count when spreading the rest
        used.update(a for a in (p.home, p.workplace) if a and a in world)
    out: list[Persona] = []
    notices: list[str] = []
    head = f"{source}: " if source else ""
    for p in personas:
        changes: dict[str, str | None] = {}
        for field in ("home", "workplace"):
            address = getattr(p, field)
            if not address or address in world:
                continue
            if address != AUTO and not fill_missing:
                raise PersonaPlaceError(
                    f"{head}{p.name}'s {field} {address!r} is not a place on "
                    f"{world.source or 'the map'}; the places there are {_existing(world)} "
                    f'(or write "{field}": "auto" to let npc_brain choose)' + "."
                )
            chosen = (
                pick_home(world, p, used) if field == "home" else pick_workplace(world, p, used)
            )
            changes[field] = chosen.address if chosen is not None else None
            if chosen is not None:
                used[chosen.address] += 1
            was = "" if address == AUTO else f" ({address} is not on this map)"
            now = chosen.address if chosen is not None else "none"
            notices.append(f"{p.name}: {field} {now}{was}")
        out.append(p.model_copy(update=changes) if changes else p)
    return Placement(out, notices)


def spread_points(
    grid: CollisionGrid, count: int, around: tuple[float, float], *, radius: int = 12
) -> list[tuple[float, float]]:
    """`count` walkable cell centres, spread apart, reachable from `around` (a pixel point).

    Farthest-point sampling among the cells of `around`'s walkable region within `radius` tiles
    of it (the whole region when that is too small), so NPCs without spawn points stand apart
    but near enough to be met. Fewer points when the region has fewer cells.
    """
    labels = grid.components()
    c0, r0 = grid.cell_at(*around)
    if count <= 0 or not grid.walkable((c0, r0)):
        return []
    rows, cols = np.nonzero(labels == labels[r0, c0])
    near = (np.abs(cols - c0) <= radius) & (np.abs(rows - r0) <= radius)
    if near.sum() >= count:
        rows, cols = rows[near], cols[near]
    dist = ((cols - c0) ** 2 + (rows - r0) ** 2).astype(float)  # the first is far from `around`
    chosen: list[int] = []
    for _ in range(min(count, len(rows))):
        i = int(np.argmax(dist))
        chosen.append(i)
        dist = np.minimum(dist, (cols - cols[i]) ** 2 + (rows - rows[i]) ** 2)
    return [grid.center((int(cols[i]), int(rows[i]))) for i in chosen]
