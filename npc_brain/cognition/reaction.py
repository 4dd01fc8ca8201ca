"""Reacting (paper §4.3.1): keep the plan, react with a new action, or start a conversation.

The context comes from the paper's two retrieval queries, "What is [observer]'s
relationship with [observed]?" and "[observed] is [action]" (the observation text).
A refusal from the world's rules is handled by `replan_after_refusal`: the blocked
place is excluded from the location walk, so the answer is always somewhere (or some
time) else — never the same refused action again.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from npc_brain.cognition import prompts
from npc_brain.cognition.choices import Option, alternatives_at, distinct
from npc_brain.cognition.location import Whereabouts, building_names
from npc_brain.cognition.recall import Recall, merged, recall
from npc_brain.cognition.schemas import react_schema, replan_schema
from npc_brain.llm.protocols import ChatModel, Embedder
from npc_brain.memory.retrieval import RetrievalWeights
from npc_brain.memory.view import MemoryView
from npc_brain.types.persona import Persona
from npc_brain.types.plan import PlanLevel, PlanStep, snap

_WALK = Option("going for a walk", "exercise")
_REST = Option("relaxing at home", "relax")
_READ = Option("reading at home", "read")


def replan_options(
    blocked: str, alternatives: Sequence[Option] = (), *, limit: int = 6
) -> tuple[Option, ...]:
    """Something else to do after a refusal: what the persona might do at this time of day
    (`alternatives`, from `day_slots`) of another activity than the blocked one, then a walk,
    rest or reading at home."""
    fitting = [o for o in alternatives if o.act not in (blocked, "sleep")]
    return distinct([*fitting, *(o for o in (_WALK, _REST, _READ) if o.act != blocked)], limit)


def react_options(observed: str | None) -> tuple[Option, ...]:
    """A new action in response to what was noticed: go and see, or join / help the person."""
    first = observed.split()[0] if observed else ""
    if not first:
        return (Option("going to see what is happening", "other"),)
    return (Option(f"going over to {first}", "socialize"), Option(f"joining {first}", "socialize"),
            Option(f"helping {first}", "socialize"), Option("going to see what is happening", "other"))



@dataclass(frozen=True, slots=True)
class Reaction:
    """Result of a REACT job.

    `decision` is "keep", "react" or "talk". For "react" `step` is the new located
    day-level step starting now; for "talk" `talk_to` names the other agent.
    """

    decision: str
    observation: str
    step: PlanStep | None = None
    talk_to: str | None = None
    recalls: tuple[Recall, ...] = ()
    learned: dict[tuple[str, str, str], str] = field(default_factory=dict)
    refusal: bool = False
    by_rule: bool = False


def reaction_queries(observer: str, observed: str | None, description: str) -> list[str]:
    """The paper's two queries (only the second when nobody in particular was observed)."""
    if observed:
        return [f"What is {observer}'s relationship with {observed}?", description]
    return [description]


def react(
    model: ChatModel,
    embedder: Embedder,
    view: MemoryView,
    persona: Persona,
    where: Whereabouts,
    now: datetime,
    *,
    doing: str,
    observation: str,
    observed: str | None = None,
    talk_to: str | None = None,
    k: int = 3,
    weights: RetrievalWeights = RetrievalWeights(),
    news: str = "",
    event: bool = False,
    by_rule: bool = False,
    rule_only: bool = False,
) -> Reaction:
    """Decide the reaction to one observation; `talk_to` offers the "talk" option, first when
    it is a friend or `news` (not told them yet) is worth a word.

    `by_rule`: a clear-cut sighting (not an `event`) is decided without a call — see `clear_cut`.
    `rule_only`: no call at all (the plan is being made meanwhile): the open case keeps the
    plan, as the model did 29 of 31 times.
    """
    worth_a_word = bool(talk_to) and (talk_to in persona.relationships or bool(news))
    if by_rule and not event:
        decided = clear_cut(talk_to, worth_a_word) or ("keep" if rule_only else None)
        if decided is not None:
            return Reaction(decided, observation, talk_to=talk_to if decided == "talk" else None,
                            by_rule=True)
    recalls = tuple(recall(view, embedder, reaction_queries(persona.name, observed, observation),
                           now, k=k, weights=weights))
    # Each memory once by its words: a sighting seen twice an hour apart tells the model nothing more.
    context = list(dict.fromkeys(r.description for r in merged(recalls, limit=2 * k)))
    options = react_options(observed)
    out: Any = model.parse(  # a schema built at runtime
        prompts.react_messages(persona, now, doing=doing, observation=observation,
                               context=context, talk_to=talk_to, options=options,
                               news=news if talk_to else ""),
        # Someone the persona has a relationship with (or news for) is worth a word: "talk" first.
        react_schema(talk_to is not None, tuple(o.what for o in options),
                     talk_first=worth_a_word),
        max_tokens=40,
        temperature=0.2,
        purpose="react",
        agent=persona.name,
    )
    if out.do == "keep":
        return Reaction("keep", observation, recalls=recalls)
    if out.do == "talk" and talk_to:
        return Reaction("talk", observation, talk_to=talk_to, recalls=recalls)
    chosen = _pick(options, out.what)
    step = _located_step(model, persona, where, now, chosen.what, chosen.act, out.min, source="react")
    return Reaction("react", observation, step=step, recalls=recalls, learned=dict(where.learned))


def clear_cut(talk_to: str | None, worth_a_word: bool) -> str | None:
    """The decision for a sighting when it is not open, else None (the model decides).

    Nobody to talk to: "keep" ("most ordinary sights need no reaction"). A friend, or someone
    with news not told yet: "talk". Recorded over five game hours of 25 NPCs on the 135M model
    (`bench cost --record`), the model made these choices 64 of 65 times; the open case, a
    stranger who can be talked to, it decided 29 keep / 2 talk.
    """
    if talk_to is None:
        return "keep"
    return "talk" if worth_a_word else None


def replan_after_refusal(
    model: ChatModel,
    persona: Persona,
    where: Whereabouts,
    now: datetime,
    *,
    doing: str,
    activity: str,
    minutes: int,
    reason: str,
    avoid: Sequence[str] = (),
) -> Reaction:
    """Choose something else after a rule refused `doing`; refused places are excluded.

    First the same action somewhere else: the location walk, which never offers a refused
    place, finds another known place for the activity (usually with no model call). Only
    when no other known place serves the activity does the model choose a different action.
    """
    if activity and activity != "other":
        d = where.choose(model, agent=persona.name, what=doing, activity=activity)
        if d.address is not None and where.known.serves(d.address, activity) and not _excluded(d.address, where):
            start = snap(now)
            step = PlanStep(PlanLevel.DAY, start, start + timedelta(minutes=max(10, minutes)), doing,
                            activity, address=d.address, atomic=True, state=d.state, source="refusal")
            return Reaction("react", reason, step=step, learned=dict(where.learned), refusal=True)
    others = alternatives_at(persona, now.hour, now.hour + max(1, math.ceil(minutes / 60)),
                             today=f"{now:%B} {now.day}", names=building_names(where))
    options = replan_options(activity, others)
    out: Any = model.parse(  # a schema built at runtime
        prompts.replan_messages(persona, now, doing=doing, reason=reason, avoid=avoid, options=options),
        replan_schema(tuple(o.what for o in options)),
        max_tokens=16 + max(len(o.what) for o in options) // 3,
        temperature=0.3,
        purpose="react",
        agent=persona.name,
    )
    chosen = _pick(options, out.what)
    # It fills the rest of the blocked step: falling back into it would only be refused again.
    step = _located_step(model, persona, where, now, chosen.what, chosen.act, max(out.min, minutes),
                         source="refusal")
    return Reaction("react", reason, step=step, learned=dict(where.learned), refusal=True)


def _pick(options: Sequence[Option], what: str) -> Option:
    return next(o for o in options if o.what == what)


def _excluded(address: str, where: Whereabouts) -> bool:
    return any(address == x or address.startswith(x + ":") for x in where.exclude + where.closed)


def _located_step(
    model: ChatModel, persona: Persona, where: Whereabouts, now: datetime,
    what: str, act: str, minutes: int, *, source: str,
) -> PlanStep:
    start = snap(now)
    d = where.choose(model, agent=persona.name, what=what, activity=act)
    address = d.address
    if address is None or _excluded(address, where):
        address = where.here  # nowhere known fits: stay put rather than walk into a refusal
    return PlanStep(PlanLevel.DAY, start, start + timedelta(minutes=max(5, minutes)), what, act,
                    address=address, atomic=True, state=d.state, source=source)
