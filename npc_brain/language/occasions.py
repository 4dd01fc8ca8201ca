"""Occasions in text, found by structure, and said back in English.

An occasion is a noun phrase joined to a place the map names, on a day the text names
("Mei Lin is running a bake sale at Oak Hill College on February 14 from 10am to noon",
"Jane invites everyone to the lantern walk by the Duck Pond tomorrow at 8pm"). Its name is
whatever the text calls it — the noun phrase before the place (or, when the place comes
first, the one after): no list of event nouns is consulted. Read once, when a memory is made;
after that the `Occasion` travels as data. Pure.
"""
from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime, timedelta

from npc_brain.language.dates import says_morning, when_in
from npc_brain.language.folding import fold
from npc_brain.language.gazetteer import Gazetteer, PlaceMention
from npc_brain.language.lexicon import ENGLISH, Lexicon
from npc_brain.types.occasion import Occasion

__all__ = ["announce", "clock", "day_phrase", "describe", "occasion_in", "recount", "when_phrase"]

_TOKEN = re.compile(r"[\w'’&-]+|[,.;:!?()\"]")
_MAX_WORDS = 6
# Words that join clauses: no name of anything.
_NO_NAME = frozenset({"if", "whether", "that", "what", "when", "where", "who", "how", "why", "which", "and", "or",
                      "but", "so", "because", "then", "it", "this", "there"})
# "my bonfire", "our quiz night": the speaker's own occasion ("I saw that a fair …" is not).
_FIRST_PERSON = re.compile(r"\b(my|our)\s+\w", re.IGNORECASE)


def occasion_in(text: str, now: datetime, gazetteer: Gazetteer, *, speaker: str | None = None,
                lexicon: Lexicon = ENGLISH, today: bool = False) -> Occasion | None:
    """The occasion `text` names, read as of `now` (when it was said or thought), or None.

    It needs a day (a date, a weekday, "tomorrow" …) and a place of the map; its host is the
    person the sentence opens with, or `speaker` when the text speaks of "my"/"our" occasion.
    With `today` (the text asks the listener along), a clock time alone is the next such time:
    "the Rose and Crown with me at half six" is today's, or tomorrow's once it has passed.
    """
    when = when_in(text, now, lexicon)
    if when is not None and when.day is None and today and when.start is not None and when.exact:
        minute, begins = now.hour * 60 + now.minute, when.start
        if 0 < begins < min(minute, 12 * 60) and begins + 12 * 60 > minute and not says_morning(text, lexicon):
            begins += 12 * 60  # "at half seven" said at 11 am: this evening
        when = replace(when, start=begins, day=now.date() + timedelta(days=1 if begins < minute else 0))
    if when is None or when.day is None:
        return None
    subject = gazetteer.person_at_start(text)
    place = gazetteer.place_in(text, about=subject or speaker)
    if place is None:
        return None
    what = _name(text, place, when.spans, gazetteer, lexicon)
    if not what or fold(what) in _NO_NAME:
        if not today:
            return None  # "Do you know if the counter at the Pharmacy is staffed on Sundays?" names no "if"
        what = lexicon.unnamed_occasion  # asked along to a place at a time, the occasion is the meeting
    host = subject or (speaker if speaker and _FIRST_PERSON.search(text) else None)
    start = when.starts()
    if start is None:  # unreachable: a day was read
        return None
    return Occasion(what, start, when.ends(), place.phrase or place.name, place.address, host,
                    timed=when.start is not None and when.exact)


def _name(text: str, place: PlaceMention, spans: tuple[tuple[int, int], ...], gazetteer: Gazetteer,
          lex: Lexicon) -> str:
    """The noun phrase the text gives the occasion: after the last determiner before the place
    (and its preposition), else after the first determiner past the place and the times."""
    tokens = [(m.group(0), m.start(), m.end()) for m in _TOKEN.finditer(text)]
    blocked = [place.span, *spans]

    def free(i: int) -> bool:
        _, a, b = tokens[i]
        return not any(a < e and s < b for s, e in blocked)

    first = next((i for i, (_, a, _) in enumerate(tokens) if a >= place.span[0]), len(tokens))
    anchor = first
    # Step back over "the" and the preposition that join the place ("in front of the …").
    if anchor > 0 and fold(tokens[anchor - 1][0]) in lex.determiners:
        anchor -= 1
    for prep in sorted(lex.place_prepositions, key=lambda p: -len(p.split())):
        words = prep.split()
        if anchor >= len(words) and [fold(t[0]) for t in tokens[anchor - len(words):anchor]] == words:
            anchor -= len(words)
            break
    people = {fold(p.split()[0]) for p in gazetteer.people} | {fold(p) for p in gazetteer.people}

    def opens(i: int) -> bool:
        word = fold(tokens[i][0])
        if word in lex.determiners:
            return True
        # "Tom's barbecue": a person's possessive opens a phrase; "Valentine's Day" does not.
        return bool(re.search(r"['’]s$", tokens[i][0])) and fold(tokens[i][0]) in people

    def phrase(i: int) -> str:
        out: list[str] = []
        for j in range(i + 1, len(tokens)):
            word = tokens[j][0]
            low = fold(word)
            if not free(j) or not re.match(r"[\w'’&-]", word) or low in lex.linking_verbs \
                    or low in lex.phrase_breaks or low in lex.place_prepositions or len(out) >= _MAX_WORDS:
                break
            out.append(word)
        return " ".join(out)

    before = [i for i in range(anchor) if free(i) and opens(i)]
    for i in reversed(before):
        found = phrase(i)
        if found:
            return found
    after = [i for i in range(first, len(tokens)) if free(i) and opens(i)]
    for i in after:
        found = phrase(i)
        if found:
            return found
    # No determiner: the word just before the place ("hosts karaoke at the pub").
    if anchor > 0 and free(anchor - 1) and re.match(r"[a-z]", tokens[anchor - 1][0]) \
            and fold(tokens[anchor - 1][0]) not in (*lex.linking_verbs, *lex.phrase_breaks, *lex.determiners):
        return tokens[anchor - 1][0]
    return ""


# ---------------------------------------------------------------------------- saying it
def clock(when: datetime) -> str:
    """'5pm', '7:30pm', '12pm'."""
    h = when.hour % 12 or 12
    suffix = "am" if when.hour < 12 else "pm"
    return f"{h}{suffix}" if not when.minute else f"{h}:{when.minute:02d}{suffix}"


def when_phrase(occasion: Occasion, now: datetime | None = None) -> str:
    """'on Tuesday, February 14 from 5pm to 7pm' (the clock only when the text gave one); said
    as of `now`, a day this week is named as people name it: 'today', 'tomorrow', 'on Saturday'."""
    day = day_phrase(occasion, now)
    if not occasion.timed:
        return day
    if occasion.end is not None:
        return f"{day} from {clock(occasion.start)} to {clock(occasion.end)}"
    return f"{day} at {clock(occasion.start)}"


def day_phrase(occasion: Occasion, now: datetime | None = None) -> str:
    """'on Tuesday, February 14'; as of `now`, 'today', 'tomorrow' or 'on Saturday' this week."""
    ahead = occasion.days_ahead(now) if now is not None else None
    if ahead == 0:
        return "today"
    if ahead == 1:
        return "tomorrow"
    if ahead is not None and 1 < ahead < 7:
        return f"on {occasion.start:%A}"
    return f"on {occasion.start:%A}, {occasion.start:%B} {occasion.start.day}"


def describe(occasion: Occasion, *, article: str = "the", when: bool = True, now: datetime | None = None) -> str:
    """'the lantern walk at Johnson Park on February 14 from 8pm to 10pm' (without the day and
    hours when `when` is False; the day as of `now` when given: see `when_phrase`)."""
    what = occasion.what
    lead = "" if fold(what).startswith(("the ", "a ", "an ")) else f"{article} "
    where = f" at {occasion.place}" if occasion.place else ""
    return f"{lead}{what}{where}" + (f" {when_phrase(occasion, now)}" if when else "")


def recount(occasion: Occasion) -> str:
    """The occasion once it is over: "Jane Moreno's barn dance was at the market on Thursday,
    February 15 from 3pm to 6pm" (the date in full: it is no longer as of today)."""
    return announce(occasion, verb="was")


def announce(occasion: Occasion, now: datetime | None = None, *, verb: str = "is") -> str:
    """The occasion as news, whoever passes it on: "Isabella Rodriguez's Valentine's Day party is
    at Hobbs Cafe on February 14 from 5pm to 7pm" (no host known: "the lantern walk is at …";
    said as of `now`: "… is at Hobbs Cafe tomorrow from 5pm to 7pm")."""
    what = occasion.what
    if occasion.host:  # "Nora's lantern swim", not "Nora's a lantern swim"
        head = f"{occasion.host}'s " + re.sub(r"^(?:the|a|an)\s+", "", what, flags=re.IGNORECASE)
    else:
        head = what if fold(what).startswith(("the ", "a ", "an ")) else f"the {what}"
    where = f" at {occasion.place}" if occasion.place else ""
    return f"{head} {verb}{where} {when_phrase(occasion, now)}"
