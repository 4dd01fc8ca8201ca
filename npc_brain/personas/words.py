"""PersonaWords: every piece of English the persona generator uses, in one value a game can replace.

The mechanisms (survey, households, occupations, biography) decide by the map's structure —
sleeping places and their beds, workplaces and their purposes and hours, who lives where — and
write with these words. A game with its own names, jobs or language passes its own
`PersonaWords` (`dataclasses.replace(ENGLISH_PEOPLE, names=...)`).
"""
from __future__ import annotations

from dataclasses import dataclass

from npc_brain.personas import jobs, lines, names
from npc_brain.personas.jobs import JobKind, Role
from npc_brain.personas.lines import Habit, Leisure
from npc_brain.personas.names import NameFamily

__all__ = ["ENGLISH_PEOPLE", "PersonaWords"]


@dataclass(frozen=True)
class PersonaWords:
    """Names, jobs and lines (see `names`, `jobs`, `lines` for what each holds)."""

    families: tuple[NameFamily, ...]
    neutral_first: tuple[str, ...]
    job_kinds: tuple[JobKind, ...]
    generic_kinds: tuple[JobKind, ...]
    freelance: tuple[Role, ...]
    home_role: Role
    retired: Role
    retired_from: tuple[str, ...]
    subjects: tuple[str, ...]
    traits: tuple[str, ...]
    child_traits: tuple[str, ...]
    clashes: tuple[tuple[str, str], ...]
    pronouns: dict[str, tuple[str, str, str]]
    kin: dict[str, tuple[str, str, str]]
    relations: dict[str, tuple[str, ...]]
    notes: tuple[str, ...]
    child_notes: tuple[str, ...]
    teen_notes: tuple[str, ...]
    parent_notes: tuple[str, ...]
    leisure: tuple[Leisure, ...]
    home_habits: tuple[Habit, ...]
    life: dict[str, tuple[str, ...]]
    news: tuple[str, ...]
    number_words: tuple[str, ...]
    shared_home_words: tuple[str, ...]
    """Words that say a building houses many households, one a room (a dorm, a block of flats)."""
    student_home_words: tuple[str, ...]
    """Words that say those households are students."""
    generic_town: str = "town"
    """How a line names the town when the map gives it no name ("moved to town")."""
    first_person: tuple[str, ...] = ("i", "i'm", "i've", "me", "my", "we", "our", "us", "you", "your")
    """Words of a speaker or a listener: a detail about someone never has them (`flavour`)."""


ENGLISH_PEOPLE = PersonaWords(
    families=names.NAME_FAMILIES, neutral_first=names.NEUTRAL_FIRST,
    job_kinds=jobs.JOB_KINDS, generic_kinds=jobs.GENERIC_KINDS, freelance=jobs.FREELANCE,
    home_role=jobs.HOME_ROLE, retired=jobs.RETIRED, retired_from=jobs.RETIRED_FROM, subjects=jobs.SUBJECTS,
    traits=lines.TRAITS, child_traits=lines.CHILD_TRAITS, clashes=lines.CLASHES, pronouns=lines.PRONOUNS,
    kin=lines.KIN, relations=lines.RELATIONS, notes=lines.NOTES, child_notes=lines.CHILD_NOTES,
    teen_notes=lines.TEEN_NOTES, parent_notes=lines.PARENT_NOTES, leisure=lines.LEISURE,
    home_habits=lines.HOME_HABITS, life=lines.LIFE, news=lines.NEWS, number_words=lines.NUMBER_WORDS,
    shared_home_words=("dorm", "dormitory", "flats", "apartments", "apartment", "hostel", "residence",
                       "halls", "lodgings", "boarding house", "tenement", "block"),
    student_home_words=("dorm", "dormitory", "student", "students", "halls of residence"),
)
"""The generator's English."""
