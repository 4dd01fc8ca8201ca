"""npc_brain.world: the containment tree, spatial memory, rules, pathfinding and perception.

Load a map with `npc_brain.adapters.tiled.load_world(path)`; everything here is engine-agnostic.
"""

from __future__ import annotations

from npc_brain.world.builder import AreaSpec, build_tree
from npc_brain.world.errors import MapError, MapIssue, Severity, UnknownPlace, WorldError
from npc_brain.world.homes import PersonaPlaceError, Placement, place_personas, spread_points
from npc_brain.world.hours import is_open, parse_hhmm
from npc_brain.world.lint import format_tree, lint_world
from npc_brain.world.norms import PURPOSE_ALLOWS, Capacity, OpeningHours, Privacy, Purpose
from npc_brain.world.pathfinding import Cell, CollisionGrid, Pathfinder
from npc_brain.world.perception import Perception, vantage_of
from npc_brain.world.place import ACTIVITIES, Place, PlaceKind
from npc_brain.world.rules import Rule, Rules, RuleStats, default_rules
from npc_brain.world.spatial_memory import SpatialMemory
from npc_brain.world.verdict import Verdict
from npc_brain.world.wording import definite, true_to_place
from npc_brain.world.world import World, slugify

__all__ = [
    "ACTIVITIES",
    "PURPOSE_ALLOWS",
    "AreaSpec",
    "Capacity",
    "Cell",
    "CollisionGrid",
    "MapError",
    "MapIssue",
    "OpeningHours",
    "Pathfinder",
    "Perception",
    "PersonaPlaceError",
    "Place",
    "PlaceKind",
    "Placement",
    "Privacy",
    "Purpose",
    "Rule",
    "RuleStats",
    "Rules",
    "Severity",
    "SpatialMemory",
    "UnknownPlace",
    "Verdict",
    "World",
    "WorldError",
    "build_tree",
    "default_rules",
    "definite",
    "format_tree",
    "is_open",
    "lint_world",
    "parse_hhmm",
    "place_personas",
    "slugify",
    "spread_points",
    "true_to_place",
    "vantage_of",
]
