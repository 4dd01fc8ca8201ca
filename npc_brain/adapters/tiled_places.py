"""Places a Tiled map names without an Areas layer: its objects and tile layers whose names mean
a place (`world.sites.use_of`), for the loader and for `python -m npc_brain.world init`.

Never from what only looks like one: render layers ("Sprites", "Fringe"), triggers and
characters ("maggots", "guard", "hero") have no place word in their names; points and tile
objects (a sprite stamped on the map) have no area; collision layers are walls.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import SimpleNamespace
from typing import Any

import numpy as np

from npc_brain.adapters.tiled_collision import NPC_LAYERS, CollisionNames
from npc_brain.adapters.tiled_objects import ObjectView
from npc_brain.adapters.tiled_xml import TmxDocument
from npc_brain.world.pathfinding import CollisionGrid
from npc_brain.world.sites import Site, sites, use_of

__all__ = ["map_sites", "named_objects", "named_tile_layers"]

MIN_CELLS = 4  # a named area smaller than this many tiles is a marker, not a place


def named_objects(layers: Sequence[Any], doc: TmxDocument, names: CollisionNames, tile: int) -> list[Site]:
    """Rectangles and polygons on the map's own object layers whose names mean a place."""
    out: list[Site] = []
    for ref in layers:
        if ref.kind != "object" or ref.name.strip().lower() in NPC_LAYERS or names.named(ref):
            continue
        assert ref.element is not None
        for el in ref.element.findall("object"):
            if el.get("gid"):
                continue  # a tile object: a sprite stamped on the map, not an area
            view = ObjectView(SimpleNamespace(properties={}), el, doc, ref.offset, lambda _: {})
            w, h = view.rect[2:]
            use = use_of(view.name)
            if view.point or use is None or w * h < MIN_CELLS * tile * tile:
                continue
            out.append(Site(view.name, use, view.rect, f'object {view.id} "{view.name}" on layer "{ref.name}"'))
    return out


def named_tile_layers(layers: Sequence[Any], names: CollisionNames, grid: CollisionGrid) -> list[Site]:
    """Tile layers whose names mean a place ("house", "tavern"), by the box around their tiles."""
    out: list[Site] = []
    tile, width, height = grid.tile_size, grid.cols, grid.rows
    for ref in layers:
        name = ref.name.strip()
        use = use_of(name)
        if ref.kind != "tile" or names.named(ref) or use is None:
            continue
        gids = np.asarray(ref.layer.data, dtype=np.int64).reshape(height, width)
        rows, cols = np.nonzero(gids)
        if not len(rows):
            continue
        w, h = int(cols.max() - cols.min() + 1), int(rows.max() - rows.min() + 1)
        if w * h > width * height // 2:
            continue  # covers most of the map: a ground-like layer, not a place
        rect = (float(cols.min() * tile), float(rows.min() * tile), float(w * tile), float(h * tile))
        out.append(Site(name.title(), use, rect, f'the tiles of layer "{name}"'))
    return out


def map_sites(layers: Sequence[Any], doc: TmxDocument, grid: CollisionGrid, names: CollisionNames,
              spawns: Mapping[str, tuple[float, float]]) -> list[Site]:
    """Every place guessed for a map without an Areas layer (see `world.sites.sites`)."""
    found = named_objects(layers, doc, names, grid.tile_size) + named_tile_layers(layers, names, grid)
    return sites(grid, found, spawns)
