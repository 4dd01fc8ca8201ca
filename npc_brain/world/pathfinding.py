"""Pathfinding: the collision grid and A* over it, with a path cache and a fast "unreachable".

Cells are (col, row); points are map pixels (x, y). A* runs on plain Python lists (numpy element
access is slower in a loop); connected components are labelled once per grid version so a path
between two regions that do not touch is answered "None" without searching.
"""

from __future__ import annotations

import heapq
import math
from collections import OrderedDict, deque
from collections.abc import Generator, Iterable

import numpy as np

from npc_brain.world.path_search import PathSearch
from npc_brain.world.place import Place, PlaceKind

Cell = tuple[int, int]
Point = tuple[float, float]
Rect = tuple[float, float, float, float]

_ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))
_DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
_SQRT2 = math.sqrt(2.0)
_SLICE = 256  # A* expansions between two looks at a `PathSearch`'s deadline (~0.2 ms)


class CollisionGrid:
    """Which tiles block movement: a numpy bool array indexed [row, col], True = blocked.

    Changing it through `set_blocked`/`block_rect` bumps `version`, which invalidates path caches.
    """

    def __init__(self, blocked: np.ndarray, tile_size: int = 32) -> None:
        blocked = np.asarray(blocked, dtype=bool)
        if blocked.ndim != 2:
            raise ValueError("a collision grid is a 2-D array of rows")
        self._blocked = blocked.copy()
        self.tile_size = int(tile_size)
        self.version = 0
        self._labels: np.ndarray | None = None
        self._walk: list[bool] | None = None
        self._padded: bytes | None = None

    @classmethod
    def empty(cls, cols: int, rows: int, tile_size: int = 32) -> CollisionGrid:
        """A grid where nothing blocks."""
        return cls(np.zeros((rows, cols), dtype=bool), tile_size)

    @property
    def blocked(self) -> np.ndarray:
        """Read-only view of the grid ([row, col], True = blocked)."""
        view = self._blocked.view()
        view.flags.writeable = False
        return view

    @property
    def cols(self) -> int:
        """Width in tiles."""
        return int(self._blocked.shape[1])

    @property
    def rows(self) -> int:
        """Height in tiles."""
        return int(self._blocked.shape[0])

    def cell_at(self, x: float, y: float) -> Cell:
        """The cell containing a map-pixel point."""
        return (int(math.floor(x / self.tile_size)), int(math.floor(y / self.tile_size)))

    def center(self, cell: Cell) -> Point:
        """Centre of a cell in map pixels."""
        return ((cell[0] + 0.5) * self.tile_size, (cell[1] + 0.5) * self.tile_size)

    def in_bounds(self, cell: Cell) -> bool:
        """Whether a cell lies on the map."""
        return 0 <= cell[0] < self.cols and 0 <= cell[1] < self.rows

    def walkable(self, cell: Cell) -> bool:
        """On the map and not blocked."""
        return self.in_bounds(cell) and not bool(self._blocked[cell[1], cell[0]])

    def set_blocked(self, cell: Cell, blocked: bool = True) -> None:
        """Block or free one cell (a door closing, a cart parked)."""
        if not self.in_bounds(cell):
            raise IndexError(f"cell {cell} is outside the {self.cols}x{self.rows} grid")
        if bool(self._blocked[cell[1], cell[0]]) != blocked:
            self._blocked[cell[1], cell[0]] = blocked
            self._changed()

    def block_rect(self, rect: tuple[float, float, float, float], blocked: bool = True) -> None:
        """Block (or free) every cell a pixel rectangle overlaps."""
        cols, rows = self.cells_overlapping(rect)
        if cols.stop > cols.start and rows.stop > rows.start:
            self._blocked[rows, cols] = blocked
            self._changed()

    def cells_overlapping(self, rect: tuple[float, float, float, float]) -> tuple[slice, slice]:
        """Column and row slices of the cells a rectangle overlaps (touching edges do not count)."""
        x, y, w, h = rect
        eps = 1e-6
        ts = self.tile_size
        c0 = max(0, int(math.floor((x + eps) / ts)))
        r0 = max(0, int(math.floor((y + eps) / ts)))
        c1 = min(self.cols, int(math.ceil((x + w - eps) / ts)))
        r1 = min(self.rows, int(math.ceil((y + h - eps) / ts)))
        return slice(c0, max(c0, c1)), slice(r0, max(r0, r1))

    def components(self) -> np.ndarray:
        """Connected-region label per cell (-1 for blocked), cached until the grid changes.

        4-connectivity is exact for both move sets: without corner cutting a diagonal step needs
        both orthogonal cells free, so it never joins regions that orthogonal steps do not.
        """
        if self._labels is None:
            labels = np.full(self._blocked.shape, -1, dtype=np.int32)
            walk = self.walk_list()
            cols, rows = self.cols, self.rows
            flat = labels.ravel()
            current = 0
            for start in range(cols * rows):
                if not walk[start] or flat[start] >= 0:
                    continue
                flat[start] = current
                queue = deque([start])
                while queue:
                    idx = queue.popleft()
                    c, r = idx % cols, idx // cols
                    for dc, dr in _ORTHO:
                        nc, nr = c + dc, r + dr
                        if 0 <= nc < cols and 0 <= nr < rows:
                            n = nr * cols + nc
                            if walk[n] and flat[n] < 0:
                                flat[n] = current
                                queue.append(n)
                current += 1
            self._labels = labels
        return self._labels

    def padded(self) -> bytes:
        """Walkable flags (1/0) row-major on the grid with a blocked border one cell wide: cell
        (c, r) is at (r + 1) * (cols + 2) + c + 1 (A* reads it without bounds checks)."""
        if self._padded is None:
            pad = np.zeros((self.rows + 2, self.cols + 2), dtype=np.uint8)
            pad[1:-1, 1:-1] = ~self._blocked
            self._padded = pad.tobytes()
        return self._padded

    def walk_list(self) -> list[bool]:
        """Row-major list of walkable flags (fast to index from Python loops)."""
        if self._walk is None:
            self._walk = (~self._blocked).ravel().tolist()
        return self._walk

    def _changed(self) -> None:
        self.version += 1
        self._labels = None
        self._walk = None
        self._padded = None


class Pathfinder:
    """A* over a `CollisionGrid` with 8 (default) or 4 neighbours and no corner cutting.

    Paths are cached per (start cell, goal cell) until the grid changes. `max_expansions` bounds
    every search, so a pathological request returns None instead of stalling a frame.
    """

    def __init__(
        self,
        grid: CollisionGrid,
        *,
        diagonal: bool = True,
        max_expansions: int | None = None,
        cache_size: int = 4096,
    ) -> None:
        self.grid = grid
        self.diagonal = diagonal
        self.max_expansions = max_expansions or grid.cols * grid.rows
        self.cache_size = cache_size
        self._cache: OrderedDict[tuple[Cell, Cell, tuple[Rect, ...]], tuple[Cell, ...] | None] = OrderedDict()
        self._version = grid.version
        self._rect_cells: dict[Rect, frozenset[int]] = {}
        self.hits = 0
        self.misses = 0

    def find_path(self, start: Point, goal: Point, *, avoid: Iterable[Rect] = ()) -> list[Point] | None:
        """Waypoints (cell centres, start cell excluded) to `goal`, or None if unreachable.

        Same cell gives []. A blocked start is allowed (an agent nudged into a wall can walk out);
        a blocked or off-map goal gives None — use `walkable_point_in` to pick a standing spot.
        `avoid`: pixel rectangles the path must not cross (places the walker may not enter now);
        the start and goal cells are exempt. None when no way around them exists.
        """
        cells = self.find_cells(self.grid.cell_at(*start), self.grid.cell_at(*goal), avoid=avoid)
        if cells is None:
            return None
        return [self.grid.center(c) for c in cells[1:]]

    def reachable(self, start: Point, goal: Point) -> bool:
        """Whether a path exists, answered from the component labels (no search)."""
        return self._same_component(self.grid.cell_at(*start), self.grid.cell_at(*goal))

    def find_cells(self, start: Cell, goal: Cell, *, avoid: Iterable[Rect] = ()) -> list[Cell] | None:
        """Cells from `start` to `goal` inclusive, or None (`avoid`: see `find_path`)."""
        search = self._begin(start, goal, tuple(avoid))
        search.advance()
        return search.cells

    def search(self, start: Point, goal: Point, *, avoid: Iterable[Rect] = ()) -> PathSearch:
        """`find_path` a piece at a time (`PathSearch.advance`): a long way across a city is tens
        of milliseconds of A*, more than a frame has. The same path as `find_path`, and cached."""
        return self._begin(self.grid.cell_at(*start), self.grid.cell_at(*goal), tuple(avoid))

    def _begin(self, start: Cell, goal: Cell, shut: tuple[Rect, ...]) -> PathSearch:
        if self._version != self.grid.version:
            self._cache.clear()
            self._version = self.grid.version
        key = (start, goal, shut)
        if key in self._cache:
            self.hits += 1
            self._cache.move_to_end(key)
            cached = self._cache[key]
            return PathSearch(None, self.grid.center, None if cached is None else list(cached))
        self.misses += 1
        steps = self._search(start, goal, self._cells_in(shut) - {self._index(start), self._index(goal)})
        version = self.grid.version

        def keep(path: list[Cell] | None) -> None:  # not a path searched on a grid that changed since
            if version == self.grid.version:
                self._cache[key] = None if path is None else tuple(path)
                if len(self._cache) > self.cache_size:
                    self._cache.popitem(last=False)

        return PathSearch(steps, self.grid.center, None, found=keep)

    def walkable_point_in(
        self,
        place: Place | tuple[float, float, float, float],
        *,
        near: Point | None = None,
        reach: int | None = None,
    ) -> Point | None:
        """A walkable cell centre for standing in (or, for a solid object, next to) an area.

        Prefers cells inside the area nearest its centre; if none is walkable it looks up to
        `reach` tiles around it — by default 2 for Objects (a bed, a stove: you stand beside them)
        and 0 for rooms and buildings (you must get inside). With `near`, only cells reachable
        from there count.
        """
        rect = place.rect if isinstance(place, Place) else place
        if reach is None:
            reach = 2 if isinstance(place, Place) and place.kind is PlaceKind.OBJECT else 0
        grid = self.grid
        cx, cy = rect[0] + rect[2] / 2, rect[1] + rect[3] / 2
        want = self._component_of(grid.cell_at(*near)) if near is not None else None
        if near is not None and not want:
            return None
        cols, rows = grid.cells_overlapping(rect)
        inside = [
            (c, r) for r in range(rows.start, rows.stop) for c in range(cols.start, cols.stop)
        ]
        if not inside:
            inside = [grid.cell_at(cx, cy)]
        best = self._nearest_ok(inside, (cx, cy), want)
        if best is not None:
            return grid.center(best)
        c0, c1 = cols.start, max(cols.stop, cols.start + 1)
        r0, r1 = rows.start, max(rows.stop, rows.start + 1)
        for ring in range(1, reach + 1):
            around = [
                (c, r)
                for r in range(r0 - ring, r1 + ring)
                for c in range(c0 - ring, c1 + ring)
                if c in (c0 - ring, c1 + ring - 1) or r in (r0 - ring, r1 + ring - 1)
            ]
            best = self._nearest_ok(around, (cx, cy), want)
            if best is not None:
                return grid.center(best)
        return None

    def _nearest_ok(
        self, cells: Iterable[Cell], target: Point, want: set[int] | None
    ) -> Cell | None:
        labels = self.grid.components()
        best: Cell | None = None
        best_d = math.inf
        for cell in cells:
            if not self.grid.walkable(cell):
                continue
            if want is not None and int(labels[cell[1], cell[0]]) not in want:
                continue
            px, py = self.grid.center(cell)
            d = (px - target[0]) ** 2 + (py - target[1]) ** 2
            if d < best_d:
                best, best_d = cell, d
        return best

    def _component_of(self, cell: Cell) -> set[int]:
        """Labels an agent standing in `cell` can reach (its own, or its neighbours' if blocked)."""
        grid = self.grid
        if not grid.in_bounds(cell):
            return set()
        labels = grid.components()
        if grid.walkable(cell):
            return {int(labels[cell[1], cell[0]])}
        out = set()
        for dc, dr in _ORTHO + (_DIAG if self.diagonal else ()):
            n = (cell[0] + dc, cell[1] + dr)
            if grid.walkable(n):
                out.add(int(labels[n[1], n[0]]))
        return out

    def _same_component(self, start: Cell, goal: Cell) -> bool:
        if start == goal:
            return self.grid.in_bounds(start)
        if not self.grid.walkable(goal):
            return False
        labels = self.grid.components()
        return int(labels[goal[1], goal[0]]) in self._component_of(start)

    def _index(self, cell: Cell) -> int:
        return cell[1] * self.grid.cols + cell[0]

    def _cells_in(self, rects: tuple[Rect, ...]) -> set[int]:
        """Row-major indices of the cells the rectangles overlap (each rectangle's kept: the
        same closed shops and homes are avoided path after path)."""
        out: set[int] = set()
        kept = self._rect_cells
        for rect in rects:
            cells = kept.get(rect)
            if cells is None:
                cols, rows = self.grid.cells_overlapping(rect)
                cells = frozenset(r * self.grid.cols + c for r in range(rows.start, rows.stop)
                                  for c in range(cols.start, cols.stop))
                if len(kept) > 4096:
                    kept.clear()
                kept[rect] = cells
            out |= cells
        return out

    def _search(self, start: Cell, goal: Cell,
                shut: set[int] | None = None) -> Generator[None, None, list[Cell] | None]:
        """A* as a generator: it pauses (yields) every `_SLICE` expansions and returns the cells."""
        grid = self.grid
        if start == goal:
            return [start] if grid.in_bounds(start) else None
        if not self._same_component(start, goal):
            return None
        cols = grid.cols
        # On the grid with a blocked border (`CollisionGrid.padded`): no bounds check per
        # neighbour, and cells keep their row-major order, so ties break as on the plain grid.
        width = cols + 2
        walk = grid.padded()
        if shut:
            cut = bytearray(walk)
            for i in shut:
                cut[(i // cols + 1) * width + i % cols + 1] = 0
            walk = bytes(cut)
        s = (start[1] + 1) * width + start[0] + 1
        g = (goal[1] + 1) * width + goal[0] + 1
        gc, gr = goal[0] + 1, goal[1] + 1
        diagonal = self.diagonal
        k = _SQRT2 - 2  # the octile heuristic: (dx + dy) + k * min(dx, dy)
        # (index step, cost, column step, row step, the two orthogonal cells a diagonal passes)
        moves = [(dr * width + dc, 1.0, dc, dr, 0, 0) for dc, dr in _ORTHO]
        if diagonal:
            moves += [(dr * width + dc, _SQRT2, dc, dr, dc, dr * width) for dc, dr in _DIAG]
        sc, sr = start[0] + 1, start[1] + 1
        dx, dy = abs(sc - gc), abs(sr - gr)
        h0 = ((dx + dy) + k * min(dx, dy)) if diagonal else float(dx + dy)
        inf = math.inf
        best_g: dict[int, float] = {s: 0.0}
        came: dict[int, int] = {}
        heap = [(h0, 0.0, s)]
        closed: set[int] = set()
        expansions, limit = 0, self.max_expansions
        push, pop = heapq.heappush, heapq.heappop
        while heap:
            _, cost, idx = pop(heap)
            if idx == g:
                path = [idx]
                while idx in came:
                    idx = came[idx]
                    path.append(idx)
                return [(i % width - 1, i // width - 1) for i in reversed(path)]
            if idx in closed:
                continue
            closed.add(idx)
            expansions += 1
            if expansions > limit:
                return None
            if not expansions % _SLICE:
                yield
            c, r = idx % width, idx // width
            for step_i, step, dc, dr, a, b in moves:
                n = idx + step_i
                if not walk[n]:
                    continue
                # No corner cutting: a diagonal step needs both orthogonal neighbours free.
                if a and not (walk[idx + a] and walk[idx + b]):
                    continue
                ng = cost + step
                if ng < best_g.get(n, inf):
                    best_g[n] = ng
                    came[n] = idx
                    dx = c + dc - gc
                    dy = r + dr - gr
                    if dx < 0:
                        dx = -dx
                    if dy < 0:
                        dy = -dy
                    push(heap, (ng + (((dx + dy) + k * (dx if dx < dy else dy)) if diagonal else float(dx + dy)),
                                ng, n))
        return None

