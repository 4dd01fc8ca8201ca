"""LayerRef: a Tiled map layer as the loader reads it (what pytmx flattens away kept)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any

__all__ = ["LayerRef"]


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
