"""Paths respect the rules: around a neighbour's private house when a way around exists, and a
refusal on the way names where the walker was going."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import numpy as np

from npc_brain.adapters.walker import Walker
from npc_brain.world.builder import AreaSpec, build_tree
from npc_brain.world.pathfinding import CollisionGrid, Pathfinder
from npc_brain.world.place import PlaceKind
from npc_brain.world.rules import Rules
from npc_brain.world.world import World

T = 32
NOON = datetime(2023, 2, 13, 12, 0)


@dataclass
class _Agent:
    name: str


@dataclass
class _Action:
    address: str | None
    activity: str = "eat"
    description: str = "having lunch at home"
    start: datetime = NOON
    source: str = "plan"


def _street(*, way_round: bool = True) -> World:
    """A 20x9 street. Tom's house (cols 6-13) stands between Ada (west) and her home (east); the
    houses have open walls on the street side, so the short way east runs through Tom's."""
    blocked = np.zeros((9, 20), dtype=bool)
    if not way_round:
        blocked[0:9, 6:14] = True
        blocked[2:7, 6:14] = False  # only Tom's house joins west and east
    specs = [
        AreaSpec(1, "Lane", PlaceKind.TOWN, (0, 0, 20 * T, 9 * T)),
        AreaSpec(2, "Tom's House", PlaceKind.BUILDING, (6 * T, 2 * T, 8 * T, 5 * T), {"residents": "Tom"}),
        AreaSpec(3, "Ada's House", PlaceKind.BUILDING, (16 * T, 2 * T, 4 * T, 5 * T), {"residents": "Ada"}),
    ]
    root, issues = build_tree(specs)
    assert not [i for i in issues if i.severity.value == "error"]
    return World(root, CollisionGrid(blocked, T), tile_size=T)


def _walk(world: World, walker: Walker, action: _Action, seconds: float = 30) -> object:
    agent = _Agent(walker.name)
    for _ in range(int(seconds * 30)):
        verdict = walker.update(action, agent, NOON, 1 / 30)
        if verdict is not None:
            return verdict
    return None


def test_an_npc_walks_round_a_neighbours_house_to_its_own_home() -> None:
    # Before: the path ran straight through Tom's house and Ada was refused at its door
    # ("Tom's House is private"), so she never had lunch at home.
    world = _street()
    walker = Walker("Ada", world, Pathfinder(world.grid), rules=Rules(world), position=(2 * T, 4.5 * T))
    verdict = _walk(world, walker, _Action("lane:ada_s_house"))
    assert verdict is None
    assert world.location("Ada") is world.get("lane:ada_s_house")


def test_without_a_way_round_the_refusal_names_where_it_was_going() -> None:
    world = _street(way_round=False)
    rules = Rules(world)
    walker = Walker("Ada", world, Pathfinder(world.grid), rules=rules, position=(2 * T, 4.5 * T))
    verdict = _walk(world, walker, _Action("lane:ada_s_house"))
    assert verdict is not None and not verdict.allowed
    assert verdict.place == "lane:tom_s_house" and verdict.rule == "privacy"
    assert verdict.reason.startswith("On the way to Ada's House: ")
    assert "Tom's House is private" in verdict.reason


def test_planning_around_places_is_not_counted_as_a_rule_check() -> None:
    world = _street()
    rules = Rules(world)
    walker = Walker("Ada", world, Pathfinder(world.grid), rules=rules, position=(2 * T, 4.5 * T))
    _walk(world, walker, _Action("lane:ada_s_house"), seconds=1)
    assert rules.stats()["privacy"].refusals == 0  # only doors it met count


def test_pathfinder_avoids_rectangles_only_when_there_is_a_way_round() -> None:
    grid = CollisionGrid.empty(10, 3, T)
    finder = Pathfinder(grid)
    wall = ((4 * T, 0.0, 2 * T, 2 * T),)
    path = finder.find_path((0.5 * T, 0.5 * T), (9.5 * T, 0.5 * T), avoid=wall)
    assert path is not None and all(not (4 * T <= x < 6 * T and y < 2 * T) for x, y in path)
    assert finder.find_path((0.5 * T, 0.5 * T), (9.5 * T, 0.5 * T), avoid=((4 * T, 0.0, 2 * T, 3 * T),)) is None
