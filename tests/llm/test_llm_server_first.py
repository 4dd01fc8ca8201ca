"""Player first on an OpenAI-compatible server: the town's calls give way, carry a lower priority,
and after an outage a cheap probe lets them go again within seconds (loopback fake server).

Found in issue 28: after an upstream restart the first successful call came ~25 s later, each
thought having failed in turn and waited out its retry backoff.
"""
from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from conftest import chat_body
from waiting import GENEROUS_S, wait_until

from npc_brain.llm.accounting import AccountingModel
from npc_brain.llm.errors import LLMUnavailable, LLMUnreachable
from npc_brain.llm.openai_backend import OpenAIModel
from npc_brain.runtime.call_gate import CallGate, probe_of
from npc_brain.runtime.jobs import Priority

MSGS = [{"role": "user", "content": "Say hi."}]


class RestartableServer:
    """A loopback OpenAI-compatible server that can go away and come back on the same port."""

    def __init__(self) -> None:
        self.bodies: list[dict[str, Any]] = []
        self.pings = 0
        self.slow: threading.Event | None = None  # when set: chat replies wait for it
        self.refuse_priority = False
        self.port = 0
        self._server: ThreadingHTTPServer | None = None
        self.start()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def _send(self, code: int, body: dict[str, Any]) -> None:
                data = json.dumps(body).encode()
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                owner.pings += 1
                self._send(200, {"object": "list", "data": [{"id": "stub-model", "object": "model"}]})

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                owner.bodies.append(body)
                if owner.refuse_priority and "priority" in body:
                    self._send(400, {"error": {"message": "unknown field priority"}})
                    return
                if owner.slow is not None and body.get("priority", 1) != 0:
                    owner.slow.wait(GENEROUS_S)
                if not body.get("stream"):
                    self._send(200, chat_body("hi"))
                    return
                self.send_response(200)  # a preemptible call streams: server-sent events
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                for chunk in ({"delta": {"content": "hi"}, "finish_reason": None},
                              {"delta": {}, "finish_reason": "stop"}):
                    event = {"model": "stub-model", "choices": [{"index": 0, **chunk}]}
                    self.wfile.write(f"data: {json.dumps(event)}\n\n".encode())
                self.wfile.write(b"data: [DONE]\n\n")

        return Handler

    def start(self) -> None:
        server = ThreadingHTTPServer(("127.0.0.1", self.port), self._handler())
        server.daemon_threads = True
        self.port = server.server_address[1]
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
        self._server = server

    def stop(self) -> None:
        server, self._server = self._server, None
        if server is not None:
            server.shutdown()
            server.server_close()  # the port is free: connections are refused

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"


@pytest.fixture
def server() -> Any:
    s = RestartableServer()
    yield s
    s.stop()


def _model(server: RestartableServer, **kw: Any) -> OpenAIModel:
    return OpenAIModel(base_url=server.base_url, api_key="k", chat_model="stub-model", max_retries=0,
                       timeout_s=GENEROUS_S, **kw)


def _background(gate: CallGate, model: Any, results: list[Any]) -> threading.Thread:
    def call() -> None:
        try:
            results.append((time.perf_counter(), gate.run(Priority.NORMAL, lambda: model.complete(MSGS))))
        except LLMUnavailable as exc:
            results.append((time.perf_counter(), exc))

    thread = threading.Thread(target=call, daemon=True)
    thread.start()
    return thread


def test_after_an_outage_the_probe_lets_the_town_go_within_seconds(server: RestartableServer) -> None:
    model = AccountingModel(_model(server))  # as a Society wraps it: the probe is found below
    probe = probe_of(model)
    assert probe is not None and probe()
    gate = CallGate(probe=probe, probe_interval_s=0.5)
    assert gate.run(Priority.NORMAL, lambda: model.complete(MSGS)) == "hi"
    server.stop()
    with pytest.raises(LLMUnreachable, match=server.base_url):
        gate.run(Priority.NORMAL, lambda: model.complete(MSGS))  # the one call that finds it down
    assert gate.down and gate.outages == 1
    results: list[Any] = []
    threads = [_background(gate, model, results) for _ in range(3)]
    assert wait_until(lambda: gate.waiting == 3)  # held at the door, not failing one by one
    assert wait_until(lambda: gate.probes >= 2)  # probing meanwhile, off the callers' threads
    sent = len(server.bodies)
    with pytest.raises(LLMUnavailable):  # the player's call is not held: it fails at once
        gate.run(Priority.URGENT, lambda: model.complete(MSGS))
    probes = gate.probes
    server.start()
    for thread in threads:
        thread.join(GENEROUS_S)
    assert [r for _, r in results] == ["hi"] * 3 and len(server.bodies) == sent + 3
    # The next probe found it (one more if one was on its way as the server came back): the
    # town waits one probe interval, not a retry backoff. (Counted, not timed: no test may
    # depend on the machine's speed; `bench` and the real-server test report the seconds.)
    assert gate.probes - probes <= 2
    assert not gate.down and gate.down_s > 0


def test_a_gate_without_a_probe_does_not_wait_out_an_outage(server: RestartableServer) -> None:
    model = _model(server)
    gate = CallGate()
    server.stop()
    for _ in range(2):  # each call fails on its own: nobody could say when to try again
        with pytest.raises(LLMUnreachable):
            gate.run(Priority.NORMAL, lambda: model.complete(MSGS))
    assert not gate.down


def test_ping_says_whether_the_server_answers(server: RestartableServer) -> None:
    model = _model(server)
    assert model.ping()
    server.stop()
    assert not model.ping(timeout_s=0.5)


def test_calls_carry_their_priority_where_the_server_schedules_by_it(server: RestartableServer) -> None:
    gate = CallGate()
    model = _model(server, server_priority=True)
    for level in (Priority.URGENT, Priority.HIGH, Priority.NORMAL, Priority.LOW):
        gate.run(level, lambda: model.complete(MSGS))
    assert [b["priority"] for b in server.bodies] == [0, 10, 20, 30]  # vLLM: lower is sooner
    plain = _model(server)  # the setting is off by default: no field a server might refuse
    gate.run(Priority.NORMAL, lambda: plain.complete(MSGS))
    assert "priority" not in server.bodies[-1]


def test_a_server_that_refuses_the_priority_field_is_asked_again_without(server: RestartableServer) -> None:
    server.refuse_priority = True
    model = _model(server, server_priority=True)
    assert CallGate().run(Priority.NORMAL, lambda: model.complete(MSGS)) == "hi"
    assert ["priority" in b for b in server.bodies] == [True, False]
    assert not model.server_priority  # and not sent it any more


def test_while_the_players_call_is_out_no_town_call_reaches_the_server(server: RestartableServer) -> None:
    server.slow = threading.Event()  # the town's calls take their time; the player's does not
    model = _model(server, server_priority=True)
    gate = CallGate()
    done: list[str] = []
    urgent_in = threading.Event()
    release = threading.Event()

    def player() -> None:
        def send() -> str:
            urgent_in.set()
            release.wait(GENEROUS_S)  # the player's call is out for a while
            return str(model.complete(MSGS))
        done.append(gate.run(Priority.URGENT, send))

    p = threading.Thread(target=player)
    p.start()
    assert urgent_in.wait(GENEROUS_S)
    results: list[Any] = []
    town = [_background(gate, model, results) for _ in range(2)]
    assert wait_until(lambda: gate.waiting == 2)
    assert server.bodies == []  # nothing of the town's was sent
    release.set()
    p.join(GENEROUS_S)
    server.slow.set()
    for t in town:
        t.join(GENEROUS_S)
    assert done == ["hi"] and [b["priority"] for b in server.bodies] == [0, 20, 20]
