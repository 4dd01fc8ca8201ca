"""Drop npc_brain into your own pygame game: a Tiled map, two NPCs with minds, the per-frame calls."""
import json
import pathlib
from datetime import datetime

import pygame

from npc_brain.adapters.pygame_bridge import Camera, CharacterSheet, MapRenderer, Walker
from npc_brain.adapters.tiled import read_map
from npc_brain.clock import GameClock
from npc_brain.llm import load_embedder, load_model
from npc_brain.persona import Persona
from npc_brain.society import Society
from npc_brain.world import Pathfinder, Perception, Rules

ROOT = pathlib.Path(__file__).resolve().parent.parent


def main(frames=None, model=None, root=ROOT):
    screen = pygame.display.set_mode((960, 540))
    tick = pygame.time.Clock()
    clock = GameClock(datetime(2023, 2, 13, 7))  # 1 game minute per real second
    town = read_map(root / "maps/town.tmx")  # the World, and the layers to draw
    world = town.world
    renderer = MapRenderer(town.tiled_map, town.layers)
    camera = Camera((960, 540), renderer.size)
    paths = Pathfinder(world.grid)
    rules = Rules(world)
    eyes = Perception(world)
    personas = json.loads((root / "demo_game/personas.json").read_text())[:2]
    npcs = {}
    with Society(world, model or load_model(), load_embedder(), now=clock) as society:  # thinks off-thread
        for data in personas:
            persona = Persona.model_validate(data)
            society.add_agent(persona)
            walker = Walker(persona.name, world, paths, rules=rules, position=world.spawns[persona.name])
            sheet = CharacterSheet.load(root / "sprites/characters" / persona.sprite)
            npcs[persona.name] = (walker, sheet)
        for frame in range(frames or 10**9):
            if any(e.type == pygame.QUIT for e in pygame.event.get()):
                break
            dt = tick.tick(60) / 1000
            clock.advance(dt)
            society.update()  # apply finished thinking; never waits
            doing = {name: society.action(name).description for name in npcs}
            for name, (walker, _sheet) in npcs.items():  # walk to the current action's place
                verdict = walker.update(society.action(name), society.agent(name), clock.now(), dt)
                if verdict is not None:
                    society.refused(name, verdict)  # a closed shop, a full bathroom: replan
                if frame % 30 == 0:  # what each NPC sees, twice a second
                    society.perceive(name, eyes.changes(name, doing))
            first_walker, _ = next(iter(npcs.values()))
            camera.follow(*first_walker.position, dt)
            renderer.draw(screen, camera)
            for walker, sheet in npcs.values():
                sheet.draw(screen, camera, walker)
            pygame.display.flip()


if __name__ == "__main__":
    main()
