"""MemoryView: an immutable snapshot of a memory stream, safe to read from a worker thread.

`MemoryStream.snapshot` makes one over the stream's own numpy columns; the read queries both
share (`ColumnReads`) and retrieval (recency + importance + relevance, paper §4.1) live here.
"""
from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime, timedelta
from types import MappingProxyType
from typing import overload

import numpy as np

from npc_brain.memory.record import MemoryKind, MemoryRecord
from npc_brain.memory.relevance import TINY_NORM, dots
from npc_brain.memory.retrieval import RetrievalWeights, Scored, rank_in_place, recency_minmax

__all__ = ["GAME_EPOCH", "ColumnReads", "Kinds", "MemoryView", "check_id", "from_game_us", "game_us", "kind_codes"]

# Game time is stored as integer microseconds since this epoch: exact round trips
# through saves, and one int64 subtraction per memory when scoring recency.
GAME_EPOCH = datetime(2000, 1, 1)
_US_PER_HOUR = 3_600_000_000
_KIND_CODE = MappingProxyType({kind: code for code, kind in enumerate(MemoryKind)})
_DEFAULT_WEIGHTS = RetrievalWeights()

Kinds = MemoryKind | str | Iterable[MemoryKind | str] | None


def game_us(when: datetime) -> int:
    """Microseconds since GAME_EPOCH. Aware times are taken as UTC (game time is naive)."""
    if not isinstance(when, datetime):
        raise TypeError(f"expected a datetime, got {type(when).__name__}")
    if when.tzinfo is not None:
        when = when.astimezone(UTC).replace(tzinfo=None)
    return (when - GAME_EPOCH) // timedelta(microseconds=1)


def from_game_us(us: int) -> datetime:
    """Inverse of `game_us` (naive game time)."""
    return GAME_EPOCH + timedelta(microseconds=int(us))


def check_id(value: object) -> int:
    if isinstance(value, bool):
        raise TypeError("a memory id must be an int, not a bool")
    return operator.index(value)  # type: ignore[arg-type]


def kind_codes(kinds: Kinds) -> np.ndarray | None:
    if kinds is None:
        return None
    if isinstance(kinds, str):  # MemoryKind is a str too
        kinds = (kinds,)
    return np.array(sorted({_KIND_CODE[MemoryKind(k)] for k in kinds}), dtype=np.int8)


_KIND_MASKS: dict[tuple[str, ...], np.ndarray] = {}


def kind_mask(kinds: Kinds) -> np.ndarray | None:
    """A read-only table by kind code, True for `kinds` (None: every kind); indexed by a column
    of codes it selects those kinds. `np.isin` took ~0.5 ms a call, and the reflection trigger
    asks it of an agent each time its thoughts are looked at (`bench frames`: p50 5.6 -> 8.5 ms
    at 100 NPCs). Cached per kinds (a few constant tuples); a race only builds one twice."""
    if kinds is None:
        return None
    key = (kinds,) if isinstance(kinds, str) else tuple(kinds)
    lut = _KIND_MASKS.get(key)
    if lut is None:
        lut = np.zeros(len(_KIND_CODE), dtype=bool)
        lut[kind_codes(key)] = True
        lut.flags.writeable = False
        _KIND_MASKS[key] = lut
    return lut


class _Records(Sequence[MemoryRecord]):
    """Read-only sequence over the first `n` records of a (growing) list."""

    __slots__ = ("_items", "_n")

    def __init__(self, items: list[MemoryRecord], n: int) -> None:
        self._items = items
        self._n = n

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, index: int) -> MemoryRecord: ...
    @overload
    def __getitem__(self, index: slice) -> list[MemoryRecord]: ...
    def __getitem__(self, index: int | slice) -> MemoryRecord | list[MemoryRecord]:
        if isinstance(index, slice):
            return [self._items[i] for i in range(*index.indices(self._n))]
        i = operator.index(index)
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("memory index out of range")
        return self._items[i]

    def __iter__(self) -> Iterator[MemoryRecord]:
        for i in range(self._n):
            yield self._items[i]

    def __repr__(self) -> str:
        return f"<{self._n} memory records>"


class ColumnReads:
    """Read-only queries shared by the live stream and its snapshots."""

    __slots__ = ()
    _records: list[MemoryRecord]
    _n: int
    _dim: int
    _decay: float
    _emb: np.ndarray  # (dim, capacity): column i is memory i's embedding
    _inv_norm: np.ndarray
    _imp: np.ndarray
    _created: np.ndarray
    _kind: np.ndarray
    _access: np.ndarray

    @property
    def dim(self) -> int:
        """Embedding width."""
        return self._dim

    @property
    def decay(self) -> float:
        """Recency decay factor per game hour since last access."""
        return self._decay

    def __len__(self) -> int:
        return self._n

    def __contains__(self, memory_id: object) -> bool:
        if isinstance(memory_id, bool) or not isinstance(memory_id, (int, np.integer)):
            return False
        return 0 <= int(memory_id) < self._n

    @property
    def records(self) -> Sequence[MemoryRecord]:
        """All records (as of this call for the live stream), oldest first, read-only."""
        return _Records(self._records, self._n)

    def get(self, memory_id: int) -> MemoryRecord:
        """The record with this id; KeyError if there is none."""
        i = check_id(memory_id)
        if not 0 <= i < self._n:
            raise KeyError(f"no memory with id {i} (stream has {self._n})")
        return self._records[i]

    def last_accessed(self, memory_id: int) -> datetime:
        """Game time this memory was created or last retrieved."""
        i = self.get(memory_id).id
        return from_game_us(int(self._access[i]))

    def embedding(self, memory_id: int) -> np.ndarray:
        """A read-only copy of the memory's embedding (shape (dim,))."""
        i = self.get(memory_id).id
        row: np.ndarray = self._emb[:, i].copy()
        row.flags.writeable = False
        return row

    def _select(self, kinds: Kinds, start: int = 0) -> np.ndarray:
        """Ids >= start whose kind is in `kinds` (all kinds when None)."""
        lut = kind_mask(kinds)
        if lut is None:
            return np.arange(start, self._n)
        return np.flatnonzero(lut[self._kind[start:self._n]]) + start

    def latest(self, n: int, kinds: Kinds = None) -> list[MemoryRecord]:
        """The `n` most recent records (optionally of some kinds), oldest first."""
        if n <= 0:
            return []
        if kinds is None:
            return self._records[max(0, self._n - n):self._n]
        return [self._records[i] for i in self._select(kinds)[-n:]]

    def since(self, created_or_id: datetime | int, kinds: Kinds = None) -> list[MemoryRecord]:
        """Records newer than an id (exclusive), or created at/after a game time."""
        if isinstance(created_or_id, datetime):
            mask = self._created[:self._n] >= game_us(created_or_id)
            lut = kind_mask(kinds)
            if lut is not None:
                mask &= lut[self._kind[:self._n]]
            return [self._records[i] for i in np.flatnonzero(mask)]
        start = max(check_id(created_or_id) + 1, 0)
        return [self._records[i] for i in self._select(kinds, start)]

    def importance_since(self, memory_id: int | None, kinds: Kinds = None) -> int:
        """Summed importance after `memory_id` (all when None): the reflection trigger."""
        start = 0 if memory_id is None else max(check_id(memory_id) + 1, 0)
        if start >= self._n:
            return 0
        if kinds is None:
            return int(self._imp[start:self._n].sum(dtype=np.int64))
        lut = kind_mask(kinds)
        assert lut is not None
        return int(self._imp[start:self._n][lut[self._kind[start:self._n]]].sum(dtype=np.int64))

    def _query_vector(self, embedding: object) -> np.ndarray:
        vec = np.asarray(embedding, dtype=np.float32)
        if vec.ndim == 2 and vec.shape[0] == 1:
            vec = vec[0]
        if vec.shape != (self._dim,):
            raise ValueError(f"embedding must have shape ({self._dim},), got {vec.shape}")
        if not np.isfinite(vec).all():
            raise ValueError("embedding contains NaN or infinity")
        return vec


class MemoryView(ColumnReads):
    """An immutable snapshot of a stream: safe to read from a worker thread.

    Built by `MemoryStream.snapshot` over the stream's own arrays: columns below `n` are never
    rewritten, so they are shared, not copied; `access` (last access, which the game thread
    updates) is the view's own copy."""

    __slots__ = ("_access", "_created", "_decay", "_dim", "_emb", "_imp", "_inv_norm", "_kind", "_n",
                 "_records")

    def __init__(self, records: list[MemoryRecord], n: int, *, dim: int, decay: float, emb: np.ndarray,
                 inv_norm: np.ndarray, imp: np.ndarray, created: np.ndarray, kind: np.ndarray,
                 access: np.ndarray) -> None:
        self._records, self._n, self._dim, self._decay = records, n, dim, decay
        self._emb, self._inv_norm, self._imp = emb, inv_norm, imp
        self._created, self._kind, self._access = created, kind, access

    @property
    def matrix(self) -> np.ndarray:
        """The embeddings, (dim x n) as stored (`relevance` reads either layout): read-only use."""
        return self._emb[:, :self._n]

    def retrieve(self, query_embedding: object, now: datetime, *, k: int = 10,
                 weights: RetrievalWeights = _DEFAULT_WEIGHTS, kinds: Kinds = None, exclude: Iterable[int] = ()
                 ) -> list[Scored]:
        """Top-k memories for a query embedding at game time `now`, best first.

        Pure: last access is not updated (the game thread calls `MemoryStream.touch`
        with the returned ids when it applies the job's result).
        """
        q = self._query_vector(query_embedding)
        n = self._n
        if k <= 0 or n == 0:
            return []
        mask = None
        lut = kind_mask(kinds)
        if lut is not None:
            mask = lut[self._kind[:n]]
        drop = np.fromiter((int(i) for i in exclude), dtype=np.int64)
        drop = drop[(drop >= 0) & (drop < n)]
        if drop.size:
            if mask is None:
                mask = np.ones(n, dtype=bool)
            mask[drop] = False
        cand = None if mask is None else np.flatnonzero(mask)
        if cand is not None and cand.size == 0:
            return []
        # Relevance: cosine = (q / |q|) · e * (1 / |e|), the query scaled once up front.
        m = n if cand is None else int(cand.size)
        qn = float(np.linalg.norm(q.astype(np.float64)))
        if qn > TINY_NORM:
            rel = dots(self._emb, q * np.float32(1.0 / qn), n, cand)
            rel *= self._inv_norm[:n] if cand is None else self._inv_norm[cand]
        else:
            rel = np.zeros(m, dtype=np.float32)
        access = self._access[:n] if cand is None else self._access[cand]
        imp = self._imp[:n] if cand is None else self._imp[cand]
        recency = recency_minmax(game_us(now) - access, self._decay, per_hour=_US_PER_HOUR)
        r = rank_in_place(recency, imp, rel, weights=weights, k=k)
        ids = r.positions if cand is None else cand[r.positions]
        return [
            Scored(self._records[i], float(s), float(a), float(b), float(c))
            for i, s, a, b, c in zip(ids.tolist(), r.score, r.recency, r.importance, r.relevance)
        ]
