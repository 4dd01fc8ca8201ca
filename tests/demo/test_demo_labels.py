"""Labels and bodies agree: an action shows once the NPC is at its place, sleepers lie in bed,
words are true to where the body is and never cut inside a word."""
from __future__ import annotations

import json
from datetime import datetime, timedelta

from demo_game.config import DEFAULT_PERSONAS
from demo_game.doors import space_at
from npc_brain.adapters.walker import area_at
from npc_brain.types.action import Action, caption
from npc_brain.world.place import PlaceKind

ARTHUR = "Arthur Burton"


def _alone(make_game, tmp_path, name, **kw):
    people = [p for p in json.loads(DEFAULT_PERSONAS.read_text()) if p["name"] == name]
    path = tmp_path / "one.json"
    path.write_text(json.dumps(people))
    return make_game(npcs=1, personas_path=path, **kw)


def test_an_action_shows_as_started_only_at_its_place():
    action = Action("working at Hobbs Cafe", "work", "town:hobbs_cafe", datetime(2023, 2, 13, 9),
                    datetime(2023, 2, 13, 12), "")
    assert caption(action, moving=True, place="Hobbs Cafe") == "walking to Hobbs Cafe"
    assert caption(action, place="Hobbs Cafe", there=False) == "on the way to Hobbs Cafe"
    assert caption(action, place="Hobbs Cafe") == "working at Hobbs Cafe"
    assert caption(action, partner="Klaus Mueller") == "talking with Klaus"
    asleep = Action("sleeping", "sleep", "town:home", datetime(2023, 2, 13, 1), datetime(2023, 2, 13, 7), "")
    assert caption(asleep, place="Home", there=False) == "on the way to Home"
    assert caption(asleep) == "asleep"


def test_the_landlord_works_in_the_taproom_not_in_his_bedroom(make_game, tmp_path):
    game = _alone(make_game, tmp_path, ARTHUR)
    game.run(frames=2)
    walker = game.npcs[ARTHUR].walker
    quarters = game.world.get("town:the_rose_and_crown_pub:private_quarters")
    walker.teleport(game.town.pathfinder.walkable_point_in(quarters))
    work = Action("opening the pub", "work", "town:the_rose_and_crown_pub", game.clock.now(),
                  game.clock.now() + timedelta(hours=1), "")
    agent = game.society.agent(ARTHUR)
    walker.update(work, agent, game.clock.now(), 0.0)
    assert walker.goal == "town:the_rose_and_crown_pub:taproom" and not walker.there(work)
    assert game.town.labels.words(work, walker) == "on the way to The Rose and Crown Pub"
    for _ in range(600):
        walker.update(work, agent, game.clock.now(), 1 / 60)
        if walker.arrived:
            break
    walker.update(work, agent, game.clock.now(), 1 / 60)  # standing there now
    assert area_at(game.world, *walker.position).address == "town:the_rose_and_crown_pub:taproom"
    assert game.town.labels.words(work, walker) == "opening the pub"


def test_sleepers_lie_in_their_beds_and_only_they_are_asleep(make_game):
    game = make_game(npcs=10, start=datetime(2023, 2, 13, 5, 30))
    game.run(frames=240)
    asleep = [n for n in game.npcs.values() if n.doing == "asleep"]
    assert len(asleep) >= 5
    beds = [p for p in game.world if p.kind is PlaceKind.OBJECT and "sleep" in p.purpose]
    berths = []
    for npc in asleep:
        assert npc.lying is not None, f"{npc.name} is asleep standing up"
        x, y, w, _h = npc.lying
        assert any(b.rect[0] <= x and x + w <= b.rect[0] + b.rect[2] and b.rect[1] == y for b in beds)
        berths.append(npc.lying)
    assert len(set(berths)) == len(berths)  # nobody lies on another
    for npc in game.npcs.values():
        if npc.lying is not None:
            assert space_at(game.world, *npc.anchor) is space_at(game.world, *npc.position)  # its own room


def test_a_label_is_true_to_the_place_the_body_is_at(make_game):
    game = make_game(npcs=1)
    labels = game.town.labels
    assert labels.placed("reading at the college library", "town:oak_hill_dorm:room_101") \
        == "reading at Oak Hill Dorm"
    assert labels.placed("grading papers in the library", "town:oak_hill_college:library") \
        == "grading papers in the library"
    assert labels.placed("having lunch at Lin House", "town:hobbs_cafe:dining_area") == "having lunch at Hobbs Cafe"
