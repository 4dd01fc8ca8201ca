"""Rota: whose turn it is when a frame's budget cannot serve everyone.

A town of a hundred asks more of one frame than the frame has. The ones that must be served every
frame (what the player sees) are; the others take turns in a fixed order, starting each frame
where the last one stopped, until the budget is spent. At least `least` of them are served a
frame whatever the budget says, so with n of them nobody waits more than n / least frames.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Generic, TypeVar

from npc_brain.types.frame_budget import FrameBudget

__all__ = ["Rota"]

T = TypeVar("T")


class Rota(Generic[T]):
    """Turns over a sequence whose order stays put (agents by name, bodies by name); members
    added at the end join the round."""

    def __init__(self, least: int = 4) -> None:
        if least < 1:
            raise ValueError(f"at least one member a frame, got {least}")
        self.least = least
        self._next = 0  # the index the next frame's turns start from

    def turns(self, members: Sequence[T], budget: FrameBudget, *,
              every_frame: Callable[[T], bool] = lambda _: False) -> Iterator[T]:
        """This frame's members: every one `every_frame` says, then the others in turn while the
        budget lasts (read before each, so the caller's work on one counts against it)."""
        must = [every_frame(m) for m in members]
        yield from (m for m, first in zip(members, must, strict=True) if first)
        n = len(members)
        if not n:
            return
        start, served = self._next % n, 0
        for k in range(n):
            i = (start + k) % n
            if must[i]:
                continue
            if served >= self.least and budget.spent:
                self._next = i
                return
            self._next, served = i + 1, served + 1
            yield members[i]

    @property
    def position(self) -> int:
        """Where the next frame's turns start (an index into the members)."""
        return self._next
