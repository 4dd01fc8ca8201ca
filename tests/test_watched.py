"""What a player watches: NPCs in view meet and talk without waiting for the town's thinking.

In the demo on the 135M model, sightings in view waited for day plans and hour decompositions
queued behind the town's work and went stale: 85 sightings, 3 reactions in four game hours.
"""
from __future__ import annotations

import time
from datetime import datetime, timedelta

from npc_brain.llm.testing import HashEmbedder, ScriptedModel
from npc_brain.runtime.executors import InlineExecutor, ManualExecutor
from npc_brain.runtime.jobs import Priority
from npc_brain.runtime.scheduler import Scheduler
from npc_brain.runtime.settings import BrainSettings
from npc_brain.runtime.society import Society
from npc_brain.testing import BrainResponder, tiny_town
from npc_brain.types.clock import GameClock
from npc_brain.types.events import ConversationStarted
from npc_brain.types.observation import Observation
from npc_brain.types.persona import Persona

T0 = datetime(2023, 2, 13, 11, 30)


def _persona(name: str, friend: str | None = None) -> Persona:
    return Persona(name=name, age=30, home=f"town:{name.lower()}_house:bedroom", workplace="town:office:desk_room",
                   memories=(f"{name} likes lunch",), relationships={friend: "friend"} if friend else {})


def _society(executor, **kw):
    world = tiny_town(["Ana", "Ben"])
    clock = GameClock(T0)
    model = ScriptedModel().respond_with(BrainResponder(talk=False))
    society = Society(world, model, HashEmbedder(), now=clock, executor=executor, **kw)
    society.add_agent(_persona("Ana", friend="Ben"))
    society.add_agent(_persona("Ben"))
    return society, clock, model, world


def _meet(society, world, doing: str = "walking in the park") -> None:
    world.move("Ana", "town:park")
    world.move("Ben", "town:park")
    society.perceive("Ana", [Observation(f"Ben is {doing}", subject="Ben", place="town:park")])


def _updates(society, seconds: float = 3.0) -> list:
    events: list = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        events += society.update()
        if any(isinstance(e, ConversationStarted) for e in events):
            break
        time.sleep(0.01)
    return events


def test_in_view_a_friend_is_greeted_while_the_day_plan_is_still_being_made():
    manual = ManualExecutor()  # the day plans stay out: the engine is busy with the town
    society, _clock, model, world = _society(manual, max_in_flight=4)
    try:
        society.focus(["Ana", "Ben"])
        society.update()
        assert "plan_day" in society.agent("Ana").in_flight
        _meet(society, world)
        events = _updates(society)
        started = [e for e in events if isinstance(e, ConversationStarted)]
        assert started and (started[0].agent, started[0].partner) == ("Ana", "Ben")
        assert not [c for c in model.history if c.purpose == "react"]  # decided by rule, no call
        line = society.scheduler.job_for("Ana", "dialogue")
        assert line is not None and line.priority == Priority.WATCHED  # before the town's plans
    finally:
        society.shutdown()


def test_out_of_view_a_meeting_still_waits_for_the_plan():
    manual = ManualExecutor()
    society, _clock, _model, world = _society(manual, max_in_flight=4)
    try:
        society.focus([])  # a game that says nobody is in view
        society.update()
        _meet(society, world)
        assert not [e for e in _updates(society, 0.5) if isinstance(e, ConversationStarted)]
    finally:
        society.shutdown()


def test_in_view_a_decision_without_a_call_costs_no_cooldown():
    # Looking around (`company`) off: only what they perceive counts here.
    society, clock, _model, world = _society(InlineExecutor(), settings=BrainSettings(watched_glance_minutes=0))
    society.focus(["Ana", "Ben"])
    society.add_player("Alex")
    for _ in range(4):
        society.update()
        clock.advance_game(timedelta(minutes=5))
    world.move("Ana", "town:park")
    world.move("Ben", "town:park")
    # Noticing the player (nobody to talk to: kept by rule), then a friend a minute later.
    society.perceive("Ana", [Observation("Alex is standing around", subject="Alex", place="town:park")])
    society.update()
    clock.advance_game(timedelta(minutes=1))
    society.perceive("Ana", [Observation("Ben is walking in the park", subject="Ben", place="town:park")])
    events = society.update()
    assert [e for e in events if isinstance(e, ConversationStarted)]


def test_a_place_is_kept_for_what_a_player_watches():
    manual = ManualExecutor()
    sched = Scheduler(manual, max_in_flight=4, reserve=1)
    sched.reserve_watched = 1
    town = [sched.submit(f"npc{i}", "plan_day", lambda: None, priority=Priority.NORMAL) for i in range(4)]
    assert sum(j.state.value == "running" for j in town) == 2  # the town's two places
    seen = sched.submit("ana", "dialogue", lambda: None, priority=Priority.WATCHED)
    reply = sched.submit("ben", "dialogue", lambda: None, priority=Priority.URGENT)
    assert seen.state.value == "running" and reply.state.value == "running"


def test_focus_turns_the_watched_place_on_and_off():
    society, _clock, _model, _world = _society(ManualExecutor(), max_in_flight=4)
    try:
        assert society.scheduler.reserve_watched == 0
        society.focus(["Ana"])
        assert society.scheduler.reserve_watched == 1 and society.watched("Ana") and not society.watched("Ben")
        society.focus(None)
        assert society.scheduler.reserve_watched == 0 and not society.watched("Ana")
    finally:
        society.shutdown()


def test_npcs_who_walk_out_of_each_others_sight_stop_talking():
    from npc_brain.types.events import ConversationEnded
    from npc_brain.types.observation import Observation as Seen

    manual = ManualExecutor()
    society, _clock, _model, world = _society(manual, max_in_flight=4)
    try:
        events: list = []
        for i in range(200):  # plans made; then they meet, and the first line is still out
            if i == 20:
                _meet(society, world)
            events += society.update()
            if any(isinstance(e, ConversationStarted) for e in events):
                break
            manual.run_all()
            time.sleep(0.005)
        (conv,) = society.conversations()
        assert conv.pending and not conv.ended
        world.move("Ben", "town:hobbs_cafe:counter")  # he walks off into the café
        society.perceive("Ana", [Seen("Ben is walking", subject="Ben")])
        events = society.update()
        assert conv.ended and any(isinstance(e, ConversationEnded) for e in events)
    finally:
        society.shutdown()


def _talks_twice(focus) -> int:
    society, clock, _model, world = _society(InlineExecutor())
    society.focus(focus)
    started = 0
    for minute in range(0, 150, 5):
        if minute in (20, 100):  # they meet, and meet again 80 minutes later
            _meet(society, world, "walking in the park" if minute == 20 else "feeding the ducks")
        started += sum(isinstance(e, ConversationStarted) for e in society.update())
        clock.advance_game(timedelta(minutes=5))
    return started


def test_in_view_friends_talk_again_within_the_hour_out_of_view_not_for_hours():
    assert _talks_twice(["Ana", "Ben"]) == 2
    assert _talks_twice(None) == 1


def _sit_together(focus) -> int:
    society, clock, _model, world = _society(InlineExecutor())
    society.focus(focus)
    for _ in range(4):  # their day plans are made
        society.update()
        clock.advance_game(timedelta(minutes=5))
    world.move("Ana", "town:park")
    world.move("Ben", "town:park")
    started = 0
    for _ in range(6):  # half an hour side by side, nothing new to see
        started += sum(isinstance(e, ConversationStarted) for e in society.update())
        clock.advance_game(timedelta(minutes=5))
    return started


def test_in_view_friends_sitting_together_start_talking_without_anything_new_to_see():
    assert _sit_together(["Ana", "Ben"]) >= 1
    assert _sit_together([]) == 0  # out of view nobody looks around: level of detail


def test_out_of_view_people_who_sit_together_look_round_now_and_then():
    # A stories run (7b662ec): guests who reached an occasion together sat three hours side by side
    # and never spoke — perception reports changes, and out of view nobody looked round.
    def sat_together(minutes: int) -> list:
        society, clock, model, world = _society(InlineExecutor(), settings=BrainSettings(
            watched_glance_minutes=10, unwatched_glance_minutes=minutes))
        try:
            society.focus([])  # nobody in view
            world.move("Ana", "town:park")
            world.move("Ben", "town:park")
            events: list = []
            for _ in range(30):  # plans made, then two game hours side by side
                events += society.update()
                clock.advance_game(timedelta(minutes=5))
            talks = [e for e in events if isinstance(e, ConversationStarted)]
            return [talks, [c for c in model.history if c.purpose in ("react", "dialogue")]]
        finally:
            society.shutdown()

    assert sat_together(0)[0] == []  # nothing changed, nobody looked: no talk
    talks, calls = sat_together(60)
    assert talks and {talks[0].agent, talks[0].partner} == {"Ana", "Ben"}
    assert calls == []  # out of view, decided and said by rule
