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
import sys
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from types import MappingProxyType
from typing import Protocol

import numpy as np

from npc_brain.memory.record import MemoryKind, MemoryRecord, shared_text
from npc_brain.memory.relevance import (
    inverse_norm,
    is_by_dimension,
    is_sparse,
    new_matrix,
)
from npc_brain.memory.retrieval import (
    RetrievalWeights,
    Scored,
)
from npc_brain.memory.view import ColumnReads, Kinds, MemoryView, check_id, from_game_us, game_us
from npc_brain.types.occasion import Occasion

_KIND_CODE = MappingProxyType({kind: code for code, kind in enumerate(MemoryKind)})
_DEFAULT_WEIGHTS = RetrievalWeights()


@dataclass(frozen=True, slots=True)
class MemoryRow:
    """Everything stored about one memory: what saves write and `from_rows` reads."""

    record: MemoryRecord
    embedding: np.ndarray
    last_accessed: datetime


class MemoryStream(ColumnReads):
    """Append-only memory of one agent; ids are 0, 1, 2 … in order of writing."""

    __slots__ = ("_access", "_created", "_decay", "_dim", "_emb", "_imp", "_inv_norm", "_kind", "_lock",
                 "_n", "_records", "_sparse_rows")

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

    def add(self, kind: MemoryKind | str, description: str, created: datetime, importance: float,
            embedding: object, *, evidence: Iterable[int] = (), subject: str | None = None,
            place: str | None = None, teller: str | None = None, fact: str | None = None,
            occasion: Occasion | None = None) -> MemoryRecord:
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
        cited = tuple(dict.fromkeys(check_id(e) for e in evidence))
        with self._lock:
            n = self._n
            missing = [e for e in cited if not 0 <= e < n]
            if missing:
                raise ValueError(f"evidence cites memories that do not exist: {missing}")
            # Texts interned: a town's memories repeat them (one copy of "the bed is made", not one each).
            record = MemoryRecord(n, kind, sys.intern(str(description)), created, importance, cited,
                                  shared_text(subject), shared_text(place), shared_text(teller), shared_text(fact),
                                  occasion)
            self._write(record, vec, created_us, created_us)
        return record

    def _write(self, record: MemoryRecord, vec: np.ndarray, created_us: int, access_us: int) -> None:
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
        idx = np.fromiter((check_id(i) for i in ids), dtype=np.int64)
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
        with self._lock:
            n = self._n
            return MemoryView(self._records, n, dim=self._dim, decay=self._decay, emb=self._emb,
                              inv_norm=self._inv_norm, imp=self._imp, created=self._created, kind=self._kind,
                              access=self._access[:n].copy())

    def retrieve(self, query_embedding: object, now: datetime, *, k: int = 10,
                 weights: RetrievalWeights = _DEFAULT_WEIGHTS, kinds: Kinds = None, exclude: Iterable[int] = ()
                 ) -> list[Scored]:
        """Retrieve on the game thread: `snapshot().retrieve(...)`, then touch the results."""
        scored = self.snapshot().retrieve(
            query_embedding, now, k=k, weights=weights, kinds=kinds, exclude=exclude
        )
        self.touch((s.record.id for s in scored), now)
        return scored

    def to_rows(self) -> list[MemoryRow]:
        """Every memory with its embedding and last access, oldest first (for saves)."""
        with self._lock:
            n, records = self._n, self._records[:self._n]
            vectors = np.array(self._emb[:, :n].T, order="C")  # one (transposing) copy
            access = self._access[:n].copy()
        return [MemoryRow(r, vectors[r.id], from_game_us(int(access[r.id]))) for r in records]

    @classmethod
    def from_rows(cls, rows: Iterable[MemoryRow], *, dim: int, decay: float = 0.995) -> MemoryStream:
        """Rebuild a stream from `to_rows()` output; ValueError if the rows are inconsistent.

        Checks every row first, then fills the columns in bulk (a load of 100k memories
        must not pay one strided column write per memory).
        """
        rows = list(rows)
        m = len(rows)
        stream = cls(dim, decay=decay, capacity=1)
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
        vectors = [row.embedding for row in rows]
        if all(type(v) is np.ndarray and v.dtype == np.float32 and v.shape == (stream._dim,) for v in vectors):
            # A save's rows: checked all at once (a load of 35k memories spent ~0.3 s row by row).
            block = np.stack(vectors) if m else np.zeros((0, stream._dim), dtype=np.float32)
            if not np.isfinite(block).all():
                raise ValueError("embedding contains NaN or infinity")
        else:
            block = np.stack([stream._query_vector(v) for v in vectors]) if m else np.zeros((0, stream._dim))
        sparse = int(np.count_nonzero(is_sparse(np.count_nonzero(block, axis=1), stream._dim)))
        if m:
            stream._sparse_rows = sparse
            stream._allocate(m, by_dimension=2 * sparse >= m)
            # 256 memories at a time: the transposing copy into the by-dimension layout
            # reads a cache-sized piece from L2 (measured best of 64/256/1024 at 100k x 1024).
            for lo in range(0, m, 256):
                piece = block[lo:lo + 256]
                stream._emb[:, lo:lo + len(piece)] = piece.T
                stream._inv_norm[lo:lo + len(piece)] = inverse_norm(piece)
            stream._imp[:m] = [r.record.importance for r in rows]
            stream._created[:m] = [game_us(r.record.created) for r in rows]
            stream._kind[:m] = [_KIND_CODE[r.record.kind] for r in rows]
            stream._access[:m] = [game_us(r.last_accessed) for r in rows]
            stream._records.extend(r.record for r in rows)
            stream._n = m
        return stream

    def footprint(self) -> dict[str, int]:
        """Bytes the stream's arrays hold, allocated capacity included: `embedding` (the matrix),
        `columns` (importance, times, kind, norm, last access) and `records` (the list of record
        references), and `capacity` (memories the arrays have room for). The records themselves
        are Python objects (`bench memory` sizes them)."""
        with self._lock:
            columns = sum(a.nbytes for a in (self._inv_norm, self._imp, self._created, self._kind, self._access))
            return {"embedding": int(self._emb.nbytes), "columns": int(columns),
                    "records": sys.getsizeof(self._records), "capacity": int(self._emb.shape[1])}

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
            r = r.replace(occasion=occasion, subject=subject)
        out.append(MemoryRow(r, row.embedding, row.last_accessed))
    return MemoryStream.from_rows(out, dim=stream.dim, decay=stream.decay)
