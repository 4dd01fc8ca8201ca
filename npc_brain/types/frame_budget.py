"""FrameBudget: the wall time a game gives one stage of a frame (its minds, its bodies).

```python
budget = FrameBudget(0.002)          # 2 ms of this frame; restart() it next frame
events = society.update(budget)      # what does not fit waits for the next frame, in turn
```

Work that must not be cut (what the player sees, what is already half done) is done whatever the
budget says; the rest stops once the budget is spent. Only a game running in real time passes
one: a headless step does everything, every step, so its results never depend on the machine.
"""
from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["FrameBudget"]


class FrameBudget:
    """`seconds` of wall time from construction (or `restart()`), read from `clock` (tests pass a
    fake; the default is `time.perf_counter`)."""

    __slots__ = ("_clock", "_deadline", "seconds")

    def __init__(self, seconds: float, *, clock: Callable[[], float] = time.perf_counter) -> None:
        if seconds < 0:
            raise ValueError(f"a frame budget is a duration, got {seconds} s")
        self.seconds = float(seconds)
        self._clock = clock
        self._deadline = clock() + self.seconds

    def restart(self) -> FrameBudget:
        """Start the budget afresh (a new frame); returns itself."""
        self._deadline = self._clock() + self.seconds
        return self

    @property
    def left(self) -> float:
        """Seconds still to spend (negative once overspent)."""
        return self._deadline - self._clock()

    @property
    def spent(self) -> bool:
        """Whether the time is up."""
        return self._clock() >= self._deadline

    def __repr__(self) -> str:
        return f"<FrameBudget {self.seconds * 1000:.1f} ms, {self.left * 1000:.1f} ms left>"
