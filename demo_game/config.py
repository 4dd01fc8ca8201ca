"""GameConfig: every setting of the demo town, from the command line or from code (tests, bench)."""
from __future__ import annotations

import argparse
import os
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The checkout (maps/ and sprites/ live beside the packages)."""

DEFAULT_MAP = ROOT / "maps" / "town.tmx"
CITY_MAP = ROOT / "maps" / "city.tmx"
"""Oak Hill grown to a town of a hundred (maps/make_city.py): every place of the demo town, and more homes."""
TOWN_BEDS = 25
"""How many people the demo town's homes sleep (a test counts them): more townsfolk play in `CITY_MAP`."""
DEFAULT_PERSONAS = Path(__file__).resolve().parent / "personas.json"
SPRITES = ROOT / "sprites"
BACKENDS = ("auto", "embedded", "openai", "scripted", "off")
MAX_NPCS = 150


@dataclass
class GameConfig:
    """How to run the town.

    `backend`: "auto"/"embedded"/"openai" go through `LLMSettings` (with `llm_overrides`),
    "scripted" uses the deterministic `BrainResponder` (tests, offline demos), "off" runs no
    minds at all (the benchmark's baseline). `minutes_per_second` is game minutes per real
    second at speed ×1. `fixed_dt` makes every frame advance the same real time (tests).
    `npcs` beyond the persona file's people are generated for the map (`people_seed`); more
    than the demo town's homes sleep (`TOWN_BEDS`) move the default map to `CITY_MAP`.
    """

    map_path: Path = DEFAULT_MAP
    personas_path: Path = DEFAULT_PERSONAS
    sprites: Path = SPRITES
    npcs: int = 10
    people_seed: int = 1  # townsfolk beyond the persona file are generated with this seed
    save_path: Path = field(default_factory=lambda: Path.cwd() / "saves" / "town.sqlite")
    backend: str = "auto"
    llm_overrides: dict[str, object] = field(default_factory=dict)
    player_name: str = "Alex"
    start: datetime = datetime(2023, 2, 13, 6, 45)  # asleep while the first plans are made
    minutes_per_second: float = 1.0
    speed: int = 1
    headless: bool = False
    frames: int | None = None
    wait_for_minds: float = 0.0  # headless: --frames counts on while the minds wake, up to this many s
    screenshot: Path | None = None
    fps: int = 60
    fixed_dt: float | None = None
    size: tuple[int, int] = (1280, 720)
    threads: int = 4
    talk_slowdown: float = 0.25  # game time runs at this share of the speed while a chat is open
    hot_reload: bool = True
    strict: bool = False  # re-raise bugs from thinking jobs instead of logging them (tests)
    autoplay: str | None = None  # "full" or "short": a scripted player plays and reports (demo_game.autoplay)

    def __post_init__(self) -> None:
        if Path(self.map_path) == DEFAULT_MAP and self.npcs > TOWN_BEDS:
            self.map_path = CITY_MAP  # the demo town has a bed for 25: a bigger crowd lives in the city

    def validate(self) -> None:
        """Clear errors for impossible settings (argparse reports them as usage errors)."""
        if not 1 <= self.npcs <= MAX_NPCS:
            raise ValueError(f"--npcs must be between 1 and {MAX_NPCS}, got {self.npcs}")
        if self.backend not in BACKENDS:
            raise ValueError(f"--backend must be one of {', '.join(BACKENDS)}")
        if self.minutes_per_second <= 0:
            raise ValueError("--minutes-per-second must be positive")
        if not 0 < self.talk_slowdown <= 1:
            raise ValueError("--talk-slowdown must be in (0, 1] (1: no slowdown while you talk)")
        if self.speed not in (0, 1, 2, 4, 8):
            raise ValueError("--speed must be 0, 1, 2, 4 or 8")


def build_parser() -> argparse.ArgumentParser:
    """The `python -m demo_game` command line."""
    p = argparse.ArgumentParser(
        prog="python -m demo_game",
        description="A small town of generative agents (Park et al. 2023) you can walk around and talk to.",
    )
    p.add_argument("--npcs", type=int, default=10,
                   help=f"how many townsfolk (1-{MAX_NPCS}, default 10): those beyond the persona file are "
                        f"generated for the map, and more than {TOWN_BEDS} live in maps/city.tmx")
    p.add_argument("--map", type=Path, default=DEFAULT_MAP,
                   help=f"the Tiled .tmx map (default maps/town.tmx, maps/city.tmx for more than {TOWN_BEDS})")
    p.add_argument("--personas", type=Path, default=DEFAULT_PERSONAS, help="persona file (JSON)")
    p.add_argument("--seed", type=int, default=1, help="seed of the generated townsfolk (default 1)")
    p.add_argument("--save", type=Path, default=None, help="save file for F5/F9 (default saves/town.sqlite)")
    p.add_argument("--speed", type=int, default=1, choices=(0, 1, 2, 4, 8), help="start speed (0 = paused)")
    p.add_argument("--minutes-per-second", type=float, default=1.0,
                   help="game minutes per real second at speed x1 (default 1)")
    p.add_argument("--start", default=None,
                   help="game date and time to start at (default 2023-02-13 06:45; --autoplay 10:00, short 11:40)")
    p.add_argument("--player", default="Alex", help="your name, as the townsfolk will hear it")
    p.add_argument("--talk-slowdown", type=float, default=0.25,
                   help="share of the speed game time runs at while you talk (default 0.25; 1: off)")
    g = p.add_argument_group("language model")
    g.add_argument("--backend", choices=BACKENDS, default=None,
                   help="auto (default: embedded unless OPENAI_BASE_URL is set), embedded, openai, "
                        "scripted (no model, canned answers) or off (no minds)")
    g.add_argument("--model", default=None, help="chat model name for an OpenAI-compatible server")
    g.add_argument("--base-url", default=None, help="OpenAI-compatible server URL")
    g.add_argument("--gguf", type=Path, default=None, help="GGUF file for the embedded model")
    g.add_argument("--embedder", choices=("lexical", "gguf", "hybrid", "openai"), default=None)
    g.add_argument("--llm-threads", type=int, default=None, help="inference threads of the embedded model")
    g.add_argument("--brain-threads", type=int, default=4,
                   help="worker threads that run thinking jobs (default 4; the engine has a slot for each + 1)")
    h = p.add_argument_group("headless runs (CI, screenshots)")
    h.add_argument("--headless", action="store_true", help="no window (SDL dummy video driver)")
    h.add_argument("--frames", type=int, default=None, help="stop after this many frames")
    h.add_argument("--wait-for-minds", type=float, default=0.0, metavar="SECONDS",
                   help="with --frames: keep running while the minds are still waking up, up to "
                        "SECONDS (a run that must see the town think, whatever the machine's speed)")
    h.add_argument("--screenshot", type=Path, default=None, help="save the last frame as PNG")
    h.add_argument("--no-hot-reload", action="store_true", help="don't watch the map file")
    h.add_argument("--autoplay", nargs="?", const="full", choices=("full", "short"), default=None,
                   help="a scripted player walks through every door, waits in busy places and talks, "
                        "then prints a table and a JSON line (short: a few doors, short waits)")
    return p


def config_from_args(argv: list[str] | None = None) -> GameConfig:
    """Parse the command line into a validated `GameConfig` (argparse exits on bad input)."""
    parser = build_parser()
    a = parser.parse_args(argv)
    overrides: dict[str, object] = {}
    if a.model:
        overrides["chat_model"] = a.model
    if a.base_url:
        overrides["base_url"] = a.base_url
    if a.gguf:
        overrides["gguf_path"] = a.gguf
    if a.embedder:
        overrides["embedder"] = a.embedder
    if a.llm_threads:
        overrides["threads"] = a.llm_threads
    backend = a.backend or os.environ.get("NPC_TOWN_BACKEND", "").strip().lower() or "auto"
    if backend in ("embedded", "openai"):
        overrides["backend"] = backend
    # Autoplay: the town plans its day while the player walks through doors, then lunch at the café.
    starts = {"full": "2023-02-13 10:00", "short": "2023-02-13 11:40"}
    text = a.start or starts.get(a.autoplay or "", "2023-02-13 06:45")
    try:
        start = datetime.fromisoformat(text)
    except ValueError:
        parser.error(f"--start {text!r} is not a date and time like 2023-02-13 07:00")
    cfg = GameConfig(
        map_path=a.map, personas_path=a.personas, npcs=a.npcs, people_seed=a.seed, backend=backend,
        llm_overrides=overrides, player_name=a.player.strip() or "Alex", start=start,
        minutes_per_second=a.minutes_per_second, speed=a.speed, headless=a.headless,
        frames=a.frames, wait_for_minds=max(0.0, a.wait_for_minds), screenshot=a.screenshot,
        threads=max(1, a.brain_threads), hot_reload=not a.no_hot_reload,
        talk_slowdown=a.talk_slowdown, autoplay=a.autoplay,
    )
    if a.save is not None:
        cfg.save_path = a.save
    try:
        cfg.validate()
    except ValueError as exc:
        parser.error(str(exc))
    return cfg
