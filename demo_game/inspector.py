"""Inspector: a side panel that shows one NPC's mind from `society.inspect(name)`.

Current action and place, today's plan as a tree (day → hour → 5–15 min), the last retrieval
with recency/importance/relevance per memory, the latest memories and reflections with their
evidence, jobs in flight, rule refusals and the NPC's LLM calls and tokens. The content is
rendered to a tall surface only when the inspection changes, and scrolled with the wheel or
PgUp/PgDn.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

import pygame

from npc_brain import AgentInspection, Line, PlaceKind, StepView
from npc_brain.adapters.pygame import ActivityIcons, Fonts, panel, wrap_text
from npc_brain.memory import MemoryRecord

INK = (232, 235, 243)
DIM = (140, 146, 166)
HEAD = (255, 214, 90)
NOW = (120, 220, 160)
BAD = (255, 140, 130)
BARS = ((120, 190, 255), (255, 190, 90), (150, 230, 140))  # recency, importance, relevance
# What a line's ground was (`grounds.GroundKind`), and why the check repaired a line
# (`grounding.Problem`), in the inspector's words.
GROUND_KINDS = {"identity": "who they are", "action": "what they are doing now", "plan": "today's plan",
                "memory": "a memory", "relation": "what they think of the listener",
                "unknown": "not knowing (it asserts nothing)", "small talk": "small talk (it asserts nothing)",
                "accept": "a yes to an invitation", "decline": "a no", "offer": "a game action they do",
                "greeting": "a greeting", "farewell": "a goodbye", "feeling": "how they feel",
                "place": "a place they know", "question": "a question back"}
REPAIRS = {"cut off": "the model's line broke off", "echo": "it echoed the question",
           "third person": "it spoke of someone here in the third person",
           "dropped a fact": "it left out a name, place or time of the ground",
           "unsupported fact": "it named something the speaker does not know",
           "off its ground": "its words were not about the ground it chose", "babble": "it looped",
           "recites the prompt": "it recited its instructions", "empty": "it was empty",
           "unusable reply": "the reply could not be read", "speaks as someone else": "it spoke as someone else"}
KIND_COLORS = {"observation": (170, 180, 200), "reflection": (214, 170, 255), "plan": (140, 210, 255),
               "dialogue": (255, 200, 140), "thought": (200, 160, 255)}


def place_name(world: Any, address: str | None) -> str:
    """"Hobbs Cafe › Kitchen" for an address (the address itself if it is not on the map)."""
    if not address:
        return "nowhere in particular"
    if world is None or address not in world:
        return address
    node = world.get(address)
    chain = [p for p in [*node.ancestors(), node] if p.kind is not PlaceKind.TOWN] or [node]
    return " › ".join(p.name for p in chain)


class _Layout:
    """Accumulates rendered rows, then bakes them into one surface."""

    def __init__(self, fonts: Fonts, width: int) -> None:
        self.fonts = fonts
        self.width = width
        self.items: list[tuple[pygame.Surface, int, int]] = []
        self.y = 0

    def text(self, text: str, size: int = 14, color: tuple[int, int, int] = INK, *, indent: int = 0,
             bold: bool = False, max_lines: int | None = None, gap: int = 1) -> None:
        font = self.fonts.get(size, bold)
        for line in wrap_text(font, text, self.width - indent, max_lines):
            surf = font.render(line, True, color)
            self.items.append((surf, indent, self.y))
            self.y += font.get_linesize()
        self.y += gap

    def blit(self, surf: pygame.Surface, x: int = 0, advance: bool = True) -> None:
        self.items.append((surf, x, self.y))
        if advance:
            self.y += surf.get_height() + 2

    def header(self, text: str) -> None:
        self.y += 8
        self.text(text.upper(), 13, HEAD, bold=True, gap=3)

    def bars(self, values: tuple[float, float, float], indent: int) -> None:
        surf = pygame.Surface((self.width - indent, 14), pygame.SRCALPHA)
        x = 0
        for label, value, color in zip("RIV", values, BARS):
            surf.blit(self.fonts.render(f"{label} {value:.2f}", 12, color), (x, 0))
            pygame.draw.rect(surf, (60, 64, 80), (x + 50, 5, 48, 5), border_radius=2)
            pygame.draw.rect(surf, color, (x + 50, 5, int(48 * max(0.0, min(1.0, value))), 5), border_radius=2)
            x += 108
        self.blit(surf, indent)

    def bake(self) -> pygame.Surface:
        out = pygame.Surface((self.width, max(1, self.y + 8)), pygame.SRCALPHA)
        for surf, x, y in self.items:
            out.blit(surf, (x, y))
        return out


class Inspector:
    """The panel for the selected NPC (`name`), redrawn when what it shows changes."""

    WIDTH = 452

    def __init__(self, fonts: Fonts, icons: ActivityIcons) -> None:
        self.fonts = fonts
        self.icons = icons
        self.name: str | None = None
        self.scroll = 0
        self._content: pygame.Surface | None = None
        self._signature: tuple[Any, ...] | None = None
        self._view: tuple[tuple[str, int], AgentInspection] | None = None

    def view(self, society: Any, name: str, t: float) -> AgentInspection:
        """`society.inspect(name)`, refreshed five times a second (the panel draws every frame)."""
        key = (name, int(t * 5))
        if self._view is None or self._view[0] != key:
            self._view = (key, society.inspect(name))
        return self._view[1]

    def open(self, name: str) -> None:
        """Show this NPC (scroll back to the top when it is a different one)."""
        if name != self.name:
            self.scroll = 0
            self._signature = None
        self.name = name

    def close(self) -> None:
        """Hide the panel."""
        self.name = None
        self._content = None
        self._signature = None

    def scroll_by(self, dy: int) -> None:
        """Scroll the content (clamped when drawn)."""
        self.scroll = max(0, self.scroll + dy)

    def rect(self, screen: pygame.Surface) -> pygame.Rect:
        """Where the panel sits."""
        w, h = screen.get_size()
        return pygame.Rect(w - self.WIDTH - 10, 58, self.WIDTH, h - 58 - 40)

    def draw(self, screen: pygame.Surface, view: AgentInspection, world: Any,
             portrait: pygame.Surface | None, subtitle: str) -> None:
        """Draw the panel for an inspection (re-rendering the content only if it changed)."""
        r = panel(screen, self.rect(screen), (14, 17, 28), 226, 14, border=(80, 90, 120))
        sig = (view.name, view.status, view.action, view.address, len(view.plan), view.plan,
               view.memory_count, view.jobs, view.thinking, len(view.refusals), view.calls, view.tokens,
               view.retrievals and view.retrievals[0].query, view.last_error, view.time.minute,
               view.lines)
        if sig != self._signature or self._content is None:
            self._content = self._render(view, world, r.width - 32)
            self._signature = sig
        x = r.x + 16
        if portrait is not None:
            screen.blit(portrait, (x, r.y + 14))
            x += portrait.get_width() + 12
        screen.blit(self.fonts.render(view.name, 21, HEAD, bold=True), (x, r.y + 14))
        screen.blit(self.fonts.render(subtitle, 13, DIM), (x, r.y + 42))
        screen.blit(self.fonts.render(f"{view.status} · {view.detail} detail · {view.memory_count} memories · "
                                      f"{view.calls} LLM calls · {view.tokens:,} tokens", 13, DIM),
                    (x, r.y + 60))
        body = pygame.Rect(r.x + 16, r.y + 84, r.width - 24, r.height - 84 - 26)
        content = self._content
        max_scroll = max(0, content.get_height() - body.height)
        self.scroll = min(self.scroll, max_scroll)
        screen.blit(content, body.topleft, pygame.Rect(0, self.scroll, body.width, body.height))
        if max_scroll:
            frac = body.height / content.get_height()
            bar_h = max(24, int(body.height * frac))
            bar_y = body.y + int((body.height - bar_h) * self.scroll / max_scroll)
            pygame.draw.rect(screen, (90, 100, 130), (r.right - 8, bar_y, 4, bar_h), border_radius=2)
        hint = self.fonts.render("wheel / PgUp PgDn scroll · Tab next · W whisper · Esc close", 12, DIM)
        screen.blit(hint, (r.x + 16, r.bottom - 20))

    # ------------------------------------------------------------------ content
    def _render(self, v: AgentInspection, world: Any, width: int) -> pygame.Surface:
        lay = _Layout(self.fonts, width)
        a = v.action
        lay.header("Now")
        row = pygame.Surface((width, 20), pygame.SRCALPHA)
        row.blit(self.icons.get(a.activity), (0, 1))
        row.blit(self.fonts.render(f"{a.start:%H:%M}–{a.end:%H:%M}", 14, DIM), (24, 1))
        lay.blit(row, advance=True)
        lay.text(a.description, 16, INK, max_lines=3)
        lay.text(f"at {place_name(world, a.address)}", 13, DIM)
        if v.address and v.address != a.address:
            lay.text(f"standing in {place_name(world, v.address)}", 13, DIM)
        if v.thinking or v.jobs or v.buffered:
            lay.header("Thinking")
            if v.jobs:
                lay.text("jobs: " + ", ".join(v.jobs), 13, INK)
            if v.thinking:
                lay.text("in flight: " + ", ".join(v.thinking), 13, DIM)
            if v.buffered:
                lay.text(f"{v.buffered} perceptions waiting to be memorised", 13, DIM)
        if v.last_error:
            lay.text(f"last error: {v.last_error}", 12, BAD, max_lines=3)
        if v.lines:  # right under what it does: a player reads it after a talk
            lay.header("What they said, and why")
            for i, line in enumerate(v.lines):
                self._line(lay, line, v.grounds[i] if i < len(v.grounds) else None)
        lay.header("Today's plan")
        if not v.plan:
            lay.text("no plan yet — the day plan is being made" if v.thinking else "no plan yet", 13, DIM)
        for step in v.plan:
            self._step(lay, step, v.time, 0)
        if v.refusals:
            lay.header("Rule refusals")
            for ref in v.refusals:
                lay.blit(pygame.transform.smoothscale(self.icons.get("refused"), (14, 14)), 0, advance=False)
                lay.text(ref.reason, 13, BAD, indent=20)
                lay.text(f"avoids {place_name(world, ref.address)} until {ref.until:%H:%M}", 12, DIM, indent=14)
        lay.header("Last retrieval")
        if not v.retrievals:
            lay.text("nothing retrieved yet", 13, DIM)
        for ret in v.retrievals[:3]:
            lay.text(f"“{ret.query}”", 13, (190, 200, 230), max_lines=2)
            for s in ret.results[:5]:
                lay.text(f"#{s.id} {s.description}", 13, INK, indent=10, max_lines=2, gap=0)
                lay.bars((s.recency, s.importance, s.relevance), 10)
        lay.header("Latest memories")
        for m in reversed(v.memories):
            color = KIND_COLORS.get(m.kind.value, INK)
            lay.text(f"#{m.id} {m.created:%H:%M} · {m.kind.value} · importance {m.importance}", 12, color, gap=0)
            lay.text(m.description, 13, INK, indent=10, max_lines=3)
        if not v.memories:
            lay.text("no memories yet", 13, DIM)
        lay.header("Reflections")
        for m in reversed(v.reflections):
            lay.text(f"#{m.id} {m.description}", 13, KIND_COLORS["reflection"], max_lines=4, gap=0)
            evidence = " ".join(f"#{i}" for i in m.evidence) or "—"
            lay.text(f"because of {evidence}", 12, DIM, indent=10)
        if not v.reflections:
            lay.text("none yet (they come once enough important things happened)", 13, DIM)
        return lay.bake()

    def _line(self, lay: _Layout, line: Line, memory: MemoryRecord | None) -> None:
        """A line, to whom and when; the ground it was made from — the memory (its time, kind and
        who told it), the plan step, the action, who the speaker is — and why it was repaired."""
        lay.text(f"“{line.text}”", 13, INK, max_lines=3, gap=0)
        lay.text(f"to {line.to.split()[0] if line.to else 'someone'} at {line.time:%H:%M}", 11, DIM, indent=10, gap=0)
        if memory is not None:
            source = f" · told by {memory.teller}" if memory.teller else ""
            lay.text(f"from memory #{memory.id} · {memory.created:%a %H:%M} · {memory.kind.value}{source}", 12,
                     KIND_COLORS.get(memory.kind.value, DIM), indent=10, gap=0)
            lay.text(memory.description, 12, DIM, indent=20, max_lines=2, gap=0)
        elif line.kind:
            lay.text(f"from {GROUND_KINDS.get(line.kind, line.kind)}", 12, DIM, indent=10, gap=0)
            if line.ground and line.ground != line.text:
                lay.text(line.ground, 12, DIM, indent=20, max_lines=2, gap=0)
        elif line.ground and line.ground != line.text:
            lay.text(f"ground: {line.ground}", 12, DIM, indent=10, max_lines=2, gap=0)
        if line.repaired:
            why = "; ".join(REPAIRS.get(r, r) for r in line.repaired)
            lay.text(f"repaired, said as its ground: {why}", 12, BAD, indent=10, max_lines=3, gap=0)
        elif line.kind:
            lay.text("chosen among its grounds and said as written", 11, DIM, indent=10, gap=0)
        lay.y += 4

    def _step(self, lay: _Layout, node: StepView, now: datetime, depth: int) -> None:
        s = node.step
        current = s.start <= now < s.end
        past = s.end <= now
        color = NOW if current else (DIM if past else INK)
        size = (15, 14, 13)[min(depth, 2)]
        marker = "▸ " if current else "  "
        where = ""
        if s.address and depth:
            where = f" @ {s.address.rsplit(':', 1)[-1].replace('_', ' ')}"
        lay.text(f"{marker}{s.start:%H:%M}–{s.end:%H:%M}  {s.description}{where}", size, color,
                 indent=depth * 16, bold=depth == 0, max_lines=2, gap=0)
        if past or (depth >= 1 and not current):
            return  # finished chunks stay folded; only the current hour shows its actions
        for child in node.children:
            self._step(lay, child, now, depth + 1)
