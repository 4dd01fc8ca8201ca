"""Ties: whom each new resident knows, and how they would say it.

Family and housemates first (from the households), then work — the one who runs the place, or
the people who work for one, else a colleague; a classmate of the same age for pupils and
students — then the nearest neighbour (down the hall in a shared residence), then a friend met
at a place both go to. Ties between new people go both ways; a persona already in town is
known by the new ones (its own file is not rewritten). Sentences are the demo's style: "Mei is
John's wife, …", first names.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from npc_brain.personas.biography import Life, fill, years_words
from npc_brain.personas.households import Household, Resident
from npc_brain.personas.words import PersonaWords

__all__ = ["Ties", "article"]

MAX_TIES = 6
SAME_KIND = 2  # at most this many ties of one kind outside the family (colleagues, neighbours …)
FAMILY = ("spouse", "partner", "child", "parent", "sibling")


def article(title: str) -> str:
    """"a barista", "an owner"."""
    return ("an " if title[:1].lower() in "aeiou" else "a ") + title


@dataclass(frozen=True, slots=True)
class _Tie:
    other: str
    relation: str
    place: str = ""
    years: int = 1
    """How long they have known each other (the same both ways)."""


class Ties:
    """Relationships for everyone being made, given their households, jobs and lives."""

    def __init__(self, households: Sequence[Household], existing: Sequence[Resident], lives: Mapping[str, Life],
                 rng: random.Random, words: PersonaWords, homes: Mapping[str, tuple[str, tuple[float, float]]],
                 rooms: Mapping[str, str], owners: Mapping[str, str]) -> None:
        self.rng = rng
        self.words = words
        self.lives = lives
        self.homes = homes  # building address -> (name, centre)
        self.rooms = rooms  # bedroom address -> room name
        self.owners = owners  # workplace building address -> the owner the map names
        self.household = {m.name: h for h in households for m in h.members}
        self.new = [m for h in households for m in h.members if not m.existing]
        self.people = {r.name: r for r in [*existing, *self.new]}
        self.ties: dict[str, list[_Tie]] = {p.name: [] for p in self.new}
        self.used: Counter[str] = Counter()

    def pick(self, options: Sequence[str]) -> str:
        """One of `options`, the least used in town most likely."""
        choice = self.rng.choices(options, weights=[1.0 / (1 + self.used[o]) ** 2 for o in options])[0]
        self.used[choice] += 1
        return choice

    def _add(self, a: Resident, b: Resident, relation: str, back: str, place: str = "") -> None:
        household = self.household.get(a.name) or self.household.get(b.name)
        lived = household.years if household is not None else 1
        years = self.rng.randint(lived, max(lived, min(40, min(a.age, b.age) - 19)))
        for x, y, rel in ((a, b, relation), (b, a, back)):
            mine = self.ties.get(x.name)
            if mine is None or any(t.other == y.name for t in mine):
                continue
            if rel not in FAMILY and sum(t.relation == rel for t in mine) >= SAME_KIND:
                continue  # five people down the hall are not five ties
            mine.append(_Tie(y.name, rel, place, years))

    def _work(self) -> None:
        by_work: dict[str, list[Resident]] = {}
        for r in self.people.values():
            if r.job is not None and r.job.building:
                by_work.setdefault(r.job.building, []).append(r)
        for building, staff in sorted(by_work.items()):
            learners = [r for r in staff if r.job.role.learner]
            workers = [r for r in staff if not r.job.role.learner]
            owner = self.owners.get(building)
            lead = next((r for r in workers if r.job.role.lead or r.name == owner), None)
            for r in workers:
                if r is lead or r.name not in self.ties:
                    continue
                if lead is not None:
                    self._add(r, lead, "boss", "staff")
                mates = [o for o in workers if o is not r and o is not lead]
                for o in self.rng.sample(mates, min(len(mates), 1 if lead is not None else 2)):
                    self._add(r, o, "coworker", "coworker")
            for r in learners:
                span = 2 if r.age < 18 else 4
                mates = [o for o in learners if o is not r and abs(o.age - r.age) <= span]
                if mates and r.name in self.ties:
                    self._add(r, self.rng.choice(mates), "classmate", "classmate")

    def _neighbours(self) -> None:
        for p in self.new:
            mine = self.household[p.name]
            here = self.homes.get(p.building)
            if here is None:
                continue
            others = [r for r in self.people.values() if r.age >= 16 and self.household.get(r.name) is not mine
                      and r.name != p.name and r.building in self.homes]
            hall = [r for r in others if r.building == p.building]
            if hall:
                self._add(p, self.rng.choice(hall), "hallmate", "hallmate")
                continue
            if not others:
                continue
            cx, cy = here[1]
            nearest = min(others, key=lambda r: (math.hypot(self.homes[r.building][1][0] - cx,
                                                            self.homes[r.building][1][1] - cy), r.name))
            self._add(p, nearest, "neighbour", "neighbour")

    def _friends(self) -> None:
        for p in self.new:
            if len(self.ties[p.name]) >= MAX_TIES - 1 or self.rng.random() < 0.3:
                continue
            span = 2 if p.age < 18 else 6
            places = {s.address: s.name for s in self.lives[p.name].places}
            candidates = [r for r in self.new if r is not p and abs(r.age - p.age) <= span
                          and self.household[r.name] is not self.household[p.name]
                          and all(t.other != r.name for t in self.ties[p.name])]
            shared = [(r, places[s.address]) for r in candidates for s in self.lives[r.name].places
                      if s.address in places]
            if shared:
                other, place = self.rng.choice(shared)
                self._add(p, other, "friend", "friend", place)

    def build(self) -> dict[str, dict[str, str]]:
        """Each new resident's relationships: another's name → one sentence."""
        for p in self.new:
            for name, rel in p.kin.items():
                if name in self.people:
                    self._add(p, self.people[name], rel, self.people[name].kin.get(p.name, rel))
        self._work()
        self._neighbours()
        self._friends()
        out = {}
        for p in self.new:
            ties = sorted(self.ties[p.name], key=lambda t: t.relation not in FAMILY)[:MAX_TIES]
            out[p.name] = {t.other: self.sentence(p, self.people[t.other], t) for t in ties}
        return out

    def sentence(self, p: Resident, o: Resident, tie: _Tie) -> str:
        """How `p` sees `o`."""
        words = self.words
        same = p.first == o.first
        gender = {"f": 0, "m": 1}.get(o.gender, 2)
        note_pool = words.notes
        if o.age < 13:
            note_pool = words.child_notes
        elif o.age < 18:
            note_pool = words.teen_notes
        elif tie.relation == "parent" and p.age < 18:
            note_pool = words.parent_notes
        slots: dict[str, object] = {
            "o": o.name if same else o.first, "s": p.name if same else p.first, "age": o.age,
            "note": self.pick(note_pool), "years": years_words(tie.years, words.number_words),
        }
        if tie.place:
            slots["place"] = tie.place
        if tie.relation in words.kin:
            slots["kin"] = words.kin[tie.relation][gender]
        if o.building in self.homes:
            slots["home"] = self.homes[o.building][0]
        if o.home in self.rooms:
            slots["room"] = self.rooms[o.home]
        if o.job is not None and o.job.work:
            slots["work"] = o.job.work
            slots["title"] = article(o.job.title)
        if tie.relation in ("boss", "coworker", "classmate") and p.job is not None and p.job.work:
            slots["work"] = p.job.work
        options = [line for t in words.relations.get(tie.relation, ()) if (line := fill(t, slots))]
        if options:
            return self.pick(options)
        return f"{slots['o']} is someone {slots['s']} knows."
