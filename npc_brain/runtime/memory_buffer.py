"""MemoryBuffer: what an agent perceived (or was told, or decided) and has not stored yet.

Drafts wait here for a MEMORIZE job (rated by rule, given or cached: no model call) or a RATE
job (one model call each). The buffer also keeps the persona's seed memories apart until every
one is stored: before that the first day plan reads them as given. Game thread only.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from npc_brain.cognition.importance import MemoryDraft
from npc_brain.memory.importance import normalise_description
from npc_brain.runtime.lifecycle import URGENT_KINDS

__all__ = ["MemoryBuffer"]


class MemoryBuffer:
    """Drafts waiting to be memorized, oldest first; `free(draft)` says which need no model."""

    def __init__(self, free: Callable[[MemoryDraft], bool], seeds: Sequence[MemoryDraft] = ()) -> None:
        self.free = free
        self._drafts: list[MemoryDraft] = list(seeds)
        self._unseeded = {normalise_description(d.description) for d in seeds}  # not stored yet

    @property
    def drafts(self) -> tuple[MemoryDraft, ...]:
        """Everything waiting, oldest first."""
        return tuple(self._drafts)

    def add(self, draft: MemoryDraft) -> None:
        """Buffer a draft for the next MEMORIZE or RATE job."""
        self._drafts.append(draft)

    def parts(self) -> tuple[list[MemoryDraft], list[MemoryDraft]]:
        """The drafts a MEMORIZE job takes and those a RATE job takes, in one pass."""
        free: list[MemoryDraft] = []
        rated: list[MemoryDraft] = []
        for d in self._drafts:
            (free if self.free(d) else rated).append(d)
        return free, rated

    def take(self, *, urgent_only: bool = False, free: bool | None = None) -> tuple[MemoryDraft, ...]:
        """Remove and return drafts: only the urgent kinds with `urgent_only`, only those rated
        without (`free=True`) or with the model (`free=False`) when `free` is set."""
        def taken(d: MemoryDraft) -> bool:
            return (not urgent_only or d.kind in URGENT_KINDS) and (free is None or self.free(d) is free)

        out = tuple(d for d in self._drafts if taken(d))
        self._drafts = [d for d in self._drafts if not taken(d)]
        return out

    def requeue(self, drafts: Sequence[MemoryDraft]) -> None:
        """Put drafts back at the front (a failed job loses nothing)."""
        self._drafts[:0] = list(drafts)

    def replace(self, drafts: Iterable[MemoryDraft]) -> None:
        """The drafts a save held (a loaded agent is seeded: its seeds are in its stream)."""
        self._drafts = list(drafts)
        self._unseeded.clear()

    @property
    def seeded(self) -> bool:
        """Whether every seed memory is stored (or given up on)."""
        return not self._unseeded

    def stored(self, drafts: Iterable[MemoryDraft]) -> None:
        """A job stored `drafts` in the stream."""
        if self._unseeded:
            self._unseeded.difference_update(normalise_description(d.description) for d in drafts)

    def mark_seeded(self) -> None:
        """Give up on the seeds (their job failed): the first plan need not wait any longer."""
        self._unseeded.clear()

    def __len__(self) -> int:
        return len(self._drafts)
