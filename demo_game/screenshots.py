"""Make the README screenshots from real frames: the town, the inspector, a conversation.

    python -m demo_game.screenshots --out docs/screenshots --warmup 150

Runs the game headless on the configured model (embedded by default), lets the town live for
`--warmup` real seconds, then frames the busiest spot, opens the inspector on an NPC and talks
to one. Every image is a real frame of the game, saved with `Game.screenshot`.
"""
from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from demo_game.actors import Npc
    from demo_game.game import Game


def _busiest_spot(game: Game) -> tuple[float, float]:
    """Where the most NPCs fit in one screen, out-and-about ones counting triple."""
    w, h = game.cfg.size
    world = game.world

    def weight(npc: Npc) -> int:
        where = world.location(npc.name)
        private = where is not None and any(p.private for p in [*where.ancestors(), where])
        return 1 if private and not npc.walker.moving else 3

    best: tuple[float, float] = game.player.position
    best_score = -1
    for npc in game.npcs.values():
        cx, cy = npc.position
        score = sum(weight(o) for o in game.npcs.values()
                    if abs(o.position[0] - cx) < w * 0.4 and abs(o.position[1] - cy) < h * 0.35)
        if score > best_score:
            best, best_score = (cx, cy), score
    return best


def _run_for(game: Game, seconds: float, until: Callable[[Game], Any] | None = None) -> None:
    end = time.perf_counter() + seconds

    def stop(g: Game, _work: float) -> None:
        if time.perf_counter() >= end or (until is not None and until(g)):
            g.running = False

    game.running = True
    game.run(on_frame=stop)


DEFAULT_LINES = ("Hi Isabella! Is anything special happening at the café this week?", "What are you doing right now?")


def _npc_lines(game: Game, name: str) -> int:
    chat = game.chat
    return sum(line.speaker == name for line in chat.conversation.lines) if chat and chat.conversation else 0


def main(argv: list[str] | None = None) -> int:
    """Write town.png, conversation.png and inspector.png (after the talk: its lines and their grounds)."""
    p = argparse.ArgumentParser(prog="python -m demo_game.screenshots", description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    p.add_argument("--npcs", type=int, default=10)
    p.add_argument("--backend", default="auto")
    p.add_argument("--think", type=float, default=0.0,
                   help="real seconds paused first, so a slow machine can make the first plans")
    p.add_argument("--warmup", type=float, default=150.0, help="real seconds of town life first")
    p.add_argument("--speed", type=int, default=2)
    p.add_argument("--start", default="2023-02-13 06:45", help="game date and time to start at")
    p.add_argument("--npc", default="Isabella Rodriguez", help="whom to inspect and talk to")
    p.add_argument("--say", action="append", default=None,
                   help="a line to say (repeat for a longer talk; each waits for the reply)")
    a = p.parse_args(argv)
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    from datetime import datetime

    from demo_game.config import GameConfig
    from demo_game.game import Game
    from npc_brain import nearest_walkable

    game = Game(GameConfig(headless=True, backend=a.backend, npcs=a.npcs, speed=a.speed, hot_reload=False,
                           start=datetime.fromisoformat(a.start)))
    a.out.mkdir(parents=True, exist_ok=True)
    try:
        if a.think:
            game.set_speed(0)
            _run_for(game, a.think)
            game.set_speed(a.speed)
        _run_for(game, a.warmup)
        spot = _busiest_spot(game)
        stand = nearest_walkable(game.town.pathfinder, (spot[0], spot[1] + 140)) or spot
        game.player.place(stand)  # a little below the crowd, so you don't hide anyone
        game.camera.center_on(*stand)
        _run_for(game, 1.5)
        print(game.screenshot(a.out / "town.png"))

        name = a.npc if a.npc in game.npcs else next(iter(game.npcs))
        npc = game.npcs[name]
        game.set_speed(1)
        x, y = npc.position
        beside = nearest_walkable(game.town.pathfinder, (x + 32, y)) or (x, y)
        game.player.place(beside)
        game.world.set_position(game.player.name, *beside)
        game.camera.center_on(x, y + 140)
        if game.open_chat(name):
            for line in a.say or DEFAULT_LINES:
                heard = _npc_lines(game, name)
                game.say(line)

                def replied(g: Game, n: int = heard) -> bool:
                    return _npc_lines(g, name) > n

                _run_for(game, 90, until=replied)
            chat = game.chat
            assert chat is not None, "open_chat opened a chat box"
            for ch in "Can I help you decorate?":
                chat.entry.text += ch
            chat.entry.caret = len(chat.entry.text)
            _run_for(game, 0.6)
        print(game.screenshot(a.out / "conversation.png"))

        # After the talk: the inspector shows what they said, and what each line was made from.
        game.close_chat()
        game.select(name)
        _run_for(game, 1.5)
        print(game.screenshot(a.out / "inspector.png"))
    finally:
        game.close()
    return 0


if __name__ == "__main__":
    code = main()
    os._exit(code)
