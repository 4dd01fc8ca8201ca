"""Generated residents are agents like any: a Society on their map takes them and they plan their day."""
from __future__ import annotations

from datetime import datetime, timedelta

from npc_brain.llm.testing import HashEmbedder, ScriptedModel
from npc_brain.personas import generate
from npc_brain.runtime.executors import InlineExecutor
from npc_brain.runtime.society import Society
from npc_brain.testing import BrainResponder
from npc_brain.types.clock import GameClock
from npc_brain.types.persona import Persona
from npc_brain.world.place import PlaceKind
from npc_brain.world.world import World

T0 = datetime(2023, 2, 13, 6, 30)


def test_generated_residents_plan_a_day_and_go_about_it(city: World, demo: list[Persona]) -> None:
    people = generate(city, 75, seed=1, existing=demo)[:12]
    clock = GameClock(T0)
    society = Society(city, ScriptedModel().respond_with(BrainResponder(talk=False)), HashEmbedder(), now=clock,
                      executor=InlineExecutor())
    for p in people:
        society.add_agent(p)
    seen: dict[str, set[str]] = {p.name: set() for p in people}
    for _ in range(4 * 12):  # four game hours, five minutes a step; bodies go where the action says
        society.update()
        for p in people:
            address = society.action(p.name).address
            if address:
                city.move(p.name, address)
                seen[p.name].add(address)
        clock.advance_game(timedelta(minutes=5))
    for p in people:
        agent = society.agent(p.name)
        assert not agent.plan.empty and not agent.plan.provisional, p.name
        assert len(agent.memory.records) >= len(p.memories), p.name
        for address in seen[p.name]:
            assert address in city
    # people left home: to work, to class, to the places their habits name
    buildings = {p.name: {city.enclosing(a, PlaceKind.BUILDING).address for a in seen[p.name]  # type: ignore[union-attr]
                          if city.enclosing(a, PlaceKind.BUILDING)} for p in people}
    homes = {p.name: city.enclosing(p.home, PlaceKind.BUILDING).address for p in people}  # type: ignore[union-attr]
    assert sum(bool(buildings[n] - {homes[n]}) for n in buildings) >= len(people) // 2
