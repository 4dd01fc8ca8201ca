"""Wishes: an intention the agent thinks in its own voice ("I want to visit the library this
afternoon") becomes a step of today's plan at once.

A whisper is the game's (or the player's) way into an NPC's inner voice. A whispered
intention used to wait for the next morning's plan, which offered it as one option among the
habits — and a 135M model chose the habit. Now the intention is read once (`phrasing.intentions`),
given its part of the day or clock time (now, when it names none) and its place (a place of the
map it names), and put into the plan like an accepted invitation; tomorrow's plan keeps it among
the wishes. Pure.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from npc_brain.cognition.choices import strip_timing
from npc_brain.language.phrasing import activity_of, hours_in, intentions, parts_of_day, wake_and_bed
from npc_brain.types.persona import Persona
from npc_brain.types.plan import PlanLevel, PlanStep

__all__ = ["WISH_MINUTES", "wished_step"]

WISH_MINUTES = 60
"""How long a wish with no time of its own takes."""

# The hours each part of the day covers (`phrasing.parts_of_day`); "early" starts at waking.
_PARTS = {"morning": (9, 12), "midday": (12, 13), "afternoon": (14, 17), "evening": (18, 21), "night": (20, 23)}


def wished_step(thought: str, persona: Persona, now: datetime, address: str | None) -> PlanStep | None:
    """Today's step for an intention `thought` names in the first person, or None (no intention,
    or its time is over today). Its time: the clock hours it names, else its part of the day
    (from now, if that part has begun), else the next hour."""
    found = intentions([thought], persona.name, inner_voice=True)
    if not found:
        return None
    what = found[0]
    start_h, end_h = hours_in(what)
    day = now.replace(hour=0, minute=0, second=0, microsecond=0)
    if start_h is not None:
        start = day + timedelta(hours=start_h)
        end = day + timedelta(hours=end_h) if end_h is not None else start + timedelta(minutes=WISH_MINUTES)
    else:
        parts = parts_of_day(what)
        wake, _ = wake_and_bed(persona.lifestyle)
        hours = {**_PARTS, "early": (wake, wake + 2)}
        span = next((hours[p] for p in ("early", "morning", "midday", "afternoon", "evening", "night") if p in parts),
                    None)
        if span is None:
            start, end = now, now + timedelta(minutes=WISH_MINUTES)
        else:
            start, end = day + timedelta(hours=span[0]), day + timedelta(hours=span[1])
    start = max(start, now.replace(second=0, microsecond=0))
    if end - start < timedelta(minutes=15):
        return None  # that time is over today: tomorrow's plan weighs the wish
    what = strip_timing(what) or what
    return PlanStep(PlanLevel.DAY, start, end, what, activity_of(what, persona.occupation), address, source="wish")

