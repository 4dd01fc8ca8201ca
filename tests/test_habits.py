"""Thinking that scales with what happens (issue 29): an NPC nobody watches spends a model call
only where something new happened to it; one in view still thinks; a forced choice costs nothing."""
from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from npc_brain.cognition import habits, importance, planning
from npc_brain.cognition.importance import MemoryDraft
from npc_brain.cognition.known import known_snapshot
from npc_brain.cognition.location import Whereabouts
from npc_brain.llm.request import choose_of
from npc_brain.llm.testing import HashEmbedder, ScriptedModel
from npc_brain.memory.record import MemoryKind
from npc_brain.memory.stream import MemoryStream
from npc_brain.runtime.by_rule import ByRule
from npc_brain.runtime.settings import BrainSettings
from npc_brain.testing import BrainResponder, tiny_town
from npc_brain.types.events import UtteranceEvent
from npc_brain.types.observation import Observation
from npc_brain.types.occasion import Occasion
from npc_brain.types.plan import PlanLevel, PlanStep
from npc_brain.world.spatial_memory import SpatialMemory
from tests.test_society import T0, make, persona, run

MORNING = T0 + timedelta(days=1)  # the second day's 07:00


def _calls(model: ScriptedModel, agent: str | None = None, since: int = 0) -> list[str]:
    return [c.purpose for c in model.history[since:] if agent is None or c.agent == agent]


def _first_day(**settings: object):
    """Two NPCs who do not talk, a whole first day run; returns (society, clock, model)."""
    society, clock, model, _ = make(settings=BrainSettings(**settings))  # type: ignore[arg-type]
    society.focus([])  # a game says who is in view: nobody
    run(society, clock, 24 * 60 - 30)  # to 06:30 of the second day: the first day planned and lived
    return society, clock, model


def test_an_npc_out_of_view_with_nothing_new_spends_no_call_on_its_second_day():
    society, clock, model = _first_day()
    assert "plan_day" in _calls(model, "Ben")  # its first day was planned by the model
    before = len(model.history)
    run(society, clock, 14 * 60)  # the second morning and day
    ben = society.agent("Ben")
    assert ben.plan.steps(PlanLevel.DAY)[0].start >= MORNING - timedelta(hours=1)  # a new day plan …
    assert not ben.plan.provisional
    assert ben.plan.steps(PlanLevel.HOUR) and ben.current_action(clock.now()).address  # … lived, located
    assert _calls(model, since=before) == []  # … and not one model call for it, from anyone


def test_the_old_behaviour_is_a_setting_away():
    society, clock, model = _first_day(habit_days=False, habit_hours=False, coarse_importance_by_reading=False)
    before = len(model.history)
    run(society, clock, 14 * 60)
    assert {"plan_day", "plan_hour"} <= set(_calls(model, "Ben", before))


def test_an_npc_in_view_still_thinks_on_its_second_day():
    society, clock, model = _first_day()
    society.focus(["Ana"])
    before = len(model.history)
    run(society, clock, 14 * 60)
    ana = _calls(model, "Ana", before)
    assert {"plan_day", "plan_hour", "plan_action"} <= set(ana)
    assert _calls(model, "Ben", before) == []


def test_something_new_in_its_life_gets_the_day_planned_by_the_model():
    society, clock, model = _first_day()
    society.whisper("Ben", "You want to paint a picture of the park")
    society.tell("Cal's birthday picnic is at the Park tomorrow at noon", to="Ana", teller="Cal",
                 occasion=Occasion("Cal's birthday picnic", MORNING + timedelta(hours=5), MORNING + timedelta(hours=7),
                                   place="Park"))
    before = len(model.history)
    run(society, clock, 3 * 60)
    assert "plan_day" in _calls(model, "Ben", before)  # its own wish
    assert "plan_day" in _calls(model, "Ana", before)  # an occasion heard of


def test_news_since_reads_fields_not_words():
    embedder = HashEmbedder()
    stream = MemoryStream(embedder.dim)
    vec = embedder.embed(["x"])[0]
    stream.add(MemoryKind.OBSERVATION, "Ben likes mornings", T0 - timedelta(hours=1), 6, vec)  # before
    t = T0 + timedelta(hours=2)
    stream.add(MemoryKind.OBSERVATION, "Ana is cooking at the stove", t, 2, vec, subject="Ana")  # routine
    stream.add(MemoryKind.DIALOGUE, "Conversation with Ana: hi", t, 3, vec, subject="Ana")  # small talk
    stream.add(MemoryKind.DIALOGUE, "Ana told Ben that Ana won a prize", t, 6, vec, subject="Ana",
               teller="Ana")  # news of another's life
    stream.add(MemoryKind.PLAN, "Plan for Monday February 13: 07:00 sleep", t, 3, vec)
    records = stream.snapshot().records
    assert habits.news_since(records, T0) == []
    stream.add(MemoryKind.OBSERVATION, "A fire broke out in the park", t, 8, vec)  # seen itself
    assert [r.description for r in habits.news_since(stream.snapshot().records, T0)] == [
        "A fire broke out in the park"]
    # Waiting to be stored: an unrated event is new, a routine sighting and talk are not.
    waiting = [MemoryDraft(MemoryKind.OBSERVATION, "Ana is reading", t, subject="Ana", sighting=True),
               MemoryDraft(MemoryKind.DIALOGUE, "Ana said: hello", t, subject="Ana")]
    assert habits.news_since(records, T0, waiting) == []
    thought = MemoryDraft(MemoryKind.THOUGHT, "I want to paint", t, subject="Ben")
    assert habits.news_since(records, T0, [*waiting, thought]) == [thought]


def test_a_line_between_npcs_with_one_option_makes_no_call():
    # Both have news for the other (their seed memories): each line's only option is its news.
    society, clock, model, world = make(responder=BrainResponder(talk=True, end_after=2))
    run(society, clock, 10)
    world.move("Ana", "town:park")
    world.move("Ben", "town:park")
    society.perceive("Ana", [Observation("Ben is walking in the park", subject="Ben", place="town:park")])
    events = run(society, clock, 30)
    said = [e for e in events if isinstance(e, UtteranceEvent)]
    assert [e.kind for e in said] == ["news"] * 4 and "mornings" in said[0].text  # news for news …
    assert "dialogue" not in _calls(model)  # … said without asking the model to choose the one option
    memories = [r.description for r in society.agent("Ben").memory.latest(20)]
    assert any("Ana" in d and "mornings" in d for d in memories)  # and heard


def test_a_day_chunk_with_one_hour_option_or_by_habit_makes_no_hour_call():
    model = ScriptedModel().respond_with(BrainResponder())
    where = _where()
    chunk = PlanStep(PlanLevel.DAY, T0 + timedelta(hours=2), T0 + timedelta(hours=6), "working at the office", "work")
    out = planning.decompose(model, persona("Ben"), where, chunk.start, chunk=chunk, hour=None, fine=False,
                             habitual=True)
    assert [c.purpose for c in model.history if c.purpose == "plan_hour"] == []
    (_parent, hours), = out.children
    assert [(h.start, h.end, h.description) for h in hours] == [(chunk.start, chunk.end, chunk.description)]
    planning.decompose(model, persona("Ben"), where, chunk.start, chunk=chunk, hour=None, fine=False)
    assert [c.purpose for c in model.history if c.purpose == "plan_hour"] == ["plan_hour"]  # the model's, else


def test_a_step_among_people_by_habit_is_placed_hour_by_hour():
    # Valentine run 0f47b25: "catching up with people around town" from 7 to 12 was placed once,
    # at 7, when every kept place was still closed: five hours alone in the square.
    model = ScriptedModel().respond_with(BrainResponder())
    chunk = PlanStep(PlanLevel.DAY, T0, T0 + timedelta(hours=5), "catching up with people around town", "socialize")
    out = planning.decompose(model, persona("Ben"), _where(), chunk.start, chunk=chunk, hour=None, fine=False,
                             habitual=True)
    assert [c.purpose for c in model.history if c.purpose == "plan_hour"] == []  # still no hour call
    (_parent, hours), = out.children
    assert [(h.start, h.end) for h in hours] == [(T0 + timedelta(hours=i), T0 + timedelta(hours=i + 1))
                                                 for i in range(5)]
    assert {h.description for h in hours} == {chunk.description}
    assert hours[0].address is not None and all(h.address is None for h in hours[1:])  # each placed in its hour


def test_out_of_view_memories_are_rated_by_their_reading():
    model = ScriptedModel().respond_with(BrainResponder())
    draft = MemoryDraft(MemoryKind.OBSERVATION, "Ben lost his job at the office today", T0)
    got = importance.memorize(model, HashEmbedder(), [draft], agent="Ben", by_reading=True)
    assert model.history == [] and got.calls == 0 and got.new_ratings == ()
    assert got.memories[0].importance == importance.reading_rating(draft.description)
    importance.memorize(model, HashEmbedder(), [draft], agent="Ben")
    assert [c.purpose for c in model.history] == ["importance"]


def test_lines_between_npcs_nobody_watches_are_chosen_by_rule_and_watched_ones_by_the_model():
    def talk(focus: list[str]) -> list[str]:
        # Ben has no news to trade, so his lines are a real choice (news is said without one).
        society, clock, model, world = make(responder=BrainResponder(talk=True, end_after=2), no_news=("Ben",))
        society.focus(focus)
        run(society, clock, 10)
        world.move("Ana", "town:park")
        world.move("Ben", "town:park")
        society.perceive("Ana", [Observation("Ben is walking in the park", subject="Ben", place="town:park")])
        events = run(society, clock, 30)
        assert len([e for e in events if isinstance(e, UtteranceEvent)]) >= 2  # they talked
        return _calls(model)

    assert "dialogue" not in talk([])
    assert "dialogue" in talk(["Ana"])


def test_by_rule_answers_forced_choices_of_its_purposes_and_with_every_all_of_them():
    model = ScriptedModel().respond_with(lambda messages, schema: "B")
    msgs = [{"role": "user", "content": "pick"}]
    forced = ByRule(model, ("dialogue",))
    assert choose_of(forced, msgs, ("A",), purpose="dialogue").best == "A" and model.history == []
    assert choose_of(forced, msgs, ("A", "B"), purpose="dialogue").best == "B"  # a real choice: the model's
    every = ByRule(model, ("dialogue",), every=True)
    assert choose_of(every, msgs, ("A", "B"), purpose="dialogue").best == "A"
    assert choose_of(every, msgs, ("A", "B"), purpose="importance").best == "B"  # not its purpose
    assert len(model.history) == 2 and (forced.decided, every.decided) == (1, 1)


def _where() -> Whereabouts:
    ben = persona("Ben")
    known = known_snapshot(SpatialMemory.for_persona(tiny_town(["Ben"]), ben))
    return Whereabouts(known, here=ben.home, home=ben.home, workplace=ben.workplace)


def test_a_day_by_habit_goes_among_people_when_the_resident_has_news_nobody_heard():
    # Merging habit days with `news.unshared`: a resident out of view with unaired news of its own
    # must not stay home by habit (the candidacy stopped with one listener in a Valentine run).
    ben = persona("Ben").model_copy(update={"workplace": None})  # not instead of work (`choices.day_slots`)
    plain = habits.habit_day(ben, MORNING)
    sharing = habits.habit_day(ben, MORNING, share=True)
    assert plain is not None and sharing is not None
    assert not any(c.activity == "socialize" for c in plain.chunks)
    assert any(c.activity == "socialize" for c in sharing.chunks)



def test_a_step_naming_a_place_shut_now_is_placed_hour_by_hour():
    # Valentine run d810b83: "having black coffee at Hobbs Cafe" from 7 to 12 was placed at 7,
    # when the café opened at 8: five hours in the bathroom. A place it names that is shut at the
    # start leaves each hour to be placed when it comes; open, the chunk is one step as before.
    model = ScriptedModel().respond_with(BrainResponder())
    chunk = PlanStep(PlanLevel.DAY, T0, T0 + timedelta(hours=3), "reading the paper at Hobbs Cafe", "relax")
    shut = replace(_where(), closed=("town:hobbs_cafe",))
    out = planning.decompose(model, persona("Ben"), shut, chunk.start, chunk=chunk, hour=None, fine=False,
                             habitual=True)
    (_parent, hours), = out.children
    assert [(h.start, h.end) for h in hours] == [(T0 + timedelta(hours=i), T0 + timedelta(hours=i + 1))
                                                 for i in range(3)]
    assert all(h.address is None for h in hours[1:])
    out = planning.decompose(model, persona("Ben"), _where(), chunk.start, chunk=chunk, hour=None, fine=False,
                             habitual=True)
    (_parent, hours), = out.children
    assert [(h.start, h.end) for h in hours] == [(chunk.start, chunk.end)]
