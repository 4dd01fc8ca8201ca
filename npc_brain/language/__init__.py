"""The language kit: reading English (dates, places, people, occasions) and saying it back.

Mechanisms in `npc_brain.cognition` decide by structure — a place the map names, a person's
name, a day and an hour, a memory's fields. Whatever English that takes lives here: the word
data (`Lexicon`), the readers that use it, and the phrases that say a fact back. A game with
another language or its own calendar words passes its own `Lexicon`.
"""
from __future__ import annotations

from npc_brain.language.dates import When, day_in, hours_in, when_in
from npc_brain.language.folding import fold
from npc_brain.language.gazetteer import Gazetteer, PlaceMention
from npc_brain.language.lexicon import ENGLISH, Lexicon
from npc_brain.language.occasions import clock, describe, occasion_in, when_phrase
from npc_brain.language.reader import TextReader

__all__ = ["ENGLISH", "Gazetteer", "Lexicon", "PlaceMention", "TextReader", "When", "clock", "day_in", "describe",
           "fold", "hours_in", "occasion_in", "when_in", "when_phrase"]
