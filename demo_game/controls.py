"""Controls: turns pygame events into game actions.

Held movement keys are tracked from KEYDOWN/KEYUP (not `key.get_pressed()`), so synthetic
events drive the player in tests exactly like a keyboard, and opening a text box can release
them: while typing, every key goes to the box and nobody walks.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from demo_game.chatbox import Typed

if TYPE_CHECKING:
    from demo_game.ports import ControlledGame

MOVES = {
    pygame.K_w: (0, -1), pygame.K_UP: (0, -1),
    pygame.K_s: (0, 1), pygame.K_DOWN: (0, 1),
    pygame.K_a: (-1, 0), pygame.K_LEFT: (-1, 0),
    pygame.K_d: (1, 0), pygame.K_RIGHT: (1, 0),
}
SPEED_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 4, pygame.K_5: 8,
              pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2, pygame.K_KP4: 4, pygame.K_KP5: 8}
SPEEDS = (0, 1, 2, 4, 8)
FASTER = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
SLOWER = (pygame.K_MINUS, pygame.K_KP_MINUS)
WHEEL_STEP = 48


class Controls:
    """Keyboard and mouse for one `Game` (seen through the `ControlledGame` view)."""

    def __init__(self, game: ControlledGame) -> None:
        self.game = game
        self.held: set[int] = set()

    def release_all(self) -> None:
        """Forget held keys (a text box opened, the window lost focus)."""
        self.held.clear()

    def direction(self) -> tuple[int, int]:
        """Where the held keys point (-1..1 per axis)."""
        dx = dy = 0
        for key in self.held:
            mx, my = MOVES.get(key, (0, 0))
            dx += mx
            dy += my
        return (max(-1, min(1, dx)), max(-1, min(1, dy)))

    def end_batch(self) -> None:
        """After a frame's events: a key that opened a box can no longer arrive as text."""
        g = self.game
        for box in (g.chat, g.whisper):
            if box is not None:
                box.entry.swallow = None

    def handle(self, event: Any) -> None:
        """Route one event."""
        g = self.game
        if event.type == pygame.QUIT:
            g.running = False
            return
        if event.type in (getattr(pygame, "WINDOWFOCUSLOST", -1), getattr(pygame, "ACTIVEEVENT", -1)):
            self.release_all()
            return
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
            return
        if g.typing:
            if g.chat is not None and self._scroll_chat(event):
                return
            if event.type in (pygame.TEXTINPUT, pygame.KEYDOWN):
                self._typing(event)
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.MOUSEWHEEL and g.inspector.name is not None:
            g.inspector.scroll_by(-event.y * WHEEL_STEP)

    def _scroll_chat(self, event: Any) -> bool:
        """Wheel and PgUp/PgDn scroll the chat history; True if the event was one of them."""
        chat = self.game.chat
        assert chat is not None
        if event.type == pygame.MOUSEWHEEL:
            chat.scroll_by(event.y * 3)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            chat.scroll_by(8 if event.key == pygame.K_PAGEUP else -8)
        else:
            return False
        return True

    def _typing(self, event: Any) -> None:
        g = self.game
        box = g.chat or g.whisper
        assert box is not None
        result = box.entry.handle(event)
        if result is Typed.SUBMIT:
            text = box.entry.text.strip()
            box.entry.clear()
            if g.chat is not None:
                g.say(text)
            else:
                g.send_whisper(text)
        elif result is Typed.CANCEL:
            if g.chat is not None:
                g.close_chat()
            else:
                g.close_whisper()

    def _key(self, event: Any) -> None:
        g = self.game
        key, mods = event.key, getattr(event, "mod", 0)
        if key == pygame.K_w and g.inspector.name is not None and g.society is not None:
            g.open_whisper()
            return
        if key in MOVES:
            self.held.add(key)
            return
        if key == pygame.K_e:
            g.open_chat()
        elif key == pygame.K_TAB:
            g.cycle_selection(-1 if mods & pygame.KMOD_SHIFT else 1)
        elif key == pygame.K_ESCAPE:
            g.select(None)
        elif key == pygame.K_SPACE:
            g.toggle_pause()
        elif key in SPEED_KEYS:
            g.set_speed(SPEED_KEYS[key])
        elif key in FASTER or key in SLOWER:
            i = SPEEDS.index(g.clock.speed) if g.clock.speed in SPEEDS else 1
            g.set_speed(SPEEDS[max(0, min(len(SPEEDS) - 1, i + (1 if key in FASTER else -1)))])
        elif key == pygame.K_F1:
            g.toggle_help()
        elif key == pygame.K_F5:
            g.persistence.save()
        elif key == pygame.K_F9:
            g.persistence.load()
        elif key == pygame.K_PAGEDOWN:
            g.inspector.scroll_by(300)
        elif key == pygame.K_PAGEUP:
            g.inspector.scroll_by(-300)

    def _click(self, pos: tuple[int, int]) -> None:
        g = self.game
        if g.inspector.name is not None and g.inspector.rect(g.screen).collidepoint(pos):
            return  # clicks on the panel itself
        npc = g.npc_at_screen(pos)
        g.select(npc.name if npc is not None else None)
