"""Retrieval scoring: paper weights, min-max normalisation, edge cases, top-k."""
from __future__ import annotations

import math
from dataclasses import FrozenInstanceError
from datetime import datetime, timedelta

import numpy as np
import pytest

from npc_brain.memory import MemoryKind, MemoryStream, RetrievalWeights, minmax
from npc_brain.memory.retrieval import rank

T0 = datetime(2023, 2, 13, 7, 0)


def unit(*xs: float) -> np.ndarray:
    v = np.array(xs, dtype=np.float32)
    return v / np.linalg.norm(v)


def test_relevant_old_memory_beats_irrelevant_recent_ones_with_paper_weights() -> None:
    dim = 16
    rng = np.random.default_rng(7)
    party = rng.standard_normal(dim).astype(np.float32)
    party /= np.linalg.norm(party)

    def routine() -> np.ndarray:
        noise = rng.standard_normal(dim).astype(np.float32)
        return noise - noise.dot(party) * party  # unrelated to the party

    s = MemoryStream(dim)
    old_id = None
    for half_hour in range(3 * 48):  # three game days of routine, one memory per 30 min
        when = T0 + timedelta(minutes=30 * half_hour)
        if half_hour == 20:  # day one: Isabella mentions her party
            old_id = s.add("observation", "Isabella is planning a Valentine's Day party", when,
                           6, party).id
        else:
            s.add("observation", f"routine {half_hour}", when, int(rng.integers(1, 4)),
                  routine())
    now = T0 + timedelta(days=3)
    query = party + 0.1 * rng.standard_normal(dim).astype(np.float32)
    top = s.snapshot().retrieve(query, now, k=5)
    assert top[0].record.id == old_id
    everything = s.snapshot().retrieve(query, now, k=len(s))
    newest = next(x for x in everything if x.record.id == len(s) - 1)
    assert top[0].score > newest.score and newest.recency == 1.0
    assert top[0].recency < 0.5 < top[0].relevance
    # Without relevance the old memory sinks: the ranking above is relevance's doing.
    no_rel = s.snapshot().retrieve(query, now, k=len(s), weights=RetrievalWeights(relevance=0))
    assert [x.record.id for x in no_rel].index(old_id) > 5


def test_components_are_min_max_normalised_and_summed_with_weights() -> None:
    s = MemoryStream(2, decay=0.5)  # decay 0.5/h makes the numbers easy to check by hand
    s.add("observation", "a", T0, 2, unit(1, 0))
    s.add("observation", "b", T0 + timedelta(hours=1), 6, unit(1, 1))
    s.add("observation", "c", T0 + timedelta(hours=2), 10, unit(0, 1))
    now = T0 + timedelta(hours=2)
    w = RetrievalWeights(recency=2.0, importance=0.5, relevance=1.0)
    got = {x.record.description: x for x in s.snapshot().retrieve(unit(1, 0), now, weights=w)}
    # raw recency 0.25, 0.5, 1 → (r - .25)/.75 ; importance .2,.6,1 ; cosine 1, .7071, 0
    expect = {"a": (0.0, 0.0, 1.0), "b": (1 / 3, 0.5, math.sqrt(0.5)), "c": (1.0, 1.0, 0.0)}
    for name, (rec, imp, rel) in expect.items():
        x = got[name]
        assert (x.recency, x.importance, x.relevance) == pytest.approx((rec, imp, rel), abs=1e-6)
        assert x.score == pytest.approx(2 * rec + 0.5 * imp + rel, abs=1e-6)
    order = [x.record.description for x in s.snapshot().retrieve(unit(1, 0), now, weights=w)]
    assert order == ["c", "b", "a"]  # 2.5 > 1.627 > 1.0


def test_empty_stream_and_k_zero() -> None:
    s = MemoryStream(3)
    assert s.snapshot().retrieve(unit(1, 0, 0), T0) == []
    s.add("observation", "x", T0, 5, unit(1, 0, 0))
    assert s.retrieve(unit(1, 0, 0), T0, k=0) == []


def test_single_memory_has_flat_components() -> None:
    s = MemoryStream(3)
    s.add("observation", "x", T0, 5, unit(1, 0, 0))
    (only,) = s.snapshot().retrieve(unit(1, 0, 0), T0 + timedelta(hours=3), k=5)
    assert (only.score, only.recency, only.importance, only.relevance) == (0.0, 0.0, 0.0, 0.0)


def test_all_equal_scores_are_finite_and_newest_first() -> None:
    s = MemoryStream(3)
    for i in range(6):
        s.add("observation", f"m{i}", T0, 4, unit(1, 0, 0))
    got = s.snapshot().retrieve(unit(1, 0, 0), T0, k=3)
    assert [x.record.id for x in got] == [5, 4, 3]
    assert all(x.score == 0.0 and not math.isnan(x.relevance) for x in got)


def test_zero_vectors_give_zero_relevance_not_nan() -> None:
    s = MemoryStream(3)
    s.add("observation", "blank", T0, 3, np.zeros(3))
    s.add("observation", "x", T0, 3, unit(0, 1, 0))
    got = s.snapshot().retrieve(unit(0, 1, 0), T0)
    assert {x.record.description: x.relevance for x in got} == {"x": 1.0, "blank": 0.0}
    got = s.snapshot().retrieve(np.zeros(3), T0)
    assert all(x.relevance == 0.0 for x in got)


def test_k_larger_than_n_and_ties_at_the_boundary() -> None:
    s = MemoryStream(2)
    for i in range(5):
        s.add("observation", f"m{i}", T0, 5, unit(1, 0))
    assert len(s.snapshot().retrieve(unit(1, 0), T0, k=50)) == 5
    # 5 tied memories, k=2: the two newest, deterministically.
    assert [x.record.id for x in s.snapshot().retrieve(unit(1, 0), T0, k=2)] == [4, 3]


def test_kinds_and_exclude_filter_before_normalising() -> None:
    s = MemoryStream(2)
    s.add("observation", "o-far", T0, 5, unit(0, 1))
    s.add("reflection", "r-close", T0, 5, unit(1, 0))
    s.add("plan", "p-mid", T0, 5, unit(1, 1))
    s.add("observation", "o-mid", T0, 5, unit(1, 1))
    view = s.snapshot()
    obs = view.retrieve(unit(1, 0), T0, kinds=MemoryKind.OBSERVATION)
    assert [x.record.description for x in obs] == ["o-mid", "o-far"]
    # min-max over the observations only: the best of them gets relevance 1
    assert obs[0].relevance == pytest.approx(1.0)
    got = view.retrieve(unit(1, 0), T0, exclude=[1, 99])
    assert [x.record.description for x in got] == ["o-mid", "p-mid", "o-far"]
    assert got[0].relevance == pytest.approx(1.0)
    assert view.retrieve(unit(1, 0), T0, kinds=["dialogue"]) == []


def test_recency_counts_from_last_access_not_creation() -> None:
    s = MemoryStream(2)
    s.add("observation", "old but recalled", T0, 5, unit(1, 0))
    s.add("observation", "newer", T0 + timedelta(hours=10), 5, unit(1, 0))
    now = T0 + timedelta(hours=20)
    before = s.snapshot().retrieve(unit(1, 0), now)
    assert before[0].record.id == 1
    s.touch([0], now)
    after = s.snapshot().retrieve(unit(1, 0), now)
    assert after[0].record.id == 0 and after[0].recency == 1.0


def test_a_stale_now_does_not_push_recency_past_one() -> None:
    s = MemoryStream(2)
    s.add("observation", "a", T0 + timedelta(hours=5), 5, unit(1, 0))
    s.add("observation", "b", T0, 5, unit(1, 0))
    got = s.snapshot().retrieve(unit(1, 0), T0 - timedelta(hours=1))  # now before both
    assert all(0.0 <= x.recency <= 1.0 for x in got)


def test_query_shape_is_checked() -> None:
    s = MemoryStream(3)
    s.add("observation", "x", T0, 5, unit(1, 0, 0))
    with pytest.raises(ValueError):
        s.snapshot().retrieve(np.ones(4), T0)
    with pytest.raises(ValueError):
        s.snapshot().retrieve(np.array([np.inf, 0, 0]), T0)


def test_weights_validated_and_frozen() -> None:
    assert RetrievalWeights() == RetrievalWeights(1, 1, 1)
    with pytest.raises(ValueError):
        RetrievalWeights(recency=-1)
    with pytest.raises(ValueError):
        RetrievalWeights(relevance=float("nan"))
    with pytest.raises(TypeError):
        RetrievalWeights(importance="3")  # type: ignore[arg-type]
    with pytest.raises(FrozenInstanceError):
        RetrievalWeights().recency = 2  # type: ignore[misc]


def test_minmax() -> None:
    np.testing.assert_allclose(minmax(np.array([2.0, 4.0, 3.0])), [0.0, 1.0, 0.5])
    assert minmax(np.array([])).size == 0
    np.testing.assert_array_equal(minmax(np.array([7.0, 7.0])), [0.0, 0.0])


def _reference(rel: list[float], imp: list[int], hours: list[float], decay: float,
               w: RetrievalWeights) -> list[float]:
    """The paper's formula, one memory at a time, in plain Python."""
    def norm(xs: list[float]) -> list[float]:
        lo, hi = min(xs), max(xs)
        return [0.0 if hi - lo <= 1e-6 else (x - lo) / (hi - lo) for x in xs]
    rec = norm([decay ** max(h, 0.0) for h in hours])
    im = norm([i / 10 for i in imp])
    re = norm(rel)
    return [w.recency * a + w.importance * b + w.relevance * c for a, b, c in zip(rec, im, re)]


@pytest.mark.parametrize("seed", range(5))
def test_vectorised_rank_matches_the_formula(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n, k = 300, 12
    rel = rng.uniform(-1, 1, n)
    imp = rng.integers(1, 11, n)
    hours = rng.uniform(0, 200, n)
    w = RetrievalWeights(*rng.uniform(0, 3, 3))
    r = rank(rel, imp, hours, decay=0.995, weights=w, k=k)
    ref = _reference(rel.tolist(), imp.tolist(), hours.tolist(), 0.995, w)
    best = sorted(range(n), key=lambda i: -ref[i])[:k]
    np.testing.assert_allclose(r.score, [ref[i] for i in best], atol=1e-5)
    assert set(r.positions.tolist()) == set(best)
    assert list(r.score) == sorted(r.score, reverse=True)
