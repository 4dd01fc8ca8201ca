"""On the real embedded model: lines beyond the interview's five kinds get an answer of the right kind.

Half of 25 everyday player lines got a self-introduction or a schedule line: a farewell got
"At 12 pm I will be having lunch.", a request for a quiet place the party invitation. Here the
model picks among the grounds the code offers for each kind of line, and every pick is one of
the kinds that answer it — and still asserts nothing the speaker does not know.
"""
from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from npc_brain.cognition import dialogue
from npc_brain.cognition.grounds import Moment, Sight
from npc_brain.language.grounding import ungrounded_facts
from npc_brain.llm.embedders import LexicalEmbedder
from npc_brain.memory import MemoryStream
from npc_brain.memory.record import MemoryKind
from npc_brain.types.ground import GroundKind
from npc_brain.types.persona import Persona
from npc_brain.types.plan import PlanLevel, PlanStep

pytestmark = pytest.mark.real_model

PERSONAS = Path(__file__).resolve().parents[2] / "demo_game" / "personas.json"
T = datetime(2023, 2, 13, 10, 0)
K = GroundKind
# Lines written for this test (not any eval set's), each with the kinds of ground that answer it.
LINES = (
    ("Good afternoon to you!", {K.GREETING, K.SMALL_TALK}),
    ("Right, I had better be off. See you around!", {K.FAREWELL}),
    ("Cheers for the chat.", {K.SMALL_TALK, K.GREETING, K.FAREWELL}),
    ("How have you been keeping?", {K.FEELING}),
    ("Where could I grab a hot drink around here?", {K.PLACE}),
    ("Are you busy at 3pm?", {K.PLAN, K.UNKNOWN}),
    ("Could you lend me your bicycle?", {K.DECLINE, K.OFFER}),
    ("I heard the bakery on the corner is closing for good.", {K.UNKNOWN, K.MEMORY}),
    ("Would you like to come to my picnic?", {K.QUESTION}),
    ("Is Johnson Park worth a stroll on a Sunday?", {K.PLACE, K.MEMORY}),
    ("So who else works here with you?", {K.PLACE}),
)


def test_everyday_lines_get_an_answer_of_their_kind_on_the_real_model():
    from npc_brain.llm.factory import load_model
    from npc_brain.llm.settings import LLMSettings

    persona = Persona.model_validate(next(p for p in json.loads(PERSONAS.read_text())
                                          if p["name"] == "Isabella Rodriguez"))
    emb = LexicalEmbedder()
    stream = MemoryStream(emb.dim)
    for i, text in enumerate(persona.memories):
        stream.add(MemoryKind.OBSERVATION, text, T - timedelta(hours=2, minutes=-i), 5, emb.embed([text])[0],
                   subject=persona.name)
    steps = (PlanStep(PlanLevel.HOUR, T.replace(hour=14), T.replace(hour=17), "working at Hobbs Cafe", "work",
                      "town:hobbs_cafe"),)
    places = (("Hobbs Cafe", "town:hobbs_cafe", frozenset({"drink", "eat", "socialize"})),
              ("Johnson Park", "town:johnson_park", frozenset({"relax", "exercise"})))
    staff = (("Isabella Rodriguez", "owner of Hobbs Cafe"), ("Carmen Ortiz", "barista at Hobbs Cafe"))
    sights = (Sight("Hobbs Cafe", "town:hobbs_cafe", "a cosy café serving coffee and light meals", "Hobbs Cafe",
                    keepers=staff),
              Sight("Johnson Park", "town:johnson_park", "a green park with a duck pond", "Johnson Park"))
    moment = Moment("baking pastries", "Hobbs Cafe", steps, {"town:hobbs_cafe": "Hobbs Cafe"}, places=places,
                    sights=sights)
    known = (persona.name, "Hobbs Cafe", "Johnson Park", "Carmen Ortiz")
    sources = [*persona.memories, persona.occupation, persona.status, "Hobbs Cafe", "Johnson Park",
               "Carmen Ortiz is a barista at Hobbs Cafe",
               "working at Hobbs Cafe", "2pm", "5pm", *(s.description for s in sights)]
    model = load_model(LLMSettings(backend="embedded"))
    try:
        for line, kinds in LINES:
            said = dialogue.next_utterance(model, emb, stream.snapshot(), persona, "Alex", T, doing="baking pastries",
                                           lines=[("Alex", line)], moment=moment, known=known, phrased=False)
            where = f"{line!r} got {said.text!r}"
            assert said.ground is not None and said.ground.kind in kinds, where
            assert not ungrounded_facts(said.text, [*sources, line], speaker=persona.name, listener="Alex",
                                        known=known), where
            assert not said.text.startswith("At ") or said.ground.kind is K.PLAN, where  # no schedule line
            if "works here" in line:  # who works there, from the map and the residents' workplaces
                assert "Carmen" in said.text, where
    finally:
        close = getattr(model, "close", None)
        if close is not None:
            close()
