"""Immutable views of an agent for an inspector panel (built on the game thread)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from npc_brain.memory.record import MemoryKind, MemoryRecord
from npc_brain.runtime.conversation import Line
from npc_brain.types.plan import PlanLevel, PlanStep

if TYPE_CHECKING:
    from npc_brain.runtime.agent import Action, Agent, Refusal


@dataclass(frozen=True, slots=True)
class StepView:
    """A plan step with its decomposed children (day → hour → actions)."""

    step: PlanStep
    children: tuple[StepView, ...] = ()

    def lines(self, indent: int = 0) -> list[str]:
        """Indented text lines, e.g. for a HUD: '08:00-09:00 open the cafe @ town:cafe'."""
        s = self.step
        here = f" @ {s.address}" if s.address else ""
        out = [f"{'  ' * indent}{s.start:%H:%M}-{s.end:%H:%M} {s.description}{here}"]
        for c in self.children:
            out.extend(c.lines(indent + 1))
        return out


@dataclass(frozen=True, slots=True)
class ScoredView:
    """One retrieved memory with its score and the three normalised components."""

    id: int
    description: str
    kind: str
    score: float
    recency: float
    importance: float
    relevance: float


@dataclass(frozen=True, slots=True)
class RetrievalView:
    """One query of the agent's last retrieval."""

    query: str
    results: tuple[ScoredView, ...]


@dataclass(frozen=True, slots=True)
class AgentInspection:
    """Everything an inspector shows about one agent at one moment."""

    name: str
    time: datetime
    status: str
    action: Action
    address: str | None
    plan: tuple[StepView, ...]
    retrievals: tuple[RetrievalView, ...]
    memories: tuple[MemoryRecord, ...]
    reflections: tuple[MemoryRecord, ...]
    thinking: tuple[str, ...]
    jobs: tuple[str, ...]
    refusals: tuple[Refusal, ...]
    buffered: int
    memory_count: int
    calls: int
    tokens: int
    last_error: str | None
    lines: tuple[Line, ...] = ()  # the agent's recent lines, each with the ground it was made from
    detail: str = "full"  # level of detail: "full" in the player's view, "coarse" out of it
    grounds: tuple[MemoryRecord | None, ...] = ()  # per line, the memory its ground came from (if one)


def plan_tree(agent: Agent) -> tuple[StepView, ...]:
    """The plan as a tree: day chunks with their hour steps and actions."""
    plan = agent.plan

    def view(step: PlanStep) -> StepView:
        return StepView(step, tuple(view(c) for c in plan.children(step)))

    return tuple(view(s) for s in plan.steps(PlanLevel.DAY))


def inspect_agent(agent: Agent, now: datetime, *, jobs: tuple[str, ...] = (), calls: int = 0,
                  tokens: int = 0, memories: int = 12, reflections: int = 6,
                  lines: tuple[Line, ...] = ()) -> AgentInspection:
    """Build the inspection view (cheap; call it when the panel is open)."""
    retrievals = tuple(
        RetrievalView(r.query, tuple(
            ScoredView(s.record.id, s.record.description, s.record.kind.value, s.score, s.recency,
                       s.importance, s.relevance) for s in r.results))
        for r in agent.last_recalls
    )
    return AgentInspection(
        name=agent.name,
        time=now,
        status=agent.status.value + (" (day by habit until planned)" if agent.plan.provisional else ""),
        action=agent.current_action(now),
        address=agent.address,
        plan=plan_tree(agent),
        retrievals=retrievals,
        memories=tuple(agent.memory.latest(memories)),
        reflections=tuple(agent.memory.latest(reflections, kinds=MemoryKind.REFLECTION)),
        thinking=tuple(sorted(t.value for t in agent.in_flight)),
        jobs=jobs,
        refusals=tuple(r for r in agent.refusals if r.until > now),
        buffered=len(agent.buffered),
        memory_count=len(agent.memory),
        calls=calls,
        tokens=tokens,
        last_error=agent.last_error,
        lines=lines,
        detail=agent.detail.value,
        grounds=tuple(agent.memory.get(line.record) if line.record is not None and line.record in agent.memory
                      else None for line in lines),
    )
