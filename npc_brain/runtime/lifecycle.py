"""Lifecycle of an agent's mind: the kinds of thought, the agent status enum, thought jobs."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from npc_brain.memory.record import MemoryKind
from npc_brain.types.events import Event


class Thought(StrEnum):
    """Kinds of thinking an agent can need; each runs as one scheduler job."""

    MEMORIZE = "memorize"      # embed buffered perceptions that need no model to rate (rule, cache)
    RATE = "rate"              # rate the importance of the others with the model, then embed them
    PLAN_DAY = "plan_day"      # broad day plan
    DECOMPOSE = "decompose"    # just-in-time hour steps / actions / location
    REACT = "react"            # keep plan or react to a novel perception (or a refusal)
    REFLECT = "reflect"        # questions → retrieval → insights
    CONVERSE = "converse"      # one dialogue line (driven by the Society)


# Memories written at once (not batched): whispers and conversations must be recallable soon.
URGENT_KINDS = frozenset({MemoryKind.THOUGHT, MemoryKind.DIALOGUE})

# Thoughts that rewrite the plan run one at a time, so none plans against a stale plan.
PLAN_THOUGHTS = frozenset({Thought.PLAN_DAY, Thought.DECOMPOSE, Thought.REACT})


class AgentStatus(StrEnum):
    """Lifecycle of an agent; transitions are checked (see `AgentStatus.can_become`)."""

    NEW = "new"                # no plan yet
    PLANNING = "planning"      # a day plan is being made (acts idly meanwhile)
    ACTING = "acting"          # following its plan
    CONVERSING = "conversing"  # in a conversation

    def can_become(self, other: AgentStatus) -> bool:
        """Whether `self → other` is a legal transition."""
        return other in _STATUS_NEXT[self]


_STATUS_NEXT: dict[AgentStatus, frozenset[AgentStatus]] = {
    AgentStatus.NEW: frozenset({AgentStatus.PLANNING, AgentStatus.CONVERSING}),
    AgentStatus.PLANNING: frozenset({AgentStatus.ACTING, AgentStatus.NEW, AgentStatus.CONVERSING}),
    AgentStatus.ACTING: frozenset({AgentStatus.PLANNING, AgentStatus.CONVERSING}),
    AgentStatus.CONVERSING: frozenset({AgentStatus.ACTING, AgentStatus.PLANNING, AgentStatus.NEW}),
}


class AgentStatusError(RuntimeError):
    """An illegal agent status transition."""


@dataclass(frozen=True, slots=True)
class ThoughtJob:
    """One thought packaged for the scheduler: `run` off-thread, `apply`/`fail` on the game thread."""

    thought: Thought
    run: Callable[[], Any]
    apply: Callable[[Any], list[Event]]
    fail: Callable[[BaseException], list[Event]]
    priority: int = 10
    subject: str | None = None  # whom the thought is about (a reaction's person), if anyone
    light: bool = False  # no model call (memories rated by rule): never waits behind the model
