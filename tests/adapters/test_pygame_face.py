"""`npc_brain.adapters.pygame.CrowdView` draws a Crowd: sheets where walkers stand, labels above."""
from __future__ import annotations

from datetime import datetime

import pygame

from demo_game.config import ROOT
from npc_brain import Crowd, GameClock, Persona, Society, load_personas, read_map
from npc_brain.adapters.pygame import Camera, CrowdView
from npc_brain.llm.testing import HashEmbedder, ScriptedModel
from npc_brain.runtime.executors import InlineExecutor
from npc_brain.testing import BrainResponder


def _crowd(personas: list[Persona]) -> tuple[Crowd, Society]:
    town = read_map(ROOT / "maps" / "town.tmx")
    clock = GameClock(datetime(2023, 2, 13, 9))
    model = ScriptedModel().respond_with(BrainResponder())
    society = Society(town.world, model, HashEmbedder(), now=clock, executor=InlineExecutor())
    crowd = Crowd(society, clock=clock)
    crowd.add(personas)
    return crowd, society


def _lit(surface: pygame.Surface, rect: pygame.Rect) -> int:
    rect = rect.clip(surface.get_rect())
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if surface.get_at((x, y))[:3] != (0, 0, 0))


def test_crowd_view_draws_each_npc_and_its_label() -> None:
    pygame.display.init()
    try:
        people = load_personas(ROOT / "demo_game" / "personas.json", 2)
        nameless = people[1].model_copy(update={"sprite": "no-such-sheet.png"})  # a missing sheet: a plain figure
        crowd, society = _crowd([people[0], nameless])
        with society:
            crowd.update(0.1)
            screen = pygame.Surface((960, 540))
            camera = Camera((960, 540), (4000, 4000))
            for walker in crowd.walkers.values():
                screen.fill((0, 0, 0))
                camera.follow(*walker.position, 10.0)
                CrowdView(crowd, ROOT / "sprites" / "characters", labels=False).draw(screen, camera)
                x, y = camera.to_screen(*walker.position)
                body = _lit(screen, pygame.Rect(x - 12, y - 40, 24, 40))
                assert body > 100, walker.name  # its sheet, or the plain figure, stands where the walker is
                above = pygame.Rect(x - 60, y - 75, 120, 30)  # clear of the body: a sheet reaches y - 42
                assert _lit(screen, above) == 0  # no label asked for
                CrowdView(crowd, ROOT / "sprites" / "characters").draw(screen, camera)
                assert _lit(screen, above) > 50  # the label over its head
    finally:
        pygame.display.quit()
