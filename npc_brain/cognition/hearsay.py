"""Hearsay: what a listener remembers of a line, attributed to whoever said it (pure).

News travels through grounds: when a line was made from a ground that carries news (a fact
about someone, an occasion, a claim), the listener remembers it as an observation with its
provenance as fields — `teller` (the speaker), `fact` (what was said, in the third person:
the fact and its last teller, never a chain of who told whom), `subject` and `occasion`
(copied from the speaker's record, never read back out of the words). What the player says
is a claim the player made (`language.reported`), passed on with its claimant. A
conversation's summary is built from the grounds its lines were made of, so it can hold no
fact nobody said.

What is heard is rated without a call where its rating is known: news keeps the teller's
rating of the record it came from, and chat about oneself is routine (`importance`).
"""
from __future__ import annotations

from collections.abc import Sequence

from npc_brain.language.facts import facts_in
from npc_brain.types.ground import Ground, GroundKind
from npc_brain.types.observation import Observation, ObservationKind


def told(speaker: str, listener: str, ground: Ground, *, place: str | None = None,
         importance: int | None = None) -> Observation | None:
    """The listener's observation of a line made from `ground`, with its provenance, or None
    when the line carries no news (small talk, who the speaker is, what it is doing now)."""
    if not ground.spreads or not ground.said:
        return None
    fact = ground.said.rstrip(". ")
    if fact.startswith(f"{speaker} invited {listener} "):  # an invitation is a deed, said as one
        description = fact + "."
    else:
        description = f"{speaker} told {listener} that {_lead(fact, speaker)}."
    return Observation(description, ObservationKind.SPEECH, subject=ground.subject or speaker,
                       place=ground.place or place, importance=importance, teller=speaker, fact=fact,
                       occasion=ground.occasion)


def _lead(fact: str, speaker: str) -> str:
    """'Isabella Rodriguez wants …' told by Isabella reads 'Isabella wants …' after her name."""
    first = speaker.split()[0] if speaker.split() else speaker
    if speaker and fact.startswith(speaker + " "):
        fact = first + fact[len(speaker):]
    return fact


CHAT = 2
"""What someone says of themselves in passing (who they are, what they are doing or plan, a
polite no): as routine as seeing them do it (`importance.PERSON_ACTION`)."""

_RECORDED = (GroundKind.MEMORY, GroundKind.RELATION, GroundKind.OFFER, GroundKind.FEELING)


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
