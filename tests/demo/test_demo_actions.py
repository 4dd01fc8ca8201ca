"""The demo's game actions as a player tries them: a coffee at the counter, a follower, the café
closed by its owner, the party invitation in the HUD and the arrival at the party; saved and loaded."""
from __future__ import annotations

import json
from datetime import datetime

import pytest

from demo_game.config import DEFAULT_PERSONAS
from npc_brain.types.events import ActionRequested

BARISTA, OWNER = "Carmen Ortiz", "Isabella Rodriguez"


@pytest.fixture
def game(make_game, tmp_path):
    people = [p for p in json.loads(DEFAULT_PERSONAS.read_text()) if p["name"] in (BARISTA, OWNER)]
    path = tmp_path / "two.json"
    path.write_text(json.dumps(people))
    g = make_game(npcs=2, personas_path=path)
    g.clock.set(datetime(2023, 2, 13, 10))  # the café is open
    g.run(frames=2)
    counter = g.world.get("town:hobbs_cafe:dining_area")
    for name in (BARISTA, OWNER):  # both at work behind the counter
        g.npcs[name].walker.teleport(g.town.pathfinder.walkable_point_in(counter))
    g.run(frames=2)
    return g


def _ask(game, name, text, frames=6):
    x, y = game.npcs[name].position
    game.player.place((x + 20, y))
    game.world.set_position(game.player.name, x + 20, y)
    if game.chat is None or game.chat.npc != name:
        game.close_chat()
        assert game.open_chat(name)
    seen = []
    original = game._on_event

    def spy(event):
        if isinstance(event, ActionRequested):
            seen.append(event.action)
        original(event)

    game._on_event = spy
    game.say(text)
    for _ in range(frames):
        game.step(1 / 60)
    game._on_event = original
    return seen


def test_the_barista_sells_a_coffee_at_the_counter_and_the_hud_shows_it(game):
    assert _ask(game, BARISTA, "Could I have a coffee, please?") == ["give_item"]
    assert game.performer.inventory.count("coffee") == 1
    assert game.performer.inventory.count("coins") == 8
    game.close_chat()
    game.draw()  # the inventory panel draws
    assert "coffee ×1" in game.performer.inventory.text()


def test_an_npc_follows_the_player_and_stops_when_told(game):
    assert _ask(game, OWNER, "Follow me, please.") == ["follow"]
    assert game.society.movement(OWNER).target == game.player.name
    game.close_chat()
    assert game.society.action(OWNER).follow == game.player.name
    assert _ask(game, OWNER, "Thanks, you can stop following me now.") == ["stop_following"]
    assert game.society.movement(OWNER) is None


def test_the_owner_closes_the_cafe_and_the_rules_follow(game):
    assert game.performer.cafe_open()
    assert _ask(game, OWNER, "Could you close the cafe for today?") == ["close_cafe"]
    assert not game.performer.cafe_open()
    assert game.world.get("town:hobbs_cafe").state == "closed"
    verdict = game.town.rules.check(game.player, None, "town:hobbs_cafe", game.clock.now())
    assert not verdict.allowed and verdict.rule == "opening_hours"
    assert _ask(game, BARISTA, "Could I have a coffee, please?") == []  # closed: nothing offered
    assert _ask(game, OWNER, "Could you open the cafe again?") == ["open_cafe"]
    assert game.performer.cafe_open()


def test_the_host_invites_the_player_who_is_seen_arriving(game):
    assert _ask(game, OWNER, "Hello Isabella!") == ["invite"]
    assert game.performer.invitation() and "Valentine" in game.performer.invitation()
    assert _ask(game, OWNER, "Hi again!") == []  # invited once
    game.close_chat()
    game.clock.set(datetime(2023, 2, 14, 17, 30))
    game.step(1 / 60)
    host = game.society.agent(OWNER)
    assert any("arrived at the Valentine's Day party" in d.description for d in host.buffered) or any(
        "arrived at the Valentine's Day party" in r.description for r in host.memory.records)


def test_actions_and_followers_survive_a_save_and_load(game):
    _ask(game, BARISTA, "Could I have a coffee, please?")
    _ask(game, OWNER, "Follow me, please.")
    game.close_chat()
    assert game.persistence.save()
    _ask(game, BARISTA, "Could I have a tea, please?")
    game.society.stop_moving(OWNER)
    game.close_chat()
    assert game.persistence.load()
    assert game.performer.inventory.count("coffee") == 1 and game.performer.inventory.count("tea") == 0
    assert game.society.movement(OWNER).target == game.player.name
