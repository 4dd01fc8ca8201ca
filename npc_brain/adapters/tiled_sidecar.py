"""Sidecar: npc_brain's places and spawn points in a small JSON file beside the map.

A game whose wall loop turns every map object into a wall cannot carry an `Areas` layer in its
map (the Town rectangle would wall in everything). `village.npc.json` next to `village.tmx`
holds the same areas and spawns instead, and the map stays exactly as the game had it::

    {"areas": [{"name": "Little Creek", "class": "Town", "x": 0, "y": 0, "width": 640, "height": 480},
               {"name": "Ada's House", "class": "Building", "x": 64, "y": 64, "width": 160,
                "height": 128, "properties": {"residents": "Ada Stone", "purpose": "sleep, eat"}}],
     "spawns": {"player": [320, 232], "Ada Stone": [120, 140]}}

Areas read like the `Areas` layer's objects (same classes and properties, nesting by
geometry); spawns are pixel points. `python -m npc_brain.world init MAP -o
MAP-stem.npc.json` writes one from the places npc_brain guesses. See maps/README.md.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from npc_brain.world.builder import AreaSpec
from npc_brain.world.errors import MapError
from npc_brain.world.place import PlaceKind

__all__ = ["SIDECAR_SUFFIX", "Sidecar", "SidecarArea", "read_sidecar", "sidecar_for", "write_sidecar"]

SIDECAR_SUFFIX = ".npc.json"
MAX_BYTES = 4_000_000  # a places file is a few kilobytes; refuse anything absurd before reading it


class SidecarArea(BaseModel):
    """One area, as an object on an `Areas` layer would be."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    name: str = Field(min_length=1, max_length=200)
    kind: Literal["Town", "Building", "Room", "Object"] = Field(alias="class")
    x: float = Field(ge=-1e7, le=1e7)
    y: float = Field(ge=-1e7, le=1e7)
    width: float = Field(gt=0, le=1e7)
    height: float = Field(gt=0, le=1e7)
    properties: dict[str, str | int | float | bool] = Field(default_factory=dict)


class Sidecar(BaseModel):
    """A places file: areas (the containment tree) and spawn points."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    areas: tuple[SidecarArea, ...] = ()
    spawns: dict[str, tuple[float, float]] = Field(default_factory=dict)

    def specs(self) -> list[AreaSpec]:
        """The areas as the tree builder reads them (ids count from 1 in file order)."""
        return [AreaSpec(i, a.name, PlaceKind(a.kind), (a.x, a.y, a.width, a.height), dict(a.properties))
                for i, a in enumerate(self.areas, 1)]


def sidecar_for(map_path: str | Path) -> Path | None:
    """The places file beside a map (`village.tmx` → `village.npc.json`), if there is one."""
    path = Path(map_path)
    side = path.with_name(path.stem + SIDECAR_SUFFIX)
    return side if side.is_file() else None


def read_sidecar(path: str | Path) -> Sidecar:
    """Read a places file; anything wrong with it is a `MapError` in one sentence."""
    path = Path(path)
    shown = str(path)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise MapError(f"{shown} is over {MAX_BYTES // 1_000_000} MB; a places file is a few kB.", path=shown)
        raw: Any = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise MapError(f"{shown} cannot be read ({exc.strerror}).", path=shown) from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise MapError(f"{shown} is not valid JSON ({exc}).", path=shown) from None
    try:
        return Sidecar.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "the file"
        area = _area_name(raw, err["loc"])
        raise MapError(f"{shown}: {where}{area}: {err['msg']}.", path=shown) from None


def _area_name(raw: Any, loc: tuple[Any, ...]) -> str:
    if len(loc) >= 2 and loc[0] == "areas" and isinstance(loc[1], int) and isinstance(raw, dict):
        areas = raw.get("areas")
        if isinstance(areas, list) and loc[1] < len(areas) and isinstance(areas[loc[1]], dict):
            name = areas[loc[1]].get("name")
            return f' ("{name}")' if isinstance(name, str) else ""
    return ""


def write_sidecar(path: str | Path, specs: list[AreaSpec], spawns: dict[str, tuple[float, float]]) -> None:
    """Write a places file (what `world init -o X.npc.json` makes)."""
    data = {
        "areas": [{"name": s.name, "class": s.kind.value, "x": s.rect[0], "y": s.rect[1], "width": s.rect[2],
                   "height": s.rect[3], **({"properties": dict(s.properties)} if s.properties else {})}
                  for s in specs],
        "spawns": {name: [x, y] for name, (x, y) in spawns.items()},
    }
    Path(path).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
