"""The README's "drop npc_brain into your own pygame game" example runs (scripted model, headless)."""
from __future__ import annotations

import importlib.util

import pygame

from demo_game.config import ROOT
from npc_brain.cognition.testing import BrainResponder
from npc_brain.llm.testing import ScriptedModel

EXAMPLE = ROOT / "examples" / "minimal_game.py"


def test_example_is_short():
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    code = [line for line in lines[1:] if line.strip()]  # the docstring line aside
    assert len(code) <= 30


def test_example_runs_a_few_frames():
    spec = importlib.util.spec_from_file_location("minimal_game", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    model = ScriptedModel().respond_with(BrainResponder())
    pygame.display.init()
    try:
        module.main(frames=90, model=model)
    finally:
        pygame.display.quit()
    purposes = {call.purpose for call in model.history}
    assert "plan_day" in purposes  # the NPCs really thought, through the example's Society
    surface = pygame.display.get_surface()
    assert surface is None or surface.get_size() == (960, 540)
