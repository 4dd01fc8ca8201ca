"""Recall: text queries against a memory snapshot, keeping the scores for the inspector."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from npc_brain.llm.protocols import Embedder
from npc_brain.memory.record import MemoryRecord
from npc_brain.memory.retrieval import RetrievalWeights, Scored
from npc_brain.memory.view import MemoryView


@dataclass(frozen=True, slots=True)
class Recall:
    """One retrieval: the query text and the scored memories it returned, best first."""

    query: str
    results: tuple[Scored, ...]

    @property
    def records(self) -> tuple[MemoryRecord, ...]:
        """The retrieved records, best first."""
        return tuple(s.record for s in self.results)


def recall(
    view: MemoryView,
    embedder: Embedder,
    queries: Sequence[str],
    now: datetime,
    *,
    k: int,
    weights: RetrievalWeights,
    kinds: Iterable[str] | None = None,
    exclude: Iterable[int] = (),
) -> list[Recall]:
    """Retrieve the top-k memories for each query (one batched embedding call)."""
    if not queries or len(view) == 0:
        return [Recall(q, ()) for q in queries]
    vectors = embedder.embed(list(queries))
    excl = tuple(exclude)
    kinds_t = tuple(kinds) if kinds is not None else None
    return [
        Recall(q, tuple(view.retrieve(vec, now, k=k, weights=weights, kinds=kinds_t, exclude=excl)))
        for q, vec in zip(queries, vectors)
    ]


def merged(recalls: Iterable[Recall], limit: int | None = None) -> list[MemoryRecord]:
    """Union of the recalled records, best score first, each once."""
    best: dict[int, tuple[float, MemoryRecord]] = {}
    for r in recalls:
        for s in r.results:
            if s.record.id not in best or best[s.record.id][0] < s.score:
                best[s.record.id] = (s.score, s.record)
    ordered = [rec for _, rec in sorted(best.values(), key=lambda t: (-t[0], t[1].id))]
    return ordered[:limit] if limit is not None else ordered


def touched(recalls: Iterable[Recall]) -> list[int]:
    """Ids to pass to `MemoryStream.touch` when the job's result is applied."""
    return sorted({s.record.id for r in recalls for s in r.results})
