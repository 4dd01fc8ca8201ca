"""Observation: one thing an agent perceived, as the game (or the headless world) reports it."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from npc_brain.types.occasion import Occasion


class ObservationKind(StrEnum):
    """Where a perception came from; refusals and speech get special handling."""

    SIGHT = "sight"          # another agent's action or an object's state
    SELF = "self"            # the agent's own action
    REFUSAL = "refusal"      # a spatial-norm rule refused an action ("Hobbs Cafe is closed until 8:00")
    SPEECH = "speech"        # someone said something to the agent
    EVENT = "event"          # anything else the game wants the agent to know


@dataclass(frozen=True, slots=True)
class Observation:
    """A perception in natural language plus what it is about.

    `subject` is the agent or object observed (a name or an address), `place` the address where.
    `importance` is a rating the source already knows (a heard fact keeps its teller's), or
    None to rate it as any other memory. Provenance, when the source knows it: `teller` (who
    said it), `fact` (what was said, without who said it) and `occasion` (the occasion it
    speaks of; None: read from the text when the memory is made).
    """

    description: str
    kind: ObservationKind = ObservationKind.SIGHT
    subject: str | None = None
    place: str | None = None
    importance: int | None = None
    teller: str | None = None
    fact: str | None = None
    occasion: Occasion | None = None
