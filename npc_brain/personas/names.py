"""Names: the generator's pool of people's names, as data.

Names come in families of origin so that a household reads as one: a surname and, most of
the time, first names from the same family of names (a town is mixed, so not always).
Each family lists surnames, then first names by gender ("f", "m"); `NEUTRAL_FIRST` holds
first names for anyone. No surname changes with gender (no -ova/-ska pairs), so a family
shares one spelling. The generator drops any name that reads as something else to the
mechanisms — a month, or the start of an activity word ("Walker" reads as walking) — so a
game may pass its own pool without checking that itself.

The pool lives in `npc_brain/personas/data/names.json` (read once, at import): `"families"`, a
list of objects with `key`, `surnames`, `female` and `male`, and `"neutral_first"`. Editing that
file changes every game using this install. A game's own pool is better kept in its own file
of the same layout and passed in:
`v = tables.load(Path("my_names.json"), names.SHAPE)` then
`dataclasses.replace(ENGLISH_PEOPLE, families=v["families"], neutral_first=v["neutral_first"])`.
"""
from __future__ import annotations

from dataclasses import dataclass

from npc_brain.personas import tables

__all__ = ["NAME_FAMILIES", "NEUTRAL_FIRST", "SHAPE", "NameFamily"]


@dataclass(frozen=True, slots=True)
class NameFamily:
    """Surnames and first names that go together."""

    key: str
    surnames: tuple[str, ...]
    female: tuple[str, ...]
    male: tuple[str, ...]


SHAPE: dict[str, object] = {"families": tuple[NameFamily, ...], "neutral_first": tuple[str, ...]}
"""The layout of `data/names.json` (and of a game's own names file): see `tables.load`."""

_DATA = tables.load("names.json", SHAPE)

NAME_FAMILIES: tuple[NameFamily, ...] = _DATA["families"]
"""Families of names; about two hundred surnames and four hundred first names."""

NEUTRAL_FIRST: tuple[str, ...] = _DATA["neutral_first"]
"""First names for anyone (used most for people the generator gives no gender)."""
