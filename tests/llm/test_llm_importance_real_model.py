"""Importance on the real 135M model: log-probabilities arrive, poignant beats routine, and a
life event beats a rumour, which beats a chat."""

from __future__ import annotations

from datetime import datetime

import pytest

from npc_brain.cognition import importance, prompts
from npc_brain.cognition.importance import MemoryDraft
from npc_brain.llm.embedded import EmbeddedModel
from npc_brain.llm.embedders import LexicalEmbedder
from npc_brain.memory import MemoryKind

pytestmark = pytest.mark.real_model

T0 = datetime(2023, 2, 13, 9, 0)
OBS = MemoryKind.OBSERVATION


def test_a_poignant_memory_outranks_a_routine_one(engine) -> None:
    model = EmbeddedModel(engine)
    choice = model.choose(prompts.importance_messages("Maria Lopez", "My father died"),
                          importance.DIGITS, purpose="importance")
    assert choice.from_logprobs and sum(choice.probs) == pytest.approx(1.0)
    assert sum(p > 0 for p in choice.probs) >= 5  # a real distribution, not one digit
    routine = [
        MemoryDraft(OBS, "the coffee machine is idle", T0,
                    subject="town:hobbs_cafe:counter:coffee_machine", sighting=True),
        MemoryDraft(OBS, "Klaus Mueller is reading at his desk", T0, subject="Klaus Mueller",
                    sighting=True),
    ]
    poignant = [
        MemoryDraft(OBS, "My father died this morning", T0),
        MemoryDraft(OBS, "Klaus Mueller broke up with me", T0),
    ]
    done = importance.memorize(model, LexicalEmbedder(), [*routine, *poignant], agent="Maria Lopez")
    low, high = [m.importance for m in done.memories[:2]], [m.importance for m in done.memories[2:]]
    assert done.calls == 2
    assert min(high) > max(low), (low, high)


def test_a_life_event_outranks_a_rumour_which_outranks_a_chat(engine) -> None:
    # Written for this test: in neither the word model's examples nor the labelled set.
    model = EmbeddedModel(engine)
    drafts = [
        MemoryDraft(OBS, "Ilse Brandvold's daughter was born early this morning", T0),
        MemoryDraft(OBS, "Corin Vale told me that the old tannery will be pulled down in the spring", T0),
        MemoryDraft(OBS, "Corin Vale said: the bread here is nice", T0),
    ]
    done = importance.memorize(model, LexicalEmbedder(), drafts, agent="Maria Lopez")
    life, rumour, chat = (m.importance for m in done.memories)
    assert done.calls == 3 and len(done.new_ratings) == 3
    assert life > rumour > chat, (life, rumour, chat)
