"""Record/replay: deterministic answers keyed by request hash, from any thread order."""

from __future__ import annotations

import json
import random
import threading
from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict

from npc_brain.llm.accounting import AccountingModel
from npc_brain.llm.errors import LLMOutputError, LLMUnavailable
from npc_brain.llm.replay import RecordingModel, ReplayMiss, ReplayModel, request_key
from npc_brain.llm.testing import ScriptedModel


class Rating(BaseModel):
    model_config = ConfigDict(frozen=True)
    rating: int


class Other(BaseModel):
    model_config = ConfigDict(frozen=True)
    rating: str


def msgs(text: str) -> list[dict]:
    return [{"role": "system", "content": "You are an NPC."}, {"role": "user", "content": text}]


def test_request_key_depends_on_what_determines_the_answer_only() -> None:
    base = request_key("parse", msgs("a"), Rating, 64, 0.2)
    assert base == request_key("parse", msgs("a"), Rating, 64, 0.2)
    assert base != request_key("parse", msgs("b"), Rating, 64, 0.2)
    assert base != request_key("parse", msgs("a"), Other, 64, 0.2)
    assert base != request_key("parse", msgs("a"), Rating, 65, 0.2)
    assert base != request_key("parse", msgs("a"), Rating, 64, 0.3)
    assert base != request_key("complete", msgs("a"), None, 64, 0.2)


def test_record_then_replay_returns_the_same_answers_and_usage(tmp_path: Path) -> None:
    path = tmp_path / "day.jsonl"
    inner = ScriptedModel().enqueue("Good morning!", "junk", '{"rating": 6}')
    with RecordingModel(inner, path) as rec:
        hello = rec.complete_with_usage(msgs("greet"), purpose="dialogue", agent="Klaus")
        rated = rec.parse_with_usage(msgs("rate"), Rating, purpose="importance", agent="Klaus")
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r["kind"] for r in lines] == ["complete", "parse"]
    assert lines[1]["value"] == {"rating": 6} and lines[1]["repairs"] == 1

    replay = ReplayModel(path)
    assert replay.parse_with_usage(msgs("rate"), Rating) == rated  # order need not match
    again = replay.complete_with_usage(msgs("greet"))
    assert again.text == hello.text and again.usage == hello.usage
    assert replay.remaining() == 0


def test_failures_are_recorded_and_replayed(tmp_path: Path) -> None:
    path = tmp_path / "fail.jsonl"
    inner = ScriptedModel().enqueue("x", "y", LLMUnavailable("server down"))
    rec = RecordingModel(inner, path)
    with pytest.raises(LLMOutputError):
        rec.parse(msgs("rate"), Rating)
    with pytest.raises(LLMUnavailable):
        rec.complete(msgs("talk"))
    rec.close()
    replay = AccountingModel(ReplayModel(path))
    with pytest.raises(LLMOutputError) as err:
        replay.parse(msgs("rate"), Rating)
    assert err.value.raw == "y"
    with pytest.raises(LLMUnavailable, match="server down"):
        replay.complete(msgs("talk"))
    snap = replay.snapshot().total
    assert snap.failures == 2 and snap.output_errors == 1 and snap.repairs == 1


def test_miss_names_purpose_agent_and_prompt(tmp_path: Path) -> None:
    path = tmp_path / "one.jsonl"
    with RecordingModel(ScriptedModel().enqueue("hi"), path) as rec:
        rec.complete(msgs("greet Maria"))
    replay = ReplayModel(path)
    with pytest.raises(ReplayMiss) as err:
        replay.complete(msgs("greet Isabella warmly"), purpose="dialogue", agent="Klaus")
    text = str(err.value)
    assert "'dialogue'" in text and "'Klaus'" in text and "greet Isabella warmly" in text
    replay.complete(msgs("greet Maria"))
    with pytest.raises(ReplayMiss, match="recorded 1 time"):
        replay.complete(msgs("greet Maria"))


def test_repeated_identical_requests_replay_in_recorded_order(tmp_path: Path) -> None:
    path = tmp_path / "rep.jsonl"
    with RecordingModel(ScriptedModel().enqueue("one", "two", "three"), path) as rec:
        for _ in range(3):
            rec.complete(msgs("same"))
    replay = ReplayModel(path)
    assert [replay.complete(msgs("same")) for _ in range(3)] == ["one", "two", "three"]


def test_multithreaded_recording_replays_under_a_different_thread_order(tmp_path: Path) -> None:
    path = tmp_path / "threads.jsonl"
    inner = ScriptedModel().respond_with(
        lambda m, schema: {"rating": len(m[-1]["content"])} if schema else m[-1]["content"].upper()
    )
    prompts = [f"agent {i} thinks about thing {i % 7}" for i in range(60)]
    rec = RecordingModel(inner, path)

    def record(chunk: list[str]) -> None:
        for p in chunk:
            rec.parse(msgs(p), Rating, agent=p.split()[1])
            rec.complete(msgs(p))

    threads = [threading.Thread(target=record, args=(prompts[i::4],)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    rec.close()

    replay = ReplayModel(path)
    shuffled = prompts[:]
    random.Random(7).shuffle(shuffled)
    results: dict[str, tuple[int, str]] = {}
    lock = threading.Lock()

    def play(chunk: list[str]) -> None:
        for p in chunk:
            out = (replay.parse(msgs(p), Rating).rating, replay.complete(msgs(p)))
            with lock:
                results[p] = out

    threads = [threading.Thread(target=play, args=(shuffled[i::3],)) for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == {p: (len(p), p.upper()) for p in prompts}
    assert replay.remaining() == 0


def test_corrupt_recording_is_reported_with_line_number(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"key": "abc", "kind": "complete", "text": "x"}\nnot json\n')
    with pytest.raises(ReplayMiss, match=r"bad\.jsonl:2"):
        ReplayModel(path)
    with pytest.raises(ReplayMiss, match="Cannot read"):
        ReplayModel(tmp_path / "missing.jsonl")
