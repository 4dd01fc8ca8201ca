"""Plan: an agent's day as three levels of timed steps (day chunks > hour steps > actions).

A step's children are the next level's steps inside its time span, so cutting a span
out of the plan (a reaction, a refusal) is one operation per level and nothing dangles.
Steps are immutable; the `Plan` container is owned by the game thread.
"""
from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, replace
from datetime import datetime, timedelta
from enum import IntEnum
from typing import Any

MIN_STEP = timedelta(minutes=5)


class PlanLevel(IntEnum):
    """Granularity of a step: broad day chunk, ~hour step, 5–15 minute action."""

    DAY = 0
    HOUR = 1
    ACTION = 2


@dataclass(frozen=True, slots=True)
class PlanStep:
    """One plan entry: what, which activity, where (an address, None until located), when.

    `atomic` steps are never decomposed (sleep, reactions, replans). `state` is what the
    object at `address` does while the step runs ("brewing coffee"), when known.
    """

    level: PlanLevel
    start: datetime
    end: datetime
    description: str
    activity: str
    address: str | None = None
    atomic: bool = False
    state: str | None = None
    source: str = "plan"

    def __post_init__(self) -> None:
        if self.end <= self.start:
            raise ValueError(f"plan step ends before it starts: {self.start} .. {self.end}")

    @property
    def minutes(self) -> int:
        """Duration in whole minutes."""
        return int((self.end - self.start).total_seconds() // 60)

    def covers(self, when: datetime) -> bool:
        """True when `when` is inside [start, end)."""
        return self.start <= when < self.end

    def to_state(self) -> dict[str, Any]:
        """JSON-able dict (for saves)."""
        d = asdict(self)
        d["level"] = int(self.level)
        d["start"] = self.start.isoformat()
        d["end"] = self.end.isoformat()
        return d

    @classmethod
    def from_state(cls, d: dict[str, Any]) -> PlanStep:
        """Inverse of `to_state`."""
        d = dict(d)
        d["level"] = PlanLevel(d["level"])
        d["start"] = datetime.fromisoformat(d["start"])
        d["end"] = datetime.fromisoformat(d["end"])
        return cls(**d)


class Plan:
    """The agent's current plan, one sorted non-overlapping list per level.

    `version` increases on every change so jobs can tell if what they planned against
    is still the plan.
    """

    def __init__(self) -> None:
        self._levels: list[list[PlanStep]] = [[], [], []]
        self.version = 0
        # A day built by rule from the persona's habits while the model plans the real one:
        # followed meanwhile (the NPC goes to work instead of standing still), never
        # decomposed, never saved.
        self.provisional = False

    # ------------------------------------------------------------ reading
    def steps(self, level: PlanLevel) -> tuple[PlanStep, ...]:
        """All steps of one level, in time order."""
        return tuple(self._levels[level])

    def __iter__(self) -> Iterator[PlanStep]:
        return itertools.chain(*self._levels)

    @property
    def empty(self) -> bool:
        """True when there is no day plan at all."""
        return not self._levels[PlanLevel.DAY]

    @property
    def end(self) -> datetime | None:
        """End of the last day chunk (None when empty)."""
        day = self._levels[PlanLevel.DAY]
        return day[-1].end if day else None

    def ended(self, now: datetime) -> bool:
        """True when there is no day plan, or its last chunk is over (a new one is due)."""
        end = self.end
        return end is None or end <= now

    def at(self, when: datetime, level: PlanLevel) -> PlanStep | None:
        """The step of `level` covering `when`."""
        for step in self._levels[level]:
            if step.covers(when):
                return step
            if step.start > when:
                break
        return None

    def current(self, when: datetime) -> PlanStep | None:
        """The finest step covering `when` (action, else hour step, else day chunk)."""
        for level in (PlanLevel.ACTION, PlanLevel.HOUR, PlanLevel.DAY):
            step = self.at(when, level)
            if step is not None:
                return step
        return None

    def children(self, step: PlanStep) -> tuple[PlanStep, ...]:
        """Next-level steps inside `step`'s span."""
        if step.level == PlanLevel.ACTION:
            return ()
        return tuple(
            s for s in self._levels[step.level + 1] if s.start >= step.start and s.end <= step.end
        )

    def contains(self, step: PlanStep) -> bool:
        """True while `step` is still part of the plan (jobs check before applying)."""
        return step in self._levels[step.level]

    # ------------------------------------------------------------ writing
    def set_day(self, chunks: Iterable[PlanStep], *, provisional: bool = False) -> None:
        """Replace the whole plan with new day chunks (finer levels are cleared);
        `provisional`: a stand-in until the day plan proper (`Plan.provisional`)."""
        chunks = sorted(chunks, key=lambda s: s.start)
        _check_level(chunks, PlanLevel.DAY)
        self._levels = [chunks, [], []]
        self.provisional = provisional
        self.version += 1

    def fill(self, parent: PlanStep, children: Iterable[PlanStep]) -> bool:
        """Insert decomposed children of `parent` (they must lie in its span and not overlap).

        Returns False (and changes nothing) when `parent` is no longer in the plan.
        """
        if not self.contains(parent) or parent.level == PlanLevel.ACTION:
            return False
        children = sorted(children, key=lambda s: s.start)
        _check_level(children, PlanLevel(parent.level + 1))
        if children and (children[0].start < parent.start or children[-1].end > parent.end):
            raise ValueError("children must lie inside their parent step")
        level = self._levels[parent.level + 1]
        if children:
            a, b = children[0].start, children[-1].end
            level[:] = [s for s in level if s.end <= a or s.start >= b]
        level.extend(children)
        level.sort(key=lambda s: s.start)
        self.version += 1
        return True

    def replace(self, old: PlanStep, new: PlanStep) -> bool:
        """Swap one step for an updated copy (same level and span), e.g. once it is located."""
        level = self._levels[old.level]
        try:
            i = level.index(old)
        except ValueError:
            return False
        if (new.level, new.start, new.end) != (old.level, old.start, old.end):
            raise ValueError("replace keeps a step's level and time span")
        level[i] = new
        self.version += 1
        return True

    def interrupt(self, step: PlanStep) -> None:
        """Cut `step`'s span out of every level and insert `step` as a day-level entry.

        Steps overlapping the span are trimmed (the part before) and resumed (the part
        after), so the rest of the day is kept; fragments shorter than 5 minutes go.
        """
        if step.level != PlanLevel.DAY:
            step = replace(step, level=PlanLevel.DAY)
        for level in self._levels:
            level[:] = list(_cut(level, step.start, step.end))
        self._levels[PlanLevel.DAY].append(step)
        self._levels[PlanLevel.DAY].sort(key=lambda s: s.start)
        self.version += 1

    def drop_before(self, when: datetime) -> None:
        """Forget steps that ended before `when` (keeps the plan small)."""
        for level in self._levels:
            level[:] = [s for s in level if s.end > when]

    # ------------------------------------------------------------ persistence
    def to_state(self) -> dict[str, Any]:
        """JSON-able dict."""
        # A provisional day is not saved: a loaded agent plans its day again.
        return {"version": self.version, "steps": [] if self.provisional else [s.to_state() for s in self]}

    @classmethod
    def from_state(cls, d: dict[str, Any]) -> Plan:
        """Inverse of `to_state`."""
        plan = cls()
        for raw in d.get("steps", []):
            step = PlanStep.from_state(raw)
            plan._levels[step.level].append(step)
        for level in plan._levels:
            level.sort(key=lambda s: s.start)
        plan.version = int(d.get("version", 0))
        return plan


def _cut(steps: list[PlanStep], a: datetime, b: datetime) -> Iterator[PlanStep]:
    for s in steps:
        if s.end <= a or s.start >= b:
            yield s
            continue
        if s.start < a and a - s.start >= MIN_STEP:
            yield replace(s, end=a)
        if s.end > b and s.end - b >= MIN_STEP:
            yield replace(s, start=b)


def _check_level(steps: list[PlanStep], level: PlanLevel) -> None:
    for s in steps:
        if s.level != level:
            raise ValueError(f"expected {level.name} steps, got {s.level.name}")
    for x, y in itertools.pairwise(steps):
        if y.start < x.end:
            raise ValueError(f"plan steps overlap: {x.description!r} and {y.description!r}")


def snap(when: datetime, minutes: int = 5) -> datetime:
    """Round down to a multiple of `minutes` (plans start on tidy times)."""
    return when.replace(second=0, microsecond=0) - timedelta(minutes=when.minute % minutes)


def fit(lengths: Sequence[int], start: datetime, end: datetime, *, grain: int = 5) -> list[tuple[datetime, datetime]]:
    """Scale step lengths (minutes) to exactly fill [start, end), on a `grain`-minute grid."""
    total = max(1, sum(lengths))
    span = int((end - start).total_seconds() // 60)
    spans: list[tuple[datetime, datetime]] = []
    t = start
    acc = 0.0
    for i, n in enumerate(lengths):
        acc += n * span / total
        stop = end if i == len(lengths) - 1 else start + timedelta(minutes=grain * round(acc / grain))
        stop = min(stop, end)
        if stop - t >= MIN_STEP or (i == len(lengths) - 1 and stop > t):
            spans.append((t, stop))
            t = stop
    if spans and spans[-1][1] < end:
        spans[-1] = (spans[-1][0], end)
    return spans
