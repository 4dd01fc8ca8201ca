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


def test_the_valentine_summary_carries_the_talk_mix():
    """A Valentine run on 4c58213 recorded every line's kind but its summary (and report) dropped them."""
    from npc_brain.eval.valentine import ValentineRun

    mix = {"lines": 2, "pct": {"news": 50.0, "plan": 50.0}}
    keys = ("npcs", "days", "start", "end", "window", "models", "detail", "seeds", "density_before",
            "density_after", "density_either_before", "density_either_after", "hallucination_pct",
            "hallucination_judge_pct", "answers", "invited", "invitations", "attended", "attended_of_invited",
            "refusals_by_rule", "rules", "calls_per_agent_day", "tokens_per_agent_day", "wall_s",
            "wall_s_per_game_hour", "folder")
    o: dict = dict.fromkeys(keys, 0)
    o |= {f"{t}{how}_{when}_pct": 0 for how in ("", "_judge", "_memory") for t in ("party", "candidacy")
          for when in ("before", "after")}
    o["talk_mix"] = mix
    assert ValentineRun.results(object.__new__(ValentineRun), o)["talk_mix"] == mix
