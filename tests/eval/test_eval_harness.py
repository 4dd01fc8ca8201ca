"""Pure helpers of the benchmarks and the evaluation: cost scaling, frame stats, usage merging,
the position-swapped judge, the ablation's rating table, the bench/eval dispatchers."""
from __future__ import annotations

import json
from typing import Any

import pytest

from npc_brain.bench.cost import anchor_rows, per_agent_day, summarize
from npc_brain.bench.frames import FRAME_MS, frame_stats
from npc_brain.eval.ablation import CONDITIONS, rating_rows
from npc_brain.eval.judge import PairVerdict, compare
from npc_brain.eval.report import md_table, merge_usage
from npc_brain.llm.accounting import AccountingModel
from npc_brain.llm.testing import ScriptedModel


def _usage(calls: int, prompt: int, completion: int, purpose: str = "plan_day") -> dict:
    stats = {"calls": calls, "requests": calls, "failures": 0, "output_errors": 0, "repairs": 0,
             "prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion,
             "latency_s": 2.0 * calls, "mean_latency_s": 2.0, "latency_max_s": 3.0}
    return {"total": stats, "by_purpose": {purpose: stats}, "by_agent": {"A": stats}}


def test_cost_is_scaled_per_agent_and_day() -> None:
    assert per_agent_day(48, npcs=4, hours=6) == pytest.approx(48 / 4 * 4)
    r = summarize(_usage(10, 3000, 600), npcs=5, hours=2, wall_s=120)
    assert r["calls_per_agent_day"] == pytest.approx(10 / 5 * 12)
    assert r["tokens_per_agent_day"] == round(3600 / 5 * 12)
    assert r["wall_s_per_game_hour"] == 60.0
    assert r["wall_s_per_game_hour_25_projected"] == 300.0
    assert r["by_purpose"]["plan_day"]["prompt_tokens_per_agent_day"] == round(3000 / 5 * 12)
    rows = {row["metric"]: row for row in anchor_rows(r)}
    assert rows["calls_per_agent_day"]["met"] == "yes"   # 24 ≤ 40
    assert rows["wall_s_per_game_hour_25"]["met"] == "no"  # 300 > 60


def test_cost_reports_the_prompt_cache_share() -> None:
    usage = _usage(10, 3000, 600)
    usage["total"] = {**usage["total"], "cached_tokens": 1800}
    r = summarize(usage, npcs=5, hours=2, wall_s=120)
    assert r["cache_share"] == 0.6
    rows = {row["metric"]: row for row in anchor_rows(r)}
    assert rows["cache_share"]["met"] == "yes"
    assert summarize(_usage(10, 3000, 600), npcs=5, hours=2, wall_s=120)["cache_share"] == 0.0


def test_cached_tokens_are_read_from_either_report() -> None:
    from types import SimpleNamespace

    from npc_brain.llm.embedded import cached_tokens
    from npc_brain.llm.openai_backend import _cached

    assert cached_tokens({}, {"cache_n": 120, "prompt_n": 8}) == 120
    assert cached_tokens({"prompt_tokens_details": {"cached_tokens": 64}}, {}) == 64
    assert cached_tokens({}, {"cache_n": "junk"}) == 0
    assert _cached(SimpleNamespace(prompt_tokens_details=SimpleNamespace(cached_tokens=32))) == 32
    assert _cached(SimpleNamespace(prompt_tokens_details=None)) == 0 and _cached(None) == 0


def test_frame_stats() -> None:
    frames = [1.0] * 90 + [20.0] * 10
    s = frame_stats(frames)
    assert s["frames"] == 100 and s["p50_ms"] == 1.0 and s["max_ms"] == 20.0
    assert s["missed_pct"] == 10.0
    assert frame_stats([FRAME_MS])["missed_pct"] == 0.0  # exactly on budget is not missed
    assert frame_stats([])["frames"] == 0


def test_merge_usage_adds_counts_and_keeps_max_latency() -> None:
    m = merge_usage(_usage(2, 100, 10), _usage(3, 200, 20, purpose="react"))
    assert m["total"]["calls"] == 5 and m["total"]["total_tokens"] == 330
    assert m["total"]["latency_max_s"] == 3.0 and m["total"]["mean_latency_s"] == 2.0
    assert set(m["by_purpose"]) == {"plan_day", "react"}
    assert merge_usage(None, _usage(1, 1, 1))["total"]["calls"] == 1


def test_judge_counts_only_preferences_that_survive_the_swap() -> None:
    # A judge that prefers the longer answer wherever it is placed.
    def longer(messages, schema):
        text = messages[-1]["content"]
        a = text.split("\nA: ")[1].split("\nB: ")[0]
        b = text.split("\nB: ")[1]
        return PairVerdict(better="A" if len(a) > len(b) else "B")

    fair = AccountingModel(ScriptedModel().respond_with(longer))
    assert compare(fair, "Ana", "Who are you?", "I am Ana, the baker on Elm Street.", "Ana.") == (1.0, True)
    assert compare(fair, "Ana", "Who are you?", "Ana.", "I am Ana, the baker on Elm Street.") == (0.0, True)
    assert fair.snapshot().total.calls == 4
    # A judge that always says "A" has no preference once positions swap: a tie.
    biased = ScriptedModel().respond_with(lambda m, s: PairVerdict(better="A"))
    assert compare(biased, "Ana", "q", "one", "two") == (0.5, False)
    # Identical answers need no judge at all.
    assert compare(ScriptedModel(), "Ana", "q", "same", " same ") == (0.5, True)
    # A judge that fails gives no verdict: a tie, flagged inconsistent.
    broken = ScriptedModel().respond_with(lambda m, s: "not json")
    assert compare(broken, "Ana", "q", "one", "two") == (0.5, False)


def test_rating_rows_rank_conditions() -> None:
    names = list(CONDITIONS)
    comparisons = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            comparisons += [{"a": a, "b": b, "score": 1.0}] * 3  # earlier condition always wins
    rows = rating_rows(comparisons)
    assert [r["condition"] for r in rows] == names
    assert rows[0]["wins"] == 9 and rows[-1]["losses"] == 9
    assert sum(r["rating"] for r in rows) / len(rows) == pytest.approx(25.0)


def test_md_table_escapes_pipes() -> None:
    out = md_table([{"a": "x|y", "b": 1.23456}])
    assert out.splitlines()[2] == "| x\\|y | 1.23 |"
    assert md_table([]) == "_(none)_"


def test_dispatchers_list_every_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    from npc_brain.bench.__main__ import build_parser as bench_parser
    from npc_brain.eval.__main__ import build_parser as eval_parser

    for parser, names in ((bench_parser(), {"cost", "throughput", "frames", "retrieval"}),
                          (eval_parser(), {"valentine", "stories", "interview", "ablation", "grounding"})):
        sub = next(a for a in parser._actions if a.dest in ("benchmark", "evaluation"))
        assert names <= set(sub.choices)


def test_bench_cost_prints_one_json_line_last(capsys: pytest.CaptureFixture[str]) -> None:
    from npc_brain.bench.__main__ import main

    assert main(["cost", "--town", "tiny", "--npcs", "2", "--game-hours", "0.5", "--model", "scripted",
                 "--workers", "0", "--quiet"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    data = json.loads(last)
    for key in ("npcs", "game_hours", "calls_per_agent_day", "tokens_per_agent_day", "wall_s_per_game_hour",
                "by_purpose"):
        assert key in data
    assert data["npcs"] == 2 and data["calls"] > 0
    # Where the wall went: the first thoughts and the game thread's own CPU (the Python a frame pays).
    assert 0 <= data["first_thoughts_s"] and 0 < data["game_thread_cpu_s_per_game_hour"]


def test_pick_keeps_the_key_people_first() -> None:
    from npc_brain.eval.town import pick, tiny_personas

    cast = list(reversed(tiny_personas()))
    chosen = pick(cast, 3, keep=("Sam Moore", "Isabella Rodriguez", "Sam Moore", "Nobody"))
    assert [p.name for p in chosen] == ["Sam Moore", "Isabella Rodriguez", cast[0].name]
    assert len(pick(cast, None)) == len(cast)


def test_interval_stats() -> None:
    from npc_brain.bench.frames import interval_stats

    s = interval_stats([16.7] * 95 + [40.0] * 5)
    assert s["dropped_pct"] == 5.0 and s["interval_p95_ms"] >= 16.7
    assert interval_stats([])["dropped_pct"] == 0.0


def _dead(messages: Any, schema: Any) -> str:
    from npc_brain.llm.errors import LLMUnavailable

    raise LLMUnavailable("Could not reach the OpenAI-compatible server at http://127.0.0.1:9/v1.")


def test_bench_cost_with_every_call_failing_is_an_error(capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from npc_brain.bench.__main__ import main
    from npc_brain.eval import scripted

    monkeypatch.setattr(scripted, "scripted_model", lambda: ScriptedModel(name="dead").respond_with(_dead))
    code = main(["cost", "--town", "tiny", "--npcs", "2", "--game-hours", "0.5", "--model", "scripted",
                 "--workers", "0", "--quiet"])
    out = capsys.readouterr()
    assert code == 1
    assert "met" not in out.out and out.out.strip() == ""  # no table that reads "met: yes"
    lines = out.err.strip().splitlines()
    assert len(lines) == 1 and "model calls failed" in lines[0] and "100%" in lines[0]


def test_cost_failure_check_lets_a_mostly_healthy_run_pass() -> None:
    from npc_brain.bench.cost import check_failures
    from npc_brain.llm.errors import LLMUnavailable

    check_failures({"calls": 10, "failures": 5, "failure_pct": 50.0})
    check_failures({"calls": 0, "failures": 0, "failure_pct": 0.0})
    with pytest.raises(LLMUnavailable, match="6 of 10 model calls failed"):
        check_failures({"calls": 10, "failures": 6, "failure_pct": 60.0})
