"""Lexicon: the English words the language kit's readers need, as data.

Mechanisms find who, where and when by structure — the map's place names, persona names,
dates and clock times, memory fields. What English vocabulary that reading still needs
(month and weekday names, the words that say "tomorrow", determiners, the prepositions that
join a thing to a place, the verbs that report an opinion) lives here, in one frozen value a
game can replace (another language, its own calendar words) without touching a mechanism.
Nothing here names a scenario: no event, no office, no occupation.
"""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ENGLISH", "Lexicon"]


@dataclass(frozen=True, slots=True)
class Lexicon:
    """Word data for reading text; every field is a tuple of lower-case words or phrases."""

    months: tuple[str, ...]
    """Month names, January first (their first three letters are read as abbreviations)."""
    weekdays: tuple[str, ...]
    """Weekday names, Monday first (as `datetime.weekday()` counts)."""
    relative_days: tuple[tuple[str, int], ...]
    """Words naming a day by its distance from today, longest first ("the day after tomorrow")."""
    day_parts: tuple[tuple[str, int], ...]
    """Parts of a day with the hour they start ("this evening" starts at 18)."""
    named_hours: tuple[tuple[str, int], ...]
    """Hours said as a word ("noon" is 12, "midnight" 24)."""
    determiners: tuple[str, ...]
    """Words that open a noun phrase ("a lantern walk", "their barn raising")."""
    place_prepositions: tuple[str, ...]
    """Words that join a thing to a place, longest first ("in front of", "next to", "at")."""
    range_words: tuple[str, ...]
    """Words between the two ends of a time range ("from 5 to 7", "5 until 7")."""
    opinion_verbs: tuple[str, ...]
    """Verbs that report what someone thinks of a thing rather than the thing itself."""
    next_words: tuple[str, ...]
    """Words that put a weekday in the coming week ("next Saturday", "this Friday")."""
    linking_verbs: tuple[str, ...]
    """Verbs that say something happens or is, which end the noun phrase before them ("the walk
    starts at …"), never part of an occasion's name."""
    phrase_breaks: tuple[str, ...]
    """Words that end a noun phrase ("a walk for the whole town", "a fair with music")."""


ENGLISH = Lexicon(
    months=("january", "february", "march", "april", "may", "june", "july", "august", "september",
            "october", "november", "december"),
    weekdays=("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"),
    relative_days=(("the day after tomorrow", 2), ("tomorrow", 1), ("tonight", 0), ("today", 0),
                   ("this morning", 0), ("this afternoon", 0), ("this evening", 0)),
    day_parts=(("morning", 9), ("noon", 12), ("midday", 12), ("lunchtime", 12), ("afternoon", 14),
               ("evening", 18), ("tonight", 19), ("night", 20)),
    named_hours=(("noon", 12), ("midday", 12), ("midnight", 24)),
    determiners=("a", "an", "the", "my", "our", "your", "his", "her", "their", "its", "this", "that", "some"),
    place_prepositions=("in front of", "across from", "next to", "close to", "up at", "down at", "inside",
                        "outside", "behind", "beside", "near", "by", "at", "in", "on", "under", "around",
                        "opposite", "within", "over"),
    range_words=("to", "until", "till", "through", "and", "-", "–"),
    opinion_verbs=("think", "thinks", "believe", "believes", "fear", "fears", "hope", "hopes", "worry",
                   "worries", "wish", "wishes", "feel", "feels", "doubt", "doubts", "wonder", "wonders",
                   "reckon", "reckons", "suspect", "suspects", "is not sure", "are not sure",
                   "has not yet", "have not yet"),
    next_words=("next", "this", "coming", "on"),
    linking_verbs=("is", "are", "was", "were", "will", "be", "starts", "start", "begins", "begin", "opens",
                   "takes", "happens", "kicks", "runs", "goes", "gets", "has", "had"),
    phrase_breaks=("for", "with", "from", "to", "and", "or", "but", "where", "which", "that", "who", "when",
                   "because", "so", "if", "together", "again", "soon", "too", "also", "here", "there", "all",
                   "ever", "since", "lately", "yet"),
)
"""The lexicon every reader uses unless a game passes its own."""
