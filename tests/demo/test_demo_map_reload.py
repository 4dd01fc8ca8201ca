"""Map hot-reload: a changed map is taken without losing minds; a broken one is an in-game banner."""
from __future__ import annotations

import os
import re

from demo_game.__main__ import main


def _touch_later(path):
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 2_000_000_000))


def _edit(path, old, new, count=1):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    _touch_later(path)


def _block_cell(path, x, y):
    """Add a Collision rectangle over the tile at pixel (x, y)."""
    text = path.read_text(encoding="utf-8")
    tx, ty = int(x // 32) * 32, int(y // 32) * 32
    layer = (f' <objectgroup id="900" name="Collision">\n'
             f'  <object id="9000" x="{tx}" y="{ty}" width="32" height="32"/>\n </objectgroup>\n</map>')
    path.write_text(text.replace("</map>", layer), encoding="utf-8")
    _touch_later(path)


def test_changed_map_reloads_and_keeps_minds(make_game, map_copy):
    game = make_game(npcs=3, map_path=map_copy, speed=4)
    game.run(frames=120)
    old_world = game.world
    memories = {n: len(a.memory) for n, a in game.society.agents.items()}
    agents = dict(game.society.agents)
    assert game.check_map(force=True) is None  # nothing changed yet
    name = next(iter(game.npcs))
    x, y = game.npcs[name].position
    _block_cell(map_copy, x, y)
    _edit(map_copy, 'value="a cosy café serving', 'value="a freshly painted café serving')
    assert game.check_map(force=True) is True
    world = game.world
    assert world is not old_world and game.society.world is world
    assert world.get("town:hobbs_cafe").description.startswith("a freshly painted café")
    grid = world.grid
    assert not grid.walkable(grid.cell_at(x, y))
    nx, ny = game.npcs[name].position
    assert grid.walkable(grid.cell_at(nx, ny)) and abs(nx - x) + abs(ny - y) <= 64  # re-homed next door
    assert dict(game.society.agents) == agents  # the same minds …
    assert all(len(game.society.agent(n).memory) >= memories[n] for n in memories)  # … with their memories
    assert all(a.known.world is world for a in game.society.agents.values())
    game.run(frames=game.frame + 60)
    assert game.hud.banner is None


def test_broken_map_shows_banner_and_keeps_running(make_game, map_copy):
    game = make_game(npcs=2, map_path=map_copy)
    game.run(frames=10)
    old_world = game.world
    text = map_copy.read_text(encoding="utf-8")
    m = re.search(r'<property name="capacity" type="int" value="(\d+)"/>', text)
    assert m
    _edit(map_copy, m.group(0), '<property name="capacity" type="int" value="lots"/>')
    assert game.check_map(force=True) is False
    assert game.world is old_world
    assert game.hud.banner and "town.tmx" in game.hud.banner and "lots" in game.hud.banner
    game.run(frames=game.frame + 30)  # still playing on the old map
    _edit(map_copy, '<property name="capacity" type="int" value="lots"/>', m.group(0))
    assert game.check_map(force=True) is True
    assert game.hud.banner is None


def test_broken_map_at_start_is_a_sentence_not_a_traceback(map_copy, capsys, tmp_path):
    text = map_copy.read_text(encoding="utf-8")
    map_copy.write_text(text.replace('name="opens" value="08:00"', 'name="opens" value="8am"', 1), encoding="utf-8")
    shot = tmp_path / "error.png"
    code = main(["--headless", "--frames", "5", "--map", str(map_copy), "--backend", "scripted",
                 "--screenshot", str(shot)])
    err = capsys.readouterr().err
    assert code == 2
    assert "town.tmx" in err and "8am" in err
    assert "Traceback" not in err
    assert shot.exists()  # the error screen was drawn
