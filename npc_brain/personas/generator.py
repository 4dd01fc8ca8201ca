"""generate: varied, coherent residents for any map, by rule and templates, the same for the same seed.

    people = generate(world, 75, seed=1, existing=hand_written)

The map decides: homes and their beds say who can live where (`survey`), the people the map
names for a home live there (`households`), workplaces and their purposes say what jobs there
are (`occupations`), public places open at the right hours are where habits happen
(`biography`), and family, work, homes and shared places say who knows whom (`ties`). A
language model is optional and only adds flavour (`flavour`). Everything English is data
(`PersonaWords`); nothing here knows any particular town.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from npc_brain.llm.protocols import ChatModel
from npc_brain.personas.biography import Life, Writer
from npc_brain.personas.households import Household, Resident, settle
from npc_brain.personas.jobs import Role
from npc_brain.personas.naming import Namer, split_name
from npc_brain.personas.occupations import Job, employ, learning_of
from npc_brain.personas.survey import Survey, survey
from npc_brain.personas.ties import Ties
from npc_brain.personas.words import ENGLISH_PEOPLE, PersonaWords
from npc_brain.types.persona import Persona
from npc_brain.world.errors import WorldError
from npc_brain.world.place import PlaceKind
from npc_brain.world.world import World

__all__ = ["CapacityError", "generate", "room_for", "town_survey"]


class CapacityError(WorldError, ValueError):
    """The map's homes cannot take as many new people as were asked for (one sentence)."""


def town_survey(world: World, words: PersonaWords = ENGLISH_PEOPLE) -> Survey:
    """`survey` with the generator's words for shared and student homes."""
    return survey(world, shared_words=words.shared_home_words, student_words=words.student_home_words)


def _existing(personas: Sequence[Persona], world: World, namer: Namer, found: Survey) -> list[Resident]:
    owners = {w.address: w.owner for w in found.workplaces if w.owner}
    out = []
    for p in personas:
        home = p.home if p.home in world else ""
        building = world.enclosing(home, PlaceKind.BUILDING) if home else None
        job = None
        if p.workplace and p.workplace in world:
            work = world.enclosing(p.workplace, PlaceKind.BUILDING) or world.get(p.workplace)
            lead = owners.get(work.address) == p.name
            job = Job(Role(p.occupation, lead=lead), p.occupation, p.workplace, work.address, work.name)
        first, _ = split_name(p.name)
        out.append(Resident(p.name, first, namer.gender_of(first), p.age, home,
                            building.address if building is not None else home, -1, existing=True, job=job))
    return out


def _persona(p: Resident, life: Life, relationships: dict[str, str]) -> Persona:
    job = p.job
    return Persona(name=p.name, age=p.age, traits=life.traits, occupation=job.occupation if job else "",
                   home=p.home, workplace=job.workplace if job else None, relationships=relationships,
                   lifestyle=life.lifestyle, daily_habits=tuple(life.habits), memories=tuple(life.memories),
                   status=life.status)


def _households(found: Survey, n: int, rng: random.Random, namer: Namer, words: PersonaWords,
                old: list[Resident]) -> list[Household]:
    return settle(found, n, rng, namer, learning=learning_of(found, words), existing=old)


def room_for(world: World, existing: Sequence[Persona] = (), words: PersonaWords = ENGLISH_PEOPLE) -> int:
    """How many new people the map's homes can take beside `existing` (what `generate` can make)."""
    found = town_survey(world, words)
    rng = random.Random(0)
    namer = Namer(words.families, words.neutral_first, rng, [*(p.name for p in existing),
                                                              *(n for h in found.homes for n in h.named)])
    old = _existing(existing, world, namer, found)
    made = _households(found, found.beds + 1, rng, namer, words, old)
    return sum(1 for h in made for m in h.members if not m.existing)


def generate(world: World, n: int, *, seed: int = 0, existing: Sequence[Persona] = (),
             words: PersonaWords = ENGLISH_PEOPLE, model: ChatModel | None = None) -> list[Persona]:
    """`n` new residents of `world` (beside the `existing` personas, who keep their homes and
    are known by the new ones), deterministic per `seed`. Raises `CapacityError` when the homes
    cannot take `n` more. With `model`, each gets one more seed memory in its own words
    (`flavour.add_flavour`; checked, and left out when it fails the check)."""
    if n < 0:
        raise ValueError(f"cannot make {n} people")
    found = town_survey(world, words)
    rng = random.Random(seed)
    taken = [*(p.name for p in existing), *(name for h in found.homes for name in h.named),
             *(w.owner for w in found.workplaces if w.owner)]
    namer = Namer(words.families, words.neutral_first, rng, taken)
    old = _existing(existing, world, namer, found)
    households = _households(found, n, rng, namer, words, old)
    made = [m for h in households for m in h.members if not m.existing]
    if len(made) < n:
        where = world.source or "the map"
        raise CapacityError(
            f"{where} has homes for {len(made)} more people, not {n} ({found.beds} beds in {len(found.homes)} "
            f"homes, {len(existing)} taken by the personas already there); ask for at most {len(made)}, or use a "
            "map with more homes (a sleeping place per bedroom; beds are objects with purpose sleep and a capacity).")
    employ(households, found, rng, words, existing=old)
    writer = Writer(found, rng, words)
    by_name = {m.name: h for h in households for m in h.members}
    lives = {p.name: writer.life(p, by_name[p.name]) for p in made}
    homes = {h.address: (h.name, h.centre) for h in found.homes}
    rooms = {r.address: r.name for h in found.homes for r in h.rooms}
    owners = {w.address: w.owner for w in found.workplaces if w.owner}
    relationships = Ties(households, old, lives, rng, words, homes, rooms, owners).build()
    people = [_persona(p, lives[p.name], relationships[p.name]) for p in made]
    if model is not None:
        from npc_brain.personas.flavour import add_flavour

        people = add_flavour(people, model, world, existing=existing)
    return people
