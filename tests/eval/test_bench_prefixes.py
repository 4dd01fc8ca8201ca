"""`bench prefixes`: the most any prefix cache could reuse of a recorded run's prompts."""
from __future__ import annotations

import json
import subprocess
import sys

from npc_brain.bench.prefixes import bound, common_prefix, read_calls, rendered, reuse


def test_common_prefix_and_reuse_take_the_longest_prefix_of_any_earlier_prompt():
    assert common_prefix("rules: plan Ana", "rules: plan Ben") == len("rules: plan ")
    assert common_prefix("", "x") == 0 and common_prefix("same", "same") == 4
    prompts = ["RULES A tail-1", "RULES B other", "RULES A tail-2"]
    # The third finds the first (not only the one just before it); a window of 1 does not.
    assert reuse(prompts) == [0, len("RULES "), len("RULES A tail-")]
    assert reuse(prompts, window=1)[2] == len("RULES ")


def test_the_bound_is_per_purpose_beside_what_the_engine_reused(tmp_path):
    msgs = lambda who: [{"role": "system", "content": "Plan the day."},  # noqa: E731
                        {"role": "user", "content": f"DATA character: {who}"}]
    path = tmp_path / "run.jsonl"
    rows = [{"purpose": "plan_day", "messages": msgs("Ana"), "usage": {"prompt_tokens": 10, "cached_tokens": 0}},
            {"purpose": "plan_day", "messages": msgs("Ben"), "usage": {"prompt_tokens": 10, "cached_tokens": 6}},
            {"purpose": "dialogue", "messages": [{"role": "system", "content": "Talk."}],
             "error": {"usage": {"prompt_tokens": 3, "cached_tokens": 0}}}]
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    calls = read_calls(path)
    assert [c[0] for c in calls] == ["plan_day", "plan_day", "dialogue"]  # a failed call was read too
    result = bound(calls)
    shared = common_prefix(rendered(msgs("Ana")), rendered(msgs("Ben")))
    talk = common_prefix(calls[2][1], calls[0][1])  # "<system>\n" and no more
    total = sum(len(p) for _, p, _, _ in calls)
    assert shared > len(rendered(msgs("Ana"))) // 2 and talk == len("<system>\n")
    assert result["prompt_bound"] == round((shared + talk) / total, 3)
    by = {r["purpose"]: r for r in result["purposes"]}
    assert by["plan_day"]["engine_reused"] == 0.3 and by["dialogue"]["bound"] == round(talk / len(calls[2][1]), 3)
    assert result["engine_reused"] == round(6 / 23, 3)


def test_the_command_prints_a_table_then_one_json_line(tmp_path):
    path = tmp_path / "run.jsonl"
    path.write_text(json.dumps({"purpose": "location", "messages": [{"role": "user", "content": "Where?"}],
                                "usage": {"prompt_tokens": 4, "cached_tokens": 1}}) + "\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "npc_brain.bench", "prefixes", str(path)],
                         capture_output=True, text=True, check=True).stdout
    assert "purposes" in out and json.loads(out.strip().splitlines()[-1])["calls"] == 1
    missing = subprocess.run([sys.executable, "-m", "npc_brain.bench", "prefixes", str(tmp_path / "none.jsonl")],
                             capture_output=True, text=True)
    assert missing.returncode != 0 and "cannot read" in missing.stderr and "Traceback" not in missing.stderr
