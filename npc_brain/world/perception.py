"""Perception: what one agent sees now — others' actions and object states around it.

Indoors an agent sees its room (or, in a building without rooms, the building); outdoors it sees
what is within `radius_px`. Called every few frames for every agent, so the per-node lookups are
cached (the tree does not change shape at run time) and the work is a pass over the agents.
"""

from __future__ import annotations

from collections.abc import Mapping

from npc_brain.types.observation import Observation
from npc_brain.world.place import Place, PlaceKind
from npc_brain.world.wording import definite, gerund
from npc_brain.world.world import World


def vantage_of(place: Place | None) -> Place | None:
    """The enclosed space a node belongs to: its room, else its building, else None (outdoors).
    Two agents with the same vantage can see (and talk to) each other."""
    node: Place | None = place
    building: Place | None = None
    while node is not None:
        if node.kind is PlaceKind.ROOM:
            return node
        if node.kind is PlaceKind.BUILDING and building is None:
            building = node
        node = node.parent
    return building


def action_sentence(name: str, doing: str | None) -> str:
    """Name plus action text as a sentence: "Klaus Mueller is reading at his desk"."""
    doing = (doing or "").strip().rstrip(".")
    if not doing:
        return f"{name} is idle"
    if doing.lower().startswith(name.lower()):
        return doing
    if doing.split(" ", 1)[0].lower() in ("is", "was", "has", "seems", "looks"):
        return f"{name} {doing}"
    if " " not in doing:  # a bare activity ("sleep", seen in `bench lag`): "is sleeping"
        doing = gerund(doing.lower())
    return f"{name} is {doing}"


class Perception:
    """Produces `Observation`s for one agent from the world's occupancy and object states."""

    def __init__(self, world: World, radius_px: float = 160.0) -> None:
        self.world = world
        self.radius_px = radius_px
        self._vantage: dict[int, Place | None] = {}
        self._objects: dict[int, list[Place]] | None = None
        self._outdoor_objects: list[Place] = []
        self._last: dict[str, frozenset[Observation]] = {}
        # Who is in each room (None: outdoors), in the world's order, at one occupancy version:
        # every agent perceiving in a step read every other agent's place (N² for a town).
        self._groups: tuple[int, dict[int | None, list[tuple[str, Place]]]] | None = None

    def vantage(self, place: Place) -> Place | None:
        """The room (or building) a node is in; None outdoors. Cached."""
        key = id(place)
        if key not in self._vantage:
            self._vantage[key] = vantage_of(place)
        return self._vantage[key]

    def _index_objects(self) -> dict[int, list[Place]]:
        if self._objects is None:
            self._objects = {}
            self._outdoor_objects = []
            for obj in self.world.places(PlaceKind.OBJECT):
                space = self.vantage(obj)
                if space is None:
                    self._outdoor_objects.append(obj)
                else:
                    self._objects.setdefault(id(space), []).append(obj)
        return self._objects

    def _by_room(self) -> dict[int | None, list[tuple[str, Place]]]:
        version = self.world.occupancy_version
        if self._groups is None or self._groups[0] != version:
            groups: dict[int | None, list[tuple[str, Place]]] = {}
            for name, where in self.world.agents().items():
                space = self.vantage(where)
                groups.setdefault(None if space is None else id(space), []).append((name, where))
            self._groups = (version, groups)
        return self._groups[1]

    def perceive(self, agent: str, doing: Mapping[str, str] | None = None) -> list[Observation]:
        """Everything `agent` sees now; `doing` maps agent names to their current action text."""
        doing = doing or {}
        where = self.world.location(agent)
        if where is None:
            return []
        space = self.vantage(where)
        objects = self._index_objects()
        out: list[Observation] = []
        me = self.world.position(agent)
        r2 = self.radius_px * self.radius_px
        for other, other_where in self._by_room().get(None if space is None else id(space), ()):
            if other == agent:
                continue
            if space is None:
                pos = self.world.position(other)
                if me is None or pos is None or (pos[0] - me[0]) ** 2 + (pos[1] - me[1]) ** 2 > r2:
                    continue
            out.append(
                Observation(
                    action_sentence(other, doing.get(other)),
                    subject=other,
                    place=other_where.address,
                )
            )
        if space is not None:
            visible = objects.get(id(space), [])
        elif me is not None:
            visible = [
                o
                for o in self._outdoor_objects
                if (o.center[0] - me[0]) ** 2 + (o.center[1] - me[1]) ** 2 <= r2
            ]
        else:
            visible = []
        for obj in visible:
            if obj.state:
                out.append(
                    Observation(
                        f"{definite(obj)} is {obj.state}",
                        subject=obj.address,
                        place=(space or obj.parent or obj).address,
                    )
                )
        return out

    def changes(self, agent: str, doing: Mapping[str, str] | None = None) -> list[Observation]:
        """Like `perceive`, but only what is new since this agent's last `changes` call."""
        now = self.perceive(agent, doing)
        before = self._last.get(agent, frozenset())
        self._last[agent] = frozenset(now)
        return [o for o in now if o not in before]

    def forget(self, agent: str) -> None:
        """Drop the agent's `changes` baseline (it left, or its memory was reset)."""
        self._last.pop(agent, None)
