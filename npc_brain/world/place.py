"""Place: one node of the containment tree (town > building > room > object)."""
from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import time
from enum import StrEnum


class PlaceKind(StrEnum):
    """Level of a node in the containment tree; matches the Tiled object class."""

    TOWN = "Town"
    BUILDING = "Building"
    ROOM = "Room"
    OBJECT = "Object"


# What a place can be for and what an action is; map makers write these in `purpose`
# (comma separated) and plans tag every action with one of them.
ACTIVITIES: tuple[str, ...] = (
    "sleep", "eat", "cook", "drink", "work", "study", "shop", "wash", "toilet",
    "socialize", "relax", "exercise", "read", "play", "commute", "other",
)


MAX_COORD = 10_000_000.0
"""Largest map coordinate a place may reach, in pixels (the largest map is 2,048,000 px wide):
beyond it a rectangle is damage, and distances squared overflow."""


def rect_problem(rect: tuple[float, float, float, float]) -> str | None:
    """Why `rect` (x, y, w, h) cannot be a place's area (None: it can)."""
    x, y, w, h = rect
    if not all(math.isfinite(v) for v in rect):
        return f"its rectangle {rect} is not finite"
    if max(abs(x), abs(y), abs(x + w), abs(y + h)) > MAX_COORD:
        return f"its rectangle reaches beyond ±{MAX_COORD:,.0f} px"
    return None


@dataclass(eq=False)
class Place:
    """A node of the world's containment tree.

    `address` is stable and colon-separated from the root ("town:hobbs_cafe:kitchen:stove").
    `rect` is (x, y, w, h) in map pixels. `state` is mutable (objects) and owned by the game thread.
    """

    address: str
    name: str
    kind: PlaceKind
    description: str = ""
    rect: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    capacity: int | None = None
    opens: time | None = None
    closes: time | None = None
    owner: str | None = None
    residents: frozenset[str] = frozenset()
    purpose: frozenset[str] = frozenset()
    state: str = ""
    tiled_id: int | None = None
    # Entry only by invitation even without an owner (a private party room); see `private`.
    invite_only: bool = False
    # Every map property as loaded (class defaults merged), so a game's own rules can read its own
    # properties ("min_age" on a tavern) without npc_brain knowing them.
    properties: dict[str, object] = field(default_factory=dict, repr=False)
    parent: Place | None = field(default=None, repr=False)
    children: list[Place] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        problem = rect_problem(self.rect)
        if problem is not None:  # a World is built once and trusted by pathfinding afterwards
            raise ValueError(f"place {self.address or self.name!r}: {problem}")

    @property
    def key(self) -> str:
        """Last segment of the address (the slug of this node)."""
        return self.address.rsplit(":", 1)[-1]

    @property
    def center(self) -> tuple[float, float]:
        """Centre of `rect` in map pixels."""
        x, y, w, h = self.rect
        return (x + w / 2, y + h / 2)

    @property
    def private(self) -> bool:
        """True when only the owner/residents (or invited guests) may enter.

        An owner alone makes a place private unless it keeps opening hours: then the owner is its
        proprietor (Isabella owns Hobbs Cafe) and the public may come in while it is open.
        """
        if self.residents or self.invite_only:
            return True
        return self.owner is not None and self.opens is None and self.closes is None

    def hours_keeper(self) -> Place | None:
        """The place whose opening hours this one keeps: its own, else its nearest ancestor's (a
        room follows its building), or None when none keeps hours."""
        node: Place | None = self
        while node is not None and node.opens is None and node.closes is None:
            node = node.parent
        return node

    def ancestors(self) -> list[Place]:
        """Parents from the root down to (not including) this node."""
        chain: list[Place] = []
        node = self.parent
        while node is not None:
            chain.append(node)
            node = node.parent
        return chain[::-1]

    def walk(self) -> Iterator[Place]:
        """This node and every descendant, depth first."""
        yield self
        for child in self.children:
            yield from child.walk()
