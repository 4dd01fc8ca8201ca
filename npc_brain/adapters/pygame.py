"""npc_brain's pygame side: everything a pygame game draws NPCs with, in one import.

```python
from npc_brain.adapters.pygame import Camera, CrowdView, MapRenderer
renderer = MapRenderer(town.tiled_map, town.layers)     # town = npc_brain.read_map("town.tmx")
camera = Camera(screen.get_size(), renderer.size)
view = CrowdView(crowd, "sprites/characters")           # crowd = npc_brain.Crowd(society, clock=clock)
...                                                     # each frame, after crowd.update(dt):
renderer.draw(screen, camera); view.draw(screen, camera)
```

A game with its own sprite groups (pyscroll's, say) takes `WalkerSprite`s instead of a
`CrowdView`; `label_surface`, `bubble_surface` and `Fonts` draw labels its own way. Works with
classic pygame 2.6 and pygame-ce.
"""
from __future__ import annotations

import os
from pathlib import Path

import pygame

from npc_brain.adapters.camera import Camera
from npc_brain.adapters.crowd import Crowd
from npc_brain.adapters.pygame_bridge import (
    ActivityIcons,
    CharacterSheet,
    Fonts,
    WalkerSprite,
    bubble_surface,
    label_surface,
    panel,
    shadow,
    shorten,
    wrap_text,
)
from npc_brain.adapters.pygame_map import MapRenderer
from npc_brain.adapters.pygame_props import Footing, StandingProps

__all__ = [
    "ActivityIcons", "Camera", "CharacterSheet", "CrowdView", "Fonts", "Footing", "MapRenderer", "StandingProps",
    "WalkerSprite", "bubble_surface", "label_surface", "panel", "shadow", "shorten", "wrap_text",
]


class CrowdView:
    """Draws a `Crowd`: each NPC's walk sheet where it stands, nearest last (depth order), with a
    label over its head — the line it is saying, else what it is doing (`Crowd.label`).

    Sheets are `sprites / persona.sprite` (32×48 frames, `CharacterSheet`); an NPC whose sheet is
    missing or unreadable is drawn as a plain figure rather than failing the frame.
    """

    def __init__(self, crowd: Crowd, sprites: str | os.PathLike[str], *, fonts: Fonts | None = None,
                 labels: bool = True, label_words: int = 8) -> None:
        self.crowd = crowd
        self.sprites = Path(sprites)
        self.labels = labels
        self.label_words = label_words
        self._fonts = fonts
        self._sheets: dict[str, CharacterSheet | None] = {}
        # Each NPC's label as last drawn: a label changes a few times a game minute, frames come 60 a second.
        self._labels: dict[str, tuple[str, pygame.Surface]] = {}
        self._shadow = shadow()

    def sheet(self, name: str) -> CharacterSheet | None:
        """`name`'s walk sheet, loaded once (None when its persona names no readable image)."""
        if name not in self._sheets:
            sprite = self.crowd.society.agent(name).persona.sprite
            try:
                self._sheets[name] = CharacterSheet.load(self.sprites / sprite) if sprite else None
            except (OSError, ValueError, pygame.error):
                self._sheets[name] = None
        return self._sheets[name]

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        """Draw every NPC in view, then their labels (so no body covers a label)."""
        walkers = sorted(self.crowd.walkers.values(), key=lambda w: w.position[1])
        tops: list[tuple[str, int, int]] = []
        for walker in walkers:
            x, y = walker.position
            sx, sy = camera.to_screen(x, y)
            surface.blit(self._shadow, (sx - self._shadow.get_width() / 2, sy - self._shadow.get_height() / 2))
            sheet = self.sheet(walker.name)
            if sheet is not None:
                sheet.draw(surface, camera, walker)
                tops.append((walker.name, sx, sy - sheet.size[1] + 8))
            else:
                pygame.draw.rect(surface, (90, 110, 160), pygame.Rect(sx - 8, sy - 30, 16, 30), border_radius=5)
                tops.append((walker.name, sx, sy - 32))
        if not self.labels:
            return
        if self._fonts is None:
            if not pygame.font.get_init():  # a game that never called pygame.init() still gets labels
                pygame.font.init()
            self._fonts = Fonts()
        for name, sx, top in tops:
            text = shorten(self.crowd.label(name), words=self.label_words, chars=60)
            drawn = self._labels.get(name)
            if drawn is None or drawn[0] != text:
                drawn = self._labels[name] = (text, label_surface(self._fonts, text, name=name.split()[0]))
            label = drawn[1]
            surface.blit(label, (sx - label.get_width() / 2, top - label.get_height()))
