"""Throughput benchmark: embedded engine tokens/s at 1, 4, 8 concurrent requests, and how
much of that a simulation actually uses.

`python -m npc_brain.bench throughput [--concurrency 1,4,8] [--tokens 96] [--sim-npcs 3]`

Each level sends `concurrency` identical-length generation requests at once, `--rounds`
times, from a thread pool; `tok_s` is completed tokens / wall seconds (aggregate decode
rate), `prompt_tok_s` the prompt tokens processed per second alongside. The engine is
loaded with as many parallel slots as the highest level, so requests decode together
(continuous batching) rather than queue. Then a short headless simulation on the same
engine measures the tokens/s the brains really ask for; `utilization_pct` compares it with
the rate at the simulation's own concurrency (`--workers`).
"""
from __future__ import annotations

import argparse
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any

PROMPT = [
    {"role": "system", "content": "You are a town chronicler. Write plainly."},
    {"role": "user", "content": "Describe, in one long paragraph, a full ordinary day in a small town, "
                                "from the first bakery light to the last tavern song."},
]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `bench throughput`."""
    parser.add_argument("--concurrency", default="1,4,8", help="concurrent request levels (default: %(default)s)")
    parser.add_argument("--tokens", type=int, default=96, help="max completion tokens per request")
    parser.add_argument("--rounds", type=int, default=2, help="rounds per level")
    parser.add_argument("--threads", type=int, default=None, help="inference threads (default: cores − 1)")
    parser.add_argument("--sim-npcs", type=int, default=3, help="NPCs of the usage simulation (0: skip it)")
    parser.add_argument("--sim-minutes", type=float, default=30, help="game minutes of the usage simulation")
    parser.add_argument("--workers", type=int, default=4, help="thinking workers of the usage simulation")
    parser.add_argument("--town", default="demo", choices=("demo", "tiny"))


def _one(engine: Any, max_tokens: int) -> tuple[int, int]:
    reply = engine.chat({"messages": PROMPT, "max_tokens": max_tokens, "temperature": 0.8})
    usage = reply.get("usage") or {}
    return int(usage.get("prompt_tokens", 0)), int(usage.get("completion_tokens", 0))


def measure(engine: Any, concurrency: int, max_tokens: int, rounds: int) -> dict[str, Any]:
    """Aggregate decode rate with `concurrency` requests in flight."""
    prompt = completion = 0
    latencies: list[float] = []
    t0 = time.perf_counter()
    with ThreadPoolExecutor(concurrency) as pool:
        for _ in range(rounds):
            starts = time.perf_counter()
            futures = [pool.submit(_one, engine, max_tokens) for _ in range(concurrency)]
            for f in futures:
                p, c = f.result()
                prompt += p
                completion += c
            latencies.append(time.perf_counter() - starts)
    wall = time.perf_counter() - t0
    return {
        "concurrency": concurrency,
        "requests": concurrency * rounds,
        "completion_tokens": completion,
        "tok_s": round(completion / wall, 1) if wall else 0.0,
        "per_request_tok_s": round(completion / wall / concurrency, 1) if wall else 0.0,
        "prompt_tok_s": round(prompt / wall, 1) if wall else 0.0,
        "round_latency_s": round(sum(latencies) / len(latencies), 2),
    }


def simulate(engine: Any, args: argparse.Namespace) -> dict[str, Any]:
    """Tokens/s a short headless simulation uses on this engine."""
    from npc_brain.eval.runner import advance, make_executor, settle
    from npc_brain.eval.town import load_town_or_exit
    from npc_brain.llm.accounting import AccountingModel
    from npc_brain.llm.embedded import EmbeddedModel
    from npc_brain.llm.embedders import LexicalEmbedder
    from npc_brain.runtime.simulation import Simulation
    from npc_brain.types.clock import GameClock

    town = load_town_or_exit(args.town, "bench throughput", npcs=args.sim_npcs)
    model = AccountingModel(EmbeddedModel(engine))
    executor = make_executor(args.workers)
    sim = Simulation(town.world, town.personas, model, GameClock(datetime(2023, 2, 13, 7, 0)),
                     embedder=LexicalEmbedder(), executor=executor)
    t0 = time.perf_counter()
    try:
        settle(sim)
        advance(sim, args.sim_minutes)
    finally:
        sim.shutdown()
        if executor is not None:
            executor.shutdown(wait=True)
    wall = time.perf_counter() - t0
    total = model.snapshot().total
    return {
        "npcs": len(town.personas),
        "game_minutes": args.sim_minutes,
        "workers": args.workers,
        "calls": total.calls,
        "wall_s": round(wall, 1),
        "completion_tok_s": round(total.completion_tokens / wall, 1) if wall else 0.0,
        "prompt_tok_s": round(total.prompt_tokens / wall, 1) if wall else 0.0,
        # Little's law: summed request latency / wall = mean requests in flight.
        "mean_requests_in_flight": round(total.latency_s / wall, 2) if wall else 0.0,
        "mean_prompt_tokens": round(total.prompt_tokens / total.calls) if total.calls else 0,
        "mean_completion_tokens": round(total.completion_tokens / total.calls) if total.calls else 0,
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Run the benchmark; returns {"tok_s": {"1": …, "4": …, "8": …}, "levels": rows, …}."""
    from npc_brain.llm.engine import LlamaEngine
    from npc_brain.llm.settings import LLMSettings

    levels = [int(x) for x in str(args.concurrency).split(",") if x.strip()]
    overrides: dict[str, Any] = {"n_parallel": max([*levels, args.workers, 1])}
    if args.threads:
        overrides["threads"] = args.threads
    settings = LLMSettings.from_env(backend="embedded", **overrides)
    engine = LlamaEngine.from_settings(settings)
    try:
        _one(engine, 8)  # warm-up: first request pays for allocation
        rows = [measure(engine, c, args.tokens, args.rounds) for c in levels]
        result: dict[str, Any] = {
            "tok_s": {str(r["concurrency"]): r["tok_s"] for r in rows},
            "model": f"{engine.name} (threads={settings.threads}, slots={settings.n_parallel})",
            "levels": rows,
        }
        if args.sim_npcs > 0:
            sim = simulate(engine, args)
            at_workers = (r["tok_s"] for r in rows if r["concurrency"] == args.workers)
            capacity = next(at_workers, max(r["tok_s"] for r in rows))
            sim["capacity_tok_s"] = capacity
            sim["utilization_pct"] = round(100 * sim["completion_tok_s"] / capacity, 1) if capacity else 0.0
            result["simulation"] = sim
            result["simulation_usage"] = [sim]
    finally:
        engine.close()
    return result
