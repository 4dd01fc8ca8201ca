"""Errands: the game actions a society's NPCs asked for and the movements they are making.

`Society` owns one. It builds the offers a mind may choose (the registry's, for a context read
on the game thread), turns a chosen offer into an `ActionRequested` kept until the game reports
it, and turns the report into what the NPC remembers: done, or refused with the game's reason
(an observation it reacts to, like a rule refusal). The built-in movements (follow, go_to)
start when reported done and are what the NPC does until they end. All of it is saved.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from npc_brain.memory.record import MemoryKind
from npc_brain.runtime.agent import Action, Agent
from npc_brain.runtime.movement import Movement, MovementKind
from npc_brain.types.actions import ActionContext, ActionRegistry, Offer
from npc_brain.types.events import ActionReported, ActionRequested, Event, MovementEnded
from npc_brain.types.observation import Observation, ObservationKind

__all__ = ["Errands", "ErrandsState"]


class _Pending(BaseModel):
    model_config = ConfigDict(frozen=True)
    request_id: int = Field(ge=1)
    agent: str
    time: datetime
    action: str
    args: list[tuple[str, str]] = []
    target: str | None = None
    source: str = "dialogue"
    said: str = ""
    record: str = ""


class _Moving(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: MovementKind
    target: str
    asked_by: str | None = None
    since: datetime
    until: datetime
    request_id: int = 0


class ErrandsState(BaseModel):
    """What a save holds of the errands (checked whole before a load changes anything)."""

    model_config = ConfigDict(frozen=True)
    next_id: int = Field(1, ge=1)
    pending: list[_Pending] = []
    moving: dict[str, _Moving] = {}


class Errands:
    """Requested actions in flight and movements in progress, for the agents of one society.

    `agents` is the society's live agent mapping; `world` returns the current world (or None).
    """

    def __init__(self, registry: ActionRegistry, agents: Mapping[str, Agent], *,
                 world: Callable[[], Any]) -> None:
        self.registry = registry
        self._agents = agents
        self._world = world
        self._next_id = 1  # request ids are never reused, across saves too
        self._pending: dict[int, ActionRequested] = {}
        self._moving: dict[str, Movement] = {}

    # ------------------------------------------------------------------ offers
    def context(self, actor: str, target: str | None, now: datetime, *, player: bool = False) -> ActionContext:
        """What the actor's preconditions read now."""
        agent = self._agents[actor]
        moving = self._moving.get(actor)
        following = moving.target if moving is not None and moving.kind is MovementKind.FOLLOW else None
        step = agent.current_step(now)
        world = self._world()
        where = world.location(actor) if world is not None else None  # fresher than the last update's
        return ActionContext(actor, target, now, where.address if where is not None else agent.address,
                             step.description if step else "", following, world, player)

    def offers(self, actor: str, target: str | None, now: datetime, *, player: bool = False) -> tuple[Offer, ...]:
        """The actions `actor` could do now, for `target` (preconditions held)."""
        if not len(self.registry) or actor not in self._agents:
            return ()
        asked = {(r.action, r.args) for r in self._pending.values() if r.agent == actor}
        # Not again while the game has the same request: one invitation, one coffee at a time.
        return tuple(o for o in self.registry.offers(self.context(actor, target, now, player=player))
                     if (o.action, o.args) not in asked)

    def request(self, actor: str, offer: Offer, target: str | None, now: datetime, *, said: str = "",
                source: str = "dialogue") -> ActionRequested:
        """A mind chose `offer`: the event for the game, kept until it is reported."""
        self._next_id += 1
        request = ActionRequested(actor, now, self._next_id - 1, offer.action, offer.args, target, source, said,
                                  offer.record)
        self._pending[request.request_id] = request
        return request

    @property
    def pending(self) -> tuple[ActionRequested, ...]:
        """Requests the game has not reported yet, oldest first."""
        return tuple(self._pending.values())

    # ------------------------------------------------------------------ outcomes
    def report(self, request_id: int, now: datetime, *, done: bool, reason: str = "") -> list[Event]:
        """The game did (or refused) a request: the NPC remembers it; movements start or stop.

        KeyError for an unknown (or already reported) request."""
        request = self._pending.pop(request_id, None)
        if request is None:
            raise KeyError(f"no action request {request_id} in flight")
        events: list[Event] = [ActionReported(request.agent, now, request_id, request.action, done, reason)]
        agent = self._agents.get(request.agent)
        if agent is None:
            return events
        if not done:
            what = self.registry.get(request.action).description if request.action in self.registry else request.action
            why = " ".join(reason.split()).rstrip(".") or "it was not possible"
            text = f"{request.agent} could not {what} for {request.target or 'anyone'}: {why}."
            # Like a rule refusal: remembered, and reacted to (an EVENT goes to the reaction queue).
            agent.perceive([Observation(text, ObservationKind.EVENT, subject=request.target, place=agent.address)], now)
            return events
        agent.remember(MemoryKind.OBSERVATION, request.record or f"{request.agent} did {request.action}", now,
                       subject=request.target, place=agent.address)
        self._move(agent, request, now, events)
        return events

    def _move(self, agent: Agent, request: ActionRequested, now: datetime, events: list[Event]) -> None:
        step = agent.current_step(now)
        end = step.end if step is not None else None
        target = request.arg("target") or request.target
        if request.action == "follow" and target:
            self._moving[agent.name] = Movement.start(MovementKind.FOLLOW, target, request.target, now, end,
                                                      request.request_id)
        elif request.action == "stop_following":
            self.stop(agent.name, now, events, reason="asked")
        elif request.action == "go_to":
            world = self._world()
            place = world.find(request.arg("place") or "") if world is not None else None
            if place is not None:
                self._moving[agent.name] = Movement.start(MovementKind.GO_TO, place.address, request.target, now,
                                                          end, request.request_id)

    # ------------------------------------------------------------------ movements
    def movement(self, name: str) -> Movement | None:
        """The follow or go_to `name` is making (None: it follows its plan)."""
        return self._moving.get(name)

    def action(self, name: str, planned: Action) -> Action:
        """What `name` does now: its movement, else `planned` (a conversation always wins)."""
        moving = self._moving.get(name)
        if moving is None or planned.source == "conversation":
            return planned
        return moving.action(self._world())

    def stop(self, name: str, now: datetime, events: list[Event], *, reason: str = "asked") -> bool:
        """End `name`'s movement (False if it had none); it remembers why."""
        moving = self._moving.pop(name, None)
        if moving is None:
            return False
        agent = self._agents.get(name)
        if agent is not None:
            follow = moving.kind is MovementKind.FOLLOW
            world = self._world()
            place = world.area_name(moving.target) if world is not None and not follow else None
            who = place or moving.target
            verb = "following" if follow else "going to"
            what = {"left": f"{who} left, so {name} stopped following them",
                    "plan": f"{name} went back to the day's plan after {verb} {who}",
                    }.get(reason, f"{name} stopped {verb} {who}")
            agent.remember(MemoryKind.OBSERVATION, what, now, subject=moving.target if follow else None,
                           place=agent.address)
        events.append(MovementEnded(name, now, moving.kind.value, moving.target, reason))
        return True

    def part(self, name: str, who: str, now: datetime, events: list[Event]) -> bool:
        """`who` said goodbye to `name`: the follow or go_to they asked for ends (False: none)."""
        moving = self._moving.get(name)
        if moving is None or moving.asked_by != who:
            return False
        return self.stop(name, now, events, reason="goodbye")

    def tick(self, now: datetime, events: list[Event]) -> None:
        """End movements whose time is up or whose followed person left the map (each frame)."""
        world = self._world()
        for name, moving in list(self._moving.items()):
            if name not in self._agents:
                del self._moving[name]
            elif now >= moving.until:
                self.stop(name, now, events, reason="plan")
            elif moving.kind is MovementKind.FOLLOW and world is not None and world.position(moving.target) is None:
                self.stop(name, now, events, reason="left")

    # ------------------------------------------------------------------ saves
    def to_state(self) -> dict[str, Any]:
        """JSON-able: requests in flight and movements in progress."""
        pending = [_Pending(request_id=r.request_id, agent=r.agent, time=r.time, action=r.action, args=list(r.args),
                            target=r.target, source=r.source, said=r.said, record=r.record)
                   for r in self._pending.values()]
        moving = {n: _Moving(kind=m.kind, target=m.target, asked_by=m.asked_by, since=m.since, until=m.until,
                             request_id=m.request_id) for n, m in self._moving.items()}
        return ErrandsState(next_id=self._next_id, pending=pending, moving=moving).model_dump(mode="json")

    @staticmethod
    def parse(raw: object) -> ErrandsState:
        """A save's errands, checked (pydantic.ValidationError when damaged; none saved: empty)."""
        return ErrandsState.model_validate(raw or {})

    def restore(self, state: ErrandsState, events: list[Event]) -> None:
        """Replace everything with a save's; requests in flight are announced again (`events`),
        since the game that loaded has its own state back as it was then."""
        self._next_id = max([state.next_id, *(p.request_id + 1 for p in state.pending)])
        self._pending = {p.request_id: ActionRequested(p.agent, p.time, p.request_id, p.action, tuple(p.args),
                                                       p.target, p.source, p.said, p.record)
                         for p in state.pending}
        self._moving = {n: Movement(m.kind, m.target, m.asked_by, m.since, m.until, m.request_id)
                        for n, m in state.moving.items()}
        events.extend(self._pending.values())
