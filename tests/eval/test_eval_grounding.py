"""`eval grounding` on the scripted model, and its scoring on hand-made answers."""
from __future__ import annotations

import json
import random
from datetime import datetime
from pathlib import Path

import pytest

from npc_brain.eval.__main__ import build_parser, main
from npc_brain.eval.grounding_cases import CATEGORIES, MADE_UP, Truth, cases_for, inject_news
from npc_brain.eval.grounding_score import answers, by_category, cut_off, score, summary
from npc_brain.eval.report import read_json
from npc_brain.eval.runner import advance, settle
from npc_brain.eval.scripted import scripted_model
from npc_brain.eval.town import load_town
from npc_brain.llm.embedders import LexicalEmbedder
from npc_brain.runtime.settings import BrainSettings
from npc_brain.runtime.simulation import Simulation
from npc_brain.types.clock import GameClock

KEYS = ("answered_pct", "hallucinated_pct", "echo_pct", "cutoff_pct", "third_person_pct", "n")
PARTY = ("Isabella Rodriguez wants to host a Valentine's Day party at Hobbs Cafe on February 14 "
         "from 5pm to 7pm")
SOURCES = [PARTY, "Isabella Rodriguez opened Hobbs Cafe six years ago", "Hobbs Cafe",
           "Johnson Park", "Sam told me that a new bakery will open on March 1"]
ME, PLAYER = "Isabella Rodriguez", "Alex"


def _argv(tmp_path: Path, *extra: str) -> list[str]:
    return ["grounding", "--npcs", "5", "--hours", "1.5", "--model", "scripted", "--workers", "0",
            "--quiet", "--out", str(tmp_path), *extra]


def _tiny(tmp_path: Path, *extra: str) -> list[str]:
    return [*_argv(tmp_path, "--town", "tiny", "--npcs", "3", "--hours", "1", *extra)]


def _run(argv: list[str]) -> dict:
    args = build_parser().parse_args(argv)
    return args.run(args)


def _score(answer: str, truth: Truth, question: str = "What do you know about the party?"):
    return score(answer, truth, question, SOURCES, speaker=ME, listener=PLAYER,
                 known=(ME, "Hobbs Cafe", "Johnson Park"))


def test_command_asks_every_category_and_prints_the_json_line(tmp_path: Path, capsys) -> None:
    assert main(_argv(tmp_path)) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    result = json.loads(last)
    assert all(k in result for k in KEYS)
    assert result["n"] >= 40
    assert {r["category"] for r in result["by_category"]} == set(CATEGORIES)
    raw = read_json(tmp_path / "grounding.json")
    assert len(raw["answers"]) == result["n"]
    assert all(len(v) == 2 for v in raw["news"].values())  # --news 2 for every agent
    about = [a for a in raw["answers"] if a["category"] == "about"]
    assert any(a["truth"] == "(doesn't know)" for a in about)  # the made-up topics
    assert any("told me that" in a["truth"] or "I saw that" in a["truth"] for a in about)  # news
    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert "## By category" in report and "sample answers" in report
    # The scripted model says its first ground verbatim: never cut off, never third person.
    assert result["cutoff_pct"] == 0 and result["third_person_pct"] == 0
    # A saved run scores again without a model, to the same numbers.
    again = _run(["grounding", "--rescore", str(tmp_path / "grounding.json"),
                  "--out", str(tmp_path / "again")])
    assert {k: again[k] for k in KEYS} == {k: result[k] for k in KEYS}


def test_seed_changes_the_questions(tmp_path: Path) -> None:
    def questions(seed: int, out: Path) -> list[str]:
        _run(_tiny(out, "--seed", str(seed), "--per-agent", "5"))
        return [a["question"] for a in read_json(out / "grounding.json")["answers"]]

    one, again, two = (questions(s, tmp_path / f"r{i}") for i, s in enumerate((1, 1, 2)))
    assert one == again
    assert one != two
    assert len(one) == 15


@pytest.fixture(scope="module")
def day() -> Simulation:
    town = load_town("tiny", npcs=3)
    clock = GameClock(datetime(2023, 2, 13, 8))
    sim = Simulation(town.world, town.personas, scripted_model(), clock, embedder=LexicalEmbedder(),
                     settings=BrainSettings(memorize_interval_minutes=30))
    settle(sim)
    inject_news(sim.society, sim.world, random.Random(3), per_agent=2)
    advance(sim, 60)
    return sim


def test_injected_news_is_remembered_and_asked_about(day: Simulation) -> None:
    agent = day.society.agent("Sam Moore")
    heard = [r.description for r in agent.memory.records if r.description.startswith(("I saw", ))
             or "told me that" in r.description]
    assert len(heard) == 2
    cases = cases_for(agent, day.clock.now(), random.Random(0), n=8, known=list(day.society.agents))
    assert [c.category for c in cases] == ["identity", "now", "about", "earlier", "later", "about",
                                           "about", "later"]
    mine = {r.description for r in agent.memory.records} | {s.description for s in agent.plan}
    for c in cases:
        if c.category == "about" and not c.truth.unknown:
            assert set(c.truth.texts) & mine  # every truth is the agent's own
        if c.category in ("now", "earlier", "later"):
            assert set(c.truth.texts) <= mine


def test_every_fifth_about_question_is_made_up(day: Simulation) -> None:
    agent = day.society.agent("Maria Lopez")
    # Two "about" questions came before this agent's: its third is the run's fifth.
    cases = cases_for(agent, day.clock.now(), random.Random(1), n=8, offset=2)
    about = [c for c in cases if c.category == "about"]
    assert [c.truth.unknown for c in about] == [False, False, True]
    assert about[2].topic in MADE_UP and about[2].question.count(about[2].topic) == 1
    assert not any(w in r.description.lower() for r in agent.memory.records
                   for w in about[2].topic.lower().split() if len(w) > 4)


# ----------------------------------------------------------------------------- scoring
def test_a_right_answer_counts_answered() -> None:
    truth = Truth((PARTY,), "memory #1")
    v = _score("I want to host a Valentine's Day party at Hobbs Cafe on February 14, 5 to 7 pm.",
               truth)
    assert v.answered and not v.hallucinated and not v.echo and not v.cutoff and not v.third_person
    assert not _score("The weather is lovely today.", truth).answered
    # Only the place, none of the event: not an answer.
    assert not _score("I am at Hobbs Cafe.", truth).answered
    # The step says "sleep", the answer "sleeping": one verb (a held-out miss).
    assert _score("At 11 pm I will be sleeping.", Truth(("sleep",), "plan step")).answered
    assert not _score("At 11 pm I will be reading.", Truth(("sleep",), "plan step")).answered


def test_a_made_up_place_counts_hallucinated() -> None:
    v = _score("I am hosting a Valentine's Day party at Riverside Plaza.", Truth((PARTY,), "m"))
    assert v.hallucinated == ("Riverside Plaza",)
    assert not _score("The party is at Hobbs Cafe at 5 pm.", Truth((PARTY,), "m")).hallucinated
    late = _score("The party is at Hobbs Cafe at 9 pm.", Truth((PARTY,), "m"))
    assert late.hallucinated == ("21:00",)
    # A date any one memory holds is no hallucination, wherever it sits among the sources.
    assert not _score("I heard the bakery opens on March 1.", Truth((PARTY,), "m")).hallucinated
    assert _score("I heard the bakery opens on March 9.", Truth((PARTY,), "m")).hallucinated


def test_an_echo_counts_echo() -> None:
    q = "What do you know about the Valentine's Day party?"
    assert _score("What do you know about the Valentine's Day party?", Truth((PARTY,), "m"), q).echo
    assert _score("You want to know about the Valentine's Day party.", Truth((PARTY,), "m"), q).echo
    assert not _score("I am hosting it at Hobbs Cafe on February 14.", Truth((PARTY,), "m"), q).echo


def test_cut_off_and_third_person() -> None:
    assert cut_off("I would like to be able t.")
    assert cut_off("I went to the")
    assert cut_off("I am going to the.")
    assert not cut_off("Right now I am baking pastries.")
    assert not cut_off("Eddy is my son, and I am very proud of.")  # a stranded preposition
    assert cut_off("The café is.") and cut_off("Tomorrow the party will.")
    assert not cut_off("I am not sure what that is.") and not cut_off("Yes, I will.")
    assert not cut_off("I met her.")
    assert _score("You are Alex, a student at the college.", Truth((PARTY,), "m")).third_person
    assert _score("Isabella is baking pastries.", Truth((PARTY,), "m")).third_person
    assert not _score("I am baking pastries.", Truth((PARTY,), "m")).third_person


def test_doesnt_know_and_identity_truths() -> None:
    q = "Have you heard anything about the circus at the lighthouse?"
    unknown = Truth((), "made up")
    assert answers("I have not heard anything about the circus at the lighthouse.", unknown, q,
                   speaker=ME)
    assert answers("No, I don't know about that.", unknown, q, speaker=ME)
    assert not answers("Yes, it starts at 5 pm at Hobbs Cafe.", unknown, q, speaker=ME)
    assert not answers("I don't know, but Sam Moore said it is at Hobbs Cafe.", unknown, q,
                       speaker=ME)
    who = Truth(("owner of Hobbs Cafe",), "persona", name=ME)
    job = Truth(("retired carpenter and candidate for mayor",), "persona")
    assert answers("I'm Isabella.", who, "Who are you?", speaker=ME)
    assert answers("I run Hobbs Cafe.", who, "Who are you?", speaker=ME)
    assert answers("I am a retired carpenter.", job, "What is your job?", speaker="Sam Moore")
    assert not answers("I'm Sam Moore.", job, "What is your job?", speaker="Sam Moore")


def test_summary_and_categories() -> None:
    row = {"category": "now", "answered": True, "hallucinated": False, "echo": False,
           "cutoff": False, "third_person": False, "intent_ok": True, "problems": []}
    rows = [row, {**row, "answered": False, "echo": True, "problems": ["echo"]},
            {**row, "category": "later", "hallucinated": True, "intent_ok": False}]
    s = summary(rows)
    got = (s["answered_pct"], s["hallucinated_pct"], s["echo_pct"], s["n"])
    assert got == (66.7, 33.3, 33.3, 3)
    cats = {r["category"]: r for r in by_category(rows)}
    assert cats["now"]["answered"] == 50.0 and cats["now"]["repairs"] == "echo 1"
    assert cats["later"]["intent_ok"] == 0.0 and set(cats) == {"now", "later"}
