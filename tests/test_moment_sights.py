"""The places an NPC can tell of, read from a real Tiled map: description, hours, where it is."""
from __future__ import annotations

from datetime import datetime, time
from pathlib import Path

from npc_brain.adapters.tiled import load_world
from npc_brain.cognition.answers import candidates
from npc_brain.language.intent import intent_of
from npc_brain.llm.testing import HashEmbedder
from npc_brain.memory import MemoryStream
from npc_brain.runtime.agent import Agent
from npc_brain.runtime.moment import moment_of
from npc_brain.types.persona import Persona
from npc_brain.world.spatial_memory import SpatialMemory

MAP = Path(__file__).resolve().parents[1] / "maps" / "town.tmx"
NOW = datetime(2023, 2, 13, 21, 30)


def test_the_demo_towns_places_carry_their_hours_and_where_they_are():
    world = load_world(MAP)
    walker = Persona(name="Wren Adler", age=40, home="town:moore_house:bedroom")
    emb = HashEmbedder()
    agent = Agent(walker, MemoryStream(emb.dim), SpatialMemory.for_persona(world, walker), embedder=emb)
    moment = moment_of(agent, world, NOW)
    sights = {s.name: s for s in moment.sights}
    cafe, pub, library = sights["Hobbs Cafe"], sights["The Rose and Crown Pub"], sights["Library"]
    assert (cafe.opens, cafe.closes) == (time(8), time(20))
    assert library.where == "in Oak Hill College" and (library.opens, library.closes) == (time(8), time(22))
    assert pub.where.startswith("near ") and pub.where != "near The Rose and Crown Pub"

    def said(line: str) -> str:
        return candidates(intent_of(line), walker, "Player", line, NOW, moment, [])[0].text

    assert said("Is the cafe still open?") == "Hobbs Cafe is open from 8 am to 8 pm. It is closed now."
    assert said("how late is the pub open tonight") == (
        "The Rose and Crown Pub is open from noon to midnight. It is open now.")
    assert said("Where's the library?") == "The library is in Oak Hill College."
