"""`python -m demo_game`: walk around a town of generative agents and talk to them."""
from __future__ import annotations

import logging
import os
import signal
import sys

from demo_game.config import GameConfig, config_from_args


def _error_screen(cfg: GameConfig, title: str, message: str) -> None:
    """Show a start-up error in the window (or the screenshot) before exiting."""
    import pygame

    from demo_game.game import init_display
    from demo_game.hud import draw_error_screen
    from npc_brain.adapters.pygame import Fonts

    try:
        screen = init_display(cfg)
        draw_error_screen(screen, Fonts(), title, message)
        pygame.display.flip()
        if cfg.screenshot is not None:
            cfg.screenshot.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(screen, str(cfg.screenshot))
        if not cfg.headless and cfg.frames is None:
            clock = pygame.time.Clock()
            for _ in range(60 * 30):  # up to 30 s, any key or closing the window quits
                if any(e.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) for e in pygame.event.get()):
                    break
                clock.tick(30)
    except Exception:  # noqa: BLE001 - no display at all: the message already on stderr is what counts
        pass
    finally:
        pygame.quit()


def main(argv: list[str] | None = None) -> int:
    """Run the game; returns the process exit code (2 when the map or personas are broken)."""
    cfg = config_from_args(argv)
    if hasattr(signal, "SIGTERM"):
        # Terminated (a window manager, `timeout`): leave through Python, so the engine's
        # saved prompt states in /dev/shm go with it, as on a normal quit.
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if cfg.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from demo_game.assets import PersonaFileError
    from demo_game.game import Game
    from npc_brain import MapError

    try:
        game = Game(cfg)
    except MapError as exc:
        print(f"error: {exc}", file=sys.stderr)
        _error_screen(cfg, "The map cannot be loaded", str(exc))
        return 2
    except PersonaFileError as exc:
        print(f"error: {exc}", file=sys.stderr)
        _error_screen(cfg, "The townsfolk cannot be loaded", str(exc))
        return 2
    try:
        if cfg.autoplay:
            from demo_game.autoplay import run_autoplay

            code = run_autoplay(game, cfg.autoplay)
        else:
            code = game.run()
    except KeyboardInterrupt:
        code = 130
    finally:
        game.close()
        pygame.quit()
    return code


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    # Worker threads may be inside a model call; don't make the player wait for it to finish.
    os._exit(code)
