"""Who runs and works at a place, from the map's owner and the residents' workplaces (not from
words about jobs). Lines, harbour and people written for these tests."""
from __future__ import annotations

import json
from datetime import datetime, time
from pathlib import Path

import pytest

from npc_brain.adapters.tiled import load_world
from npc_brain.cognition.answers import candidates
from npc_brain.cognition.grounds import Moment, Sight
from npc_brain.language.intent import intent_of
from npc_brain.language.keepers import asks_keepers
from npc_brain.llm.testing import HashEmbedder
from npc_brain.memory import MemoryStream
from npc_brain.runtime.agent import Agent
from npc_brain.runtime.moment import moment_of
from npc_brain.types.ground import GroundKind
from npc_brain.types.persona import Persona
from npc_brain.world.spatial_memory import SpatialMemory

T = datetime(2023, 3, 6, 10, 0)
ROOT = Path(__file__).resolve().parents[2]
KEEPERS = (("Odile Marchetti", "owner of the Salty Dog Tavern"), ("Bram Okafor", "cook at the Salty Dog Tavern"),
           ("Ida Fenn", "barmaid at the Salty Dog Tavern"))
SIGHTS = (Sight("Salty Dog Tavern", "harbour:salty_dog", "a harbour tavern", "the Salty Dog Tavern",
                time(11), time(23), keepers=KEEPERS),
          Sight("Snug", "harbour:salty_dog:snug", "a small back room", "the snug", keepers=KEEPERS),
          Sight("Ferry Office", "harbour:ferry_office", "a ticket office", "the ferry office",
                keepers=(("Nora Quill", "ferry captain"),)))
BRAM = Persona(name="Bram Okafor", age=31, occupation="cook at the Salty Dog Tavern", workplace="harbour:salty_dog")
NORA = Persona(name="Nora Quill", age=52, occupation="ferry captain", workplace="harbour:ferry_office")
PIM = Persona(name="Pim Vos", age=70, occupation="retired sailor")


def said(who: Persona, line: str, place: str) -> tuple[GroundKind, str]:
    moment = Moment("going about the day", place, (), {}, sights=SIGHTS)
    g = candidates(intent_of(line), who, "Player", line, T, moment, [])[0]
    return g.kind, g.text


def test_asked_who_else_works_there_a_worker_names_the_others_by_their_occupations():
    kind, text = said(BRAM, "so who else works here with you?", "Salty Dog Tavern")
    assert kind is GroundKind.PLACE
    assert text == ("Odile Marchetti is the owner of the Salty Dog Tavern and Ida Fenn is a barmaid at the "
                    "Salty Dog Tavern.")


@pytest.mark.parametrize("line", ["who runs this place?", "Whose place is this, then?", "who's the boss here?"])
def test_a_customer_asked_who_keeps_the_place_it_is_in_names_its_keepers(line):
    kind, text = said(PIM, line, "Snug")  # in a room of it: the building's people
    assert kind is GroundKind.PLACE and text.startswith("Odile Marchetti is the owner") and "Bram Okafor" in text


def test_a_place_named_is_the_place_asked_about_wherever_it_is_asked():
    kind, text = said(NORA, "Who owns the Salty Dog Tavern?", "Ferry Office")
    assert kind is GroundKind.PLACE and text.startswith("Odile Marchetti is the owner of the Salty Dog Tavern")
    _, text = said(PIM, "who do you work with?", "Ferry Office")  # no work of his own: not this place
    assert "Nora Quill" not in text


def test_one_who_works_alone_says_so():
    assert said(NORA, "who do you work with?", "Salty Dog Tavern")[1] == (
        "I am the only one who works at the ferry office.")


@pytest.mark.parametrize(("line", "asks"), [
    ("who else works here with you?", True), ("does anybody else work at the lighthouse?", True),
    ("who is in charge of the ferry?", True),
    ("Do you know who is running for mayor?", False),  # a race, not a shop
    ("who are you?", False), ("Who is your best friend here?", False),
    # Seen unread in a window play (Sam Moore at the café: "I am not sure about that."):
    ("who's in charge around here?", True), ("and who else helps out in this place?", True),
])
def test_the_question_is_read_by_its_form(line, asks):
    assert asks_keepers(line) is asks


def test_the_demo_towns_cafe_is_kept_by_its_owner_with_the_residents_who_work_there():
    world = load_world(ROOT / "maps" / "town.tmx")
    people = [Persona.model_validate(p) for p in json.loads((ROOT / "demo_game" / "personas.json").read_text())]
    walker = Persona(name="Wren Adler", age=40, home="town:moore_house:bedroom")
    emb = HashEmbedder()
    agent = Agent(walker, MemoryStream(emb.dim), SpatialMemory.for_persona(world, walker), embedder=emb)
    sights = {s.name: s for s in moment_of(agent, world, T, people).sights}
    owner, *staff = sights["Hobbs Cafe"].keepers
    assert owner == ("Isabella Rodriguez", "owner of Hobbs Cafe")  # the map's owner first
    # The barista works at the café, the chef in its kitchen: both are the café's.
    assert {"Carmen Ortiz", "Priya Sharma"} <= {n for n, _ in staff}
    assert sights["Dining Area"].keepers == sights["Hobbs Cafe"].keepers
