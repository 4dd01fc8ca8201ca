"""The built-in spatial norms: capacity, opening hours, privacy and purpose.

Each reads the map's properties and refuses with a sentence the agent will perceive; `Rules`
(`world.rules`) asks them in turn. `refusal_expires` says how long each one's refusal keeps a
place out of an agent's choices.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime, time, timedelta
from typing import Any

from npc_brain.world.hours import clock_text, is_open
from npc_brain.world.place import ACTIVITIES, Place
from npc_brain.world.verdict import Verdict
from npc_brain.world.wording import capitalized, definite, gerund, join_words, plural
from npc_brain.world.world import World

__all__ = [
    "ALLOWED_ANYWHERE", "PURPOSE_ALLOWS", "Capacity", "OpeningHours", "Privacy", "Purpose", "closed_to",
    "refusal_expires",
]


def _norm(name: str) -> str:
    return " ".join(name.split()).casefold()


def _agent_attr(agent: Any, attr: str) -> Any:
    value = getattr(agent, attr, None)
    if value is None:
        value = getattr(getattr(agent, "persona", None), attr, None)
    return value


def closed_to(place: Place, who: str, workplace: str | None, at: time) -> Place | None:
    """The place (or the ancestor whose hours it follows) that shuts `who` out at `at`, or None.

    A room without hours follows its building's. Staff are exempt: the owner and residents
    of the place with the hours, and anyone whose `workplace` address is inside it.
    """
    node = place.hours_keeper()
    if node is None or is_open(node.opens, node.closes, at):
        return None
    name = _norm(who)
    if any(_norm(n) == name for n in node.residents) or (node.owner and _norm(node.owner) == name):
        return None
    if workplace and (workplace == node.address or workplace.startswith(node.address + ":")):
        return None
    return node


def refusal_expires(world: World | None, address: str | None, rule: str, now: datetime,
                    default: timedelta) -> datetime:
    """Until when a refusal by `rule` keeps `address` out of an agent's choices: privacy and
    purpose a day, opening hours until the place (or the ancestor whose hours it follows)
    opens, anything else `default`."""
    if rule in ("privacy", "purpose"):
        return now + timedelta(days=1)
    if rule == "opening_hours" and world is not None and address and address in world:
        node: Place | None = world.get(address)
        while node is not None and node.opens is None:
            node = node.parent
        if node is not None and node.opens is not None:
            opens = datetime.combine(now.date(), node.opens)
            if opens <= now:
                opens += timedelta(days=1)
            return opens
    return now + default


class Capacity:
    """A place holds at most `capacity` people; someone already inside does not count twice."""

    name = "capacity"

    def check(
        self, agent: Any, action: Any, place: Place, now: datetime, world: World
    ) -> Verdict | None:
        if place.capacity is None:
            return None
        inside = world.occupants(place) - {agent.name}
        if len(inside) < place.capacity:
            return None
        what = capitalized(definite(place, qualified=True))
        if place.capacity == 1:
            reason = f"{what} is occupied."
        else:
            people = "person is" if len(inside) == 1 else "people are"
            reason = f"{what} is full; {len(inside)} {people} already there."
        return Verdict.refuse(self.name, reason, place)


class OpeningHours:
    """A place is entered only while open; a room without hours follows its building's.

    Staff are exempt: the place's owner and residents, and agents whose `workplace`
    (or `persona.workplace`) is inside the place.
    """

    name = "opening_hours"
    target_only = True

    def check(
        self, agent: Any, action: Any, place: Place, now: datetime, world: World
    ) -> Verdict | None:
        workplace = _agent_attr(agent, "workplace")
        node = closed_to(place, agent.name, workplace if isinstance(workplace, str) else None, now.time())
        if node is None:
            return None
        what = capitalized(definite(node, qualified=True))
        if node.opens is None:
            return Verdict.refuse(self.name, f"{what} closed at {clock_text(node.closes)}.", node)  # type: ignore[arg-type]
        tomorrow = now.time() >= node.opens
        reason = (
            f"{what} is closed until {clock_text(node.opens)}{' tomorrow' if tomorrow else ''}."
        )
        return Verdict.refuse(self.name, reason, node)


class Privacy:
    """Private places (owner, residents, invite_only) admit their people and invited guests.

    Whoever may enter a private room may also cross the private house around it, so being
    a resident of (or invited to) any node inside counts. Invitations may expire.
    """

    name = "privacy"

    def __init__(self) -> None:
        self._invites: dict[tuple[str, str], datetime | None] = {}

    def invite(self, place_address: str, name: str, until: datetime | None = None) -> None:
        """Let `name` into a place (and through the private places around it) until `until`."""
        self._invites[(place_address, _norm(name))] = until

    def uninvite(self, place_address: str, name: str) -> None:
        """Withdraw an invitation (no error if there was none)."""
        self._invites.pop((place_address, _norm(name)), None)

    def invitations(self) -> dict[tuple[str, str], datetime | None]:
        """Current invitations: (address, normalised name) -> expiry."""
        return dict(self._invites)

    def admits(self, name: str, place: Place, now: datetime) -> bool:
        """Whether `name` may enter `place` as far as privacy goes."""
        who = _norm(name)
        for node in place.walk():
            if node.owner is not None and _norm(node.owner) == who:
                return True
            if any(_norm(r) == who for r in node.residents):
                return True
        prefix = place.address + ":"
        for (address, guest), until in self._invites.items():
            if guest == who and (address == place.address or address.startswith(prefix)):
                if until is None or now < until:
                    return True
        return False

    def check(
        self, agent: Any, action: Any, place: Place, now: datetime, world: World
    ) -> Verdict | None:
        if not place.private or self.admits(agent.name, place, now):
            return None
        what = capitalized(definite(place, qualified=True))
        people = ([place.owner] if place.owner else []) + sorted(
            r for r in place.residents if place.owner is None or _norm(r) != _norm(place.owner)
        )
        reason = f"{what} is private; it belongs to {join_words(people)}." if people else \
            f"{what} is open by invitation only."
        return Verdict.refuse(self.name, reason, place)


# What each purpose word lets people do there besides itself. Sleeping, using the toilet and
# cooking appear only under their own word, so "sleep in the café" and "eat in the bathroom" are
# refused while a café still allows reading or working on a laptop.
PURPOSE_ALLOWS: dict[str, frozenset[str]] = {
    "sleep": frozenset({"relax", "read", "study", "socialize", "play", "drink"}),
    "eat": frozenset({"drink", "socialize", "relax", "read", "study", "work", "play"}),
    "cook": frozenset({"eat", "drink", "socialize", "work", "wash"}),
    "drink": frozenset({"eat", "socialize", "relax", "play", "read", "work"}),
    "work": frozenset({"study", "read", "socialize", "drink", "eat"}),
    "study": frozenset({"read", "work", "socialize", "drink"}),
    "shop": frozenset({"socialize", "work"}),
    "wash": frozenset({"toilet"}),
    "toilet": frozenset({"wash"}),
    "socialize": frozenset({"eat", "drink", "relax", "play", "read"}),
    "relax": frozenset({"eat", "drink", "socialize", "read", "play", "study", "work"}),
    "exercise": frozenset({"play", "relax", "socialize", "drink"}),
    "read": frozenset({"study", "relax", "socialize", "drink", "work"}),
    "play": frozenset({"socialize", "relax", "exercise", "drink", "eat"}),
    "commute": frozenset({"socialize", "exercise", "relax"}),
    "other": frozenset(ACTIVITIES),
}
ALLOWED_ANYWHERE: frozenset[str] = frozenset({"commute", "other"})


class Purpose:
    """An activity must fit what the place is for (its own purpose, else its nearest ancestor's).

    Places with no purpose anywhere above allow everything. The matrix is `PURPOSE_ALLOWS`
    unless one is given.
    """

    name = "purpose"
    target_only = True

    def __init__(
        self,
        allows: Mapping[str, Iterable[str]] | None = None,
        anywhere: Iterable[str] = ALLOWED_ANYWHERE,
    ) -> None:
        self.allows = {k: frozenset(v) for k, v in (allows or PURPOSE_ALLOWS).items()}
        self.anywhere = frozenset(anywhere)

    def permits(self, activity: str, purposes: Iterable[str]) -> bool:
        """Whether `activity` fits a place for `purposes`."""
        purposes = set(purposes)
        if activity in self.anywhere or activity in purposes:
            return True
        return any(activity in self.allows.get(p, ()) for p in purposes)

    def check(
        self, agent: Any, action: Any, place: Place, now: datetime, world: World
    ) -> Verdict | None:
        activity = getattr(action, "activity", None)
        if not activity:
            return None
        node: Place | None = place
        while node is not None and not node.purpose:
            node = node.parent
        if node is None or self.permits(activity, node.purpose):
            return None
        uses = join_words(gerund(p) for p in sorted(node.purpose, key=ACTIVITIES.index) if p in ACTIVITIES)
        what = capitalized(definite(node, qualified=True))
        verb = "are places" if plural(node) else "is a place"
        return Verdict.refuse(
            self.name, f"{what} {verb} for {uses}, not for {gerund(activity)}.", node
        )
