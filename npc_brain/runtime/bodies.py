"""Bodies: where each agent is in the world, and what its acting does to the world.

The Society calls `sync` for every agent before thinking (its position, the rooms it newly
sees, its own action perceived as a SELF observation) and `use_objects` after it (acting on an
object sets the object's state, "brewing coffee"; leaving it restores it). Game thread only.
"""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from npc_brain.types.action import Action
from npc_brain.types.events import Event, ObjectStateChanged
from npc_brain.types.observation import Observation, ObservationKind
from npc_brain.world.perception import action_sentence, vantage_of
from npc_brain.world.place import PlaceKind
from npc_brain.world.spatial_memory import SpatialMemory
from npc_brain.world.world import World

if TYPE_CHECKING:
    from npc_brain.runtime.agent import Agent

__all__ = ["Bodies"]


class Bodies:
    """The agents' bodies in one world: what each last did, the room it was in, the objects it holds.

    `doing(agent, now)`: what the agent's body does now (an errand such as following someone, else
    its plan's action)."""

    def __init__(self, doing: Callable[[Agent, datetime], Action]) -> None:
        self._doing = doing
        self._last_action: dict[str, tuple[str, str | None]] = {}
        self._last_room: dict[str, str | None] = {}
        self._objects: dict[str, tuple[str, str, str]] = {}  # address → (state before, ours, agent)

    def sync(self, world: World | None, agent: Agent, now: datetime) -> None:
        """Position, newly seen rooms, and the agent's own action as a SELF perception."""
        if world is not None:
            where = world.location(agent.name)
            if where is not None:
                agent.address = where.address
                room = vantage_of(where)
                key = room.address if room else None
                if key != self._last_room.get(agent.name):
                    self._last_room[agent.name] = key
                    if room is not None and isinstance(agent.known, SpatialMemory):
                        agent.known.observe_room(room)
        action = self._doing(agent, now)
        sig = (action.description, action.address)
        if self._last_action.get(agent.name) != sig:
            self._last_action[agent.name] = sig
            if action.source != "conversation":
                agent.perceive([Observation(action_sentence(agent.name, action.description),
                                            ObservationKind.SELF, subject=agent.name,
                                            place=action.address)], now)

    def use_objects(self, world: World | None, agent: Agent, now: datetime, events: list[Event]) -> None:
        """Acting on an object sets its state ("brewing coffee"); leaving it restores it."""
        if world is None:
            return
        action = self._doing(agent, now)  # a follower is not at the machine
        for held, (before, ours, who) in list(self._objects.items()):
            if who == agent.name and (action.address != held or action.object_state != ours):
                del self._objects[held]
                if held in world and world.get(held).state == ours:
                    world.set_state(held, before)
                    events.append(ObjectStateChanged(agent.name, now, held, before))
        state, address = action.object_state, action.address
        if not state or not address or address in self._objects or address not in world:
            return
        place = world.get(address)
        if place.kind is not PlaceKind.OBJECT:
            return
        # Only once the agent is there: at the object, or in the room that holds it.
        here = agent.address
        if here is not None and here != address and not address.startswith(here + ":"):
            return
        self._objects[address] = (place.state, state, agent.name)
        world.set_state(address, state)
        events.append(ObjectStateChanged(agent.name, now, address, state))

    def clear(self) -> None:
        """Forget everything (a save was loaded: the world's objects come from it)."""
        self._last_action.clear()
        self._last_room.clear()
        self._objects.clear()
