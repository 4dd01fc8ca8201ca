"""Town: one loaded map — the World, its renderer, pathfinder, rules and perception — and a
watcher that notices when the .tmx changes on disk (saved from Tiled)."""
from __future__ import annotations

import difflib
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame

from demo_game.showing import Labels
from npc_brain import MapError, MapLoad, Pathfinder, Perception, Rules, World, read_map, spread_points
from npc_brain.adapters.pygame import Footing, MapRenderer, StandingProps

log = logging.getLogger(__name__)

SPREAD_RADIUS = 12  # tiles around the player's start that NPCs without spawns are spread over


def _mtime(path: Path) -> float | None:
    try:
        return os.stat(path).st_mtime_ns / 1e9
    except OSError:
        return None


@dataclass
class Town:
    """A map ready to play: everything built from one read of the .tmx."""

    path: Path
    load: MapLoad
    renderer: MapRenderer
    pathfinder: Pathfinder
    rules: Rules
    perception: Perception
    mtime: float | None
    props: StandingProps  # furniture, walls and trees redrawn over whoever stands behind them
    labels: Labels  # what NPCs' labels say, true to where they stand
    footing: Footing  # where the player's feet may go (thin props block only at their foot)

    @property
    def world(self) -> World:
        """The containment tree, grid and occupancy."""
        return self.load.world

    @property
    def size(self) -> tuple[int, int]:
        """Map size in pixels."""
        return self.renderer.size

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> Town:
        """Load and pre-render a map; any problem raises `MapError` with one sentence."""
        path = Path(path)
        mtime = _mtime(path)
        load = read_map(path)
        if load.errors:
            first = load.errors[0]
            more = f" (and {len(load.errors) - 1} more; run python -m npc_brain.world {path})" \
                if len(load.errors) > 1 else ""
            raise MapError(first.sentence().rstrip(".") + more + ".", path=first.file,
                           object_id=first.object_id, object_name=first.object_name)
        for issue in load.warnings:
            log.warning("%s", issue)
        try:
            renderer = MapRenderer(load.tiled_map, load.layers)
        except (pygame.error, OSError, ValueError) as exc:
            raise MapError(f"{path}: a tileset image cannot be drawn ({exc}).", path=str(path)) from None
        world = load.world
        props = StandingProps(renderer, world.grid.blocked)
        return cls(path, load, renderer, Pathfinder(world.grid), Rules(world), Perception(world), mtime,
                   props, Labels(world), Footing(props, world.grid.blocked))

    def announce(self, notices: list[str], names: list[str]) -> None:
        """Print what was chosen for the personas on this map, and spawns that match nobody."""
        if notices:
            print(f"notice: {self.path} lacks some places the personas name; chosen instead:")
            for line in notices:
                print(f"  {line}")
        for spawn in self.world.spawns:
            folded = spawn.casefold()
            if folded == "player" or any(folded == n.casefold() for n in names):
                continue
            close = difflib.get_close_matches(spawn, [*names, "player"], n=1, cutoff=0.75)
            if close:
                log.warning('%s: the spawn point "%s" matches no persona; did you mean "%s"?',
                            self.path, spawn, close[0])

    def spread(self, count: int, around: tuple[float, float]) -> list[tuple[float, float]]:
        """`count` walkable spots spread out near `around` (for NPCs without spawn points)."""
        return spread_points(self.world.grid, count, around, radius=SPREAD_RADIUS)


class MapWatcher:
    """Polls a file's modification time every `interval` seconds (cheap: one stat)."""

    def __init__(self, path: Path, mtime: float | None, *, interval: float = 1.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.path = Path(path)
        self.mtime = mtime
        self.interval = interval
        self._clock = clock
        self._next = clock() + interval

    def changed(self, *, force: bool = False) -> bool:
        """True once per change of the file (after the interval has passed, or when forced)."""
        now = self._clock()
        if not force and now < self._next:
            return False
        self._next = now + self.interval
        mtime = _mtime(self.path)
        if mtime is None or mtime == self.mtime:
            return False
        self.mtime = mtime
        return True
