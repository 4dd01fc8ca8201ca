"""npc_brain — generative-agent minds (Park et al. 2023) for game NPCs.

A game builds one `Society` over a `World` (usually `load_world("town.tmx")`), a chat model and an
embedder (`load_stack()` gives the offline default), adds a `Persona` per NPC, and each frame calls
`society.perceive(...)`, `society.update()` and `society.action(name)`. Thinking runs off the game
thread; nothing here ever waits for the model. `Simulation` runs the same minds headless.
"""
from __future__ import annotations

from npc_brain.actions import ActionContext, ActionRegistry, GameAction, Offer
from npc_brain.adapters.tiled import load_world
from npc_brain.agent import Agent
from npc_brain.clock import GameClock
from npc_brain.cognition import (
    ActionReported,
    ActionRequested,
    BrainSettings,
    ConversationEnded,
    ConversationStarted,
    Event,
    MovementEnded,
    ObjectStateChanged,
    Plan,
    PlanChanged,
    PlanStep,
    ReflectionWritten,
    RefusalHandled,
    ThoughtFailed,
    UtteranceEvent,
)
from npc_brain.cognition.action import Action
from npc_brain.cognition.conversation import Conversation
from npc_brain.llm import (
    AccountingModel,
    LLMError,
    LLMSettings,
    load_embedder,
    load_model,
    load_stack,
)
from npc_brain.llm.protocols import ChatModel, Embedder
from npc_brain.memory import (
    CorruptSaveError,
    MemoryKind,
    MemoryRecord,
    MemoryStream,
    RetrievalWeights,
    SaveError,
    SaveFile,
)
from npc_brain.movement import MOVEMENT_ACTIONS, Movement, with_movement
from npc_brain.observation import Observation, ObservationKind
from npc_brain.persona import Persona
from npc_brain.scheduler import Scheduler
from npc_brain.simulation import Simulation
from npc_brain.society import Society
from npc_brain.world import MapError, Perception, Place, PlaceKind, Rules, Verdict, World

__version__ = "0.1.0"

__all__ = [
    "MOVEMENT_ACTIONS",
    "AccountingModel",
    "Action",
    "ActionContext",
    "ActionRegistry",
    "ActionReported",
    "ActionRequested",
    "Agent",
    "BrainSettings",
    "ChatModel",
    "Conversation",
    "ConversationEnded",
    "ConversationStarted",
    "CorruptSaveError",
    "Embedder",
    "Event",
    "GameAction",
    "GameClock",
    "LLMError",
    "LLMSettings",
    "MapError",
    "MemoryKind",
    "MemoryRecord",
    "MemoryStream",
    "Movement",
    "MovementEnded",
    "ObjectStateChanged",
    "Observation",
    "ObservationKind",
    "Offer",
    "Perception",
    "Persona",
    "Place",
    "PlaceKind",
    "Plan",
    "PlanChanged",
    "PlanStep",
    "ReflectionWritten",
    "RefusalHandled",
    "RetrievalWeights",
    "Rules",
    "SaveError",
    "SaveFile",
    "Scheduler",
    "Simulation",
    "Society",
    "ThoughtFailed",
    "UtteranceEvent",
    "Verdict",
    "World",
    "__version__",
    "load_embedder",
    "load_model",
    "load_stack",
    "load_world",
    "with_movement",
]
