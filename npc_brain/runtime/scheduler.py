"""Scheduler: runs thinking jobs off the game thread; their results land in `poll()`.

The one rule of the architecture: the game loop never waits for a language model. A job
is a zero-argument function (it reads an immutable snapshot and returns a value); it runs
on an injected executor, and its `on_done(value)` callback runs on the thread that calls
`poll()` — the game thread — so results are applied where the game state lives.

Invariants:
- at most one live job per (agent, purpose); a newer submit supersedes the older, whose
  result is discarded when it arrives;
- every state change goes through `JobState`'s transition table (illegal ones raise) and
  happens on the owner thread (submit/poll/cancel); worker threads only complete futures;
- `poll()` and `submit()` never wait on a job;
- over its budget (calls/tokens per game hour, kept by a `Ledger`) an agent's low-priority
  jobs wait as DEFERRED and are retried as game time frees budget — never silently dropped;
- waiting jobs go out best priority first, and with a `reserve` the town's jobs leave that
  many places free, so an URGENT job (the player's) is handed out the moment it arrives.

All methods except `charge()` belong to the owner thread.
"""
from __future__ import annotations

import concurrent.futures as cf
import functools
import itertools
import logging
import queue
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from datetime import datetime
from typing import Any, TypeVar

from npc_brain.runtime.jobs import Budget, Charged, JobState, JobStateError, Priority, SchedulerClosed, Usage
from npc_brain.runtime.ledger import Ledger
from npc_brain.types.clock import Now

log = logging.getLogger(__name__)

T = TypeVar("T")


__all__ = ["Job", "Scheduler"]


class Job:
    """One thinking job. Read-only for callers; the scheduler drives its state."""

    __slots__ = (
        "_fn",
        "_future",
        "_launch_error",
        "_light",
        "_on_done",
        "_on_error",
        "_state",
        "agent_id",
        "error",
        "id",
        "priority",
        "purpose",
        "result",
        "submitted",
        "usage",
    )

    def __init__(self, job_id: int, agent_id: Hashable, purpose: str, priority: int,
                 submitted: datetime | None, fn: Callable[[], Any],
                 on_done: Callable[[Any], object] | None,
                 on_error: Callable[[BaseException], object] | None) -> None:
        self.id = job_id
        self.agent_id = agent_id
        self.purpose = purpose
        self.priority = int(priority)
        self.submitted = submitted
        self.result: Any = None
        self.error: BaseException | None = None
        self.usage = Usage()
        self._state = JobState.PENDING
        self._fn = fn
        self._on_done = on_done
        self._on_error = on_error
        self._future: Future[Any] | None = None
        self._launch_error: BaseException | None = None
        self._light = False  # makes no model call: runs on the light executor, outside the cap

    @property
    def state(self) -> JobState:
        """Current lifecycle state."""
        return self._state

    @property
    def live(self) -> bool:
        """Not yet DONE/FAILED/SUPERSEDED/CANCELLED."""
        return not self._state.terminal

    @property
    def future(self) -> Future[Any] | None:
        """The executor's future once RUNNING (tests step it with `ManualExecutor.run`)."""
        return self._future

    def _advance(self, to: JobState) -> None:
        if not self._state.can_become(to):
            raise JobStateError(
                f"job {self.id} ({self.purpose}): {self._state} → {to} is illegal")
        self._state = to

    def __repr__(self) -> str:
        return (f"<Job {self.id} {self.agent_id!r}/{self.purpose} {self._state}"
                f" priority={self.priority}>")


class Scheduler:
    """Runs thinking jobs off the game thread, one live job per (agent, purpose).

    `executor`: where jobs run (default: a 2-thread pool owned and shut down by the
    scheduler). `now`: game clock, needed for budgets. `max_in_flight`: cap on jobs
    handed to the executor at once so priorities decide what runs next (None = no cap).
    `reserve`: how many of those `max_in_flight` places only URGENT jobs may take, so the
    player's job never waits for the town's to finish (the executor needs that many threads).
    `job_cost`: what a job costs when it does not return `Charged` (set `Usage()` if
    costs come in through `charge()` instead, to avoid counting twice). `light_executor`:
    where jobs submitted `light` (no model call: storing memories rated by rule) run, outside
    `max_in_flight`, so they never queue behind the model calls (default: `executor`).
    """

    def __init__(
        self,
        executor: Executor | None = None,
        *,
        now: Now | None = None,
        budget: Budget | None = None,
        max_in_flight: int | None = None,
        reserve: int = 0,
        job_cost: Usage = Usage(calls=1),
        on_error: Callable[[Job, BaseException], object] | None = None,
        light_executor: Executor | None = None,
    ) -> None:
        if budget is not None and now is None:
            raise ValueError("a budget needs game time: pass now=clock.now")
        if max_in_flight is not None and max_in_flight < 1:
            raise ValueError(f"max_in_flight must be >= 1 or None, got {max_in_flight}")
        if reserve and (max_in_flight is None or not 0 < reserve < max_in_flight):
            raise ValueError(f"reserve must be below max_in_flight, got {reserve} of"
                             f" {max_in_flight}")
        self._own_executor = executor is None
        self._executor = executor or ThreadPoolExecutor(2, thread_name_prefix="npc_brain-job")
        self._light_executor = light_executor
        self._now = now
        self._ledger = Ledger(now, budget)  # what each agent spent this game hour, and may spend
        self._max_in_flight = max_in_flight
        self._reserve = reserve
        self._reserve_watched = 0
        self._hold_below: int | None = None  # paused: jobs below this priority stay PENDING
        self._job_cost = job_cost
        self._on_error = on_error
        self._ids = itertools.count(1)
        self._slots: dict[tuple[Hashable, str], Job] = {}
        self._waiting: list[Job] = []  # PENDING or DEFERRED, not yet handed out
        self._busy: set[Job] = set()  # handed to the executor, completion not drained
        self._done: queue.SimpleQueue[Job] = queue.SimpleQueue()  # filled by worker threads
        self._closed = False
        # Whether waiting jobs may go out now where the last `_pump` left them waiting (a job
        # came, one ended, a setting changed); without budgets nothing else changes that, so a
        # frame's polls skip a pump that would hand out nothing.
        self._stale = False

    @property
    def reserve_watched(self) -> int:
        """Places besides `reserve` that only what a player watches (>= WATCHED) may take; a game
        that says who is in view sets it (`Society.focus`): a line of a talk on screen then never
        waits for the town's plans to finish."""
        return self._reserve_watched

    @reserve_watched.setter
    def reserve_watched(self, places: int) -> None:
        if places != self._reserve_watched:
            self._reserve_watched = places
            self._stale = True

    # -- submitting -------------------------------------------------------------------------

    def submit(
        self,
        agent_id: Hashable,
        purpose: str,
        fn: Callable[[], T | Charged[T]],
        *,
        on_done: Callable[[T], object] | None = None,
        on_error: Callable[[BaseException], object] | None = None,
        priority: int = Priority.NORMAL,
        light: bool = False,
    ) -> Job:
        """Queue `fn` for (agent, purpose), superseding any live job for that pair.

        `on_done(value)` / `on_error(exc)` run later inside `poll()` on the polling thread.
        `light`: `fn` makes no model call (see `light_executor`).
        """
        if self._closed:
            raise SchedulerClosed("the scheduler is shut down")
        if not callable(fn):
            raise TypeError("fn must be callable")
        key = (agent_id, str(purpose))
        older = self._slots.get(key)
        if older is not None and older.live:
            self._end(older, JobState.SUPERSEDED)
        job = Job(next(self._ids), agent_id, str(purpose), priority,
                  self._now() if self._now else None, fn, on_done, on_error)
        job._light = light and self._light_executor is not None
        self._slots[key] = job
        self._waiting.append(job)
        if self._stale or self._ledger.budgeted:
            self._pump()
        else:  # what waited could not go out and nothing freed a place: only this job may
            self._pump((job,))
        return job

    def _dispatch(self, job: Job) -> None:
        job._advance(JobState.RUNNING)
        try:
            future = (self._light_executor if job._light and self._light_executor else self._executor).submit(job._fn)
        except Exception as exc:  # noqa: BLE001 - any executor's refusal (shut down, broken) is reported at the next poll
            job._launch_error = exc
            self._done.put(job)
            return
        job._future = future
        self._busy.add(job)
        future.add_done_callback(functools.partial(self._arrived, job))

    def _arrived(self, job: Job, _future: Future[Any]) -> None:
        """Done-callback, on the worker thread: only hand the job over to poll()."""
        self._done.put(job)

    def _held_by_budget(self, job: Job) -> bool:
        if self._ledger.budget_for(job.agent_id) is None:
            return False
        running = sum(1 for j in self._busy if j.agent_id == job.agent_id)
        return self._ledger.holds(job.agent_id, job.priority, running)

    def _pump(self, candidates: tuple[Job, ...] | None = None) -> None:
        """Hand waiting jobs (or only `candidates` of them) to the executor, best priority first,
        within budget and cap."""
        if candidates is None:
            self._stale = False
        heavy = sum(1 for j in self._busy if not j._light)  # light jobs are outside the cap
        for job in sorted(self._waiting if candidates is None else candidates, key=lambda j: (-j.priority, j.id)):
            if self._held_by_budget(job):
                if job.state is JobState.PENDING:
                    job._advance(JobState.DEFERRED)
                continue
            if job.state is JobState.DEFERRED:
                job._advance(JobState.PENDING)
            if self._hold_below is not None and job.priority < self._hold_below:
                continue
            if self._max_in_flight is not None and not job._light:
                kept = 0 if job.priority >= Priority.URGENT else self._reserve
                if job.priority < Priority.WATCHED:
                    kept = min(self._max_in_flight - 1, kept + self.reserve_watched)
                if heavy >= self._max_in_flight - kept:
                    continue
            self._waiting.remove(job)
            self._dispatch(job)
            heavy += not job._light

    @property
    def max_in_flight(self) -> int | None:
        """The cap on jobs handed out at once (None: no cap)."""
        return self._max_in_flight

    @property
    def paused(self) -> bool:
        """True while `pause()` holds jobs back."""
        return self._hold_below is not None

    def pause(self, below: int = Priority.URGENT) -> None:
        """Start no job with a priority below `below` (they wait PENDING) until `resume()`;
        jobs already running finish and are applied as usual."""
        self._hold_below = int(below)
        self._stale = True

    def resume(self) -> None:
        """Hand out the jobs `pause()` held back."""
        if self._hold_below is not None:
            self._hold_below = None
            self._pump()

    # -- results ----------------------------------------------------------------------------

    def poll(self, max_results: int | None = None) -> list[Job]:
        """Apply finished jobs' results on this thread; never waits. Returns the jobs
        that reached DONE or FAILED here (superseded/cancelled results are discarded)."""
        finished: list[Job] = []
        # Only what had arrived when poll began: an on_done that submits an inline job
        # must not make this loop run forever.
        for _ in range(self._done.qsize()):
            if max_results is not None and len(finished) >= max_results:
                break
            try:
                job = self._done.get_nowait()
            except queue.Empty:
                break
            self._busy.discard(job)
            if job.state is JobState.RUNNING:
                self._apply(job)
                finished.append(job)
            else:  # superseded/cancelled: drop the result, but what it spent was spent
                self._charge_discarded(job)
            self._stale = True  # a place came free
        if self._stale or self._ledger.budgeted:  # a budget frees up as game time passes
            self._pump()
        return finished

    def _apply(self, job: Job) -> None:
        future = job._future
        if self._slots.get((job.agent_id, job.purpose)) is job:
            del self._slots[(job.agent_id, job.purpose)]
        if future is not None and future.cancelled():  # someone cancelled it under us
            self._fail(job, cf.CancelledError(f"job {job.id} was cancelled by its executor"))
            return
        error = job._launch_error if future is None else future.exception()
        if error is not None:
            self._charge_job(job, self._job_cost)
            self._fail(job, error)
            return
        value = future.result() if future is not None else None
        cost = self._job_cost
        if isinstance(value, Charged):
            cost, value = Usage(value.calls, value.tokens), value.value
        self._charge_job(job, cost)
        job.result = value
        try:
            if job._on_done is not None:
                job._on_done(value)
        except Exception as exc:  # noqa: BLE001 - a broken callback must not break the game loop
            self._fail(job, exc)
            return
        job._advance(JobState.DONE)

    def _charge_discarded(self, job: Job) -> None:
        future = job._future
        if future is None or future.cancelled():
            return  # never ran
        if future.exception() is None and isinstance(future.result(), Charged):
            value = future.result()
            self._charge_job(job, Usage(value.calls, value.tokens))
        else:
            self._charge_job(job, self._job_cost)

    def _fail(self, job: Job, error: BaseException) -> None:
        job.error = error
        job._advance(JobState.FAILED)
        try:
            if job._on_error is not None:
                job._on_error(error)
            elif self._on_error is not None:
                self._on_error(job, error)
            else:
                log.warning("%r failed: %r", job, error, exc_info=error)
        except Exception:
            log.exception("error handler of %r raised", job)

    # -- budget -----------------------------------------------------------------------------

    def _charge_job(self, job: Job, cost: Usage) -> None:
        job.usage = cost
        if cost.calls or cost.tokens:
            self.charge(job.agent_id, cost.calls, cost.tokens)

    def charge(self, agent_id: Hashable, calls: int = 1, tokens: int = 0) -> None:
        """Record LLM usage for an agent at the current game time (any thread)."""
        self._ledger.charge(agent_id, calls, tokens)

    def usage(self, agent_id: Hashable) -> Usage:
        """Calls and tokens charged to the agent during the last game hour."""
        return self._ledger.usage(agent_id)

    def reset_usage(self, agent_id: Hashable | None = None) -> None:
        """Forget charged usage (all agents when None), e.g. after loading a save."""
        self._ledger.reset(agent_id)

    def set_budget(self, agent_id: Hashable, budget: Budget | None) -> None:
        """Give one agent its own budget (None = unlimited) instead of the default."""
        self._ledger.set_budget(agent_id, budget)
        self._stale = True

    def budget_for(self, agent_id: Hashable) -> Budget | None:
        """The budget that applies to this agent."""
        return self._ledger.budget_for(agent_id)

    # -- inspection and cancellation --------------------------------------------------------

    def jobs(self, agent_id: Hashable | None = None) -> list[Job]:
        """Live jobs (pending, deferred or running), oldest first."""
        live = [j for j in self._slots.values() if j.live]
        if agent_id is not None:
            live = [j for j in live if j.agent_id == agent_id]
        return sorted(live, key=lambda j: j.id)

    def in_flight(self, agent_id: Hashable | None = None) -> list[Job]:
        """Jobs pending or running — what the "…" thinking bubble shows."""
        return [j for j in self.jobs(agent_id) if j.state is not JobState.DEFERRED]

    def deferred(self, agent_id: Hashable | None = None) -> list[Job]:
        """Jobs held back by a budget, to be retried as it frees up."""
        return [j for j in self.jobs(agent_id) if j.state is JobState.DEFERRED]

    def job_for(self, agent_id: Hashable, purpose: str) -> Job | None:
        """The live job for (agent, purpose), if any."""
        job = self._slots.get((agent_id, str(purpose)))
        return job if job is not None and job.live else None

    def _end(self, job: Job, state: JobState) -> None:
        job._advance(state)
        if job in self._waiting:
            self._waiting.remove(job)
        if job._future is not None:
            job._future.cancel()  # best effort: a job already running finishes unseen
        key = (job.agent_id, job.purpose)
        if self._slots.get(key) is job:
            del self._slots[key]

    def cancel(self, job: Job) -> bool:
        """Cancel one live job (its result will be ignored); False if it had ended."""
        if not job.live:
            return False
        self._end(job, JobState.CANCELLED)
        return True

    def cancel_agent(self, agent_id: Hashable) -> list[Job]:
        """Cancel every live job of an agent (e.g. it left the map)."""
        return [j for j in self.jobs(agent_id) if self.cancel(j)]

    def drop_all(self) -> list[Job]:
        """Cancel every live job, e.g. on load; returns them so the caller can re-issue."""
        return [j for j in self.jobs() if self.cancel(j)]

    # -- lifecycle --------------------------------------------------------------------------

    @property
    def closed(self) -> bool:
        """True after shutdown()."""
        return self._closed

    def shutdown(self, wait: bool = True) -> None:
        """Cancel live jobs and stop. With `wait`, block until running job functions return."""
        if self._closed:
            return
        self._closed = True
        running = [j._future for j in self._busy if j._future is not None]
        self.drop_all()
        if self._own_executor:
            self._executor.shutdown(wait=wait, cancel_futures=True)
        elif wait:
            cf.wait(running)

    def __enter__(self) -> Scheduler:
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown(wait=True)
