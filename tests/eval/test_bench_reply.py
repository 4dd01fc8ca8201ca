"""`bench reply`: the scripted player's questions, the streaming hook, a JSON line last."""
from __future__ import annotations

import json
import time
from types import SimpleNamespace

import pytest

from npc_brain.bench.reply import ReplyTimer, questions
from npc_brain.eval.town import tiny_personas


def test_questions_visit_npcs_in_turn_with_varied_wording() -> None:
    cast = tiny_personas()
    asked = questions(cast, 20, per_talk=2, seed=3)
    assert len(asked) == 20
    npcs = [npc for npc, _ in asked]
    assert all(npcs[i] == npcs[i + 1] for i in range(0, 20, 2))  # two questions per talk
    assert len(set(npcs)) == len(cast)  # everyone is asked
    assert len({q for _, q in asked}) >= 10
    assert "{" not in "".join(q for _, q in asked)  # every template was filled
    assert questions(cast, 20, per_talk=2, seed=3) == asked  # seeded


def test_timer_uses_the_streaming_hook_when_there_is_one() -> None:
    timer = ReplyTimer()
    line = SimpleNamespace(speaker="Ana", text="Hello!")
    conv = SimpleNamespace(lines=[SimpleNamespace(speaker="Alex", text="Hi?")], ended=False)
    timer.sent("Ana", "Hi?", 0, busy=0)
    assert not timer.check(conv)
    timer.on_text("")  # nothing visible yet
    timer.on_text("Hel")
    time.sleep(0.01)
    conv.lines.append(line)
    assert timer.check(conv)
    ask = timer.asks[-1]
    assert ask.first is not None and ask.full is not None and ask.first < ask.full
    conv.lines.append(SimpleNamespace(speaker="Alex", text="And?"))
    timer.sent("Ana", "And?", 2, busy=0)  # 2: where the player's line is
    conv.lines.append(SimpleNamespace(speaker="Ana", text="Bye."))
    assert timer.check(conv) and timer.asks[-1].first == timer.asks[-1].full  # no stream: equal


def test_bench_reply_prints_one_json_line_last(capsys: pytest.CaptureFixture[str]) -> None:
    from npc_brain.bench.__main__ import main

    args = ["--model", "scripted", "--npcs", "3", "--questions", "4", "--warmup", "0.1",
            "--gap", "0.05", "--walk", "0.05", "--fps", "50", "--quiet"]
    assert main(["reply", *args]) == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert list(data)[:5] == ["first_p50_s", "first_p95_s", "full_p50_s", "full_p95_s", "n"]
    assert data["n"] == 4 and data["streaming"] in (True, False) and data["player_first"] == "on"
    assert 0 < data["full_p50_s"] <= data["full_p95_s"] < 5


def test_bench_reply_takes_another_map_and_its_personas(capsys: pytest.CaptureFixture[str]) -> None:
    from npc_brain.bench.__main__ import main

    args = ["--model", "scripted", "--npcs", "3", "--questions", "2", "--warmup", "0.1", "--gap", "0.05",
            "--walk", "0.05", "--fps", "50", "--quiet", "--map", "maps/city.tmx",
            "--personas", "maps/city_personas.json"]
    assert main(["reply", *args]) == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert data["npcs"] == 3 and "city.tmx" in data["town"] and "city_personas.json" in data["town"]
