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
    assert all(not game.society.agent(n).plan.empty for n in game.npcs)  # (by habit until planned)


def test_load_without_a_save_is_a_toast_not_a_crash(make_game):
    game = make_game(npcs=1)
    game.run(frames=2)
    assert not game.persistence.load(game.cfg.save_path.parent / "missing.sqlite")
    assert any("Load failed" in note.text for note in game.hud.toasts)
    game.run(frames=game.frame + 5)


def test_f9_on_a_damaged_save_shows_the_sentence_and_keeps_playing(make_game):
    import json
    import sqlite3

    game = make_game(npcs=2, speed=4)
    game.run(frames=120)
    assert game.persistence.save()
    path = game.cfg.save_path
    with sqlite3.connect(path) as conn:
        name, text = conn.execute("SELECT name, state FROM agents LIMIT 1").fetchone()
        state = json.loads(text)
        state["plan"]["steps"][0]["start"] = 12  # one wrong-typed field
        conn.execute("UPDATE agents SET state = ? WHERE name = ?", (json.dumps(state), name))
    conn.close()
    game.run(frames=game.frame + 60)
    before, clock = _minds(game), game.clock.now()
    assert not game.persistence.load()
    toast = next(n.text for n in game.hud.toasts if n.text.startswith("Load failed"))
    assert repr(name) in toast and "plan.steps.0.start" in toast
    assert _minds(game) == before and game.clock.now() == clock  # nothing was half-loaded
    game.run(frames=game.frame + 30)  # and the town goes on
    assert game.clock.now() > clock


def test_f5_over_a_damaged_save_keeps_it_aside(make_game):
    game = make_game(npcs=1)
    game.run(frames=30)
    path = game.cfg.save_path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"SQLite format")  # a save cut off by a crash
    assert game.persistence.save()
    kept = [p for p in path.parent.iterdir() if p.name.startswith(f"{path.name}.damaged-")]
    assert len(kept) == 1 and kept[0].read_bytes() == b"SQLite format"
    assert any(kept[0].name in n.text for n in game.hud.toasts)
    assert game.persistence.load()
