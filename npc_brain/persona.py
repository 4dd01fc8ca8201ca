"""Persona: who an agent is — the seed of its memory and the header of every prompt."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Persona(BaseModel):
    """The fixed facts of one NPC, as a game or a persona file gives them.

    `home` and `workplace` are addresses in the world ("town:lin_house:bedroom").
    `relationships` maps another agent's name to how this one sees them.
    `memories` are seed statements written into the memory stream at start
    (the paper seeds each agent with one semicolon-separated paragraph).
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
