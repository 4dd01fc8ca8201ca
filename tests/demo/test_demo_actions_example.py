"""examples/actions_game.py: a scripted player asks; NPCs perform two or more actions (scripted model, headless)."""
from __future__ import annotations

import importlib.util
import io
import json

from demo_game.config import ROOT
from npc_brain.llm.testing import HashEmbedder, ScriptedModel
from npc_brain.testing import BrainResponder

EXAMPLE = ROOT / "examples" / "actions_game.py"


def test_headless_run_prints_the_actions_done_last_and_exits_0():
    spec = importlib.util.spec_from_file_location("actions_game", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = io.StringIO()
    # Up to 120 s for each reply (it comes at once on a quiet machine; a busy one is only slower).
    code = module.main(["--headless", "--timeout", "120"],
                       model=ScriptedModel().respond_with(BrainResponder(talk=False)),
                       embedder=HashEmbedder(), out=out)
    lines = out.getvalue().strip().splitlines()
    done = json.loads(lines[-1])["actions"]
    assert code == 0 and len(done) >= 2, out.getvalue()
    assert done.get("give_item") == 1 and done.get("follow") == 1
    assert "Inventory: {'coffee': 1}" in out.getvalue()
