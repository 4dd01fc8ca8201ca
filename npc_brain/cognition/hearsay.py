"""Hearsay: what a listener remembers of a line, attributed to whoever said it (pure).

News travels through grounds: when a line was made from a ground about a third party, an
event or an invitation, the listener stores "Isabella Rodriguez told Klaus Mueller that
Isabella wants to host a Valentine's Day party at Hobbs Cafe on February 14 from 5pm to
7pm" — the fact keeps its names, place and time (so plans can use it) and its source. What
the player says is stored the same way, as a quote: the NPC remembers that the player said
it, never that it is so. A conversation's summary is built from the grounds its lines were
made of, so it can hold no fact nobody said.

What is heard is rated without a call where its rating is known: news keeps the teller's
rating of the record it came from, and chat about oneself is routine (`importance`).
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from npc_brain.cognition.facts import facts_in
from npc_brain.cognition.grounds import Ground, GroundKind
from npc_brain.cognition.prompts import clean


def _lead(said: str, speaker: str) -> str:
    """'Isabella Rodriguez wants …' → 'Isabella wants …' (the speaker is named already)."""
    first = speaker.split()[0] if speaker.split() else speaker
    if speaker and said.startswith(speaker + " "):
        said = first + said[len(speaker):]
    return said.rstrip(".") + "."


_NAME = r"[A-Z][\w'’-]*(?: [A-Z][\w'’-]*){0,2}"
_RELAYED = re.compile(rf"^{_NAME} told (?:me|{_NAME}) that ")


def innermost(said: str) -> str:
    """The fact under a chain of tellings ("Priya told Isabella that Carmen told Priya that the
    party …" → "the party …"): news passed on keeps its fact and its last teller, not the chain."""
    while (m := _RELAYED.match(said)) is not None:
        said = said[m.end():]
    return said


def told(speaker: str, listener: str, ground: Ground) -> str | None:
    """The listener's attributed record of a line made from `ground`, or None when the line
    carries no news (small talk, who the speaker is, what it is doing right now)."""
    if not ground.spreads or not ground.said:
        return None
    if ground.said.startswith(f"{speaker} invited "):  # attributed already
        return ground.said.rstrip(".") + "."
    fact = innermost(ground.said)
    return f"{speaker} told {listener} that {_lead(fact[:1].upper() + fact[1:], speaker)}"


CHAT = 2
"""What someone says of themselves in passing (who they are, what they are doing or plan, a
polite no): as routine as seeing them do it (`importance.PERSON_ACTION`)."""

_RECORDED = (GroundKind.MEMORY, GroundKind.RELATION, GroundKind.OFFER)


def importance(ground: Ground, source: int | None) -> int | None:
    """The importance of hearing a line made from `ground`, or None to let the model rate it.

    `source` is the speaker's rating of the record the ground came from: the fact heard is the
    same fact, already rated once, so it keeps that rating (the model rated the heard copies
    of a conversation, six to eight calls each, in `bench cost --record`). Lines that state
    nothing new are `CHAT`. News without a record (a status like "preparing my campaign") and
    a yes to an occasion are rated by the model (a conversation rates a yes as the invitation
    it answers, when that is known).
    """
    if source is not None and ground.kind in _RECORDED:
        return source
    if ground.spreads or ground.kind is GroundKind.ACCEPT:
        return None
    return CHAT


def talk_importance(heard: Sequence[int | None]) -> int | None:
    """A conversation's transcript and summary are as poignant as the most poignant line in
    it, or None (rate them) when a line's rating is not known."""
    if not heard or any(h is None for h in heard):
        return None
    return max(h for h in heard if h is not None)


def quoted(speaker: str, listener: str, text: str) -> str:
    """A player's (or anyone's unchecked) words, as something said, not as a fact."""
    return f'{speaker} told {listener}: "{clean(text, 200)}"'


def summary(a: str, b: str, grounds: Sequence[Ground]) -> str:
    """'Isabella Rodriguez and Klaus Mueller talked about Valentine's Day, Hobbs Cafe and
    February 14.' — the topics are the facts of the grounds said; small talk says so."""
    topics: list[str] = []
    for g in grounds:
        if g.asserts:
            topics.extend(f for f in facts_in(g.said or g.text, exclude=(a, b)) if ":" not in f)
    topics = list(dict.fromkeys(topics))[:4]
    if not topics:
        return f"{a} and {b} had a short chat."
    listed = topics[0] if len(topics) == 1 else ", ".join(topics[:-1]) + " and " + topics[-1]
    return f"{a} and {b} talked about {listed}."
