"""Occasion: something happening at a place of the map in a time window — a value type.

A party, a lantern walk, a quiz night, a barn raising, a word nobody has heard before: what it
is called does not matter to any mechanism. An occasion is found by structure (a place the
map names and a day, `language.occasions`), carried on the memory records that speak of it
(`MemoryRecord.occasion`), told on, answered yes or no, planned for and attended by its fields.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

__all__ = ["DEFAULT_HOURS", "Occasion"]

DEFAULT_HOURS = 2
"""How long an occasion with no end time is taken to last."""


@dataclass(frozen=True, slots=True)
class Occasion:
    """An occasion: what it is called, when it starts (and ends), where, and whose it is.

    `place` is the map's name of the place ("Johnson Park") and `address` its address in the
    world; `host` is the person whose occasion it is when the text says (its subject), else
    None; `timed` is False when the start hour is a part of the day or unknown (a line must
    not state it as a clock time).
    """

    what: str
    start: datetime
    end: datetime | None = None
    place: str | None = None
    address: str | None = None
    host: str | None = None
    timed: bool = True

    @property
    def finish(self) -> datetime:
        """The end, or the start plus `DEFAULT_HOURS` when the text named none."""
        return self.end if self.end is not None else self.start + timedelta(hours=DEFAULT_HOURS)

    def on(self, when: datetime) -> bool:
        """True when the occasion starts on `when`'s day."""
        return self.start.date() == when.date()

    def days_ahead(self, now: datetime) -> int:
        """Whole days from `now`'s date to the occasion's."""
        return (self.start.date() - now.date()).days

    def over(self, now: datetime) -> bool:
        """True once the occasion has ended."""
        return self.finish <= now

    def same(self, other: Occasion) -> bool:
        """The same occasion (its name and day), however each teller worded the rest."""
        return _key(self.what) == _key(other.what) and self.start.date() == other.start.date()

    def overlaps(self, other: Occasion) -> bool:
        """True when the two occasions' windows overlap (an untimed one covers its whole day)."""
        if not (self.timed and other.timed):
            return self.start.date() == other.start.date()
        return self.start < other.finish and other.start < self.finish

    def to_dict(self) -> dict[str, object]:
        """JSON-able fields (saves)."""
        return {"what": self.what, "start": self.start.isoformat(),
                "end": self.end.isoformat() if self.end is not None else None,
                "place": self.place, "address": self.address, "host": self.host, "timed": self.timed}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Occasion:
        """The inverse of `to_dict` (ValueError / TypeError / KeyError on bad data)."""
        what, start, end = data["what"], data["start"], data.get("end")
        place, address, host = data.get("place"), data.get("address"), data.get("host")
        timed = data.get("timed", True)
        if not isinstance(what, str) or not what.strip() or not isinstance(start, str):
            raise ValueError("an occasion needs a name and a start")
        if not isinstance(timed, bool):
            raise TypeError("an occasion's timed is a bool")
        begins = _naive(datetime.fromisoformat(start))
        finish = _text(end)
        ends = _naive(datetime.fromisoformat(finish)) if finish is not None else None
        return cls(what, begins, ends, _text(place), _text(address), _text(host), timed)


def _text(value: object) -> str | None:
    if value is not None and not isinstance(value, str):
        raise TypeError(f"an occasion's end, place, address and host are text, not {type(value).__name__}")
    return value


def _key(what: str) -> str:
    return " ".join(what.casefold().replace("’", "'").split())


def _naive(when: datetime) -> datetime:
    """Game times are naive; one outside the years a clock can add days to is refused."""
    if when.tzinfo is not None:
        raise ValueError(f"an occasion's time must be naive game time, not {when.isoformat()}")
    if not 1 < when.year < 9999:
        raise ValueError(f"an occasion's year {when.year} is out of range")
    return when
