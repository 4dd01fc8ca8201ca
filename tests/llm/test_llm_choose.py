"""`choose`: one token among options with their probabilities, on every backend and wrapper."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from npc_brain.llm.accounting import AccountingModel
from npc_brain.llm.calls import Completion, Usage, choice_of
from npc_brain.llm.embedded import EmbeddedModel
from npc_brain.llm.engine import LlamaEngine
from npc_brain.llm.errors import LLMOutputError
from npc_brain.llm.openai_backend import OpenAIModel
from npc_brain.llm.protocols import ChoiceModel
from npc_brain.llm.replay import RecordingModel, ReplayMiss, ReplayModel
from npc_brain.llm.request import choose_of
from npc_brain.llm.testing import ScriptedModel

MSGS = [{"role": "user", "content": "Rate: Klaus ate breakfast."}]
DIGITS = tuple("123456789")


def lp(p: float) -> float:
    return math.log(p)


def chat_body(content: str) -> dict:
    """An OpenAI chat.completion body (the stub server's and llama.cpp's shape)."""
    return {"id": "x", "object": "chat.completion", "created": 0, "model": "stub-model",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                         "finish_reason": "length"}],
            "usage": {"prompt_tokens": 9, "completion_tokens": 1, "total_tokens": 10}}


def test_choice_renormalises_over_the_options_and_ignores_other_tokens():
    done = Completion("3", Usage(), top_logprobs={" 3": lp(0.3), "7": lp(0.1), "The": lp(0.6)})
    c = choice_of(DIGITS, done)
    assert c.probs[2] == pytest.approx(0.75) and c.probs[6] == pytest.approx(0.25)
    assert c.best == "3" and c.from_logprobs
    assert c.expected(range(1, 10)) == pytest.approx(0.75 * 3 + 0.25 * 7)
    plain = choice_of(DIGITS, Completion(" 4\n", Usage()))
    assert plain.best == "4" and not plain.from_logprobs and sum(plain.probs) == 1
    with pytest.raises(LLMOutputError):
        choice_of(DIGITS, Completion("four", Usage()))


def test_every_wrapper_is_a_choice_model_and_counts_the_call(tmp_path: Path):
    inner = ScriptedModel().enqueue({"5": lp(0.5), "6": lp(0.5)})
    acct = AccountingModel(inner)
    assert isinstance(inner, ChoiceModel) and isinstance(acct, ChoiceModel)
    c = acct.choose(MSGS, DIGITS, purpose="importance", agent="Ana")
    assert c.expected(range(1, 10)) == pytest.approx(5.5)
    snap = acct.snapshot()
    assert snap.by_purpose["importance"].calls == 1 and snap.by_agent["Ana"].total_tokens > 0
    acct.inner.enqueue("x")  # type: ignore[attr-defined]
    with pytest.raises(LLMOutputError):
        acct.choose(MSGS, DIGITS, purpose="importance")
    assert acct.snapshot().total.output_errors == 1


def test_choose_is_recorded_and_replayed(tmp_path: Path):
    path = tmp_path / "rec.jsonl"
    rec = RecordingModel(ScriptedModel().enqueue({"2": lp(0.9), "9": lp(0.1)}, "banana"), path)
    first = rec.choose(MSGS, DIGITS, purpose="importance", agent="Ana")
    with pytest.raises(LLMOutputError):
        rec.choose(MSGS, DIGITS, purpose="importance", agent="Ana")
    rec.close()
    replay = ReplayModel(path)
    again = replay.choose(MSGS, DIGITS, purpose="importance", agent="Ana")
    assert again.probs == pytest.approx(first.probs) and again.from_logprobs
    with pytest.raises(LLMOutputError):
        replay.choose(MSGS, DIGITS, purpose="importance")
    with pytest.raises(ReplayMiss):  # other options are another request
        replay.choose(MSGS, ("1", "2"), purpose="importance")


def test_a_model_without_choose_answers_through_complete():
    class Plain:
        name = "plain"

        def complete(self, messages, **kw):
            assert kw["max_tokens"] == 2 and kw["temperature"] == 0.0
            return "8"

        def parse(self, messages, schema, **kw):
            raise AssertionError

    c = choose_of(Plain(), MSGS, DIGITS)
    assert c.best == "8" and not c.from_logprobs
    assert AccountingModel(Plain()).choose(MSGS, DIGITS).best == "8"  # type: ignore[arg-type]


def test_embedded_model_sends_a_one_token_grammar_and_reads_the_logprobs():
    reply = chat_body("7")
    reply["choices"][0]["logprobs"] = {"content": [{"token": "7", "logprob": lp(0.4), "top_logprobs": [
        {"token": "The", "logprob": lp(0.5)}, {"token": "7", "logprob": lp(0.4)},
        {"token": "2", "logprob": lp(0.1)}]}]}

    class Server:
        listening_address = "http://127.0.0.1:1"

        def __init__(self) -> None:
            self.bodies: list[dict] = []

        def handle_chat_completions(self, body):
            self.bodies.append(body)
            return reply

    server = Server()
    model = EmbeddedModel(LlamaEngine(Path("/m/fake.gguf"), server_factory=lambda p: server))
    c = model.choose(MSGS, DIGITS, purpose="importance")
    body = server.bodies[0]
    assert body["logprobs"] is True and body["top_logprobs"] >= 20
    assert body["grammar"].startswith('root ::= "1" | "2"') and "response_format" not in body
    assert c.probs[6] == pytest.approx(0.8) and c.probs[1] == pytest.approx(0.2)


def test_openai_backend_asks_for_logprobs_and_falls_back_when_refused(stub):
    body = chat_body("6")
    body["choices"][0]["logprobs"] = {"content": [{"token": "6", "logprob": lp(0.5), "bytes": None,
                                                   "top_logprobs": [
        {"token": "6", "logprob": lp(0.5), "bytes": None},
        {"token": " 4", "logprob": lp(0.5), "bytes": None}]}]}
    stub.script.append(("json", body))
    model = OpenAIModel(base_url=stub.base_url, api_key="k", chat_model="stub-model", max_retries=0)
    c = model.choose(MSGS, DIGITS, purpose="importance")
    assert c.expected(range(1, 10)) == pytest.approx(5.0)
    sent = stub.requests[-1][1]
    assert sent["logprobs"] is True and sent["top_logprobs"] == 20 and sent["max_tokens"] == 2
    # A server that rejects logprobs (HTTP 400) is asked again without them: the digit it wrote.
    stub.status(400).reply("3")
    c = model.choose(MSGS, DIGITS)
    assert c.best == "3" and not c.from_logprobs and "logprobs" not in stub.requests[-1][1]
