"""Opening hours: parsing "HH:MM", the past-midnight rule, and how times read in sentences."""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta

_HHMM = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*$")


def parse_hhmm(text: str) -> time:
    """Parse "8:00", "08:00" or "24:00" (midnight) into a time; ValueError otherwise."""
    match = _HHMM.match(str(text))
    if not match:
        raise ValueError(f"{text!r} is not a time of day like 08:00")
    hour, minute = int(match.group(1)), int(match.group(2))
    if (hour, minute) == (24, 0):
        return time(0, 0)
    if hour > 23 or minute > 59:
        raise ValueError(f"{text!r} is not a time of day like 08:00")
    return time(hour, minute)


def is_open(opens: time | None, closes: time | None, at: time) -> bool:
    """Whether a place with these hours is open at `at`.

    No hours means always open. `closes <= opens` means the place closes after midnight
    (a tavern 17:00–02:00); equal times mean open around the clock. A place with only `opens`
    is open from then until midnight, one with only `closes` from midnight until then.
    """
    if opens is None and closes is None:
        return True
    start = opens or time(0, 0)
    if closes is None:
        return at >= start
    if closes <= start:
        return at >= start or at < closes
    return start <= at < closes


def open_half_of_day(opens: time | None, closes: time | None, start: datetime) -> datetime:
    """A morning hour said bare ("the quiz at 8") as the hour the place keeps: `start` twelve hours
    on when the place is closed then and open then; else `start` as it is."""
    later = start + timedelta(hours=12)
    if start.hour >= 12 or later.date() != start.date():
        return start
    if not is_open(opens, closes, start.time()) and is_open(opens, closes, later.time()):
        return later
    return start


def clock_text(t: time) -> str:
    """A time as people write it in a sentence: 8:00, 17:30."""
    return f"{t.hour}:{t.minute:02d}"


def hours_text(opens: time | None, closes: time | None) -> str:
    """Hours for a listing: "8:00-20:00", "17:00-2:00 (past midnight)", "from 8:00"."""
    if opens is None and closes is None:
        return "always open"
    if closes is None:
        return f"from {clock_text(opens)}"  # type: ignore[arg-type]
    if opens is None:
        return f"until {clock_text(closes)}"
    text = f"{clock_text(opens)}-{clock_text(closes)}"
    if closes == opens:
        return "open around the clock"
    return text + (" (past midnight)" if closes < opens else "")
