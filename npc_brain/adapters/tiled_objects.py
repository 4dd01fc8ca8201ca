"""ObjectView: one Tiled object's true shape and properties, with its template applied.

pytmx leaves `template=` objects unresolved and keeps no rotation-aware outline; the loader reads
areas, spawns and collision shapes through this view instead.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from npc_brain.world.errors import MapIssue, Severity

if TYPE_CHECKING:
    from npc_brain.adapters.tiled_xml import TmxDocument

Point = tuple[float, float]
_ELLIPSE_STEPS = 24  # an ellipse outline as a polygon; plenty at one-tile resolution


def truthy(value: Any) -> bool:
    """A Tiled bool (or "1"/"yes"/"true" text) as a Python bool."""
    if isinstance(value, bool):
        return value
    return str(value or "").strip().lower() in ("1", "true", "yes")


def layer_objects(layer: Any, element: ET.Element) -> list[tuple[Any, ET.Element]]:
    """pytmx's objects of a layer paired with their XML (pytmx keeps `findall` order)."""
    return list(zip(layer, element.findall("object"), strict=True))


class ObjectView:
    """An object's geometry and properties, template applied.

    `shape` is "rect", "tile", "polygon", "polyline", "ellipse" or "point"; `outline` is its
    corners in map pixels (rotation applied, ellipses sampled); `rect` its bounding box.
    """

    def __init__(
        self,
        obj: Any,
        el: ET.Element,
        doc: TmxDocument,
        offset: Point,
        parse_properties: Callable[[ET.Element], dict[str, Any]],
    ) -> None:
        tpl = doc.template_object(el)
        attrs = {**tpl.attrib, **el.attrib}
        self.id = int(attrs.get("id", "0") or 0) or None
        self.name = (attrs.get("name") or "").strip()
        self.cls = (attrs.get("type") or attrs.get("class") or "").strip()
        tags = ("point", "ellipse", "polygon", "polyline")
        shape_el = el if any(el.find(t) is not None for t in tags) else tpl
        found = next((t for t in tags if shape_el.find(t) is not None), None)
        x = float(attrs.get("x", "0")) + offset[0]
        y = float(attrs.get("y", "0")) + offset[1]
        w, h = float(attrs.get("width", "0")), float(attrs.get("height", "0"))
        self.rotation = float(attrs.get("rotation", "0")) % 360
        if found in ("polygon", "polyline"):
            node = shape_el.find(found)
            assert node is not None
            corners = _points(node.get("points", ""), doc, el)
        elif found == "ellipse":
            steps = range(_ELLIPSE_STEPS)
            corners = [
                (
                    w / 2 * (1 + math.cos(2 * math.pi * i / _ELLIPSE_STEPS)),
                    h / 2 * (1 + math.sin(2 * math.pi * i / _ELLIPSE_STEPS)),
                )
                for i in steps
            ]
        elif attrs.get("gid"):
            corners = [(0.0, -h), (w, -h), (w, 0.0), (0.0, 0.0)]  # tile objects: origin bottom-left
        else:
            corners = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]
        self.shape = found or ("tile" if attrs.get("gid") else "rect")
        self.point = found == "point"
        angle = math.radians(self.rotation)
        cos, sin = math.cos(angle), math.sin(angle)
        pts = [(x + cx * cos - cy * sin, y + cx * sin + cy * cos) for cx, cy in corners] or [(x, y)]
        self.outline: list[Point] = pts
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        self.rect = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        self.xy = (x, y)
        self.gid = int(attrs.get("gid", "0") or 0)
        props: dict[str, Any] = {}
        if el.get("template") and tpl.find("properties") is not None:
            props |= parse_properties(tpl)
        self.properties = props | dict(obj.properties or {})

    @property
    def axis_aligned(self) -> bool:
        """A plain rectangle (or tile) whose bounding box is its true shape."""
        return self.shape in ("rect", "tile") and self.rotation % 90 == 0

    def issue(self, doc: TmxDocument, severity: Severity, code: str, problem: str) -> MapIssue:
        """A finding about this object."""
        return MapIssue(severity, code, problem, doc.shown, self.id, self.name or None)


def _points(text: str, doc: TmxDocument, el: ET.Element) -> list[Point]:
    out: list[Point] = []
    for pair in text.split():
        try:
            px, py = (float(v) for v in pair.split(","))
        except ValueError:
            raise doc.fail(el, f'has the point "{pair}" in its outline, which is not x,y') from None
        if not (math.isfinite(px) and math.isfinite(py)):
            raise doc.fail(el, f'has the point "{pair}" in its outline, which is not x,y')
        out.append((px, py))
    return out


def inside(xs: np.ndarray, ys: np.ndarray, polygon: list[Point]) -> np.ndarray:
    """Even-odd point-in-polygon test for arrays of points (the polygon's corners in order)."""
    hit = np.zeros(np.shape(xs), dtype=bool)
    for i, (x1, y1) in enumerate(polygon):
        x2, y2 = polygon[(i + 1) % len(polygon)]
        if y1 == y2:
            continue  # a horizontal edge is never crossed by a horizontal ray
        crosses = (y1 > ys) != (y2 > ys)
        hit ^= crosses & (xs < x1 + (ys - y1) * (x2 - x1) / (y2 - y1))
    return hit
