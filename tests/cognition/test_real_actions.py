"""On the real embedded model (SmolLM2-135M): a player's request leads to the right game action.

The barista at the counter is offered the demo's actions (give_item among them) and the built-in
movements; "Could I have a coffee, please?" gets give_item(coffee), "Follow me, please." gets
follow, and a question gets no action at all — in the one dialogue call the line costs anyway.
"""
from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from demo_game.cafe import cafe_actions
from npc_brain.actions import ActionContext
from npc_brain.cognition import dialogue
from npc_brain.cognition.grounds import Moment
from npc_brain.llm.embedders import LexicalEmbedder
from npc_brain.memory import MemoryStream
from npc_brain.movement import with_movement
from npc_brain.persona import Persona
from npc_brain.world.world import World

pytestmark = pytest.mark.real_model

ROOT = Path(__file__).resolve().parents[2]
T = datetime(2023, 2, 13, 10, 30)


def test_a_request_on_the_real_model_leads_to_the_right_action():
    from npc_brain.adapters.tiled import read_map
    from npc_brain.llm.factory import load_model
    from npc_brain.llm.settings import LLMSettings

    world: World = read_map(ROOT / "maps/town.tmx").world
    world.set_position("Alex", 0, 0)
    barista = next(Persona.model_validate(p) for p in json.loads((ROOT / "demo_game/personas.json").read_text())
                   if p["name"] == "Carmen Ortiz")
    registry = with_movement(cafe_actions(staff=lambda n: True, owner=lambda n: False, at_counter=lambda n: True,
                                          stock=lambda: ("coffee", "tea"), is_open=lambda: True))
    offers = registry.offers(ActionContext(barista.name, "Alex", T, address="town:hobbs_cafe:dining_area",
                                           world=world, player=True))
    emb = LexicalEmbedder()
    model = load_model(LLMSettings(backend="embedded"))
    try:
        def ask(line: str) -> dialogue.Said:
            return dialogue.next_utterance(model, emb, MemoryStream(emb.dim).snapshot(), barista, "Alex", T,
                                           doing="working at the counter", lines=[("Alex", line)],
                                           moment=Moment("working at the counter", "Hobbs Cafe"),
                                           offers=offers, player=True)

        coffee = ask("Could I have a coffee, please?")
        assert coffee.offer is not None and coffee.offer.action == "give_item", coffee
        assert coffee.offer.arg("item") == "coffee" and "coffee" in coffee.text.lower()
        follow = ask("Follow me, please.")
        assert follow.offer is not None and follow.offer.action == "follow", follow
        question = ask("What do you know about the party?")
        assert question.offer is None, question
    finally:
        close = getattr(model, "close", None)
        if close is not None:
            close()
