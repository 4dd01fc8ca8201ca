"""`--embedder openai` against a server without `/v1/embeddings`: lexical memories and a warning."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from demo_game.config import ROOT, GameConfig
from demo_game.game import Game
from npc_brain.llm.embedders import LexicalEmbedder
from npc_brain.runtime.executors import InlineExecutor


class _NoEmbeddings(BaseHTTPRequestHandler):
    """llama.cpp's server started without `--embeddings`: models listed, embeddings 501."""

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
        self._send(200, {"object": "list", "data": [{"id": "stub", "object": "model"}]})

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self._send(501, {"error": {"code": 501, "type": "not_supported_error", "message":
                                   "This server does not support embeddings. Start it with `--embeddings`"}})


@pytest.fixture()
def no_embeddings_url() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _NoEmbeddings)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()
    server.server_close()


@pytest.fixture()
def refused_url() -> str:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    return f"http://127.0.0.1:{port}/v1"


@pytest.mark.parametrize("server", ["no_embeddings_url", "refused_url"])
def test_game_falls_back_to_lexical_memories_with_a_visible_warning(
        server: str, request: pytest.FixtureRequest, tmp_path: Path,
        caplog: pytest.LogCaptureFixture) -> None:
    url = request.getfixturevalue(server)
    cfg = GameConfig(headless=True, backend="openai", npcs=2, fixed_dt=1 / 60, hot_reload=False,
                     save_path=tmp_path / "town.sqlite",
                     llm_overrides={"backend": "openai", "base_url": url, "api_key": "x",
                                    "chat_model": "stub", "embedder": "openai", "max_retries": 0})
    game = Game(cfg, executor=InlineExecutor())
    try:
        deadline = time.monotonic() + 120  # stops as soon as the town is up; generous for a busy box
        while game.society is None and time.monotonic() < deadline:
            game.run(frames=game.frame + 5)
        society = game.society
        assert society is not None, game.brains.message
        assert isinstance(society.embedder, LexicalEmbedder)
        assert set(society.agents) == set(game.npcs)  # add_agent no longer dies on embedder.dim
        # A server's model phrases its lines (streamed); the embedded 135M model's are chosen.
        assert society.settings.phrase_player_lines and society.settings.phrase_npc_lines
        game.run(frames=game.frame + 30)  # and the town keeps running (chat calls fail, typed)
        warning = game.brains.warning
        assert warning is not None and "lexical embedder" in warning and url in warning
        assert any(n.text == warning for n in game.hud.toasts)
        assert any(n.text == warning for n in game.hud.feed)
        assert any(r.levelname == "WARNING" and r.getMessage() == warning for r in caplog.records)
    finally:
        game.close()


def test_cli_with_a_refused_embedder_runs_and_warns_on_stderr(refused_url: str) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "OPENAI_API_KEY": "x"}
    proc = subprocess.run(
        # The warning appears when the loader thread is done: the run waits for that (at most
        # 120 s), not for a number of frames that a busy machine may not fit the load into.
        [sys.executable, "-m", "demo_game", "--headless", "--frames", "240", "--wait-for-minds", "120",
         "--backend", "openai",
         "--base-url", refused_url, "--model", "stub", "--embedder", "openai", "--npcs", "2",
         "--no-hot-reload"],
        check=False, capture_output=True, text=True, timeout=300, cwd=ROOT, env=env)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr and "LLMUnavailable" not in proc.stderr
    lines = [line for line in proc.stderr.splitlines() if "lexical embedder instead" in line]
    assert len(lines) == 1 and refused_url in lines[0]
