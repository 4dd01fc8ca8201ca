"""A town on a real llama.cpp server (xllamacpp's, on loopback) through a proxy that goes away
and comes back: the town's calls are held while it is gone and go again at the next probe.
Also `python -m npc_brain serve`, the same server for another process.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from waiting import GENEROUS_S, wait_until

from npc_brain.llm.accounting import AccountingModel
from npc_brain.llm.openai_backend import OpenAIModel
from npc_brain.llm.testing import HashEmbedder
from npc_brain.runtime.society import Society
from npc_brain.testing import tiny_town
from npc_brain.types.clock import GameClock
from npc_brain.types.persona import Persona

ROOT = Path(__file__).resolve().parents[2]


class Proxy:
    """A loopback TCP proxy to `upstream`; `stop()` refuses and cuts every connection (an
    upstream restart as the client sees it), `start()` listens on the same port again."""

    def __init__(self, upstream: int) -> None:
        self.upstream = upstream
        self.port = 0
        self._open: list[socket.socket] = []
        self._lock = threading.Lock()
        self._listener: socket.socket | None = None
        self.start()

    def start(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(16)
        self.port = listener.getsockname()[1]
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
                upstream = socket.create_connection(("127.0.0.1", self.upstream))
            except OSError:
                return
            with self._lock:
                self._open += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(a: socket.socket, b: socket.socket) -> None:
        try:
            while data := a.recv(65536):
                b.sendall(data)
        except OSError:
            pass
        for s in (a, b):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def stop(self) -> None:
        listener, self._listener = self._listener, None
        if listener is not None:
            listener.shutdown(socket.SHUT_RDWR)  # wakes the accepting thread
            listener.close()
        with self._lock:
            cut, self._open = self._open, []
        for s in cut:
            try:
                s.shutdown(socket.SHUT_RDWR)
                s.close()
            except OSError:
                pass

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"


@pytest.mark.real_model
def test_a_town_on_a_real_server_goes_on_at_the_next_probe_after_a_restart(engine: Any) -> None:
    port = int(engine.base_url.rsplit(":", 1)[1].split("/")[0])
    proxy = Proxy(port)
    model = AccountingModel(OpenAIModel(base_url=proxy.base_url, api_key=engine.api_key, chat_model="local",
                                        max_retries=0, timeout_s=GENEROUS_S))
    clock = GameClock(datetime(2023, 2, 13, 7, 0))
    pool = ThreadPoolExecutor(3)
    society = Society(tiny_town(["Ana", "Ben"]), model, HashEmbedder(), now=clock, executor=pool, max_in_flight=3)
    for name in ("Ana", "Ben"):
        society.add_agent(Persona(name=name, age=30, home=f"town:{name.lower()}_house:bedroom",
                                  memories=(f"{name} likes tea", f"{name} is planning a picnic")))
    gate = society.gate
    assert gate is not None and gate.probe is not None

    def answered() -> int:
        total = model.snapshot().total
        return total.calls - total.failures

    def frames_until(condition: Any) -> bool:
        def step() -> bool:
            society.update()
            clock.advance_game(timedelta(seconds=30))
            return bool(condition())
        return wait_until(step, GENEROUS_S * 3, poll=0.02)

    try:
        assert frames_until(lambda: answered() >= 2)  # the town thinks on the server
        proxy.stop()
        assert frames_until(lambda: gate.down)  # a call found it gone: the town's calls wait
        assert frames_until(lambda: gate.waiting >= 1 or gate.probes >= 2)
        before, probes = answered(), gate.probes
        proxy.start()
        back = time.perf_counter()
        assert frames_until(lambda: answered() > before)
        took = time.perf_counter() - back
        assert gate.probes - probes <= 2, (gate.probes - probes, took)  # the next probe, not a backoff
        assert not gate.down and gate.outages == 1
    finally:
        society.shutdown()
        pool.shutdown(wait=True, cancel_futures=True)
        proxy.stop()


def test_serve_without_a_model_says_so_in_one_sentence(tmp_path: Path) -> None:
    env = {**os.environ, "NPC_BRAIN_GGUF": str(tmp_path / "missing.gguf")}
    proc = subprocess.run([sys.executable, "-m", "npc_brain", "serve", "--seconds", "1"], capture_output=True,
                          text=True, timeout=GENEROUS_S * 2, env=env, cwd=ROOT, check=False)
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr and proc.stderr.startswith("serve: ")


@pytest.mark.real_model
def test_serve_answers_an_openai_client_from_another_process() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "npc_brain", "serve", "--slots", "1", "--threads", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
    try:
        assert proc.stdout is not None
        env = dict(line.strip().split("=", 1) for line in (proc.stdout.readline(), proc.stdout.readline()))
        model = OpenAIModel(base_url=env["OPENAI_BASE_URL"], api_key=env["OPENAI_API_KEY"], chat_model="local",
                            max_retries=0, timeout_s=GENEROUS_S)
        assert model.ping()
        assert model.complete([{"role": "user", "content": "Say hello."}], max_tokens=8).strip()
    finally:
        proc.terminate()
        proc.wait(GENEROUS_S)
