"""Dispatcher: where a society's thinking runs — its threads, its scheduler and its call gate.

An agent's due thoughts go out as jobs (`think`), each job's model calls through a `MeteredModel`
(counted for the agent's budget, and waiting at the gate by the job's priority). A model failure
comes back as the job's own events and a retry later; any other exception is a bug, kept and
re-raised on the game thread (`poll`).
"""
from __future__ import annotations

from collections.abc import Callable, Container
from concurrent.futures import Executor, ThreadPoolExecutor
from datetime import datetime
from typing import Any

from npc_brain.llm.errors import LLMError
from npc_brain.llm.protocols import ChatModel
from npc_brain.llm.readahead import caches_prompts
from npc_brain.runtime import thoughts
from npc_brain.runtime.agent import Agent
from npc_brain.runtime.call_gate import CallGate, probe_of
from npc_brain.runtime.jobs import Budget, Charged, Priority, Usage
from npc_brain.runtime.metered import MeteredModel
from npc_brain.runtime.scheduler import Scheduler
from npc_brain.runtime.settings import BrainSettings
from npc_brain.types.events import Event

__all__ = ["THINKING_THREADS", "Dispatcher"]

THINKING_THREADS = 4
"""Threads of the pool a Society makes when given no executor: one per engine slot of the embedded
model (`LLMSettings.n_parallel` 5 = these 4 + the player's read-ahead)."""


class Dispatcher:
    """The machinery a `Society` thinks with. `model()` is the society's model now (a game may
    swap it); what jobs apply or fail with is added to `events`.

    Given no executor it makes a pool of `THINKING_THREADS` and caps the jobs handed out to
    match. With `settings.player_first` and a cap above 1 it keeps a place for the player's
    jobs, gates the town's model calls (`gate`), stores memories rated by rule on a thread of
    their own, and reads ahead (`reader`, when the model keeps prompts) on another.
    """

    def __init__(self, model: Callable[[], ChatModel], settings: BrainSettings, events: list[Event], *,
                 now: Callable[[], datetime], executor: Executor | None = None,
                 max_in_flight: int | None = None) -> None:
        s = settings
        self._model = model
        self._player_first = s.player_first
        self._events = events
        self._pool: ThreadPoolExecutor | None = None
        if executor is None:
            # The right thing without asking: a capped pool, so a reply overtakes the town's backlog
            # (a plain FIFO pool made the README's Society answer the player after 27-240 s).
            executor = self._pool = ThreadPoolExecutor(THINKING_THREADS, thread_name_prefix="npc_brain-think")
            max_in_flight = THINKING_THREADS if max_in_flight is None else max_in_flight
        budget = None
        if s.budget_calls_per_hour is not None or s.budget_tokens_per_hour is not None:
            budget = Budget(s.budget_calls_per_hour, s.budget_tokens_per_hour)
        # `max_in_flight` keeps jobs in the scheduler's priority queue instead of the executor's
        # FIFO, so a reply to the player overtakes a backlog of day plans.
        # Player first needs jobs running side by side (a pool with a cap): inline, there is
        # nothing to overtake, and a held call would hold the game thread.
        first = s.player_first and max_in_flight is not None and max_in_flight > 1
        # Beside a capped pool, memories rated by rule are stored on a thread of their own.
        self._light = ThreadPoolExecutor(1, thread_name_prefix="npc_brain-memorize") if first else None
        self.scheduler = Scheduler(executor, now=now, budget=budget, job_cost=Usage(),
                                   max_in_flight=max_in_flight, reserve=1 if first else 0,
                                   light_executor=self._light)
        self.gate = CallGate(engaged_limit=s.engaged_background_calls, probe=probe_of(model())) if first else None
        self.read_ahead = s.read_ahead and caches_prompts(model())
        # Beside a pool, read-aheads get a thread of their own: the place kept for the reply stays free.
        self.reader = ThreadPoolExecutor(1, thread_name_prefix="npc_brain-read-ahead") \
            if self.read_ahead and first else None
        self._crash: BaseException | None = None
        self._recoveries = 0  # the server outages already answered (`CallGate.recoveries`)

    def meter(self) -> MeteredModel:
        """A fresh view of the model for one job."""
        return MeteredModel(self._model(), self.gate)

    def submit(self, name: str, key: str, run: Callable[[], Any], apply: Callable[[Any], list[Event]],
               fail: Callable[[BaseException], list[Event]], priority: int, meter: MeteredModel,
               light: bool = False) -> None:
        """Queue a job whose model calls go through `meter`, so the scheduler's budget sees them
        (and the gate its priority)."""
        meter.priority = priority

        def charged() -> Charged[Any]:
            value = run()
            return Charged(value, meter.calls, meter.tokens)

        def failed(exc: BaseException) -> None:
            self._events.extend(fail(exc))
            if not isinstance(exc, LLMError) and self._crash is None:
                self._crash = exc  # a bug (or a diverged replay), not a model failure: surface it

        self.scheduler.submit(
            name, key, charged,
            on_done=lambda value: self._events.extend(apply(value)),
            on_error=failed,
            priority=priority,
            light=light,
        )

    def think(self, agent: Agent, now: datetime, can_talk: Callable[[str], bool], players: Container[str]) -> int:
        """Submit `agent`'s due thoughts (`thoughts.begin`); returns how many went out."""
        submitted = 0
        for thought in agent.due_thoughts(now):
            meter = self.meter()
            job = thoughts.begin(agent, thought, now, meter, can_talk=can_talk)
            if job is not None:
                # Noticing the player is the player's business: it goes first.
                player = self._player_first and job.subject in players
                self.submit(agent.name, job.thought.value, job.run, job.apply, job.fail,
                            Priority.URGENT if player else job.priority, meter, light=job.light)
                submitted += 1
        return submitted

    def poll(self, events: list[Event]) -> None:
        """Apply finished jobs and move what happened since into `events`; then raise the bug a
        job ran into, if any (on the game thread)."""
        self.scheduler.poll()
        if self._events:
            events.extend(self._events)
            self._events.clear()
        if self._crash is not None:
            crash, self._crash = self._crash, None
            raise crash

    def hold(self, paused: bool) -> None:
        """While `paused`, start no new thinking (what is out finishes); after, go on."""
        if paused and not self.scheduler.paused:
            self.scheduler.pause()
        elif not paused and self.scheduler.paused:
            self.scheduler.resume()

    def recovered(self) -> bool:
        """Whether the model's server came back since the last call (what failed may retry now)."""
        if self.gate is None or self.gate.recoveries == self._recoveries:
            return False
        self._recoveries = self.gate.recoveries
        return True

    def watch(self, watching: bool) -> None:
        """A player watches (a game says who is in view) or not: while one does, one place of a
        capped pool waits for what they see (4 places: the player's, one for talks in view, two
        for the town's plans)."""
        if self.gate is not None and self.scheduler.max_in_flight and self.scheduler.max_in_flight > 2:
            self.scheduler.reserve_watched = 1 if watching else 0

    def engage(self, engaged: bool) -> None:
        """A player is (or no longer is) engaged: the town's model calls are throttled meanwhile."""
        if self.gate is not None:
            self.gate.set_engaged(engaged)

    def shutdown(self) -> None:
        """Cancel jobs and release the threads (the model stays open)."""
        if self.gate is not None:
            self.gate.close()  # calls held at the gate go, so worker threads can end
        self.scheduler.shutdown(wait=False)
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        if self._light is not None:
            self._light.shutdown(wait=False, cancel_futures=True)
