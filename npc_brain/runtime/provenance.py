"""Provenance: a memory draft with what its text says — the occasion it speaks of, whom it is about.

The caller gives what it knows (teller, place, subject, occasion); the agent's `TextReader` reads
the rest from the words when the memory is made, never later.
"""
from __future__ import annotations

from datetime import datetime

from npc_brain.cognition.importance import MemoryDraft
from npc_brain.language.occasions import announce
from npc_brain.language.reader import TextReader
from npc_brain.memory.record import MemoryKind
from npc_brain.types.occasion import Occasion
from npc_brain.types.persona import OccasionSeed

__all__ = ["draft", "occasion_seed"]


def draft(reader: TextReader, owner: str, kind: MemoryKind, description: str, now: datetime, *,
          importance: int | None = None, subject: str | None = None, place: str | None = None,
          teller: str | None = None, fact: str | None = None, occasion: Occasion | None = None,
          sighting: bool = False, evidence: tuple[int, ...] = ()) -> MemoryDraft:
    """`owner`'s memory draft with its provenance: what the caller knows, and what `reader` finds
    in the text when it is made — the occasion it speaks of and whom it is about (never for a
    sighting, a plan or a reflection, whose subject and place the caller gives)."""
    if not sighting and kind in (MemoryKind.OBSERVATION, MemoryKind.THOUGHT, MemoryKind.DIALOGUE) \
            and not description.startswith("Conversation with "):
        text = fact if fact is not None else description
        if occasion is None and (kind is not MemoryKind.DIALOGUE or teller is not None):
            occasion = reader.occasion(text, now, speaker=teller or owner)
        if subject is None:
            subject = reader.about(text)
    return MemoryDraft(kind, description, now, _on_scale(importance), subject, place, evidence, sighting,
                       teller, fact, occasion)


def occasion_seed(reader: TextReader, owner: str, seed: OccasionSeed, now: datetime) -> MemoryDraft:
    """A persona file's occasion, given as data: a memory with exactly those fields."""
    place = reader.gazetteer.lookup(seed.place)
    host = seed.host or owner
    occasion = Occasion(seed.what, seed.start, seed.end, place.phrase if place else seed.place,
                        place.address if place else None, host)
    text = seed.text or announce(occasion)
    return draft(reader, owner, MemoryKind.OBSERVATION, text, now, subject=host, occasion=occasion,
                 place=occasion.address)


def _on_scale(importance: int | None) -> int | None:
    """A given importance held to the paper's 1–10 (None: let the model rate it)."""
    return None if importance is None else max(1, min(10, int(importance)))
