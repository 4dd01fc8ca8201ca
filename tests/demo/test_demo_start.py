"""Headless start: the real frames render, NPCs get plans and walk, the CLI exits 0."""
from __future__ import annotations

import pygame
import pytest

from demo_game.__main__ import main


def test_cli_headless_frames_and_screenshot(tmp_path, capsys):
    shot = tmp_path / "shot.png"
    code = main(["--headless", "--frames", "20", "--screenshot", str(shot), "--backend", "scripted",
                 "--npcs", "3", "--no-hot-reload"])
    assert code == 0
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)
    colors = {tuple(image.get_at((x, y)))[:3] for x in range(0, 1280, 97) for y in range(0, 720, 89)}
    assert len(colors) > 10  # a drawn town, not a blank window
    assert "Traceback" not in capsys.readouterr().err


def test_npcs_plan_and_walk(make_game):
    game = make_game(npcs=3, speed=8)
    start = {name: npc.position for name, npc in game.npcs.items()}
    game.run(frames=360)
    society = game.society
    assert society is not None and set(society.agents) == set(game.npcs)
    for name in game.npcs:
        plan = society.agent(name).plan
        assert not plan.empty and not plan.provisional, f"{name} has no plan of its own"
    moved = [n for n, npc in game.npcs.items() if npc.position != start[n]]
    assert moved, "nobody walked anywhere"
    assert any(npc.doing != "still asleep" for npc in game.npcs.values())
    assert len(game.frame_times) == 360
    # occupancy follows the bodies: the world puts each NPC where its sprite stands
    for name, npc in game.npcs.items():
        assert game.world.position(name) == pytest.approx(npc.position)


def test_minds_off_still_runs(make_game):
    from demo_game.config import GameConfig
    from demo_game.game import Game

    game = Game(GameConfig(headless=True, backend="off", npcs=2, fixed_dt=1 / 60, hot_reload=False))
    try:
        game.run(frames=30)
        assert game.society is None and game.brains.state.value == "off"
        assert not game.open_chat(next(iter(game.npcs)))  # nobody to talk to: a toast, no crash
    finally:
        game.close()
