"""F9 on a damaged save: a toast says why and the town plays on (or it loads and plays on).

The demo's load path is more than `Society.load`: it reads the save for the homes first, then
places bodies, restores the game's own state (inventory, invitations, positions) from `extra`.
Every class of the save corpus goes through it, plus damage to that game-owned part, each
followed by 60 frames.
"""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from save_corpus import Damage, damages, world_edit

from npc_brain.world.rules import Verdict


def _extra(change: dict[str, Any]) -> Any:
    def edit(world: dict[str, Any]) -> object:
        world["extra"] = {**world.get("extra", {}), **change}
        return world
    return edit


def _game_damages(first: str) -> list[Damage]:
    far = [1e308, 1e308]
    return [world_edit("extra", label, _extra(change)) for label, change in (
        ("player far away", {"player": far}),
        ("player at minus infinity", {"player": [-1e308, 5.0]}),
        ("npc far away", {"npcs": {first: far}}),
        ("npc positions not a dict", {"npcs": [1, 2]}),
        ("invitation until the end of time", {"invitations": [
            {"place": "town", "guest": "player", "until": "9999-12-31T23:59:59"}]}),
        ("invitation with a UTC offset", {"invitations": [
            {"place": "town", "guest": "player", "until": "2023-02-13T08:00:00+02:00"}]}),
        ("invitations junk", {"invitations": {"a": 1}}),
        ("actions junk", {"actions": {"inventory": [1], "hours": ["25:00", 3], "now_hours": 7}}),
        ("extra not a dict", {"player": None, "npcs": None, "actions": None, "invitations": None}),
    )]


def test_f9_on_every_class_of_damaged_save_toasts_or_loads_and_plays_on(make_game, tmp_path: Path) -> None:
    game = make_game(npcs=2, speed=4)
    game.run(frames=120)
    first, second = list(game.npcs)
    game.society.refused(first, Verdict(False, "it is closed", "opening_hours", game.society.agent(first).persona.home))
    game.society.whisper(second, "I should call my sister")
    good = tmp_path / "good.sqlite"
    assert game.persistence.save(good)
    data = good.read_bytes()
    corpus = damages(data, first, second)
    # every third of the corpus (each class of damage is there), and the game's own part of the save
    sample = corpus[::3] + _game_damages(first)
    assert {d.kind for d in corpus} <= {d.kind for d in sample}
    loaded = refused = 0
    for i, damage in enumerate(sample):
        path = tmp_path / f"damaged-{i}.sqlite"
        path.write_bytes(data)
        damage.apply(path)
        game.hud.toasts.clear()
        if game.persistence.load(path):
            loaded += 1
        else:
            refused += 1
            toast = next(n.text for n in game.hud.toasts if n.text.startswith("Load failed"))
            assert "\n" not in toast, (damage.label, toast)
        game.run(frames=game.frame + 60)  # no exception: the town plays on
        assert game.running
    assert refused > 40 and loaded >= 10, (loaded, refused)
    # The good save still loads after all that.
    assert game.persistence.load(good)
    with sqlite3.connect(good) as conn:
        clock = conn.execute("SELECT value FROM meta WHERE key = 'clock'").fetchone()[0]
    conn.close()
    assert f"{game.clock.now():%Y-%m-%dT%H:%M}" == clock[:16]
    assert json.loads(json.dumps(game.player.position))  # a real position
