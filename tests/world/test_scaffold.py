"""`python -m npc_brain.world init MAP -o OUT`: guessed Areas that lint, every guess marked."""

from __future__ import annotations

from pathlib import Path

import pytest
from map_writer import grid, object_layer, tile_layer, tileset, tmx, town_without_areas

from npc_brain.adapters.tiled import read_map
from npc_brain.world import PlaceKind
from npc_brain.world.__main__ import main


def _village(folder: Path) -> Path:
    """20x14 tiles of 16 px: a walled hut with a door, a named Inn, a "Garden" tile layer."""
    walls = grid(20, 14)
    for c in range(2, 8):
        walls[2][c] = walls[7][c] = 2
    for r in range(2, 8):
        walls[r][2] = walls[r][7] = 2
    walls[7][4] = 0  # the hut's door
    garden = grid(20, 14)
    for r in range(10, 13):
        for c in range(12, 18):
            garden[r][c] = 3
    inn = '<object id="1" name="Inn" x="160" y="16" width="96" height="64"/>'
    well = '<object id="2" name="Well" x="176" y="112" width="16" height="16"/>'
    body = (
        tileset(folder)
        + tile_layer(1, "ground", grid(20, 14, 1))
        + tile_layer(2, "walls", walls)
        + tile_layer(3, "Garden", garden)
        + object_layer(4, "Buildings", [inn, well])
    )
    path = folder / "village.tmx"
    path.write_text(tmx(20, 14, 16, body))
    return path


def test_init_guesses_from_objects_enclosed_regions_and_tile_layers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = _village(tmp_path)
    out = tmp_path / "elsewhere" / "village_areas.tmx"
    assert main(["init", str(src), "-o", str(out)]) == 0
    printed = capsys.readouterr().out
    assert 'Building "Inn" (work)' in printed and "Well" not in printed  # a one-tile marker
    assert 'Building "Northwest House" (home) at 48,48 64x64 px' in printed  # the hut's inside
    assert 'Building "Garden" (square)' in printed and "Spawn point player" in printed
    assert "0 errors" in printed
    loaded = read_map(out)  # relative tileset path still found from the other folder
    world = loaded.world
    kinds = {p.name: p.kind for p in world}
    assert kinds["Inn"] is PlaceKind.BUILDING and "sleep" in world.find("Northwest House").purpose
    assert all(p.properties.get("review") is True for p in world)
    assert world.spawn("player") is not None
    assert src.read_text().count("Areas") == 0  # the original is untouched


def test_init_on_the_town_without_areas_writes_a_map_that_lints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "scaffolded.tmx"
    assert main(["init", str(town_without_areas(tmp_path)), "-o", str(out)]) == 0
    assert main([str(out), "--no-tree"]) == 0
    world = read_map(out).world
    assert len(world.places(PlaceKind.BUILDING)) > 20  # the town's rooms, walled in
    assert "Isabella's House" in capsys.readouterr().out  # her spawn point is in a walled room


def test_init_refuses_a_map_that_has_areas(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from world_helpers import MAPS

    assert main(["init", str(MAPS / "town.tmx"), "-o", str(tmp_path / "x.tmx")]) == 2
    assert "already has an Areas layer" in capsys.readouterr().err
    assert not (tmp_path / "x.tmx").exists()


def _tutorial_rpg(folder: Path) -> Path:
    """Like the pyscroll/RPG tutorial maps: render layers (Sprites, Fringe), trigger objects, the
    hero's object, a walls layer; nothing named like a place."""
    walls = grid(30, 20)
    for c in range(30):
        walls[0][c] = walls[19][c] = 2
    for r in range(20):
        walls[r][0] = walls[r][29] = 2
    fringe = grid(30, 20)
    for r in range(3, 9):
        for c in range(3, 12):
            fringe[r][c] = 3
    objects = [
        '<object id="1" name="hero" x="64" y="64" width="16" height="16"/>',
        '<object id="2" name="maggots" x="200" y="100" width="64" height="48"/>',
        '<object id="3" name="guard" type="trigger" x="300" y="150" width="48" height="48"/>',
        '<object id="4" gid="2" name="Big House" x="100" y="200" width="16" height="16"/>',
    ]
    body = (tileset(folder) + tile_layer(1, "Ground", grid(30, 20, 1)) + tile_layer(2, "walls", walls)
            + tile_layer(3, "Fringe", fringe) + tile_layer(4, "Sprites", fringe)
            + object_layer(5, "Events", objects))
    path = folder / "rpg.tmx"
    path.write_text(tmx(30, 20, 16, body))
    return path


def test_init_never_takes_render_layers_triggers_or_the_hero_for_places(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before: "Sprites", "Fringe", "maggots", "guard" and "hero" were proposed as places.
    out = tmp_path / "rpg.npc.tmx"
    assert main(["init", str(_rpg := _tutorial_rpg(tmp_path)), "-o", str(out)]) == 0
    printed = capsys.readouterr().out
    for name in ("Sprites", "Fringe", "maggots", "guard", "hero", "Big House"):
        assert f'"{name}"' not in printed, name
    names = {p.name for p in read_map(out).world.places(PlaceKind.BUILDING)}
    uses = {p.name: p.purpose for p in read_map(out).world.places(PlaceKind.BUILDING)}
    assert "Town Square" in names and sum("sleep" in u for u in uses.values()) >= 4
    assert sum("work" in u for u in uses.values()) >= 2  # homes, work and a square, named by use
    assert all(p.properties.get("review") is True for p in read_map(out).world)
    assert read_map(_rpg).world.find("Town Square") is not None  # the loader guesses the same
