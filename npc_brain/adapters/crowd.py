"""Crowd: the NPCs' bodies on the map, driven by their minds — the one object a game calls each frame.

```python
crowd = Crowd(society, clock=clock)           # once: a Society over a World, and the game's clock
crowd.add(personas)                           # "auto" homes and workplaces chosen on the map
while running:
    crowd.player("Hero", hero.rect.midbottom)   # where the player stands (NPCs see and face you)
    for event in crowd.update(dt):            # advances the clock, thinks, walks, perceives
        ...                                   # UtteranceEvent, ActionRequested (your actions) …
    for name, walker in crowd.walkers.items():  # draw walker.position / facing; crowd.label(name)
        ...
```

Each frame `update(dt)` applies finished thinking (`Society.update`), walks every NPC to its
current action's place (`Walker`), tells the society about refusals at doors
(`Society.refused`), and about twice a second lets each NPC perceive what is around it
(`Perception`, staggered so not everyone looks in the same frame). An NPC talking with a
player (or whose chat box is open, `Society.engage`) stands still facing them. The built-in
movement requests (follow, go_to, stop_following) are done and reported here; every other
`ActionRequested` is the game's. No pygame: a game draws `walkers` its own way.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from npc_brain.adapters.walker import PathBudget, Walker, nearest_walkable
from npc_brain.runtime.movement import MOVEMENT_ACTIONS
from npc_brain.types.action import caption
from npc_brain.types.events import ActionRequested, Event, UtteranceEvent
from npc_brain.types.persona import Persona
from npc_brain.world.homes import place_personas, spread_points
from npc_brain.world.pathfinding import Cell, Pathfinder
from npc_brain.world.perception import Perception
from npc_brain.world.rules import Rules

if TYPE_CHECKING:  # the adapters sit above the runtime; only the types are needed here
    from npc_brain.runtime.society import Society
    from npc_brain.types.clock import GameClock
    from npc_brain.types.frame_budget import FrameBudget

__all__ = ["Crowd"]

Point = tuple[float, float]


class Crowd:
    """Every NPC's body on the map and the per-frame calls between them and the society.

    `society` has a `World` (`society.world`); `clock` (a `GameClock`), when given, is advanced by
    `update(dt)`. `rules` and `pathfinder` default to the world's; `perceive_every` is the wall
    seconds between two looks of one NPC; `speech_seconds` how long a line stays on `said`;
    `speed` NPCs' walking speed in map pixels per second.
    """

    def __init__(self, society: Society, *, clock: GameClock | None = None, rules: Rules | None = None,
                 pathfinder: Pathfinder | None = None, perceive_every: float = 0.5,
                 speech_seconds: float = 6.0, speed: float = 64.0) -> None:
        if society.world is None:
            raise ValueError("a Crowd walks NPCs on a map: build the Society over a World")
        self.society = society
        self.world = society.world
        self.clock = clock
        self.rules = rules if rules is not None else Rules(self.world)
        self.pathfinder = pathfinder if pathfinder is not None else Pathfinder(self.world.grid)
        self.perception = Perception(self.world)
        self.perceive_every = perceive_every
        self.speech_seconds = speech_seconds
        self.speed = speed
        self.budget = PathBudget()
        self._walkers: dict[str, Walker] = {}
        self._claims: dict[Cell, str] = {}
        self._looks: dict[str, float] = {}  # seconds until each NPC looks around again
        self._players: dict[str, tuple[Point, str]] = {}
        self._said: dict[str, tuple[str, float]] = {}  # name → (line, seconds it stays)

    # ------------------------------------------------------------------ who is on the map
    @property
    def walkers(self) -> Mapping[str, Walker]:
        """Each NPC's body by name (position, facing, moving, distance for a walk cycle)."""
        return MappingProxyType(self._walkers)

    def add(self, personas: Persona | Iterable[Persona], *, at: Point | None = None) -> list[Walker]:
        """Give personas minds and bodies. `"auto"` homes and workplaces are chosen on the map
        (`place_personas`); each stands at its spawn point, else in its home, else near `at`
        (default: the player's spawn, else the map's centre)."""
        batch = [personas] if isinstance(personas, Persona) else list(personas)
        placed = place_personas(batch, self.world).personas
        around = at or self.world.spawn("player") or self.world.root.center
        start = nearest_walkable(self.pathfinder, around) or around
        spare = spread_points(self.world.grid, len(placed), start, radius=6)
        out = []
        for persona in placed:
            self.society.add_agent(persona)
            spot = self.world.spawn(persona.name)
            if spot is None and persona.home in self.world and persona.home != self.world.root.address:
                spot = self.pathfinder.walkable_point_in(self.world.get(persona.home))
            spot = spot or (spare.pop(0) if spare else start)
            walker = Walker(persona.name, self.world, self.pathfinder, rules=self.rules, speed=self.speed,
                            position=nearest_walkable(self.pathfinder, spot) or spot, claims=self._claims)
            self._walkers[persona.name] = walker
            self._looks[persona.name] = self.perceive_every * len(self._walkers) / max(1, len(placed))
            out.append(walker)
        return out

    def player(self, name: str, position: Point, doing: str = "walking around") -> None:
        """Where a player stands now (call it each frame): NPCs see them and face them when talking."""
        if name not in self._players:
            self.society.add_player(name)
        self._players[name] = (position, doing)
        self.world.set_position(name, *position)

    def nearest(self, position: Point, within: float = 48.0) -> str | None:
        """The NPC closest to a point, if within `within` map pixels (whom the player talks to)."""
        best = min(self._walkers.values(), default=None,
                   key=lambda w: math.hypot(w.x - position[0], w.y - position[1]))
        if best is None or math.hypot(best.x - position[0], best.y - position[1]) > within:
            return None
        return best.name

    # ------------------------------------------------------------------ each frame
    def update(self, dt: float, budget: FrameBudget | None = None) -> list[Event]:
        """One frame of `dt` wall seconds: the clock, thinking, walking, refusals, perception.
        Returns the society's events (built-in movement requests already done and reported).
        `budget`: what the minds may spend of this frame (`Society.update`)."""
        if self.clock is not None:
            self.clock.advance(dt)
        events: list[Event] = self.society.update(budget)
        for event in events:
            if isinstance(event, UtteranceEvent):
                self._said[event.agent] = (event.text, self.speech_seconds)
            elif isinstance(event, ActionRequested) and event.action in MOVEMENT_ACTIONS:
                walker = self._walkers.get(event.agent)
                done, reason = walker.perform(event) if walker else (False, "I cannot move right now.")
                self.society.report(event.request_id, done=done, reason=reason)
        for name in list(self._said):
            text, left = self._said[name]
            self._said[name] = (text, left - dt)
            if left - dt <= 0:
                del self._said[name]
        self.budget.reset()
        now = self.society.now()
        talking = self._talking()
        doing = {name: self.society.action(name).description for name in self._walkers}
        doing |= {name: what for name, (_, what) in self._players.items()}
        for name, walker in self._walkers.items():
            partner = talking.get(name)
            if partner is not None:  # waits for the player, facing them
                walker.moving = False
                walker.face(*self._players[partner][0])
            else:
                verdict = walker.update(self.society.action(name), self.society.agent(name), now, dt, self.budget)
                if verdict is not None:  # a closed shop, a full bathroom: it replans
                    self.society.refused(name, verdict)
            self._looks[name] -= dt
            if self._looks[name] <= 0:
                self._looks[name] += self.perceive_every
                self.society.perceive(name, self.perception.changes(name, doing))
        return events

    def _talking(self) -> dict[str, str]:
        """NPC → the player it is talking with (an open chat box or a conversation)."""
        out = {npc: player for player, npc in self.society.engaged.items() if player in self._players}
        for conv in self.society.conversations():
            if conv.player in self._players:
                out[conv.other(conv.player)] = conv.player
        return out

    # ------------------------------------------------------------------ what to show
    def said(self, name: str) -> str | None:
        """The line `name` said in the last `speech_seconds` (or is saying: the streamed draft)."""
        for conv in self.society.conversations():
            if conv.waiting_for == name and conv.draft:
                return str(conv.draft)
        line = self._said.get(name)
        return line[0] if line else None

    def label(self, name: str) -> str:
        """What to show over `name`: the line it is saying, else what it is doing now."""
        said = self.said(name)
        if said:
            return said
        walker = self._walkers[name]
        action = self.society.action(name)
        goal = walker.goal or action.address
        return caption(action, moving=walker.moving, place=self.world.area_name(goal),
                       partner=self.society.agent(name).conversation_with, there=walker.there(action),
                       turned_away=walker.blocked is not None)
