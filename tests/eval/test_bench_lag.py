"""`bench lag`'s meter: memory lag, waits for a day plan, placeless minutes (scripted model)."""
from __future__ import annotations

from datetime import timedelta

from npc_brain.bench.lag import LagMeter
from npc_brain.testing import BrainResponder
from tests.test_society import make


def test_the_meter_sees_memories_arrive_plans_land_and_no_placeless_minutes():
    society, clock, _model, _ = make(responder=BrainResponder(talk=False))
    meter = LagMeter(society)
    wall = 0.0
    for _ in range(24):  # two game hours in 5-minute ticks; "wall" is a stand-in clock
        society.update()
        clock.advance_game(timedelta(minutes=5))
        wall += 1.0
        meter.tick(clock.now(), wall, 5)
    r = meter.result(wall)
    assert r["memories"] > 0 and r["plans"] == len(society.agents)
    # The personas' seeds are counted on their own, not as perceptions.
    assert r["seeds"] == sum(len(a.persona.memories) for a in society.agents.values()) > 0
    # The inline executor thinks at once: memories are at most one memorize interval and
    # two 5-minute ticks old (the perception lands mid-tick, the memory is seen a tick later).
    assert 0 <= r["memorize_lag_p95_min"] <= society.settings.memorize_interval_minutes + 10, r
    assert r["plan_ready_p95_s"] <= 1.0  # the first tick already has the plans
    assert r["placeless_minutes"] == 0


def test_waiting_agents_count_as_waiting_until_the_end():
    society, clock, _model, _ = make()
    meter = LagMeter(society)
    meter.tick(clock.now(), 0.0, 5)  # nothing planned yet: everyone starts waiting
    r = meter.result(42.0)
    assert r["plans"] == len(society.agents) and r["plan_ready_max_s"] == 42.0


class _Held:
    """An executor that never runs what it is given: every model call stays out."""

    def submit(self, fn, *args, **kwargs):
        from concurrent.futures import Future
        return Future()

    def shutdown(self, wait=True, cancel_futures=False):
        pass


def test_a_day_by_habit_is_a_plan_to_follow_but_not_the_models_plan():
    society, clock, _model, _ = make(executor=_Held())
    meter = LagMeter(society)
    for wall in (0.0, 1.0, 2.0):
        society.update()
        meter.tick(clock.now(), wall, 5)
    assert all(a.plan.provisional for a in society.agents.values())  # the plans are still out
    r = meter.result(30.0)
    assert r["plan_ready_max_s"] <= 1.0 and r["model_plan_max_s"] == 30.0
