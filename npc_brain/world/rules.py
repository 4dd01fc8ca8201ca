"""Spatial-norm rules: may this agent do this action in this place now?

The paper's agents walked into closed shops, shared one-person bathrooms and slept in cafés. Rules
read the map's properties (capacity, hours, owner/residents, purpose) and refuse with a sentence
that becomes the agent's observation. Every check and refusal is counted per rule; in permissive
mode (`strict=False`) nothing is refused but would-be refusals are still counted, so an evaluation
can measure how often the language model alone breaks spatial norms.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from typing import Any, Protocol, runtime_checkable

from npc_brain.types.clock import game_time_problem
from npc_brain.types.observation import Observation, ObservationKind
from npc_brain.world.errors import UnknownPlace
from npc_brain.world.hours import clock_text, is_open
from npc_brain.world.place import ACTIVITIES, Place
from npc_brain.world.wording import capitalized, definite, gerund, join_words, plural
from npc_brain.world.world import World


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer of a rule check.

    `rule` and `reason` name the refusing rule and say why in a sentence ("Hobbs Cafe is closed
    until 8:00."). `waived` marks a refusal that permissive mode let through (`allowed` is True).
    """

    allowed: bool
    rule: str = ""
    reason: str = ""
    place: str | None = None
    waived: bool = False

    @classmethod
    def allow(cls) -> Verdict:
        """A plain yes."""
        return cls(True)

    @classmethod
    def refuse(cls, rule: str, reason: str, place: Place | str | None = None) -> Verdict:
        """A refusal by `rule` with a reason sentence about `place`."""
        address = place.address if isinstance(place, Place) else place
        return cls(False, rule, reason, address)

    def observation(self) -> Observation | None:
        """The refusal as what the agent perceives; None for a yes (a waived refusal included:
        in permissive mode nothing stopped the agent, so there is nothing to perceive)."""
        if not self.reason or self.allowed:
            return None
        return Observation(
            self.reason, ObservationKind.REFUSAL, subject=self.place, place=self.place
        )


class AgentLike(Protocol):
    """Anything with a name; rules may also read `.age`, `.workplace` or `.persona`."""

    name: str


class ActionLike(Protocol):
    """Anything with an `activity` (one of ACTIVITIES) and a `description`."""

    activity: str
    description: str


@runtime_checkable
class Rule(Protocol):
    """A spatial norm. `check` returns a refusal, an explicit allow, or None (no opinion).

    `Rules` calls it for the target place and each of its ancestors (root first), unless the rule
    sets `target_only = True`, in which case it is called once with the target and resolves
    inheritance itself (opening hours and purpose: a room's own value replaces its building's).
    """

    name: str

    def check(
        self, agent: Any, action: Any, place: Place, now: datetime, world: World
    ) -> Verdict | None: ...


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
    node: Place | None = place
    while node is not None and node.opens is None and node.closes is None:
        node = node.parent
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


def default_rules() -> list[Rule]:
    """The built-in rules, in the order their refusals are reported."""
    return [OpeningHours(), Privacy(), Capacity(), Purpose()]


@dataclass(frozen=True, slots=True)
class RuleStats:
    """How often a rule was consulted and how often it refused (or would have, when permissive)."""

    checks: int = 0
    refusals: int = 0


class Rules:
    """Checks actions against the registered rules and counts what each rule does.

    `check` walks the place's ancestors root first, then the place, asking every rule at each
    node; the first refusal is the verdict. All rules are always evaluated, so the counters mean
    the same in strict and permissive mode.
    """

    def __init__(
        self, world: World, rules: Iterable[Rule] | None = None, *, strict: bool = True
    ) -> None:
        self.world = world
        self.strict = strict
        self._rules: list[Rule] = []
        self._lock = threading.Lock()
        self._checks: dict[str, int] = {}
        self._refusals: dict[str, int] = {}
        for rule in default_rules() if rules is None else rules:
            self.register(rule)

    @property
    def rules(self) -> tuple[Rule, ...]:
        """The registered rules in evaluation order."""
        return tuple(self._rules)

    def register(self, rule: Rule) -> None:
        """Add a game-specific rule (evaluated after the ones already registered)."""
        if not isinstance(rule, Rule):
            raise TypeError(f"{rule!r} is not a Rule (needs .name and .check(...))")
        if any(r.name == rule.name for r in self._rules):
            raise ValueError(f"a rule named {rule.name!r} is already registered")
        self._rules.append(rule)
        with self._lock:
            self._checks.setdefault(rule.name, 0)
            self._refusals.setdefault(rule.name, 0)

    def rule(self, name: str) -> Rule:
        """The registered rule with this name (KeyError if none)."""
        for rule in self._rules:
            if rule.name == name:
                return rule
        raise KeyError(name)

    def invite(self, place_address: str, name: str, until: datetime | None = None) -> None:
        """Invite someone into a private place (delegates to the Privacy rule)."""
        self.world.get(place_address)
        privacy = self.rule("privacy")
        privacy.invite(place_address, name, until)  # type: ignore[attr-defined]

    def saved_invitations(self) -> list[dict[str, str | None]]:
        """The invitations as JSON-ready rows ({"place", "guest", "until"}) for a save file."""
        privacy = self.rule("privacy")
        return [{"place": place, "guest": guest, "until": until.isoformat() if until else None}
                for (place, guest), until in privacy.invitations().items()]  # type: ignore[attr-defined]

    def clear_invitations(self) -> None:
        """Withdraw every invitation (before loading a save's)."""
        privacy = self.rule("privacy")
        for place, guest in list(privacy.invitations()):  # type: ignore[attr-defined]
            privacy.uninvite(place, guest)  # type: ignore[attr-defined]

    def restore_invitations(self, rows: Any) -> list[str]:
        """Re-issue saved invitations; returns a sentence for each row that could not be
        (a place this map no longer has, a malformed row) — the rest still load."""
        problems: list[str] = []
        for row in rows if isinstance(rows, list) else []:
            try:
                until = datetime.fromisoformat(row["until"]) if row.get("until") else None
                if until is not None and (problem := game_time_problem(until)):
                    raise ValueError(problem)  # compared with the game's clock at every door
                self.invite(str(row["place"]), str(row["guest"]), until)
            except UnknownPlace:
                problems.append(f"invitation of {row.get('guest')} to {row.get('place')}: no such place")
            except (AttributeError, KeyError, TypeError, ValueError):
                problems.append(f"malformed invitation {str(row)[:80]}")
        return problems

    def check(self, agent: Any, action: Any, place: Place | str, now: datetime) -> Verdict:
        """May `agent` do `action` (None: just enter) at `place` at `now`?"""
        first, refused = self._judge(agent, action, self.world.get(place), now)
        with self._lock:
            for rule in self._rules:
                self._checks[rule.name] += 1
            for name in refused:
                self._refusals[name] += 1
        if first is None:
            return Verdict.allow()
        if self.strict:
            return first
        return Verdict(True, first.rule, first.reason, first.place, waived=True)

    def passable(self, agent: Any, place: Place | str, now: datetime) -> bool:
        """May `agent` walk through `place` now? Not counted in `stats`: a path is planned around
        what it may not enter, which is no choice the agent made."""
        first, _ = self._judge(agent, None, self.world.get(place), now)
        return first is None or not self.strict

    def _judge(self, agent: Any, action: Any, target: Place, now: datetime) -> tuple[Verdict | None, set[str]]:
        chain = [*target.ancestors(), target]
        # An outer place's refusal reads better than an inner one ("the cafe is closed" before
        # "the kitchen is full"); rule order breaks ties.
        depth = {p.address: i for i, p in enumerate(chain)}
        first: Verdict | None = None
        refused: set[str] = set()
        for rule in self._rules:
            nodes = [target] if getattr(rule, "target_only", False) else chain
            for node in nodes:
                verdict = rule.check(agent, action, node, now, self.world)
                if verdict is None or verdict.allowed:
                    continue
                refused.add(rule.name)
                verdict = Verdict.refuse(verdict.rule or rule.name, verdict.reason, verdict.place or node.address)
                if first is None or depth.get(verdict.place or "", 0) < depth.get(first.place or "", 0):
                    first = verdict
                break
        return first, refused

    def stats(self) -> dict[str, RuleStats]:
        """Checks and refusals per rule name."""
        with self._lock:
            return {
                name: RuleStats(self._checks[name], self._refusals[name]) for name in self._checks
            }

    def reset_stats(self) -> None:
        """Zero the counters (between evaluation runs)."""
        with self._lock:
            for name in self._checks:
                self._checks[name] = 0
                self._refusals[name] = 0
