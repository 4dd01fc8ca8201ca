"""Shared palette and drawing helpers for the generated town art.

Everything is drawn on a supersampled canvas (S times the final size) and then smooth-scaled
down, so curves come out anti-aliased while 1-pixel outlines stay crisp on the final grid.
Randomness always comes from a seeded `random.Random`, so the output is byte-for-byte stable.
"""
from __future__ import annotations

import random

import pygame

S = 4  # supersampling factor
TILE = 32

Color = tuple[int, ...]

# One palette for the whole town: warm, slightly desaturated, dark plum outlines.
OUTLINE: Color = (46, 34, 47)
SHADOW: Color = (20, 16, 30, 70)
P = {
    "grass": (112, 172, 88), "grass_l": (138, 192, 100), "grass_d": (88, 146, 74),
    "grass_dd": (70, 122, 64),
    "dirt": (204, 170, 120), "dirt_l": (222, 192, 146), "dirt_d": (170, 134, 92),
    "stone": (176, 170, 164), "stone_l": (204, 198, 190), "stone_d": (134, 126, 124),
    "water": (78, 152, 214), "water_l": (128, 194, 238), "water_d": (58, 120, 188),
    "sand": (224, 204, 156),
    "wood": (184, 132, 86), "wood_l": (206, 156, 104), "wood_d": (150, 102, 66),
    "wood_dd": (112, 74, 50),
    "cap": (96, 80, 92), "cap_l": (130, 112, 122), "cap_d": (70, 56, 70),
    "white": (240, 238, 230), "cream": (236, 222, 190), "metal": (170, 178, 186),
    "metal_d": (112, 120, 132), "red": (196, 72, 66), "blue": (76, 118, 186),
    "green": (86, 150, 86), "yellow": (232, 192, 78), "pink": (226, 140, 160),
    "purple": (140, 104, 170), "orange": (226, 140, 70), "teal": (70, 160, 160),
    "leaf": (82, 150, 74), "leaf_l": (120, 182, 92), "leaf_d": (56, 112, 62),
    "trunk": (126, 88, 60),
}


def shade(color: Color, amount: float) -> Color:
    """Lighten (amount > 0) or darken (amount < 0) a colour, keeping alpha."""
    r, g, b = color[:3]
    if amount >= 0:
        out = [round(c + (255 - c) * amount) for c in (r, g, b)]
    else:
        out = [round(c * (1 + amount)) for c in (r, g, b)]
    return tuple(out) + tuple(color[3:])


class Canvas:
    """A supersampled drawing surface addressed in final-pixel coordinates (floats allowed)."""

    def __init__(self, w: int = TILE, h: int = TILE, fill: Color | None = None) -> None:
        self.w, self.h = w, h
        self.surf = pygame.Surface((w * S, h * S), pygame.SRCALPHA)
        self.surf.fill(fill if fill is not None else (0, 0, 0, 0))

    def _r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(round(x * S), round(y * S), round(w * S), round(h * S))

    def rect(self, x: float, y: float, w: float, h: float, color: Color,
             r: float = 0, outline: Color | None = None, width: float = 1) -> None:
        """Filled rectangle; with `outline`, a border of `width` pixels drawn inside the rect."""
        rad = round(r * S)
        if outline is not None:
            pygame.draw.rect(self.surf, outline, self._r(x, y, w, h), border_radius=rad)
            x, y, w, h = x + width, y + width, w - 2 * width, h - 2 * width
            rad = max(0, rad - round(width * S))
        if w > 0 and h > 0:
            pygame.draw.rect(self.surf, color, self._r(x, y, w, h), border_radius=rad)

    def ellipse(self, x: float, y: float, w: float, h: float, color: Color,
                outline: Color | None = None, width: float = 1) -> None:
        """Filled ellipse in the box (x, y, w, h); optional inner border."""
        if outline is not None:
            pygame.draw.ellipse(self.surf, outline, self._r(x, y, w, h))
            x, y, w, h = x + width, y + width, w - 2 * width, h - 2 * width
        if w > 0 and h > 0:
            pygame.draw.ellipse(self.surf, color, self._r(x, y, w, h))

    def circle(self, cx: float, cy: float, rad: float, color: Color,
               outline: Color | None = None, width: float = 1) -> None:
        """Filled circle centred at (cx, cy)."""
        self.ellipse(cx - rad, cy - rad, 2 * rad, 2 * rad, color, outline, width)

    def line(self, x1: float, y1: float, x2: float, y2: float, color: Color,
             width: float = 1) -> None:
        """Straight line of `width` final pixels."""
        pygame.draw.line(self.surf, color, (round(x1 * S), round(y1 * S)),
                         (round(x2 * S), round(y2 * S)), max(1, round(width * S)))

    def poly(self, pts: list[tuple[float, float]], color: Color) -> None:
        """Filled polygon."""
        pygame.draw.polygon(self.surf, color, [(round(x * S), round(y * S)) for x, y in pts])

    def shadow(self, x: float, y: float, w: float, h: float, alpha: int = 70) -> None:
        """Soft drop shadow (an ellipse) under an object."""
        tmp = pygame.Surface((round(w * S), round(h * S)), pygame.SRCALPHA)
        pygame.draw.ellipse(tmp, (*SHADOW[:3], alpha), tmp.get_rect())
        self.surf.blit(tmp, (round(x * S), round(y * S)))

    def box(self, x: float, y: float, w: float, h: float, color: Color, r: float = 1.5,
            top: float = 0) -> None:
        """A shaded solid: outline, body, light top face of height `top`, darker lower lip."""
        self.rect(x, y, w, h, OUTLINE, r)
        self.rect(x + 1, y + 1, w - 2, h - 2, shade(color, -0.18), max(0, r - 1))
        self.rect(x + 1, y + 1, w - 2, h - 3, color, max(0, r - 1))
        if top:
            self.rect(x + 1, y + 1, w - 2, top, shade(color, 0.18), max(0, r - 1))
        self.rect(x + 2, y + 1.5, w - 4, 1, shade(color, 0.3))

    def image(self) -> pygame.Surface:
        """The finished, downscaled image."""
        return pygame.transform.smoothscale(self.surf, (self.w, self.h))


def noise_fill(surf: pygame.Surface, base: Color, rng: random.Random,
               palette: list[Color], density: float) -> None:
    """Fill with `base` and sprinkle single pixels from `palette` (final resolution)."""
    surf.fill(base)
    w, h = surf.get_size()
    for y in range(h):
        for x in range(w):
            if rng.random() < density:
                surf.set_at((x, y), rng.choice(palette))


def mask_blit(dst: pygame.Surface, src: pygame.Surface, mask: pygame.Surface) -> None:
    """Blit `src` onto `dst` using the alpha channel of `mask` (same size)."""
    tmp = src.copy().convert_alpha() if src.get_flags() & pygame.SRCALPHA == 0 else src.copy()
    m = mask.copy()
    tmp.blit(m, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    dst.blit(tmp, (0, 0))


def edge_mask(n: bool, e: bool, s: bool, w: bool, inset: float, radius: float,
              size: int = TILE) -> pygame.Surface:
    """Alpha mask of a terrain patch: full on connected sides, inset and rounded on open ones."""
    big = pygame.Surface((size * S, size * S), pygame.SRCALPHA)
    i = round(inset * S)
    rad = round(radius * S)
    rect = pygame.Rect(0 if w else i, 0 if n else i, 0, 0)
    rect.width = size * S - rect.x - (0 if e else i)
    rect.height = size * S - rect.y - (0 if s else i)
    pygame.draw.rect(
        big, (255, 255, 255, 255), rect,
        border_top_left_radius=rad if not (n or w) else 0,
        border_top_right_radius=rad if not (n or e) else 0,
        border_bottom_left_radius=rad if not (s or w) else 0,
        border_bottom_right_radius=rad if not (s or e) else 0,
    )
    return pygame.transform.smoothscale(big, (size, size))


def mask_name(n: bool, e: bool, s: bool, w: bool) -> str:
    """Suffix naming which sides connect, e.g. 'nes' (north, east, south) or 'x' for none."""
    return "".join(c for c, on in zip("nesw", (n, e, s, w)) if on) or "x"


MASKS: list[tuple[bool, bool, bool, bool]] = [
    (bool(m & 1), bool(m & 2), bool(m & 4), bool(m & 8)) for m in range(16)
]


class Sheet:
    """A tileset under construction, packed on a grid of `columns` tiles per row.

    Multi-tile pictures keep their shape on the sheet (a 2x2 tree stays a 2x2 block), so a map
    maker can stamp them in Tiled by selecting the block. Tile id = row * columns + column.
    """

    def __init__(self, columns: int = 16) -> None:
        self.columns = columns
        self.tiles: dict[int, tuple[str, pygame.Surface, bool]] = {}
        self.names: set[str] = set()
        self.start_row = 0

    def _free(self, r: int, c: int, w: int, h: int) -> bool:
        if c + w > self.columns:
            return False
        return all((r + j) * self.columns + c + i not in self.tiles
                   for j in range(h) for i in range(w))

    def _place(self, w: int, h: int) -> tuple[int, int]:
        r = self.start_row
        while True:
            for c in range(self.columns):
                if self._free(r, c, w, h):
                    return r, c
            r += 1

    def _put(self, tid: int, name: str, surf: pygame.Surface, collides: bool) -> None:
        if name in self.names:
            raise ValueError(f"duplicate tile name {name!r}")
        self.names.add(name)
        self.tiles[tid] = (name, surf, collides)

    def add(self, name: str, surf: pygame.Surface, collides: bool = False) -> int:
        """Place one 32x32 tile at the next free slot; returns its id."""
        r, c = self._place(1, 1)
        self._put(r * self.columns + c, name, surf, collides)
        return r * self.columns + c

    def add_block(self, name: str, surf: pygame.Surface, collides: bool | list[bool] = True,
                  parts: list[str] | None = None) -> None:
        """Place a multi-tile picture as a block; its tiles are named `name_<part>`.

        Parts default to row-major 'r{row}c{col}' suffixes; `collides` may be per part.
        """
        cols, rows = surf.get_width() // TILE, surf.get_height() // TILE
        r0, c0 = self._place(cols, rows)
        k = 0
        for r in range(rows):
            for c in range(cols):
                part = parts[k] if parts else f"r{r}c{c}"
                flag = collides[k] if isinstance(collides, list) else collides
                sub = surf.subsurface((c * TILE, r * TILE, TILE, TILE)).copy()
                self._put((r0 + r) * self.columns + c0 + c, f"{name}_{part}", sub, flag)
                k += 1

    def row(self) -> None:
        """Start the next section on the first row below everything placed so far."""
        if self.tiles:
            self.start_row = max(self.tiles) // self.columns + 1

    @property
    def tilecount(self) -> int:
        """Number of slots on the sheet (rows x columns), empty ones included."""
        return (max(self.tiles) // self.columns + 1) * self.columns if self.tiles else 0

    def image(self) -> pygame.Surface:
        """The whole sheet as one surface."""
        rows = self.tilecount // self.columns
        out = pygame.Surface((self.columns * TILE, rows * TILE), pygame.SRCALPHA)
        out.fill((0, 0, 0, 0))
        for i, (_, surf, _) in self.tiles.items():
            out.blit(surf, ((i % self.columns) * TILE, (i // self.columns) * TILE))
        return out
