"""Walker: moves one agent's body along A* paths to its current action's place, engine-agnostic.

A game calls `walker.update(action, agent, now, dt)` every frame with what the Society says the
agent is doing. The walker picks a standing spot in the action's place (next to it for a solid
object), finds a path on the world's collision grid and walks it. Every time the path is about
to cross into a building or room, the world's `Rules` are asked first: a refusal stops the
walker at the threshold and is returned, so the game can show it and call
`society.refused(name, verdict)` (the agent then replans). The walker also keeps the world's
occupancy current (`world.set_position`), which the rules and perception read.

An action with `follow` set (the built-in follow) is walked behind that person instead: the
walker paths to where they are and re-paths when they have moved a tile. `perform(request)`
says whether a built-in movement request (follow, go_to, stop_following) can be done from here.

A `PathBudget` spreads planning over frames: a number of new plans a frame and, in real time, a
share of its wall time; a search that does not fit goes on next frame (`PathSearch`) while the
body stands, so a long way across a city never costs one frame tens of milliseconds.

No pygame here: positions are map pixels, `facing` is "down"/"left"/"right"/"up".
"""
from __future__ import annotations

import math
import time
import zlib
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from npc_brain.adapters.path_budget import PathBudget
from npc_brain.adapters.spots import area_at, inside, lineage, nearest_walkable
from npc_brain.types.action import Action
from npc_brain.types.events import ActionRequested
from npc_brain.world.path_search import PathSearch
from npc_brain.world.pathfinding import Cell, Pathfinder, Point, Rect
from npc_brain.world.place import Place, PlaceKind
from npc_brain.world.rules import AgentLike, Rules
from npc_brain.world.verdict import Verdict
from npc_brain.world.wording import definite
from npc_brain.world.world import World

__all__ = ["PathBudget", "Walker", "area_at", "nearest_walkable"]

@dataclass
class _Finding:
    """The way to `spot` being searched (a piece a frame in real time): round the places in each
    of `avoids` in turn, the first way found wins."""

    spot: Point
    avoids: list[tuple[Rect, ...]]
    search: PathSearch | None = None


class Walker:
    """The body of one agent: position, path, facing and the threshold rule checks.

    `speed` is map pixels per second of `dt` (the game scales `dt` by its speed setting).
    `claims` (shared by all walkers of a game) keeps two agents from picking the same
    standing cell when there is room for both. Actions whose `source` is in
    `unchecked_sources` (a conversation, idling, rethinking after a refusal) happen where the
    agent already is, so they are not re-checked there; walking still meets every threshold.
    """

    unchecked_sources: frozenset[str] = frozenset({"conversation", "idle", "refused"})

    def __init__(self, name: str, world: World, pathfinder: Pathfinder, *,
                 rules: Rules | None = None, position: Point, speed: float = 64.0,
                 claims: dict[Cell, str] | None = None) -> None:
        self.name = name
        self.world = world
        self.pathfinder = pathfinder
        self.rules = rules
        self.x, self.y = position
        self.speed = speed
        self.facing = "down"
        self.distance = 0.0  # walked so far (drives the walk animation)
        self.moving = False
        self.blocked: Verdict | None = None  # refused at a threshold for the current action
        self.target: Point | None = None
        self.claims = claims if claims is not None else {}
        self._path: list[Point] = []
        self._goal_key: tuple[Any, ...] | None = None
        self._checked_key: tuple[Any, ...] | None = None
        self._unreachable = False
        self._followed_at: Point | None = None  # where the followed person was when last pathed to
        self._goal: str | None = None  # the place it walks to: the action's, or the room of it that fits
        self._here: tuple[float, float, Any, Place | None] | None = None  # (x, y, world, area there)
        self._finding: _Finding | None = None  # a way still being searched (`PathBudget.seconds`)
        world.set_position(name, self.x, self.y)

    # ------------------------------------------------------------------ public
    @property
    def position(self) -> Point:
        """Map pixels (the feet)."""
        return (self.x, self.y)

    @property
    def path(self) -> tuple[Point, ...]:
        """Waypoints still ahead."""
        return tuple(self._path)

    @property
    def arrived(self) -> bool:
        """Standing at the chosen spot (or nowhere to go)."""
        return not self._path and self._finding is None

    @property
    def unreachable(self) -> bool:
        """No way to the current action's place was found (it stands where it is)."""
        return self._unreachable

    @property
    def goal(self) -> str | None:
        """The address it walks to for the current action: the action's place, or the room of
        that building meant for the action (the pub's taproom to work, not the landlord's
        bedroom in it); None before the first plan or for an action with no place."""
        return self._goal

    def here(self) -> Place | None:
        """The area (room, building, town) the body stands in; remembered until it moves."""
        cached = self._here
        if cached is None or cached[0] != self.x or cached[1] != self.y or cached[2] is not self.world:
            self._here = cached = (self.x, self.y, self.world, area_at(self.world, self.x, self.y))
        return cached[3]

    def there(self, action: Action | None) -> bool:
        """Whether the body is at `action`'s place: in its room (next to an object), else inside
        the building (the room of it that fits, once walked to). True for no place at all."""
        address = getattr(action, "address", None)
        if self._goal and self._goal_key == self._key(action):
            address = self._goal
        if not address or address not in self.world:
            return True
        place = self.world.get(address)
        if place.kind is PlaceKind.OBJECT:
            place = place.parent or place
        return inside(self.here(), place)

    def place_at(self, world: World, pathfinder: Pathfinder, rules: Rules | None,
                 position: Point) -> None:
        """Move onto another world (a reloaded map) at `position`; plans afresh."""
        self.world, self.pathfinder, self.rules = world, pathfinder, rules
        self.teleport(position)

    def teleport(self, position: Point) -> None:
        """Stand somewhere at once (spawn, load, re-home) and forget the path."""
        self.x, self.y = position
        self.reset()
        self.world.set_position(self.name, self.x, self.y)

    def reset(self) -> None:
        """Forget the current goal; the next update plans again (after a load or a map change)."""
        self._release()
        self._path = []
        self._finding = None
        self._goal_key = None
        self._goal = None
        self._checked_key = None
        self.blocked = None
        self.moving = False
        self._unreachable = False

    def face(self, x: float, y: float) -> None:
        """Turn towards a point (a conversation partner)."""
        dx, dy = x - self.x, y - self.y
        if abs(dx) > abs(dy):
            self.facing = "right" if dx > 0 else "left"
        elif dy:
            self.facing = "down" if dy > 0 else "up"

    def update(self, action: Action | None, agent: AgentLike | None, now: datetime, dt: float,
               budget: PathBudget | None = None) -> Verdict | None:
        """Follow `action` (anything with `address`, `activity`, `description`, `start`) for `dt`
        seconds. Returns a refusing `Verdict` the frame a rule stops the agent, else None."""
        follow = getattr(action, "follow", None)
        if follow:
            return self._follow(follow, action, agent, now, dt, budget)
        address = getattr(action, "address", None)
        key = self._key(action)
        if key != self._goal_key:
            if budget is not None and address and not budget.take():
                return self._step(dt, agent, action, now)  # plan next frame; keep walking meanwhile
            self._goal_key = key
            self.blocked = None
            self._unreachable = False
            with budget.timing() if budget is not None else nullcontext():
                verdict = self._plan(address, action, agent, now, budget)
            if verdict is not None:
                return verdict
        elif self._finding is not None and budget is not None and budget.take():
            with budget.timing():
                self._find(budget)
        if self.blocked is not None:
            self.moving = False
            return None
        return self._step(dt, agent, action, now)

    def _key(self, action: Any) -> tuple[Any, ...]:
        """What a walk is planned for: the place, the words and the step's start. Not the start
        of an action of the moment (idling, a talk, heading home after a refusal): it is `now`,
        new every frame, and re-planned every frame it took every frame's `PathBudget`."""
        start = None if getattr(action, "source", "plan") in self.unchecked_sources else getattr(action, "start", None)
        return (getattr(action, "address", None), getattr(action, "description", None), start)

    def perform(self, request: ActionRequested) -> tuple[bool, str]:
        """Can this body do a built-in movement request (an `ActionRequested`)? `(done, reason)`,
        for `society.report(request.request_id, done=done, reason=reason)`."""
        if request.action == "follow":
            target = request.arg("target") or ""
            if self.world.position(target) is None:
                return False, f"{target or 'They'} is nowhere to be seen."
        elif request.action == "go_to":
            place = self.world.find(request.arg("place") or "")
            if place is None:
                return False, "I do not know where that is."
            spot = self._spot(place)
            if spot is None or self.pathfinder.find_path((self.x, self.y), spot) is None:
                return False, f"I cannot get to {place.name} from here."
        return True, ""

    def _follow(self, name: str, action: Any, agent: Any, now: datetime, dt: float,
                budget: PathBudget | None) -> Verdict | None:
        """Walk behind `name`: stop a tile and a half away, re-path once they moved a tile."""
        key = ("follow", name, getattr(action, "start", None))
        if key != self._goal_key:
            self._release()
            self._goal_key, self.blocked, self._followed_at, self._path = key, None, None, []
            self._finding = None
        where = self.world.position(name)
        if self.blocked is not None or where is None:
            self.moving = False
            return None
        tile = self.pathfinder.grid.tile_size
        if math.hypot(where[0] - self.x, where[1] - self.y) <= 1.5 * tile:
            self._path, self.moving, self._followed_at = [], False, None
            self.face(*where)
            return None
        moved = self._followed_at is None or math.hypot(where[0] - self._followed_at[0],
                                                        where[1] - self._followed_at[1]) > tile
        if moved and (budget is None or budget.take()):
            self._followed_at = where
            with budget.timing() if budget is not None else nullcontext():
                self._path = self.pathfinder.find_path((self.x, self.y), where) or []
        return self._step(dt, agent, action, now)

    # ------------------------------------------------------------------ planning
    def _plan(self, address: str | None, action: Any, agent: Any, now: datetime,
              budget: PathBudget | None = None) -> Verdict | None:
        self._release()
        self._path = []
        self._finding = None
        self.target = None
        self._goal = address
        if not address or address not in self.world:
            return None
        place = self.world.get(address)
        if getattr(action, "source", "plan") not in self.unchecked_sources:  # a talk happens where it stands
            place = self._fitting_room(place, getattr(action, "activity", ""), agent, now)
        address = self._goal = place.address
        here = area_at(self.world, self.x, self.y)
        room = place if place.kind is not PlaceKind.OBJECT else (place.parent or place)
        if place.kind is not PlaceKind.OBJECT and inside(here, place):
            # Already there: no walk, but a new action in the same place still meets the rules
            # (the café closed while she sat in it; sleeping is not what a café is for).
            return self._check_here(action, agent, address, now)
        spot = self._spot(place)
        if spot is None:
            self._unreachable = True
            return None
        if inside(here, room):
            verdict = self._check_here(action, agent, address, now)
            if verdict is not None:
                return verdict
        # Around the places it may not enter now (a neighbour's house, a closed shop) when there is
        # a way round; else straight on, to be refused at the door with a reason.
        shut = self._shut(place, agent, now)
        self.claims[self.pathfinder.grid.cell_at(*spot)] = self.name  # while the way is searched too
        self._finding = _Finding(spot, [shut, ()] if shut else [()])
        self._find(budget)
        return None

    def _find(self, budget: PathBudget | None) -> None:
        """Search on for the way `_finding` wants until the frame's planning time is up (then on
        next frame, standing meanwhile); found, walk it; no way at all, stand: unreachable."""
        deadline = budget.deadline() if budget is not None else None
        finding = self._finding
        while finding is not None:
            if finding.search is None:
                finding.search = self.pathfinder.search((self.x, self.y), finding.spot, avoid=finding.avoids.pop(0))
            if not finding.search.advance(deadline, budget.clock if budget is not None else time.perf_counter):
                return
            path = finding.search.path
            if path is not None:
                self.target, self._path, self._finding = finding.spot, path, None
                return
            finding.search = None
            if not finding.avoids:
                self._finding = None
                self._unreachable = True
                self._release()
                return

    def _fitting_room(self, place: Place, activity: str, agent: Any, now: datetime) -> Place:
        """For a building with rooms, the room meant for `activity` (the nearest such, one it may
        enter): where a person goes to work in a pub is its taproom. The room it is in already,
        when that one fits; `place` itself otherwise."""
        rooms = [c for c in place.children if c.kind is PlaceKind.ROOM]
        if place.kind is not PlaceKind.BUILDING or not rooms or activity in ("", "commute", "other"):
            return place
        here = area_at(self.world, self.x, self.y)
        fits = [r for r in rooms if activity in r.purpose
                and (self.rules is None or inside(here, r) or self.rules.passable(agent, r, now))]
        mine = next((r for r in fits if inside(here, r)), None)
        if mine is not None or not fits:
            return mine or place
        return min(fits, key=lambda r: math.hypot(r.center[0] - self.x, r.center[1] - self.y))

    def _shut(self, goal: Place, agent: Any, now: datetime) -> tuple[tuple[float, float, float, float], ...]:
        """Rectangles of the buildings and rooms `agent` may not pass through now, except those
        holding its goal or where it stands (its own way in and out)."""
        if self.rules is None:
            return ()
        here = area_at(self.world, self.x, self.y)
        # By address: what holds the goal or `here` is passed through, what lies in a shut place
        # is shut with it (asked of each of the city's 184 areas, `inside` was a millisecond).
        kept = lineage(goal) | (lineage(here) if here is not None else set())
        shut: list[Place] = []
        closed: set[str] = set()
        for p in self.world.areas():  # tree order: a building before its rooms
            if p.address in kept:
                continue
            if closed.isdisjoint(lineage(p)) and not self.rules.passable(agent, p, now):
                shut.append(p)
                closed.add(p.address)
        return tuple(p.rect for p in shut)

    def _check_here(self, action: Any, agent: Any, address: str, now: datetime) -> Verdict | None:
        key = (address, getattr(action, "description", None), getattr(action, "start", None))
        if self.rules is None or key == self._checked_key:
            return None
        if getattr(action, "source", "plan") in self.unchecked_sources:
            return None  # "talking with Ana" or "thinking about the day" where it stands: no choice made
        self._checked_key = key
        verdict = self.rules.check(agent, action, address, now)
        if verdict.allowed:
            return None
        self.blocked = verdict
        return verdict

    def _spot(self, place: Place) -> Point | None:
        """A standing cell: inside the place (spread out, unclaimed first), or next to a solid object."""
        pf, grid = self.pathfinder, self.pathfinder.grid
        if place.kind is PlaceKind.OBJECT:
            return pf.walkable_point_in(place, near=(self.x, self.y), reach=2)
        cols, rows = grid.cells_overlapping(place.rect)
        labels = grid.components()
        mine = grid.cell_at(self.x, self.y)
        reach = self._components_near(mine)
        cx, cy = place.center
        seed = zlib.crc32(self.name.encode())
        best: tuple[float, Cell] | None = None
        for r in range(rows.start, rows.stop):
            for c in range(cols.start, cols.stop):
                if not grid.walkable((c, r)) or int(labels[r, c]) not in reach:
                    continue
                if self.claims.get((c, r), self.name) != self.name:
                    continue
                px, py = grid.center((c, r))
                # Near the centre, with a per-agent jitter so a crowd spreads over the room.
                jitter = ((seed ^ (c * 73856093) ^ (r * 19349663)) % 1000) / 1000.0
                score = math.hypot(px - cx, py - cy) / grid.tile_size + 2.5 * jitter
                if best is None or score < best[0]:
                    best = (score, (c, r))
        if best is not None:
            return grid.center(best[1])
        return pf.walkable_point_in(place, near=(self.x, self.y), reach=2)

    def _components_near(self, cell: Cell) -> set[int]:
        """Regions reachable from a cell: its own, or its neighbours' when it is blocked."""
        grid = self.pathfinder.grid
        labels = grid.components()
        if grid.walkable(cell):
            return {int(labels[cell[1], cell[0]])}
        return {int(labels[r, c]) for c in range(cell[0] - 1, cell[0] + 2)
                for r in range(cell[1] - 1, cell[1] + 2) if grid.walkable((c, r))}

    def _release(self) -> None:
        for cell in [c for c, who in self.claims.items() if who == self.name]:
            del self.claims[cell]

    # ------------------------------------------------------------------ walking
    def _step(self, dt: float, agent: Any, action: Any, now: datetime) -> Verdict | None:
        left = self.speed * max(0.0, dt)
        self.moving = bool(self._path) and left > 0
        while self._path and left > 0:
            nx, ny = self._path[0]
            verdict = self._threshold(nx, ny, agent, action, now)
            if verdict is not None:
                self._path = []
                self._release()
                self.moving = False
                self.blocked = verdict
                return verdict
            dx, dy = nx - self.x, ny - self.y
            dist = math.hypot(dx, dy)
            if dist > 0:
                self.face(nx, ny)
            if dist <= left:
                self.x, self.y = nx, ny
                self._path.pop(0)
                left -= dist
                self.distance += dist
            else:
                self.x += dx / dist * left
                self.y += dy / dist * left
                self.distance += left
                left = 0
        if self.moving or self._path:
            self.world.set_position(self.name, self.x, self.y)
        return None

    def _threshold(self, nx: float, ny: float, agent: Any, action: Any, now: datetime) -> Verdict | None:
        """Ask the rules before stepping from one area into another it is not already inside."""
        if self.rules is None:
            return None
        here = area_at(self.world, self.x, self.y)
        there = area_at(self.world, nx, ny)
        if there is None or there is here or inside(here, there):
            return None  # same area, or walking out into an enclosing one
        address = self._goal or getattr(action, "address", None)
        key = ("enter", there.address, address, getattr(action, "description", None))
        if key == self._checked_key:
            return None  # asked already while walking up to this doorway
        self._checked_key = key
        target = self.world.get(address) if address and address in self.world else None
        if target is not None and address is not None and inside(target, there):
            # On the way to the goal: the goal's whole chain is what matters (the café's hours,
            # the bathroom's capacity, whether the activity fits the room).
            verdict = self.rules.check(agent, action, address, now)
        else:
            verdict = self.rules.check(agent, None, there, now)  # only passing through
            if not verdict.allowed and target is not None:  # say where it was going, too
                verdict = Verdict(False, verdict.rule, f"On the way to {definite(target, qualified=True)}: "
                                  f"{verdict.reason}", verdict.place)
        return None if verdict.allowed else verdict
