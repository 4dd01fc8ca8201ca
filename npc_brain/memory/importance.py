"""ImportanceCache: reuse importance ratings for routine perceptions.

"Klaus is reading at his desk" seen for the 30th time must not cost a 30th LLM call.
Descriptions are normalised (case, numbers, clock times, punctuation, spacing) so the
repeats of one routine observation share a key. The rating prompt itself belongs to the
cognition layer; this is only the cache, and, beside it for all who share it, the check on
whether the model's ratings still change what is stored (`RatingCheck`, not saved).
"""
from __future__ import annotations

import re
import threading
from collections import OrderedDict
from typing import Any

from npc_brain.memory.rating_check import RatingCheck

# A clock time with the preposition that introduces it ("at 7:30 pm", "until 5pm"), so
# "Klaus is reading at his desk at 7am" and "… at 9am" share a key.
_TIME = re.compile(
    r"(?:\b(?:at|around|about|by|until|till|since|from|before|after)\s+)?"
    r"(?:\b\d{1,2}(?::\d{2}){1,2}\s*(?:[ap]\.?\s?m\b\.?)?"  # 7:30, 07:30:15, 7:30 pm
    r"|\b\d{1,2}\s*[ap]\.?\s?m\b\.?)",  # 7pm, 7 a.m.
    re.IGNORECASE,
)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_PUNCT = re.compile(r"[^\w\s']|_")
_SPACE = re.compile(r"\s+")

_FORMAT = "npc_brain.importance_cache"
_FORMAT_VERSION = 1


def normalise_description(text: str) -> str:
    """The cache key for a description: lowercase, no times/numbers/punctuation, single spaces."""
    key = _TIME.sub(" ", text.lower())
    key = _NUMBER.sub(" ", key)
    key = _PUNCT.sub(" ", key)
    return _SPACE.sub(" ", key).strip()


def _check_rating(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10:
        raise ValueError(f"importance must be an int in 1..10, got {value!r}")
    return value


class ImportanceCache:
    """Bounded LRU map from normalised description to importance (1–10). Thread-safe."""

    def __init__(self, max_size: int = 4096) -> None:
        if isinstance(max_size, bool) or not isinstance(max_size, int) or max_size < 1:
            raise ValueError(f"max_size must be a positive int, got {max_size!r}")
        self.max_size = max_size
        self._entries: OrderedDict[str, int] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0
        self.check = RatingCheck()  # a loaded cache asks the model until its window is full again

    def get(self, text: str) -> int | None:
        """The cached rating for this description (or a normalised twin), else None."""
        key = normalise_description(text)
        with self._lock:
            value = self._entries.get(key)
            if value is None:
                self.misses += 1
                return None
            self._entries.move_to_end(key)
            self.hits += 1
            return value

    def put(self, text: str, value: int) -> None:
        """Remember a rating; evicts the least recently used entry past `max_size`."""
        rating = _check_rating(value)
        key = normalise_description(text)
        with self._lock:
            self._entries[key] = rating
            self._entries.move_to_end(key)
            while len(self._entries) > self.max_size:
                self._entries.popitem(last=False)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, text: object) -> bool:
        return isinstance(text, str) and normalise_description(text) in self._entries

    def to_dict(self) -> dict[str, Any]:
        """JSON-able state, least recently used first (so a reload keeps the LRU order)."""
        with self._lock:
            entries = [[k, v] for k, v in self._entries.items()]
        return {"format": _FORMAT, "version": _FORMAT_VERSION, "max_size": self.max_size,
                "entries": entries}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ImportanceCache:
        """Rebuild from `to_dict()`; ValueError on anything else."""
        if not isinstance(data, dict) or data.get("format") != _FORMAT:
            raise ValueError("not an importance cache")
        if data.get("version") != _FORMAT_VERSION:
            raise ValueError(f"unsupported importance cache version {data.get('version')!r}")
        cache = cls(data.get("max_size", 4096))
        entries = data.get("entries")
        if not isinstance(entries, list):
            raise ValueError("importance cache entries must be a list")
        for item in entries:
            if not (isinstance(item, list | tuple) and len(item) == 2 and isinstance(item[0], str)):
                raise ValueError(f"bad importance cache entry {item!r}")
            cache._entries[item[0]] = _check_rating(item[1])
            cache._entries.move_to_end(item[0])
        while len(cache._entries) > cache.max_size:
            cache._entries.popitem(last=False)
        return cache

    def __repr__(self) -> str:
        return (f"ImportanceCache({len(self)}/{self.max_size}, hits={self.hits},"
                f" misses={self.misses})")
