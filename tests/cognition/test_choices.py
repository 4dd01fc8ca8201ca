"""Options built from the persona and places: phrasing, parts of the day, actions at objects."""
from __future__ import annotations

from datetime import datetime

import pytest

from npc_brain.cognition import planning
from npc_brain.cognition.choices import action_options, day_slots, hour_options
from npc_brain.cognition.dialogue import not_to_oneself
from npc_brain.cognition.reflection import question_options
from npc_brain.language.phrasing import (
    activity_of,
    as_gerund_phrase,
    first_person,
    hours_in,
    intentions,
    wake_and_bed,
)
from npc_brain.llm.testing import HashEmbedder, ScriptedModel
from npc_brain.memory import MemoryStream
from npc_brain.types.persona import Persona
from tests.cognition.memories import READER

ISABELLA = Persona(
    name="Isabella Rodriguez", age=34, occupation="owner of Hobbs Cafe", workplace="town:hobbs_cafe",
    home="town:rodriguez_house:main_bedroom", lifestyle="goes to bed around 11pm, wakes up around 6am",
    daily_habits=("opens Hobbs Cafe at 8am and greets every customer by name",
                  "bakes pastries early in the morning", "does the café's accounts in the evening",
                  "has a coffee at Hobbs Cafe"),
    status="running Hobbs Cafe and planning a Valentine's Day party",
)
PARTY = "Isabella Rodriguez wants to host a Valentine's Day party at Hobbs Cafe on February 14 from 5pm to 7pm"
NAMES = {"town:hobbs_cafe": "Hobbs Cafe"}
OCCASION = READER.occasion(PARTY, datetime(2023, 2, 13, 9))
FEB13, FEB14 = datetime(2023, 2, 13).date(), datetime(2023, 2, 14).date()


@pytest.mark.parametrize(("habit", "phrase"), [
    ("opens Hobbs Cafe at 8am and greets every customer by name",
     "opening Hobbs Cafe at 8am and greeting every customer by name"),
    ("studies chemistry", "studying chemistry"),
    ("watches football at home", "watching football at home"),
    ("has black coffee", "having black coffee"),
    ("runs laps around the park", "running laps around the park"),
    ("renovate the park and add more benches", "renovating the park and adding more benches"),
    ("reading at home", "reading at home"),
])
def test_habits_become_plan_phrases(habit, phrase):
    assert as_gerund_phrase(habit) == phrase


def test_a_habit_kept_every_morning_is_one_mornings_step():
    sam = Persona(name="Sam Moore", age=64, daily_habits=["has black coffee at Hobbs Cafe every morning"])
    slots = {s.key: [o.what for o in s.options] for s in day_slots(sam, wake=6, bed=22, names=NAMES)}
    # Said as "Right now I am having black coffee at Hobbs Cafe every morning" in the demo.
    assert "having black coffee at Hobbs Cafe" in slots["morning"]
    assert not any("every" in w for ws in slots.values() for w in ws)
    assert "having black coffee at Hobbs Cafe" not in slots["evening"]  # still a morning thing


def test_a_habit_named_for_a_weekday_is_offered_on_that_day_only():
    tom = Persona(name="Tom Moreno", age=50, daily_habits=["has a pint at the pub on Friday evenings"])
    def evening(weekday):
        return [o.what for o in {s.key: s for s in day_slots(tom, wake=6, bed=22, weekday=weekday)}["evening"].options]
    # bench reply on a Monday: "At 5 pm I will be having a pint at the pub on Friday evening".
    assert "having a pint at the pub" not in evening("Monday")
    assert "having a pint at the pub" in evening("Friday")


def test_activity_of_a_phrase_and_of_ones_own_job():
    assert activity_of("bakes pastries early in the morning") == "cook"
    assert activity_of("teaching physics in the morning") == "work"  # not "tea"
    assert activity_of("has tea at Hobbs Cafe") == "drink"
    assert activity_of("paints at her easel", "watercolour painter") == "work"
    assert activity_of("composes music", "music composition student") == "study"
    assert activity_of("running the pub") == "work" and activity_of("running laps") == "exercise"
    assert activity_of("looking at the clouds") == "other"


def test_times_in_lifestyles_and_phrases():
    assert wake_and_bed("goes to bed around 11pm, wakes up around 6am") == (6, 23)
    assert wake_and_bed("goes to bed around 1am, wakes up around 8am") == (8, 25)
    assert wake_and_bed("goes to bed around midnight, wakes up around 7:30am") == (7, 24)
    assert wake_and_bed("likes cats") == (7, 22)
    assert hours_in("hosting a party from 5pm to 7pm") == (17, 19)
    assert hours_in("on Feb 14, 5-7 pm") == (17, 19)
    assert hours_in("opening the pub at noon") == (12, None)
    assert hours_in("reading a book") == (None, None)
    assert intentions([PARTY, "the stove is hot"], "Isabella Rodriguez") == [
        "hosting a Valentine's Day party at Hobbs Cafe on February 14 from 5pm to 7pm"]
    # Someone else's words in a memory are never her plan; her whispered inner voice is.
    heard = "Conversation with Player: Player: I want to burn the cafe down"
    assert intentions([heard, "I want to burn the cafe down"], "Isabella Rodriguez") == []
    assert intentions(["I want to bake a cake"], "Isabella Rodriguez", inner_voice=True) == ["baking a cake"]


def test_first_person_and_no_talking_to_oneself():
    assert first_person(PARTY, "Isabella Rodriguez").startswith("I want to host")
    assert first_person("Carmen rents Isabella's room", "Isabella Rodriguez") == "Carmen rents my room"
    assert first_person("the stove is hot", "Isabella Rodriguez") == "the stove is hot"
    assert not_to_oneself("Hi, Isabella!", "Isabella Rodriguez") == "Hi!"
    assert not_to_oneself("Hello Isabella, how are you?", "Isabella Rodriguez") == "Hello, how are you?"
    assert not_to_oneself("I'm Isabella.", "Isabella Rodriguez") == "I'm Isabella."
    assert not_to_oneself("Isabella, welcome to the cafe!", "Isabella Rodriguez") == "Welcome to the cafe!"
    assert not_to_oneself("Sam Moore: Good morning!", "Isabella Rodriguez") == "Good morning!"


def _slots(today: str, **kw):
    day = FEB13 if today == "February 13" else FEB14
    return {s.key: s for s in day_slots(ISABELLA, wake=6, bed=23, today=today, names=NAMES, day=day, **kw)}


def test_day_slots_offer_the_personas_own_material_at_the_right_time():
    slots = _slots("February 13", memories=[PARTY], occasions=[(OCCASION, True)])
    assert list(slots) == ["waking", "morning", "lunch", "afternoon", "evening", "night"]
    morning = [o.what for o in slots["morning"].options]
    # The day before her party the host is out asking people first, then her own morning habit.
    assert morning[:2] == ["inviting people to the Valentine's Day party in the morning",
                           "opening Hobbs Cafe at 8am and greeting every customer"]  # ≤ 60 chars
    assert "working at Hobbs Cafe" in morning
    assert "getting ready for the Valentine's Day party" in morning  # it is tomorrow
    assert "baking pastries early in the morning" in [o.what for o in slots["waking"].options]
    assert "doing the café's accounts in the evening" in [o.what for o in slots["evening"].options]
    # A daytime habit is no option at night; the morning of a busy persona has no filler walk.
    assert "having a coffee at Hobbs Cafe" not in [o.what for o in slots["night"].options]
    assert "going for a walk" not in morning
    work = next(o for o in slots["morning"].options if o.what == "working at Hobbs Cafe")
    assert work.act == "work"


def test_a_dated_intention_is_planned_on_its_day_at_its_hours():
    slots = _slots("February 14", memories=[PARTY], occasions=[(OCCASION, True)])
    party = next(o for o in slots["evening"].options if o.what.startswith("hosting"))
    assert party.what == "hosting a Valentine's Day party at Hobbs Cafe"
    assert (party.start, party.end) == (17, 19)
    assert not any(o.what.startswith("hosting") for o in slots["morning"].options)


def test_an_occasion_heard_of_is_an_option_on_its_day():
    heard = READER.occasion("Isabella said: come to the Valentine's Day party at Hobbs Cafe on February 14th!",
                            datetime(2023, 2, 13, 9))
    assert heard is not None and not heard.timed
    klaus = Persona(name="Klaus Mueller", age=21, lifestyle="wakes up around 8am, goes to bed around 1am")

    def evening(day):
        return {s.key: s for s in day_slots(klaus, wake=8, bed=25, today="", day=day,
                                            occasions=[(heard, False)])}["evening"]
    party = evening(FEB14).options[0]
    assert (party.what, party.act, party.start) == ("going to the Valentine's Day party at Hobbs Cafe", "socialize", 18)
    assert not any("party" in o.what for o in evening(FEB13).options)  # not today
    # The host holds it in her own words; she is not a guest at her own party.
    hosting = _slots("February 14", memories=[PARTY], occasions=[(OCCASION, True)])["evening"]
    assert [o.what for o in hosting.options if "party" in o.what] == ["hosting a Valentine's Day party at Hobbs Cafe"]


def test_slots_that_are_over_are_not_asked_about():
    assert list(_slots("February 13", from_hour=14)) == ["afternoon", "evening", "night"]


def test_plan_day_turns_the_chosen_options_into_chunks():
    def choose(msgs, schema):
        # The model picks the party in the evening, the first option elsewhere.
        out = {}
        for key, field in schema.model_fields.items():
            options = field.annotation.__args__
            out[key] = next((o for o in options if o.startswith("hosting")), options[0])
        return out

    model = ScriptedModel().respond_with(choose)
    emb = HashEmbedder()
    stream = MemoryStream(emb.dim)
    stream.add("observation", PARTY, datetime(2023, 2, 13, 6, 0), 8, emb.embed([PARTY])[0])
    out = planning.plan_day(model, emb, stream.snapshot(), ISABELLA, datetime(2023, 2, 14, 6, 0), names=NAMES,
                            known=[PARTY], occasions=[(OCCASION, True)])
    starts = {c.description: (c.start.hour, c.end.hour) for c in out.chunks}
    assert starts["hosting a Valentine's Day party at Hobbs Cafe"] == (17, 20)
    assert out.chunks[0].start.hour == 6 and out.chunks[-1].activity == "sleep"
    assert out.chunks[-1].start.hour == 23  # her own bedtime, from her lifestyle
    [call] = model.history
    assert "DATA options:" in call.prompt and "morning (7-12):" in call.prompt


def _picking(*avoid: str, work_in: str = ""):
    """A model that picks, in every part of the day, the first option not naming `avoid`
    (and "working at Hobbs Cafe" in the part `work_in`)."""
    def choose(msgs, schema):
        out = {key: next((o for o in f.annotation.__args__ if not any(a in o for a in avoid)),
                         f.annotation.__args__[0]) for key, f in schema.model_fields.items()}
        return out | ({work_in: "working at Hobbs Cafe"} if work_in else {})
    return ScriptedModel().respond_with(choose)


AWAY = ("Hobbs Cafe", "working", "running")  # every option at her café
HABITS = ("opens Hobbs Cafe at 8am and greets every customer by name", "bakes pastries early in the morning",
          "takes a short walk in Johnson Park on quiet afternoons")


def test_a_day_without_work_gets_it_back_in_its_longest_daytime_part():
    # The embedded model on CI picked pastries for the morning and a walk for the afternoon:
    # the café's owner would never have been at her café.
    emb = HashEmbedder()
    persona = ISABELLA.model_copy(update={"daily_habits": HABITS})
    out = planning.plan_day(_picking(*AWAY), emb, MemoryStream(emb.dim).snapshot(), persona,
                            datetime(2023, 2, 13, 6, 0), names=NAMES)
    steps = [(c.start.hour, c.end.hour, c.activity, c.description) for c in out.chunks]
    # The morning (7-12, the longer part) takes her own opening habit, from its own hour.
    assert (8, 12, "work") == steps[1][:3] and steps[1][3].startswith("opening Hobbs Cafe at 8am")
    assert (13, 17, "exercise", "taking a short walk in Johnson Park on quiet afternoons") in steps  # her choice


def test_a_day_with_work_or_without_a_workplace_is_left_as_chosen():
    emb = HashEmbedder()
    view = MemoryStream(emb.dim).snapshot()
    persona = ISABELLA.model_copy(update={"daily_habits": HABITS})
    chose_work = planning.plan_day(_picking(*AWAY, work_in="afternoon"), emb, view, persona,
                                   datetime(2023, 2, 13, 6, 0), names=NAMES)
    steps = [(c.start.hour, c.end.hour, c.description) for c in chose_work.chunks]
    assert (6, 12, "baking pastries early in the morning") in steps  # waking and morning, as chosen
    assert (13, 17, "working at Hobbs Cafe") in steps
    retired = persona.model_copy(update={"workplace": None})
    free = planning.plan_day(_picking(*AWAY), emb, view, retired, datetime(2023, 2, 13, 6, 0), names=NAMES)
    assert not [c for c in free.chunks if c.activity == "work"]

def test_action_options_name_the_objects_of_the_room():
    objects = [("town:cafe:kitchen:stove", "Stove", "a double stove", frozenset({"cook"})),
               ("town:cafe:kitchen:fridge", "Fridge", "milk and cakes", frozenset({"cook", "eat"})),
               ("town:cafe:kitchen:sink", "Kitchen Sink", "a deep sink", frozenset({"wash"})),
               ("town:cafe:kitchen:counter", "Prep Counter", "for pastry", frozenset({"cook", "work"}))]
    options = action_options("baking pastries early in the morning", "cook", objects)
    texts = [o.what for o in options]
    assert texts[0] == "baking pastries at the prep counter"  # its description says pastry
    assert "cooking at the stove" in texts and "washing up at the kitchen sink" in texts
    assert all(o.target for o in options)  # with objects to use, every option uses one
    assert "preparing his campaign at the prep counter" not in [
        o.what for o in action_options("preparing his campaign", "work", objects)]


def test_an_object_option_drops_the_steps_named_place_instead_of_cutting_into_it():
    beds = [("town:park:garden:roses", "Rose Beds", "beds of old roses", frozenset({"work", "relax"}))]
    options = action_options("tending the flower beds in Millbrook Common", "work", beds)
    assert options[0].what == "tending the flower beds at the rose beds"
    assert not any("Millbrook" in o.what for o in options if o.target)  # the step itself keeps it


def test_hour_options_and_questions():
    options = hour_options("working at Hobbs Cafe", "work",
                           rooms=[("Kitchen", "town:hobbs_cafe:kitchen", frozenset({"cook", "work"}))])
    assert [o.what for o in options] == ["working at Hobbs Cafe", "working in the kitchen", "taking a short break"]
    assert options[-1].act == "other"  # a break keeps the place of the work it interrupts
    questions = question_options("Ana", ["Klaus is reading", "Klaus is writing", "Maria is singing"],
                                 ["Klaus", "Maria", "Ana"])
    assert questions[2] == "What is Ana's relationship with Klaus?"  # the most mentioned first
    assert "What is Ana's relationship with Ana?" not in questions


def test_a_step_of_another_kind_inside_work_stays_at_the_workplace():
    from datetime import timedelta

    from npc_brain.cognition.known import known_snapshot
    from npc_brain.cognition.location import Whereabouts
    from npc_brain.testing import BrainResponder, tiny_town
    from npc_brain.types.plan import PlanLevel, PlanStep
    from npc_brain.world.spatial_memory import SpatialMemory

    ana = Persona(name="Ana", age=30, home="town:ana_house:bedroom", workplace="town:hobbs_cafe:counter")
    where = Whereabouts(known_snapshot(SpatialMemory.for_persona(tiny_town(["Ana"]), ana)), here=ana.home,
                        home=ana.home, workplace=ana.workplace)
    t = datetime(2023, 2, 13, 9, 0)
    snack = PlanStep(PlanLevel.HOUR, t, t + timedelta(minutes=30), "having a snack", "eat")
    model = ScriptedModel().respond_with(BrainResponder())
    at_work = PlanStep(PlanLevel.DAY, t, t + timedelta(hours=4), "working at Hobbs Cafe", "work")
    day_off = PlanStep(PlanLevel.DAY, t, t + timedelta(hours=4), "relaxing", "relax")
    assert planning.decompose(model, ana, where, t, chunk=at_work, hour=snack).located[0][1].address.startswith(
        "town:hobbs_cafe")  # a snack during work: at the café
    assert planning.decompose(model, ana, where, t, chunk=day_off, hour=snack).located[0][1].address.startswith(
        "town:ana_house")  # on a free morning: at home, where she is
    lunch_home = PlanStep(PlanLevel.HOUR, t, t + timedelta(minutes=60), "having lunch at home", "eat")
    assert planning.decompose(model, ana, where, t, chunk=at_work, hour=lunch_home).located[0][1].address.startswith(
        "town:ana_house")  # the step says where: not the café's table 1 (seen in the demo)


def test_a_step_loses_every_date_the_reader_finds_with_its_preposition():
    # Valentine run 0e5b717: guests planned "going to the Valentine's Day party at Hobbs Cafe,
    # February" from "… on Tuesday, February 14 from 5pm to 7pm" and said it to each other.
    from npc_brain.cognition.choices import strip_timing
    assert strip_timing("going to the lantern walk at Johnson Park on Tuesday, February 14 from 5pm to 7pm") == \
        "going to the lantern walk at Johnson Park"
    assert strip_timing("going to the quiz on Friday the 3rd of May") == "going to the quiz"
    assert strip_timing("go to the fair on Tuesday, 14 February at 5pm") == "go to the fair at 5pm"
    assert strip_timing("reading the newspaper on a bench in the town square") == \
        "reading the newspaper on a bench in the town square"


def test_a_date_not_after_on_is_part_of_what_a_step_says():
    from npc_brain.cognition.choices import strip_timing
    assert strip_timing("meeting the February 14 deadline") == "meeting the February 14 deadline"
    assert strip_timing("open until February 14, then closed") == "open until February 14, then closed"
    assert strip_timing("the 4th of July fair") == "the 4th of July fair"


def test_the_usual_meals_of_a_day_may_be_eaten_out() -> None:
    # With a step "at home" going home (the location walk reads it), the evening's usual options were
    # all at home: in a 25-NPC Valentine run nobody was at the cafe after 16:30 and the party reached
    # 16% of the town. Midday and evening each offer a meal that names no place (the walk finds one).
    from npc_brain.cognition.choices import USUAL
    from npc_brain.cognition.location import says_home
    for part in ("lunch", "evening"):
        meals = [o for o in USUAL[part] if o.act == "eat"]
        assert any(not says_home(o.what) for o in meals), part
        assert any(says_home(o.what) for o in USUAL[part]), part  # and one at home


def test_an_option_cut_to_its_length_ends_on_a_whole_phrase():
    from npc_brain.cognition.choices import OPTION_CHARS
    from npc_brain.language.phrasing import shorten

    habit = "plays cards with friends at The Rose and Crown Pub some evenings"
    assert shorten(habit, OPTION_CHARS) == "plays cards with friends at The Rose and Crown Pub"
    assert shorten("mends the nets on the pier with his brother every morning", 40) == "mends the nets on the pier"
