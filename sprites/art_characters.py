"""Character sheets: 4 directions x 3 walk frames of 32x48, built from a small style record."""
from __future__ import annotations

from dataclasses import dataclass

import pygame
from art_common import OUTLINE, Canvas, Color, S, shade

FW, FH = 32, 48  # frame size
DIRECTIONS = ("down", "left", "right", "up")  # sheet rows, top to bottom
FRAMES = 3  # columns: 0 = left foot forward, 1 = standing, 2 = right foot forward


@dataclass(frozen=True)
class Style:
    """What makes one character look like itself."""

    skin: Color
    hair: Color
    hair_style: str  # short, spiky, long, ponytail, bun, curly, bob, bald, buzz
    shirt: Color
    pants: Color
    shoes: Color = (70, 56, 56)
    dress: bool = False
    glasses: bool = False
    beard: bool = False
    apron: Color | None = None
    coat: Color | None = None
    hat: Color | None = None
    backpack: Color | None = None
    scarf: Color | None = None


HEAD_CX, HEAD_CY, HEAD_R = 16.0, 15.0, 10.0


def _legs(c: Canvas, st: Style, d: str, f: int, bob: float) -> None:
    leg = st.pants if not st.dress else shade(st.skin, -0.1)
    if d in ("down", "up"):
        lift = {0: (0, -2.0), 1: (0, 0), 2: (-2.0, 0)}[f]
        for x, dy in ((11.0, lift[0]), (17.0, lift[1])):
            c.rect(x, 33 + bob, 4.5, 10 + dy - bob, OUTLINE, r=1)
            c.rect(x + 0.8, 33 + bob, 2.9, 9.2 + dy - bob, leg)
            c.rect(x - 0.3, 41.5 + dy, 5, 3, OUTLINE, r=1.2)
            c.rect(x + 0.5, 41.9 + dy, 3.5, 2, st.shoes, r=1)
    else:
        sign = -1 if d == "left" else 1
        spread = {0: 4.0, 1: 0.0, 2: -4.0}[f]
        for dx, dark in ((-spread, True), (spread, False)):
            x = 13.75 + dx * sign
            col = shade(leg, -0.15) if dark else leg
            c.rect(x, 33 + bob, 4.5, 10 - bob, OUTLINE, r=1)
            c.rect(x + 0.8, 33 + bob, 2.9, 9.2 - bob, col)
            c.rect(x - 0.3 + sign * 0.8, 41.5, 5.2, 3, OUTLINE, r=1.2)
            c.rect(x + 0.5 + sign * 0.8, 41.9, 3.6, 2, st.shoes, r=1)


def _torso(c: Canvas, st: Style, d: str, bob: float) -> None:
    y = 22 + bob
    if st.dress:
        c.poly([(9, y + 9), (23, y + 9), (25.5, y + 19), (6.5, y + 19)], OUTLINE)
        c.poly([(10, y + 9), (22, y + 9), (24.3, y + 18.2), (7.7, y + 18.2)], st.pants)
        c.rect(8, y + 16.5, 16, 1.5, shade(st.pants, -0.2))
    body = st.coat or st.shirt
    c.rect(8.5, y, 15, 13.5, OUTLINE, r=4)
    c.rect(9.3, y + 0.8, 13.4, 12, body, r=3.5)
    c.rect(9.3, y + 9.8, 13.4, 3, shade(body, -0.15), r=2)
    c.rect(10.5, y + 1.5, 4, 2, shade(body, 0.25), r=1)
    if st.coat and d == "down":
        c.poly([(14, y + 1), (18, y + 1), (17, y + 12.8), (15, y + 12.8)], st.shirt)
        c.rect(15.6, y + 1, 0.8, 11.8, shade(st.coat, -0.3))
    if st.coat:  # coat tails below the waist
        c.rect(8.5, y + 12, 15, 6, OUTLINE, r=2)
        c.rect(9.3, y + 12, 13.4, 5.2, shade(st.coat, -0.05), r=1.5)
        if d == "down":
            c.rect(15.4, y + 12, 1.2, 5.2, shade(st.coat, -0.3))
    if st.apron and d in ("down", "left", "right"):
        if d == "down":
            c.rect(12, y + 2.5, 8, 6, OUTLINE, r=1)
            c.rect(12.7, y + 3.2, 6.6, 5, st.apron, r=0.8)
            c.rect(9.8, y + 8, 12.4, 9.5, OUTLINE, r=1.5)
            c.rect(10.5, y + 8.7, 11, 8.1, st.apron, r=1)
            c.rect(10.5, y + 8.7, 11, 1.2, shade(st.apron, -0.2))
        else:
            x0 = 8.8 if d == "left" else 18.2
            c.rect(x0, y + 3, 5, 14.5, OUTLINE, r=1.5)
            c.rect(x0 + 0.7, y + 3.7, 3.6, 13.1, st.apron, r=1)
    if st.apron and d == "up":
        c.line(10, y + 1, 22, y + 10, st.apron, 1.2)
        c.line(22, y + 1, 10, y + 10, st.apron, 1.2)
        c.rect(14, y + 9, 4, 2, st.apron, r=1)
    if st.backpack and d == "up":
        c.rect(10, y + 1, 12, 12, OUTLINE, r=3)
        c.rect(10.8, y + 1.8, 10.4, 10.4, st.backpack, r=2.5)
        c.rect(12, y + 6, 8, 4, shade(st.backpack, -0.2), r=1.5)
    if st.backpack and d in ("left", "right"):
        x0 = 19.5 if d == "left" else 7
        c.rect(x0, y + 1, 5.5, 11, OUTLINE, r=2)
        c.rect(x0 + 0.8, y + 1.8, 3.9, 9.4, st.backpack, r=1.5)
    if st.scarf:
        c.rect(9.5, y - 0.5, 13, 3.5, OUTLINE, r=1.5)
        c.rect(10.2, y + 0.1, 11.6, 2.3, st.scarf, r=1)
        if d == "down":
            c.rect(18, y + 1, 3, 7, st.scarf, r=1)


def _arms(c: Canvas, st: Style, d: str, f: int, bob: float, front: bool) -> None:
    sleeve = st.coat or st.shirt
    y = 23 + bob
    if d in ("down", "up"):
        swing = {0: (-1.2, 1.2), 1: (0, 0), 2: (1.2, -1.2)}[f]
        for x, dy in ((6.0, swing[0]), (22.5, swing[1])):
            c.rect(x, y + dy, 3.6, 10, OUTLINE, r=1.5)
            c.rect(x + 0.7, y + dy + 0.7, 2.2, 7.5, sleeve, r=1)
            c.circle(x + 1.8, y + dy + 9.5, 1.9, OUTLINE)
            c.circle(x + 1.8, y + dy + 9.5, 1.2, st.skin)
    else:
        sign = -1 if d == "left" else 1
        swing = {0: 2.5, 1: 0.0, 2: -2.5}[f] * (1 if front else -1)
        x = 14.2 + swing * sign
        col = sleeve if front else shade(sleeve, -0.2)
        c.rect(x, y, 3.6, 10, OUTLINE, r=1.5)
        c.rect(x + 0.7, y + 0.7, 2.2, 7.5, col, r=1)
        c.circle(x + 1.8, y + 9.5, 1.9, OUTLINE)
        c.circle(x + 1.8, y + 9.5, 1.2, st.skin)


def _hair_back(c: Canvas, st: Style, d: str, bob: float) -> None:
    """Hair that hangs behind the body (long hair, ponytails)."""
    cy = HEAD_CY + bob
    if st.hair_style == "long" and d == "down":
        c.rect(5.2, cy - 4, 21.6, 19, OUTLINE, r=5)
        c.rect(6, cy - 3, 20, 17.2, shade(st.hair, -0.1), r=4.5)
    if st.hair_style in ("long", "bob") and d in ("left", "right"):
        x = HEAD_CX - 11.5 if d == "right" else HEAD_CX + 2.5
        h = 19 if st.hair_style == "long" else 12
        c.rect(x, cy - 4, 9, h, OUTLINE, r=4)
        c.rect(x + 0.8, cy - 3.2, 7.4, h - 1.6, shade(st.hair, -0.1), r=3.5)
    if st.hair_style == "ponytail" and d in ("left", "right"):
        x = 23.5 if d == "left" else 3.5
        c.ellipse(x, cy - 3, 5, 13, OUTLINE)
        c.ellipse(x + 0.8, cy - 2.2, 3.4, 11.4, st.hair)


def _head(c: Canvas, st: Style, d: str, bob: float) -> None:
    cx, cy, r = HEAD_CX, HEAD_CY + bob, HEAD_R
    c.circle(cx, cy, r, OUTLINE)
    c.circle(cx, cy, r - 0.9, st.skin)
    c.ellipse(cx - r + 2, cy + 2, 2 * r - 4, r - 3, shade(st.skin, -0.06))
    if d in ("left", "right"):  # ear
        ex = cx + (3 if d == "left" else -6)
        c.ellipse(ex, cy - 1, 3, 4.5, shade(st.skin, -0.12))


def _hair(c: Canvas, st: Style, d: str, bob: float) -> None:
    cx, cy, r = HEAD_CX, HEAD_CY + bob, HEAD_R
    hs, hair = st.hair_style, st.hair
    hl = shade(hair, 0.28)
    if hs == "bald":
        if d != "down":
            c.ellipse(cx - r + 0.5, cy - 1, 2 * r - 1, 7, hair)
        else:
            c.rect(cx - r + 0.6, cy - 2, 3, 6, hair, r=1.5)
            c.rect(cx + r - 3.6, cy - 2, 3, 6, hair, r=1.5)
        c.ellipse(cx - 5, cy - r + 2, 6, 3, shade(st.skin, 0.3))
        return
    big = 1.6 if hs == "curly" else 0.0
    top = cy - r - 0.8 - big
    if hs == "curly":
        pts = [(-7, -5), (-3, -8), (2, -8.5), (6.5, -6), (8.5, -1), (-8.8, -1), (0, -5)]
        for dx, dy in pts:
            c.circle(cx + dx, cy + dy, 5.2, OUTLINE)
        for dx, dy in pts:
            c.circle(cx + dx, cy + dy, 4.4, hair)
        for dx, dy in pts[:3]:
            c.circle(cx + dx - 1, cy + dy - 1.5, 1.6, hl)
    else:
        depth = {"buzz": 8.0, "short": 11.0, "spiky": 11.0}.get(hs, 12.5)
        if d == "up":
            depth = 2 * r - 3 if hs not in ("buzz",) else r + 3
        c.ellipse(cx - r - 0.8, top, 2 * r + 1.6, depth + 2 * r * 0.45, OUTLINE)
        c.ellipse(cx - r, top + 0.9, 2 * r, depth + 2 * r * 0.45 - 1.8, hair)
        if d == "down":  # uncover the face below the fringe
            c.ellipse(cx - r + 1.5, cy - 3.2, 2 * r - 3, r + 3, st.skin)
            c.ellipse(cx - r + 2, cy + 2, 2 * r - 4, r - 3, shade(st.skin, -0.06))
            c.poly([(cx - 8, cy - 4), (cx - 2, cy - 4.5), (cx - 6, cy - 1.5)], hair)
            c.poly([(cx - 1, cy - 5), (cx + 8, cy - 4), (cx + 7.5, cy - 1)], hair)
        elif d in ("left", "right"):
            sign = -1 if d == "left" else 1
            depth_side = 1.0 if hs == "buzz" else 0.0
            c.circle(cx - sign * 2.2, cy - 2.2 - depth_side, r + 0.3, OUTLINE)
            c.circle(cx - sign * 2.2, cy - 2.2 - depth_side, r - 0.6, hair)
            c.ellipse(cx + sign * 2 - 6, cy - 2.8, 12, 11.3, st.skin)
            c.ellipse(cx + sign * 2 - 5, cy + 3, 10, 5, shade(st.skin, -0.06))
            c.poly([(cx + sign * 1, cy - 5.5), (cx + sign * 9.5, cy - 3.5),
                    (cx + sign * 8, cy - 1.2),
                    (cx + sign * 2, cy - 2.5)], hair)
            c.ellipse(cx - sign * 5 - 2, cy - 0.5, 4, 5, shade(st.skin, -0.15))  # ear
            c.ellipse(cx - sign * 5 - 1.2, cy + 0.3, 2.4, 3.4, st.skin)
        c.ellipse(cx - 6, top + 2, 8, 3, hl)
        if hs == "spiky":
            for dx in (-6, -2, 2, 6):
                c.poly([(cx + dx - 3, top + 3), (cx + dx, top - 3.5), (cx + dx + 3, top + 3)],
                       OUTLINE)
                c.poly([(cx + dx - 2, top + 3), (cx + dx, top - 2), (cx + dx + 2, top + 3)], hair)
        if hs in ("long", "bob") and d == "down":
            for x in (cx - r - 0.8, cx + r - 3.4):
                c.rect(x, cy - 4, 4.2, 12 if hs == "long" else 9, OUTLINE, r=2)
                c.rect(x + 0.7, cy - 3.5, 2.8, 11 if hs == "long" else 8, hair, r=1.5)
        if hs in ("long",) and d == "up":
            c.rect(cx - r + 0.5, cy, 2 * r - 1, 10, OUTLINE, r=4)
            c.rect(cx - r + 1.3, cy, 2 * r - 2.6, 9, hair, r=3.5)
        if hs == "bun":
            by = top - 1.5 if d != "up" else top
            c.circle(cx, by + 1, 4.4, OUTLINE)
            c.circle(cx, by + 1, 3.6, hair)
            c.circle(cx - 1, by, 1.3, hl)
        if hs == "ponytail" and d == "up":
            c.ellipse(cx - 2.5, cy + 1, 5, 13, OUTLINE)
            c.ellipse(cx - 1.7, cy + 1.8, 3.4, 11.4, hair)


def _face(c: Canvas, st: Style, d: str, bob: float) -> None:
    cx, cy = HEAD_CX, HEAD_CY + bob
    eye = (40, 30, 40)
    if d == "down":
        for ex in (cx - 4, cx + 4):
            c.ellipse(ex - 1.2, cy + 0.2, 2.4, 3.4, eye)
            c.circle(ex - 0.3, cy + 0.9, 0.5, (255, 255, 255))
        c.ellipse(cx - 7.5, cy + 3.8, 3, 1.6, (236, 140, 140, 120))
        c.ellipse(cx + 4.5, cy + 3.8, 3, 1.6, (236, 140, 140, 120))
        c.rect(cx - 1.2, cy + 5.3, 2.4, 0.8, shade(st.skin, -0.45), r=0.4)
        if st.glasses:
            for ex in (cx - 4, cx + 4):
                c.rect(ex - 2.8, cy - 0.6, 5.6, 4.8, OUTLINE, r=1.5)
                c.rect(ex - 2.1, cy + 0.1, 4.2, 3.4, (210, 230, 240, 90), r=1)
            c.line(cx - 1.2, cy + 0.6, cx + 1.2, cy + 0.6, OUTLINE, 0.7)
        if st.beard:
            c.poly([(cx - 7, cy + 3.5), (cx - 3, cy + 4.2), (cx + 3, cy + 4.2), (cx + 7, cy + 3.5),
                    (cx + 4.5, cy + 8.8), (cx - 4.5, cy + 8.8)], st.hair)
            c.rect(cx - 1.6, cy + 5.6, 3.2, 1, shade(st.skin, -0.35), r=0.5)
    elif d in ("left", "right"):
        sign = -1 if d == "left" else 1
        ex = cx + sign * 5.5
        c.ellipse(ex - 1.1, cy + 0.2, 2.2, 3.4, eye)
        c.circle(ex + sign * 0.2, cy + 0.9, 0.45, (255, 255, 255))
        c.ellipse(ex - sign * 1.5 - 1.5, cy + 3.8, 3, 1.5, (236, 140, 140, 110))
        c.circle(cx + sign * 9.4, cy + 2.6, 1.1, shade(st.skin, -0.05))
        if st.glasses:
            c.rect(ex - 2.4, cy - 0.6, 4.8, 4.6, OUTLINE, r=1.5)
            c.rect(ex - 1.7, cy + 0.1, 3.4, 3.2, (210, 230, 240, 90), r=1)
            c.line(ex - sign * 2.4, cy + 0.8, cx - sign * 3, cy + 0.2, OUTLINE, 0.7)
        if st.beard:
            c.poly([(cx - sign * 2, cy + 3), (cx + sign * 8.6, cy + 3.6), (cx + sign * 6, cy + 8.6),
                    (cx - sign * 1, cy + 8)], st.hair)
    if st.hat:
        top = cy - HEAD_R - 1
        c.ellipse(cx - HEAD_R - 0.8, top, 2 * HEAD_R + 1.6, 12, OUTLINE)
        c.ellipse(cx - HEAD_R, top + 0.8, 2 * HEAD_R, 10.4, st.hat)
        c.ellipse(cx - 5, top + 2, 7, 2.5, shade(st.hat, 0.3))
        if d == "down":
            c.rect(cx - 8, top + 8.5, 16, 3, OUTLINE, r=1.5)
            c.rect(cx - 7.3, top + 9, 14.6, 2, shade(st.hat, -0.15), r=1)
        elif d in ("left", "right"):
            sign = -1 if d == "left" else 1
            c.rect(cx + sign * 4 - (7 if sign < 0 else 0) + (0 if sign < 0 else 2), top + 8,
                   9, 3, OUTLINE, r=1.5)


def frame(st: Style, d: str, f: int) -> Canvas:
    """One 32x48 frame: direction `d`, walk frame `f` (0, 1, 2)."""
    c = Canvas(FW, FH)
    bob = 0.0 if f == 1 else -1.0
    c.shadow(7, 41.5, 18, 6, 80)
    _hair_back(c, st, d, bob)
    if d in ("left", "right"):
        _arms(c, st, d, f, bob, front=False)
    _legs(c, st, d, f, bob)
    if d == "up":
        _arms(c, st, d, f, bob, front=True)
    _torso(c, st, d, bob)
    if d == "down":
        _arms(c, st, d, f, bob, front=True)
    if d in ("left", "right"):
        _arms(c, st, d, f, bob, front=True)
    _head(c, st, d, bob)
    if d == "up":
        _hair(c, st, d, bob)
    else:
        _hair(c, st, d, bob)
        _face(c, st, d, bob)
    if d == "up" and st.hat:
        _face(c, st, d, bob)
    return c


def sheet(st: Style) -> pygame.Surface:
    """The full character sheet: rows = DIRECTIONS, columns = walk frames."""
    out = pygame.Surface((FW * FRAMES, FH * len(DIRECTIONS)), pygame.SRCALPHA)
    out.fill((0, 0, 0, 0))
    for row, d in enumerate(DIRECTIONS):
        for col in range(FRAMES):
            out.blit(frame(st, d, col).image(), (col * FW, row * FH))
    return out


def portrait(st: Style, size: int = 64) -> pygame.Surface:
    """A head-and-shoulders close-up (from the supersampled front frame) for chat boxes."""
    c = frame(st, "down", 1)
    crop = c.surf.subsurface((3 * S, 1 * S, 26 * S, 26 * S)).copy()
    return pygame.transform.smoothscale(crop, (size, size))
