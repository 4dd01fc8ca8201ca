"""Habits: what an NPC nobody watches does without a model call, while nothing new happens to it.

Thinking should scale with what happens, not with head count (issue 29). An NPC out of the
player's view whose life brought nothing new since it last planned its day plans the next one
by habit (`habit_day`: each part of the day its first option — a commitment, else what fits that
part of the day, the option a small model picks anyway) and its day chunks are their own hour
steps (`planning.decompose(habitual=True)`). Whether anything is new is read from the memory's
fields alone (`news_since`), never from its words.
Pure functions.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime

from npc_brain.cognition import planning
from npc_brain.cognition.importance import MemoryDraft, routine_importance
from npc_brain.cognition.newsworthy import ROUTINE
from npc_brain.memory.record import MemoryKind, MemoryRecord
from npc_brain.types.occasion import Occasion
from npc_brain.types.persona import Persona

__all__ = ["habit_day", "news_since"]


def news_since(records: Iterable[MemoryRecord], since: datetime,
               waiting: Iterable[MemoryDraft] = ()) -> list[MemoryRecord | MemoryDraft]:
    """What is new in an agent's own life after `since` (memories stored, or `waiting` to be):
    what could change what it does — an occasion (an invitation, its own), its own thoughts (a
    whisper, an intention) and reflections, and an event it saw itself, rated above routine.
    Routine sightings, small talk, news of other people's lives (what a day plan offers does not
    change with it: `choices.day_slots`), its own plans and a place's refusals (answered by a
    replan of their own) are not. A waiting memory not rated yet is new unless its fields say it
    is routine."""
    stored: list[MemoryRecord | MemoryDraft] = [
        r for r in records if r.created > since and (
            _own_life(r.kind, r.occasion) or (r.kind is MemoryKind.OBSERVATION and r.teller is None
                                              and r.importance > ROUTINE))]
    return [*stored, *(d for d in waiting if d.created > since and _new(d))]


def _own_life(kind: MemoryKind, occasion: Occasion | None) -> bool:
    return occasion is not None or kind in (MemoryKind.THOUGHT, MemoryKind.REFLECTION)


def _new(draft: MemoryDraft) -> bool:
    if _own_life(draft.kind, draft.occasion):
        return True
    if draft.kind is not MemoryKind.OBSERVATION or draft.teller is not None:
        return False  # its own plans, talk, news of others
    rating = draft.importance if draft.importance is not None else routine_importance(draft)
    return rating is None or rating > ROUTINE


def habit_day(persona: Persona, now: datetime, *, wake_hour: int = 7, bed_hour: int = 22,
              names: Mapping[str, str] | None = None, known: Sequence[str] = (),
              occasions: Sequence[tuple[Occasion, bool]] = (), share: bool = False) -> planning.DayPlanned | None:
    """The day by habit (`planning.provisional_day`, kept as the day plan) with the memory it is
    remembered by; None past bedtime (nothing to plan). `share`: it has news of its own nobody
    has heard (`news.unshared`), and a part of the day goes where people are, as a planned day's would."""
    chunks = planning.provisional_day(persona, now, wake_hour=wake_hour, bed_hour=bed_hour, names=names,
                                      known=known, occasions=occasions, share=share)
    if not chunks:
        return None
    return planning.DayPlanned(chunks, planning.day_memory(chunks, now))
