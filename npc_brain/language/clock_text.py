"""ClockText: a text with the clock times it says in words written in digits.

"Meet me at half past two" → "Meet me at 2:30"; "quarter to five" → "4:45"; "two in the
afternoon" → "2 pm"; "five o'clock" → "5:00"; "at eight" → "at 8"; "eight at night" → "8 pm".
The readers of times (`dates.hours_in`, `facts.times_in`, `phrasing.hours_in`) read the digits
with their own rules, so a worded time is read exactly as its digits are (a bare "at 8" is 8:00
in `dates`, as "at eight" is), and `ClockText.span` takes what they read back to the original
text's positions. Words that count stay words: "two cats", "a quarter of the cake", "half the
town", "at five minutes' walk", "my ten-year-old". A bare number word is a time only where the
kit reads a bare number as one (after "at", "from", …) and only when what follows it could
follow a time. The words are the lexicon's (`ClockWords`); pure.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from npc_brain.language.lexicon import ENGLISH, Lexicon

__all__ = ["ClockText", "clock_text"]

Span = tuple[int, int]
_AMPM = r"(?:a\.m\.|p\.m\.|am|pm)(?![\w'’])"
_START = r"(?<![\w'’:./-])"  # a word of its own, not the end of "everyone" or a date's "2023-02-14"
_END = r"(?![\w'’-])"  # nor the start of "ten-year-old"


@dataclass(frozen=True, slots=True)
class _Edit:
    """One worded time: its place in the original text and the digits that replace it."""

    start: int
    end: int
    digits: str
    rank: int = 0
    needs_end: bool = False  # opened by "from"/"between": a time only when the range's end is one


@dataclass(frozen=True, slots=True)
class ClockText:
    """`text` is `original` with each worded clock time (`edits`: original start, end, and the
    digits put there) written in digits; `span` maps a span of `text` back to `original`."""

    original: str
    text: str
    edits: tuple[tuple[int, int, str], ...] = ()

    def position(self, at: int, *, end: bool = False) -> int:
        """The original position of `text`'s position `at`; inside a rewritten time, its start
        (or its end when `end`)."""
        shift = 0
        for start, stop, digits in self.edits:
            new_start, new_stop = start + shift, start + shift + len(digits)
            if at < new_start or (at == new_start and not end):
                return at - shift
            if at < new_stop or (at == new_stop and end):
                return stop if end else start
            shift += len(digits) - (stop - start)
        return at - shift

    def span(self, span: Span) -> Span:
        """A span of `text` as a span of `original`."""
        return self.position(span[0]), self.position(span[1], end=True)


@dataclass(frozen=True, slots=True)
class _Grammar:
    """The clock patterns of one lexicon, compiled once (`_grammar`)."""

    lex: Lexicon
    trigger: re.Pattern[str]  # a word a worded time needs, or digits before "o'clock" or a part of the day
    numbers: dict[str, int]
    named: dict[str, int]
    relative: re.Pattern[str]  # "half past two", "quarter to 5", "ten past six", "twenty to nine"
    half: re.Pattern[str]  # "half two" (2:30)
    hour_minutes: re.Pattern[str]  # "three thirty", "six oh five"
    hour: re.Pattern[str]  # "five", "5:30" (a digit only before "o'clock" or a part of the day)
    range_end: re.Pattern[str]  # "… to seven"
    suffix: re.Pattern[str]  # "o'clock", "pm", "in the afternoon", "tonight"
    clause_end: re.Pattern[str]  # what may follow a bare hour
    opened: re.Pattern[str]  # "at " just before a bare hour
    counted: re.Pattern[str]  # "one by " — a number before the opener: "one by one" is no time
    range_next: re.Pattern[str]  # after "from 5" (in digits): " to" and a time
    after_time: re.Pattern[str]  # a time read in digits just before a range word
    day_before: re.Pattern[str]  # "February " before a digit: a day, not an hour


def _alt(words: Iterable[str]) -> str:
    """A regex alternation of `words`, longest first."""
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


@functools.cache
def _grammar(lex: Lexicon) -> _Grammar:
    c = lex.clock
    numbers = dict(c.numbers)
    ones = _alt(w for w, v in c.numbers if v < 10)
    teens = _alt(w for w, v in c.numbers if 10 <= v < 20)
    tens = _alt(w for w, v in c.numbers if v >= 20 and v % 10 == 0)
    hours = _alt(w for w, v in c.numbers if 1 <= v <= 12)
    named = _alt(w for w, _ in lex.named_hours)
    minutes = rf"(?:(?:{tens})(?:[\s-]+(?:{ones}))?|{teens}|{ones})"
    hour = rf"(?P<hour>{hours}|1[0-2]|0?[1-9]|{named}){_END}"
    fraction = _alt(w for w, _ in c.fractions)
    half = _alt(w for w, v in c.fractions if v == 30)
    unit = _alt(c.minute_words)
    relative = re.compile(
        rf"{_START}(?:a\s+)?(?:(?P<fraction>{fraction})|(?P<minutes>{minutes}|\d{{1,2}})(?:\s+(?P<unit>{unit}))?)"
        rf"\s+(?P<dir>{_alt((*c.past, *c.to))})\s+{hour}", re.I)
    first_words = {w.split()[0] for w in (*lex.place_prepositions, *(r for r, _ in lex.relative_days))}
    follow = _alt((*c.followers, *lex.weekdays, *lex.range_words, *lex.next_words, *first_words,
                   *(w for w, _, _ in c.parts)))
    days = {r for r, _ in lex.relative_days}
    alone = _alt(w for w, _, _ in c.parts if w in days)  # "tonight" is a part of the day on its own
    parts = _alt(w for w, _, _ in c.parts)
    lead = rf"(?:{_alt(c.part_leads)}|(?:(?:{_alt(lex.next_words)})\s+)?(?:{_alt(lex.weekdays)}))"
    rng = _alt(lex.range_words)
    openers = _alt((*c.openers, *c.range_openers))
    months = _alt((*lex.months, *(m[:3] for m in lex.months)))
    trigger = re.compile(rf"(?<![\w'’])(?:{_alt((*numbers, *(w for w, _ in c.fractions)))})(?![\w'’])|"
                         rf"\d\s*(?:{_alt(c.o_clock)}|(?:{lead})\s+(?:{parts})|{alone})", re.I)
    return _Grammar(
        lex, trigger, numbers, dict(lex.named_hours), relative,
        re.compile(rf"{_START}(?P<fraction>{half})\s+(?P<hour>{hours}|1[0-2]|0?[1-9]){_END}", re.I),
        re.compile(rf"{_START}(?P<hour>{hours})[\s-]+(?:(?P<zero>{_alt(c.zero)})[\s-]+(?P<ones>{ones})|"
                   rf"(?P<minutes>(?:{tens})(?:[\s-]+(?:{ones}))?|{teens})){_END}", re.I),
        re.compile(rf"{_START}(?:(?P<hour>{hours})|(?P<digit>1\d|2[0-3]|0?\d)(?:[:.](?P<dm>[0-5]\d))?){_END}", re.I),
        re.compile(rf"(?<![\w'’])(?:{rng})\s*(?P<hour>{hours}){_END}", re.I),
        re.compile(rf"(?:\s*(?P<oc>{_alt(c.o_clock)})(?![\w'’]))?(?:\s*(?P<ampm>{_AMPM})|"
                   rf"\s+(?P<phrase>{lead}\s+(?P<part>{parts})|(?P<alone>{alone}))(?![\w'’]))?", re.I),
        re.compile(rf"\s*(?:$|[^\w\s'’-]|-\s|(?:{follow})(?![\w'’]))", re.I),
        re.compile(rf"(?<![\w'’])(?:{openers})\s+$", re.I),
        re.compile(rf"(?<![\w'’])(?:{_alt(numbers)}|\d+)\s+(?:{openers})\s+$", re.I),
        re.compile(rf"\s*(?:{rng})\s*(?:\d|{named})", re.I),
        re.compile(rf"(?:\d|{_AMPM}|{named}|{_alt(c.o_clock)})\s*$", re.I),
        re.compile(rf"(?<![\w'’])(?:{months})\.?\s*$", re.I),
    )


@functools.lru_cache(maxsize=8192)  # the readers of times read the same lines again and again
def clock_text(text: str, lexicon: Lexicon = ENGLISH) -> ClockText:
    """`text` with its clock times said in words written in digits (see the module's doc)."""
    g = _grammar(lexicon)
    if g.trigger.search(text) is None:
        return ClockText(text, text)
    edits: list[_Edit] = []
    for e in sorted(_candidates(text, g), key=lambda e: (e.start, e.rank, -e.end)):
        if not edits or e.start >= edits[-1].end:
            edits.append(e)
    edits = sorted([*edits, *_range_ends(text, g, edits)], key=lambda e: e.start)
    if not edits:
        return ClockText(text, text)
    out = _applied(text, edits)
    # "from five to seven" is a time; "from one to another" is not: a range's start needs its end.
    kept = [e for e in edits if not e.needs_end or g.range_next.match(out.text, _new_end(out, e))]
    return out if len(kept) == len(edits) else _applied(text, kept)


def _applied(text: str, edits: list[_Edit]) -> ClockText:
    pieces, at = [], 0
    for e in edits:
        pieces += [text[at:e.start], e.digits]
        at = e.end
    pieces.append(text[at:])
    return ClockText(text, "".join(pieces), tuple((e.start, e.end, e.digits) for e in edits))


def _new_end(out: ClockText, edit: _Edit) -> int:
    shift = sum(len(d) - (b - a) for a, b, d in out.edits if a < edit.start)
    return edit.start + shift + len(edit.digits)


def _candidates(text: str, g: _Grammar) -> Iterator[_Edit]:
    for m in g.relative.finditer(text):
        if (e := _relative(text, m, g)) is not None:
            yield e
    for m in g.half.finditer(text):
        if (e := _half(text, m, g)) is not None:
            yield e
    for m in g.hour_minutes.finditer(text):
        if (e := _hour_minutes(text, m, g)) is not None:
            yield e
    for m in g.hour.finditer(text):
        if (e := _hour(text, m, g)) is not None:
            yield e


@dataclass(frozen=True, slots=True)
class _Suffix:
    """What follows an hour: "o'clock", am/pm or a part of the day, and where the edit ends
    (a part that names a day, "tonight" or "Saturday evening", stays for the day's reader)."""

    end: int
    after: int
    o_clock: bool = False
    meridiem: str | None = None
    window: tuple[int, int] | None = None

    @property
    def says_time(self) -> bool:
        return self.o_clock or self.meridiem is not None or self.window is not None


def _suffix(text: str, at: int, g: _Grammar) -> _Suffix:
    m = g.suffix.match(text, at)
    if m is None or m.end() == at:
        return _Suffix(at, at)
    c, lex = g.lex.clock, g.lex
    meridiem = m["ampm"][0].lower() + "m" if m["ampm"] else None
    window = None
    end = m.end()
    if m["phrase"]:
        word = (m["part"] or m["alone"]).lower()
        window = next((lo, hi) for w, lo, hi in c.parts if w == word)
        phrase = " " + m["phrase"].lower() + " "
        if any(f" {d} " in phrase for d in (*lex.weekdays, *(r for r, _ in lex.relative_days))):
            end = m.start("phrase")  # "at eight tonight": "tonight" is the day's too
            end = len(text[:end].rstrip())
    return _Suffix(end, m.end(), bool(m["oc"]), meridiem, window)


def _meridiem(hour: int, minute: int, suffix: _Suffix) -> str | None:
    """am or pm: as said, else the one that puts the time inside the part of the day named."""
    if suffix.meridiem or suffix.window is None:
        return suffix.meridiem
    lo, hi = suffix.window
    base = hour % 12 * 60 + minute
    for said, t in (("am", base), ("pm", base + 720)):
        if lo * 60 <= t < hi * 60 or lo * 60 <= t + 1440 < hi * 60:
            return said
    return "pm" if lo >= 12 else "am"


def _digits(hour: int, minute: int, suffix: _Suffix, *, fixed: bool = False, colon: bool = False) -> str:
    """The time as the readers read digits: "2:30", "2 pm", "14:30" (a named hour's is 24 h)."""
    if fixed:
        return f"{hour}:{minute:02d}"
    said = _meridiem(hour, minute, suffix)
    core = f"{hour}:{minute:02d}" if minute or colon or suffix.o_clock else f"{hour}"
    return f"{core} {said}" if said else core


def _value(words: str, g: _Grammar) -> int | None:
    """'twenty-five' → 25, '7' → 7."""
    if words.isdigit():
        return int(words)
    parts = [g.numbers.get(w) for w in re.split(r"[\s-]+", words.lower())]
    return None if any(p is None for p in parts) else sum(p for p in parts if p is not None)


def _hour_of(word: str, g: _Grammar) -> tuple[int, bool] | None:
    """(hour, fixed): a number 1–12 as said, or a named hour ("noon" 12, "midnight" 24: fixed)."""
    low = word.lower()
    if low in g.named:
        return g.named[low], True
    value = _value(low, g)
    return (value, False) if value is not None and 1 <= value <= 12 else None


def _ends(text: str, suffix: _Suffix, g: _Grammar) -> bool:
    """Whether the hour can be a time by what follows it: a time's words, or nothing a count has."""
    return suffix.says_time or g.clause_end.match(text, suffix.after) is not None


def _opener(text: str, at: int, g: _Grammar) -> str | None:
    """The word that opens a bare hour at `at` ("at", "from"), if any; "one by one" has none."""
    before = text[:at]
    m = g.opened.search(before)
    if m is None or g.counted.search(before):
        return None
    return m.group(0).split()[0].lower()


def _relative(text: str, m: re.Match[str], g: _Grammar) -> _Edit | None:
    """"half past two", "quarter to five", "ten past six", "twenty to nine", "quarter past noon"."""
    c = g.lex.clock
    found = _hour_of(m["hour"], g)
    if found is None:
        return None
    hour, fixed = found
    said = m["fraction"] or m["minutes"]
    minutes = dict(c.fractions)[said.lower()] if m["fraction"] else _value(said, g)
    suffix = _suffix(text, m.end(), g)
    if m["dir"].lower() in c.to:
        if minutes is None or not 1 <= minutes < 30:
            return None
        if m["minutes"] and not m["unit"] and (said.isdigit() or minutes % 5):
            return None  # "5 to 7" is a range, as the kit reads it
        if (_opener(text, m.start(), g) or "") in c.range_openers or \
                (not m["fraction"] and not _ends(text, suffix, g)):
            return None  # "from five to seven", "five to seven people"
        hour, minutes = (hour - 1, 60 - minutes) if fixed else ((hour - 2) % 12 + 1, 60 - minutes)
    elif minutes is None or not 1 <= minutes <= 30:
        return None
    elif fixed:
        hour %= 24  # "quarter past midnight" is 0:15
    return _Edit(m.start(), suffix.end, _digits(hour, minutes, suffix, fixed=fixed, colon=True))


def _half(text: str, m: re.Match[str], g: _Grammar) -> _Edit | None:
    """"half two" (British): 2:30."""
    found = _hour_of(m["hour"], g)
    if found is None or re.search(r"(?<![\w'’])a\s+$", text[:m.start()], re.I):
        return None  # "an hour and a half two …" is no time
    suffix = _suffix(text, m.end(), g)
    if not _ends(text, suffix, g):
        return None  # "half two cups"
    return _Edit(m.start(), suffix.end, _digits(found[0], 30, suffix), rank=1)


def _hour_minutes(text: str, m: re.Match[str], g: _Grammar) -> _Edit | None:
    """"three thirty", "seven forty-five", "six oh five": after "at" (…) or with am/pm."""
    found = _hour_of(m["hour"], g)
    minutes = _value(m["ones"] or m["minutes"], g)
    if found is None or minutes is None or not 1 <= minutes <= 59:
        return None
    suffix = _suffix(text, m.end(), g)
    opener = _opener(text, m.start(), g)
    if not suffix.says_time and (opener is None or not _ends(text, suffix, g)):
        return None  # "two twenty dollar bills"
    return _Edit(m.start(), suffix.end, _digits(found[0], minutes, suffix), rank=2,
                 needs_end=not suffix.says_time and opener in g.lex.clock.range_openers)


def _hour(text: str, m: re.Match[str], g: _Grammar) -> _Edit | None:
    """"five o'clock", "eleven am", "two in the afternoon", "5:30 in the evening", "at eight"."""
    suffix = _suffix(text, m.end(), g)
    if m["digit"] is not None:
        hour = int(m["digit"])
        if not (suffix.o_clock or suffix.window) or not 1 <= hour <= 12 or g.day_before.search(text[:m.start()]):
            return None  # "5 pm" is read as it is; "February 2 in the afternoon" is a day
        return _Edit(m.start(), suffix.end, _digits(hour, int(m["dm"] or 0), suffix), rank=3)
    found = _hour_of(m["hour"], g)
    if found is None:
        return None
    if suffix.says_time:
        return _Edit(m.start(), suffix.end, _digits(found[0], 0, suffix), rank=3)
    opener = _opener(text, m.start(), g)
    if opener is None or not _ends(text, suffix, g):
        return None  # "two cats", "at five minutes' walk", "one of them"
    return _Edit(m.start(), m.end(), str(found[0]), rank=3, needs_end=opener in g.lex.clock.range_openers)


def _range_ends(text: str, g: _Grammar, edits: list[_Edit]) -> list[_Edit]:
    """The bare hour that ends a range whose start is a time: "from five to seven", "5 till six"."""
    out: list[_Edit] = []
    ends = {e.end for e in edits}
    for m in g.range_end.finditer(text):
        start = m.start("hour")
        if any(e.start < m.end() and start < e.end for e in edits):
            continue
        before = text[:m.start()].rstrip()
        if len(before) not in ends and not g.after_time.search(before):
            continue
        found = _hour_of(m["hour"], g)
        suffix = _suffix(text, m.end(), g)
        if found is not None and _ends(text, suffix, g):
            out.append(_Edit(start, suffix.end, _digits(found[0], 0, suffix), rank=3))
    return out
