"""Drop npc_brain into your own pygame game: a Tiled map, two NPCs with minds, one call a frame."""
import pathlib
from datetime import datetime

import pygame

from npc_brain import Crowd, GameClock, Society, load_embedder, load_model, load_personas, read_map
from npc_brain.adapters.pygame import Camera, CrowdView, MapRenderer

ROOT = pathlib.Path(__file__).resolve().parent.parent


def main(frames=None, model=None, root=ROOT):
    screen = pygame.display.set_mode((960, 540))
    tick = pygame.time.Clock()
    clock = GameClock(datetime(2023, 2, 13, 7))  # 1 game minute per real second
    town = read_map(root / "maps/town.tmx")  # the World, and the layers to draw
    renderer = MapRenderer(town.tiled_map, town.layers)
    camera = Camera((960, 540), renderer.size)
    personas = load_personas(root / "demo_game/personas.json", 2)
    with Society(town.world, model or load_model(), load_embedder(), now=clock) as society:  # thinks off-thread
        crowd = Crowd(society, clock=clock)  # their bodies: walking, perceiving, refusals
        crowd.add(personas)
        view = CrowdView(crowd, root / "sprites/characters")  # sprites, labels, lines said
        for _ in range(frames or 10**9):
            if any(e.type == pygame.QUIT for e in pygame.event.get()):
                break
            dt = tick.tick(60) / 1000
            crowd.update(dt)  # the clock, finished thinking, walking to each action's place; never waits
            camera.follow(*crowd.walkers[personas[0].name].position, dt)
            renderer.draw(screen, camera)
            view.draw(screen, camera)
            pygame.display.flip()


if __name__ == "__main__":
    main()
