"""Maps nobody here wrote: no Areas layer, collision marked the way other games mark it, spawns."""

from __future__ import annotations

from pathlib import Path

import pytest
from map_writer import grid, object_layer, tile_layer, tileset, tmx, town_without_areas

from npc_brain.adapters.tiled import load_world, read_map
from npc_brain.adapters.tiled_collision import CollisionNames
from npc_brain.world import PlaceKind, lint_world
from npc_brain.world.__main__ import main


def _walls_map(
    folder: Path,
    *,
    layer: str = "walls",
    values: dict[str, object] | None = None,
    tiles: str = "",
    objects: str = "",
) -> Path:
    """10x8 map of 16 px tiles: ground everywhere, a wall row on row 3 with a gap at column 5."""
    walls = grid(10, 8)
    walls[3] = [2] * 10
    walls[3][5] = 0
    body = (
        tileset(folder, tiles=tiles)
        + tile_layer(1, "ground", grid(10, 8, 1))
        + tile_layer(2, layer, walls, values)
        + objects
    )
    path = folder / "game.tmx"
    path.write_text(tmx(10, 8, 16, body))
    return path


def test_map_without_areas_gets_guessed_places_and_a_warning_that_says_how(tmp_path: Path) -> None:
    path = town_without_areas(tmp_path)
    loaded = read_map(path)
    world = loaded.world
    assert world.root.address == "town" and world.root.kind is PlaceKind.TOWN
    assert world.root.rect == (0, 0, 80 * 32, 60 * 32)
    guessed = world.places(PlaceKind.BUILDING)
    assert len(guessed) >= 7 and all(p.properties.get("review") is True for p in guessed)
    assert world.find("Isabella's House").residents == {"Isabella Rodriguez"}  # her spawn, walled in
    assert {"sleep", "work", "socialize"} <= {u for p in guessed for u in p.purpose}
    assert world.area_name("town") is None  # nobody named the town: never "at Town"
    [issue] = [i for i in loaded.issues if i.code == "no_areas"]
    assert "maps/README.md" in issue.sentence() and "guessed" in issue.sentence()
    assert not loaded.errors
    assert world.grid.blocked.sum() == 1553  # the wall tiles still block (lamp heads do not)
    assert main([str(path), "--no-tree"]) == 0


def test_walls_layer_blocks_by_its_name(tmp_path: Path) -> None:
    world = load_world(_walls_map(tmp_path))
    assert world.grid.blocked.sum() == 9
    assert not world.grid.walkable((0, 3)) and world.grid.walkable((5, 3))


@pytest.mark.parametrize("name", ["Collision", "blocked", "Obstacles", "SOLID", "wall"])
def test_other_collision_layer_names(tmp_path: Path, name: str) -> None:
    assert load_world(_walls_map(tmp_path, layer=name)).grid.blocked.sum() == 9


@pytest.mark.parametrize("prop", ["collides", "collidable", "solid", "collision"])
def test_layer_property_blocks_whatever_the_name(tmp_path: Path, prop: str) -> None:
    world = load_world(_walls_map(tmp_path, layer="decor", values={prop: True}))
    assert world.grid.blocked.sum() == 9


def test_property_false_switches_the_name_guess_off(tmp_path: Path) -> None:
    loaded = read_map(_walls_map(tmp_path, values={"collision": False}))
    assert loaded.world.grid.blocked.sum() == 0
    assert "no_collision" in {i.code for i in loaded.issues}


def test_names_are_configurable(tmp_path: Path) -> None:
    path = _walls_map(tmp_path, layer="rocks")
    assert load_world(path).grid.blocked.sum() == 0
    names = CollisionNames(layers=("rocks",))
    assert load_world(path, collision=names).grid.blocked.sum() == 9


def test_layer_names_are_not_guessed_when_tiles_are_marked(tmp_path: Path) -> None:
    # A map that marks its solid tiles keeps doorways in its walls layer (like maps/town.tmx).
    marked = (
        ' <tile id="1">\n  <properties>\n   <property name="collides" type="bool" value="true"/>\n'
        "  </properties>\n </tile>\n"
    )
    walls = grid(10, 8)
    walls[3] = [2] * 10
    walls[3][5] = 3  # a doorway tile on the walls layer
    body = tileset(tmp_path, tiles=marked) + tile_layer(1, "walls", walls)
    path = tmp_path / "doors.tmx"
    path.write_text(tmx(10, 8, 16, body))
    world = load_world(path)
    assert world.grid.blocked.sum() == 9 and world.grid.walkable((5, 3))


def test_tile_collision_shapes_block(tmp_path: Path) -> None:
    shapes = (
        ' <tile id="1">\n  <objectgroup draworder="index" id="2">\n'
        '   <object id="1" x="0" y="8" width="16" height="8"/>\n  </objectgroup>\n </tile>\n'
    )
    path = _walls_map(tmp_path, layer="decor", tiles=shapes)
    loaded = read_map(path)
    assert loaded.world.grid.blocked.sum() == 9
    assert any("collision shapes" in s for s in loaded.collision)


def test_collision_objects_use_their_true_shape(tmp_path: Path) -> None:
    triangle = '<object id="1" x="0" y="0"><polygon points="0,0 160,0 0,128"/></object>'
    ellipse = '<object id="2" x="96" y="96" width="32" height="32"><ellipse/></object>'
    objects = object_layer(3, "obstacles", [triangle, ellipse])
    path = _walls_map(tmp_path, layer="decor", objects=objects)
    world = load_world(path)
    blocked = world.grid.blocked
    assert blocked[0, 0] and not blocked[7, 9]  # the triangle's corner, not its far side
    assert blocked[0:8, 0:10].sum() < 60  # far less than its 80-cell bounding box
    assert blocked[6, 6] or blocked[6, 7]  # the ellipse


def test_lint_prints_blocked_cells_and_warns_at_zero(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([str(_walls_map(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert "collision: 9 of 80 cells blocked" in out and 'layer "walls" (its name) 9' in out
    assert main([str(_walls_map(tmp_path, layer="decor"))]) == 0
    out = capsys.readouterr().out
    assert "collision: 0 of 80 cells blocked: nothing stops NPCs; mark walls, water" in out
    assert "warning: nothing on the map blocks movement (0 blocked cells)" in out
    assert "collides = true" in out and "tile layer named walls" in out  # what to mark, and how


def test_a_map_without_spawns_is_not_told_about_its_spawns_layer(tmp_path: Path) -> None:
    # Before: "the Spawns layer has no point named player" on maps without a Spawns layer.
    world = load_world(_walls_map(tmp_path))
    assert not world.spawns
    issues = lint_world(world)
    assert not [i for i in issues if "Spawns" in i.problem or i.code == "no_player_spawn"]


def test_spawn_names_ignore_case_and_suggest(tmp_path: Path) -> None:
    spawns = object_layer(
        3, "Spawns", ['<object id="1" name="Player" x="8" y="8"><point/></object>']
    )
    world = load_world(_walls_map(tmp_path, objects=spawns))
    assert world.spawn("player") == (8.0, 8.0) and world.spawn("PLAYER") == (8.0, 8.0)
    assert not [i for i in lint_world(world) if i.code == "no_player_spawn"]
    typo = object_layer(3, "Spawns", ['<object id="1" name="plyer" x="8" y="8"><point/></object>'])
    world = load_world(_walls_map(tmp_path, objects=typo))
    [issue] = [i for i in lint_world(world) if i.code == "no_player_spawn"]
    assert 'did you mean "plyer"?' in issue.problem


def test_duplicate_spawns_differing_in_case_are_an_error(tmp_path: Path) -> None:
    two = object_layer(
        3,
        "Spawns",
        [
            '<object id="1" name="Player" x="8" y="8"><point/></object>',
            '<object id="2" name="player" x="24" y="8"><point/></object>',
        ],
    )
    loaded = read_map(_walls_map(tmp_path, objects=two))
    assert [i.code for i in loaded.errors] == ["duplicate_spawn"]


def test_polygon_ellipse_and_rotated_areas_are_warned_about(tmp_path: Path) -> None:
    areas = object_layer(
        3,
        "Areas",
        [
            '<object id="1" name="Town" type="Town" x="0" y="0" width="160" height="128"/>',
            (
                '<object id="2" name="Hut" type="Building" x="16" y="16">'
                '<polygon points="0,0 48,0 0,48"/></object>'
            ),
            (
                '<object id="3" name="Pond" type="Building" x="96" y="16" width="32" height="32">'
                "<ellipse/></object>"
            ),
            (
                '<object id="4" name="Shed" type="Building" x="96" y="80" width="32" height="16" '
                'rotation="30"/>'
            ),
        ],
    )
    loaded = read_map(_walls_map(tmp_path, objects=areas))
    shapes = {i.object_name: i.problem for i in loaded.issues if i.code == "area_shape"}
    assert set(shapes) == {"Hut", "Pond", "Shed"}
    assert shapes["Hut"].startswith(
        "is a polygon; npc_brain uses its bounding box (16, 16, 48, 48)"
    )
    assert "rotated rectangle" in shapes["Shed"]
