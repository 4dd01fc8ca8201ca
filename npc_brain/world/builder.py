"""Building the containment tree from map areas (engine-agnostic; the Tiled adapter feeds it).

Nesting comes from geometry: each area's parent is the smallest enclosing area of a higher level
(Town > Building > Room > Object); an explicit `container` reference overrides it. Property values
are checked here, so every map format gets the same messages.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import time

from npc_brain.world.errors import MapError, MapIssue, Severity
from npc_brain.world.hours import parse_hhmm
from npc_brain.world.place import ACTIVITIES, Place, PlaceKind, rect_problem
from npc_brain.world.world import slugify

LEVEL = {PlaceKind.TOWN: 0, PlaceKind.BUILDING: 1, PlaceKind.ROOM: 2, PlaceKind.OBJECT: 3}
KNOWN_PROPERTIES = (
    "description",
    "capacity",
    "opens",
    "closes",
    "owner",
    "residents",
    "purpose",
    "state",
    "invite_only",
    "container",
)
# Containment tolerates hand-drawn rectangles that miss an edge by less than a pixel.
_SLACK = 0.5


@dataclass(frozen=True)
class AreaSpec:
    """One area as drawn on the map: id, display name, kind, pixel rect and its properties."""

    id: int | None
    name: str
    kind: PlaceKind
    rect: tuple[float, float, float, float]
    properties: Mapping[str, object] = field(default_factory=dict)


def _encloses(
    outer: tuple[float, float, float, float], inner: tuple[float, float, float, float]
) -> bool:
    ox, oy, ow, oh = outer
    ix, iy, iw, ih = inner
    return (
        ix >= ox - _SLACK
        and iy >= oy - _SLACK
        and ix + iw <= ox + ow + _SLACK
        and iy + ih <= oy + oh + _SLACK
    )


class _Props:
    """Reads one area's properties, recording problems as issues (not stopping at the first)."""

    def __init__(self, spec: AreaSpec, file: str, issues: list[MapIssue]) -> None:
        self.spec, self.file, self.issues = spec, file, issues
        self.raw = dict(spec.properties)

    def issue(self, severity: Severity, code: str, problem: str) -> None:
        self.issues.append(
            MapIssue(severity, code, problem, self.file, self.spec.id, self.spec.name)
        )

    def text(self, key: str) -> str:
        value = self.raw.get(key)
        return "" if value is None else str(value).strip()

    def names(self, key: str) -> frozenset[str]:
        return frozenset(n.strip() for n in self.text(key).split(",") if n.strip())

    def capacity(self) -> int | None:
        value = self.raw.get("capacity")
        if value is None or value == "":
            return None
        if isinstance(value, bool) or not isinstance(value, (int, str, float)):
            self.issue(
                Severity.ERROR,
                "bad_capacity",
                f"has capacity {value!r}, which is not a whole number",
            )
            return None
        try:
            number = float(value)
        except ValueError:
            self.issue(
                Severity.ERROR,
                "bad_capacity",
                f"has capacity {value!r}, which is not a whole number",
            )
            return None
        if number != int(number):
            self.issue(
                Severity.ERROR,
                "bad_capacity",
                f"has capacity {value!r}, which is not a whole number",
            )
            return None
        return int(number)

    def hours(self, key: str) -> time | None:
        text = self.text(key)
        if not text:
            return None
        try:
            return parse_hhmm(text)
        except ValueError:
            self.issue(
                Severity.ERROR,
                "bad_hours",
                f'has {key} "{text}", which is not a time of day like 08:00',
            )
            return None

    def purpose(self) -> frozenset[str]:
        words = [w.strip().lower() for w in self.text("purpose").split(",") if w.strip()]
        unknown = [w for w in words if w not in ACTIVITIES]
        for word in unknown:
            close = difflib.get_close_matches(word, ACTIVITIES, n=1)
            hint = f" (did you mean {close[0]}?)" if close else f" (known: {', '.join(ACTIVITIES)})"
            self.issue(
                Severity.WARNING,
                "unknown_purpose",
                f'has the purpose word "{word}", which is not an activity{hint}',
            )
        return frozenset(w for w in words if w in ACTIVITIES)

    def flag(self, key: str) -> bool:
        value = self.raw.get(key)
        if isinstance(value, bool):
            return value
        return str(value or "").strip().lower() in ("1", "true", "yes")

    def container(self) -> int | None:
        value = self.raw.get("container")
        if value in (None, "", 0, "0"):
            return None
        try:
            return int(str(value))
        except (TypeError, ValueError):
            self.issue(
                Severity.ERROR,
                "bad_container",
                f"has container {value!r}, which is not an object reference",
            )
            return None

    def typos(self) -> None:
        for key in self.raw:
            if key in KNOWN_PROPERTIES:
                continue
            close = difflib.get_close_matches(key, KNOWN_PROPERTIES, n=1, cutoff=0.8)
            if close:
                self.issue(
                    Severity.WARNING,
                    "unknown_property",
                    f'has a property "{key}"; did you mean "{close[0]}"?',
                )


def build_tree(specs: Sequence[AreaSpec], *, file: str = "") -> tuple[Place, list[MapIssue]]:
    """Nest areas into a tree of `Place`s; returns the Town and the problems found.

    Raises `MapError` only when there is no tree to return (no Town, or more than one).
    """
    issues: list[MapIssue] = []
    towns = [s for s in specs if s.kind is PlaceKind.TOWN]
    if len(towns) != 1:
        if not towns:
            raise MapError(
                f"{file}: the Areas layer has no Town rectangle covering the map.", path=file
            )
        ids = ", ".join(f'{t.id} "{t.name}"' for t in towns)
        raise MapError(
            f"{file}: there must be exactly one Town area, but objects {ids} all are.",
            path=file,
            object_id=towns[1].id,
            object_name=towns[1].name,
        )
    by_id = {s.id: s for s in specs if s.id is not None}
    ordered = sorted(specs, key=lambda s: LEVEL[s.kind])  # stable: map order within a level
    places: dict[int, Place] = {}  # id(spec) -> Place

    for spec in ordered:
        props = _Props(spec, file, issues)
        far = rect_problem(spec.rect)
        if far is not None and spec.kind is not PlaceKind.TOWN:
            props.issue(Severity.ERROR, "far_area", f"{far}; it was skipped")
            continue
        if spec.kind is PlaceKind.TOWN and (
            not slugify(spec.name) or far is not None or spec.rect[2] <= 0 or spec.rect[3] <= 0
        ):
            raise MapError(
                f'{file}, object {spec.id} "{spec.name}": the Town area needs a name and a size.',
                path=file,
                object_id=spec.id,
                object_name=spec.name,
            )
        if not slugify(spec.name):
            props.issue(
                Severity.ERROR, "bad_name", "has no name to make an address from; it was skipped"
            )
            continue
        if spec.rect[2] <= 0 or spec.rect[3] <= 0:
            props.issue(
                Severity.ERROR,
                "empty_area",
                "has no width or height (areas must be rectangles or polygons); it was skipped",
            )
            continue
        parent: Place | None = None
        if spec.kind is not PlaceKind.TOWN:
            parent = _parent_of(spec, ordered, by_id, places, props)
        place = Place(
            address="",
            name=spec.name.strip(),
            kind=spec.kind,
            description=props.text("description"),
            rect=spec.rect,
            capacity=props.capacity(),
            opens=props.hours("opens"),
            closes=props.hours("closes"),
            owner=props.text("owner") or None,
            residents=props.names("residents"),
            purpose=props.purpose(),
            state=props.text("state"),
            tiled_id=spec.id,
            invite_only=props.flag("invite_only"),
            properties=dict(spec.properties),
        )
        props.typos()
        slug = slugify(spec.name)
        if parent is None:
            place.address = slug
        else:
            address = f"{parent.address}:{slug}"
            if any(c.address == address for c in parent.children):
                other = next(c for c in parent.children if c.address == address)
                props.issue(
                    Severity.ERROR,
                    "duplicate_address",
                    f'has the same address {address} as object {other.tiled_id} "{other.name}"; '
                    "rename one of them",
                )
                n = 2
                while any(c.address == f"{address}_{n}" for c in parent.children):
                    n += 1
                address = f"{address}_{n}"
            place.address = address
            place.parent = parent
            parent.children.append(place)
        places[id(spec)] = place

    return places[id(towns[0])], issues


def _parent_of(
    spec: AreaSpec,
    ordered: Sequence[AreaSpec],
    by_id: Mapping[int, AreaSpec],
    places: Mapping[int, Place],
    props: _Props,
) -> Place:
    level = LEVEL[spec.kind]
    ref = props.container()
    if ref is not None:
        target = by_id.get(ref)
        if target is None or id(target) not in places:
            props.issue(
                Severity.ERROR,
                "bad_container",
                f"has container {ref}, which is not an area of the Areas layer",
            )
        elif LEVEL[target.kind] >= level:
            props.issue(
                Severity.ERROR,
                "bad_container",
                f'has container {ref} "{target.name}", a {target.kind} that cannot hold a '
                f"{spec.kind}",
            )
        else:
            return places[id(target)]
    best: AreaSpec | None = None
    for other in ordered:
        if (
            LEVEL[other.kind] >= level
            or id(other) not in places
            or not _encloses(other.rect, spec.rect)
        ):
            continue
        if best is None:
            best = other
            continue
        area, best_area = other.rect[2] * other.rect[3], best.rect[2] * best.rect[3]
        if area < best_area or (area == best_area and LEVEL[other.kind] > LEVEL[best.kind]):
            best = other
    if best is not None:
        return places[id(best)]
    town = next(s for s in ordered if s.kind is PlaceKind.TOWN)
    props.issue(Severity.WARNING, "outside_town", "lies partly outside the Town area")
    return places[id(town)]
