"""Camera: which part of a map the screen shows — follows a point smoothly, stays on the map.

Engine-agnostic (map pixels in, screen pixels out); `pygame_bridge.MapRenderer` draws with it.
"""
from __future__ import annotations

import math


class Camera:
    """Follows a point smoothly and stays inside the map (a map smaller than the view is centred)."""

    def __init__(self, view: tuple[int, int], world: tuple[int, int], *, stiffness: float = 8.0) -> None:
        self.view = view
        self.world = world
        self.stiffness = stiffness
        self.x = 0.0
        self.y = 0.0

    @property
    def offset(self) -> tuple[int, int]:
        """Screen offset used to centre a map smaller than the view."""
        return (max(0, (self.view[0] - self.world[0]) // 2), max(0, (self.view[1] - self.world[1]) // 2))

    @property
    def rect(self) -> tuple[int, int, int, int]:
        """The visible part of the map in map pixels: (x, y, width, height)."""
        return (int(round(self.x)), int(round(self.y)), self.view[0], self.view[1])

    def _clamp(self, x: float, y: float) -> tuple[float, float]:
        max_x = max(0.0, self.world[0] - self.view[0])
        max_y = max(0.0, self.world[1] - self.view[1])
        return (min(max(0.0, x), max_x), min(max(0.0, y), max_y))

    def center_on(self, x: float, y: float) -> None:
        """Jump to a point at once."""
        self.x, self.y = self._clamp(x - self.view[0] / 2, y - self.view[1] / 2)

    def follow(self, x: float, y: float, dt: float) -> None:
        """Ease towards centring on a point (frame-rate independent)."""
        tx, ty = self._clamp(x - self.view[0] / 2, y - self.view[1] / 2)
        a = 1.0 - math.exp(-self.stiffness * max(0.0, dt))
        self.x += (tx - self.x) * a
        self.y += (ty - self.y) * a

    def to_screen(self, x: float, y: float) -> tuple[int, int]:
        """Map pixels to screen pixels."""
        rx, ry, _, _ = self.rect
        return (int(x) - rx + self.offset[0], int(y) - ry + self.offset[1])

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        """Screen pixels to map pixels."""
        rx, ry, _, _ = self.rect
        return (sx + rx - self.offset[0], sy + ry - self.offset[1])
