"""GameClock: game time that runs at a settable speed and can pause."""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

Now = Callable[[], datetime]

GAME_TIME_MIN = datetime(100, 1, 1)
"""Earliest game time a save (or anything restored) may hold."""
GAME_TIME_MAX = datetime(9000, 1, 1)
"""Game time lies before this: a thousand years of room for the date arithmetic of a game."""


def game_time_problem(value: datetime) -> str | None:
    """Why `value` cannot be game time (None: it can). Game time is naive (no time zone) and
    lies in [GAME_TIME_MIN, GAME_TIME_MAX): an aware time cannot be compared with the game's."""
    if value.tzinfo is not None:
        return f"{value.isoformat()} has a UTC offset; game time is naive (no time zone)"
    if not GAME_TIME_MIN <= value < GAME_TIME_MAX:
        return (f"{value.isoformat()} is outside the game-time range "
                f"{GAME_TIME_MIN.year}–{GAME_TIME_MAX.year - 1}")
    return None


class GameClock:
    """Game time advanced by the caller with real seconds (so tests control it).

    `minutes_per_second` is game minutes per real second at speed 1.
    """

    SPEEDS = (0, 1, 2, 4, 8)

    def __init__(self, start: datetime, *, minutes_per_second: float = 1.0, speed: int = 1) -> None:
        self._time = start
        self.minutes_per_second = minutes_per_second
        self.speed = speed

    def now(self) -> datetime:
        """Current game time."""
        return self._time

    @property
    def paused(self) -> bool:
        """True while the speed is 0."""
        return self.speed == 0

    def advance(self, real_seconds: float) -> datetime:
        """Move game time on by `real_seconds` of wall time at the current speed."""
        self._time += timedelta(minutes=real_seconds * self.minutes_per_second * self.speed)
        return self._time

    def advance_game(self, delta: timedelta) -> datetime:
        """Move game time on by a game duration, regardless of speed."""
        self._time += delta
        return self._time

    def set(self, when: datetime) -> None:
        """Jump to a game time (used by load)."""
        self._time = when
