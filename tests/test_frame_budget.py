"""A frame's budget: what does not fit waits for the next frame, in turn, and nobody is starved.

A city of 100 asked every mind and body for its per-frame work every frame (~6 ms of a 16.7 ms
frame on a quiet box, 11-16% of frames over budget beside the model's threads). With a
`FrameBudget` the ones a player watches are served every frame and the others take turns.
No timing here: a budget of 0 s is spent at once, so each frame serves exactly the `least`.
"""
from __future__ import annotations

from datetime import datetime

import pytest

from npc_brain import FrameBudget, Rota
from npc_brain.llm.testing import HashEmbedder, ScriptedModel
from npc_brain.runtime.executors import ManualExecutor
from npc_brain.runtime.jobs import JobState, Priority
from npc_brain.runtime.scheduler import Scheduler
from npc_brain.runtime.society import Society
from npc_brain.testing import BrainResponder, tiny_town
from npc_brain.types.clock import GameClock
from npc_brain.types.persona import Persona

T0 = datetime(2023, 2, 13, 9, 0)
NAMES = [f"P{i}" for i in range(10)]


class Ticks:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def test_a_budget_is_spent_when_its_time_is_up_and_restarts():
    ticks = Ticks()
    budget = FrameBudget(0.002, clock=ticks)
    assert not budget.spent and budget.left == pytest.approx(0.002)
    ticks.t += 0.003
    assert budget.spent and budget.left == pytest.approx(-0.001)
    assert budget.restart() is budget and not budget.spent
    with pytest.raises(ValueError):
        FrameBudget(-1)


def test_the_rota_serves_every_frame_ones_first_then_the_rest_in_turn():
    rota: Rota[int] = Rota(least=2)
    members = list(range(10))
    frames = [list(rota.turns(members, FrameBudget(0.0), every_frame=lambda m: m == 3)) for _ in range(5)]
    assert frames == [[3, 0, 1], [3, 2, 4], [3, 5, 6], [3, 7, 8], [3, 9, 0]]
    assert {m for frame in frames for m in frame} == set(members)  # nobody starved


def test_with_time_left_the_rota_serves_everyone_from_where_it_stopped():
    rota: Rota[str] = Rota(least=1)
    assert list(rota.turns(["a", "b", "c"], FrameBudget(0.0))) == ["a"]
    assert list(rota.turns(["a", "b", "c"], FrameBudget(60.0))) == ["b", "c", "a"]


def test_a_turn_given_up_half_way_is_remembered():
    rota: Rota[int] = Rota(least=1)
    turns = rota.turns([0, 1, 2, 3], FrameBudget(60.0))
    assert [next(turns), next(turns)] == [0, 1]  # the caller stopped after two
    assert rota.position == 2
    assert next(rota.turns([0, 1, 2, 3], FrameBudget(0.0))) == 2


def _society(executor) -> Society:
    world = tiny_town(NAMES)
    society = Society(world, ScriptedModel().respond_with(BrainResponder()), HashEmbedder(),
                      now=GameClock(T0), executor=executor)
    for name in NAMES:
        society.add_agent(Persona(name=name, age=30, home=f"town:{name.lower()}_house:bedroom"))
    return society


def _thinking(society: Society) -> set[str]:
    return {name for name in NAMES if society.scheduler.jobs(name)}


def test_without_a_budget_every_mind_is_served_every_update():
    society = _society(ManualExecutor())
    society.update()
    assert _thinking(society) == set(NAMES)


def test_over_budget_the_minds_take_turns_and_the_watched_go_every_frame():
    society = _society(ManualExecutor())  # jobs stay out: what went out shows who was served
    society.focus(["P9"])
    society.update(FrameBudget(0.0))
    assert _thinking(society) == {"P9", "P0", "P1", "P2", "P3"}  # the watched, then the first four
    society.update(FrameBudget(0.0))
    assert _thinking(society) == {"P9", *NAMES[:8]}
    society.update(FrameBudget(0.0))
    assert _thinking(society) == set(NAMES)  # deferred, not dropped: everyone's first thoughts are out


def test_a_budget_with_time_left_serves_everyone_at_once():
    society = _society(ManualExecutor())
    society.update(FrameBudget(60.0))
    assert _thinking(society) == set(NAMES)


def test_a_waiting_job_goes_out_when_the_watched_reserve_is_lifted():
    # The scheduler skips the pump of a poll where nothing changed; lifting the reserve is a change.
    manual = ManualExecutor()
    scheduler = Scheduler(manual, max_in_flight=2)
    scheduler.reserve_watched = 1
    scheduler.submit("a", "plan", lambda: 1, priority=Priority.NORMAL)
    town = scheduler.submit("b", "plan", lambda: 2, priority=Priority.NORMAL)
    scheduler.poll()
    assert town.state is JobState.PENDING
    scheduler.reserve_watched = 0
    scheduler.poll()
    assert town.state is JobState.RUNNING
