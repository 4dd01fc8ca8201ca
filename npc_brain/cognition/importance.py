"""Importance: rate new memories 1–10, in one batched call, skipping cached routine ones."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

import numpy as np

from npc_brain.cognition import prompts
from npc_brain.cognition.schemas import ratings_schema
from npc_brain.llm.protocols import ChatModel, Embedder
from npc_brain.memory.importance import ImportanceCache, normalise_description
from npc_brain.memory.record import MemoryKind


@dataclass(frozen=True, slots=True)
class MemoryDraft:
    """A memory waiting to be written: importance None means 'ask the model (or the cache)'."""

    kind: MemoryKind
    description: str
    created: datetime
    importance: int | None = None
    subject: str | None = None
    place: str | None = None
    evidence: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class RatedMemory:
    """A draft with its importance and embedding, ready for `MemoryStream.add`."""

    draft: MemoryDraft
    importance: int
    embedding: np.ndarray


@dataclass(frozen=True, slots=True)
class Memorized:
    """Result of a MEMORIZE job: the rated memories and the newly rated texts for the cache."""

    memories: tuple[RatedMemory, ...]
    new_ratings: tuple[tuple[str, int], ...]
    calls: int


def memorize(
    model: ChatModel,
    embedder: Embedder,
    drafts: Sequence[MemoryDraft],
    *,
    agent: str,
    cache: ImportanceCache | None = None,
    max_batch: int = 24,
) -> Memorized:
    """Embed all drafts in one call and rate those without importance.

    Cached texts cost nothing; duplicates within the batch are rated once; the rest go
    to the model in batches of at most `max_batch` numbered lines.
    """
    ratings: dict[str, int] = {}
    todo: list[str] = []
    pending: set[str] = set()
    for d in drafts:
        if d.importance is not None:
            continue
        key = normalise_description(d.description)
        if key in ratings or key in pending:
            continue
        hit = cache.get(d.description) if cache is not None else None
        if hit is not None:
            ratings[key] = hit
        else:
            todo.append(d.description)
            pending.add(key)
    calls = 0
    fresh: list[tuple[str, int]] = []
    for i in range(0, len(todo), max_batch):
        batch = todo[i:i + max_batch]
        out = model.parse(
            prompts.importance_messages(agent, batch),
            ratings_schema(len(batch)),
            max_tokens=12 + 6 * len(batch),  # room for pretty-printed JSON
            purpose="importance",
            agent=agent,
        )
        calls += 1
        for text, value in zip(batch, out.r):
            ratings[normalise_description(text)] = int(value)
            fresh.append((text, int(value)))
    vectors = embedder.embed([d.description for d in drafts]) if drafts else np.zeros((0, embedder.dim))
    rated = tuple(
        RatedMemory(
            d,
            d.importance if d.importance is not None else ratings[normalise_description(d.description)],
            np.asarray(vec, dtype=np.float32),
        )
        for d, vec in zip(drafts, vectors)
    )
    return Memorized(rated, tuple(fresh), calls)


def with_importance(draft: MemoryDraft, importance: int) -> MemoryDraft:
    """A copy of the draft with a fixed importance (skips rating)."""
    return replace(draft, importance=max(1, min(10, int(importance))))
