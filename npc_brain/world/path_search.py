"""PathSearch: one A* search of a `Pathfinder` that may run a piece at a time.

A long way across the city is tens of milliseconds of A* in Python, more than a frame has: a game
in real time advances the search until its frame's deadline and goes on next frame.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Generator

__all__ = ["PathSearch"]

Cell = tuple[int, int]
Point = tuple[float, float]


class PathSearch:
    """`steps` is the search (it pauses every few hundred expansions and returns the cells; None
    for an answer known at once, `cells`); `center` turns a cell into its centre point; `found`
    hears the answer (the pathfinder caches it)."""

    def __init__(self, steps: Generator[None, None, list[Cell] | None] | None, center: Callable[[Cell], Point],
                 cells: list[Cell] | None, *, found: Callable[[list[Cell] | None], None] | None = None) -> None:
        self._steps = steps
        self._center = center
        self._found = found
        self.cells = cells  # from start to goal inclusive once `done` (None: no way)

    @property
    def done(self) -> bool:
        """Whether the search has its answer."""
        return self._steps is None

    @property
    def path(self) -> list[Point] | None:
        """Once `done`: the waypoints as `Pathfinder.find_path` gives them (None: no way)."""
        return None if self.cells is None else [self._center(c) for c in self.cells[1:]]

    def advance(self, deadline: float | None = None, clock: Callable[[], float] = time.perf_counter) -> bool:
        """Search on until done (True) or until `clock()` reaches `deadline` (False: call again
        later); without a deadline, to the end."""
        while self._steps is not None:
            try:
                next(self._steps)
            except StopIteration as answer:
                self._steps = None
                self.cells = answer.value
                if self._found is not None:
                    self._found(self.cells)
                return True
            if deadline is not None and clock() >= deadline:
                return False
        return True
