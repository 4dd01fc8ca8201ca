"""The path to an inference server, against a fake on loopback that says it is llama.cpp's.

What is checked: a llama.cpp server is recognised (its model list) and its slots (`/props`)
become the concurrency limit; its requests carry the embedded engine's fields (grammar, sampler
settings, 48 alternatives) and a plain OpenAI-compatible server's do not; a field the server
refuses is left out from then on, a prompt it refuses for its length is not; a busy server is
asked again after the wait it names, the slot free meanwhile; a dead one and a malformed reply
become clear typed errors; accounting and `bench cost` say why calls failed.
"""
from __future__ import annotations

import argparse
import json
import threading
from collections import deque
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field
from waiting import wait_until

from npc_brain.bench.cost import check_failures, server_rows, summarize
from npc_brain.llm.accounting import AccountingModel
from npc_brain.llm.errors import (
    LLMBusy,
    LLMConfigError,
    LLMRequestError,
    LLMTimeout,
    LLMUnavailable,
    LLMUnreachable,
)
from npc_brain.llm.openai_backend import OpenAIModel
from npc_brain.llm.preemption import preemptible, sent_with_priority
from npc_brain.llm.settings import LLMSettings

MSGS = [{"role": "user", "content": "Plan the day."}]
DIGITS = list("123456789")


class Day(BaseModel):
    model_config = ConfigDict(frozen=True)
    morning: Literal["working", "reading"]
    hours: int = Field(ge=1, le=12)


DAY = '{"morning": "working", "hours": 3}'


def _chat(content: str) -> dict[str, Any]:
    return {"id": "x", "object": "chat.completion", "model": "m", "choices": [
        {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}],
        "usage": {"prompt_tokens": 5, "completion_tokens": 3, "total_tokens": 8}}


class FakeServer:
    """A loopback server speaking the OpenAI chat API. `owned_by` and `slots` say what it is
    (llama.cpp lists "llamacpp" and tells `total_slots` at /props). Each POST takes the next
    scripted step: ("ok", text), ("busy", retry-after ms or None), ("status", (code, message)),
    ("drop", None) the connection closes unanswered, ("raw", bytes) a 200 that is not JSON,
    ("no_choices", None), ("bad_stream", None) an event that is not JSON; with the script empty,
    `DAY`. `bodies` holds every chat request received."""

    def __init__(self, *, owned_by: str = "llamacpp", slots: int | None = 3) -> None:
        self.owned_by, self.slots = owned_by, slots
        self.script: deque[tuple[str, Any]] = deque()
        self.bodies: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def _send(self, code: int, body: bytes, headers: dict[str, str] | None = None) -> None:
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self) -> None:
                if self.path.endswith("/models"):
                    data = [{"id": "served-model", "object": "model", "owned_by": owner.owned_by}]
                    self._send(200, json.dumps({"object": "list", "data": data}).encode())
                elif self.path == "/props" and owner.slots is not None:
                    self._send(200, json.dumps({"total_slots": owner.slots}).encode())
                else:
                    self._send(404, b'{"error": {"message": "File Not Found"}}')

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with owner.lock:
                    owner.bodies.append(body)
                    kind, arg = owner.script.popleft() if owner.script else ("ok", DAY)
                if kind == "busy":
                    headers = {"retry-after-ms": str(arg)} if arg is not None else {}
                    self._send(429, b'{"error": {"message": "all slots are busy"}}', headers)
                elif kind == "status":
                    code, message = arg
                    self._send(code, json.dumps({"error": {"message": message}}).encode())
                elif kind == "drop":
                    self.close_connection = True  # no reply at all: the server died mid-call
                elif kind == "raw":
                    self._send(200, arg)
                elif kind == "no_choices":
                    self._send(200, json.dumps({"id": "x", "object": "chat.completion"}).encode())
                elif kind == "bad_stream":
                    self.send_response(200)
                    self.send_header("Content-Type", "text/event-stream")
                    self.end_headers()
                    self.wfile.write(b"data: {this is not json\n\n")
                    self.close_connection = True
                elif body.get("stream"):
                    self.send_response(200)
                    self.send_header("Content-Type", "text/event-stream")
                    self.end_headers()
                    for delta, finish in (({"content": arg}, None), ({}, "stop")):
                        chunk = {"model": "m", "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
                        self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                    self.wfile.write(b"data: [DONE]\n\n")
                    self.close_connection = True
                else:
                    self._send(200, json.dumps(_chat(arg)).encode())

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
        self.base_url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def then(self, kind: str, arg: Any = None) -> FakeServer:
        self.script.append((kind, arg))
        return self

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def llama() -> Iterator[FakeServer]:
    s = FakeServer()
    yield s
    s.close()


@pytest.fixture
def plain() -> Iterator[FakeServer]:
    s = FakeServer(owned_by="vllm", slots=None)
    yield s
    s.close()


def _model(server: FakeServer, **kw: Any) -> OpenAIModel:
    kw.setdefault("max_retries", 0)
    kw.setdefault("timeout_s", 10.0)
    return OpenAIModel.from_settings(LLMSettings(base_url=server.base_url, api_key="k", **kw))


# -- what the server is ----------------------------------------------------------------------------


def test_a_llama_cpp_server_is_recognised_and_its_slots_become_the_limit(llama: FakeServer) -> None:
    model = _model(llama)
    assert model.slots is None  # nothing asked before the first call
    assert model.complete(MSGS, max_tokens=8) == DAY
    assert model.server.is_llama_cpp and model.server.slots == 3
    assert model.slots is not None and model.slots.limit == 3
    assert model.model == "served-model" and "served-model" in model.name
    # The concurrency setting wins over what the server says.
    explicit = _model(llama, max_concurrency=1)
    explicit.complete(MSGS, max_tokens=8)
    assert explicit.slots is not None and explicit.slots.limit == 1


def test_another_server_gets_no_limit_and_no_llama_cpp_fields(plain: FakeServer) -> None:
    model = _model(plain)
    assert model.parse(MSGS, Day).morning == "working"
    plain.then("ok", "3")
    model.choose(MSGS, DIGITS, purpose="importance")
    assert not model.server.is_llama_cpp and model.slots is None
    parse, choose = plain.bodies
    assert parse["response_format"]["type"] == "json_schema"
    assert choose["top_logprobs"] == 20  # OpenAI's maximum
    for body in (parse, choose):
        assert "grammar" not in body and "min_p" not in body


def test_on_llama_cpp_calls_carry_the_embedded_engines_grammar_and_sampling(llama: FakeServer) -> None:
    model = _model(llama)
    assert model.parse(MSGS, Day, purpose="plan_day") == Day(morning="working", hours=3)
    llama.then("ok", "7")
    assert model.choose(MSGS, DIGITS, purpose="importance").best == "7"
    parse, choose = llama.bodies
    assert "response_format" not in parse and parse["grammar"]  # the compact one-line JSON grammar
    assert parse["min_p"] == 0.05 and parse["top_p"] == 0.9  # `llm.sampling`'s choice settings
    assert choose["grammar"].startswith('root ::= "1" | "2"') and choose["top_logprobs"] == 48
    with preemptible(lambda: False):  # a background call streams, with the same fields
        assert model.parse(MSGS, Day, purpose="plan_day").hours == 3
    assert llama.bodies[-1]["stream"] is True and llama.bodies[-1]["grammar"] == parse["grammar"]


# -- refusals --------------------------------------------------------------------------------------


def test_a_refused_grammar_is_left_out_from_then_on(llama: FakeServer) -> None:
    llama.then("status", (400, "failed to parse grammar: %llguidance is not enabled in this build"))
    model = _model(llama)
    assert model.parse(MSGS, Day, purpose="plan_day").hours == 3
    first, again = llama.bodies
    assert "grammar" in first and "grammar" not in again and again["response_format"]["type"] == "json_schema"
    assert again["min_p"] == 0.05  # the sampler settings were not what it refused
    model.parse(MSGS, Day)
    assert "grammar" not in llama.bodies[-1]  # not sent again


def test_a_prompt_too_long_for_the_context_costs_no_field_and_says_what_to_do(llama: FakeServer) -> None:
    llama.then("status", (400, "the request exceeds the available context size, try increasing it"))
    model = _model(llama)
    with pytest.raises(LLMRequestError, match="--parallel") as err:
        model.parse(MSGS, Day)
    assert "NPC_BRAIN_STRUCTURED" not in str(err.value)  # not a schema problem
    assert len(llama.bodies) == 1  # not asked again without a field that was not the reason
    model.parse(MSGS, Day)
    assert "grammar" in llama.bodies[-1]


# -- busy, dead, malformed -------------------------------------------------------------------------


def test_a_busy_server_is_asked_again_after_the_wait_it_names_with_the_slot_free(llama: FakeServer) -> None:
    llama.then("busy", 400).then("busy", 50)
    model = _model(llama, max_concurrency=1)
    done: list[str] = []
    town = threading.Thread(target=lambda: done.append(model.complete(MSGS, max_tokens=8)))
    with sent_with_priority(20):
        town.start()
    # While the town's call waits out the server's 0.4 s, it holds no slot: the player's could go.
    assert wait_until(lambda: len(llama.bodies) == 1 and model.slots is not None and model.slots.in_flight == 0
                      and not done)
    town.join(10)
    assert done == [DAY] and len(llama.bodies) == 3


def test_a_server_busy_for_longer_than_the_timeout_fails_the_call(llama: FakeServer) -> None:
    for _ in range(20):
        llama.then("busy", 300)
    model = AccountingModel(_model(llama, timeout_s=1.0))
    with pytest.raises(LLMBusy, match="busy"):
        model.complete(MSGS, max_tokens=8)
    assert 2 <= len(llama.bodies) <= 5  # asked again within its limit, then gave up
    assert model.snapshot().failures_by_cause == {"LLMBusy": 1}


def test_a_server_that_dies_mid_call_is_unreachable(llama: FakeServer) -> None:
    model = _model(llama)
    model.complete(MSGS, max_tokens=8)
    llama.then("drop")
    with pytest.raises(LLMUnreachable, match=llama.base_url):  # the gate's outage path: hold, probe
        model.complete(MSGS, max_tokens=8)


def test_a_server_that_never_was_is_named_before_any_call(llama: FakeServer) -> None:
    url = llama.base_url
    llama.close()
    with pytest.raises(LLMUnreachable, match=url):
        _ = _model(llama).server  # no model name configured: it had to be asked


@pytest.mark.parametrize("step", [("raw", b"<html>Bad Gateway</html>"), ("no_choices", None)])
def test_a_malformed_reply_is_a_clear_error(llama: FakeServer, step: tuple[str, Any]) -> None:
    llama.then(*step)
    with pytest.raises(LLMUnavailable, match=llama.base_url) as err:
        _model(llama).complete(MSGS, max_tokens=8)
    assert not isinstance(err.value, LLMUnreachable)  # it answered: no outage


def test_a_malformed_stream_is_a_clear_error(llama: FakeServer) -> None:
    llama.then("bad_stream")
    with preemptible(lambda: False), pytest.raises(LLMUnavailable, match=llama.base_url):
        _model(llama).complete(MSGS, max_tokens=8)


def test_a_timeout_is_its_own_error() -> None:
    import time

    class Slow(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def do_GET(self) -> None:
            time.sleep(2.0)

    slow = ThreadingHTTPServer(("127.0.0.1", 0), Slow)
    slow.daemon_threads = True
    threading.Thread(target=slow.serve_forever, daemon=True).start()
    try:
        model = OpenAIModel(base_url=f"http://127.0.0.1:{slow.server_address[1]}/v1", api_key="k",
                            timeout_s=0.3, max_retries=0)
        with pytest.raises(LLMTimeout, match=r"0\.3 s"):
            _ = model.server
    finally:
        slow.shutdown()
        slow.server_close()


# -- what a run reports ----------------------------------------------------------------------------


def test_bench_cost_reports_the_calls_the_failures_by_cause_and_the_server() -> None:
    usage = {"total": {"calls": 10, "failures": 6, "repairs": 0, "prompt_tokens": 100, "completion_tokens": 10,
                       "total_tokens": 110, "cached_tokens": 0},
             "by_purpose": {}, "failures_by_cause": {"LLMTimeout": 5, "LLMOutputError": 1}}
    result = summarize(usage, npcs=2, hours=1.0, wall_s=30.0)
    result["workers"] = 4
    assert result["failures_by_cause"] == {"LLMTimeout": 5, "LLMOutputError": 1}
    (row,) = server_rows(result, {"kind": "llama.cpp", "slots": 4, "concurrency": 4})
    assert row["causes"] == "LLMOutputError 1, LLMTimeout 5" and row["wall_s_per_game_hour"] == 30.0
    with pytest.raises(LLMUnavailable, match="LLMTimeout 5"):
        check_failures(result)


def test_serve_reads_prompts_on_its_own_threads_so_the_client_keeps_a_core(monkeypatch: pytest.MonkeyPatch) -> None:
    from npc_brain.llm import engine, serve

    seen: list[LLMSettings] = []

    def capture(settings: LLMSettings, **kw: Any) -> Any:
        seen.append(settings)
        raise LLMConfigError("stop here")

    monkeypatch.setattr(engine.LlamaEngine, "from_settings", staticmethod(capture))
    monkeypatch.delenv("NPC_BRAIN_BATCH_THREADS", raising=False)
    args = argparse.Namespace(threads=3, batch_threads=None, slots=4, seconds=0)
    assert serve.run(args) == 1
    assert seen[-1].threads == 3 and seen[-1].batch_threads == 3 and seen[-1].n_parallel == 4
    assert serve.run(argparse.Namespace(threads=1, batch_threads=2, slots=None, seconds=0)) == 1
    assert seen[-1].batch_threads == 2  # asked for
