"""Scaffold: a first `Areas` layer for a map that has none, guessed from what the map has.

`python -m npc_brain.world init MAP -o OUT` writes a copy of MAP with an Areas layer (and a
`player` spawn when there is none) and prints every guess. The guesses are the places the
loader gives such a map (`tiled_places.map_sites`): objects and tile layers whose names mean a
place ("Inn", "house"; never render layers, triggers or characters), regions walled in by
collision, spawn points named after people, and places on open ground named by use.

Every guessed area carries the bool property `review = true` and a description saying where it
came from, so the map maker can find, rename, reshape or delete them in Tiled. Name OUT
`MAP-stem.npc.tmx` beside MAP and it is a sidecar: npc_brain reads its places from it and the
game's own map stays as it was (see maps/README.md).
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

from npc_brain.adapters.tiled import read_map
from npc_brain.adapters.tiled_collision import CollisionNames
from npc_brain.adapters.tiled_places import map_sites
from npc_brain.adapters.tiled_sidecar import write_sidecar
from npc_brain.adapters.tiled_xml import TmxDocument
from npc_brain.world.builder import AreaSpec
from npc_brain.world.errors import MapError
from npc_brain.world.lint import largest_area_point
from npc_brain.world.place import PlaceKind


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
    guesses = map_sites(loaded.layers, TmxDocument(src, str(src)), world.grid, names, world.spawns)
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
    for guess in guesses:
        next_id += 1
        areas.append(_object(next_id, guess.name, "Building", guess.rect, guess.properties()))
        x, y, w, h = guess.rect
        made.append(f'Building "{guess.name}" ({guess.use}) at {x:g},{y:g} {w:g}x{h:g} px, from {guess.reason}')
    if world.spawn("player") is None:
        spot = largest_area_point(world)
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


def scaffold_places(src: str | os.PathLike[str], dst: str | os.PathLike[str],
                    names: CollisionNames | None = None) -> list[str]:
    """Write `dst`, a places file (`tiled_sidecar`) with the places guessed for `src`, which stays
    untouched; returns what was made. Name it `<map stem>.npc.json` beside the map to use it."""
    src, dst = Path(src), Path(dst)
    names = names or CollisionNames()
    loaded = read_map(src, collision=names)
    if any(r.kind == "object" and r.name.strip().lower() == "areas" for r in loaded.layers):
        raise MapError(f"{src} already has an Areas layer; edit it in Tiled instead.", path=str(src))
    world, tile = loaded.world, loaded.world.tile_size
    guesses = map_sites(loaded.layers, TmxDocument(src, str(src)), world.grid, names, world.spawns)
    town = src.stem.replace("_", " ").replace("-", " ").strip().title() or "Town"
    size = (0.0, 0.0, float(world.grid.cols * tile), float(world.grid.rows * tile))
    specs = [AreaSpec(None, town, PlaceKind.TOWN, size, {"review": True})]
    specs += [AreaSpec(None, g.name, PlaceKind.BUILDING, g.rect, g.properties()) for g in guesses]
    spawns = dict(world.spawns)
    made = [f'Town "{town}" covering the map (named after the file)']
    made += [f'Building "{g.name}" ({g.use}) at {g.rect[0]:g},{g.rect[1]:g} {g.rect[2]:g}x{g.rect[3]:g} px, '
             f"from {g.reason}" for g in guesses]
    if world.spawn("player") is None and (spot := largest_area_point(world)) is not None:
        spawns["player"] = spot
        made.append(f"Spawn point player at {spot[0]:g},{spot[1]:g} (the largest walkable area)")
    dst.parent.mkdir(parents=True, exist_ok=True)
    write_sidecar(dst, specs, spawns)
    return made
