"""On the real embedded model (SmolLM2-135M): a day plan is grounded in the persona.

Before the options-based prompts the 135M model copied the prompt's one example chunk
("open the cafe and serve breakfast") into every chunk, for every persona. Now each part of
the day is chosen among the persona's own habits, work and plans: this checks that what
comes out is about *this* persona and varied, on one real call.
"""
from __future__ import annotations

import json
import unicodedata
from datetime import datetime
from pathlib import Path

import pytest

from npc_brain.cognition.planning import plan_day
from npc_brain.llm.accounting import AccountingModel
from npc_brain.llm.testing import HashEmbedder
from npc_brain.memory import MemoryStream
from npc_brain.types.persona import Persona

pytestmark = pytest.mark.real_model

PERSONAS = Path(__file__).resolve().parents[2] / "demo_game" / "personas.json"
OLD_PROMPT_EXAMPLE = "open the cafe and serve breakfast"


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))


def test_day_plan_is_grounded_in_the_persona():
    from npc_brain.llm.factory import load_model
    from npc_brain.llm.settings import LLMSettings

    isabella = next(Persona.model_validate(p) for p in json.loads(PERSONAS.read_text())
                    if p["name"] == "Isabella Rodriguez")
    emb = HashEmbedder()
    inner = load_model(LLMSettings(backend="embedded"))
    model = AccountingModel(inner)
    try:
        planned = plan_day(model, emb, MemoryStream(emb.dim).snapshot(), isabella, datetime(2023, 2, 13, 6, 0),
                           names={"town:hobbs_cafe": "Hobbs Cafe"})
    finally:
        inner.close()
    awake = [c for c in planned.chunks if c.activity != "sleep"]
    texts = [_fold(c.description) for c in awake]
    assert len(awake) >= 3
    assert OLD_PROMPT_EXAMPLE not in texts
    # Her job: the occupation's words or the workplace's name show up in the plan.
    job_words = {w for w in _fold(f"{isabella.occupation} Hobbs Cafe").split() if len(w) >= 4}
    assert any(w in t for t in texts for w in job_words), texts
    # Not one thing all day (merged repeats count once), and it starts at her wake-up time.
    assert len(set(texts)) >= 3, texts
    assert planned.chunks[0].start.hour == 6
    usage = model.snapshot().by_purpose["plan_day"]
    assert usage.calls == 1 and usage.failures == 0
    assert usage.prompt_tokens + usage.completion_tokens < 2048  # fits a 2k context
