"""Level of detail: NPCs out of the player's view think coarser; the ones in view stay fine-grained."""
from __future__ import annotations

from npc_brain.runtime.settings import BrainSettings
from npc_brain.types.detail import Detail
from npc_brain.types.plan import PlanLevel
from tests.test_society import make, run


def _calls(model, agent, purpose):
    return sum(1 for c in model.history if c.agent == agent and c.purpose == purpose)


def test_without_a_focus_everyone_thinks_in_full():
    society, clock, _model, _ = make()
    run(society, clock, 120)
    assert {society.detail_of(n) for n in society.agents} == {Detail.FULL}
    assert all(society.agent(n).plan.steps(PlanLevel.ACTION) for n in society.agents)


def test_out_of_view_npcs_keep_hour_steps_but_skip_the_five_minute_actions():
    society, clock, model, _ = make()
    society.focus(["Ana"])
    run(society, clock, 180)
    ana, ben = society.agent("Ana"), society.agent("Ben")
    assert (society.detail_of("Ana"), society.detail_of("Ben")) == (Detail.FULL, Detail.COARSE)
    assert society.inspect("Ben").detail == "coarse"
    assert ana.plan.steps(PlanLevel.ACTION) and not ben.plan.steps(PlanLevel.ACTION)
    # Ben still has a located hour step to walk to: coarse is not idle.
    assert ben.plan.steps(PlanLevel.HOUR) and all(s.address for s in ben.plan.steps(PlanLevel.HOUR)
                                                   if s.start <= clock.now())
    assert _calls(model, "Ben", "plan_action") == 0 < _calls(model, "Ana", "plan_action")
    # Coming into view: Ben's current hour is broken into actions on the next ticks.
    society.focus(["Ana", "Ben"])
    run(society, clock, 15)
    assert society.agent("Ben").plan.at(clock.now(), PlanLevel.ACTION) is not None


def test_the_setting_turns_it_off():
    society, clock, _model, _ = make(settings=BrainSettings(level_of_detail=False))
    society.focus([])
    run(society, clock, 60)
    assert society.detail_of("Ben") is Detail.FULL
