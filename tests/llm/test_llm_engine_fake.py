"""LlamaEngine and EmbeddedModel against a fake xllamacpp server: error mapping, lifecycle."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from pydantic import BaseModel, ConfigDict

from npc_brain.llm.embedded import EmbeddedModel
from npc_brain.llm.engine import LlamaEngine
from npc_brain.llm.errors import LLMOutputError, LLMRequestError, LLMUnavailable

OK = {
    "choices": [
        {
            "index": 0,
            "finish_reason": "stop",
            "message": {"role": "assistant", "content": '{"rating": 4}'},
        }
    ],
    "usage": {"prompt_tokens": 30, "completion_tokens": 6, "total_tokens": 36},
}


class FakeServer:
    """Stands in for `xllamacpp.Server`: replies (or raises) from a list."""

    def __init__(self, replies: list[Any]) -> None:
        self.replies = list(replies)
        self.bodies: list[dict] = []
        self.listening_address = "http://127.0.0.1:5555"

    def _next(self, body: dict) -> Any:
        self.bodies.append(body)
        item = self.replies.pop(0)
        if isinstance(item, BaseException):
            raise item
        return item

    handle_chat_completions = _next
    handle_embeddings = _next


def make(replies: list[Any]) -> tuple[LlamaEngine, FakeServer]:
    server = FakeServer(replies)
    return LlamaEngine(Path("/m/fake.gguf"), server_factory=lambda params: server), server


class Rating(BaseModel):
    model_config = ConfigDict(frozen=True)
    rating: int


MSGS = [{"role": "user", "content": "rate it"}]


def test_embedded_model_sends_schema_and_reports_engine_usage() -> None:
    engine, server = make([OK])
    model = EmbeddedModel(engine)
    parsed = model.parse_with_usage(MSGS, Rating, max_tokens=20, temperature=0.1)
    assert parsed.value.rating == 4
    assert (parsed.usage.prompt_tokens, parsed.usage.completion_tokens, parsed.usage.requests) == (
        30,
        6,
        1,
    )
    body = server.bodies[0]
    assert body["max_tokens"] == 20 and body["temperature"] == 0.1
    # Compact JSON by default: a one-line grammar instead of the free-whitespace json_schema.
    assert "response_format" not in body and '"rating"' in body["grammar"]
    assert model.name == "embedded:fake.gguf" and engine.base_url == "http://127.0.0.1:5555/v1"


def test_embedded_model_can_send_the_schema_as_response_format() -> None:
    engine, server = make([OK])
    EmbeddedModel(engine, compact_json=False).parse(MSGS, Rating, max_tokens=20, temperature=0.1)
    body = server.bodies[0]
    assert "grammar" not in body and body["response_format"]["type"] == "json_schema"
    assert (
        body["response_format"]["json_schema"]["schema"]["properties"]["rating"]["type"]
        == "integer"
    )


def test_embedded_model_samples_by_purpose() -> None:
    from npc_brain.llm.sampling import Sampling

    engine, server = make([OK, OK, OK])
    model = EmbeddedModel(engine)
    model.parse(MSGS, Rating, max_tokens=20, purpose="dialogue")
    model.parse(MSGS, Rating, max_tokens=20, purpose="no such purpose")
    EmbeddedModel(engine, sampling={"x": Sampling(top_p=0.5)}).parse(MSGS, Rating, purpose="x")
    speech, unknown, custom = server.bodies
    assert speech["dry_multiplier"] > 0 and speech["top_p"] < 1  # speech: no verbatim copying
    assert not {"dry_multiplier", "top_p", "repeat_penalty"} & set(unknown)  # llama.cpp defaults
    assert custom["top_p"] == 0.5


@pytest.mark.parametrize(
    ("reply", "error", "text"),
    [
        (
            {
                "error": {
                    "code": 400,
                    "message": "request (3031 tokens) exceeds the available context size",
                    "type": "exceed_context_size_error",
                }
            },
            LLMRequestError,
            "context",
        ),
        ({"error": {"code": 501, "message": "embeddings not enabled"}}, LLMRequestError, "501"),
        ({"error": {"code": 500, "message": "slot crashed"}}, LLMUnavailable, "slot crashed"),
        ({"code": 500, "type": "server_error", "message": "bad json"}, LLMUnavailable, "bad json"),
        ({"choices": []}, LLMUnavailable, "no choices"),
        (ValueError("Unable to generate parser for this template"), LLMRequestError, "parser"),
        (RuntimeError("boom"), LLMUnavailable, "boom"),
    ],
)
def test_engine_failures_become_typed_errors(reply: Any, error: type, text: str) -> None:
    engine, _ = make([reply])
    with pytest.raises(error, match=text):
        EmbeddedModel(engine).complete(MSGS)


def test_empty_engine_reply_is_an_output_error() -> None:
    empty = {**OK, "choices": [{"index": 0, "message": {"role": "assistant", "content": ""}}]}
    engine, _ = make([empty])
    with pytest.raises(LLMOutputError):
        EmbeddedModel(engine).complete(MSGS)


def test_load_failure_is_unavailable() -> None:
    def factory(params: Any) -> Any:
        raise RuntimeError("Failed to init server, please check the input params.")

    with pytest.raises(LLMUnavailable, match="could not load"):
        LlamaEngine(Path("/m/broken.gguf"), server_factory=factory)


def test_close_is_idempotent_and_later_calls_are_unavailable() -> None:
    engine, _ = make([OK])
    with EmbeddedModel(engine, owns_engine=True) as model:
        assert model.complete(MSGS)
    assert engine.closed
    engine.close()
    with pytest.raises(LLMUnavailable, match="closed"):
        model.complete(MSGS)


def test_close_waits_for_no_one_but_running_calls_finish() -> None:
    started, release = threading.Event(), threading.Event()

    class Slow(FakeServer):
        def handle_chat_completions(self, body: dict) -> Any:
            started.set()
            release.wait(60)
            return OK

    server = Slow([])
    engine = LlamaEngine(Path("/m/slow.gguf"), server_factory=lambda p: server)
    out: list[str] = []
    worker = threading.Thread(target=lambda: out.append(EmbeddedModel(engine).complete(MSGS)))
    worker.start()
    assert started.wait(60)
    engine.close()  # returns at once; the running call keeps its server reference
    release.set()
    worker.join(60)
    assert out == ['{"rating": 4}']


def test_embed_orders_rows_by_index() -> None:
    reply = {"data": [{"index": 1, "embedding": [0.0, 2.0]}, {"index": 0, "embedding": [3.0, 0.0]}]}
    engine, _ = make([reply])
    np.testing.assert_array_equal(engine.embed(["a", "b"]), [[3.0, 0.0], [0.0, 2.0]])


def test_cache_slots_are_extra_slots_that_keep_their_prompts() -> None:
    import xllamacpp

    def params(**kw: Any) -> Any:
        eng = LlamaEngine(Path("model.gguf"), server_factory=lambda p: FakeServer([]), n_parallel=4, **kw)
        return eng._params(xllamacpp, 1)

    plain = params()
    assert (plain.n_parallel, plain.n_ctx, plain.cache_idle_slots, plain.kv_unified) == (4, 8192, True, True)
    kept = params(cache_slots=8)
    # Twelve slots with 2k tokens each of their own; idle ones are not moved to host memory,
    # where llama.cpp would not restore a prompt sharing only its rules with the next one.
    assert (kept.n_parallel, kept.n_ctx, kept.cache_idle_slots, kept.kv_unified) == (12, 12 * 2048, False, False)


def test_cache_slots_come_from_the_environment() -> None:
    from npc_brain.llm.settings import LLMSettings

    assert LLMSettings.from_env({"NPC_BRAIN_CACHE_SLOTS": "6"}).cache_slots == 6
    assert LLMSettings.from_env({}).cache_slots == 0
