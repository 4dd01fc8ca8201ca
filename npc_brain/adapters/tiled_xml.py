"""TmxDocument: the raw XML of a `.tmx`, for what pytmx loses or reports badly.

pytmx gives layers grouped by type (not file order), flattens groups, leaves `template=` objects
unresolved, and fails on a bad file with a bare exception that names neither file nor object.
This module checks the file first, so a broken map gets one sentence naming the culprit, and
maps pytmx's layers back to their XML elements (file order, group path).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from npc_brain.adapters.tiled_checks import check_attributes, check_header, layer_gids
from npc_brain.adapters.tiled_files import MapFiles
from npc_brain.adapters.tiled_project import TiledProject
from npc_brain.adapters.tiled_tiles import (
    check_budget,
    check_layer_gids,
    check_object_gids,
    tileset_ranges,
)
from npc_brain.world.errors import MapError

BUILTIN_TYPES = ("string", "int", "float", "bool", "color", "file", "object", "class")
# Attribute names pytmx sets on objects and layers; a property with one of these names makes
# pytmx refuse the whole map ("Reserved names and duplicate names are not allowed").
RESERVED = {
    "object": {
        "id",
        "name",
        "type",
        "class",
        "x",
        "y",
        "width",
        "height",
        "rotation",
        "gid",
        "visible",
        "closed",
        "template",
        "parent",
        "properties",
        "custom_types",
        "image",
        "points",
        "as_points",
    },
    "layer": {
        "id",
        "name",
        "class",
        "visible",
        "opacity",
        "offsetx",
        "offsety",
        "parent",
        "properties",
        "data",
        "width",
        "height",
        "color",
        "draworder",
        "custom_types",
        "source",
        "trans",
        "gid",
        "tintcolor",
        "parallaxx",
        "parallaxy",
        "locked",
    },
}
LAYER_TAGS = ("layer", "objectgroup", "imagelayer", "group")


def read_xml(path: Path, what: str, shown: str) -> ET.Element:
    """Parse an XML file or raise `MapError` saying where it breaks."""
    try:
        return ET.parse(path).getroot()
    except FileNotFoundError:
        raise MapError(f"{shown}: the {what} {path} does not exist.", path=shown) from None
    except ET.ParseError as exc:
        line, col = exc.position
        reason = str(exc).split(":")[0]
        what = shown if what == "map" else f"{shown}: the {what} {path.name}"
        raise MapError(
            f"{what} is not valid XML ({reason} at line {line}, column {col + 1}; is the "
            "file truncated?).",
            path=shown,
        ) from None
    except OSError as exc:
        raise MapError(
            f"{shown}: the {what} {path} cannot be read ({exc.strerror}).", path=shown
        ) from None


class TmxDocument:
    """A `.tmx` file's XML tree with parent links, checks and pytmx layer mapping."""

    def __init__(self, path: Path, shown: str) -> None:
        self.path = path
        self.shown = shown
        self.root = read_xml(path, "map", shown)
        if self.root.tag != "map":
            raise MapError(
                f"{shown}: the file is a <{self.root.tag}>, not a Tiled <map>.", path=shown
            )
        self.parent = {child: node for node in self.root.iter() for child in node}
        self._templates: dict[Path, ET.Element] = {}
        self._project: TiledProject | None = None
        self.size = (0, 0, 0)  # width, height in tiles, tile size in px; set by `check`

    # ----- messages -------------------------------------------------------------------------
    def culprit(self, el: ET.Element) -> tuple[str, int | None, str | None]:
        """How to name the element a problem belongs to, plus its object id and name."""
        node: ET.Element | None = el
        while node is not None:
            if node.tag == "object" and node.get("id"):
                text = node.get("id", "")
                oid = int(text) if text.isdigit() else None  # the id itself may be the problem
                name = node.get("name") or self._template_name(node)
                ident = f"object {text}"
                return (f'{ident} "{name}"' if name else ident), oid, name or None
            if node.tag in LAYER_TAGS and node.get("name") is not None:
                return f'layer "{node.get("name")}"', None, node.get("name")
            if node.tag == "tile":
                ts = self.parent.get(node)
                tileset = ts.get("name") if ts is not None else "?"
                return f'tile {node.get("id")} of tileset "{tileset}"', None, None
            if node.tag == "tileset":
                return f'tileset "{node.get("name") or node.get("source")}"', None, None
            node = self.parent.get(node)
        return "the map", None, None

    def _template_name(self, obj: ET.Element) -> str:
        try:
            return self.template_object(obj).get("name", "")
        except MapError:  # naming the culprit of another problem; the template is reported apart
            return ""

    def fail(self, el: ET.Element, problem: str) -> MapError:
        """A `MapError` about an element: "<file>, <culprit>: <problem>."."""
        where, oid, name = self.culprit(el)
        if where == "the map":
            return MapError(f"{self.shown}: the map {problem}.", path=self.shown)
        return MapError(
            f"{self.shown}, {where}: {problem}.", path=self.shown, object_id=oid, object_name=name
        )

    # ----- checks before pytmx sees the file --------------------------------------------------
    def check(self, project: TiledProject) -> None:
        """Raise `MapError` for what would crash pytmx or the game, or cannot be a town map."""
        self._project = project
        root = self.root
        self.size = check_header(root, self.fail)  # before anything is allocated
        check_attributes(root, self.fail)
        if root.get("orientation", "orthogonal") != "orthogonal":
            raise self.fail(
                root, f"is {root.get('orientation')}; only orthogonal maps are supported"
            )
        if root.get("infinite", "0") == "1" or root.find(".//chunk") is not None:
            raise self.fail(
                root,
                "is infinite, which pytmx cannot load (untick Map > Map "
                "Properties > Infinite and save again)",
            )
        if root.get("tilewidth") != root.get("tileheight"):
            raise self.fail(
                root,
                f"has {root.get('tilewidth')}x{root.get('tileheight')} tiles; only "
                "square tiles are supported",
            )
        self.files = MapFiles(self.path, self.shown, lambda p, what: read_xml(p, what, self.shown))
        self.files.check(root, self.fail)
        for path, tsx in self.files.tilesets.items():
            self.check_properties(tsx, project, where=f'tileset "{path.name}"')
        for data in root.iter("data"):
            enc, comp = data.get("encoding"), data.get("compression")
            if enc not in ("csv", "base64"):
                raise self.fail(
                    data,
                    "stores tiles as XML elements; set Map Properties > Tile Layer "
                    "Format to CSV or Base64 and save again",
                )
            if comp not in (None, "", "zlib", "gzip"):
                raise self.fail(
                    data,
                    f"is compressed with {comp}, which pytmx cannot read (use zlib, gzip or none)",
                )
        # What holding and drawing it costs, before any layer is decoded.
        check_budget(root, self.size[:2], sum(self.files.pixels.values()), self.fail)
        ranges = tileset_ranges(root, self.path.parent, self.files.tilesets)
        for layer in root.iter("layer"):
            gids = layer_gids(layer, self.size[:2], self.fail)
            check_layer_gids(layer, gids, ranges, self.size[0], self.fail)
        check_object_gids(root, ranges, self.fail)
        for obj in root.iter("object"):
            if obj.get("template"):
                self.template_object(obj)
        self.check_properties(root, project)

    def check_properties(
        self, root: ET.Element, project: TiledProject | None, where: str | None = None
    ) -> None:
        """Every property has a known type, a parsable value and a name pytmx accepts."""
        parents = self.parent if where is None else {c: n for n in root.iter() for c in n}
        for prop in root.iter("property"):
            name, ptype = prop.get("name", ""), prop.get("type", "string")
            holder = parents.get(prop)  # <property> -> <properties> -> its element
            owner = parents.get(holder) if holder is not None else None

            def here(msg: str, prop: ET.Element = prop) -> MapError:
                if where is not None:
                    return MapError(f"{self.shown}, {where}: {msg}.", path=self.shown)
                return self.fail(prop, msg)

            if not name.strip():
                raise here("has a property without a name; name it or delete it in Tiled")
            if owner is not None and owner.tag in ("object", *LAYER_TAGS):
                kind = "object" if owner.tag == "object" else "layer"
                if name in RESERVED[kind] or name in owner.attrib:
                    raise here(f'has a property named "{name}", a name pytmx reserves; rename it')
            if ptype not in BUILTIN_TYPES and ptype != "enum":
                raise here(
                    f'has the property "{name}" of type "{ptype}", which Tiled does not '
                    f"define (use {', '.join(BUILTIN_TYPES)})"
                )
            if ptype == "class" and owner is not None and owner.tag in ("tile", "tileset"):
                raise here(
                    f'has the class-typed property "{name}" on a tile, which pytmx cannot '
                    "read; use plain properties (or a tile class) on tiles"
                )
            if ptype == "class":
                cls = prop.get("propertytype", "")
                if project is None or cls not in project.classes:
                    source = project.name if project is not None else "the project"
                    raise here(
                        f'has the property "{name}" of custom class "{cls}", which is not '
                        f"defined in {source}"
                    )
                continue
            value = prop.get("value", prop.text or "")
            try:
                if ptype in ("int", "object"):
                    int(value or 0)
                elif ptype == "float":
                    float(value or 0)
                elif ptype == "bool" and str(value).strip().lower()[:1] not in (
                    "",
                    "t",
                    "f",
                    "1",
                    "0",
                    "y",
                    "n",
                ):
                    raise ValueError(value)
            except ValueError:
                raise here(
                    f'has the {ptype} property "{name}" = "{value}", which is not a valid {ptype}'
                ) from None

    # ----- templates ------------------------------------------------------------------------
    def template_object(self, obj: ET.Element) -> ET.Element:
        """The `<object>` of a `template=` reference (an empty element when there is none)."""
        source = obj.get("template")
        if not source:
            return ET.Element("object")
        path = (self.path.parent / source).resolve()
        if path not in self._templates:
            if not path.exists():
                raise MapError(
                    f'{self.shown}, object {obj.get("id")}: uses the template "{source}", '
                    f"which is missing (looked for {path}).",
                    path=self.shown,
                    object_id=int(obj.get("id", "0") or 0),
                )
            root = read_xml(path, "template", self.shown)
            found = root.find("object")
            self._templates[path] = found if found is not None else ET.Element("object")
            self.check_properties(root, self._project, where=f'template "{source}"')
        return self._templates[path]

    # ----- layers ---------------------------------------------------------------------------
    def pytmx_order(self) -> list[ET.Element]:
        """Elements in the order pytmx appends them to `TiledMap.layers` (grouped by type).

        This includes collision groups of tiles in embedded tilesets, which pytmx mistakes for
        map layers; `is_map_layer` tells them apart.
        """
        root = self.root
        return [
            *root.findall(".//group"),
            *root.findall(".//layer"),
            *root.findall(".//imagelayer"),
            *root.findall(".//objectgroup"),
        ]

    def is_map_layer(self, el: ET.Element) -> bool:
        """False for an object group that belongs to a tile (a tile's collision shapes)."""
        node = self.parent.get(el)
        while node is not None:
            if node.tag in ("tile", "tileset"):
                return False
            node = self.parent.get(node)
        return True

    def groups_of(self, el: ET.Element) -> list[ET.Element]:
        """Enclosing group layers, outermost first."""
        chain: list[ET.Element] = []
        node = self.parent.get(el)
        while node is not None and node.tag == "group":
            chain.append(node)
            node = self.parent.get(node)
        return chain[::-1]

    def file_index(self) -> dict[ET.Element, int]:
        """Document order of every map layer (groups included)."""
        order = [el for el in self.root.iter() if el.tag in LAYER_TAGS and self.is_map_layer(el)]
        return {el: i for i, el in enumerate(order)}
