"""Scene: draws one frame of the town — map, characters in depth order with the furniture, tags
over heads, then the panels, which keep out of the way of what the player reads.

Panels never hide the world: the HUD, the feed, toasts, the inventory and the key hints are
drawn faded wherever they would cover a label, a bubble or the line being typed; the chat and
whisper boxes sit beside the inspector, never under it, and are drawn last, so the input line is
always on top. Where a box covers the world no tags are drawn (`tags.draw_tags`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from demo_game.brains import BrainState
from demo_game.hud import Card
from demo_game.tags import draw_tags
from demo_game.zoom import ZoomCamera
from npc_brain.adapters.pygame import wrap_text

if TYPE_CHECKING:
    from demo_game.ports import DrawnGame

BACKDROP = (28, 34, 30)
RING = (255, 214, 90)
FADED = 80  # a panel over a label is drawn this faint (0-255)


def _ring(screen: pygame.Surface, center: tuple[int, int], t: float) -> None:
    pulse = 2 + int(2 * abs(((t * 2) % 2) - 1))
    rect = pygame.Rect(0, 0, 30 + pulse * 2, 12 + pulse)
    rect.center = (center[0], center[1] + 1)
    pygame.draw.ellipse(screen, RING, rect, 2)


def draw_scene(g: DrawnGame) -> None:
    """Everything, back to front."""
    screen, cam = g.screen, g.camera
    g.drawn.clear()
    # Small-tile maps: the world is drawn at map scale on a canvas, then scaled to the window.
    view_cam: Any = cam  # a Camera, or a ZoomCamera's CanvasView (the same drawing interface)
    world = screen
    if isinstance(cam, ZoomCamera):
        world, view_cam = cam.canvas(screen), cam.canvas_view
    world.fill(BACKDROP)
    g.town.renderer.draw(world, view_cam)
    view = pygame.Rect(cam.rect).inflate(160, 200)
    visible = [n for n in g.npcs.values() if view.collidepoint(n.anchor)]
    selected = g.npcs.get(g.inspector.name) if g.inspector.name else None
    bodies: list[tuple[float, int, Any]] = [(n.anchor[1], i, n) for i, n in enumerate(visible)]
    bodies.append((g.player.y, -1, g.player))
    props, tile = g.town.props, g.world.grid.tile_size
    for _, _, body in sorted(bodies, key=lambda b: (b[0], b[1])):
        if body is g.player:
            body.draw(world, view_cam, g.shade)
        else:
            if body is selected and selected is not None and selected.lying is None:
                _ring(world, view_cam.to_screen(*selected.position), g.t)
            body.draw(world, view_cam, g.shade, props)
        if getattr(body, "lying", None) is None:  # behind the bar, the bar is drawn over you
            x, y = body.position
            props.draw_front(world, view_cam, (x - 16, y - 42, 32, 48), int((y - 1) // tile))
    g.town.renderer.draw(world, view_cam, over=True)
    if isinstance(cam, ZoomCamera):
        cam.present(screen)
    draw_tags(g, visible, selected, _boxes(g))
    _panels(g)


def inspector_open(g: DrawnGame) -> bool:
    """The inspector shows someone."""
    return g.inspector.name is not None and g.society is not None and g.inspector.name in g.society.agents


def _boxes(g: DrawnGame) -> list[pygame.Rect]:
    """Where boxes the player opened cover the world: the inspector, the chat or whisper box."""
    screen = g.screen
    margin = g.inspector.WIDTH + 20 if inspector_open(g) else 0
    out = [g.inspector.rect(screen)] if margin else []
    for box in (g.chat, g.whisper):
        if box is not None:
            box.margin = margin
            out.append(box.rect(screen))
    return out


def _show(g: DrawnGame, card: Card) -> None:
    """Blit a card, faded where it would cover a label, a bubble or the input box."""
    rect = card.rect
    alpha = min(card.alpha, FADED) if g.drawn.covers(rect) else card.alpha
    card.surface.set_alpha(alpha)  # set every frame: cards are cached and shared between frames
    g.screen.blit(card.surface, rect)
    g.drawn.panels.append((card.name, rect, alpha))


def _panels(g: DrawnGame) -> None:
    screen = g.screen
    w, h = screen.get_size()
    if inspector_open(g):
        name = g.inspector.name
        assert name is not None
        npc = g.npcs.get(name)
        persona = npc.persona if npc is not None else g.society.agent(name).persona
        subtitle = f"{persona.age} · {persona.occupation or 'townsperson'}"
        portrait = g.sprites.portrait(name, persona.sprite, 52)
        g.inspector.draw(screen, g.inspector.view(g.society, name, g.t), g.world, portrait, subtitle)
        g.drawn.panels.append(("the inspector", g.inspector.rect(screen), 255))
    typing = g.chat is not None or g.whisper is not None
    if g.chat is not None:  # the input box is known before the panels: they keep clear of it
        g.drawn.typed_in(g.chat.input_rect(screen))
    elif g.whisper is not None:
        g.drawn.typed_in(g.whisper.input_rect(screen))
    g.drawn.input_at = len(g.drawn.panels)
    for card in g.hud.top_cards(w, g.clock.now(), g.clock.speed, g.brains.model_name, g.brains.state.value,
                                g.brains.usage(), slow=g.time_scale):
        _show(g, card)
    g.hud.draw_banner(screen)
    if not typing:
        for card in g.hud.feed_cards(g.t):
            _show(g, card)
        p = g.performer
        _show(g, g.hud.carried_card(h, p.inventory.text(), p.invitation(), p.cafe_text()))
    for card in g.hud.toast_cards(w, g.t):
        _show(g, card)
    _show(g, g.hud.help_card((w, h), g.t))
    if g.chat is not None:
        g.chat.draw(screen, g.fonts, g.player.name, g.t)
    if g.whisper is not None:
        g.whisper.draw(screen, g.fonts, g.t)
    if g.brains.state is BrainState.WAKING:
        g.hud.draw_waking(screen, g.t)
    elif g.brains.state is BrainState.FAILED and int(g.t) % 20 < 8:
        _offline(g)


def _offline(g: DrawnGame) -> None:
    msg = g.brains.message or "the model could not be loaded"
    font = g.fonts.get(14)
    w = g.screen.get_width()
    lines = wrap_text(font, f"Minds offline: {msg}", w - 360, 3)
    width = max(font.size(line)[0] for line in lines) + 28
    box = pygame.Rect((w - width) // 2, 62, width, 12 + 19 * len(lines))
    pygame.draw.rect(g.screen, (80, 24, 28), box, border_radius=10)
    for i, line in enumerate(lines):
        g.screen.blit(g.fonts.render(line, 14, (255, 200, 190)), (box.x + 14, box.y + 6 + 19 * i))
