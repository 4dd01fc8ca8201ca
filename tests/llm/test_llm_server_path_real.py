"""The path to an inference server on a real one: llama.cpp's server (`python -m npc_brain serve`,
the bundled model) started by the test on loopback, in another process.

Each kind of call (complete, parse into a schema, choose) comes back whole, with the llama.cpp
fields the client learnt to send (the one-line JSON grammar, the options' grammar with their
log-probabilities); the server's slot count becomes the client's limit; under the concurrency
setting the player's call goes to the server before the town's that were waiting first.
"""
from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field
from waiting import GENEROUS_S, wait_until

from npc_brain.llm.openai_backend import OpenAIModel
from npc_brain.llm.preemption import preemptible, sent_with_priority
from npc_brain.llm.settings import LLMSettings

ROOT = Path(__file__).resolve().parents[2]
SLOTS = 2
pytestmark = pytest.mark.real_model


class Errand(BaseModel):
    model_config = ConfigDict(frozen=True)
    place: Literal["the bakery", "the library", "the park"]
    minutes: int = Field(ge=5, le=60)


MSGS = [{"role": "system", "content": "You plan a villager's errand."},
        {"role": "user", "content": "Mei wants to borrow a book this morning. Where does she go, and for how long?"}]


@pytest.fixture(scope="module")
def server() -> Iterator[dict[str, str]]:
    """The bundled model as llama.cpp's server in its own process: its two client variables."""
    proc = subprocess.Popen([sys.executable, "-m", "npc_brain", "serve", "--slots", str(SLOTS), "--threads", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            env={**os.environ, "NPC_BRAIN_BATCH_THREADS": ""})
    assert proc.stdout is not None and proc.stderr is not None
    lines: list[str] = []
    stdout = proc.stdout
    reader = threading.Thread(target=lambda: lines.extend(stdout.readline().strip() for _ in range(2)), daemon=True)
    reader.start()
    reader.join(GENEROUS_S * 2)  # loading the model takes a second or two on a quiet machine
    if len(lines) < 2 or not all("=" in line for line in lines):
        proc.kill()
        why = proc.stderr.read()[-400:] if proc.poll() is not None else "no address within the limit"
        pytest.skip(f"llama.cpp's server (python -m npc_brain serve) could not be started: {why.strip()}")
    try:
        yield dict(line.split("=", 1) for line in lines)
    finally:
        proc.terminate()
        proc.wait(GENEROUS_S)


def _model(env: dict[str, str], **kw: object) -> OpenAIModel:
    settings = LLMSettings(base_url=env["OPENAI_BASE_URL"], api_key=env["OPENAI_API_KEY"], max_retries=0,
                           timeout_s=GENEROUS_S * 2, **kw)  # type: ignore[arg-type]
    return OpenAIModel.from_settings(settings)


def test_each_kind_of_call_comes_back_whole_from_a_real_llama_cpp_server(server: dict[str, str]) -> None:
    model = _model(server)
    assert model.server.is_llama_cpp and model.server.slots == SLOTS
    assert model.slots is not None and model.slots.limit == SLOTS  # its --parallel, unasked
    assert model.complete(MSGS, max_tokens=16, purpose="dialogue").strip()
    parsed = model.parse_with_usage(MSGS, Errand, max_tokens=40, temperature=0.4, purpose="plan_action")
    assert isinstance(parsed.value, Errand) and parsed.repairs == 0
    assert "\n" not in parsed.raw and parsed.raw.startswith("{")  # the compact grammar, not free JSON
    with preemptible(lambda: False):  # a town call: streamed, same grammar
        streamed = model.parse_with_usage(MSGS, Errand, max_tokens=40, temperature=0.4, purpose="plan_action")
    assert "\n" not in streamed.raw and isinstance(streamed.value, Errand)
    rating = [{"role": "user", "content": "On a scale of 1 to 9, how poignant is: Mei found a lost kitten. "
                                          "Answer with one digit.\nRating:"}]
    choice = model.choose(rating, list("123456789"), purpose="importance")
    assert choice.from_logprobs and choice.text.strip() in "123456789" and sum(choice.probs) == pytest.approx(1.0)


def test_the_players_call_goes_to_a_real_server_before_the_towns_waiting_ones(
        server: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    model = _model(server, max_concurrency=1)  # NPC_BRAIN_CONCURRENCY=1
    model.complete(MSGS, max_tokens=2)  # asks the server what it is first
    slots = model.slots
    assert slots is not None and slots.limit == 1
    sent: list[int] = []  # the priority of each request as it goes to the server (one at a time)
    take = slots.hold

    @contextmanager
    def hold(level: int = 0) -> Iterator[None]:
        with take(level):
            sent.append(level)
            yield

    monkeypatch.setattr(slots, "hold", hold)
    finished: list[str] = []

    def call(who: str, level: int) -> threading.Thread:
        def run() -> None:
            with sent_with_priority(level):
                model.complete([{"role": "user", "content": f"Greet {who} in a few words."}], max_tokens=12)
            finished.append(who)
        t = threading.Thread(target=run, daemon=True)
        t.start()
        return t

    release = threading.Event()
    holding = threading.Event()

    def town_call_in_flight() -> None:  # the one slot is taken, as by a town call at the server
        with slots.hold(20):
            holding.set()
            release.wait(GENEROUS_S)

    threading.Thread(target=town_call_in_flight, daemon=True).start()
    assert holding.wait(GENEROUS_S)
    town = [call(f"villager {i}", 20) for i in range(2)]
    assert wait_until(lambda: slots.waiting == 2)
    player = call("the player", 0)  # asked last
    assert wait_until(lambda: slots.waiting == 3)
    release.set()
    for t in (*town, player):
        t.join(GENEROUS_S * 2)
    assert sent == [20, 0, 20, 20]  # the player's went as soon as the slot was free
    assert sorted(finished) == ["the player", "villager 0", "villager 1"]  # every call answered
    assert slots.peak == 1  # never more than the setting at the server
