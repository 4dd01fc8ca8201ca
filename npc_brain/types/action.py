"""Action and Refusal: what an agent does now, and where a rule said no."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

EMOJI = {
    "sleep": "💤", "eat": "🍽", "cook": "🍳", "drink": "☕", "work": "💼", "study": "📚",
    "shop": "🛒", "wash": "🚿", "toilet": "🚻", "socialize": "💬", "relax": "🛋",
    "exercise": "🏃", "read": "📖", "play": "🎲", "commute": "🚶", "other": "💭",
}


@dataclass(frozen=True, slots=True)
class Action:
    """What the agent is doing now: the game moves the sprite to `address` and shows `emoji`.

    `source` says where it came from: "plan", "react", "refusal", "conversation", "idle".
    """

    description: str
    activity: str
    address: str | None
    start: datetime
    end: datetime
    emoji: str
    source: str = "plan"
    object_state: str | None = None  # what the object at `address` does meanwhile ("brewing coffee")
    follow: str | None = None  # whom to walk behind ("follow" actions): the Walker tracks their position


@dataclass(frozen=True, slots=True)
class Refusal:
    """A rule refused the agent at `address` (and everything inside) until `until`."""

    address: str
    until: datetime
    reason: str
    rule: str = ""
    activity: str = ""

    def excludes(self, now: datetime, activity: str) -> bool:
        """Active now for this activity (a purpose refusal only blocks its own activity)."""
        if now >= self.until:
            return False
        return self.rule != "purpose" or not self.activity or self.activity == activity


def caption(action: Action, *, moving: bool = False, place: str | None = None,
            partner: str | None = None, there: bool = True, turned_away: bool = False,
            description: str | None = None) -> str:
    """What the agent is doing *now*, where it is, in words a player reads under its sprite.

    The plan says "working at Hobbs Cafe" from 9:00, but until the agent is there it is walking:
    the planned activity shows once it has started (`there`: the body is at the action's place).
    `place` names the action's destination ("Hobbs Cafe"), `partner` whom it is talking with
    (by first name), `turned_away` that a rule stopped it at a door; `description` replaces the
    action's own words (the game's, true to where it is). A sleeper is "asleep" only in bed.
    """
    if partner:
        return f"talking with {partner.split()[0]}"
    if moving:
        return f"walking to {place}" if place else "walking"
    if turned_away:
        return f"turned away from {place}" if place else "turned away"
    if not there:
        return f"on the way to {place}" if place else "on the way"
    if action.activity == "sleep":
        return "asleep"
    return description if description is not None else action.description
