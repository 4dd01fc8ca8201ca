"""Events: what `Society.update()` tells the game happened since the last frame."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event; `agent` is who it is about, `time` the game time it happened."""

    agent: str
    time: datetime


@dataclass(frozen=True, slots=True)
class PlanChanged(Event):
    """The agent's plan changed: `level` is "day", "hour", "action", "react" or "refusal"."""

    level: str
    summary: str


@dataclass(frozen=True, slots=True)
class ConversationStarted(Event):
    """`agent` started talking with `partner`."""

    partner: str
    conversation_id: int


@dataclass(frozen=True, slots=True)
class UtteranceEvent(Event):
    """`agent` said `text` to `listener` (show a speech bubble)."""

    listener: str
    text: str
    conversation_id: int


@dataclass(frozen=True, slots=True)
class ConversationEnded(Event):
    """The conversation between `agent` and `partner` ended (its `Conversation.summary`
    fills in a moment later, when the summary job lands)."""

    partner: str
    conversation_id: int
    summary: str = ""


@dataclass(frozen=True, slots=True)
class ReflectionWritten(Event):
    """New reflections (insight texts) with the memory ids they cite."""

    insights: tuple[tuple[str, tuple[int, ...]], ...]
    dropped: int = 0


@dataclass(frozen=True, slots=True)
class RefusalHandled(Event):
    """A rule refused the agent at `address`; it replanned to `new_action`."""

    address: str | None
    reason: str
    new_action: str


@dataclass(frozen=True, slots=True)
class ObjectStateChanged(Event):
    """The agent's action changed an object's state (the world has been updated)."""

    address: str
    state: str


@dataclass(frozen=True, slots=True)
class ThoughtFailed(Event):
    """A thinking job failed (model down, bad output); the agent idles and retries later."""

    thought: str
    error: str
