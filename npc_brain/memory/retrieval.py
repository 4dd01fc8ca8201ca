"""Retrieval scoring (paper §4.1): recency, importance and relevance, min-max normalised.

Pure numpy over whole columns — no Python loop per memory. The stream/view code turns
row positions back into records; this module knows nothing about storage.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from npc_brain.memory.record import MemoryRecord

# A component whose spread over the candidates is below this cannot rank them: float32
# cosines differ by ~1e-7 from rounding alone, and stretching that noise to [0, 1] would
# let it decide the order.
_FLAT = 1e-6


@dataclass(frozen=True, slots=True)
class RetrievalWeights:
    """Weights of the three components; the paper sets all to 1."""

    recency: float = 1.0
    importance: float = 1.0
    relevance: float = 1.0

    def __post_init__(self) -> None:
        for name in ("recency", "importance", "relevance"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or isinstance(value, bool):
                raise TypeError(f"RetrievalWeights.{name} must be a number, got {value!r}")
            if not math.isfinite(value) or value < 0:
                raise ValueError(f"RetrievalWeights.{name} must be finite and >= 0, got {value}")


@dataclass(frozen=True, slots=True)
class Scored:
    """A retrieved memory with its total score and the three normalised components.

    Components are in [0, 1] after min-max over the candidates of that query, exactly
    what the inspector shows; `score` is their weighted sum.
    """

    record: MemoryRecord
    score: float
    recency: float
    importance: float
    relevance: float


@dataclass(frozen=True, slots=True)
class Ranking:
    """Top-k result of `rank`: positions into the candidate arrays, best first."""

    positions: np.ndarray
    score: np.ndarray
    recency: np.ndarray
    importance: np.ndarray
    relevance: np.ndarray


def _minmax_inplace(x: np.ndarray) -> np.ndarray:
    """Min-max scale a float array in place; no spread (one candidate, all equal) → zeros.

    A flat component cannot tell the candidates apart, so it adds nothing to any of them.
    """
    if x.size == 0:
        return x
    lo = x.min()
    spread = x.max() - lo  # same dtype and operation as `x - lo`: the max maps to exactly 1
    if spread <= _FLAT:
        x.fill(0.0)
    else:
        x -= lo
        x /= spread
    return x


def minmax(values: np.ndarray) -> np.ndarray:
    """Scale to [0, 1] over the given values (a float64 copy); flat input → zeros."""
    return _minmax_inplace(np.array(values, dtype=np.float64))


def recency_raw(hours_since_access: np.ndarray, decay: float) -> np.ndarray:
    """decay ** hours (float32), hours clamped at 0 so a stale `now` cannot exceed 1."""
    x = np.array(hours_since_access, dtype=np.float32)
    np.maximum(x, 0.0, out=x)
    x *= math.log(decay)
    return np.exp(x, out=x)


def rank(
    relevance: np.ndarray,
    importance: np.ndarray,
    hours_since_access: np.ndarray,
    *,
    decay: float,
    weights: RetrievalWeights,
    k: int,
) -> Ranking:
    """Score candidates and return the best `k`, best first.

    Inputs are aligned 1-D arrays over the candidates only: raw cosine relevance, raw
    importance (1–10) and game hours since last access. Ties go to the later candidate
    (higher position = newer memory), so the order is deterministic. Works in float32
    in place: at 100k memories the scoring arithmetic must stay well under the mat-vec.
    """
    n = int(np.shape(relevance)[0])
    if not (np.shape(importance)[0] == np.shape(hours_since_access)[0] == n):
        raise ValueError("relevance, importance and hours_since_access must be aligned")
    if k < 0:
        raise ValueError(f"k must be >= 0, got {k}")
    rec = _minmax_inplace(recency_raw(hours_since_access, decay))
    imp = np.array(importance, dtype=np.float32)
    imp *= 0.1  # importance / 10, as in the paper (min-max makes the scale moot)
    imp = _minmax_inplace(imp)
    rel = _minmax_inplace(np.array(relevance, dtype=np.float32))
    score = rec * np.float32(weights.recency)
    score += imp * np.float32(weights.importance)
    score += rel * np.float32(weights.relevance)
    k = min(k, n)
    if k == 0:
        empty = np.empty(0, dtype=np.float32)
        return Ranking(np.empty(0, dtype=np.intp), empty, empty, empty, empty)
    if k < n:
        # argpartition is O(n); only the k winners get sorted.
        top = np.argpartition(-score, k - 1)[:k]
        # Ties at the partition boundary: argpartition picks arbitrarily among equal
        # scores, so keep the newest of those tied with the k-th (O(n), no full sort).
        kth = score[top].min()
        better = np.flatnonzero(score > kth)
        tied = np.flatnonzero(score == kth)  # ascending positions
        top = np.concatenate((better, tied[len(tied) - (k - len(better)):]))
    else:
        top = np.arange(n)
    order = np.lexsort((-top, -score[top]))[:k]
    pos = top[order]
    return Ranking(pos, score[pos], rec[pos], imp[pos], rel[pos])
