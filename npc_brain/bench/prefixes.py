"""Prompt-prefix bound: how much of a run's prompts any prefix cache could reuse.

`python -m npc_brain.bench prefixes RUN.jsonl` (a file written by `--record`, e.g. `bench cost …
--record RUN.jsonl`)

An engine's prompt cache reuses a prompt's longest common prefix with a prompt it still holds.
Here every earlier prompt of the run counts as held (`--window` limits it to the last N): the
share of prompt characters so found is the most *any* cache could reuse from these prompts, in
the order they were asked — what a prompt layout allows, whatever the engine's slots and eviction
do. Measured by characters of the chat-rendered messages (the engine's tokens follow them
closely; on two recorded 25-NPC runs the token bound was 1.3–1.5 points lower). Per purpose too,
beside what the engine reused on the recorded run when the file holds it (`usage.cached_tokens`).
No model is loaded.
"""
from __future__ import annotations

import argparse
import json
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from npc_brain.llm.prompt_states import common_prefix, rendered

TARGET = 0.5
"""The cache share `bench cost` asks of the engine (issue 29): a layout bound under it cannot meet it."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `bench prefixes`."""
    parser.add_argument("record", help="a JSONL file written by --record")
    parser.add_argument("--window", type=int, default=0, help="earlier prompts a cache holds (0: all)")


def reuse(prompts: Sequence[str], window: int = 0) -> list[int]:
    """For each prompt, its longest common prefix with any earlier one (the last `window`)."""
    out: list[int] = []
    for i, p in enumerate(prompts):
        earlier = prompts[max(0, i - window):i] if window > 0 else prompts[:i]
        out.append(max((common_prefix(q, p) for q in earlier), default=0))
    return out


def bound(calls: Sequence[tuple[str, str, int, int]], window: int = 0) -> dict[str, Any]:
    """`calls`: (purpose, rendered prompt, prompt tokens, cached tokens) in the order asked."""
    best = reuse([p for _, p, _, _ in calls], window)
    per: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
    for (purpose, prompt, tokens, cached), found in zip(calls, best, strict=True):
        row = per[purpose]
        row[0] += 1
        row[1] += len(prompt)
        row[2] += found
        row[3] += tokens
        row[4] += cached
    rows = []
    for purpose, (n, chars, found, tokens, cached) in sorted(per.items()):
        rows.append({"purpose": purpose, "calls": n, "prompt_chars": chars,
                     "bound": round(found / chars, 3) if chars else 0.0,
                     "engine_reused": round(cached / tokens, 3) if tokens else None})
    chars = sum(len(p) for _, p, _, _ in calls)
    tokens = sum(t for _, _, t, _ in calls)
    return {
        "calls": len(calls),
        "prompt_bound": round(sum(best) / chars, 3) if chars else 0.0,
        "engine_reused": round(sum(c for _, _, _, c in calls) / tokens, 3) if tokens else None,
        "target": TARGET,
        "purposes": rows,
    }


def read_calls(path: str | Path) -> list[tuple[str, str, int, int]]:
    """The recorded calls that reached the model, in order (failed ones too: their prompts were read)."""
    out = []
    with Path(path).open(encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            rec = json.loads(line)
            usage = rec.get("usage") or (rec.get("error") or {}).get("usage") or {}
            out.append((str(rec.get("purpose") or "?"), rendered(rec.get("messages") or ()),
                        int(usage.get("prompt_tokens") or 0), int(usage.get("cached_tokens") or 0)))
    return out


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Read the recording and compute the bound (see the module doc)."""
    try:
        calls = read_calls(args.record)
    except (OSError, ValueError) as exc:
        raise SystemExit(f"bench prefixes: cannot read {args.record}: {exc}") from None
    if not calls:
        raise SystemExit(f"bench prefixes: {args.record} holds no calls")
    result = bound(calls, args.window)
    result["record"] = str(args.record)
    result["window"] = args.window or "all"
    return result
