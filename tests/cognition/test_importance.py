"""Importance: routine sightings by rule, one single-digit call per other memory, no batch
position effect, the cache; the labelled benchmark set; duplicate reflections skipped."""
from __future__ import annotations

import json
import math
from collections import Counter
from datetime import datetime

import numpy as np
import pytest

from npc_brain.bench import importance as bench
from npc_brain.cognition import importance, reflection
from npc_brain.cognition.importance import MemoryDraft
from npc_brain.language.poignancy import poignancy
from npc_brain.llm.errors import LLMOutputError
from npc_brain.llm.testing import HashEmbedder, ScriptedModel
from npc_brain.memory import ImportanceCache, MemoryKind, MemoryStream
from npc_brain.runtime.thoughts import begin
from npc_brain.testing import BrainResponder

T0 = datetime(2023, 2, 13, 9, 0)
OBS = MemoryKind.OBSERVATION


@pytest.fixture
def emb() -> HashEmbedder:
    return HashEmbedder()


def sight(text: str, subject: str) -> MemoryDraft:
    return MemoryDraft(OBS, text, T0, subject=subject, sighting=True)


def test_routine_sightings_are_rated_by_rule_and_nothing_else_is():
    assert importance.routine_importance(
        sight("the coffee machine is idle", "town:hobbs_cafe:counter:coffee_machine")) == 1
    assert importance.routine_importance(
        sight("Klaus Mueller is reading at his desk", "Klaus Mueller")) == 2
    # The same words as a seed memory or as speech are not perception: the model rates them.
    assert importance.routine_importance(MemoryDraft(OBS, "Sam Moore is running for mayor", T0)) is None
    said = MemoryDraft(OBS, "Isabella said: come to the party", T0, subject="Isabella")
    assert importance.routine_importance(said) is None
    odd = sight("a fire is spreading", "Klaus Mueller")  # a sighting not in the action form
    assert importance.routine_importance(odd) is None
    plan = MemoryDraft(MemoryKind.PLAN, "the stove is off", T0, subject="town:x:stove", sighting=True)
    assert importance.routine_importance(plan) is None


def test_the_model_rating_is_the_expectation_over_the_digit_probabilities():
    half = math.log(0.5)
    # Non-digit tokens (the raw distribution has words) are ignored; the digits renormalised.
    model = ScriptedModel().enqueue({"2": half, "8": half, "The": -0.1})
    rating, sure = importance.model_rating(model, "Maria failed her exam", agent="Ana")
    assert rating == pytest.approx(importance.on_scale(5.0))
    assert sure == pytest.approx(1 - math.log(2) / math.log(9))
    call = model.history[0]
    assert call.options == importance.DIGITS and call.purpose == "importance"
    assert "Maria failed her exam" in call.prompt
    # A server without log-probabilities: the digit it wrote, and all certainty on it.
    model.enqueue("7")
    assert importance.model_rating(model, "x", agent="Ana") == pytest.approx((importance.on_scale(7.0), 1.0))
    assert importance.on_scale(1.0) == 1.0 and importance.on_scale(9.0) == 10.0


FLAT = {d: math.log(1 / 9) for d in importance.DIGITS}
"""A model with no opinion: every digit alike (the 135M model is close to this)."""


def test_the_rating_blends_the_reading_with_the_model_by_its_certainty():
    text = "Maria failed her exam"
    reading = poignancy(text)
    # A flat distribution: the model has no say, the reading decides.
    assert importance.rate(ScriptedModel().enqueue(FLAT), text, agent="Ana") == pytest.approx(reading)
    # A sure model (one digit written) weighs as much as the reading.
    sure = importance.rate(ScriptedModel().enqueue("9"), text, agent="Ana")
    assert sure == pytest.approx((reading + 10.0) / 2)
    assert importance.blend(4.0, 8.0, 0.5) == pytest.approx(5.0)  # share 0.5 × 0.5
    assert importance.blend(4.0, 8.0, 7.0) == importance.blend(4.0, 8.0, 1.0)  # clamped


def test_a_life_event_outranks_a_rumour_and_a_chat_whatever_the_model_says(emb):
    # The old single-digit call alone gave every memory of a flat model the same rating.
    texts = ["Orla Finch's husband died in his sleep last night",
             "Dev Patel told me that the sawmill is going to close next month",
             "Orla Finch said: lovely evening for a walk"]
    model = ScriptedModel().enqueue(FLAT, FLAT, FLAT)
    done = importance.memorize(model, emb, [MemoryDraft(OBS, t, T0) for t in texts], agent="Ana")
    life, rumour, chat = (m.importance for m in done.memories)
    assert done.calls == 3 and life > rumour > chat, (life, rumour, chat)


def test_malformed_rating_is_a_typed_error(emb):
    model = ScriptedModel().enqueue("banana")
    with pytest.raises(LLMOutputError):
        importance.memorize(model, emb, [MemoryDraft(OBS, "Hobbs Cafe burned down", T0)], agent="Ana")
    model.enqueue({"The": -0.1, "Rating": -0.5})  # probabilities, but for no digit, and no text
    with pytest.raises(LLMOutputError):
        importance.rate(model, "x", agent="Ana")


def test_each_memory_is_rated_alone_so_its_batch_position_cannot_matter(emb):
    texts = ["Sam Moore won the election", "Ana likes tea", "the pub quiz is on Thursday",
             "My father died this morning", "Isabella is hosting a party"]
    model = ScriptedModel().respond_with(BrainResponder())

    def ratings(order: list[str]) -> dict[str, int]:
        done = importance.memorize(model, emb, [MemoryDraft(OBS, t, T0) for t in order], agent="Ana")
        return {m.draft.description: m.importance for m in done.memories}

    assert ratings(texts) == ratings(texts[::-1])
    for call in model.history:  # one memory per prompt, and no numbering to copy
        assert sum(t in call.prompt for t in texts) == 1 and "1." not in call.prompt


def test_routine_sightings_cost_no_call_and_are_not_cached(emb):
    model = ScriptedModel()  # any call would raise ScriptExhausted
    cache = ImportanceCache()
    drafts = [sight("the stove is off", "town:ana_house:kitchen:stove"),
              sight("Ben is cooking at the stove", "Ben"),
              MemoryDraft(OBS, "planned", T0, importance=6)]
    done = importance.memorize(model, emb, drafts, agent="Ana", cache=cache)
    assert [m.importance for m in done.memories] == [1, 2, 6]
    assert done.calls == 0 and done.new_ratings == () and len(cache) == 0
    assert done.memories[0].embedding.shape == (emb.dim,)


def test_cached_ratings_are_reused_across_agents(emb):
    cache = ImportanceCache()
    cache.put("Isabella is hosting a party at 5pm", 8)
    model = ScriptedModel()
    done = importance.memorize(model, emb, [MemoryDraft(OBS, "Isabella is hosting a party at 7pm", T0)],
                               agent="Ben", cache=cache)
    assert done.calls == 0 and done.memories[0].importance == 8


# ------------------------------------------------------------------ the labelled set
def test_labelled_set_is_large_varied_and_split_in_stratified_halves():
    rows = bench.load_labels()
    assert len(rows) >= 80
    assert len({r["text"] for r in rows}) == len(rows)
    assert all(isinstance(r["rating"], int) and 1 <= r["rating"] <= 10 for r in rows)
    assert {r["split"] for r in rows} == {"tune", "test"}
    per = Counter((r["category"], r["split"]) for r in rows)
    categories = {r["category"] for r in rows}
    assert categories >= {"object", "activity", "social", "news", "life"}
    for c in categories:
        assert abs(per[(c, "tune")] - per[(c, "test")]) <= 1
    halves = {s: [r["rating"] for r in rows if r["split"] == s] for s in ("tune", "test")}
    assert abs(len(halves["tune"]) - len(halves["test"])) <= 1
    assert abs(np.mean(halves["tune"]) - np.mean(halves["test"])) < 0.5
    assert min(halves["test"]) == 1 and max(halves["test"]) >= 9
    for r in rows:  # the draft each row stands for is valid, sightings carry their subject
        d = bench.draft_of(r)
        assert not d.sighting or d.subject


def test_position_effect_sees_a_rater_that_copies_the_numbering():
    rows = [r for r in bench.load_labels() if r["split"] == "test"]

    def copies(batch):  # the old failure: rating = item number + 1
        return [float(i + 2) for i in range(len(batch))]

    def by_content(batch):
        return [float(r["rating"]) for r in batch]

    bad = bench.evaluate(copies, rows, [0, 1, 2], batch=8)
    good = bench.evaluate(by_content, rows, [0, 1, 2], batch=8)
    assert bad["position_corr"] > 0.9 and bad["position_effect"] > 0.9
    assert good["position_effect"] == 0.0 and abs(good["position_corr"]) <= 0.1
    assert good["spearman"] == 1.0


def test_bench_importance_prints_one_json_line_last(capsys):
    from npc_brain.bench.__main__ import main

    assert main(["importance", "--model", "scripted", "--seeds", "2", "--raters", "rules,memorize"]) == 0
    last = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert {"spearman", "position_corr", "n"} <= last.keys()
    assert last["rater"] == "memorize" and last["n"] == 54 and abs(last["position_corr"]) <= 0.1


def test_the_model_part_is_scored_apart_from_the_rule_rated_sightings():
    rows = [r for r in bench.load_labels() if r["split"] == "tune"]

    def rules_only(batch):  # right on the sightings, one number for everything else
        return [float(r["rating"]) if bench.rated_by_rule(r) else 5.0 for r in batch]

    def reads_all(batch):
        return [float(r["rating"]) for r in batch]

    def inverted(batch):  # right on the sightings, the model part upside down
        return [float(r["rating"]) if bench.rated_by_rule(r) else 11.0 - r["rating"] for r in batch]

    flat, good, upside = (bench.evaluate(f, rows, [0, 1], batch=8) for f in (rules_only, reads_all, inverted))
    assert flat["spearman"] > 0.7 and flat["model_part"] == 0.0  # the whole-set figure hides it
    assert good["model_part"] == 1.0 and upside["model_part"] == -1.0
    assert flat["n_model_part"] == sum(not bench.rated_by_rule(r) for r in rows) > 20
    assert good["means"]["ordered"] and not upside["means"]["ordered"] and not flat["means"]["ordered"]
    assert good["means"]["life"] > good["means"]["news"] > good["means"]["social"] > good["means"]["sighting"]


def test_kind_means_need_each_kind_above_the_next():
    rows = [{"category": c} for c in ("life", "news", "social", "object", "activity")]
    assert bench.kind_means(rows, np.array([[9.0, 6.0, 4.0, 1.0, 2.0]])) == {
        "life": 9.0, "news": 6.0, "social": 4.0, "sighting": 1.5, "ordered": True}
    assert not bench.kind_means(rows, np.array([[6.0, 6.0, 4.0, 1.0, 2.0]]))["ordered"]  # a tie is no order


def test_bench_importance_reports_the_model_part_and_the_order(capsys):
    from npc_brain.bench.__main__ import main

    assert main(["importance", "--model", "scripted", "--seeds", "1", "--split", "tune",
                 "--raters", "rules,words,memorize"]) == 0
    out = capsys.readouterr().out
    last = json.loads(out.strip().splitlines()[-1])
    assert {"spearman_model_part", "ordered"} <= last.keys() and last["rater"] == "memorize"
    rows = {r["rater"]: r for r in last["raters"]}
    means = {m["rater"]: m for m in last["means"]}
    assert rows["rules"]["model_part"] == 0.0 and not means["rules"]["ordered"]  # it ties them all
    assert last["spearman_model_part"] == rows["memorize"]["model_part"]
    assert "model_part" in out and "ordered" in out  # both tables printed


# ------------------------------------------------------------------ duplicate reflections
def test_a_reflection_already_stored_is_not_stored_again(emb):
    s = MemoryStream(emb.dim)
    vec = emb.embed(["x"])[0]
    s.add(MemoryKind.REFLECTION, "Klaus cares about his research.", T0, 6, vec)
    s.add(OBS, "Ana likes tea", T0, 2, vec)

    def insight(text: str) -> reflection.InsightDraft:
        return reflection.InsightDraft(text, 6, (0,), vec)

    got = reflection.novel_insights(
        [insight("klaus cares about his research"), insight("Ana likes tea"),
         insight("Ana is fond of Klaus"), insight("Ana is fond of Klaus!")],
        s.latest(len(s), (MemoryKind.REFLECTION,)))
    # The restated reflection and the in-batch repeat go; an observation's text is no reflection.
    assert [i.description for i in got] == ["Ana likes tea", "Ana is fond of Klaus"]


# ------------------------------------------------------------------ through the agent
def _agent(settings=None, cache=None):
    from npc_brain.runtime.agent import Agent
    from npc_brain.testing import tiny_town
    from npc_brain.types.persona import Persona
    from npc_brain.world.spatial_memory import SpatialMemory

    ana = Persona(name="Ana", age=30, home="town:ana_house:bedroom", workplace="town:office:desk_room")
    emb = HashEmbedder()
    world = tiny_town(["Ana", "Ben"])
    return Agent(ana, MemoryStream(emb.dim), SpatialMemory.for_persona(world, ana), embedder=emb, settings=settings,
                 importance_cache=cache)


def test_perceived_actions_and_states_are_sightings_speech_and_events_are_not():
    from npc_brain.types.observation import Observation
    from npc_brain.types.observation import ObservationKind as K

    agent = _agent()
    agent.perceive([Observation("Ben is cooking at the stove", K.SIGHT, subject="Ben"),
                    Observation("Ana is having lunch", K.SELF, subject="Ana"),
                    Observation("the stove is in use", K.SIGHT, subject="town:ben_house:kitchen:stove"),
                    Observation("Ben said: my mother died", K.SPEECH, subject="Ben"),
                    Observation("A fire broke out at the pub", K.EVENT)], T0)
    rated = [importance.routine_importance(d) for d in agent.buffered]
    assert rated == [2, 2, 1, None, None]


def test_the_reflect_job_skips_an_insight_the_agent_already_holds():
    from npc_brain.runtime.agent import Thought

    agent = _agent()
    vec = agent.embedder.embed(["x"])[0]
    agent.memory.add(MemoryKind.REFLECTION, "I care about my routine", T0, 6, vec)
    for i in range(3):
        agent.memory.add(OBS, f"Ana drank coffee number {i}", T0, 3, vec)
    model = ScriptedModel().respond_with(BrainResponder())  # its insight: "I care about my routine"
    job = begin(agent, Thought.REFLECT, T0, model)
    assert job is not None
    job.apply(job.run())
    assert any(c.purpose == "reflect_insights" for c in model.history)  # the insight was drawn
    texts = [r.description for r in agent.memory.records if r.kind is MemoryKind.REFLECTION]
    assert texts == ["I care about my routine"]


def test_reflection_questions_are_picked_by_rule_at_either_detail_unless_the_model_is_to_choose():
    from npc_brain.runtime.settings import BrainSettings
    from npc_brain.types.detail import Detail

    def purposes(detail: Detail, settings: BrainSettings) -> list[str]:
        return [c.purpose for c in _reflection_calls(settings, 3, detail)]

    default = BrainSettings()
    assert purposes(Detail.FULL, default) == ["reflect_insights"]
    assert purposes(Detail.COARSE, default) == ["reflect_insights"]
    # The paper's way, the model choosing, stays available at each detail on its own.
    paper = BrainSettings(full_questions_by_rule=False, coarse_questions_by_rule=False)
    assert purposes(Detail.FULL, paper) == ["reflect_questions", "reflect_insights"]
    assert purposes(Detail.COARSE, paper) == ["reflect_questions", "reflect_insights"]
    in_view_only = BrainSettings(full_questions_by_rule=False)
    assert purposes(Detail.FULL, in_view_only) == ["reflect_questions", "reflect_insights"]
    assert purposes(Detail.COARSE, in_view_only) == ["reflect_insights"]


def test_the_insight_prompt_lists_as_many_statements_as_the_settings_say():
    from npc_brain.runtime.settings import BrainSettings

    def statements(settings: BrainSettings) -> list[str]:
        prompt = next(c for c in _reflection_calls(settings, 12) if c.purpose == "reflect_insights").prompt
        return prompt.split("DATA statements:\n")[1].splitlines()

    assert BrainSettings().reflection_statements == 6
    assert len(statements(BrainSettings(reflection_per_question=12))) == 6  # of 12 recalled
    assert len(statements(BrainSettings(reflection_per_question=12, reflection_statements=9))) == 9


_NEWS = ("Ana argued with {} about the fence", "{} told Ana the mill will close", "Ana lent {} her ladder",
         "{} asked Ana to the harvest dance")
_WHO = ("Bruno", "Clara", "Dmitri", "Esther", "Farid", "Greta", "Hugo", "Ines", "Jonas", "Kemal")


def _rate_in_view(agent, model, texts, at):
    """Buffer `texts` for an agent in view and run its memorize and rate jobs; the calls made."""
    from datetime import timedelta

    from npc_brain.runtime.agent import Thought

    before = len(model.history)
    for t in texts:
        agent.buffer.add(MemoryDraft(OBS, t, at))
    for thought in (Thought.MEMORIZE, Thought.RATE):
        job = begin(agent, thought, at + timedelta(minutes=5), model)
        if job is not None:
            job.apply(job.run())
    return model.history[before:]


def test_in_view_the_reading_stands_in_for_a_model_whose_ratings_change_nothing():
    from npc_brain.memory.importance import normalise_description
    from npc_brain.types.detail import Detail

    news = [form.format(who) for form in _NEWS for who in _WHO]
    flat = dict.fromkeys(importance.DIGITS, -2.2)  # a model unsure of its digit: the blend is the reading
    agent = _agent()
    assert agent.detail is Detail.FULL
    model = ScriptedModel().respond_with(lambda messages, schema: flat)
    check = agent.importance_cache.check
    first = news[:check.window]
    assert len(_rate_in_view(agent, model, first, T0)) == check.window  # the model rates until the window is full
    assert check.reading_will_do
    rest = news[check.window:]
    calls = _rate_in_view(agent, model, rest, T0)
    probes = [t for t in rest if check.probes(normalise_description(t))]
    assert 0 < len(calls) == len(probes) < len(rest) / 2  # only the probes still go to the model
    stored = {r.description: r.importance for r in agent.memory.records}
    assert all(stored[t] == importance.reading_rating(t) for t in rest)


def test_in_view_a_model_whose_ratings_matter_keeps_being_asked():
    from npc_brain.runtime.settings import BrainSettings

    news = [form.format(who) for form in _NEWS for who in _WHO]
    flat = dict.fromkeys(importance.DIGITS, -2.2)
    for settings, sure in ((BrainSettings(), "9"), (BrainSettings(rating_check=False), flat)):
        agent = _agent(settings)
        model = ScriptedModel().respond_with(lambda messages, schema, sure=sure: sure)
        window = agent.importance_cache.check.window
        assert len(_rate_in_view(agent, model, news[:window], T0)) == window
        assert len(_rate_in_view(agent, model, news[window:], T0)) == len(news) - window  # every one asked


def test_rating_jobs_made_at_once_learn_from_each_other_as_they_run():
    """A morning's seed ratings are packaged for every NPC in view before any comes back: the later
    jobs read the check as it stands when they run, not as it stood when they were made."""
    from datetime import timedelta

    from npc_brain.memory.importance import normalise_description
    from npc_brain.runtime.agent import Thought

    news = [form.format(who) for form in _NEWS for who in _WHO]
    flat = dict.fromkeys(importance.DIGITS, -2.2)
    cache = ImportanceCache()
    window = cache.check.window
    ana, ben = _agent(cache=cache), _agent(cache=cache)
    model = ScriptedModel().respond_with(lambda messages, schema: flat)
    jobs = []
    for agent, texts in ((ana, news[:window]), (ben, news[window:])):
        for t in texts:
            agent.buffer.add(MemoryDraft(OBS, t, T0))
        jobs.append(begin(agent, Thought.RATE, T0 + timedelta(minutes=5), model))
    assert all(job is not None for job in jobs)  # both made before either ran
    first = jobs[0].run()
    assert first.calls == window
    second = jobs[1].run()
    assert second.calls == sum(cache.check.probes(normalise_description(t)) for t in news[window:])
    assert second.calls < (len(news) - window) / 2


def _reflection_calls(settings, memories: int, detail=None) -> list:
    """The model calls of one reflection by an agent with `memories` routine memories."""
    from npc_brain.runtime.agent import Thought

    agent = _agent(settings)
    if detail is not None:
        agent.detail = detail
    vec = agent.embedder.embed(["x"])[0]
    for i in range(memories):
        agent.memory.add(OBS, f"Ana drank coffee number {i}", T0, 3, vec)
    model = ScriptedModel().respond_with(BrainResponder())
    job = begin(agent, Thought.REFLECT, T0, model)
    assert job is not None
    job.apply(job.run())
    return list(model.history)
