"""Small 24x24 badges for the demo's action labels and bubbles (one row, see README)."""
from __future__ import annotations

import math

import pygame
from art_common import OUTLINE, Canvas, P, shade

SIZE = 24
# Order = column on sprites/icons.png. The first 16 are npc_brain's ACTIVITIES.
ICONS = ("sleep", "eat", "cook", "drink", "work", "study", "shop", "wash", "toilet",
         "socialize", "relax", "exercise", "read", "play", "commute", "other",
         "think", "talk", "refused", "heart", "alert")


def _badge(c: Canvas, fill=(250, 246, 236)) -> None:
    c.circle(12, 12, 11.5, OUTLINE)
    c.circle(12, 12, 10.5, fill)
    c.ellipse(5, 3.5, 10, 5, shade(fill, 0.5))


def icon(name: str) -> pygame.Surface:
    c = Canvas(SIZE, SIZE)
    if name in ("think", "talk"):
        c.rect(1, 3, 22, 15, OUTLINE, r=6)
        c.rect(2, 4, 20, 13, (252, 252, 248), r=5)
        c.poly([(6, 16), (6, 22), (12, 16.5)], OUTLINE)
        c.poly([(7, 16), (7, 20), (10.5, 16)], (252, 252, 248))
        if name == "think":
            for x in (7, 12, 17):
                c.circle(x, 10.5, 1.8, OUTLINE)
        else:
            for y, w in ((8, 14), (12, 10)):
                c.rect(5, y, w, 1.6, P["metal_d"], r=0.8)
        return c.image()
    if name == "refused":
        c.circle(12, 12, 11.5, OUTLINE)
        c.circle(12, 12, 10.5, (214, 64, 60))
        c.rect(5, 10, 14, 4, (255, 255, 255), r=1)
        return c.image()
    if name == "alert":
        c.circle(12, 12, 11.5, OUTLINE)
        c.circle(12, 12, 10.5, P["yellow"])
        c.rect(10.5, 5, 3, 9, OUTLINE, r=1.2)
        c.circle(12, 17.5, 1.8, OUTLINE)
        return c.image()
    _badge(c)
    ink, accent = OUTLINE, {
        "sleep": (110, 120, 200), "eat": (220, 120, 70), "cook": (200, 80, 70),
        "drink": (150, 100, 70), "work": (130, 90, 60), "study": (80, 130, 200),
        "shop": (80, 160, 100), "wash": (80, 160, 220), "toilet": (120, 170, 210),
        "socialize": (230, 150, 80), "relax": (240, 190, 70), "exercise": (200, 80, 80),
        "read": (170, 80, 80), "play": (150, 100, 190), "commute": (120, 120, 130),
        "other": (150, 150, 150), "heart": (226, 80, 110)}[name]
    if name == "sleep":
        for x, y, s in ((6, 13, 6), (13, 7, 5)):
            c.line(x, y, x + s, y, accent, 1.6)
            c.line(x + s, y, x, y + s, accent, 1.6)
            c.line(x, y + s, x + s, y + s, accent, 1.6)
    elif name == "eat":
        c.circle(13, 13, 6, ink)
        c.circle(13, 13, 5, (255, 255, 255))
        c.circle(13, 13, 3, accent)
        c.line(5, 6, 5, 19, ink, 1.4)
        c.line(3.5, 6, 3.5, 10, ink, 1)
        c.line(6.5, 6, 6.5, 10, ink, 1)
    elif name == "cook":
        c.rect(5, 10, 14, 9, ink, r=2)
        c.rect(6, 11, 12, 7, accent, r=1.5)
        c.rect(3, 11, 3, 2, ink)
        c.rect(18, 11, 3, 2, ink)
        for x in (9, 12, 15):
            c.line(x, 8, x + 1, 4, P["metal"], 1)
    elif name == "drink":
        c.rect(6, 8, 10, 11, ink, r=2)
        c.rect(7, 9, 8, 9, accent, r=1.5)
        c.circle(17, 13, 3, ink)
        c.circle(17, 13, 1.6, (250, 246, 236))
        c.line(9, 6, 10, 3, P["metal"], 1)
        c.line(13, 6, 14, 3, P["metal"], 1)
    elif name == "work":
        c.rect(4, 8, 16, 11, ink, r=2)
        c.rect(5, 9, 14, 9, accent, r=1.5)
        c.rect(9, 5, 6, 4, ink, r=1)
        c.rect(10, 6, 4, 3, (250, 246, 236))
        c.rect(5, 12, 14, 1, ink)
    elif name == "study":
        c.poly([(5, 18), (16, 7), (19, 10), (8, 21)], ink)
        c.poly([(6, 18), (16, 8.4), (17.6, 10), (8, 19.6)], accent)
        c.poly([(5, 18), (8, 21), (4, 22)], (240, 200, 150))
    elif name == "shop":
        c.rect(5, 10, 14, 10, ink, r=2)
        c.rect(6, 11, 12, 8, accent, r=1.5)
        c.ellipse(8, 5, 8, 9, ink)
        c.ellipse(9.5, 6.5, 5, 6, (250, 246, 236))
        c.rect(6, 11, 12, 8, accent, r=1.5)
    elif name in ("wash", "toilet"):
        if name == "wash":
            c.poly([(12, 4), (17, 13), (7, 13)], accent)
            c.circle(12, 14, 5, accent)
            c.circle(10, 14, 1.5, (255, 255, 255))
        else:
            c.rect(7, 5, 10, 5, ink, r=1)
            c.rect(8, 6, 8, 3, (255, 255, 255))
            c.ellipse(6, 10, 12, 10, ink)
            c.ellipse(7, 11, 10, 8, accent)
    elif name == "socialize":
        for x, col in ((8.5, accent), (15.5, (120, 160, 220))):
            c.circle(x, 9, 3.5, ink)
            c.circle(x, 9, 2.6, col)
            c.ellipse(x - 5, 13, 10, 8, ink)
            c.ellipse(x - 4, 14, 8, 6, col)
    elif name == "relax":
        c.circle(12, 12, 5, accent)
        for i in range(8):
            a = i * math.pi / 4
            c.line(12 + math.cos(a) * 7, 12 + math.sin(a) * 7, 12 + math.cos(a) * 9,
                   12 + math.sin(a) * 9, accent, 1.4)
    elif name == "exercise":
        c.rect(5, 11, 14, 2, ink)
        for x in (4, 16):
            c.rect(x, 7, 4, 10, ink, r=1)
            c.rect(x + 0.8, 7.8, 2.4, 8.4, accent, r=0.8)
    elif name == "read":
        c.poly([(4, 7), (12, 9), (20, 7), (20, 18), (12, 20), (4, 18)], ink)
        c.poly([(5, 8.2), (11.5, 10), (11.5, 18.6), (5, 17)], (255, 255, 255))
        c.poly([(12.5, 10), (19, 8.2), (19, 17), (12.5, 18.6)], shade(accent, 0.6))
    elif name == "play":
        c.rect(4, 8, 16, 9, ink, r=4)
        c.rect(5, 9, 14, 7, accent, r=3.5)
        c.rect(7, 12, 4, 1.2, (255, 255, 255))
        c.rect(8.4, 10.6, 1.2, 4, (255, 255, 255))
        c.circle(15, 11.5, 1, (255, 255, 255))
        c.circle(17, 13.5, 1, (255, 255, 255))
    elif name == "commute":
        c.poly([(4, 10), (13, 10), (13, 6), (20, 12), (13, 18), (13, 14), (4, 14)], accent)
    elif name == "other":
        c.circle(12, 12, 3, accent)
    elif name == "heart":
        c.circle(9, 10, 4, accent)
        c.circle(15, 10, 4, accent)
        c.poly([(5.3, 11.5), (18.7, 11.5), (12, 19)], accent)
    return c.image()


def icon_sheet() -> pygame.Surface:
    """All icons in one row, in ICONS order."""
    out = pygame.Surface((SIZE * len(ICONS), SIZE), pygame.SRCALPHA)
    out.fill((0, 0, 0, 0))
    for i, name in enumerate(ICONS):
        out.blit(icon(name), (i * SIZE, 0))
    return out
