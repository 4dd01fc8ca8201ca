"""Load a Tiled `.tmx` town into a `World` with pytmx, headless (no pygame, no images).

Conventions (see maps/README.md): object layer `Areas` holds Town/Building/Room/Object areas (a map
without one gets places guessed from what it has, `tiled_places`), collision comes from tiles and
layers as `tiled_collision` explains, object layer `Spawns` holds named points. A places file
beside the map (`village.npc.json`, `tiled_sidecar`) replaces both layers, so a game that walls in
every map object keeps its map as it was.
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

from npc_brain.adapters.tiled_collision import CollisionNames, build_collision
from npc_brain.adapters.tiled_layers import LayerRef
from npc_brain.adapters.tiled_objects import ObjectView, layer_objects
from npc_brain.adapters.tiled_project import TiledProject
from npc_brain.adapters.tiled_sidecar import read_sidecar, sidecar_for
from npc_brain.adapters.tiled_xml import TmxDocument
from npc_brain.world.builder import AreaSpec, build_tree
from npc_brain.world.errors import MapError, MapIssue, Severity
from npc_brain.world.place import PlaceKind
from npc_brain.world.world import World

log = logging.getLogger(__name__)

AREAS, SPAWNS = "areas", "spawns"
GUIDE = "maps/README.md"  # where map makers read the conventions (shipped in the repository)


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


@dataclass
class MapLoad:
    """Everything `read_map` found: the world, the problems, and pytmx's map for renderers."""

    world: World
    issues: list[MapIssue]
    tiled_map: Any
    layers: list[LayerRef]
    project: TiledProject
    collision: dict[str, int] = field(default_factory=dict)
    """Blocked cells per collision source ("layer \"walls\" (its name)": 976); may overlap."""

    @property
    def errors(self) -> list[MapIssue]:
        """Issues that make `load_world` refuse the map."""
        return [i for i in self.issues if i.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[MapIssue]:
        """Issues worth fixing that do not stop loading."""
        return [i for i in self.issues if i.severity is Severity.WARNING]


def load_world(path: str | os.PathLike[str], *, project: str | os.PathLike[str] | None = None,
               collision: CollisionNames | None = None, places: str | os.PathLike[str] | None = None) -> World:
    """Load a `.tmx` into a `World`; any error in the map raises `MapError` (one sentence).

    `places`: a places file (`adapters.tiled_sidecar`) to read areas and spawns from instead of
    the map's own layers; by default `<map stem>.npc.json` beside the map, when there is one.

    `project` is the `.tiled-project` whose class defaults to merge; by default the nearest one
    beside the map or in a parent folder. `collision` says which layer and property names block
    movement. Warnings (an unknown purpose word) are logged.
    """
    loaded = read_map(path, project=project, collision=collision, places=places)
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


def read_map(path: str | os.PathLike[str], *, project: str | os.PathLike[str] | None = None,
             collision: CollisionNames | None = None, places: str | os.PathLike[str] | None = None) -> MapLoad:
    """Load a map and collect its problems instead of stopping at the first one (for the lint).

    Raises `MapError` only when no world can be built at all (bad XML, missing files, an absurd
    size, no Town on an Areas layer).
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

    def props(el: ET.Element) -> dict[str, Any]:
        return dict(_pytmx().parse_properties(el, tm.custom_types))

    found = build_collision(tm, layers, doc, proj, issues, collision or CollisionNames(), props)
    if not found.sources:
        issues.append(
            MapIssue(
                Severity.WARNING,
                "no_collision",
                "nothing on the map blocks movement (0 blocked cells), so NPCs walk through walls, "
                "water and trees: in Tiled, select the tiles people cannot cross in their tileset "
                "and give them the bool property collides = true, or put them on a tile layer named "
                "walls (or Collision), or draw rectangles over them on an object layer named "
                f"Collision (see {GUIDE})",
                shown,
            )
        )
    specs, spawns = _areas_and_spawns(tm, layers, doc, proj, issues, props)
    own = any(r.kind == "object" and r.name.strip().lower() == AREAS for r in layers)
    side = Path(places) if places is not None else sidecar_for(file)
    if side is not None:  # npc_brain's places kept apart from the game's map
        car = read_sidecar(side)
        if own:
            issues.append(MapIssue(Severity.WARNING, "sidecar", f"the places come from {side}, so the "
                                   "map's own Areas layer is not used", shown))
        specs, spawns = car.specs(), {**spawns, **car.spawns}
    elif not own:
        specs += _guessed(layers, doc, found.grid, collision or CollisionNames(), spawns, issues)
    root, tree_issues = build_tree(specs, file=shown)
    issues.extend(tree_issues)
    world = World(root, found.grid, spawns, doc.size[2], source=shown)
    return MapLoad(world, issues, tm, layers, proj, found.sources)


def layers_in_file_order(tiled_map: Any, project: TiledProject | None = None) -> list[LayerRef]:
    """The map layers of any pytmx `TiledMap` (pygame-loaded too) in drawing order, groups applied.

    pytmx lists groups, then tile layers, image layers and object layers, each by type; a renderer
    that draws `tiled_map.layers` in order gets the stacking wrong.
    """
    doc = TmxDocument(Path(tiled_map.filename), str(tiled_map.filename))
    return _layer_refs(tiled_map, doc, project or TiledProject.empty())


def _keyed_loader(filename: str, colorkey: Any, **_: Any) -> Any:
    """pytmx's image loader without images: (file, rect, flags, trans), so a renderer can make the
    tileset's transparent colour transparent (pytmx's default loader drops it)."""

    def load(rect: Any = None, flags: Any = None) -> tuple[str, Any, Any, Any]:
        return filename, rect, flags, colorkey

    return load


def _parse(doc: TmxDocument, proj: TiledProject) -> Any:
    pytmx = _pytmx()
    # Same steps as TiledMap(filename), but fed the parsed tree and the project's class types
    # (pytmx only reads those from an exported JSON list, not from a .tiled-project).
    tm = pytmx.TiledMap(image_loader=_keyed_loader)
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
    except Exception as exc:  # noqa: BLE001 - pytmx raises bare Exceptions; keep its text, drop the traceback
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


def _areas_and_spawns(tm: Any, layers: list[LayerRef], doc: TmxDocument, proj: TiledProject,
                      issues: list[MapIssue], props: Any) -> tuple[list[AreaSpec], dict[str, tuple[float, float]]]:
    kinds = {k.value.lower(): k for k in PlaceKind}
    specs: list[AreaSpec] = []
    spawns: dict[str, tuple[float, float]] = {}
    if not any(r.kind == "object" and r.name.strip().lower() == AREAS for r in layers):
        width, height, tile = doc.size
        # Not named by the map maker: where NPCs merely are in it goes unsaid ("at Town").
        specs.append(AreaSpec(None, "Town", PlaceKind.TOWN, (0, 0, width * tile, height * tile),
                              {"review": True}))
    for ref in layers:
        kind_of_layer = ref.name.strip().lower()
        if ref.kind != "object" or kind_of_layer not in (AREAS, SPAWNS):
            continue
        assert ref.element is not None
        for obj, el in layer_objects(ref.layer, ref.element):
            view = ObjectView(obj, el, doc, ref.offset, props)
            if kind_of_layer == SPAWNS:
                _spawn(view, doc, spawns, issues)
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
            if not view.axis_aligned and kind is not PlaceKind.TOWN:
                shape = "rotated rectangle" if view.shape in ("rect", "tile") else view.shape
                issues.append(
                    view.issue(
                        doc,
                        Severity.WARNING,
                        "area_shape",
                        f"is a {shape}; npc_brain uses its bounding box "
                        f"({', '.join(f'{v:g}' for v in view.rect)}) for who is inside, so draw "
                        "an unrotated rectangle if the box covers more than you mean",
                    )
                )
            merged = proj.defaults(view.cls, "object") | view.properties
            specs.append(AreaSpec(view.id, view.name, kind, view.rect, merged))
    return specs, spawns


def _guessed(layers: list[LayerRef], doc: TmxDocument, grid: Any, names: CollisionNames,
             spawns: dict[str, tuple[float, float]], issues: list[MapIssue]) -> list[AreaSpec]:
    """Buildings for a map without an Areas layer, guessed from what it has (`tiled_places`)."""
    from npc_brain.adapters.tiled_places import map_sites

    found = map_sites(layers, doc, grid, names, spawns)
    listed = ", ".join(s.name for s in found[:8]) + (f" and {len(found) - 8} more" if len(found) > 8 else "")
    issues.append(
        MapIssue(
            Severity.WARNING,
            "no_areas",
            f"the map has no Areas layer, so npc_brain guessed {len(found)} places from what it has "
            f"({listed or 'none'}), each marked review; to name and shape them yourself, add an "
            "object layer named Areas with Building and Room rectangles, or run python -m "
            f"npc_brain.world init MAP -o OUT for an editable copy (see {GUIDE})",
            doc.shown,
        )
    )
    return [AreaSpec(None, s.name, PlaceKind.BUILDING, s.rect, s.properties()) for s in found]


def _spawn(view: ObjectView, doc: TmxDocument, spawns: dict[str, tuple[float, float]], issues: list[MapIssue]
           ) -> None:
    if not view.name:
        issues.append(
            view.issue(
                doc,
                Severity.ERROR,
                "spawn_name",
                "is a spawn point without a name (player or an NPC's name)",
            )
        )
        return
    same = next((n for n in spawns if n.casefold() == view.name.casefold()), None)
    if same is not None:
        issues.append(
            view.issue(
                doc,
                Severity.ERROR,
                "duplicate_spawn",
                f'is a second spawn point named "{view.name}"'
                + ("" if same == view.name else f' (names ignore case: "{same}")'),
            )
        )
        return
    x, y, w, h = view.rect
    spawns[view.name] = view.xy if view.point else (x + w / 2, y + h / 2)
