"""Newsworthy: whether a memory is worth telling someone, decided by its fields alone.

Not by what it is about — a run for mayor, a lost dog and a barn raising are news for the
same reasons: the agent saw, did or thought it itself, or someone told it (`teller`); it is
rated above routine (who is eating what is not news); and it is not about, nor from, the
one it would be told to. A reflection or a plan is one's own reasoning; a transcript or a
summary (speech with no teller) is evidence of a talk, not news. Pure.
"""
from __future__ import annotations

from npc_brain.memory.record import MemoryKind, MemoryRecord

__all__ = ["ROUTINE", "newsworthy"]

ROUTINE = 2
"""Importance of routine sightings and chat (`importance.PERSON_ACTION`, `hearsay.CHAT`):
news must be rated above it."""


def newsworthy(record: MemoryRecord, listener: str = "") -> bool:
    """Worth telling `listener` (or anyone, when empty), by the record's kind, teller,
    subject and importance."""
    if record.kind in (MemoryKind.REFLECTION, MemoryKind.PLAN):
        return False
    if record.kind is MemoryKind.DIALOGUE and record.teller is None:
        return False
    if record.importance <= ROUTINE:
        return False
    return not listener or (record.teller != listener and record.subject != listener)
