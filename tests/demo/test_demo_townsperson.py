"""The player is a townsperson, in the demo: an invitation is answered and kept, what the player
says travels as the player's claim, and a whispered wish is in the plan at once.

A 38-minute play found an invitation made an NPC *follow* the player (the follow action matched
"come"), the yes never reached a plan, nothing the player said reached another NPC, and a
whispered "You want to visit the library this afternoon" was in no plan.
"""
from __future__ import annotations

import json
from datetime import datetime, timedelta

import pytest

from demo_game.config import DEFAULT_PERSONAS
from npc_brain.memory.record import MemoryKind
from npc_brain.types.events import ActionRequested, UtteranceEvent
from npc_brain.types.plan import PlanLevel

GUEST, FRIEND = "Klaus Mueller", "Maria Lopez"


@pytest.fixture
def game(make_game, tmp_path):
    people = [p for p in json.loads(DEFAULT_PERSONAS.read_text()) if p["name"] in (GUEST, FRIEND)]
    path = tmp_path / "two.json"
    path.write_text(json.dumps(people))
    g = make_game(npcs=2, personas_path=path)
    g.clock.set(datetime(2023, 2, 13, 10))
    g.run(frames=3)
    return g


def _talk(game, name, text, frames=8):
    x, y = game.npcs[name].position
    game.player.place((x + 20, y))
    game.world.set_position(game.player.name, x + 20, y)
    if game.chat is None or game.chat.npc != name:
        game.close_chat()
        assert game.open_chat(name)
    seen: list = []
    original = game._on_event
    game._on_event = lambda e: (seen.append(e), original(e))[1]
    game.say(text)
    for _ in range(frames):
        game.step(1 / 60)
    game._on_event = original
    return seen


def _until(game, when: datetime, frames: int) -> None:
    """Jump the clock to `when`, then play `frames` frames (bodies walk in game time)."""
    game.clock.set(when)
    game.run(frames=game.frame + frames)


def test_an_invitation_from_the_player_is_answered_kept_planned_and_attended(game):
    player = game.player.name
    events = _talk(game, GUEST, "Would you like to come to my bonfire at the Duck Pond tomorrow at 8pm?")
    assert not [e for e in events if isinstance(e, ActionRequested)]  # an invitation is no "follow me"
    reply = [e.text for e in events if isinstance(e, UtteranceEvent) and e.agent == GUEST]
    assert reply and reply[0].startswith("I would love to come to the bonfire at the Duck Pond")
    game.close_chat()
    klaus = game.society.agent(GUEST)
    game.run(frames=game.frame + 30)
    kept = [m for m in [*klaus.memory.records, *klaus.buffered] if m.kind is MemoryKind.THOUGHT and m.occasion]
    assert kept and kept[0].occasion.host == player and kept[0].occasion.address == "town:johnson_park:duck_pond"
    # Tomorrow's plan holds it, and he is there in its window.
    _until(game, datetime(2023, 2, 14, 8, 5), 120)  # the night is over: the day is planned
    step = klaus.plan.at(datetime(2023, 2, 14, 20, 10), PlanLevel.DAY)
    assert step is not None and "bonfire" in step.description and step.start.hour == 20
    _until(game, datetime(2023, 2, 14, 19, 58), 60 * 40)  # 40 game minutes of walking
    where = game.world.location(GUEST)
    assert where is not None and where.address.startswith("town:johnson_park"), where


def test_what_the_player_tells_one_npc_another_hears_as_the_players_claim(game):
    player = game.player.name
    _talk(game, GUEST, "The old mill by the river burned down last night.")
    game.close_chat()
    klaus, maria = game.society.agent(GUEST), game.society.agent(FRIEND)
    game.run(frames=game.frame + 30)
    claims = [m for m in [*klaus.memory.records, *klaus.buffered] if m.teller == player]
    assert claims and claims[0].fact == f"{player} says that the old mill by the river burned down last night"
    # They meet: Klaus passes it on as what the player said, never as his own knowledge.
    spot = game.world.get("town:johnson_park:picnic_lawn")
    for name in (GUEST, FRIEND):
        game.npcs[name].walker.teleport(game.town.pathfinder.walkable_point_in(spot))
    heard: list[str] = []
    original = game._on_event
    game._on_event = lambda e: (heard.append(e.text) if isinstance(e, UtteranceEvent) and e.agent == GUEST
                                else None, original(e))[1]
    for _ in range(120):  # up to four game hours: one piece of news per talk, most important first
        game.run(frames=game.frame + 30)
        game.clock.set(game.clock.now() + timedelta(minutes=2))
        if any("mill" in h for h in heard):
            break
    game._on_event = original
    assert any(h.startswith(f"{player} told me that the old mill") for h in heard), heard
    game.run(frames=game.frame + 60)
    passed = [m for m in [*maria.memory.records, *maria.buffered] if m.teller == GUEST and "mill" in m.claim]
    assert passed and passed[0].claim.startswith(f"{player} says that")


def test_a_whispered_wish_is_in_the_plan_at_once(game):
    events: list = []
    original = game._on_event
    game._on_event = lambda e: (events.append(e), original(e))[1]
    game.society.whisper(GUEST, "You want to visit the library this afternoon")
    game.run(frames=game.frame + 3)
    game._on_event = original
    klaus = game.society.agent(GUEST)
    step = klaus.plan.at(datetime(2023, 2, 13, 15), PlanLevel.DAY)
    assert step is not None and step.description == "visiting the library" and step.source == "wish"
    assert step.address == "town:oak_hill_college:library"
    assert any(getattr(e, "summary", "") == "visiting the library" and e.level == "wish" for e in events)
    thought = [m for m in [*klaus.memory.records, *klaus.buffered] if m.kind is MemoryKind.THOUGHT]
    assert thought and thought[-1].description == "I want to visit the library this afternoon"


def test_a_framed_story_is_kept_as_the_players_claim_and_a_request_tells_nothing(game):
    """Played in the demo (2026-12-03): "Keep this under your hat: Eddy Lin sold his guitar …" sent
    the NPC to Lin House and kept no claim; "No need to follow me, thanks." was kept as one."""
    player = game.player.name
    events = _talk(game, GUEST, "Keep this under your hat: Maria Lopez sold her telescope to buy a bicycle.")
    assert not [e for e in events if isinstance(e, ActionRequested)]
    _talk(game, GUEST, "No need to wait for me, thanks.")
    events = _talk(game, GUEST, "Maria seems kind. Easy to get along with, would you say?")
    assert not [e for e in events if isinstance(e, ActionRequested)]  # "along with" is no "follow me"
    game.close_chat()
    game.run(frames=game.frame + 30)
    klaus = game.society.agent(GUEST)
    claims = [m.fact for m in [*klaus.memory.records, *klaus.buffered] if m.teller == player]
    assert f"{player} says that Maria Lopez sold her telescope to buy a bicycle" in claims, claims
    assert not [c for c in claims if "wait" in c], claims
