"""Game: the demo town's frame loop — world state on the game thread, minds on worker threads.

Each frame: input → apply finished thinking (`society.update()`) → move the player and every
NPC along its action's path (rules checked at every threshold) → perception every ~0.5 s per
NPC → map hot-reload poll → draw. Nothing in a frame waits for a model.

Drive it from code (tests, benchmarks):

    game = Game(GameConfig(headless=True, backend="scripted"))
    game.run(frames=600, on_frame=lambda g, work_s: ...)
"""
from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import pygame

from demo_game.actors import Npc, Player, default_shadow
from demo_game.assets import SpriteBook, townsfolk
from demo_game.brains import Brains, BrainState
from demo_game.chatbox import ChatBox, WhisperBox
from demo_game.config import DEFAULT_PERSONAS, GameConfig
from demo_game.controls import Controls
from demo_game.doors import in_sight
from demo_game.drawn import Drawn
from demo_game.happenings import on_event
from demo_game.hud import HELP_SECONDS, Hud
from demo_game.inspector import Inspector
from demo_game.performer import Performer
from demo_game.persistence import Persistence
from demo_game.talks import Talks
from demo_game.town import MapWatcher, Town
from demo_game.townsfolk import PERCEIVE_EVERY, Waker, move_npcs, perceive
from demo_game.zoom import make_camera
from npc_brain import (
    BrainSettings,
    ChatModel,
    Embedder,
    FrameBudget,
    GameClock,
    PathBudget,
    Persona,
    Rota,
    Walker,
    nearest_walkable,
)
from npc_brain import events as ev
from npc_brain.adapters.pygame import ActivityIcons, Fonts

log = logging.getLogger(__name__)

TALK_RANGE = 96.0  # pixels (3 tiles) between you and an NPC to start talking: a comfortable reach
NPC_SPEED = 72.0  # map pixels per real second at ×1
# Of a 16.7 ms frame, in real time: the minds' per-NPC work and the bodies out of view; what does
# not fit waits for a later frame, in turn (a city of 100 on a busy 2-core box: `bench frames`).
MINDS_BUDGET_S = 0.00075
BODIES_BUDGET_S = 0.00075
PATHS_BUDGET_S = 0.002


def init_display(cfg: GameConfig) -> pygame.Surface:
    """Open the window (or the dummy one when headless); only video and fonts, no audio."""
    if cfg.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(cfg.size)
    pygame.display.set_caption("npc_brain · a town of generative agents")
    pygame.key.stop_text_input()  # typing is switched on only while a text box is open
    pygame.key.set_repeat(400, 35)
    return screen


class Game:
    """The town: map, townsfolk, you, and their minds. `run()` until the window closes."""

    def __init__(self, cfg: GameConfig, *, model: ChatModel | None = None, embedder: Embedder | None = None,
                 executor: Executor | None = None, settings: BrainSettings | None = None,
                 screen: pygame.Surface | None = None) -> None:
        self.cfg = cfg
        self.screen = screen or init_display(cfg)
        self.fonts = Fonts()
        self.icons = ActivityIcons(18)
        self.hud = Hud(self.fonts, self.icons)
        self.shade = default_shadow()
        self.town = Town.open(cfg.map_path)  # MapError: the caller shows it
        # The bundled personas were written for maps/town.tmx: on another map they get places there;
        # townsfolk beyond the file are generated for the map.
        placed = townsfolk(cfg.personas_path, cfg.npcs, self.world, seed=cfg.people_seed,
                           fill_missing=cfg.personas_path == DEFAULT_PERSONAS)
        self.personas = placed.personas
        self.town.announce(placed.notices, [p.name for p in self.personas])
        self.clock = GameClock(cfg.start, minutes_per_second=cfg.minutes_per_second, speed=cfg.speed)
        self.sprites = SpriteBook(cfg.sprites)
        self.claims: dict[tuple[int, int], str] = {}
        # In real time the minds, the bodies out of view and path planning get a share of each
        # frame and take turns for what does not fit (`Rota`); with a fixed frame time (tests)
        # every frame serves everyone, so a run repeats exactly whatever the machine.
        realtime = cfg.fixed_dt is None
        self.budget = PathBudget(4, seconds=PATHS_BUDGET_S) if realtime else PathBudget(2)
        self.minds_budget = FrameBudget(MINDS_BUDGET_S) if realtime else None
        self.bodies_budget = FrameBudget(BODIES_BUDGET_S) if realtime else None
        self.body_rota: Rota[Npc] = Rota()
        self.in_view: frozenset[str] = frozenset()  # the NPCs on screen (and a margin), this frame
        self.npcs: dict[str, Npc] = {}
        spawn = self.world.spawn("player") or self.world.root.center
        start = nearest_walkable(self.town.pathfinder, spawn) or spawn
        self._spread = self.town.spread(len(self.personas), start)
        for persona in self.personas:
            self.add_body(persona)
        you = cfg.player_name
        if you in {p.name for p in self.personas}:  # one name, one body: the world tracks both by name
            you = f"{you} (visitor)"
        self.player = Player(you, self.sprites.sheet("player", "player"), start)
        self.world.set_position(self.player.name, *start)
        # What NPCs may do to the game (coffee, follow, the café's hours, the party) and doing it.
        self.performer = Performer(lambda: self.world, lambda name: getattr(self.npcs.get(name), "walker", None),
                                   self.player.name, self.clock.now)
        self.camera = make_camera(cfg.size, self.town.size, self.world.tile_size)
        self.camera.center_on(*start)
        self.brains = Brains(self.world, self.clock, backend=cfg.backend, llm_overrides=cfg.llm_overrides,
                             model=model, embedder=embedder, executor=executor, threads=cfg.threads,
                             settings=settings, actions=self.performer.registry())
        self.watcher = MapWatcher(cfg.map_path, self.town.mtime)
        self.inspector = Inspector(self.fonts, self.icons)
        self.chat: ChatBox | None = None
        self.whisper: WhisperBox | None = None
        self.controls = Controls(self)
        self.persistence = Persistence(self)
        self.t = self.dt = 0.0  # real seconds played, and the last frame's step
        self.frame = 0
        self.frame_times: list[float] = []  # work per frame (update + draw + flip), seconds
        self.frame_intervals: list[float] = []  # real time between frames, seconds (tick pacing)
        self.running = True
        self._tick = pygame.time.Clock()
        self._paused_speed = cfg.speed or 1
        self.chats: dict[str, ChatBox] = {}  # one box per NPC: its history outlives conversations
        self.talks = Talks(self, Waker(self))  # the chat and whisper boxes
        self.drawn = Drawn()  # where this frame's labels, bubbles and panels went (the scene fills it)
        self.listeners: list[Callable[[ev.Event], object]] = []  # hear every event of the society

    # ------------------------------------------------------------------ accessors
    @property
    def world(self) -> Any:
        """The current map's World."""
        return self.town.world

    @property
    def society(self) -> Any:
        """The Society once the minds are awake (None before, or with minds off)."""
        return self.brains.society

    @property
    def typing(self) -> bool:
        """A text box has the keyboard."""
        return self.chat is not None or self.whisper is not None

    def add_body(self, persona: Persona, position: tuple[float, float] | None = None) -> Npc:
        """Put a persona's body on the map (its spawn point, else its home)."""
        if position is None:
            position = self.world.spawn(persona.name)
            home = persona.home if persona.home != self.world.root.address else None
            if position is None and home in self.world:
                position = self.town.pathfinder.walkable_point_in(self.world.get(home))
            if position is None and self._spread:  # no spawn, no home of its own: spread out
                position = self._spread.pop(0)
            position = position or self.world.root.center
        position = nearest_walkable(self.town.pathfinder, position) or position
        walker = Walker(persona.name, self.world, self.town.pathfinder, rules=self.town.rules,
                        position=position, speed=NPC_SPEED, claims=self.claims)
        npc = Npc(persona, self.sprites.sheet(persona.name, persona.sprite), walker)
        npc.perceive_in = PERCEIVE_EVERY * len(self.npcs) / max(1, self.cfg.npcs)  # stagger
        npc.activity, npc.doing = "other", ""
        self.npcs[persona.name] = npc
        return npc

    def nearest_npc(self, within: float = TALK_RANGE) -> Npc | None:
        """The NPC closest to you, if within reach and in sight: in your room, or like you in the
        open air (nobody is talked to through a wall)."""
        px, py = self.player.position
        near = [n for n in self.npcs.values() if (n.position[0] - px) ** 2 + (n.position[1] - py) ** 2 <= within ** 2]
        if not near:
            return None
        seen = [n for n in near if in_sight(self.world, (px, py), n.position)]
        return min(seen, default=None, key=lambda n: (n.position[0] - px) ** 2 + (n.position[1] - py) ** 2)

    def asleep(self, npc: Npc) -> bool:
        """The NPC is sleeping (in bed, or its plan says so where it stands)."""
        if npc.lying is not None:
            return True
        society = self.society
        return society is not None and npc.name in society.agents and \
            society.action(npc.name).activity == "sleep" and not npc.walker.moving

    def set_speed(self, speed: int) -> None:
        """0 pauses; 1, 2, 4, 8 multiply game time and walking."""
        if speed:
            self._paused_speed = speed
        self.clock.speed = speed

    @property
    def time_scale(self) -> float:
        """How fast game time runs relative to the speed setting: slowed while you talk."""
        return self.cfg.talk_slowdown if self.chat is not None else 1.0

    def view_point(self) -> tuple[float, float]:
        """Where the camera centres: on you, clear of an open box (the inspector right, a chat below)."""
        x, y = self.player.position
        zoom = getattr(self.camera, "zoom", 1)
        if self.inspector.name is not None:
            x += (self.inspector.WIDTH + 20) / 2 / zoom
        if self.chat is not None or self.whisper is not None:
            y += 110 / zoom
        return (x, y)

    def toggle_help(self) -> None:
        """F1: the whole key list on (for a while) or off."""
        self.hud.help_until = 0.0 if self.hud.help_until > self.t else self.t + HELP_SECONDS

    def toggle_pause(self) -> None:
        """Space."""
        self.set_speed(0 if self.clock.speed else self._paused_speed)

    # ------------------------------------------------------------------ loop
    def run(self, frames: int | None = None, *, seconds: float | None = None,
            on_frame: Callable[[Game, float], object] | None = None) -> int:
        """Run until the window closes (or `frames`/`seconds` pass); returns an exit code."""
        frames = frames if frames is not None else self.cfg.frames
        started = time.perf_counter()
        try:
            while self.running:
                if self.cfg.fixed_dt is not None:
                    dt = self.cfg.fixed_dt
                else:
                    interval = self._tick.tick(self.cfg.fps) / 1000.0
                    self.frame_intervals.append(interval)
                    dt = min(0.1, interval)
                t0 = time.perf_counter()
                self.step(dt)
                work = time.perf_counter() - t0
                if self.cfg.fixed_dt is not None and self.brains.state is BrainState.WAKING:
                    # An unpaced loop holds the GIL between C calls and starves the loader
                    # thread's imports (minutes); a windowed game sleeps in tick() anyway.
                    time.sleep(0.002)
                self.frame_times.append(work)
                if on_frame is not None:
                    on_frame(self, work)
                if frames is not None and self.frame >= frames and not self._waking(started):
                    break
                if seconds is not None and time.perf_counter() - started >= seconds:
                    break
        finally:
            if self.cfg.screenshot is not None:
                self.screenshot(self.cfg.screenshot)
        return 0

    def _waking(self, started: float) -> bool:
        """The minds are still loading and `wait_for_minds` says to wait for them (a condition
        with a generous limit, not a frame count racing the loader thread)."""
        return (self.brains.state is BrainState.WAKING
                and time.perf_counter() - started < self.cfg.wait_for_minds)

    def step(self, dt: float) -> None:
        """One frame: input, minds, bodies, perception, map watch, drawing."""
        self.frame += 1
        self.t += dt
        self.dt = dt
        self.budget.reset()
        for event in pygame.event.get():
            self.controls.handle(event)
        self.controls.end_batch()
        if self.brains.poll():
            self._wake()
        slow = self.time_scale
        self.clock.advance(dt * slow)
        game_dt = dt * self.clock.speed * slow
        view = pygame.Rect(self.camera.rect).inflate(160, 200)
        self.in_view = frozenset(n.name for n in self.npcs.values() if view.collidepoint(n.position))
        self._update_minds()
        self.performer.tick(self.clock.now(), self.society)
        self._move_player(dt)
        move_npcs(self, game_dt)
        if self.clock.speed:
            perceive(self, dt)
        if self.cfg.hot_reload:
            self.check_map()
        self.camera.follow(*self.view_point(), dt)
        self.draw()
        pygame.display.flip()

    def check_map(self, *, force: bool = False) -> bool | None:
        """Reload the map if its file changed (polled about once a second; `force` polls now).

        Returns None when nothing changed, else whether the new map was taken.
        """
        if not self.watcher.changed(force=force):
            return None
        return self.persistence.reload_map()

    def _wake(self) -> None:
        society = self.society
        for npc in self.npcs.values():
            society.add_agent(npc.persona)
        society.add_player(self.player.name)  # NPCs noticing you think about it first
        self.hud.toast(f"The town is awake ({self.brains.model_name})", self.t)
        if self.brains.warning:
            self.hud.toast(self.brains.warning, self.t, error=True, duration=12)
            self.hud.log(self.brains.warning, self.t)

    # ------------------------------------------------------------------ minds
    def _update_minds(self) -> None:
        society = self.society
        if society is None:
            return
        # Level of detail: the NPCs on screen (and a margin) think in full, the rest coarser.
        society.focus(self.in_view)
        budget = self.minds_budget.restart() if self.minds_budget is not None else None
        try:
            events = society.update(budget)
        except Exception as exc:  # a bug in a thinking job: the agent was reset; keep the town going
            if self.cfg.strict:
                raise
            log.exception("a mind crashed")
            self.hud.toast(f"A mind crashed ({type(exc).__name__}: {str(exc)[:80]}); see the log",
                           self.t, error=True, duration=8)
            return
        for event in events:
            self._on_event(event)
        if self.chat is not None and self.chat.conversation is not None:
            conv = self.chat.conversation
            if conv.ended and self.chat.notice == "" and conv.lines:
                self.chat.notice = f"{self.chat.npc.split()[0]} ended the conversation; say something to start another."

    def _on_event(self, event: ev.Event) -> None:
        for listen in self.listeners:
            listen(event)
        on_event(self, event)

    # ------------------------------------------------------------------ bodies
    def _move_player(self, dt: float) -> None:
        if self.typing:
            self.player.moving = False
            return
        dx, dy = self.controls.direction()
        self.player.move(dx, dy, dt, self.town.footing)
        self.world.set_position(self.player.name, *self.player.position)

    # ------------------------------------------------------------------ chat / whisper (`Talks`)
    def open_chat(self, name: str | None = None) -> bool:
        """E: talk to the nearest NPC in sight (or `name`); False (with a toast) when nobody is near."""
        return self.talks.open_chat(name)

    def say(self, text: str) -> None:
        """Send a line to the NPC in the chat box."""
        self.talks.say(text)

    def close_chat(self) -> None:
        """Esc: leave the conversation (both sides remember it)."""
        self.talks.close_chat()

    def open_whisper(self, name: str | None = None) -> bool:
        """W on a selected NPC: a line for its inner voice."""
        return self.talks.open_whisper(name)

    def send_whisper(self, text: str) -> None:
        """Store the whispered line as the NPC's own thought."""
        self.talks.send_whisper(text)

    def close_whisper(self) -> None:
        """Close the whisper box."""
        self.talks.close_whisper()

    # ------------------------------------------------------------------ selection
    def select(self, name: str | None) -> None:
        """Open the inspector on an NPC (None closes it)."""
        if name is None:
            self.inspector.close()
        else:
            self.inspector.open(name)

    def cycle_selection(self, step: int = 1) -> None:
        """Tab / Shift+Tab through the townsfolk."""
        names = list(self.npcs)
        if not names:
            return
        if self.inspector.name in names:
            i = (names.index(self.inspector.name) + step) % len(names)
        else:
            i = 0 if step > 0 else len(names) - 1
        self.select(names[i])

    def npc_at_screen(self, pos: tuple[int, int]) -> Npc | None:
        """The NPC under the mouse (the front-most one)."""
        x, y = self.camera.to_world(*pos)
        hits = [n for n in self.npcs.values() if n.hit(x, y)]
        return max(hits, key=lambda n: n.position[1], default=None)

    # ------------------------------------------------------------------ drawing
    def draw(self) -> None:
        """The whole frame."""
        from demo_game.scene import draw_scene

        draw_scene(self)

    def screenshot(self, path: str | os.PathLike[str]) -> Path:
        """Save the current frame as PNG."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(path))
        return path

    def close(self, *, wait: bool = False) -> None:
        """Stop the minds (the window stays until `pygame.quit()`)."""
        self.brains.close(wait=wait)

