"""examples/scroll_game.py: npc_brain in a pyscroll-tutorial-style game (every map object a wall,
its own sprite group and camera, places in a file beside the map) in at most 30 honest lines;
and on the same map without places, NPCs still walk to work and home."""
from __future__ import annotations

import importlib.util
import re
import shutil
from datetime import datetime
from pathlib import Path

import pygame
import pytest

from demo_game.config import ROOT
from npc_brain.adapters.crowd import Crowd
from npc_brain.adapters.tiled import load_world
from npc_brain.llm.testing import HashEmbedder, ScriptedModel
from npc_brain.runtime.executors import InlineExecutor
from npc_brain.runtime.society import Society
from npc_brain.testing import BrainResponder
from npc_brain.types.clock import GameClock
from npc_brain.types.events import UtteranceEvent
from npc_brain.types.persona import Persona

EXAMPLE = ROOT / "examples" / "scroll_game.py"
ASSETS = ROOT / "examples" / "scroll_assets"
GLUE_LINES = 21  # lines marked `# +npc`: the honest size of the integration


def test_glue_is_at_most_30_lines_one_statement_each_and_the_readme_says_so():
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    glue = [line for line in lines if line.rstrip().endswith("# +npc") or "# +npc:" in line]
    assert len(glue) == GLUE_LINES <= 30
    assert not [line for line in glue if ";" in line.split("#")[0]], "one statement a line"
    assert f"{GLUE_LINES} lines" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_game_map_stays_unchanged_and_npc_brain_reads_the_places_file():
    text = (ASSETS / "meadow.tmx").read_text(encoding="utf-8")
    assert "Areas" not in text and "Spawns" not in text  # every object on it is the game's wall
    world = load_world(ASSETS / "meadow.tmx")
    assert {p.name for p in world} == {"Meadow", "Ada's Cottage", "Ben's Cottage", "The Inn", "The Pond"}
    assert world.spawn("player") == (384.0, 248.0) and world.grid.blocked.sum() > 250


def test_example_runs_headless_walks_perceives_and_answers_the_player(monkeypatch):
    spec = importlib.util.spec_from_file_location("scroll_game", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    model = ScriptedModel().respond_with(BrainResponder())
    frame = {"n": 0}
    real_get = pygame.event.get

    def events():  # T pressed once; the hero stands in the lane, so anyone on the map counts as near
        frame["n"] += 1
        out = real_get()
        if frame["n"] == 60:
            out.append(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t))
        return out

    nearest = Crowd.nearest
    monkeypatch.setattr(Crowd, "nearest", lambda self, at, within=48.0: nearest(self, at, within=10_000))
    monkeypatch.setattr(pygame.event, "get", events)
    crowd = module.main(frames=240, model=model)
    society = crowd.society
    homes = {a.name: a.persona.home for a in society.agents.values()}
    assert homes["Ada Stone"] == "meadow:ada_s_cottage" and homes["Ben Ford"] == "meadow:ben_s_cottage"
    assert society.agent("Ben Ford").persona.workplace == "meadow:the_inn"
    talks = [c for c in society.conversations(active=False) if c.player == "Hero"]
    assert talks and any(line.speaker != "Hero" for line in talks[0].lines)  # answered
    assert all(len(a.memory) > 0 for a in society.agents.values())  # perceived, lived
    assert all(crowd.label(name) for name in crowd.walkers)


def _no_places_copy(folder: Path) -> Path:
    for name in ("meadow.tmx", "tiles.tsx", "tiles.png"):  # not meadow.npc.json
        shutil.copy(ASSETS / name, folder / name)
    return folder / "meadow.tmx"


@pytest.mark.parametrize("maps", ["no places file", "fixture town without areas"])
def test_npcs_walk_at_least_100_px_per_game_hour_on_a_map_without_areas(tmp_path, maps):
    # Before: with no Areas layer every step was "the Town", the walker was already there, and
    # replies said "Right now I am going about the day at Town".
    if maps == "no places file":
        path = _no_places_copy(tmp_path)
    else:
        import sys

        sys.path.insert(0, str(ROOT / "tests" / "world"))
        from map_writer import town_without_areas

        path = town_without_areas(tmp_path)
    world = load_world(path)
    clock = GameClock(datetime(2023, 2, 13, 7, 30), minutes_per_second=2.0)
    society = Society(world, ScriptedModel().respond_with(BrainResponder()), HashEmbedder(), now=clock,
                      executor=InlineExecutor())
    crowd = Crowd(society, clock=clock)
    people = [Persona(name=n, age=30, occupation=o, home="auto", workplace="auto")
              for n, o in (("Ada Stone", "potter"), ("Ben Ford", "innkeeper"), ("Cora Ford", "cook"))]
    crowd.add(people)
    said: list[str] = []
    hours = 2.0
    for _ in range(int(hours * 30 * 30)):  # 30 wall seconds a game hour at 30 frames a second
        said += [e.text for e in crowd.update(1 / 30) if isinstance(e, UtteranceEvent)]
    walked = [w.distance for w in crowd.walkers.values()]
    assert sum(walked) / len(walked) / hours >= 100, walked
    for name in crowd.walkers:
        persona = society.agent(name).persona
        assert persona.home != world.root.address and persona.workplace not in (None, world.root.address)
    assert not [line for line in said if re.search(r"\bat Town\b(?! Square)", line)]
    society.shutdown()


def test_an_npc_in_a_chat_with_the_player_stands_still_facing_them(tmp_path):
    world = load_world(_no_places_copy(tmp_path))
    clock = GameClock(datetime(2023, 2, 13, 8, 30), minutes_per_second=2.0)
    society = Society(world, ScriptedModel().respond_with(BrainResponder()), HashEmbedder(), now=clock,
                      executor=InlineExecutor())
    crowd = Crowd(society, clock=clock)
    [walker] = crowd.add(Persona(name="Ada Stone", age=30, occupation="potter", home="auto", workplace="auto"))
    for _ in range(300):  # she sets off for work
        crowd.update(1 / 30)
        if walker.moving:
            break
    assert walker.moving
    crowd.player("Hero", (walker.x, walker.y - 40))
    society.engage("Hero", "Ada Stone")
    at = walker.position
    for _ in range(30):
        crowd.update(1 / 30)
    assert walker.position == at and not walker.moving and walker.facing == "up"
    society.engage("Hero", None)
    for _ in range(30):
        crowd.update(1 / 30)
    assert walker.position != at  # on her way again
    society.shutdown()
