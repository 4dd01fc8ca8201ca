"""`eval grounding --questions open`: everyday player lines beyond the paper's five categories.

Twelve kinds of line a player says to an NPC — an opinion of a resident it knows, a
recommendation (a place to eat, read, relax …), how it feels, a greeting, a farewell, thanks,
small talk, whether it is free at a time, a request it cannot fulfil, an invitation to an
occasion at a place and time of the map, a claim it knows about (news the evaluation told it)
and a claim it cannot know — each with the ground kinds (`Said.grounded.ground.kind`) that
answer it (`ELIGIBLE`) and what the answer must carry, taken from the agent's own state when
the case is made (`OpenCase`). The lines were written for this evaluation without reading the
question reader's code or examples (held out from it); the sets are in
`grounding_open_phrasings` (`OPEN_PHRASINGS`, re-exported here).
"""
from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from typing import Any

from npc_brain.eval.grounding_cases import News, clock
from npc_brain.eval.grounding_open_phrasings import OPEN_PHRASINGS

KINDS = ("opinion", "recommendation", "feeling", "greeting", "farewell", "thanks", "small talk", "availability",
         "request", "invitation", "known claim", "unknown claim")
"""The open question kinds, in the order an agent is asked them."""

ELIGIBLE: Mapping[str, tuple[str, ...]] = {
    "opinion": ("relation", "memory", "unknown"),
    "recommendation": ("place", "unknown"),
    "feeling": ("feeling", "memory"),
    "greeting": ("greeting", "small talk", "offer"),
    "farewell": ("farewell",),
    "thanks": ("small talk", "greeting", "farewell"),
    "small talk": ("small talk", "greeting", "feeling"),
    "availability": ("plan", "unknown"),
    "request": ("offer", "decline"),
    "invitation": ("accept", "decline"),
    "known claim": ("memory",),
    "unknown claim": ("unknown",),
}
"""Kind → the ground kinds that answer it."""

SOCIAL = ("greeting", "farewell", "thanks")
"""Kinds a schedule line never answers (`schedule_to_social`)."""

PERIODS: Mapping[str, tuple[int, int, int]] = {
    "morning": (0, 8, 12), "afternoon": (0, 12, 17), "evening": (0, 17, 22), "tomorrow morning": (1, 8, 12),
}
"""Availability tags → (days ahead, first hour, end hour)."""


MADE_UP_CLAIMS: tuple[str, ...] = (
    "a circus is setting up next to the lighthouse", "the old mill on Elm Ridge burned down last night",
    "a famous chef is opening a restaurant at Pike Harbour", "someone saw a bear near the quarry",
    "the ferry to Gull Island has been cancelled for the winter", "a treasure chest washed up on the north beach",
    "the clock tower was struck by lightning", "a film star bought the manor on Crow Hill",
)
"""Claims no agent can know (places not on the map): the answer is that it has not heard."""

_TAG = re.compile(r"^\[([^\]]+)\]\s*")


@dataclass(frozen=True, slots=True)
class OpenCase:
    """One open line to one agent: its kind, the ground kinds that answer it, and what the
    answer must carry — `names` (opinion: the person; recommendation: places that serve the
    purpose and the agent knows), `texts` (availability: the plan steps in the time asked;
    known claim: the memories of it), `key` (known claim: the news's own word)."""

    agent: str
    kind: str
    question: str
    eligible: tuple[str, ...]
    names: tuple[str, ...] = ()
    texts: tuple[str, ...] = ()
    key: str = ""
    asked: str = ""


def fold(text: str) -> str:
    """Lower case without accents ('Café' → 'cafe')."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


def has_word(text: str, word: str) -> bool:
    """True when `word` (or a phrase) is in `text` as whole words, a plural -s or possessive 's
    allowed ('dog' in "the dogs", 'Tom' in "Tom's")."""
    body = r"\s+".join(re.escape(w) for w in fold(word).split())
    return bool(body) and re.search(r"(?<![a-z0-9])" + body + r"(?:s|'s|’s)?(?![a-z0-9])", fold(text)) is not None


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]{3,}", fold(text)))


def untag(template: str) -> tuple[str, str]:
    """('[eat] Where …?') → ('eat', 'Where …?'); an untagged template → ('', template)."""
    m = _TAG.match(template)
    return (m.group(1), template[m.end():]) if m else ("", template)


def _known(agent: Any) -> list[Any]:
    known = getattr(agent, "known", None)
    return list(known.known_places()) if known is not None and hasattr(known, "known_places") else []


def serving(places: Sequence[Any], purpose: str) -> tuple[str, ...]:
    """Names of the buildings and rooms that serve `purpose`, and the buildings around such rooms
    (not the town itself: "town" is in every other answer; not furniture)."""
    out: list[str] = []
    for p in places:
        kind = getattr(getattr(p, "kind", None), "value", "Room")
        if purpose in p.purpose and kind in ("Building", "Room") and p.ancestors():
            out.append(p.name)
            out += [a.name for a in p.ancestors()[1:]]  # the building around a room (not the town)
    return tuple(dict.fromkeys(out))


def acquaintance(agent: Any, names: Sequence[str], rng: random.Random) -> str | None:
    """A resident the agent knows: a relationship of its persona, else one its memories name."""
    me = agent.persona.name
    rel: list[str] = [n for n in agent.persona.relationships if n != me and n in names]
    if rel:
        return rng.choice(rel)
    text = " ".join(r.description for r in agent.memory.records)
    named: list[str] = [n for n in names if n != me and n in text]
    return rng.choice(named) if named else None


def _steps_between(agent: Any, start: datetime, end: datetime) -> tuple[str, ...]:
    return tuple(dict.fromkeys(s.description for s in agent.plan if s.start < end and s.end > start))


def _availability(agent: Any, now: datetime, templates: Sequence[str],
                  rng: random.Random) -> tuple[str, tuple[str, ...], str]:
    tag, line = untag(rng.choice(templates))
    ahead = [s for s in agent.plan if s.start > now and s.start.date() == now.date()]
    if "{time}" in line and not ahead:  # nothing later today to ask about: ask a period instead
        tagged = [t for t in templates if untag(t)[0] in PERIODS]
        tag, line = untag(rng.choice(tagged)) if tagged else ("evening", "Are you free this evening?")
    if "{time}" in line:
        at = rng.choice(ahead).start + timedelta(minutes=rng.choice((0, 15, 30)))
        return line.format(time=clock(at)), _steps_between(agent, at, at + timedelta(minutes=1)), clock(at)
    days, h0, h1 = PERIODS.get(tag, PERIODS["evening"])
    day = now.date() + timedelta(days=days)
    start, end = datetime.combine(day, time(h0)), datetime.combine(day, time(h1))
    return line, _steps_between(agent, max(start, now), end), f"{tag} ({start:%d %H:%M}-{end:%H:%M})"


def _claim_records(agent: Any, news: News) -> tuple[str, ...]:
    return tuple(r.description for r in agent.memory.records if has_word(r.description, news.key))


def open_cases_for(
    agent: Any,
    now: datetime,
    rng: random.Random,
    *,
    world: Any,
    names: Sequence[str],
    news: Sequence[News] = (),
    n: int = len(KINDS),
    templates: Mapping[str, tuple[str, ...]] = OPEN_PHRASINGS["dev"],
) -> list[OpenCase]:
    """`n` open lines for one agent (kinds in `KINDS` order, cycling), each with what answers it."""
    from npc_brain.eval.story_gen import occasion_places, phrase_of
    from npc_brain.eval.story_words import OCCASIONS

    me = agent.persona.name
    known = _known(agent)
    stored = [x for x in news if _claim_records(agent, x)]
    cases: list[OpenCase] = []
    for i in range(n):
        kind = KINDS[i % len(KINDS)]
        if kind == "known claim" and not stored:
            kind = "unknown claim"  # nothing it was told reached its memory
        eligible = ELIGIBLE[kind]
        if kind == "opinion":
            person = acquaintance(agent, names, rng)
            if person is None:
                kind, eligible = "greeting", ELIGIBLE["greeting"]
                cases.append(OpenCase(me, kind, rng.choice(templates[kind]), eligible))
                continue
            line = rng.choice(templates[kind]).format(person=person, first=person.split()[0])
            cases.append(OpenCase(me, kind, line, eligible, names=(person, person.split()[0]), asked=person))
        elif kind == "recommendation":
            purpose, line = untag(rng.choice(templates[kind]))
            cases.append(OpenCase(me, kind, line, eligible, names=serving(known, purpose), asked=purpose))
        elif kind == "availability":
            line, steps, asked = _availability(agent, now, templates[kind], rng)
            cases.append(OpenCase(me, kind, line, eligible, texts=steps, asked=asked))
        elif kind == "invitation":
            places = occasion_places(world) if world is not None else []
            place = phrase_of(rng.choice(places)) if places else "the town square"
            at = datetime.combine(now.date(), time(rng.randrange(10, 20)))
            line = rng.choice(templates[kind]).format(occasion=rng.choice(OCCASIONS), place=place, time=clock(at))
            cases.append(OpenCase(me, kind, line, eligible, asked=place))
        elif kind == "known claim":
            item = stored.pop(0)
            line = rng.choice(templates["claim"]).format(claim=item.fact)
            cases.append(OpenCase(me, kind, line, eligible, texts=_claim_records(agent, item), key=item.key,
                                  asked=item.topic))
        elif kind == "unknown claim":
            words = {w for r in agent.memory.records for w in _words(r.description)}
            fresh = [c for c in MADE_UP_CLAIMS if not {w for w in _words(c) if len(w) > 4} & words]
            fresh = fresh or list(MADE_UP_CLAIMS)
            line = rng.choice(templates["claim"]).format(claim=rng.choice(fresh))
            cases.append(OpenCase(me, kind, line, eligible))
        else:
            cases.append(OpenCase(me, kind, rng.choice(templates[kind]), eligible))
    return cases
