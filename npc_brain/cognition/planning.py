"""Planning (paper §4.3): a day plan in broad chunks, decomposed just in time.

`plan_day` turns the persona, yesterday and the agent's own thoughts into 5–8 day
chunks. `decompose` runs when the agent reaches a chunk: the chunk becomes hour steps
(one call, only for chunks longer than an hour), the *current* hour step gets a room
(location walk, usually free) and becomes 5–15 minute actions that name the object
they use (one call). Nothing further ahead is decomposed, which is where most of the
reference implementation's calls went.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from npc_brain.cognition import prompts
from npc_brain.cognition.importance import MemoryDraft
from npc_brain.cognition.location import Whereabouts
from npc_brain.cognition.plan import MIN_STEP, PlanLevel, PlanStep, snap
from npc_brain.cognition.recall import Recall, recall
from npc_brain.cognition.schemas import DayPlan, HourSteps, action_steps_schema
from npc_brain.llm.protocols import ChatModel, Embedder
from npc_brain.memory.record import MemoryKind
from npc_brain.memory.retrieval import RetrievalWeights
from npc_brain.memory.stream import MemoryView
from npc_brain.persona import Persona

ATOMIC_ACTIVITIES = frozenset({"sleep"})


@dataclass(frozen=True, slots=True)
class DayPlanned:
    """Result of PLAN_DAY: day chunks (unlocated) and the plan as a memory draft."""

    chunks: tuple[PlanStep, ...]
    memory: MemoryDraft
    recalls: tuple[Recall, ...] = ()


@dataclass(frozen=True, slots=True)
class Decomposed:
    """Result of DECOMPOSE: new children per parent step and located replacements.

    Apply in order: `located` (old → new) first, then `children` (parent → steps), where
    the parent is given *after* location so `Plan.fill` finds it.
    """

    located: tuple[tuple[PlanStep, PlanStep], ...] = ()
    children: tuple[tuple[PlanStep, tuple[PlanStep, ...]], ...] = ()
    learned: dict[tuple[str, str, str], str] = field(default_factory=dict)
    calls: int = 0


def plan_day(
    model: ChatModel,
    embedder: Embedder,
    view: MemoryView,
    persona: Persona,
    now: datetime,
    *,
    yesterday: str = "",
    thoughts: Sequence[str] = (),
    wake_hour: int = 7,
    k: int = 4,
    weights: RetrievalWeights = RetrievalWeights(),
) -> DayPlanned:
    """Plan from now until the next morning in broad chunks (one model call)."""
    recalls = tuple(recall(view, embedder, [f"{persona.name}'s plans and intentions for today"],
                           now, k=k, weights=weights))
    memories = [s.record.description for r in recalls for s in r.results
                if s.record.description not in thoughts]
    out = model.parse(
        prompts.day_plan_messages(persona, now, yesterday=yesterday, thoughts=thoughts,
                                  memories=memories),
        DayPlan,
        max_tokens=420,
        purpose="plan_day",
        agent=persona.name,
    )
    chunks = day_chunks(out, now, wake_hour=wake_hour)
    text = f"Plan for {now.strftime('%A %B %d')}: " + "; ".join(
        f"{c.start.strftime('%H:%M')} {c.description}" for c in chunks
    )
    return DayPlanned(chunks, MemoryDraft(MemoryKind.PLAN, text, now), recalls)


def day_chunks(plan: DayPlan, now: datetime, *, wake_hour: int = 7) -> tuple[PlanStep, ...]:
    """Normalise the model's chunks into contiguous day steps from now to the next wake-up.

    The model's start hours are the truth for ordering; durations only size the last
    chunk. Hours before now (minus an hour) are read as after midnight. A gap before the
    first chunk at night becomes sleep; the plan always ends asleep until the next
    morning, so a new day plan is due when the agent wakes.
    """
    start = snap(now)
    base = now.replace(hour=0, minute=0, second=0, microsecond=0)

    def at(hour: int) -> datetime:
        t = base + timedelta(hours=hour)
        return t + timedelta(days=1) if hour < now.hour - 1 else t

    raw = sorted(((at(c.start), c) for c in plan.chunks), key=lambda t: t[0])
    times: list[datetime] = []
    for t, c in raw:
        if times and t <= times[-1]:
            t = times[-1] + timedelta(hours=1)
        times.append(t)
    wake = base + timedelta(days=1, hours=wake_hour)
    if start.hour < wake_hour and now.date() == base.date():
        wake = base + timedelta(hours=wake_hour) if start < base + timedelta(hours=wake_hour) else wake
    steps: list[PlanStep] = []
    first = times[0] if times else start
    if first > start:
        night = start.hour < wake_hour or start.hour >= 22
        if night and first - start >= timedelta(hours=1):
            steps.append(_chunk(start, first, "sleep", "sleep"))
        else:
            times[0] = start
    for i, (t, c) in enumerate(zip(times, (c for _, c in raw))):
        t = max(t, steps[-1].end if steps else start)
        end = times[i + 1] if i + 1 < len(times) else t + timedelta(hours=c.hours)
        if c.act == "sleep" and i + 1 == len(times):
            end = max(end, wake)
        if end - t < MIN_STEP:
            continue
        prev = steps[-1] if steps else None
        if prev is not None and (prev.description, prev.activity) == (c.what, c.act) and prev.end == t:
            steps[-1] = replace(prev, end=end)  # a small model repeats itself: one longer chunk
            continue
        steps.append(_chunk(t, end, c.what, c.act))
    if not steps:
        steps.append(_chunk(start, start + timedelta(hours=1), "thinking about the day", "other"))
    last = steps[-1]
    if last.activity != "sleep":
        if wake <= last.end:
            wake = last.end + timedelta(hours=8)
        steps.append(_chunk(last.end, wake, "sleep", "sleep"))
    return tuple(steps)


def _act(act: str, parent: str) -> str:
    return parent if act == "other" else act


def _chunk(start: datetime, end: datetime, what: str, act: str) -> PlanStep:
    return PlanStep(PlanLevel.DAY, start, end, what, act, atomic=act in ATOMIC_ACTIVITIES)


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


def needs_decomposition(chunk: PlanStep | None, hour: PlanStep | None, has_actions: bool) -> bool:
    """True when the chunk covering a time still lacks its hour step, location or actions."""
    if chunk is None:
        return False
    if chunk.atomic or chunk.minutes <= 15:
        return chunk.address is None
    if hour is None:
        return True
    if hour.address is None:
        return True
    return not hour.atomic and hour.minutes > 15 and not has_actions


def decompose(
    model: ChatModel,
    persona: Persona,
    where: Whereabouts,
    when: datetime,
    *,
    chunk: PlanStep,
    hour: PlanStep | None,
    context: Sequence[str] = (),
) -> Decomposed:
    """Decompose what covers `when`: chunk → hour steps → located hour → actions."""
    name = persona.name
    calls = 0
    located: list[tuple[PlanStep, PlanStep]] = []
    children: list[tuple[PlanStep, tuple[PlanStep, ...]]] = []
    if chunk.atomic or chunk.minutes <= 15:
        d = where.choose(model, agent=name, what=chunk.description, activity=chunk.activity)
        new = replace(chunk, address=d.address or where.here, state=d.state)
        return Decomposed(((chunk, new),), (), dict(where.learned), d.calls)
    if hour is None:
        span_start = max(chunk.start, snap(when))
        if chunk.minutes <= 60 or chunk.end - span_start <= timedelta(minutes=60):
            hours = (PlanStep(PlanLevel.HOUR, span_start, chunk.end, chunk.description,
                              chunk.activity, atomic=chunk.atomic),)
        else:
            minutes = int((chunk.end - span_start).total_seconds() // 60)
            out = model.parse(
                prompts.hour_steps_messages(persona, span_start, minutes, chunk.description,
                                            context=context),
                HourSteps, max_tokens=320, purpose="plan_hour", agent=name,
            )
            calls += 1
            # A vague "other" from a small model inherits the chunk's activity (it drives location).
            hours = tuple(
                PlanStep(PlanLevel.HOUR, a, b, s.what, _act(s.act, chunk.activity),
                         atomic=_act(s.act, chunk.activity) in ATOMIC_ACTIVITIES)
                for s, (a, b) in zip(out.steps, fit([s.min for s in out.steps], span_start, chunk.end))
            )
        children.append((chunk, hours))
        hour = next((h for h in hours if h.covers(when)), hours[0])
    if hour.address is None:
        d = where.choose(model, agent=name, what=hour.description, activity=hour.activity,
                         to_object=hour.atomic or hour.minutes <= 15)
        calls += d.calls
        new_hour = replace(hour, address=d.address or where.here, state=d.state)
        if children and children[-1][0] is chunk:
            children[-1] = (chunk, tuple(new_hour if h is hour else h for h in children[-1][1]))
        else:
            located.append((hour, new_hour))
        hour = new_hour
    if not hour.atomic and hour.minutes > 15:
        room = hour.address
        objects = [o for o in where.known.children(room) if o.kind.lower() == "object"
                   and not any(o.address == x or o.address.startswith(x + ":") for x in where.exclude)] if room else []
        keys = tuple(o.key for o in objects)
        if len(set(keys)) != len(keys):
            objects, keys = [], ()
        span_start = max(hour.start, snap(when)) if hour.start < when else hour.start
        if hour.end - span_start < MIN_STEP:
            span_start = hour.start
        minutes = int((hour.end - span_start).total_seconds() // 60)
        n_steps = max(1, min(12, minutes // 10))
        out = model.parse(
            prompts.action_steps_messages(
                persona, span_start, minutes, hour.description,
                place=where.known.describe(room) if room else "",
                objects=[(o.key, o.description or o.name) for o in objects],
            ),
            action_steps_schema(keys, n_steps), max_tokens=30 + 52 * n_steps,
            purpose="plan_action", agent=name,
        )
        calls += 1
        actions = []
        for s, (a, b) in zip(out.steps, fit([s.min for s in out.steps], span_start, hour.end)):
            obj = getattr(s, "obj", "none")
            address, state = room, None
            if obj != "none" and obj in keys:
                address = objects[keys.index(obj)].address
                state = getattr(s, "state", None) or None
            act = _act(s.act, hour.activity)
            if address and not where.known.serves(address, act) and where.known.serves(address, hour.activity):
                act = hour.activity  # the place was chosen for the hour's activity; keep to it
            actions.append(PlanStep(PlanLevel.ACTION, a, b, s.what, act, address=address, state=state))
        children.append((hour, tuple(actions)))
    return Decomposed(tuple(located), tuple(children), dict(where.learned), calls)
