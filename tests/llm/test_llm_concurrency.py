"""A server's slots: at most `max_concurrency` requests at once, the player's call next.

Against a real HTTP server on loopback that speaks the OpenAI chat API and holds every request
until the test lets it go, so what is at the server at any moment is known, not timed.
"""
from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from waiting import wait_until

from npc_brain.llm.concurrency import RequestSlots
from npc_brain.llm.openai_backend import OpenAIModel
from npc_brain.llm.preemption import sent_with_priority
from npc_brain.llm.settings import LLMSettings
from npc_brain.runtime.call_gate import CallGate
from npc_brain.runtime.jobs import Priority


class HoldingServer:
    """Answers each chat completion only when `release()` lets one (or all) go."""

    def __init__(self) -> None:
        self.arrived: list[str] = []  # the user message of each request, in order of arrival
        self.out = 0
        self.peak = 0
        self._lock = threading.Lock()
        self._go = threading.Semaphore(0)
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                self._json({"object": "list", "data": [{"id": "held", "object": "model"}]})

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with owner._lock:
                    owner.arrived.append(body["messages"][-1]["content"])
                    owner.out += 1
                    owner.peak = max(owner.peak, owner.out)
                owner._go.acquire()
                with owner._lock:
                    owner.out -= 1
                if body.get("stream"):
                    self._stream()
                    return
                self._json({"id": "x", "object": "chat.completion", "model": "held", "choices": [
                    {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "ok"}}],
                    "usage": {"prompt_tokens": 3, "completion_tokens": 1, "total_tokens": 4}})

            def _stream(self) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                for delta, finish in (({"role": "assistant", "content": "ok"}, None), ({}, "stop")):
                    chunk = {"id": "x", "object": "chat.completion.chunk", "model": "held",
                             "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
                    self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                self.wfile.write(b"data: [DONE]\n\n")
                self.wfile.flush()
                self.close_connection = True

            def _json(self, body: dict[str, Any]) -> None:
                data = json.dumps(body).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.base_url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def release(self, n: int = 1) -> None:
        for _ in range(n):
            self._go.release()


@pytest.fixture
def server() -> Iterator[HoldingServer]:
    s = HoldingServer()
    yield s
    s.release(100)
    s.httpd.shutdown()
    s.httpd.server_close()


def _call(model: OpenAIModel, text: str, level: int, done: list[str]) -> threading.Thread:
    def run() -> None:
        with sent_with_priority(level):
            model.complete([{"role": "user", "content": text}], max_tokens=4)
        done.append(text)

    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t


def _model(server: HoldingServer, limit: int) -> OpenAIModel:
    settings = LLMSettings(base_url=server.base_url, api_key="k", chat_model="held", timeout_s=60.0,
                           max_retries=0, max_concurrency=limit)
    return OpenAIModel.from_settings(settings)


def test_at_most_max_concurrency_requests_are_at_the_server(server: HoldingServer) -> None:
    model = _model(server, 2)
    done: list[str] = []
    threads = [_call(model, f"town {i}", 20, done) for i in range(6)]
    assert model.slots is not None
    assert wait_until(lambda: server.out == 2 and model.slots.waiting == 4)  # type: ignore[union-attr]
    server.release(6)
    for t in threads:
        t.join(60)
    assert sorted(done) == [f"town {i}" for i in range(6)]
    assert server.peak == 2 and model.slots.peak == 2


def test_the_players_call_takes_the_next_free_slot(server: HoldingServer) -> None:
    model = _model(server, 1)
    assert model.slots is not None
    done: list[str] = []
    first = _call(model, "town 0", 20, done)
    assert wait_until(lambda: server.out == 1)
    town = [_call(model, f"town {i}", 20, done) for i in (1, 2)]
    assert wait_until(lambda: model.slots.waiting == 2)  # type: ignore[union-attr]
    player = _call(model, "player", 0, done)  # asked last
    assert wait_until(lambda: model.slots.waiting == 3)  # type: ignore[union-attr]
    server.release(4)
    for t in (first, *town, player):
        t.join(60)
    assert server.arrived == ["town 0", "player", "town 1", "town 2"]  # before the town's queue


def test_through_the_call_gate_the_player_is_marked_first(server: HoldingServer) -> None:
    """A society's gate gives each call its level (the player's 0): the server's slots see it. The
    town's call at the server gives way when its first chunk comes (the player's is out), frees
    its slot and is sent again after the queue it was in front of."""
    model = _model(server, 1)
    gate = CallGate()
    done: list[str] = []

    def through(text: str, priority: int) -> threading.Thread:
        t = threading.Thread(target=lambda: (gate.run(priority, lambda: model.complete(
            [{"role": "user", "content": text}], max_tokens=4)), done.append(text)), daemon=True)
        t.start()
        return t

    first = through("town 0", Priority.NORMAL)
    assert wait_until(lambda: server.out == 1)
    second = through("town 1", Priority.NORMAL)
    assert wait_until(lambda: model.slots is not None and model.slots.waiting == 1)
    player = through("player", Priority.URGENT)
    assert wait_until(lambda: model.slots is not None and model.slots.waiting == 2)
    server.release(4)
    for t in (first, second, player):
        t.join(60)
    assert server.arrived == ["town 0", "player", "town 1", "town 0"]
    assert sorted(done) == ["player", "town 0", "town 1"] and gate.preempted == 1


def test_the_setting_comes_from_the_environment_and_is_checked() -> None:
    assert LLMSettings.from_env({"NPC_BRAIN_CONCURRENCY": "8"}).max_concurrency == 8
    assert LLMSettings.from_env({}).max_concurrency is None
    with pytest.raises(Exception, match="NPC_BRAIN_CONCURRENCY"):
        LLMSettings.from_env({"NPC_BRAIN_CONCURRENCY": "0"})
    with pytest.raises(ValueError, match=">= 1"):
        RequestSlots(0)
