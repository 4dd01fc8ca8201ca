"""A* on the collision grid: around walls, no corner cutting, unreachable, cache, standing spots."""

from __future__ import annotations

import itertools
import math

import numpy as np

from npc_brain.world import CollisionGrid, Pathfinder, World

MAZE = """
.....
.###.
...#.
.#.#.
.#...
"""


def grid_from(text: str, tile: int = 32) -> CollisionGrid:
    rows = list(text.strip().splitlines())
    return CollisionGrid(np.array([[c == "#" for c in row] for row in rows]), tile)


def cells(grid: CollisionGrid, path: list[tuple[float, float]]) -> list[tuple[int, int]]:
    return [grid.cell_at(x, y) for x, y in path]


def test_path_goes_around_walls() -> None:
    grid = grid_from(MAZE)
    finder = Pathfinder(grid, diagonal=False)
    path = finder.find_path(grid.center((2, 2)), grid.center((4, 2)))
    assert path is not None
    route = cells(grid, path)
    assert route[-1] == (4, 2)
    assert all(grid.walkable(c) for c in route)
    steps = [(2, 2), *route]
    pairs = itertools.pairwise(steps)
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in pairs)
    # shortest 4-neighbour route (2,2)->(2,3)->(2,4)->(3,4)->(4,4)->(4,3)->(4,2)
    assert len(route) == 6


def test_diagonal_moves_never_cut_corners() -> None:
    grid = grid_from("""
..
#.
""")
    finder = Pathfinder(grid)
    route = cells(grid, finder.find_path(grid.center((0, 0)), grid.center((1, 1))) or [])
    # straight diagonal would squeeze past the wall corner; it must go via (1, 0)
    assert route == [(1, 0), (1, 1)]
    open_grid = CollisionGrid.empty(5, 5)
    diagonal = Pathfinder(open_grid).find_path(open_grid.center((0, 0)), open_grid.center((4, 4)))
    assert cells(open_grid, diagonal or []) == [(1, 1), (2, 2), (3, 3), (4, 4)]


def test_unreachable_returns_none_without_searching() -> None:
    grid = grid_from("""
..#..
..#..
..#..
""")
    finder = Pathfinder(grid)
    assert finder.find_path(grid.center((0, 0)), grid.center((4, 2))) is None
    assert not finder.reachable(grid.center((0, 0)), grid.center((4, 2)))
    assert finder.find_path(grid.center((0, 0)), grid.center((2, 0))) is None  # goal is a wall
    assert finder.find_path(grid.center((0, 0)), (1000.0, 10.0)) is None  # off the map
    assert finder.find_path(grid.center((0, 0)), grid.center((0, 0))) == []


def test_bounded_search_gives_up() -> None:
    grid = CollisionGrid.empty(60, 60)
    finder = Pathfinder(grid, max_expansions=10)
    assert finder.find_path(grid.center((0, 0)), grid.center((59, 59))) is None
    assert Pathfinder(grid).find_path(grid.center((0, 0)), grid.center((59, 59))) is not None


def test_cache_hits_and_invalidation_on_grid_change() -> None:
    grid = grid_from(MAZE)
    finder = Pathfinder(grid)
    a, b = grid.center((0, 4)), grid.center((4, 4))
    first = finder.find_path(a, b)
    assert finder.find_path(a, b) == first and finder.hits == 1
    grid.set_blocked((2, 4))  # close the bottom corridor
    assert grid.version == 1
    detour = finder.find_path(a, b)
    assert detour is not None and len(detour) > len(first or [])
    assert (2, 4) not in cells(grid, detour)
    grid.block_rect((0, 64, 32, 96))  # and the left column below row 2
    assert finder.find_path(a, b) is None


def test_walkable_point_in_areas_and_beside_solid_objects(town: World) -> None:
    finder = Pathfinder(town.grid)
    player = town.spawns["player"]
    stove = town.get("smallville:hobbs_cafe:kitchen:stove")  # a solid tile
    spot = finder.walkable_point_in(stove, near=player)
    assert spot is not None and town.grid.walkable(town.grid.cell_at(*spot))
    sx, sy = town.grid.cell_at(*spot)
    assert max(abs(sx - 2), abs(sy - 2)) == 1  # right beside the stove
    kitchen = finder.walkable_point_in(town.get("smallville:hobbs_cafe:kitchen"), near=player)
    assert kitchen is not None and town.place_at(*kitchen).address.startswith(  # type: ignore[union-attr]
        "smallville:hobbs_cafe:kitchen"
    )
    path = finder.find_path(player, spot)
    assert path is not None and all(town.grid.walkable(town.grid.cell_at(*p)) for p in path)
    # through the cafe door at (4, 6)
    assert (4, 6) in cells(town.grid, path)


def test_walkable_point_in_an_enclosed_room_from_outside_is_none() -> None:
    grid = grid_from("""
.....
.###.
.#.#.
.###.
""")
    finder = Pathfinder(grid)
    room = (64.0, 64.0, 32.0, 32.0)
    assert finder.walkable_point_in(room) == grid.center((2, 2))
    assert finder.walkable_point_in(room, near=grid.center((0, 0))) is None
    assert math.isclose(grid.center((2, 2))[0], 80.0)


def test_a_search_a_piece_at_a_time_finds_what_find_path_finds() -> None:
    grid = CollisionGrid.empty(120, 120)
    grid.block_rect((32 * 10, 0, 32, 32 * 110))  # a long wall to walk round
    finder = Pathfinder(grid)
    search = Pathfinder(grid).search((16, 16), (32 * 100, 32 * 60))
    pieces = 1
    while not search.advance(deadline=0.0):  # past every deadline: one slice a call
        pieces += 1
    assert pieces > 1 and search.done
    assert search.path == finder.find_path((16, 16), (32 * 100, 32 * 60))
