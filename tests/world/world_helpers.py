"""Shared helpers for the world tests: fixture map paths, simple agents and actions."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

MAPS = Path(__file__).resolve().parents[1] / "fixtures" / "maps"
BROKEN = MAPS / "broken"


@dataclass
class Agent:
    """The least a rule needs: a name, optionally an age and a workplace."""

    name: str
    age: int = 30
    workplace: str | None = None


@dataclass
class Action:
    """The least a rule needs from an action."""

    activity: str
    description: str = ""
