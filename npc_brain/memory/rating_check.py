"""RatingCheck: whether the model's importance call still changes the ratings that are stored.

A memory the model rates is rated by how it reads too, and the two are blended by the model's
certainty (`cognition.importance.blend`). On a model whose digits are nearly flat the blend
rounds to the reading: in a 25-NPC morning on the 135M model 47 of 48 model-rated memories were
stored as the reading alone would have stored them, so the call changed nothing anyone could
see or retrieve. The check keeps, for the last `window` model ratings, whether each stored one
differed from the reading's. While no more than `tolerance` of a full window did, the reading
stands in for the call; one memory in `probe` (chosen by its normalised text, so the same draft
gets the same answer each time it is asked) still goes to the model, so a model whose ratings
come to matter is asked again. A new or loaded check asks the model until its window is full.
Thread-safe: a rating job tells it each outcome as it is made, on its worker.
"""
from __future__ import annotations

import threading
import zlib
from collections import deque
from collections.abc import Iterable

__all__ = ["RatingCheck"]


class RatingCheck:
    """How often the model's last `window` ratings changed what the reading alone gives."""

    def __init__(self, window: int = 16, tolerance: int = 1, probe: int = 8) -> None:
        if window < 1 or tolerance < 0 or probe < 1:
            raise ValueError(f"bad RatingCheck(window={window}, tolerance={tolerance}, probe={probe})")
        self.window = window
        self.tolerance = tolerance
        self.probe = probe
        self._changed: deque[bool] = deque(maxlen=window)
        self._lock = threading.Lock()

    def record(self, changed: Iterable[bool]) -> None:
        """The outcome of model ratings: True where the stored rating differs from the reading's."""
        with self._lock:
            self._changed.extend(changed)

    @property
    def reading_will_do(self) -> bool:
        """True when a full window of model ratings changed at most `tolerance` stored ratings."""
        with self._lock:
            return len(self._changed) == self.window and sum(self._changed) <= self.tolerance

    def probes(self, key: str) -> bool:
        """Whether the memory of this key (its normalised text) goes to the model even while the
        reading will do (pure)."""
        return zlib.crc32(key.encode()) % self.probe == 0

    def __repr__(self) -> str:
        with self._lock:
            return f"RatingCheck({sum(self._changed)} of {len(self._changed)}/{self.window} changed)"
