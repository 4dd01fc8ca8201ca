"""`eval stories`: the scenario generator, the per-scenario lexical rules and the summary (pure,
no model), the second map, and the command end to end on the scripted model."""
from __future__ import annotations

import itertools
import json
import random
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from npc_brain.eval import metrics as M
from npc_brain.eval import story_words as W
from npc_brain.eval.__main__ import main
from npc_brain.eval.harness import Scenario, cast, guests, near
from npc_brain.eval.report import read_json
from npc_brain.eval.stories import scenario_of
from npc_brain.eval.story_gen import Story, generate, occasion_places, story_from_dict, story_to_dict
from npc_brain.eval.story_score import at_least, news_topic, occasion_topic, stem, summarize
from npc_brain.eval.town import load_town
from npc_brain.types.persona import Persona

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def demo() -> tuple[object, list[str]]:
    town = load_town("demo", npcs=None, keep=())
    return town.world, [p.name for p in town.personas]


def _story(**kw: object) -> Story:
    base: dict[str, object] = {
        "index": 1, "start": datetime(2024, 3, 1, 7), "hours": 36.0, "host": "Carmen Ortiz",
        "occasion": "a quiz night", "invented": False, "place": "Library", "address": "town:oak_hill_college:library",
        "building": "Oak Hill College", "phrase": "the Library", "prep": "in",
        "window": (datetime(2024, 3, 2, 17), datetime(2024, 3, 2, 19)),
        "seed": "Carmen Ortiz is organising a quiz night in the Library on March 2 from 5pm to 7pm",
        "subject": "Tom Moreno", "happening": "Tom Moreno broke an ankle slipping on the ice",
        "occasion_question": "Have you heard about the quiz night?", "news_question": "Any news about Tom?"}
    base.update(kw)
    return Story(**base)  # type: ignore[arg-type]


NAMES = ("Carmen Ortiz", "Tom Moreno", "Sam Moore", "Jane Moreno", "Sam Lee")


# ---------------------------------------------------------------------------- the generator
def test_generation_is_deterministic_per_seed(demo) -> None:
    world, names = demo
    one, again, other = (generate(s, 6, world, names) for s in (1, 1, 2))
    assert one == again
    assert [s.seed for s in one] != [s.seed for s in other]


def test_five_distinct_scenarios_with_listed_and_invented_occasions(demo) -> None:
    world, names = demo
    for seed in (1, 2, 3, 4):
        stories = generate(seed, 5, world, names)
        assert len({s.seed for s in stories}) == 5 and len({s.occasion for s in stories}) == 5
        listed = [s for s in stories if not s.invented]
        invented = [s for s in stories if s.invented]
        assert listed and invented
        assert all(s.occasion in W.OCCASIONS for s in listed)
        for s in invented:  # a made-up word: on no list, and not a word of any listed occasion
            assert s.occasion not in W.OCCASIONS
            listed_words = {w for o in W.OCCASIONS for w in o.lower().split()}
            assert not {w.lower() for w in s.name.split()} & listed_words
        assert len({s.prep for s in stories}) >= 4  # prepositions vary
        assert all(s.prep in W.PREPOSITIONS for s in stories)


def test_places_are_real_public_and_open_in_the_window(demo) -> None:
    world, names = demo
    from npc_brain.world.hours import is_open

    stories = generate(7, 12, world, names)
    assert len({s.address for s in stories}) >= 8  # places vary too
    for s in stories:
        place = world.get(s.address)
        assert place.name == s.place and world.find(s.place) is place
        assert not any(n.private for n in (place, *place.ancestors()))
        assert f"{s.prep} {s.phrase}" in s.seed and s.host in s.seed and s.occasion in s.seed
        node = place
        while node is not None and node.opens is None and node.closes is None:
            node = node.parent
        assert node is None or (is_open(node.opens, node.closes, s.window[0].time())
                                and is_open(node.opens, node.closes, (s.window[1] - timedelta(minutes=1)).time()))
        # In the run, after news had time to travel, 1–3 hours long.
        assert s.start + timedelta(hours=10) <= s.window[0] < s.window[1] <= s.start + timedelta(hours=s.hours)
        assert timedelta(hours=1) <= s.window[1] - s.window[0] <= timedelta(hours=3)
        assert s.host != s.subject and {s.host, s.subject} <= set(names)
        assert s.happening.startswith(s.subject) and s.happening.format() == s.happening
    assert len({s.seed.split(s.occasion)[0].replace(s.host, "") for s in stories}) >= 4  # several templates


def test_occasion_places_skip_private_shared_and_washroom_names(demo) -> None:
    world, _ = demo
    names = {p.name for p in occasion_places(world)}
    assert {"Hobbs Cafe", "Library", "Johnson Park", "Duck Pond", "Taproom"} <= names
    assert not names & {"Kitchen", "Bathroom", "Restroom", "Room 101", "Lin House", "Private Quarters", "Town"}


def test_the_second_map_has_other_names_and_loads_clean() -> None:
    from npc_brain.adapters.tiled import load_world
    from npc_brain.world.lint import lint_world

    world = load_world(ROOT / "maps" / "harbour.tmx")
    town = load_town("demo", npcs=None, keep=(), map_path=ROOT / "maps" / "harbour.tmx",
                     personas_path=ROOT / "maps" / "harbour_personas.json")
    demo_names = {p.name for p in load_world(ROOT / "maps" / "town.tmx") if p.kind.value in ("Building", "Room")}
    mine = {p.name for p in world if p.kind.value in ("Building", "Room")}
    assert not {n for n in mine & demo_names if n not in ("Toilet",)}  # every building and room renamed
    assert len(town.personas) == 25 and all(p.home in world for p in town.personas)
    text = (ROOT / "maps" / "harbour_personas.json").read_text(encoding="utf-8").lower()
    assert "hobbs" not in text and "valentine" not in text and "oak hill" not in text
    assert not [i for i in lint_world(world) if i.severity.value == "error"]
    stories = generate(1, 5, town.world, [p.name for p in town.personas])
    assert all(s.address.startswith("saltmere:") for s in stories)


def test_story_round_trips_through_json(demo) -> None:
    world, names = demo
    for s in generate(3, 5, world, names):
        assert story_from_dict(json.loads(json.dumps(story_to_dict(s)))) == s


# ---------------------------------------------------------------------------- the rules
def test_at_least_two_matches_brute_force() -> None:
    terms = ["ankle", "ice", "slip*", "broke*"]
    groups = at_least(2, terms)
    for present in itertools.chain.from_iterable(itertools.combinations(terms, k) for k in range(5)):
        text = " ".join(t.rstrip("*") + ("ing" if t.endswith("*") else "") for t in present)
        assert M.mentions(text, groups) == (len(present) >= 2), present
    assert at_least(2, ["baby"]) == (("baby",),) and at_least(1, ["a", "b"]) == (("a", "b"),)
    assert [stem(w) for w in ("slipping", "ice", "ankle", "engaged", "bees", "Stung")] == [
        "slip*", "ice", "ankle*", "engag*", "bees", "stung*"]


def test_occasion_awareness_needs_a_detail_the_question_lacks() -> None:
    s = _story()
    topic = occasion_topic(s, NAMES)
    aware = ("Yes, Carmen is running it.", "It is in the Library, I think.", "Yes! It's on March 2nd.",
             "Oh, the one at Oak Hill College on Saturday?")
    for answer in aware:
        assert M.answer_aware(answer, topic), answer
    for answer in ("Yes, the quiz night sounds fun.", "I haven't heard about the quiz night.", "No.",
                   "I'm going to the park."):
        assert not M.answer_aware(answer, topic), answer
    assert not M.answer_aware("I don't know anything about it, sorry. Carmen?", topic)
    # Asked by place, the occasion's name is the detail to give.
    by_place = occasion_topic(_story(occasion_question="Is anything happening in the Library?"), NAMES)
    assert M.answer_aware("Yes, there's a quiz night.", by_place)
    assert M.answer_aware("Something on March 2, I think.", by_place)
    assert not M.answer_aware("Yes, people study in the Library.", by_place)
    assert not M.answer_aware("Carmen Ortiz is working in the Library.", by_place)  # the host at work


def test_occasion_memory_needs_the_name_and_a_detail() -> None:
    topic = occasion_topic(_story(), NAMES)
    assert M.mentions("Sam told me that Carmen is organising a quiz night on March 2", topic.memory_terms)
    assert M.mentions("a quiz night at 17:00 in the library", topic.memory_terms)
    assert not M.mentions("Carmen likes the Library", topic.memory_terms)
    assert not M.mentions("a quiz night would be fun", topic.memory_terms)
    invented = occasion_topic(_story(occasion="the Snumbet Zoomoot",
                                     occasion_question="Have you heard about the Snumbet Zoomoot?"), NAMES)
    assert M.mentions("Carmen invited me to the Snumbet Zoomoot", invented.memory_terms)
    assert not M.mentions("Carmen invited me to the Snumbet", invented.memory_terms)


def test_news_awareness_carries_the_happening_not_the_name() -> None:
    topic = news_topic(_story(), NAMES)
    assert M.answer_aware("I heard he broke his ankle on the ice!", topic)
    assert M.answer_aware("Poor Tom slipped on the ice.", topic)  # "slip*" and "ice"
    assert not M.answer_aware("Tom loves ice cream.", topic)  # one word ("ice") is not enough
    assert M.answer_aware("He hurt his ankle badly, they say.", topic) is False
    assert M.answer_aware("He broke his ankle.", topic)
    assert not M.answer_aware("Tom is doing fine, he runs the market.", topic)
    assert not M.answer_aware("No, I haven't heard he broke his ankle.", topic)
    assert M.mentions("Jane told me that Tom broke an ankle", topic.memory_terms)
    assert not M.mentions("Jane broke an ankle", topic.memory_terms)
    # A shared first name is not enough to name the resident (two Sams).
    sam = news_topic(_story(subject="Sam Moore", happening="Sam Moore bought an old sailing boat"), NAMES)
    assert not M.mentions("Sam bought a sailing boat", sam.memory_terms)
    assert M.mentions("Sam Moore bought a sailing boat", sam.memory_terms)


def test_rules_follow_each_seed_not_a_fixed_vocabulary(demo) -> None:
    world, names = demo
    stories = generate(5, 5, world, names)
    for s in stories:
        occ, news = occasion_topic(s, names), news_topic(s, names)
        assert M.mentions(s.seed, occ.memory_terms), s.seed
        assert M.mentions(s.happening, news.memory_terms) and M.mentions(s.happening, news.answer_terms)
        others = [o for o in stories if o.occasion != s.occasion]
        assert not any(M.mentions(o.seed, occ.memory_terms) for o in others if o.host != s.host)


def test_summary_means_minimums_and_pooled_hallucination() -> None:
    def o(occ: float, news: float, came: int, answers: int, halluc: int) -> dict:
        return {"occasion_after_pct": occ, "news_after_pct": news, "attended": ["x"] * came, "answers": answers,
                "hallucinated": halluc, "attended_aware": ["x"] * (came - 1), "occasion_before_pct": 6.7,
                "news_before_pct": 6.7, "invited": came,
                "occasion_memory_after_pct": occ, "news_memory_after_pct": news}

    s = summarize([o(60, 40, 4, 60, 0), o(50, 30, 3, 60, 1), o(70, 20, 5, 60, 0)])
    assert s["mean_occasion_pct"] == 60.0 and s["mean_news_pct"] == 30.0
    assert s["min_occasion_pct"] == 50 and s["min_guests"] == 3 and s["min_aware_guests"] == 2
    assert s["hallucination_pct"] == round(100 / 180, 1)
    assert s["met"] == {"mean_occasion_pct": True, "mean_news_pct": False, "min_occasion_pct": True,
                        "min_guests": True, "hallucination_pct": True}


# ---------------------------------------------------------------------------- the harness parts
def test_guests_near_and_the_cast() -> None:
    t0 = datetime(2024, 3, 2, 17)
    rows = [[t0.isoformat(), "A", "x"], [(t0 + timedelta(hours=2)).isoformat(), "B", "x"],
            [(t0 - timedelta(minutes=5)).isoformat(), "C", "x"], [t0.isoformat(), "Host", "x"]]
    assert guests(rows, t0, t0 + timedelta(hours=2), "Host") == {"A"}
    assert near((0, 0, 100, 100), (150, 50)) and not near((0, 0, 100, 100), (250, 50))
    assert near((0, 0, 100, 100), (50, 50)) and not near((0, 0, 100, 100), None)
    scenario = scenario_of(_story(), NAMES)
    again = Scenario.from_dict(json.loads(json.dumps(scenario.to_dict())))
    assert again == scenario
    people = [Persona(name="Carmen Ortiz", age=30, memories=("Carmen wants to host a party at home",
                                                              "Carmen likes tea"),
                      status="planning a Valentine's Day party", daily_habits=("works on her campaign", "bakes")),
              Persona(name="Tom Moreno", age=50, status="busy")]
    out = cast(people, scenario)
    assert out[0].memories == ("Carmen likes tea", scenario.seeds[0].text)  # Valentine seed out, story in
    assert out[0].status == "" and out[0].daily_habits == ("bakes",)
    assert out[1].memories == (scenario.seeds[1].text,) and out[1].status == "busy"
    kept = cast(people, scenario_of(_story(), NAMES, strip=False))
    assert kept[0].memories[0] == "Carmen wants to host a party at home"


# ---------------------------------------------------------------------------- the command
def test_command_runs_every_scenario_and_resumes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["stories", "--town", "tiny", "--npcs", "3", "--hours", "4", "--scenarios", "2", "--model", "scripted",
            "--workers", "0", "--quiet", "--out", str(tmp_path)]
    assert main(argv) == 0
    out = capsys.readouterr().out.strip().splitlines()
    result = json.loads(out[-1])
    for key in ("mean_occasion_pct", "mean_news_pct", "min_occasion_pct", "min_guests", "hallucination_pct"):
        assert isinstance(result[key], (int, float))
    assert len(result["per_scenario"]) == 2 and out[0] == "per_scenario"
    plan = read_json(tmp_path / "stories.json")
    for s in plan["stories"]:
        state = read_json(tmp_path / f"s{s['index']}" / "story_state.json")
        assert state["phase"] == "done" and len(state["after"]["agents"]) == 3
        host = next(a for a in state["before"]["agents"] if a["agent"] == s["host"])
        assert host["memory_aware"]["occasion"]  # the seed is in the host's persona memory
        assert (tmp_path / f"s{s['index']}" / "report.md").exists()
    assert "## Targets (issue 25)" in (tmp_path / "report.md").read_text(encoding="utf-8")
    # --resume of a finished run reports again from the saved states, without a model call.
    assert main(["stories", "--resume", "--out", str(tmp_path), "--model", "replay:/nonexistent", "--quiet"]) == 0
    again = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert again["per_scenario"] == result["per_scenario"]


def test_generation_needs_two_residents_and_a_public_place(demo) -> None:
    world, names = demo
    with pytest.raises(ValueError, match="two residents"):
        generate(1, 5, world, names[:1])
    rng = random.Random(0)
    assert W.invented_occasion(rng) != W.invented_occasion(rng)
