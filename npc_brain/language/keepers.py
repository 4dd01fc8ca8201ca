"""Keepers: whether a line asks who runs or works at a place, and which place it means.

"Who works here?", "Who else works here with you?", "Who runs Hobbs Cafe?", "Who owns the pub?",
"Whose place is this?", "Who do you work with?" — the answer comes from the map (its `owner`)
and the residents' workplaces (`cognition.sights.keepers_ground`); this module only reads the
English. Pure.
"""
from __future__ import annotations

import re

from npc_brain.language.informal import spelled_out

__all__ = ["asks_keepers", "says_here", "says_with_you"]

# Who (else) works / runs / owns / keeps / manages …: not "who is running for mayor" (a race, not a
# shop), so the progressive of "run" is left out.
_WORK = r"(?:works?|working|runs|run|owns?|keeps|manages?|staffs?|helps? out|helping out|in charge)"
_WHO_WORKS = re.compile(rf"\b(?:who|anyone|anybody|someone|somebody)(?:['’]s)?\b(?:\s+[\w']+){{0,2}}?\s+{_WORK}\b",
                        re.IGNORECASE)
_WHO_KEEPS = re.compile(r"\bwho(?:'s|\s+is|\s+are)\s+(?:the\s+)?(?:owners?|boss|manager|staff|keeper)\b",
                        re.IGNORECASE)
_WHOSE = re.compile(r"\bwhose\b(?:\s+[\w']+)?\s+(?:is|'s)\s+(?:this|that|it)\b|\bwhose\s+is\s+this\b",
                    re.IGNORECASE)
_HERE = re.compile(r"\b(?:here|this place)\b", re.IGNORECASE)
_WITH_YOU = re.compile(r"\b(?:you|your)\b", re.IGNORECASE)


def asks_keepers(line: str) -> bool:
    """The line asks who runs, owns or works at a place ("Who else works here with you?")."""
    text = spelled_out(line)
    return "?" in text and any(p.search(text) for p in (_WHO_WORKS, _WHO_KEEPS, _WHOSE))


def says_here(line: str) -> bool:
    """The line means the place where it is said ("who works here?", "whose place is this?")."""
    text = spelled_out(line)
    return bool(_HERE.search(text)) or bool(_WHOSE.search(text))


def says_with_you(line: str) -> bool:
    """The line asks of the listener's own work ("who do you work with?")."""
    return bool(_WITH_YOU.search(spelled_out(line)))
