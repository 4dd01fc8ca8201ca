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

__all__ = ["ENGLISH", "ENGLISH_CLOCK", "ClockWords", "Lexicon"]


@dataclass(frozen=True, slots=True)
class ClockWords:
    """The words that say a clock time ("half past two", "quarter to five", "eight at night");
    `clock_text` reads them. Every field is a tuple of lower-case words or phrases."""

    numbers: tuple[tuple[str, int], ...]
    """Number words and their values: one to twenty, and the tens a minute needs ("forty-five")."""
    past: tuple[str, ...]
    """Words after the minutes that count on from an hour ("ten past six")."""
    to: tuple[str, ...]
    """Words after the minutes that count back to an hour ("twenty to nine")."""
    fractions: tuple[tuple[str, int], ...]
    """Parts of an hour said as a word, in minutes; the one worth 30 may stand before the hour
    alone ("half two" is 2:30)."""
    minute_words: tuple[str, ...]
    """The unit that may follow the minutes ("five minutes past six")."""
    zero: tuple[str, ...]
    """Words for the nought before a minute under ten ("six oh five")."""
    o_clock: tuple[str, ...]
    """Words after an hour that make it a clock time on the hour."""
    openers: tuple[str, ...]
    """Words before a bare hour that make it a time ("at eight"): a number elsewhere is a count."""
    range_openers: tuple[str, ...]
    """Words before a bare hour that make it a time when a range follows ("from five to seven";
    "from one to another" is none)."""
    followers: tuple[str, ...]
    """Words that may follow a bare hour besides a weekday, a day word, a range word or a place
    preposition ("at five then", "at five sharp"); any other word makes it a count ("at five
    minutes' walk")."""
    parts: tuple[tuple[str, int, int], ...]
    """Parts of the day said after an hour, with the hours they span (past 24 when they pass
    midnight): "eight at night" is 20:00 and "two at night" 2:00, since 2 am falls in 20–29."""
    part_leads: tuple[str, ...]
    """Words that join a part of the day to the hour before it ("two in the afternoon"); a weekday
    does too ("four on Saturday afternoon")."""


ENGLISH_CLOCK = ClockWords(
    numbers=(("one", 1), ("two", 2), ("three", 3), ("four", 4), ("five", 5), ("six", 6), ("seven", 7),
             ("eight", 8), ("nine", 9), ("ten", 10), ("eleven", 11), ("twelve", 12), ("thirteen", 13),
             ("fourteen", 14), ("fifteen", 15), ("sixteen", 16), ("seventeen", 17), ("eighteen", 18),
             ("nineteen", 19), ("twenty", 20), ("thirty", 30), ("forty", 40), ("fifty", 50)),
    past=("past", "after"),
    to=("to", "till", "til"),
    fractions=(("half", 30), ("quarter", 15)),
    minute_words=("minutes", "minute", "mins", "min"),
    zero=("oh", "o"),
    o_clock=("o'clock", "o’clock", "oclock", "o clock"),
    openers=("at", "around", "about", "by"),
    range_openers=("from", "between"),
    followers=("then", "sharp", "exactly", "latest", "or", "for", "from", "so", "if", "please", "instead", "okay",
               "ok"),
    parts=(("morning", 0, 12), ("afternoon", 12, 18), ("evening", 17, 24), ("night", 20, 29), ("tonight", 17, 29)),
    part_leads=("in the", "at", "this", "tomorrow"),
)
"""The English clock words every `Lexicon` gets unless it is given its own."""


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
    clock: ClockWords = ENGLISH_CLOCK
    """The words that say a clock time ("half past two", "eight at night")."""
    afternoon_hours: tuple[int, int] = (1, 6)
    """Bare hours (no am/pm, no leading zero) read as the afternoon: "see you at 4" is 16:00, as
    nobody arranges anything at four in the morning; "at 8" stays 08:00."""
    weekday_short: tuple[tuple[str, int], ...] = (("mon", 0), ("tue", 1), ("tues", 1), ("weds", 2), ("thu", 3),
                                                  ("thur", 3), ("thurs", 3), ("fri", 4))
    """Weekdays as players shorten them (0 = Monday); not "wed", "sat" or "sun", which are words too."""
    home_words: tuple[str, ...] = ("home",)
    """Words that, after a place preposition, name the speaker's own home ("having lunch at home")."""
    unnamed_occasion: str = "get-together"
    """What an invitation with a place and a time but no name of its own is called ("fancy coming
    to the Rose and Crown with me at half six")."""


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
