"""Chat box and whisper box: Unicode text entry from pygame TEXTINPUT events, and the panels.

`TextInput` is pure event handling (tests feed it synthetic events); `ChatBox` draws a
conversation with an NPC and the line being typed; `WhisperBox` takes one line for an NPC's
inner voice. While either is open the game routes every key to it, so movement keys type
letters instead of walking.
"""
from __future__ import annotations

import unicodedata
from enum import StrEnum
from typing import Any

import pygame

from npc_brain.adapters.pygame import Fonts, panel, wrap_text

INK = (236, 238, 245)
DIM = (150, 156, 175)
ACCENT = (255, 214, 90)
PLAYER_INK = (160, 205, 255)
NPC_INK = (246, 240, 226)


class Typed(StrEnum):
    """What a key did to the text input."""

    NOTHING = "nothing"   # consumed, no change (a movement key while typing)
    EDITED = "edited"
    SUBMIT = "submit"
    CANCEL = "cancel"


def _printable(text: str) -> str:
    return "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")


class TextInput:
    """A one-line editor driven by TEXTINPUT (characters, any script) and KEYDOWN (editing keys).

    `swallow` drops one TEXTINPUT equal to it — the letter of the key that opened the box,
    which SDL may also deliver as text in the same batch of events.
    """

    def __init__(self, max_len: int = 280) -> None:
        self.max_len = max_len
        self.text = ""
        self.caret = 0
        self.swallow: str | None = None

    def clear(self) -> None:
        """Empty the line."""
        self.text, self.caret = "", 0

    def handle(self, event: Any) -> Typed:
        """Apply one event; every key event is consumed while the input is open."""
        if event.type == pygame.TEXTINPUT:
            text = _printable(getattr(event, "text", ""))
            if self.swallow is not None and text == self.swallow:
                self.swallow = None
                return Typed.NOTHING
            self.swallow = None
            room = self.max_len - len(self.text)
            if not text or room <= 0:
                return Typed.NOTHING
            text = text[:room]
            self.text = self.text[: self.caret] + text + self.text[self.caret:]
            self.caret += len(text)
            return Typed.EDITED
        if event.type != pygame.KEYDOWN:
            return Typed.NOTHING
        key, mods = event.key, getattr(event, "mod", 0)
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return Typed.SUBMIT if self.text.strip() else Typed.NOTHING
        if key == pygame.K_ESCAPE:
            return Typed.CANCEL
        if key == pygame.K_BACKSPACE and self.caret > 0:
            start = self.caret - 1
            if mods & pygame.KMOD_CTRL:  # a whole word
                while start > 0 and self.text[start - 1] == " ":
                    start -= 1
                while start > 0 and self.text[start - 1] != " ":
                    start -= 1
            self.text = self.text[:start] + self.text[self.caret:]
            self.caret = start
            return Typed.EDITED
        if key == pygame.K_DELETE and self.caret < len(self.text):
            self.text = self.text[: self.caret] + self.text[self.caret + 1:]
            return Typed.EDITED
        if key == pygame.K_LEFT:
            self.caret = max(0, self.caret - 1)
        elif key == pygame.K_RIGHT:
            self.caret = min(len(self.text), self.caret + 1)
        elif key == pygame.K_HOME:
            self.caret = 0
        elif key == pygame.K_END:
            self.caret = len(self.text)
        return Typed.NOTHING


def _input_line(screen: pygame.Surface, fonts: Fonts, rect: pygame.Rect, entry: TextInput,
                placeholder: str, t: float, size: int = 17) -> None:
    panel(screen, rect, (8, 10, 18), 230, 8, border=(90, 100, 130))
    font = fonts.get(size)
    x, y = rect.x + 10, rect.y + (rect.height - font.get_linesize()) // 2
    avail = rect.width - 20
    if not entry.text:
        screen.blit(fonts.render(placeholder, size, DIM), (x, y))
        head = ""
    else:
        head = entry.text[: entry.caret]
        shift = max(0, font.size(head)[0] - avail + 8)
        clip = screen.get_clip()
        screen.set_clip(rect.inflate(-12, 0))
        screen.blit(font.render(entry.text, True, INK), (x - shift, y))
        screen.set_clip(clip)
        x -= shift
    if int(t * 2) % 2 == 0:
        cx = x + font.size(head)[0]
        pygame.draw.line(screen, ACCENT, (cx + 1, y + 2), (cx + 1, y + font.get_linesize() - 2), 2)


class ChatBox:
    """The conversation panel at the bottom of the screen, one per NPC.

    It keeps every conversation you had with the NPC (`history`), so reopening it shows
    what was said before; `scroll` is how many rows the view is lifted from the newest.
    """

    WIDTH, HEIGHT = 760, 272

    def __init__(self, npc: str, portrait: pygame.Surface | None = None) -> None:
        self.npc = npc
        self.portrait = portrait
        self.entry = TextInput()
        self.history: list[Any] = []  # npc_brain Conversations, oldest first; the last is current
        self.notice = ""
        self.scroll = 0
        self._rows = 0  # rows the last draw had, to clamp scrolling
        self._visible = 1
        self._wrapped: dict[tuple[Any, int], list[str]] = {}  # (line, width) → rows: a long
        # history is drawn every frame, and wrapping measures every word
        self.margin = 0  # pixels kept free on the right (the inspector is open there)

    @property
    def conversation(self) -> Any:
        """The current npc_brain Conversation (None before the first line is sent)."""
        return self.history[-1] if self.history else None

    @conversation.setter
    def conversation(self, conv: Any) -> None:
        if conv is not None and conv is not self.conversation:
            self.history.append(conv)
            self.scroll = 0  # a new conversation: back to the newest line

    def scroll_by(self, rows: int) -> None:
        """Lift the view `rows` rows towards older lines (negative: towards newer)."""
        self.scroll = max(0, min(max(0, self._rows - self._visible), self.scroll + rows))

    def rect(self, screen: pygame.Surface) -> pygame.Rect:
        """Where the box sits: bottom centre of the screen left of `margin`."""
        w, h = screen.get_size()
        width = min(self.WIDTH, w - self.margin - 20)
        return pygame.Rect(max(10, (w - self.margin - width) // 2), h - self.HEIGHT - 34, width, self.HEIGHT)

    def input_rect(self, screen: pygame.Surface) -> pygame.Rect:
        """Where the line being typed is."""
        r = self.rect(screen)
        return pygame.Rect(r.x + 12, r.bottom - 46, r.width - 24, 36)

    def draw(self, screen: pygame.Surface, fonts: Fonts, player: str, t: float) -> None:
        """Header, the last lines of the conversation, "…" while the NPC thinks, the input line."""
        r = panel(screen, self.rect(screen), (16, 20, 32), 228, 14, border=(80, 90, 120))
        x = r.x + 16
        if self.portrait is not None:
            screen.blit(self.portrait, (x, r.y + 12))
            x += self.portrait.get_width() + 12
        screen.blit(fonts.render(self.npc, 20, ACCENT, bold=True), (x, r.y + 14))
        conv = self.conversation
        status = "thinking…" if conv is not None and conv.pending else (
            "the conversation is over" if conv is not None and conv.ended else "listening")
        screen.blit(fonts.render(status, 14, DIM), (x, r.y + 40))
        hint = fonts.render("Enter say  ·  PgUp/PgDn scroll  ·  Esc leave", 13, DIM)
        screen.blit(hint, (r.right - hint.get_width() - 16, r.y + 16))
        body = pygame.Rect(r.x + 16, r.y + 78, r.width - 32, r.height - 78 - 54)
        self._lines(screen, fonts, body, player, t)
        if self.notice:
            screen.blit(fonts.render(self.notice, 13, (255, 150, 140)), (r.x + 16, r.bottom - 64))
        _input_line(screen, fonts, self.input_rect(screen), self.entry,
                    f"Say something to {self.npc.split()[0]}…", t)

    def _lines(self, screen: pygame.Surface, fonts: Fonts, body: pygame.Rect, player: str, t: float) -> None:
        size = 16
        font = fonts.get(size)
        lh = font.get_linesize()
        rows: list[tuple[str, tuple[int, int, int]]] = []
        conv = self.conversation
        for past in self.history:
            if rows:
                rows.append((f"· {past.started:%a %H:%M} ·", DIM))
            for line in past.lines:
                mine = line.speaker == player
                wrapped = self._wrapped.get((line, body.width))
                if wrapped is None:
                    who = "You" if mine else line.speaker.split()[0]
                    wrapped = wrap_text(font, f"{who}: {line.text}", body.width - 8)
                    self._wrapped[(line, body.width)] = wrapped
                rows.extend((w, PLAYER_INK if mine else NPC_INK) for w in wrapped)
        if conv is not None and conv.pending:
            draft = conv.draft  # the reply streaming in, word by word
            if draft:
                rows.extend((w, NPC_INK) for w in wrap_text(font, f"{self.npc.split()[0]}: {draft}",
                                                             body.width - 8))
            else:
                rows.append((f"{self.npc.split()[0]}: " + "." * (1 + int(t * 3) % 3), DIM))
        if not rows:
            rows.append((f"{self.npc.split()[0]} looks at you, waiting.", DIM))
        visible = max(1, body.height // lh)
        self._rows, self._visible = len(rows), visible
        self.scroll = max(0, min(self.scroll, len(rows) - visible))
        end = len(rows) - self.scroll
        for i, (text, color) in enumerate(rows[max(0, end - visible):end]):
            screen.blit(fonts.render(text, size, color), (body.x, body.y + i * lh))
        if self.scroll:
            more = fonts.render(f"↓ {self.scroll} newer", 12, ACCENT)
            screen.blit(more, (body.right - more.get_width(), body.bottom - more.get_height()))


class WhisperBox:
    """One line for an NPC's inner voice (stored as its own thought)."""

    WIDTH, HEIGHT = 640, 118

    def __init__(self, npc: str) -> None:
        self.npc = npc
        self.entry = TextInput()
        self.margin = 0  # pixels kept free on the right (the inspector is open there)

    def rect(self, screen: pygame.Surface) -> pygame.Rect:
        """Where the box sits: bottom centre of the screen left of `margin`."""
        w, h = screen.get_size()
        width = min(self.WIDTH, w - self.margin - 20)
        return pygame.Rect(max(10, (w - self.margin - width) // 2), h - self.HEIGHT - 40, width, self.HEIGHT)

    def input_rect(self, screen: pygame.Surface) -> pygame.Rect:
        """Where the line being typed is."""
        r = self.rect(screen)
        return pygame.Rect(r.x + 12, r.bottom - 50, r.width - 24, 36)

    def draw(self, screen: pygame.Surface, fonts: Fonts, t: float) -> None:
        """Title, explanation and the input line."""
        r = panel(screen, self.rect(screen),
                  (30, 22, 48), 232, 14, border=(150, 120, 220))
        screen.blit(fonts.render(f"Whisper to {self.npc}'s inner voice", 18, (214, 196, 255), bold=True),
                    (r.x + 16, r.y + 12))
        screen.blit(fonts.render("They will take it as their own thought.  Enter whisper · Esc cancel", 13, DIM),
                    (r.x + 16, r.y + 38))
        _input_line(screen, fonts, self.input_rect(screen), self.entry,
                    "e.g. You want to run for mayor…", t)
