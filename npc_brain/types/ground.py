"""Ground: one thing an NPC may say, with its source — the value every line is made from."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from npc_brain.types.occasion import Occasion

__all__ = ["Ground", "GroundKind"]


class GroundKind(StrEnum):
    """Where a ground comes from."""

    IDENTITY = "identity"
    ACTION = "action"
    PLAN = "plan"
    MEMORY = "memory"
    RELATION = "relation"
    UNKNOWN = "unknown"  # an honest "I don't know about X": asserts nothing
    SMALL_TALK = "small talk"  # asserts nothing
    ACCEPT = "accept"  # yes to an occasion: the speaker commits to going
    DECLINE = "decline"  # no to an occasion or a request
    OFFER = "offer"  # doing a game action the code offers (actions.Offer): "Here is a coffee for you."
    GREETING = "greeting"  # hello back: asserts nothing
    FAREWELL = "farewell"  # goodbye: asserts nothing, ends the talk
    FEELING = "feeling"  # how it is and what is on its mind (its weightiest recent memory)
    PLACE = "place"  # a place it knows, recommended for what was asked
    QUESTION = "question"  # the speaker asks something back: asserts nothing


@dataclass(frozen=True, slots=True)
class Ground:
    """One thing the speaker may say, with its source.

    `text` is the first-person sentence ("I want to host a party at Hobbs Cafe."); `said` is the
    same fact in the third person with names, for a listener to remember as hearsay; `record`
    is the memory id it came from (None for persona, plan and action grounds); `facts` are the
    names, places, dates and times a line made from it must carry; `spreads` says whether it is
    news (a third party, an event, a time and place) that a listener should remember.
    """

    kind: GroundKind
    text: str
    said: str = ""
    record: int | None = None
    place: str | None = None
    facts: tuple[str, ...] = ()
    spreads: bool = False
    subject: str | None = None  # whom the fact is about (the listener's record keeps it)
    occasion: Occasion | None = None  # the occasion it tells of (the listener's record keeps it)

    @property
    def asserts(self) -> bool:
        """False for small talk, greetings, questions and honest not-knowing: no facts stated."""
        return self.kind not in _SAYS_NOTHING

    def label(self, limit: int = 110) -> str:
        """The option text the model chooses (the grammar holds it to one of these)."""
        return self.text if len(self.text) <= limit else self.text[: limit - 1].rstrip() + "…"

_SAYS_NOTHING = frozenset({GroundKind.SMALL_TALK, GroundKind.UNKNOWN, GroundKind.GREETING, GroundKind.FAREWELL,
                           GroundKind.QUESTION})
