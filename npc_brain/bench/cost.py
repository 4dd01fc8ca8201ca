"""Cost benchmark: LLM calls, tokens and wall time of a headless simulation on the demo town.

`python -m npc_brain.bench cost --npcs 5 --game-hours 1 [--start "2023-02-13 07:00"] [--detail coarse --focus 2]`

Runs `Simulation` with N personas of the demo town for H game hours on the configured
model (embedded by default) through an `AccountingModel`, with `--workers` agents thinking
at once (the engine's parallel slots). Per agent-day numbers are extrapolated linearly
from the window (24 / H) — a window that starts at 07:00 holds the day plan and so
overstates a whole day; run `--game-hours 24` for the real figure. The first thoughts
(seed memories rated, first day plans) are included: they are part of a game day.
"""
from __future__ import annotations

import argparse
import time
from datetime import datetime
from typing import Any

from npc_brain.eval.backend import add_model_arguments, open_backend
from npc_brain.eval.town import add_town_arguments, think_lag

REFERENCE = {
    "calls_per_agent_day": "845–1,300",
    "tokens_per_agent_day": "0.24–0.6 M",
    "wall_s_per_game_hour_25": "≈ 4,600",
}
"""The reference implementation's cost (issue 6), printed beside ours."""

TARGET = {"calls_per_agent_day": 40, "tokens_per_agent_day": 15_000, "wall_s_per_game_hour_25": 60}
"""Our targets: ≤ 40 calls and ≤ 15k tokens per agent-day, ≤ 60 wall s per game hour (25 NPCs)."""

CACHE_TARGET = 0.5
"""At least half the prompt tokens come from the engine's prompt cache (issue 11)."""


MAX_FAILURE_PCT = 50.0
"""A run with more failed calls than this measured a broken model, not a day of thinking."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `bench cost`."""
    add_town_arguments(parser, npcs=5)
    parser.add_argument("--game-hours", type=float, default=1.0, help="simulated game hours")
    parser.add_argument("--start", default="2023-02-13 07:00", help="game start time (ISO)")
    parser.add_argument("--detail", default="full", choices=("full", "coarse"),
                        help="level of detail with no player: full (every NPC as if in view, the paper's "
                             "5–15 minute actions) or coarse (every NPC out of view, as most of a game's "
                             "town is: `cognition.detail` with the default settings)")
    parser.add_argument("--focus", type=int, default=0,
                        help="with --detail coarse: this many NPCs (the town's first) are in a player's view "
                             "all run, at full detail and watched, as a player's screen holds a few (default: 0)")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    add_model_arguments(parser)


def per_agent_day(value: float, npcs: int, hours: float) -> float:
    """Scale a total over `npcs` agents and `hours` game hours to one agent and 24 hours."""
    return value / max(1, npcs) * 24.0 / hours if hours > 0 else 0.0


def summarize(usage: dict[str, Any], npcs: int, hours: float, wall_s: float) -> dict[str, Any]:
    """The JSON result from an `AccountingModel` snapshot dict (pure, for tests)."""
    total = usage["total"]
    by_purpose = {
        purpose: {
            "calls_per_agent_day": round(per_agent_day(s["calls"], npcs, hours), 2),
            "prompt_tokens_per_agent_day": round(per_agent_day(s["prompt_tokens"], npcs, hours)),
            "completion_tokens_per_agent_day": round(per_agent_day(s["completion_tokens"], npcs, hours)),
            "mean_latency_s": s["mean_latency_s"],
            "failures": s["failures"],
            "cache_share": s.get("cache_share", 0.0),
        }
        for purpose, s in usage["by_purpose"].items()
    }
    wall_per_hour = wall_s / hours if hours > 0 else 0.0
    return {
        "npcs": npcs,
        "game_hours": hours,
        "calls_per_agent_day": round(per_agent_day(total["calls"], npcs, hours), 2),
        "tokens_per_agent_day": round(per_agent_day(total["total_tokens"], npcs, hours)),
        "prompt_tokens_per_agent_day": round(per_agent_day(total["prompt_tokens"], npcs, hours)),
        "completion_tokens_per_agent_day": round(per_agent_day(total["completion_tokens"], npcs, hours)),
        # Prompt reuse: the share of prompt tokens the engine took from a slot's KV cache.
        "cache_share": round(total.get("cached_tokens", 0) / total["prompt_tokens"], 3)
        if total["prompt_tokens"] else 0.0,
        "wall_s_per_game_hour": round(wall_per_hour, 2),
        "wall_s_per_game_hour_25_projected": round(wall_per_hour * 25 / max(1, npcs), 1),
        "by_purpose": by_purpose,
        "calls": total["calls"],
        "failures": total["failures"],
        "repairs": total["repairs"],
        # Failed thoughts are retried after a backoff: a high rate inflates calls and means the
        # run measured retries, not a day of thinking.
        "failure_pct": round(100 * total["failures"] / total["calls"], 1) if total["calls"] else 0.0,
        "failures_by_cause": dict(usage.get("failures_by_cause", {})),
    }


def check_failures(result: dict[str, Any]) -> None:
    """`LLMUnavailable` when most calls failed: the totals would read as "met" while measuring
    nothing (a dead server fails every call at a cost of zero tokens)."""
    from npc_brain.llm.errors import LLMUnavailable

    if result["calls"] and result["failure_pct"] > MAX_FAILURE_PCT:
        causes = ", ".join(f"{k} {v}" for k, v in sorted(result.get("failures_by_cause", {}).items()))
        raise LLMUnavailable(
            f"{result['failures']} of {result['calls']} model calls failed "
            f"({result['failure_pct']:g}% > {MAX_FAILURE_PCT:g}%{': ' + causes if causes else ''}), "
            "so the run measured no cost; check the model with `python -m npc_brain doctor`."
        )


def anchor_rows(result: dict[str, Any]) -> list[dict[str, Any]]:
    """Ours vs target vs the reference implementation, one row per metric."""
    ours = {
        "calls_per_agent_day": result["calls_per_agent_day"],
        "tokens_per_agent_day": result["tokens_per_agent_day"],
        "wall_s_per_game_hour_25": result["wall_s_per_game_hour_25_projected"],
    }
    rows = [
        {"metric": k, "ours": v, "target": f"≤ {TARGET[k]:,}", "met": "yes" if v <= TARGET[k] else "no",
         "reference": REFERENCE[k]}
        for k, v in ours.items()
    ]
    share = result.get("cache_share", 0.0)
    rows.append({"metric": "cache_share", "ours": share, "target": f"≥ {CACHE_TARGET:g}",
                 "met": "yes" if share >= CACHE_TARGET else "no", "reference": "—"})
    return rows


def server_rows(result: dict[str, Any], server: dict[str, Any]) -> list[dict[str, Any]]:
    """One row for a run on an OpenAI-compatible server: what it was, the requests sent at once,
    the calls and why any failed, and the wall time per game hour."""
    causes = ", ".join(f"{k} {v}" for k, v in sorted(result.get("failures_by_cause", {}).items()))
    return [{"server": server.get("kind", "?"), "slots": server.get("slots") or "?",
             "concurrency": server.get("concurrency") or "unbounded", "workers": result.get("workers"),
             "calls": result["calls"], "failures": result["failures"], "failure_pct": result["failure_pct"],
             "causes": causes or "—", "wall_s_per_game_hour": result["wall_s_per_game_hour"]}]


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Run the benchmark (see the module doc)."""
    from npc_brain.eval.runner import Progress, advance, make_executor, settle
    from npc_brain.eval.town import load_town_or_exit
    from npc_brain.llm.accounting import AccountingModel
    from npc_brain.runtime.simulation import Simulation
    from npc_brain.types.clock import GameClock

    town = load_town_or_exit(args.town, "bench cost", npcs=args.npcs, map_path=args.map,
                             personas_path=args.personas)
    backend = open_backend(args, n_parallel=max(1, args.workers) if args.workers else None)
    executor = make_executor(args.workers)
    try:
        model = AccountingModel(backend.model)
        clock = GameClock(datetime.fromisoformat(args.start))
        sim = Simulation(town.world, town.personas, model, clock, embedder=backend.embedder,
                         executor=executor)
        if args.detail == "coarse":
            # No player (nobody in view), or one whose screen holds the first `--focus` NPCs.
            sim.society.focus([p.name for p in town.personas[:max(0, args.focus)]])
        progress = Progress("cost", enabled=not args.quiet)
        t0, cpu0 = time.perf_counter(), time.thread_time()
        settle(sim)
        first = time.perf_counter() - t0
        advance(sim, args.game_hours * 60, step_minutes=args.step_minutes, progress=progress,
                lag_minutes=think_lag(args))
        wall, game_cpu = time.perf_counter() - t0, time.thread_time() - cpu0
        progress.done()
        usage = model.snapshot().to_dict()
        result = summarize(usage, len(town.personas), args.game_hours, wall)
        sim.shutdown()
        states = backend.prompt_state_rows()
        if states is not None:
            result["prompt_states"] = states
    finally:
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)
        backend.close()
    check_failures(result)
    # Where the wall time went: the first thoughts (seed ratings, day plans) before game time
    # moves, and the game thread's own CPU (stepping, perceiving, applying results: the Python
    # a game pays per frame). The rest of the wall is the model and the jobs around its calls.
    result["first_thoughts_s"] = round(first, 1)
    result["game_thread_cpu_s_per_game_hour"] = round(game_cpu / args.game_hours, 2) if args.game_hours else 0.0
    result["model"] = backend.description
    result["town"] = town.source
    result["start"] = args.start
    result["workers"] = args.workers
    result["think_lag"] = think_lag(args)
    result["detail"] = args.detail
    result["focus"] = min(max(0, args.focus), len(town.personas)) if args.detail == "coarse" else len(town.personas)
    result["refusals"] = sum(s.refusals for s in sim.rules.stats().values())
    result["anchors"] = anchor_rows(result)
    if backend.server is not None:  # an OpenAI-compatible server: what it was and how it held up
        result["server"] = server_rows(result, backend.server)
    result["purposes"] = [{"purpose": p, **v} for p, v in sorted(result["by_purpose"].items())]
    return result
