"""Simulation: step a world and its agents headless — no pygame, no window.

Each step: every agent heads for its current action's address (teleporting, or
arriving after a travel time from the straight-line distance), the world's rules are
checked on arrival (a refusal becomes the agent's observation and a replan), every
agent perceives its room, and the Society thinks. With the default `InlineExecutor`
and a deterministic model a run is exactly reproducible — tests, benchmarks and the
evaluation use it.
"""
from __future__ import annotations

import math
import time as wallclock
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from datetime import datetime, timedelta

from npc_brain.llm.accounting import UsageSnapshot
from npc_brain.llm.protocols import ChatModel, Embedder
from npc_brain.runtime.agent import Agent
from npc_brain.runtime.executors import InlineExecutor
from npc_brain.runtime.settings import BrainSettings
from npc_brain.runtime.society import Society
from npc_brain.types.action import Action
from npc_brain.types.clock import GameClock
from npc_brain.types.events import Event
from npc_brain.types.persona import Persona
from npc_brain.world.perception import Perception
from npc_brain.world.place import Place, PlaceKind
from npc_brain.world.rules import Rules
from npc_brain.world.world import World


@dataclass(frozen=True, slots=True)
class TraceEntry:
    """Where an agent was and what it did at one step."""

    time: datetime
    agent: str
    description: str
    activity: str
    address: str | None
    source: str


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """What a `run` produced: the game events, the per-step trace and the cost."""

    start: datetime
    end: datetime
    events: tuple[Event, ...]
    trace: tuple[TraceEntry, ...]
    refusals: int
    wall_seconds: float
    usage: UsageSnapshot | None = None


class Simulation:
    """A headless run of a world with agents.

    `agents_or_personas`: `Persona`s (agents are created) or existing `Agent`s (added to a
    fresh Society with their memory and known world). `travel_px_per_minute`: None to
    teleport, else agents arrive after distance / speed game minutes. `max_in_flight`: see
    `Society` (a thread-pool run sets it to the pool's size, as the demo game does). `society`:
    one the caller built (`bench reply --defaults` builds it as the README does); `executor`,
    `settings` and `max_in_flight` are then its own.
    """

    def __init__(self, world: World, agents_or_personas: Iterable[Persona | Agent], model: ChatModel,
                 clock: GameClock, *, embedder: Embedder | None = None, rules: Rules | None = None,
                 settings: BrainSettings | None = None, executor: Executor | None = None,
                 travel_px_per_minute: float | None = None, max_in_flight: int | None = None,
                 society: Society | None = None) -> None:
        if embedder is None:
            from npc_brain.llm.embedders import LexicalEmbedder

            embedder = LexicalEmbedder()
        self.world = world
        self.clock = clock
        self.rules = rules if rules is not None else Rules(world)
        self.society = society if society is not None else Society(
            world, model, embedder, now=clock, executor=executor or InlineExecutor(), settings=settings,
            max_in_flight=max_in_flight)
        for item in agents_or_personas:
            if isinstance(item, Agent):
                self.society.add_agent(item.persona, known=item.known, memory=item.memory)
            else:
                self.society.add_agent(item)
        self.perception = Perception(world)
        self.travel_px_per_minute = travel_px_per_minute
        self._travel: dict[str, tuple[str, datetime]] = {}
        self._checked: dict[str, tuple[str, str, datetime]] = {}
        self.events: list[Event] = []
        self.trace: list[TraceEntry] = []
        self.refusals = 0

    @property
    def agents(self) -> Sequence[str]:
        """Agent names."""
        return tuple(self.society.agents)

    def step(self, minutes: float = 5) -> list[Event]:
        """Advance one step of `minutes` game minutes; returns the events of this step."""
        now = self.clock.now()
        for name in self.society.agents:
            self._move(name, now)
        doing = {name: self.society.action(name).description for name in self.society.agents}
        for name in self.society.agents:
            seen = self.perception.changes(name, doing)
            if seen:
                self.society.perceive(name, seen)
        events = self.society.update()
        self.events.extend(events)
        for name in self.society.agents:
            a = self.society.action(name)
            self.trace.append(TraceEntry(now, name, a.description, a.activity, a.address, a.source))
        self.clock.advance_game(timedelta(minutes=minutes))
        return events

    def _move(self, name: str, now: datetime) -> None:
        action = self.society.action(name)
        target = action.address
        if not target or target not in self.world:
            return
        here = self.world.location(name)
        if here is not None and here.address.startswith(target + ":"):
            target = here.address  # inside the building it was headed for: arrived
        target = self._entry(target, action.activity, name, now)
        if here is not None and here.address == target:
            self._travel.pop(name, None)
            self._check(name, action, target, now, moving=False)
            return
        if self.travel_px_per_minute:
            planned = self._travel.get(name)
            if planned is None or planned[0] != target:
                minutes = self._distance(here, target) / self.travel_px_per_minute
                self._travel[name] = (target, now + timedelta(minutes=minutes))
                return
            if planned[1] > now:
                return
        self._travel.pop(name, None)
        if self._check(name, action, target, now, moving=True):
            self.world.move(name, target)

    def _entry(self, address: str, activity: str, name: str, now: datetime) -> str:
        """Where one stands on walking into `address`: a building with rooms puts you in one (the
        first that serves the activity, else the first), as a sprite's position does in a game —
        so people in one café see each other, not the building's address and a room's. Only a room
        it may enter and was not refused for the activity, as the game's walker chooses
        (`adapters.walker`): entering the first room that fits sent a student for a pint into the
        landlord's private quarters every five minutes of an evening (56 refusals in a Valentine
        run), and a walk in the community garden onto its vegetable patch, not for exercise (136
        refusals, all night). With no room for the activity, the building's own ground when it is
        declared for it (a garden's paths)."""
        place: Place = self.world.get(address)
        rooms = [c for c in place.children if c.kind is PlaceKind.ROOM]
        if not rooms:
            return address
        agent = self.society.agent(name)
        refused = agent.exclusions(now, activity)
        open_ = [r for r in rooms if not any(r.address == x or r.address.startswith(x + ":") for x in refused)
                 and self.rules.passable(agent, r, now)]
        fitting = [r for r in open_ if activity in r.purpose]
        if fitting:
            return fitting[0].address
        if activity in place.purpose or not open_:
            return address
        return open_[0].address

    def _check(self, name: str, action: Action, target: str, now: datetime, *, moving: bool) -> bool:
        """Rules on arrival (and again when the action at the same place changes)."""
        key = (target, action.description, action.start)
        if not moving and self._checked.get(name) == key:
            return True
        self._checked[name] = key
        verdict = self.rules.check(self.society.agent(name), action, target, now)
        if verdict.allowed:
            return True
        self.refusals += 1
        self.society.refused(name, verdict, address=target)
        return False

    def _distance(self, here: Place | None, target: str) -> float:
        if here is None:
            return 0.0
        (x1, y1), (x2, y2) = here.center, self.world.get(target).center
        return math.hypot(x2 - x1, y2 - y1)

    def run(self, game_minutes: float, step_minutes: float = 5) -> SimulationResult:
        """Step until `game_minutes` have passed; returns everything that happened."""
        start = self.clock.now()
        first_event, first_trace = len(self.events), len(self.trace)
        refusals = self.refusals
        t0 = wallclock.perf_counter()
        end = start + timedelta(minutes=game_minutes)
        while self.clock.now() < end:
            self.step(step_minutes)
        return SimulationResult(
            start, self.clock.now(), tuple(self.events[first_event:]), tuple(self.trace[first_trace:]),
            self.refusals - refusals, wallclock.perf_counter() - t0, self.society.usage(),
        )

    def shutdown(self) -> None:
        """Stop the Society's thinking."""
        self.society.shutdown()
