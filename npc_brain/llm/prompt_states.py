"""`PromptStates`: which engine slot holds which prompt, and a library of saved prompt states.

llama.cpp reuses the longest common prefix of a new prompt with what its slot already holds.
A town's calls come from many agents and purposes through a few slots, so a slot is
overwritten by nearly every call, and llama.cpp's own host-memory cache gives a prompt back
only to a new one that keeps about a quarter of it, and then drops it (measured in the fifth
and tenth sessions): the next agent's call of the same purpose finds its rules gone, and an
agent's next step finds its own last prompt gone. Here each call is sent to a slot chosen by
its longest common prefix with what the free slots hold; after the call the slot's state is
saved (a few ms), the most recently used within a byte budget are kept, and a call that shares
clearly more with a saved state than with any free slot has that state restored first.

Prompts are compared as their rendered text (`rendered`), which the engine's tokens follow.
"""
from __future__ import annotations

import itertools
import logging
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from npc_brain.llm.slot_actions import SlotStore

log = logging.getLogger(__name__)

__all__ = ["MIN_GAIN", "PromptStates", "common_prefix", "rendered"]

MIN_GAIN = 40
"""Characters (~10 tokens) a saved state must share beyond the best free slot to be restored: a
restore takes ~2 ms (SmolLM2-135M, loopback), reading 10 tokens on 2 cores ~50 ms. Replayed over
two recorded days (25 and 100 NPCs, ~165 states kept), 40 reused 0.8 points more than 120."""

_FAILURES = 3
"""Saves refused in a row before the library turns itself off (an engine without slot files)."""


def rendered(messages: Iterable[Mapping[str, Any]]) -> str:
    """The messages as a chat template lays them out, role by role (the prefix the engine sees)."""
    return "".join(f"<{m.get('role', '')}>\n{m.get('content', '')}\n" for m in messages) + "<assistant>\n"


def common_prefix(a: str, b: str) -> int:
    """Length of the longest common prefix of `a` and `b` (binary search on slices: C speed)."""
    lo, hi = 0, min(len(a), len(b))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[:mid] == b[:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


@dataclass
class _Saved:
    name: str
    key: str
    size: int
    used: int


class PromptStates:
    """Slot leases and saved prompt states for one engine with `slots` slots; thread-safe.

    `store` saves and restores slot states; `remove(name)` deletes a saved state that is no
    longer kept; `budget` is the bytes of saved states kept (0 keeps none: slots are still
    chosen by prefix).
    """

    def __init__(self, slots: int, store: SlotStore, *, budget: int,
                 remove: Callable[[str], None] = lambda name: None, min_gain: int = MIN_GAIN) -> None:
        if slots < 1:
            raise ValueError("PromptStates needs at least one slot")
        self._store = store
        self._remove = remove
        self.budget = max(0, budget)
        self.min_gain = min_gain
        self._cond = threading.Condition()
        self._held: dict[int, str] = dict.fromkeys(range(slots), "")  # slot → the prompt it holds
        self._free = set(range(slots))
        self._used: dict[int, int] = dict.fromkeys(range(slots), 0)
        self._saved: dict[str, _Saved] = {}
        self._tick = itertools.count(1)
        self._names = itertools.count(1)
        self._failures = 0
        self._stopped = False
        self._urgent = 0  # urgent calls waiting for a slot
        self.restores = 0
        self.saves = 0

    @property
    def saving(self) -> bool:
        """False once the engine has refused to save states (the library then keeps none) or
        `stop()` was called."""
        return self.budget > 0 and self._failures < _FAILURES and not self._stopped

    def stop(self) -> None:
        """Save and restore no more states (the engine is closing or has removed them: calls still
        running end without one)."""
        with self._cond:
            self._stopped = True
            self._saved.clear()

    def saved_bytes(self) -> int:
        """Bytes of the states kept now."""
        with self._cond:
            return sum(s.size for s in self._saved.values())

    @contextmanager
    def slot_for(self, key: str, *, urgent: bool = False) -> Iterator[int]:
        """Lease the slot for a prompt rendered as `key` (blocks while every slot is busy; an
        `urgent` call — the player's — takes the next free slot before any other waiting call).

        Restores a saved state into it first when that shares more of `key`; after the block
        ends without an error, saves the slot's state and records that it holds `key`.
        """
        slot, restore = self._lease(key, urgent)
        done = False
        try:
            # Not once stopped: the engine removes the files as it closes (a play's quit logged
            # llama.cpp's "error loading sequence state file" for a restore leased just before).
            if restore is not None and not self._stopped and self._store.restore(slot, restore.name):
                self.restores += 1
            yield slot
            done = True
            if self.saving:
                self._save(slot, key)
        finally:
            with self._cond:
                self._held[slot] = key if done else ""  # a failed call leaves its slot unknown
                self._used[slot] = next(self._tick)
                self._free.add(slot)
                self._cond.notify_all()

    def _lease(self, key: str, urgent: bool) -> tuple[int, _Saved | None]:
        with self._cond:
            self._urgent += urgent
            try:
                while not self._free or (self._urgent and not urgent):
                    self._cond.wait()
            finally:
                self._urgent -= urgent
            free = sorted(self._free, key=lambda s: self._used[s])  # least recently used first
            shared = {s: common_prefix(self._held[s], key) for s in free}
            best = max(free, key=lambda s: shared[s])
            state, found = None, shared[best]
            most = found + self.min_gain - 1  # a state must share at least min_gain more than the slot
            for saved in self._saved.values():
                n = common_prefix(saved.key, key)
                if n > most:
                    state, most = saved, n
            if state is not None:
                state.used = next(self._tick)
                best = min(free, key=lambda s: shared[s])  # the slot holding the least of this prompt
            self._free.discard(best)
            return best, state

    def _save(self, slot: int, key: str) -> None:
        with self._cond:
            for saved in self._saved.values():
                if saved.key == key:  # the same prompt again: the kept state still serves it
                    saved.used = next(self._tick)
                    return
            name = f"state-{next(self._names)}.bin"
        size = self._store.save(slot, name)
        if size <= 0:
            self._failures += 1
            if not self.saving:
                log.warning("llama.cpp refused to save prompt states; they are no longer kept")
            return
        self._failures = 0
        self.saves += 1
        dropped: list[str] = []
        with self._cond:
            # A kept state whose whole prompt starts this one is served by the new one as well.
            for old in [s for s in self._saved.values() if key.startswith(s.key)]:
                dropped.append(self._saved.pop(old.name).name)
            self._saved[name] = _Saved(name, key, size, next(self._tick))
            total = sum(s.size for s in self._saved.values())
            for old in sorted(self._saved.values(), key=lambda s: s.used):
                if total <= self.budget:
                    break
                total -= old.size
                dropped.append(self._saved.pop(old.name).name)
        for gone in dropped:
            self._remove(gone)
