"""Spatial-norm rules: may this agent do this action in this place now?

The paper's agents walked into closed shops, shared one-person bathrooms and slept in cafés. Rules
(the built-in ones are in `world.norms`) read the map's properties (capacity, hours,
owner/residents, purpose) and refuse with a sentence that becomes the agent's observation. Every
check and refusal is counted per rule; in permissive mode (`strict=False`) nothing is refused but
would-be refusals are still counted, so an evaluation can measure how often the language model
alone breaks spatial norms.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

from npc_brain.types.clock import game_time_problem
from npc_brain.world.errors import UnknownPlace
from npc_brain.world.norms import (
    ALLOWED_ANYWHERE,
    PURPOSE_ALLOWS,
    Capacity,
    OpeningHours,
    Privacy,
    Purpose,
    closed_to,
    refusal_expires,
)
from npc_brain.world.place import Place
from npc_brain.world.verdict import Verdict
from npc_brain.world.world import World

# The norms and the verdict live in their own modules; they are importable from here as before.
__all__ = [
    "ALLOWED_ANYWHERE", "PURPOSE_ALLOWS", "ActionLike", "AgentLike", "Capacity", "OpeningHours", "Privacy",
    "Purpose", "Rule", "RuleStats", "Rules", "Verdict", "closed_to", "default_rules", "refusal_expires",
]


class AgentLike(Protocol):
    """Anything with a name; rules may also read `.age`, `.workplace` or `.persona`."""

    @property
    def name(self) -> str: ...


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
