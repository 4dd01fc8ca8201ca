"""Fixtures of the LLM-layer tests: one real engine per session, a stub OpenAI server."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections import deque
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from npc_brain.llm.engine import LlamaEngine
from npc_brain.llm.settings import LLMSettings


@pytest.fixture(scope="session")
def engine() -> Iterator[LlamaEngine]:
    """The real embedded engine (bundled SmolLM2 GGUF), chat + embeddings, shared per session."""
    settings = LLMSettings.from_env(backend="embedded", threads=1, n_parallel=4, n_ctx=4096)
    eng = LlamaEngine.from_settings(settings, embedding=True)
    yield eng
    eng.close()


def chat_body(content: str | None, *, prompt_tokens: int = 11, completion_tokens: int = 7) -> dict:
    """An OpenAI chat.completion response body."""
    return {
        "id": "chatcmpl-stub",
        "object": "chat.completion",
        "created": 0,
        "model": "stub-model",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": "stop",
            }
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


class StubOpenAI:
    """A real HTTP server on loopback speaking just enough of the OpenAI API.

    Script POST replies with `reply(content)`, `status(code)`, `sleep(seconds)` or
    `raw(bytes)`; each POST consumes one. `requests` holds every (path, json body) received.
    GET /v1/models lists "stub-model".
    """

    def __init__(self) -> None:
        self.script: deque[tuple[str, Any]] = deque()
        self.requests: list[tuple[str, dict]] = []
        self.streamed = 0  # stream chunks sent (see `stream`)
        self.lock = threading.Lock()
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # keep pytest output clean
                pass

            def _send(self, code: int, body: bytes, ctype: str = "application/json") -> None:
                try:
                    self.send_response(code)
                    self.send_header("Content-Type", ctype)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout test)

            def _stream(self, pieces: list[str], delay: float) -> None:
                # Server-sent events, one chunk per piece; stops when the client goes away.
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                chunks = [{"choices": [{"index": 0, "delta": {"content": p}, "finish_reason": None}]}
                          for p in pieces]
                chunks.append({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
                try:
                    for chunk in chunks:
                        self.wfile.write(f"data: {json.dumps({'model': 'stub-model', **chunk})}\n\n".encode())
                        self.wfile.flush()
                        with stub.lock:
                            stub.streamed += 1
                        time.sleep(delay)
                    self.wfile.write(b"data: [DONE]\n\n")
                    self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client closed the stream

            def do_GET(self) -> None:
                if self.path.rstrip("/").endswith("/models"):
                    body = {
                        "object": "list",
                        "data": [
                            {
                                "id": "stub-model",
                                "object": "model",
                                "created": 0,
                                "owned_by": "stub",
                            }
                        ],
                    }
                    self._send(200, json.dumps(body).encode())
                else:
                    self._send(404, b'{"error": {"message": "not found"}}')

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", 0))
                body = json.loads(self.rfile.read(length) or b"{}")
                with stub.lock:
                    stub.requests.append((self.path, body))
                    kind, arg = stub.script.popleft() if stub.script else ("status", 599)
                if kind == "sleep":
                    time.sleep(arg)
                    self._send(200, json.dumps(chat_body("{}")).encode())
                elif kind == "status":
                    code, message = arg if isinstance(arg, tuple) else (arg, f"stub error {arg}")
                    err = {"error": {"message": message, "type": "server_error"}}
                    self._send(code, json.dumps(err).encode())
                elif kind == "raw":
                    self._send(200, arg, "text/plain")
                elif kind == "stream":
                    self._stream(*arg)
                elif kind == "embed":
                    data = [
                        {"object": "embedding", "index": i, "embedding": vec}
                        for i, vec in enumerate(arg)
                    ]
                    out = {
                        "object": "list",
                        "data": data,
                        "model": "stub-model",
                        "usage": {"prompt_tokens": 1, "total_tokens": 1},
                    }
                    self._send(200, json.dumps(out).encode())
                else:
                    self._send(200, json.dumps(arg).encode())

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.server.block_on_close = False
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )
        self.thread.start()

    @property
    def base_url(self) -> str:
        """The stub's OpenAI base URL."""
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def reply(self, content: str | None, **usage: int) -> StubOpenAI:
        """Queue a 200 chat completion with `content`."""
        self.script.append(("json", chat_body(content, **usage)))
        return self

    def status(self, code: int, message: str | None = None) -> StubOpenAI:
        """Queue an HTTP error (its error message: `message`, default "stub error CODE")."""
        self.script.append(("status", code if message is None else (code, message)))
        return self

    def sleep(self, seconds: float) -> StubOpenAI:
        """Queue a reply that comes only after `seconds`."""
        self.script.append(("sleep", seconds))
        return self

    def stream(self, pieces: list[str], delay: float = 0.0) -> StubOpenAI:
        """Queue a streamed reply: one event per piece, `delay` seconds apart."""
        self.script.append(("stream", (pieces, delay)))
        return self

    def raw(self, body: bytes) -> StubOpenAI:
        """Queue a 200 whose body is not JSON."""
        self.script.append(("raw", body))
        return self

    def embeddings(self, vectors: list[list[float]]) -> StubOpenAI:
        """Queue an /embeddings reply."""
        self.script.append(("embed", vectors))
        return self

    def close(self) -> None:
        """Stop serving."""
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture()
def stub() -> Iterator[StubOpenAI]:
    """A fresh stub OpenAI server on loopback."""
    s = StubOpenAI()
    yield s
    s.close()


@pytest.fixture()
def refused_url() -> str:
    """A loopback URL nothing listens on (connection refused)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    return f"http://127.0.0.1:{port}/v1"
