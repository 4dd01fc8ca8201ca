"""Attention: which of an agent's perceptions are news, and what waits for a reaction decision.

A repeat within `dedup_minutes` is no news; an event, or another person seen, is worth a
reaction; a rule's refusal waits for a replan. A REACT thought takes the oldest refusal first,
else the oldest fresh perception past the cooldowns (`candidate`). Game thread only; not saved.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from npc_brain.memory.importance import normalise_description
from npc_brain.runtime.agent_state import Marks
from npc_brain.runtime.settings import BrainSettings
from npc_brain.types.action import Refusal
from npc_brain.types.observation import Observation, ObservationKind

__all__ = ["Attention", "PendingReaction"]


@dataclass(slots=True)
class PendingReaction:
    """A perception waiting for a reaction decision."""

    observation: Observation
    time: datetime

    @property
    def sighting(self) -> bool:
        """Someone seen doing something (not an event, not an object): answered by rule when needed."""
        obs = self.observation
        subject = obs.subject or ""
        return obs.kind is ObservationKind.SIGHT and bool(subject) and ":" not in subject


class Attention:
    """What `owner` (the agent's name: itself is nobody to react to) has noticed and not answered yet."""

    def __init__(self, owner: str, settings: BrainSettings) -> None:
        self.owner = owner
        self.settings = settings
        self._seen: dict[str, datetime] = {}  # what was perceived, and when last
        self._novel: list[PendingReaction] = []
        self._refused: list[tuple[Refusal, str]] = []  # awaiting replan: (refusal, blocked action)

    def fresh(self, obs: Observation, now: datetime) -> bool:
        """Whether `obs` is news: not perceived (at its place) within `dedup_minutes`."""
        key = normalise_description(obs.description) + "|" + (obs.place or "")
        last = self._seen.get(key)
        if last is not None and now - last < timedelta(minutes=self.settings.dedup_minutes):
            return False
        self._seen[key] = now
        return True

    def tidy(self, now: datetime) -> None:
        """Keep the dedup map bounded (after a batch of perceptions: what fell out of the
        window can no longer make anything a repeat)."""
        if len(self._seen) > 2048:
            horizon = now - timedelta(minutes=self.settings.dedup_minutes)
            self._seen = {k: t for k, t in self._seen.items() if t >= horizon}

    def consider(self, obs: Observation, now: datetime) -> None:
        """Queue `obs` for a reaction decision if it is worth one: an event, or another person seen."""
        if obs.kind in (ObservationKind.SELF, ObservationKind.SPEECH):
            return
        # Sights: other people (subjects without ':' are names, places have addresses).
        subject = obs.subject or ""
        if obs.kind == ObservationKind.EVENT or (subject and ":" not in subject and subject != self.owner):
            self._novel.append(PendingReaction(obs, now))

    def notice(self, obs: Observation, now: datetime) -> None:
        """Queue `obs` for a reaction decision whatever it is (someone seen again, a whisper)."""
        self._novel.append(PendingReaction(obs, now))

    @property
    def pending(self) -> bool:
        """Perceptions wait for a reaction decision."""
        return bool(self._novel)

    def refused(self, refusal: Refusal, blocked: str) -> None:
        """A rule refused the action described `blocked`: a replan is due."""
        self._refused.append((refusal, blocked))

    def candidate(self, now: datetime, marks: Marks, *, coarse: bool,
                  watched: bool) -> PendingReaction | Refusal | None:
        """What a REACT thought would handle now: the oldest refusal, else a fresh perception
        past the cooldowns (stale ones are dropped on the way), else None."""
        if self._refused:
            return self._refused[0][0]
        s = self.settings
        cooldown = s.coarse_react_cooldown_minutes if coarse else s.react_cooldown_minutes
        if marks.last_react and now - marks.last_react < timedelta(minutes=cooldown):
            return None
        horizon = timedelta(minutes=min(s.react_subject_cooldown_minutes, s.watched_subject_cooldown_minutes)
                            if watched else s.react_subject_cooldown_minutes)
        while self._novel:
            p = self._novel[0]
            subject = p.observation.subject
            last = marks.react_subjects.get(subject) if subject else None
            if now - p.time > timedelta(minutes=30) or (last is not None and now - last < horizon):
                self._novel.pop(0)  # stale, or already reacted to this person lately
                continue
            return p
        return None

    def next_refusal(self) -> tuple[Refusal, str]:
        """Take the oldest refusal awaiting a replan, with the action it blocked; later ones for
        the same address are dropped (one replan answers them all)."""
        refusal, blocked = self._refused.pop(0)
        self._refused = [(r, b) for r, b in self._refused if r.address != refusal.address]
        return refusal, blocked

    def next_perception(self) -> PendingReaction:
        """Take the oldest perception waiting for a reaction decision."""
        return self._novel.pop(0)

    def clear(self) -> None:
        """Forget what waits for a decision (a save was loaded); what was seen stays seen."""
        self._novel.clear()
        self._refused.clear()
