"""Namer: unique, plausible names from a pool of families of names.

A household shares a surname no other household in town has; first names come from the
surname's family of names most of the time (a town is mixed, so not always) and are not
reused while the pool lasts, so people can be told apart by first name as they talk. Names
that would read as something else are never used: a month or a weekday (the date reader would
take "June" for a day), or a word the planner reads as an activity ("Walker", "Singh" begin
like "walk", "sing"), from the language kit's own lists.
"""
from __future__ import annotations

import random
from collections.abc import Iterable

from npc_brain.language.activities import ACTIVITY_WORDS
from npc_brain.language.folding import fold
from npc_brain.language.lexicon import ENGLISH, Lexicon
from npc_brain.personas.names import NameFamily

__all__ = ["Namer", "readable", "split_name"]

SAME_FAMILY = 0.75  # share of first names from the surname's own family of names


def split_name(name: str) -> tuple[str, str]:
    """("Lotte", "de Vries") from "Lotte de Vries": the first word, then the rest."""
    parts = name.split(maxsplit=1)
    return (parts[0], parts[1]) if len(parts) > 1 else (name, "")


def readable(name: str, lexicon: Lexicon = ENGLISH) -> bool:
    """Whether a name reads only as a name: not a month, a weekday, or the start of an activity word."""
    word = fold(name).replace("'", "")
    if word in lexicon.months or word in lexicon.weekdays:
        return False
    for _, stems in ACTIVITY_WORDS:
        for stem in stems:
            if stem.startswith("="):
                if word == stem[1:]:
                    return False
            elif word.startswith(stem):
                return False
    return True


class Namer:
    """Hands out surnames and first names; `taken` names (people already in town) are never reused."""

    def __init__(self, families: tuple[NameFamily, ...], neutral: tuple[str, ...], rng: random.Random,
                 taken: Iterable[str] = ()) -> None:
        self.rng = rng
        self.families = tuple(
            NameFamily(f.key, tuple(s for s in f.surnames if readable(s)), tuple(n for n in f.female if readable(n)),
                       tuple(n for n in f.male if readable(n)))
            for f in families)
        self.neutral = tuple(n for n in neutral if readable(n))
        self._genders = {fold(n): "f" for f in self.families for n in f.female}
        self._genders.update({fold(n): "m" for f in self.families for n in f.male})
        self.used_first: set[str] = set()
        self.used_surnames: set[str] = set()
        self.used_names: set[str] = set()
        for name in taken:
            self.take(name)

    def take(self, name: str) -> None:
        """Mark a person's name (and its first name and surname) as used."""
        first, surname = split_name(name)
        self.used_first.add(fold(first))
        if surname:
            self.used_surnames.add(fold(surname))
        self.used_names.add(fold(name))

    def gender_of(self, first: str) -> str:
        """"f" or "m" when the pool knows the first name, else "x"."""
        return self._genders.get(fold(first), "x")

    def surname(self) -> tuple[NameFamily, str]:
        """A family of names and a surname no one in town has (a used one once all are taken)."""
        order = list(self.families)
        self.rng.shuffle(order)
        for family in order:
            free = [s for s in family.surnames if fold(s) not in self.used_surnames]
            if free:
                pick = self.rng.choice(free)
                self.used_surnames.add(fold(pick))
                return family, pick
        family = self.rng.choice(self.families)
        return family, self.rng.choice(family.surnames)

    def _pool(self, gender: str, family: NameFamily) -> list[str]:
        own = {"f": family.female, "m": family.male}.get(gender, self.neutral)
        if self.rng.random() < SAME_FAMILY:
            return list(own)
        if gender == "x":
            return list(self.neutral)
        return [n for f in self.families for n in (f.female if gender == "f" else f.male)]

    def first(self, gender: str, family: NameFamily, surname: str) -> str:
        """A first name for `gender`, unused in town while any is left; the full name is always new."""
        for pool in (self._pool(gender, family), self._pool(gender, family),
                     [n for f in self.families for n in (*f.female, *f.male)] if gender == "x" else [],
                     [n for f in self.families for n in (f.female if gender == "f" else f.male)]):
            free = [n for n in pool if fold(n) not in self.used_first]
            if free:
                pick = self.rng.choice(free)
                self.take(f"{pick} {surname}")
                return pick
        pool = [n for f in self.families for n in (*f.female, *f.male, *self.neutral)]
        pool = [n for n in pool if fold(f"{n} {surname}") not in self.used_names] or pool
        pick = self.rng.choice(pool)
        self.take(f"{pick} {surname}")
        return pick
