"""Inventory: what the player carries (coins, a coffee …), shown in the HUD and saved with the game."""
from __future__ import annotations

from collections import Counter
from typing import Any


class Inventory:
    """Item → count; counts never go below zero."""

    def __init__(self, items: dict[str, int] | None = None) -> None:
        self._items: Counter[str] = Counter({k: v for k, v in (items or {}).items() if v > 0})

    def add(self, item: str, n: int = 1) -> None:
        """Put `n` of an item in."""
        self._items[item] += n

    def take(self, item: str, n: int = 1) -> bool:
        """Take `n` out; False (and nothing taken) when there are fewer."""
        if self._items[item] < n:
            return False
        self._items[item] -= n
        if not self._items[item]:
            del self._items[item]
        return True

    def count(self, item: str) -> int:
        """How many of an item."""
        return self._items[item]

    def text(self) -> str:
        """'coffee ×1 · coins 8' for the HUD ('empty' when nothing)."""
        parts = [f"{item} {n}" if item == "coins" else f"{item} ×{n}" for item, n in sorted(self._items.items())]
        return " · ".join(parts) or "empty"

    def to_dict(self) -> dict[str, int]:
        """JSON-able."""
        return dict(self._items)

    @classmethod
    def from_dict(cls, raw: Any) -> Inventory:
        """Back from `to_dict`; anything damaged is dropped."""
        if not isinstance(raw, dict):
            return cls()
        return cls({str(k): v for k, v in raw.items() if isinstance(v, int) and not isinstance(v, bool)})
