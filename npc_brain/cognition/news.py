"""News (paper §7.1.1, information diffusion): what an agent has to tell someone it meets.

News is found by structure, not by what it is about. An upcoming occasion (`invitation`: a
record with an `occasion`) travels first. Any other memory is news when it is the agent's
own experience or thought, or something it was told (`teller`), and it is not routine (rated
above a sighting: who is eating what is not news) — a run for mayor, a lost dog, a
three-legged cat, whatever words a game's story uses. It is told when the listener has not
heard it: not in this conversation or an earlier one with them (by most of its content
words), not theirs, not about them and not from them. What happened is told before what
someone thinks of it, and what has come up in fewer of the agent's talks before what has
come up in more (`aired`): an agent goes round its news instead of telling its weightiest
item to everyone, and news it keeps hearing is old news. Its own news and what it heard take
turns, talk by talk, so fresh relays do not bury its own life. Pure.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from npc_brain.cognition import invitation
from npc_brain.cognition.newsworthy import ROUTINE, newsworthy
from npc_brain.language import occasions as say
from npc_brain.language.aspect import happening
from npc_brain.language.facts import content_words, names
from npc_brain.language.lexicon import ENGLISH, Lexicon
from npc_brain.language.opinions import is_opinion
from npc_brain.memory.record import MemoryKind, MemoryRecord
from npc_brain.types.occasion import Occasion
from npc_brain.types.persona import Persona

__all__ = ["MIND_SHARE", "ROUTINE", "SPREAD_TALKS", "TOLD_SHARE", "News", "aired", "concerns", "gist", "holds",
           "newsworthy", "opinion", "repeats",
           "unshared", "untold"]

MIND_SHARE = 2
"""Of a resident's own news, what it is about these days (`concerns`) comes up this many times as
often as the rest: on its mind, not the only thing it says."""

TOLD_SHARE = 0.6
"""The share of a news item's content words that must appear in what the listener heard for
it to count as told (a line rephrases; it rarely drops most of the words)."""


@dataclass(frozen=True, slots=True)
class News:
    """A memory worth telling, with its occasion when it tells of one (else None)."""

    record: MemoryRecord
    occasion: Occasion | None = None

    @property
    def fact(self) -> str:
        """The fact itself, without who told it."""
        return self.record.claim

    def phrase(self) -> str:
        """What the news is about, for a prompt ('the … party at Hobbs Cafe on February 14')."""
        return say.describe(self.occasion) if self.occasion is not None else self.fact.rstrip(".")


def untold(records: Sequence[MemoryRecord], now: datetime, listener: str,
           said: Sequence[str] = (), *, undated: bool = True, speaker: str = "",
           concerns: frozenset[str] = frozenset(), lexicon: Lexicon = ENGLISH) -> list[News]:
    """What the agent with `records` has not told `listener` yet, most worth telling first:
    upcoming occasions (`invitation.untold`) and, with `undated`, other news — what happened (or
    is under way, or ahead) before how someone is (`language.aspect`), plain news before
    opinions (Valentine run 7fb4b50: 21 of 23 aware answers relayed the candidate's wife's
    opinion of his run), its own news and what it heard in turn (whichever the `speaker`'s last
    talk did not carry), then what has come up in fewer of its talks (`aired`; of its own, what it
    is about these days — `concerns`: content words of its status and occupation — counts its
    airings at 1 / MIND_SHARE, and wins a tie), then by
    importance, its own before what it heard, an occasion before other news, then the newest (of
    one moment, the one written first)."""
    out = [News(r, o) for r, o in invitation.untold(records, now, listener, said)]
    if not undated:
        return out
    heard = [*said, *(r.description for r in records if r.description.startswith(f"Conversation with {listener}:"))]
    told = content_words(" ".join(heard))
    names = content_words(listener)
    seen: set[frozenset[str]] = set()
    extra: list[News] = []
    # What happened before what someone thinks of it: in Valentine run 7fb4b50, 21 of the 23
    # answers aware of the run for mayor relayed the wife's opinion of it.
    for r in sorted(records, key=lambda r: (opinion(r.claim, lexicon), -r.importance, -r.id)):
        if r.occasion is not None or not newsworthy(r, listener):
            continue  # an occasion travels as one (with its time and place), not as loose talk
        words = content_words(r.claim) - names
        if not words or words in seen or _told(words, told):
            continue
        seen.add(words)
        extra.append(News(r))

    talks = [gist(r.description) for r in records if r.description.startswith("Conversation with ")] \
        if len(extra) + len(out) > 1 else []
    # Its own life and what it heard, in turn: in a stories run a resident told his adopted cat in
    # his first talk and never again — each talk brought him fresh relays, told before anything
    # told once — while telling only its own news first kept a player's story from travelling.
    mine_last = bool(talks) and any(_own(r, speaker) and r.occasion is None and newsworthy(r)
                                    and _told(gist(r.claim), talks[-1]) for r in records)

    def rank(item: News) -> tuple[bool, bool, bool, float, bool, int, bool, bool, float, int]:
        r = item.record
        own = _own(r, speaker)
        # What happened before how someone is: "Klaus finds it hard to talk to strangers" went from
        # mouth to mouth in a 12-NPC run while "Marcus grew a pumpkin heavier than a sack of coal"
        # stayed with Marcus (their ratings tied).
        happened = item.occasion is not None or happening(r.claim)
        # Round the news, not the weightiest item to everyone: in Valentine run 9e8d2af one
        # resident's 500 followers (rated 7) was told 192 times while the run for mayor (5) was
        # never told by its candidate, who told his furniture (5, newer) instead.
        times = 0 if item.occasion is not None else aired(r, talks)
        turn = own == mine_last and item.occasion is None  # its own news waits a talk when the last told some
        # Of its own, what it is about these days comes up more often than the rest (MIND_SHARE),
        # not instead of it: in Valentine run b7768af the candidate (status "preparing his campaign
        # for mayor") told his run once in seven talks, his furniture and his neighbours' news taking
        # turns with it; put first however often told, in stories run 6c72b79 it kept a landlord's
        # marathon untold in eight talks (his inherited pub and his darts plan share words with his
        # occupation and status, and took every turn).
        mind = own and bool(concerns & content_words(r.claim))
        # Of one moment, the one written first: a persona's memories, as its author listed them (a
        # Valentine run: the candidate's furniture, listed after his run for mayor and rated the
        # same, went first as the higher id).
        return (not happened, opinion(r.claim, lexicon), turn, times / (MIND_SHARE if mind else 1), not mind,
                -r.importance, not own, item.occasion is None,
                -r.created.timestamp(), r.id)

    return sorted(out + extra, key=rank)


def concerns(persona: Persona) -> frozenset[str]:
    """What `persona` is about these days, as content words of its status and occupation: its
    own news sharing one is what it tells first (`untold`)."""
    return content_words(f"{persona.status} {persona.occupation}") - content_words(persona.name)


def _own(record: MemoryRecord, speaker: str) -> bool:
    """True when `record` is the speaker's own news: about itself, not heard."""
    return bool(speaker) and record.subject == speaker and record.teller is None


SPREAD_TALKS = 2
"""Own news that has come up in fewer talks than this has not travelled yet (`unshared`): told
to one listener, it rests with whether that one passes it on."""


def unshared(records: Sequence[MemoryRecord], now: datetime | None = None) -> list[MemoryRecord]:
    """The agent's own news (not heard, not an occasion: a host already spends her mornings
    inviting) that fewer than SPREAD_TALKS of its talks have carried — with `now`, only when the agent has been
    about for a day. A resident whose habits keep her at home meets nobody, and her news stays
    with her (a stories run: 0% aware of it after 1.5 days); the planner sends her where people
    are (`choices.day_slots`). One who talked but told something else goes too (a Valentine
    run: the candidate told one neighbour about his furniture on the first evening, and his
    run for mayor stayed home on the second day), and one who told it once (a stories run on
    7b662ec: the park keeper told her pumpkin to one student at 20:45 on the first day and spent
    the second in the empty park). Measured by time and talks, so a town's first morning sends
    nobody anywhere new."""
    talked = [r for r in records if r.description.startswith("Conversation with ")]
    if now is not None and (not records or now - min(r.created for r in records) < _A_DAY):
        return []
    talks = [gist(r.description) for r in talked]
    return [r for r in records if r.teller is None and r.occasion is None and newsworthy(r)
            and r.kind is not MemoryKind.DIALOGUE and happening(r.claim) and aired(r, talks) < SPREAD_TALKS]


_A_DAY = timedelta(hours=20)  # "a day" of a resident's waking life: yesterday's plan to tonight


def aired(record: MemoryRecord, talks: Sequence[frozenset[str]]) -> int:
    """How often what `record` tells has come up in the agent's talks (`talks`: each
    transcript's `gist`), besides the one it was heard in."""
    words = gist(record.claim)
    if not words:
        return 0
    times = sum(1 for t in talks if _told(words, t))
    return max(0, times - 1) if record.teller is not None else times


def holds(records: Sequence[MemoryRecord], fact: str, subject: str | None = None) -> MemoryRecord | None:
    """The record (not a transcript or a summary) in which the agent already knows `fact`, by
    most of the fact's words besides names (`gist`), or None: a listener who knows it says so,
    and keeps no second copy. A fact about `subject` is known only from a record about them
    (its `subject` field, or their name in it): a reporter who "wants to cover the upcoming
    local election" shares most words with "Sam Moore is running for mayor in the upcoming
    local election" and does not know it (the listener who took it for known kept no copy,
    and the news stopped with him in a Valentine run)."""
    words = gist(fact)
    if not words:
        return None
    for r in reversed(records):
        if r.kind is MemoryKind.DIALOGUE and r.teller is None:  # a transcript or summary: a talk, not a fact
            continue
        if subject and not _about(r, subject):
            continue
        if _told(words, gist(r.claim)):
            return r
    return None


def _about(record: MemoryRecord, person: str) -> bool:
    """Whether `record` is about `person`: by its subject field, else their name in its words."""
    return record.subject == person or names(record.claim, person)


@functools.lru_cache(maxsize=8192)
def gist(text: str) -> frozenset[str]:
    """What a text says besides whom and where it names: its content words without capitalised
    words (names of people and places, a transcript's speaker tags), or all of them when that
    leaves none. Two facts about Sam Moore share his name, not what happened to him ("Sam Moore
    retired" is not known from seeing "Sam Moore is walking to the park"). Records are
    immutable, so a text's gist is cached."""
    words = content_words(_PROPER.sub(" ", text))
    return words or content_words(text)


_PROPER = re.compile(r"\b[A-Z][\w'’-]*")


def opinion(fact: str, lexicon: Lexicon = ENGLISH) -> bool:
    """True when `fact` tells what someone thinks, hopes or fears, or has not done yet
    ("Jennifer thinks Sam would make a good mayor"): it is told after plain news."""
    return is_opinion(fact, lexicon)


def repeats(record: MemoryRecord, said: Sequence[str]) -> bool:
    """True when what `record` tells is in `said` already (an occasion by its name, any other
    fact by most of its content words): a conversation does not say a thing twice."""
    text = " ".join(said)
    if record.occasion is not None:
        return record.occasion.what.lower() in text.lower()
    words = content_words(record.claim)
    return bool(words) and _told(words, content_words(text))


def _told(words: frozenset[str], told: frozenset[str]) -> bool:
    return len(words & told) >= TOLD_SHARE * len(words)
