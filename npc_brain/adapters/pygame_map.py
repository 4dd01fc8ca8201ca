"""MapRenderer: a Tiled map drawn with pygame, one on-screen chunk at a time.

A map is drawn in square chunks rendered when the camera first shows them and kept in a small
least-recently-used cache sized from the view, so drawing costs memory in proportion to the
window, not the map (pre-rendering a 2000x2000-tile map whole took more than 12 GB; drawn by
chunks it is tens of MB). Tile objects and image layers are bucketed by chunk once. pytmx's
map (loaded without pygame by `adapters.tiled.read_map`) supplies the gids; `tile_images` turns
them into surfaces as Tiled draws them (a tileset's `trans` colour is see-through).
"""
from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from typing import Any

import pygame
from pytmx import TiledMap

from npc_brain.adapters.camera import Camera
from npc_brain.adapters.tiled_layers import LayerRef

__all__ = ["OVER_LAYER_NAMES", "MapRenderer", "colour_key", "is_over_layer", "tile_images"]

Color = tuple[int, int, int] | tuple[int, int, int, int]
Blit = tuple[pygame.Surface, tuple[int, int]]

OVER_LAYER_NAMES = frozenset({"over", "above", "roof", "roofs", "overhead"})
_NOT_DRAWN = ("areas", "collision", "spawns")  # object layers that carry meaning, not art


def colour_key(trans: object) -> tuple[int, int, int] | None:
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


def tile_images(tiled_map: TiledMap) -> dict[int, pygame.Surface]:
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


def is_over_layer(ref: LayerRef) -> bool:
    """Whether a layer is drawn above characters (tree tops, roofs): named so, or `over=true`."""
    props = getattr(ref, "properties", {}) or {}
    flag = props.get("over", props.get("above", False))
    return str(ref.name).strip().lower() in OVER_LAYER_NAMES or str(flag).lower() in ("1", "true", "yes")


class _Layers:
    """One stack of layers drawn into the same chunks (below the characters, or over them)."""

    def __init__(self, refs: Sequence[Any], background: Color | None) -> None:
        self.refs = list(refs)
        self.background = background
        # Tile objects by the chunks they touch: per layer index, chunk key -> [(x, y, image)].
        self.objects: list[dict[tuple[int, int], list[tuple[float, float, pygame.Surface]]]] = []


class MapRenderer:
    """Draws a Tiled map's visible layers; chunks are rendered on first sight and cached.

    `layers` are `adapters.tiled.LayerRef`s in file order (from `read_map`). Layers marked
    "over" (see `is_over_layer`) are drawn by `draw(..., over=True)` after the characters.
    Tile objects (objects with a gid) on visible object layers are drawn too. The cache keeps
    at least `min_chunks` chunks and twice what one view shows (so walking back and forth does
    not render again); `rendered` counts chunk renders (for tests and profiling).
    """

    def __init__(self, tiled_map: TiledMap, layers: Sequence[LayerRef], *, chunk: int = 512,
                 background: Color = (52, 96, 60), min_chunks: int = 16) -> None:
        self.tile_w, self.tile_h = int(tiled_map.tilewidth), int(tiled_map.tileheight)
        self.cols, self.rows = int(tiled_map.width), int(tiled_map.height)
        self.size = (self.cols * self.tile_w, self.rows * self.tile_h)
        self.chunk = chunk
        self.rendered = 0
        self._images = tile_images(tiled_map)
        self.images = self._images  # surfaces by gid (`pygame_props.StandingProps` redraws some over characters)
        self.layers = tuple(layers)
        self._faded: dict[tuple[int, int], pygame.Surface] = {}  # (gid, alpha) -> image
        # How far an image may reach out of its cell (tall trees, big tiles): cells to look beyond.
        tallest = max((max(i.get_width(), i.get_height()) for i in self._images.values()), default=0)
        self._reach = (math.ceil(tallest / self.tile_w), math.ceil(tallest / self.tile_h))
        visible = [r for r in layers if r.visible]
        self._stacks = {False: _Layers([r for r in visible if not is_over_layer(r)], background),
                        True: _Layers([r for r in visible if is_over_layer(r)], None)}
        for stack in self._stacks.values():
            stack.objects = [self._bucket(ref) for ref in stack.refs]
        self._cache: OrderedDict[tuple[bool, int, int], pygame.Surface] = OrderedDict()
        self._capacity = min_chunks

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, camera: Camera, *, over: bool = False) -> None:
        """Blit the visible part of the map (or of its "over" layers)."""
        stack = self._stacks[over]
        if not stack.refs:
            return
        view = pygame.Rect(camera.rect)
        keys = list(self._keys(view))
        # Both stacks, the view and the ring around it, twice over.
        self._capacity = max(self._capacity, 4 * len(list(self._keys(view.inflate(2 * self.chunk, 2 * self.chunk)))))
        for cx, cy in keys:
            surf = self._chunk(over, cx, cy)
            area = pygame.Rect(cx, cy, surf.get_width(), surf.get_height()).clip(view)
            if area.width and area.height:
                surface.blit(surf, (area.x - view.x + camera.offset[0], area.y - view.y + camera.offset[1]),
                             area.move(-cx, -cy))
        # One chunk of the ring around the view a frame, before the camera gets there: walking
        # into new ground costs ~2 ms a frame instead of a row of chunks at once.
        ahead = next((k for k in self._keys(view.inflate(2 * self.chunk, 2 * self.chunk))
                      if (over, *k) not in self._cache), None)
        if ahead is not None:
            self._chunk(over, *ahead)

    @property
    def cached(self) -> int:
        """Chunks held now (each at most chunk x chunk pixels)."""
        return len(self._cache)

    def _keys(self, view: pygame.Rect) -> Iterator[tuple[int, int]]:
        c = self.chunk
        x0, y0 = max(0, view.left) // c * c, max(0, view.top) // c * c
        for cy in range(y0, min(view.bottom, self.size[1]), c):
            for cx in range(x0, min(view.right, self.size[0]), c):
                yield cx, cy

    def _chunk(self, over: bool, cx: int, cy: int) -> pygame.Surface:
        key = (over, cx, cy)
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        surf = self._render(self._stacks[over], cx, cy)
        self._cache[key] = surf
        while len(self._cache) > self._capacity:
            self._cache.popitem(last=False)
        return surf

    def _render(self, stack: _Layers, cx: int, cy: int) -> pygame.Surface:
        self.rendered += 1
        size = (min(self.chunk, self.size[0] - cx), min(self.chunk, self.size[1] - cy))
        surf = pygame.Surface(size, pygame.SRCALPHA)
        if stack.background is not None:
            surf.fill(stack.background)
        for ref, objects in zip(stack.refs, stack.objects, strict=True):
            alpha = int(255 * max(0.0, min(1.0, ref.opacity)))
            blits = list(self._tiles(ref, cx, cy, size, alpha))
            blits += [(self._alpha(image, alpha), (int(x) - cx, int(y) - cy))
                      for x, y, image in objects.get((cx, cy), ())]
            surf.blits(blits, doreturn=False)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surf = surf.convert() if stack.background is not None else surf.convert_alpha()
        return surf

    def _tiles(self, ref: Any, cx: int, cy: int, size: tuple[int, int], alpha: int) -> Iterator[Blit]:
        """The tiles of a tile layer that reach into the chunk at (cx, cy), chunk-relative."""
        if ref.kind != "tile":
            return
        ox, oy = ref.offset
        tw, th = self.tile_w, self.tile_h
        reach_c, reach_r = self._reach
        # An image is drawn from its cell's left edge and grows up from the cell's bottom.
        c0 = max(0, math.floor((cx - ox) / tw) - reach_c)
        c1 = min(self.cols, math.ceil((cx + size[0] - ox) / tw) + 1)
        r0 = max(0, math.floor((cy - oy) / th) - 1)
        r1 = min(self.rows, math.ceil((cy + size[1] - oy) / th) + reach_r)
        data = ref.layer.data
        images = self._images
        for row in range(r0, r1):
            gids = data[row]
            bottom = (row + 1) * th + oy - cy
            for col in range(c0, c1):
                gid = gids[col]
                image = images.get(gid) if gid else None
                if image is not None:
                    yield self._alpha(image, alpha, gid), (int(col * tw + ox) - cx, int(bottom - image.get_height()))

    def _alpha(self, image: pygame.Surface, alpha: int, gid: int | None = None) -> pygame.Surface:
        if alpha >= 255:
            return image
        key = (gid if gid is not None else id(image), alpha)
        faded = self._faded.get(key)
        if faded is None:
            faded = image.copy()
            faded.set_alpha(alpha)
            self._faded[key] = faded
        return faded

    def _placed(self, ref: Any) -> Iterator[tuple[float, float, pygame.Surface]]:
        """A layer's images placed freely: an image layer's image, an object layer's tile objects."""
        ox, oy = ref.offset
        if ref.kind == "image":  # pytmx gave the layer's image a gid of its own
            gid = getattr(ref.layer, "gid", 0)
            image = self._images.get(gid) if gid else None
            if image is not None:
                yield ox, oy, image
            return
        if ref.kind != "object" or ref.name.lower() in _NOT_DRAWN:
            return
        for obj in sorted(ref.layer, key=lambda o: o.y):
            gid = getattr(obj, "gid", 0)
            image = self._images.get(gid) if gid else None
            if image is None or not getattr(obj, "visible", True):
                continue
            if (obj.width, obj.height) != image.get_size() and obj.width and obj.height:
                image = pygame.transform.smoothscale(image, (int(obj.width), int(obj.height)))
            # pytmx already moved tile objects to their top-left corner.
            yield obj.x + ox, obj.y + oy, image

    def _bucket(self, ref: Any) -> dict[tuple[int, int], list[tuple[float, float, pygame.Surface]]]:
        """A visible layer's freely placed images by the chunks they overlap (drawn by their y)."""
        out: dict[tuple[int, int], list[tuple[float, float, pygame.Surface]]] = {}
        c = self.chunk
        for x, y, image in self._placed(ref):
            rect = pygame.Rect(int(x), int(y), image.get_width(), image.get_height())
            for ky in range(max(0, rect.top) // c * c, min(rect.bottom, self.size[1]), c):
                for kx in range(max(0, rect.left) // c * c, min(rect.right, self.size[0]), c):
                    out.setdefault((kx, ky), []).append((x, y, image))
        return out
