"""Lag benchmark: does the town's thinking keep up with its clock at the demo's pace?

`python -m npc_brain.bench lag --npcs 10 --game-hours 1 [--speed 1] [--detail full|coarse]`

Runs the demo town headless on the configured model (embedded by default) the way the game
does: the game clock runs at `--speed` × 1 game minute per real second (the demo's default
pace) whatever the minds are doing — nothing waits for a thought. Measured:

- `memorize_lag_p95_min`: game minutes from a perception (or a line heard) to its memory record
  in the stream — the record's `created` time vs the game time it appeared (the personas' seed
  memories are no perception: `seeds_lag_p95_min` on their own);
- `plan_ready_p95_s`: real seconds from an agent being without a day plan (waking, or the
  run's start) to a plan being in place — the day by habit (`Plan.provisional`, no model)
  counts, it is what the NPC follows; `model_plan_p95_s`: the same until the model's plan;
- `placeless_minutes`: NPC-minutes (awake) whose current action had no place to be.

Targets (issue 11): memorize lag p95 ≤ 5 game minutes, plan ready p95 ≤ 30 s, placeless 0.
`--detail coarse` puts every NPC out of view (level of detail; a game focuses the NPCs on
screen), `full` keeps all of them at full detail (the default: no player, nobody is far).
"""
from __future__ import annotations

import argparse
import time
from datetime import datetime, timedelta
from typing import Any

import numpy as np

from npc_brain.eval.backend import add_model_arguments, open_backend
from npc_brain.eval.town import add_town_arguments

TARGET = {"memorize_lag_p95_min": 5.0, "plan_ready_p95_s": 30.0, "placeless_minutes": 0.0}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `bench lag`."""
    add_town_arguments(parser, npcs=10)
    parser.add_argument("--game-hours", type=float, default=1.0, help="simulated game hours")
    parser.add_argument("--start", default="2023-02-13 07:00", help="game start time (ISO)")
    parser.add_argument("--speed", type=float, default=1.0, help="game minutes per real second (demo ×1 = 1)")
    parser.add_argument("--detail", default="full", choices=("full", "coarse"),
                        help="level of detail: full for all NPCs, or coarse (all out of view)")
    parser.add_argument("--tick-s", type=float, default=0.1, help="real seconds between game ticks")
    add_model_arguments(parser)


def _p95(values: list[float]) -> float:
    return round(float(np.percentile(values, 95)), 2) if values else 0.0


class LagMeter:
    """Watches a society between ticks: memory lags, plan waits, placeless minutes (game thread)."""

    def __init__(self, society: Any) -> None:
        self.society = society
        self.seen = {name: len(a.memory) for name, a in society.agents.items()}
        self.memory_lag_min: list[float] = []
        self.seed_lag_min: list[float] = []
        self.plan_wait_s: list[float] = []
        self.placeless_minutes = 0.0
        # An agent with no plan yet at the start waits from the start (the morning's first plans).
        self._waiting_since: dict[str, float] = {n: 0.0 for n, a in society.agents.items() if a.plan.empty}
        self.model_plan_wait_s: list[float] = []
        self._model_waiting_since = dict(self._waiting_since)

    def tick(self, now: datetime, wall: float, minutes: float) -> None:
        """Account one tick that advanced the clock by `minutes` game minutes."""
        from npc_brain.memory.record import MemoryKind

        for name, agent in self.society.agents.items():
            records = agent.memory.records
            seeds = set(agent.persona.memories)
            for r in records[self.seen[name]:]:
                if r.kind in (MemoryKind.OBSERVATION, MemoryKind.DIALOGUE):
                    lag = max(0.0, (now - r.created).total_seconds() / 60)
                    # The persona's seed memories are no perception: counted on their own.
                    (self.seed_lag_min if r.description in seeds else self.memory_lag_min).append(lag)
            self.seen[name] = len(records)
            planned = agent.plan.current(now) is not None
            if not planned:
                self._waiting_since.setdefault(name, wall)
            elif name in self._waiting_since:
                self.plan_wait_s.append(wall - self._waiting_since.pop(name))
            if not planned or agent.plan.provisional:
                self._model_waiting_since.setdefault(name, wall)
            elif name in self._model_waiting_since:
                self.model_plan_wait_s.append(wall - self._model_waiting_since.pop(name))
            action = agent.current_action(now)
            if planned and action.activity != "sleep" and not action.address:
                self.placeless_minutes += minutes

    def result(self, wall: float) -> dict[str, Any]:
        """The figures, counting agents still waiting for a plan at the end as waiting until now."""
        waits = self.plan_wait_s + [wall - t for t in self._waiting_since.values()]
        model_waits = self.model_plan_wait_s + [wall - t for t in self._model_waiting_since.values()]
        return {
            "memorize_lag_p95_min": _p95(self.memory_lag_min),
            "memorize_lag_p50_min": round(float(np.median(self.memory_lag_min)), 2) if self.memory_lag_min else 0.0,
            "memories": len(self.memory_lag_min),
            "seeds_lag_p95_min": _p95(self.seed_lag_min),
            "seeds": len(self.seed_lag_min),
            "plan_ready_p95_s": _p95(waits),
            "plan_ready_max_s": round(max(waits), 1) if waits else 0.0,
            "plans": len(waits),
            "model_plan_p95_s": _p95(model_waits),
            "model_plan_max_s": round(max(model_waits), 1) if model_waits else 0.0,
            "placeless_minutes": round(self.placeless_minutes, 1),
        }


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Run the benchmark (see the module doc)."""
    from npc_brain.eval.runner import make_executor
    from npc_brain.eval.town import load_town_or_exit
    from npc_brain.runtime.simulation import Simulation
    from npc_brain.types.clock import GameClock

    town = load_town_or_exit(args.town, "bench lag", npcs=args.npcs, map_path=args.map,
                             personas_path=args.personas)
    backend = open_backend(args, n_parallel=max(1, args.workers) if args.workers else None)
    executor = make_executor(args.workers)
    start = datetime.fromisoformat(args.start)
    try:
        clock = GameClock(start)
        # As the demo: jobs wait in the scheduler's priority queue, not the pool's FIFO (without the
        # cap, memorizing that needs no model waited behind every plan submitted before it).
        sim = Simulation(town.world, town.personas, backend.model, clock, embedder=backend.embedder,
                         executor=executor, max_in_flight=args.workers if executor is not None else None)
        if args.detail == "coarse":
            sim.society.focus(())
        meter = LagMeter(sim.society)
        end = start + timedelta(hours=args.game_hours)
        t0 = time.perf_counter()
        last = t0
        while clock.now() < end:
            # Real time drives the clock, as in the game: a slow thought never holds it back.
            time.sleep(max(0.0, args.tick_s - (time.perf_counter() - last)))
            t = time.perf_counter()
            minutes = min((t - last) * args.speed, (end - clock.now()).total_seconds() / 60)
            last = t
            sim.step(minutes)
            meter.tick(clock.now(), t - t0, minutes)
        wall = time.perf_counter() - t0
        sim.shutdown()
    finally:
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)
        backend.close()
    result: dict[str, Any] = {"npcs": len(town.personas), **meter.result(wall)}
    result["targets"] = [
        {"metric": k, "ours": result[k], "target": f"≤ {v:g}", "met": "yes" if result[k] <= v else "no"}
        for k, v in TARGET.items()
    ]
    result.update(game_hours=args.game_hours, speed=args.speed, detail=args.detail, wall_s=round(wall, 1),
                  model=backend.description, start=args.start)
    return result
