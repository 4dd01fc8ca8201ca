"""End to end: the Valentine evaluation on the record/replay backend, and --resume.

The fixture `tests/fixtures/eval/valentine_tiny.jsonl` is a recording of a 6-game-hour run of
3 agents in the tiny town on the deterministic scripted model; `valentine_tiny.results.json`
is what that run reported. Replaying must reproduce the report exactly (a diverged call
raises `ReplayMiss` or changes a number). Re-record after a prompt or cognition change with:

    PYTHONPATH=. python tests/eval/test_eval_valentine_replay.py
"""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from npc_brain.eval.__main__ import build_parser
from npc_brain.eval.report import read_json

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "eval"
RECORDING = FIXTURES / "valentine_tiny.jsonl"
GOLDEN = FIXTURES / "valentine_tiny.results.json"
VOLATILE = ("folder", "wall_s", "wall_s_per_game_hour", "models")
RUN = ["valentine", "--town", "tiny", "--npcs", "3", "--days", "0.25", "--workers", "0", "--quiet"]


def _run(argv: list[str]) -> dict:
    args = build_parser().parse_args(argv)
    return args.run(args)


def _stable(result: dict) -> dict:
    return {k: v for k, v in result.items() if k not in VOLATILE}


def test_replayed_run_reproduces_the_recorded_report(tmp_path: Path) -> None:
    result = _run([*RUN, "--model", f"replay:{RECORDING}", "--out", str(tmp_path)])
    assert _stable(result) == read_json(GOLDEN)
    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    for section in ("## Ours beside the paper", "## Invitations", "## Spatial-norm refusals by rule",
                    "## Method", "## Answers after", "4% → 52%", "0.167 → 0.74"):
        assert section in report
    assert "replay of" in report  # the report names the model that ran
    state = read_json(tmp_path / "valentine_state.json")
    assert state["phase"] == "done" and len(state["before"]["agents"]) == 3
    assert (tmp_path / "valentine.sqlite").exists() and (tmp_path / "results.json").exists()
    pytest.importorskip("pygame")
    assert (tmp_path / "awareness.png").stat().st_size > 1000


def test_resume_continues_from_the_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import npc_brain.eval.runner as runner

    real, calls = runner.advance, []

    def stop_on_second_chunk(*a, **kw):  # the first chunk runs and is saved, then the "crash"
        calls.append(1)
        if len(calls) == 2:
            raise RuntimeError("simulated crash")
        return real(*a, **kw)

    argv = [*RUN, "--model", "scripted", "--save-every", "60", "--out", str(tmp_path)]
    monkeypatch.setattr(runner, "advance", stop_on_second_chunk)
    with pytest.raises(RuntimeError, match="simulated crash"):
        _run(argv)
    crashed = read_json(tmp_path / "valentine_state.json")
    assert crashed["phase"] == "running" and crashed["clock"] == "2023-02-14T14:00:00"
    calls_before = crashed["usage_now"]["total"]["calls"]

    monkeypatch.setattr(runner, "advance", real)
    # --resume takes the run's own settings; --npcs here is ignored in favour of the save's.
    result = _run(["valentine", "--resume", "--out", str(tmp_path), "--npcs", "5", "--model", "scripted",
                   "--workers", "0", "--quiet"])
    state = read_json(tmp_path / "valentine_state.json")
    assert state["phase"] == "done" and state["clock"] == "2023-02-14T19:00:00"
    assert result["npcs"] == 3 and len(state["models"]) == 2
    assert state["usage"]["total"]["calls"] > calls_before  # both processes' calls are counted
    times = [row["time"] for row in state["timeline"]]
    assert times == [f"2023-02-14T{h}:00:00" for h in range(13, 20)]  # hourly, no gap, no repeat


def test_without_pygame_the_report_says_plots_were_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from npc_brain.adapters import pygame_plots as plots

    monkeypatch.setattr(plots, "_pygame", lambda: None)
    _run([*RUN, "--hours", "1", "--model", "scripted", "--out", str(tmp_path)])
    assert "Plots skipped: pygame is not installed" in (tmp_path / "report.md").read_text(encoding="utf-8")
    assert not list(tmp_path.glob("*.png"))


def record() -> None:
    """Re-record the fixture and its expected results (run this file as a script)."""
    out = Path("/tmp/npc_brain_valentine_record")
    shutil.rmtree(out, ignore_errors=True)
    RECORDING.unlink(missing_ok=True)
    result = _run([*RUN, "--model", "scripted", "--record", str(RECORDING), "--out", str(out)])
    GOLDEN.write_text(json.dumps(_stable(result), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"recorded {sum(1 for _ in RECORDING.open())} calls to {RECORDING}", file=sys.stderr)


if __name__ == "__main__":
    record()
