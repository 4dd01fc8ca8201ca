"""Talking to the townsfolk: reach, a history per NPC, time slowing down, the NPC waits for you."""
from __future__ import annotations

import pygame

from demo_game.game import TALK_RANGE


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def _stand_by(game, name, dx=20.0):
    x, y = game.npcs[name].position
    game.player.place((x + dx, y))
    game.world.set_position(game.player.name, x + dx, y)


def _say(game, text, frames=10):
    game.say(text)
    for _ in range(frames):
        game.step(1 / 60)


def test_talking_works_from_about_three_tiles(make_game):
    game = make_game(npcs=1)
    game.run(frames=2)
    name = next(iter(game.npcs))
    _stand_by(game, name, dx=TALK_RANGE - 8)
    assert TALK_RANGE >= 3 * 32 and game.nearest_npc() is not None
    _stand_by(game, name, dx=TALK_RANGE + 8)
    assert game.nearest_npc() is None and not game.open_chat()


def test_chat_history_survives_conversations_and_scrolls(make_game):
    game = make_game(npcs=2)
    game.run(frames=2)
    name = next(iter(game.npcs))
    _stand_by(game, name)
    assert game.open_chat()
    for i in range(3):
        _say(game, f"First talk, line {i}")
    first = game.chat.conversation
    game.close_chat()
    assert first.ended and game.chat is None
    assert game.open_chat()
    assert game.chat.conversation is first  # the old talk is still on screen
    _say(game, "Back again!")
    box = game.chat
    assert box.history[0] is first and box.conversation is not first and len(box.history) == 2
    game.draw()
    assert box._rows > box._visible  # more than fits: scrolling has something to show
    pygame.event.post(key(pygame.K_PAGEUP))
    game.step(1 / 60)
    assert box.scroll > 0 and box.entry.text == ""  # PgUp scrolls, types nothing
    up = box.scroll
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    game.step(1 / 60)
    assert box.scroll < up
    pygame.event.post(key(pygame.K_PAGEDOWN))
    game.step(1 / 60)
    assert box.scroll == 0
    other = next(n for n in game.npcs if n != name)
    game.close_chat()
    _stand_by(game, other)
    assert game.open_chat() and game.chat.history == []  # each NPC has its own history


def test_time_slows_while_you_talk_and_the_hud_says_so(make_game):
    game = make_game(npcs=1)
    game.run(frames=2)
    name = next(iter(game.npcs))
    t0 = game.clock.now()
    game.run(frames=game.frame + 60)
    normal = (game.clock.now() - t0).total_seconds()
    _stand_by(game, name)
    assert game.open_chat() and game.time_scale == game.cfg.talk_slowdown == 0.25
    t1 = game.clock.now()
    game.run(frames=game.frame + 60)
    slowed = (game.clock.now() - t1).total_seconds()
    assert abs(slowed - normal * 0.25) < 1e-6
    game.draw()  # the HUD's "slowed" note draws without error
    game.close_chat()
    assert game.time_scale == 1.0


def test_time_slowdown_is_an_option(make_game):
    game = make_game(npcs=1, talk_slowdown=1.0)
    game.run(frames=2)
    _stand_by(game, next(iter(game.npcs)))
    assert game.open_chat() and game.time_scale == 1.0


def test_addressed_npc_stops_faces_you_and_the_town_makes_room(make_game):
    game = make_game(npcs=1)
    game.run(frames=120)  # awake, planned: the NPC heads somewhere
    name = next(iter(game.npcs))
    npc = game.npcs[name]
    _stand_by(game, name, dx=-40)  # to its left
    assert game.open_chat()
    assert game.society.engaged == {game.player.name: name}  # the town makes room for the reply
    where = npc.position
    for _ in range(120):
        game.step(1 / 60)
    assert npc.position == where and not npc.walker.moving
    assert npc.walker.facing == "left"
    _say(game, "Hello!")
    assert npc.position == where and npc.walker.facing == "left"
    game.close_chat()
    assert not game.society.engaged
