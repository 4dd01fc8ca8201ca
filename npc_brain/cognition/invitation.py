"""Invitations (paper §7.1.1): an upcoming occasion told, the listener's yes or no, and what a yes commits.

An occasion is read from text by code — an event at a named place on a date, with hours when
the text names them ("a Valentine's Day party at Hobbs Cafe on February 14 from 5pm to 7pm").
The host tells it as an invitation; anyone else tells it as news. A listener told of an
occasion it does not host answers yes, or no when it cannot come (asleep then, or promised
elsewhere: the code knows, the model phrases). A yes is remembered in the listener's own
name ("Klaus Mueller decided to go to …"), which the day planner reads as a timed intention
and keeps (`choices.day_slots` pins timed intentions); when the occasion is today the step
goes straight into today's plan. Everything here is pure.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from npc_brain.cognition.facts import facts_in
from npc_brain.cognition.grounds import Ground, GroundKind
from npc_brain.cognition.phrasing import date_in, events, wake_and_bed
from npc_brain.cognition.plan import PlanLevel, PlanStep
from npc_brain.memory.record import MemoryKind, MemoryRecord
from npc_brain.persona import Persona

__all__ = ["Occasion", "accepted", "commitment", "conflicts", "hosts", "invite_ground", "occasion_in", "reply_grounds",
           "step_for", "untold", "upcoming"]

_HOSTS = re.compile(r"\b(host|hosting|hosts|throw|throwing|organi[sz]e|organi[sz]ing|holding)\b", re.IGNORECASE)
_DECIDED = " decided to go to "


@dataclass(frozen=True, slots=True)
class Occasion:
    """An event at a place on a date, with its hours when known (24h clock; end may pass 24)."""

    what: str  # "Valentine's Day party"
    place: str  # "Hobbs Cafe"
    date: str  # "February 14"
    start: int | None = None
    end: int | None = None

    def phrase(self) -> str:
        """'the Valentine's Day party at Hobbs Cafe on February 14 from 5pm to 7pm'."""
        hours = ""
        if self.start is not None and self.end is not None:
            hours = f" from {_hour(self.start)} to {_hour(self.end)}"
        elif self.start is not None:
            hours = f" at {_hour(self.start)}"
        return f"the {self.what} at {self.place} on {self.date}{hours}"

    def on(self, when: datetime) -> bool:
        """True when the occasion's date is `when`'s day."""
        return self.date == f"{when:%B} {when.day}"

    def days_ahead(self, now: datetime) -> int | None:
        """Days from `now`'s date to the occasion (None when the date does not parse)."""
        try:
            day = datetime.strptime(f"{self.date} {now.year}", "%B %d %Y").date()
        except ValueError:
            return None
        return (day - now.date()).days


def _hour(h: int) -> str:
    h %= 24
    return f"{h % 12 or 12}{'am' if h < 12 else 'pm'}"


def occasion_in(text: str) -> Occasion | None:
    """The first occasion the text names (an event at a capitalised place, and a date), or None."""
    date = date_in(text)
    if date is None:
        return None
    found = events([text], date)
    if not found:
        return None
    what, place, start, end = found[0]
    what = re.sub(r"^(?:a|an|the|my|our|his|her|their)\s+", "", what, flags=re.IGNORECASE)
    return Occasion(what, place, date, start, end)


def hosts(text: str, name: str) -> bool:
    """True when `text` says `name` hosts its occasion ('Isabella Rodriguez wants to host …')."""
    first = name.split()[0] if name.split() else name
    return bool(name) and text.startswith((name + " ", first + " ")) and bool(_HOSTS.search(text))


def upcoming(records: Sequence[MemoryRecord], now: datetime, *,
             days: int = 7) -> list[tuple[MemoryRecord, Occasion]]:
    """The memories naming an occasion from today to `days` ahead, most important and newest first
    (reflections and plans are not news; transcripts are evidence, not something to tell)."""
    out: list[tuple[MemoryRecord, Occasion]] = []
    for r in records:
        if r.kind in (MemoryKind.REFLECTION, MemoryKind.PLAN) or r.description.startswith("Conversation with "):
            continue
        occ = occasion_in(r.description)
        ahead = occ.days_ahead(now) if occ is not None else None
        if occ is not None and ahead is not None and 0 <= ahead <= days:
            if occ.on(now) and occ.end is not None and occ.end <= now.hour:
                continue  # over already
            out.append((r, occ))
    # Who hosts it is the news: what one heard before one's own "I decided to go" (which names no host).
    out.sort(key=lambda t: (_DECIDED in t[0].description, -t[0].importance, -t[0].id))
    return out


def untold(records: Sequence[MemoryRecord], now: datetime, listener: str,
           said: Sequence[str] = ()) -> list[tuple[MemoryRecord, Occasion]]:
    """`upcoming` occasions not told to `listener` yet — not in a past conversation with them
    (`Conversation with <listener>: …`), not in `said` (this conversation's lines), and not
    the listener's own news."""
    told = " ".join([*said, *(r.description for r in records
                              if r.description.startswith(f"Conversation with {listener}:"))]).lower()
    return [(r, o) for r, o in upcoming(records, now)
            if o.what.lower() not in told and not r.description.startswith(f"{listener} ")]


def invite_ground(record: MemoryRecord, occasion: Occasion, speaker: str, listener: str) -> Ground:
    """The host's invitation: 'I am hosting the … on February 14 from 5pm to 7pm. Would you like to come?'"""
    text = f"I am hosting {occasion.phrase()}. Would you like to come?"
    said = f"{speaker} invited {listener} to {occasion.phrase()}"
    return Ground(GroundKind.MEMORY, text, said, record.id, None,
                  facts_in(text, exclude=(speaker, listener)), True)


def reply_grounds(occasion: Occasion, speaker: str, teller: str) -> list[Ground]:
    """Yes first (a small model leans to the first option; most people like a party), then no."""
    yes = f"I would love to come to {occasion.phrase()}."
    no = f"Thank you, but I cannot make it to the {occasion.what} on {occasion.date}."
    return [
        Ground(GroundKind.ACCEPT, yes, f"{speaker} will come to {occasion.phrase()}",
               facts=facts_in(yes, exclude=(speaker, teller)), spreads=True),
        Ground(GroundKind.DECLINE, no, f"{speaker} will not come to the {occasion.what}",
               facts=facts_in(no, exclude=(speaker, teller))),
    ]


def commitment(name: str, occasion: Occasion) -> str:
    """What a yes leaves in the speaker's memory: a timed intention the day planner keeps."""
    return f"{name}{_DECIDED}{occasion.phrase()}"


def accepted(descriptions: Sequence[str], name: str, occasion: Occasion) -> bool:
    """True when one of the descriptions is `name`'s commitment to this occasion already."""
    mine = commitment(name, occasion).lower()
    return any(d.lower() == mine for d in descriptions)


def conflicts(occasion: Occasion, persona: Persona, memories: Sequence[str]) -> bool:
    """True when the persona cannot come: the occasion starts in its sleeping hours, or it has
    said yes to another occasion on that date whose hours overlap."""
    if occasion.start is not None:
        wake, bed = wake_and_bed(persona.lifestyle)
        hour = occasion.start if occasion.start >= wake else occasion.start + 24
        if hour >= bed:
            return True
    mine = persona.name + _DECIDED
    for text in memories:
        if not text.startswith(mine):
            continue
        other = occasion_in(text)
        if other is None or other == occasion or other.date != occasion.date:
            continue
        if None in (other.start, occasion.start):
            return True
        a0, b0 = occasion.start or 0, occasion.end or (occasion.start or 0) + 2
        a1, b1 = other.start or 0, other.end or (other.start or 0) + 2
        if a0 < b1 and a1 < b0:
            return True
    return False


def step_for(occasion: Occasion, now: datetime, address: str | None) -> PlanStep | None:
    """Today's plan step for an occasion with a start hour still ahead (None otherwise)."""
    if occasion.start is None or not occasion.on(now):
        return None
    base = now.replace(hour=0, minute=0, second=0, microsecond=0)
    start = base + timedelta(hours=occasion.start)
    end = base + timedelta(hours=occasion.end if occasion.end is not None else occasion.start + 2)
    if end <= now:
        return None
    return PlanStep(PlanLevel.DAY, max(start, now.replace(second=0, microsecond=0)), end,
                    f"going to {occasion.phrase().replace(' on ' + occasion.date, '')}", "socialize",
                    address, source="invitation")
