"""TileUse: the gids a map's layers and objects use, checked against its tilesets, and what the
game needs to hold and draw the map, checked against a stated budget.

pytmx draws a gid no tileset holds as nothing, so a map saved without one of its tilesets (or
with damaged data) loaded "with 0 errors" and showed holes. And the memory a map costs is not
its file size: a few kilobytes of compressed tile data or a PNG header can ask for gigabytes.
Both are refused here with one sentence, before pytmx or pygame allocates anything.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from npc_brain.world.errors import MapError

Fail = Callable[[ET.Element, str], MapError]

FLAGS = 0xF0000000  # Tiled's flip (and hexagonal rotation) bits on top of a gid
MAX_MAP_BYTES = 2 * 2**30
"""Memory budget for one map loaded and drawn by the demo (2 GiB)."""
CELL_BYTES = 40
"""Per map cell: collision grid, its connected components, path search and perception arrays
(measured: a 2000x2000 map's `Town.open` peaks ~24 B a cell above the interpreter's own)."""
LAYER_CELL_BYTES = 10
"""Per cell of each tile layer: pytmx's gid lists, with what parsing them takes on the way
(measured: 7.7 B, 31 MB for each 2000x2000 layer)."""
PIXEL_BYTES = 8
"""Per tileset image pixel: the decoded sheet and one surface per tile cut from it (RGBA)."""
DRAW_BYTES = 64 * 2**20
"""The renderer's chunk cache: a fixed number of on-screen chunks, whatever the map's size."""


@dataclass(frozen=True)
class TileRange:
    """The gids one tileset holds: `first` onwards, `count` of them (or exactly `ids`, for a
    collection of images)."""

    name: str
    first: int
    count: int
    ids: frozenset[int] | None = None

    def text(self) -> str:
        if self.ids is not None:
            return f'tileset "{self.name}" holds {len(self.ids)} tiles from gid {self.first}'
        if self.count == 0:
            return f'tileset "{self.name}" holds no tiles'
        return f'tileset "{self.name}" holds gids {self.first}–{self.first + self.count - 1}'


def _count(ts: ET.Element) -> tuple[int, frozenset[int] | None]:
    image = ts.find("image")
    if image is None:  # a collection of images: each tile names its own
        return 0, frozenset(int(t.get("id", "0")) for t in ts.findall("tile") if t.find("image") is not None)
    tw, th = int(ts.get("tilewidth", "1")), int(ts.get("tileheight", "1"))
    spacing, margin = int(ts.get("spacing", "0")), int(ts.get("margin", "0"))
    w, h = int(image.get("width", "0")), int(image.get("height", "0"))
    cols = max(0, (w - 2 * margin + spacing) // (tw + spacing))
    rows = max(0, (h - 2 * margin + spacing) // (th + spacing))
    return cols * rows, None


def tileset_ranges(root: ET.Element, folder: Path, external: Mapping[Path, ET.Element]) -> list[TileRange]:
    """The map's tilesets as gid ranges, by first gid (external ones as `MapFiles` parsed them)."""
    out: list[TileRange] = []
    for ts in root.findall("tileset"):
        source = ts.get("source")
        element = external.get((folder / source).resolve()) if source else ts
        if element is None:  # a built-in or missing file: reported by MapFiles already
            continue
        count, ids = _count(element)
        out.append(TileRange(element.get("name") or source or "?", int(ts.get("firstgid", "1")), count, ids))
    return sorted(out, key=lambda r: r.first)


def _held(gids: np.ndarray, ranges: list[TileRange]) -> np.ndarray:
    """Which gids (flags removed) some tileset holds; 0 (no tile) always is."""
    ok: np.ndarray = np.asarray(gids == 0)
    if not ranges:
        return ok
    firsts = np.array([r.first for r in ranges], dtype=np.int64)
    which = np.searchsorted(firsts, gids, side="right") - 1
    for i, r in enumerate(ranges):
        mine = (which == i) & ~ok
        if not mine.any():
            continue
        local = gids[mine].astype(np.int64) - r.first
        held = np.isin(local, list(r.ids)) if r.ids is not None else local < r.count
        ok[mine] = held
    return ok


def check_layer_gids(layer: ET.Element, gids: np.ndarray, ranges: list[TileRange], width: int,
                     fail: Fail) -> None:
    """`MapError` at the first cell of a tile layer whose gid no tileset holds."""
    plain = gids & np.uint32(~FLAGS & 0xFFFFFFFF)
    bad = np.flatnonzero(~_held(plain, ranges))
    if len(bad):
        at = int(bad[0])
        raise fail(layer, f"has the tile gid {int(plain[at])} at column {at % width}, row {at // width}, "
                          f"which no tileset holds ({_summary(ranges)}); the map may have lost a "
                          "tileset, or its data is damaged")


def check_object_gids(root: ET.Element, ranges: list[TileRange], fail: Fail) -> None:
    """`MapError` for a tile object whose gid no tileset of the map holds (templates bring their own)."""
    for obj in root.iter("object"):
        text = obj.get("gid")
        if not text or obj.get("template"):
            continue
        gid = int(text) & ~FLAGS
        if not _held(np.array([gid], dtype=np.int64), ranges)[0]:
            raise fail(obj, f"is a tile object with gid {gid}, which no tileset holds ({_summary(ranges)})")


def _summary(ranges: list[TileRange]) -> str:
    return "; ".join(r.text() for r in ranges) if ranges else "the map has no tileset"


def _size(n: int) -> str:
    return f"{n / 2**20:,.1f} MB" if n >= 2**20 else f"{n / 2**10:,.0f} kB"


def memory_needed(cells: int, tile_layers: int, image_pixels: int) -> int:
    """Bytes the game needs to hold and draw a map, by the per-item costs above."""
    return cells * (CELL_BYTES + LAYER_CELL_BYTES * tile_layers) + image_pixels * PIXEL_BYTES + DRAW_BYTES


def check_budget(root: ET.Element, size: tuple[int, int], image_pixels: int, fail: Fail) -> None:
    """`MapError` when the map needs more than `MAX_MAP_BYTES` to load and draw."""
    w, h = size
    layers = sum(1 for _ in root.iter("layer"))
    need = memory_needed(w * h, layers, image_pixels)
    if need > MAX_MAP_BYTES:
        raise fail(root, f"needs about {need / 2**30:.1f} GB to load and draw ({layers} tile layers of "
                         f"{w}x{h} tiles, {_size(image_pixels * PIXEL_BYTES)} of tileset images), "
                         f"more than the {MAX_MAP_BYTES / 2**30:g} GB budget; merge or remove tile layers, "
                         "split the map, or use smaller tileset images")
