"""`drain`/`advance`: how far thinking may run behind the game clock in headless runs."""
from __future__ import annotations

from datetime import datetime, timedelta
from types import SimpleNamespace

from npc_brain.eval.runner import advance, drain

T0 = datetime(2023, 2, 13, 9, 0)


class FakeSociety:
    """Jobs finish one per `update()`, oldest first — a slow engine with one slot."""

    def __init__(self) -> None:
        self.jobs: list[SimpleNamespace] = []
        self.finished: list[datetime] = []
        self.scheduler = SimpleNamespace(in_flight=lambda: list(self.jobs))

    def submit(self, when: datetime) -> None:
        self.jobs.append(SimpleNamespace(submitted=when))

    def update(self) -> list:
        if self.jobs:
            self.finished.append(self.jobs.pop(0).submitted)
        return []


class FakeSim:
    """Each step submits one thought at the current game time, then advances the clock."""

    def __init__(self) -> None:
        self.society = FakeSociety()
        self.events: list = []
        self.now = T0
        self.clock = SimpleNamespace(now=lambda: self.now)

    def step(self, minutes: float) -> None:
        self.society.submit(self.now)
        self.now += timedelta(minutes=minutes)


def test_drain_before_waits_only_for_older_jobs():
    sim = FakeSim()
    for minutes in (0, 5, 10, 15):
        sim.society.submit(T0 + timedelta(minutes=minutes))
    drain(sim, before=T0 + timedelta(minutes=10), poll_s=0)
    assert sim.society.finished == [T0, T0 + timedelta(minutes=5)]
    assert [j.submitted for j in sim.society.jobs] == [T0 + timedelta(minutes=10), T0 + timedelta(minutes=15)]
    drain(sim, poll_s=0)
    assert sim.society.jobs == []


def test_advance_with_lag_lets_thoughts_overlap_and_ends_drained():
    lagged, strict = FakeSim(), FakeSim()
    seen: list[int] = []
    advance(lagged, 30, step_minutes=5, lag_minutes=10,
            on_step=lambda now: seen.append(len(lagged.society.jobs)))
    advance(strict, 30, step_minutes=5)
    # With a 10-minute lag up to two thoughts stay in flight between steps; none at the end.
    assert max(seen) == 2 and seen[-1] == 0
    assert lagged.society.jobs == [] and strict.society.jobs == []
    assert lagged.society.finished == strict.society.finished  # same thoughts, applied in order


def test_drain_sleeps_until_a_running_job_finishes_instead_of_polling():
    """An update of a 100-NPC town costs the game thread ~9 ms: polling it every 5 ms while the
    engine thinks took a core from the engine. Drain wakes when a job's future is done."""
    import threading
    from concurrent.futures import Future

    sim = FakeSim()
    future: Future[None] = Future()
    sim.society.jobs.append(SimpleNamespace(submitted=T0, future=future))
    updates = 0

    def update() -> list:
        nonlocal updates
        updates += 1
        sim.society.jobs[:] = [j for j in sim.society.jobs if not j.future.done()]
        return []

    sim.society.update = update
    threading.Timer(0.05, future.set_result, (None,)).start()
    drain(sim, poll_s=0.001, idle_s=60)
    assert future.done() and sim.society.jobs == []
    assert updates == 1  # woken once, by the job's end (polling every 1 ms made ~50 updates)
