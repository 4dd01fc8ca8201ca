"""Showing: what an NPC's body shows — the words of its label and, asleep, the bed it lies in.

A label tells what the NPC is doing where it is: "walking to Hobbs Cafe" on the way, "asleep"
only in bed, "talking with Klaus" in a talk, and a planned action only once the body is at its
place, in words true to that place (`world.wording.true_to_place`). Until a walker has found its
way to a new action's place (a frame or two: `PathBudget`) the label shows only the name.
"""
from __future__ import annotations

from typing import Any

from npc_brain import Place, PlaceKind, Walker, caption
from npc_brain.world import definite, true_to_place, vantage_of

Rect = tuple[float, float, float, float]


class Labels:
    """Label words for a map's NPCs (names of its places read once; results cached)."""

    def __init__(self, world: Any) -> None:
        self.world = world
        self.names = sorted({p.name for p in world if p.kind in (PlaceKind.BUILDING, PlaceKind.ROOM)})
        self._placed: dict[tuple[str, str | None], str] = {}

    def placed(self, text: str, address: str | None) -> str:
        """`text` true to the place at `address`."""
        key = (text, address)
        if key not in self._placed:
            if len(self._placed) > 2048:
                self._placed.clear()
            place = self.world.get(address) if address and address in self.world else None
            self._placed[key] = true_to_place(text, place, self.names)
        return self._placed[key]

    def words(self, action: Any, walker: Walker, *, partner: str | None = None) -> str:
        """The label for `action` as the body stands now ("" while it finds its way there)."""
        world = self.world
        moving = walker.moving
        goal = walker.goal or action.address
        place = world.area_name(goal) if goal else None
        if walker.blocked is not None and not (partner or moving):
            where = walker.blocked.place
            if where is not None and where in world:
                return f"turned away from {definite(world.get(where))}"
            return "turned away"
        there = walker.there(action)
        if not (partner or moving or there):
            if walker.unreachable:
                return f"cannot get to {place}" if place else ""
            if not walker.path:
                return ""  # finding the way: a frame or two
        return caption(action, moving=moving, place=place, partner=partner, there=there,
                       description=self.placed(action.description, goal))


def beds_for(world: Any, action: Any, walker: Walker) -> list[Place]:
    """The beds a sleeper may lie in, best first: the action's place if it is for sleeping, then
    the things for sleeping in the room the body is in, nearest first (none when not in bed)."""
    if action.activity != "sleep" or walker.moving or not walker.there(action):
        return []
    room = vantage_of(walker.here())
    beds = [p for p in room.walk() if p.kind is PlaceKind.OBJECT and "sleep" in p.purpose] if room else []
    beds.sort(key=lambda b: (b.address != action.address,
                             (b.center[0] - walker.x) ** 2 + (b.center[1] - walker.y) ** 2))
    return beds


def berths_of(bed: Place) -> int:
    """How many lie side by side in `bed`: two in a wide one."""
    return 2 if bed.rect[2] >= 1.5 * 32 else 1


def berth(bed: Place, index: int) -> Rect:
    """Where the `index`-th sleeper of `bed` lies: side by side in a wide bed (two berths)."""
    x, y, w, h = bed.rect
    if w < 1.5 * 32:
        return (x, y, w, h)
    return (x + (index % 2) * w / 2, y, w / 2, h)
