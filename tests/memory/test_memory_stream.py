"""MemoryStream: append-only storage, queries, touch, snapshots, rows."""
from __future__ import annotations

import threading
from datetime import datetime, timedelta

import numpy as np
import pytest

from npc_brain.memory import (
    MemoryKind,
    MemoryRecord,
    MemoryRow,
    MemoryStream,
    MemoryView,
    RetrievalWeights,
)

T0 = datetime(2023, 2, 13, 7, 0)
DIM = 8


def vec(i: int, dim: int = DIM) -> np.ndarray:
    """A deterministic, distinct vector per integer."""
    return np.random.default_rng(i).standard_normal(dim).astype(np.float32)


def filled(n: int, **kw: object) -> MemoryStream:
    s = MemoryStream(DIM, **kw)  # type: ignore[arg-type]
    kinds = list(MemoryKind)
    for i in range(n):
        s.add(kinds[i % len(kinds)], f"memory {i}", T0 + timedelta(minutes=10 * i), i % 10 + 1,
              vec(i))
    return s


def test_add_assigns_ids_and_stores_fields() -> None:
    s = MemoryStream(DIM)
    a = s.add("observation", "Klaus is reading", T0, 3, vec(0), subject="Klaus", place="library")
    b = s.add(MemoryKind.REFLECTION, "Klaus loves books", T0 + timedelta(hours=1), 7, vec(1),
              evidence=[0, 0])
    assert (a.id, b.id) == (0, 1)
    assert a == MemoryRecord(0, MemoryKind.OBSERVATION, "Klaus is reading", T0, 3, (), "Klaus",
                             "library")
    assert b.evidence == (0,)  # duplicates folded, order kept
    assert len(s) == 2 and s.get(1) is b
    assert s.last_accessed(0) == T0
    np.testing.assert_array_equal(s.embedding(1), vec(1))


def test_importance_is_clamped_and_rounded() -> None:
    s = MemoryStream(DIM)
    assert [s.add("thought", "x", T0, v, vec(0)).importance for v in (0, -5, 42, 7.6, 3)] == [
        1, 1, 10, 8, 3]


@pytest.mark.parametrize("bad", [True, float("nan"), "5", None])
def test_bad_importance_rejected(bad: object) -> None:
    s = MemoryStream(DIM)
    with pytest.raises((TypeError, ValueError)):
        s.add("observation", "x", T0, bad, vec(0))  # type: ignore[arg-type]
    assert len(s) == 0


def test_evidence_must_exist_and_nothing_is_appended_on_error() -> None:
    s = filled(3)
    with pytest.raises(ValueError, match="do not exist"):
        s.add("reflection", "insight", T0, 5, vec(9), evidence=(1, 3))
    with pytest.raises(ValueError):
        s.add("reflection", "insight", T0, 5, vec(9), evidence=(-1,))
    assert len(s) == 3
    assert s.add("reflection", "insight", T0, 5, vec(9), evidence=(2, 0)).id == 3


def test_embedding_validation() -> None:
    s = MemoryStream(DIM)
    with pytest.raises(ValueError, match="shape"):
        s.add("observation", "x", T0, 1, np.zeros(DIM + 1))
    bad = vec(0)
    bad[2] = np.nan
    with pytest.raises(ValueError, match="NaN"):
        s.add("observation", "x", T0, 1, bad)
    assert s.add("observation", "x", T0, 1, vec(0)[None, :]).id == 0  # (1, dim) is accepted
    with pytest.raises(ValueError):
        s.add("feeling", "x", T0, 1, vec(0))  # not a MemoryKind
    with pytest.raises(TypeError):
        s.add("observation", "x", "2023-02-13", 1, vec(0))  # type: ignore[arg-type]
    assert len(s) == 1


def test_constructor_validation() -> None:
    for bad in ({"dim": 0}, {"dim": 4, "decay": 0.0}, {"dim": 4, "decay": 1.5}):
        with pytest.raises(ValueError):
            MemoryStream(**bad)  # type: ignore[arg-type]


def test_get_contains_and_read_only_records() -> None:
    s = filled(5)
    with pytest.raises(KeyError):
        s.get(5)
    with pytest.raises(KeyError):
        s.get(-1)
    assert 4 in s and 5 not in s and "4" not in s and True not in s
    recs = s.records
    assert [r.id for r in recs] == [0, 1, 2, 3, 4]
    assert recs[-1].id == 4 and [r.id for r in recs[1:3]] == [1, 2]
    assert not hasattr(recs, "append") and not hasattr(recs, "__setitem__")
    s.add("observation", "later", T0, 1, vec(99))
    assert len(recs) == 5 and len(s.records) == 6  # a records view is fixed at call time
    with pytest.raises(IndexError):
        recs[5]


def test_latest_since_and_importance_since() -> None:
    s = filled(12)  # kinds cycle through the 5 kinds; importance = i % 10 + 1
    assert [r.id for r in s.latest(3)] == [9, 10, 11]
    assert [r.id for r in s.latest(100)] == list(range(12))
    assert s.latest(0) == []
    assert [r.id for r in s.latest(2, kinds=MemoryKind.OBSERVATION)] == [5, 10]
    assert [r.id for r in s.latest(5, kinds=["plan", "thought"])] == [2, 4, 7, 9]
    assert [r.id for r in s.since(9)] == [10, 11]  # exclusive of the id
    assert [r.id for r in s.since(T0 + timedelta(minutes=100))] == [10, 11]  # inclusive time
    assert [r.id for r in s.since(-1)] == list(range(12))
    assert [r.id for r in s.since(2, kinds="reflection")] == [6, 11]
    expected = sum(i % 10 + 1 for i in range(8, 12))
    assert s.importance_since(7) == expected
    assert s.importance_since(None) == sum(i % 10 + 1 for i in range(12))
    assert s.importance_since(11) == 0
    assert s.importance_since(0, kinds="observation") == 6 + 1  # ids 5 and 10


def test_growth_keeps_every_row() -> None:
    s = filled(300, capacity=1)
    for i in (0, 1, 2, 150, 299):
        np.testing.assert_array_equal(s.embedding(i), vec(i))
        assert s.get(i).description == f"memory {i}"
    relevance_only = RetrievalWeights(recency=0, importance=0, relevance=1)
    top = s.retrieve(vec(150), T0 + timedelta(days=3), k=1, weights=relevance_only)
    assert top[0].record.id == 150


def test_touch_moves_last_access_forward_only() -> None:
    s = filled(4)
    later = T0 + timedelta(hours=5)
    s.touch([1, 2, 2], later)
    assert s.last_accessed(1) == later and s.last_accessed(0) == T0
    s.touch([1], T0)  # a stale job result must not make a memory look older
    assert s.last_accessed(1) == later
    with pytest.raises(KeyError):
        s.touch([0, 7], later)
    assert s.last_accessed(0) == T0  # rejected as a whole
    s.touch([], later)


def test_snapshot_is_isolated_from_later_writes() -> None:
    s = filled(10)
    view = s.snapshot()
    assert isinstance(view, MemoryView)
    before = [(x.record.id, x.score) for x in view.retrieve(vec(3), T0 + timedelta(hours=3))]
    for i in range(10, 200):  # forces the matrix to grow
        s.add("observation", f"memory {i}", T0, 10, vec(3))
    s.touch(range(10), T0 + timedelta(hours=3))
    assert len(view) == 10 and len(view.records) == 10 and 10 not in view
    assert view.last_accessed(5) == T0 + timedelta(minutes=50)
    after = [(x.record.id, x.score) for x in view.retrieve(vec(3), T0 + timedelta(hours=3))]
    assert after == before
    assert s.last_accessed(5) == T0 + timedelta(hours=3)


def test_view_retrieve_is_pure_and_stream_retrieve_touches() -> None:
    s = filled(20)
    now = T0 + timedelta(days=1)
    view = s.snapshot()
    got = view.retrieve(vec(4), now, k=3)
    assert all(s.last_accessed(x.record.id) < now for x in got)
    got = s.retrieve(vec(4), now, k=3)
    assert len(got) == 3
    assert all(s.last_accessed(x.record.id) == now for x in got)
    assert sum(s.last_accessed(i) == now for i in range(20)) == 3


def test_snapshots_from_another_thread_while_appending() -> None:
    """Every snapshot taken mid-append is internally consistent (no torn rows)."""
    s = MemoryStream(DIM, capacity=2)
    n_total = 3000
    stop = threading.Event()
    problems: list[str] = []
    checked = [0]

    def reader() -> None:
        while not stop.is_set():
            view = s.snapshot()
            n = len(view)
            if n == 0:
                continue
            for i in {0, n // 2, n - 1}:
                rec = view.get(i)
                if rec.id != i or rec.description != f"m{i}":
                    problems.append(f"record {i} wrong: {rec}")
                if not np.array_equal(view.embedding(i), vec(i)):
                    problems.append(f"embedding {i} torn")
            top = view.retrieve(vec(n - 1), T0 + timedelta(days=30), k=1)
            if top[0].record.id != n - 1:
                problems.append(f"retrieval of newest row failed at n={n}")
            checked[0] += 1

    t = threading.Thread(target=reader)
    t.start()
    try:
        for i in range(n_total):
            s.add("observation", f"m{i}", T0 + timedelta(minutes=i), 5, vec(i))
    finally:
        stop.set()
        t.join()
    assert not problems, problems[:5]
    assert checked[0] > 0 and len(s) == n_total


def test_rows_round_trip() -> None:
    s = filled(6)
    s.add("reflection", "r", T0, 9, vec(50), evidence=(1, 4), subject="Klaus", place="cafe")
    s.touch([2], T0 + timedelta(hours=9))
    rows = s.to_rows()
    t = MemoryStream.from_rows(rows, dim=DIM, decay=s.decay)
    assert list(t.records) == list(s.records)
    for i in range(len(s)):
        np.testing.assert_array_equal(t.embedding(i), s.embedding(i))
        assert t.last_accessed(i) == s.last_accessed(i)
    assert t.add("observation", "next", T0, 1, vec(1)).id == 7


def test_from_rows_rejects_inconsistent_rows() -> None:
    rows = filled(3).to_rows()
    rec = rows[2].record
    gap = [rows[0], rows[2]]
    with pytest.raises(ValueError, match="in order"):
        MemoryStream.from_rows(gap, dim=DIM)
    future = MemoryRecord(rec.id, rec.kind, rec.description, rec.created, 5, (2,))
    with pytest.raises(ValueError, match="evidence"):
        MemoryStream.from_rows([*rows[:2], MemoryRow(future, rows[2].embedding, T0)], dim=DIM)
    zero = MemoryRecord(rec.id, rec.kind, rec.description, rec.created, 0)
    with pytest.raises(ValueError, match="importance"):
        MemoryStream.from_rows([*rows[:2], MemoryRow(zero, rows[2].embedding, T0)], dim=DIM)
    with pytest.raises(ValueError, match="shape"):
        MemoryStream.from_rows(rows, dim=DIM + 1)
