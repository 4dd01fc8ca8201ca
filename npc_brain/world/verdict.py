"""Verdict: a rule's answer — allowed, or refused by a named rule with a sentence saying why."""

from __future__ import annotations

from dataclasses import dataclass

from npc_brain.types.observation import Observation, ObservationKind
from npc_brain.world.place import Place

__all__ = ["Verdict"]


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer of a rule check.

    `rule` and `reason` name the refusing rule and say why in a sentence ("Hobbs Cafe is closed
    until 8:00."). `waived` marks a refusal that permissive mode let through (`allowed` is True).
    """

    allowed: bool
    rule: str = ""
    reason: str = ""
    place: str | None = None
    waived: bool = False

    @classmethod
    def allow(cls) -> Verdict:
        """A plain yes."""
        return cls(True)

    @classmethod
    def refuse(cls, rule: str, reason: str, place: Place | str | None = None) -> Verdict:
        """A refusal by `rule` with a reason sentence about `place`."""
        address = place.address if isinstance(place, Place) else place
        return cls(False, rule, reason, address)

    def observation(self) -> Observation | None:
        """The refusal as what the agent perceives; None for a yes (a waived refusal included:
        in permissive mode nothing stopped the agent, so there is nothing to perceive)."""
        if not self.reason or self.allowed:
            return None
        return Observation(
            self.reason, ObservationKind.REFUSAL, subject=self.place, place=self.place
        )
