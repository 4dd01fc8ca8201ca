"""World: the containment tree, the collision grid, spawn points and who is where.

The tree and the occupancy are owned by the game thread: it calls `set_position`/`move` and
`set_state`; jobs off the game thread should read what they need through the agent's snapshot.
"""

from __future__ import annotations

import difflib
import functools
import math
import re
import unicodedata
from collections.abc import Iterator, Mapping

from npc_brain.world.errors import UnknownPlace
from npc_brain.world.pathfinding import CollisionGrid
from npc_brain.world.place import Place, PlaceKind
from npc_brain.world.wording import tree_sentences

_NON_ALNUM = re.compile(r"[^a-z0-9]+")
MAX_CELLS = 4_000_000
"""Largest map (2000x2000 tiles): the collision grid and each tile layer cost per cell."""


def slugify(name: str) -> str:
    """The address segment of a display name: "Hobbs Cafe" -> "hobbs_cafe", "Café" -> "cafe"."""
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return _NON_ALNUM.sub("_", folded.lower()).strip("_")


def _contains(rect: tuple[float, float, float, float], x: float, y: float) -> bool:
    rx, ry, rw, rh = rect
    return rx <= x < rx + rw and ry <= y < ry + rh


class World:
    """The town as the brain sees it: a tree of `Place`s plus the collision grid and spawns.

    `root` is the Town; every node is reachable by its address ("town:hobbs_cafe:kitchen").
    """

    def __init__(
        self,
        root: Place,
        grid: CollisionGrid | None = None,
        spawns: Mapping[str, tuple[float, float]] | None = None,
        tile_size: int = 32,
        *,
        source: str | None = None,
    ) -> None:
        self.root = root
        self.tile_size = tile_size
        if grid is None:  # an open grid covering the Town
            cols = max(1, int(-(-(root.rect[0] + root.rect[2]) // tile_size)))
            rows = max(1, int(-(-(root.rect[1] + root.rect[3]) // tile_size)))
            if cols * rows > MAX_CELLS:
                raise ValueError(f"the Town {root.name!r} spans {cols}x{rows} tiles of {tile_size} px, "
                                 f"more than the {MAX_CELLS:,} cells a world may have")
            grid = CollisionGrid.empty(cols, rows, tile_size)
        self.grid = grid
        self.spawns: dict[str, tuple[float, float]] = dict(spawns or {})
        self.source = source
        self._index: dict[str, Place] = {}
        for node in root.walk():
            if node.address in self._index:
                raise ValueError(f"two places share the address {node.address!r}")
            self._index[node.address] = node
        # `place_at` by point: a standing NPC asks about the same point every frame, and a
        # scan of the city map's ~150 buildings per ask cost ~1 ms a frame at 100 NPCs.
        self._at: dict[tuple[float, float], Place | None] = {}
        self._where: dict[str, Place] = {}
        self._xy: dict[str, tuple[float, float]] = {}
        self._moves = 0  # see `occupancy_version`
        # What `find_all` matches, indexed once (the tree is fixed once built): a display name
        # (lowered), and every address suffix that starts a segment. A scan per lookup cost
        # 1 ms on the city map, and a conversation turn's `go_to` offers looked up every building.
        self._rank = {address: i for i, address in enumerate(self._index)}
        self._areas = tuple(p for p in self._index.values() if p.kind in (PlaceKind.BUILDING, PlaceKind.ROOM))
        self._by_name: dict[str, list[Place]] = {}
        self._by_suffix: dict[str, list[Place]] = {}
        for node in self._index.values():
            self._by_name.setdefault(node.name.lower(), []).append(node)
            parts = node.address.split(":")
            suffixes = {":".join(parts[i:]) for i in range(1, len(parts))} | {node.key}
            for suffix in suffixes:
                self._by_suffix.setdefault(suffix, []).append(node)

    # ----- the tree -----------------------------------------------------------------------
    def __contains__(self, address: object) -> bool:
        return isinstance(address, str) and address in self._index

    def __iter__(self) -> Iterator[Place]:
        return iter(self._index.values())  # built from root.walk(): the same tree order

    def get(self, address: str | Place) -> Place:
        """The node at an address; `UnknownPlace` (with close suggestions) if there is none."""
        if isinstance(address, Place):
            address = address.address
        try:
            return self._index[address]
        except KeyError:
            close = difflib.get_close_matches(str(address), self._index, n=3, cutoff=0.6)
            raise UnknownPlace(str(address), tuple(close)) from None

    def find(self, name_or_slug: str) -> Place | None:
        """Best match for an address, a display name, a slug or an address suffix ("cafe:kitchen").

        When several nodes match (every house has a "Bedroom"), the shallowest, first in map order
        wins; use `find_all` to see them all.
        """
        found = self.find_all(name_or_slug)
        return found[0] if found else None

    def find_all(self, name_or_slug: str) -> list[Place]:
        """Every node matching like `find`, shallowest first."""
        text = name_or_slug.strip()
        if text in self._index:
            return [self._index[text]]
        lowered = text.lower()
        slug = ":".join(slugify(part) for part in lowered.split(":"))
        # A name, a key or a suffix after a ':' (the index holds exactly these), in map order.
        hits = {p.address: p for p in (*self._by_name.get(lowered, ()), *self._by_suffix.get(slug, ()))}
        return sorted(hits.values(), key=lambda p: (p.address.count(":"), self._rank[p.address]))

    def places(self, kind: PlaceKind | str | None = None) -> list[Place]:
        """All nodes in tree order, optionally only one kind."""
        if kind is None:
            return list(self._index.values())
        kind = PlaceKind(kind)
        return [p for p in self._index.values() if p.kind is kind]

    def areas(self) -> tuple[Place, ...]:
        """The buildings and rooms, in tree order (listed once: planning a path around the ones
        an NPC may not enter walked every node of the city map, objects too, ~20 ms a path)."""
        return self._areas

    def place_at(self, x: float, y: float) -> Place | None:
        """The deepest node whose rectangle contains the pixel point (None off the town)."""
        if (x, y) in self._at:
            return self._at[(x, y)]
        if len(self._at) > 8192:  # bounded: walkers pass through many points
            self._at.clear()
        found = self._place_at(x, y)
        self._at[(x, y)] = found
        return found

    def _place_at(self, x: float, y: float) -> Place | None:
        if not _contains(self.root.rect, x, y):
            return None
        node = self.root
        while True:
            inside = [c for c in node.children if _contains(c.rect, x, y)]
            if not inside:
                return node
            node = min(inside, key=lambda c: c.rect[2] * c.rect[3])

    def nearest_building(self, place: Place | str) -> Place | None:
        """The public building whose centre is nearest `place`'s, another than it (a building's
        neighbour, to say where it is: "near Hobbs Cafe"); None in a town of one."""
        return self._nearest_buildings.get(self.get(place).address)

    @functools.cached_property
    def _nearest_buildings(self) -> dict[str, Place]:
        # The map's geometry does not change in a world's life: worked out once, not per line.
        public = [p for p in self if p.kind is PlaceKind.BUILDING and not p.private]
        return {p.address: n for p in public
                if (n := min((b for b in public if b is not p), default=None,
                             key=lambda b: math.dist(b.center, p.center))) is not None}

    def enclosing(self, place: Place | str, kind: PlaceKind) -> Place | None:
        """The node itself or its nearest ancestor of `kind` (the room an object is in)."""
        node: Place | None = self.get(place)
        while node is not None and node.kind is not kind:
            node = node.parent
        return node

    def area_name(self, address: str | None) -> str | None:
        """Where an address is, as a person says it: its building, else its room, else itself
        ("town:hobbs_cafe:kitchen:stove" → "Hobbs Cafe"); None for an address not on the map, and
        for a town nobody named (the one a map without an Areas layer gets: not "at Town")."""
        if not address or address not in self:
            return None
        node = self.get(address)
        if node is self.root and self.root.properties.get("review"):
            return None
        for kind in (PlaceKind.BUILDING, PlaceKind.ROOM):
            outer = self.enclosing(node, kind)
            if outer is not None:
                return outer.name
        return node.name

    def describe(
        self, address: str | Place | None = None, depth: int | None = 2, *, states: bool = True
    ) -> str:
        """A subtree as prompt text: "Hobbs Cafe has a kitchen with a stove (off) and a counter"."""
        place = self.root if address is None else self.get(address)
        sentences = tree_sentences(
            place, depth, state=(lambda p: p.state or None) if states else (lambda p: None)
        )
        if sentences:
            return " ".join(sentences)
        text = place.name + (f" ({place.state})" if states and place.state else "")
        return text + (f": {place.description}" if place.description else ".")

    # ----- spawns -------------------------------------------------------------------------
    def spawn(self, name: str) -> tuple[float, float] | None:
        """The spawn point named `name` (exact, else ignoring case), or None."""
        if name in self.spawns:
            return self.spawns[name]
        folded = name.strip().casefold()
        return next((xy for n, xy in self.spawns.items() if n.strip().casefold() == folded), None)

    def spawn_suggestion(self, name: str) -> str | None:
        """The spawn name closest to `name` (for "did you mean"), or None."""
        close = difflib.get_close_matches(name.casefold(), [n.casefold() for n in self.spawns], 1)
        if not close:
            return None
        return next(n for n in self.spawns if n.casefold() == close[0])

    # ----- object state -------------------------------------------------------------------
    def set_state(self, address: str | Place, text: str) -> None:
        """Change an object's state ("brewing coffee"); perception reports it from now on."""
        self.get(address).state = text

    # ----- occupancy ----------------------------------------------------------------------
    def set_position(self, agent: str, x: float, y: float) -> Place | None:
        """Record where an agent stands (map pixels); returns the deepest node there."""
        self._xy[agent] = (x, y)
        self._moves += 1
        where = self.place_at(x, y)
        if where is None:
            self._where.pop(agent, None)
        else:
            self._where[agent] = where
        return where

    def move(self, agent: str, address: str | Place) -> Place:
        """Put an agent in a node without a pixel position (headless runs); uses its centre."""
        place = self.get(address)
        self._where[agent] = place
        self._xy[agent] = place.center
        self._moves += 1
        return place

    def remove(self, agent: str) -> None:
        """Forget an agent's whereabouts (it left the map)."""
        self._where.pop(agent, None)
        self._xy.pop(agent, None)
        self._moves += 1

    @property
    def occupancy_version(self) -> int:
        """Changes whenever an agent is placed, moved or removed: what is read of who is where
        at one version holds until the next."""
        return self._moves

    def location(self, agent: str) -> Place | None:
        """The deepest node the agent is in, or None if unknown."""
        return self._where.get(agent)

    def position(self, agent: str) -> tuple[float, float] | None:
        """The agent's last pixel position, or None."""
        return self._xy.get(agent)

    def agents(self) -> dict[str, Place]:
        """Every placed agent and its node (a copy)."""
        return dict(self._where)

    def occupants(self, address: str | Place) -> frozenset[str]:
        """Everyone inside the node or any of its descendants."""
        place = self.get(address)
        prefix = place.address + ":"
        return frozenset(
            name
            for name, where in self._where.items()
            if where is place or where.address.startswith(prefix)
        )

    def __repr__(self) -> str:
        return (
            f"World({self.root.name!r}, {len(self._index)} places, "
            f"{self.grid.cols}x{self.grid.rows} tiles)"
        )
