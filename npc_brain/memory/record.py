"""MemoryRecord: one entry of an agent's memory stream (the paper's "memory object")."""
from __future__ import annotations

import sys
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from npc_brain.types.occasion import Occasion


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

    Provenance is data, set when the record is made and never read back out of the text:
    `teller` is who told the agent (None: it saw, did or thought it itself), `fact` what was
    told without who told it (None: the description is the fact), `subject` whom (or what
    address) it is about, `place` where, and `occasion` the occasion it speaks of — its
    name, place and time window — when it speaks of one.
    """

    id: int
    kind: MemoryKind
    description: str
    created: datetime
    importance: int
    evidence: tuple[int, ...] = ()
    subject: str | None = None
    place: str | None = None
    teller: str | None = None
    fact: str | None = None
    occasion: Occasion | None = None

    @property
    def claim(self) -> str:
        """What the memory holds to be so (or that someone said so): the fact, without who told it."""
        return self.fact if self.fact is not None else self.description

    @property
    def heard(self) -> bool:
        """True when someone told the agent (a claim of theirs, not something it saw)."""
        return self.teller is not None


def shared_text(text: str | None) -> str | None:
    """One object per distinct text (interned): a town's records repeat their texts ("the bed is
    made", a resident's name, a place's address), and one copy is kept instead of one per record.
    (`bench memory`, 100 NPCs × 2 game days: 307 → 214 bytes a record)."""
    return sys.intern(text) if type(text) is str else text
