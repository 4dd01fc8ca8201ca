"""examples/tutorial_game.py: npc_brain added to a pytmx-tutorial-style game runs, perceives and talks."""
from __future__ import annotations

import importlib.util

import pygame
from inline import inline

from demo_game.config import ROOT
from npc_brain.llm.testing import ScriptedModel
from npc_brain.testing import BrainResponder
from npc_brain.world.__main__ import main as lint

EXAMPLE = ROOT / "examples" / "tutorial_game.py"
GLUE_LINES = 34  # lines marked `# +npc`: the honest size of the integration


def test_glue_line_count_is_what_the_readme_says():
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    glue = [line for line in lines if line.rstrip().endswith("# +npc") or "# +npc:" in line]
    assert len(glue) == GLUE_LINES
    assert f"{GLUE_LINES} lines" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_tutorial_map_lints_clean_with_its_walls_layer(capsys):
    assert lint([str(ROOT / "examples" / "tutorial_assets" / "village.tmx")]) == 0
    out = capsys.readouterr().out
    assert 'layer "walls" (its name)' in out and "0 errors" in out


def test_example_runs_perceives_and_answers(monkeypatch):
    spec = importlib.util.spec_from_file_location("tutorial_game", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    model = ScriptedModel().respond_with(BrainResponder())
    pressed = {"frame": 0}
    real_get = pygame.event.get

    def events():  # press T once, beside a villager (the example spreads them near the hero)
        pressed["frame"] += 1
        out = real_get()
        if pressed["frame"] == 100:
            out.append(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t))
        return out

    monkeypatch.setattr(pygame.event, "get", events)
    monkeypatch.setattr(module.nb, "Society", inline(module.nb.Society))  # thinking keeps pace with the frames
    society = module.main(frames=240, model=model)
    homes = {a.persona.name: a.persona.home for a in society.agents.values()}
    assert homes == {"Ada Stone": "little_creek:ada_s_house", "Ben Ford": "little_creek:ben_s_house"}
    assert society.agent("Ben Ford").persona.workplace == "little_creek:the_inn"
    purposes = {call.purpose for call in model.history}
    assert {"plan_day", "react"} <= purposes  # they perceived each other (and you) and reacted
    assert all(len(a.memory) > 0 for a in society.agents.values())  # no seeds: all of it was lived
