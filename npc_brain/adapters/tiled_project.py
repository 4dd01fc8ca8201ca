"""TiledProject: the custom property types of a `.tiled-project` file, and their class defaults.

Tiled writes to the `.tmx` only the class members a map maker changed; the defaults live in the
project file, and pytmx does not merge them. This module reads them so the loader can.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from npc_brain.world.errors import MapError


def _empty(value: Any) -> bool:
    # Tiled forces every member to have a default; 0 / false / "" defaults mean "not set".
    return value is None or value is False or value == "" or value == 0 or value == {}


class TiledProject:
    """Custom property types of one Tiled project (classes and enums)."""

    def __init__(self, types: list[dict[str, Any]], path: Path | None = None) -> None:
        self.path = path
        self.types = types
        self.classes = {t["name"]: t for t in types if t.get("type") == "class" and "name" in t}
        self.enums = {t["name"]: t for t in types if t.get("type") == "enum" and "name" in t}

    @classmethod
    def empty(cls) -> TiledProject:
        """A project with no custom types (no project file found)."""
        return cls([], None)

    @classmethod
    def load(cls, path: str | Path) -> TiledProject:
        """Read a `.tiled-project` (or an exported property-types `.json` list)."""
        path = Path(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise MapError(f"The Tiled project {path} does not exist.", path=str(path)) from None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise MapError(
                f"The Tiled project {path} is not readable JSON ({exc}).", path=str(path)
            ) from None
        types = data.get("propertyTypes", []) if isinstance(data, dict) else data
        if not isinstance(types, list) or not all(isinstance(t, dict) for t in types):
            raise MapError(
                f"The Tiled project {path} has no list of propertyTypes.", path=str(path)
            )
        return cls(types, path)

    @classmethod
    def find(cls, map_path: str | Path) -> TiledProject:
        """The project beside the map or in the nearest parent folder that has one (else empty)."""
        here = Path(map_path).resolve().parent
        for folder in (here, *here.parents):
            found = sorted(folder.glob("*.tiled-project"))
            if found:
                return cls.load(found[0])
        return cls.empty()

    @property
    def name(self) -> str:
        """File name for messages."""
        return self.path.name if self.path else "no .tiled-project file"

    def defaults(self, class_name: str | None, use_as: str | None = None) -> dict[str, Any]:
        """Non-empty member defaults of a class (case-insensitive name), for one kind of element."""
        if not class_name:
            return {}
        spec = self.classes.get(class_name) or next(
            (t for n, t in self.classes.items() if n.lower() == class_name.lower()), None
        )
        if spec is None:
            return {}
        if use_as and spec.get("useAs") and use_as not in spec["useAs"]:
            return {}
        return {
            m["name"]: m.get("value")
            for m in spec.get("members", [])
            if "name" in m and not _empty(m.get("value"))
        }

    def pytmx_types(self) -> list[dict[str, Any]]:
        """The class types in the shape `pytmx.TiledMap.parse_json` expects."""
        return [
            {
                "type": "class",
                "name": t["name"],
                "members": [
                    {"name": m["name"], "value": m.get("value")}
                    for m in t.get("members", [])
                    if "name" in m
                ],
            }
            for t in self.classes.values()
        ]
