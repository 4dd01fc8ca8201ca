"""TextReader: provenance read out of text once, when a memory is made.

A memory is given its occasion (what, where, when) and whom it is about when it enters the
stream; every mechanism after that reads the fields (`MemoryRecord.occasion`, `.subject`),
never the sentence. The reader knows the map's places and the town's people (`Gazetteer`)
and the language's words (`Lexicon`); the society keeps it current as people arrive.
"""
from __future__ import annotations

from datetime import datetime

from npc_brain.language.gazetteer import Gazetteer
from npc_brain.language.lexicon import ENGLISH, Lexicon
from npc_brain.language.occasions import occasion_in
from npc_brain.types.occasion import Occasion

__all__ = ["TextReader"]


class TextReader:
    """Reads occasions and subjects from text with a gazetteer and a lexicon (immutable)."""

    __slots__ = ("gazetteer", "lexicon")

    def __init__(self, gazetteer: Gazetteer | None = None, lexicon: Lexicon = ENGLISH) -> None:
        self.gazetteer = gazetteer if gazetteer is not None else Gazetteer()
        self.lexicon = lexicon

    def occasion(self, text: str, now: datetime, *, speaker: str | None = None,
                 today: bool = False) -> Occasion | None:
        """The occasion `text` speaks of, as of `now` (see `occasions.occasion_in`; `today`: the
        text asks the listener along, so a clock time alone is the next such time)."""
        return occasion_in(text, now, self.gazetteer, speaker=speaker, lexicon=self.lexicon, today=today)

    def about(self, text: str) -> str | None:
        """The person `text` is about: the one it opens with, else the first it names."""
        first = self.gazetteer.person_at_start(text)
        if first is not None:
            return first
        named = self.gazetteer.people_in(text)
        return named[0] if named else None

    def __repr__(self) -> str:
        g = self.gazetteer
        return f"TextReader({len(g.places)} places, {len(g.people)} people)"
