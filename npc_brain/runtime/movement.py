"""Movement: the built-in actions every game gets — follow(target), stop_following, go_to(place).

They are `GameAction`s like the game's own (offered, requested, reported), and once the game
reports one done the `Movement` is what the NPC does instead of its plan: the Walker walks
behind the followed person (`Action.follow`) or to the place. A movement ends by itself at
`until` (the plan needs the NPC elsewhere), when the followed person leaves the map, or when
asked to stop (`stop_following`, `Society.stop_moving`).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from npc_brain.types.action import EMOJI, Action
from npc_brain.types.actions import ActionContext, ActionRegistry, GameAction
from npc_brain.world.place import PlaceKind
from npc_brain.world.world import World

__all__ = ["FOLLOW_MINUTES", "GO_TO_MINUTES", "MOVEMENT_ACTIONS", "Movement", "MovementKind", "movement_actions",
           "places_to_go", "with_movement"]

FOLLOW_MINUTES = 60  # game minutes an NPC follows at most before its plan takes it back
GO_TO_MINUTES = 45  # ... and stays where it was asked to go
MOVEMENT_ACTIONS = frozenset({"follow", "stop_following", "go_to"})
"""The built-in actions a `Walker.perform` handles (the game's own are the rest)."""


class MovementKind(StrEnum):
    """What a movement does."""

    FOLLOW = "follow"
    GO_TO = "go_to"


class _Target(BaseModel):
    model_config = ConfigDict(frozen=True)
    target: str


class _Place(BaseModel):
    model_config = ConfigDict(frozen=True)
    place: str


def _on_map(context: ActionContext, name: str | None) -> bool:
    return bool(name) and (context.world is None or context.world.position(name) is not None)


def _can_follow(context: ActionContext) -> bool:
    return context.following != context.target and _on_map(context, context.target)


def _follows(context: ActionContext) -> bool:
    return context.target is not None and context.following == context.target


def places_to_go(world: World | None) -> tuple[str, ...]:
    """The buildings of a world with a name no other place shares (what go_to may name)."""
    if world is None:
        return ()
    names = [p.name for p in world.places(PlaceKind.BUILDING)]
    return tuple(n for n in dict.fromkeys(names) if len(world.find_all(n)) == 1)


def _go_to_choices(context: ActionContext) -> dict[str, tuple[str, ...]]:
    here = context.world.area_name(context.address) if context.world is not None else None
    return {"place": tuple(n for n in places_to_go(context.world) if n != here)}


def with_movement(actions: Iterable[GameAction] = ()) -> ActionRegistry:
    """A registry of the built-in movement actions first, then the game's `actions`."""
    return ActionRegistry([*movement_actions(), *actions])


def movement_actions() -> tuple[GameAction, ...]:
    """follow, stop_following and go_to, as `with_movement` registers them."""
    return (
        GameAction("follow", "follow someone and walk along with them", _Target, precondition=_can_follow,
                   says="Sure, I will come along with you.", did="{actor} started following {target}",
                   words=("follow", "come", "along", "accompany", "tag", "join")),
        GameAction("stop_following", "stop following someone", _Target, precondition=_follows,
                   says="All right, I will stop following you.", did="{actor} stopped following {target}",
                   words=("stop", "leave", "alone", "enough", "stay", "quit"), undoes="follow"),
        GameAction("go_to", "go to a place", _Place, choices=_go_to_choices,
                   says="All right, I will go to {place}.", did="{actor} went to {place} because {target} asked",
                   words=("go", "head", "meet", "walk", "over")),
    )


@dataclass(frozen=True, slots=True)
class Movement:
    """A follow or a go_to in progress. `target` is whom to follow or the place's address."""

    kind: MovementKind
    target: str
    asked_by: str | None
    since: datetime
    until: datetime
    request_id: int = 0

    @classmethod
    def start(cls, kind: MovementKind, target: str, asked_by: str | None, now: datetime,
              plan_end: datetime | None, request_id: int = 0) -> Movement:
        """From now until the plan's current step ends (at least 15 minutes, at most the cap)."""
        cap = now + timedelta(minutes=FOLLOW_MINUTES if kind is MovementKind.FOLLOW else GO_TO_MINUTES)
        until = min(cap, max(plan_end, now + timedelta(minutes=15))) if plan_end is not None else cap
        return cls(kind, target, asked_by, now, until, request_id)

    def action(self, world: World | None) -> Action:
        """What the NPC does meanwhile (the Walker reads `follow` or walks to `address`)."""
        if self.kind is MovementKind.FOLLOW:
            where = world.location(self.target) if world is not None else None
            return Action(f"following {self.target}", "socialize", where.address if where else None,
                          self.since, self.until, EMOJI["commute"], "follow", follow=self.target)
        name = world.area_name(self.target) if world is not None else None
        return Action(f"waiting at {name or self.target}", "other", self.target, self.since, self.until,
                      EMOJI["other"], "go_to")
