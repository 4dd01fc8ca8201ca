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


# Above this exponent span expm1 would overflow float32 (e^88.7); the oldest candidates'
# raw recency is then below e^-80 of the newest's, so the plain formula loses nothing.
_EXPM1_SPAN = 80.0


def recency_minmax(ages: np.ndarray, decay: float, *, per_hour: float = 1.0) -> np.ndarray:
    """Min-max normalised recency, decay ** hours since last access, as float32 in [0, 1].

    `ages` are times since last access, in hours or in units with `per_hour` of them in
    an hour (int64 game microseconds stay exact); negative ages count as 0, so a stale
    `now` cannot push recency past the newest memory. Computed as
    expm1(λ(a_max - a)) / expm1(λ(a_max - a_min)) with λ = -ln(decay) per unit: the
    same numbers as (r - r_min) / (r_max - r_min) for r = decay ** hours, but without
    subtracting nearly equal floats, so candidates all recalled at about the same time
    keep full float32 precision instead of min-max stretching rounding noise. Zeros when
    the raw recency spread is flat (≤ 1e-6), like every other component.
    """
    ages = np.asarray(ages)
    out = np.zeros(ages.shape[0], dtype=np.float32)
    if out.size == 0:
        return out
    lo, hi = max(ages.min(), 0), max(ages.max(), 0)
    lam = -math.log(decay) / per_hour
    span = lam * float(hi - lo)
    if math.exp(-lam * float(lo)) * -math.expm1(-span) <= _FLAT:  # raw max - min, exactly
        return out
    # x = a_max - max(a, 0): computed in the ages' own type, then rounded to float32.
    np.subtract(hi, ages, out=out, casting="unsafe")
    np.minimum(out, np.float32(hi), out=out)
    out *= np.float32(lam)
    if span <= _EXPM1_SPAN:
        np.expm1(out, out=out)  # the oldest gets expm1(0) = 0 exactly
        out /= out.max()  # and the newest exactly 1
        return out
    out -= np.float32(span)
    np.exp(out, out=out)
    return _minmax_inplace(out)


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
    (higher position = newer memory), so the order is deterministic.
    """
    n = int(np.shape(relevance)[0])
    if not (np.shape(importance)[0] == np.shape(hours_since_access)[0] == n):
        raise ValueError("relevance, importance and hours_since_access must be aligned")
    return rank_in_place(
        recency_minmax(hours_since_access, decay),
        np.asarray(importance),
        np.array(relevance, dtype=np.float32),
        weights=weights,
        k=k,
    )


def rank_in_place(
    recency: np.ndarray,
    importance: np.ndarray,
    relevance: np.ndarray,
    *,
    weights: RetrievalWeights,
    k: int,
) -> Ranking:
    """`rank` from normalised recency (`recency_minmax`): what the memory stream calls.

    `recency` and `relevance` (raw cosine) must be float32 arrays the caller owns:
    relevance is min-max scaled in place, so a 100k-memory query allocates only the
    score, one scratch column and the partition indices.
    """
    n = int(recency.shape[0])
    if not (importance.shape[0] == relevance.shape[0] == n):
        raise ValueError("recency, importance and relevance must be aligned")
    if recency.dtype != np.float32 or relevance.dtype != np.float32:
        raise TypeError("rank_in_place needs float32 recency and relevance")
    if k < 0:
        raise ValueError(f"k must be >= 0, got {k}")
    k = min(k, n)
    if k == 0:
        empty = np.empty(0, dtype=np.float32)
        return Ranking(np.empty(0, dtype=np.intp), empty, empty, empty, empty)
    rec = recency
    imp = importance.astype(np.float32)
    imp *= np.float32(0.1)  # importance / 10, as in the paper (min-max makes the scale moot)
    imp = _minmax_inplace(imp)
    rel = _minmax_inplace(relevance)
    # score = w_rec*rec + w_imp*imp + w_rel*rel, evaluated in that order in float32 with
    # one scratch column; a weight of 1 is skipped (x * 1 is exact in IEEE arithmetic).
    score = rec * np.float32(weights.recency)
    scratch = np.empty_like(score)
    for part, w in ((imp, weights.importance), (rel, weights.relevance)):
        if w == 1:
            score += part
        else:
            np.multiply(part, np.float32(w), out=scratch)
            score += scratch
    if k < n:
        # argpartition is O(n); only the k winners get sorted.
        top = np.argpartition(score, n - k)[n - k:]
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
