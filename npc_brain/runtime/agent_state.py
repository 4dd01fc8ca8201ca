"""Agent persistence: everything but the memory stream, as a JSON-able dict.

`state_dict` writes the dict (`Agent.to_state`); `SavedAgent` is its schema, and gives back the
values `Agent.restore` sets. A save is read back through the
schema first, so a damaged or hand-edited state fails as one `ValidationError` whose location
names the field (`plan.steps.0.start`), before anything is restored.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, model_validator

from npc_brain.cognition.importance import MemoryDraft
from npc_brain.memory.record import MemoryKind
from npc_brain.memory.save_rules import parse_game_time
from npc_brain.runtime.lifecycle import AgentStatus
from npc_brain.types.action import Refusal
from npc_brain.types.occasion import Occasion
from npc_brain.types.persona import Persona
from npc_brain.types.plan import Plan, PlanLevel


@dataclass(slots=True)
class Marks:
    """An agent's bookkeeping that survives saves (but the retry backoffs)."""

    reflected_upto: int | None = None
    last_react: datetime | None = None
    react_subjects: dict[str, datetime] = field(default_factory=dict)
    retry_at: dict[str, datetime] = field(default_factory=dict)
    yesterday: str = ""


def _iso(value: object) -> datetime:
    # Only what `isoformat()` wrote: pydantic's lax mode would also take a number as a UTC
    # timestamp, an aware time that later fails against the game's naive clock.
    if not isinstance(value, str):  # a ValueError: pydantic turns only those into field errors
        raise ValueError(f"expected an ISO date-time string, got {type(value).__name__}")
    return parse_game_time(value, "")  # naive and in range, before any step compares two


IsoTime = Annotated[datetime, BeforeValidator(_iso)]


class _Saved(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")


class SavedStep(_Saved):
    """One `PlanStep.to_state()`."""

    level: PlanLevel
    start: IsoTime
    end: IsoTime
    description: str
    activity: str
    address: str | None
    atomic: bool
    state: str | None
    source: str

    @model_validator(mode="after")
    def _forward(self) -> SavedStep:
        if self.end <= self.start:
            raise ValueError("the step ends before it starts")
        return self


class SavedPlan(_Saved):
    """`Plan.to_state()`."""

    version: int
    steps: list[SavedStep]


class SavedKnown(_Saved):
    """`SpatialMemory.to_state()`."""

    known: list[str]
    states: dict[str, str]


class SavedRefusal(_Saved):
    """One refusal the agent remembers."""

    address: str
    until: IsoTime
    reason: str
    rule: str
    activity: str


class SavedOccasion(_Saved):
    """`Occasion.to_dict()`."""

    what: str
    start: IsoTime
    end: IsoTime | None
    place: str | None
    address: str | None
    host: str | None
    timed: bool

    def occasion(self) -> Occasion:
        """The value it stands for."""
        return Occasion(self.what, self.start, self.end, self.place, self.address, self.host, self.timed)


class SavedDraft(_Saved):
    """One memory not yet rated when the game was saved."""

    kind: MemoryKind
    description: str
    created: IsoTime
    importance: int | None
    subject: str | None
    place: str | None
    evidence: list[int]
    teller: str | None = None  # provenance (saves before it carry none)
    fact: str | None = None
    occasion: SavedOccasion | None = None


class SavedMarks(_Saved):
    """Reflection and reaction bookkeeping."""

    reflected_upto: int | None
    last_react: IsoTime | None
    react_subjects: dict[str, IsoTime]
    yesterday: str

    def value(self) -> Marks:
        """The live bookkeeping."""
        return Marks(self.reflected_upto, self.last_react, dict(self.react_subjects), yesterday=self.yesterday)


class SavedAgent(_Saved):
    """The schema of `state_dict()`: every key it writes is required."""

    persona: Persona
    status: AgentStatus
    address: str | None
    plan: SavedPlan
    known: SavedKnown | None
    refusals: list[SavedRefusal]
    buffer: list[SavedDraft]
    memo: list[tuple[tuple[str, str, str], str]]
    marks: SavedMarks

    def plan_value(self) -> Plan:
        """The saved plan."""
        return Plan.from_state(self.plan.model_dump(mode="json"))

    def refusal_values(self) -> list[Refusal]:
        """The refusals the agent remembers."""
        return [Refusal(r.address, r.until, r.reason, r.rule, r.activity) for r in self.refusals]

    def drafts(self) -> list[MemoryDraft]:
        """The memories that were waiting to be rated."""
        return [MemoryDraft(d.kind, d.description, d.created, d.importance, d.subject, d.place, tuple(d.evidence),
                            teller=d.teller, fact=d.fact,
                            occasion=d.occasion.occasion() if d.occasion is not None else None)
                for d in self.buffer]


def state_dict(persona: Persona, status: AgentStatus, address: str | None, plan: Plan, known: Any,
               refusals: Sequence[Refusal], drafts: Sequence[MemoryDraft],
               memo: Mapping[tuple[str, str, str], str], marks: Marks) -> dict[str, Any]:
    """The JSON-able dict `SavedAgent` reads back (`Agent.to_state` passes its parts)."""
    return {
        "persona": persona.model_dump(mode="json"),
        "status": status.value,
        "address": address,
        "plan": plan.to_state(),
        "known": known.to_state() if hasattr(known, "to_state") else None,
        "refusals": [
            {"address": r.address, "until": r.until.isoformat(), "reason": r.reason,
             "rule": r.rule, "activity": r.activity} for r in refusals
        ],
        "buffer": [
            {"kind": d.kind.value, "description": d.description, "created": d.created.isoformat(),
             "importance": d.importance, "subject": d.subject, "place": d.place,
             "evidence": list(d.evidence), "teller": d.teller, "fact": d.fact,
             "occasion": d.occasion.to_dict() if d.occasion is not None else None}
            for d in drafts
        ],
        "memo": [[list(k), v] for k, v in memo.items()],
        "marks": {
            "reflected_upto": marks.reflected_upto,
            "last_react": marks.last_react.isoformat() if marks.last_react else None,
            "react_subjects": {k: v.isoformat() for k, v in marks.react_subjects.items()},
            "yesterday": marks.yesterday,
        },
    }
