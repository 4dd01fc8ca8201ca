"""Timetable: what a speaker's day plan says of a time asked — the step then, or free or busy.

"What will you do this evening?" is the evening's step (or an honest "not planned"), "are you free
at noon tomorrow?" the plan then, said free when the step is something one can put off. The
caller (`answers.candidates`) decides that a line asks this; here is how the plan answers. Pure.
"""
from __future__ import annotations

import re
from datetime import datetime

from npc_brain.cognition.grounds import NO_PLANS, Moment, clock_phrase, plan_ground
from npc_brain.language.dates import day_in, hours_in
from npc_brain.language.facts import content_words, times_in
from npc_brain.language.phrasing import parts_of_day
from npc_brain.language.replies import Replies
from npc_brain.types.ground import Ground, GroundKind
from npc_brain.types.persona import Persona
from npc_brain.types.plan import PlanStep

__all__ = ["LEISURE", "availability_ground", "later_grounds", "names_a_time", "step_place"]

# Words of a question about later that name no topic ("what's next on your list today?").
_WHEN_WORDS = frozenset({"day", "today", "tonight", "tomorrow", "later", "next", "soon", "rest", "list",
                         "headed", "plan", "planned", "morning", "afternoon", "evening", "night", "week",
                         "weekend", "time", "see", "somewhere", "anywhere", "else", "free", "busy", "available",
                         "around", "noon", "lunch"})
# What one can put off to meet someone: a step doing one of these leaves the NPC free then.
LEISURE = frozenset({"relax", "read", "play", "socialize", "exercise", "other", "drink", "eat"})
# The hours of a part of the day a question names (`phrasing.parts_of_day`): "any plans for this
# evening?" is about the evening's step, not the next one (seen in the demo: "At 12 pm I will be
# having lunch").
_PART_HOURS = {"early": (7, 9), "morning": (9, 12), "midday": (12, 13), "afternoon": (14, 17), "evening": (18, 22)}


def step_place(moment: Moment, step: PlanStep) -> str | None:
    """The display name of the place a plan step names (None: none, or unknown)."""
    if not step.address or not moment.place_names:
        return None
    return moment.place_names.get(step.address)


def later_grounds(speaker: Persona, line: str, now: datetime, moment: Moment, mems: list[Ground],
           future: list[Ground], action: Ground, status: Ground | None, words: frozenset[str]) -> list[Ground | None]:
    """What it will do: the step at the time asked (or an honest "not planned"), else the next
    steps; a thing named ("will you go to the party?") puts what it knows of it first."""
    plans = [m for m in mems if re.search(r"\b(want|plan|hope|will|going to|intend|decided)", m.text)]
    tomorrow = bool(re.search(r"\btomorrow\b", line, re.IGNORECASE))
    asked = _asked_time(line, now, tomorrow=tomorrow)
    if asked is not None:
        step = next((s for s in moment.steps if s.covers(asked)), None)
        # Asked about a time: that time's step, or an honest "not planned" — not another hour.
        # A clock time is said as asked; a part of the day ("this evening") by the step's own
        # start (a made-up "6 pm" is in no memory), or as now when the step has begun.
        exact = _clock_minutes(line) is not None
        if step is None:
            future = [NO_PLANS]
        elif not exact and not tomorrow and step.start <= now:
            future = [action]
        else:
            future = [plan_ground(speaker, step, now, step_place(moment, step), tomorrow=tomorrow,
                                  at=asked if exact else None)]
        plans = []
    out: list[Ground | None] = [*future, *plans, status]
    named = words - _WHEN_WORDS
    if named and asked is None:  # "will you go to the party?": what it knows of that first
        about_it = [g for g in (*future, *mems) if named & content_words(g.text)]
        out = [*about_it, *out]
    return out


def availability_ground(speaker: Persona, line: str, now: datetime, moment: Moment, action: Ground,
                  replies: Replies) -> Ground:
    """Free or busy at the time asked (now, if none), from the plan then: a step at something
    one can put off leaves it free."""
    tomorrow = bool(re.search(r"\btomorrow\b", line, re.IGNORECASE))
    asked = _asked_time(line, now, tomorrow=tomorrow) or now
    step = next((s for s in moment.steps if s.covers(asked)), None)
    when = clock_phrase(asked)
    if step is None:
        return Ground(GroundKind.PLAN, replies.free.format(time=when + (" tomorrow" if tomorrow else "")))
    # A clock time asked is said back; a part of the day ("this evening") is answered at the step's
    # own start, a time the plan holds ("At 6 pm I will be …" had been said of a step from 5 pm).
    at = asked if _clock_minutes(line) is not None else None
    said = plan_ground(speaker, step, now, step_place(moment, step), tomorrow=tomorrow, at=at)
    if step.start <= now < step.end and not tomorrow:
        said = action
    template = replies.free_plan if step.activity in LEISURE else replies.busy
    return Ground(GroundKind.PLAN, template.format(plan=said.text), facts=said.facts)


def _clock_minutes(line: str) -> int | None:
    """Minutes from midnight of the clock time a line names: written ("10:30", "half four") or
    bare after a word of time ("are you free at 5 today": 17:00, `Lexicon.afternoon_hours`)."""
    times = sorted(times_in(line))
    if times:
        h, m = (int(x) for x in times[0].split(":"))
        return h * 60 + m
    return hours_in(line)[0]


def _asked_time(line: str, now: datetime, *, tomorrow: bool = False) -> datetime | None:
    """The clock time a question names ('at 10 am') on today's date, or the start of the part of
    the day it names ('this evening': 18:00; now, if that part has begun today), if any."""
    minutes = _clock_minutes(line)
    if minutes is not None:
        return now.replace(hour=minutes // 60 % 24, minute=minutes % 60, second=0, microsecond=0)
    for part, (start, end) in _PART_HOURS.items():
        if part in parts_of_day(line) and (tomorrow or now.hour < end):
            at = now.replace(hour=start, minute=0, second=0, microsecond=0)
            return at if tomorrow else max(at, now)
    return None


def names_a_time(line: str, now: datetime) -> bool:
    """The line names a clock time, a part of the day or a day ("on Saturday at 4", "tomorrow")."""
    return bool(times_in(line)) or any(p in parts_of_day(line) for p in _PART_HOURS) or day_in(line, now) is not None
