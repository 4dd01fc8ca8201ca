"""Performer: the demo game's side of game actions — it does what the NPCs ask for and reports back.

The barista gives (or sells) the player a coffee at the counter, NPCs follow the player or go
somewhere (their `Walker` does it), the café's owner opens and closes the café (its hours, which
the `OpeningHours` rule and the NPCs' location choice read, and the coffee machine follow), and the
party's host invites people (the player's invitation shows in the HUD; the player arriving at the
party is an observation for everyone there). State is saved in the save's game part.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, time
from typing import Any

from demo_game.cafe import cafe_actions, invite_action
from demo_game.inventory import Inventory
from npc_brain import MOVEMENT_ACTIONS, ActionRegistry, ActionRequested, Observation, ObservationKind, with_movement

CAFE = "town:hobbs_cafe"
COUNTER_ROOM = "town:hobbs_cafe:dining_area"
COFFEE_MACHINE = "town:hobbs_cafe:dining_area:coffee_machine"
PRICE = 2  # coins a drink costs; with fewer the barista gives it on the house
MENU = ("coffee", "tea", "croissant")


@dataclass(frozen=True, slots=True)
class Party:
    """The host's party: what the invitation says, where and when."""

    host: str = "Isabella Rodriguez"
    name: str = "the Valentine's Day party at Hobbs Cafe on February 14 from 5pm to 7pm"  # said and remembered
    title: str = "Valentine's Day party · Hobbs Cafe · Tue 14 Feb, 17:00-19:00"
    place: str = CAFE
    start: datetime = datetime(2023, 2, 14, 17)
    end: datetime = datetime(2023, 2, 14, 19)


def _inside(where: Any, address: str) -> bool:
    return where is not None and (where.address + ":").startswith(address + ":")


class Performer:
    """Builds the demo's actions and performs the requests (`perform` → `society.report`).

    `world` is read late (a map reload swaps it); `walker(name)` is an NPC's body; `player` the
    player's name.
    """

    def __init__(self, world: Any, walker: Any, player: str, now: Callable[[], datetime], *,
                 party: Party | None = None,
                 staff: frozenset[str] = frozenset({"Carmen Ortiz", "Isabella Rodriguez", "Priya Sharma"})) -> None:
        self._world = world
        self.staff = staff  # who serves at the counter (besides the owner)
        self._clock = now
        self._walker = walker
        self.player = player
        self.party = party or Party()
        self.inventory = Inventory({"coins": 10})
        self.invited: set[str] = set()
        self.closed_by: str | None = None  # the owner closed the café (until it next opens)
        self.opened_by: str | None = None  # ... or opened it out of hours (until midnight)
        self._hours: tuple[time | None, time | None] | None = None  # the café's own hours
        self._arrived = False

    @property
    def world(self) -> Any:
        """The current map's World."""
        return self._world()

    # ------------------------------------------------------------------ the actions
    def registry(self) -> ActionRegistry:
        """follow/go_to/stop_following, give_item, open_cafe/close_cafe and invite."""
        return with_movement([
            *cafe_actions(staff=self._staff, owner=self._owner, at_counter=self._at_counter,
                          stock=lambda: MENU, is_open=self.cafe_open),
            invite_action(host=lambda name: name == self.party.host and self.party.place in self.world,
                          invited=lambda name: name in self.invited, party=self.party.name),
        ])

    def _cafe(self) -> Any:
        return self.world.get(CAFE) if CAFE in self.world else None

    def _staff(self, name: str) -> bool:
        cafe = self._cafe()
        return cafe is not None and (cafe.owner == name or name in self.staff)

    def _owner(self, name: str) -> bool:
        cafe = self._cafe()
        return cafe is not None and cafe.owner == name

    def _at_counter(self, name: str) -> bool:
        return _inside(self.world.location(name), COUNTER_ROOM)

    def cafe_open(self) -> bool:
        """Open now by its (possibly overridden) hours."""
        from npc_brain.world import is_open

        cafe = self._cafe()
        return cafe is not None and is_open(cafe.opens, cafe.closes, self._clock().time())

    # ------------------------------------------------------------------ performing
    def perform(self, request: ActionRequested, now: datetime) -> tuple[bool, str]:
        """Do a request; `(done, reason)` for `society.report`."""
        if request.action in MOVEMENT_ACTIONS:
            walker = self._walker(request.agent)
            return walker.perform(request) if walker is not None else (False, "I cannot move right now.")
        if request.action == "give_item":
            return self._give(request.arg("item") or "coffee", request.target)
        if request.action == "close_cafe":
            return self._set_open(False, request.agent, now)
        if request.action == "open_cafe":
            return self._set_open(True, request.agent, now)
        if request.action == "invite":
            if request.target is None:
                return False, "There is nobody to invite."
            self.invited.add(request.target)
            return True, ""
        return False, "I do not know how to do that."

    def _give(self, item: str, target: str | None) -> tuple[bool, str]:
        if target != self.player:
            return False, "Only customers at the counter get served."
        if not self.cafe_open():
            return False, "The café is closed, so I cannot serve you."
        self.inventory.take("coins", PRICE)  # on the house when the player is out of coins
        self.inventory.add(item)
        return True, ""

    def _set_open(self, open_: bool, who: str, now: datetime) -> tuple[bool, str]:
        cafe = self._cafe()
        if cafe is None:
            return False, "There is no café on this map."
        if open_ == self.cafe_open():
            return False, f"The café is already {'open' if open_ else 'closed'}."
        if self._hours is None:
            self._hours = (cafe.opens, cafe.closes)
        opens, closes = self._hours
        if open_:
            # Open from now until its usual closing time (or midnight, out of hours).
            cafe.opens, cafe.closes = now.time(), closes if closes and closes > now.time() else time(23, 59)
            self.opened_by, self.closed_by = who, None
        else:
            cafe.opens, cafe.closes = opens or time(0, 0), now.time()  # closed from now until it next opens
            self.closed_by, self.opened_by = who, None
        self._state(open_)
        return True, ""

    def _state(self, open_: bool) -> None:
        self.world.set_state(CAFE, "open" if open_ else "closed")
        if COFFEE_MACHINE in self.world and not open_:
            self.world.set_state(COFFEE_MACHINE, "off")

    # ------------------------------------------------------------------ each frame
    def tick(self, now: datetime, society: Any) -> None:
        """The café's own hours come back the next day; the player's arrival at the party is seen."""
        cafe = self._cafe()
        if self._hours is not None and cafe is not None and now.time() < time(0, 5) and (
                self.closed_by or self.opened_by):
            cafe.opens, cafe.closes = self._hours
            self.closed_by = self.opened_by = None
            self.world.set_state(CAFE, "")
        if self._arrived or self.player not in self.invited or not (self.party.start <= now < self.party.end):
            return
        if not _inside(self.world.location(self.player), self.party.place) or society is None:
            return
        self._arrived = True
        seen = Observation(f"{self.player} arrived at the Valentine's Day party at Hobbs Cafe",
                           ObservationKind.EVENT, subject=self.player, place=self.party.place)
        for name in society.agents:
            if _inside(self.world.location(name), self.party.place) or name == self.party.host:
                society.perceive(name, [seen])

    # ------------------------------------------------------------------ the HUD
    def invitation(self) -> str | None:
        """What the player's invitation says (None: not invited, or no party place on this map)."""
        return self.party.title if self.player in self.invited and self.party.place in self.world else None

    def cafe_text(self) -> str | None:
        """'Hobbs Cafe: open' / 'closed by Isabella' for the HUD; None on a map without the café."""
        if self._cafe() is None:
            return None
        if self.closed_by:
            return f"Hobbs Cafe: closed by {self.closed_by.split()[0]}"
        if self.opened_by:
            return f"Hobbs Cafe: opened by {self.opened_by.split()[0]}"
        return f"Hobbs Cafe: {'open' if self.cafe_open() else 'closed'}"

    # ------------------------------------------------------------------ saves
    def to_dict(self) -> dict[str, Any]:
        """The save's game part for actions: inventory, invitations, the café's state."""
        hours = [t.isoformat() if t else None for t in self._hours] if self._hours else None
        cafe = self._cafe()
        return {"inventory": self.inventory.to_dict(), "invited": sorted(self.invited),
                "closed_by": self.closed_by, "opened_by": self.opened_by, "hours": hours,
                "now_hours": [t.isoformat() if t else None for t in (cafe.opens, cafe.closes)] if cafe else None,
                "arrived": self._arrived}

    def restore(self, raw: Any) -> None:
        """Back from `to_dict` (anything damaged: the defaults)."""
        raw = raw if isinstance(raw, dict) else {}
        self.inventory = Inventory.from_dict(raw.get("inventory", {"coins": 10}))
        self.invited = {str(n) for n in raw.get("invited", []) if isinstance(n, str)}
        self.closed_by = raw.get("closed_by") if isinstance(raw.get("closed_by"), str) else None
        self.opened_by = raw.get("opened_by") if isinstance(raw.get("opened_by"), str) else None
        self._arrived = bool(raw.get("arrived", False))
        cafe = self._cafe()
        try:
            hours = raw.get("hours")
            now_hours = raw.get("now_hours")
            if self._hours is not None and cafe is not None:
                cafe.opens, cafe.closes = self._hours  # what this map says, before the save's override
            self._hours = tuple(time.fromisoformat(t) if t else None for t in hours) if hours else None  # type: ignore[assignment]
            if cafe is not None and now_hours:
                cafe.opens, cafe.closes = (time.fromisoformat(t) if t else None for t in now_hours)
        except (TypeError, ValueError):
            self._hours = None
