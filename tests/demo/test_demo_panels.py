"""Panels never hide the world: the HUD fades over labels, the typed line is always on top and
beside the inspector, the key hints shrink, the feed speaks in whole sentences."""
from __future__ import annotations

import pygame

from demo_game.hud import HELP_SECONDS
from demo_game.scene import FADED


def _put_label_at(game, npc, screen_xy):
    """Stand `npc` so that its label lands near a screen point."""
    x, y = game.camera.to_world(*screen_xy)
    npc.walker.teleport((x, y + 46))


def test_the_hud_fades_where_a_label_is_under_it(make_game):
    game = make_game(npcs=3)
    game.run(frames=2)
    npc = next(iter(game.npcs.values()))
    npc.doing = "reading a very long book in the quiet library"
    h = game.screen.get_height()
    game.run(frames=game.frame + 1)
    _put_label_at(game, npc, (60, h - 50))  # where the inventory card is, bottom left
    game.draw()
    inventory = next(p for p in game.drawn.panels if p[0] == "the inventory")
    assert game.drawn.labels and inventory[1].collidelist(game.drawn.labels) >= 0
    assert inventory[2] <= FADED and game.drawn.overlap() == ""


def test_the_whisper_line_is_on_top_and_beside_the_inspector(make_game):
    game = make_game(npcs=3)
    game.run(frames=2)
    name = next(iter(game.npcs))
    game.select(name)
    assert game.open_whisper(name)
    for ch in "You want to visit the library":
        game.controls.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    game.draw()
    assert game.drawn.input is not None
    assert not game.drawn.input.colliderect(game.inspector.rect(game.screen))
    assert game.drawn.overlap() == ""  # nothing drawn over the line being typed
    shown = [r for name_, r, alpha in game.drawn.panels if alpha > FADED and r.colliderect(game.drawn.input)]
    assert shown == []


def test_the_key_hints_shrink_after_a_while_and_f1_brings_them_back(make_game):
    game = make_game(npcs=1)
    game.run(frames=2)
    game.draw()
    long = next(r for n, r, _ in game.drawn.panels if n == "the key hints")
    game.t = HELP_SECONDS + 1
    game.draw()
    short = next(r for n, r, _ in game.drawn.panels if n == "the key hints")
    assert short.width < long.width / 4
    game.toggle_help()
    game.draw()
    assert next(r for n, r, _ in game.drawn.panels if n == "the key hints").width == long.width


def test_the_feed_says_whole_sentences_and_wraps_between_words(make_game):
    game = make_game(npcs=1)
    game.run(frames=2)
    text = ("Klaus Mueller and Maria Lopez talked about the Valentine's Day party at Hobbs Cafe on "
            "February 14 from 5pm to 7pm, and the run for mayor")
    game.hud.log(text, game.t)
    cards = game.hud.feed_cards(game.t)
    assert cards[-1].surface.get_height() > 2 * game.fonts.get(13).get_linesize()  # wrapped, not cut
    from demo_game.hud import FEED_WIDTH, wrap_words
    lines = wrap_words(game.fonts.get(13), text, FEED_WIDTH, 3)
    assert " ".join(lines).replace(" …", "").split() == text.split()[: len(" ".join(lines).split())]
