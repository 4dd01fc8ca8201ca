"""Checks of a map's raw XML before pytmx sees it: sizes, numeric attributes and layer data.

pytmx turns a missing or non-numeric attribute into a bare `TypeError`/`ValueError` that names
neither the file nor the element, and allocates whatever size the header asks for; these checks
name the culprit (file, layer, tileset, object, attribute) first and refuse absurd sizes before
anything is allocated.
"""

from __future__ import annotations

import base64
import binascii
import math
import xml.etree.ElementTree as ET
import zlib
from collections.abc import Callable

import numpy as np

from npc_brain.world.errors import MapError
from npc_brain.world.world import MAX_CELLS

MAX_TILE = 1024
"""Largest tile size in pixels."""
MAX_GID = 2**32 - 1  # gids are 32-bit, the top bits are flip flags
MAX_COORD = 10_000_000
"""Largest coordinate, size or offset in pixels (the largest map is 2,048,000 px wide): beyond
it a number is a typo or damage, and squares of it overflow."""

Fail = Callable[[ET.Element, str], MapError]
# tag -> attribute -> (number type, required, smallest allowed value or None)
_Spec = dict[str, tuple[type, bool, float | None]]
_LAYER: _Spec = {
    "id": (int, False, 0),
    "offsetx": (float, False, None),
    "offsety": (float, False, None),
    "opacity": (float, False, 0),
    "parallaxx": (float, False, None),
    "parallaxy": (float, False, None),
}
SPECS: dict[str, _Spec] = {
    "map": {
        "width": (int, True, 1),
        "height": (int, True, 1),
        "tilewidth": (int, True, 1),
        "tileheight": (int, True, 1),
    },
    "tileset": {
        "firstgid": (int, False, 1),
        "tilewidth": (int, False, 1),
        "tileheight": (int, False, 1),
        "tilecount": (int, False, 0),
        "columns": (int, False, 0),
        "spacing": (int, False, 0),
        "margin": (int, False, 0),
    },
    "image": {"width": (int, False, 1), "height": (int, False, 1)},
    "tile": {"id": (int, True, 0)},
    "frame": {"tileid": (int, True, 0), "duration": (int, True, 0)},
    "tileoffset": {"x": (int, False, None), "y": (int, False, None)},
    "layer": {"width": (int, True, 1), "height": (int, True, 1), **_LAYER},
    "objectgroup": _LAYER,
    "imagelayer": _LAYER,
    "group": _LAYER,
    "object": {
        "id": (int, False, 0),
        "x": (float, False, None),
        "y": (float, False, None),
        "width": (float, False, 0),
        "height": (float, False, 0),
        "rotation": (float, False, None),
        "gid": (int, False, 0),
    },
}


def _number(text: str, kind: type) -> float | None:
    try:
        value = float(text) if kind is float else int(text.strip())
    except (ValueError, OverflowError):
        return None
    return value if math.isfinite(value) else None


def _bounded(value: float, kind: type) -> bool:
    return abs(value) <= (MAX_COORD if kind is float else MAX_GID)


def check_header(root: ET.Element, fail: Fail) -> tuple[int, int, int]:
    """Validate the map's size and tile size; returns (width, height, tile) in tiles/pixels."""
    check_attributes(root, fail, only=root)
    w, h = int(root.get("width", "0")), int(root.get("height", "0"))
    tw, th = int(root.get("tilewidth", "0")), int(root.get("tileheight", "0"))
    if max(tw, th) > MAX_TILE:
        raise fail(root, f"has {tw}x{th} px tiles; npc_brain handles tiles up to {MAX_TILE} px")
    if w * h > MAX_CELLS:
        side = math.isqrt(MAX_CELLS)
        raise fail(
            root,
            f"is {w}x{h} tiles ({w * h:,} cells), more than the {MAX_CELLS:,} ({side}x{side}) "
            "npc_brain can hold; split it into smaller maps",
        )
    return w, h, tw


def check_attributes(root: ET.Element, fail: Fail, *, only: ET.Element | None = None) -> None:
    """Every numeric attribute pytmx converts is present (when required) and a number."""
    parents = {child: node for node in root.iter() for child in node}
    for el in [only] if only is not None else root.iter():
        spec = SPECS.get(el.tag)
        holder = parents.get(el)
        if spec is None or (
            el.tag == "objectgroup" and holder is not None and holder.tag == "tile"
        ):
            continue  # a tile's collision shapes carry no layer attributes worth checking
        for attr, (kind, required, low) in spec.items():
            text = el.get(attr)
            word = "a whole number" if kind is int else "a number"
            if text is None:
                if required:
                    raise fail(
                        el, f"has no {attr} attribute (it must be {word}); save it again in Tiled"
                    )
                continue
            value = _number(text, kind)
            if value is None:
                raise fail(el, f'has {attr}="{text}", which is not {word}')
            if low is not None and value < low:
                raise fail(el, f'has {attr}="{text}"; it must be at least {low:g}')
            if not _bounded(value, kind):
                top = f"{MAX_COORD:,} px" if kind is float else f"{MAX_GID:,}"
                raise fail(el, f'has {attr}="{text}"; it must lie within ±{top}')
    for tag in ("polygon", "polyline"):
        for shape in root.iter(tag):
            for pair in shape.get("points", "").split():
                xy = pair.split(",")
                values = [_number(v, float) for v in xy]
                if len(xy) != 2 or any(v is None or not _bounded(v, float) for v in values):
                    owner = parents.get(shape, shape)
                    raise fail(owner, f'has the point "{pair}" in its {tag}, which is not x,y '
                                      f"within ±{MAX_COORD:,} px")
    for ts in root.iter("tileset"):
        image = ts.find("image")
        if image is not None and (image.get("width") is None or image.get("height") is None):
            raise fail(
                ts,
                "has an image without width and height; open the tileset in Tiled "
                "and save it again",
            )
        if image is not None and ts.get("columns") == "0":
            raise fail(ts, 'has columns="0" but one image cut into tiles; open the tileset in '
                           "Tiled and save it again")


def tileset_needs(ts: ET.Element, fail: Fail, *, in_map: bool) -> None:
    """A tileset element has what pytmx reads unconditionally (firstgid, tile size)."""
    if in_map and ts.get("firstgid") is None:
        raise fail(ts, "has no firstgid attribute; save the map again in Tiled")
    if not ts.get("source"):
        for attr in ("tilewidth", "tileheight"):
            if ts.get(attr) is None:
                raise fail(ts, f"has no {attr} attribute; save the tileset again in Tiled")


def layer_gids(layer: ET.Element, size: tuple[int, int], fail: Fail) -> np.ndarray:
    """The gids of a finite tile layer (flip flags kept), checked to be exactly width x height."""
    w, h = size
    lw, lh = int(layer.get("width", "0")), int(layer.get("height", "0"))
    if (lw, lh) != (w, h):
        raise fail(layer, f"is {lw}x{lh} tiles but the map is {w}x{h} tiles; resize it in Tiled")
    data = layer.find("data")
    if data is None:
        raise fail(layer, "has no tile data; save the map again in Tiled")
    text = (data.text or "").strip()
    if data.get("encoding") == "csv":
        tokens = [t.strip() for t in text.split(",")] if text else []
        for token in tokens:
            if not token.isdigit() or int(token) > MAX_GID:
                shown = token if len(token) < 20 else token[:20] + "…"
                raise fail(layer, f'has the tile "{shown}" in its CSV data, which is not a tile id')
        gids = np.array(tokens, dtype=np.uint64).astype(np.uint32)
    else:
        raw = _base64_bytes(layer, data, text, w * h, fail)
        if len(raw) % 4:
            raise fail(layer, "has tile data whose length is not a multiple of 4 bytes")
        gids = np.frombuffer(raw, dtype="<u4")
    count = len(gids)
    if count < w * h:
        raise fail(
            layer, f"has {count} tiles but the map is {w}x{h} tiles; the layer data is cut short"
        )
    if count > w * h:
        raise fail(layer, f"has {count} tiles but the map is {w}x{h} tiles; the data is too long")
    return gids


def _base64_bytes(layer: ET.Element, data: ET.Element, text: str, cells: int, fail: Fail) -> bytes:
    try:
        raw = base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError):
        raise fail(
            layer, "has base64 tile data that does not decode; save it again in Tiled"
        ) from None
    comp = data.get("compression")
    if comp in ("zlib", "gzip"):
        # Bounded: a few compressed bytes must not inflate to gigabytes before we count them.
        inflate = zlib.decompressobj(wbits=47)  # 47 = zlib or gzip header, detected
        try:
            out = inflate.decompress(raw, 4 * cells + 4)
        except zlib.error:
            raise fail(layer, f"has {comp} tile data that does not decompress") from None
        if inflate.unconsumed_tail:
            return bytes(4 * cells + 4)  # longer than the map: reported as too long
        if not inflate.eof:
            raise fail(layer, f"has {comp} tile data that is cut short")
        raw = out
    return raw
