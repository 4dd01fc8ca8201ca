"""Drawn: where this frame put the things a player reads — labels, bubbles, the input box — and
the panels over them, so panels can keep out of their way and a playtest can check they did."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

VISIBLE_ALPHA = 110  # a panel fainter than this no longer hides what is under it


@dataclass
class Drawn:
    """One frame's rectangles in window pixels."""

    labels: list[pygame.Rect] = field(default_factory=list)  # NPC labels and the player's tag
    bubbles: list[pygame.Rect] = field(default_factory=list)
    input: pygame.Rect | None = None  # the line being typed (chat or whisper)
    input_at: int = 0  # how many panels were drawn before the input box (those cannot hide it)
    panels: list[tuple[str, pygame.Rect, int]] = field(default_factory=list)  # (name, rect, alpha)

    def clear(self) -> None:
        """A new frame."""
        self.labels.clear()
        self.bubbles.clear()
        self.input = None
        self.input_at = 0
        self.panels.clear()

    def world(self) -> list[pygame.Rect]:
        """What panels must not hide: labels, bubbles and the input box."""
        return [*self.labels, *self.bubbles, *([self.input] if self.input is not None else [])]

    def covers(self, rect: pygame.Rect) -> bool:
        """`rect` would hide a label, a bubble or the input box."""
        return rect.collidelist(self.world()) >= 0

    def typed_in(self, rect: pygame.Rect) -> None:
        """The input box was drawn now, at `rect` (over the panels drawn so far)."""
        self.input = rect
        self.input_at = len(self.panels)

    def overlap(self) -> str:
        """The first panel drawn over a label, bubble or the input box ("" when none is)."""
        for n, (name, rect, alpha) in enumerate(self.panels):
            if alpha < VISIBLE_ALPHA:
                continue
            things = [*self.labels, *self.bubbles,
                      *([self.input] if self.input is not None and n >= self.input_at else [])]
            i = rect.collidelist(things)
            if i >= 0:
                what = "the input box" if things[i] is self.input else (
                    "a label" if i < len(self.labels) else "a bubble")
                return f"{name} over {what}"
        return ""
