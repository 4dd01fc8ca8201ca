"""Frame-time measurement of the demo town, headless at a 60 FPS target.

    python -m demo_game.frametimes --npcs 10 25 --backend embedded off --seconds 30

For each (backend, NPC count) it runs the real game loop headless and reports frame work time
(update + draw + flip, the part of 16.7 ms the game uses) as p50/p95/max, the share of frames
over the 16.7 ms budget, the achieved frame rate and late frames (more than 20 ms after the
previous one: what the player sees as a hitch, whatever its cause), and how often jobs were in flight
(so "while the model thinks" is checked, not assumed). Timing starts once the minds are awake.
"""
from __future__ import annotations

import argparse
import os
import statistics
import time
from dataclasses import dataclass

BUDGET_S = 1 / 60


@dataclass(frozen=True)
class FrameStats:
    """Frame work times of one run, in milliseconds."""

    backend: str
    npcs: int
    frames: int
    p50_ms: float
    p95_ms: float
    max_ms: float
    over_budget_pct: float
    thinking_pct: float
    llm_calls: int
    fps: float
    late_pct: float  # frames that came more than 20 ms after the previous one (a visible hitch)

    def row(self) -> str:
        """One line of the report table."""
        return (f"{self.backend:9} {self.npcs:5} {self.frames:7} {self.p50_ms:7.2f} {self.p95_ms:7.2f} "
                f"{self.max_ms:8.2f} {self.over_budget_pct:8.2f}% {self.thinking_pct:8.1f}% {self.llm_calls:6} "
                f"{self.fps:6.1f} {self.late_pct:7.2f}%")


HEADER = "backend    npcs  frames  p50 ms  p95 ms   max ms  >16.7ms  thinking  calls    fps  late>20ms"


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def measure(npcs: int, *, backend: str = "embedded", seconds: float = 30.0, speed: int = 1,
            warmup_s: float = 2.0, wake_timeout_s: float = 60.0) -> FrameStats:
    """Run the town headless for `seconds` after the minds wake and collect frame work times."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    from demo_game.config import GameConfig
    from demo_game.game import Game

    game = Game(GameConfig(headless=True, backend=backend, npcs=npcs, speed=speed, hot_reload=False))
    samples: list[float] = []
    intervals: list[float] = []
    thinking = 0
    state: dict[str, float | None] = {"start": None}
    try:
        deadline = time.perf_counter() + wake_timeout_s

        def on_frame(g: Game, work: float) -> None:
            nonlocal thinking
            now = time.perf_counter()
            if state["start"] is None:
                if g.society is not None or backend == "off":
                    state["start"] = now + warmup_s
                elif now > deadline:
                    raise RuntimeError(f"the minds did not wake within {wake_timeout_s:.0f} s: {g.brains.message}")
                return
            if now < state["start"]:
                return
            samples.append(work)
            if g.frame_intervals:
                intervals.append(g.frame_intervals[-1])
            if g.society is not None and g.society.scheduler.in_flight():
                thinking += 1
            if now - state["start"] >= seconds:
                g.running = False

        game.run(on_frame=on_frame)
        usage = game.brains.usage(max_age=0)
        calls = usage.total.calls if usage is not None else 0
        n = len(samples)
        ms = [s * 1000 for s in samples]
        return FrameStats(
            backend=backend, npcs=npcs, frames=n,
            p50_ms=statistics.median(ms), p95_ms=_percentile(ms, 0.95), max_ms=max(ms),
            over_budget_pct=100.0 * sum(1 for s in samples if s > BUDGET_S) / n,
            thinking_pct=100.0 * thinking / n, llm_calls=calls, fps=n / seconds,
            late_pct=100.0 * sum(1 for i in intervals if i > 0.020) / max(1, len(intervals)),
        )
    finally:
        game.close(wait=True)  # let running calls finish, then free the model before the next run


def main(argv: list[str] | None = None) -> int:
    """CLI: a table of frame times for every backend × NPC count asked for."""
    p = argparse.ArgumentParser(prog="python -m demo_game.frametimes", description=__doc__.splitlines()[0])
    p.add_argument("--npcs", type=int, nargs="+", default=[10, 25])
    p.add_argument("--backend", nargs="+", default=["embedded", "off"])
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--speed", type=int, default=1)
    a = p.parse_args(argv)
    print(HEADER, flush=True)
    for backend in a.backend:
        for n in a.npcs:
            print(measure(n, backend=backend, seconds=a.seconds, speed=a.speed).row(), flush=True)
    return 0


if __name__ == "__main__":
    code = main()
    os._exit(code)  # worker threads may still be inside a model call
