"""Drop npc_brain into your own pygame game: a Tiled map, two NPCs with minds, the per-frame calls."""
import json, pathlib, pygame
from datetime import datetime
from npc_brain.adapters.pygame_bridge import Camera, CharacterSheet, MapRenderer, Walker
from npc_brain.adapters.tiled import read_map
from npc_brain.clock import GameClock
from npc_brain.llm import load_embedder, load_model
from npc_brain.persona import Persona
from npc_brain.society import Society
from npc_brain.world import Pathfinder, Rules
def main(frames=None, model=None, root=pathlib.Path(__file__).resolve().parent.parent):
    screen, tick, clock = pygame.display.set_mode((960, 540)), pygame.time.Clock(), GameClock(datetime(2023, 2, 13, 7))
    town = read_map(root / "maps/town.tmx")                        # the World, and the layers to draw
    world, renderer, npcs = town.world, MapRenderer(town.tiled_map, town.layers), {}
    camera, paths, rules = Camera((960, 540), renderer.size), Pathfinder(world.grid), Rules(world)
    with Society(world, model or load_model(), load_embedder(), now=clock) as society:  # thinks off-thread
        for p in map(Persona.model_validate, json.loads((root / "demo_game/personas.json").read_text())[:2]):
            npcs[society.add_agent(p).name] = (Walker(p.name, world, paths, rules=rules, position=world.spawns[p.name]),
                                               CharacterSheet.load(root / "sprites/characters" / p.sprite))
        for _ in range(frames or 10**9):
            if any(e.type == pygame.QUIT for e in pygame.event.get()): break
            clock.advance(dt := tick.tick(60) / 1000)                # 1 game minute per real second
            society.update()                                         # apply finished thinking; never waits
            for name, (walker, sheet) in npcs.items():               # walk to the current action's place
                if verdict := walker.update(society.action(name), society.agent(name), clock.now(), dt):
                    society.refused(name, verdict)                   # a closed shop, a full bathroom: replan
            camera.follow(*walker.position, dt)
            renderer.draw(screen, camera)
            for walker, sheet in npcs.values(): sheet.draw(screen, camera, walker)
            pygame.display.flip()
if __name__ == "__main__": main()
