"""npc_brain — generative-agent minds (Park et al. 2023) for game NPCs.

A game builds one `Society` over a `World` (usually `load_world("town.tmx")`, or `read_map` for
the layers to draw too), a chat model and an embedder (`load_model()`, `load_embedder()`: the
offline default), adds a `Persona` per NPC (`load_personas(path)` reads them from JSON), and each
frame calls `crowd.update(dt)` (a `Crowd` walks the NPCs, feeds their perceptions and sends
refusals back) or, by hand, `society.perceive(...)`, `society.update()` and `society.action(name)`.
Thinking runs off the game thread; nothing here ever waits for the model. `Simulation` runs the
same minds headless. Everything a game needs is here; pygame drawing is in
`npc_brain.adapters.pygame`; the fakes for tests in `npc_brain.testing` and `npc_brain.llm.testing`.

The house: `types` (the values passed around), `llm`, `memory`, `world`, `language` (the English
kit), `cognition` (the paper's mechanisms), `runtime` (who thinks when), `adapters` (maps, bodies,
pygame), `personas` (people for any map), `eval` and `bench`.
"""
from __future__ import annotations

from npc_brain.adapters.crowd import Crowd
from npc_brain.adapters.tiled import MapLoad, load_world, read_map
from npc_brain.adapters.walker import PathBudget, Walker, area_at, nearest_walkable
from npc_brain.llm import LLMError, LLMSettings, load_embedder, load_model, load_stack
from npc_brain.llm.protocols import ChatModel, Embedder
from npc_brain.memory import CorruptSaveError, SaveError
from npc_brain.runtime.agent import Agent
from npc_brain.runtime.conversation import Conversation, Line
from npc_brain.runtime.inspection import AgentInspection, StepView
from npc_brain.runtime.movement import MOVEMENT_ACTIONS, Movement, with_movement
from npc_brain.runtime.rota import Rota
from npc_brain.runtime.settings import BrainSettings
from npc_brain.runtime.simulation import Simulation
from npc_brain.runtime.society import Society
from npc_brain.types import events
from npc_brain.types.action import Action, caption
from npc_brain.types.actions import ActionContext, ActionRegistry, GameAction, Offer
from npc_brain.types.clock import GameClock
from npc_brain.types.events import (
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
from npc_brain.types.frame_budget import FrameBudget
from npc_brain.types.observation import Observation, ObservationKind
from npc_brain.types.occasion import Occasion
from npc_brain.types.persona import OccasionSeed, Persona
from npc_brain.types.persona_file import PersonaFileError, load_personas
from npc_brain.version import __version__
from npc_brain.world import MapError, Perception, Place, PlaceKind, Rules, Verdict, World
from npc_brain.world.homes import place_personas, spread_points
from npc_brain.world.pathfinding import Pathfinder

__all__ = [
    "MOVEMENT_ACTIONS",
    "Action",
    "ActionContext",
    "ActionRegistry",
    "ActionReported",
    "ActionRequested",
    "Agent",
    "AgentInspection",
    "BrainSettings",
    "ChatModel",
    "Conversation",
    "ConversationEnded",
    "ConversationStarted",
    "CorruptSaveError",
    "Crowd",
    "Embedder",
    "Event",
    "FrameBudget",
    "GameAction",
    "GameClock",
    "LLMError",
    "LLMSettings",
    "Line",
    "MapError",
    "MapLoad",
    "Movement",
    "MovementEnded",
    "ObjectStateChanged",
    "Observation",
    "ObservationKind",
    "Occasion",
    "OccasionSeed",
    "Offer",
    "PathBudget",
    "Pathfinder",
    "Perception",
    "Persona",
    "PersonaFileError",
    "Place",
    "PlaceKind",
    "PlanChanged",
    "ReflectionWritten",
    "RefusalHandled",
    "Rota",
    "Rules",
    "SaveError",
    "Simulation",
    "Society",
    "StepView",
    "ThoughtFailed",
    "UtteranceEvent",
    "Verdict",
    "Walker",
    "World",
    "__version__",
    "area_at",
    "caption",
    "events",
    "load_embedder",
    "load_model",
    "load_personas",
    "load_stack",
    "load_world",
    "nearest_walkable",
    "place_personas",
    "read_map",
    "spread_points",
    "with_movement",
]
