"""Driving a headless `Simulation` for benchmarks and evaluations, with a progress line.

`Simulation.step` never waits for thinking. With the default inline executor every job
finishes inside the step (deterministic, one model request at a time). With a thread pool
(`workers > 0`) several agents think at once — what the embedded engine's parallel slots
are for — and `drain()` waits after each step until the thinking submitted before a
cut-off is applied, so game time never outruns thought by more than `lag_minutes`: the
headless analogue of "the NPC took a few minutes to think". A lag of 0 waits for
everything after every step (one agent's chain of calls then idles the other slots); a
few game minutes let chains of different agents overlap on the engine's slots, which is
what a live game does anyway.
"""
from __future__ import annotations

import concurrent.futures as cf
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


def drain(sim: Any, *, before: datetime | None = None, poll_s: float = 0.005,
          timeout_s: float | None = None, idle_s: float = 1.0) -> None:
    """Apply thinking until no job is in flight (jobs a job's result chains are included).

    With `before`, only jobs submitted before that game time are waited for; younger ones
    keep running while the simulation goes on. Between updates it sleeps until a running job
    finishes (at most `idle_s`), not `poll_s`: an update of a 100-NPC town costs ~9 ms of the
    game thread, and polling it every few ms took a core from the engine it was waiting for.
    `poll_s` is the pause when no job is running yet (all waiting for a place).
    """
    society = sim.society
    deadline = None if timeout_s is None else time.perf_counter() + timeout_s
    while _waiting(jobs := society.scheduler.in_flight(), before):
        if deadline is not None and time.perf_counter() > deadline:
            break
        _wait_any(jobs, poll_s, idle_s)
        sim.events.extend(society.update())


def _wait_any(jobs: list[Any], poll_s: float, idle_s: float) -> None:
    """Sleep until one of the running jobs finishes (or `idle_s`); `poll_s` if none runs."""
    futures = [f for j in jobs if (f := getattr(j, "future", None)) is not None]
    if futures:
        cf.wait(futures, timeout=idle_s, return_when=cf.FIRST_COMPLETED)
    elif poll_s > 0:
        time.sleep(poll_s)


def _waiting(jobs: list[Any], before: datetime | None) -> bool:
    if before is None:
        return bool(jobs)
    return any(j.submitted is None or j.submitted < before for j in jobs)


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
    lag_minutes: float = 0,
) -> float:
    """Step the simulation `minutes` game minutes; returns wall s.

    After each step, thinking submitted more than `lag_minutes` game minutes ago is
    waited for; at the end everything is, so a save or an interview sees all of it.
    """
    t0 = time.perf_counter()
    end = sim.clock.now() + timedelta(minutes=minutes)
    lag = timedelta(minutes=lag_minutes)
    while sim.clock.now() < end:
        sim.step(step_minutes)
        now = sim.clock.now()
        drain(sim, before=now - lag if lag else None)
        if now >= end:
            drain(sim)
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
