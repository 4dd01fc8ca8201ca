"""Game actions: NPCs act on your game through actions you register — here a barista hands the
player a coffee, the café's owner follows the player (a built-in action) and closes the café.

A scripted player walks up to the NPCs and asks; the NPCs answer on the model and choose the
action in the same call as their line. npc_brain never performs an action: `update()` returns an
`ActionRequested`, this game does it and `report`s back.

    python examples/actions_game.py              # a window
    python examples/actions_game.py --headless   # no window; prints {"actions": {...}} last
"""
import argparse
import json
import pathlib
import sys
import time
from collections import Counter
from datetime import datetime, timedelta

from pydantic import BaseModel

from npc_brain import (
    MOVEMENT_ACTIONS,
    ActionRequested,
    GameAction,
    GameClock,
    MovementEnded,
    Pathfinder,
    Persona,
    Rules,
    Society,
    UtteranceEvent,
    Walker,
    read_map,
    with_movement,
)

ROOT = pathlib.Path(__file__).resolve().parent.parent
CAFE = "town:hobbs_cafe"
BARISTA = "Carmen Ortiz"
OWNER = "Isabella Rodriguez"
PLAYER = "Alex"
SCRIPT = [  # (whom the player walks up to, what the player says)
    (BARISTA, "Hi Carmen! Could I have a coffee, please?"),
    (OWNER, "Isabella, would you follow me for a bit?"),
    (None, "walk"),  # the player walks off; a follower comes along
    (OWNER, "Thanks, you can stop following me now."),
    (BARISTA, "What do you know about the party?"),  # a question: no action
    (OWNER, "Could you close the cafe for today?"),
]


class GiveItem(BaseModel):
    item: str
    target: str


class CloseCafe(BaseModel):
    pass


def inside(world, name, address):
    where = world.location(name)
    return where is not None and (where.address + ":").startswith(address + ":")


def registry(world, inventory, stock):
    give = GameAction(
        "give_item", "give someone a drink from the counter", GiveItem,
        choices=lambda c: {"item": [item for item, n in stock.items() if n > 0]},
        precondition=lambda c: c.actor == BARISTA and c.player and inside(world, c.actor, CAFE),
        says="Here is a {item} for you.", did="{actor} gave {target} a {item}",
        words=("have", "give", "buy", "get", "drink", "cup"))
    close = GameAction(
        "close_cafe", "close the café for the day", CloseCafe,
        precondition=lambda c: c.actor == world.get(CAFE).owner and world.get(CAFE).state != "closed",
        says="All right, I will close the café for today.", did="{actor} closed Hobbs Cafe for the day",
        words=("close", "shut"))
    return with_movement([give, close])


def perform(request, world, walkers, inventory, stock, now):
    """Do what an NPC asked for; (done, reason) for `society.report`."""
    if request.action in MOVEMENT_ACTIONS:
        return walkers[request.agent].perform(request)
    if request.action == "give_item":
        item = request.arg("item")
        if stock.get(item, 0) <= 0:
            return False, f"We are out of {item}."
        stock[item] -= 1
        inventory[item] += 1
        return True, ""
    if request.action == "close_cafe":
        cafe = world.get(CAFE)
        cafe.closes = now.time()  # the OpeningHours rule keeps customers out from now
        world.set_state(CAFE, "closed")
        return True, ""
    return False, "I don't know how to do that."


class Window:
    """The town drawn around the player (only without --headless)."""

    def __init__(self, town, personas):
        import pygame

        from npc_brain.adapters.pygame import Camera, CharacterSheet, MapRenderer

        self.pygame = pygame
        self.screen = pygame.display.set_mode((960, 540))
        self.renderer = MapRenderer(town.tiled_map, town.layers)
        self.camera = Camera((960, 540), self.renderer.size)
        self.sheets = {name: CharacterSheet.load(ROOT / "sprites/characters" / personas[name].sprite)
                       for name in (BARISTA, OWNER)}

    def draw(self, walkers, player, dt):
        self.pygame.event.pump()
        self.camera.follow(*player, dt)
        self.renderer.draw(self.screen, self.camera)
        for name, walker in walkers.items():
            self.sheets[name].draw(self.screen, self.camera, walker)
        self.pygame.draw.circle(self.screen, (255, 214, 90), self.camera.to_screen(*player), 8)
        self.pygame.display.flip()


def main(argv=None, model=None, embedder=None, out=sys.stdout):
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--headless", action="store_true", help="no window; print the actions done as JSON")
    args.add_argument("--timeout", type=float, default=120.0, help="wall seconds to wait for one reply")
    opts = args.parse_args(argv)
    town = read_map(ROOT / "maps/town.tmx")
    world = town.world
    paths = Pathfinder(world.grid)
    rules = Rules(world)
    clock = GameClock(datetime(2023, 2, 13, 10), minutes_per_second=1.0)
    inventory = Counter()
    stock = {"coffee": 3, "tea": 2}
    personas = {p["name"]: Persona.model_validate(p)
                for p in json.loads((ROOT / "demo_game/personas.json").read_text())}
    if model is None:
        from npc_brain import load_embedder, load_model

        model, embedder = load_model(), load_embedder()
    view = None
    if not opts.headless:  # a window: the map, the NPCs, and the player as a dot
        view = Window(town, personas)
    done = Counter()
    walkers = {}
    counter = world.get(f"{CAFE}:dining_area")
    player_at = paths.walkable_point_in(counter)
    world.set_position(PLAYER, *player_at)
    with Society(world, model, embedder, now=clock, actions=registry(world, inventory, stock),
                 max_in_flight=2) as society:
        society.add_player(PLAYER)
        for name in (BARISTA, OWNER):
            society.add_agent(personas[name])
            spot = paths.walkable_point_in(counter, near=player_at)  # both start at work, by the counter
            walkers[name] = Walker(name, world, paths, rules=rules, position=spot, speed=96.0)

        def frame(dt=0.1):
            clock.advance(dt)
            for event in society.update():
                if isinstance(event, UtteranceEvent):
                    print(f"{event.agent}: {event.text}", file=out)
                elif isinstance(event, ActionRequested):
                    ok, reason = perform(event, world, walkers, inventory, stock, clock.now())
                    print(f"  [{event.agent} → {event.action}{dict(event.args)}: "
                          f"{'done' if ok else 'refused: ' + reason}]", file=out)
                    society.report(event.request_id, done=ok, reason=reason)
                    if ok:
                        done[event.action] += 1
                elif isinstance(event, MovementEnded):
                    print(f"  [{event.agent} stopped {event.kind} ({event.reason})]", file=out)
            for name, walker in walkers.items():
                verdict = walker.update(society.action(name), society.agent(name), clock.now(), dt * 2)
                if verdict is not None:
                    society.refused(name, verdict)
            if view is not None:
                view.draw(walkers, world.position(PLAYER), dt)

        for npc, line in SCRIPT:
            if npc is None:  # walk the player 8 tiles east, a step a frame
                for _ in range(40):
                    x, y = world.position(PLAYER)
                    world.set_position(PLAYER, x + 0.2 * world.tile_size, y)
                    frame()
                distance = abs(walkers[OWNER].x - world.position(PLAYER)[0]) / world.tile_size
                print(f"  [{OWNER} is {distance:.0f} tiles behind the player]", file=out)
                continue
            walker = walkers[npc]
            world.set_position(PLAYER, walker.x + world.tile_size, walker.y)
            print(f"{PLAYER}: {line}", file=out)
            conv = society.talk(npc, PLAYER, line)
            started = time.monotonic()
            while conv.pending and time.monotonic() - started < opts.timeout:
                frame()
                time.sleep(0.01)
            for _ in range(5):  # the game's reports land; the NPC may say it could not
                frame()
            society.end_conversation(conv)
            clock.advance_game(timedelta(minutes=2))
        print(f"Inventory: {dict(inventory)}; café: {world.get(CAFE).state or 'open'}", file=out)
    print(json.dumps({"actions": dict(done)}), file=out)
    return 0 if len(done) >= 2 else 1


if __name__ == "__main__":
    sys.exit(main())
