"""Spatial norms in the game: an NPC is stopped at the threshold of a closed place, shows it, replans."""
from __future__ import annotations

from datetime import datetime, timedelta

from npc_brain.adapters.walker import PathBudget, Walker, area_at
from npc_brain.runtime.agent import Action
from npc_brain.testing import tiny_town
from npc_brain.world.pathfinding import Pathfinder
from npc_brain.world.rules import Rules

MORNING = datetime(2023, 2, 13, 7, 0)


def _action(address, activity="drink", when=MORNING):
    return Action("having a drink", activity, address, when, when + timedelta(minutes=30), "☕")


class _Who:
    def __init__(self, name):
        self.name = name
        self.age = 30
        self.workplace = None


def test_walker_stops_at_a_closed_door():
    world = tiny_town(["Ana", "Ben"])
    pf = Pathfinder(world.grid)
    walker = Walker("Ana", world, pf, rules=Rules(world), position=(100, 900))
    verdict = None
    for _ in range(400):
        verdict = walker.update(_action("town:hobbs_cafe"), _Who("Ana"), MORNING, 1 / 30) or verdict
        if walker.blocked:
            break
    assert verdict is not None and not verdict.allowed and verdict.rule == "opening_hours"
    assert "closed" in verdict.reason
    cafe = world.get("town:hobbs_cafe")
    x, y = walker.position
    assert not (cafe.rect[0] <= x < cafe.rect[0] + cafe.rect[2] and cafe.rect[1] <= y < cafe.rect[1] + cafe.rect[3])
    assert abs(y - (cafe.rect[1] + cafe.rect[3])) <= 48  # right at the threshold
    before = walker.position
    walker.update(_action("town:hobbs_cafe"), _Who("Ana"), MORNING, 1.0)
    assert walker.position == before  # stays put until the action changes


def test_walker_enters_when_open_and_respects_capacity():
    world = tiny_town(["Ana", "Ben"])
    pf = Pathfinder(world.grid)
    noon = MORNING.replace(hour=12)
    world.move("Ben", "town:hobbs_cafe:bathroom")  # one-seat bathroom taken
    walker = Walker("Ana", world, pf, rules=Rules(world), position=(100, 900))
    refused = None
    for _ in range(600):
        refused = walker.update(_action("town:hobbs_cafe:bathroom", "toilet", noon), _Who("Ana"), noon, 1 / 30)
        if refused or (walker.arrived and walker.target):
            break
    assert refused is not None and refused.rule == "capacity"
    where = area_at(world, *walker.position)
    assert where is not None and not where.address.endswith("bathroom")
    walker2 = Walker("Cal", world, pf, rules=Rules(world), position=(100, 900))
    for _ in range(600):
        assert walker2.update(_action("town:hobbs_cafe:counter", "drink", noon), _Who("Cal"), noon, 1 / 30) is None
        if walker2.arrived:
            break
    assert area_at(world, *walker2.position).address == "town:hobbs_cafe:counter"
    assert world.location("Cal").address.startswith("town:hobbs_cafe:counter")


def test_path_budget_spreads_searches():
    budget = PathBudget(per_frame=2)
    budget.reset()
    assert [budget.take() for _ in range(3)] == [True, True, False]
    budget.reset()
    assert budget.take()


def test_path_budget_with_seconds_stops_planning_once_its_time_is_spent():
    ticks = [0.0]
    budget = PathBudget(per_frame=4, seconds=0.002, clock=lambda: ticks[0])
    budget.reset()
    assert budget.take()  # the first plan of a frame always goes ahead
    with budget.timing():
        ticks[0] += 0.003  # a long search
    assert not budget.take()  # the rest wait for the next frame
    budget.reset()
    assert budget.take() and budget.take()


def test_an_action_of_the_moment_is_planned_once_not_every_frame():
    # Idling, a talk and heading home after a refusal start `now`: new every frame. Planned anew
    # each frame, 100 NPCs spent the city's whole PathBudget on them (~2,000 plans in 20 s).
    world = tiny_town(["Ana", "Ben"])
    walker = Walker("Ana", world, Pathfinder(world.grid), rules=Rules(world), position=(100, 900))
    budget = PathBudget(per_frame=1)
    home = "town:ana_house:bedroom"
    for frame in range(5):
        now = MORNING + timedelta(seconds=frame)
        budget.reset()
        heading = Action("heading home for now", "commute", home, now, now + timedelta(minutes=15), "🚶", "refused")
        walker.update(heading, _Who("Ana"), now, 1 / 30, budget)
        assert budget.left == (0 if frame == 0 else 1)
    assert walker.path  # still on its way home
    budget.reset()
    later = MORNING + timedelta(minutes=1)
    walker.update(_action("town:hobbs_cafe", when=later), _Who("Ana"), later, 1 / 30, budget)
    assert budget.left == 0  # a plan step is a new walk


def test_game_shows_refusal_and_tells_the_society(make_game, monkeypatch):
    game = make_game(npcs=2, speed=8)
    game.run(frames=2)
    society = game.society
    name = "Sam Moore"
    assert name in game.npcs
    real_action = society.action
    pub = "town:the_rose_and_crown_pub"  # opens at noon

    def action(who):
        if who == name:
            return _action(pub, "drink", game.clock.now().replace(minute=0, second=0, microsecond=0))
        return real_action(who)

    monkeypatch.setattr(society, "action", action)
    npc = game.npcs[name]
    for _ in range(1200):
        game.step(1 / 60)
        if npc.bubble is not None and npc.bubble.tone == "refusal":
            break
    assert npc.bubble is not None and npc.bubble.tone == "refusal", "never refused at the pub"
    assert "closed" in npc.bubble.text
    agent = society.agent(name)
    assert any(r.address == pub for r in agent.refusals)
    assert not game.world.location(name).address.startswith(pub)  # stopped outside
    assert any("closed" in note.text for note in game.hud.feed)


def test_conversation_where_one_stands_is_not_a_refusal():
    world = tiny_town(["Ana", "Ben"])
    pf = Pathfinder(world.grid)
    walker = Walker("Ana", world, pf, rules=Rules(world), position=(350, 500))  # in the cafe bathroom
    assert area_at(world, 350, 500).address == "town:hobbs_cafe:bathroom"
    talk = Action("talking with Ben", "socialize", "town:hobbs_cafe:bathroom", MORNING.replace(hour=12),
                  MORNING.replace(hour=12, minute=5), "💬", "conversation")
    assert walker.update(talk, _Who("Ana"), MORNING.replace(hour=12), 0.1) is None
    chosen = Action("chatting", "socialize", "town:hobbs_cafe:bathroom", MORNING.replace(hour=12),
                    MORNING.replace(hour=12, minute=30), "💬", "plan")
    verdict = walker.update(chosen, _Who("Ana"), MORNING.replace(hour=12), 0.1)
    assert verdict is not None and verdict.rule == "purpose"  # a planned chat in a bathroom is refused


def test_a_long_search_goes_on_frame_after_frame_and_finds_the_same_way(monkeypatch):
    import npc_brain.world.pathfinding as pathfinding

    monkeypatch.setattr(pathfinding, "_SLICE", 8)  # the tiny town's ways are short: small slices
    world = tiny_town(["Ana", "Ben"])
    ticks = [0.0]

    def clock():  # every look at the clock is past the frame's deadline: one slice of A* a frame
        ticks[0] += 1.0
        return ticks[0]

    walker = Walker("Ana", world, Pathfinder(world.grid), rules=Rules(world), position=(100, 1900))
    budget = PathBudget(per_frame=1, seconds=0.5, clock=clock)
    action = _action("town:park", "relax", MORNING)
    frames = 0
    while not walker.path:
        budget.reset()
        walker.update(action, _Who("Ana"), MORNING, 0.0, budget)
        frames += 1
        assert frames < 200
    assert frames > 1  # it took several frames, standing meanwhile
    whole = Walker("Ana2", world, Pathfinder(world.grid), rules=Rules(world), position=(100, 1900))
    whole.update(action, _Who("Ana2"), MORNING, 0.0, PathBudget(per_frame=1))
    assert walker.path == whole.path and walker.target == whole.target
