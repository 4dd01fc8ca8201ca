"""Doors: where a walker passes from one space (a room, a building, the open air) into another.

A door is found from the map, not marked on it: two walkable cells side by side whose spaces
differ (`world.perception.vantage_of` of the area under each) are a crossing, and crossings
that touch one another make one door — a one-tile doorway, the threshold between a kitchen and
a dining room, the open edge of a square. `DoorLog` watches a walker's feet and says which
doors it went through (in from one space, out into another). Pure geometry: no pygame.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from npc_brain import Place, PlaceKind, World, area_at
from npc_brain.world import Cell, CollisionGrid, vantage_of

__all__ = ["Crossing", "Door", "DoorLog", "find_doors", "in_sight", "space_at"]

Point = tuple[float, float]


def space_at(world: World, x: float, y: float) -> Place | None:
    """The enclosed space at a point: its room, else its building, else None (outdoors)."""
    return vantage_of(area_at(world, x, y))


def in_sight(world: World, a: Point, b: Point) -> bool:
    """Whether people at `a` and `b` see each other: in one room, or both in the open air; someone
    in a doorway (a building's floor outside its rooms) sees into that building's rooms and out."""
    sa, sb = space_at(world, *a), space_at(world, *b)
    if sa is sb:
        return True
    for door, other in ((sa, sb), (sb, sa)):
        rooms = door is not None and any(c.kind is PlaceKind.ROOM for c in door.children)
        if door is not None and door.kind is PlaceKind.BUILDING and rooms \
                and (other is None or other.address.startswith(door.address + ":")):
            return True
    return False


@dataclass(frozen=True, slots=True)
class Crossing:
    """Two walkable neighbours in different spaces: stepping from `a` to `b` changes space."""

    a: Cell
    b: Cell


@dataclass
class Door:
    """Crossings that touch: one way from some spaces into others."""

    index: int
    crossings: list[Crossing] = field(default_factory=list)
    spaces: set[str] = field(default_factory=set)  # the addresses on its sides ("" outdoors)

    @property
    def cells(self) -> set[Cell]:
        """Every cell on either side of its crossings."""
        return {c for x in self.crossings for c in (x.a, x.b)}

    def name(self) -> str:
        """Its sides, for a table: "hobbs_cafe:dining_area | outdoors"."""
        return " | ".join(sorted(s.removeprefix("town:") or "outdoors" for s in self.spaces))


def _key(place: Place | None) -> str:
    return place.address if place is not None else ""


def find_doors(world: World, grid: CollisionGrid | None = None) -> list[Door]:
    """Every door of the map, in map order (top left first)."""
    grid = grid or world.grid
    spaces: dict[Cell, str] = {}
    for r in range(grid.rows):
        for c in range(grid.cols):
            if grid.walkable((c, r)):
                x, y = grid.center((c, r))
                spaces[(c, r)] = _key(space_at(world, x, y))
    buildings = {p.address for p in world if p.kind is PlaceKind.BUILDING}
    crossings: list[Crossing] = []
    for (c, r), here in spaces.items():
        for nb in ((c + 1, r), (c, r + 1)):
            there = spaces.get(nb)
            if there is not None and there != here:
                crossings.append(Crossing((c, r), nb))
    # Crossings sharing a cell of a building's own floor (the threshold between its rooms and
    # the street) and side-by-side crossings of the same step (a doorway two tiles wide, the open
    # edge of a square) make one door; a strip of street between two doors keeps them apart.
    parent: dict[Crossing, Crossing] = {}
    passage = {cell for cell, space in spaces.items() if space and space in buildings}

    def root(x: Crossing) -> Crossing:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    by_cell: dict[Cell, Crossing] = {}
    steps = set(crossings)
    for step in crossings:
        for cell in (step.a, step.b):
            if cell in passage:
                parent[root(step)] = root(by_cell.setdefault(cell, step))
        dc, dr = step.b[0] - step.a[0], step.b[1] - step.a[1]
        # the same step one cell across
        beside = Crossing((step.a[0] + dr, step.a[1] + dc), (step.b[0] + dr, step.b[1] + dc))
        if beside in steps:
            parent[root(step)] = root(beside)
    groups: dict[Crossing, Door] = {}
    for step in crossings:
        door = groups.setdefault(root(step), Door(len(groups)))
        door.crossings.append(step)
        door.spaces.update((spaces[step.a], spaces[step.b]))
    return list(groups.values())


class DoorLog:
    """Which doors a walker went through: in from one space, out into another.

    Call `step(x, y)` with the feet every frame; `passed` holds the doors' indexes.
    """

    def __init__(self, world: World, doors: Iterable[Door], grid: CollisionGrid | None = None) -> None:
        self.world = world
        self.grid = grid or world.grid
        self.doors = list(doors)
        self._door_of: dict[Cell, list[int]] = {}
        for door in self.doors:
            for cell in door.cells:
                self._door_of.setdefault(cell, []).append(door.index)
        self.passed: set[int] = set()
        self._inside: dict[int, str] = {}  # door → the space the walker came in from
        self._space = ""

    def step(self, x: float, y: float) -> None:
        """The walker's feet now."""
        cell = self.grid.cell_at(x, y)
        here = _key(space_at(self.world, x, y))
        now_in = set(self._door_of.get(cell, ()))
        for index in list(self._inside):
            if index not in now_in:  # left the door: through it if it came out elsewhere
                if self._inside.pop(index) != here:
                    self.passed.add(index)
        for index in now_in:
            self._inside.setdefault(index, self._space)
        if not now_in:
            self._space = here
