"""When: the day and clock hours a text names, resolved against the moment it was said.

"on February 14 from 5pm to 7pm", "tomorrow at 8", "next Saturday between 2 and 4 pm",
"this evening", "14th of March, 10am until noon": a day (absolute, or relative to `now`) and
a start and end time of day. A record is read once, when it is made (its `created` is `now`),
so "tomorrow" keeps meaning the day after it was heard. Pure; the words come from a `Lexicon`.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from npc_brain.language.clock_text import clock_text
from npc_brain.language.lexicon import ENGLISH, Lexicon

__all__ = ["When", "day_in", "hours_in", "mentions_later", "month_day_in", "month_days_in", "when_in"]

Span = tuple[int, int]


@dataclass(frozen=True, slots=True)
class When:
    """A day and times of day named by a text; minutes from that day's midnight (past 24 h allowed).

    `exact` is False when the time came from a part of the day ("this evening": 18:00), which
    a line must not state as a clock time. `spans` are the text positions the reading used.
    """

    day: date | None = None
    start: int | None = None
    end: int | None = None
    exact: bool = True
    spans: tuple[Span, ...] = ()

    def starts(self) -> datetime | None:
        """The start as a datetime (None without a day); an unknown hour is midnight."""
        if self.day is None:
            return None
        return datetime.combine(self.day, datetime.min.time()) + timedelta(minutes=self.start or 0)

    def ends(self) -> datetime | None:
        """The end as a datetime (None without a day or an end time)."""
        if self.day is None or self.end is None:
            return None
        return datetime.combine(self.day, datetime.min.time()) + timedelta(minutes=self.end)


@functools.cache
def _patterns(lex: Lexicon) -> dict[str, re.Pattern[str]]:
    months = "|".join(sorted({*lex.months, *(m[:3] for m in lex.months), *(m[:4] for m in lex.months)},
                             key=len, reverse=True))
    weekdays = "|".join((*lex.weekdays, *sorted((w for w, _ in lex.weekday_short), key=len, reverse=True)))
    named = "|".join(w for w, _ in lex.named_hours)
    rel = "|".join(re.escape(w) for w, _ in sorted(lex.relative_days, key=lambda t: -len(t[0])))
    clock = rf"(?:(\d{{1,2}})(?:[:.](\d\d))?\s*(am|pm|a\.m\.|p\.m\.)?|({named}))"
    rng = "|".join(re.escape(w) for w in lex.range_words)
    nxt = "|".join(lex.next_words)
    return {
        # "February 14", "Feb. 14th", "14 February", "14th of February"
        "md": re.compile(rf"\b({months})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?\b", re.I),
        "dm": re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({months})\b", re.I),
        "iso": re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b"),
        "weekday": re.compile(rf"(?<!['’])\b(?:({nxt})\s+)?({weekdays})s?\b", re.I),  # not "c'mon"
        "relative": re.compile(rf"\b({rel})\b", re.I),
        "range": re.compile(rf"\b(?:from\s+|between\s+)?{clock}\s*(?:{rng})\s*{clock}(?!\w)", re.I),
        "single": re.compile(rf"\b{clock}(?!\w)", re.I),
        "evening": re.compile(r"\b(" + "|".join(re.escape(w) for w, h in lex.day_parts if h >= 17)
                              + r"|tonight)\b", re.I),
        # An "am" after a number, or a part of the day that ends by noon ("tomorrow morning").
        "morning": re.compile(r"\d\s*(am|a\.m\.)(?!\w)|\b(" + "|".join(
            re.escape(w) for w, _, end in lex.clock.parts if end <= 12) + r")\b", re.I),
        "part": re.compile(r"\b(?:(?:in the|this|tomorrow|on \w+|\w+day)\s+(" +
                           "|".join(w for w, _ in lex.day_parts) + r")|(tonight))\b", re.I),
    }


def _month(word: str, lex: Lexicon) -> int:
    low = word.lower().rstrip(".")
    return next(i + 1 for i, m in enumerate(lex.months) if m.startswith(low[:3]))


def _dated(month: int, day: int, now: datetime) -> date | None:
    """The named month and day in `now`'s year, or the next year's when it is long past."""
    try:
        out = date(now.year, month, day)
    except ValueError:
        return None
    if (now.date() - out).days > 180:  # "January 3" said in December is next year's
        try:
            out = date(now.year + 1, month, day)
        except ValueError:
            return None
    return out


def day_in(text: str, now: datetime, lexicon: Lexicon = ENGLISH) -> tuple[date, Span] | None:
    """The first day the text names, with its span: a month and day, an ISO date, a word like
    "tomorrow", or a weekday (the next one on or after today; "next Monday" said on a Monday
    is a week away)."""
    p = _patterns(lexicon)
    found: list[tuple[int, date, Span]] = []
    for m in p["md"].finditer(text):
        d = _dated(_month(m.group(1), lexicon), int(m.group(2)), now)
        if d is not None:
            found.append((m.start(), d, m.span()))
    for m in p["dm"].finditer(text):
        d = _dated(_month(m.group(2), lexicon), int(m.group(1)), now)
        if d is not None:
            found.append((m.start(), d, m.span()))
    for m in p["iso"].finditer(text):
        try:
            found.append((m.start(), date(int(m.group(1)), int(m.group(2)), int(m.group(3))), m.span()))
        except ValueError:
            pass
    offsets = dict(lexicon.relative_days)
    for m in p["relative"].finditer(text):
        found.append((m.start(), now.date() + timedelta(days=offsets[m.group(1).lower()]), m.span()))
    for m in p["weekday"].finditer(text):
        word = m.group(2).lower()
        target = lexicon.weekdays.index(word) if word in lexicon.weekdays else dict(lexicon.weekday_short)[word]
        ahead = (target - now.weekday()) % 7
        if ahead == 0 and (m.group(1) or "").lower() == lexicon.next_words[0]:
            ahead = 7
        found.append((m.start(), now.date() + timedelta(days=ahead), m.span()))
    if not found:
        return None
    _, day, span = min(found, key=lambda t: t[0])
    return day, span


def _minutes(h: str | None, mm: str | None, ampm: str | None, named: str | None, lex: Lexicon,
             *, pm_hint: bool = False) -> int | None:
    if named:
        return dict(lex.named_hours)[named.lower()] * 60
    if h is None:
        return None
    hour, minute = int(h), int(mm or 0)
    if minute > 59 or hour > 24:
        return None
    if ampm:
        hour %= 12
        if ampm.lower().startswith("p"):
            hour += 12
    elif (pm_hint and 1 <= hour <= 11) or (lex.afternoon_hours[0] <= hour <= lex.afternoon_hours[1]
                                            and not h.startswith("0")):
        hour += 12
    return hour * 60 + minute


def hours_in(text: str, lexicon: Lexicon = ENGLISH) -> tuple[int | None, int | None, tuple[Span, ...]]:
    """(start, end, spans) in minutes from midnight: "from 5pm to 7pm" → (1020, 1140); "at 8 am" →
    (480, None); "10am until noon" → (600, 720); a bare "at 8" with no am/pm is read as the
    evening only when the range's other end says pm, a bare 1 to 6 as the afternoon ("at 4" is
    16:00, `Lexicon.afternoon_hours`). An end before its start passes midnight.
    A time said in words is read as its digits ("half past four" as "4:30", "at eight" as "at 8",
    "two in the afternoon" as "2 pm": `clock_text`); the spans are the original text's."""
    said = clock_text(text, lexicon)
    start, end, spans = _hours(said.text, lexicon)
    return start, end, tuple(said.span(s) for s in spans)


def _hours(text: str, lexicon: Lexicon) -> tuple[int | None, int | None, tuple[Span, ...]]:
    """`hours_in` of a text whose times are in digits."""
    p = _patterns(lexicon)
    m = p["range"].search(text)
    if m:
        g = m.groups()
        end_pm = bool(g[6]) and g[6].lower().startswith("p")
        start = _minutes(g[0], g[1], g[2], g[3], lexicon, pm_hint=end_pm and not g[2])
        end = _minutes(g[4], g[5], g[6], g[7], lexicon)
        if start is not None and end is not None:
            if end <= start and not g[6] and g[4] is not None and end + 12 * 60 > start:
                end += 12 * 60  # "from 5 to 7": both in the afternoon, as the start was read
            if end <= start:
                end += 24 * 60
            return start, end, (m.span(),)
    # "tonight at 8", "this evening at 7": a part of the day after noon puts a bare hour in the evening.
    evening = bool(p["evening"].search(text))
    for m in p["single"].finditer(text):
        g = m.groups()
        if g[0] is not None and not g[2] and not _clock_context(text, m.start()):
            continue  # a bare number ("5 friends") is no time
        start = _minutes(g[0], g[1], g[2], g[3], lexicon, pm_hint=evening and not g[2])
        if start is not None:
            return start, None, (m.span(),)
    return None, None, ()


def _clock_context(text: str, at: int) -> bool:
    """A bare number is a time after "at"/"from"/"around" or with a colon ("at 8", "20:00")."""
    before = text[max(0, at - 8):at].lower()
    return bool(re.search(r"\b(at|from|around|about|by)\s*$", before)) or bool(re.match(r"\d{1,2}:\d\d", text[at:]))


def when_in(text: str, now: datetime, lexicon: Lexicon = ENGLISH) -> When | None:
    """The day and hours the text names (None when it names neither). A part of the day
    ("tomorrow evening") gives an inexact start hour when no clock time is named."""
    found = day_in(text, now, lexicon)
    start, end, spans = hours_in(text, lexicon)
    exact = True
    if start is None:
        part = _patterns(lexicon)["part"].search(text)
        if part is not None:
            word = (part.group(1) or part.group(2)).lower()
            start, exact, spans = dict(lexicon.day_parts)[word] * 60, False, (part.span(),)
    if found is None and start is None:
        return None
    day, span = found if found is not None else (None, None)
    all_spans = tuple(s for s in (span, *spans) if s is not None)
    return When(day, start, end, exact, all_spans)


def says_morning(text: str, lexicon: Lexicon = ENGLISH) -> bool:
    """True when the text puts its time in the morning ("at 8am", "tomorrow morning")."""
    return _patterns(lexicon)["morning"].search(text) is not None


def mentions_later(text: str, lexicon: Lexicon = ENGLISH) -> bool:
    """True when the text speaks of a time other than now: a clock time, or a day that is not
    today ("tomorrow", a weekday, a date). "Today", "tonight" and "this evening" are now's day."""
    ref = datetime(2000, 1, 3, 12)  # any reference: only whether the day differs matters
    found = day_in(text, ref, lexicon)
    if found is not None:
        span = text[found[1][0]:found[1][1]].lower()
        if found[0] != ref.date() or not any(span.startswith(w) for w, d in lexicon.relative_days if d == 0):
            return True
    return hours_in(text, lexicon)[0] is not None


def month_days_in(text: str, lexicon: Lexicon = ENGLISH) -> tuple[str, ...]:
    """Every month and day the text names, in order, as 'February 14' ('Feb 14th', '14 February')."""
    p = _patterns(lexicon)
    found = [(m.start(), _month(m.group(1), lexicon), int(m.group(2))) for m in p["md"].finditer(text)]
    found += [(m.start(), _month(m.group(2), lexicon), int(m.group(1))) for m in p["dm"].finditer(text)]
    return tuple(dict.fromkeys(f"{lexicon.months[month - 1].title()} {day}"
                               for _, month, day in sorted(found) if 1 <= day <= 31))


def month_day_in(text: str, lexicon: Lexicon = ENGLISH) -> str | None:
    """The first month and day the text names, as 'February 14', else None."""
    found = month_days_in(text, lexicon)
    return found[0] if found else None
