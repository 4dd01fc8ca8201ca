"""Executors for the Scheduler in tests and tools: run jobs inline, or when told to.

The game injects a real `concurrent.futures.ThreadPoolExecutor`; these two make job
timing deterministic. Either way results are applied only in `Scheduler.poll()`.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, TypeVar

T = TypeVar("T")


class InlineExecutor(Executor):
    """Runs each job at submit, on the submitting thread (tests; results still wait for poll)."""

    def __init__(self) -> None:
        self._closed = False

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        """Run `fn` now; its result or exception goes into the returned (done) future."""
        if self._closed:
            raise RuntimeError("InlineExecutor is shut down")
        future: Future[T] = Future()
        future.set_running_or_notify_cancel()
        try:
            result = fn(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - a job's failure belongs to its future, like a thread pool
            future.set_exception(exc)
        else:
            future.set_result(result)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Refuse further submits."""
        self._closed = True


class ManualExecutor(Executor):
    """Queues jobs until the test runs them (`run_next`, `run_all`, `run(future)`)."""

    def __init__(self) -> None:
        self._queue: deque[tuple[Future[Any], Callable[..., Any], tuple[Any, ...], dict[str, Any]]]
        self._queue = deque()
        self._closed = False

    @property
    def pending(self) -> int:
        """Jobs submitted and not yet run (cancelled ones included until skipped)."""
        return len(self._queue)

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        """Queue `fn`; it runs when the test calls `run_next`, `run` or `run_all`."""
        if self._closed:
            raise RuntimeError("ManualExecutor is shut down")
        future: Future[T] = Future()
        self._queue.append((future, fn, args, kwargs))
        return future

    def _execute(self, item: tuple[Future[Any], Callable[..., Any], tuple[Any, ...],
                                   dict[str, Any]]) -> bool:
        future, fn, args, kwargs = item
        if not future.set_running_or_notify_cancel():
            return False  # cancelled before it started
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as exc:  # noqa: BLE001 - a job's failure belongs to its future
            future.set_exception(exc)
        return True

    def run_next(self) -> bool:
        """Run the oldest queued job; False when none was run."""
        while self._queue:
            if self._execute(self._queue.popleft()):
                return True
        return False

    def run(self, future: Future[Any]) -> bool:
        """Run the queued job behind `future` (out of order); False if absent or cancelled."""
        for item in self._queue:
            if item[0] is future:
                self._queue.remove(item)
                return self._execute(item)
        return False

    def run_all(self) -> int:
        """Run every queued job, including ones queued meanwhile; returns how many ran."""
        ran = 0
        while self.run_next():
            ran += 1
        return ran

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Refuse further submits; with `cancel_futures`, cancel what is still queued."""
        self._closed = True
        if cancel_futures:
            while self._queue:
                self._queue.popleft()[0].cancel()
