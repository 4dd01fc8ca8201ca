"""Households: who lives in which home, how old they are, what they are called and how they are kin.

A home the map names people for keeps them: who shares a bedroom is a couple (married when
they share a surname) or roommates; someone in another room with the family's surname is a
child; anyone else is a lodger or a flatmate. An empty home gets a household its rooms suit: a
family (a couple's double bed, children in the other rooms), a couple, a single parent, a
single person, flatmates (a room each), a couple with a lodger; a room of a shared residence
(a dorm, a block of flats) is a household of its own — roommates in two single beds, a couple
in a double one. Homes that already have residents (the personas a game brings) are left as
they are. Children are of school age only where the map has a place for pupils.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from npc_brain.personas.names import NameFamily
from npc_brain.personas.naming import Namer, split_name
from npc_brain.personas.survey import Bedroom, Home, Survey

__all__ = ["Household", "Learning", "Resident", "settle"]


@dataclass
class Resident:
    """One person being made (or one already in town, `existing`, whom the new ones may know)."""

    name: str
    first: str
    gender: str
    age: int
    home: str
    building: str
    household: int
    named: bool = False
    existing: bool = False
    kin: dict[str, str] = field(default_factory=dict)
    """Another person's name → how this one is related to them (spouse, child, roommate …)."""
    job: Any = None
    """Set by `occupations.employ` (an `occupations.Job`)."""


@dataclass
class Household:
    """The people of one home (or one room of a shared residence)."""

    index: int
    home: Home
    shape: str
    members: list[Resident]
    years: int = 1


@dataclass(frozen=True, slots=True)
class Learning:
    """Which learners the town has places for (pupils, teenagers, students)."""

    child: bool = False
    teen: bool = False
    adult: bool = False


def _age(rng: random.Random, bands: Sequence[tuple[int, int, int]]) -> int:
    lo, hi, _ = rng.choices(bands, weights=[w for _, _, w in bands])[0]
    return rng.randint(lo, hi)


def _genders(rng: random.Random, couple: bool) -> list[str]:
    if couple:
        r = rng.random()
        pair = ["f", "m"] if r < 0.84 else (["f", "f"] if r < 0.92 else ["m", "m"])
        rng.shuffle(pair)
        return pair
    return [rng.choice("fm") if rng.random() > 0.03 else "x"]


class _Builder:
    """Settles households one by one, with its own namer and the town's learning places."""

    def __init__(self, rng: random.Random, namer: Namer, learning: Learning) -> None:
        self.rng = rng
        self.namer = namer
        self.learning = learning
        self.households: list[Household] = []

    def child_age(self) -> int:
        if self.learning.child:
            return self.rng.randint(5, 17)
        if self.learning.teen:
            return self.rng.randint(16, 23)
        return self.rng.randint(18, 25)

    def person(self, gender: str, age: int, room: Bedroom, home: Home, family: NameFamily, surname: str) -> Resident:
        first = self.namer.first(gender, family, surname)
        return Resident(f"{first} {surname}", first, gender, age, room.address, home.address,
                        len(self.households))

    def _shapes(self, home: Home, main: Bedroom, others: list[Bedroom], full: bool) -> list[tuple[str, float]]:
        """Household shapes these rooms suit, with weights; `full`: only shapes that fill every bed."""
        if full:
            if others:
                shapes = [("family", 5.0)] if main.capacity >= 2 else [("single_parent", 1.0)]
                if all(r.capacity == 1 for r in (main, *others)):
                    shapes.append(("flatmates", 1.5))
                return shapes
            if main.capacity == 1:
                return [("single", 1.0)]
            return [("couple", 1.0)] if main.double or (main.capacity == 2 and not home.shared) else \
                [("roommates", 1.0)]
        options: list[tuple[str, float]] = [("single", 3.0 if not others and main.capacity == 1 else 0.6)]
        if main.capacity >= 2 and (main.double or not home.shared):
            options.append(("couple", 4.0 if not others else 1.2))
        if main.capacity >= 2 and not main.double and home.shared:
            options.append(("roommates", 5.0))
        if others and main.capacity >= 2:
            options += [("family", 5.0), ("couple_lodger", 0.7)]
        if others:
            options += [("single_parent", 1.2), ("flatmates", 1.5)]
        return options

    def fresh(self, home: Home, rooms: list[Bedroom], left: int, *, full: bool = False) -> Household:
        """A new household for free rooms (all the home's, or one room of a shared residence);
        `full` fills every bed (the town needs them all)."""
        rng = self.rng
        main = max(rooms, key=lambda r: (r.double, r.capacity))
        others = [r for r in rooms if r is not main]
        spare = sum(r.capacity for r in others)
        options = self._shapes(home, main, others, full)
        shape = rng.choices([s for s, _ in options], weights=[w for _, w in options])[0]
        family, surname = self.namer.surname()
        members: list[Resident] = []

        def add(gender: str, age: int, room: Bedroom, own_surname: bool = False) -> Resident:
            fam, sur = self.namer.surname() if own_surname else (family, surname)
            r = self.person(gender, age, room, home, fam, sur)
            members.append(r)
            return r

        if shape in ("single", "flatmates", "roommates"):
            count = 1 if shape == "single" else (len(rooms) if shape == "flatmates" else min(main.capacity, 4))
            places = rooms if shape == "flatmates" else [main] * count
            student = home.students and self.learning.adult
            bands = [(18, 24, 1)] if student else ([(20, 40, 1)] if shape != "single" else
                                                   [(20, 35, 3), (36, 60, 3), (61, 88, 2)])
            for i in range(min(count, left)):
                add(_genders(rng, False)[0], _age(rng, bands), places[i], own_surname=i > 0)
            rel = {"flatmates": "flatmate", "roommates": "roommate"}.get(shape)
            if rel:
                _link_all(members, rel)
        else:
            kids: list[tuple[int, Bedroom]] = []
            if shape in ("family", "single_parent"):
                for room in others:
                    kids += [(self.child_age(), room) for _ in range(room.capacity)]
                kids = kids if full else kids[: max(1, rng.randint(1, spare))]
            oldest = max((a for a, _ in kids), default=0)
            couple = shape != "single_parent"
            genders = _genders(rng, couple)
            if kids:
                head_age = oldest + rng.randint(22, 36)
            elif shape == "couple_lodger":
                head_age = rng.randint(30, 70)
            else:
                head_age = _age(rng, [(22, 35, 3), (36, 55, 3), (56, 82, 2)])
            head = add(genders[0], min(head_age, 90), main)
            if couple and left > 1:
                shares = rng.random() < 0.7
                partner = add(genders[1], max(oldest + 20, 18, head.age + rng.randint(-5, 5)), main,
                              own_surname=not shares)
                _link(head, partner, "spouse" if shares else "partner")
            for age, room in kids:
                if len(members) >= left:
                    break
                child = add(rng.choice("fm"), age, room)
                for parent in members[: 2 if couple and len(members) > 1 else 1]:
                    if parent is not child and parent.age - child.age >= 16:
                        _link(child, parent, "parent")
                for sib in members:
                    if sib is not child and "parent" in sib.kin.values():
                        _link(child, sib, "sibling")
            if shape == "couple_lodger" and len(members) < left and others:
                lodger = add(_genders(rng, False)[0], rng.randint(20, 45), others[0], own_surname=True)
                for m in members[:-1]:
                    _link(lodger, m, "landlord")
        return self._done(home, _reshape(shape, members), members)

    def named(self, home: Home, rooms: list[Bedroom], existing: dict[str, Resident], left: int) -> Household:
        """The household the map names in these rooms (its people already in town included)."""
        rng = self.rng
        people: list[Resident] = []
        for room in rooms:
            for name in room.named:
                if name in existing:
                    people.append(existing[name])
                    continue
                first, _ = split_name(name)
                gender = self.namer.gender_of(first)
                people.append(Resident(name, first, gender, 0, room.address, home.address, len(self.households),
                                       named=True))
        new = [p for p in people if not p.existing][:left]
        people = [p for p in people if p.existing or p in new]
        by_room: dict[str, list[Resident]] = {}
        for p in people:
            by_room.setdefault(p.home, []).append(p)
        student = home.students and self.learning.adult
        if home.shared:  # each named room on its own: a couple in a double bed, else roommates
            room = rooms[0]
            group = people
            same = len({split_name(p.name)[1] for p in group}) == 1
            kind = ("spouse" if same else "partner") if room.double else ("sibling" if same else "roommate")
            _link_all(group, kind)
            for p in group:
                if not p.existing:
                    p.age = rng.randint(18, 24) if student else rng.randint(20, 60)
            if room.double and len(group) == 2:
                _near(rng, group)
            return self._done(home, "roommates" if kind in ("roommate", "sibling") else
                              ("couple" if len(group) > 1 else "single"), people)
        main = max(by_room.values(), key=len)
        head = main[0]
        surname = split_name(head.name)[1]
        if len(main) > 1:
            _link(head, main[1], "spouse" if split_name(main[1].name)[1] == surname else "partner")
        adults = main[:2]
        kids = [p for p in people if p not in adults and split_name(p.name)[1] in
                {split_name(a.name)[1] for a in adults}]
        others = [p for p in people if p not in adults and p not in kids]
        for k in kids:
            if not k.existing:
                k.age = self.child_age()
        oldest = max((k.age for k in kids), default=0)
        for a in adults:
            if not a.existing:
                a.age = oldest + rng.randint(22, 36) if kids else _age(rng, [(24, 45, 3), (46, 80, 2)])
        _near(rng, adults, floor=oldest + 18 if kids else 18)
        for k in kids:
            for a in adults:
                _link(k, a, "parent")
            for s in kids:
                if s is not k:
                    _link(k, s, "sibling")
        for o in others:
            if not o.existing:
                o.age = rng.randint(20, 45)
            for a in adults:
                _link(o, a, "landlord")
        shape = "family" if kids else ("couple" if len(adults) > 1 else "single")
        if others:
            shape = "flatmates" if len(adults) == 1 and not kids else shape
        return self._done(home, shape, people)

    def _done(self, home: Home, shape: str, members: list[Resident]) -> Household:
        adults = [m.age for m in members if m.age >= 18] or [m.age for m in members]
        hh = Household(len(self.households), home, shape, members,
                       self.rng.randint(1, max(1, min(30, min(adults) - 17))))
        self.households.append(hh)
        return hh


def _near(rng: random.Random, pair: list[Resident], *, floor: int = 18) -> None:
    """A partner's age near the other's (only for people being made), never under `floor`."""
    if len(pair) == 2 and not pair[1].existing and pair[0].age:
        pair[1].age = max(floor, pair[0].age + rng.randint(-5, 5))
    elif len(pair) == 2 and not pair[0].existing and pair[1].age:
        pair[0].age = max(floor, pair[1].age + rng.randint(-5, 5))


_INVERSE = {"parent": "child", "child": "parent", "landlord": "lodger", "lodger": "landlord"}


def _link(a: Resident, b: Resident, relation: str) -> None:
    """`b` is `a`'s <relation> (a's parent, a's landlord …); the inverse goes on `b`."""
    a.kin[b.name] = relation
    b.kin[a.name] = _INVERSE.get(relation, relation)


def _link_all(group: Iterable[Resident], relation: str) -> None:
    people = list(group)
    for i, a in enumerate(people):
        for b in people[i + 1:]:
            _link(a, b, relation)


def _reshape(shape: str, members: list[Resident]) -> str:
    """The shape a household has after it was cut to the people wanted."""
    if len(members) == 1:
        return "single"
    if shape == "family" and not any(r == "parent" for m in members for r in m.kin.values()):
        return "couple"
    if shape == "couple_lodger" and len(members) == 2:
        return "couple"
    return shape


def _free(room: Bedroom, taken: dict[str, int]) -> int:
    return room.capacity - taken.get(room.address, 0)


def settle(found: Survey, n: int, rng: random.Random, namer: Namer, *, learning: Learning,
           existing: Sequence[Resident] = ()) -> list[Household]:
    """Households for `n` new people: the map's named people first, then empty homes, each in
    a seeded order. `existing` residents keep their beds and are linked as kin where the
    map puts them with new people. Fewer than `n` when the homes are full (the caller says so)."""
    builder = _Builder(rng, namer, learning)
    known = {r.name: r for r in existing}
    taken: dict[str, int] = {}
    for r in existing:
        taken[r.home] = taken.get(r.home, 0) + 1
        taken[r.building] = taken.get(r.building, 0) + 1
    made = 0
    named: list[tuple[Home, list[Bedroom]]] = []
    fresh: list[tuple[Home, list[Bedroom]]] = []
    for home in found.homes:
        groups = [[r] for r in home.rooms] if home.shared else [list(home.rooms)]
        for rooms in groups:
            people = [p for r in rooms for p in r.named]
            occupied = any(taken.get(r.address) for r in rooms) or (not home.shared and home.address in taken)
            if any(p not in known for p in people):
                named.append((home, rooms))
            elif not people and not occupied:
                fresh.append((home, rooms))
    rng.shuffle(named)  # a town of fewer people than the map names is a fair sample of its homes
    for home, rooms in named:
        beds = sum(max(0, _free(r, taken)) for r in rooms)
        if made >= n:
            break
        if beds > 0:  # beds the map names people for may have gone to others (a game's own personas)
            hh = builder.named(home, rooms, known, min(n - made, beds))
            made += sum(1 for m in hh.members if not m.existing)
    rng.shuffle(fresh)
    room_left = sum(_free(r, taken) for _, rooms in fresh for r in rooms)
    for home, rooms in fresh:
        if made >= n:
            break
        free = [r for r in rooms if _free(r, taken) > 0]
        room_left -= sum(_free(r, taken) for r in free)
        if free:  # when the homes left could not take everyone still to come, this one fills up
            hh = builder.fresh(home, free, n - made, full=room_left < n - made)
            made += len(hh.members)
    return builder.households
