"""The README's "drop npc_brain into your own pygame game" example runs (scripted model, headless)."""
from __future__ import annotations

import importlib.util
import re

import pygame
from inline import inline

from demo_game.config import ROOT
from npc_brain.llm.testing import ScriptedModel
from npc_brain.testing import BrainResponder

EXAMPLE = ROOT / "examples" / "minimal_game.py"


def test_example_is_short_and_counted_honestly():
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    code = [line for line in lines if line.strip() and not line.lstrip().startswith("#")]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    stated = re.search(r"\[examples/minimal_game\.py\]\(examples/minimal_game\.py\) \((\d+) lines", readme)
    assert stated, "the README states the example's size"
    assert len(code) == int(stated.group(1))
    assert len(code) <= 30
    assert not [line for line in code if ";" in line.split("#")[0]], "one statement a line"


def test_example_imports_only_the_public_face():
    imports = re.findall(r"^from (npc_brain\S*) import", EXAMPLE.read_text(encoding="utf-8"), flags=re.M)
    assert imports and set(imports) <= {"npc_brain", "npc_brain.adapters.pygame"}, imports


def test_example_runs_a_few_frames(monkeypatch):
    spec = importlib.util.spec_from_file_location("minimal_game", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    model = ScriptedModel().respond_with(BrainResponder())
    monkeypatch.setattr(module, "Society", inline(module.Society))  # thinking keeps pace with the frames
    pygame.display.init()
    try:
        module.main(frames=90, model=model)
    finally:
        pygame.display.quit()
    purposes = {call.purpose for call in model.history}
    assert "plan_day" in purposes  # the NPCs really thought, through the example's Society
    surface = pygame.display.get_surface()
    assert surface is None or surface.get_size() == (960, 540)
