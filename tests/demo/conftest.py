"""Fixtures for the demo game tests: a headless town on the scripted brain, one frame at a time."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from demo_game.config import ROOT, GameConfig
from demo_game.game import Game
from npc_brain.llm.testing import HashEmbedder, ScriptedModel
from npc_brain.runtime.executors import InlineExecutor
from npc_brain.testing import BrainResponder


@pytest.fixture
def make_game(tmp_path: Path):
    """Build games with the deterministic scripted model, inline jobs and a fixed frame time."""
    games: list[Game] = []

    def make(*, npcs: int = 3, model: ScriptedModel | None = None, **overrides) -> Game:
        cfg = GameConfig(headless=True, backend="scripted", npcs=npcs, fixed_dt=1 / 60, hot_reload=False,
                         save_path=tmp_path / "saves" / "town.sqlite", strict=True, **overrides)
        game = Game(cfg, model=model or ScriptedModel().respond_with(BrainResponder()),
                    embedder=HashEmbedder(), executor=InlineExecutor())
        games.append(game)
        return game

    yield make
    for game in games:
        game.close()


@pytest.fixture
def map_copy(tmp_path: Path) -> Path:
    """The town map with its tileset and image in a scratch folder (same relative layout)."""
    (tmp_path / "maps").mkdir()
    (tmp_path / "sprites").mkdir()
    for name in ("town.tmx", "town.tsx", "town.tiled-project"):
        shutil.copy(ROOT / "maps" / name, tmp_path / "maps" / name)
    shutil.copy(ROOT / "sprites" / "tiles.png", tmp_path / "sprites" / "tiles.png")
    return tmp_path / "maps" / "town.tmx"
