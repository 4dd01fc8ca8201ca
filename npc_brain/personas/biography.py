"""Biography: a new resident's traits, hours, habits, seed memories and status line.

Habits name the map's real places and fit the person: the job's own habits at the workplace
(its opening hour only where the map gives one), everyday habits at public places near home
that are open at the habit's hour and whose purpose allows what the habit says (read as the
planner reads it, `phrasing.activity_of`, and checked by the rules' `Purpose`), and a habit at
home. Wake and bed hours come from the job and age; staff wake at least an hour before their
workplace opens. Seed memories are ordinary life and, for about half the town, small news.
"""
from __future__ import annotations

import math
import random
import string
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import time

from npc_brain.language.phrasing import activity_of
from npc_brain.personas.households import Household, Resident
from npc_brain.personas.lines import Leisure
from npc_brain.personas.survey import Spot, Survey
from npc_brain.personas.words import PersonaWords
from npc_brain.world.hours import is_open
from npc_brain.world.norms import Purpose

__all__ = ["Life", "Writer", "clock_words", "fill", "groups_of", "number_words", "years_words"]

NEWS_SHARE = 0.5  # share of residents who start with a piece of small news


def fill(template: str, slots: Mapping[str, object]) -> str | None:
    """The template with its slots filled, or None when it needs a slot `slots` lacks."""
    needed = {f for _, f, _, _ in string.Formatter().parse(template) if f}
    if not needed <= slots.keys():
        return None
    return template.format_map(slots)


def clock_words(hour: float) -> str:
    """6.5 → "6:30am", 12 → "noon", 24 → "midnight", 25 → "1am"."""
    h = hour % 24
    whole, minutes = int(h), int(round((h - int(h)) * 60))
    if minutes == 0 and whole == 0:
        return "midnight"
    if minutes == 0 and whole == 12:
        return "noon"
    suffix = "am" if whole < 12 else "pm"
    shown = whole % 12 or 12
    return f"{shown}{suffix}" if not minutes else f"{shown}:{minutes:02d}{suffix}"


def number_words(n: int, words: Sequence[str]) -> str:
    """A count as people say it: words up to twenty (from `words`), then digits."""
    return words[n] if 0 <= n < len(words) else str(n)


def years_words(n: int, words: Sequence[str]) -> str:
    """"one year", "six years", "25 years"."""
    return f"{number_words(n, words)} year" + ("s" if n != 1 else "")


def groups_of(p: Resident) -> set[str]:
    """Who a person is for choosing habits: any, adult, worker, retired, student, child, young."""
    job = p.job
    out = {"any"}
    role = job.role if job is not None else None
    learner = role.learner if role is not None else ""
    if p.age >= 18:
        out.add("adult")
    if learner in ("adult", "teen"):
        out.add("student")
    elif learner == "child" or p.age < 13:
        out.add("child")
    elif job is not None and job.retired:
        out.add("retired")
    elif p.age >= 18:
        out.add("worker")
    if 13 <= p.age <= 25:
        out.add("young")
    return out


@dataclass
class Life:
    """What is written of one resident before the relationships (which read `places`)."""

    traits: tuple[str, ...]
    lifestyle: str
    habits: list[str]
    places: list[Spot] = field(default_factory=list)
    memories: list[str] = field(default_factory=list)
    status: str = ""


class Writer:
    """Writes lives with one seeded generator over one surveyed map."""

    def __init__(self, found: Survey, rng: random.Random, words: PersonaWords) -> None:
        self.found = found
        self.rng = rng
        self.words = words
        self.purpose = Purpose()
        self.homes = {h.address: h for h in found.homes}
        self.used: Counter[str] = Counter()

    def pick(self, options: Sequence[str]) -> str:
        """One of `options`, the ones the town has used least most likely (a town of a hundred
        should not all play cards at the pub)."""
        choice = self.rng.choices(options, weights=[1.0 / (1 + self.used[o]) ** 2 for o in options])[0]
        self.used[choice] += 1
        return choice

    # ------------------------------------------------------------------ small parts
    def traits(self, p: Resident) -> tuple[str, ...]:
        pool = list(self.words.child_traits if p.age < 13 else self.words.traits)
        self.rng.shuffle(pool)
        clash = {frozenset(c) for c in self.words.clashes}
        want = 3 if p.age < 13 else self.rng.choice((3, 4))
        out: list[str] = []
        for t in pool:
            if len(out) < want and all(frozenset((t, o)) not in clash for o in out):
                out.append(t)
        return tuple(out)

    def hours(self, p: Resident) -> tuple[float, float]:
        role = p.job.role if p.job is not None else None
        wake = role.wake if role is not None else 7.0
        bed = role.bed if role is not None else 23.0
        if p.age < 10:
            bed = 20.0
        elif p.age < 13:
            bed = 21.0
        elif p.age < 16:
            bed = min(bed, 22.0)
        wake += self.rng.choice((-0.5, 0.0, 0.0, 0.5))
        bed += self.rng.choice((-0.5, 0.0, 0.0, 0.5, 1.0)) if p.age >= 16 else 0.0
        job = p.job
        if job is not None and job.opens is not None and (job.role.lead or any("{opens}" in h for h in
                                                                               job.role.habits)):
            opens = job.opens.hour + job.opens.minute / 60
            if opens >= 5:  # those who open the place are up an hour before
                wake = min(wake, opens - 1)
        return max(4.0, wake), min(max(bed, wake + 13), wake + 17)

    def lifestyle(self, wake: float, bed: float) -> str:
        return f"goes to bed around {clock_words(bed)}, wakes up around {clock_words(wake)}"

    def slots(self, p: Resident, household: Household) -> dict[str, object]:
        pronoun = self.words.pronouns.get(p.gender, self.words.pronouns["x"])
        out: dict[str, object] = {"name": p.name, "first": p.first, "his": pronoun[2], "him": pronoun[1],
                                  "home": household.home.name, "town": self.found.town or self.words.generic_town}
        job = p.job
        if job is not None:
            if job.work:
                out["work"] = job.work
            if job.room:
                out["room"] = job.room
            if job.opens is not None:
                out["opens"] = clock_words(job.opens.hour + job.opens.minute / 60)
            if job.closes is not None:
                out["closes"] = clock_words(job.closes.hour + job.closes.minute / 60 or 24)
            if job.subject:
                out["subject"] = job.subject
                out["former"] = job.subject
        kin = {rel: name for name, rel in p.kin.items()}
        names = {m.name: m for m in household.members}
        for rel, slot in (("child", "child"), ("spouse", "partner"), ("partner", "partner"),
                          ("roommate", "roommate")):
            if rel in kin and kin[rel] in names:
                out[slot] = names[kin[rel]].first
        return out

    # ------------------------------------------------------------------ habits
    def near(self, p: Resident, spots: Sequence[Spot]) -> Spot:
        """One of the three spots nearest the person's home (the nearest most often)."""
        home = self.homes.get(p.building)
        cx, cy = home.centre if home is not None else (0.0, 0.0)
        ranked = sorted(spots, key=lambda s: (math.hypot(s.centre[0] - cx, s.centre[1] - cy), s.address))[:3]
        return self.rng.choices(ranked, weights=(3, 2, 1)[: len(ranked)])[0]

    def spots_for(self, habit: Leisure, p: Resident) -> list[Spot]:
        mine = {p.building, p.job.building if p.job is not None else None}
        at = time(habit.hour % 24)
        out = []
        for s in self.found.spots:
            if s.address in mine or not habit.needs <= s.activities or not is_open(s.opens, s.closes, at):
                continue
            if self.purpose.permits(activity_of(habit.text.replace("{place}", s.name)), s.purpose or s.activities):
                out.append(s)
        return out

    @staticmethod
    def busy(p: Resident) -> tuple[float, float]:
        """The hours a person is at work or in class (none for the retired and small children)."""
        job = p.job
        if job is None or not job.role.habits or job.retired:
            return (0.0, 0.0)
        if job.role.learner:
            return (8.5, 15.5)
        if job.opens is None or job.workplace is None:
            return (9.0, 17.0)
        start = job.opens.hour + job.opens.minute / 60
        end = (job.closes.hour + job.closes.minute / 60) if job.closes is not None else start + 9
        return (start, min(end if end > start else 24.0, start + 9))

    def habits(self, p: Resident, household: Household, wake: float, bed: float,
               slots: Mapping[str, object]) -> tuple[list[str], list[Spot]]:
        rng = self.rng
        groups = groups_of(p)
        start, end = self.busy(p)
        role = p.job.role if p.job is not None else None
        own = [t for t in (role.habits if role is not None else ()) if fill(t, slots) is not None]
        out = [own[0]] + ([rng.choice(own[1:])] if len(own) > 1 and rng.random() < 0.5 else []) if own else []
        texts = [fill(t, slots) or "" for t in out]
        leisure = [h for h in self.words.leisure if h.who in groups and wake + 0.5 <= h.hour <= bed - 1
                   and not start - 0.5 <= h.hour < end]
        leisure.sort(key=lambda h: self.used[h.text] + rng.random())  # the least used first
        places: list[Spot] = []
        want = 1 + (rng.random() < 0.6) + (not texts)
        for habit in leisure:
            if len(places) >= want:
                break
            spots = [s for s in self.spots_for(habit, p) if s not in places] or self.spots_for(habit, p)
            if spots:
                spot = self.near(p, spots)
                places.append(spot)
                self.used[habit.text] += 1
                texts.append(habit.text.format(place=spot.name))
        home = [h for h in self.words.home_habits if self._fits_home(h.who, p, household)]
        if home and (len(texts) < 3 or (len(texts) < 4 and rng.random() < 0.4)):
            line = fill(self.pick([h.text for h in home]), slots)
            if line:
                texts.append(line)
        return texts, places

    def _fits_home(self, who: str, p: Resident, household: Household) -> bool:
        ages = {m.name: m.age for m in household.members}
        kids = [ages[n] for n, rel in p.kin.items() if rel == "child" and n in ages]
        return {
            "parent": bool(kids), "parent of a pupil": any(5 <= a <= 16 for a in kids),
            "parent of a small child": any(a < 9 for a in kids), "adult": p.age >= 18 and not kids,
            "retired": "retired" in groups_of(p), "young": 13 <= p.age <= 25,
            "roommate": "roommate" in p.kin.values(), "child": p.age < 13,
        }.get(who, False)

    # ------------------------------------------------------------------ memories and status
    def memories(self, p: Resident, household: Household, slots: dict[str, object],
                 places: Sequence[Spot]) -> list[str]:
        rng = self.rng
        worked = max(1, min(30, p.age - 20))
        life_slots = {**slots, "years": years_words(household.years, self.words.number_words)}
        job_slots = {**slots, "years": years_words(rng.randint(1, worked), self.words.number_words)}
        role = p.job.role if p.job is not None else None
        own = [m for t in (role.lines if role is not None else ()) if (m := fill(t, job_slots))]
        kinds = ["home"] + (["couple"] if "partner" in slots else []) + (["parent"] if "child" in slots else [])
        kinds += ["child"] if p.age < 13 else (["young"] if p.age <= 25 else [])
        kinds += ["new"] if household.years <= 1 else []
        life = [m for k in kinds for t in self.words.life.get(k, ()) if (m := fill(t, life_slots))]
        first = rng.choice(own) if own and (rng.random() < 0.7 or not life) else rng.choice(life)
        out = [first]
        spot = self.near(p, places or self.found.spots) if (places or self.found.spots) else None
        news_slots = {**slots, **({"place": spot.name} if spot is not None else {})}
        news = [t for t in self.words.news if fill(t, news_slots)]
        if news and rng.random() < NEWS_SHARE:
            out.append(fill(self.pick(news), news_slots) or "")
        elif rng.random() < 0.4:
            rest = [m for m in own + life if m != first]
            if rest:
                out.append(rng.choice(rest))
        return out

    def status(self, p: Resident, slots: Mapping[str, object]) -> str:
        role = p.job.role if p.job is not None else None
        lines = [s for t in (role.status if role is not None else ()) if (s := fill(t, slots))]
        if lines:
            return self.rng.choice(lines)
        return "playing and growing up" if p.age < 13 else "getting on with everyday life"

    def life(self, p: Resident, household: Household) -> Life:
        """Everything but the relationships, for one resident."""
        slots = self.slots(p, household)
        wake, bed = self.hours(p)
        habits, places = self.habits(p, household, wake, bed, slots)
        return Life(self.traits(p), self.lifestyle(wake, bed), habits, places,
                    self.memories(p, household, slots, places), self.status(p, slots))
