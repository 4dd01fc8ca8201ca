"""A simulation to interview: loaded from a save (e.g. a Valentine run) or simulated fresh."""
from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from npc_brain.eval.backend import Backend, add_model_arguments, open_backend
from npc_brain.eval.report import read_json
from npc_brain.eval.town import add_town_arguments, load_town, think_lag


def add_session_arguments(parser: argparse.ArgumentParser, *, npcs: int, hours: float) -> None:
    """--save, --hours, --start, town and model options."""
    parser.add_argument("--save", default=None,
                        help="a save to interview (e.g. out/eval-*/valentine.sqlite); default: simulate fresh")
    parser.add_argument("--hours", type=float, default=hours,
                        help="game hours to simulate first when there is no --save (default: %(default)s)")
    parser.add_argument("--start", default="2023-02-13 07:00", help="fresh simulation start (ISO)")
    parser.add_argument("--out", default=None, help="output folder (default: out/eval-<timestamp>)")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    add_town_arguments(parser, npcs=npcs)
    add_model_arguments(parser)


@dataclass
class Session:
    """The simulation, the backend it runs on, and where its agents' memories came from."""

    sim: Any
    backend: Backend
    source: str
    executor: Any = None

    def close(self) -> None:
        """Stop thinking and release the model."""
        self.sim.shutdown()
        if self.executor is not None:
            self.executor.shutdown(wait=True, cancel_futures=True)
        self.backend.close()


def open_session(args: argparse.Namespace, *, keep: tuple[str, ...] = (),
                 on_step: Callable[[Any, datetime], None] | None = None,
                 settings: Any = None) -> Session:
    """Load `args.save` (town settings from its run's state when next to it) or simulate fresh.

    `keep`: names that must be among the agents of a fresh simulation; `on_step(sim, now)` is
    called after each step of it (to script events); `settings`: the agents' `BrainSettings`.
    """
    from npc_brain.eval.runner import Progress, advance, make_executor, settle
    from npc_brain.eval.town import pick
    from npc_brain.llm.accounting import AccountingModel
    from npc_brain.runtime.simulation import Simulation
    from npc_brain.types.clock import GameClock

    town_kind, map_path, personas_path = args.town, args.map, args.personas
    if args.save:
        state_file = Path(args.save).with_name("valentine_state.json")
        if state_file.exists():
            cfg = read_json(state_file)["config"]
            town_kind, map_path, personas_path = cfg["town"], cfg["map"], cfg["personas"]
    town = load_town(town_kind, map_path=map_path, personas_path=personas_path)
    backend = open_backend(args, n_parallel=max(1, args.workers) if args.workers else None)
    executor = make_executor(args.workers)
    model = AccountingModel(backend.model)
    clock = GameClock(datetime.fromisoformat(args.start))
    if args.save:
        sim = Simulation(town.world, [], model, clock, embedder=backend.embedder, executor=executor,
                         settings=settings)
        when = sim.society.load(args.save)
        return Session(sim, backend, f"save {args.save} (game time {when:%Y-%m-%d %H:%M})", executor)
    personas = pick(town.personas, args.npcs, keep=keep + tuple(p.name for p in town.personas[:2]))
    sim = Simulation(town.world, personas, model, clock, embedder=backend.embedder, executor=executor,
                     settings=settings)
    progress = Progress("simulate", enabled=not args.quiet)
    settle(sim)
    hook = None if on_step is None else lambda now: on_step(sim, now)
    advance(sim, args.hours * 60, step_minutes=args.step_minutes, progress=progress,
            lag_minutes=think_lag(args), on_step=hook)
    progress.done()
    return Session(sim, backend, f"fresh simulation of {len(personas)} agents from {args.start} "
                                 f"for {args.hours:g} game hours ({town.source})", executor)
