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
    """The agent's plan changed: `level` is "day", "hour", "action", "react", "refusal" or "wish"."""

    level: str
    summary: str


@dataclass(frozen=True, slots=True)
class ConversationStarted(Event):
    """`agent` started talking with `partner`."""

    partner: str
    conversation_id: int


@dataclass(frozen=True, slots=True)
class UtteranceEvent(Event):
    """`agent` said `text` to `listener` (show a speech bubble); `kind` is what the line was made
    from (`GroundKind` value, "news" for a memory that passes news on; "" for a line the code
    said), for a game's or an evaluation's view of what NPCs talk about."""

    listener: str
    text: str
    conversation_id: int
    kind: str = ""


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


@dataclass(frozen=True, slots=True)
class ActionRequested(Event):
    """`agent` chose the game action `action` with `args`, for `target` (whom it was talking
    with). Perform it (or not), then `Society.report(request_id, done=…, reason=…)`.

    `source` is what chose it ("dialogue"); `said` the line the NPC said choosing it; `record`
    what the NPC remembers once it is done."""

    request_id: int
    action: str
    args: tuple[tuple[str, str], ...] = ()
    target: str | None = None
    source: str = "dialogue"
    said: str = ""
    record: str = ""

    def arg(self, name: str, default: str | None = None) -> str | None:
        """One argument's value."""
        return dict(self.args).get(name, default)


@dataclass(frozen=True, slots=True)
class ActionReported(Event):
    """The game reported a requested action: `done`, or refused with `reason` (the NPC remembers either)."""

    request_id: int
    action: str
    done: bool
    reason: str = ""


@dataclass(frozen=True, slots=True)
class MovementEnded(Event):
    """A follow or go_to ended; `reason` is "plan" (its time was up), "left" (the followed person
    left the map), "asked" (stop_following, `Society.stop_moving`) or "refused" (a rule stopped it)."""

    kind: str
    target: str
    reason: str
