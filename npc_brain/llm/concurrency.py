"""RequestSlots: at most N requests at a server at once, the most urgent waiting call next.

An inference server (vLLM, llama.cpp's `--parallel N`) serves a fixed number of requests side
by side; more only queue inside it, first come first served, where the player's reply waits
behind the town's backlog. Held here instead, the queue is ours: when a slot frees, the waiting
call with the lowest priority level goes (`npc_brain.llm.preemption.server_priority`: 0 for the
player's calls, more for the town's; first come first served among equals). The town's calls
are already held at the society's door while the player's are out (`runtime.call_gate`); this
is the same rule where the server's capacity is: `LLMSettings.max_concurrency`.
"""
from __future__ import annotations

import heapq
import itertools
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["RequestSlots"]


class RequestSlots:
    """`limit` requests at once; waiting ones go lowest `level` first (thread-safe)."""

    def __init__(self, limit: int) -> None:
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise ValueError(f"a concurrency limit must be a whole number >= 1, got {limit!r}")
        self.limit = limit
        self._cond = threading.Condition()
        self._in_flight = 0
        self._queue: list[tuple[int, int]] = []  # (level, ticket): a heap
        self._tickets = itertools.count()
        self.peak = 0  # the most requests that were out at once

    @property
    def in_flight(self) -> int:
        """Requests out now."""
        return self._in_flight

    @property
    def waiting(self) -> int:
        """Requests waiting for a slot now."""
        return len(self._queue)

    @contextmanager
    def hold(self, level: int = 0) -> Iterator[None]:
        """One request's slot: waits while all are taken or a more urgent call waits."""
        with self._cond:
            ticket = (int(level), next(self._tickets))
            heapq.heappush(self._queue, ticket)
            try:
                self._cond.wait_for(lambda: self._in_flight < self.limit and self._queue[0] == ticket)
            except BaseException:
                self._queue.remove(ticket)
                heapq.heapify(self._queue)
                self._cond.notify_all()
                raise
            heapq.heappop(self._queue)
            self._in_flight += 1
            self.peak = max(self.peak, self._in_flight)
            self._cond.notify_all()  # the next in line may take a slot that is still free
        try:
            yield
        finally:
            with self._cond:
                self._in_flight -= 1
                self._cond.notify_all()
