"""A tiny map builder used by make_town.py: grids of tile names, areas, spawns, TMX output.

The builder thinks in terrain and walls, then resolves them to concrete tile names
(autotiled paths/water/fences, wall caps and fronts by neighbourhood) and writes a .tmx that
looks like Tiled 1.10 saved it, so map makers can keep editing it in Tiled.
"""
from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

TILE = 32
TERRAIN = ("dirt", "stone", "water")
# Which neighbours a terrain patch blends into (no rim drawn on that side).
BLENDS = {
    "dirt": {"dirt", "stone", "doormat", "threshold", "building"},
    "stone": {"stone", "doormat", "threshold", "building"},
    "water": {"water"},
}


@dataclass
class Area:
    """One rectangle of the Areas layer, in tiles."""

    name: str
    kind: str  # Town, Building, Room, Object
    x: int
    y: int
    w: int
    h: int
    props: dict[str, str | int] = field(default_factory=dict)


def slug(text: str) -> str:
    """The address segment of a name: lowercase, runs of non-alphanumerics to '_'."""
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def load_tile_ids(tsx: Path) -> dict[str, int]:
    """Tile name -> local id, from the `name` property of each <tile> in a .tsx file."""
    ids: dict[str, int] = {}
    for tile in ET.parse(tsx).getroot().iter("tile"):
        for prop in tile.iter("property"):
            if prop.get("name") == "name":
                ids[prop.get("value", "")] = int(tile.get("id", "0"))
    return ids


class Builder:
    """Mutable grids for the three tile layers plus the area and spawn lists."""

    def __init__(self, w: int, h: int, seed: int = 7) -> None:
        self.w, self.h = w, h
        self.rng = random.Random(seed)
        self.ground: list[list[str]] = [["grass"] * w for _ in range(h)]
        self.walls: list[list[str | None]] = [[None] * w for _ in range(h)]
        self.furn: list[list[str | None]] = [[None] * w for _ in range(h)]
        self.face: list[list[str | None]] = [[None] * w for _ in range(h)]  # interior wall look
        self.indoor: list[list[bool]] = [[False] * w for _ in range(h)]
        self.windows: set[tuple[int, int]] = set()
        self.doorways: set[tuple[int, int]] = set()  # doors in horizontal walls get a lintel
        self.areas: list[Area] = []
        self.spawns: list[tuple[str, int, int]] = []

    # ------------------------------------------------------------ painting
    def fill(self, x: int, y: int, w: int, h: int, ground: str) -> None:
        """Paint ground over a rectangle of cells."""
        for j in range(y, y + h):
            for i in range(x, x + w):
                self.ground[j][i] = ground

    def put(self, x: int, y: int, name: str) -> None:
        """Place one furniture tile."""
        if self.furn[y][x] is not None:
            raise ValueError(f"furniture clash at {(x, y)}: {self.furn[y][x]} vs {name}")
        self.furn[y][x] = name

    def block(self, x: int, y: int, prefix: str, parts: list[list[str]]) -> None:
        """Place a multi-tile piece: parts[row][col] suffixes after `prefix_`."""
        for j, row in enumerate(parts):
            for i, part in enumerate(row):
                self.put(x + i, y + j, f"{prefix}_{part}")

    def building(self, x: int, y: int, w: int, h: int, material: str) -> None:
        """Outer walls of a building (material = exterior look) and an indoor mask."""
        for i in range(x, x + w):
            self.walls[y][i] = self.walls[y + h - 1][i] = material
        for j in range(y, y + h):
            self.walls[j][x] = self.walls[j][x + w - 1] = material
        for j in range(y, y + h):
            for i in range(x, x + w):
                self.indoor[j][i] = True

    def hwall(self, x0: int, x1: int, y: int, material: str) -> None:
        """Horizontal inner wall from x0 to x1 inclusive."""
        for i in range(x0, x1 + 1):
            self.walls[y][i] = material

    def vwall(self, x: int, y0: int, y1: int, material: str) -> None:
        """Vertical inner wall from y0 to y1 inclusive."""
        for j in range(y0, y1 + 1):
            self.walls[j][x] = material

    def door(self, x: int, y: int, outside: tuple[int, int] | None = None) -> None:
        """Open a doorway; with `outside`, lay a doormat on that outdoor cell."""
        if self._is_wall(x - 1, y) and self._is_wall(x + 1, y):
            self.doorways.add((x, y))
        self.walls[y][x] = None
        self.ground[y][x] = "threshold"
        if outside is not None:
            self.ground[outside[1]][outside[0]] = "doormat"

    def window(self, x: int, y: int) -> None:
        """Ask for a window on this (exterior, south-facing) wall cell."""
        self.windows.add((x, y))

    def fence(self, x: int, y: int) -> None:
        """A fence cell (walls layer, autotiled)."""
        self.walls[y][x] = "fence"

    # ------------------------------------------------------------ areas
    def area(self, name: str, kind: str, x: int, y: int, w: int, h: int, **props) -> Area:
        """Add a rectangle to the Areas layer (tile units; props become Tiled properties)."""
        a = Area(name, kind, x, y, w, h, {k: v for k, v in props.items() if v is not None})
        self.areas.append(a)
        return a

    def room(self, name: str, x: int, y: int, w: int, h: int, floor: str, face: str,
             **props) -> Area:
        """A room: floor tiles, the look of walls seen from inside, and its Room area."""
        self.fill(x, y, w, h, floor)
        for j in range(y, y + h):
            for i in range(x, x + w):
                self.face[j][i] = face
        return self.area(name, "Room", x, y, w, h, **props)

    def spawn(self, name: str, x: int, y: int) -> None:
        """A spawn point at the centre of cell (x, y)."""
        self.spawns.append((name, x, y))

    # ------------------------------------------------------------ resolution
    def _is_wall(self, x: int, y: int) -> bool:
        return 0 <= x < self.w and 0 <= y < self.h and self.walls[y][x] not in (None, "fence")

    def _ground_kind(self, x: int, y: int) -> str | None:
        if not (0 <= x < self.w and 0 <= y < self.h):
            return None  # off-map: blends
        if self.indoor[y][x] and self.ground[y][x] not in TERRAIN:
            return "building"
        return self.ground[y][x]

    def resolved_ground(self) -> list[list[str]]:
        """Concrete ground tile names (grass variants, autotiled terrain)."""
        out = [[""] * self.w for _ in range(self.h)]
        weights = [("grass_0", 40), ("grass_1", 26), ("grass_2", 18), ("grass_3", 10),
                   ("grass_flowers_0", 4), ("grass_flowers_1", 2)]
        names = [n for n, _ in weights]
        cum = [wt for _, wt in weights]
        for y in range(self.h):
            for x in range(self.w):
                g = self.ground[y][x]
                if g == "grass":
                    out[y][x] = self.rng.choices(names, cum)[0]
                elif g in TERRAIN:
                    sides = []
                    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
                        k = self._ground_kind(x + dx, y + dy)
                        sides.append(k is None or k in BLENDS[g])
                    suffix = "".join(c for c, on in zip("nesw", sides) if on) or "x"
                    out[y][x] = f"{'path_' if g != 'water' else ''}{g}_{suffix}"
                else:
                    out[y][x] = g
        return out

    def resolved_walls(self) -> list[list[str | None]]:
        """Concrete wall/fence tile names from the wall mask."""
        out: list[list[str | None]] = [[None] * self.w for _ in range(self.h)]
        for y in range(self.h):
            for x in range(self.w):
                m = self.walls[y][x]
                if (x, y) in self.doorways:
                    out[y][x] = "doorway"
                    continue
                if m is None:
                    continue
                if m == "fence":
                    f = [self._fence(x, y - 1), self._fence(x + 1, y), self._fence(x, y + 1),
                         self._fence(x - 1, y)]
                    out[y][x] = "fence_" + ("".join(c for c, on in zip("nesw", f) if on) or "x")
                    continue
                n, e, w = self._is_wall(x, y - 1), self._is_wall(x + 1, y), self._is_wall(x - 1, y)
                if self._is_wall(x, y + 1):
                    out[y][x] = "wall_cap_" + "".join(
                        c for c, on in zip("nesw", (n, e, True, w)) if on)
                    continue
                below = self.face[y + 1][x] if y + 1 < self.h else None
                mat = below or m
                if (x, y) in self.windows and below is None:
                    out[y][x] = f"wall_{m}_window"
                    continue
                out[y][x] = f"wall_{mat}_w{self._side(x - 1, y)}e{self._side(x + 1, y)}" + (
                    "n" if n else "")
        return out

    def _fence(self, x: int, y: int) -> bool:
        return 0 <= x < self.w and 0 <= y < self.h and self.walls[y][x] == "fence"

    def _side(self, x: int, y: int) -> int:
        if (x, y) in self.doorways:
            return 1  # the lintel continues the wall top, the face ends
        if not self._is_wall(x, y):
            return 0
        return 1 if self._is_wall(x, y + 1) else 2

    # ------------------------------------------------------------ output
    def tmx(self, tsx_rel: str, ids: dict[str, int]) -> str:
        """The map as Tiled 1.10 writes it: CSV tile layers, Areas and Spawns object layers."""
        layers = [("ground", self.resolved_ground()), ("walls", self.resolved_walls()),
                  ("furniture", self.furn)]
        n_objects = len(self.areas) + len(self.spawns)
        out = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
            f'renderorder="right-down" width="{self.w}" height="{self.h}" tilewidth="{TILE}" '
            f'tileheight="{TILE}" infinite="0" nextlayerid="6" nextobjectid="{n_objects + 1}">',
            f' <tileset firstgid="1" source="{tsx_rel}"/>',
        ]
        for lid, (lname, grid) in enumerate(layers, start=1):
            out.append(f' <layer id="{lid}" name="{lname}" width="{self.w}" height="{self.h}">')
            out.append('  <data encoding="csv">')
            rows = []
            for row in grid:
                gids = []
                for name in row:
                    if name is None:
                        gids.append("0")
                    elif name not in ids:
                        raise KeyError(f"tile {name!r} is not in the tileset")
                    else:
                        gids.append(str(ids[name] + 1))
                rows.append(",".join(gids))
            out.append(",\n".join(rows))
            out.append("</data>")
            out.append(" </layer>")
        oid = 1
        out.append(' <objectgroup id="4" name="Areas">')
        for a in self.areas:
            out.append(f'  <object id="{oid}" name={quoteattr(a.name)} type="{a.kind}" '
                       f'x="{a.x * TILE}" y="{a.y * TILE}" width="{a.w * TILE}" '
                       f'height="{a.h * TILE}">')
            oid += 1
            if a.props:
                out.append("   <properties>")
                for key in sorted(a.props):
                    v = a.props[key]
                    typ = ' type="int"' if isinstance(v, int) else ""
                    out.append(f'    <property name="{key}"{typ} value={quoteattr(str(v))}/>')
                out.append("   </properties>")
            out.append("  </object>")
        out.append(" </objectgroup>")
        out.append(' <objectgroup id="5" name="Spawns">')
        for name, x, y in self.spawns:
            out.append(f'  <object id="{oid}" name={quoteattr(name)} x="{x * TILE + TILE // 2}" '
                       f'y="{y * TILE + TILE // 2}">')
            out.append("   <point/>")
            out.append("  </object>")
            oid += 1
        out.append(" </objectgroup>")
        out.append("</map>")
        return "\n".join(out) + "\n"
