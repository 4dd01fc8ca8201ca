"""MeteredModel: one job's view of the model — its calls counted, and waiting its turn.

The scheduler charges each job's calls and tokens to its agent's budget; the call gate
(`npc_brain.runtime.call_gate`) makes the town's calls wait while the player's are out. A Society
wraps the model in one of these per job.
"""
from __future__ import annotations

from npc_brain.llm.protocols import ChatModel
from npc_brain.llm.request import Answer, ModelRequest, RequestModel, ask
from npc_brain.runtime.call_gate import CallGate
from npc_brain.runtime.jobs import Priority

__all__ = ["MeteredModel"]


class MeteredModel(RequestModel):
    """Counts one job's model calls and tokens (for the scheduler's per-agent budget); with a
    `gate`, each call waits its turn by the job's `priority` (set when the job is submitted)."""

    def __init__(self, inner: ChatModel, gate: CallGate | None = None) -> None:
        self.inner = inner
        self.name = inner.name
        self.calls = 0
        self.tokens = 0
        self.gate = gate
        self.priority: int = Priority.NORMAL

    def answer(self, request: ModelRequest) -> Answer:
        """The inner model's answer, after the call waited its turn; counted for the budget."""
        self.calls += 1
        done = self.gate.run(self.priority, lambda: ask(self.inner, request)) if self.gate is not None \
            else ask(self.inner, request)
        self.tokens += done.usage.total_tokens
        return done
