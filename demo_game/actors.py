"""Actors: the player and the townsfolk as they appear on screen (sprites, labels, bubbles)."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from npc_brain import Persona, Place, Walker
from npc_brain.adapters.pygame import (
    ActivityIcons,
    Camera,
    CharacterSheet,
    Fonts,
    Footing,
    StandingProps,
    bubble_surface,
    label_surface,
    shadow,
    shorten,
)
from npc_brain.world import CollisionGrid

FEET = (14, 8)  # the player's collision box at the feet, in pixels
BLANKET = 22  # a bed's blanket starts this far below its top (sprites/art_furniture.py draws the pillow above)


@dataclass
class Bubble:
    """Something said (or refused) above a head; fades out after `duration` real seconds."""

    text: str
    born: float
    tone: str = "speech"
    icon: str | None = None
    duration: float = 0.0
    _surface: pygame.Surface | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if not self.duration:
            self.duration = min(9.0, 2.5 + len(self.text) / 18.0)

    def alpha(self, now: float) -> int:
        """0–255: fully visible, then a one-second fade."""
        left = self.born + self.duration - now
        return 0 if left <= 0 else int(255 * min(1.0, left))

    def surface(self, fonts: Fonts, icons: ActivityIcons) -> pygame.Surface:
        """Rendered once (bubbles are drawn every frame)."""
        if self._surface is None:
            icon = icons.get(self.icon) if self.icon else None
            self._surface = bubble_surface(fonts, self.text, tone=self.tone, icon=icon)
        return self._surface


class Npc:
    """One townsperson's body: the walk sheet, the `Walker`, the label and bubbles."""

    def __init__(self, persona: Persona, sheet: CharacterSheet, walker: Walker) -> None:
        self.persona = persona
        self.sheet = sheet
        self.walker = walker
        self.bubble: Bubble | None = None
        self.thinking = False
        self.activity = "other"
        self.doing = ""  # the label's words
        self.seen_doing = ""  # what others see it doing (the last label with words)
        self.perceive_in = 0.0  # real seconds until the next perception
        self.lying: tuple[float, float, float, float] | None = None  # the berth it sleeps in (map px)
        self.beds: list[Place] = []  # the beds it may lie in now, best first (`showing.beds_for`)
        self.behind = 0.0  # game seconds of walking it is owed: it waited for its turn (`townsfolk`)
        self._label: tuple[tuple[str, str, bool], pygame.Surface] | None = None

    @property
    def name(self) -> str:
        """The persona's name."""
        return self.persona.name

    @property
    def first_name(self) -> str:
        """How the label calls them."""
        return self.persona.name.split()[0]

    @property
    def position(self) -> tuple[float, float]:
        """Feet, in map pixels."""
        return self.walker.position

    @property
    def anchor(self) -> tuple[float, float]:
        """Where its label and bubbles hang from: its feet, or its head on the pillow in bed."""
        if self.lying is not None:
            x, y, w, _h = self.lying
            return (x + w / 2, y + 30)
        return self.walker.position

    def say(self, text: str, now: float, *, tone: str = "speech", icon: str | None = None,
            duration: float = 0.0) -> None:
        """Show a bubble (replaces the previous one)."""
        self.bubble = Bubble(text, now, tone, icon, duration)

    def hit(self, x: float, y: float) -> bool:
        """Whether a map point is on the sprite (for clicks)."""
        fx, fy = self.anchor
        return fx - 14 <= x <= fx + 14 and fy - 44 <= y <= fy + 6

    def label(self, fonts: Fonts, icons: ActivityIcons, selected: bool) -> pygame.Surface:
        """The action label: icon, first name and a few words of what they are doing."""
        key = (self.activity, self.doing, selected)
        if self._label is None or self._label[0] != key:
            surf = label_surface(fonts, shorten(self.doing, 6, 34), icons.get(self.activity),
                                 name=self.first_name)
            if selected:
                ring = pygame.Surface((surf.get_width() + 4, surf.get_height() + 4), pygame.SRCALPHA)
                pygame.draw.rect(ring, (255, 214, 90), ring.get_rect(), width=2,
                                 border_radius=ring.get_height() // 2)
                ring.blit(surf, (2, 2))
                surf = ring
            self._label = (key, surf)
        return self._label[1]

    def draw(self, screen: pygame.Surface, camera: Camera, shade: pygame.Surface,
             props: StandingProps | None = None) -> pygame.Rect:
        """The sprite with its shadow (in bed: lying on the pillow under the blanket, which `props`
        redraws over it); returns its screen rect."""
        w = self.walker
        if self.lying is not None:
            x, y, bw, bh = self.lying
            frame = self.sheet.frame("down")
            top = camera.to_screen(x + bw / 2 - frame.get_width() / 2, y - 1)
            screen.blit(frame, top)
            if props is not None:
                props.draw_area(screen, camera, (x, y + BLANKET, bw, bh - BLANKET - 4))
            return pygame.Rect(top, frame.get_size())
        frame = self.sheet.frame(w.facing, w.distance, w.moving)
        sx, sy = camera.to_screen(*w.position)
        screen.blit(shade, (sx - shade.get_width() // 2, sy - shade.get_height() // 2 + 1))
        ax, ay = self.sheet.anchor(*w.position)
        top = camera.to_screen(ax, ay)
        screen.blit(frame, top)
        return pygame.Rect(top, frame.get_size())


class Player:
    """You: arrow keys / WASD, sliding along walls, animated like everyone else.

    Forgiving like a game: walls stop each axis separately (you slide along them), and pushing
    straight at a doorway or a gap you are up to `FUNNEL` pixels off eases you sideways into it
    instead of stopping you. Thin props block only at their foot (`Footing`).
    """

    FUNNEL = 12  # pixels off a gap's line that still lead you through it

    def __init__(self, name: str, sheet: CharacterSheet, position: tuple[float, float],
                 speed: float = 140.0) -> None:
        self.name = name
        self.sheet = sheet
        self.x, self.y = position
        self.speed = speed
        self.facing = "down"
        self.distance = 0.0
        self.moving = False

    @property
    def position(self) -> tuple[float, float]:
        """Feet, in map pixels."""
        return (self.x, self.y)

    @staticmethod
    def _free(ground: CollisionGrid | Footing, x: float, y: float) -> bool:
        hw, hh = FEET[0] / 2, FEET[1]
        if isinstance(ground, Footing):
            return ground.free(x - hw, y - hh, FEET[0], hh)
        for px, py in ((x - hw, y - hh), (x + hw, y - hh), (x - hw, y - 1), (x + hw, y - 1)):
            if not ground.walkable(ground.cell_at(px, py)):
                return False
        return True

    def move(self, dx: float, dy: float, dt: float, ground: CollisionGrid | Footing) -> None:
        """Walk in a direction (components in -1..1) for `dt` seconds; walls stop each axis
        separately, and a straight push is funnelled into a gap beside it."""
        self.moving = bool(dx or dy)
        if not self.moving:
            return
        if dx and dy:
            dx, dy = dx * math.sqrt(0.5), dy * math.sqrt(0.5)
        if abs(dx) > abs(dy):
            self.facing = "right" if dx > 0 else "left"
        else:
            self.facing = "down" if dy > 0 else "up"
        step = self.speed * dt
        x0, y0 = self.x, self.y
        if dx and self._free(ground, self.x + dx * step, self.y):
            self.x += dx * step
        elif dx and not dy:
            self.y += self._funnel(ground, dx * step, 0.0, step)
        if dy and self._free(ground, self.x, self.y + dy * step):
            self.y += dy * step
        elif dy and not dx:
            self.x += self._funnel(ground, 0.0, dy * step, step)
        if dx and dy and (self.x, self.y) == (x0, y0):  # caught on a corner: ease round it
            self.x += self._funnel(ground, 0.0, dy * step, step)
            if (self.x, self.y) == (x0, y0):
                self.y += self._funnel(ground, dx * step, 0.0, step)
        moved = abs(self.x - x0) + abs(self.y - y0)
        self.distance += moved
        if moved == 0:
            self.moving = False

    def _funnel(self, ground: CollisionGrid | Footing, fx: float, fy: float, step: float) -> float:
        """The sideways move (at most `step`) towards the nearest lane within `FUNNEL` pixels from
        which the blocked forward move (`fx`, `fy`) is free; 0 when there is none."""
        for k in range(1, self.FUNNEL + 1):
            for side in (-1, 1):
                sx, sy = (side * k, 0) if fy else (0, side * k)
                if self._free(ground, self.x + sx, self.y + sy) and \
                        self._free(ground, self.x + sx + fx, self.y + sy + fy):
                    return side * min(float(k), step)
        return 0.0

    def place(self, position: tuple[float, float]) -> None:
        """Stand somewhere at once."""
        self.x, self.y = position

    def draw(self, screen: pygame.Surface, camera: Camera, shade: pygame.Surface) -> None:
        """The sprite with its shadow."""
        frame = self.sheet.frame(self.facing, self.distance, self.moving)
        sx, sy = camera.to_screen(self.x, self.y)
        screen.blit(shade, (sx - shade.get_width() // 2, sy - shade.get_height() // 2 + 1))
        screen.blit(frame, camera.to_screen(*self.sheet.anchor(self.x, self.y)))


def default_shadow() -> pygame.Surface:
    """The shared foot shadow."""
    return shadow(22, 8)
