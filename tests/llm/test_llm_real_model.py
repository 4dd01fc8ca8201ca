"""End to end on the real bundled model (SmolLM2-135M via xllamacpp). One engine per session."""

from __future__ import annotations

import enum
from concurrent.futures import ThreadPoolExecutor
from typing import Literal

import numpy as np
import pytest
from pydantic import BaseModel, ConfigDict, Field

from npc_brain.llm.accounting import AccountingModel
from npc_brain.llm.embedded import EmbeddedModel
from npc_brain.llm.embedders import GGUFEmbedder
from npc_brain.llm.openai_backend import OpenAIModel

pytestmark = pytest.mark.real_model


class Mood(enum.StrEnum):
    RESTED = "rested"
    TIRED = "tired"


class Step(BaseModel):
    model_config = ConfigDict(frozen=True)
    place: Literal["Hobbs Cafe", "Oak Hill College", "Home"]
    minutes: int = Field(ge=5, le=90)


class Morning(BaseModel):
    model_config = ConfigDict(frozen=True)
    mood: Mood
    steps: list[Step] = Field(min_length=1, max_length=3)


PROMPT = [
    {"role": "system", "content": "You plan the day of Klaus Mueller, a student."},
    {
        "role": "user",
        "content": "Klaus slept well. Plan his morning: where he goes and for how long.",
    },
]


def test_plain_and_structured_completion(engine) -> None:
    model = AccountingModel(EmbeddedModel(engine))
    text = model.complete(
        [{"role": "user", "content": "Say good morning to Isabella."}],
        max_tokens=24,
        purpose="chat",
    )
    assert text.strip()
    plan = model.parse(
        PROMPT, Morning, max_tokens=120, temperature=0.0, purpose="plan", agent="Klaus"
    )
    assert isinstance(plan.mood, Mood) and 1 <= len(plan.steps) <= 3
    assert all(s.place in ("Hobbs Cafe", "Oak Hill College", "Home") for s in plan.steps)
    snap = model.snapshot()
    assert snap.total.calls == 2 and snap.total.failures == 0
    assert (
        snap.by_purpose["plan"].prompt_tokens > 20 and snap.by_purpose["chat"].completion_tokens > 0
    )


def test_concurrent_structured_calls_share_the_engine(engine) -> None:
    model = EmbeddedModel(engine)
    asks = [
        [{"role": "user", "content": f"Where does {name} spend the morning?"}]
        for name in ("Klaus", "Maria", "Isabella", "Eddy")
    ]
    with ThreadPoolExecutor(4) as pool:
        steps = list(pool.map(lambda m: model.parse(m, Step, max_tokens=40, temperature=0.7), asks))
    assert len(steps) == 4 and all(isinstance(s, Step) for s in steps)


def test_openai_backend_over_the_engines_loopback_http(engine) -> None:
    model = OpenAIModel(
        base_url=engine.base_url,
        api_key=engine.api_key,
        chat_model="local",
        timeout_s=120,  # generous: the box may be busy; a healthy call takes ~1 s
        max_retries=0,
    )
    try:
        done = model.parse_with_usage(PROMPT, Step, max_tokens=40, temperature=0.0)
        assert done.value.place in ("Hobbs Cafe", "Oak Hill College", "Home")
        assert done.usage.prompt_tokens > 20 and done.usage.completion_tokens > 0
    finally:
        model.close()


def test_gguf_embeddings_are_unit_rows_and_stateless(engine) -> None:
    emb = GGUFEmbedder(engine)
    texts = ["Klaus reads at the library", "Isabella bakes bread"]
    both = emb.embed(texts)
    assert both.shape == (2, emb.dim) and emb.dim > 100
    np.testing.assert_allclose(np.linalg.norm(both, axis=1), 1.0, atol=1e-4)
    np.testing.assert_allclose(emb.embed(texts[:1])[0], both[0], atol=1e-4)


def test_doctor_measures_which_structured_mode_works_on_a_server(engine) -> None:
    from npc_brain.llm.doctor import PROBES, probe_modes, recommended_mode

    model = OpenAIModel(base_url=engine.base_url, api_key=engine.api_key, chat_model="local",
                        timeout_s=120, max_retries=0, structured_mode="prompt")
    try:
        counts = probe_modes(model, max_tokens=48)
    finally:
        model.close()
    assert set(counts) == {"json_schema", "json_object", "prompt"}
    assert all(0 <= n <= PROBES for n in counts.values())
    # llama.cpp's server enforces json_schema with a grammar, so even the 135M model passes there.
    assert counts["json_schema"] == PROBES and recommended_mode(counts) == "json_schema"
    assert model.structured_mode == "prompt"  # the model's own mode is restored
