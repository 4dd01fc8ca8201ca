"""Jobs: what people do at the kinds of workplace a map may have, as data.

A workplace's kind is read from the words of its name and description (a café, a library, a
college …); a room whose words say another kind adds that kind's jobs there (the pharmacy
counter in a grocery). A workplace no kind's words match gets the generic jobs of its
purposes (a shop, a kitchen, a place of study, else an office). Every text is a template:

- `{work}` the workplace's name on the map, `{room}` the room's name, `{opens}` / `{closes}`
  its opening hours (a habit naming them is used only where the map gives hours);
- `{subject}` a field of study (`SUBJECTS`), `{years}` a span of years in words ("six years");
- `{name}` the person's full name, `{first}` the first name, `{his}` / `{him}` pronouns.

Occupations read like the demo's personas ("barista at Hobbs Cafe", "owner of …"); habits are
third-person verb phrases ("opens … at 8am"); lines are seed memories that open with `{name}`.

The tables live in `npc_brain/personas/data/jobs.json` (read once, at import), one key per
name below (`"job_kinds"`, `"generic_kinds"`, `"freelance"`, `"home_role"`, `"retired"`,
`"retired_from"`, `"subjects"`). A kind is an object with `key`, `words`, `roles` (and, for
generic kinds, `purposes`); a role is an object with the fields of `Role`, any left out taking
its default. Editing that file changes every game using this install. A game's own jobs are
better kept in its own file of the same layout and passed in:
`v = tables.load(Path("my_jobs.json"), jobs.SHAPE)` then
`dataclasses.replace(ENGLISH_PEOPLE, job_kinds=v["job_kinds"], …)`.
"""
from __future__ import annotations

from dataclasses import dataclass

from npc_brain.personas import tables

__all__ = ["FREELANCE", "GENERIC_KINDS", "HOME_ROLE", "JOB_KINDS", "RETIRED", "RETIRED_FROM", "SHAPE", "SUBJECTS",
           "JobKind", "Role"]


@dataclass(frozen=True, slots=True)
class Role:
    """One job at a kind of workplace (or none: freelance, retired)."""

    occupation: str
    seats: int = 1
    """How many people one workplace has in this role."""
    ages: tuple[int, int] = (20, 65)
    wake: float = 7.0
    bed: float = 23.0
    """Typical hours (bed after midnight is 24 + the hour)."""
    room: str = ""
    """The activity of the room this role works in ("cook": the kitchen), when the workplace has one."""
    habits: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()
    status: tuple[str, ...] = ()
    lead: bool = False
    """Runs the place: one per workplace, none where the map names an owner who is not this person."""
    learner: str = ""
    """"adult" (students), "child" (pupils) or "teen": filled from learners, never from the workforce."""


@dataclass(frozen=True, slots=True)
class JobKind:
    """A kind of workplace: the words that say it and the roles it has, most important first."""

    key: str
    words: tuple[str, ...]
    roles: tuple[Role, ...]
    purposes: frozenset[str] = frozenset()
    """For generic kinds: the purposes of a workplace that make it this kind."""


SHAPE: dict[str, object] = {
    "job_kinds": tuple[JobKind, ...], "generic_kinds": tuple[JobKind, ...], "freelance": tuple[Role, ...],
    "home_role": Role, "retired": Role, "retired_from": tuple[str, ...], "subjects": tuple[str, ...],
}
"""The layout of `data/jobs.json` (and of a game's own jobs file): see `tables.load`."""

_DATA = tables.load("jobs.json", SHAPE)

JOB_KINDS: tuple[JobKind, ...] = _DATA["job_kinds"]
"""Kinds of workplace a map's words can name, most specific words first within each."""

GENERIC_KINDS: tuple[JobKind, ...] = _DATA["generic_kinds"]
"""Jobs of a workplace no kind's words match, by its purposes (in this order)."""

FREELANCE: tuple[Role, ...] = _DATA["freelance"]
"""Jobs without a workplace on the map (work happens at home or around town)."""

HOME_ROLE: Role = _DATA["home_role"]
"""A parent of young children who stays at home with them."""

RETIRED: Role = _DATA["retired"]
"""Someone past working age (`{former}`: what they used to do)."""

RETIRED_FROM: tuple[str, ...] = _DATA["retired_from"]
"""What retired people used to do."""

SUBJECTS: tuple[str, ...] = _DATA["subjects"]
"""Fields of study for professors and students."""
