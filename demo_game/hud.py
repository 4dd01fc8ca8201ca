"""HUD: clock and speed, model and usage, key help, toasts, the event feed, banners and screens."""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import pygame

from npc_brain.adapters.pygame import ActivityIcons, Fonts, panel, wrap_text

INK = (236, 238, 245)
DIM = (150, 156, 175)
ACCENT = (255, 214, 90)
GOOD = (130, 220, 150)
BAD = (255, 130, 120)
FEED_WIDTH = 380
HELP_SECONDS = 25.0  # the whole key list shows this long, then shrinks to "F1 keys"
HELP = ("WASD/arrows walk · E talk · click/Tab inspect · W whisper (selected) · Space pause · "
        "1-5 speed · F5 save · F9 load · Esc close · F1 keys")


def model_label(name: str) -> str:
    """"embedded:SmolLM2-135M-Instruct.Q4_1.gguf" -> "SmolLM2-135M-Instruct.Q4_1 · embedded"."""
    backend, _, model = name.partition(":")
    if not model:
        return name
    return f"{model.removesuffix('.gguf')} · {backend}"


def compact(n: int) -> str:
    """12345 -> "12.3k"."""
    return f"{n / 1000:.1f}k" if n >= 10_000 else f"{n:,}"


@dataclass(frozen=True)
class Card:
    """A panel drawn to its own surface (background and text), and where it goes on screen."""

    name: str
    surface: pygame.Surface
    pos: tuple[int, int]
    alpha: int = 255  # its own fading (a toast or a feed line going); the scene may fade it more

    @property
    def rect(self) -> pygame.Rect:
        """Where it covers the screen."""
        return self.surface.get_rect(topleft=self.pos)


def _card(w: int, h: int, *, color: tuple[int, int, int] = (18, 22, 34), alpha: int = 210, radius: int = 10,
          border: tuple[int, int, int] | None = None) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    panel(surf, surf.get_rect(), color, alpha, radius, border=border)
    return surf


def wrap_words(font: pygame.font.Font, text: str, width: int, max_lines: int) -> list[str]:
    """Word wrap to `width` pixels in at most `max_lines`, shortened between words ("…")."""
    lines = wrap_text(font, text, width)
    if len(lines) <= max_lines:
        return lines
    kept, words = lines[:max_lines], lines[max_lines - 1].split(" ")
    while words and font.size(" ".join(words) + " …")[0] > width:
        words.pop()
    kept[-1] = (" ".join(words) + " …") if words else "…"
    return kept


@dataclass
class _Note:
    text: str
    born: float
    color: tuple[int, int, int]
    icon: str | None = None
    duration: float = 4.0
    card: pygame.Surface | None = None  # rendered once; only its fading changes


class Hud:
    """Everything drawn in screen space over the town."""

    def __init__(self, fonts: Fonts, icons: ActivityIcons) -> None:
        self.fonts = fonts
        self.icons = icons
        self.toasts: deque[_Note] = deque(maxlen=4)
        self.feed: deque[_Note] = deque(maxlen=6)
        self.banner: str | None = None
        self._banner_h = 0
        self.help_until = HELP_SECONDS  # real seconds: the whole key list shows until then
        self._cards: dict[tuple[Any, ...], Any] = {}

    # ------------------------------------------------------------------ notes
    def toast(self, text: str, t: float, *, error: bool = False, duration: float = 4.0) -> None:
        """A short message at the top centre (save confirmed, cannot talk now …)."""
        self.toasts.append(_Note(text, t, BAD if error else GOOD, None, duration))

    def log(self, text: str, t: float, icon: str | None = None) -> None:
        """A line in the event feed (top left): conversations, plans, reflections, refusals."""
        self.feed.append(_Note(text, t, INK, icon, 14.0))

    # ------------------------------------------------------------------ cards
    # Each panel is rendered to a card (background and text together) that the scene blits where
    # it stays clear of labels, bubbles and the input box — or faded, where it cannot.
    def _cached(self, key: tuple[Any, ...], make: Any) -> Any:
        """A card made once for the same content (the HUD redraws every frame, changes rarely)."""
        if key not in self._cards:
            if len(self._cards) > 64:
                self._cards.clear()
            self._cards[key] = make()
        card: Any = self._cards[key]
        return card

    def top_cards(self, width: int, now: datetime, speed: int, model: str, state: str,
                  usage: Any, *, slow: float = 1.0) -> list[Card]:
        """The top bar: clock, speed (and the slowdown while you talk), model and LLM usage."""
        calls = usage.total.calls if usage is not None else 0
        tokens = usage.total.total_tokens if usage is not None else 0
        key = ("top", width, now.strftime("%a %d %b %H:%M"), speed, model, state, calls, tokens, slow)
        cards: list[Card] = self._cached(key, lambda: self._top(width, now, speed, model, state, usage, slow))
        return cards

    def _top(self, width: int, now: datetime, speed: int, model: str, state: str, usage: Any,
             slow: float) -> list[Card]:
        slowed = speed != 0 and slow < 1.0
        left = _card(384 if slowed else 300, 40, radius=12)
        left.blit(self.fonts.render(f"{now:%a %d %b}", 15, DIM), (14, 11))
        left.blit(self.fonts.render(f"{now:%H:%M}", 24, INK, bold=True), (110, 6))
        self._speed(left, 200, 10, speed)
        if slowed:
            left.blit(self.fonts.render(f"slowed ×{slow:g} · talking", 13, ACCENT), (250, 13))
        if state == "ready":
            calls = usage.total.calls if usage is not None else 0
            tokens = usage.total.total_tokens if usage is not None else 0
            text = f"{model_label(model)}   ·   {calls:,} calls   ·   {compact(tokens)} tokens"
            color = INK
        elif state == "waking":
            text, color = "waking up the town…  (loading the language model)", ACCENT
        elif state == "off":
            text, color = "minds off", DIM
        else:
            text, color = "minds offline — the townsfolk idle", BAD
        surf = self.fonts.render(text, 15, color)
        right = _card(surf.get_width() + 28, 40, radius=12)
        right.blit(surf, (14, 12))
        return [Card("the clock", left, (10, 10)), Card("the model", right, (width - right.get_width() - 10, 10))]

    def _speed(self, screen: pygame.Surface, x: int, y: int, speed: int) -> None:
        if speed == 0:
            pygame.draw.rect(screen, ACCENT, (x, y + 2, 5, 16), border_radius=1)
            pygame.draw.rect(screen, ACCENT, (x + 9, y + 2, 5, 16), border_radius=1)
            screen.blit(self.fonts.render("paused", 15, ACCENT), (x + 22, y + 1))
            return
        pygame.draw.polygon(screen, GOOD, [(x, y + 2), (x, y + 18), (x + 13, y + 10)])
        screen.blit(self.fonts.render(f"×{speed}", 17, GOOD, bold=True), (x + 20, y))

    def help_card(self, size: tuple[int, int], t: float) -> Card:
        """The keys: the whole list along the bottom for the first `HELP_SECONDS` (and while F1 is
        held on), then a small reminder in the bottom-right corner."""
        card: Card = self._cached(("help", size, t < self.help_until), lambda: self._help(size, t < self.help_until))
        return card

    def _help(self, size: tuple[int, int], full: bool) -> Card:
        w, h = size
        if full:
            surf = self.fonts.render(HELP, 13, DIM)
            card = _card(surf.get_width() + 24, 22, alpha=170, radius=10)
            card.blit(surf, (12, 4))
            return Card("the key hints", card, ((w - card.get_width()) // 2, h - 28))
        surf = self.fonts.render("F1 keys", 12, DIM)
        card = _card(surf.get_width() + 18, 20, alpha=150, radius=10)
        card.blit(surf, (9, 3))
        return Card("the key hints", card, (w - card.get_width() - 10, h - 26))

    def toast_cards(self, width: int, t: float) -> list[Card]:
        """Toasts, top centre, fading out."""
        out: list[Card] = []
        y = 62
        for note in list(self.toasts):
            left = note.born + note.duration - t
            if left <= 0:
                self.toasts.remove(note)
                continue
            if note.card is None:
                surf = self.fonts.render(note.text, 16, note.color)
                note.card = _card(surf.get_width() + 28, 34, color=(14, 18, 28), alpha=230, radius=12,
                                  border=note.color)
                note.card.blit(surf, (14, 8))
            box = note.card
            out.append(Card("a note", box, ((width - box.get_width()) // 2, y), int(255 * min(1.0, left))))
            y += 40
        return out

    def feed_cards(self, t: float) -> list[Card]:
        """The event feed (top left, under the clock): each item in whole sentences, wrapped to
        at most three lines and ended between words, fading out."""
        out: list[Card] = []
        y = 58 + (self._banner_h + 6 if self.banner else 0)
        font = self.fonts.get(13)
        for note in [n for n in self.feed if t - n.born < n.duration]:
            if note.card is None:
                lines = wrap_words(font, note.text, FEED_WIDTH, 3)
                lh = font.get_linesize()
                note.card = _card(max(font.size(line)[0] for line in lines) + 34, lh * len(lines) + 6,
                                  color=(12, 14, 22), alpha=190, radius=9)
                if note.icon:
                    note.card.blit(pygame.transform.smoothscale(self.icons.get(note.icon), (14, 14)), (6, 4))
                for i, line in enumerate(lines):
                    note.card.blit(self.fonts.render(line, 13, note.color), (26, 3 + i * lh))
            box = note.card
            out.append(Card("the feed", box, (12, y), int(255 * min(1.0, note.born + note.duration - t))))
            y += box.get_height() + 3
        return out

    def carried_card(self, height: int, inventory: str, invitation: str | None, cafe: str | None) -> Card:
        """What the player carries, the party invitation (once invited) and the café's state (on a
        map that has the café), bottom left."""
        card: Card = self._cached(("carried", height, inventory, invitation, cafe),
                                  lambda: self._carried(height, inventory, invitation, cafe))
        return card

    def _carried(self, height: int, inventory: str, invitation: str | None, cafe: str | None) -> Card:
        rows = [(f"Carrying: {inventory}", INK)] + ([(cafe, DIM)] if cafe else [])
        if invitation:
            rows.insert(1, (f"Invited: {invitation}", ACCENT))
        surfs = [self.fonts.render(text, 13, color) for text, color in rows]
        card = _card(max(s.get_width() for s in surfs) + 24, 18 * len(surfs) + 8, alpha=190, radius=10)
        for i, surf in enumerate(surfs):
            card.blit(surf, (12, 4 + 18 * i))
        return Card("the inventory", card, (10, height - 32 - card.get_height()))

    def draw_banner(self, screen: pygame.Surface) -> None:
        """A persistent red banner (a broken map on disk) under the top bar."""
        if not self.banner:
            return
        w = screen.get_width()
        font = self.fonts.get(15)
        lines = wrap_text(font, self.banner, w - 420, 3)
        height = 16 + 20 * len(lines) + 18
        self._banner_h = height
        r = panel(screen, ((w - (w - 380)) // 2, 58, w - 380, height), (90, 20, 24), 235, 10,
                  border=(255, 120, 110))
        for i, line in enumerate(lines):
            screen.blit(self.fonts.render(line, 15, (255, 236, 232)), (r.x + 16, r.y + 8 + 20 * i))
        screen.blit(self.fonts.render("The town keeps running on the previous map. Fix the file and save.",
                                      12, (255, 190, 180)), (r.x + 16, r.bottom - 20))

    def draw_waking(self, screen: pygame.Surface, t: float) -> None:
        """The small "waking up the town" card while the model loads."""
        w, h = screen.get_size()
        dots = "." * (1 + int(t * 2) % 3)
        surf = self.fonts.render(f"Waking up the town{dots}", 22, INK, bold=True)
        r = panel(screen, ((w - 360) // 2, h // 2 - 130, 360, 64), radius=16)
        screen.blit(surf, (r.x + 24, r.y + 10))
        screen.blit(self.fonts.render("the townsfolk are still asleep while the model loads", 13, DIM),
                    (r.x + 24, r.y + 40))


def draw_error_screen(screen: pygame.Surface, fonts: Fonts, title: str, message: str) -> None:
    """A full-screen error (the map cannot be loaded at start)."""
    screen.fill((22, 24, 34))
    w, h = screen.get_size()
    r = panel(screen, (w // 2 - 420, h // 2 - 140, 840, 280), (60, 20, 26), 240, 18, border=(255, 120, 110))
    screen.blit(fonts.render(title, 26, (255, 220, 214), bold=True), (r.x + 30, r.y + 26))
    font = fonts.get(17)
    for i, line in enumerate(wrap_text(font, message, r.width - 60, 6)):
        screen.blit(fonts.render(line, 17, INK), (r.x + 30, r.y + 78 + 24 * i))
    screen.blit(fonts.render("Fix the map (python -m npc_brain.world <map> lists every problem), then start again.",
                             14, DIM), (r.x + 30, r.bottom - 44))
    screen.blit(fonts.render("Press any key to quit.", 14, DIM), (r.x + 30, r.bottom - 24))
