"""Standing props: the furniture, walls, trees and lamp posts a character can stand behind.

A map's layers are baked flat (`MapRenderer`), so a character drawn after them is always in
front: the player stood over the bar and the shelves. `StandingProps` knows, for every tile on
a layer above the floor, the row its thing stands on — a tile on a blocked cell stands on its
own row, a tile stacked on such a thing (a lamp's head, a tree's crown) on the row of its foot —
and redraws the ones whose row is in front of a character's feet over that character. A tile
on the character's own row is beside it, not in front (walls beside a doorway, a bench). Tiles on
walkable cells with nothing under them (rugs, doormats) lie flat and are never redrawn.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import pygame

from npc_brain.adapters.camera import Camera
from npc_brain.adapters.pygame_map import MapRenderer, is_over_layer

__all__ = ["Footing", "StandingProps"]

Rect = tuple[float, float, float, float]


class StandingProps:
    """Props of a rendered map (`renderer`) over its collision grid (`blocked`, [row, col])."""

    def __init__(self, renderer: MapRenderer, blocked: np.ndarray) -> None:
        self.tile_w, self.tile_h = renderer.tile_w, renderer.tile_h
        self.images = renderer.images
        rows, cols = blocked.shape
        tiles = [r for r in renderer.layers if r.visible and r.kind == "tile" and not is_over_layer(r)]
        # Per layer above the floor: its gids, each tile's foot row (-1: lies flat) and its offset.
        self.layers: list[tuple[np.ndarray, np.ndarray, tuple[float, float]]] = []
        self._tallest = self.tile_h
        for ref in tiles[1:]:  # the first tile layer is the floor
            gids = np.zeros((rows, cols), dtype=np.int64)
            data = np.asarray(ref.layer.data, dtype=np.int64)
            h, w = min(rows, data.shape[0]), min(cols, data.shape[1])
            gids[:h, :w] = data[:h, :w]
            foot = np.full((rows, cols), -1, dtype=np.int64)
            for r in range(rows - 1, -1, -1):
                here = gids[r] != 0
                foot[r] = np.where(here & blocked[r], r, foot[r])
                if r + 1 < rows:  # stacked on a standing thing of the same layer: stands where it does
                    foot[r] = np.where(here & ~blocked[r] & (foot[r + 1] >= 0), foot[r + 1], foot[r])
            if (gids != 0).any():
                self.layers.append((gids, foot, ref.offset))
                for gid in np.unique(gids[foot >= 0]):
                    image = self.images.get(int(gid))
                    if image is not None:
                        self._tallest = max(self._tallest, image.get_height())

    def _cells(self, rect: Rect, rows: int, cols: int) -> tuple[range, range]:
        x, y, w, h = rect
        c0, c1 = max(0, int(x // self.tile_w)), min(cols, int((x + w) // self.tile_w) + 1)
        # A tile taller than its cell reaches up from its row: look further down for those.
        r0 = max(0, int(y // self.tile_h))
        r1 = min(rows, int((y + h + self._tallest - self.tile_h) // self.tile_h) + 1)
        return range(r0, r1), range(c0, c1)

    def _blit(self, surface: pygame.Surface, camera: Any, gid: int, r: int, c: int,
              offset: tuple[float, float]) -> None:
        image = self.images.get(gid)
        if image is not None:
            x = c * self.tile_w + offset[0]
            y = (r + 1) * self.tile_h - image.get_height() + offset[1]
            surface.blit(image, camera.to_screen(x, y))

    def draw_front(self, surface: pygame.Surface, camera: Camera, rect: Rect, feet_row: int) -> None:
        """Redraw the props standing in front of feet on `feet_row` that overlap `rect` (map pixels:
        the character's sprite)."""
        for gids, foot, offset in self.layers:
            rows, cols = gids.shape
            rr, cc = self._cells(rect, rows, cols)
            for r in rr:
                for c in cc:
                    if foot[r, c] > feet_row:
                        self._blit(surface, camera, int(gids[r, c]), r, c, offset)

    def draw_area(self, surface: pygame.Surface, camera: Camera, rect: Rect) -> None:
        """Redraw every tile above the floor clipped to `rect` (map pixels): a bed's blanket over
        a sleeper."""
        x, y, w, h = rect
        sx, sy = camera.to_screen(x, y)
        old = surface.get_clip()
        surface.set_clip(pygame.Rect(sx, sy, int(w), int(h)).clip(old))
        for gids, _foot, offset in self.layers:
            rows, cols = gids.shape
            rr, cc = self._cells(rect, rows, cols)
            for r in rr:
                for c in cc:
                    if gids[r, c]:
                        self._blit(surface, camera, int(gids[r, c]), r, c, offset)
        surface.set_clip(old)


class Footing:
    """Where a walker's feet may not go, finer than the collision grid: a blocked cell blocks
    with its whole square, except under a thin prop — a sign post, a lamp post, a bin, a potted
    plant — whose tile is see-through beside its foot: there only the foot blocks (the opaque
    part of the tile's lowest `FOOT` pixel rows). A player walking past a sign post no longer
    stops a tile short of it. NPCs still walk the grid's cell centres."""

    FOOT = 10  # pixel rows at the bottom of a tile that are its foot
    THIN = 0.7  # a foot narrower than this share of the tile is a thin prop's

    def __init__(self, props: StandingProps, blocked: np.ndarray) -> None:
        self.blocked = blocked
        self.tile_w, self.tile_h = props.tile_w, props.tile_h
        self._feet: dict[tuple[int, int], tuple[float, float, float, float]] = {}
        shapes: dict[tuple[int, bool], tuple[int, int] | None] = {}
        for gids, foot, _offset in props.layers:
            for r, c in zip(*np.nonzero((foot >= 0) & (gids != 0) & blocked), strict=True):
                if foot[r, c] != r:
                    continue
                # Under a run of the same kind of thing (a fence going north) it blocks its whole
                # height, as thin as it is; else only at its foot.
                run = r > 0 and bool(blocked[r - 1, c]) and gids[r - 1, c] != 0
                gid = int(gids[r, c])
                if (gid, run) not in shapes:
                    shapes[(gid, run)] = self._span(props.images.get(gid), self.tile_h if run else self.FOOT)
                span = shapes[(gid, run)]
                if span is not None:
                    x0, x1 = span
                    h = self.tile_h if run else self.FOOT
                    self._feet[(int(c), int(r))] = (c * self.tile_w + x0, (r + 1) * self.tile_h - h, x1 - x0, h)

    def _span(self, image: pygame.Surface | None, rows: int) -> tuple[int, int] | None:
        """The columns a tile's lowest `rows` pixel rows cover (None: nearly all, so the whole cell
        blocks)."""
        if image is None or image.get_width() != self.tile_w:
            return None
        h = image.get_height()
        cols = [x for x in range(self.tile_w)
                if any(image.get_at((x, y)).a > 128 for y in range(max(0, h - rows), h))]
        if not cols or cols[-1] - cols[0] + 1 >= self.THIN * self.tile_w:
            return None
        return (cols[0], cols[-1] + 1)

    def free(self, x: float, y: float, w: float, h: float) -> bool:
        """Whether feet covering the rectangle (map pixels) stand on nothing solid."""
        rows, cols = self.blocked.shape
        c0, c1 = int(x // self.tile_w), int((x + w - 1e-6) // self.tile_w)
        r0, r1 = int(y // self.tile_h), int((y + h - 1e-6) // self.tile_h)
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                if not (0 <= r < rows and 0 <= c < cols):
                    return False
                if not self.blocked[r, c]:
                    continue
                fx, fy, fw, fh = self._feet.get((c, r), (c * self.tile_w, r * self.tile_h, self.tile_w, self.tile_h))
                if x < fx + fw and fx < x + w and y < fy + fh and fy < y + h:
                    return False
        return True
