"""Normalised recency: the expm1 form matches the paper's min-max of decay ** hours."""
from __future__ import annotations

import numpy as np
import pytest

from npc_brain.memory import minmax
from npc_brain.memory.retrieval import recency_minmax

US_PER_HOUR = 3_600_000_000


def naive(hours: np.ndarray, decay: float) -> np.ndarray:
    """min-max of decay ** max(hours, 0) in float64 (flat → zeros)."""
    return minmax(decay ** np.maximum(np.asarray(hours, dtype=np.float64), 0.0))


@pytest.mark.parametrize("seed", range(4))
def test_matches_the_formula_in_hours_and_in_microseconds(seed: int) -> None:
    rng = np.random.default_rng(seed)
    hours = rng.uniform(-2, 300, 500)
    want = naive(hours, 0.995)
    np.testing.assert_allclose(recency_minmax(hours, 0.995), want, atol=1e-6)
    ages_us = np.round(hours * US_PER_HOUR).astype(np.int64)
    got = recency_minmax(ages_us, 0.995, per_hour=US_PER_HOUR)
    np.testing.assert_allclose(got, want, atol=1e-6)
    assert got.dtype == np.float32 and got.max() == 1.0 and got.min() == 0.0


def test_memories_recalled_at_nearly_the_same_time_keep_their_order_and_spacing() -> None:
    # A year ago, one minute apart: raw recency differs in the 4th digit, which float32
    # min-max of the raw values would blur; the spacing must come out even.
    hours = 24 * 365 / 4 + np.arange(60) / 60.0
    got = recency_minmax(hours, 0.999)
    np.testing.assert_allclose(got, naive(hours, 0.999), atol=1e-6)
    assert np.all(np.diff(got) < 0)


def test_flat_stale_and_extreme_spans() -> None:
    assert recency_minmax(np.array([5.0, 5.0, 5.0]), 0.995).tolist() == [0.0, 0.0, 0.0]
    assert recency_minmax(np.array([1.0, 9.0]), 1.0).tolist() == [0.0, 0.0]  # no decay
    # A `now` before every access: all ages clamp to 0, nothing is more recent.
    assert recency_minmax(np.array([-3.0, -1.0]), 0.995).tolist() == [0.0, 0.0]
    assert recency_minmax(np.array([-3.0, 10.0]), 0.5).tolist() == [1.0, 0.0]
    # Spans past float32 expm1 range take the plain branch and stay finite.
    got = recency_minmax(np.array([0.0, 1e5, 40.0]), 0.995)
    np.testing.assert_allclose(got, naive(np.array([0.0, 1e5, 40.0]), 0.995), atol=1e-6)
    assert recency_minmax(np.array([]), 0.995).size == 0
