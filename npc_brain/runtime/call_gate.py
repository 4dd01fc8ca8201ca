"""CallGate: the player's model calls go first, the town's wait at the door.

Every model call of a job passes the gate with the job's priority. Urgent calls (what the
player triggers) never wait. A background call waits before it starts while an urgent call
is out, and while the player is engaged (a conversation with an NPC is open) at most
`engaged_limit` background calls run at once. This works between calls, on any backend;
a backend that can stop a request (the embedded engine; an OpenAI-compatible server, by
closing the stream) also stops the background calls already running when an urgent one
starts (`npc_brain.llm.preemption`), and `run` sends them again when they may. The
scheduler's reserved place gives the urgent job a worker thread and an engine slot to run on.
Every call also carries a server priority (0 for the player's, more for the town's) that a
backend may send to a server scheduling by priority (vLLM; `LLMSettings.server_priority`).

When a call finds the server unreachable (`LLMUnreachable`), the gate holds the town's calls
(the player's still go, and fail at once) and a cheap `probe` runs every `probe_interval_s`
off the game thread; the first answer lets the held calls go. Before, each thought failed in
turn and waited out its retry backoff: the first call after a server restart came ~25 s late.

Measured (`bench reply --npcs 10`, embedded model on 2 cores; docs/ARCHITECTURE.md has all
runs): full-line p95 46.5 s → 2.6 s with the reserve, the gate and preemption.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from npc_brain.llm.errors import LLMUnavailable, LLMUnreachable
from npc_brain.llm.preemption import Preempted, preemptible, sent_with_priority
from npc_brain.runtime.jobs import Priority

T = TypeVar("T")

__all__ = ["CallGate", "probe_of"]


def probe_of(model: object) -> Callable[[], bool] | None:
    """The `ping` of `model`, or of the backend under its wrappers' `inner` (None: it has none,
    as the embedded engine, which is never unreachable)."""
    for _ in range(16):
        ping = getattr(model, "ping", None)
        if callable(ping):
            return ping  # type: ignore[no-any-return]
        model = getattr(model, "inner", None)
        if model is None:
            return None
    return None


class CallGate:
    """Holds background model calls back while the player's are out (thread-safe).

    `urgent`: the priority from which a call is the player's. `engaged_limit`: background
    calls allowed at once while the player is engaged. `max_wait_s`: a background call that
    waited this long goes anyway, so a chatty player never starves the town.
    `max_preemptions`: how often one background call may be stopped before it runs through.
    `probe`: True when the server answers (a cheap request, e.g. `OpenAIModel.ping`); without
    one an unreachable server is not waited out. The probe runs on a thread of its own.
    """

    def __init__(self, *, urgent: int = Priority.URGENT, engaged_limit: int = 1,
                 max_wait_s: float = 20.0, max_preemptions: int = 3,
                 probe: Callable[[], bool] | None = None, probe_interval_s: float = 1.0) -> None:
        if engaged_limit < 0:
            raise ValueError(f"engaged_limit must be >= 0, got {engaged_limit}")
        self.urgent = int(urgent)
        self.engaged_limit = engaged_limit
        self.max_wait_s = max_wait_s
        self._cond = threading.Condition()
        self._urgent_out = 0
        self._background_out = 0
        self._engaged = False
        self._closed = False
        self.max_preemptions = max_preemptions
        self._waiting = 0
        self.held = 0  # background calls that had to wait
        self.held_s = 0.0  # and how long, in total
        self.preempted = 0  # background calls stopped for an urgent one (and sent again)
        self.probe = probe
        self.probe_interval_s = probe_interval_s
        self._down_since: float | None = None  # the server was found unreachable (perf_counter)
        self.outages = 0  # times the server was found unreachable
        self.down_s = 0.0  # and for how long in all (ended outages)
        self.probes = 0  # probe requests sent
        self.recoveries = 0  # times a probe found the server back

    @property
    def engaged(self) -> bool:
        """True while the player is in a conversation."""
        return self._engaged

    def set_engaged(self, engaged: bool) -> None:
        """The player opened (True) or left (False) a conversation."""
        with self._cond:
            self._engaged = bool(engaged)
            self._cond.notify_all()

    @property
    def down(self) -> bool:
        """True while the server is unreachable (the town's calls are held until it answers)."""
        return self._down_since is not None

    def _may_start(self) -> bool:
        if self._closed:
            return True
        if self._urgent_out or self._down_since is not None:
            return False
        return not self._engaged or self._background_out < self.engaged_limit

    def _hold(self) -> None:
        """Wait (inside the condition's lock) until a background call may start. Giving way to
        the player ends after `max_wait_s` (the town is never starved); a server that is down
        is waited out, however long, until the probe finds it back (or the gate closes)."""
        start = time.perf_counter()
        deadline = start + self.max_wait_s
        self._waiting += 1
        try:
            while not self._may_start():
                if self._down_since is not None:
                    self._cond.wait()  # woken when the probe finds the server, or on close
                    continue
                left = deadline - time.perf_counter()
                if left <= 0:
                    break
                self._cond.wait(timeout=left)
        finally:
            self._waiting -= 1
        self.held += 1
        self.held_s += time.perf_counter() - start

    @contextmanager
    def call(self, priority: int) -> Iterator[None]:
        """Wrap one model call: waits first if it is background work that must give way."""
        urgent = priority >= self.urgent
        with self._cond:
            if not urgent and not self._may_start():
                self._hold()
            if self._closed:  # shutting down: no call starts, the job fails quietly
                raise LLMUnavailable("the society is shutting down")
            if urgent:
                self._urgent_out += 1
            else:
                self._background_out += 1
        try:
            yield
        finally:
            with self._cond:
                if urgent:
                    self._urgent_out -= 1
                else:
                    self._background_out -= 1
                self._cond.notify_all()

    def run(self, priority: int, send: Callable[[], T]) -> T:
        """One model call through the gate. A background call stopped for an urgent one
        (`Preempted`) is sent again when it may; after `max_preemptions` it runs through."""
        urgent = priority >= self.urgent
        for attempt in range(self.max_preemptions + 1):
            with self.call(priority), sent_with_priority(self.urgent - priority):
                try:
                    if urgent or attempt == self.max_preemptions:
                        return send()
                    with preemptible(self._urgent_busy):
                        return send()
                except Preempted:
                    with self._cond:
                        self.preempted += 1
                except LLMUnreachable:
                    self._unreachable()
                    raise
        raise AssertionError("unreachable: the last attempt is not preemptible")

    def _unreachable(self) -> None:
        """A call found the server down: hold the town's calls and probe until it answers."""
        if self.probe is None:
            return
        with self._cond:
            if self._down_since is not None or self._closed:
                return
            self._down_since = time.perf_counter()
            self.outages += 1
        threading.Thread(target=self._watch, name="npc_brain-server-probe", daemon=True).start()

    def _watch(self) -> None:
        """Probe the server every `probe_interval_s` until it answers (or the gate closes)."""
        probe = self.probe
        assert probe is not None
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._closed, timeout=self.probe_interval_s)
                if self._closed:
                    return
                self.probes += 1
            try:
                back = bool(probe())
            except Exception:  # noqa: BLE001 - a probe that fails says "not yet", never kills the watch
                back = False
            if back:
                with self._cond:
                    if self._down_since is not None:
                        self.down_s += time.perf_counter() - self._down_since
                    self._down_since = None
                    self.recoveries += 1
                    self._cond.notify_all()
                return

    def _urgent_busy(self) -> bool:
        return self._urgent_out > 0  # read per token without the lock: a stale int is harmless

    @property
    def background_out(self) -> int:
        """Background calls running now."""
        return self._background_out

    @property
    def waiting(self) -> int:
        """Background calls held at the door now."""
        return self._waiting

    def close(self) -> None:
        """Shutting down: waiting and later calls raise `LLMUnavailable` instead of starting."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
