"""Collision the way real Tiled maps mark it: tile properties, tile shapes, named layers.

A cell blocks movement when a tile in it is marked solid (a property such as `collides`, or a
collision shape drawn in Tiled's tile collision editor), when it is non-empty on a tile layer
whose property or name says so (`collision = true`, or a layer called `walls`), or when a shape
on a collision object layer covers it. A layer's *name* is only a guess: it is used when no
tile of the map is marked individually (a map that marks its wall tiles keeps doorways in its
`walls` layer), and a layer property `collision = false` switches the guess off.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from npc_brain.adapters.tiled_objects import ObjectView, inside, layer_objects, truthy
from npc_brain.world.errors import MapIssue, Severity
from npc_brain.world.pathfinding import CollisionGrid

if TYPE_CHECKING:
    from npc_brain.adapters.tiled_layers import LayerRef
    from npc_brain.adapters.tiled_project import TiledProject
    from npc_brain.adapters.tiled_xml import TmxDocument

NPC_LAYERS = ("areas", "spawns")  # npc_brain's own object layers never block


@dataclass(frozen=True)
class CollisionNames:
    """Which layer names and which property names mean "blocks movement" (case-insensitive)."""

    layers: tuple[str, ...] = (
        "collision",
        "collisions",
        "collide",
        "walls",
        "wall",
        "blocked",
        "blocking",
        "obstacles",
        "obstacle",
        "solid",
        "solids",
    )
    properties: tuple[str, ...] = ("collides", "collision", "collidable", "solid", "blocked")

    def flag(self, props: dict[str, Any]) -> bool | None:
        """True/False when any collision property is set, None when none is."""
        found = [truthy(props[k]) for k in props if str(k).lower() in self.properties]
        return any(found) if found else None

    def named(self, ref: LayerRef) -> bool:
        """The layer (or a group around it) is called like a collision layer."""
        return any(n.strip().lower() in self.layers for n in (ref.name, *ref.groups))


@dataclass
class CollisionResult:
    """The grid and, per source, how many cells it blocks (sources may overlap)."""

    grid: CollisionGrid
    sources: dict[str, int]


def build_collision(
    tm: Any,
    layers: Sequence[LayerRef],
    doc: TmxDocument,
    proj: TiledProject,
    issues: list[MapIssue],
    names: CollisionNames,
    parse_properties: Callable[[Any], dict[str, Any]],
) -> CollisionResult:
    """Rasterise every collision source of a loaded map onto a one-cell-per-tile grid."""
    width, height, tile = doc.size
    blocked = np.zeros((height, width), dtype=bool)
    sources: dict[str, int] = {}
    solid = np.zeros(int(tm.maxgid) + 1, dtype=bool)
    shaped = 0
    for gid, props in tm.tile_properties.items():
        merged = proj.defaults(props.get("type") or props.get("class"), "tile") | dict(props)
        flag = names.flag({k: v for k, v in merged.items() if k != "colliders"})
        has_shape = bool(merged.get("colliders"))
        if 0 <= gid < len(solid) and (flag or (flag is None and has_shape)):
            solid[gid] = True
            shaped += flag is None
    tiles_marked = bool(solid.any())

    def add(source: str, mask: np.ndarray) -> None:
        count = int(mask.sum())
        if count:
            sources[source] = sources.get(source, 0) + count
            blocked[...] |= mask

    for ref in layers:
        if ref.kind != "tile":
            continue
        gids = np.asarray(ref.layer.data, dtype=np.int64).reshape(height, width)
        gids = np.where((gids >= 0) & (gids < len(solid)), gids, 0)
        add("tiles marked solid" + (" (collision shapes)" if shaped else ""), solid[gids])
        flag = names.flag(ref.properties)
        if flag or (flag is None and names.named(ref) and not tiles_marked):
            how = "its property" if flag else "its name"
            add(f'layer "{ref.name}" ({how})', gids != 0)
    probe = CollisionGrid.empty(width, height, tile)  # cell geometry only; marks go to `blocked`
    for ref in layers:
        if ref.kind != "object" or ref.name.strip().lower() in NPC_LAYERS:
            continue
        flag = names.flag(ref.properties)
        whole = flag or (flag is None and names.named(ref))
        assert ref.element is not None
        before = int(blocked.sum())
        for obj, el in layer_objects(ref.layer, ref.element):
            view = ObjectView(obj, el, doc, ref.offset, parse_properties)
            tile_solid = view.gid > 0 and _tile_solid(tm, view.gid, solid)
            if not (whole or tile_solid or names.flag(view.properties)):
                continue
            if view.point:
                issues.append(
                    view.issue(
                        doc,
                        Severity.WARNING,
                        "collision_point",
                        f'is a point on the collision layer "{ref.name}", which blocks nothing',
                    )
                )
                continue
            _block_shape(blocked, probe, view)
        gained = int(blocked.sum()) - before
        if gained:
            sources[f'objects on layer "{ref.name}"'] = gained
    return CollisionResult(CollisionGrid(blocked, tile), sources)


def _tile_solid(tm: Any, gid: int, solid: np.ndarray) -> bool:
    # Object gids are raw Tiled gids; pytmx maps them to its own (flips become new gids).
    mapped = tm.map_gid(gid & 0x0FFFFFFF) or []
    return any(0 <= g < len(solid) and solid[g] for g, _ in mapped)


def _block_shape(blocked: np.ndarray, probe: CollisionGrid, view: ObjectView) -> None:
    """Mark the cells a shape covers: rectangles by overlap, other shapes by cell centre."""
    cols, rows = probe.cells_overlapping(view.rect)
    if view.axis_aligned:
        blocked[rows, cols] = True
        return
    ts = probe.tile_size
    if view.shape == "polyline":
        limit = 4 * (probe.cols + probe.rows)  # a line off to infinity is sampled only this much
        for (x1, y1), (x2, y2) in zip(view.outline, view.outline[1:], strict=False):
            steps = min(limit, max(1, math.ceil(math.hypot(x2 - x1, y2 - y1) / (ts / 4))))
            for i in range(steps + 1):
                c, r = probe.cell_at(x1 + (x2 - x1) * i / steps, y1 + (y2 - y1) * i / steps)
                if probe.in_bounds((c, r)):
                    blocked[r, c] = True
        return
    cc, rr = np.meshgrid(np.arange(cols.start, cols.stop), np.arange(rows.start, rows.stop))
    covered = inside((cc + 0.5) * ts, (rr + 0.5) * ts, view.outline)
    blocked[rr[covered], cc[covered]] = True
    if not covered.any():  # smaller than a cell: block the cell under its middle
        x, y, w, h = view.rect
        c, r = probe.cell_at(x + w / 2, y + h / 2)
        if probe.in_bounds((c, r)):
            blocked[r, c] = True
