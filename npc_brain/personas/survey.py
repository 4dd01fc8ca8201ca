"""Survey: what a map offers the people who will live on it — homes and their beds, workplaces,
and the public places where everyday life happens.

Read from structure only: a sleeping place is a place whose own purpose is sleep and that has
no sleeping place inside it (a bedroom, a dorm room, a house drawn without rooms); its beds are
the sleep objects inside and their `capacity` (else the place's capacity, else its floor area);
who the map says lives there (`residents`, a private room's `owner`) stays there. A workplace
is a building whose purposes include work, shop, study or cook and that is nobody's home. A
public spot is a building nobody owns privately, with the activities of it and its rooms.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import time

from npc_brain.language.folding import fold
from npc_brain.world.homes import WORK_PURPOSES
from npc_brain.world.place import Place, PlaceKind
from npc_brain.world.world import World

__all__ = ["Bedroom", "Home", "Spot", "Survey", "Workplace", "has_words", "survey"]

_TOKEN = re.compile(r"[a-z0-9]+")
SHARED_ROOMS = 4  # a building with this many sleeping places houses one household a room


def has_words(text: str, words: Iterable[str]) -> int:
    """How many of `words` (single words or phrases) the text says as whole words."""
    padded = " " + " ".join(_TOKEN.findall(fold(text))) + " "
    return sum(1 for w in words if f" {' '.join(_TOKEN.findall(fold(w)))} " in padded)


@dataclass(frozen=True, slots=True)
class Bedroom:
    """A sleeping place: a persona's `home` address, its beds and the people the map puts there."""

    address: str
    name: str
    beds: tuple[int, ...]
    """Capacity of each bed (one entry when the map draws no beds)."""
    named: tuple[str, ...] = ()

    @property
    def capacity(self) -> int:
        """How many people sleep here (never fewer than the map names)."""
        return max(sum(self.beds), len(self.named))

    @property
    def double(self) -> bool:
        """A bed for two (a couple's room, not two single beds)."""
        return any(b >= 2 for b in self.beds)


@dataclass(frozen=True, slots=True)
class Home:
    """A building people live in, with its sleeping places in map order."""

    address: str
    name: str
    rooms: tuple[Bedroom, ...]
    shared: bool
    """Many households, one per sleeping place (a dorm, a block of flats)."""
    students: bool
    centre: tuple[float, float]

    @property
    def capacity(self) -> int:
        """Beds in the whole building."""
        return sum(r.capacity for r in self.rooms)

    @property
    def named(self) -> tuple[str, ...]:
        """Everyone the map says lives here."""
        return tuple(n for r in self.rooms for n in r.named)


@dataclass(frozen=True, slots=True)
class Spot:
    """A place people go to: its activities (its purposes and its rooms') and its hours."""

    address: str
    name: str
    activities: frozenset[str]
    purpose: frozenset[str]
    """The place's own purpose (what the rules check an activity against)."""
    opens: time | None
    closes: time | None
    centre: tuple[float, float]


@dataclass(frozen=True, slots=True)
class Workplace:
    """A building people work in, with the rooms they may work in (address, name, text, purposes)."""

    address: str
    name: str
    text: str
    """Its name and description (what its kind is read from)."""
    rooms: tuple[tuple[str, str, str, frozenset[str]], ...]
    purposes: frozenset[str]
    """Its purposes and its rooms' (what generic jobs are read from)."""
    owner: str | None
    opens: time | None
    closes: time | None
    private: bool
    centre: tuple[float, float]
    tiles: float = 0.0
    """Its floor area in tiles (how many people can work there)."""


@dataclass(frozen=True)
class Survey:
    """What `survey` found on a map."""

    town: str | None
    """The town's name as people say it (None when the map does not name it)."""
    homes: tuple[Home, ...]
    workplaces: tuple[Workplace, ...]
    spots: tuple[Spot, ...]

    @property
    def beds(self) -> int:
        """How many people the map's homes sleep."""
        return sum(h.capacity for h in self.homes)


def _purposes(place: Place) -> frozenset[str]:
    out = set(place.purpose)
    for node in place.walk():
        if node.kind is not PlaceKind.OBJECT:
            out |= node.purpose
    return frozenset(out)


def _tiles(place: Place, tile: int) -> float:
    return place.rect[2] * place.rect[3] / float(tile * tile)


def _beds(place: Place, tile: int) -> tuple[int, ...]:
    beds = tuple(max(1, o.capacity or 1) for o in place.walk()
                 if o.kind is PlaceKind.OBJECT and "sleep" in o.purpose)
    if beds:
        return beds
    if place.capacity:
        return (place.capacity,)
    # No beds drawn: a room sleeps two when it is big enough, a house drawn whole by its floor.
    if place.kind is PlaceKind.ROOM:
        return (2 if _tiles(place, tile) >= 12 else 1,)
    return (max(1, min(4, int(_tiles(place, tile) // 20))),)


def _hours_above(place: Place) -> bool:
    return any(n.opens is not None or n.closes is not None for n in [place, *place.ancestors()])


def _sleeping_places(world: World) -> list[Place]:
    out = []
    for p in world:
        if p.kind is PlaceKind.OBJECT or p.kind is PlaceKind.TOWN or "sleep" not in p.purpose:
            continue
        if any(c.kind is not PlaceKind.OBJECT and "sleep" in _purposes(c) for c in p.children):
            continue  # the bedrooms inside are the sleeping places
        named = p.residents or (p.owner is not None and p.private)
        if not named and (_hours_above(p) or p.invite_only):
            continue  # a bed in a place with opening hours is nobody's home (an inn's rooms)
        out.append(p)
    return out


def _building(world: World, place: Place) -> Place:
    return world.enclosing(place, PlaceKind.BUILDING) or place


def _homes(world: World, words: tuple[tuple[str, ...], tuple[str, ...]]) -> list[Home]:
    shared_words, student_words = words
    by_building: dict[str, list[Place]] = {}
    for p in _sleeping_places(world):
        by_building.setdefault(_building(world, p).address, []).append(p)
    homes = []
    for address, places in by_building.items():
        building = world.get(address)
        # People the building names but none of its rooms do are put in rooms with room left.
        loose = [n for n in sorted(building.residents) if not any(n in p.residents for p in places)]
        rooms = []
        for p in places:
            named = [*sorted(p.residents)]
            if p.owner is not None and p.private and p.owner not in named:
                named.insert(0, p.owner)
            beds = _beds(p, world.tile_size)
            while loose and len(named) < sum(beds) and p is not building:
                named.append(loose.pop(0))
            rooms.append(Bedroom(p.address, p.name, beds, tuple(named)))
        if loose:  # more named people than beds: the map is right, the last room takes them
            last = rooms[-1]
            rooms[-1] = Bedroom(last.address, last.name, last.beds, (*last.named, *loose))
        text = f"{building.name} {building.description}"
        shared = len(rooms) >= SHARED_ROOMS or (len(rooms) > 1 and bool(has_words(text, shared_words)))
        homes.append(Home(address, building.name, tuple(rooms), shared, shared and bool(has_words(text, student_words)),
                          building.center))
    return homes


def _workplaces(world: World) -> list[Workplace]:
    out = []
    for b in world.root.children:
        if b.kind is PlaceKind.OBJECT or "sleep" in b.purpose:  # a home (a room for staff is fine)
            continue
        if not _purposes(b) & WORK_PURPOSES:
            continue
        rooms = tuple((r.address, r.name, f"{r.name} {r.description}", r.purpose) for r in b.children
                      if r.kind is PlaceKind.ROOM and r.purpose & WORK_PURPOSES and "sleep" not in r.purpose)
        out.append(Workplace(b.address, b.name, f"{b.name} {b.description}", rooms, _purposes(b), b.owner, b.opens,
                             b.closes, b.private, b.center, _tiles(b, world.tile_size)))
    return out


def _spots(world: World) -> list[Spot]:
    out = []
    for b in world.root.children:
        if b.kind is PlaceKind.OBJECT or b.private or "sleep" in b.purpose:
            continue
        acts = _purposes(b) - {"sleep", "toilet", "wash", "commute"}
        if acts:
            out.append(Spot(b.address, b.name, frozenset(acts), b.purpose, b.opens, b.closes, b.center))
    return out


def _town_name(world: World) -> str | None:
    root = world.root
    if root.properties.get("review"):
        return None
    if fold(root.name) != "town":
        return root.name
    # "Oak Hill, a small friendly town …": a map whose Town is called Town names it in prose.
    head = root.description.split(",")[0].strip()
    words = head.split()
    if 0 < len(words) <= 3 and all(w[:1].isupper() for w in words):
        return head
    return None


def survey(world: World, *, shared_words: tuple[str, ...] = (), student_words: tuple[str, ...] = ()) -> Survey:
    """Homes, workplaces and public spots of `world`, in map order."""
    homes = _homes(world, (shared_words, student_words))
    return Survey(_town_name(world), tuple(homes), tuple(_workplaces(world)), tuple(_spots(world)))
