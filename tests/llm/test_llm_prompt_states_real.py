"""Saved prompt states on the real engine: a purpose's rules are found again after other
purposes overwrote the only slot, and a restored prompt answers as a freshly read one."""
from __future__ import annotations

import random

import pytest

from npc_brain.llm.engine import LlamaEngine
from npc_brain.llm.settings import LLMSettings

pytestmark = pytest.mark.real_model

WORDS = "apple bread cafe dance eagle field garden harbor island jungle kettle lemon market night".split()


def _body(rules: str, tail: str) -> dict[str, object]:
    return {"messages": [{"role": "system", "content": rules}, {"role": "user", "content": tail}],
            "max_tokens": 8, "temperature": 0.0}


def test_saved_states_bring_back_what_other_calls_overwrote() -> None:
    rng = random.Random(11)
    rules = [" ".join(rng.choice(WORDS) for _ in range(60)) for _ in range(3)]
    tails = [" ".join(rng.choice(WORDS) for _ in range(250)) for _ in range(6)]
    settings = LLMSettings.from_env(backend="embedded", threads=1, n_parallel=1, prompt_state_mb=256)
    engine = LlamaEngine.from_settings(settings)
    fresh = LlamaEngine.from_settings(settings.model_copy(update={"prompt_state_mb": 0}))
    reused: list[int] = []
    try:
        for i in range(6):  # three purposes in turn through one slot; each prompt is mostly its own
            reply = engine.chat(_body(rules[i % 3], tails[i]))
            reused.append(reply["timings"]["cache_n"])
            if i >= 3:  # what a restored prompt says is what the same prompt read afresh says
                again = fresh.chat(_body(rules[i % 3], tails[i]))
                assert reply["choices"][0]["message"]["content"] == again["choices"][0]["message"]["content"]
        assert engine.prompt_states is not None and engine.prompt_states.restores >= 3
        assert engine.state_dir is not None and any(engine.state_dir.iterdir())
    finally:
        engine.close()
        fresh.close()
    # Rules are ~60 tokens; without saved states the one slot held another purpose's prompt.
    assert all(n >= 50 for n in reused[3:]), reused
    assert engine.state_dir is not None and not engine.state_dir.exists()


def test_an_8_bit_kv_cache_saves_a_prompt_in_about_half_the_bytes() -> None:
    rng = random.Random(5)
    body = _body(" ".join(rng.choice(WORDS) for _ in range(60)), " ".join(rng.choice(WORDS) for _ in range(200)))
    sizes, said = {}, {}
    for kind in ("f16", "q8_0"):
        settings = LLMSettings.from_env(backend="embedded", threads=1, n_parallel=1, prompt_state_mb=64,
                                        kv_cache=kind)
        engine = LlamaEngine.from_settings(settings)
        try:
            said[kind] = engine.chat(body)["choices"][0]["message"]["content"]
            assert engine.state_dir is not None
            sizes[kind] = sum(f.stat().st_size for f in engine.state_dir.iterdir())
        finally:
            engine.close()
    assert 0 < sizes["q8_0"] < 0.6 * sizes["f16"], sizes
    assert said["q8_0"].strip(), said  # it still answers
