"""Tags: the words over heads — NPC labels, speech bubbles, "You" and the talk hint.

Each is placed where it hides neither another tag nor anyone's sprite: above the head first,
then higher, then to either side (a crowded café no longer hides a sprite under a stack of
labels). Nothing is drawn where a box the player opened covers the world (`covered`); every
rect goes into `Game.drawn`, which the panels then keep clear of.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from npc_brain.adapters.pygame import bubble_surface

if TYPE_CHECKING:
    from demo_game.ports import DrawnGame

LABEL_LIFT = 46  # label bottom above the feet, in pixels
HUD_BAND = 56  # tags stay below the top bar (the clock, the model line)


def lift(g: DrawnGame) -> int:
    """Label height above the feet in window pixels (sprites are taller on zoomed maps)."""
    return LABEL_LIFT * getattr(g.camera, "zoom", 1)


def _place(rect: pygame.Rect, taken: Sequence[pygame.Rect], bodies: Sequence[pygame.Rect],
           screen: pygame.Rect) -> pygame.Rect:
    """The first spot near `rect` (above, higher, then beside) clear of tags and sprites; else
    the one clear of tags; else `rect` as it is."""
    w, h = rect.width, rect.height
    first = rect.clamp(screen)
    if first.collidelist(taken) < 0 and first.collidelist(bodies) < 0:
        return first  # the usual case: room right above the head
    spots = [rect.move(dx, -k * (h + 2)).clamp(screen) for k in range(4) for dx in (0, -(w // 2 + 10), w // 2 + 10)]
    spot = next((s for s in spots if s.collidelist(taken) < 0 and s.collidelist(bodies) < 0), None)
    if spot is None:
        spot = next((s for s in spots if s.collidelist(taken) < 0), first)
    return spot


def draw_tags(g: DrawnGame, visible: Sequence[Any], selected: Any, covered: Sequence[pygame.Rect]) -> None:
    """Labels, thinking dots and bubbles of the `visible` NPCs, the player's tag and talk hint."""
    screen, cam = g.screen, g.camera
    area = screen.get_rect().inflate(-6, -6)
    area.top, area.height = HUD_BAND, area.bottom - HUD_BAND  # the clock and model cards stay readable
    zoom = getattr(cam, "zoom", 1)

    def body(anchor: tuple[float, float]) -> pygame.Rect:
        sx, sy = cam.to_screen(*anchor)
        return pygame.Rect(sx - 10 * zoom, sy - 40 * zoom, 20 * zoom, 42 * zoom)

    shown = [n for n in visible if pygame.Rect(cam.to_screen(*n.anchor), (1, 1)).collidelist(covered) < 0]
    sprites = {id(n): body(n.anchor) for n in shown}
    you = body(g.player.position)
    taken: list[pygame.Rect] = list(covered)  # tags keep clear of the boxes, as of each other
    tops: dict[str, int] = {}
    for npc in sorted(shown, key=lambda n: -n.anchor[1]):  # front rows keep their place
        label = npc.label(g.fonts, g.icons, npc is selected)
        sx, sy = cam.to_screen(*npc.anchor)
        others = [r for k, r in sprites.items() if k != id(npc)] + [you]
        rect = _place(label.get_rect(midbottom=(sx, sy - lift(g))), taken, others, area)
        if rect.collidelist(covered) >= 0:
            continue  # no room outside the boxes: its label waits until they close
        taken.append(rect)
        g.drawn.labels.append(rect)
        screen.blit(label, rect)
        if npc.thinking:
            _dots(screen, rect, g.t)
        tops[npc.name] = rect.y
    tag = _player_tag(g, taken, list(sprites.values()), area, covered)
    for npc in shown:
        _bubble(g, npc, tops, taken, area, covered)
    if tag is not None:
        _talk_hint(g, tag, taken, area, covered)


def _dots(screen: pygame.Surface, rect: pygame.Rect, t: float) -> None:
    bub = pygame.Rect(rect.right - 4, rect.y - 14, 26, 18)
    pygame.draw.ellipse(screen, (250, 250, 252), bub)
    pygame.draw.ellipse(screen, (70, 70, 90), bub, 1)
    phase = int(t * 3) % 3
    for i in range(3):
        color = (60, 60, 80) if i <= phase else (170, 170, 185)
        pygame.draw.circle(screen, color, (bub.x + 7 + i * 6, bub.centery), 2)


def _bubble(g: DrawnGame, npc: Any, tops: dict[str, int], taken: list[pygame.Rect], area: pygame.Rect,
            covered: Sequence[pygame.Rect]) -> None:
    bubble = npc.bubble
    if bubble is None:
        return
    alpha = bubble.alpha(g.t)
    if alpha <= 0:
        npc.bubble = None
        return
    surf = bubble.surface(g.fonts, g.icons)
    sx, sy = g.camera.to_screen(*npc.anchor)
    # Above its own label; two NPCs side by side: higher, or beside, instead of over a tag; at
    # the top of the screen, where there is no room above, under the speaker's feet.
    r = _place(surf.get_rect(midbottom=(sx, tops.get(npc.name, sy - lift(g)) - 2)), taken, (), area)
    if r.collidelist(taken) >= 0:
        below = surf.get_rect(midtop=(sx, sy + 8))
        r = next((b for b in (below, below.move(0, below.height + 4)) if b.clamp(area).collidelist(taken) < 0),
                 r).clamp(area)
    if r.collidelist(covered) >= 0:
        return
    taken.append(r)
    g.drawn.bubbles.append(r)
    if alpha < 255:
        surf = surf.copy()
        surf.set_alpha(alpha)
    g.screen.blit(surf, r)


def _player_tag(g: DrawnGame, taken: list[pygame.Rect], bodies: list[pygame.Rect], area: pygame.Rect,
                covered: Sequence[pygame.Rect]) -> pygame.Rect | None:
    surf = g.fonts.render("You", 12, (150, 200, 255), bold=True)
    sx, sy = g.camera.to_screen(*g.player.position)
    box = pygame.Rect(0, 0, surf.get_width() + 12, surf.get_height() + 2)
    box.midbottom = (sx, sy - lift(g))
    box = _place(box, taken, bodies, area)
    if box.collidelist(covered) >= 0:
        return None
    pygame.draw.rect(g.screen, (16, 22, 40), box, border_radius=box.height // 2)
    g.screen.blit(surf, (box.x + 6, box.y + 1))
    taken.append(box)
    g.drawn.labels.append(box)
    return box


def _talk_hint(g: DrawnGame, tag: pygame.Rect, taken: list[pygame.Rect], area: pygame.Rect,
               covered: Sequence[pygame.Rect]) -> None:
    if g.typing:
        return
    npc = g.nearest_npc()
    if npc is None:
        return
    if g.society is None:
        text = f"E  talk to {npc.first_name} (the town is waking up)"
    elif g.asleep(npc):
        text = f"E  wake {npc.first_name} (asleep)"
    else:
        text = f"E  talk to {npc.first_name}"
    surf = bubble_surface(g.fonts, text, tone="player", size=13, width=220)
    r = surf.get_rect(midbottom=(tag.centerx, tag.top - 2))
    for _ in range(3):
        hit = next((p for p in taken if r.colliderect(p)), None)
        if hit is None:
            break
        r.bottom = hit.top - 2
    r.clamp_ip(area)
    if r.collidelist(covered) >= 0:
        return
    g.drawn.bubbles.append(r)
    g.screen.blit(surf, r)
