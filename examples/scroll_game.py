"""A scrolling pytmx game the way pyscroll tutorials write one (its own sprite group and camera, a
`walls` object layer where every map object is a wall) with npc_brain added. Lines ending in
`# +npc` are the whole integration; the rest is the game. The map is unchanged: npc_brain reads
its places from `meadow.npc.json` beside it. Arrow keys walk, T asks the nearest villager.
"""
import pathlib
from datetime import datetime

import pygame
from pytmx.util_pygame import load_pygame

from npc_brain import Crowd, GameClock, Persona, Society, load_embedder, load_model, load_world  # +npc
from npc_brain.adapters.pygame import WalkerSprite  # +npc

HERE = pathlib.Path(__file__).resolve().parent / "scroll_assets"
VIEW = (480, 320)
VILLAGERS = [  # +npc
    Persona(name="Ada Stone", age=31, traits=("curious", "kind"), occupation="potter", home="auto"),  # +npc
    Persona(name="Ben Ford", age=45, occupation="innkeeper at The Inn", home="auto", workplace="auto"),  # +npc
    Persona(name="Cora Ford", age=43, occupation="cook at The Inn", home="auto", workplace="auto"),  # +npc
]  # +npc


class Hero(pygame.sprite.Sprite):
    def __init__(self, image, position):
        super().__init__()
        self.image = image
        self.rect = image.get_rect(midbottom=position)


def main(frames=None, model=None):
    pygame.init()
    screen = pygame.display.set_mode((VIEW[0] * 2, VIEW[1] * 2))
    view = pygame.Surface(VIEW)
    tmx = load_pygame(str(HERE / "meadow.tmx"))
    walls = [pygame.Rect(o.x, o.y, o.width, o.height) for o in tmx.objects]  # every object is a wall
    hero_image = pygame.image.load(str(HERE.parent / "tutorial_assets" / "hero.png")).convert_alpha()
    hero = Hero(hero_image, (384, 248))
    group = pygame.sprite.Group(hero)
    font = pygame.font.Font(None, 14)
    tick = pygame.time.Clock()
    clock = GameClock(datetime(2023, 2, 13, 7, 30), minutes_per_second=2.0)  # +npc
    society = Society(load_world(HERE / "meadow.tmx"), model or load_model(), load_embedder(), now=clock)  # +npc
    crowd = Crowd(society, clock=clock)  # +npc: walks, perceives, feeds refusals back
    for walker in crowd.add(VILLAGERS):  # +npc
        group.add(WalkerSprite(walker, pygame.transform.grayscale(hero_image)))  # +npc
    frame = 0
    while frames is None or frame < frames:
        frame += 1
        dt = tick.tick(60) / 1000
        events = pygame.event.get()
        if any(e.type == pygame.QUIT for e in events):
            break
        keys = pygame.key.get_pressed()
        dx = (keys[pygame.K_RIGHT] - keys[pygame.K_LEFT]) * 2
        dy = (keys[pygame.K_DOWN] - keys[pygame.K_UP]) * 2
        for step in (hero.rect.move(dx, 0), hero.rect.move(0, dy)):
            if step.collidelist(walls) < 0:
                hero.rect = step
        crowd.player("Hero", hero.rect.midbottom)  # +npc
        crowd.update(dt)  # +npc: the clock, thinking, walking; never waits for the model
        ask = any(e.type == pygame.KEYDOWN and e.key == pygame.K_t for e in events)  # +npc
        if ask and (villager := crowd.nearest(hero.rect.midbottom)):  # +npc
            society.talk(villager, "Hero", "Hello! What are you up to today?")  # +npc: the reply is a label
        group.update(dt)
        ox = min(max(hero.rect.centerx - VIEW[0] // 2, 0), tmx.width * tmx.tilewidth - VIEW[0])
        oy = min(max(hero.rect.centery - VIEW[1] // 2, 0), tmx.height * tmx.tileheight - VIEW[1])
        for layer in tmx.visible_tile_layers:
            for x, y, image in tmx.layers[layer].tiles():
                view.blit(image, (x * tmx.tilewidth - ox, y * tmx.tileheight - oy))
        for sprite in sorted(group, key=lambda s: s.rect.bottom):
            view.blit(sprite.image, sprite.rect.move(-ox, -oy))
        for sprite in group:
            if isinstance(sprite, WalkerSprite):  # +npc: a label over each villager
                label = font.render(crowd.label(sprite.name)[:48], True, (255, 255, 255))  # +npc
                view.blit(label, sprite.rect.move(-ox - 40, -oy - 10))  # +npc
        pygame.transform.scale(view, screen.get_size(), screen)
        pygame.display.flip()
    society.shutdown()  # +npc
    pygame.quit()
    return crowd


if __name__ == "__main__":
    main()
