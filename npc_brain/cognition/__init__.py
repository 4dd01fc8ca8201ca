"""npc_brain.cognition: the paper's mechanisms as pure functions over snapshots.

importance (batched ratings), reflection, planning (day plan + just-in-time
decomposition), location (walk of the known containment tree), reaction, dialogue —
plus their output schemas, prompt builders, settings and the events a Society emits.
"""
from __future__ import annotations

from npc_brain.cognition.events import (
    ActionReported,
    ActionRequested,
    ConversationEnded,
    ConversationStarted,
    Event,
    MovementEnded,
    ObjectStateChanged,
    PlanChanged,
    ReflectionWritten,
    RefusalHandled,
    ThoughtFailed,
    UtteranceEvent,
)
from npc_brain.cognition.plan import Plan, PlanLevel, PlanStep
from npc_brain.cognition.settings import BrainSettings

__all__ = [
    "ActionReported", "ActionRequested", "BrainSettings", "ConversationEnded", "ConversationStarted", "Event",
    "MovementEnded", "ObjectStateChanged",
    "Plan", "PlanChanged", "PlanLevel", "PlanStep", "ReflectionWritten", "RefusalHandled",
    "ThoughtFailed", "UtteranceEvent",
]
