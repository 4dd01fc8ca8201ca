"""maps/city.tmx: the demo town grown to a hundred homes — lint-clean, every place reachable, the
town's places kept, its new homes named like the town's."""
from __future__ import annotations

from demo_game.config import CITY_MAP, DEFAULT_MAP, TOWN_BEDS
from npc_brain.adapters.tiled import read_map
from npc_brain.personas import room_for, town_survey
from npc_brain.world.errors import Severity
from npc_brain.world.lint import lint_world
from npc_brain.world.pathfinding import Pathfinder
from npc_brain.world.place import PlaceKind
from npc_brain.world.world import World


def test_the_city_map_is_lint_clean() -> None:
    loaded = read_map(CITY_MAP)
    issues = loaded.issues + lint_world(loaded.world, file=str(CITY_MAP))
    assert [i.sentence() for i in issues if i.severity in (Severity.ERROR, Severity.WARNING)] == []


def test_every_place_of_the_city_can_be_walked_to(city: World) -> None:
    paths = Pathfinder(city.grid)
    start = city.spawn("player")
    assert start is not None
    for place in city:
        if place.kind in (PlaceKind.BUILDING, PlaceKind.ROOM):
            point = paths.walkable_point_in(place)
            assert point is not None and paths.reachable(start, point), place.address


def test_the_city_keeps_every_place_of_the_demo_town(town: World, city: World) -> None:
    for place in town:
        assert place.address in city, place.address
        twin = city.get(place.address)
        assert (twin.name, twin.kind, twin.purpose, twin.residents, twin.owner) == \
            (place.name, place.kind, place.purpose, place.residents, place.owner)
    assert set(town.spawns) <= set(city.spawns)


def test_the_town_sleeps_25_and_the_city_a_hundred_more(town: World, city: World, demo: list) -> None:
    assert town_survey(town).beds == TOWN_BEDS == len(demo)
    assert str(DEFAULT_MAP).endswith("town.tmx")
    assert room_for(city, demo) >= 80  # 100 townsfolk leave some beds free
    new_homes = [h for h in town_survey(city).homes if h.address not in town]
    assert len(new_homes) >= 8
    for home in new_homes:  # who lives there is on the map, as in the demo town
        assert all(room.named for room in home.rooms), home.address
