"""Frame-time benchmark: does thinking ever stall the game loop?

`python -m npc_brain.bench frames --npcs 25 --seconds 30`

Runs the demo game's real frame loop headless (`demo_game.game.Game` with the SDL dummy
video driver: input, `Society.update()`, walking with pathfinding and rules, perception,
drawing the whole scene) for `--seconds` twice — brains on (the configured model thinking
on worker threads; measured once the model has loaded, while 25 agents plan their day, so
the engine never idles) and brains off (the game's `--backend off`: same loop, no minds) —
and reports per-frame work time (update + draw + flip): p50/p95/max ms and the % of frames
over 16.7 ms — plus what a player sees: delivered fps and the % of frame-to-frame intervals
over 25 ms (a dropped frame; CPU the model takes can delay the loop's sleep, not its work).
`--loop brain` measures a brain-only loop instead (no pygame needed): each
frame one headless `Simulation` step, without drawing; its baseline uses an instant
scripted model. The result says which loop ran.
"""
from __future__ import annotations

import argparse
import itertools
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any

import numpy as np

from npc_brain.eval.backend import add_model_arguments, open_backend

FRAME_MS = 1000.0 / 60.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `bench frames`."""
    parser.add_argument("--npcs", type=int, default=25)
    parser.add_argument("--seconds", type=float, default=30.0, help="wall seconds measured per run")
    parser.add_argument("--fps", type=int, default=60)
    parser.add_argument("--speed", type=int, default=1, choices=(1, 2, 4, 8), help="game speed multiplier")
    parser.add_argument("--minutes-per-second", type=float, default=1.0,
                        help="game minutes per wall second at ×1 (the demo's default: 1)")
    parser.add_argument("--workers", type=int, default=2, help="thinking threads")
    parser.add_argument("--wake-timeout", type=float, default=180.0, help="max seconds to wait for the model")
    parser.add_argument("--town", default="demo", choices=("demo", "tiny"), help="brain-only loop's town")
    parser.add_argument("--loop", default="auto", choices=("auto", "demo", "brain"),
                        help="auto: the demo game's loop if demo_game is importable, else the brain-only loop")
    add_model_arguments(parser, headless=False)


def frame_stats(frames_ms: list[float] | np.ndarray, budget_ms: float = FRAME_MS) -> dict[str, float]:
    """p50/p95/max frame ms and % of frames over budget (pure, for tests)."""
    arr = np.asarray(frames_ms, dtype=float)
    if arr.size == 0:
        return {"frames": 0, "p50_ms": 0.0, "p95_ms": 0.0, "max_ms": 0.0, "missed_pct": 0.0}
    return {
        "frames": int(arr.size),
        "p50_ms": round(float(np.percentile(arr, 50)), 3),
        "p95_ms": round(float(np.percentile(arr, 95)), 3),
        "max_ms": round(float(arr.max()), 3),
        "missed_pct": round(100.0 * float((arr > budget_ms).mean()), 2),
    }


def interval_stats(intervals_ms: list[float], budget_ms: float = FRAME_MS) -> dict[str, float]:
    """p95 frame-to-frame interval and % of intervals over 1.5 frames (a dropped frame)."""
    arr = np.asarray(intervals_ms, dtype=float)
    if arr.size == 0:
        return {"interval_p95_ms": 0.0, "dropped_pct": 0.0}
    return {"interval_p95_ms": round(float(np.percentile(arr, 95)), 2),
            "dropped_pct": round(100.0 * float((arr > 1.5 * budget_ms).mean()), 2)}


def brain_loop(town: Any, model: Any, embedder: Any, *, seconds: float, fps: float, speed: float,
               workers: int) -> tuple[list[float], int, list[float]]:
    """Frame work times (ms) of the brain-only loop, the model calls made, frame intervals (ms)."""
    from npc_brain.llm.accounting import AccountingModel
    from npc_brain.runtime.simulation import Simulation
    from npc_brain.types.clock import GameClock

    counted = AccountingModel(model)
    executor = ThreadPoolExecutor(max(1, workers), thread_name_prefix="npc_brain-frames")
    sim = Simulation(town.world, town.personas, counted, GameClock(datetime(2023, 2, 13, 7, 0)),
                     embedder=embedder, executor=executor)
    period = 1.0 / fps
    frames: list[float] = []
    stamps: list[float] = []
    start = time.perf_counter()
    deadline = start + seconds
    next_frame = start
    try:
        while True:
            t0 = time.perf_counter()
            if t0 >= deadline:
                break
            sim.step(speed / fps)
            frames.append((time.perf_counter() - t0) * 1000.0)
            stamps.append(time.perf_counter())
            next_frame += period
            pause = next_frame - time.perf_counter()
            if pause > 0:
                time.sleep(pause)
            else:
                next_frame = time.perf_counter()  # late: don't try to catch up with a burst
    finally:
        sim.shutdown()
        executor.shutdown(wait=False, cancel_futures=True)
    return frames, counted.snapshot().total.calls, [(b - a) * 1000.0 for a, b in itertools.pairwise(stamps)]


def demo_available() -> bool:
    """True when the demo game (and so pygame) can be imported."""
    try:
        import demo_game.game  # noqa: F401
    except ImportError:
        return False
    return True


def demo_loop(args: argparse.Namespace, backend: str) -> tuple[list[float], int, str, list[float]]:
    """Frame work times (ms) of the demo game's own loop, headless, the model calls, the model
    name, and the intervals between frame ends (ms: what a player sees, sleeps included).

    `backend`: the game's backend ("off" for the baseline). Frames are counted only once the
    minds are awake (the model loads on a background thread first).
    """
    from demo_game.brains import BrainState
    from demo_game.config import GameConfig
    from demo_game.game import Game

    overrides: dict[str, Any] = {}
    if getattr(args, "threads", None):
        overrides["threads"] = args.threads
    if getattr(args, "embedder", None):
        overrides["embedder"] = args.embedder
    if backend in ("embedded", "openai"):
        overrides["backend"] = backend
    cfg = GameConfig(headless=True, backend=backend, npcs=args.npcs, speed=args.speed,
                     minutes_per_second=args.minutes_per_second, fps=args.fps, hot_reload=False,
                     threads=max(1, args.workers), llm_overrides=overrides)
    game = Game(cfg)
    try:
        deadline = time.perf_counter() + args.wake_timeout
        while game.brains.state is BrainState.WAKING:
            if time.perf_counter() > deadline:
                raise SystemExit(f"bench frames: the model did not load in {args.wake_timeout:.0f} s")
            game.run(frames=game.frame + 30)
        if game.brains.state is BrainState.FAILED:
            raise SystemExit(f"bench frames: the model failed to load: {game.brains.message}")
        game.run(frames=game.frame + 30)  # the first frames with minds add 25 agents: not steady state
        game.frame_times.clear()
        calls0 = _calls(game)
        stamps: list[float] = []
        game.run(seconds=args.seconds, on_frame=lambda g, work: stamps.append(time.perf_counter()))
        frames = [t * 1000.0 for t in game.frame_times]
        intervals = [(b - a) * 1000.0 for a, b in itertools.pairwise(stamps)]
        return frames, _calls(game) - calls0, game.brains.model_name, intervals
    finally:
        game.close(wait=True)


def _calls(game: Any) -> int:
    usage = game.society.usage() if game.society is not None else None
    return usage.total.calls if usage is not None else 0


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Run brains on, then brains off; returns the issue's JSON keys plus both runs' rows."""
    use_demo = args.loop == "demo" or (args.loop == "auto" and demo_available())
    if args.loop == "demo" and not demo_available():
        raise SystemExit("bench frames --loop demo: demo_game (and pygame) cannot be imported")
    runs: dict[str, tuple[list[float], int, list[float]]] = {}
    if use_demo:
        model = {"auto": "auto", "embedded": "embedded", "openai": "openai", "scripted": "scripted"}.get(args.model)
        if model is None:
            raise SystemExit(f"bench frames: --model {args.model} is not a demo game backend")
        frames, calls, name, gaps = demo_loop(args, model)
        runs["brains on"] = (frames, calls, gaps)
        frames, calls, _, gaps = demo_loop(args, "off")
        runs["brains off"] = (frames, calls, gaps)
        loop, description = "demo_game headless (update + draw + flip)", f"{name} ({args.workers} brain threads)"
    else:
        from npc_brain.eval.scripted import scripted_model
        from npc_brain.eval.town import load_town_or_exit
        from npc_brain.llm.embedders import LexicalEmbedder

        backend = open_backend(args, n_parallel=max(1, args.workers), headless=False)
        try:
            speed = args.minutes_per_second * args.speed
            for label, model_, embedder in (("brains on", backend.model, backend.embedder),
                                            ("brains off", scripted_model(), LexicalEmbedder())):
                town = load_town_or_exit(args.town, "bench frames", npcs=args.npcs)
                runs[label] = brain_loop(town, model_, embedder, seconds=args.seconds, fps=args.fps,
                                         speed=speed, workers=args.workers)
        finally:
            backend.close()
        loop, description = "brain-only (Simulation step per frame, no drawing)", backend.description
    on, off = frame_stats(runs["brains on"][0]), frame_stats(runs["brains off"][0])
    return {
        "npcs": args.npcs,
        "p50_ms": on["p50_ms"], "p95_ms": on["p95_ms"], "max_ms": on["max_ms"], "missed_pct": on["missed_pct"],
        "baseline_p50_ms": off["p50_ms"], "baseline_p95_ms": off["p95_ms"], "baseline_max_ms": off["max_ms"],
        "baseline_missed_pct": off["missed_pct"],
        "loop": loop,
        "model": description,
        "fps": round(len(runs["brains on"][0]) / args.seconds, 1),
        "baseline_fps": round(len(runs["brains off"][0]) / args.seconds, 1),
        "runs": [{"run": label, **frame_stats(frames), "fps": round(len(frames) / args.seconds, 1),
                  **interval_stats(gaps), "model_calls": calls}
                 for label, (frames, calls, gaps) in runs.items()],
    }
