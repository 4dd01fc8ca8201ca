"""The demo on maps nobody here wrote: no Areas, no spawns, 16 px tiles, the default personas."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pygame

from demo_game.__main__ import main
from demo_game.zoom import ZoomCamera

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "world"))
from map_writer import grid, tile_layer, tileset, tmx, town_without_areas


def _tutorial_map(folder: Path) -> Path:
    """A 60x40 map of 16 px tiles like a pytmx tutorial's: ground, a `walls` layer, nothing else."""
    walls = grid(60, 40)
    for c in range(60):
        walls[0][c] = walls[39][c] = 2
    for r in range(40):
        walls[r][0] = walls[r][59] = 2
    for r in range(5, 30):
        walls[r][30] = 2  # a long wall down the middle
    body = tileset(folder) + tile_layer(1, "ground", grid(60, 40, 1)) + tile_layer(2, "walls", walls)
    path = folder / "tutorial.tmx"
    path.write_text(tmx(60, 40, 16, body))
    return path


def _inside(place, xy):
    x, y, w, h = place.rect
    return x <= xy[0] < x + w and y <= xy[1] < y + h


def test_cli_runs_the_town_without_areas_with_default_personas(tmp_path, capsys):
    path = town_without_areas(tmp_path)
    code = main(["--map", str(path), "--headless", "--frames", "120", "--npcs", "3", "--backend", "scripted",
                 "--no-hot-reload", "--save", str(tmp_path / "s.sqlite")])
    assert code == 0
    out, err = capsys.readouterr()
    assert "chosen instead" in out and "Isabella Rodriguez: home town" in out
    assert "Traceback" not in err


def test_tutorial_map_spreads_npcs_on_walkable_cells_and_fills_the_window(make_game, tmp_path):
    game = make_game(npcs=5, map_path=_tutorial_map(tmp_path))
    assert isinstance(game.camera, ZoomCamera) and game.camera.zoom == 2
    grid_ = game.world.grid
    cells = {grid_.cell_at(*npc.position) for npc in game.npcs.values()}
    assert all(grid_.walkable(c) for c in cells)
    # No Areas layer: each wakes in a home guessed on open ground, and works somewhere else.
    for npc in game.npcs.values():
        home = game.world.get(npc.persona.home)
        assert "sleep" in home.purpose and _inside(home, npc.position)
        assert npc.persona.workplace is None or "sleep" not in game.world.get(npc.persona.workplace).purpose
    assert grid_.blocked.sum() > 200  # the walls layer blocks by its name
    game.run(frames=30)
    shot = game.screenshot(tmp_path / "shot.png")
    image = pygame.image.load(str(shot))
    corners = {tuple(image.get_at(p))[:3] for p in ((5, 5), (1274, 5), (5, 714), (1274, 714))}
    assert (28, 34, 30) not in corners  # the map fills the window: no backdrop at the corners
    # clicking an NPC still finds it through the zoomed camera
    npc = next(iter(game.npcs.values()))
    sx, sy = game.camera.to_screen(*npc.position)
    assert game.camera.to_world(sx, sy) == (int(npc.position[0]), int(npc.position[1]))


def test_own_persona_file_with_a_missing_home_is_a_clear_error(tmp_path, capsys):
    people = [{"name": "Ann Lee", "age": 30, "home": "town:nowhere"}]
    file = tmp_path / "people.json"
    file.write_text(json.dumps(people))
    code = main(["--map", str(_tutorial_map(tmp_path)), "--personas", str(file), "--headless", "--frames", "5",
                 "--npcs", "1", "--backend", "scripted", "--no-hot-reload"])
    assert code == 2
    err = capsys.readouterr().err
    assert "Ann Lee's home 'town:nowhere' is not a place on" in err and "the places there are town" in err
    people[0]["home"] = "auto"
    file.write_text(json.dumps(people))
    code = main(["--map", str(_tutorial_map(tmp_path)), "--personas", str(file), "--headless", "--frames", "5",
                 "--npcs", "1", "--backend", "scripted", "--no-hot-reload", "--save", str(tmp_path / "s.sqlite")])
    assert code == 0


def test_spawn_names_ignore_case_and_near_misses_are_reported(make_game, tmp_path, caplog):
    from map_writer import object_layer

    body = tileset(tmp_path) + tile_layer(1, "ground", grid(30, 20, 1)) + object_layer(2, "Spawns", [
        '<object id="1" name="isabella rodriguez" x="40" y="40"><point/></object>',
        '<object id="2" name="Sam Mooore" x="200" y="200"><point/></object>',
    ])
    path = tmp_path / "spawns.tmx"
    path.write_text(tmx(30, 20, 16, body))
    game = make_game(npcs=2, map_path=path)
    assert game.npcs["Isabella Rodriguez"].position == (40.0, 40.0)
    assert 'the spawn point "Sam Mooore" matches no persona; did you mean "Sam Moore"?' in caplog.text


def test_no_hud_line_or_action_for_a_cafe_the_map_does_not_have(make_game, tmp_path):
    # Before: "Hobbs Cafe: closed" on every map, and the host invited people to a party at a
    # place the map has not got.
    game = make_game(npcs=3, map_path=_tutorial_map(tmp_path))
    drawn: list[str] = []
    render = game.fonts.render

    def record(text, *args, **kw):
        drawn.append(str(text))
        return render(text, *args, **kw)

    game.fonts.render = record
    game.run(frames=3)
    assert game.performer.cafe_text() is None and game.performer.invitation() is None
    assert not any("Hobbs" in text for text in drawn) and any(t.startswith("Carrying") for t in drawn)
    from npc_brain.types.actions import ActionContext

    host = game.performer.party.host
    context = ActionContext(host, game.player.name, game.clock.now(), world=game.world, player=True)
    offers = game.society.actions.offers(context)
    assert not [o for o in offers if o.action in ("invite", "close_cafe", "open_cafe")]
