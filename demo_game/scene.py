"""Scene: draws one frame of the town — map, y-sorted characters, labels, bubbles, panels, HUD."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from demo_game.brains import BrainState
from demo_game.zoom import ZoomCamera
from npc_brain.adapters.pygame_bridge import bubble_surface, wrap_text

if TYPE_CHECKING:
    from demo_game.ports import DrawnGame

BACKDROP = (28, 34, 30)
RING = (255, 214, 90)
LABEL_LIFT = 46  # label bottom above the feet, in pixels


def _lift(g: DrawnGame) -> int:
    """Label height above the feet in window pixels (sprites are taller on zoomed maps)."""
    return LABEL_LIFT * getattr(g.camera, "zoom", 1)


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
    visible = [n for n in g.npcs.values() if view.collidepoint(n.position)]
    selected = g.npcs.get(g.inspector.name) if g.inspector.name else None
    bodies: list[tuple[float, int, Any]] = [(n.position[1], i, n) for i, n in enumerate(visible)]
    bodies.append((g.player.y, -1, g.player))
    for _, _, body in sorted(bodies, key=lambda b: (b[0], b[1])):
        if selected is not None and body is selected:
            _ring(world, view_cam.to_screen(*body.position), g.t)
        body.draw(world, view_cam, g.shade)
    g.town.renderer.draw(world, view_cam, over=True)
    if isinstance(cam, ZoomCamera):
        cam.present(screen)
    _labels_and_bubbles(g, visible, selected)
    _player_tag(g)
    _talk_hint(g)
    _panels(g)


def _labels_and_bubbles(g: DrawnGame, visible: list[Any], selected: Any) -> None:
    screen, cam = g.screen, g.camera
    placed: list[pygame.Rect] = []
    tops: dict[str, int] = {}
    for npc in sorted(visible, key=lambda n: -n.position[1]):  # front rows keep their place
        label = npc.label(g.fonts, g.icons, npc is selected)
        sx, sy = cam.to_screen(*npc.position)
        rect = label.get_rect(midbottom=(sx, sy - _lift(g)))
        rect.clamp_ip(screen.get_rect().inflate(-6, -6))
        for _ in range(4):
            if not any(rect.colliderect(p) for p in placed):
                break
            rect.y -= rect.height + 2
        placed.append(rect)
        g.drawn.labels.append(rect)
        screen.blit(label, rect)
        if npc.thinking:
            bub = pygame.Rect(rect.right - 4, rect.y - 14, 26, 18)
            pygame.draw.ellipse(screen, (250, 250, 252), bub)
            pygame.draw.ellipse(screen, (70, 70, 90), bub, 1)
            phase = int(g.t * 3) % 3
            for i in range(3):
                color = (60, 60, 80) if i <= phase else (170, 170, 185)
                pygame.draw.circle(screen, color, (bub.x + 7 + i * 6, bub.centery), 2)
        tops[npc.name] = rect.y
    for npc in visible:
        bubble = npc.bubble
        if bubble is None:
            continue
        alpha = bubble.alpha(g.t)
        if alpha <= 0:
            npc.bubble = None
            continue
        surf = bubble.surface(g.fonts, g.icons)
        sx, _ = cam.to_screen(*npc.position)
        top = tops.get(npc.name, cam.to_screen(*npc.position)[1] - _lift(g))
        r = surf.get_rect(midbottom=(sx, top - 2))
        for _ in range(3):  # two NPCs side by side: stack their bubbles instead of overlapping
            hit = next((p for p in placed if r.colliderect(p)), None)
            if hit is None:
                break
            r.bottom = hit.top - 2
        r.clamp_ip(screen.get_rect().inflate(-8, -8))
        r.top = max(r.top, 58)
        placed.append(r)
        g.drawn.bubbles.append(r)
        if alpha < 255:
            surf = surf.copy()
            surf.set_alpha(alpha)
        screen.blit(surf, r)


def _player_tag(g: DrawnGame) -> None:
    surf = g.fonts.render("You", 12, (150, 200, 255), bold=True)
    sx, sy = g.camera.to_screen(*g.player.position)
    box = pygame.Rect(0, 0, surf.get_width() + 12, surf.get_height() + 2)
    box.midbottom = (sx, sy - _lift(g))
    pygame.draw.rect(g.screen, (16, 22, 40), box, border_radius=box.height // 2)
    g.screen.blit(surf, (box.x + 6, box.y + 1))


def _talk_hint(g: DrawnGame) -> None:
    if g.typing:
        return
    npc = g.nearest_npc()
    if npc is None:
        return
    sx, sy = g.camera.to_screen(*g.player.position)
    text = f"E  talk to {npc.first_name}" + ("" if g.society is not None else " (asleep)")
    surf = bubble_surface(g.fonts, text, tone="player", size=13, width=200)
    g.screen.blit(surf, surf.get_rect(midbottom=(sx, sy - _lift(g) - 20)))


def _panels(g: DrawnGame) -> None:
    screen = g.screen
    panels = g.drawn.panels
    usage = g.brains.usage()
    for r in g.hud.draw_top(screen, g.clock.now(), g.clock.speed, g.brains.model_name, g.brains.state.value,
                            usage, slow=g.time_scale):
        panels.append(("the top bar", r, 210))
    g.hud.draw_banner(screen)
    name = g.inspector.name
    if name is not None and g.society is not None and name in g.society.agents:
        npc = g.npcs.get(name)
        persona = npc.persona if npc is not None else g.society.agent(name).persona
        subtitle = f"{persona.age} · {persona.occupation or 'townsperson'}"
        portrait = g.sprites.portrait(name, persona.sprite, 52)
        g.inspector.draw(screen, g.inspector.view(g.society, name, g.t), g.world, portrait, subtitle)
        panels.append(("the inspector", g.inspector.rect(screen), 226))
    if g.chat is not None:
        g.chat.draw(screen, g.fonts, g.player.name, g.t)
        g.drawn.typed_in(g.chat.input_rect(screen))
    if g.whisper is not None:
        g.whisper.draw(screen, g.fonts, g.t)
        g.drawn.typed_in(g.whisper.input_rect(screen))
    for r in g.hud.draw_notes(screen, g.t, feed=g.chat is None and g.whisper is None):
        panels.append(("a note", r, 190))
    if g.chat is None:
        p = g.performer
        panels.append(("the inventory", g.hud.draw_carried(screen, p.inventory.text(), p.invitation(), p.cafe_text()),
                       190))
    panels.append(("the key hints", g.hud.draw_help(screen), 170))
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
