"""npc_brain — generative-agent minds (Park et al. 2023) for game NPCs.

A game builds one `Society` over a `World` (usually `load_world("town.tmx")`), a chat model and an
embedder (`load_model()`, `load_embedder()`: the offline default), adds a `Persona` per NPC, and
each frame calls `crowd.update(dt)` (a `Crowd` walks the NPCs, feeds their perceptions and sends
refusals back) or, by hand, `society.perceive(...)`, `society.update()` and `society.action(name)`.
Thinking runs off the game thread; nothing here ever waits for the model. `Simulation` runs the
same minds headless. Everything a game needs is here; pygame drawing is in
`npc_brain.adapters.pygame`; the fakes for tests in `npc_brain.testing`.

The house: `types` (the values passed around), `llm`, `memory`, `world`, `language` (the English
kit), `cognition` (the paper's mechanisms), `runtime` (who thinks when), `adapters` (maps, bodies,
pygame), `personas` (people for any map), `eval` and `bench`.
"""
from __future__ import annotations

from npc_brain.adapters.crowd import Crowd
from npc_brain.adapters.tiled import load_world
from npc_brain.adapters.walker import Walker
from npc_brain.llm import LLMError, LLMSettings, load_embedder, load_model, load_stack
from npc_brain.llm.protocols import ChatModel, Embedder
from npc_brain.memory import CorruptSaveError, SaveError
from npc_brain.runtime.agent import Agent
from npc_brain.runtime.conversation import Conversation
from npc_brain.runtime.movement import MOVEMENT_ACTIONS, Movement, with_movement
from npc_brain.runtime.settings import BrainSettings
from npc_brain.runtime.simulation import Simulation
from npc_brain.runtime.society import Society
from npc_brain.types.action import Action
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
from npc_brain.types.observation import Observation, ObservationKind
from npc_brain.types.occasion import Occasion
from npc_brain.types.persona import OccasionSeed, Persona
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
    "BrainSettings",
    "ChatModel",
    "Conversation",
    "ConversationEnded",
    "ConversationStarted",
    "CorruptSaveError",
    "Crowd",
    "Embedder",
    "Event",
    "GameAction",
    "GameClock",
    "LLMError",
    "LLMSettings",
    "MapError",
    "Movement",
    "MovementEnded",
    "ObjectStateChanged",
    "Observation",
    "ObservationKind",
    "Occasion",
    "OccasionSeed",
    "Offer",
    "Pathfinder",
    "Perception",
    "Persona",
    "Place",
    "PlaceKind",
    "PlanChanged",
    "ReflectionWritten",
    "RefusalHandled",
    "Rules",
    "SaveError",
    "Simulation",
    "Society",
    "ThoughtFailed",
    "UtteranceEvent",
    "Verdict",
    "Walker",
    "World",
    "__version__",
    "load_embedder",
    "load_model",
    "load_stack",
    "load_world",
    "place_personas",
    "spread_points",
    "with_movement",
]
