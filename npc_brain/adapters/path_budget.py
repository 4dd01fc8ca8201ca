"""PathBudget: how much path planning one frame may do — a number of new searches and, in real
time, a share of the frame's wall time (a long search goes on next frame: `Walker`)."""
from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

__all__ = ["PathBudget"]


@dataclass
class PathBudget:
    """How many new paths may be searched this frame (spreads A* over frames when many
    agents change their action at the same game minute). Call `reset()` once per frame.

    With `seconds` (a game in real time) planning also stops for the frame once that much wall
    time went into it (`timing`); the first plan of a frame always goes ahead."""

    per_frame: int = 4
    left: int = 4
    seconds: float | None = None
    clock: Callable[[], float] = time.perf_counter
    used: float = 0.0  # wall seconds spent planning this frame

    def reset(self) -> None:
        """Start a new frame."""
        self.left = self.per_frame
        self.used = 0.0

    def take(self) -> bool:
        """Use one search if any is left."""
        if self.left <= 0 or (self.seconds is not None and self.used >= self.seconds):
            return False
        self.left -= 1
        return True

    def deadline(self) -> float | None:
        """When this frame's planning time runs out, on `clock` (None: no time limit)."""
        return None if self.seconds is None else self.clock() + max(0.0, self.seconds - self.used)

    @contextmanager
    def timing(self) -> Iterator[None]:
        """Count the wall time of what runs inside against `seconds`."""
        started = self.clock()
        try:
            yield
        finally:
            self.used += self.clock() - started
