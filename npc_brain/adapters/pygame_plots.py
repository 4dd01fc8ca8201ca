"""Simple PNG charts (grouped bars, lines) drawn with pygame surfaces — no matplotlib.

pygame is imported lazily inside the functions (npc_brain's core never needs it); when it
is missing, `available()` is False and the evaluation writes its report without plots,
saying so. Drawing needs no window: surfaces are rendered off-screen and saved as PNG.
"""
from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported lazily at run time: the charts are optional
    import pygame

PALETTE = ((52, 101, 164), (204, 102, 51), (115, 160, 80), (150, 90, 160), (200, 170, 40), (90, 90, 90))
W, H = 760, 420
MARGIN_L, MARGIN_R, MARGIN_T, MARGIN_B = 70, 20, 50, 90


def _pygame() -> Any | None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame
    except ImportError:
        return None
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame


def available() -> bool:
    """True when pygame can draw the charts."""
    return _pygame() is not None


def _nice_max(value: float) -> float:
    if value <= 0:
        return 1.0
    exp: float = 10 ** math.floor(math.log10(value))
    for m in (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10):
        if value <= m * exp:
            return m * exp
    return 10 * exp


class _Canvas:
    def __init__(self, pg: Any, title: str, ymax: float, ylabel: str) -> None:
        self.pg = pg
        self.surf = pg.Surface((W, H))
        self.surf.fill((255, 255, 255))
        self.font = pg.font.Font(None, 20)
        self.small = pg.font.Font(None, 17)
        self.big = pg.font.Font(None, 26)
        self.ymax = ymax
        self.x0, self.x1 = MARGIN_L, W - MARGIN_R
        self.y0, self.y1 = H - MARGIN_B, MARGIN_T
        self.text(title, W // 2, 18, self.big, center=True)
        for i in range(6):
            v = ymax * i / 5
            y = self.y(v)
            pg.draw.line(self.surf, (225, 225, 225), (self.x0, y), (self.x1, y))
            self.text(f"{v:g}" if v < 1e4 else f"{v:.3g}", self.x0 - 6, y - 7, self.small, right=True)
        pg.draw.line(self.surf, (0, 0, 0), (self.x0, self.y0), (self.x1, self.y0), 2)
        pg.draw.line(self.surf, (0, 0, 0), (self.x0, self.y0), (self.x0, self.y1), 2)
        label = self.small.render(ylabel, True, (60, 60, 60))
        self.surf.blit(pg.transform.rotate(label, 90), (8, (self.y0 + self.y1) // 2 - label.get_width() // 2))

    def y(self, v: float) -> int:
        v = max(0.0, min(v, self.ymax))
        return int(self.y0 - (self.y0 - self.y1) * v / self.ymax)

    def text(self, s: str, x: int, y: int, font: pygame.font.Font, *, center: bool = False, right: bool = False,
             color: tuple[int, int, int] = (20, 20, 20)) -> None:
        img = font.render(s, True, color)
        if center:
            x -= img.get_width() // 2
        elif right:
            x -= img.get_width()
        x = max(0, min(x, W - img.get_width() - 2))  # keep edge labels inside the picture
        self.surf.blit(img, (x, y))

    def legend(self, names: Sequence[str]) -> None:
        x = self.x0
        for i, name in enumerate(names):
            color = PALETTE[i % len(PALETTE)]
            self.pg.draw.rect(self.surf, color, (x, H - 24, 14, 14))
            self.text(name, x + 18, H - 24, self.small)
            x += 30 + self.small.size(name)[0]

    def save(self, path: str | os.PathLike[str]) -> Path:
        out = Path(path)
        out.parent.mkdir(parents=True, exist_ok=True)
        self.pg.image.save(self.surf, str(out))
        return out


def _canvas(title: str, series: Mapping[str, Sequence[float]], ylabel: str, ymax: float | None) -> _Canvas | None:
    """A chart's empty canvas scaled to the series (or `ymax`); None when pygame is missing."""
    pg = _pygame()
    if pg is None:
        return None
    top = ymax if ymax is not None else _nice_max(max([v for s in series.values() for v in s] + [0]) * 1.05)
    return _Canvas(pg, title, top, ylabel)


def bar_chart(path: str | os.PathLike[str], title: str, groups: Sequence[str],
              series: Mapping[str, Sequence[float]], *, ylabel: str = "", ymax: float | None = None) -> Path | None:
    """Grouped bars: one group per label, one bar per series; None when pygame is missing."""
    c = _canvas(title, series, ylabel, ymax)
    if c is None:
        return None
    pg, names = c.pg, list(series)
    slot = (c.x1 - c.x0) / max(1, len(groups))
    bar = slot * 0.8 / max(1, len(names))
    for gi, group in enumerate(groups):
        gx = c.x0 + gi * slot + slot * 0.1
        for si, name in enumerate(names):
            v = float(series[name][gi])
            x = int(gx + si * bar)
            y = c.y(v)
            pg.draw.rect(c.surf, PALETTE[si % len(PALETTE)], (x, y, max(1, int(bar) - 2), c.y0 - y))
            c.text(f"{v:.3g}", x + int(bar) // 2, y - 15, c.small, center=True)
        c.text(group, int(c.x0 + gi * slot + slot / 2), c.y0 + 8, c.font, center=True)
    c.legend(names)
    return c.save(path)


def line_chart(path: str | os.PathLike[str], title: str, x_labels: Sequence[str],
               series: Mapping[str, Sequence[float]], *, ylabel: str = "", ymax: float | None = None) -> Path | None:
    """Lines over evenly spaced x labels (some labels skipped when crowded)."""
    c = _canvas(title, series, ylabel, ymax)
    if c is None:
        return None
    pg, names = c.pg, list(series)
    n = max(1, len(x_labels) - 1)
    step = max(1, math.ceil(len(x_labels) / 8))
    for i, lab in enumerate(x_labels):
        x = int(c.x0 + (c.x1 - c.x0) * i / n)
        if i % step == 0 or i == len(x_labels) - 1:
            pg.draw.line(c.surf, (0, 0, 0), (x, c.y0), (x, c.y0 + 4))
            c.text(lab, x, c.y0 + 8, c.small, center=True)
    for si, name in enumerate(names):
        pts = [(int(c.x0 + (c.x1 - c.x0) * i / n), c.y(float(v))) for i, v in enumerate(series[name])]
        if len(pts) >= 2:
            # Earlier series are drawn wider, so a later one lying on top of it leaves it visible.
            width = 3 + 3 * (len(names) - 1 - si)
            pg.draw.lines(c.surf, PALETTE[si % len(PALETTE)], False, pts, width)
        for p in pts:
            pg.draw.circle(c.surf, PALETTE[si % len(PALETTE)], p, 3)
    c.legend(names)
    return c.save(path)
