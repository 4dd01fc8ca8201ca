"""Persona: who an agent is — the seed of its memory and the header of every prompt."""
from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field, model_validator


class OccasionSeed(BaseModel):
    """An occasion a persona knows of from the start, given exactly (its name, place, time
    window and host) instead of written in a memory for the reader to find. `place` is a
    place's name on the map or its address; `host` defaults to the persona; `text` is how
    the persona would say it (default: said from the fields)."""

    model_config = ConfigDict(frozen=True)

    what: str = Field(min_length=1, max_length=80)
    place: str = Field(min_length=1, max_length=120)
    start: datetime
    end: datetime | None = None
    host: str | None = None
    text: str | None = Field(default=None, max_length=300)

    @model_validator(mode="after")
    def _window(self) -> OccasionSeed:
        if any(t is not None and t.tzinfo is not None for t in (self.start, self.end)):
            raise ValueError("occasion times are naive game times (no UTC offset)")
        if self.end is not None and self.end <= self.start:
            raise ValueError("an occasion ends after it starts")
        return self


class Persona(BaseModel):
    """The fixed facts of one NPC, as a game or a persona file gives them.

    `home` and `workplace` are addresses in the world ("town:lin_house:bedroom").
    `relationships` maps another agent's name to how this one sees them.
    `memories` are seed statements written into the memory stream at start
    (the paper seeds each agent with one semicolon-separated paragraph); an occasion in one of
    them is found by its place and day. `occasions` give occasions exactly, as data.
    """

    model_config = ConfigDict(frozen=True)

    name: str = Field(min_length=1, max_length=60)
    age: int = Field(ge=0, le=120)
    traits: tuple[str, ...] = ()
    occupation: str = ""
    home: str = ""
    workplace: str | None = None
    relationships: dict[str, str] = Field(default_factory=dict)
    lifestyle: str = ""
    daily_habits: tuple[str, ...] = ()
    memories: tuple[str, ...] = ()
    occasions: tuple[OccasionSeed, ...] = ()
    status: str = ""
    sprite: str | None = None

    def summary(self) -> str:
        """A short description used as the identity header of prompts."""
        parts = [f"Name: {self.name} (age {self.age})"]
        if self.traits:
            parts.append("Traits: " + ", ".join(self.traits))
        if self.occupation:
            parts.append("Occupation: " + self.occupation)
        if self.lifestyle:
            parts.append("Lifestyle: " + self.lifestyle)
        if self.status:
            parts.append("Currently: " + self.status)
        return "\n".join(parts)
