"""`AccountingModel`: counts what every model call costs, per agent and per purpose.

Wrap any `ChatModel`; read `snapshot()` at any time from any thread (the inspector HUD and the
benchmarks do). Token counts come from the inner model's `*_with_usage` methods when it has
them (every backend and wrapper in this package does); a model without them is still counted
for calls, latency and failures, with zero tokens.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from npc_brain.llm.calls import Parsed, Usage
from npc_brain.llm.errors import LLMError, LLMOutputError
from npc_brain.llm.protocols import ChatModel
from npc_brain.llm.request import Answer, ModelRequest, RequestModel, ask

NO_AGENT = "(none)"


@dataclass(frozen=True, slots=True)
class CallStats:
    """Totals for one bucket of calls (everything, one purpose, or one agent).

    `calls` are `complete`/`parse` calls; `requests` the backend round-trips they made
    (repairs add one); `failures` calls that raised an `LLMError`, of which `output_errors`
    were unparseable replies; `latency_s` is summed wall time, `latency_max_s` the worst call.
    """

    calls: int = 0
    requests: int = 0
    failures: int = 0
    output_errors: int = 0
    repairs: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0  # of prompt_tokens, reused from the server's prompt cache
    latency_s: float = 0.0
    latency_max_s: float = 0.0

    @property
    def total_tokens(self) -> int:
        """Prompt plus completion tokens."""
        return self.prompt_tokens + self.completion_tokens

    @property
    def cache_share(self) -> float:
        """Share of prompt tokens the server did not have to evaluate (0 with none sent)."""
        return self.cached_tokens / self.prompt_tokens if self.prompt_tokens else 0.0

    @property
    def mean_latency_s(self) -> float:
        """Average wall time per call (0 with no calls)."""
        return self.latency_s / self.calls if self.calls else 0.0

    def add(
        self, usage: Usage, latency_s: float, *, failed: bool, output_error: bool, repairs: int
    ) -> CallStats:
        """A new `CallStats` with one more call folded in."""
        return CallStats(
            calls=self.calls + 1,
            requests=self.requests + usage.requests,
            failures=self.failures + int(failed),
            output_errors=self.output_errors + int(output_error),
            repairs=self.repairs + repairs,
            prompt_tokens=self.prompt_tokens + usage.prompt_tokens,
            completion_tokens=self.completion_tokens + usage.completion_tokens,
            cached_tokens=self.cached_tokens + usage.cached_tokens,
            latency_s=self.latency_s + latency_s,
            latency_max_s=max(self.latency_max_s, latency_s),
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain dict, including the derived totals (for JSON output)."""
        return {
            "calls": self.calls,
            "requests": self.requests,
            "failures": self.failures,
            "output_errors": self.output_errors,
            "repairs": self.repairs,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "total_tokens": self.total_tokens,
            "cached_tokens": self.cached_tokens,
            "cache_share": round(self.cache_share, 3),
            "latency_s": round(self.latency_s, 4),
            "mean_latency_s": round(self.mean_latency_s, 4),
            "latency_max_s": round(self.latency_max_s, 4),
        }


def _empty() -> Mapping[str, CallStats]:
    return MappingProxyType({})


def _no_causes() -> Mapping[str, int]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class UsageSnapshot:
    """An immutable copy of the counters at one moment."""

    total: CallStats = field(default_factory=CallStats)
    by_purpose: Mapping[str, CallStats] = field(default_factory=_empty)
    by_agent: Mapping[str, CallStats] = field(default_factory=_empty)
    failures_by_cause: Mapping[str, int] = field(default_factory=_no_causes)
    """Failed calls by the error that failed them (`LLMTimeout`, `LLMOutputError`, `Preempted` …)."""

    def to_dict(self) -> dict[str, Any]:
        """Plain nested dict (benchmarks print it as JSON)."""
        return {
            "total": self.total.to_dict(),
            "by_purpose": {k: v.to_dict() for k, v in sorted(self.by_purpose.items())},
            "by_agent": {k: v.to_dict() for k, v in sorted(self.by_agent.items())},
            "failures_by_cause": dict(sorted(self.failures_by_cause.items())),
        }


class AccountingModel(RequestModel):
    """A `ChatModel` wrapper that counts calls, tokens, latency, repairs and failures.

    Thread-safe: counters are updated under a lock with immutable `CallStats`, and
    `snapshot()` hands out a consistent frozen copy. Errors are counted, then re-raised.
    """

    def __init__(self, inner: ChatModel, *, clock: Callable[[], float] = time.perf_counter) -> None:
        self.inner = inner
        self.name = inner.name
        self._clock = clock
        self._lock = threading.Lock()
        self._total = CallStats()
        self._by_purpose: dict[str, CallStats] = {}
        self._by_agent: dict[str, CallStats] = {}
        self._causes: dict[str, int] = {}

    # -- counting -----------------------------------------------------------------------------

    def _record(
        self,
        purpose: str,
        agent: str | None,
        usage: Usage,
        latency: float,
        *,
        failed: bool = False,
        output_error: bool = False,
        repairs: int = 0,
        cause: str | None = None,
    ) -> None:
        key = agent if agent is not None else NO_AGENT
        kw: dict[str, Any] = {"failed": failed, "output_error": output_error, "repairs": repairs}
        with self._lock:
            self._total = self._total.add(usage, latency, **kw)
            self._by_purpose[purpose] = self._by_purpose.get(purpose, CallStats()).add(
                usage, latency, **kw
            )
            self._by_agent[key] = self._by_agent.get(key, CallStats()).add(usage, latency, **kw)
            if cause is not None:
                self._causes[cause] = self._causes.get(cause, 0) + 1

    def _failed(self, exc: LLMError, purpose: str, agent: str | None, start: float) -> None:
        usage = getattr(exc, "usage", None)
        usage = usage if isinstance(usage, Usage) else Usage(requests=1)
        output_error = isinstance(exc, LLMOutputError)
        self._record(
            purpose,
            agent,
            usage,
            self._clock() - start,
            failed=True,
            output_error=output_error,
            # A parse that failed after its repair retry made two requests: one repair.
            repairs=max(0, usage.requests - 1) if output_error else 0,
            cause=type(exc).__name__,
        )

    def _copy(self) -> UsageSnapshot:  # under the lock
        return UsageSnapshot(self._total, MappingProxyType(dict(self._by_purpose)),
                             MappingProxyType(dict(self._by_agent)), MappingProxyType(dict(self._causes)))

    def snapshot(self) -> UsageSnapshot:
        """Consistent, immutable counters: totals, by purpose, by agent."""
        with self._lock:
            return self._copy()

    def reset(self) -> UsageSnapshot:
        """Zero the counters; returns the snapshot taken just before."""
        with self._lock:
            snap = self._copy()
            self._total, self._by_purpose, self._by_agent, self._causes = CallStats(), {}, {}, {}
        return snap

    # -- ChatModel ----------------------------------------------------------------------------

    def answer(self, request: ModelRequest) -> Answer:
        """The inner model's answer, counted (a failure is counted, then raised again)."""
        start = self._clock()
        try:
            done = ask(self.inner, request)
        except LLMError as exc:
            self._failed(exc, request.purpose, request.agent, start)
            raise
        repairs = done.repairs if isinstance(done, Parsed) else 0
        self._record(request.purpose, request.agent, done.usage, self._clock() - start, repairs=repairs)
        return done

    def close(self) -> None:
        """Close the inner model if it can be closed."""
        close = getattr(self.inner, "close", None)
        if callable(close):
            close()
