"""Spots: where a body stands — the area at a point, what lies inside what, the nearest cell to
stand on. Engine-agnostic (no pygame); the `Walker` plans with them."""
from __future__ import annotations

from collections.abc import Iterable

from npc_brain.world.pathfinding import Cell, Pathfinder, Point
from npc_brain.world.place import Place, PlaceKind
from npc_brain.world.world import World

__all__ = ["area_at", "inside", "lineage", "nearest_walkable"]


def area_at(world: World, x: float, y: float) -> Place | None:
    """The deepest building/room/town node at a point (objects such as rugs and beds are skipped)."""
    node = world.place_at(x, y)
    while node is not None and node.kind is PlaceKind.OBJECT:
        node = node.parent
    return node


def inside(node: Place | None, area: Place) -> bool:
    """`node` is `area` or somewhere inside it."""
    return node is not None and (node is area or node.address.startswith(area.address + ":"))


def lineage(node: Place) -> set[str]:
    """The addresses `node` is inside (`inside`): its own and every colon-prefix of it."""
    address = node.address
    out = {address}
    i = address.find(":")
    while i >= 0:
        out.add(address[:i])
        i = address.find(":", i + 1)
    return out


def nearest_walkable(pathfinder: Pathfinder, point: Point, *, max_ring: int = 12,
                     avoid: Iterable[Cell] = ()) -> Point | None:
    """The walkable cell centre nearest a point (for re-homing after a map change)."""
    grid = pathfinder.grid
    c0, r0 = grid.cell_at(*point)
    taken = set(avoid)
    for ring in range(max_ring + 1):
        best: tuple[float, Cell] | None = None
        for dc in range(-ring, ring + 1):
            for dr in range(-ring, ring + 1):
                if max(abs(dc), abs(dr)) != ring:
                    continue
                cell = (c0 + dc, r0 + dr)
                if grid.walkable(cell) and cell not in taken:
                    d = dc * dc + dr * dr
                    if best is None or d < best[0]:
                        best = (d, cell)
        if best is not None:
            return grid.center(best[1])
    return None
