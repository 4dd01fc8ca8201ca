"""Question forms: what a line asks of besides its intent — where a place is, whether it is open
now, the listener's own life or place, what is on somewhere, the speaker's own home. Readers over
English word patterns (`intent` says what kind of line it is; these say what it is asked of). Pure.
"""
from __future__ import annotations

import re

from npc_brain.language.informal import spelled_out
from npc_brain.language.lexicon import ENGLISH

__all__ = ["asks_of_here", "asks_of_listener", "asks_right_now", "asks_whats_on", "asks_where", "at_home"]

# Asked of the listener's own life ("What's new with you?"), not of the town ("Any gossip?").
_OF_LISTENER = re.compile(r"\b(with|about|of|from|for|to) (you|yourself)\b|\byour\b"
                          r"|\byou('ve| have)? (been|doing)\b|\bwhat('?s| is| are) you\b", re.IGNORECASE)
# Whether something is on at a place ("Anything happening at the park this weekend?", "What's on at the pub?").
# Any of the lexicon's place prepositions: "anything happening behind the classroom?" (a stories run
# asked "inside the Vegetable Patch" and "behind the Classroom", and the question went unread).
_PLACE_PREPS = "|".join(re.escape(p) for p in sorted({*ENGLISH.place_prepositions, "over at"}, key=len, reverse=True))
_WHATS_ON = re.compile(r"\b(anything|something|much|what'?s|what is|what)\s+(\w+\s+)?(happening|going on|on|"
                       rf"planned|special|new|organised|organized)\s+({_PLACE_PREPS})\b",
                       re.IGNORECASE)


# Asked where a place is, or the way there ("Where's the library?", "How do I get to the pub?").
_WHERE = re.compile(r"\bwhere( ?abouts)?('?s| is| are| was| exactly is)\b(?! (you|he|she|they|everyone|everybody)\b)"
                    r"|\bwhere (can|could|do|would|might) (i|we|one|you) find\b"
                    r"|\bhow (do|can|would|should) (i|we|one|you) (get|find|reach)\b|\bwhich way (is|to)\b"
                    r"|\bdirections? (to|for)\b|\bthe way to\b", re.IGNORECASE)


# The speaker's own home as the place ("a bonfire at mine", "come round to my place").
_AT_HOME = re.compile(r"\b(at|round|to|over at|back at|back to|in) (mine|ours|my (place|house|home|flat|cottage|room|"
                      r"garden)|our (place|house|home|flat|garden))\b", re.IGNORECASE)


def at_home(line: str) -> bool:
    """The line puts what it tells of at the speaker's own home ("a bonfire at mine on Friday")."""
    return bool(_AT_HOME.search(spelled_out(line)))


# Asked whether it is open now ("Is the pub open?", "Still open?"), not only when; of the
# listener's own place ("When do you open?", "Open here all day?").
_RIGHT_NOW = re.compile(r"^\W*(is|are|will)\b|\b(now|right now|at the moment|still|yet|currently|today|tonight)\b",
                        re.IGNORECASE)
_OF_HERE = re.compile(r"\b(you|your|yours|here|this place)\b", re.IGNORECASE)


def asks_right_now(line: str) -> bool:
    """The question asks how things are now ("Is the pub still open?"), not only when."""
    return bool(_RIGHT_NOW.search(spelled_out(line)))


def asks_of_here(line: str) -> bool:
    """The question asks of the listener or where it is ("When do you open?")."""
    return bool(_OF_HERE.search(spelled_out(line)))


def asks_where(line: str) -> bool:
    """The question asks where a place is or the way there ("How do I get to the pub?")."""
    return bool(_WHERE.search(spelled_out(line)))


def asks_of_listener(line: str) -> bool:
    """The question asks about the listener's own life ("What's new with you?"), not the town's."""
    return bool(_OF_LISTENER.search(spelled_out(line)))


def asks_whats_on(line: str) -> str | None:
    """Where (and when) the question asks whether something is on, as it says it ("Anything going
    on at the pub tonight?" → "at the pub tonight", "in town this week"), or None when it asks no
    such thing."""
    line = spelled_out(line)
    m = _WHATS_ON.search(line)
    if m is None:
        return None
    where = re.split(r"[.?!]", line[m.end():], maxsplit=1)[0].strip(" ,")
    return f"{m.group(4)} {where}" if where else None
