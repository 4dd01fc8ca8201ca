"""Maps and personas the generator tests share (loaded once per session)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from npc_brain.adapters.tiled import load_world
from npc_brain.types.persona import Persona
from npc_brain.world.world import World

ROOT = Path(__file__).resolve().parents[2]
TOWN = ROOT / "maps" / "town.tmx"
CITY = ROOT / "maps" / "city.tmx"
HARBOUR = ROOT / "maps" / "harbour.tmx"
DEMO = ROOT / "demo_game" / "personas.json"


@pytest.fixture(scope="session")
def town() -> World:
    return load_world(TOWN)


@pytest.fixture(scope="session")
def city() -> World:
    return load_world(CITY)


@pytest.fixture(scope="session")
def vacant_city() -> World:
    """The city with nobody named on the map: every household is the generator's own."""
    world = load_world(CITY)
    for place in world:
        place.residents = frozenset()
        if "sleep" in place.purpose:
            place.owner = None
    return world


@pytest.fixture(scope="session")
def harbour() -> World:
    return load_world(HARBOUR)


@pytest.fixture(scope="session")
def demo() -> list[Persona]:
    return [Persona.model_validate(p) for p in json.loads(DEMO.read_text(encoding="utf-8"))]
