"""Jobs' values: their lifecycle (`JobState`), priority, cost (`Usage`, `Charged`) and budget."""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from types import MappingProxyType
from typing import Generic, TypeVar

__all__ = ["Budget", "Charged", "JobState", "JobStateError", "Priority", "SchedulerClosed", "Usage"]

T = TypeVar("T")


class JobState(StrEnum):
    """Lifecycle of a job; see `can_become` for the legal transitions."""

    PENDING = "pending"  # waiting for an executor slot
    DEFERRED = "deferred"  # waiting because the agent is over its budget
    RUNNING = "running"  # handed to the executor, result not applied yet
    DONE = "done"
    FAILED = "failed"
    SUPERSEDED = "superseded"  # a newer job for the same agent and purpose replaced it
    CANCELLED = "cancelled"

    @property
    def terminal(self) -> bool:
        """True once nothing more can happen to the job."""
        return not _NEXT[self]

    def can_become(self, other: JobState) -> bool:
        """Whether `self → other` is a legal transition."""
        return other in _NEXT[self]


_ENDED = frozenset({JobState.SUPERSEDED, JobState.CANCELLED})
_NEXT: MappingProxyType[JobState, frozenset[JobState]] = MappingProxyType({
    JobState.PENDING: frozenset({JobState.RUNNING, JobState.DEFERRED}) | _ENDED,
    JobState.DEFERRED: frozenset({JobState.PENDING}) | _ENDED,
    JobState.RUNNING: frozenset({JobState.DONE, JobState.FAILED}) | _ENDED,
    JobState.DONE: frozenset(),
    JobState.FAILED: frozenset(),
    JobState.SUPERSEDED: frozenset(),
    JobState.CANCELLED: frozenset(),
})


class JobStateError(RuntimeError):
    """An illegal job state transition (a scheduler bug, never the caller's input)."""


class SchedulerClosed(RuntimeError):
    """submit() after shutdown()."""


class Priority(IntEnum):
    """How much a job matters; higher runs first and survives budget pressure."""

    LOW = 0  # e.g. reflection, importance of routine perceptions
    NORMAL = 10  # e.g. plan decomposition
    HIGH = 20  # e.g. reacting to an event, NPC↔NPC dialogue
    WATCHED = 25  # what a player can see: NPCs in view meeting and talking
    URGENT = 30  # e.g. answering the player


@dataclass(frozen=True, slots=True)
class Usage:
    """LLM cost: calls and tokens."""

    calls: int = 0
    tokens: int = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(self.calls + other.calls, self.tokens + other.tokens)


@dataclass(frozen=True, slots=True)
class Charged(Generic[T]):
    """Return this from a job to report its real cost; `on_done` receives `value`."""

    value: T
    calls: int = 1
    tokens: int = 0


@dataclass(frozen=True, slots=True)
class Budget:
    """Per-agent thinking budget over a sliding game hour (None = unlimited).

    Jobs with priority >= `protect` are never deferred (the player must get an answer).
    """

    calls_per_game_hour: float | None = None
    tokens_per_game_hour: float | None = None
    protect: int = Priority.HIGH
