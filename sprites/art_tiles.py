"""Ground and wall tiles: grass, paths, water, floors, walls (caps and fronts), fences."""
from __future__ import annotations

import random

import pygame
from art_common import (
    MASKS,
    OUTLINE,
    TILE,
    Canvas,
    Color,
    P,
    Sheet,
    edge_mask,
    mask_blit,
    mask_name,
    noise_fill,
    shade,
)


# ---------------------------------------------------------------- ground textures
def grass(seed: int, flowers: int = 0) -> pygame.Surface:
    """Seamless grass: noisy base with a few blade tufts (and optional tiny flowers)."""
    rng = random.Random(1000 + seed)
    surf = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
    noise_fill(surf, P["grass"], rng, [P["grass_l"], P["grass_d"], shade(P["grass"], 0.06)], 0.22)
    for _ in range(5 + seed % 3):
        x, y = rng.randrange(TILE), rng.randrange(TILE)
        for dx, h in ((0, 3), (1, 4), (2, 2)):
            for dy in range(h):
                surf.set_at(((x + dx) % TILE, (y - dy) % TILE),
                            P["grass_dd"] if dy == 0 else P["grass_d"])
        surf.set_at(((x + 1) % TILE, (y - 4) % TILE), P["grass_l"])
    colors = [P["white"], P["yellow"], P["pink"], (170, 150, 230)]
    for i in range(flowers):
        x, y = rng.randrange(2, TILE - 2), rng.randrange(2, TILE - 2)
        c = colors[(seed + i) % len(colors)]
        for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1)):
            surf.set_at((x + dx, y + dy), c)
        surf.set_at((x, y), P["yellow"] if c != P["yellow"] else P["orange"])
    return surf


def dirt_texture(seed: int) -> pygame.Surface:
    rng = random.Random(2000 + seed)
    surf = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
    noise_fill(surf, P["dirt"], rng, [P["dirt_l"], P["dirt_d"], shade(P["dirt"], -0.05)], 0.25)
    for _ in range(4):
        x, y = rng.randrange(TILE - 2), rng.randrange(TILE - 2)
        surf.set_at((x, y), P["stone_l"])
        surf.set_at((x + 1, y), P["stone"])
        surf.set_at((x, y + 1), P["dirt_d"])
    return surf


def cobble_texture() -> pygame.Surface:
    """Seamless cobblestones: offset rows of rounded stones."""
    rng = random.Random(3000)
    c = Canvas(fill=P["stone_d"])
    for row in range(4):
        off = 4 if row % 2 else 0
        for col in range(-1, 5):
            x = col * 8 + off
            tone = rng.choice([0.0, 0.06, -0.06, 0.1])
            c.rect(x + 0.5, row * 8 + 0.5, 7, 7, shade(P["stone"], tone), r=2.5)
            c.rect(x + 1.5, row * 8 + 1.2, 5, 2, shade(P["stone_l"], tone), r=1)
    return c.image()


def water_texture(frame: int = 0) -> pygame.Surface:
    rng = random.Random(4000 + frame)
    c = Canvas(fill=P["water"])
    for _ in range(5):
        x, y = rng.uniform(0, 26), rng.uniform(2, 30)
        c.line(x, y, x + rng.uniform(3, 6), y, P["water_l"], 1)
    for _ in range(3):
        x, y = rng.uniform(0, 28), rng.uniform(0, 30)
        c.line(x, y, x + 3, y, P["water_d"], 1)
    return c.image()


def terrain_tile(base: pygame.Surface, texture: pygame.Surface, rim: Color, mask: tuple,
                 inset: float, radius: float, rim_w: float = 1.5,
                 inner_rim: Color | None = None) -> pygame.Surface:
    """A patch of `texture` over `base`, rimmed with `rim` on the sides that do not connect."""
    n, e, s, w = mask
    out = base.copy()
    rim_surf = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
    rim_surf.fill(rim)
    mask_blit(out, rim_surf, edge_mask(n, e, s, w, inset, radius))
    if inner_rim is not None:
        ir = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
        ir.fill(inner_rim)
        mask_blit(out, ir, edge_mask(n, e, s, w, inset + rim_w, max(0, radius - rim_w)))
        rim_w *= 2
    mask_blit(out, texture, edge_mask(n, e, s, w, inset + rim_w, max(0, radius - rim_w)))
    return out


def plank_floor(base: Color, seed: int, plank_h: int = 8) -> pygame.Surface:
    rng = random.Random(5000 + seed)
    c = Canvas(fill=base)
    for row in range(TILE // plank_h):
        y = row * plank_h
        tone = rng.choice([0.0, 0.04, -0.04])
        c.rect(0, y, TILE, plank_h, shade(base, tone))
        c.rect(0, y, TILE, 1, shade(base, 0.12))
        c.rect(0, y + plank_h - 1, TILE, 1, shade(base, -0.25))
        cut = (row * 13 + seed * 7) % TILE
        c.rect(cut, y, 1, plank_h, shade(base, -0.25))
        for _ in range(2):
            gx = rng.uniform(0, 30)
            c.line(gx, y + 3, gx + rng.uniform(2, 5), y + 3, shade(base, -0.1), 0.5)
    return c.image()


def tile_floor(a: Color, b: Color, n: int, grout: Color) -> pygame.Surface:
    c = Canvas(fill=grout)
    step = TILE / n
    for j in range(n):
        for i in range(n):
            col = a if (i + j) % 2 == 0 else b
            c.rect(i * step + 0.5, j * step + 0.5, step - 1, step - 1, col, r=0.5)
            c.rect(i * step + 1, j * step + 1, step - 2, 1, shade(col, 0.15))
    return c.image()


def carpet(base: Color, seed: int) -> pygame.Surface:
    rng = random.Random(6000 + seed)
    surf = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
    noise_fill(surf, base, rng, [shade(base, 0.06), shade(base, -0.06)], 0.35)
    for x in range(0, TILE, 8):
        for y in range(0, TILE, 8):
            surf.set_at((x + 4, y + 4), shade(base, 0.2))
    return surf


def stone_floor() -> pygame.Surface:
    c = Canvas(fill=shade(P["stone_d"], 0.1))
    for j in range(2):
        for i in range(2):
            tone = (0.0, 0.05, 0.05, -0.03)[j * 2 + i]
            c.rect(i * 16 + 0.5, j * 16 + 0.5, 15, 15, shade(P["stone_l"], tone - 0.05), r=1)
            c.rect(i * 16 + 1.5, j * 16 + 1, 13, 1.5, shade(P["stone_l"], 0.2))
    return c.image()


def add_ground(sh: Sheet) -> None:
    """Row-aligned ground tiles (opaque)."""
    for i in range(4):
        sh.add(f"grass_{i}", grass(i))
    sh.add("grass_flowers_0", grass(5, flowers=3))
    sh.add("grass_flowers_1", grass(6, flowers=5))
    sh.add("grass_dark", _tinted(grass(7), -0.12))
    sh.add("floor_wood", plank_floor(P["wood"], 0))
    sh.add("floor_wood_dark", plank_floor(shade(P["wood_d"], -0.05), 1))
    sh.add("floor_wood_light", plank_floor(P["wood_l"], 2))
    sh.add("floor_kitchen", tile_floor(P["white"], (196, 92, 84), 4, (150, 140, 140)))
    sh.add("floor_bath", tile_floor((222, 236, 242), (196, 222, 236), 4, (160, 176, 190)))
    sh.add("floor_stone", stone_floor())
    sh.add("floor_market", tile_floor((226, 226, 214), (206, 214, 200), 2, (170, 170, 160)))
    sh.add("carpet_red", carpet((170, 72, 76), 0))
    sh.add("carpet_blue", carpet((80, 104, 160), 1))
    sh.add("carpet_green", carpet((84, 128, 96), 2))
    sh.add("carpet_purple", carpet((128, 92, 140), 3))
    threshold = Canvas(fill=P["wood_d"])
    for i in range(4):
        threshold.rect(i * 8, 0, 7, TILE, P["wood"])
    threshold.rect(0, 0, TILE, 4, (0, 0, 0, 60))
    sh.add("threshold", threshold.image())
    mat = Canvas()
    mat.surf.blit(pygame.transform.scale(cobble_texture(), (TILE * 4, TILE * 4)), (0, 0))
    mat.rect(4, 7, 24, 18, (120, 62, 60), r=2, outline=OUTLINE)
    mat.rect(7, 10, 18, 12, (150, 84, 72), r=1)
    sh.add("doormat", mat.image())
    soil = Canvas(fill=(120, 86, 60))
    for j in range(4):
        soil.rect(0, j * 8 + 2, TILE, 3, (96, 66, 48), r=1)
    sh.add("soil", soil.image())
    sh.add("sand", _tinted(dirt_texture(9), 0.2))
    sh.row()
    grass_base = grass(0)
    dirt = dirt_texture(0)
    cobble = cobble_texture()
    water = water_texture()
    for m in MASKS:
        sh.add(f"path_dirt_{mask_name(*m)}",
               terrain_tile(grass_base, dirt, P["dirt_d"], m, inset=3, radius=8))
    for m in MASKS:
        sh.add(f"path_stone_{mask_name(*m)}",
               terrain_tile(grass_base, cobble, shade(P["stone_d"], -0.25), m, inset=2, radius=6))
    for m in MASKS:
        sh.add(f"water_{mask_name(*m)}",
               terrain_tile(grass_base, water, (92, 110, 70), m, inset=3, radius=10, rim_w=1.5,
                            inner_rim=P["water_l"]), collides=True)
    sh.row()


def _tinted(surf: pygame.Surface, amount: float) -> pygame.Surface:
    out = surf.copy()
    if amount < 0:
        v = round(255 * (1 + amount))
        out.fill((v, v, v, 255), special_flags=pygame.BLEND_RGBA_MULT)
    else:
        v = round(255 * amount)
        out.fill((v, v, v, 0), special_flags=pygame.BLEND_RGB_ADD)
    return out


# ---------------------------------------------------------------- walls
CAP_H = 10  # height of the wall-top strip on a front tile

FACES = ("brick", "stone", "wood", "blue", "plaster", "bathtile")


def _face(c: Canvas, mat: str, top: float, seed: int) -> None:
    """Paint the vertical face of a wall in material `mat` between y=top and the tile bottom."""
    h = TILE - top
    rng = random.Random(7000 + seed)
    if mat == "brick":
        c.rect(0, top, TILE, h, (214, 186, 168))
        for row in range(int(h // 5) + 1):
            y = top + row * 5
            off = 4 if row % 2 else 0
            for col in range(-1, 4):
                tone = rng.choice([0, 0.05, -0.06])
                c.rect(col * 10 + off + 0.5, y + 0.5, 9, 4, shade((178, 84, 68), tone))
    elif mat == "stone":
        c.rect(0, top, TILE, h, (120, 114, 112))
        for row in range(int(h // 7) + 1):
            y = top + row * 7
            off = 6 if row % 2 else 0
            for col in range(-1, 3):
                tone = rng.choice([0, 0.06, -0.05])
                c.rect(col * 14 + off + 0.5, y + 0.5, 13, 6, shade((184, 178, 168), tone), r=1)
    elif mat in ("wood", "blue"):
        base = (196, 150, 102) if mat == "wood" else (122, 150, 186)
        c.rect(0, top, TILE, h, base)
        y = top
        while y < TILE:
            c.rect(0, y, TILE, 1, shade(base, 0.18))
            c.rect(0, y + 4, TILE, 1, shade(base, -0.22))
            y += 5
    elif mat == "plaster":
        c.rect(0, top, TILE, h, (238, 226, 200))
        c.rect(0, TILE - 9, TILE, 9, (176, 130, 90))
        c.rect(0, TILE - 9, TILE, 1.5, (206, 160, 112))
        for x in range(0, TILE, 8):
            c.rect(x + 7, TILE - 8, 1, 7, (150, 106, 72))
    elif mat == "bathtile":
        c.rect(0, top, TILE, h, (170, 190, 200))
        step = 5.5
        yy = top
        while yy < TILE:
            for x in range(0, TILE, 6):
                c.rect(x + 0.5, yy + 0.5, 5, step - 1, (226, 240, 246))
            yy += step
    c.rect(0, top, TILE, 2, (0, 0, 0, 70))  # shadow under the wall top
    c.rect(0, TILE - 1.5, TILE, 1.5, (0, 0, 0, 60))  # floor contact


def _cap(c: Canvas, y: float, h: float, n: bool, e: bool, s: bool, w: bool) -> None:
    """Wall top seen from above with outlines on its open sides."""
    c.rect(0, y, TILE, h, P["cap"])
    c.rect(0 if w else 1, y + (0 if n else 1), TILE - (0 if w else 1) - (0 if e else 1), 2.5,
           P["cap_l"] if not n else P["cap"])
    if not n:
        c.rect(0, y, TILE, 1, OUTLINE)
        c.rect(0 if w else 1, y + 1, TILE - (0 if w else 1) - (0 if e else 1), 1.5, P["cap_l"])
    if not w:
        c.rect(0, y, 1, h, OUTLINE)
        c.rect(1, y + (0 if n else 1), 1.5, h - (0 if n else 1), P["cap_l"])
    if not e:
        c.rect(TILE - 1, y, 1, h, OUTLINE)
        c.rect(TILE - 2.5, y + (0 if n else 1), 1.5, h - (0 if n else 1), P["cap_d"])
    if not s:
        c.rect(0, y + h - 1, TILE, 1, OUTLINE)


def wall_cap(n: bool, e: bool, w: bool) -> pygame.Surface:
    c = Canvas()
    _cap(c, 0, TILE, n, e, True, w)
    # a faint seam every tile keeps long runs from looking flat
    c.rect(6, 6, TILE - 12, TILE - 12, shade(P["cap"], 0.04), r=2)
    return c.image()


def wall_front(mat: str, west: int, east: int, north: bool, window: bool = False) -> pygame.Surface:
    """Wall cell whose south side is open: a cap strip on top, the face below.

    west/east: 0 = no wall there, 1 = a wall top (cap) there, 2 = another front there.
    """
    c = Canvas()
    _face(c, mat, CAP_H, seed=west * 3 + east + (10 if window else 0))
    if window:
        c.rect(6, CAP_H + 3, 20, 15, (244, 238, 222), r=1, outline=OUTLINE)
        c.rect(8, CAP_H + 5, 16, 11, (112, 162, 206))
        c.rect(8, CAP_H + 5, 16, 3, (86, 128, 176))
        c.poly([(9, CAP_H + 15), (16, CAP_H + 6), (19.5, CAP_H + 6), (12.5, CAP_H + 15)],
               (176, 214, 238))
        c.rect(15.4, CAP_H + 5, 1.2, 11, (244, 238, 222))
        c.rect(8, CAP_H + 10, 16, 1.2, (244, 238, 222))
        c.rect(5, CAP_H + 17, 22, 3, (214, 200, 172), r=0.5, outline=OUTLINE, width=0.7)
    if west != 2:
        c.rect(0, CAP_H, 1, TILE - CAP_H, OUTLINE)
        c.rect(1, CAP_H, 1.5, TILE - CAP_H, (0, 0, 0, 50))
    if east != 2:
        c.rect(TILE - 1, CAP_H, 1, TILE - CAP_H, OUTLINE)
        c.rect(TILE - 2.5, CAP_H, 1.5, TILE - CAP_H, (0, 0, 0, 50))
    c.rect(0, TILE - 1, TILE, 1, OUTLINE)
    _cap(c, 0, CAP_H, north, east != 0, False, west != 0)
    return c.image()


def doorway() -> pygame.Surface:
    """An open doorway in a horizontal wall: lintel on top, door posts, open door leaf."""
    c = Canvas()
    c.rect(3, CAP_H, 26, 5, (0, 0, 0, 55))
    for x in (0, TILE - 4):
        c.rect(x, CAP_H, 4, TILE - CAP_H, OUTLINE)
        c.rect(x + 0.8, CAP_H, 2.4, TILE - CAP_H - 0.8, P["wood_d"])
    c.rect(4, CAP_H, 4, TILE - CAP_H - 3, OUTLINE)
    c.rect(4.8, CAP_H, 2.4, TILE - CAP_H - 3.8, P["wood_l"])
    c.circle(6, CAP_H + 11, 0.9, P["yellow"])
    _cap(c, 0, CAP_H, False, True, False, True)
    return c.image()


def fence(n: bool, e: bool, s: bool, w: bool) -> pygame.Surface:
    """White picket fence piece connecting toward the given sides."""
    c = Canvas()
    post, rail = (236, 232, 220), (214, 208, 196)
    c.shadow(10, 22, 12, 6, 60)
    if w:
        c.rect(0, 13, 16, 3, rail, outline=OUTLINE, width=0.7)
        c.rect(0, 19, 16, 3, rail, outline=OUTLINE, width=0.7)
    if e:
        c.rect(16, 13, 16, 3, rail, outline=OUTLINE, width=0.7)
        c.rect(16, 19, 16, 3, rail, outline=OUTLINE, width=0.7)
    if n:
        c.rect(14.5, 0, 3, 14, rail, outline=OUTLINE, width=0.7)
    if s:
        c.rect(14.5, 18, 3, 14, rail, outline=OUTLINE, width=0.7)
    if w and e and not (n or s):
        for x in (3, 25):
            c.poly([(x, 11), (x + 2, 9), (x + 4, 11), (x + 4, 24), (x, 24)], OUTLINE)
            c.poly([(x + 0.8, 11.2), (x + 2, 10), (x + 3.2, 11.2), (x + 3.2, 23.2),
                    (x + 0.8, 23.2)], post)
    c.poly([(12.5, 9), (16, 5.5), (19.5, 9), (19.5, 25), (12.5, 25)], OUTLINE)
    c.poly([(13.5, 9.4), (16, 6.9), (18.5, 9.4), (18.5, 24), (13.5, 24)], post)
    c.rect(14, 10, 1.2, 13, (255, 255, 255))
    return c.image()


def add_walls(sh: Sheet) -> None:
    """Wall caps (8), fronts per material (18 each), windows, fences (16)."""
    for n in (False, True):
        for e in (False, True):
            for w in (False, True):
                sh.add(f"wall_cap_{mask_name(n, e, True, w)}", wall_cap(n, e, w), collides=True)
    for mat in FACES:
        for north in (False, True):
            for west in range(3):
                for east in range(3):
                    sh.add(f"wall_{mat}_w{west}e{east}" + ("n" if north else ""),
                           wall_front(mat, west, east, north), collides=True)
        if mat in ("brick", "stone", "wood", "blue"):
            sh.add(f"wall_{mat}_window", wall_front(mat, 2, 2, False, window=True), collides=True)
    sh.add("doorway", doorway())
    sh.row()
    for m in MASKS:
        sh.add(f"fence_{mask_name(*m)}", fence(*m), collides=True)
    sh.row()
