"""Pilot: a scripted player's hands — arrow keys and typing, as pygame events, like a person's.

It walks the player to a point the way a person does with a keyboard: a path found on the
collision grid, shortcut wherever the way is clear, steered with the four arrow keys (so only
eight directions, and never quite aligned with a doorway), and it types lines into a text box
one character per frame. Every key goes through the game's own event handling (`Controls`).
Stuck time — the keys pressed and the player not moving — is what `stuck_s` counts.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

import pygame

from npc_brain import Pathfinder

if TYPE_CHECKING:
    from demo_game.game import Game

Point = tuple[float, float]


class Goal(NamedTuple):
    """Where to go, and how far off on each axis still counts as there: a person walking
    through a doorway holds the one key that leads through it and does not line up first."""

    x: float
    y: float
    slack_x: float = 0.0
    slack_y: float = 0.0

ARRIVE_PX = 6.0  # a waypoint is reached this close
DEADZONE_PX = 3.0  # an axis within this is left alone (no key for it)
GIVE_UP_S = 2.5  # no progress towards a waypoint for this long: find the way again
KEYS = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN, (0, -1): pygame.K_UP}


def _post_key(down: bool, key: int) -> None:
    kind = pygame.KEYDOWN if down else pygame.KEYUP
    pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))


class Pilot:
    """Steers `game.player` with key events. `walk(points)` sets the way; `tick(dt)` each frame
    returns "walking", "arrived" or "lost" (no way there, or it kept getting stuck)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.pathfinder = Pathfinder(game.world.grid)
        self.stuck_s = 0.0
        self.stuck_at: dict[tuple[int, int], float] = {}  # where (to a tile) the keys met a wall, how long
        self.held: set[int] = set()
        self._goals: list[Goal] = []  # where the leg goes, in order (doorway points kept)
        self._way: list[Goal] = []  # the waypoints to the next goal
        self._from: Point = game.player.position  # where the current straight stretch began
        self._last = game.player.position
        self._best = math.inf
        self._idle_s = 0.0
        self._retries = 0
        self._typing: list[str] = []

    # ------------------------------------------------------------------ keys
    def press(self, keys: set[int]) -> None:
        """Hold exactly these arrow keys from the next frame on."""
        for key in self.held - keys:
            _post_key(False, key)
        for key in keys - self.held:
            _post_key(True, key)
        self.held = set(keys)

    def release(self) -> None:
        """Let go of every key."""
        self.press(set())

    def tap(self, key: int) -> None:
        """One key stroke (E, Esc, Enter …), the walking keys let go first."""
        self.release()
        _post_key(True, key)
        _post_key(False, key)

    def type(self, text: str) -> None:
        """Type `text`, one character a frame, then Enter (see `typing`)."""
        self._typing.extend([*text, "\n"])

    @property
    def typing(self) -> bool:
        """Characters still to type."""
        return bool(self._typing)

    # ------------------------------------------------------------------ walking
    @property
    def walking(self) -> bool:
        """On the way somewhere."""
        return bool(self._way or self._goals)

    def walk(self, goals: Sequence[Point | Goal]) -> bool:
        """Walk through `goals` in turn (False when the first cannot be reached)."""
        self._goals = [g if isinstance(g, Goal) else Goal(*g) for g in goals]
        self._retries = 0
        return self._route()

    def _route(self) -> bool:
        while self._goals:
            goal = self._goals[0]
            path = self.pathfinder.find_path(self.game.player.position, (goal.x, goal.y))
            if path is not None:
                self._from = self.game.player.position
                # The goal's own point stands for its cell's centre (a doorway is aimed at off its middle).
                points = self._shortcut([*path[:-1], (goal.x, goal.y)])
                self._way = [*(Goal(*p) for p in points[:-1]), goal]
                self._best, self._idle_s = math.inf, 0.0
                return True
            self._goals.pop(0)
        self._way = []
        return False

    def _shortcut(self, path: list[Point]) -> list[Point]:
        """Drop waypoints a person would not bother with: the next one straight ahead is enough
        while the straight line to it stays on walkable cells."""
        grid = self.game.world.grid
        out: list[Point] = []
        here = self.game.player.position
        i = 0
        while i < len(path):
            j = len(path) - 1
            while j > i and not _clear(grid, here, path[j]):
                j -= 1
            out.append(path[j])
            here = path[j]
            i = j + 1
        return out

    def tick(self, dt: float) -> str:
        """Steer one frame; type one character when a line is waiting."""
        if self._typing:
            self.release()
            ch = self._typing.pop(0)
            if ch == "\n":
                self.tap(pygame.K_RETURN)
            else:
                pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
            return "typing"
        player = self.game.player
        x, y = player.position
        moved = math.hypot(x - self._last[0], y - self._last[1])
        if self.held and not self.game.typing and moved < 0.2 * player.speed * dt:
            self.stuck_s += dt
            spot = (int(x // 32) * 32, int(y // 32) * 32)
            self.stuck_at[spot] = self.stuck_at.get(spot, 0.0) + dt
        self._last = (x, y)
        while self._way and _there(self._way[0], x, y):
            self._from = (self._way[0].x, self._way[0].y)
            self._way.pop(0)
            self._best, self._idle_s = math.inf, 0.0
            if not self._way:
                self._goals.pop(0)
                if not self._goals:
                    self.release()
                    return "arrived"
                self._route()
        if not self._way:
            self.release()
            return "arrived" if not self._goals else "lost"
        goal = self._way[0]
        tx, ty = goal.x, goal.y
        d = math.hypot(max(0.0, abs(tx - x) - goal.slack_x), max(0.0, abs(ty - y) - goal.slack_y))
        if d < self._best - 1.0:
            self._best, self._idle_s = d, 0.0
        else:
            self._idle_s += dt
        if self._idle_s > GIVE_UP_S:  # a person would step back and look for the way again
            self._retries += 1
            if self._retries > 3 or not self._route():
                self.release()
                self._goals, self._way = [], []
                return "lost"
            return "walking"
        if not (goal.slack_x or goal.slack_y):
            tx, ty = _ahead(self._from, (tx, ty), (x, y))  # keep to the straight stretch, as a person does
        keys = set()
        if abs(tx - x) > max(DEADZONE_PX, goal.slack_x):
            keys.add(KEYS[(1 if tx > x else -1, 0)])
        if abs(ty - y) > max(DEADZONE_PX, goal.slack_y):
            keys.add(KEYS[(0, 1 if ty > y else -1)])
        self.press(keys)
        return "walking"


def _ahead(a: Point, b: Point, p: Point, reach: float = 24.0) -> Point:
    """A point `reach` pixels further along the stretch a→b than `p`'s place on it (b at most)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length < 1e-6:
        return b
    t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length + reach
    if t >= length:
        return b
    t = max(0.0, t)
    return (a[0] + dx * t / length, a[1] + dy * t / length)


def _there(goal: Goal, x: float, y: float) -> bool:
    return abs(goal.x - x) <= max(ARRIVE_PX, goal.slack_x) and abs(goal.y - y) <= max(ARRIVE_PX, goal.slack_y)


def _clear(grid: object, a: Point, b: Point) -> bool:
    """Every cell a straight walk from `a` to `b` (with the feet's width) touches is walkable."""
    from npc_brain.world import CollisionGrid

    assert isinstance(grid, CollisionGrid)
    steps = max(1, int(math.hypot(b[0] - a[0], b[1] - a[1]) / 4))
    for i in range(steps + 1):
        x = a[0] + (b[0] - a[0]) * i / steps
        y = a[1] + (b[1] - a[1]) * i / steps
        for px, py in ((x - 8, y - 9), (x + 8, y - 9), (x - 8, y), (x + 8, y)):
            if not grid.walkable(grid.cell_at(px, py)):
                return False
    return True
