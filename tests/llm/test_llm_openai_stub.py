"""OpenAIModel / OpenAIEmbedder against a real HTTP server on loopback (a stdlib stub)."""

from __future__ import annotations

import time

import numpy as np
import pytest
from pydantic import BaseModel, ConfigDict, Field

from npc_brain.llm.accounting import AccountingModel
from npc_brain.llm.errors import LLMOutputError, LLMRequestError, LLMUnavailable
from npc_brain.llm.openai_backend import OpenAIEmbedder, OpenAIModel
from npc_brain.llm.settings import LLMSettings


class Rating(BaseModel):
    model_config = ConfigDict(frozen=True)
    rating: int = Field(ge=1, le=10)


MSGS = [
    {"role": "system", "content": "You rate memories."},
    {"role": "user", "content": "Rate: Klaus ate breakfast."},
]


def model_for(url: str, **kw) -> OpenAIModel:
    kw.setdefault("chat_model", "stub-model")
    kw.setdefault("max_retries", 0)
    kw.setdefault("timeout_s", 5.0)
    return OpenAIModel(base_url=url, api_key="k", **kw)


def test_plain_and_structured_calls_report_server_usage(stub) -> None:
    stub.reply("Good morning, Maria!", prompt_tokens=21, completion_tokens=5).reply('{"rating": 3}')
    model = AccountingModel(model_for(stub.base_url))
    assert model.complete(MSGS, max_tokens=30, purpose="dialogue") == "Good morning, Maria!"
    assert model.parse(MSGS, Rating, purpose="importance").rating == 3
    snap = model.snapshot()
    assert snap.by_purpose["dialogue"].prompt_tokens == 21
    assert snap.by_purpose["dialogue"].completion_tokens == 5
    assert snap.by_purpose["importance"].total_tokens == 18
    path, body = stub.requests[1]
    assert path == "/v1/chat/completions" and body["model"] == "stub-model"
    assert body["response_format"]["type"] == "json_schema"
    assert body["response_format"]["json_schema"]["schema"]["properties"]["rating"]["maximum"] == 10


def test_reply_not_json_is_repaired(stub) -> None:
    stub.reply("I'd say a three.").reply('```json\n{"rating": 3}\n```')
    parsed = model_for(stub.base_url).parse_with_usage(MSGS, Rating)
    assert parsed.value.rating == 3 and parsed.repairs == 1
    repair_body = stub.requests[1][1]
    assert repair_body["messages"][-2] == {"role": "assistant", "content": "I'd say a three."}
    assert "not valid JSON" in repair_body["messages"][-1]["content"]


def test_wrong_shape_twice_is_an_output_error(stub) -> None:
    stub.reply('{"score": 3}').reply('{"rating": 11}')
    with pytest.raises(LLMOutputError) as err:
        model_for(stub.base_url).parse(MSGS, Rating)
    assert err.value.raw == '{"rating": 11}' and len(stub.requests) == 2


def test_empty_reply(stub) -> None:
    stub.reply("").reply(None).reply("")
    model = model_for(stub.base_url)
    with pytest.raises(LLMOutputError, match="empty"):
        model.complete(MSGS)
    with pytest.raises(LLMOutputError, match="empty"):
        model.parse(MSGS, Rating)


def test_timeout_is_unavailable_and_names_url_and_limit(stub) -> None:
    stub.sleep(3.0)
    model = model_for(stub.base_url, timeout_s=0.5)
    # The stub answers after 3 s: without a working timeout the call would succeed, not raise.
    with pytest.raises(LLMUnavailable) as err:
        model.complete(MSGS)
    assert stub.base_url in str(err.value) and "0.5 s" in str(err.value)


HINT = "NPC_BRAIN_STRUCTURED=json_object"


@pytest.mark.parametrize("code", [500, 502, 503])
def test_server_failure_is_unavailable_without_the_structured_mode_hint(stub, code) -> None:
    stub.status(code)
    with pytest.raises(LLMUnavailable) as err:
        model_for(stub.base_url).parse(MSGS, Rating)
    assert f"HTTP {code}" in str(err.value) and stub.base_url in str(err.value)
    assert HINT not in str(err.value)  # a server that is down did not reject the schema


@pytest.mark.parametrize(("code", "error"), [
    (400, LLMRequestError), (422, LLMRequestError), (500, LLMUnavailable)])
def test_rejected_schema_gets_the_structured_mode_hint(stub, code, error) -> None:
    stub.status(code, "'response_format' of type 'json_schema' is not supported")
    with pytest.raises(error) as err:
        model_for(stub.base_url).parse(MSGS, Rating)
    assert f"HTTP {code}" in str(err.value) and HINT in str(err.value)


def test_connection_refused_gets_no_structured_mode_hint(refused_url) -> None:
    with pytest.raises(LLMUnavailable) as err:
        model_for(refused_url).parse(MSGS, Rating)
    assert "Could not reach" in str(err.value) and HINT not in str(err.value)


def test_plain_completion_rejection_gets_no_structured_mode_hint(stub) -> None:
    stub.status(400, "bad schema of something")
    with pytest.raises(LLMRequestError) as err:
        model_for(stub.base_url).complete(MSGS)
    assert HINT not in str(err.value)  # no response_format was sent


def test_http_500_is_retried_by_the_client_when_allowed(stub) -> None:
    stub.status(503).reply("recovered")
    assert model_for(stub.base_url, max_retries=1).complete(MSGS) == "recovered"
    assert len(stub.requests) == 2


def test_http_400_is_a_request_error(stub) -> None:
    stub.status(400)
    with pytest.raises(LLMRequestError, match="HTTP 400"):
        model_for(stub.base_url).complete(MSGS)


def test_non_json_http_body_is_unavailable(stub) -> None:
    stub.raw(b"<html>proxy error</html>")
    with pytest.raises(LLMUnavailable, match=stub.base_url):
        model_for(stub.base_url).complete(MSGS)


def test_connection_refused_names_the_url(refused_url) -> None:
    with pytest.raises(LLMUnavailable) as err:
        model_for(refused_url).complete(MSGS)
    assert refused_url in str(err.value) and "Could not reach" in str(err.value)


@pytest.mark.parametrize("mode", ["json_object", "prompt"])
def test_json_object_and_prompt_modes_carry_the_schema_in_the_prompt(stub, mode) -> None:
    stub.reply('{"rating": 5}')
    assert model_for(stub.base_url, structured_mode=mode).parse(MSGS, Rating).rating == 5
    body = stub.requests[0][1]
    assert '"rating"' in body["messages"][-1]["content"]
    if mode == "json_object":
        assert body["response_format"] == {"type": "json_object"}
    else:
        assert "response_format" not in body


def test_unset_model_name_is_taken_from_the_server_list(stub) -> None:
    stub.reply("hi")
    model = OpenAIModel.from_settings(LLMSettings(base_url=stub.base_url, max_retries=0))
    assert model.complete(MSGS) == "hi"
    assert model.model == "stub-model" and stub.requests[0][1]["model"] == "stub-model"


def test_openai_embedder_normalises_and_learns_dim(stub) -> None:
    stub.embeddings([[3.0, 4.0, 0.0], [0.0, 0.0, 0.0]])
    emb = OpenAIEmbedder(base_url=stub.base_url, api_key="k", model="stub-embed", max_retries=0)
    out = emb.embed(["Klaus", ""])
    np.testing.assert_allclose(out, [[0.6, 0.8, 0.0], [0.0, 0.0, 0.0]], atol=1e-6)
    assert emb.dim == 3 and stub.requests[0][0] == "/v1/embeddings"
    assert stub.requests[0][1]["input"] == ["Klaus", " "]


def test_openai_embedder_failure_is_unavailable(refused_url) -> None:
    emb = OpenAIEmbedder(base_url=refused_url, model="m", max_retries=0)
    with pytest.raises(LLMUnavailable, match=refused_url):
        emb.embed(["x"])


def test_a_background_call_on_a_server_gives_way_to_the_players(stub) -> None:
    from npc_brain.llm.preemption import Preempted, preemptible

    # 40 pieces 50 ms apart: run through it would take 2 s; the player's call comes after 3.
    stub.stream([f"w{i} " for i in range(40)], delay=0.05)
    model = model_for(stub.base_url)
    urgent = iter(range(100))
    with preemptible(lambda: next(urgent) >= 3), pytest.raises(Preempted):
        model.complete(MSGS, max_tokens=60)
    assert stub.requests[0][1]["stream"] is True
    time.sleep(0.3)
    assert stub.streamed < 15  # the stream was closed: the server stopped sending


def test_a_background_call_that_is_not_stopped_runs_through_streamed(stub) -> None:
    from npc_brain.llm.preemption import preemptible

    stub.stream(["Good ", "morning, ", "Maria!"])
    model = model_for(stub.base_url)
    with preemptible(lambda: False):
        assert model.complete(MSGS, max_tokens=60) == "Good morning, Maria!"
    stub.reply("Hello!")
    assert model.complete(MSGS, max_tokens=60) == "Hello!"  # not preemptible: one piece
    assert "stream" not in stub.requests[1][1]
