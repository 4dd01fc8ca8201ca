"""Relations: the roles a relationship names, and the words a question asks for them by.

"Who's your best friend?" is answered from the persona's relationships ("Arthur is an old friend
Sam plays darts with"), "Are you married?" by the one that names a wife or a husband: a question
and a relationship are matched by the roles both touch, not by shared words alone ("married"
shares no word with "wife"). English as data; a game may pass its own table. Pure.
"""
from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = ["KIN", "ROLES", "roles_asked", "roles_in"]

ROLES: Mapping[str, frozenset[str]] = {
    "spouse": frozenset({"married", "marriage", "wife", "husband", "spouse", "wed", "wedding", "partner", "special",
                         "boyfriend", "girlfriend", "sweetheart", "fiance", "fiancee", "engaged", "single", "dating",
                         "courting"}),
    "child": frozenset({"kid", "kids", "child", "children", "son", "daughter", "baby"}),
    "grandchild": frozenset({"grandkid", "grandkids", "grandchild", "grandchildren", "grandson", "granddaughter",
                             "grandsons", "granddaughters"}),
    "parent": frozenset({"parent", "parents", "mum", "mom", "mother", "dad", "father"}),
    "sibling": frozenset({"brother", "sister", "sibling", "siblings", "twin"}),
    "family": frozenset({"family", "relative", "relatives", "cousin", "aunt", "uncle", "nephew", "niece",
                         "grandson", "granddaughter", "grandmother", "grandfather", "grandma", "grandpa", "folks",
                         "wife", "husband", "son", "daughter", "mother", "father", "brother", "sister", "kids",
                         "children", "parents", "mum", "mom", "dad", "married", "in-law"}),
    "friend": frozenset({"friend", "friends", "best", "closest", "close", "confidant", "pal", "mate", "mates", "buddy",
                         "trust", "trusts", "trusted", "dearest", "companion"}),
    "home": frozenset({"roommate", "room-mate", "flatmate", "housemate", "lodger", "tenant", "landlord", "landlady",
                       "rents", "live", "lives", "shares"}),
    "neighbour": frozenset({"neighbour", "neighbor", "neighbours", "neighbors", "next-door"}),
    "work": frozenset({"colleague", "colleagues", "co-worker", "coworker", "boss", "employee", "employer", "staff",
                       "work", "works", "worker", "job", "supervises", "supervisor", "barista", "assistant",
                       "apprentice", "supplies", "supplier", "customer", "regular", "student", "teacher",
                       "professor", "study", "studies"}),
}
"""Role → the words that name it (lower case)."""

KIN = frozenset({"spouse", "child", "grandchild", "parent", "sibling"})
"""Roles of kin: asked by one of them, the family at large is no answer."""

_WORD = re.compile(r"[a-z][a-z'-]*")
_COURTING = re.compile(r"\b(seeing|going out with|going steady with) (anyone|anybody|someone|somebody)\b",
                       re.IGNORECASE)


def roles_in(text: str, roles: Mapping[str, frozenset[str]] = ROLES) -> frozenset[str]:
    """The roles a text names ("Jennifer is Sam's wife of thirty-five years" → spouse, family)."""
    words = {w.removesuffix("'s") for w in _WORD.findall(text.lower())}
    return frozenset(role for role, named in roles.items() if words & named)


def roles_asked(question: str, roles: Mapping[str, frozenset[str]] = ROLES) -> frozenset[str]:
    """The roles a question asks for: kin before the family at large, the family before friends
    ("any kids?" asks for children; "close with your family?" for the family, not for friends)."""
    asked = roles_in(question, roles)
    if _COURTING.search(question) and "spouse" in roles:  # "you seeing anyone?" asks for a partner
        asked |= {"spouse"}
    if asked & KIN:
        return asked & KIN
    if "family" in asked:
        return frozenset({"family"})
    return asked
