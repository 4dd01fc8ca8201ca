"""Sighting: what a "have you seen …?" asks after, said back in the listener's voice.

"I lost my dog this morning. Have you seen him?" asks after "him"; "Seen my keys anywhere?" after
"your keys" (the asker's "my" is the listener's "your"). The answer is a memory of it, or "No, I
have not seen your keys." — said in the tense it was asked in ("Did you see …?" → "I did not see
…"). Pure; the words are here.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from npc_brain.language.informal import spelled_out

__all__ = ["Sought", "sought"]

_VERBS = (r"seen|see|spotted|spot|noticed|notice|come across|came across|run into|ran into|bumped into|bump into|"
          r"caught sight of")
_OBJECT = re.compile(rf"\b(?P<verb>{_VERBS}|sign of|sighting of)\s+(?P<thing>[^.?!,;]+)", re.IGNORECASE)
_PAST = re.compile(r"\b(did|didn'?t)\s+(you|anyone|anybody|someone|somebody)\b", re.IGNORECASE)
# Words after the thing that say where or when to look, not what ("… anywhere today?").
_TAIL = re.compile(r",?\s+(did|have|do|had|would|could) (you|ya|u)\b.*$"  # a tag ("… did you")
                   r"|\s+(anywhere|around|about|lately|today|recently|at all|by (any )?chance|this (morning|"
                   r"afternoon|evening|week)|last night|yesterday|earlier|round here|around here|on your way"
                   r"|(a|an|\w+) (minutes?|hours?|days?) ago)\b.*$", re.IGNORECASE)
_SWAP = {"my": "your", "mine": "yours", "me": "you", "i": "you", "our": "your", "ours": "yours", "us": "you",
         "myself": "yourself", "your": "my", "yours": "mine"}
_SWAP_WORD = re.compile(r"\b(" + "|".join(_SWAP) + r")\b", re.IGNORECASE)
_MAX_WORDS = 8
# A thing said lost, up to where the line says where or asks ("lost my keys somewhere near …").
_LOST_OBJECT = re.compile(
    r"\b(lost|misplaced|dropped|can't find|cannot find|can not find) (?P<thing>(my|our|his|her|a|an|the) [\w'’ -]+?)"
    r"(?=\s+(somewhere|anywhere|near|by|in|at|on|around|outside|inside|this|yesterday|earlier|today|last|when|"
    r"while|did|do|does|have|has|had|and|but|so|if)\b|\s*[,.?!;]|\s*$)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Sought:
    """What was asked after (in the answerer's voice) and whether it was asked in the past tense."""

    thing: str
    past: bool


def sought(line: str) -> Sought | None:
    """What a question asks whether the listener saw ("Have you seen my cat?" → "your cat"; "I lost
    my keys near the fountain" → "your keys", asked of the past), or None."""
    text = spelled_out(line)
    lost = _LOST_OBJECT.search(text)
    if lost is not None and len(lost.group("thing").split()) <= _MAX_WORDS:
        return Sought(_yours(lost.group("thing")), True)
    m = _OBJECT.search(text)
    if m is None:
        return None
    thing = _TAIL.sub("", m.group("thing").strip()).strip()
    if not thing or len(thing.split()) > _MAX_WORDS:
        return None
    return Sought(_yours(thing), bool(_PAST.search(line)))


def _yours(thing: str) -> str:
    """The thing as the listener says it back ("my keys" → "your keys")."""
    return _SWAP_WORD.sub(lambda w: _SWAP[w.group(1).lower()], thing)
