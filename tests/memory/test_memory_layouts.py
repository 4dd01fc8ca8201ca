"""Embedding layouts and product paths: every way of computing relevance ranks the same.

The stream stores embeddings by dimension (sparse, lexical vectors) or by memory (dense
vectors) and scores a query row by row over its non-zeros or with one dense product. These
tests pin each path to a float64 reference of the paper's formula, on random data, across
growth (which may switch the layout) and with filters.
"""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

import numpy as np
import pytest

from npc_brain.memory import MemoryKind, MemoryStream, RetrievalWeights, relevance
from npc_brain.memory.retrieval import rank

T0 = datetime(2023, 2, 13, 7, 0)
DIM = 64
N = 400
K = 30

Vector = Callable[[np.random.Generator], np.ndarray]


def sparse_vec(rng: np.random.Generator) -> np.ndarray:
    """Like a lexical embedding: 0-6 non-zeros (0 = a text of stop words), unit length."""
    v = np.zeros(DIM, dtype=np.float32)
    nnz = int(rng.integers(0, 7))
    v[rng.choice(DIM, nnz, replace=False)] = rng.standard_normal(nnz)
    norm = np.linalg.norm(v)
    return v / norm if norm else v


def dense_vec(rng: np.random.Generator) -> np.ndarray:
    return rng.standard_normal(DIM).astype(np.float32)  # not unit: norms must be divided out


def build(rng: np.random.Generator, make: Vector, n: int = N) -> tuple[MemoryStream, datetime]:
    s = MemoryStream(DIM, capacity=1)  # grows 1, 2, 4 … : every growth path is exercised
    kinds = list(MemoryKind)
    for i in range(n):
        s.add(kinds[i % len(kinds)], f"m{i}", T0 + timedelta(minutes=7 * i),
              int(rng.integers(1, 11)), make(rng))
    now = T0 + timedelta(minutes=7 * n)
    s.touch(rng.choice(n, n // 10, replace=False).tolist(), now - timedelta(hours=2))
    return s, now


def reference(s: MemoryStream, query: np.ndarray, now: datetime, ids: list[int],
              k: int, weights: RetrievalWeights) -> list[tuple[int, float]]:
    """The formula in float64 over the given candidate ids: (id, score), best first."""
    vectors = np.stack([s.embedding(i) for i in ids]).astype(np.float64)
    q = query.astype(np.float64)
    norms = np.linalg.norm(vectors, axis=1) * np.linalg.norm(q)
    dots = vectors @ q
    rel = np.divide(dots, norms, out=np.zeros_like(dots), where=norms > 0)
    imp = np.array([s.get(i).importance for i in ids])
    hours = np.array([(now - s.last_accessed(i)) / timedelta(hours=1) for i in ids])
    r = rank(rel, imp, hours, decay=s.decay, weights=weights, k=k)
    return [(ids[p], float(x)) for p, x in zip(r.positions.tolist(), r.score)]


def relaid(s: MemoryStream, by_dimension: bool) -> MemoryStream:
    """A copy of `s` with its embeddings forced into one layout."""
    copy = MemoryStream.from_rows(s.to_rows(), dim=DIM, decay=s.decay)
    copy._allocate(len(copy), by_dimension=by_dimension)
    assert relevance.is_by_dimension(copy._emb) is by_dimension
    return copy


def assert_same(got: list[tuple[int, float]], want: list[tuple[int, float]]) -> None:
    assert [i for i, _ in got] == [i for i, _ in want]
    np.testing.assert_allclose([x for _, x in got], [x for _, x in want], atol=1e-5)


def test_layout_follows_the_stored_embeddings() -> None:
    rng = np.random.default_rng(0)
    lexical, _ = build(rng, sparse_vec, 100)
    dense, _ = build(rng, dense_vec, 100)
    assert relevance.is_by_dimension(lexical._emb)
    assert not relevance.is_by_dimension(dense._emb)
    # A stream sized up front never grows: its first memory decides.
    for make, by_dimension in ((sparse_vec, True), (dense_vec, False)):
        roomy = MemoryStream(DIM, capacity=1000)
        roomy.add("observation", "first", T0, 5, make(rng))
        assert relevance.is_by_dimension(roomy._emb) is by_dimension
    # A save keeps the choice: it is made again from the loaded vectors.
    for s in (lexical, dense):
        loaded = MemoryStream.from_rows(s.to_rows(), dim=DIM)
        assert relevance.is_by_dimension(loaded._emb) == relevance.is_by_dimension(s._emb)
        for i in (0, 57, 99):
            np.testing.assert_array_equal(loaded.embedding(i), s.embedding(i))


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("make", [sparse_vec, dense_vec], ids=["sparse-data", "dense-data"])
def test_sparse_and_dense_paths_rank_identically(
    seed: int, make: Vector, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = np.random.default_rng(seed)
    s, now = build(rng, make)
    weights = RetrievalWeights(*rng.uniform(0.2, 2.0, 3))
    streams = {"auto": s, "by-dimension": relaid(s, True), "by-memory": relaid(s, False)}
    queries = [sparse_vec(rng) for _ in range(4)] + [dense_vec(rng) for _ in range(2)]
    queries = [q for q in queries if q.any()]
    for q in queries:
        want = reference(s, q, now, list(range(N)), K, weights)
        # SPARSE_FRACTION 0 sends every query row by row, a huge one every query dense.
        for fraction in (0, 10**9):
            monkeypatch.setattr(relevance, "SPARSE_FRACTION", fraction)
            for name, t in streams.items():
                got = t.snapshot().retrieve(q, now, k=K, weights=weights)
                assert_same([(x.record.id, x.score) for x in got], want)
                assert all(0.0 <= c <= 1.0 for x in got
                           for c in (x.recency, x.importance, x.relevance)), name


@pytest.mark.parametrize("make", [sparse_vec, dense_vec], ids=["sparse-data", "dense-data"])
def test_filters_gather_or_index_with_the_same_result(make: Vector) -> None:
    rng = np.random.default_rng(11)
    s, now = build(rng, make)
    w = RetrievalWeights()
    kinds = list(MemoryKind)
    for q in (sparse_vec(rng) + sparse_vec(rng), dense_vec(rng)):
        if not q.any():
            continue
        for t in (s, relaid(s, True), relaid(s, False)):
            view = t.snapshot()
            # One kind of five: few candidates, their columns are gathered.
            few = [i for i in range(N) if kinds[i % len(kinds)] is MemoryKind.REFLECTION]
            got = view.retrieve(q, now, k=K, kinds=MemoryKind.REFLECTION)
            assert_same([(x.record.id, x.score) for x in got], reference(s, q, now, few, K, w))
            # Excluding a few: most memories stay, products over all of them then indexed.
            drop = set(range(0, N, 9))
            many = [i for i in range(N) if i not in drop]
            got = view.retrieve(q, now, k=K, exclude=drop)
            assert_same([(x.record.id, x.score) for x in got], reference(s, q, now, many, K, w))


@pytest.mark.parametrize("make", [sparse_vec, dense_vec], ids=["sparse-data", "dense-data"])
def test_views_keep_their_answers_across_growth_and_layout_changes(make: Vector) -> None:
    rng = np.random.default_rng(5)
    s = MemoryStream(DIM, capacity=1)
    queries = [v for v in (sparse_vec(rng), sparse_vec(rng), dense_vec(rng)) if v.any()]
    when = T0 + timedelta(days=2)
    snapshots = []
    for i in range(300):
        s.add("observation", f"m{i}", T0 + timedelta(minutes=i), int(rng.integers(1, 11)),
              make(rng))
        if i in (0, 3, 40, 130):  # the first views predate the dense stream's layout switch
            view = s.snapshot()
            snapshots.append((view, [view.retrieve(q, when, k=10) for q in queries]))
    for view, answers in snapshots:
        assert [view.retrieve(q, when, k=10) for q in queries] == answers
        for q, answer in zip(queries, answers):
            want = reference(s, q, when, list(range(len(view))), 10, RetrievalWeights())
            assert_same([(x.record.id, x.score) for x in answer], want)


def test_embedding_copies_are_read_only_in_both_layouts() -> None:
    rng = np.random.default_rng(3)
    s, _ = build(rng, sparse_vec, 50)
    for t in (relaid(s, True), relaid(s, False)):
        e = t.embedding(7)
        np.testing.assert_array_equal(e, s.embedding(7))
        assert e.shape == (DIM,) and not e.flags.writeable
        rows = t.to_rows()
        rows[7].embedding[:] = 9.0  # a save's rows are copies: the stream is untouched
        np.testing.assert_array_equal(t.embedding(7), s.embedding(7))
