"""pygame map drawing: a Tiled map's layers baked into chunk surfaces, as Tiled draws them.

Tileset colour keys (`trans`), layer opacity and offsets, tile objects and image layers are drawn
the way Tiled shows them; layers marked "over" go above the characters.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pygame

from npc_brain.adapters.camera import Camera

__all__ = ["OVER_LAYER_NAMES", "MapRenderer", "colour_key", "is_over_layer", "tile_images"]

Color = tuple[int, int, int] | tuple[int, int, int, int]

OVER_LAYER_NAMES = frozenset({"over", "above", "roof", "roofs", "overhead"})


def colour_key(trans: Any) -> tuple[int, int, int] | None:
    """A Tiled `trans` value ("ff00ff" or "#ff00ff") as an RGB triple; None when absent or unreadable."""
    text = str(trans or "").strip().lstrip("#")
    if len(text) != 6:
        return None
    try:
        return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))
    except ValueError:
        return None


def _sheet(filename: str, key: tuple[int, int, int] | None, display: bool) -> pygame.Surface:
    """A tileset image with per-pixel alpha, its colour key (Tiled's `trans`) made transparent."""
    raw = pygame.image.load(filename)
    if display:
        sheet = raw.convert_alpha()
    else:
        sheet = pygame.Surface(raw.get_size(), pygame.SRCALPHA)
        sheet.blit(raw, (0, 0))
    if key is not None:
        pixels = pygame.PixelArray(sheet)
        pixels.replace((*key, 255), (0, 0, 0, 0))
        pixels.close()
    return sheet


def tile_images(tiled_map: Any) -> dict[int, pygame.Surface]:
    """Surfaces by gid for a pytmx map loaded without pygame (its `images` hold (file, rect,
    flags) triples, or with `adapters.tiled.read_map` (file, rect, flags, trans)); each image
    file is loaded once per colour key, and the key's pixels are transparent as in Tiled."""
    sheets: dict[tuple[str, Any], pygame.Surface] = {}
    out: dict[int, pygame.Surface] = {}
    display = pygame.display.get_init() and pygame.display.get_surface() is not None
    for gid, entry in enumerate(getattr(tiled_map, "images", []) or []):
        if not entry or not isinstance(entry, tuple) or len(entry) < 2:
            continue
        filename, rect = entry[0], entry[1]
        flags = entry[2] if len(entry) > 2 else None
        key = colour_key(entry[3]) if len(entry) > 3 else None
        sheet = sheets.get((filename, key))
        if sheet is None:
            sheet = sheets[(filename, key)] = _sheet(filename, key, bool(display))
        image = sheet.subsurface(pygame.Rect(rect)).copy() if rect else sheet.copy()
        if flags is not None:
            if getattr(flags, "flipped_diagonally", False):
                image = pygame.transform.flip(pygame.transform.rotate(image, 270), True, False)
            fh, fv = getattr(flags, "flipped_horizontally", False), getattr(flags, "flipped_vertically", False)
            if fh or fv:
                image = pygame.transform.flip(image, bool(fh), bool(fv))
        out[gid] = image
    return out


def is_over_layer(ref: Any) -> bool:
    """Whether a layer is drawn above characters (tree tops, roofs): named so, or `over=true`."""
    props = getattr(ref, "properties", {}) or {}
    flag = props.get("over", props.get("above", False))
    return str(ref.name).strip().lower() in OVER_LAYER_NAMES or str(flag).lower() in ("1", "true", "yes")


class MapRenderer:
    """Pre-renders a Tiled map's visible tile layers once into chunk surfaces.

    `layers` are `adapters.tiled.LayerRef`s in file order (from `read_map`). Layers marked
    "over" (see `is_over_layer`) go into a second set of chunks drawn after the characters.
    Tile objects (objects with a gid) on visible object layers are drawn too.
    """

    def __init__(self, tiled_map: Any, layers: Sequence[Any], *, chunk: int = 1024,
                 background: Color = (52, 96, 60)) -> None:
        self.tile_w, self.tile_h = int(tiled_map.tilewidth), int(tiled_map.tileheight)
        self.size = (int(tiled_map.width) * self.tile_w, int(tiled_map.height) * self.tile_h)
        self.chunk = chunk
        images = tile_images(tiled_map)
        self.images = images  # surfaces by gid (`pygame_props.StandingProps` redraws some over characters)
        self.layers = tuple(layers)
        below = [r for r in layers if r.visible and not is_over_layer(r)]
        over = [r for r in layers if r.visible and is_over_layer(r)]
        self._below = self._bake(below, images, background)
        self._over = self._bake(over, images, None) if over else {}

    def _bake(self, layers: Sequence[Any], images: dict[int, pygame.Surface],
              background: Color | None) -> dict[tuple[int, int], pygame.Surface]:
        w, h = self.size
        chunks: dict[tuple[int, int], pygame.Surface] = {}
        display = pygame.display.get_init() and pygame.display.get_surface() is not None
        for cy in range(0, h, self.chunk):
            for cx in range(0, w, self.chunk):
                size = (min(self.chunk, w - cx), min(self.chunk, h - cy))
                surf = pygame.Surface(size, pygame.SRCALPHA)
                if background is not None:
                    surf.fill(background)
                chunks[(cx, cy)] = surf
        for ref in layers:
            alpha = int(255 * max(0.0, min(1.0, ref.opacity)))
            for px, py, image in self._layer_tiles(ref, images):
                self._stamp(chunks, image, px, py, alpha)
        if display:
            for key, surf in chunks.items():
                chunks[key] = surf.convert() if background is not None else surf.convert_alpha()
        return chunks

    def _layer_tiles(
        self, ref: Any, images: dict[int, pygame.Surface]
    ) -> Iterator[tuple[float, float, pygame.Surface]]:
        ox, oy = ref.offset
        if ref.kind == "tile":
            for row, gids in enumerate(ref.layer.data):
                for col, gid in enumerate(gids):
                    image = images.get(gid) if gid else None
                    if image is not None:
                        yield (col * self.tile_w + ox, (row + 1) * self.tile_h - image.get_height() + oy, image)
        elif ref.kind == "image":  # pytmx gave the layer's image a gid of its own
            gid = getattr(ref.layer, "gid", 0)
            image = images.get(gid) if gid else None
            if image is not None:
                yield (ox, oy, image)
        elif ref.kind == "object" and ref.name.lower() not in ("areas", "collision", "spawns"):
            for obj in sorted(ref.layer, key=lambda o: o.y):
                gid = getattr(obj, "gid", 0)
                image = images.get(gid) if gid else None
                if image is not None and getattr(obj, "visible", True):
                    if (obj.width, obj.height) != image.get_size() and obj.width and obj.height:
                        image = pygame.transform.smoothscale(image, (int(obj.width), int(obj.height)))
                    # pytmx already moved tile objects to their top-left corner.
                    yield (obj.x + ox, obj.y + oy, image)

    def _stamp(self, chunks: dict[tuple[int, int], pygame.Surface], image: pygame.Surface,
               x: float, y: float, alpha: int) -> None:
        if alpha < 255:
            image = image.copy()
            image.set_alpha(alpha)
        rect = pygame.Rect(int(x), int(y), image.get_width(), image.get_height())
        c0, r0 = (rect.left // self.chunk) * self.chunk, (rect.top // self.chunk) * self.chunk
        for cy in range(r0, rect.bottom, self.chunk):
            for cx in range(c0, rect.right, self.chunk):
                target = chunks.get((cx, cy))
                if target is not None:
                    target.blit(image, (rect.x - cx, rect.y - cy))

    def draw(self, surface: pygame.Surface, camera: Camera, *, over: bool = False) -> None:
        """Blit the visible part of the map (or of its "over" layers)."""
        chunks = self._over if over else self._below
        view = pygame.Rect(camera.rect)
        for (cx, cy), surf in chunks.items():
            area = pygame.Rect(cx, cy, surf.get_width(), surf.get_height()).clip(view)
            if area.width and area.height:
                surface.blit(surf, (area.x - view.x + camera.offset[0], area.y - view.y + camera.offset[1]),
                             area.move(-cx, -cy))


