"""ZoomCamera: small-tile maps (16 px, 8 px) drawn scaled up so they fill the window.

The world — map, characters, over-layers — is drawn at map scale onto a canvas the window's size
divided by `zoom`, then scaled up with whole-pixel `pygame.transform.scale` (crisp pixel art).
Labels, bubbles and panels are drawn on the window afterwards at full resolution, through
`to_screen`, which maps map pixels straight to window pixels.
"""

from __future__ import annotations

import pygame

from npc_brain.adapters.pygame import Camera

ART_TILE = 32  # the demo's sprites are drawn for 32 px tiles


def zoom_for(tile_size: int, limit: int = 4) -> int:
    """Whole-number zoom that shows a map's tiles at about the art's 32 px (1 for big tiles)."""
    return max(1, min(limit, ART_TILE // max(1, tile_size)))


class CanvasView:
    """The map-scale view of a ZoomCamera, for drawing onto its canvas (what renderers expect)."""

    def __init__(self, camera: ZoomCamera) -> None:
        self._camera = camera

    @property
    def rect(self) -> tuple[int, int, int, int]:
        """Visible part of the map in map pixels."""
        return self._camera.rect

    @property
    def offset(self) -> tuple[int, int]:
        """Canvas offset that centres a map smaller than the view."""
        return self._camera.offset

    def to_screen(self, x: float, y: float) -> tuple[int, int]:
        """Map pixels to canvas pixels."""
        return Camera.to_screen(self._camera, x, y)

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        """Canvas pixels to map pixels."""
        return Camera.to_world(self._camera, sx, sy)


class ZoomCamera(Camera):
    """A Camera whose view is `window / zoom` map pixels; `to_screen` gives window pixels."""

    def __init__(
        self, window: tuple[int, int], world: tuple[int, int], zoom: int, **kw: float
    ) -> None:
        super().__init__((window[0] // zoom, window[1] // zoom), world, **kw)
        self.zoom = zoom
        self.canvas_view = CanvasView(self)
        self._canvas: pygame.Surface | None = None

    def canvas(self, screen: pygame.Surface) -> pygame.Surface:
        """The map-scale surface to draw the world on (the window's pixel format)."""
        if self._canvas is None or self._canvas.get_size() != self.view:
            self._canvas = pygame.Surface(self.view, 0, screen)
        return self._canvas

    def to_screen(self, x: float, y: float) -> tuple[int, int]:
        """Map pixels to window pixels."""
        cx, cy = super().to_screen(x, y)
        return (cx * self.zoom, cy * self.zoom)

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        """Window pixels to map pixels."""
        return super().to_world(sx / self.zoom, sy / self.zoom)

    def present(self, screen: pygame.Surface) -> None:
        """Scale the finished canvas onto the window."""
        canvas = self.canvas(screen)
        if screen.get_size() == (canvas.get_width() * self.zoom, canvas.get_height() * self.zoom):
            pygame.transform.scale(canvas, screen.get_size(), screen)
        else:  # a window size that zoom does not divide: scale to the covered part
            size = (canvas.get_width() * self.zoom, canvas.get_height() * self.zoom)
            screen.blit(pygame.transform.scale(canvas, size), (0, 0))


def make_camera(window: tuple[int, int], world: tuple[int, int], tile_size: int) -> Camera:
    """A plain Camera for 32 px maps, a ZoomCamera for smaller tiles."""
    zoom = zoom_for(tile_size)
    return ZoomCamera(window, world, zoom) if zoom > 1 else Camera(window, world)
