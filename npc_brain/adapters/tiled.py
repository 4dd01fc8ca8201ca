"""Load a Tiled `.tmx` town into a `World` with pytmx, headless (no pygame, no images).

Conventions (see maps/README.md): object layer `Areas` holds Town/Building/Room/Object rectangles,
tile layers block where a tile has `collides=true` or the layer has `collision=true`, object layer
`Collision` adds blocking rectangles, object layer `Spawns` holds named points.
"""

from __future__ import annotations

import logging
import math
import os
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from npc_brain.adapters.tiled_project import TiledProject
from npc_brain.adapters.tiled_xml import TmxDocument
from npc_brain.world.builder import AreaSpec, build_tree
from npc_brain.world.errors import MapError, MapIssue, Severity
from npc_brain.world.pathfinding import CollisionGrid
from npc_brain.world.place import PlaceKind
from npc_brain.world.world import World

log = logging.getLogger(__name__)

AREAS, COLLISION, SPAWNS = "areas", "collision", "spawns"


def _pytmx() -> Any:
    """Import pytmx without letting it import pygame (its __init__ tries `util_pygame`).

    The brain must stay headless and the lint's output free of pygame's banner; if the game has
    already imported pygame, nothing is blocked.
    """
    if "pytmx" in sys.modules:
        return sys.modules["pytmx"]
    block = "pygame" not in sys.modules
    quiet = logging.getLogger("pytmx.util_pygame")  # it logs an error when pygame is missing
    was_disabled = quiet.disabled
    quiet.disabled = True
    if block:
        sys.modules["pygame"] = None  # type: ignore[assignment]  # makes `import pygame` fail
    try:
        import pytmx
    finally:
        quiet.disabled = was_disabled
        if block and sys.modules.get("pygame", 0) is None:
            del sys.modules["pygame"]
    if block:
        # util_pygame imported without pygame is unusable; drop it so a game that imports pygame
        # later gets a working `from pytmx.util_pygame import load_pygame`.
        sys.modules.pop("pytmx.util_pygame", None)
        for name in ("util_pygame", "load_pygame"):
            pytmx.__dict__.pop(name, None)
    return pytmx


def _truthy(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    return str(value or "").strip().lower() in ("1", "true", "yes")


@dataclass(frozen=True)
class LayerRef:
    """A map layer in file order with what pytmx flattens away: its groups' visibility and offset.

    `properties` are the layer's own over its groups' (class defaults merged), so `collision=true`
    on a group applies to the tile layers inside it.
    """

    layer: Any
    kind: str  # "tile", "object" or "image"
    name: str
    index: int
    groups: tuple[str, ...]
    visible: bool
    opacity: float
    offset: tuple[float, float]
    properties: dict[str, Any] = field(default_factory=dict)
    element: ET.Element | None = field(default=None, repr=False, compare=False)


@dataclass
class MapLoad:
    """Everything `read_map` found: the world, the problems, and pytmx's map for renderers."""

    world: World
    issues: list[MapIssue]
    tiled_map: Any
    layers: list[LayerRef]
    project: TiledProject

    @property
    def errors(self) -> list[MapIssue]:
        """Issues that make `load_world` refuse the map."""
        return [i for i in self.issues if i.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[MapIssue]:
        """Issues worth fixing that do not stop loading."""
        return [i for i in self.issues if i.severity is Severity.WARNING]


def load_world(
    path: str | os.PathLike[str], *, project: str | os.PathLike[str] | None = None
) -> World:
    """Load a `.tmx` into a `World`; any error in the map raises `MapError` (one sentence).

    `project` is the `.tiled-project` whose class defaults to merge; by default the nearest one
    beside the map or in a parent folder. Warnings (an unknown purpose word) are logged.
    """
    loaded = read_map(path, project=project)
    for issue in loaded.errors:
        raise MapError(
            issue.sentence(),
            path=issue.file,
            object_id=issue.object_id,
            object_name=issue.object_name,
        )
    for issue in loaded.warnings:
        log.warning("%s", issue)
    return loaded.world


def read_map(
    path: str | os.PathLike[str], *, project: str | os.PathLike[str] | None = None
) -> MapLoad:
    """Load a map and collect its problems instead of stopping at the first one (for the lint).

    Raises `MapError` only when no world can be built at all (bad XML, missing tileset, no Town).
    """
    shown = os.fspath(path)
    file = Path(path)
    if file.suffix.lower() in (".tmj", ".json"):
        raise MapError(
            f"{shown} is a JSON map, which pytmx cannot read; save it as .tmx (XML) in Tiled.",
            path=shown,
        )
    if file.suffix.lower() != ".tmx":
        raise MapError(f"{shown} is not a Tiled map (.tmx).", path=shown)
    if not file.exists():
        raise MapError(f"{shown} does not exist.", path=shown)
    proj = TiledProject.load(Path(project)) if project is not None else TiledProject.find(file)
    doc = TmxDocument(file, shown)
    doc.check(proj)
    tm = _parse(doc, proj)
    layers = _layer_refs(tm, doc, proj)
    issues: list[MapIssue] = []
    grid = _collision(tm, layers, doc, proj, issues)
    specs, spawns = _areas_and_spawns(tm, layers, doc, proj, issues)
    root, tree_issues = build_tree(specs, file=shown)
    issues.extend(tree_issues)
    world = World(root, grid, spawns, int(tm.tilewidth), source=shown)
    return MapLoad(world, issues, tm, layers, proj)


def layers_in_file_order(tiled_map: Any, project: TiledProject | None = None) -> list[LayerRef]:
    """The map layers of any pytmx `TiledMap` (pygame-loaded too) in drawing order, groups applied.

    pytmx lists groups, then tile layers, image layers and object layers, each by type; a renderer
    that draws `tiled_map.layers` in order gets the stacking wrong.
    """
    doc = TmxDocument(Path(tiled_map.filename), str(tiled_map.filename))
    return _layer_refs(tiled_map, doc, project or TiledProject.empty())


def _parse(doc: TmxDocument, proj: TiledProject) -> Any:
    pytmx = _pytmx()
    # Same steps as TiledMap(filename), but fed the parsed tree and the project's class types
    # (pytmx only reads those from an exported JSON list, not from a .tiled-project).
    tm = pytmx.TiledMap()
    tm.filename = str(doc.path)
    tm.parse_json(proj.pytmx_types())
    try:
        tm.parse_xml(doc.root)
    except MapError:
        raise
    except ValueError as exc:
        if "Reserved names" in str(exc):
            raise MapError(
                f"{doc.shown}: a property of the map or a tileset uses a name pytmx "
                "reserves (such as name, width or parent); rename it.",
                path=doc.shown,
            ) from None
        raise MapError(
            f"{doc.shown}: pytmx could not read the map ({exc}).", path=doc.shown
        ) from None
    except Exception as exc:  # pytmx raises bare Exceptions; keep its text, drop the traceback
        raise MapError(
            f"{doc.shown}: pytmx could not read the map ({type(exc).__name__}: {exc}).",
            path=doc.shown,
        ) from None
    return tm


def _layer_refs(tm: Any, doc: TmxDocument, proj: TiledProject) -> list[LayerRef]:
    elements = doc.pytmx_order()
    if len(elements) != len(tm.layers):
        raise MapError(
            f"{doc.shown}: pytmx found {len(tm.layers)} layers where the file has "
            f"{len(elements)}; this pytmx version is not supported.",
            path=doc.shown,
        )
    by_element = dict(zip(elements, tm.layers, strict=True))
    index = doc.file_index()
    kinds = {"layer": "tile", "objectgroup": "object", "imagelayer": "image"}
    refs: list[LayerRef] = []
    for el, layer in by_element.items():
        if el.tag == "group" or not doc.is_map_layer(el):
            continue
        chain = [*doc.groups_of(el), el]
        props: dict[str, Any] = {}
        for node in chain:
            props |= proj.defaults(node.get("class"), "layer")
            props |= dict(getattr(by_element[node], "properties", {}) or {})
        refs.append(
            LayerRef(
                layer=layer,
                kind=kinds[el.tag],
                name=el.get("name", ""),
                index=index[el],
                groups=tuple(g.get("name", "") for g in chain[:-1]),
                visible=all(n.get("visible", "1") != "0" for n in chain),
                opacity=math.prod(float(n.get("opacity", "1")) for n in chain),
                offset=(
                    sum(float(n.get("offsetx", "0")) for n in chain),
                    sum(float(n.get("offsety", "0")) for n in chain),
                ),
                properties=props,
                element=el,
            )
        )
    return sorted(refs, key=lambda r: r.index)


def _collision(
    tm: Any, layers: list[LayerRef], doc: TmxDocument, proj: TiledProject, issues: list[MapIssue]
) -> CollisionGrid:
    width, height, tile = int(tm.width), int(tm.height), int(tm.tilewidth)
    blocked = np.zeros((height, width), dtype=bool)
    solid = np.zeros(int(tm.maxgid) + 1, dtype=bool)
    for gid, props in tm.tile_properties.items():
        merged = proj.defaults(props.get("type") or props.get("class"), "tile") | dict(props)
        if gid < len(solid):
            solid[gid] = _truthy(merged.get("collides"))
    for ref in layers:
        if ref.kind != "tile":
            continue
        data = ref.layer.data
        if len(data) != height or any(len(row) != width for row in data):
            count = sum(len(row) for row in data)
            assert ref.element is not None
            raise doc.fail(
                ref.element,
                f"has {count} tiles but the map is {width}x{height} tiles; "
                "the layer data is cut short",
            )
        gids = np.asarray(data, dtype=np.int64)
        blocked |= solid[gids]
        if _truthy(ref.properties.get("collision")):
            blocked |= gids != 0
    grid = CollisionGrid(blocked, tile)
    for ref in layers:
        if ref.kind == "object" and ref.name.lower() == COLLISION:
            for obj, el in _objects(ref):
                view = _ObjectView(obj, el, doc, tm, ref.offset)
                if view.point:
                    issues.append(
                        view.issue(
                            doc,
                            Severity.WARNING,
                            "collision_point",
                            "is a point on the Collision layer, which blocks nothing",
                        )
                    )
                else:
                    grid.block_rect(view.rect)
    return grid


def _objects(ref: LayerRef) -> list[tuple[Any, ET.Element]]:
    # pytmx builds a layer's objects from findall("object") in the same order.
    assert ref.element is not None
    return list(zip(ref.layer, ref.element.findall("object"), strict=True))


class _ObjectView:
    """An object's geometry and properties with its template (if any) applied."""

    def __init__(
        self, obj: Any, el: ET.Element, doc: TmxDocument, tm: Any, offset: tuple[float, float]
    ) -> None:
        tpl = doc.template_object(el)
        attrs = {**tpl.attrib, **el.attrib}
        self.id = int(attrs.get("id", "0") or 0) or None
        self.name = (attrs.get("name") or "").strip()
        self.cls = (attrs.get("type") or attrs.get("class") or "").strip()
        shape = (
            el
            if any(el.find(t) is not None for t in ("point", "ellipse", "polygon", "polyline"))
            else tpl
        )
        self.point = shape.find("point") is not None
        x = float(attrs.get("x", "0")) + offset[0]
        y = float(attrs.get("y", "0")) + offset[1]
        w, h = float(attrs.get("width", "0")), float(attrs.get("height", "0"))
        poly = shape.find("polygon")
        poly = poly if poly is not None else shape.find("polyline")
        if poly is not None:
            corners = [tuple(map(float, p.split(","))) for p in poly.get("points", "").split()]
        elif attrs.get("gid"):
            corners = [(0.0, -h), (w, -h), (w, 0.0), (0.0, 0.0)]  # tile objects: origin bottom-left
        else:
            corners = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]
        angle = math.radians(float(attrs.get("rotation", "0")))
        cos, sin = math.cos(angle), math.sin(angle)
        pts = [(x + cx * cos - cy * sin, y + cx * sin + cy * cos) for cx, cy in corners] or [(x, y)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        self.rect = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        self.xy = (x, y)
        props: dict[str, Any] = {}
        if el.get("template") and tpl.find("properties") is not None:
            props |= _pytmx().parse_properties(tpl, tm.custom_types)
        self.properties = props | dict(obj.properties or {})

    def issue(self, doc: TmxDocument, severity: Severity, code: str, problem: str) -> MapIssue:
        return MapIssue(severity, code, problem, doc.shown, self.id, self.name or None)


def _areas_and_spawns(
    tm: Any, layers: list[LayerRef], doc: TmxDocument, proj: TiledProject, issues: list[MapIssue]
) -> tuple[list[AreaSpec], dict[str, tuple[float, float]]]:
    kinds = {k.value.lower(): k for k in PlaceKind}
    specs: list[AreaSpec] = []
    spawns: dict[str, tuple[float, float]] = {}
    if not any(r.kind == "object" and r.name.lower() == AREAS for r in layers):
        raise MapError(
            f"{doc.shown}: the map has no object layer named Areas (with a Town rectangle "
            "covering the map).",
            path=doc.shown,
        )
    for ref in layers:
        if ref.kind != "object" or ref.name.lower() not in (AREAS, SPAWNS):
            continue
        for obj, el in _objects(ref):
            view = _ObjectView(obj, el, doc, tm, ref.offset)
            if ref.name.lower() == SPAWNS:
                if not view.name:
                    issues.append(
                        view.issue(
                            doc,
                            Severity.ERROR,
                            "spawn_name",
                            "is a spawn point without a name (player or an NPC's name)",
                        )
                    )
                elif view.name in spawns:
                    issues.append(
                        view.issue(
                            doc,
                            Severity.ERROR,
                            "duplicate_spawn",
                            f'is a second spawn point named "{view.name}"',
                        )
                    )
                else:
                    x, y, w, h = view.rect
                    spawns[view.name] = view.xy if view.point else (x + w / 2, y + h / 2)
                continue
            kind = kinds.get(view.cls.lower())
            if kind is None:
                what = f'has class "{view.cls}"' if view.cls else "has no class"
                issues.append(
                    view.issue(
                        doc,
                        Severity.ERROR,
                        "unknown_class",
                        f"{what}; objects on the Areas layer must be Town, Building, "
                        "Room or Object, so it was skipped",
                    )
                )
                continue
            if view.point:
                issues.append(
                    view.issue(
                        doc,
                        Severity.ERROR,
                        "empty_area",
                        "is a point; areas must be rectangles or polygons, so it was skipped",
                    )
                )
                continue
            props = proj.defaults(view.cls, "object") | view.properties
            specs.append(AreaSpec(view.id, view.name, kind, view.rect, props))
    return specs, spawns
