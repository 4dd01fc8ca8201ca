"""Importance, retrieval ranking, reflection, location choice, planning, reaction, dialogue."""
from __future__ import annotations

import itertools
from datetime import datetime, timedelta

import pytest

from npc_brain.cognition import dialogue, importance, planning, reaction, reflection
from npc_brain.cognition.importance import MemoryDraft
from npc_brain.cognition.known import known_snapshot
from npc_brain.cognition.location import Whereabouts, choose_place
from npc_brain.cognition.recall import recall
from npc_brain.cognition.schemas import DayPlan
from npc_brain.language.poignancy import poignancy
from npc_brain.llm.testing import HashEmbedder, ScriptedModel
from npc_brain.memory import ImportanceCache, MemoryKind, MemoryStream, RetrievalWeights
from npc_brain.testing import BrainResponder, tiny_town
from npc_brain.types.persona import Persona
from npc_brain.types.plan import PlanLevel, PlanStep
from npc_brain.world.spatial_memory import SpatialMemory

T0 = datetime(2023, 2, 13, 7, 0)
ANA = Persona(name="Ana", age=30, home="town:ana_house:bedroom", workplace="town:hobbs_cafe:counter")


@pytest.fixture
def emb() -> HashEmbedder:
    return HashEmbedder()


def stream_with(emb, texts, start=T0, importance=3, step=timedelta(minutes=10)):
    s = MemoryStream(emb.dim)
    vecs = emb.embed(texts)
    for i, (t, v) in enumerate(zip(texts, vecs)):
        s.add(MemoryKind.OBSERVATION, t, start + i * step, importance, v)
    return s


# ------------------------------------------------------------------ importance
def test_importance_rates_each_memory_once_and_routine_repeats_are_free(emb):
    model = ScriptedModel().respond_with(BrainResponder())
    cache = ImportanceCache()
    drafts = [MemoryDraft(MemoryKind.OBSERVATION, f"Klaus is reading at his desk at {h}:00", T0) for h in (7, 8, 9)]
    drafts.append(MemoryDraft(MemoryKind.OBSERVATION, "Isabella is planning a party", T0))
    first = importance.memorize(model, emb, drafts, agent="Ana", cache=cache)
    assert first.calls == 2 and len(model.history) == 2  # one call per distinct memory
    assert "Isabella is planning a party" in model.history[1].prompt  # the repeats were rated once
    assert model.history[1].options == importance.DIGITS
    for text, value in first.new_ratings:
        cache.put(text, value)
    again = [MemoryDraft(MemoryKind.OBSERVATION, "Klaus is reading at his desk at 10:00", T0 + timedelta(hours=3))]
    second = importance.memorize(model, emb, again, agent="Ana", cache=cache)
    assert second.calls == 0 and len(model.history) == 2
    assert second.memories[0].importance == first.memories[0].importance
    # The digit 8 (9 on the 1–10 scale), written without log-probabilities: a sure model, so
    # half the rating, beside how the memory reads.
    reading = poignancy("Isabella is planning a party")
    assert [m.importance for m in first.memories][-1] == round(importance.blend(reading, 9.0, 1.0))
    fixed = importance.memorize(model, emb, [MemoryDraft(MemoryKind.PLAN, "x", T0, importance=7)], agent="Ana")
    assert fixed.calls == 0 and fixed.memories[0].importance == 7


# ------------------------------------------------------------------ retrieval
def test_relevant_old_memory_beats_irrelevant_recent_with_paper_weights(emb):
    # Importance as a model rates them: the party matters (8), wiping tables is routine (2).
    # (With equal importance, min-max makes recency 1 for the newest and relevance 1 for the
    # best match, so embedding noise would decide: the paper's scoring, measured, not assumed.)
    s = stream_with(emb, ["Isabella is planning a Valentine's Day party at Hobbs Cafe"], importance=8)
    vecs = emb.embed([f"Ana is wiping table number {i}" for i in range(30)])
    for i, v in enumerate(vecs):
        s.add(MemoryKind.OBSERVATION, f"Ana is wiping table number {i}", T0 + timedelta(minutes=20 * (i + 1)), 2, v)
    now = T0 + timedelta(hours=12)
    [r] = recall(s.snapshot(), emb, ["Valentine's Day party"], now, k=3, weights=RetrievalWeights())
    top = r.results[0]
    assert top.record.id == 0  # the oldest memory
    assert top.relevance == 1.0 and top.recency == 0.0
    assert r.results[1].recency > top.recency  # a newer one ranked below it


# ------------------------------------------------------------------ reflection
def test_reflection_trigger_threshold(emb):
    s = stream_with(emb, ["a b"] * 15, importance=10)  # sum 150: not above the threshold
    assert not reflection.reflection_due(s.snapshot(), None, 150)
    s.add(MemoryKind.OBSERVATION, "c", T0, 1, emb.embed(["c"])[0])
    assert reflection.reflection_due(s.snapshot(), None, 150)
    assert not reflection.reflection_due(s.snapshot(), 14, 150)


def test_only_what_was_perceived_triggers_reflection(emb):
    # Paper §4.2: the importance of the events perceived. An agent's own plans and insights do not
    # count: counted, each reflection fed the next.
    s = stream_with(emb, ["a b"] * 10, importance=10)  # perceived: 100
    for kind in (MemoryKind.PLAN, MemoryKind.REFLECTION):
        s.add(kind, "mine", T0, 10, emb.embed(["mine"])[0])
        s.add(kind, "mine", T0, 10, emb.embed(["mine"])[0])
        s.add(kind, "mine", T0, 10, emb.embed(["mine"])[0])
    assert not reflection.reflection_due(s.snapshot(), None, 150)  # 160 in all, 100 perceived
    heard = [(MemoryKind.DIALOGUE, "Ana told me the mill is for sale"), (MemoryKind.THOUGHT, "I should buy the mill"),
             (MemoryKind.OBSERVATION, "the mill is empty")] * 2
    for kind, text in heard[:5]:
        s.add(kind, text, T0, 10, emb.embed([text])[0])
    assert not reflection.reflection_due(s.snapshot(), None, 150)  # perceived 150: not above
    s.add(*heard[5], T0, 10, emb.embed([heard[5][1]])[0])
    assert reflection.reflection_due(s.snapshot(), None, 150)  # heard, whispered and seen all count


def test_insights_cite_real_ids_and_fake_citations_are_dropped(emb):
    texts = ["Klaus is writing his paper on gentrification", "Klaus reads at the library",
             "Maria says Klaus works late every day", "Ana is drinking coffee"]
    s = stream_with(emb, texts)
    model = ScriptedModel()
    model.enqueue({"q": ["What is Klaus busy with?"]})
    model.enqueue({"insights": [
        {"text": "Klaus is dedicated to his research", "because": [1, 2, 3], "imp": 7},
        {"text": "Klaus secretly loves Ana", "because": [42, 77], "imp": 9},   # embellished
        {"text": "Klaus works hard", "because": [2, 99], "imp": 5},             # one bad number
    ]})
    # novelty 0.7: a model whose abstractions are trusted (the paper's); the default is below.
    out = reflection.reflect(model, emb, s.snapshot(), T0 + timedelta(hours=2), agent="Ana", novelty=0.7)
    texts_out = [i.description for i in out.insights]
    assert texts_out == ["Klaus is dedicated to his research", "Klaus works hard"]
    assert out.dropped == ("Klaus secretly loves Ana",)
    for ins in out.insights:
        assert ins.evidence and all(0 <= e < len(s) for e in ins.evidence)
        for e in ins.evidence:
            assert s.get(e).description in model.history[1].prompt
    # Write them, then reflect again: reflections are retrievable and citable (a tree).
    ids = [s.add(MemoryKind.REFLECTION, i.description, T0, i.importance, i.embedding,
                 evidence=i.evidence).id for i in out.insights]
    model.enqueue({"q": ["What is Klaus busy with?"]})
    model.enqueue(lambda msgs, schema: {"insights": [{"text": "Klaus lives for research", "because": [
        n for n, line in enumerate(msgs[-1]["content"].split("statements:")[1].splitlines()[1:], 1)
        if "dedicated" in line], "imp": 8}]})
    again = reflection.reflect(model, emb, s.snapshot(), T0 + timedelta(hours=3), agent="Ana", novelty=0.7)
    assert again.insights and again.insights[0].evidence == (ids[0],)
    assert s.get(ids[0]).kind == MemoryKind.REFLECTION


def test_out_of_view_the_questions_are_picked_by_rule_and_only_the_insights_cost_a_call(emb):
    # The 100-NPC cost bench: choosing questions took 1,062 of 3,690 prompt tokens per agent-day
    # (0.3% of them from the engine's cache), for questions no player sees.
    s = MemoryStream(emb.dim)
    rows = [("Maria Lopez is streaming a game at the cafe", "Maria Lopez", 2),
            ("Klaus Mueller told Ana that he won a prize for his paper", "Klaus Mueller", 8),
            ("Klaus Mueller asked Ana to read his paper", "Klaus Mueller", 6),
            ("Ana is baking bread", "Ana", 2)]
    for i, (text, subject, imp) in enumerate(rows):
        s.add(MemoryKind.OBSERVATION, text, T0 + i * timedelta(minutes=10), imp, emb.embed([text])[0],
              subject=subject)
    model = ScriptedModel()
    model.enqueue({"insights": [{"text": "Klaus Mueller won a prize for his paper", "because": [1], "imp": 6}]})
    out = reflection.reflect(model, emb, s.snapshot(), T0 + timedelta(hours=1), agent="Ana", novelty=0.7,
                             choose=False)
    assert [c.purpose for c in model.history] == ["reflect_insights"]
    # The statements are listed in the order they happened, whatever their scores: a later
    # reflection recalling the same older memories starts its prompt the same way (the cache).
    listed = model.history[0].messages[-1]["content"].split("statements:\n")[1].splitlines()
    shown = [text for text, _, _ in rows if any(line.endswith(text) for line in listed)]
    assert len(shown) >= 2 and [next(i for i, line in enumerate(listed) if line.endswith(t)) for t in shown] \
        == sorted(range(len(shown)))
    # Klaus weighs most in what Ana saw and heard: his questions first; Maria's routine sighting last.
    assert out.questions[:2] == ("What is Ana's relationship with Klaus Mueller?", "What is Klaus Mueller busy with?")
    assert not any("Maria" in q for q in out.questions)
    assert [i.description for i in out.insights] == ["Klaus Mueller won a prize for his paper"]
    # Whoever the people are called: the options name them as the memories do.
    s2 = MemoryStream(emb.dim)
    s2.add(MemoryKind.OBSERVATION, "José Núñez-Ortega told Ana that he sold his boat", T0, 7,
           emb.embed(["boat"])[0], subject="José Núñez-Ortega")
    options = reflection.question_options("Ana", [r.description for r in s2.records], ["José Núñez-Ortega"])
    picked = reflection.salient_questions(options, list(s2.records), "Ana", ["José Núñez-Ortega"])
    assert picked[0] == "What is Ana's relationship with José Núñez-Ortega?"


def test_a_talk_is_one_statement_of_a_reflection_its_summary_not_also_its_transcript(emb):
    # A talk leaves two dialogue memories (its transcript and its summary); in recorded days
    # 41-46% of the statements insights were drawn from were such pairs: the same talk twice.
    s = MemoryStream(emb.dim)
    at = T0 + timedelta(minutes=30)
    rows = [(MemoryKind.DIALOGUE, "Conversation with Bo Lind: Bo Lind: My sister Vera is moving to the "
             "lighthouse next spring. Ana: Oh, that is far away from the harbour.", "Bo Lind", at),
            (MemoryKind.DIALOGUE, "Ana and Bo Lind talked about Vera and the lighthouse.", "Bo Lind", at),
            (MemoryKind.DIALOGUE, "Conversation with Cy Dunn: Cy Dunn: The lighthouse needs a new keeper.",
             "Cy Dunn", at + timedelta(minutes=20)),
            (MemoryKind.OBSERVATION, "Bo Lind told Ana that Vera is moving to the lighthouse", "Bo Lind", at)]
    for kind, text, subject, when in rows:
        s.add(kind, text, when, 6, emb.embed([text])[0], subject=subject)
    # What was heard in the talk, at the same moment and of the same subject: a statement of its own.
    heard = "Bo Lind told Ana that the lighthouse has a new lamp."
    s.add(MemoryKind.DIALOGUE, heard, at, 6, emb.embed([heard])[0], subject="Bo Lind", teller="Bo Lind",
          fact="the lighthouse has a new lamp")
    model = ScriptedModel()
    model.enqueue({"insights": [{"text": "Vera is moving to the lighthouse", "because": [1], "imp": 6}]})
    reflection.reflect(model, emb, s.snapshot(), T0 + timedelta(hours=2), agent="Ana", choose=False)
    listed = model.history[0].messages[-1]["content"].split("statements:\n")[1]
    assert "talked about Vera and the lighthouse" in listed and "Conversation with Bo Lind" not in listed
    # Another talk (with its own transcript only) and what was told stay statements of their own.
    assert "Conversation with Cy Dunn" in listed and "Bo Lind told Ana" in listed
    recs = list(s.records)
    assert reflection.once_per_talk(recs) == [recs[1], recs[2], recs[3], recs[4]]
    assert reflection.once_per_talk(recs[::-1]) == [recs[4], recs[3], recs[2], recs[1]]  # order kept


def test_by_default_an_insight_only_recombines_what_its_evidence_says(emb):
    # A 25-NPC Valentine run on the 135M model: 63 of 66 insights said what no memory held and
    # came back in interviews ("Ayesha Khan is planning a party for her daughter").
    texts = ["Ayesha Khan is writing her thesis on the history of Oak Hill",
             "Ayesha Khan found an old photograph of the town square in the library archives"]
    s = stream_with(emb, texts)
    model = ScriptedModel()
    model.enqueue({"q": ["What is Ayesha Khan busy with?"]})
    model.enqueue({"insights": [
        {"text": "Ayesha Khan is planning a party for her daughter", "because": [1], "imp": 6},
        {"text": "Isabella Rodriguez is a famous actress", "because": [2], "imp": 6},
        {"text": "Ayesha Khan is writing her thesis on the history of the town square", "because": [1, 2], "imp": 5},
    ]})
    out = reflection.reflect(model, emb, s.snapshot(), T0 + timedelta(hours=2), agent="Mei Lin")
    kept = "Ayesha Khan is writing her thesis on the history of the town square"
    assert [i.description for i in out.insights] == [kept]
    assert len(out.dropped) == 2
    assert len(reflection.unsupported("Isabella Rodriguez is a famous actress", texts)) >= 3
    assert not reflection.unsupported("Ayesha Khan found an old photograph", texts)


def test_an_insight_that_says_of_one_person_what_the_evidence_says_of_another_is_dropped(emb):
    # Valentine run fd4819b: Eddy, told of Sam's run for mayor, reflected "Marcus Reed is running
    # for mayor" — the grammar opens an insight with a name and the 135M model picked one.
    texts = ["Sam Moore told Eddy Lin that Sam is running for mayor in the upcoming local election",
             "Marcus Reed is tutoring Rajiv Patel", "Eddy Lin is composing music"]
    s = stream_with(emb, texts)
    model = ScriptedModel()
    model.enqueue({"q": ["What is on Eddy's mind lately?"]})
    model.enqueue({"insights": [
        {"text": "Marcus Reed is running for mayor in the upcoming local election", "because": [1], "imp": 6},
        {"text": "Sam Moore is running for mayor in the upcoming election", "because": [1], "imp": 6},
        {"text": "Marcus Reed cares about teaching", "because": [2], "imp": 4},
    ]})
    out = reflection.reflect(model, emb, s.snapshot(), T0 + timedelta(hours=2), agent="Eddy Lin", novelty=0.7)
    assert [i.description for i in out.insights] == ["Sam Moore is running for mayor in the upcoming election",
                                                     "Marcus Reed cares about teaching"]
    assert out.dropped == ("Marcus Reed is running for mayor in the upcoming local election",)


# ------------------------------------------------------------------ location
def test_location_choice_is_constrained_to_known_children():
    world = tiny_town(["Ana", "Ben"])
    known = SpatialMemory(world, ["town:ana_house:kitchen", "town:park", "town:hobbs_cafe"])
    snap = known_snapshot(known)
    model = ScriptedModel().respond_with(lambda msgs, schema: {"place": "park"})
    d = choose_place(model, snap, agent="Ana", what="meet a friend", activity="socialize")
    # Buildings known: ana_house, park, hobbs_cafe. Ben's house is unknown: never offered.
    [call] = model.history
    enum = call.schema.model_json_schema()["properties"]["place"]["enum"]
    assert set(enum) == {"park", "hobbs_cafe"}  # both serve socializing; Ben's house is unknown
    assert d.address == "town:park" and d.calls == 1
    assert "ben_house" not in call.prompt


def test_location_short_circuits_cost_no_call():
    world = tiny_town(["Ana"])
    snap = known_snapshot(SpatialMemory.for_persona(world, ANA))
    model = ScriptedModel()  # no replies scripted: any call would raise
    sleep = choose_place(model, snap, agent="Ana", what="sleep", activity="sleep", home=ANA.home)
    assert sleep.address == "town:ana_house:bedroom:bed" and sleep.calls == 0
    work = choose_place(model, snap, agent="Ana", what="serve coffee", activity="work",
                        workplace=ANA.workplace, to_object=False)
    assert work.address == "town:hobbs_cafe:counter" and work.calls == 0


def test_a_step_that_calls_a_place_by_the_last_word_of_its_name_goes_there():
    # A stories run: "feeding the ducks at the pond" (a rest: home, when no place is named) was
    # spent in the park keeper's bedroom from 1 pm to 10 pm; the Duck Pond's name ends in "pond".
    world = tiny_town(["Ana"])
    snap = known_snapshot(SpatialMemory(world, ["town:ana_house:bedroom", "town:hobbs_cafe", "town:park"]))
    model = ScriptedModel()  # no replies scripted: any call would raise
    out = choose_place(model, snap, agent="Ana", what="feeding the ducks in the park", activity="relax",
                       home=ANA.home, to_object=False)
    assert out.address == "town:park" and out.calls == 0
    cafe = choose_place(model, snap, agent="Ana", what="reading the paper at the cafe", activity="read",
                        home=ANA.home, to_object=False)
    assert cafe.address is not None and cafe.address.startswith("town:hobbs_cafe")
    # Not a place's last word, or more than one place's: the rule for the activity, as before.
    home = choose_place(model, snap, agent="Ana", what="feeding the ducks", activity="relax", home=ANA.home,
                        to_object=False)
    assert home.address == "town:ana_house:bedroom"


def test_refused_places_are_never_offered():
    world = tiny_town(["Ana"])
    snap = known_snapshot(SpatialMemory.for_persona(world, ANA))
    model = ScriptedModel().respond_with(BrainResponder())
    d = choose_place(model, snap, agent="Ana", what="drink coffee", activity="drink",
                     exclude=("town:hobbs_cafe",))
    assert d.address is not None and not d.address.startswith("town:hobbs_cafe")
    for call in model.history:
        assert "hobbs_cafe" not in call.schema.model_json_schema()["properties"]["place"]["enum"]


# ------------------------------------------------------------------ planning
def test_day_chunks_cover_now_until_next_morning():
    plan = DayPlan.model_validate({"chunks": [
        {"start": 9, "hours": 3, "what": "work", "act": "work"},
        {"start": 7, "hours": 1, "what": "breakfast", "act": "eat"},
        {"start": 12, "hours": 1, "what": "lunch", "act": "eat"},
        {"start": 12, "hours": 2, "what": "walk", "act": "exercise"},   # duplicate hour
        {"start": 20, "hours": 2, "what": "read", "act": "read"},
    ]})
    steps = planning.day_chunks(plan, datetime(2023, 2, 13, 7, 3))
    assert steps[0].start == datetime(2023, 2, 13, 7, 0)
    assert [s.description for s in steps] == ["breakfast", "work", "lunch", "walk", "read", "sleep"]
    for a, b in itertools.pairwise(steps):
        assert a.end == b.start  # contiguous
    assert steps[-1].activity == "sleep" and steps[-1].atomic
    assert steps[-1].end == datetime(2023, 2, 14, 7, 0)
    # Repeated identical chunks (a 135M model's habit) become one longer chunk.
    same = DayPlan.model_validate({"chunks": [{"start": 9, "hours": 1, "what": "work", "act": "work"}] * 3})
    merged = planning.day_chunks(same, datetime(2023, 2, 13, 9, 0))
    assert [(s.description, s.start.hour, s.end.hour) for s in merged] == [("work", 9, 12), ("sleep", 12, 7)]


def test_decompose_only_the_current_hour_just_in_time():
    world = tiny_town(["Ana"])
    where = Whereabouts(known_snapshot(SpatialMemory.for_persona(world, ANA)), here=ANA.home,
                        home=ANA.home, workplace=ANA.workplace)
    model = ScriptedModel().respond_with(BrainResponder())
    chunk = PlanStep(PlanLevel.DAY, T0 + timedelta(hours=1), T0 + timedelta(hours=5), "work at the cafe", "work")
    out = planning.decompose(model, ANA, where, chunk.start, chunk=chunk, hour=None)
    purposes = [c.purpose for c in model.history]
    assert purposes == ["plan_hour", "plan_action"]  # workplace short-circuits the location
    (p1, hours), (p2, actions) = out.children
    assert p1 == chunk and len(hours) == 4 and p2 == hours[0]
    assert all(h.activity == "work" for h in hours)  # "other" inherits the chunk's activity
    assert hours[0].address == "town:hobbs_cafe:counter" and hours[1].address is None
    assert actions[0].start == hours[0].start and actions[-1].end == hours[0].end
    assert all(5 <= a.minutes <= 15 for a in actions)
    assert actions[0].address == "town:hobbs_cafe:counter:coffee_machine"
    assert actions[0].state == "in use"


# ------------------------------------------------------------------ reaction & dialogue
def test_reaction_uses_the_papers_two_queries(emb):
    s = stream_with(emb, ["Ben is Ana's brother", "Ben is painting the fence"])
    model = ScriptedModel().respond_with(BrainResponder(talk=False, react_on=("fire",)))
    where = Whereabouts(known_snapshot(SpatialMemory.for_persona(tiny_town(["Ana"]), ANA)), here=ANA.home)
    out = reaction.react(model, emb, s.snapshot(), ANA, where, T0, doing="reading",
                         observation="Ben is painting the fence", observed="Ben")
    assert [r.query for r in out.recalls] == ["What is Ana's relationship with Ben?", "Ben is painting the fence"]
    assert out.decision == "keep"
    assert "Ben is Ana's brother" in model.history[0].prompt
    # A sighting stored twice (an hour apart) is one line of the context.
    s = stream_with(emb, ["Ben is Ana's brother", "Ben is painting the fence", "Ben is painting the fence"])
    reaction.react(model, emb, s.snapshot(), ANA, where, T0, doing="reading",
                   observation="Ben is painting the fence", observed="Ben")
    assert model.history[-1].prompt.count("Ben is painting the fence") == 2  # the context's once, the sight's once


def test_clear_cut_sightings_are_decided_without_a_call_and_the_open_ones_by_the_model(emb):
    s = stream_with(emb, ["Ben is painting the fence"])
    model = ScriptedModel()  # nothing scripted: any call fails the test
    where = Whereabouts(known_snapshot(SpatialMemory.for_persona(tiny_town(["Ana"]), ANA)), here=ANA.home)
    sight = {"doing": "reading", "observation": "Ben is painting the fence", "observed": "Ben",
             "by_rule": True}
    kept = reaction.react(model, emb, s.snapshot(), ANA, where, T0, **sight)
    assert (kept.decision, kept.by_rule, kept.talk_to) == ("keep", True, None)
    told = reaction.react(model, emb, s.snapshot(), ANA, where, T0, talk_to="Ben",
                          news="Carmen is moving to the city", **sight)
    assert (told.decision, told.talk_to, told.by_rule) == ("talk", "Ben", True)
    friend = Persona(name="Ana", age=30, home=ANA.home, relationships={"Ben": "Ben is Ana's brother"})
    assert reaction.react(model, emb, s.snapshot(), friend, where, T0, talk_to="Ben", **sight).decision == "talk"
    assert model.history == []
    # A stranger who can be talked to is an open choice, and an event always is: the model decides.
    model.respond_with(BrainResponder(talk=False, react_on=("fire",)))
    open_ = reaction.react(model, emb, s.snapshot(), ANA, where, T0, talk_to="Ben", **sight)
    assert open_.decision == "keep" and not open_.by_rule
    fire = reaction.react(model, emb, s.snapshot(), ANA, where, T0, doing="reading",
                          observation="the kitchen is on fire", event=True, by_rule=True)
    assert fire.decision == "react" and not fire.by_rule
    assert [c.purpose for c in model.history][:2] == ["react", "react"]
    # Without the rule every sighting is the model's.
    n = len(model.history)
    reaction.react(model, emb, s.snapshot(), ANA, where, T0, **{**sight, "by_rule": False})
    assert model.history[n].purpose == "react"


def test_utterance_conditions_on_memory_of_the_listener(emb):
    s = stream_with(emb, ["Ben owes Ana ten dollars", "the weather is sunny"])
    model = ScriptedModel().enqueue({"about": "A", "say": "You still owe me ten dollars.",
                                     "end": False})
    said = dialogue.next_utterance(model, emb, s.snapshot(), ANA, "Ben", T0, doing="walking",
                                   lines=[("Ben", "Well well, Ana.")])
    assert said.text == "You still owe me ten dollars." and not said.end
    assert said.ground is not None and said.ground.text == "Ben owes me ten dollars."
    prompt = model.history[0].prompt
    # The speaker's memories in its own voice (lifted into a line they read as speech).
    assert "Ben owes me ten dollars" in prompt and 'Ben: "Well well, Ana."' in prompt
    model.enqueue({"about": "A", "say": "Bye!", "end": False})
    last = dialogue.next_utterance(model, emb, s.snapshot(), ANA, "Ben", T0, doing="walking",
                                   lines=[("Ben", "Hello")], last_turn=True)
    assert last.end  # the turn cap closes the conversation whatever the model says


def test_a_step_placed_by_rule_goes_to_the_room_of_the_home_meant_for_it():
    from npc_brain.cognition.location import KnownPlaces, PlaceInfo, room_for
    known = KnownPlaces.build([
        # A building's own purpose is often all its rooms' together: the room is still the answer.
        PlaceInfo("town:house", "House", "building", purpose=frozenset({"sleep", "read", "wash"}),
                  children=("town:house:bedroom", "town:house:bathroom")),
        PlaceInfo("town:house:bedroom", "Bedroom", "room", purpose=frozenset({"sleep", "read"})),
        PlaceInfo("town:house:bathroom", "Bathroom", "room", purpose=frozenset({"wash"})),
        PlaceInfo("town:park", "Park", "building"),
    ])
    assert room_for(known, "town:house:bedroom", "wash") == "town:house:bathroom"
    assert room_for(known, "town:house:bedroom", "sleep") == "town:house:bedroom"
    assert room_for(known, "town:house:bedroom", "cook") == "town:house:bedroom"  # no kitchen known: as it was
    assert room_for(known, "town:park", "wash") == "town:park"  # no stated purpose: nothing refuses
