"""Talking rules a player expects: no talk through walls, a sleeper is woken (with a grumble),
goodbye ends a follow (closing the chat box does not)."""
from __future__ import annotations

import json
from datetime import datetime

from demo_game.config import DEFAULT_PERSONAS
from npc_brain.types.events import MovementEnded

OWNER = "Isabella Rodriguez"


def _alone(make_game, tmp_path, *names, **kw):
    people = [p for p in json.loads(DEFAULT_PERSONAS.read_text()) if p["name"] in names]
    path = tmp_path / "people.json"
    path.write_text(json.dumps(people))
    return make_game(npcs=len(people), personas_path=path, **kw)


def test_no_talking_through_a_wall(make_game, tmp_path):
    game = _alone(make_game, tmp_path, OWNER)
    game.run(frames=2)
    npc = game.npcs[OWNER]
    room = game.world.get("town:rodriguez_house:living_room")
    inside = (room.rect[0] + 40, room.rect[1] + room.rect[3] - 20)  # by the south wall, indoors
    npc.walker.teleport(inside)
    game.player.place((inside[0], room.rect[1] + room.rect[3] + 60))  # outdoors, two tiles away
    game.world.set_position(game.player.name, *game.player.position)
    assert game.nearest_npc() is None and not game.open_chat() and game.chat is None
    game.player.place((inside[0] + 40, inside[1]))  # in the room with her
    game.world.set_position(game.player.name, *game.player.position)
    assert game.nearest_npc() is npc and game.open_chat()


def test_a_sleeper_is_asleep_and_wakes_with_a_grumble(make_game, tmp_path):
    game = _alone(make_game, tmp_path, OWNER, start=datetime(2023, 2, 13, 3, 0))
    game.run(frames=120)
    npc = game.npcs[OWNER]
    assert npc.doing == "asleep" and npc.lying is not None
    x, y = npc.position
    game.player.place((x + 30, y))
    game.world.set_position(game.player.name, x + 30, y)
    assert not game.open_chat() and game.chat is None  # the first E: she is asleep
    assert npc.bubble is not None and npc.bubble.text.startswith("Zzz")
    assert game.open_chat() and game.chat is not None  # the second: she wakes
    assert "asleep" in npc.bubble.text
    assert any("woke" in d.description for d in game.society.agent(OWNER).buffered)


def test_goodbye_ends_a_follow_closing_the_box_does_not(make_game, tmp_path):
    game = _alone(make_game, tmp_path, OWNER)
    game.clock.set(datetime(2023, 2, 13, 10))
    game.run(frames=2)
    x, y = game.npcs[OWNER].position
    game.player.place((x + 20, y))
    game.world.set_position(game.player.name, x + 20, y)
    ended = []
    game.listeners.append(lambda e: ended.append(e) if isinstance(e, MovementEnded) else None)
    assert game.open_chat(OWNER)
    game.say("Follow me, please.")
    game.run(frames=game.frame + 6)
    assert game.society.movement(OWNER) is not None
    game.close_chat()  # Esc: she keeps following
    game.run(frames=game.frame + 6)
    assert game.society.movement(OWNER) is not None
    assert game.open_chat(OWNER)
    game.say("Goodbye!")
    game.run(frames=game.frame + 6)
    assert game.society.movement(OWNER) is None
    assert [e.reason for e in ended] == ["goodbye"]


def test_from_a_doorway_you_see_into_the_room_and_out(make_game, tmp_path):
    from demo_game.doors import in_sight

    game = _alone(make_game, tmp_path, OWNER)
    world = game.world
    door = (34 * 32 + 16, 27 * 32 + 20)  # the café's east doorway (its own floor, between rooms and street)
    assert in_sight(world, door, (33 * 32 + 16, 27 * 32 + 20))  # the dining area beside it
    assert in_sight(world, door, (35 * 32 + 16, 27 * 32 + 20))  # the street outside
    assert not in_sight(world, (35 * 32 + 16, 26 * 32 + 20), (33 * 32 + 16, 26 * 32 + 20))  # street to room: a wall
