"""Invitations (paper §7.1.1): an upcoming occasion told, the listener's yes or no, and what a yes commits.

An occasion rides on the memory records that speak of it (`MemoryRecord.occasion`, read from
the text once, when the memory was made): its name, place and time window, and whose it is.
The one it belongs to tells it as an invitation; anyone else passes it on, attributed. A
listener told of an occasion it does not hold answers yes, or no when it cannot come (asleep
then, or promised elsewhere: the code knows, the model phrases). A yes is remembered as the
listener's own intention with the same occasion, which the day planner keeps; when the
occasion is today the step goes straight into today's plan. Nothing here reads a sentence:
every decision is made from the occasion's fields. Pure.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Protocol

from npc_brain.cognition.grounds import from_record
from npc_brain.language import occasions as say
from npc_brain.language.facts import facts_in
from npc_brain.language.folding import fold
from npc_brain.language.phrasing import wake_and_bed
from npc_brain.memory.record import MemoryKind, MemoryRecord
from npc_brain.types.ground import Ground, GroundKind
from npc_brain.types.occasion import Occasion
from npc_brain.types.persona import Persona
from npc_brain.types.plan import PlanLevel, PlanStep

__all__ = ["Remembered", "accepted", "announce_ground", "coming_ground", "commitment", "committed", "conflicts",
           "hosting_ground", "hosts", "invite_ground", "known", "reply_grounds", "step_for", "untold", "upcoming"]

UPCOMING_DAYS = 7
"""How far ahead an occasion is worth telling and planning around."""


class Remembered(Protocol):
    """A memory or a memory draft: what commitments are read from."""

    @property
    def kind(self) -> MemoryKind: ...
    @property
    def description(self) -> str: ...
    @property
    def subject(self) -> str | None: ...
    @property
    def occasion(self) -> Occasion | None: ...


def hosts(occasion: Occasion | None, name: str) -> bool:
    """True when the occasion is `name`'s own (the person its first telling is about)."""
    return occasion is not None and bool(name) and occasion.host == name


def _tellable(record: MemoryRecord) -> bool:
    # Reflections and plans are one's own reasoning; a transcript is evidence, not news.
    return record.occasion is not None and record.kind not in (MemoryKind.REFLECTION, MemoryKind.PLAN) \
        and not (record.kind is MemoryKind.DIALOGUE and record.teller is None)


def upcoming(records: Sequence[MemoryRecord], now: datetime, *,
             days: int = UPCOMING_DAYS) -> list[tuple[MemoryRecord, Occasion]]:
    """Occasions from now to `days` ahead, one record each (one's own telling before what one
    heard, then the most important and newest), most important first."""
    best: list[tuple[MemoryRecord, Occasion]] = []
    for r in records:
        occ = r.occasion
        if occ is None or not _tellable(r) or occ.over(now) or not 0 <= occ.days_ahead(now) <= days:
            continue
        i = next((i for i, (_, o) in enumerate(best) if o.same(occ)), None)
        if i is None:
            best.append((r, occ))
        elif _rank(r) < _rank(best[i][0]):
            best[i] = (r, best[i][1] if best[i][1].host and not occ.host else occ)
    best.sort(key=lambda t: _rank(t[0]))
    return best


def recent(records: Sequence[MemoryRecord], now: datetime, *,
           days: int = UPCOMING_DAYS) -> list[tuple[MemoryRecord, Occasion]]:
    """Occasions over in the last `days`, one record each, as `upcoming` ranks them."""
    best: list[tuple[MemoryRecord, Occasion]] = []
    for r in sorted(records, key=_rank):
        occ = r.occasion
        if occ is None or not _tellable(r) or not occ.over(now) or not -days <= occ.days_ahead(now) <= 0:
            continue
        if not any(o.same(occ) for _, o in best):
            best.append((r, occ))
    return best


def recount_ground(record: MemoryRecord, occasion: Occasion, speaker: str, listener: str) -> Ground:
    """An occasion that is over, told as over ("Jane Moreno's barn dance was at the market on …"):
    no news any more, so it does not travel on."""
    text = say.recount(occasion)
    text = f"{text[:1].upper()}{text[1:]}."
    return Ground(GroundKind.MEMORY, text, say.recount(occasion), record.id, occasion.address,
                  facts_in(text, exclude=(speaker, listener)), False, subject=occasion.host)


def _rank(r: MemoryRecord) -> tuple[bool, int, int]:
    return (r.teller is not None, -r.importance, -r.id)


def untold(records: Sequence[MemoryRecord], now: datetime, listener: str,
           said: Sequence[str] = ()) -> list[tuple[MemoryRecord, Occasion]]:
    """`upcoming` occasions not told to `listener` yet: not named in a past conversation with
    them or in `said` (this conversation's lines), not theirs, and not heard from them."""
    told = fold(" ".join([*said, *(r.description for r in records
                                   if r.description.startswith(f"Conversation with {listener}:"))]))
    return [(r, o) for r, o in upcoming(records, now)
            if fold(o.what) not in told and o.host != listener and r.teller != listener
            and not (r.subject == listener and r.kind is not MemoryKind.THOUGHT)]


def invite_ground(record: MemoryRecord, occasion: Occasion, speaker: str, listener: str) -> Ground:
    """The host's invitation, in the words of its own memory of it: 'I want to host … on
    February 14 from 5pm to 7pm. Would you like to come?'"""
    mine = record.teller is None and record.subject == speaker
    own = from_record(record, Persona(name=speaker, age=0), listener).text.rstrip(". ") if mine \
        else f"I am holding {say.describe(occasion)}"
    text = f"{own[:1].upper()}{own[1:]}. Would you like to come?"
    said = f"{speaker} invited {listener} to {say.describe(occasion)}"
    return Ground(GroundKind.MEMORY, text, said, record.id, occasion.address,
                  facts_in(text, exclude=(speaker, listener)), True, subject=speaker, occasion=occasion)


def announce_ground(record: MemoryRecord, occasion: Occasion, speaker: str, listener: str,
                    now: datetime | None = None) -> Ground:
    """Someone else's occasion passed on, attributed: 'Klaus Mueller told me that Isabella
    Rodriguez's Valentine's Day party is at Hobbs Cafe tomorrow from 5pm to 7pm.' (the day said
    as of `now`; the fact the listener keeps names the date)."""
    fact = say.announce(occasion)
    spoken = say.announce(occasion, now)
    teller = record.teller
    if teller and spoken.startswith(teller + "'"):  # the host told it: her name once ("… that Isabella's party")
        spoken = teller.split()[0] + spoken[len(teller):]
    text = f"{teller} told me that {spoken}." if teller else f"{spoken[:1].upper()}{spoken[1:]}."
    return Ground(GroundKind.MEMORY, text, fact, record.id, occasion.address,
                  facts_in(text, exclude=(speaker, listener)), True, subject=occasion.host, occasion=occasion)


def hosting_ground(record: MemoryRecord, occasion: Occasion, speaker: str, now: datetime | None = None) -> Ground:
    """The host's own occasion told as hers when what surfaced was someone else's word of it: 'I
    am holding the party at Hobbs Cafe tomorrow from 5pm to 7pm.'"""
    text = f"I am holding {say.describe(occasion, now=now)}."
    return Ground(GroundKind.MEMORY, text, say.announce(occasion), record.id, occasion.address,
                  facts_in(text, exclude=(speaker,)), True, subject=speaker, occasion=occasion)


def reply_grounds(occasion: Occasion, speaker: str, teller: str, now: datetime | None = None) -> list[Ground]:
    """Yes first (a small model leans to the first option), then no; the day said as of `now`."""
    yes = f"I would love to come to {say.describe(occasion, now=now)}."
    no = f"Thank you, but I cannot make it to {say.describe(occasion, when=False)} {say.day_phrase(occasion, now)}."
    return [
        Ground(GroundKind.ACCEPT, yes, f"{speaker} will come to {say.describe(occasion)}",
               facts=facts_in(yes, exclude=(speaker, teller)), spreads=True, subject=speaker, occasion=occasion),
        Ground(GroundKind.DECLINE, no, f"{speaker} will not come to {say.describe(occasion, when=False)}",
               facts=facts_in(no, exclude=(speaker, teller)), subject=speaker),
    ]


def coming_ground(occasion: Occasion, speaker: str, teller: str, now: datetime | None = None) -> Ground:
    """The answer of someone who said yes already: that it is coming (an invitation left
    unanswered read as a snub — "Would you like to come?" got a maths test in a Valentine run)."""
    text = f"Yes, I am already coming to {say.describe(occasion, now=now)}."
    return Ground(GroundKind.ACCEPT, text, f"{speaker} will come to {say.describe(occasion)}",
                  facts=facts_in(text, exclude=(speaker, teller)), spreads=True, subject=speaker, occasion=occasion)


def commitment(name: str, occasion: Occasion) -> str:
    """What a yes leaves in the speaker's memory (a THOUGHT whose `occasion` the planner keeps)."""
    return f"{name} decided to go to {say.describe(occasion)}"


def accepted(memories: Iterable[Remembered], name: str, occasion: Occasion) -> bool:
    """True when `name` holds this occasion as its own intention already (a yes, or its own)."""
    return any(m.occasion is not None and m.occasion.same(occasion) and m.subject == name
               and (m.kind is MemoryKind.THOUGHT or m.occasion.host == name) for m in memories)


def committed(memories: Iterable[Remembered], name: str) -> list[Occasion]:
    """The occasions `name` means to be at: its own, and those it said yes to."""
    out: list[Occasion] = []
    for m in memories:
        occ = m.occasion
        if occ is not None and m.subject == name and (m.kind is MemoryKind.THOUGHT or occ.host == name) \
                and not any(o.same(occ) for o in out):
            out.append(occ)
    return out


def known(memories: Iterable[Remembered], name: str, now: datetime, *,
          days: int = UPCOMING_DAYS) -> list[tuple[Occasion, bool]]:
    """The occasions `name` knows of from now to `days` ahead, each with whether it means to
    be there (`committed`): what the day planner plans around."""
    memories = list(memories)
    mine = committed(memories, name)
    out: list[tuple[Occasion, bool]] = []
    for m in memories:
        occ = m.occasion
        if occ is None or m.kind in (MemoryKind.REFLECTION, MemoryKind.PLAN) or occ.over(now) \
                or not 0 <= occ.days_ahead(now) <= days or any(o.same(occ) for o, _ in out):
            continue
        out.append((occ, any(c.same(occ) for c in mine)))
    return out


def conflicts(occasion: Occasion, persona: Persona, memories: Iterable[Remembered]) -> bool:
    """True when the persona cannot come: the occasion starts in its sleeping hours, or it
    means to be at another occasion whose window overlaps."""
    if occasion.timed:
        wake, bed = wake_and_bed(persona.lifestyle)
        hour = occasion.start.hour if occasion.start.hour >= wake else occasion.start.hour + 24
        if hour >= bed:
            return True
    return any(not other.same(occasion) and other.overlaps(occasion)
               for other in committed(memories, persona.name))


def step_for(occasion: Occasion, now: datetime, address: str | None) -> PlanStep | None:
    """Today's plan step for a timed occasion still ahead (None otherwise)."""
    if not occasion.timed or not occasion.on(now) or occasion.finish <= now:
        return None
    start = max(occasion.start, now.replace(second=0, microsecond=0))
    return PlanStep(PlanLevel.DAY, start, occasion.finish,
                    f"going to {say.describe(occasion, when=False)}", "socialize", address, source="invitation")
