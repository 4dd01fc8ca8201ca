"""MemoryRecord: one entry of an agent's memory stream (the paper's "memory object")."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum


class MemoryKind(StrEnum):
    """What a memory is. Every kind lives in the same stream and is retrievable."""

    OBSERVATION = "observation"
    REFLECTION = "reflection"
    PLAN = "plan"
    DIALOGUE = "dialogue"
    THOUGHT = "thought"  # the agent's inner voice; the game's "whisper" lands here


@dataclass(frozen=True, slots=True)
class MemoryRecord:
    """An immutable memory. Corrections are new records, never edits.

    The embedding lives in the stream's matrix and last access is a stream column,
    so a record can be shared freely between the game thread and job threads.
    `evidence` holds the ids a reflection rests on (always older records).
    """

    id: int
    kind: MemoryKind
    description: str
    created: datetime
    importance: int
    evidence: tuple[int, ...] = ()
    subject: str | None = None
    place: str | None = None
