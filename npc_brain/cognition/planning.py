"""Planning (paper §4.3): a day plan in broad chunks, decomposed just in time.

`plan_day` turns the persona, yesterday and the agent's own thoughts into day chunks:
the day is cut into parts (waking, morning, lunch, afternoon, evening, night — from the
persona's own wake and bed times) and the model chooses, for each part, one of the
options built from the persona's habits, work, status and intentions (`choices`).
`decompose` runs when the agent reaches a chunk: the chunk becomes hour steps (one call,
only for chunks longer than an hour; options: the chunk, related habits, the rooms where
it happens), the *current* hour step gets a room (location walk, usually free) and
becomes 5–15 minute actions chosen among phrases naming the room's objects (one call).
Nothing further ahead is decomposed, which is where most of the reference
implementation's calls went.
"""
from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from npc_brain.cognition import news, prompts
from npc_brain.cognition.choices import (
    DAYTIME,
    Option,
    Slot,
    action_options,
    alternatives_at,
    day_slots,
    hour_options,
)
from npc_brain.cognition.importance import MemoryDraft
from npc_brain.cognition.location import (
    HOME_ACTIVITIES,
    OBJECT_IN_USE,
    SOCIAL_ACTIVITIES,
    WORK_ACTIVITIES,
    Whereabouts,
    building_names,
)
from npc_brain.cognition.recall import Recall, recall
from npc_brain.cognition.schemas import (
    DayChunk,
    DayPlan,
    action_steps_schema,
    day_slots_schema,
    hour_steps_schema,
)
from npc_brain.language.phrasing import wake_and_bed
from npc_brain.llm.protocols import ChatModel, Embedder
from npc_brain.memory.record import MemoryKind
from npc_brain.memory.retrieval import RetrievalWeights
from npc_brain.memory.view import MemoryView
from npc_brain.types.occasion import Occasion
from npc_brain.types.persona import Persona
from npc_brain.types.plan import MIN_STEP, PlanLevel, PlanStep, fit, snap
from npc_brain.world.place import ACTIVITIES

ATOMIC_ACTIVITIES = frozenset({"sleep"})
ACTION_WINDOW = timedelta(minutes=120)
"""How far ahead one PLAN_ACTION call decomposes an hour step into 5–15 minute actions."""
MIN_ACTION_TAIL = timedelta(minutes=30)
"""A shorter rest of the hour step is decomposed with the window rather than left over."""
SINGLE_ACTION_MINUTES = 30
"""An hour step this short is its own action (located down to an object, no PLAN_ACTION call)."""


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


def plan_day(model: ChatModel, embedder: Embedder, view: MemoryView, persona: Persona, now: datetime, *,
             yesterday: str = "", thoughts: Sequence[str] = (), wake_hour: int = 7, bed_hour: int = 22,
             names: Mapping[str, str] | None = None, k: int = 4,
             weights: RetrievalWeights = RetrievalWeights(), known: Sequence[str] = (),
             occasions: Sequence[tuple[Occasion, bool]] = ()) -> DayPlanned:
    """Plan from now until the next morning in broad chunks (one model call).

    `wake_hour`/`bed_hour` are fallbacks for a persona whose lifestyle names no times;
    `names` maps building addresses to display names ("Hobbs Cafe") for the options; `known`
    are memories to weigh that are not in the stream yet (a fresh agent's seeds); `occasions`
    the occasions it knows of, each with whether it means to be there (`invitation.known`:
    read from memory fields whether or not retrieval surfaces them).
    """
    recalls = tuple(recall(view, embedder, [f"{persona.name}'s plans and intentions for today"],
                           now, k=k, weights=weights))
    memories = [s.record.description for r in recalls for s in r.results if s.record.description not in thoughts]
    slots, wake = _slots(persona, now, memories, known, thoughts=thoughts, wake_hour=wake_hour,
                         bed_hour=bed_hour, names=names, occasions=occasions,
                         share=bool(news.unshared(view.records, now)))
    if slots and any(len(s.options) > 1 for s in slots):
        schema = day_slots_schema(tuple((s.key, tuple(o.what for o in s.options)) for s in slots))
        out = model.parse(
            prompts.day_plan_messages(persona, now, slots=slots, yesterday=yesterday, thoughts=thoughts),
            schema,
            max_tokens=_choice_tokens(slots),
            temperature=0.4,
            purpose="plan_day",
            agent=persona.name,
        )
        chosen = _with_work(slots, [s.find(getattr(out, s.key)) for s in slots], persona)
        picked = [_slot_chunk(s, o) for s, o in zip(slots, chosen, strict=True)]
    elif slots:  # one option in every part of the day: no choice, no call
        picked = [_slot_chunk(s, o) for s, o in zip(slots, _with_work(slots, [s.options[0] for s in slots], persona),
                                                    strict=True)]
    else:  # past bedtime: nothing to choose, the rest of the night is sleep
        picked = [DayChunk(what="sleeping", act="sleep", start=now.hour, hours=max(1, (wake - now.hour) % 24))]
    chunks = day_chunks(picked, now, wake_hour=wake)
    return DayPlanned(chunks, day_memory(chunks, now), recalls)


def day_memory(chunks: Sequence[PlanStep], now: datetime) -> MemoryDraft:
    """The day plan as the PLAN memory it is remembered by ("Plan for Monday February 13: …")."""
    text = f"Plan for {now.strftime('%A %B %d')}: " + "; ".join(
        f"{c.start.strftime('%H:%M')} {c.description}" for c in chunks
    )
    return MemoryDraft(MemoryKind.PLAN, text, now)


def provisional_day(persona: Persona, now: datetime, *, wake_hour: int = 7,
                    bed_hour: int = 22, names: Mapping[str, str] | None = None,
                    known: Sequence[str] = (),
                    occasions: Sequence[tuple[Occasion, bool]] = (), share: bool = False) -> tuple[PlanStep, ...]:
    """The day `plan_day` would offer, each part taken as its first option (the code's best:
    a dated commitment, else what fits that part of the day) — no model call.

    A stand-in while the model plans the day: at a town's first morning ten plans queue
    behind one another, and an NPC without a plan stands still (`Plan.provisional`)."""
    slots, wake = _slots(persona, now, [], known, wake_hour=wake_hour, bed_hour=bed_hour, names=names,
                         occasions=occasions, share=share)
    if not slots:
        return ()
    chosen = _with_work(slots, [s.options[0] for s in slots], persona)
    chunks = day_chunks([_slot_chunk(s, o) for s, o in zip(slots, chosen, strict=True)], now, wake_hour=wake)
    return tuple(replace(c, source="habit") for c in chunks)


def _slots(persona: Persona, now: datetime, memories: Sequence[str], known: Sequence[str],
           *, thoughts: Sequence[str] = (), wake_hour: int, bed_hour: int,
           names: Mapping[str, str] | None,
           occasions: Sequence[tuple[Occasion, bool]] = (), share: bool = False) -> tuple[list[Slot], int]:
    """Today's parts of the day with their options, and the wake-up hour. The occasions known
    are weighed whether or not retrieval surfaced them: the host's party and a party heard of
    yesterday must not lose to this morning's perceptions."""
    memories = [*memories, *(d for d in known if d not in memories and d not in thoughts)]
    wake, bed = wake_and_bed(persona.lifestyle, wake=wake_hour, bed=bed_hour)
    return day_slots(persona, wake=wake, bed=bed, today=f"{now:%B} {now.day}", weekday=f"{now:%A}",
                     from_hour=now.hour, thoughts=thoughts, memories=memories, names=names,
                     occasions=occasions, day=now.date(), share=share), wake


def _with_work(slots: Sequence[Slot], chosen: Sequence[Option], persona: Persona) -> list[Option]:
    """The chosen options, with work in them: a persona with a workplace works some part of
    its day.

    The small model may pick a habit for every daytime part ("baking pastries", "a walk in
    the park") and leave the café's owner away from her café all day. Then the longest
    daytime part that offered work takes the first working option it offered — her own
    "opening Hobbs Cafe at 8am" before the generic "working at Hobbs Cafe".
    """
    picked = list(chosen)
    if not persona.workplace or any(o.act in WORK_ACTIVITIES for s, o in zip(slots, picked, strict=True)
                                    if s.key in DAYTIME):
        return picked
    offered = [(s.end - s.start, -i, i) for i, s in enumerate(slots)
               if s.key in DAYTIME and any(o.act in WORK_ACTIVITIES for o in s.options)]
    if offered:
        i = max(offered)[2]
        picked[i] = next(o for o in slots[i].options if o.act in WORK_ACTIVITIES)
    return picked


def _choice_tokens(slots: Sequence[Slot]) -> int:
    """Room for the longest answer: every slot's key and its longest option (≈ 3 chars a token)."""
    return 8 + sum(len(s.key) // 3 + 5 + max(len(o.what) for o in s.options) // 3 for s in slots)


def _slot_chunk(slot: Slot, option: Option) -> DayChunk:
    """A chosen option as a day chunk; an option naming its own hours ('from 5pm to 7pm',
    'at 8am') starts (and ends) then, within its slot."""
    start, end = slot.start, slot.end
    if option.start is not None and slot.start <= option.start < slot.end:
        start = option.start
        if option.end is not None and start < option.end <= slot.end:
            end = option.end
    return DayChunk(what=option.what, act=option.act, start=start % 24, hours=max(1, min(12, end - start)))


def day_chunks(plan: DayPlan | Sequence[DayChunk], now: datetime, *, wake_hour: int = 7) -> tuple[PlanStep, ...]:
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

    given = plan.chunks if isinstance(plan, DayPlan) else tuple(plan)
    raw = sorted(((at(c.start), c) for c in given), key=lambda t: t[0])
    times: list[datetime] = []
    for t, _c in raw:
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


def _find(options: Sequence[Option], what: str) -> Option:
    return next(o for o in options if o.what == what)


def _merge_repeats(picked: Sequence[tuple[Option, int]]) -> list[tuple[Option, int]]:
    """Consecutive picks of the same option become one longer step (a small model repeats)."""
    out: list[tuple[Option, int]] = []
    for option, minutes in picked:
        if out and out[-1][0] == option:
            out[-1] = (option, out[-1][1] + minutes)
        else:
            out.append((option, minutes))
    return out


def _steps_tokens(options: Sequence[Option], n_steps: int) -> int:
    """Room for `n_steps` picks of the longest option (≈ 3 chars a token) plus the JSON."""
    return 12 + n_steps * (10 + max(len(o.what) for o in options) // 3)


def _served(where: Whereabouts, address: str) -> frozenset[str]:
    return frozenset(a for a in ACTIVITIES if where.known.serves(address, a))


_AT_HOME = re.compile(r"\b(at|back) home\b", re.IGNORECASE)


def _at_work(chunk: PlanStep, hour: PlanStep, where: Whereabouts) -> str | None:
    """Inside a work chunk, a step of another kind that the workplace serves ("baking pastries"
    in the café's kitchen) happens there, not at home: the walk starts at the workplace."""
    if chunk.activity not in WORK_ACTIVITIES or not where.workplace or hour.activity == chunk.activity:
        return None
    if _AT_HOME.search(hour.description):  # "having lunch at home" says where it happens
        return None
    building = ":".join(where.workplace.split(":")[:2])
    return building if building in where.known and where.known.serves(building, hour.activity) else None


def _rooms_for(activity: str, where: Whereabouts) -> list[tuple[str, str, frozenset[str]]]:
    """(name, address, activities) of the known rooms where the persona would do `activity`:
    in its workplace's building for work, at home for home things, else none (the location
    walk decides later)."""
    anchor = where.workplace if activity in WORK_ACTIVITIES else where.home if activity in HOME_ACTIVITIES else None
    if not anchor:
        return []
    building = ":".join(anchor.split(":")[:2])
    rooms = [p for p in where.known.children(building) if p.kind.lower() == "room"]
    return [(p.name, p.address, _served(where, p.address)) for p in rooms]


def _act(act: str, parent: str) -> str:
    return parent if act == "other" else act


def _chunk(start: datetime, end: datetime, what: str, act: str) -> PlanStep:
    return PlanStep(PlanLevel.DAY, start, end, what, act, atomic=act in ATOMIC_ACTIVITIES)


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
    return not hour.atomic and hour.minutes > SINGLE_ACTION_MINUTES and not has_actions


def _names_a_shut_place(description: str, where: Whereabouts) -> bool:
    """The step names a known place whose hours shut the agent out now (`Whereabouts.closed`)."""
    text = f" {description.casefold()} "
    return any(p is not None and p.name.strip() and f" {p.name.casefold()} " in text
               for p in (where.known.get(a) for a in where.closed))


def decompose(model: ChatModel, persona: Persona, where: Whereabouts, when: datetime, *, chunk: PlanStep,
              hour: PlanStep | None, context: Sequence[str] = (), fine: bool = True,
              habitual: bool = False) -> Decomposed:
    """Decompose what covers `when`: chunk → hour steps → located hour → actions (the last
    only when `fine`: an NPC out of view stops at the located hour, `cognition.detail`).
    `habitual`: the chunk is its own hour step, by rule (an NPC out of view with nothing to
    choose that anyone sees); a chunk offered no other option is too."""
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
        whole: tuple[PlanStep, ...] = (PlanStep(PlanLevel.HOUR, span_start, chunk.end, chunk.description,
                                                chunk.activity, atomic=chunk.atomic),)
        minutes = int((chunk.end - span_start).total_seconds() // 60)
        options: tuple[Option, ...] = ()
        if not habitual and minutes > 60 and chunk.minutes > 60:
            others = alternatives_at(persona, span_start.hour, span_start.hour + math.ceil(minutes / 60),
                                     today=f"{span_start:%B} {span_start.day}", names=building_names(where),
                                     thoughts=context)
            options = hour_options(chunk.description, chunk.activity, alternatives=others,
                                   rooms=_rooms_for(chunk.activity, where))
        if len(options) < 2 and minutes > 60 and (chunk.activity in SOCIAL_ACTIVITIES
                                                  or _names_a_shut_place(chunk.description, where)):
            # Among people, by the hour, each placed anew (no call): in Valentine run 0f47b25 the
            # candidate's "catching up with people around town" from 7 to 12 was placed once, at 7,
            # when every kept place was still closed: five hours alone in the square. So is a chunk
            # naming a place shut now (Valentine run d810b83: "having black coffee at Hobbs Cafe"
            # from 7 to 12, placed at 7 when the café opened at 8, was five hours in the bathroom).
            hours = tuple(PlanStep(PlanLevel.HOUR, a, b, chunk.description, chunk.activity, atomic=chunk.atomic)
                          for a, b in fit([60] * math.ceil(minutes / 60), span_start, chunk.end))
        elif len(options) < 2:  # by habit, short, or nothing else to choose: the chunk is the hour step
            hours = whole
        else:
            n_steps = max(2, min(6, round(minutes / 50)))
            out: Any = model.parse(  # a schema built at runtime
                prompts.hour_steps_messages(persona, span_start, minutes, chunk.description,
                                            options=options, context=context),
                hour_steps_schema(tuple(o.what for o in options), n_steps),
                max_tokens=_steps_tokens(options, n_steps), temperature=0.5,
                purpose="plan_hour", agent=name,
            )
            calls += 1
            picked = _merge_repeats([(_find(options, s.what), s.min) for s in out.steps])
            # A vague "other" inherits the chunk's activity (it drives the location walk).
            hours = tuple(
                PlanStep(PlanLevel.HOUR, a, b, o.what, _act(o.act, chunk.activity),
                         atomic=_act(o.act, chunk.activity) in ATOMIC_ACTIVITIES)
                for (o, _), (a, b) in zip(picked, fit([n for _, n in picked], span_start, chunk.end))
            )
        children.append((chunk, hours))
        hour = next((h for h in hours if h.covers(when)), hours[0])
    if hour.address is None:
        d = where.choose(model, agent=name, what=hour.description, activity=hour.activity,
                         start=_at_work(chunk, hour, where),
                         to_object=hour.atomic or hour.minutes <= SINGLE_ACTION_MINUTES)
        calls += d.calls
        new_hour = replace(hour, address=d.address or where.here, state=d.state)
        if children and children[-1][0] is chunk:
            children[-1] = (chunk, tuple(new_hour if h is hour else h for h in children[-1][1]))
        else:
            located.append((hour, new_hour))
        hour = new_hour
    if fine and not hour.atomic and hour.minutes > SINGLE_ACTION_MINUTES:
        room = hour.address
        objects = [o for o in where.known.children(room) if o.kind.lower() == "object"
                   and not any(o.address == x or o.address.startswith(x + ":") for x in where.exclude)] if room else []
        span_start = max(hour.start, snap(when)) if hour.start < when else hour.start
        if hour.end - span_start < MIN_STEP:
            span_start = hour.start
        # Actions for the next stretch only (≤ ACTION_WINDOW): a long hour step is decomposed
        # again when the agent gets there (`Plan.fill` adds to what is already decomposed).
        span_end = hour.end
        if span_end - span_start > ACTION_WINDOW + MIN_ACTION_TAIL:
            span_end = span_start + ACTION_WINDOW
        minutes = int((span_end - span_start).total_seconds() // 60)
        options = action_options(
            hour.description, hour.activity,
            [(o.address, o.name, o.description, _served(where, o.address)) for o in objects],
        ) if objects else ()
        if len(options) < 2:
            # Nothing here to choose between: the hour step is its own action (no call).
            actions = [PlanStep(PlanLevel.ACTION, span_start, span_end, hour.description, hour.activity,
                                address=room)]
        else:
            n_steps = max(1, min(8, minutes // 10))
            out = model.parse(
                prompts.action_steps_messages(persona, span_start, minutes, hour.description,
                                              place=where.known.describe(room) if room else "",
                                              options=options),
                action_steps_schema(tuple(o.what for o in options), n_steps),
                max_tokens=_steps_tokens(options, n_steps), temperature=0.6,
                purpose="plan_action", agent=name,
            )
            calls += 1
            picked = _merge_repeats([(_find(options, s.what), s.min) for s in out.steps])
            actions = []
            for (o, _), (a, b) in zip(picked, fit([n for _, n in picked], span_start, span_end)):
                address = o.target or room
                act = _act(o.act, hour.activity)
                if address and not where.known.serves(address, act) and where.known.serves(address, hour.activity):
                    act = hour.activity  # the place was chosen for the hour's activity; keep to it
                actions.append(PlanStep(PlanLevel.ACTION, a, b, o.what, act, address=address,
                                        state=OBJECT_IN_USE if o.target else None))
        children.append((hour, tuple(actions)))
    return Decomposed(tuple(located), tuple(children), dict(where.learned), calls)
