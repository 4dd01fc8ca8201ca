"""Cache slots on the real engine: a prompt that shares only its rules with the next call of
its purpose is still found, though other purposes' calls came in between."""
from __future__ import annotations

import random

import pytest

from npc_brain.llm.engine import LlamaEngine
from npc_brain.llm.settings import LLMSettings

pytestmark = pytest.mark.real_model

WORDS = "apple bread cafe dance eagle field garden harbor island jungle kettle lemon market night".split()


def test_a_purposes_rules_are_reused_across_other_calls() -> None:
    rng = random.Random(7)
    rules = [" ".join(rng.choice(WORDS) for _ in range(60)) for _ in range(3)]
    settings = LLMSettings.from_env(backend="embedded", threads=1, n_parallel=1, cache_slots=4)
    engine = LlamaEngine.from_settings(settings)
    reused: list[tuple[int, int]] = []
    try:
        for i in range(6):  # three purposes in turn; each prompt is four-fifths its own
            tail = " ".join(rng.choice(WORDS) for _ in range(250))
            body = {"messages": [{"role": "system", "content": rules[i % 3]}, {"role": "user", "content": tail}],
                    "max_tokens": 1}
            timings = engine.chat(body)["timings"]
            reused.append((timings["cache_n"], timings["prompt_n"] + timings["cache_n"]))
    finally:
        engine.close()
    # The second round finds each purpose's rules (~60 tokens) in the slot that ran it last;
    # llama.cpp's host-memory cache alone gave 0 here (18% of the prompt kept is too little).
    assert all(n >= 50 for n, _ in reused[3:]), reused
    assert all(n < total / 3 for n, total in reused[3:]), reused  # the rest of each prompt is read anew
