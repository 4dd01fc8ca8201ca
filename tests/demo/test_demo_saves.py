"""Save → load round trip: memories, plans, clock and positions come back; jobs are re-issued."""
from __future__ import annotations

from npc_brain.memory.save import SaveFile


def _minds(game):
    out = {}
    for name, agent in game.society.agents.items():
        out[name] = ([(r.id, r.kind.value, r.description, r.importance) for r in agent.memory.records],
                     agent.plan.to_state())
    return out


def test_save_load_round_trip(make_game, tmp_path):
    game = make_game(npcs=3, speed=4)
    game.run(frames=240)
    saved_minds = _minds(game)
    assert all(records for records, _ in saved_minds.values())
    assert all(plan for _, plan in saved_minds.values())
    saved_clock = game.clock.now()
    saved_player = game.player.position
    saved_npcs = {n: npc.position for n, npc in game.npcs.items()}
    path = tmp_path / "saves" / "town.sqlite"
    house = next(p.address for p in game.world if p.owner and p.address.count(":") == 1)
    game.town.rules.invite(house, "Player")
    assert game.persistence.save()
    assert path.exists()
    extra = SaveFile(path).read().world["extra"]
    assert extra["player"] == list(saved_player)

    # Life goes on: time passes, a thought is whispered, everybody moves.
    first = next(iter(game.npcs))
    game.society.whisper(first, "I should throw a party")
    game.player.place((saved_player[0] + 64, saved_player[1]))
    game.run(frames=game.frame + 240)
    assert game.clock.now() > saved_clock
    assert _minds(game) != saved_minds

    game.town.rules.clear_invitations()
    game.town.rules.invite(house, "Somebody Else")
    assert game.persistence.load()
    assert [r["guest"] for r in game.town.rules.saved_invitations()] == ["player"]  # the save's, only
    assert game.clock.now() == saved_clock
    assert _minds(game) == saved_minds
    assert game.player.position == saved_player
    for name, npc in game.npcs.items():
        assert npc.position == saved_npcs[name]
    assert not game.society.scheduler.jobs()  # in-flight jobs were dropped …
    game.run(frames=game.frame + 120)         # … and the minds carry on from the save
    assert game.clock.now() > saved_clock
    assert all(not game.society.agent(n).plan.empty for n in game.npcs)


def test_load_without_a_save_is_a_toast_not_a_crash(make_game):
    game = make_game(npcs=1)
    game.run(frames=2)
    assert not game.persistence.load(game.cfg.save_path.parent / "missing.sqlite")
    assert any("Load failed" in note.text for note in game.hud.toasts)
    game.run(frames=game.frame + 5)
