"""MemoryStream: an agent's append-only memory (paper §4.1) over contiguous numpy columns.

Embeddings are a (dim x capacity) matrix, column i = memory i, stored by dimension for
sparse (lexical) embeddings and by memory for dense ones; `npc_brain.memory.relevance`
chooses and reads the layout (a sparse query reads only its own rows).

Threading model: the game thread owns the stream (add, touch). A thinking job gets a
`MemoryView` from `snapshot()` and reads it on a worker thread while the game keeps
appending. That is safe without copying the embedding matrix because columns below the
snapshot's length are never rewritten: appends go to new columns, and growing the capacity
moves the stream to a fresh array while the view keeps the old one. Only the small
mutable column (last access) is copied.
"""
from __future__ import annotations

import math
import operator
import threading
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from types import MappingProxyType
from typing import Protocol, overload

import numpy as np

from npc_brain.memory.record import MemoryKind, MemoryRecord
from npc_brain.memory.relevance import (
    TINY_NORM,
    dots,
    inverse_norm,
    is_by_dimension,
    is_sparse,
    new_matrix,
)
from npc_brain.memory.retrieval import (
    RetrievalWeights,
    Scored,
    rank_in_place,
    recency_minmax,
)
from npc_brain.types.occasion import Occasion

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


def _check_id(value: object) -> int:
    if isinstance(value, bool):
        raise TypeError("a memory id must be an int, not a bool")
    return operator.index(value)  # type: ignore[arg-type]


def _kind_codes(kinds: Kinds) -> np.ndarray | None:
    if kinds is None:
        return None
    if isinstance(kinds, str):  # MemoryKind is a str too
        kinds = (kinds,)
    return np.array(sorted({_KIND_CODE[MemoryKind(k)] for k in kinds}), dtype=np.int8)


@dataclass(frozen=True, slots=True)
class MemoryRow:
    """Everything stored about one memory: what saves write and `from_rows` reads."""

    record: MemoryRecord
    embedding: np.ndarray
    last_accessed: datetime


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


class _Reads:
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
        i = _check_id(memory_id)
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
        codes = _kind_codes(kinds)
        if codes is None:
            return np.arange(start, self._n)
        return np.flatnonzero(np.isin(self._kind[start:self._n], codes)) + start

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
            codes = _kind_codes(kinds)
            if codes is not None:
                mask &= np.isin(self._kind[:self._n], codes)
            return [self._records[i] for i in np.flatnonzero(mask)]
        start = max(_check_id(created_or_id) + 1, 0)
        return [self._records[i] for i in self._select(kinds, start)]

    def importance_since(self, memory_id: int | None, kinds: Kinds = None) -> int:
        """Summed importance after `memory_id` (all when None): the reflection trigger."""
        start = 0 if memory_id is None else max(_check_id(memory_id) + 1, 0)
        if start >= self._n:
            return 0
        if kinds is None:
            return int(self._imp[start:self._n].sum(dtype=np.int64))
        return int(self._imp[self._select(kinds, start)].sum(dtype=np.int64))

    def _query_vector(self, embedding: object) -> np.ndarray:
        vec = np.asarray(embedding, dtype=np.float32)
        if vec.ndim == 2 and vec.shape[0] == 1:
            vec = vec[0]
        if vec.shape != (self._dim,):
            raise ValueError(f"embedding must have shape ({self._dim},), got {vec.shape}")
        if not np.isfinite(vec).all():
            raise ValueError("embedding contains NaN or infinity")
        return vec


class MemoryView(_Reads):
    """An immutable snapshot of a stream: safe to read from a worker thread."""

    __slots__ = (
        "_access",
        "_created",
        "_decay",
        "_dim",
        "_emb",
        "_imp",
        "_inv_norm",
        "_kind",
        "_n",
        "_records",
    )

    def retrieve(
        self,
        query_embedding: object,
        now: datetime,
        *,
        k: int = 10,
        weights: RetrievalWeights = _DEFAULT_WEIGHTS,
        kinds: Kinds = None,
        exclude: Iterable[int] = (),
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
        codes = _kind_codes(kinds)
        if codes is not None:
            mask = np.isin(self._kind[:n], codes)
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


class MemoryStream(_Reads):
    """Append-only memory of one agent; ids are 0, 1, 2 … in order of writing."""

    __slots__ = (
        "_access",
        "_created",
        "_decay",
        "_dim",
        "_emb",
        "_imp",
        "_inv_norm",
        "_kind",
        "_lock",
        "_n",
        "_records",
        "_sparse_rows",
    )

    def __init__(self, dim: int, *, decay: float = 0.995, capacity: int = 64) -> None:
        if isinstance(dim, bool) or operator.index(dim) <= 0:
            raise ValueError(f"dim must be a positive int, got {dim!r}")
        if not (isinstance(decay, (int, float)) and 0.0 < decay <= 1.0):
            raise ValueError(f"decay must be in (0, 1], got {decay!r}")
        self._dim = operator.index(dim)
        self._decay = float(decay)
        self._records = []
        self._n = 0
        self._sparse_rows = 0  # stored embeddings with few non-zeros: picks the layout
        self._lock = threading.Lock()
        self._allocate(max(int(capacity), 1))

    def _allocate(self, capacity: int, by_dimension: bool | None = None) -> None:
        """Move every memory to fresh arrays with room for `capacity` (old arrays stay untouched).

        The embedding layout is re-chosen each time, by majority of the stored embeddings
        unless `by_dimension` says (an empty stream expects the default, sparse, embedder
        until its first memory arrives).
        """
        n = self._n
        first = not hasattr(self, "_emb")
        if by_dimension is None:
            by_dimension = 2 * self._sparse_rows >= n
        emb = new_matrix(self._dim, capacity, by_dimension)
        columns = {"_inv_norm": np.float32, "_imp": np.int8, "_created": np.int64,
                   "_kind": np.int8, "_access": np.int64}
        fresh = {name: np.zeros(capacity, dtype=dtype) for name, dtype in columns.items()}
        if not first and n:  # the memory axis is the last one everywhere
            emb[:, :n] = self._emb[:, :n]
            for name, new in fresh.items():
                new[:n] = getattr(self, name)[:n]
        self._emb = emb
        for name, new in fresh.items():
            setattr(self, name, new)

    def add(
        self,
        kind: MemoryKind | str,
        description: str,
        created: datetime,
        importance: float,
        embedding: object,
        *,
        evidence: Iterable[int] = (),
        subject: str | None = None,
        place: str | None = None,
        teller: str | None = None,
        fact: str | None = None,
        occasion: Occasion | None = None,
    ) -> MemoryRecord:
        """Append a memory and return its record (provenance: see `MemoryRecord`).

        Importance is clamped to 1..10; evidence ids must name existing memories
        (ValueError otherwise); the embedding must have shape (dim,) and be finite.
        """
        kind = MemoryKind(kind)
        if not isinstance(description, str):
            raise TypeError("description must be a str")
        created_us = game_us(created)
        if isinstance(importance, bool) or not isinstance(importance, (int, float, np.number)):
            raise TypeError(f"importance must be a number, got {importance!r}")
        if not math.isfinite(importance):
            raise ValueError(f"importance must be finite, got {importance!r}")
        importance = min(10, max(1, int(round(importance))))
        vec = self._query_vector(embedding)
        cited = tuple(dict.fromkeys(_check_id(e) for e in evidence))
        with self._lock:
            n = self._n
            missing = [e for e in cited if not 0 <= e < n]
            if missing:
                raise ValueError(f"evidence cites memories that do not exist: {missing}")
            record = MemoryRecord(n, kind, description, created, importance, cited, subject, place, teller, fact,
                                  occasion)
            self._write(record, vec, created_us, created_us)
        return record

    def _write(
        self, record: MemoryRecord, vec: np.ndarray, created_us: int, access_us: int
    ) -> None:
        """Fill column n, then publish it (caller holds the lock)."""
        n = self._n
        sparse = bool(is_sparse(np.count_nonzero(vec), self._dim))
        if n == 0 and sparse != is_by_dimension(self._emb):
            # The first memory tells which embedder this is: a stream made with a large
            # capacity might otherwise never grow, and so never fix its layout.
            self._allocate(self._emb.shape[1], by_dimension=sparse)
        elif n == self._emb.shape[1]:
            self._allocate(2 * n)
        if is_by_dimension(self._emb):
            # Column n is still all zeros (columns are written once, when published):
            # write only the non-zeros, ~6 scattered floats for a lexical embedding
            # instead of dim of them, each on its own row of the matrix.
            nz = np.flatnonzero(vec)
            self._emb[nz, n] = vec[nz]
        else:
            self._emb[:, n] = vec
        self._inv_norm[n] = inverse_norm(vec)
        self._sparse_rows += sparse
        self._imp[n] = record.importance
        self._created[n] = created_us
        self._kind[n] = _KIND_CODE[record.kind]
        self._access[n] = access_us
        self._records.append(record)
        self._n = n + 1  # last: a snapshot taken now sees the row complete or not at all

    def touch(self, ids: Iterable[int], now: datetime) -> None:
        """Mark memories as accessed at `now` (never moves last access backwards)."""
        idx = np.fromiter((_check_id(i) for i in ids), dtype=np.int64)
        if idx.size == 0:
            return
        t = game_us(now)
        with self._lock:
            bad = idx[(idx < 0) | (idx >= self._n)]
            if bad.size:
                raise KeyError(f"no memories with ids {bad.tolist()}")
            self._access[idx] = np.maximum(self._access[idx], t)

    def snapshot(self) -> MemoryView:
        """An immutable view of the stream as it is now (O(1) but for last access)."""
        view = MemoryView.__new__(MemoryView)
        with self._lock:
            n = self._n
            view._records, view._n = self._records, n
            view._dim, view._decay = self._dim, self._decay
            view._emb, view._inv_norm, view._imp = self._emb, self._inv_norm, self._imp
            view._created, view._kind = self._created, self._kind
            view._access = self._access[:n].copy()
        return view

    def retrieve(
        self,
        query_embedding: object,
        now: datetime,
        *,
        k: int = 10,
        weights: RetrievalWeights = _DEFAULT_WEIGHTS,
        kinds: Kinds = None,
        exclude: Iterable[int] = (),
    ) -> list[Scored]:
        """Retrieve on the game thread: `snapshot().retrieve(...)`, then touch the results."""
        scored = self.snapshot().retrieve(
            query_embedding, now, k=k, weights=weights, kinds=kinds, exclude=exclude
        )
        self.touch((s.record.id for s in scored), now)
        return scored

    def to_rows(self) -> list[MemoryRow]:
        """Every memory with its embedding and last access, oldest first (for saves)."""
        view = self.snapshot()
        n = len(view)
        vectors = np.array(view._emb[:, :n].T, order="C")  # one (transposing) copy
        return [
            MemoryRow(r, vectors[r.id], from_game_us(int(view._access[r.id])))
            for r in view.records
        ]

    @classmethod
    def from_rows(
        cls, rows: Iterable[MemoryRow], *, dim: int, decay: float = 0.995
    ) -> MemoryStream:
        """Rebuild a stream from `to_rows()` output; ValueError if the rows are inconsistent.

        Checks every row first, then fills the columns in bulk (a load of 100k memories
        must not pay one strided column write per memory).
        """
        rows = list(rows)
        m = len(rows)
        stream = cls(dim, decay=decay, capacity=1)
        vectors: list[np.ndarray] = []
        sparse = 0
        for expected, row in enumerate(rows):
            rec = row.record
            if not isinstance(rec, MemoryRecord) or rec.id != expected:
                raise ValueError(f"row {expected}: ids must run 0, 1, 2 … in order")
            if not isinstance(rec.kind, MemoryKind):
                raise ValueError(f"memory {rec.id}: kind {rec.kind!r} is not a MemoryKind")
            if isinstance(rec.importance, bool) or rec.importance not in range(1, 11):
                raise ValueError(f"memory {rec.id}: importance {rec.importance!r} not in 1..10")
            if any(not 0 <= e < rec.id for e in rec.evidence):
                raise ValueError(f"memory {rec.id}: evidence {rec.evidence} cites unknown ids")
            vec = stream._query_vector(row.embedding)
            vectors.append(vec)
            sparse += bool(is_sparse(np.count_nonzero(vec), stream._dim))
        if m:
            stream._sparse_rows = sparse
            stream._allocate(m, by_dimension=2 * sparse >= m)
            # 256 memories at a time through a cache-sized buffer: the transposing copy
            # into the by-dimension layout reads it from L2, not from the scattered rows
            # (measured best of 64/256/1024 at 100k x 1024).
            buffer = np.empty((min(m, 256), stream._dim), dtype=np.float32)
            for lo in range(0, m, 256):
                block = buffer[:min(256, m - lo)]
                np.stack(vectors[lo:lo + 256], out=block)
                stream._emb[:, lo:lo + len(block)] = block.T
                stream._inv_norm[lo:lo + len(block)] = inverse_norm(block)
            stream._imp[:m] = [r.record.importance for r in rows]
            stream._created[:m] = [game_us(r.record.created) for r in rows]
            stream._kind[:m] = [_KIND_CODE[r.record.kind] for r in rows]
            stream._access[:m] = [game_us(r.last_accessed) for r in rows]
            stream._records.extend(r.record for r in rows)
            stream._n = m
        return stream

    def __repr__(self) -> str:
        return f"MemoryStream(dim={self._dim}, decay={self._decay}, n={self._n})"


class ProvenanceReader(Protocol):
    """What `with_provenance` needs of a reader (`language.TextReader`)."""

    def occasion(self, text: str, now: datetime, *, speaker: str | None = None) -> Occasion | None: ...
    def about(self, text: str) -> str | None: ...


def with_provenance(stream: MemoryStream, reader: ProvenanceReader, owner: str) -> MemoryStream:
    """A copy of `stream` whose records without provenance (a save from before it) have their
    occasion and subject read once, as of when each was made (sightings, plans, reflections
    and transcripts keep what they had)."""
    rows = stream.to_rows()
    out: list[MemoryRow] = []
    for row in rows:
        r = row.record
        if r.occasion is None and r.kind in (MemoryKind.OBSERVATION, MemoryKind.THOUGHT, MemoryKind.DIALOGUE) \
                and not r.description.startswith("Conversation with ") \
                and (r.kind is not MemoryKind.DIALOGUE or r.teller is not None):
            occasion = reader.occasion(r.claim, r.created, speaker=r.teller or owner)
            subject = r.subject if r.subject else reader.about(r.claim)
            r = replace(r, occasion=occasion, subject=subject)
        out.append(MemoryRow(r, row.embedding, row.last_accessed))
    return MemoryStream.from_rows(out, dim=stream.dim, decay=stream.decay)
