"""pygame bridge: draw a Tiled town, walking characters, labels and bubbles for npc_brain agents.

The only npc_brain module that imports pygame; it uses API that classic pygame 2.6 and pygame-ce
both have (no `Window`, `FRect`, `fblits`, wrapped font rendering). Usage: `renderer =
MapRenderer(load.tiled_map, load.layers)` (load = `adapters.tiled.read_map(path)`), `camera =
Camera(screen.get_size(), renderer.size)`, then per frame `camera.follow(x, y, dt)`,
`renderer.draw(screen, camera)`, `sheet.draw(screen, camera, walker)` for each `Walker`.
"""
from __future__ import annotations

import math
import os
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import pygame

from npc_brain.adapters.camera import Camera
from npc_brain.adapters.pygame_map import OVER_LAYER_NAMES, MapRenderer, is_over_layer, tile_images
from npc_brain.adapters.walker import Walker

__all__ = [
    "OVER_LAYER_NAMES", "ActivityIcons", "Camera", "CharacterSheet", "Fonts", "MapRenderer", "Walker", "WalkerSprite",
    "bubble_surface",
    "is_over_layer", "label_surface", "panel", "shadow", "shorten", "tile_images", "wrap_text",
]

Color = tuple[int, int, int] | tuple[int, int, int, int]

FONT_CANDIDATES = "dejavusans,notosans,liberationsans,freesans,arial"


# ---------------------------------------------------------------------------------- text
def _match(bold: bool) -> str | None:
    try:
        return pygame.font.match_font(FONT_CANDIDATES, bold=bold)
    except Exception:  # noqa: BLE001 - font discovery fails oddly on odd systems; pygame's default font is fine
        return None


class Fonts:
    """Anti-aliased fonts by size, from one Unicode-capable family (pygame's default font when
    the system has none of `FONT_CANDIDATES`), with a cache of rendered text."""

    def __init__(self, path: str | None = None, *, cache_size: int = 1024) -> None:
        path = path or os.environ.get("NPC_BRAIN_FONT") or _match(False)
        self.path = path
        self._bold_path = _match(True) if path else None
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: OrderedDict[tuple[Any, ...], pygame.Surface] = OrderedDict()
        self._cache_size = cache_size

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The font at `size` pixels (bold from the bold face when there is one)."""
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            path = (self._bold_path or self.path) if bold else self.path
            font = pygame.font.Font(path, size)
            if bold and path is self.path:
                font.set_bold(True)
            self._fonts[key] = font
        return font

    def render(self, text: str, size: int, color: Color, bold: bool = False) -> pygame.Surface:
        """Rendered text, cached (labels and HUD lines repeat frame after frame)."""
        key = (text, size, color, bold)
        surf = self._text.get(key)
        if surf is None:
            surf = self.get(size, bold).render(text, True, color)
            self._text[key] = surf
            if len(self._text) > self._cache_size:
                self._text.popitem(last=False)
        else:
            self._text.move_to_end(key)
        return surf


def wrap_text(font: pygame.font.Font, text: str, width: int, max_lines: int | None = None) -> list[str]:
    """Greedy word wrap to `width` pixels; over-long words are cut; an ellipsis marks truncation."""
    lines: list[str] = []
    for paragraph in str(text).splitlines() or [""]:
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if font.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            while font.size(word)[0] > width and len(word) > 1:
                lo, hi = 1, len(word) - 1  # the longest prefix that fits (binary search)
                while lo < hi:
                    mid = (lo + hi + 1) // 2
                    if font.size(word[:mid])[0] <= width:
                        lo = mid
                    else:
                        hi = mid - 1
                lines.append(word[:lo])
                word = word[lo:]
            line = word
        lines.append(line)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        last = lines[-1]
        while last and font.size(last + "…")[0] > width:
            last = last[:-1]
        lines[-1] = last.rstrip() + "…"
    return lines


def shorten(text: str, words: int = 4, chars: int = 26) -> str:
    """A few words of a longer phrase, cut between words ("brewing coffee at the counter" ->
    "brewing coffee at the…"); only a single word longer than `chars` is cut inside."""
    parts = str(text).split()
    out: list[str] = []
    for word in parts[:words]:
        more = len(out) + 1 < len(parts)  # an ellipsis will follow: keep room for it
        if len(" ".join([*out, word])) + more > chars:
            break
        out.append(word)
    if not out and parts:
        return parts[0][: chars - 1] + "…"
    return " ".join(out) + ("…" if len(out) < len(parts) else "")


# ---------------------------------------------------------------------------------- panels
def panel(surface: pygame.Surface, rect: pygame.Rect | Sequence[int], color: Color = (18, 22, 34),
          alpha: int = 210, radius: int = 10, border: Color | None = None) -> pygame.Rect:
    """A rounded, semi-transparent panel drawn onto `surface`; returns its rect."""
    rect = pygame.Rect(rect)
    if rect.width <= 0 or rect.height <= 0:
        return rect
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*color[:3], alpha), box.get_rect(), border_radius=radius)
    if border is not None:
        pygame.draw.rect(box, border, box.get_rect(), width=1, border_radius=radius)
    surface.blit(box, rect.topleft)
    return rect


BUBBLE_TONES: dict[str, tuple[Color, Color, Color]] = {
    # tone: (fill, border, text)
    "speech": ((252, 250, 244), (60, 60, 72), (30, 30, 40)),
    "player": ((226, 240, 255), (50, 80, 120), (20, 30, 50)),
    "refusal": ((255, 232, 228), (170, 40, 40), (110, 20, 20)),
    "thought": ((238, 232, 255), (100, 80, 160), (60, 40, 110)),
}


def bubble_surface(fonts: Fonts, text: str, *, tone: str = "speech", width: int = 220,
                   size: int = 14, icon: pygame.Surface | None = None, max_lines: int = 5) -> pygame.Surface:
    """A speech bubble with a tail at the bottom centre (draw it with its tail on the speaker)."""
    fill, edge, ink = BUBBLE_TONES.get(tone, BUBBLE_TONES["speech"])
    font = fonts.get(size)
    pad, tail = 8, 7
    icon_w = icon.get_width() + 6 if icon is not None else 0
    lines = wrap_text(font, text, width - icon_w, max_lines)
    line_h = font.get_linesize()
    text_w = max((font.size(line)[0] for line in lines), default=0)
    w = max(28, text_w + icon_w + 2 * pad)
    h = max(line_h * len(lines), icon.get_height() if icon is not None else 0) + 2 * pad - 2
    surf = pygame.Surface((w + 2, h + tail + 2), pygame.SRCALPHA)
    body = pygame.Rect(1, 1, w, h)
    pygame.draw.rect(surf, (0, 0, 0, 50), body.move(1, 2), border_radius=9)
    pygame.draw.rect(surf, fill, body, border_radius=9)
    pygame.draw.rect(surf, edge, body, width=1, border_radius=9)
    cx = body.centerx
    pygame.draw.polygon(surf, fill, [(cx - 6, body.bottom - 1), (cx + 6, body.bottom - 1), (cx, body.bottom + tail)])
    pygame.draw.line(surf, edge, (cx - 6, body.bottom - 1), (cx, body.bottom + tail))
    pygame.draw.line(surf, edge, (cx + 6, body.bottom - 1), (cx, body.bottom + tail))
    x = body.x + pad
    if icon is not None:
        surf.blit(icon, (x, body.y + (h - icon.get_height()) // 2))
        x += icon_w
    for i, line in enumerate(lines):
        surf.blit(fonts.render(line, size, ink), (x, body.y + pad - 1 + i * line_h))
    return surf


def label_surface(fonts: Fonts, text: str, icon: pygame.Surface | None = None, *, size: int = 12,
                  name: str | None = None) -> pygame.Surface:
    """A small dark pill: [icon] name · text — the NPC's current action above its head."""
    font = fonts.get(size)
    parts: list[pygame.Surface] = []
    if name:
        parts.append(fonts.render(name, size, (255, 226, 140), bold=True))
    if text:
        parts.append(fonts.render(text, size, (240, 240, 245)))
    icon_w = icon.get_width() + 4 if icon is not None else 0
    gap = 5
    text_w = sum(p.get_width() for p in parts) + gap * max(0, len(parts) - 1)
    h = max(font.get_linesize(), icon.get_height() if icon is not None else 0) + 4
    surf = pygame.Surface((text_w + icon_w + 12, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (16, 18, 28, 175), surf.get_rect(), border_radius=h // 2)
    x = 6
    if icon is not None:
        surf.blit(icon, (x - 2, (h - icon.get_height()) // 2))
        x += icon_w
    for p in parts:
        surf.blit(p, (x, (h - p.get_height()) // 2))
        x += p.get_width() + gap
    return surf


# ---------------------------------------------------------------------------------- icons
def _icon_painters() -> dict[str, Any]:
    """Vector icons drawn at 3x and smoothed down: no emoji font needed on any system."""
    d = pygame.draw

    def sleep(s: pygame.Surface, k: int) -> None:
        d.circle(s, (250, 214, 90), (9 * k, 9 * k), 7 * k)
        d.circle(s, (0, 0, 0, 0), (12 * k, 6 * k), 6 * k)

    def eat(s: pygame.Surface, k: int) -> None:
        d.circle(s, (245, 245, 245), (9 * k, 10 * k), 6 * k)
        d.circle(s, (200, 200, 205), (9 * k, 10 * k), 4 * k, k)
        d.line(s, (190, 190, 200), (2 * k, 4 * k), (2 * k, 16 * k), k * 2)
        d.line(s, (190, 190, 200), (16 * k, 4 * k), (16 * k, 16 * k), k * 2)

    def cook(s: pygame.Surface, k: int) -> None:
        d.circle(s, (70, 70, 80), (8 * k, 10 * k), 6 * k)
        d.line(s, (120, 80, 50), (13 * k, 10 * k), (17 * k, 6 * k), 2 * k)
        d.circle(s, (255, 220, 80), (8 * k, 10 * k), 2 * k)

    def drink(s: pygame.Surface, k: int) -> None:
        d.rect(s, (245, 240, 230), (3 * k, 7 * k, 9 * k, 9 * k), border_radius=2 * k)
        d.rect(s, (140, 90, 50), (4 * k, 8 * k, 7 * k, 3 * k))
        d.circle(s, (245, 240, 230), (13 * k, 11 * k), 3 * k, k)
        for x in (5, 9):
            d.line(s, (200, 200, 210), (x * k, 2 * k), (x * k, 5 * k), k)

    def work(s: pygame.Surface, k: int) -> None:
        d.rect(s, (150, 100, 60), (2 * k, 6 * k, 14 * k, 10 * k), border_radius=2 * k)
        d.rect(s, (110, 70, 40), (6 * k, 3 * k, 6 * k, 4 * k), k, border_radius=k)
        d.line(s, (110, 70, 40), (2 * k, 10 * k), (16 * k, 10 * k), k)

    def study(s: pygame.Surface, k: int) -> None:
        d.rect(s, (80, 130, 220), (3 * k, 11 * k, 12 * k, 4 * k))
        d.rect(s, (220, 90, 80), (4 * k, 7 * k, 11 * k, 4 * k))
        d.polygon(s, (40, 40, 50), [(9 * k, 1 * k), (17 * k, 4 * k), (9 * k, 7 * k), (1 * k, 4 * k)])

    def shop(s: pygame.Surface, k: int) -> None:
        d.rect(s, (120, 200, 120), (3 * k, 7 * k, 12 * k, 9 * k), border_radius=2 * k)
        d.arc(s, (60, 120, 60), (5 * k, 2 * k, 8 * k, 10 * k), 0, math.pi, k * 2)

    def wash(s: pygame.Surface, k: int) -> None:
        d.circle(s, (90, 170, 240), (9 * k, 11 * k), 5 * k)
        d.polygon(s, (90, 170, 240), [(9 * k, 1 * k), (4 * k, 10 * k), (14 * k, 10 * k)])

    def toilet(s: pygame.Surface, k: int) -> None:
        d.rect(s, (90, 150, 220), (1 * k, 3 * k, 16 * k, 12 * k), border_radius=3 * k)
        d.circle(s, (255, 255, 255), (6 * k, 6 * k), 2 * k)
        d.rect(s, (255, 255, 255), (4 * k, 8 * k, 4 * k, 5 * k))
        d.circle(s, (255, 255, 255), (12 * k, 6 * k), 2 * k)
        d.polygon(s, (255, 255, 255), [(12 * k, 8 * k), (9 * k, 13 * k), (15 * k, 13 * k)])

    def socialize(s: pygame.Surface, k: int) -> None:
        d.ellipse(s, (255, 255, 255), (1 * k, 2 * k, 12 * k, 9 * k))
        d.polygon(s, (255, 255, 255), [(3 * k, 9 * k), (2 * k, 13 * k), (7 * k, 10 * k)])
        d.ellipse(s, (140, 210, 255), (6 * k, 7 * k, 11 * k, 8 * k))
        d.polygon(s, (140, 210, 255), [(14 * k, 13 * k), (16 * k, 17 * k), (11 * k, 14 * k)])

    def relax(s: pygame.Surface, k: int) -> None:
        d.rect(s, (190, 110, 160), (2 * k, 8 * k, 14 * k, 6 * k), border_radius=2 * k)
        d.rect(s, (160, 80, 130), (2 * k, 5 * k, 14 * k, 4 * k), border_radius=2 * k)
        d.line(s, (110, 70, 50), (4 * k, 14 * k), (4 * k, 16 * k), k)
        d.line(s, (110, 70, 50), (14 * k, 14 * k), (14 * k, 16 * k), k)

    def exercise(s: pygame.Surface, k: int) -> None:
        d.line(s, (90, 90, 100), (3 * k, 9 * k), (15 * k, 9 * k), 2 * k)
        for x in (2, 13):
            d.rect(s, (60, 60, 70), (x * k, 4 * k, 3 * k, 10 * k), border_radius=k)

    def read(s: pygame.Surface, k: int) -> None:
        d.polygon(s, (250, 245, 230), [(1 * k, 4 * k), (9 * k, 6 * k), (9 * k, 16 * k), (1 * k, 14 * k)])
        d.polygon(s, (235, 228, 210), [(17 * k, 4 * k), (9 * k, 6 * k), (9 * k, 16 * k), (17 * k, 14 * k)])
        d.line(s, (140, 120, 100), (9 * k, 6 * k), (9 * k, 16 * k), k)

    def play(s: pygame.Surface, k: int) -> None:
        d.rect(s, (250, 250, 250), (2 * k, 2 * k, 14 * k, 14 * k), border_radius=3 * k)
        for x, y in ((5, 5), (13, 13), (9, 9), (13, 5), (5, 13)):
            d.circle(s, (40, 40, 50), (x * k, y * k), int(1.3 * k))

    def commute(s: pygame.Surface, k: int) -> None:
        d.polygon(s, (255, 255, 255), [(2 * k, 7 * k), (10 * k, 7 * k), (10 * k, 3 * k), (16 * k, 9 * k),
                                       (10 * k, 15 * k), (10 * k, 11 * k), (2 * k, 11 * k)])

    def other(s: pygame.Surface, k: int) -> None:
        d.circle(s, (235, 235, 245), (10 * k, 7 * k), 6 * k)
        d.circle(s, (235, 235, 245), (4 * k, 13 * k), 2 * k)
        d.circle(s, (235, 235, 245), (2 * k, 16 * k), k)

    def refused(s: pygame.Surface, k: int) -> None:
        d.circle(s, (215, 40, 40), (9 * k, 9 * k), 8 * k)
        d.rect(s, (255, 255, 255), (4 * k, 8 * k, 10 * k, 3 * k))

    def thinking(s: pygame.Surface, k: int) -> None:
        for x in (4, 9, 14):
            d.circle(s, (80, 80, 95), (x * k, 10 * k), int(1.7 * k))

    def whisper(s: pygame.Surface, k: int) -> None:
        d.circle(s, (170, 140, 240), (9 * k, 9 * k), 7 * k)
        d.circle(s, (255, 255, 255), (9 * k, 9 * k), 3 * k)

    return {name: fn for name, fn in locals().items() if callable(fn) and name != "d"}


class ActivityIcons:
    """Small icons for the 16 activities plus "refused", "thinking" and "whisper"."""

    def __init__(self, size: int = 18) -> None:
        self.size = size
        self._icons: dict[str, pygame.Surface] = {}
        k = 3
        for name, paint in _icon_painters().items():
            big = pygame.Surface((18 * k, 18 * k), pygame.SRCALPHA)
            paint(big, k)
            self._icons[name] = pygame.transform.smoothscale(big, (size, size))

    def get(self, activity: str) -> pygame.Surface:
        """The icon of an activity (the thought cloud for anything unknown)."""
        return self._icons.get(activity) or self._icons["other"]

    @property
    def names(self) -> tuple[str, ...]:
        """Every icon name."""
        return tuple(self._icons)


# ---------------------------------------------------------------------------------- characters
class CharacterSheet:
    """A walk sheet: one row per direction (`directions`, top to bottom), `frames` columns with
    the standing pose in the middle column (left foot, stand, right foot)."""

    DIRECTIONS = ("down", "left", "right", "up")

    def __init__(self, image: pygame.Surface, *, frame_size: tuple[int, int] = (32, 48),
                 directions: Sequence[str] = DIRECTIONS, stride: float = 11.0) -> None:
        fw, fh = frame_size
        self.size = frame_size
        self.stride = stride
        cols = max(1, image.get_width() // fw)
        self.stand = cols // 2
        self.frames: dict[str, list[pygame.Surface]] = {}
        for row, d in enumerate(directions):
            if (row + 1) * fh > image.get_height():
                break
            self.frames[d] = [image.subsurface(pygame.Rect(c * fw, row * fh, fw, fh)) for c in range(cols)]
        if not self.frames:
            raise ValueError(f"a {image.get_width()}x{image.get_height()} image holds no {fw}x{fh} frames")
        self._cycle = [0, self.stand, cols - 1, self.stand] if cols >= 3 else list(range(cols))

    @classmethod
    def load(cls, path: str | os.PathLike[str], *, frame_size: tuple[int, int] = (32, 48),
             directions: Sequence[str] = DIRECTIONS, stride: float = 11.0) -> CharacterSheet:
        """Load a sheet image (convert_alpha when a display exists)."""
        image = pygame.image.load(os.fspath(path))
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            image = image.convert_alpha()
        return cls(image, frame_size=frame_size, directions=directions, stride=stride)

    def frame(self, facing: str, distance: float = 0.0, moving: bool = False) -> pygame.Surface:
        """The frame to show: walking frames cycle with the distance walked."""
        row = self.frames.get(facing) or next(iter(self.frames.values()))
        if not moving:
            return row[min(self.stand, len(row) - 1)]
        step = int(distance / self.stride) % len(self._cycle)
        return row[min(self._cycle[step], len(row) - 1)]

    def anchor(self, x: float, y: float) -> tuple[float, float]:
        """Top-left of the frame for feet at (x, y) in map pixels."""
        return (x - self.size[0] / 2, y - self.size[1] + 6)

    def draw(self, surface: pygame.Surface, camera: Camera, walker: Walker) -> None:
        """Blit the right frame for a `Walker` (or anything with position/facing/distance/moving)."""
        frame = self.frame(walker.facing, walker.distance, walker.moving)
        surface.blit(frame, camera.to_screen(*self.anchor(*walker.position)))


class WalkerSprite(pygame.sprite.Sprite):
    """A `Walker` as a sprite for your own `pygame.sprite.Group` (or pyscroll's `PyscrollGroup`):
    `update()` puts its rect's feet (midbottom) on the walker's position, and with a
    `CharacterSheet` picks the walk frame for its facing. `name` is the NPC's."""

    def __init__(self, walker: Walker, image: pygame.Surface | CharacterSheet,
                 *groups: pygame.sprite.AbstractGroup[WalkerSprite]) -> None:
        super().__init__(*groups)
        self.walker = walker
        self.name: str = walker.name
        self.sheet = image if isinstance(image, CharacterSheet) else None
        self.image = image.frame(walker.facing) if isinstance(image, CharacterSheet) else image
        self.rect = self.image.get_rect()
        self.update()

    def update(self, *args: object, **kwargs: object) -> None:
        """Follow the walker (call it through `group.update(...)` each frame; arguments ignored)."""
        w = self.walker
        if self.sheet is not None:
            self.image = self.sheet.frame(w.facing, w.distance, w.moving)
        assert self.rect is not None
        self.rect.midbottom = (round(w.position[0]), round(w.position[1]))


def shadow(width: int = 22, height: int = 8) -> pygame.Surface:
    """A soft ellipse to put under a character's feet."""
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.ellipse(surf, (0, 0, 0, 70), surf.get_rect())
    return surf
