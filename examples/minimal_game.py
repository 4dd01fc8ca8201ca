"""Drop npc_brain into your own pygame game: a Tiled map, two NPCs with minds, one call a frame."""
import json
import pathlib
from datetime import datetime

import pygame

from npc_brain.adapters.crowd import Crowd
from npc_brain.adapters.pygame_bridge import Camera, CharacterSheet, MapRenderer
from npc_brain.adapters.tiled import read_map
from npc_brain.llm import load_embedder, load_model
from npc_brain.runtime.society import Society
from npc_brain.types.clock import GameClock
from npc_brain.types.persona import Persona

ROOT = pathlib.Path(__file__).resolve().parent.parent


def main(frames=None, model=None, root=ROOT):
    screen = pygame.display.set_mode((960, 540))
    tick = pygame.time.Clock()
    clock = GameClock(datetime(2023, 2, 13, 7))  # 1 game minute per real second
    town = read_map(root / "maps/town.tmx")  # the World, and the layers to draw
    renderer = MapRenderer(town.tiled_map, town.layers)
    camera = Camera((960, 540), renderer.size)
    people = json.loads((root / "demo_game/personas.json").read_text())[:2]
    personas = [Persona.model_validate(data) for data in people]
    sheets = {p.name: CharacterSheet.load(root / "sprites/characters" / p.sprite) for p in personas}
    with Society(town.world, model or load_model(), load_embedder(), now=clock) as society:  # thinks off-thread
        crowd = Crowd(society, clock=clock)  # their bodies: walking, perceiving, refusals
        crowd.add(personas)
        for _ in range(frames or 10**9):
            if any(e.type == pygame.QUIT for e in pygame.event.get()):
                break
            dt = tick.tick(60) / 1000
            crowd.update(dt)  # the clock, finished thinking, walking to each action's place; never waits
            camera.follow(*crowd.walkers[personas[0].name].position, dt)
            renderer.draw(screen, camera)
            for name, walker in crowd.walkers.items():
                sheets[name].draw(screen, camera, walker)
            pygame.display.flip()
    return society


if __name__ == "__main__":
    main()
