"""The generator's words are data, read as the mechanisms read them; a game may bring its own."""
from __future__ import annotations

import dataclasses
import random
import string

from npc_brain.language.phrasing import activity_of
from npc_brain.personas import ENGLISH_PEOPLE, generate
from npc_brain.personas.names import NameFamily
from npc_brain.personas.naming import Namer, readable
from npc_brain.types.persona import Persona
from npc_brain.world.world import World


def test_names_that_read_as_something_else_are_never_used() -> None:
    for bad in ("June", "August", "Monday", "Walker", "Singh", "Baker", "Reading", "Callum", "Pinto", "Tea"):
        assert not readable(bad), bad
    for good in ("Ada", "Ngozi", "O'Brien", "de Vries", "Ji-woo", "Teagan"):
        assert readable(good), good
    namer = Namer(ENGLISH_PEOPLE.families, ENGLISH_PEOPLE.neutral_first, random.Random(1))
    pool = [n for f in namer.families for n in (*f.female, *f.male, *f.surnames)]
    assert all(readable(n) for n in pool)
    assert sum(len(f.female) + len(f.male) for f in namer.families) >= 350  # room for a town of a hundred


def test_the_namer_never_repeats_a_name_or_takes_one_in_town() -> None:
    namer = Namer(ENGLISH_PEOPLE.families, ENGLISH_PEOPLE.neutral_first, random.Random(5), taken=["Ada Lovelace"])
    names = set()
    for _ in range(300):
        family, surname = namer.surname()
        first = namer.first(random.Random(len(names)).choice("fmx"), family, surname)
        names.add(f"{first} {surname}")
    assert len(names) == 300 and "Ada Lovelace" not in names
    assert not any(n.startswith("Ada ") for n in list(names)[:200])  # a first name in town waits its turn


def test_templates_use_only_the_slots_the_generator_fills() -> None:
    slots = {"name", "first", "his", "him", "home", "town", "work", "room", "opens", "closes", "subject",
             "former", "child", "partner", "roommate", "years", "place", "o", "s", "kin", "age", "note", "title"}
    texts = [h.text for h in ENGLISH_PEOPLE.leisure] + [h.text for h in ENGLISH_PEOPLE.home_habits]
    texts += [t for k in ENGLISH_PEOPLE.job_kinds + ENGLISH_PEOPLE.generic_kinds for r in k.roles
              for t in (r.occupation, *r.habits, *r.lines, *r.status)]
    texts += [t for r in (*ENGLISH_PEOPLE.freelance, ENGLISH_PEOPLE.home_role, ENGLISH_PEOPLE.retired)
              for t in (r.occupation, *r.habits, *r.lines, *r.status)]
    texts += [t for lines in (*ENGLISH_PEOPLE.relations.values(), *ENGLISH_PEOPLE.life.values()) for t in lines]
    texts += list(ENGLISH_PEOPLE.news)
    for text in texts:
        fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
        assert fields <= slots, (text, fields - slots)


def test_habits_say_what_the_planner_reads_them_as() -> None:
    """Every leisure habit reads as an activity its place must allow, so the planner sends people there."""
    for habit in ENGLISH_PEOPLE.leisure:
        assert activity_of(habit.text.replace("{place}", "the Green")) != "sleep", habit.text


def test_a_game_passes_its_own_words(town: World, vacant_city: World) -> None:
    words = dataclasses.replace(ENGLISH_PEOPLE, families=(NameFamily("moon", ("Crater", "Dust", "Orbit", "Tide"),
                                                                     ("Luna", "Selene", "Nova", "Stella"),
                                                                     ("Apollo", "Orion", "Atlas", "Castor")),),
                                neutral_first=("Sky",))
    people = generate(vacant_city, 12, seed=1, words=words)
    assert all(isinstance(p, Persona) for p in people)
    assert {p.name.split()[-1] for p in people} <= {"Crater", "Dust", "Orbit", "Tide"}
    assert {p.name.split()[0] for p in people} <= {"Luna", "Selene", "Nova", "Stella", "Apollo", "Orion", "Atlas",
                                                  "Castor", "Sky"}
    named = {n for p in town for n in p.residents}  # a map's own residents keep the map's names
    assert {p.name for p in generate(town, 3, seed=1, words=words)} <= named
