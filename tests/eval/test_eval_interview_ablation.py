"""The interview and ablation evaluations on the deterministic scripted model (fast)."""
from __future__ import annotations

from datetime import datetime
from pathlib import Path

from npc_brain.eval.__main__ import build_parser
from npc_brain.eval.ablation import CONDITIONS
from npc_brain.eval.interview import QUESTIONS
from npc_brain.eval.report import read_json
from npc_brain.eval.runner import settle
from npc_brain.eval.scripted import scripted_model
from npc_brain.eval.town import load_town
from npc_brain.llm.embedders import LexicalEmbedder
from npc_brain.runtime.simulation import Simulation
from npc_brain.types.clock import GameClock


def _run(argv: list[str]) -> dict:
    args = build_parser().parse_args(argv)
    return args.run(args)


NO_PARTY = "I have not heard anything about a party."


def test_interview_kinds_hide_memories() -> None:
    # The scripted model answers with the best retrieved memory, or "I don't know." with none.
    town = load_town("tiny", npcs=2)
    sim = Simulation(town.world, town.personas, scripted_model(), GameClock(datetime(2023, 2, 14, 7)),
                     embedder=LexicalEmbedder())
    settle(sim)
    society = sim.society
    full = society.interview("Isabella Rodriguez", "Do you know of a party?")
    assert "Valentine" in full
    assert society.interview("Isabella Rodriguez", "Do you know of a party?", kinds=()) == NO_PARTY
    assert society.interview("Isabella Rodriguez", "Do you know of a party?", kinds=("reflection",)) == NO_PARTY
    assert society.interview("Isabella Rodriguez", "Do you know of a party?", kinds=CONDITIONS["no reflection"]) == full


def test_interview_command_covers_the_five_categories(tmp_path: Path) -> None:
    result = _run(["interview", "--agent", "Sam Moore", "--town", "tiny", "--npcs", "3", "--hours", "0.5",
                   "--model", "scripted", "--workers", "0", "--quiet", "--out", str(tmp_path)])
    assert {r["category"] for r in result["answers"]} == set(QUESTIONS)
    assert len(result["answers"]) == sum(len(q) for q in QUESTIONS.values())
    assert result["interview_calls"] == len(result["answers"])
    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert all(f"## {c}" in report for c in QUESTIONS)
    assert "Who is Isabella Rodriguez?" in report  # {other}: someone from Sam's relationships


def test_ablation_rates_every_condition(tmp_path: Path) -> None:
    result = _run(["ablation", "--town", "tiny", "--npcs", "3", "--hours", "1", "--agents", "1",
                   "--per-category", "1", "--model", "scripted", "--workers", "0", "--quiet",
                   "--out", str(tmp_path)])
    assert {r["condition"] for r in result["ratings"]} == set(CONDITIONS)
    assert result["comparisons"] == 5 * 6  # 5 questions × 6 pairs of conditions
    assert 0 < result["judge_calls"] <= 2 * result["comparisons"]  # identical answers skip the judge
    raw = read_json(tmp_path / "ablation.json")
    no_memory = [a["answer"] for a in raw["answers"] if a["condition"] == "no memory"]
    # Without memory only the persona and the present remain: who it is, or an honest "not heard".
    assert no_memory and all(a.startswith(("I am ", "I would ", "I have not ", "Nice to see")) for a in no_memory)
    # The scripted judge prefers the longer (more specific) answer, so memory beats no memory.
    ratings = {r["condition"]: r["rating"] for r in result["ratings"]}
    assert ratings["full"] > ratings["no memory"]
    assert (tmp_path / "report.md").exists()


def test_ordering_shows_ties_as_ties():
    from npc_brain.eval.ablation import ordering

    rows = [{"condition": "full", "rating": 27.1}, {"condition": "no reflection", "rating": 25.0},
            {"condition": "no plan", "rating": 25.0}, {"condition": "no memory", "rating": 22.9}]
    assert ordering(rows) == "full (27.1) > no reflection (25) = no plan (25) > no memory (22.9)"
    flat = [{"condition": c, "rating": 25.0} for c in ("full", "no memory")]
    assert ordering(flat) == "full (25) = no memory (25)"
