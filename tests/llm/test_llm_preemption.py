"""Preemption: the engine's stoppable (streamed) request; the gate sends a stopped call again."""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from npc_brain.llm.engine import LlamaEngine
from npc_brain.llm.errors import LLMRequestError
from npc_brain.llm.preemption import Preempted, preemptible, should_yield
from npc_brain.runtime.call_gate import CallGate
from npc_brain.runtime.jobs import Priority


def _chunk(text: str | None = None, finish: str | None = None, **extra: Any) -> dict[str, Any]:
    delta = {} if text is None else {"content": text}
    return {"choices": [{"index": 0, "delta": delta, "finish_reason": finish}], **extra}


class StreamingServer:
    """Stands in for `xllamacpp.Server` streaming: feeds chunks until the callback says stop."""

    def __init__(self, chunks: list[dict[str, Any]]) -> None:
        self.chunks = chunks
        self.bodies: list[dict[str, Any]] = []
        self.sent = 0

    def handle_chat_completions(self, body: dict[str, Any], callback: Any = None) -> Any:
        self.bodies.append(body)
        assert callback is not None and body["stream"] is True
        for chunk in self.chunks:
            self.sent += 1
            if callback(chunk):
                return None  # llama.cpp drops the request
        return None


def _engine(chunks: list[dict[str, Any]]) -> tuple[LlamaEngine, StreamingServer]:
    server = StreamingServer(chunks)
    return LlamaEngine(Path("/m/fake.gguf"), server_factory=lambda params: server), server


STREAM = [_chunk("Hel"), _chunk("lo"), _chunk(finish="stop"),
          {"choices": [], "usage": {"prompt_tokens": 9, "completion_tokens": 2, "total_tokens": 11},
           "timings": {"cache_n": 4}}]


def test_a_stoppable_request_that_runs_through_is_assembled_from_the_stream() -> None:
    engine, server = _engine(STREAM)
    reply = engine.chat({"messages": []}, stop=lambda: False)
    assert reply["choices"][0]["message"]["content"] == "Hello"
    assert reply["choices"][0]["finish_reason"] == "stop"
    assert reply["usage"]["total_tokens"] == 11 and reply["timings"]["cache_n"] == 4
    assert server.bodies[0]["stream_options"] == {"include_usage": True}


def test_a_stopped_request_raises_preempted_at_once() -> None:
    engine, server = _engine(STREAM)
    with pytest.raises(Preempted):
        engine.chat({"messages": []}, stop=lambda: server.sent >= 1)
    assert server.sent == 1  # the engine was told to drop it after the first chunk


def test_an_error_in_the_stream_is_raised_like_a_reply_error() -> None:
    engine, _ = _engine([{"error": {"code": 400, "message": "context overflow"}}])
    with pytest.raises(LLMRequestError, match="context overflow"):
        engine.chat({"messages": []}, stop=lambda: False)


def test_preemptible_is_per_thread_and_nests() -> None:
    assert should_yield() is None
    seen: list[object] = []
    with preemptible(lambda: True):
        check = should_yield()
        assert check is not None and check()
        t = threading.Thread(target=lambda: seen.append(should_yield()))
        t.start()
        t.join()
    assert seen == [None] and should_yield() is None


def test_gate_sends_a_preempted_background_call_again() -> None:
    gate = CallGate()
    tries: list[bool] = []

    def send() -> str:
        check = should_yield()
        assert check is not None  # background calls are preemptible
        tries.append(check())
        if len(tries) == 1:
            raise Preempted("stopped for the player")
        return "plan"

    assert gate.run(Priority.NORMAL, send) == "plan"
    assert len(tries) == 2 and gate.preempted == 1
    assert gate.run(Priority.URGENT, lambda: should_yield()) is None  # the player's never yield


def test_gate_runs_a_call_through_after_max_preemptions() -> None:
    gate = CallGate(max_preemptions=2)
    calls: list[object] = []

    def send() -> str:
        calls.append(should_yield())
        if calls[-1] is not None:
            raise Preempted("again")
        return "done"

    assert gate.run(Priority.LOW, send) == "done"
    assert len(calls) == 3 and calls[-1] is None and gate.preempted == 2


def test_the_urgent_call_is_what_preempts() -> None:
    gate = CallGate()
    checks: list[bool] = []
    with preemptible(gate._urgent_busy):
        checks.append(should_yield()())  # type: ignore[misc]
        with gate.call(Priority.URGENT):
            checks.append(should_yield()())  # type: ignore[misc]
    assert checks == [False, True]
