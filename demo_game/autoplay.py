"""Autoplay: a scripted player plays the demo and says what a player would have met.

    python -m demo_game --autoplay            # headless or in a window; ~10 real minutes at x1
    python -m demo_game --autoplay short      # a few doors and short waits (CI, on the scripted model)

The player walks to the café at lunch and waits there, talks to someone (hello, a question,
goodbye), does the same on the square, then walks a route through every door of the map,
and now and then presses E beside someone behind a wall. Keys and typing go through the game's
own event handling (`Pilot`); what is on screen is checked every frame (`Playtest`). At the end
it prints a table, then one JSON line:
`{"doors_passed", "doors_total", "stuck_s", "label_place_mismatch_pct",
"npc_talks_in_view_per_game_hour", "talk_through_wall", "panel_overlaps"}`.
"""
from __future__ import annotations

import json
import math
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, time
from time import perf_counter
from typing import TYPE_CHECKING, Any

import pygame

from demo_game.doors import Door, in_sight, space_at
from demo_game.game import TALK_RANGE
from demo_game.pilot import Goal, Pilot
from demo_game.playtest import Playtest, game_hours

if TYPE_CHECKING:
    from demo_game.actors import Npc
    from demo_game.game import Game

Point = tuple[float, float]

OFFSETS = (-12.0, 10.0, -8.0, 12.0, 0.0, -10.0, 6.0)  # how far beside a doorway's middle a person aims
LINES = ("Hello!", "What are you doing today?", "Goodbye!")
REPLY_WAIT_S = 30.0  # real seconds to wait for a reply before saying the next line anyway
PROBE_EVERY_S = 20.0  # real seconds between two tries at talking to someone behind a wall


@dataclass(frozen=True)
class Visit:
    """Wait at a busy place from `at` o'clock (None: next), for `minutes` of game time, and talk
    to someone there after `talk_after` of them. The place is `address`, or (None) the public
    room where most townsfolk are at the time — where the town's plans bring people."""

    address: str | None
    at: time | None
    minutes: int
    talk_after: int


@dataclass(frozen=True)
class Plan:
    """What the scripted player does: walk through `doors` of the map (None: every one, nearest
    first), breaking off for each `visit` when its time comes."""

    visits: tuple[Visit, ...] = (Visit(None, time(12, 15), 45, 12), Visit(None, time(15, 0), 45, 12))
    doors: int | None = None


FULL = Plan()
SHORT = Plan(visits=(Visit("town:hobbs_cafe:dining_area", None, 12, 3), Visit("town:town_square:plaza", None, 10, 3)),
             doors=10)


class Autoplay:
    """Plays `game` by `plan`; `run()` returns the report (and prints it)."""

    def __init__(self, game: Game, plan: Plan = FULL, *, out: Any = print) -> None:
        self.game = game
        self.plan = plan
        self.out = out
        self.pilot = Pilot(game)
        self.test = Playtest(game)
        self.started: datetime | None = None
        self.busy_minutes = 0.0
        self.talks = 0  # chats the player had
        self.probes = 0  # times E was pressed beside someone behind a wall
        self.route: list[Door] = []  # the doors it means to go through
        self.visited: list[str] = []  # where it waited, from when
        self.notes: list[str] = []
        self._script = self._play()
        self._wait_until = 0.0  # real time: the script sleeps until then
        self._after_walk = False
        self._last_probe = -PROBE_EVERY_S
        self._last_now: datetime | None = None
        self.done = False

    # ------------------------------------------------------------------ running
    def run(self) -> dict[str, Any]:
        """Play to the end of the plan, then print the table and the JSON line."""
        self.game.run(on_frame=self.on_frame)
        return self.report()

    def on_frame(self, game: Game, _work: float) -> None:
        """The game's per-frame hook: look at the frame, then take the next scripted step."""
        now = game.clock.now()
        if self.started is None:
            self.started = now
        if self.test.busy and self._last_now is not None:
            self.busy_minutes += (now - self._last_now).total_seconds() / 60
        self._last_now = now
        self.test.frame()
        state = self.pilot.tick(self._dt(game))
        if state == "typing" or game.t < self._wait_until or (self._after_walk and state == "walking"):
            return
        try:
            delay = next(self._script)
        except StopIteration:
            self.done = True
            game.running = False
            return
        # 0: go on once the walk is over; more: go on after that many real seconds (walking or not)
        self._wait_until, self._after_walk = game.t + delay, delay == 0

    def _dt(self, game: Game) -> float:
        return game.dt  # the frame's time step, as the player's walk used it

    # ------------------------------------------------------------------ the script
    def _play(self) -> Iterator[float]:
        """The scripted player, one step per `next()`; each yields real seconds to pause (0: until
        the walk it started is over)."""
        g = self.game
        while g.society is None:  # the minds wake (the model loads)
            yield 0.5
        visits = [v for v in self.plan.visits if v.address is None or v.address in g.world]
        self.route = self._tour(self.test.doors, self.plan.doors)
        for door in self.route:
            while visits and (visits[0].at is None or g.clock.now().time() >= visits[0].at):
                yield from self._visit(visits.pop(0))
            yield from self._through(door)
        for visit in visits:
            yield from self._visit(visit)

    def _busiest(self) -> Any:
        """The room (or building without rooms) most townsfolk are awake in now: a public one on a
        tie, the café before any other (the player may walk into homes; rules bind only NPCs)."""
        g = self.game
        count: dict[str, int] = {}
        for npc in g.npcs.values():
            space = space_at(g.world, *npc.position)
            if space is not None and npc.lying is None:
                count[space.address] = count.get(space.address, 0) + 1
        cafe = "town:hobbs_cafe:dining_area"

        def rank(address: str) -> tuple[int, bool, bool]:
            place = g.world.get(address)
            return (count[address], not any(p.private for p in [*place.ancestors(), place]), address == cafe)

        best = max(count, key=rank, default=cafe if cafe in g.world else None)
        return g.world.get(best) if best is not None else None

    def _visit(self, visit: Visit) -> Iterator[float]:
        g = self.game
        place = g.world.get(visit.address) if visit.address is not None else self._busiest()
        if place is None:
            self.notes.append("found no public place to wait in")
            return
        self.visited.append(f"{g.clock.now():%H:%M} {place.name}")
        spot = self.pilot.pathfinder.walkable_point_in(place, near=place.center)
        if spot is None or not self.pilot.walk([spot]):
            self.notes.append(f"could not walk to {place.name}")
            return
        yield 0.0
        start = g.clock.now()
        self.test.busy = True
        talked = False
        while game_hours(start, g.clock.now()) * 60 < visit.minutes:
            if not talked and game_hours(start, g.clock.now()) * 60 >= visit.talk_after:
                talked = True
                self.test.busy = False  # the chat box covers the room: not counted as watching
                yield from self._talk(place)
                if self.pilot.walk([spot]):  # back to where the room can be seen
                    yield 0.0
                self.test.busy = True
            yield 0.25
        self.test.busy = False

    def _someone(self, place: Any) -> Npc | None:
        """Whom to talk to: awake, free, in `place` if anyone is, else the nearest out of a house."""
        g = self.game
        px, py = g.player.position

        def free(n: Npc) -> bool:
            agent = g.society.agent(n.name) if g.society is not None else None
            return n.lying is None and agent is not None and agent.conversation_with is None

        def private(n: Npc) -> bool:
            where = g.world.location(n.name)
            return where is None or any(p.private for p in [*where.ancestors(), where])

        near = [n for n in g.npcs.values() if free(n) and _within(g.world.location(n.name), place)]
        near = near or [n for n in g.npcs.values() if free(n) and not private(n)]
        return min(near, key=lambda n: math.hypot(n.position[0] - px, n.position[1] - py), default=None)

    def _talk(self, place: Any) -> Iterator[float]:
        """Walk up to someone (awake, in sight), press E, say hello, ask, say goodbye, leave."""
        g = self.game
        npc = self._someone(place)
        deadline = g.t + 40.0
        while npc is not None and g.t < deadline:
            if g.nearest_npc() is npc:  # within reach and in sight
                break
            self.pilot.walk([npc.position])
            yield 1.0
            if self._someone(place) is not npc:
                npc = self._someone(place)
        self.pilot.walk([])
        busy = npc is not None and g.society is not None and g.society.agent(npc.name).conversation_with is not None
        if npc is None or g.nearest_npc() is not npc or busy:  # a person does not cut into a talk
            self.notes.append(f"found nobody free to talk to near {place.name}")
            return
        self.pilot.tap(pygame.K_e)
        yield 0.2
        if g.chat is None:
            self.notes.append(f"E beside {npc.first_name} opened no chat")
            return
        self.test.chat_opened()
        self.talks += 1
        for line in LINES:
            heard = self._npc_lines()
            self.pilot.type(line)
            yield 0.1
            waited = 0.0
            while self._npc_lines() <= heard and waited < REPLY_WAIT_S and g.chat is not None:
                yield 0.25
                waited += 0.25
        if g.chat is not None:
            self.pilot.tap(pygame.K_ESCAPE)
            yield 0.2

    def _npc_lines(self) -> int:
        chat = self.game.chat
        conv = chat.conversation if chat is not None else None
        return sum(1 for line in conv.lines if line.speaker == chat.npc) if conv is not None and chat else 0

    def _tour(self, doors: list[Door], limit: int | None) -> list[Door]:
        """Doors nearest first from where the player stands (greedy), `limit` of them."""
        grid = self.game.world.grid
        here = self.game.player.position
        left = list(doors)
        out: list[Door] = []
        while left and (limit is None or len(out) < limit):
            best = min(left, key=lambda d: min(math.dist(here, grid.center(c)) for c in d.cells))
            left.remove(best)
            out.append(best)
            here = grid.center(next(iter(best.cells)))
        return out

    def _through(self, door: Door) -> Iterator[float]:
        """Walk into a door from the nearer side and out of the other, aiming a little beside its middle."""
        g = self.game
        grid = g.world.grid
        here = g.player.position
        x = min(door.crossings, key=lambda c: min(math.dist(here, grid.center(c.a)), math.dist(here, grid.center(c.b))))
        a, b = (x.a, x.b) if math.dist(here, grid.center(x.a)) <= math.dist(here, grid.center(x.b)) else (x.b, x.a)
        dc, dr = b[0] - a[0], b[1] - a[1]
        cells = door.cells
        before = next((c for k in range(1, 4) if (c := (a[0] - k * dc, a[1] - k * dr)) not in cells), a)
        beyond = next((c for k in range(1, 4) if (c := (b[0] + k * dc, b[1] + k * dr)) not in cells), b)
        inner = [(b[0] + k * dc, b[1] + k * dr) for k in range(1, 4)
                 if (b[0] + k * dc, b[1] + k * dr) in cells and (b[0] + k * dc - dc, b[1] + k * dr - dr) in cells]
        offset = OFFSETS[door.index % len(OFFSETS)]
        goals: list[Goal] = []
        for cell in (before, a, b, *inner, beyond):
            if not grid.walkable(cell):
                continue
            cx, cy = grid.center(cell)
            shift = offset
            while cell == before and shift and not _free(grid, cx + abs(dr) * shift, cy + 4 + abs(dc) * shift):
                shift -= math.copysign(2.0, shift)  # a person does not aim into the wall beside the door
            x0, y0 = cx + abs(dr) * shift, cy + 4.0 + abs(dc) * shift  # off the middle line
            # Lined up once, at the cell before the door; then only the key that leads through.
            slack = 0.0 if cell == before else 14.0
            goals.append(Goal(x0, y0, slack * abs(dr), slack * abs(dc)))
        if not self.pilot.walk(goals):
            self.notes.append(f"no way to door {door.index} ({door.name()})")
            return
        while self.pilot.walking:
            self._probe()
            yield 0.1

    def _probe(self) -> None:
        """Beside someone behind a wall, press E: the chat must not open."""
        g = self.game
        if g.t - self._last_probe < PROBE_EVERY_S or g.chat is not None:
            return
        px, py = g.player.position
        behind = [n for n in g.npcs.values() if math.hypot(n.position[0] - px, n.position[1] - py) <= TALK_RANGE
                  and not in_sight(g.world, (px, py), n.position)]
        if not behind:
            return
        self._last_probe = g.t
        self.probes += 1
        if g.open_chat():  # E: the game must not reach through the wall
            self.test.chat_opened()
            g.close_chat()

    # ------------------------------------------------------------------ the report
    def report(self) -> dict[str, Any]:
        """Print the table and the JSON line; return the numbers."""
        g = self.game
        nums = self.test.report()
        planned = {d.index for d in self.route}
        nums["doors_passed"] = len(planned & self.test.log.passed)
        nums["doors_total"] = len(planned)
        hours = game_hours(self.started or g.clock.now(), g.clock.now())
        busy_h = self.busy_minutes / 60
        t = self.test.tally
        rate = len(t.talks_in_view_busy) / busy_h if busy_h else 0.0
        result = {
            "doors_passed": nums["doors_passed"], "doors_total": nums["doors_total"],
            "stuck_s": round(self.pilot.stuck_s, 2),
            "label_place_mismatch_pct": nums["label_place_mismatch_pct"],
            "npc_talks_in_view_per_game_hour": round(rate, 2),
            "talk_through_wall": nums["talk_through_wall"],
            "panel_overlaps": nums["panel_overlaps"],
        }
        rows = [
            ("doors passed", f"{result['doors_passed']} / {result['doors_total']}", "all"),
            ("stuck", f"{result['stuck_s']} s", "0 s"),
            ("label-place mismatches", f"{result['label_place_mismatch_pct']} % of {t.label_frames} label-frames",
             "<= 1 %"),
            ("NPC talks in view at busy places", f"{len(t.talks_in_view_busy)} in {busy_h:.2f} game h = {rate:.2f}/h",
             ">= 2/h"),
            ("NPC talks in view, whole run", f"{len(t.talks_in_view)} ({len(t.talks_seen)} anywhere) in {hours:.2f} h",
             ""),
            ("talks through walls", str(result["talk_through_wall"]), "0"),
            ("frames a panel hid a label or the input", f"{result['panel_overlaps']} of {t.frames}", "0"),
            ("chats the player had", str(self.talks), ""),
            ("E pressed beside someone behind a wall", str(self.probes), ""),
        ]
        self.out(f"{'measure':42} {'value':44} target")
        for name, value, target in rows:
            self.out(f"{name:42} {value:44} {target}")
        missed = [f"door {d.index} ({d.name()}) not passed" for d in self.route if d.index not in self.test.log.passed]
        stuck = [f"{s:.2f} s at {x:.0f}, {y:.0f}" for (x, y), s in self.pilot.stuck_at.items()]
        frames = t.busy_frames
        company = [", ".join(f"{n} {100 * k // max(1, frames)}%" for n, k in sorted(t.company.items(),
                                                                                  key=lambda c: -c[1]))]
        for title, items in (("waited at", self.visited), ("missed", [*self.notes, *missed]), ("stuck", stuck),
                             ("talks in view", t.talk_notes),
                             ("in the room while waiting (share of the time)", company if t.company else []),
                             ("label mismatches", t.mismatch_examples),
                             ("talks through walls", sorted(t.through_wall)), ("panel overlaps", t.overlap_examples)):
            for item in items[:8]:
                self.out(f"  {title}: {item}")
        self.out(json.dumps(result))
        return result


def _within(node: Any, place: Any) -> bool:
    return node is not None and (node is place or node.address.startswith(place.address + ":"))


def _free(grid: Any, x: float, y: float) -> bool:
    """The player's feet fit here (their collision box: 14 x 8 px above the point)."""
    return all(grid.walkable(grid.cell_at(px, py)) for px, py in ((x - 7, y - 8), (x + 7, y - 8), (x - 7, y - 1),
                                                                  (x + 7, y - 1)))


def run_autoplay(game: Game, mode: str = "full") -> int:
    """`python -m demo_game --autoplay [full|short]`: play, report; exit code 0."""
    started = perf_counter()
    Autoplay(game, SHORT if mode == "short" else FULL).run()
    print(f"(played {perf_counter() - started:.0f} real s)")
    return 0
