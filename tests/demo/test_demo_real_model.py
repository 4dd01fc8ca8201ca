"""One smoke test on the real embedded model: the town starts and an NPC gets an LLM-made plan.

About 12 s on an idle 2-core machine (model load, one importance batch, one day plan); the run
stops as soon as the plan exists, and the cap is generous because other processes may share the
cores (under full load the first plan took over a minute).
"""
from __future__ import annotations

import pytest

from demo_game.config import GameConfig
from demo_game.game import Game


@pytest.mark.real_model
def test_town_wakes_on_the_embedded_model():
    cfg = GameConfig(headless=True, backend="embedded", npcs=1, hot_reload=False, speed=1)
    game = Game(cfg)
    try:
        frames_while_thinking = 0

        def watch(g: Game, _work: float) -> None:
            nonlocal frames_while_thinking
            if g.society is None:
                return
            if g.society.scheduler.in_flight():
                frames_while_thinking += 1
            plan = g.society.agent(next(iter(g.npcs))).plan
            if not plan.empty and not plan.provisional:  # the model's plan, not the day by habit
                g.running = False

        game.run(seconds=300, on_frame=watch)
        assert game.brains.state.value == "ready", game.brains.message
        assert game.brains.model_name.startswith("embedded:")
        agent = game.society.agent(next(iter(game.npcs)))
        assert not agent.plan.empty and not agent.plan.provisional, \
            f"no plan after 300 s; last error: {agent.last_error}"
        usage = game.society.usage()
        assert usage.by_purpose["plan_day"].calls >= 1 and usage.total.total_tokens > 0
        # The loop kept running while the model thought (a blocking call would allow one frame per job).
        assert frames_while_thinking > 10
    finally:
        game.close()  # running calls finish in the background; the engine goes with the process
