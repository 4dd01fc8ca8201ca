"""A pytmx-tutorial-style game (a hero, a 16 px map whose wall layer is called `walls`) with npc_brain
added. Lines ending in `# +npc` are the whole integration; the rest is the game as a tutorial writes it.
Run `python examples/tutorial_game.py`: arrow keys walk, T greets the nearest villager.
"""
import pathlib
from datetime import datetime

import pygame
from pytmx import TiledTileLayer
from pytmx.util_pygame import load_pygame

import npc_brain as nb  # +npc

HERE = pathlib.Path(__file__).resolve().parent / "tutorial_assets"
ADA = nb.Persona(name="Ada Stone", age=31, traits=("curious", "kind"), occupation="potter", home="auto")  # +npc
BEN = nb.Persona(name="Ben Ford", age=45, occupation="innkeeper at The Inn", home="auto", workplace="auto")  # +npc


def main(frames=None, model=None):
    pygame.init()
    screen = pygame.display.set_mode((640, 480))
    tmx = load_pygame(str(HERE / "village.tmx"))
    walls = [pygame.Rect(x * 16, y * 16, 16, 16) for x, y, gid in tmx.get_layer_by_name("walls").iter_data() if gid]
    start = tmx.get_object_by_name("hero_start")
    hero_image = pygame.image.load(str(HERE / "hero.png")).convert_alpha()
    hero = hero_image.get_rect(center=(start.x, start.y))
    font = pygame.font.Font(None, 18)
    tick = pygame.time.Clock()
    world = nb.load_world(HERE / "village.tmx")  # +npc
    clock = nb.GameClock(datetime(2023, 2, 13, 8, 0), minutes_per_second=2.0)  # +npc
    paths, rules, eyes = nb.Pathfinder(world.grid), nb.Rules(world), nb.Perception(world)  # +npc
    villagers = nb.place_personas([ADA, BEN], world).personas  # +npc: "auto" homes found on the map
    spots = nb.spread_points(world.grid, len(villagers), hero.midbottom, radius=3)  # +npc: no spawns
    said: dict[str, str] = {}  # +npc: the last line each villager said
    with nb.Society(world, model or nb.load_model(), nb.load_embedder(), now=clock) as society:  # +npc
        npcs = {p.name: nb.Walker(p.name, world, paths, rules=rules, position=xy) for p, xy in zip(villagers, spots)}  # +npc
        for persona in villagers:  # +npc
            society.add_agent(persona)  # +npc
        frame = 0
        while frames is None or frame < frames:
            frame += 1
            dt = tick.tick(60) / 1000
            events = pygame.event.get()
            if any(e.type == pygame.QUIT for e in events):
                break
            greet = any(e.type == pygame.KEYDOWN and e.key == pygame.K_t for e in events)  # +npc
            keys = pygame.key.get_pressed()
            dx = (keys[pygame.K_RIGHT] - keys[pygame.K_LEFT]) * 2
            dy = (keys[pygame.K_DOWN] - keys[pygame.K_UP]) * 2
            for step in (hero.move(dx, 0), hero.move(0, dy)):
                if step.collidelist(walls) < 0:
                    hero = step
            clock.advance(dt)  # +npc
            world.set_position("Hero", *hero.midbottom)  # +npc: so villagers can see you
            for event in society.update():  # +npc: finished thinking, applied; never waits
                if isinstance(event, nb.UtteranceEvent):  # +npc
                    said[event.agent] = event.text  # +npc
            doing = {name: society.action(name).description for name in npcs} | {"Hero": "walking around"}  # +npc
            for name, walker in npcs.items():  # +npc
                verdict = walker.update(society.action(name), society.agent(name), clock.now(), dt)  # +npc
                if verdict is not None:  # +npc: a closed inn, a house that is not theirs
                    society.refused(name, verdict)  # +npc
                if frame % 30 == 0:  # +npc: twice a second is plenty
                    society.perceive(name, eyes.changes(name, doing))  # +npc
            nearest = min(npcs, key=lambda n: pygame.Vector2(npcs[n].position).distance_to(hero.midbottom))  # +npc
            if greet and pygame.Vector2(npcs[nearest].position).distance_to(hero.midbottom) < 32:  # +npc
                society.talk(nearest, "Hero", "Hello! How is your day going?")  # +npc: reply comes via update()
            for layer in tmx.visible_layers:
                if isinstance(layer, TiledTileLayer):
                    for x, y, image in layer.tiles():
                        screen.blit(image, (x * 16, y * 16))
            for name, walker in npcs.items():  # +npc: your own renderer, from walker.position/facing
                x, y = walker.position  # +npc
                pygame.draw.circle(screen, (230, 120, 60), (int(x), int(y) - 6), 6)  # +npc
                label = said.get(name) or society.action(name).description  # +npc
                screen.blit(font.render(f"{name.split()[0]}: {label[:40]}", True, (255, 255, 255)), (x - 30, y - 26))  # +npc
            screen.blit(hero_image, hero)
            pygame.display.flip()
    pygame.quit()
    return society


if __name__ == "__main__":
    main()
