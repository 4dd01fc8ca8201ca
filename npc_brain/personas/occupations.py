"""Occupations: a job for every adult, drawn from the map's workplaces and what they are for.

A workplace's kind comes from the words of its name and description (`jobs.JOB_KINDS`: a café
has an owner, baristas and a cook); a room of another kind adds that kind's jobs in that room (a
pharmacy counter inside a grocery); a workplace no words match gets the jobs of its purposes
(`jobs.GENERIC_KINDS`). Seats are filled first-of-each-workplace first, so people spread over
the whole town before any place gets a second hand. The owner the map names runs the place (or
nobody new does, when that owner is a persona already in town). Pupils go to a place for
children, students live in the student residence or are young, the old are retired, and
whoever finds no seat works for themselves (`jobs.FREELANCE`).
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import time

from npc_brain.personas.households import Household, Learning, Resident
from npc_brain.personas.jobs import JobKind, Role
from npc_brain.personas.survey import Survey, Workplace, has_words
from npc_brain.personas.words import PersonaWords

__all__ = ["Job", "Seat", "employ", "kind_of", "learning_of", "seats"]

RETIRE_AT = 67
TILES_PER_HAND = 22  # floor area (in tiles) a workplace has for each person who works there


@dataclass(frozen=True, slots=True)
class Job:
    """What a person does: the role (habits, hours, lines) and where."""

    role: Role
    occupation: str
    workplace: str | None = None
    building: str | None = None
    work: str = ""
    """The workplace building's name on the map."""
    room: str = ""
    """The room's name when the job is in one room of it."""
    opens: time | None = None
    closes: time | None = None
    subject: str = ""
    retired: bool = False

    @property
    def title(self) -> str:
        """The occupation without its place ("barista" of "barista at Hobbs Cafe")."""
        for sep in (" at ", " of ", " for "):
            if sep in self.occupation:
                return self.occupation.split(sep)[0]
        return self.occupation


@dataclass(frozen=True, slots=True)
class Seat:
    """One job to fill at one workplace (rank: its place in that workplace's order)."""

    workplace: Workplace
    role: Role
    address: str
    room: str
    rank: int


def kind_of(text: str, kinds: Sequence[JobKind]) -> JobKind | None:
    """The kind whose words the text says most (the first listed on a tie), None when none."""
    best, score = None, 0
    for kind in kinds:
        hits = has_words(text, kind.words)
        if hits > score:
            best, score = kind, hits
    return best


def _kind(w: Workplace, words: PersonaWords) -> JobKind:
    found = kind_of(w.text, words.job_kinds)
    if found is not None:
        return found
    for kind in words.generic_kinds:
        if kind.purposes & w.purposes:
            return kind
    return words.generic_kinds[-1]


def _address(w: Workplace, role: Role) -> tuple[str, str]:
    if role.room:
        for address, name, _, purposes in w.rooms:
            if role.room in purposes:
                return address, name
    return w.address, ""


def seats(found: Survey, words: PersonaWords, staffed: Counter[str], owners: set[str]) -> tuple[list[Seat], list[Seat]]:
    """(job seats, learner seats) of the map. `staffed`: people already working in each building;
    `owners`: the names of people being made (a map-named owner among them runs the place)."""
    jobs: list[Seat] = []
    learners: list[Seat] = []
    for w in found.workplaces:
        kind = _kind(w, words)
        places: list[tuple[JobKind, str, str]] = [(kind, "", "")]
        for address, name, text, _ in w.rooms:
            room_kind = kind_of(text, words.job_kinds)
            if room_kind is not None and all(k.key != room_kind.key for k, _, _ in places):
                places.append((room_kind, address, name))
        mine: list[Seat] = []
        for k, address, name in places:
            for role in k.roles:
                if role.learner:
                    for room_address, room_name, _, purposes in w.rooms:
                        if "study" in purposes:
                            learners.append(Seat(w, role, room_address, room_name, 0))
                    if not any("study" in r[3] for r in w.rooms):
                        learners.append(Seat(w, role, w.address, "", 0))
                    continue
                if role.lead and (w.owner is not None and w.owner not in owners):
                    continue  # the owner the map names is already in town
                if w.private and not role.lead:
                    continue  # a private workplace is its owner's alone
                where, room = (address, name) if address else _address(w, role)
                mine += [Seat(w, role, where, room, 0) for _ in range(1 if role.lead else role.seats)]
        # A bigger place takes more hands in the roles that come in numbers, filled only once
        # every workplace has its first ones (their ranks come after); a school's teachers are
        # not more for its size (its pupils say how many it needs).
        many = [s for s in mine if s.role.seats > 1] if not any(r.learner for r in kind.roles) else []
        room_for = int(w.tiles // TILES_PER_HAND) - len(mine)
        mine += [many[i % len(many)] for i in range(max(0, room_for))] if many else []
        mine = mine[staffed.get(w.address, 0):]
        jobs += [Seat(s.workplace, s.role, s.address, s.room, i) for i, s in enumerate(mine)]
    return jobs, learners


def learning_of(found: Survey, words: PersonaWords) -> Learning:
    """Which learners the map has places for."""
    kinds = set()
    for w in found.workplaces:
        for role in _kind(w, words).roles:
            kinds.add(role.learner)
    return Learning(child="child" in kinds, teen="teen" in kinds or "child" in kinds, adult="adult" in kinds)


def _job(seat: Seat, rng: random.Random, words: PersonaWords) -> Job:
    subject = rng.choice(words.subjects) if "{subject}" in seat.role.occupation else ""
    w = seat.workplace
    return Job(seat.role, seat.role.occupation.format(work=w.name, subject=subject), seat.address, w.address,
               w.name, seat.room, w.opens, w.closes, subject)


def _pick(seats_: list[Seat], person: Resident, load: Counter[str], rng: random.Random) -> Seat | None:
    fits = [s for s in seats_ if s.role.ages[0] <= person.age <= s.role.ages[1]]
    if not fits:
        return None
    return min(fits, key=lambda s: (s.rank, load[s.workplace.address], rng.random()))


def employ(households: Sequence[Household], found: Survey, rng: random.Random, words: PersonaWords,
           existing: Sequence[Resident] = ()) -> None:
    """Give every new resident a `job` (a `Job`; pupils and students a place to learn)."""
    people = [m for h in households for m in h.members if not m.existing]
    staffed: Counter[str] = Counter()
    for r in existing:
        if r.job is not None and r.job.building:
            staffed[r.job.building] += 1
    owners = {p.name for p in people}
    for w in found.workplaces:
        if w.owner is not None and w.owner not in owners:
            staffed[w.address] = max(0, staffed[w.address] - 1)  # the owner was not counted as a seat
    open_seats, learner_seats = seats(found, words, staffed, owners)
    load: Counter[str] = Counter()
    homes = {m.name: h for h in households for m in h.members}
    rest = []
    for p in people:  # the owners the map names run their places
        lead = next((s for s in open_seats if s.role.lead and s.workplace.owner == p.name), None)
        if lead is not None:
            open_seats.remove(lead)
            p.job = _job(lead, rng, words)
            p.age = min(max(p.age, lead.role.ages[0]), lead.role.ages[1])  # old enough to run the place
            load[lead.workplace.address] += 1
        else:
            rest.append(p)
    order = list(rest)
    rng.shuffle(order)
    for p in order:
        spots = [s for kind in _learner(p, homes[p.name], rng) for s in learner_seats if s.role.learner == kind]
        if spots:
            best = spots[0].role.learner  # the preferred kind of place that the town has
            place = min((s for s in spots if s.role.learner == best), key=lambda s: (load[s.address], rng.random()))
            p.job = _job(place, rng, words)
            load[place.address] += 1
            continue
        if p.age < 17:  # no place to learn in town: a child at home
            p.job = Job(Role("", ages=(0, 16), wake=7, bed=21), "")
            continue
        if p.age >= RETIRE_AT or (p.age >= 62 and rng.random() < 0.4):
            former = rng.choice(words.retired_from)
            p.job = Job(words.retired, words.retired.occupation.format(former=former), subject=former, retired=True)
            continue
        seat = _pick(open_seats, p, load, rng)
        if seat is not None:
            open_seats.remove(seat)
            p.job = _job(seat, rng, words)
            load[seat.workplace.address] += 1
            continue
        young_kids = any(rel == "child" and o.age < 10 for o in homes[p.name].members
                         for n, rel in p.kin.items() if n == o.name)
        role = words.home_role if young_kids and rng.random() < 0.35 else rng.choice(words.freelance)
        p.job = Job(role, role.occupation)


def _learner(p: Resident, household: Household, rng: random.Random) -> tuple[str, ...]:
    """The kinds of place to learn this person would go to, first choice first (none: works)."""
    if p.age < 16:
        return ("child",)
    if p.age < 18:
        return ("child", "teen") if rng.random() < 0.8 else ("teen", "child")
    if p.age <= 24 and (household.home.students or ("parent" in p.kin.values() and rng.random() < 0.6)):
        return ("adult",)
    if p.age <= 22 and rng.random() < 0.5:
        return ("adult",)
    return ()
