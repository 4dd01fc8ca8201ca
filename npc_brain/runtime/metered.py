"""MeteredModel: one job's view of the model — its calls counted, and waiting its turn.

The scheduler charges each job's calls and tokens to its agent's budget; the call gate
(`npc_brain.runtime.call_gate`) makes the town's calls wait while the player's are out. A Society
wraps the model in one of these per job.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from npc_brain.llm.calls import Choice, choose_of
from npc_brain.llm.protocols import ChatModel
from npc_brain.runtime.call_gate import CallGate
from npc_brain.runtime.scheduler import Priority

__all__ = ["MeteredModel"]


class MeteredModel:
    """Counts one job's model calls and tokens (for the scheduler's per-agent budget); with a
    `gate`, each call waits its turn by the job's `priority` (set when the job is submitted)."""

    def __init__(self, inner: ChatModel, gate: CallGate | None = None) -> None:
        self.inner = inner
        self.name = inner.name
        self.calls = 0
        self.tokens = 0
        self.gate = gate
        self.priority: int = Priority.NORMAL

    def complete(self, messages: Any, **kw: Any) -> str:
        self.calls += 1
        inner: Any = self.inner  # the optional *_with_usage methods are found at run time
        if hasattr(inner, "complete_with_usage"):
            out = self._send(lambda: inner.complete_with_usage(messages, **kw))
            self.tokens += out.usage.total_tokens
            return str(out.text)
        return str(self._send(lambda: self.inner.complete(messages, **kw)))

    def parse(self, messages: Any, schema: Any, **kw: Any) -> Any:
        self.calls += 1
        inner: Any = self.inner
        if hasattr(inner, "parse_with_usage"):
            out = self._send(lambda: inner.parse_with_usage(messages, schema, **kw))
            self.tokens += out.usage.total_tokens
            return out.value
        return self._send(lambda: self.inner.parse(messages, schema, **kw))

    def choose(self, messages: Any, options: Any, **kw: Any) -> Choice:
        self.calls += 1
        out: Choice = self._send(lambda: choose_of(self.inner, messages, options, **kw))
        self.tokens += out.usage.total_tokens
        return out

    def _send(self, call: Callable[[], Any]) -> Any:
        return self.gate.run(self.priority, call) if self.gate is not None else call()
