"""News (paper §7.1.1, information diffusion): what an agent has to tell someone it meets.

News is either an upcoming occasion (`invitation`: an event at a place on a date, which the
host tells as an invitation) or an undated event — a memory naming a public undertaking or
an event (an election, a campaign, a tournament, an exhibition …; `grounds.eventish`), the
agent's own or one it was told. Undated news has no date to key on, so whether a listener
has heard it is judged by its words: it is told when most of its content words appear in
this conversation or an earlier one with that listener. A listener's own news, and news the
listener was the one to tell, are never told back. Everything here is pure.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from npc_brain.cognition import invitation
from npc_brain.cognition.facts import content_words, names_in
from npc_brain.cognition.grounds import eventish
from npc_brain.cognition.hearsay import innermost
from npc_brain.cognition.invitation import Occasion
from npc_brain.memory.record import MemoryKind, MemoryRecord

__all__ = ["News", "opinion", "repeats", "untold"]

TOLD_SHARE = 0.6
"""The share of a news item's content words that must appear in what the listener heard for
it to count as told (a line rephrases; it rarely drops most of the words)."""

_TELLER = re.compile(r"^([A-Z][\w'’-]*(?: [A-Z][\w'’-]*){0,2}) told ")
_TALKS = (" talked about ", " had a short chat")
_MIND = re.compile(r"\b(thinks?|believes?|fears?|hopes?|worr(?:y|ies)|wish(?:es)?|feels?|doubts?|wonders?"
                   r"|is not sure|ha(?:s|ve) not yet)\b", re.IGNORECASE)
"""What someone thinks of a thing, or has not done yet, rather than the thing itself."""


@dataclass(frozen=True, slots=True)
class News:
    """A memory worth telling, with its occasion when it has a date (else None)."""

    record: MemoryRecord
    occasion: Occasion | None = None

    @property
    def fact(self) -> str:
        """The fact itself, without the chain of who told whom."""
        return innermost(self.record.description)

    def phrase(self) -> str:
        """What the news is about, for a prompt ('the … party at Hobbs Cafe on February 14')."""
        return self.occasion.phrase() if self.occasion is not None else self.fact.rstrip(".")


def untold(records: Sequence[MemoryRecord], now: datetime, listener: str,
           said: Sequence[str] = (), *, undated: bool = True) -> list[News]:
    """What the agent with `records` has not told `listener` yet: upcoming occasions first
    (`invitation.untold`), then, with `undated`, undated event news, most important and
    newest first, plain news before opinions (`opinion`)."""
    out = [News(r, o) for r, o in invitation.untold(records, now, listener, said)]
    if not undated:
        return out
    heard = [*said, *(r.description for r in records if r.description.startswith(f"Conversation with {listener}:"))]
    told = content_words(" ".join(heard))
    # Loose talk about a known occasion ("the party will bring the town together") names its noun.
    occasions = {o.what.lower().split()[-1] for _, o in invitation.upcoming(records, now, days=366) if o.what}
    seen: set[frozenset[str]] = set()
    extra: list[News] = []
    # What happened before what someone thinks of it: in Valentine run 7fb4b50, 21 of the 23
    # answers aware of the run for mayor relayed the wife's opinion of it, and the candidate
    # opened with "I have not yet told many people about my candidacy" (a newer seed).
    for r in sorted(records, key=lambda r: (opinion(innermost(r.description)), -r.importance, -r.id)):
        if not _newsworthy(r, listener):
            continue
        fact = innermost(r.description)
        if invitation.occasion_in(fact) is not None or occasions & set(re.findall(r"[a-z']+", fact.lower())):
            continue  # an occasion travels as one (with its date), not as loose talk about it
        # Names left out: the teller says "I" for its own news, and the listener is "you".
        words = content_words(fact) - content_words(" ".join((listener, *names_in(fact))))
        if not words or words in seen or _told(words, told):
            continue
        seen.add(words)
        extra.append(News(r))
    return out + extra


def opinion(fact: str) -> bool:
    """True when `fact` tells what someone thinks, hopes or fears, or has not done yet
    ("Jennifer thinks Sam would make a good mayor"): it is told after plain news."""
    return bool(_MIND.search(fact))


def repeats(description: str, said: Sequence[str]) -> bool:
    """True when what `description` tells is in `said` already (an occasion by its name, any
    other fact by most of its content words): a conversation does not say a thing twice."""
    fact = innermost(description)
    text = " ".join(said)
    occ = invitation.occasion_in(fact)
    if occ is not None:
        return occ.what.lower() in text.lower()
    words = content_words(fact) - content_words(" ".join(names_in(fact)))
    return bool(words) and _told(words, content_words(text))


def _newsworthy(record: MemoryRecord, listener: str) -> bool:
    """An observation, thought or attributed hearsay naming an event, not about the listener
    nor told by them (reflections and plans are the agent's own reasoning; transcripts and
    summaries are evidence of a talk)."""
    desc = record.description
    teller = _TELLER.match(desc)
    if record.kind is MemoryKind.DIALOGUE:  # of what was said, only attributed news ("X told Y that …")
        if teller is None or " that " not in desc:
            return False
    elif record.kind not in (MemoryKind.OBSERVATION, MemoryKind.THOUGHT):
        return False
    if desc.startswith("Conversation with ") or any(t in desc for t in _TALKS) or " said: " in desc \
            or ': "' in desc:  # speech and quotes (the player's claims) are words, not checked news
        return False
    if teller is not None and teller.group(1) in (listener, listener.split()[0] if listener else ""):
        return False
    fact = innermost(desc)
    first = listener.split()[0] if listener.split() else listener
    if listener and fact.startswith((listener + " ", first + " ")):
        return False
    return eventish(fact)


def _told(words: frozenset[str], told: frozenset[str]) -> bool:
    return len(words & told) >= TOLD_SHARE * len(words)
