"""Furniture and outdoor props (transparent tiles drawn over the ground/wall layers)."""
from __future__ import annotations

import math
import random

from art_common import OUTLINE, TILE, Canvas, Color, P, Sheet, shade

T = TILE
WHITE = P["white"]
COUNTER_TOP = (214, 210, 200)


# ---------------------------------------------------------------- bedroom
def bed(color: Color, double: bool = False) -> Canvas:
    w = 2 * T if double else T
    c = Canvas(w, 2 * T)
    c.shadow(2, 52, w - 2, 12, 60)
    c.box(3, 2, w - 6, 58, P["wood_d"], r=2)
    c.rect(4, 3, w - 8, 6, P["wood_dd"], r=1)  # headboard
    c.rect(5, 4, w - 10, 2, P["wood"], r=1)
    pillows = 2 if double else 1
    pw = (w - 12 - 2 * (pillows - 1)) / pillows
    for i in range(pillows):
        c.rect(6 + i * (pw + 2), 11, pw, 9, WHITE, r=3, outline=OUTLINE, width=0.8)
        c.rect(7 + i * (pw + 2), 12, pw - 2, 3, (255, 255, 255), r=2)
    c.rect(4, 21, w - 8, 37, OUTLINE, r=2)
    c.rect(5, 22, w - 10, 35, color, r=2)
    c.rect(5, 22, w - 10, 6, shade(color, 0.35), r=2)  # folded sheet
    c.rect(5, 27, w - 10, 1, shade(color, -0.2))
    c.rect(5, 52, w - 10, 5, shade(color, -0.2), r=2)
    for i in range(3):  # quilt stitches
        y = 34 + i * 7
        c.rect(8, y, w - 16, 0.7, shade(color, -0.12))
    return c


def nightstand() -> Canvas:
    c = Canvas()
    c.shadow(4, 22, 24, 8)
    c.box(5, 10, 22, 18, P["wood"], top=6)
    c.rect(9, 19, 14, 1, P["wood_dd"])
    c.circle(16, 22.5, 1.2, P["yellow"])
    c.rect(13, 9, 6, 3, P["metal_d"])
    c.poly([(10, 9), (12, 2), (20, 2), (22, 9)], OUTLINE)
    c.poly([(11, 8.3), (12.8, 3), (19.2, 3), (21, 8.3)], (246, 222, 150))
    return c


def wardrobe() -> Canvas:
    c = Canvas()
    c.shadow(2, 24, 28, 8)
    c.box(3, 1, 26, 28, P["wood_d"], top=4)
    c.rect(15.5, 6, 1, 21, P["wood_dd"])
    c.rect(12, 14, 1.5, 5, P["yellow"])
    c.rect(18.5, 14, 1.5, 5, P["yellow"])
    return c


def desk(wide: bool = True, items: str = "laptop") -> Canvas:
    w = 2 * T if wide else T
    c = Canvas(w, T)
    c.shadow(2, 22, w - 4, 9)
    c.box(2, 6, w - 4, 22, P["wood"], top=11)
    c.rect(4, 18, w - 8, 8, P["wood_d"])
    for dx in ((6, w - 18) if wide else (9,)):
        c.rect(dx, 19.5, 10, 5, P["wood"], r=1, outline=OUTLINE, width=0.6)
        c.rect(dx + 4, 21.5, 2, 1, P["yellow"])
    if items == "laptop":
        c.rect(w / 2 - 7, 3, 14, 9, (60, 64, 76), r=1, outline=OUTLINE, width=0.8)
        c.rect(w / 2 - 5.5, 4.5, 11, 6, (120, 190, 230))
        c.rect(w / 2 - 8, 11, 16, 3, P["metal"], r=1, outline=OUTLINE, width=0.6)
    if items in ("laptop", "papers"):
        c.rect(6, 9, 8, 6, WHITE, outline=OUTLINE, width=0.6)
        c.rect(7.5, 11, 5, 0.6, P["metal_d"])
        c.rect(7.5, 13, 4, 0.6, P["metal_d"])
    if wide:
        c.rect(w - 14, 3, 4, 9, P["green"], r=1)
        c.poly([(w - 16, 5), (w - 12, 1), (w - 8, 5)], (90, 170, 110))
        c.circle(w - 20, 10, 2.4, WHITE, outline=OUTLINE, width=0.6)
    else:
        for i, col in enumerate((P["red"], P["blue"], P["yellow"])):
            c.rect(18, 8 - i * 2.2, 9, 2.2, col, outline=OUTLINE, width=0.5)
    return c


def chair(facing: str, color: Color = P["wood"]) -> Canvas:
    """A chair whose sitter faces `facing` (n, e, s, w)."""
    c = Canvas()
    c.shadow(7, 22, 18, 7)
    c.box(9, 12, 14, 13, color, r=2, top=8)
    if facing == "s":
        c.box(9, 5, 14, 8, shade(color, -0.1), r=2)
    elif facing == "n":
        c.box(9, 22, 14, 6, shade(color, -0.1), r=2)
    elif facing == "e":
        c.box(6, 6, 5, 20, shade(color, -0.1), r=2)
    else:
        c.box(21, 6, 5, 20, shade(color, -0.1), r=2)
    return c


# ---------------------------------------------------------------- kitchen / café
def counter(kind: str = "plain", body: Color = P["wood"], top: Color = COUNTER_TOP) -> Canvas:
    c = Canvas()
    c.rect(0, 4, T, 26, OUTLINE)
    c.rect(0, 5, T, 12, top)
    c.rect(0, 5, T, 2, shade(top, 0.25))
    c.rect(0, 17, T, 12, body)
    c.rect(0, 17, T, 1.5, shade(body, -0.35))
    c.rect(3, 19.5, 11, 8, shade(body, 0.08), r=1, outline=shade(body, -0.3), width=0.6)
    c.rect(18, 19.5, 11, 8, shade(body, 0.08), r=1, outline=shade(body, -0.3), width=0.6)
    c.rect(12, 22, 1.5, 3, P["yellow"])
    c.rect(19, 22, 1.5, 3, P["yellow"])
    c.rect(0, 29, T, 1, (0, 0, 0, 70))
    if kind == "sink":
        c.rect(7, 6.5, 18, 9, P["metal_d"], r=2)
        c.rect(8.5, 8, 15, 6.5, (170, 200, 220), r=2)
        c.rect(15, 3, 2, 6, P["metal"], outline=OUTLINE, width=0.5)
    elif kind == "coffee":
        c.rect(6, -0.5, 20, 14, OUTLINE, r=2)
        c.rect(7, 0.5, 18, 12, (200, 70, 60), r=2)
        c.rect(7, 0.5, 18, 3, (230, 110, 96), r=2)
        c.rect(10, 6, 12, 5, (60, 56, 60), r=1)
        c.circle(13, 10, 1.6, WHITE)
        c.circle(19, 10, 1.6, WHITE)
        c.rect(26.5, 8, 3.5, 5, (120, 80, 60), r=1, outline=OUTLINE, width=0.5)
    elif kind == "register":
        c.rect(8, 1, 16, 13, OUTLINE, r=2)
        c.rect(9, 2, 14, 11, (80, 84, 96), r=1)
        c.rect(10.5, 3, 11, 4, (140, 220, 170))
        for i in range(3):
            c.rect(10.5 + i * 4, 8.5, 3, 1.6, P["metal"])
            c.rect(10.5 + i * 4, 10.6, 3, 1.6, P["metal"])
    elif kind == "pastry":
        c.rect(2, 2, 28, 14, OUTLINE, r=2)
        c.rect(3, 3, 26, 12, (200, 226, 236), r=1)
        for i, col in enumerate(((214, 150, 90), (236, 196, 120), (150, 90, 70), (230, 150, 170))):
            c.circle(7 + i * 6, 10, 2.4, col, outline=OUTLINE, width=0.5)
        c.rect(4, 4, 24, 1.5, (240, 250, 255))
    elif kind == "cutting":
        c.rect(6, 6, 16, 9, (226, 190, 140), r=1.5, outline=OUTLINE, width=0.6)
        c.circle(11, 10.5, 2.2, (230, 120, 60))
        c.circle(16, 10, 2.2, (120, 180, 80))
        c.rect(23, 8, 7, 1.5, P["metal"])
    elif kind == "meds":
        for i, col in enumerate((P["white"], (120, 200, 160), P["pink"], (236, 200, 110))):
            c.rect(4 + i * 6.5, 5, 5, 8, col, r=1, outline=OUTLINE, width=0.5)
    return c


def stove() -> Canvas:
    c = Canvas()
    c.shadow(1, 24, 30, 7)
    c.rect(1, 3, 30, 27, OUTLINE, r=1.5)
    c.rect(2, 4, 28, 13, (226, 226, 230), r=1)
    for x, y in ((9, 8), (23, 8), (9, 13.5), (23, 13.5)):
        c.circle(x, y, 3, (50, 50, 56))
        c.circle(x, y, 1.6, (90, 90, 96))
    c.rect(2, 17, 28, 12, (196, 198, 206))
    c.rect(5, 19, 22, 8, (60, 60, 70), r=1)
    c.rect(7, 20.5, 18, 2, (130, 130, 140))
    c.rect(2, 17, 28, 1, OUTLINE)
    return c


def fridge() -> Canvas:
    c = Canvas()
    c.shadow(1, 24, 30, 8)
    c.rect(3, 0, 26, 30, OUTLINE, r=2)
    c.rect(4, 1, 24, 8, (236, 240, 244), r=1.5)
    c.rect(4, 9, 24, 20, (214, 222, 230), r=1)
    c.rect(4, 16, 24, 1, (150, 160, 170))
    c.rect(7, 11, 1.6, 4, P["metal_d"])
    c.rect(7, 18, 1.6, 7, P["metal_d"])
    c.rect(18, 20, 5, 5, P["yellow"], r=1)  # a magnet note
    c.rect(5, 2, 22, 1.5, (255, 255, 255))
    return c


def table_round(top: Color = P["wood"], cup: bool = True) -> Canvas:
    c = Canvas()
    c.shadow(4, 20, 24, 10)
    c.rect(14.5, 16, 3, 12, P["wood_dd"])
    c.ellipse(3, 4, 26, 20, OUTLINE)
    c.ellipse(4, 5, 24, 18, shade(top, -0.2))
    c.ellipse(4, 5, 24, 16, top)
    c.ellipse(7, 6.5, 12, 5, shade(top, 0.25))
    if cup:
        c.ellipse(17, 9, 7, 6, WHITE, outline=OUTLINE, width=0.6)
        c.circle(20.5, 12, 1.8, (120, 80, 56))
    return c


def table_long(top: Color = P["wood"]) -> Canvas:
    c = Canvas(2 * T, T)
    c.shadow(2, 22, 60, 9)
    c.box(2, 4, 60, 24, top, r=2, top=16)
    for x in (14, 48):
        c.circle(x, 12, 4.5, WHITE, outline=OUTLINE, width=0.6)
        c.circle(x, 12, 2.5, (236, 236, 236))
    c.rect(29, 8, 6, 8, (200, 90, 90), r=2, outline=OUTLINE, width=0.6)
    c.circle(32, 7, 2.5, (250, 214, 120))
    return c


def shelf(kind: str) -> Canvas:
    """Store shelving unit: a wooden frame with two rows of goods."""
    rng = random.Random(sum(map(ord, kind)))  # stable per kind (hash() is salted)
    c = Canvas()
    c.shadow(1, 25, 30, 7)
    frame = (150, 110, 80) if kind != "meds" else (220, 226, 232)
    c.box(1, 1, 30, 28, frame, r=1)
    for row in range(2):
        y0 = 4 + row * 12
        c.rect(3, y0, 26, 10, shade(frame, -0.35))
        c.rect(3, y0 + 9, 26, 2, shade(frame, 0.15))
        x = 4
        while x < 27:
            if kind == "produce":
                col = rng.choice([(220, 70, 60), (240, 160, 60), (130, 190, 80), (236, 210, 80)])
                c.circle(x + 2, y0 + 6, 2.4, col, outline=OUTLINE, width=0.4)
                x += 4.5
            elif kind == "cans":
                col = rng.choice([(200, 70, 70), (80, 120, 190), (230, 190, 80), (90, 160, 110)])
                c.rect(x, y0 + 2, 3.5, 7, col, r=0.6, outline=OUTLINE, width=0.4)
                c.rect(x, y0 + 3.5, 3.5, 1.2, WHITE)
                x += 4.3
            elif kind == "bottles":
                col = rng.choice([(90, 150, 90), (150, 80, 60), (210, 180, 90), (120, 150, 200)])
                c.rect(x + 0.8, y0, 1.6, 3, col)
                c.rect(x, y0 + 2.5, 3.2, 6.5, col, r=1, outline=OUTLINE, width=0.4)
                x += 4
            elif kind == "bread":
                col = rng.choice([(214, 160, 96), (190, 130, 76), (232, 190, 120)])
                c.ellipse(x, y0 + 3, 6, 5, col, outline=OUTLINE, width=0.5)
                x += 6.5
            elif kind == "meds":
                col = rng.choice([WHITE, (120, 200, 170), P["pink"], (150, 190, 236), P["yellow"]])
                c.rect(x, y0 + 3, 4, 6, col, r=0.6, outline=OUTLINE, width=0.4)
                x += 4.8
            elif kind == "books":
                col = rng.choice([(170, 60, 60), (60, 90, 150), (70, 130, 80), (200, 160, 70),
                                  (120, 80, 130), (230, 220, 200), (90, 70, 60)])
                bw = rng.choice([2.5, 3, 3.5])
                bh = rng.choice([7, 8, 8.5])
                c.rect(x, y0 + 9 - bh, bw, bh, col, r=0.3, outline=OUTLINE, width=0.35)
                c.rect(x + 0.5, y0 + 11 - bh, bw - 1, 0.6, shade(col, 0.4))
                x += bw + 0.3
            else:
                x += 30
    return c


def fridge_drinks() -> Canvas:
    c = Canvas()
    c.shadow(1, 25, 30, 7)
    c.box(1, 0, 30, 30, (210, 216, 224), r=1.5)
    c.rect(4, 3, 24, 24, (170, 210, 230), r=1)
    for row in range(3):
        for i in range(5):
            col = ((200, 60, 60), (240, 170, 60), (90, 170, 90), (80, 120, 200), (230, 220, 90))[
                (i + row) % 5]
            c.rect(5.5 + i * 4.5, 5 + row * 7.5, 3, 6, col, r=1)
    c.rect(5, 4, 1.5, 22, (235, 248, 255))
    return c


# ---------------------------------------------------------------- bathroom
def toilet() -> Canvas:
    c = Canvas()
    c.shadow(6, 22, 20, 8)
    c.rect(8, 2, 16, 8, OUTLINE, r=2)
    c.rect(9, 3, 14, 6, WHITE, r=1.5)
    c.ellipse(7, 8, 18, 19, OUTLINE)
    c.ellipse(8, 9, 16, 17, WHITE)
    c.ellipse(10.5, 11.5, 11, 11, (200, 216, 228))
    c.ellipse(12, 13, 8, 7, (150, 196, 226))
    c.rect(10, 4, 5, 1.5, (255, 255, 255))
    return c


def bath_sink() -> Canvas:
    c = Canvas()
    c.shadow(5, 20, 22, 8)
    c.rect(4, 1, 24, 3, (170, 210, 230), outline=OUTLINE, width=0.6)  # mirror edge
    c.ellipse(5, 5, 22, 18, OUTLINE)
    c.ellipse(6, 6, 20, 16, WHITE)
    c.ellipse(9, 10, 14, 9, (180, 210, 230))
    c.rect(15, 5, 2, 6, P["metal"], outline=OUTLINE, width=0.5)
    c.rect(13, 22, 6, 6, WHITE, outline=OUTLINE, width=0.6)
    return c


def bathtub() -> Canvas:
    c = Canvas(2 * T, T)
    c.shadow(2, 22, 60, 9)
    c.rect(2, 3, 60, 25, OUTLINE, r=6)
    c.rect(3, 4, 58, 23, WHITE, r=5)
    c.rect(7, 7, 50, 16, (150, 200, 230), r=6)
    c.rect(10, 9, 20, 2, (200, 230, 246), r=1)
    c.rect(52, 5, 3, 5, P["metal"], outline=OUTLINE, width=0.5)
    for x, y in ((20, 15), (34, 12), (44, 17)):
        c.circle(x, y, 2, (240, 248, 255))
    return c


# ---------------------------------------------------------------- pub
def bar_counter(part: str) -> Canvas:
    body, top = (120, 70, 48), (168, 104, 66)
    c = Canvas()
    x0 = 3 if part == "l" else 0
    x1 = T - 3 if part == "r" else T
    c.rect(x0, 4, x1 - x0, 26, OUTLINE, r=2 if part in "lr" else 0)
    c.rect(x0 + (1 if part == "l" else 0), 5, x1 - x0 - (1 if part in "lr" else 0), 11, top)
    c.rect(x0 + (1 if part == "l" else 0), 5, x1 - x0 - (1 if part in "lr" else 0), 2,
           shade(top, 0.3))
    c.rect(x0 + (1 if part == "l" else 0), 16, x1 - x0 - (1 if part in "lr" else 0), 13, body)
    for x in range(0, T, 8):
        if x0 < x + 3 < x1:
            c.rect(x + 3, 18, 1, 10, shade(body, -0.3))
    c.rect(x0, 26, x1 - x0, 1.5, (200, 170, 90))  # brass foot rail
    if part == "taps":
        for i, col in enumerate(((230, 180, 80), (120, 70, 40), (240, 210, 110))):
            x = 7 + i * 8
            c.rect(x, -1, 3, 9, (210, 170, 80), r=1, outline=OUTLINE, width=0.5)
            c.rect(x - 0.5, -2, 4, 3, col, r=1, outline=OUTLINE, width=0.5)
    elif part == "m":
        c.rect(6, 4, 6, 9, (240, 200, 90), r=1, outline=OUTLINE, width=0.5)
        c.rect(6, 4, 6, 2.5, WHITE, r=1)
        c.rect(18, 6, 4, 6, (170, 220, 230), r=1, outline=OUTLINE, width=0.5)
    return c


def bar_stool() -> Canvas:
    c = Canvas()
    c.shadow(8, 22, 16, 7)
    c.rect(11, 14, 2, 12, (80, 60, 50))
    c.rect(19, 14, 2, 12, (80, 60, 50))
    c.rect(11, 22, 10, 1.5, (80, 60, 50))
    c.ellipse(7, 8, 18, 12, OUTLINE)
    c.ellipse(8, 9, 16, 10, (170, 60, 56))
    c.ellipse(10, 9.8, 9, 4, (206, 100, 90))
    return c


def barrel() -> Canvas:
    c = Canvas()
    c.shadow(4, 22, 24, 9)
    c.rect(6, 8, 20, 19, OUTLINE, r=4)
    c.rect(7, 9, 18, 17, (160, 104, 64), r=3)
    for y in (12, 21):
        c.rect(6.5, y, 19, 2, (90, 86, 90))
    c.ellipse(6, 3, 20, 11, OUTLINE)
    c.ellipse(7, 4, 18, 9, (190, 134, 86))
    c.ellipse(10, 5.5, 12, 6, (170, 116, 74))
    return c


def dartboard() -> Canvas:
    c = Canvas()
    c.rect(13, 20, 6, 10, P["wood_dd"])
    c.circle(16, 13, 10, OUTLINE)
    c.circle(16, 13, 9, (40, 40, 40))
    for r, col in ((7.5, (230, 220, 190)), (5.5, (200, 60, 50)), (3.5, (230, 220, 190)),
                   (1.8, (60, 150, 80))):
        c.circle(16, 13, r, col)
    c.line(21, 6, 17, 12, (240, 200, 90), 1)
    return c


# ---------------------------------------------------------------- living room, study
def sofa(color: Color, wide: bool = True) -> Canvas:
    w = 2 * T if wide else T
    c = Canvas(w, T)
    c.shadow(1, 22, w - 2, 9)
    c.rect(2, 3, w - 4, 25, OUTLINE, r=5)
    c.rect(3, 4, w - 6, 23, shade(color, -0.15), r=4)
    c.rect(3, 4, w - 6, 9, shade(color, 0.05), r=4)  # backrest
    c.rect(5, 5, w - 10, 2.5, shade(color, 0.3), r=1)
    c.rect(3, 4, 6, 22, color, r=3)
    c.rect(w - 9, 4, 6, 22, color, r=3)
    seats = 2 if wide else 1
    sw = (w - 18) / seats
    for i in range(seats):
        c.rect(9 + i * sw + 0.5, 13, sw - 1, 12, color, r=2, outline=shade(color, -0.3), width=0.6)
        c.rect(10 + i * sw + 0.5, 14, sw - 3, 2, shade(color, 0.25), r=1)
    return c


def tv() -> Canvas:
    c = Canvas()
    c.shadow(2, 24, 28, 7)
    c.box(3, 18, 26, 11, P["wood_d"], top=4)
    c.rect(5, 2, 22, 15, OUTLINE, r=1.5)
    c.rect(6, 3, 20, 13, (40, 50, 70), r=1)
    c.poly([(8, 14), (14, 5), (18, 5), (12, 14)], (70, 90, 120))
    c.rect(14, 16, 4, 3, OUTLINE)
    return c


def coffee_table() -> Canvas:
    c = Canvas()
    c.shadow(2, 20, 28, 9)
    c.box(3, 8, 26, 16, P["wood"], r=2, top=10)
    c.rect(7, 10, 8, 5, P["blue"], r=0.5, outline=OUTLINE, width=0.5)
    c.circle(22, 13, 2.5, WHITE, outline=OUTLINE, width=0.5)
    return c


def plant() -> Canvas:
    c = Canvas()
    c.shadow(8, 24, 16, 6)
    c.poly([(10, 19), (22, 19), (20, 29), (12, 29)], OUTLINE)
    c.poly([(11, 20), (21, 20), (19.3, 28), (12.7, 28)], (200, 110, 76))
    c.rect(10, 18, 12, 3, (220, 130, 90), outline=OUTLINE, width=0.6)
    for ang, ln in ((-2.4, 11), (-1.9, 13), (-1.4, 14), (-0.9, 12), (-0.5, 10), (-2.8, 9)):
        x2, y2 = 16 + math.cos(ang) * ln, 18 + math.sin(ang) * ln
        c.ellipse(x2 - 3.5, y2 - 3, 7, 6, OUTLINE)
        c.ellipse(x2 - 2.7, y2 - 2.2, 5.4, 4.4, P["leaf_l"] if ang > -1.6 else P["leaf"])
    return c


def floor_lamp() -> Canvas:
    c = Canvas()
    c.shadow(9, 25, 14, 5)
    c.rect(15, 8, 2, 19, (90, 80, 70))
    c.ellipse(11, 25, 10, 4, OUTLINE)
    c.poly([(9, 10), (12, 1), (20, 1), (23, 10)], OUTLINE)
    c.poly([(10, 9.2), (12.7, 2), (19.3, 2), (22, 9.2)], (250, 226, 160))
    return c


def piano() -> Canvas:
    c = Canvas(2 * T, T)
    c.shadow(2, 23, 60, 8)
    c.box(2, 1, 60, 27, (50, 40, 46), r=2, top=8)
    c.rect(6, 13, 52, 8, WHITE, outline=OUTLINE, width=0.6)
    for i in range(13):
        c.rect(7 + i * 4, 13, 0.6, 8, (150, 150, 150))
        if i % 7 not in (2, 6):
            c.rect(9.3 + i * 4, 13, 2, 4.5, (30, 28, 32))
    c.rect(22, 3, 20, 5, (240, 236, 220), outline=OUTLINE, width=0.5)  # sheet music
    return c


def easel() -> Canvas:
    c = Canvas()
    c.shadow(7, 25, 18, 5)
    c.line(10, 29, 15, 2, P["wood_dd"], 1.5)
    c.line(22, 29, 17, 2, P["wood_dd"], 1.5)
    c.rect(7, 5, 18, 14, OUTLINE, r=0.5)
    c.rect(8, 6, 16, 12, (246, 240, 226))
    c.circle(13, 10, 3, (120, 180, 220))
    c.rect(9, 13, 14, 4, (130, 190, 110))
    c.circle(20, 9, 2, (240, 200, 90))
    c.rect(7, 19, 18, 2, P["wood"], outline=OUTLINE, width=0.5)
    return c


def blackboard() -> Canvas:
    c = Canvas(2 * T, T)
    c.rect(2, 0, 60, 24, OUTLINE, r=1)
    c.rect(3, 1, 58, 22, (150, 110, 70))
    c.rect(5, 3, 54, 18, (48, 84, 68))
    chalk = (230, 236, 226)
    c.line(9, 8, 25, 8, chalk, 0.8)
    c.line(9, 12, 20, 12, chalk, 0.8)
    c.line(9, 16, 28, 16, chalk, 0.8)
    c.circle(42, 12, 5, chalk)
    c.circle(42, 12, 4.2, (48, 84, 68))
    c.line(35, 17, 54, 6, chalk, 0.8)
    c.rect(4, 23, 56, 3, (170, 130, 90), outline=OUTLINE, width=0.5)
    c.rect(14, 22.5, 4, 1.5, WHITE)
    return c


def school_desk() -> Canvas:
    c = Canvas()
    c.shadow(4, 20, 24, 10)
    c.box(4, 4, 24, 13, P["wood_l"], r=1, top=9)
    c.rect(7, 6, 8, 5, WHITE, outline=OUTLINE, width=0.5)
    c.rect(19, 7, 6, 1.2, P["blue"])
    c.box(10, 18, 12, 10, P["metal_d"], r=2, top=6)
    return c


def lectern() -> Canvas:
    c = Canvas()
    c.shadow(6, 23, 20, 7)
    c.rect(13, 14, 6, 13, P["wood_dd"])
    c.poly([(5, 6), (27, 6), (25, 16), (7, 16)], OUTLINE)
    c.poly([(6.3, 7), (25.7, 7), (24.2, 15), (7.8, 15)], P["wood"])
    c.rect(10, 8, 12, 6, WHITE)
    c.rect(15.5, 8, 1, 6, P["metal_d"])
    return c


# ---------------------------------------------------------------- outdoors
def bench() -> Canvas:
    c = Canvas(2 * T, T)
    c.shadow(3, 22, 58, 8)
    for x in (8, 52):
        c.rect(x, 12, 3, 15, (60, 60, 66))
    c.rect(3, 4, 58, 6, OUTLINE, r=1.5)
    c.rect(4, 5, 56, 4, P["wood"], r=1)
    c.rect(3, 12, 58, 11, OUTLINE, r=1.5)
    for i in range(3):
        c.rect(4, 13 + i * 3.3, 56, 2.6, P["wood_l"] if i == 0 else P["wood"], r=0.8)
    return c


def picnic_table() -> Canvas:
    c = Canvas(2 * T, T)
    c.shadow(2, 20, 60, 11)
    c.rect(4, 1, 56, 4, P["wood_d"], r=1, outline=OUTLINE, width=0.6)
    c.box(2, 7, 60, 15, P["wood"], r=1.5, top=11)
    for x in range(8, 60, 12):
        c.rect(x, 8, 0.7, 12, P["wood_d"])
    c.rect(4, 24, 56, 4, P["wood_d"], r=1, outline=OUTLINE, width=0.6)
    c.rect(14, 11, 12, 6, (220, 90, 90), r=1)  # a checkered cloth
    c.rect(17, 11, 3, 6, WHITE)
    c.rect(23, 11, 3, 6, WHITE)
    return c


def fountain() -> Canvas:
    c = Canvas(3 * T, 3 * T)
    c.shadow(4, 70, 88, 22, 60)
    c.ellipse(2, 6, 92, 84, OUTLINE)
    c.ellipse(3, 7, 90, 82, (196, 190, 182))
    c.ellipse(3, 7, 90, 76, (214, 208, 198))
    c.ellipse(9, 13, 78, 66, OUTLINE)
    c.ellipse(10, 14, 76, 64, P["water"])
    c.ellipse(14, 18, 40, 14, P["water_l"])
    rng = random.Random(8)
    for _ in range(8):
        x, y = rng.uniform(18, 70), rng.uniform(30, 68)
        c.line(x, y, x + 5, y, P["water_l"], 1)
    c.ellipse(36, 38, 24, 16, OUTLINE)
    c.ellipse(37, 39, 22, 14, (200, 194, 186))
    c.rect(44, 22, 8, 24, OUTLINE, r=2)
    c.rect(45, 23, 6, 22, (214, 208, 198), r=2)
    c.ellipse(38, 16, 20, 12, OUTLINE)
    c.ellipse(39, 17, 18, 10, (210, 204, 196))
    c.ellipse(42, 18, 12, 6, P["water_l"])
    for dx in (-12, -6, 6, 12):  # water jets
        c.line(48, 16, 48 + dx, 30 + abs(dx) * 0.4, (200, 230, 250), 1.2)
    c.circle(48, 13, 3, (220, 240, 255))
    return c


def lamp_post() -> Canvas:
    c = Canvas(T, 2 * T)
    c.shadow(9, 57, 14, 6)
    c.rect(14.5, 12, 3, 46, OUTLINE)
    c.rect(15.2, 12, 1.6, 45, (70, 74, 84))
    c.rect(11, 55, 10, 5, OUTLINE, r=1)
    c.circle(16, 9, 9, (255, 236, 160, 70))
    c.poly([(10, 6), (16, 1), (22, 6), (20, 15), (12, 15)], OUTLINE)
    c.poly([(11.3, 6.5), (16, 2.5), (20.7, 6.5), (19.2, 14), (12.8, 14)], (255, 226, 140))
    c.rect(11, 14, 10, 2, (70, 74, 84))
    return c


def sign(icon: str) -> Canvas:
    c = Canvas()
    c.shadow(9, 25, 14, 5)
    c.rect(14.5, 16, 3, 12, P["wood_dd"], outline=OUTLINE, width=0.6)
    c.rect(3, 2, 26, 16, OUTLINE, r=2)
    c.rect(4, 3, 24, 14, (236, 218, 176), r=1.5)
    c.rect(4, 14, 24, 3, (210, 190, 150), r=1.5)
    if icon == "cafe":
        c.rect(11, 7, 9, 7, (130, 84, 60), r=1.5)
        c.circle(20.5, 10, 2.2, (130, 84, 60))
        c.circle(20.5, 10, 1, (236, 218, 176))
        c.line(13, 6, 14, 4, P["metal_d"], 0.7)
        c.line(17, 6, 18, 4, P["metal_d"], 0.7)
    elif icon == "pub":
        c.rect(11, 6, 9, 9, (240, 190, 70), r=1, outline=OUTLINE, width=0.6)
        c.rect(11, 5, 9, 3, WHITE, r=1.5)
        c.circle(21, 10, 2.3, OUTLINE)
        c.circle(21, 10, 1.2, (236, 218, 176))
    elif icon == "market":
        c.rect(11.5, 5.5, 9, 9, (80, 170, 100), r=1)
        c.rect(15, 7, 2, 6, WHITE)
        c.rect(13, 9, 6, 2, WHITE)
    elif icon == "college":
        c.poly([(8, 9), (16, 5), (24, 9), (16, 13)], (60, 60, 80))
        c.rect(11, 10, 10, 4, (60, 60, 80))
        c.line(24, 9, 24, 14, P["yellow"], 0.8)
    elif icon == "dorm":
        c.poly([(9, 11), (16, 5), (23, 11)], (170, 80, 70))
        c.rect(11, 11, 10, 5, (220, 200, 160), outline=OUTLINE, width=0.5)
        c.rect(14.5, 12.5, 3, 3.5, (120, 80, 60))
    elif icon == "park":
        c.circle(16, 8.5, 4.5, P["leaf"])
        c.rect(15, 11, 2, 5, P["trunk"])
    elif icon == "home":
        c.poly([(9, 10), (16, 5), (23, 10)], (120, 90, 140))
        c.rect(11, 10, 10, 6, (236, 236, 236), outline=OUTLINE, width=0.5)
    return c


def notice_board() -> Canvas:
    c = Canvas()
    c.shadow(3, 25, 26, 5)
    for x in (5, 25):
        c.rect(x, 12, 2.5, 16, P["wood_dd"])
    c.rect(2, 2, 28, 17, OUTLINE, r=1)
    c.rect(3, 3, 26, 15, (190, 150, 100))
    for x, y, col in ((5, 5, WHITE), (13, 4, P["yellow"]), (21, 6, (180, 220, 240)),
                      (7, 11, P["pink"]), (17, 11, WHITE)):
        c.rect(x, y, 6, 5.5, col, outline=OUTLINE, width=0.4)
        c.circle(x + 3, y + 0.8, 0.8, P["red"])
    return c


def small_prop(kind: str) -> Canvas:
    """Mailbox, trash bin, planter, crate, rock, stump, duck, lily pad, reeds, crops."""
    c = Canvas()
    if kind == "mailbox":
        c.shadow(9, 25, 14, 5)
        c.rect(14.5, 14, 3, 13, P["wood_dd"])
        c.rect(8, 5, 16, 11, OUTLINE, r=4)
        c.rect(9, 6, 14, 9, (70, 110, 180), r=3)
        c.rect(22, 4, 2, 6, P["red"])
    elif kind == "trash":
        c.shadow(7, 24, 18, 6)
        c.rect(9, 9, 14, 18, OUTLINE, r=2)
        c.rect(10, 10, 12, 16, (90, 120, 100), r=1.5)
        for x in (13, 16, 19):
            c.rect(x, 12, 1, 12, (70, 96, 80))
        c.ellipse(8, 6, 16, 6, OUTLINE)
        c.ellipse(9, 6.8, 14, 4.4, (110, 140, 118))
    elif kind == "planter":
        c.shadow(2, 22, 28, 8)
        c.box(3, 14, 26, 14, (170, 110, 80), r=2, top=3)
        for i, col in enumerate((P["red"], P["yellow"], P["pink"], (170, 150, 230), P["red"])):
            x = 6 + i * 5
            c.circle(x, 12, 3.2, P["leaf"])
            c.circle(x, 10, 2, col)
            c.circle(x, 10, 0.8, P["yellow"] if col != P["yellow"] else P["orange"])
    elif kind == "crate":
        c.shadow(3, 22, 26, 8)
        c.box(4, 6, 24, 22, (190, 146, 96), r=1, top=8)
        c.line(6, 15, 26, 26, (150, 108, 70), 1.2)
        c.rect(4, 14, 24, 1, OUTLINE)
    elif kind == "rock":
        c.shadow(4, 20, 24, 9)
        c.poly([(5, 24), (7, 12), (15, 7), (24, 10), (27, 22), (20, 27), (9, 27)], OUTLINE)
        c.poly([(6.3, 23.5), (8, 12.6), (15, 8.2), (23.3, 11), (26, 21.6), (19.6, 26),
                (9.4, 26)], P["stone"])
        c.poly([(9, 13), (15, 9.5), (21, 11.5), (14, 15)], P["stone_l"])
    elif kind == "stump":
        c.shadow(5, 20, 22, 9)
        c.rect(7, 13, 18, 12, OUTLINE, r=3)
        c.rect(8, 14, 16, 10, P["trunk"], r=2)
        c.ellipse(7, 8, 18, 10, OUTLINE)
        c.ellipse(8, 9, 16, 8, (210, 170, 120))
        c.ellipse(12, 11, 8, 4, (180, 140, 96))
    elif kind == "duck":
        c.ellipse(8, 17, 18, 8, (60, 120, 180, 120))
        c.ellipse(8, 12, 16, 10, OUTLINE)
        c.ellipse(9, 13, 14, 8, WHITE)
        c.circle(21, 10, 4.5, OUTLINE)
        c.circle(21, 10, 3.6, (80, 140, 90))
        c.poly([(24, 10), (28.5, 11), (24, 12)], P["orange"])
        c.circle(22, 9, 0.8, OUTLINE)
    elif kind == "lily":
        for x, y, r in ((10, 12, 6), (22, 20, 5), (20, 8, 3.5)):
            c.circle(x, y, r, P["leaf_d"])
            c.circle(x, y, r - 1, (100, 170, 90))
            c.poly([(x, y), (x + r, y - 1.5), (x + r, y + 1.5)], P["water"])
        c.circle(11, 11, 2, P["pink"])
    elif kind == "reeds":
        for i, x in enumerate((6, 10, 14, 19, 24)):
            h = 14 + (i * 7) % 9
            c.line(x, 30, x + (i % 3 - 1), 30 - h, P["leaf_d"], 1.3)
            if i % 2 == 0:
                c.rect(x - 1 + (i % 3 - 1), 30 - h, 2.4, 6, (130, 90, 60), r=1)
    elif kind.startswith("crop_"):
        col = {"crop_cabbage": (130, 190, 100), "crop_carrot": (110, 170, 80),
               "crop_tomato": (90, 150, 80)}[kind]
        for x in (8, 24):
            for y in (9, 23):
                c.circle(x, y, 5, OUTLINE)
                c.circle(x, y, 4.2, col)
                c.circle(x - 1, y - 1.5, 2, shade(col, 0.3))
                if kind == "crop_tomato":
                    c.circle(x + 2, y + 1, 1.8, P["red"])
                if kind == "crop_carrot":
                    c.rect(x - 1, y + 3, 2, 2, P["orange"])
    return c


def tree_oak(autumn: bool = False) -> Canvas:
    c = Canvas(2 * T, 2 * T)
    leaf, leaf_l, leaf_d = ((P["leaf"], P["leaf_l"], P["leaf_d"]) if not autumn else
                            ((214, 140, 64), (238, 180, 90), (170, 96, 52)))
    c.shadow(6, 48, 52, 14, 80)
    c.rect(27, 34, 10, 24, OUTLINE, r=2)
    c.rect(28, 34, 8, 23, P["trunk"], r=2)
    c.rect(29, 36, 2, 18, shade(P["trunk"], 0.2))
    blobs = [(32, 22, 20), (18, 26, 13), (46, 26, 13), (24, 14, 12), (40, 13, 12), (32, 32, 12)]
    for x, y, r in blobs:
        c.circle(x, y, r + 1, OUTLINE)
    for x, y, r in blobs:
        c.circle(x, y, r, leaf_d)
    for x, y, r in blobs:
        c.circle(x - 1, y - 2, r - 2, leaf)
    for x, y, r in ((26, 12, 6), (38, 11, 5), (18, 22, 5), (32, 18, 6)):
        c.circle(x, y, r, leaf_l)
    rng = random.Random(11 if autumn else 10)
    for _ in range(10):
        x, y = rng.uniform(14, 50), rng.uniform(8, 36)
        c.circle(x, y, 1.2, shade(leaf_l, 0.2))
    return c


def tree_small() -> Canvas:
    c = Canvas()
    c.shadow(5, 22, 22, 8)
    c.rect(14, 18, 4, 10, OUTLINE)
    c.rect(14.7, 18, 2.6, 9, P["trunk"])
    c.circle(16, 13, 11, OUTLINE)
    c.circle(16, 13, 10, P["leaf_d"])
    c.circle(15, 11, 8, P["leaf"])
    c.circle(13, 9, 4, P["leaf_l"])
    return c


def tree_pine() -> Canvas:
    c = Canvas(T, 2 * T)
    c.shadow(4, 54, 24, 9)
    c.rect(14, 48, 4, 10, OUTLINE)
    c.rect(14.7, 48, 2.6, 9, P["trunk"])
    dark, mid, light = (40, 100, 70), (56, 128, 84), (84, 156, 100)
    for y, w in ((6, 8), (16, 11), (27, 13), (38, 15)):
        c.poly([(16, y - 6), (16 + w + 1, y + 12), (16 - w - 1, y + 12)], OUTLINE)
        c.poly([(16, y - 4.5), (16 + w, y + 11), (16 - w, y + 11)], dark)
        c.poly([(16, y - 3.5), (16 + w * 0.55, y + 9), (16 - w * 0.9, y + 10)], mid)
        c.poly([(15, y - 1), (13 - w * 0.3, y + 7), (16 - w * 0.75, y + 9)], light)
    return c


def bush(flowers: Color | None = None) -> Canvas:
    c = Canvas()
    c.shadow(3, 20, 26, 10)
    blobs = [(11, 17, 8), (21, 17, 8), (16, 12, 9)]
    for x, y, r in blobs:
        c.circle(x, y, r + 1, OUTLINE)
    for x, y, r in blobs:
        c.circle(x, y, r, P["leaf_d"])
    for x, y, r in blobs:
        c.circle(x - 1, y - 1.5, r - 2, P["leaf"])
    c.circle(13, 9, 3, P["leaf_l"])
    if flowers:
        for x, y in ((9, 14), (16, 9), (22, 15), (14, 19), (20, 10)):
            c.circle(x, y, 1.8, flowers)
            c.circle(x, y, 0.7, P["yellow"])
    return c


def flowers(color: Color, seed: int) -> Canvas:
    c = Canvas()
    rng = random.Random(900 + seed)
    for _ in range(7):
        x, y = rng.uniform(5, 27), rng.uniform(6, 27)
        c.line(x, y, x, y + 4, P["leaf_d"], 1)
        c.circle(x, y, 2.4, OUTLINE)
        c.circle(x, y, 1.8, color)
        c.circle(x, y, 0.7, P["yellow"] if color != P["yellow"] else P["orange"])
    return c


# ---------------------------------------------------------------- registry
def add_furniture(sh: Sheet) -> None:
    """Append every furniture/prop tile; multi-tile pieces are sliced with part suffixes."""
    H2, V2 = ["l", "r"], ["top", "bottom"]
    Q = ["tl", "tr", "bl", "br"]
    for name, col in (("red", (200, 84, 80)), ("blue", (86, 122, 190)), ("green", (98, 160, 102)),
                      ("yellow", (226, 186, 80)), ("purple", (146, 108, 176))):
        sh.add_block(f"bed_{name}", bed(col).image(), collides=False, parts=V2)
    for name, col in (("red", (190, 80, 90)), ("blue", (90, 110, 170))):
        sh.add_block(f"bed_double_{name}", bed(col, double=True).image(), collides=False, parts=Q)
    sh.add("nightstand", nightstand().image(), collides=True)
    sh.add("wardrobe", wardrobe().image(), collides=True)
    sh.row()
    sh.add_block("desk", desk().image(), parts=H2)
    sh.add("desk_small", desk(wide=False, items="books").image(), collides=True)
    for f in "nesw":
        sh.add(f"chair_{f}", chair(f).image())
    sh.add("stove", stove().image(), collides=True)
    sh.add("fridge", fridge().image(), collides=True)
    for kind in ("plain", "sink", "coffee", "register", "pastry", "cutting"):
        sh.add(f"counter_{kind}" if kind != "plain" else "counter", counter(kind).image(),
               collides=True)
    sh.add("counter_white", counter(body=(226, 230, 234), top=(240, 240, 236)).image(),
           collides=True)
    sh.row()
    sh.add("pharmacy_counter", counter("meds", body=(220, 226, 232), top=(240, 244, 246)).image(),
           collides=True)
    sh.add("table_round", table_round().image(), collides=True)
    sh.add("table_cafe", table_round(top=(236, 232, 222)).image(), collides=True)
    sh.add("table_pub", table_round(top=(140, 90, 60), cup=False).image(), collides=True)
    sh.add_block("table_long", table_long().image(), parts=H2)
    for kind in ("produce", "cans", "bottles", "bread", "meds"):
        sh.add(f"shelf_{kind}", shelf(kind).image(), collides=True)
    sh.add("fridge_drinks", fridge_drinks().image(), collides=True)
    sh.add("toilet", toilet().image(), collides=True)
    sh.add("bath_sink", bath_sink().image(), collides=True)
    sh.add_block("bathtub", bathtub().image(), parts=H2)
    sh.row()
    for part in ("l", "m", "taps", "r"):
        sh.add(f"bar_counter_{part}", bar_counter(part).image(), collides=True)
    sh.add("bar_stool", bar_stool().image())
    sh.add("shelf_bar", shelf("bottles").image(), collides=True)
    sh.add("barrel", barrel().image(), collides=True)
    sh.add("dartboard", dartboard().image(), collides=True)
    sh.add("bookshelf", shelf("books").image(), collides=True)
    sh.add_block("reading_table", table_long(top=P["wood_d"]).image(), parts=H2)
    sh.add_block("blackboard", blackboard().image(), parts=H2)
    sh.add("school_desk", school_desk().image(), collides=True)
    sh.add("lectern", lectern().image(), collides=True)
    sh.row()
    for name, col in (("red", (186, 80, 76)), ("blue", (84, 112, 170)), ("green", (96, 146, 100))):
        sh.add_block(f"sofa_{name}", sofa(col).image(), collides=False, parts=H2)
    sh.add("armchair", sofa((200, 150, 90), wide=False).image())
    sh.add("tv", tv().image(), collides=True)
    sh.add("coffee_table", coffee_table().image(), collides=True)
    sh.add("plant", plant().image(), collides=True)
    sh.add("floor_lamp", floor_lamp().image(), collides=True)
    sh.add_block("piano", piano().image(), parts=H2)
    sh.add("easel", easel().image(), collides=True)
    sh.row()
    sh.add_block("bench", bench().image(), collides=False, parts=H2)
    sh.add_block("picnic_table", picnic_table().image(), parts=H2)
    # Only the post's foot blocks: walking past just north of it is walking behind its head.
    sh.add_block("lamp_post", lamp_post().image(), collides=[False, True], parts=V2)
    for icon in ("cafe", "pub", "market", "college", "dorm", "park", "home"):
        sh.add(f"sign_{icon}", sign(icon).image(), collides=True)
    sh.add("notice_board", notice_board().image(), collides=True)
    sh.add("mailbox", small_prop("mailbox").image(), collides=True)
    sh.add("trash_bin", small_prop("trash").image(), collides=True)
    sh.row()
    sh.add("planter", small_prop("planter").image(), collides=True)
    sh.add("crate", small_prop("crate").image(), collides=True)
    sh.add("rock", small_prop("rock").image(), collides=True)
    sh.add("stump", small_prop("stump").image(), collides=True)
    sh.add("duck", small_prop("duck").image())
    sh.add("lily_pad", small_prop("lily").image())
    sh.add("reeds", small_prop("reeds").image())
    for crop in ("cabbage", "carrot", "tomato"):
        sh.add(f"crop_{crop}", small_prop(f"crop_{crop}").image())
    sh.add("bush", bush().image(), collides=True)
    sh.add("bush_flowers", bush((236, 120, 150)).image(), collides=True)
    for i, (name, col) in enumerate((("red", (220, 70, 70)), ("yellow", P["yellow"]),
                                     ("purple", (160, 120, 220)), ("white", WHITE))):
        sh.add(f"flowers_{name}", flowers(col, i).image())
    sh.row()
    sh.add_block("tree_oak", tree_oak().image(), parts=Q)
    sh.add_block("tree_autumn", tree_oak(autumn=True).image(), parts=Q)
    sh.add_block("tree_pine", tree_pine().image(), parts=V2)
    sh.add("tree_small", tree_small().image(), collides=True)
    sh.add_block("fountain", fountain().image(),
                 parts=[f"r{r}c{c}" for r in range(3) for c in range(3)])
    sh.row()
