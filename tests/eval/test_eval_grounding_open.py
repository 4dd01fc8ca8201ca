"""`eval grounding --questions open`: the open set, its cases from an agent's state, its pure
scoring, and the command on the scripted model."""
from __future__ import annotations

import json
import random
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace

import pytest

from npc_brain.eval.__main__ import build_parser, main
from npc_brain.eval.grounding_cases import PHRASINGS
from npc_brain.eval.grounding_open import (
    ELIGIBLE,
    KINDS,
    OPEN_PHRASINGS,
    PERIODS,
    OpenCase,
    has_word,
    open_cases_for,
    serving,
    untag,
)
from npc_brain.eval.grounding_open_score import open_summary, score_open
from npc_brain.eval.report import read_json

ME, PLAYER = "Carmen Ortiz", "Alex"
SOURCES = ["Carmen Ortiz: barista at Hobbs Cafe", "Sam Moore: a regular who tells good stories",
           "Tom told me that a pipe burst at Hobbs Cafe this morning", "Hobbs Cafe", "Johnson Park",
           "2 pm to 4 pm: serve coffee at the counter"]
KNOWN = (ME, "Sam Moore", "Tom Moreno", "Hobbs Cafe", "Johnson Park", "Library")


def _case(kind: str, question: str = "?", **kw: object) -> OpenCase:
    return OpenCase(ME, kind, question, ELIGIBLE[kind], **kw)  # type: ignore[arg-type]


def _score(case: OpenCase, ground: str, answer: str):
    return score_open(case, ground, answer, SOURCES, listener=PLAYER, known=KNOWN)


# ---------------------------------------------------------------------------- the set
def test_the_open_set_has_sixty_lines_over_ten_kinds_beyond_the_five() -> None:
    lines = {line for kind, ts in OPEN_PHRASINGS["dev"].items() for line in ts}
    assert len(lines) >= 60
    assert len(KINDS) >= 10 and set(KINDS) == set(ELIGIBLE)
    five = {"identity", "now", "about", "earlier", "later"}
    assert not five & set(KINDS)
    for kind in KINDS:  # every kind has lines (both claim kinds share "claim")
        assert OPEN_PHRASINGS["dev"]["claim" if kind.endswith("claim") else kind]
    # Keyed like the five-category sets, so a set written later goes beside "dev".
    assert "dev" in OPEN_PHRASINGS and "dev" in PHRASINGS
    assert all(set(v) == set(OPEN_PHRASINGS["dev"]) for v in OPEN_PHRASINGS.values())
    for t in OPEN_PHRASINGS["dev"]["recommendation"]:
        assert untag(t)[0]  # every recommendation says what the place is for
    assert {untag(t)[0] for t in OPEN_PHRASINGS["dev"]["availability"]} - {""} <= set(PERIODS)


def test_has_word_and_serving() -> None:
    assert has_word("I saw Tom's dogs", "dog") and has_word("Ask Tom.", "Tom") and not has_word("tomato", "Tom")
    assert has_word("at the  Hobbs   cafe", "Hobbs Café")
    room = SimpleNamespace(name="Dining Area", purpose={"eat", "drink"},
                           ancestors=lambda: [SimpleNamespace(name="Town"), SimpleNamespace(name="Hobbs Cafe")])
    park = SimpleNamespace(name="Johnson Park", purpose={"relax"}, ancestors=lambda: [SimpleNamespace(name="Town")])
    assert serving([room, park], "eat") == ("Dining Area", "Hobbs Cafe")
    assert serving([room, park], "relax") == ("Johnson Park",)
    town = SimpleNamespace(name="Town", purpose={"relax"}, ancestors=list)
    table = SimpleNamespace(name="Picnic Table", purpose={"relax"}, kind=SimpleNamespace(value="Object"),
                            ancestors=lambda: [town, park])
    assert serving([town, table, park], "relax") == ("Johnson Park",)  # not the town, not furniture


# ---------------------------------------------------------------------------- scoring
def test_social_lines_answered_with_a_schedule_count_against_it() -> None:
    hello = _case("greeting", "Hello!")
    v = _score(hello, "plan", "At 12 pm I will be having lunch.")
    assert v.schedule_to_social and not v.answered
    assert _score(hello, "small talk", "Hi! Nice to see you.").answered
    bye = _case("farewell", "Goodbye!")
    assert _score(bye, "farewell", "Goodbye, take care!").answered
    assert not _score(bye, "small talk", "Nice weather.").answered  # a farewell wants a farewell
    assert _score(bye, "action", "I am serving coffee.").schedule_to_social
    assert not _score(_case("small talk"), "plan", "I will work.").schedule_to_social  # only the three social kinds


def test_opinion_recommendation_availability_and_claims_carry_their_content() -> None:
    opinion = _case("opinion", "What do you think of Sam?", names=("Sam Moore", "Sam"))
    assert _score(opinion, "relation", "Sam is a loyal regular who tells good stories.").answered
    assert not _score(opinion, "relation", "He is nice.").answered
    assert _score(opinion, "unknown", "I don't really know him.").answered
    assert not _score(opinion, "plan", "Sam? I will serve coffee at 2 pm.").answered
    rec = _case("recommendation", "Where can I eat?", names=("Dining Area", "Hobbs Cafe"))
    assert _score(rec, "place", "Try Hobbs Cafe, the pastries are good.").answered
    assert not _score(rec, "place", "Johnson Park is lovely.").answered
    assert _score(rec, "unknown", "I'm not sure, sorry.").answered
    free = _case("availability", "Are you free at 3 pm?", texts=("serve coffee at the counter",))
    assert _score(free, "plan", "At 3 pm I will serve coffee at the counter.").answered
    assert not _score(free, "plan", "At 3 pm I will be sleeping.").answered
    assert not _score(_case("availability", texts=()), "plan", "I will serve coffee.").answered
    assert _score(free, "unknown", "I don't know yet.").answered
    known = _case("known claim", "I heard a pipe burst at Hobbs Cafe.", key="pipe",
                  texts=("Tom told me that a pipe burst at Hobbs Cafe this morning",))
    assert _score(known, "memory", "Yes, Tom told me a pipe burst this morning.").answered
    assert not _score(known, "unknown", "I haven't heard about that.").answered
    made_up = _case("unknown claim", "I heard a bear was seen near the quarry.")
    assert _score(made_up, "unknown", "I haven't heard anything about that.").answered
    assert not _score(made_up, "memory", "Yes, Tom told me.").answered
    lie = _score(made_up, "unknown", "No, but Mike Brown saw it at Pike Harbour.")
    assert not lie.answered and lie.hallucinated


def test_open_summary_reports_schedule_to_social_and_each_kind() -> None:
    def row(kind: str, answered: bool, schedule: bool = False) -> dict:
        return {"category": kind, "answered": answered, "hallucinated": False, "echo": False, "cutoff": False,
                "third_person": False, "schedule_to_social": schedule}

    rows = [row("greeting", False, True), row("farewell", True), row("thanks", True), row("thanks", False, True),
            row("opinion", True), row("request", False)]
    s = open_summary(rows)
    assert s["schedule_to_social_pct"] == 50.0  # 2 of the 4 social lines
    assert s["answered_pct"] == 50.0 and s["n"] == 6
    assert s["answered_by_kind"] == {"opinion": 100.0, "greeting": 0.0, "farewell": 100.0, "thanks": 50.0,
                                     "request": 0.0}


# ---------------------------------------------------------------------------- cases from state
def _agent(plan: list) -> SimpleNamespace:
    from npc_brain.types.persona import Persona

    persona = Persona(name=ME, age=30, relationships={"Sam Moore": "a regular"})
    records = [SimpleNamespace(description="Tom told me that a pipe burst at Hobbs Cafe this morning")]
    place = SimpleNamespace(name="Hobbs Cafe", purpose={"eat", "drink", "socialize"},
                            ancestors=lambda: [SimpleNamespace(name="Town")])
    known = SimpleNamespace(known_places=lambda: [place])
    return SimpleNamespace(persona=persona, memory=SimpleNamespace(records=records), plan=plan, known=known)


def test_cases_take_their_truths_from_the_agent() -> None:
    from npc_brain.eval.grounding_cases import News

    now = datetime(2024, 3, 2, 10)
    step = SimpleNamespace(start=datetime(2024, 3, 2, 14), end=datetime(2024, 3, 2, 16), description="serve coffee")
    later = SimpleNamespace(start=datetime(2024, 3, 2, 18), end=datetime(2024, 3, 2, 20), description="read a book")
    agent = _agent([step, later])
    news = [News("a pipe burst at Hobbs Cafe this morning", "the burst pipe", "pipe"),
            News("a fox was seen at the park", "the fox", "fox")]
    cases = open_cases_for(agent, now, random.Random(3), world=None, names=[ME, "Sam Moore", "Tom Moreno"],
                           news=news, n=24)
    kinds = {c.kind for c in cases}
    assert kinds == set(KINDS)
    for c in cases:
        assert c.eligible == ELIGIBLE[c.kind] and "{" not in c.question
        if c.kind == "opinion":
            assert c.names[0] == "Sam Moore" and "Sam" in c.question
        if c.kind == "recommendation":
            assert c.names in ((), ("Hobbs Cafe",))
        if c.kind == "availability" and "evening" not in c.asked and "morning" not in c.asked:
            assert c.texts in (("serve coffee",), ("read a book",))
        if c.kind == "known claim":
            assert c.key == "pipe" and "pipe burst" in c.question  # only news that reached its memory
    # The second news item never reached its memory: its claim is not asked as known.
    assert not any("fox" in c.question for c in cases)


# ---------------------------------------------------------------------------- the command
def test_command_open_prints_schedule_to_social_and_per_kind(tmp_path: Path, capsys) -> None:
    argv = ["grounding", "--questions", "open", "--town", "tiny", "--npcs", "3", "--hours", "1", "--model", "scripted",
            "--workers", "0", "--quiet", "--out", str(tmp_path)]
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["n"] == 36 and result["questions"] == "open"
    assert "schedule_to_social_pct" in result and len(result["answered_by_kind"]) >= 10
    assert {r["kind"] for r in result["by_kind"]} >= set(KINDS) - {"known claim", "opinion"}
    raw = read_json(tmp_path / "grounding.json")
    assert all(r["ground_kind"] for r in raw["answers"])
    assert "## By kind" in (tmp_path / "report.md").read_text(encoding="utf-8")
    args = build_parser().parse_args(["grounding", "--rescore", str(tmp_path / "grounding.json"),
                                      "--out", str(tmp_path / "again")])
    again = args.run(args)
    assert again["answered_by_kind"] == result["answered_by_kind"]
    assert again["schedule_to_social_pct"] == result["schedule_to_social_pct"]


def test_a_five_category_set_is_not_an_open_one(tmp_path: Path) -> None:
    from npc_brain.eval.grounding_cases import PHRASINGS
    from npc_brain.eval.grounding_open_phrasings import OPEN_PHRASINGS

    five_only = next(name for name in PHRASINGS if name not in OPEN_PHRASINGS)
    args = build_parser().parse_args(["grounding", "--questions", "open", "--phrasings", five_only, "--town", "tiny",
                                      "--model", "scripted", "--out", str(tmp_path)])
    with pytest.raises(SystemExit, match=f"no open phrasing set '{five_only}'"):
        args.run(args)
