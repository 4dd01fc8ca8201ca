"""Scaffold: a first `Areas` layer for a map that has none, guessed from what the map has.

`python -m npc_brain.world init MAP -o OUT` writes a copy of MAP with an Areas layer (and a
`player` spawn when there is none) and prints every guess. Guesses come from, in order:

- named objects on the map's own object layers (a house drawn as a named rectangle): big ones
  become Buildings, small ones Objects;
- regions enclosed by collision (rooms behind walls, doorways counted as closed);
- tile layers named after places ("house", "tavern"), by the extent of their tiles.

Every guessed area carries the bool property `review = true` and a description saying where it
came from, so the map maker can find, rename, reshape or delete them in Tiled.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import numpy as np

from npc_brain.adapters.tiled import MapLoad, read_map
from npc_brain.adapters.tiled_collision import NPC_LAYERS, CollisionNames
from npc_brain.adapters.tiled_objects import ObjectView
from npc_brain.adapters.tiled_xml import TmxDocument
from npc_brain.world.errors import MapError
from npc_brain.world.pathfinding import CollisionGrid
from npc_brain.world.world import slugify

BUILDING_CELLS = 6  # an object or region of at least this many tiles is a Building
MIN_REGION = 4  # enclosed regions smaller than this (a pillar's gap) are not places
NOT_PLACES = (
    "ground",
    "background",
    "floor",
    "terrain",
    "grass",
    "water",
    "decor",
    "decoration",
    "details",
    "shadows",
    "top",
    "over",
    "above",
    "roof",
    "roofs",
    "sky",
    "tile layer",
    "layer",
)


@dataclass(frozen=True)
class Guess:
    """One scaffolded area: what it is, where, and why we think so."""

    name: str
    kind: str  # "Building" or "Object" (the Town is added apart)
    rect: tuple[float, float, float, float]
    reason: str


def _unique(name: str, taken: set[str]) -> str:
    out, n = name, 2
    while slugify(out) in taken:
        out, n = f"{name} {n}", n + 1
    taken.add(slugify(out))
    return out


def from_objects(path: Path, loaded: MapLoad, names: CollisionNames, tile: int) -> list[Guess]:
    """Named shapes on the map's own object layers (not collision, Areas or Spawns)."""
    doc = TmxDocument(path, str(path))
    out: list[Guess] = []
    for ref in loaded.layers:
        if ref.kind != "object" or ref.name.strip().lower() in NPC_LAYERS or names.named(ref):
            continue
        assert ref.element is not None
        for el in ref.element.findall("object"):
            view = ObjectView(SimpleNamespace(properties={}), el, doc, ref.offset, lambda _: {})
            w, h = view.rect[2:]
            if view.point or w <= 0 or h <= 0 or not slugify(view.name):
                continue
            big = w * h >= BUILDING_CELLS * tile * tile
            reason = f'object {view.id} "{view.name}" on layer "{ref.name}"'
            out.append(Guess(view.name, "Building" if big else "Object", view.rect, reason))
    return out


def enclosed_regions(blocked: np.ndarray, tile: int) -> list[tuple[float, float, float, float]]:
    """Pixel boxes of walkable regions walled in on all sides (1-tile doorways count as walls)."""
    rows, cols = blocked.shape
    closed = blocked.copy()
    # A walkable cell between two blocked ones (left/right or above/below) is a doorway.
    lr = np.zeros_like(blocked)
    lr[:, 1:-1] = blocked[:, :-2] & blocked[:, 2:]
    ud = np.zeros_like(blocked)
    ud[1:-1, :] = blocked[:-2, :] & blocked[2:, :]
    closed |= lr | ud
    labels = np.full(blocked.shape, -1, dtype=np.int64)
    boxes: list[tuple[float, float, float, float]] = []
    current = 0
    for r0 in range(rows):
        for c0 in range(cols):
            if closed[r0, c0] or labels[r0, c0] >= 0:
                continue
            stack, cells, edge = [(r0, c0)], [], False
            labels[r0, c0] = current
            while stack:
                r, c = stack.pop()
                cells.append((r, c))
                edge |= r in (0, rows - 1) or c in (0, cols - 1)
                for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    inside = 0 <= nr < rows and 0 <= nc < cols
                    if inside and not closed[nr, nc] and labels[nr, nc] < 0:
                        labels[nr, nc] = current
                        stack.append((nr, nc))
            current += 1
            if edge or len(cells) < MIN_REGION or len(cells) > blocked.size // 2:
                continue
            rs, cs = [p[0] for p in cells], [p[1] for p in cells]
            boxes.append(
                (
                    min(cs) * tile,
                    min(rs) * tile,
                    (max(cs) - min(cs) + 1) * tile,
                    (max(rs) - min(rs) + 1) * tile,
                )
            )
    return boxes


def from_tile_layers(loaded: MapLoad, names: CollisionNames, tile: int) -> list[Guess]:
    """Tile layers named like a place, by the box around their tiles (if not most of the map)."""
    out: list[Guess] = []
    width, height = loaded.world.grid.cols, loaded.world.grid.rows
    for ref in loaded.layers:
        name = ref.name.strip()
        if ref.kind != "tile" or names.named(ref) or name.lower() in NOT_PLACES:
            continue
        if not slugify(name) or slugify(name).rstrip("0123456789_") in ("layer", "tile_layer"):
            continue
        gids = np.asarray(ref.layer.data, dtype=np.int64).reshape(height, width)
        rows, cols = np.nonzero(gids)
        if not len(rows):
            continue
        w, h = int(cols.max() - cols.min() + 1), int(rows.max() - rows.min() + 1)
        if w * h > width * height // 2:
            continue  # covers most of the map: a ground-like layer, not a place
        rect = (
            float(cols.min() * tile),
            float(rows.min() * tile),
            float(w * tile),
            float(h * tile),
        )
        out.append(Guess(name.title(), "Building", rect, f'the tiles of layer "{name}"'))
    return out


def _relink(root: ET.Element, src: Path, dst: Path) -> None:
    # Relative file references must still point at the same files from OUT's folder. Every
    # <image> in a .tmx belongs to the map (embedded tilesets, image layers), so all move.
    attrs = {"tileset": "source", "image": "source", "object": "template"}
    for el in root.iter():
        attr = attrs.get(el.tag)
        value = el.get(attr) if attr else None
        if attr is None or not value or value.startswith(":/") or os.path.isabs(value):
            continue
        target = (src.parent / value).resolve()
        el.set(attr, os.path.relpath(target, dst.parent.resolve()).replace(os.sep, "/"))


def _object(
    oid: int,
    name: str,
    cls: str,
    rect: tuple[float, ...],
    props: dict[str, object],
    point: bool = False,
) -> ET.Element:
    el = ET.Element("object", {"id": str(oid), "name": name})
    if cls:
        el.set("type", cls)
    x, y, w, h = rect
    el.set("x", f"{x:g}")
    el.set("y", f"{y:g}")
    if point:
        ET.SubElement(el, "point")
    else:
        el.set("width", f"{w:g}")
        el.set("height", f"{h:g}")
    if props:
        holder = ET.SubElement(el, "properties")
        for key, value in props.items():
            attrs = {
                "name": key,
                "value": str(value).lower() if isinstance(value, bool) else str(value),
            }
            if isinstance(value, bool):
                attrs["type"] = "bool"
            ET.SubElement(holder, "property", attrs)
    return el


def scaffold(
    src: str | os.PathLike[str], dst: str | os.PathLike[str], names: CollisionNames | None = None
) -> list[str]:
    """Write `dst`: `src` plus a guessed Areas layer (and player spawn); returns what was made."""
    src, dst = Path(src), Path(dst)
    names = names or CollisionNames()
    loaded = read_map(src, collision=names)
    if any(r.kind == "object" and r.name.strip().lower() == "areas" for r in loaded.layers):
        raise MapError(
            f"{src} already has an Areas layer; edit it in Tiled instead.", path=str(src)
        )
    world, tile = loaded.world, loaded.world.tile_size
    guesses = from_objects(src, loaded, names, tile)
    guesses += [
        Guess(f"Enclosed Area {i}", "Building", box, "a region walled in by collision")
        for i, box in enumerate(enclosed_regions(np.array(world.grid.blocked), tile), 1)
    ]
    guesses += from_tile_layers(loaded, names, tile)
    root = ET.parse(src).getroot()
    next_id = max(
        [int(root.get("nextobjectid", "1") or 1)]
        + [int(o.get("id", "0")) + 1 for o in root.iter("object") if o.get("id", "").isdigit()]
    )
    next_layer = max(
        [int(root.get("nextlayerid", "1") or 1)]
        + [
            int(e.get("id", "0")) + 1
            for e in root.iter()
            if e.get("id", "").isdigit()
            and e.tag in ("layer", "objectgroup", "imagelayer", "group")
        ]
    )
    town_name = src.stem.replace("_", " ").replace("-", " ").strip().title() or "Town"
    areas = ET.SubElement(root, "objectgroup", {"id": str(next_layer), "name": "Areas"})
    made = [f'Town "{town_name}" covering the map (named after the file)']
    size = (0.0, 0.0, float(world.grid.cols * tile), float(world.grid.rows * tile))
    areas.append(_object(next_id, town_name, "Town", size, {"review": True}))
    taken = {slugify(town_name)}
    for guess in guesses:
        next_id += 1
        name = _unique(guess.name, taken)
        props = {"description": f"Guessed by npc_brain from {guess.reason}.", "review": True}
        areas.append(_object(next_id, name, guess.kind, guess.rect, props))
        x, y, w, h = guess.rect
        made.append(f'{guess.kind} "{name}" at {x:g},{y:g} {w:g}x{h:g} px, from {guess.reason}')
    if world.spawn("player") is None:
        spot = _player_spot(world.grid)
        if spot is not None:
            next_id += 1
            spawns = ET.SubElement(
                root, "objectgroup", {"id": str(next_layer + 1), "name": "Spawns"}
            )
            spawns.append(
                _object(next_id, "player", "", (*spot, 0.0, 0.0), {"review": True}, point=True)
            )
            made.append(
                f"Spawn point player at {spot[0]:g},{spot[1]:g} (the largest walkable area)"
            )
    root.set("nextobjectid", str(next_id + 1))
    root.set("nextlayerid", str(next_layer + 2))
    _relink(root, src, dst)
    ET.indent(root, space=" ")
    dst.parent.mkdir(parents=True, exist_ok=True)
    ET.ElementTree(root).write(dst, encoding="UTF-8", xml_declaration=True)
    return made


def _player_spot(grid: CollisionGrid) -> tuple[float, float] | None:
    """The walkable cell nearest the map's centre within its largest walkable region."""
    labels = grid.components()
    found = labels[labels >= 0]
    if not found.size:
        return None
    cells = np.argwhere(labels == np.bincount(found).argmax())
    centre = np.array(labels.shape) / 2
    r, c = cells[np.argmin(((cells - centre) ** 2).sum(axis=1))]
    return grid.center((int(c), int(r)))
