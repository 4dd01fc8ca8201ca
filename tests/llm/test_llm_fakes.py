"""The shipped fakes: ScriptedModel and HashEmbedder."""

from __future__ import annotations

import threading

import numpy as np
import pytest
from pydantic import BaseModel, ConfigDict

from npc_brain.llm.errors import LLMUnavailable
from npc_brain.llm.protocols import ChatModel, Embedder, UsageReportingModel
from npc_brain.llm.testing import HashEmbedder, ScriptedModel, ScriptExhausted, fake_reply


class Pick(BaseModel):
    model_config = ConfigDict(frozen=True)
    place: str


MSGS = [{"role": "user", "content": "Where to?"}]


def test_scripted_model_satisfies_the_protocols() -> None:
    assert isinstance(ScriptedModel(), ChatModel)
    assert isinstance(ScriptedModel(), UsageReportingModel)
    assert isinstance(HashEmbedder(), Embedder)


def test_enqueue_accepts_text_dict_model_callable_and_exception() -> None:
    seen = []

    def responder(messages, schema):
        seen.append((messages[-1]["content"], schema))
        return {"place": "Library"}

    model = ScriptedModel().enqueue(
        "hello", {"place": "Cafe"}, Pick(place="Park"), responder, LLMUnavailable("down")
    )
    assert model.complete(MSGS) == "hello"
    assert model.parse(MSGS, Pick).place == "Cafe"
    assert model.parse(MSGS, Pick).place == "Park"
    assert model.parse(MSGS, Pick).place == "Library"
    assert seen == [("Where to?", Pick)]
    with pytest.raises(LLMUnavailable, match="down"):
        model.complete(MSGS)
    assert model.pending == 0


def test_history_records_labels_schema_and_attempt() -> None:
    model = ScriptedModel().enqueue("oops", fake_reply(Pick, place="Home"))
    model.parse(MSGS, Pick, purpose="location", agent="Klaus", max_tokens=40)
    first, repair = model.history
    assert (first.purpose, first.agent, first.schema, first.max_tokens) == (
        "location",
        "Klaus",
        Pick,
        40,
    )
    assert (first.attempt, repair.attempt) == (0, 1)
    assert first.prompt == "Where to?"


def test_empty_queue_raises_a_clear_non_llm_error() -> None:
    model = ScriptedModel()
    with pytest.raises(ScriptExhausted, match=r"'plan'.*Maria.*Where to"):
        model.complete(MSGS, purpose="plan", agent="Maria")


def test_respond_with_is_used_when_the_queue_is_empty() -> None:
    model = ScriptedModel().enqueue("first").respond_with(lambda m, s: "default")
    assert [model.complete(MSGS) for _ in range(3)] == ["first", "default", "default"]


def test_scripted_usage_is_deterministic_and_nonzero() -> None:
    a = ScriptedModel().enqueue("one two three").complete_with_usage(MSGS)
    b = ScriptedModel().enqueue("one two three").complete_with_usage(MSGS)
    assert a.usage == b.usage and a.usage.completion_tokens == 3 and a.usage.prompt_tokens > 0


def test_scripted_model_is_thread_safe() -> None:
    model = ScriptedModel().enqueue(*[str(i) for i in range(200)])
    out: list[str] = []
    lock = threading.Lock()

    def worker() -> None:
        for _ in range(50):
            text = model.complete(MSGS)
            with lock:
                out.append(text)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(out, key=int) == [str(i) for i in range(200)]
    assert len(model.history) == 200


def test_hash_embedder_is_deterministic_normalised_and_overlap_sensitive() -> None:
    emb = HashEmbedder(128)
    texts = [
        "Klaus reads a book in the library",
        "Klaus is reading books at the library",
        "Isabella bakes bread",
        "the of and",
    ]
    a, b = emb.embed(texts), HashEmbedder(128).embed(texts)
    assert a.shape == (4, 128) and a.dtype == np.float32
    np.testing.assert_array_equal(a, b)
    np.testing.assert_allclose(np.linalg.norm(a[:3], axis=1), 1.0, atol=1e-5)
    assert not a[3].any()  # only stop words
    sims = a @ a.T
    assert sims[0, 1] > 0.5 > abs(sims[0, 2])
