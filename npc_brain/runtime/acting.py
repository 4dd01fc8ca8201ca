"""Acting: the action an agent's plan gives now, read every frame without a model.

A step is done where it says, else where a coarser step of the plan says, else at the obvious
place for it; a place refused to the agent sends it home meanwhile; with no step it sleeps at
night and otherwise thinks about the day where it is.
"""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from npc_brain.cognition.location import KnownPlaces, building_names, obvious_place, room_for
from npc_brain.runtime.settings import BrainSettings
from npc_brain.types.action import EMOJI, Action
from npc_brain.types.persona import Persona
from npc_brain.types.plan import Plan, PlanLevel, PlanStep

__all__ = ["Acting"]


class Acting:
    """How `persona` acts on its plan; `known` returns the agent's known world (a snapshot), where
    the obvious places are found."""

    def __init__(self, persona: Persona, settings: BrainSettings, known: Callable[[], KnownPlaces]) -> None:
        self.persona = persona
        self.settings = settings
        self._known = known
        self._memo: dict[tuple[str, str, str], str | None] = {}

    def action(self, plan: Plan, now: datetime, here: str | None,
               excluded: Callable[[str], tuple[str, ...]]) -> Action:
        """What to do right now (never blocks, always answers): `here` is where the agent is,
        `excluded(activity)` the addresses refused to it for that activity."""
        step = plan.current(now)
        if step is None:
            return self._idle(now, here)
        address = step.address
        if address is None:
            # Not located yet: keep to where a coarser step said, else stay put.
            for level in (PlanLevel.HOUR, PlanLevel.DAY):
                outer = plan.at(now, level)
                if outer is not None and outer.address is not None:
                    address = outer.address
                    break
            else:
                # Before the hour is decomposed a day step still has a place: the obvious
                # one (work at the workplace, sleep at home, "… at Hobbs Cafe" there).
                address = self.provisional(step, here)
        refused = excluded(step.activity)
        if address and any(address == x or address.startswith(x + ":") for x in refused):
            # Until the replan lands (or if it fails), leave the doorway: head home, so a
            # closed shop never keeps anyone standing at its door.
            home = self.persona.home
            if home and not any(home == x or home.startswith(x + ":") for x in refused):
                return Action("heading home for now", "commute", home, now, now + timedelta(minutes=15),
                              EMOJI["commute"], "refused")
            return Action(f"having second thoughts about {step.description}", "other", here, now,
                          now + timedelta(minutes=5), EMOJI["other"], "refused")
        state = step.state if address == step.address else None
        return Action(step.description, step.activity, address, step.start, step.end,
                      EMOJI.get(step.activity, "💭"), step.source, state)

    def provisional(self, step: PlanStep, here: str | None) -> str | None:
        """The obvious place for a step not located yet, else `here` — in either case the room
        of that building meant for the step's activity (cached; no model). Called every frame."""
        memo = self._memo
        if len(memo) > 512:  # steps change daily: keep the cache bounded
            memo.clear()
        key = (step.description, step.activity, "")  # the obvious place does not depend on `here`
        if key not in memo:
            known = self._known()
            place = obvious_place(step.description, step.activity, self.persona, building_names(known))
            memo[key] = room_for(known, place, step.activity) if place else None
        if memo[key] is not None or not here:
            return memo[key]
        key = ("", step.activity, here)
        if key not in memo:
            memo[key] = room_for(self._known(), here, step.activity)
        return memo[key]

    def _idle(self, now: datetime, here: str | None) -> Action:
        s = self.settings
        night = now.hour >= s.sleep_hour or now.hour < s.wake_hour
        if night and self.persona.home:
            return Action("sleeping", "sleep", self.persona.home, now,
                          now + timedelta(minutes=15), EMOJI["sleep"], "idle")
        return Action("thinking about the day", "other", here, now,
                      now + timedelta(minutes=5), EMOJI["other"], "idle")
