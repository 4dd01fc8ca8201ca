"""Sites: places guessed for a map that names none, so its NPCs still have somewhere to go.

A map without an `Areas` layer gets its places from what it has (the Tiled adapter finds named
objects and layers; this module needs only geometry and names): regions walled in by collision,
names that mean a place ("Inn", "Ada's house", "Market"), spawn points named after people, and
else points spread over the walkable ground, named by their use and where they lie on the map
("North House", "East Workshop", "Town Square"). Each is a `Site` the loader turns into a
Building marked `review = true`.

The words that say what a named place is for are data (`PLACE_WORDS`), like the rest of the
language kit: a game in another language replaces them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import numpy as np

from npc_brain.world.pathfinding import CollisionGrid
from npc_brain.world.world import slugify

Rect = tuple[float, float, float, float]

HOME, WORK, SQUARE = "home", "work", "square"
PURPOSES: Mapping[str, str] = {
    HOME: "sleep, eat, cook, relax, wash, toilet, read",
    WORK: "work, shop",
    SQUARE: "relax, socialize, exercise, play",
}
"""The `purpose` a guessed place of each use gets (what the rules and the planner read)."""

PLACE_WORDS: Mapping[str, str] = {
    **dict.fromkeys(("house", "home", "cottage", "cabin", "hut", "lodge", "manor", "farmhouse",
                     "apartment", "apartments", "flat", "dorm", "dormitory", "bedroom", "tent"), HOME),
    **dict.fromkeys(("shop", "store", "market", "inn", "tavern", "pub", "bar", "cafe", "café", "bakery",
                     "smithy", "forge", "blacksmith", "mill", "farm", "barn", "workshop", "office", "school",
                     "library", "church", "temple", "chapel", "bank", "hospital", "clinic", "station",
                     "guild", "stable", "stables", "mine", "dock", "docks", "harbor", "harbour",
                     "warehouse", "factory", "armory", "armoury", "museum", "hotel", "restaurant",
                     "hall", "castle", "tower", "jail", "prison", "shrine", "post", "town hall"), WORK),
    **dict.fromkeys(("square", "plaza", "park", "garden", "gardens", "fountain", "courtyard", "green",
                     "well", "playground", "field"), SQUARE),
}
"""Words that make a name mean a place, and the use that place is guessed to have."""

NAMES: Mapping[str, str] = {HOME: "House", WORK: "Workshop", SQUARE: "Square"}
"""What a place guessed on open ground is called, after its compass point ("North House")."""

WANTED: Mapping[str, int] = {HOME: 4, WORK: 2, SQUARE: 1}
"""How many places of each use a map gets on open ground when nothing on it has that use."""

MAX_REGIONS = 12  # walled-in regions beyond this many (every room of every house) are left out
SITE_PX = 96  # a guessed place on open ground is about this wide (at least 3 tiles)
_WORD = re.compile(r"[a-zà-ÿ]+")


@dataclass(frozen=True)
class Site:
    """One guessed place: its name, what it is for, where, and why it was guessed."""

    name: str
    use: str  # HOME, WORK or SQUARE
    rect: Rect
    reason: str
    residents: tuple[str, ...] = field(default=())

    def properties(self) -> dict[str, object]:
        """The area's properties: purpose, description, `review`, residents for a spawn's home."""
        props: dict[str, object] = {"purpose": PURPOSES[self.use], "review": True,
                                    "description": f"Guessed by npc_brain from {self.reason}."}
        if self.residents:
            props["residents"] = ", ".join(self.residents)
        return props


def use_of(name: str) -> str | None:
    """The use a name says a place has ("The Rusty Inn" → work, "Ada's house" → home), or None
    when no word of it means a place ("hero", "Sprites", "maggots")."""
    words = _WORD.findall(name.casefold())
    for n in (2, 1):  # "town hall" before "hall"
        for i in range(len(words) - n + 1):
            use = PLACE_WORDS.get(" ".join(words[i:i + n]))
            if use is not None:
                return use
    return None


def compass(rect: Rect, width: float, height: float) -> str:
    """Where a rectangle lies on a map, as a person says it: "North", "Southwest", "Central"."""
    x, y, w, h = rect
    dx, dy = (x + w / 2) / width - 0.5, (y + h / 2) / height - 0.5
    if abs(dx) < 1 / 6 and abs(dy) < 1 / 6:
        return "Central"
    angle = math.degrees(math.atan2(-dy, dx)) % 360
    points = ("East", "Northeast", "North", "Northwest", "West", "Southwest", "South", "Southeast")
    return points[int((angle + 22.5) // 45) % 8]


def enclosed_regions(blocked: np.ndarray, tile: int, *, min_cells: int = 4) -> list[Rect]:
    """Pixel boxes of walkable regions walled in on all sides (1-tile doorways count as walls)."""
    rows, cols = blocked.shape
    closed = blocked.copy()
    # A walkable cell between two blocked ones (left/right or above/below) is a doorway.
    lr = np.zeros_like(blocked)
    lr[:, 1:-1] = blocked[:, :-2] & blocked[:, 2:]
    ud = np.zeros_like(blocked)
    ud[1:-1, :] = blocked[:-2, :] & blocked[2:, :]
    closed |= lr | ud
    labels = np.full(blocked.shape, -1, dtype=np.int64)
    boxes: list[Rect] = []
    current = 0
    for r0 in range(rows):
        for c0 in range(cols):
            if closed[r0, c0] or labels[r0, c0] >= 0:
                continue
            stack, cells, edge = [(r0, c0)], [], False
            labels[r0, c0] = current
            while stack:
                r, c = stack.pop()
                cells.append((r, c))
                edge |= r in (0, rows - 1) or c in (0, cols - 1)
                for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if 0 <= nr < rows and 0 <= nc < cols and not closed[nr, nc] and labels[nr, nc] < 0:
                        labels[nr, nc] = current
                        stack.append((nr, nc))
            current += 1
            if edge or len(cells) < min_cells or len(cells) > blocked.size // 2:
                continue
            rs, cs = [p[0] for p in cells], [p[1] for p in cells]
            boxes.append((min(cs) * tile, min(rs) * tile, (max(cs) - min(cs) + 1) * tile,
                          (max(rs) - min(rs) + 1) * tile))
    return boxes


def _contains(rect: Rect, x: float, y: float) -> bool:
    return rect[0] <= x < rect[0] + rect[2] and rect[1] <= y < rect[1] + rect[3]


def _overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def open_ground(grid: CollisionGrid, count: int, taken: Iterable[Rect], *, central: bool = False) -> list[Rect]:
    """Up to `count` boxes about `SITE_PX` wide on the largest walkable region, spread apart and
    clear of `taken` and of each other, their centres walkable (farthest-point sampling; with
    `central`, the first is the free spot nearest the region's middle: a square)."""
    labels = grid.components()
    found = labels[labels >= 0]
    if count <= 0 or not found.size:
        return []
    rows, cols = np.nonzero(labels == np.bincount(found).argmax())
    side = _side(grid)
    half = side // 2
    boxes = list(taken)
    out: list[Rect] = []
    ts = grid.tile_size
    # Distance to the nearest chosen point (the map's centre first, so sites start at the edges
    # of the walkable region and fill inwards); cells whose box would overlap are dropped.
    cy, cx = rows.mean(), cols.mean()
    dist = (cols - cx) ** 2 + (rows - cy) ** 2
    if central:
        dist = dist.max() - dist
    ok = np.ones(len(rows), dtype=bool)
    while len(out) < count and ok.any():
        i = int(np.argmax(np.where(ok, dist, -1)))
        box = (float((cols[i] - half) * ts), float((rows[i] - half) * ts), float(side * ts), float(side * ts))
        box = _clip(box, grid.cols * ts, grid.rows * ts)
        ok[i] = False
        if any(_overlaps(box, b) for b in boxes):
            continue
        out.append(box)
        boxes.append(box)
        dist = np.minimum(dist, (cols - cols[i]) ** 2 + (rows - rows[i]) ** 2)
    return out


def _side(grid: CollisionGrid) -> int:
    """Cells across a place on open ground: about `SITE_PX`, at least 3, smaller on a small map; odd."""
    return max(3, min(round(SITE_PX / grid.tile_size), min(grid.cols, grid.rows) // 4)) | 1


def _clip(rect: Rect, width: float, height: float) -> Rect:
    x, y, w, h = rect
    x0, y0 = max(0.0, x), max(0.0, y)
    return (x0, y0, min(width, x + w) - x0, min(height, y + h) - y0)


def sites(grid: CollisionGrid, named: Iterable[Site] = (), spawns: Mapping[str, tuple[float, float]] | None = None,
          *, player: str = "player") -> list[Site]:
    """The places of a map without an Areas layer: `named` ones (found by their names), regions
    walled in by collision (houses: someone's when their spawn point is inside; at most
    `MAX_REGIONS` others, largest first), a house at each other spawn point named after someone,
    then places on open ground for each use nothing has yet (`WANTED`), named by use and compass."""
    width, height, ts = grid.cols * grid.tile_size, grid.rows * grid.tile_size, grid.tile_size
    out = list(named)
    side = _side(grid)
    people = {who: xy for who, xy in (spawns or {}).items() if who.strip() and who.strip().casefold() != player}
    regions = sorted(enclosed_regions(np.array(grid.blocked), ts), key=lambda b: -b[2] * b[3])
    for box in regions:
        if any(_overlaps(box, s.rect) for s in out):
            continue
        inside = tuple(w for w, (x, y) in people.items() if _contains(box, x, y))
        if inside:  # walled in with someone's spawn point: their house
            out.append(Site(f"{inside[0].split()[0]}'s House", HOME, box,
                            f'a region walled in by collision around the spawn point "{inside[0]}"', inside))
        elif sum(1 for s in out if s.reason.startswith("a region")) < MAX_REGIONS:
            out.append(Site(f"{compass(box, width, height)} {NAMES[HOME]}", HOME, box,
                            "a region walled in by collision"))
    for who, (x, y) in people.items():
        if any(who in s.residents for s in out):
            continue
        c, r = grid.cell_at(x, y)
        box = _clip(((c - side // 2) * ts, (r - side // 2) * ts, side * ts, side * ts), width, height)
        if not any(_overlaps(box, s.rect) for s in out):
            out.append(Site(f"{who.split()[0]}'s House", HOME, box, f'the spawn point "{who}"', (who,)))
    for use, count in WANTED.items():
        if any(s.use == use for s in out):
            continue
        for box in open_ground(grid, count, [s.rect for s in out], central=use == SQUARE):
            name = "Town Square" if use == SQUARE else f"{compass(box, width, height)} {NAMES[use]}"
            out.append(Site(name, use, box, f"open ground, as a place to {_VERBS[use]}"))
    return _unique(out)


_VERBS = {HOME: "live", WORK: "work", SQUARE: "meet"}


def _unique(found: list[Site]) -> list[Site]:
    """Names made unique the way a person would tell them apart ("North House", "North House 2")."""
    seen: dict[str, int] = {}
    out: list[Site] = []
    for s in found:
        key = slugify(s.name)
        seen[key] = seen.get(key, 0) + 1
        out.append(s if seen[key] == 1 else Site(f"{s.name} {seen[key]}", s.use, s.rect, s.reason, s.residents))
    return out
