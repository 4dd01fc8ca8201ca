"""The talk mix: NPC-to-NPC lines counted by what they were made from."""
from __future__ import annotations

from npc_brain.eval.metrics import talk_mix


def test_talk_mix_counts_lines_between_npcs_by_kind():
    rows = [
        ["t", "Ana", "Ben", "I heard the mill burned down.", "news"],
        ["t", "Ben", "Ana", "Later I will bake bread.", "plan"],
        ["t", "Ana", "Ben", "What are you up to?", "question"],
        ["t", "Ben", "Ana", "Cal told me the mill burned.", "news"],
        ["t", "Ana", "Alex", "Hello!", "greeting"],  # to the player: not between NPCs
        ["t", "Ben", "Ana", "A line the code said.", ""],  # no kind: not counted
        ["t", "Ben", "Ana", "An older run's row"],  # no kind column
    ]
    mix = talk_mix(rows, agents=["Ana", "Ben"])
    assert mix["lines"] == 4
    assert mix["pct"] == {"news": 50.0, "plan": 25.0, "question": 25.0}
    assert next(iter(mix["pct"])) == "news"  # largest first
    assert talk_mix([], agents=["Ana"]) == {"lines": 0, "pct": {}}
