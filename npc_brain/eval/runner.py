"""Driving a headless `Simulation` for benchmarks and evaluations, with a progress line.

`Simulation.step` never waits for thinking. With the default inline executor every job
finishes inside the step (deterministic, one model request at a time). With a thread pool
(`workers > 0`) several agents think at once — what the embedded engine's parallel slots
are for — and `drain()` waits after each step until the thinking submitted so far is
applied, so game time never outruns thought: the headless analogue of "the NPC had time
to think".
"""
from __future__ import annotations

import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from datetime import datetime, timedelta
from typing import Any, TextIO


class Progress:
    """A plain stderr progress line: label, game time, model calls, tokens, wall time.

    On a terminal the line is rewritten in place (at most 5×/s); otherwise a line is
    printed every `every_s` seconds, so logs stay readable. No dependencies.
    """

    def __init__(self, label: str, *, stream: TextIO | None = None, every_s: float = 30.0,
                 enabled: bool = True) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.every_s = 0.2 if self.tty else every_s
        self.enabled = enabled
        self._start = time.perf_counter()
        self._last = -1e9
        self._shown = False

    def update(self, now: datetime, calls: int, tokens: int, note: str = "", *, force: bool = False) -> None:
        """Show the current state (rate-limited unless `force`)."""
        if not self.enabled:
            return
        t = time.perf_counter()
        if not force and t - self._last < self.every_s:
            return
        self._last = t
        wall = int(t - self._start)
        line = (f"[{self.label}] game {now:%a %b %d %H:%M}  calls {calls}  tokens {tokens / 1000:.1f}k  "
                f"wall {wall // 60}m{wall % 60:02d}s" + (f"  {note}" if note else ""))
        if self.tty:
            self.stream.write("\r" + line.ljust(100)[:160])
        else:
            self.stream.write(line + "\n")
        self.stream.flush()
        self._shown = True

    def done(self) -> None:
        """End the line (terminal only)."""
        if self.enabled and self.tty and self._shown:
            self.stream.write("\n")
            self.stream.flush()


def make_executor(workers: int) -> Executor | None:
    """None (the Simulation's inline executor) for 0 workers, else a thread pool."""
    return ThreadPoolExecutor(workers, thread_name_prefix="npc_brain-eval") if workers > 0 else None


def drain(sim: Any, *, poll_s: float = 0.005, timeout_s: float | None = None) -> None:
    """Apply thinking until no job is in flight (jobs a job's result chains are included)."""
    society = sim.society
    deadline = None if timeout_s is None else time.perf_counter() + timeout_s
    while society.scheduler.in_flight():
        if deadline is not None and time.perf_counter() > deadline:
            break
        time.sleep(poll_s)
        sim.events.extend(society.update())


def usage_totals(society: Any) -> tuple[int, int]:
    """(calls, tokens) the society's accounting model has seen."""
    snap = society.usage()
    if snap is None:
        return 0, 0
    return snap.total.calls, snap.total.total_tokens


def advance(
    sim: Any,
    minutes: float,
    *,
    step_minutes: float = 5,
    progress: Progress | None = None,
    on_step: Callable[[datetime], None] | None = None,
) -> float:
    """Step the simulation `minutes` game minutes (draining after each step); returns wall s."""
    t0 = time.perf_counter()
    end = sim.clock.now() + timedelta(minutes=minutes)
    while sim.clock.now() < end:
        sim.step(step_minutes)
        drain(sim)
        now = sim.clock.now()
        if progress is not None:
            calls, tokens = usage_totals(sim.society)
            progress.update(now, calls, tokens)
        if on_step is not None:
            on_step(now)
    return time.perf_counter() - t0


def settle(sim: Any) -> None:
    """Let the first thoughts (seed memories, day plans) run without advancing game time."""
    sim.events.extend(sim.society.update())
    drain(sim)
