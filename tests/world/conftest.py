"""Fixtures for the world tests: a freshly loaded fixture town and a fixed morning."""

from __future__ import annotations

from datetime import datetime

import pytest
from world_helpers import MAPS

from npc_brain.adapters.tiled import load_world
from npc_brain.world import World


@pytest.fixture
def town() -> World:
    """A fresh copy of the fixture town (tests mutate occupancy and states)."""
    return load_world(MAPS / "town.tmx")


@pytest.fixture
def morning() -> datetime:
    """Monday 13 February 2023, 10:00."""
    return datetime(2023, 2, 13, 10, 0)
