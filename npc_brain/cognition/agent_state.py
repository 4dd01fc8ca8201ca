"""Agent persistence: everything but the memory stream, as a JSON-able dict."""
from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from npc_brain.cognition.action import Refusal
from npc_brain.cognition.importance import MemoryDraft
from npc_brain.cognition.lifecycle import AgentStatus
from npc_brain.cognition.plan import Plan
from npc_brain.memory.record import MemoryKind

if TYPE_CHECKING:
    from npc_brain.agent import Agent


def agent_state(agent: Agent) -> dict[str, Any]:
    """JSON-able state of an agent (the memory stream is saved separately)."""
    known = agent.known.to_state() if hasattr(agent.known, "to_state") else None
    status = agent.status
    if status == AgentStatus.CONVERSING:  # conversations are not saved
        status = AgentStatus.NEW if agent.plan.empty else AgentStatus.ACTING
    marks = agent._marks
    return {
        "persona": agent.persona.model_dump(mode="json"),
        "status": status.value,
        "address": agent.address,
        "plan": agent.plan.to_state(),
        "known": known,
        "refusals": [
            {"address": r.address, "until": r.until.isoformat(), "reason": r.reason,
             "rule": r.rule, "activity": r.activity} for r in agent.refusals
        ],
        "buffer": [
            {"kind": d.kind.value, "description": d.description, "created": d.created.isoformat(),
             "importance": d.importance, "subject": d.subject, "place": d.place,
             "evidence": list(d.evidence)} for d in agent._buffer
        ],
        "memo": [[list(k), v] for k, v in agent._memo.items()],
        "marks": {
            "reflected_upto": marks.reflected_upto,
            "last_react": marks.last_react.isoformat() if marks.last_react else None,
            "react_subjects": {k: v.isoformat() for k, v in marks.react_subjects.items()},
            "yesterday": marks.yesterday,
        },
    }


def restore_agent(agent: Agent, state: dict[str, Any]) -> None:
    """Load `agent_state()` output into an agent; jobs in flight and queues are forgotten."""
    from npc_brain.agent import _Marks

    agent.plan = Plan.from_state(state.get("plan", {}))
    agent.address = state.get("address")
    agent.refusals = [
        Refusal(r["address"], datetime.fromisoformat(r["until"]), r["reason"], r.get("rule", ""),
                r.get("activity", "")) for r in state.get("refusals", [])
    ]
    agent._buffer = [
        MemoryDraft(MemoryKind(d["kind"]), d["description"], datetime.fromisoformat(d["created"]),
                    d.get("importance"), d.get("subject"), d.get("place"), tuple(d.get("evidence", ())))
        for d in state.get("buffer", [])
    ]
    agent._memo = {tuple(k): v for k, v in state.get("memo", [])}  # type: ignore[misc]
    marks = state.get("marks", {})
    agent._marks = _Marks(
        reflected_upto=marks.get("reflected_upto"),
        last_react=datetime.fromisoformat(marks["last_react"]) if marks.get("last_react") else None,
        react_subjects={k: datetime.fromisoformat(v) for k, v in marks.get("react_subjects", {}).items()},
        yesterday=marks.get("yesterday", ""),
    )
    agent._in_flight.clear()
    agent._novel.clear()
    agent._refused.clear()
    agent._seeded = True
    agent.conversation_with = None
    agent.wants_to_talk = None
    status = AgentStatus(state.get("status", AgentStatus.NEW.value))
    agent._status = AgentStatus.NEW if status == AgentStatus.PLANNING else status  # its job was dropped
