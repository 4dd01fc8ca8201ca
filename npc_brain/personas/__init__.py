"""Personas for any map: `generate(world, n, seed=…)` makes varied, coherent residents.

`python -m npc_brain.personas generate --map MAP --n 100 --seed 1 -o people.json` writes them
as a persona file the demo and `Society` load. See `generator` for how.
"""
from __future__ import annotations

from npc_brain.personas.generator import CapacityError, generate, room_for, town_survey
from npc_brain.personas.words import ENGLISH_PEOPLE, PersonaWords

__all__ = ["ENGLISH_PEOPLE", "CapacityError", "PersonaWords", "generate", "room_for", "town_survey"]
