"""Autoplay in short: a scripted player walks through doors, waits in the café and on the square,
talks, and what a player would notice meets the targets (on the scripted model)."""
from __future__ import annotations

import json
from datetime import datetime

from demo_game.autoplay import SHORT, Autoplay
from demo_game.config import config_from_args

KEYS = {"doors_passed", "doors_total", "stuck_s", "label_place_mismatch_pct", "npc_talks_in_view_per_game_hour",
        "talk_through_wall", "panel_overlaps"}


def test_short_autoplay_meets_the_targets(make_game):
    game = make_game(npcs=10, start=datetime(2023, 2, 13, 11, 40))
    printed: list[str] = []
    result = Autoplay(game, SHORT, out=printed.append).run()
    assert set(json.loads(printed[-1])) == KEYS and json.loads(printed[-1]) == result
    assert result["doors_total"] == SHORT.doors and result["doors_passed"] == result["doors_total"]
    assert result["stuck_s"] == 0
    assert result["label_place_mismatch_pct"] <= 1.0
    assert result["npc_talks_in_view_per_game_hour"] >= 2
    assert result["talk_through_wall"] == 0
    assert result["panel_overlaps"] == 0


def test_the_command_line_takes_autoplay():
    assert config_from_args(["--autoplay"]).autoplay == "full"
    cfg = config_from_args(["--autoplay", "short", "--headless"])
    assert cfg.autoplay == "short" and cfg.start == datetime(2023, 2, 13, 11, 40)
    assert config_from_args([]).autoplay is None
