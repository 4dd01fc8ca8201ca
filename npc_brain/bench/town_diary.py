"""Two game days of memories for a whole town, made by rule (no model): what `bench memory` saves.

The mix and the rate are measured, not guessed: the save of the 2-day Valentine run (25 NPCs,
`python -m npc_brain.eval valentine`, 2023-02-13 07:00 to 02-15 07:00, embedded model) held
8,735 memories, 174.7 per agent-day, in this mix (per agent-day, mean text length):

| what | per day | chars |
| --- | ---: | ---: |
| a person seen doing something ("X is …", subject X, place) | 99.7 | 43 |
| an object's state ("the bed is made", subject the object) | 38.2 | 22 |
| a line or a talk's gist ("X said: …", "X and Y talked about …") | 15.9 | 83 |
| hearsay (teller and fact; an occasion in half of them) | 8.9 | 115 |
| a conversation's transcript ("Conversation with X: …") | 8.4 | 347 |
| a day plan or a re-plan | 2.0 | 175 |
| a decision (a thought with its occasion) | 0.5 | 108 |
| a reflection (citing ~2 earlier memories) | 0.1 | 70 |

Texts repeat as they do in a town: of that run's 6,947 sightings 757 were distinct town-wide
(the same "the counter is idle" seen by many), 4,120 per agent. Here a resident sees the people
of its household and workplace and a few passers-by doing their habits, and its home's and
workplace's objects; records of one moment share its time, as a game tick's do.
"""
from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from npc_brain.memory.record import MemoryKind
from npc_brain.types.occasion import Occasion
from npc_brain.types.persona import Persona
from npc_brain.world.place import PlaceKind
from npc_brain.world.world import World

__all__ = ["PER_DAY", "Entry", "diaries"]

PER_DAY = {"person": 99.7, "object": 38.2, "line": 15.9, "hearsay": 8.9, "transcript": 8.4,
           "plan": 2.0, "decision": 0.5, "reflection": 0.1}
"""Memories per agent-day by what they are (the Valentine run's save, see the module doc)."""

_STATES = ("idle", "in use", "made", "off", "closed", "clean")
_DAY_START, _DAY_HOURS = 7, 16  # the waking day the memories fall in


@dataclass(frozen=True, slots=True)
class Entry:
    """One memory to add: `MemoryStream.add`'s arguments."""

    kind: MemoryKind
    description: str
    created: datetime
    importance: int
    subject: str | None = None
    place: str | None = None
    teller: str | None = None
    fact: str | None = None
    occasion: Occasion | None = None
    evidence: tuple[int, ...] = ()


class _Town:
    """What the diaries draw from: people, their habits and the objects of their places."""

    def __init__(self, world: World, personas: Sequence[Persona]) -> None:
        self.people = list(personas)
        self.objects: dict[str, list[str]] = {}
        for place in world.places(PlaceKind.OBJECT):
            root = ":".join(place.address.split(":")[:2])
            self.objects.setdefault(root, []).append(place.address)
        self.names = {p.address: p.name for p in world}
        self.by_place: dict[str, list[Persona]] = {}
        for p in self.people:
            for address in dict.fromkeys((p.home, p.workplace or p.home)):
                self.by_place.setdefault(":".join(address.split(":")[:2]), []).append(p)
        self.party = Occasion("party", datetime(2023, 2, 14, 17), datetime(2023, 2, 14, 19),
                              place="the square", address=None, host=self.people[0].name if self.people else None)

    def near(self, who: Persona) -> list[Persona]:
        """Who `who` meets: its household and co-workers."""
        out: list[Persona] = []
        for address in dict.fromkeys((who.home, who.workplace or who.home)):
            out.extend(self.by_place.get(":".join(address.split(":")[:2]), ()))
        return [p for p in out if p.name != who.name] or self.people[:3]

    @staticmethod
    def doing(p: Persona, rng: random.Random) -> str:
        habits = [*p.daily_habits, f"working as {p.occupation}" if p.occupation else "resting", "having lunch",
                  "walking home", "sleeping"]
        return rng.choice(habits)


def diaries(world: World, personas: Sequence[Persona], start: datetime, days: int,
            seed: int = 0) -> Iterator[tuple[str, list[Entry]]]:
    """Everyone's memories for `days` game days from `start`, oldest first (deterministic per
    `seed`); records of one moment share one datetime, as a game tick's `now` is shared."""
    town = _Town(world, personas)
    rng = random.Random(seed)
    ticks: dict[datetime, datetime] = {}
    for p in personas:  # one at a time: a caller measuring memory holds one diary at once
        yield p.name, _diary(town, p, start, days, rng, ticks)


def _count(rate: float, days: int, rng: random.Random) -> int:
    whole = rate * days
    return int(whole) + (rng.random() < whole - int(whole))


def _diary(town: _Town, who: Persona, start: datetime, days: int, rng: random.Random,
           ticks: dict[datetime, datetime]) -> list[Entry]:
    made: list[tuple[datetime, int, Entry]] = []
    near = town.near(who)
    seen_objects = [*town.objects.get(":".join(who.home.split(":")[:2]), ()),
                    *town.objects.get(":".join((who.workplace or who.home).split(":")[:2]), ())] or ["town"]

    def when(day: int) -> datetime:
        minute = rng.randrange(_DAY_HOURS * 6) * 10  # a 10-minute tick of the waking day
        t = start.replace(hour=_DAY_START, minute=0) + timedelta(days=day, minutes=minute)
        return ticks.setdefault(t, t)

    for day in range(days):
        for what, rate in PER_DAY.items():
            for _ in range(_count(rate, 1, rng)):
                t = when(day)
                other = rng.choice(near) if rng.random() < 0.8 else rng.choice(town.people)
                made.append((t, len(made), _entry(what, who, other, t, town, seen_objects, rng)))
    made.sort(key=lambda m: (m[0], m[1]))
    return [e for _, _, e in made]


def _entry(what: str, who: Persona, other: Persona, t: datetime, town: _Town, objects: list[str],
           rng: random.Random) -> Entry:
    me, them = who.name, other.name
    where = who.workplace or who.home
    if what == "person":
        seen = rng.choice((who, other, other))
        return Entry(MemoryKind.OBSERVATION, f"{seen.name} is {town.doing(seen, rng)}", t, rng.randint(1, 3),
                     subject=seen.name, place=seen.workplace or seen.home)
    if what == "object":
        thing = rng.choice(objects)
        name = town.names.get(thing, thing.rsplit(":", 1)[-1])
        return Entry(MemoryKind.OBSERVATION, f"the {name} is {rng.choice(_STATES)}", t, 1,
                     subject=thing, place=thing.rsplit(":", 1)[0])
    if what == "line":
        topic = town.doing(other, rng)
        text = rng.choice((f"{them} said: I am {topic} today.",
                           f"{me} and {them} talked about {topic} and {who.occupation or 'the town'}."))
        return Entry(MemoryKind.DIALOGUE, text, t, rng.randint(2, 5), subject=them, place=where)
    if what == "hearsay":
        fact = f"{them} is {town.doing(other, rng)} at {town.names.get(other.workplace or other.home, 'home')}"
        occasion = town.party if rng.random() < 0.5 else None
        if occasion is not None:
            fact = f"{occasion.host} is hosting a party in the square on February 14 from 5pm to 7pm"
        return Entry(MemoryKind.DIALOGUE, f"{them} told {me} that {fact}.", t, rng.randint(3, 6), subject=them,
                     place=where, teller=them, fact=fact, occasion=occasion)
    if what == "transcript":
        lines = " ".join(f"{s}: I am {town.doing(p, rng)} these days." for s, p in
                         ((me, who), (them, other), (me, who), (them, other), (me, who)))
        return Entry(MemoryKind.DIALOGUE, f"Conversation with {them}: {lines}", t, rng.randint(3, 6),
                     subject=them, place=where)
    if what == "plan":
        steps = "; ".join(f"{h:02d}:00 {town.doing(who, rng)}" for h in (7, 9, 12, 13, 17, 20, 23))
        return Entry(MemoryKind.PLAN, f"Plan for {t:%A %B} {t.day}: {steps}", t, 5)
    if what == "decision":
        return Entry(MemoryKind.THOUGHT, f"{me} decided to go to the party in the square on February 14 from 5pm "
                     "to 7pm", t, 6, subject=me, place=where, occasion=town.party)
    return Entry(MemoryKind.REFLECTION, f"{me} cares about {them} and {town.doing(other, rng)}", t, 7, subject=me)
