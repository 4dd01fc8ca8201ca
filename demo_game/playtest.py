"""Playtest: what a player would notice, measured frame by frame while a game runs.

- doors: which doors of the map the player went through (`doors.DoorLog`);
- labels: in every frame, each label on screen against the body under it — a label naming an
  action at a place while the NPC is elsewhere, "walking" while it stands at its goal,
  "talking with X" while X is out of sight, "asleep" while it is not lying in a bed;
- talks in view: NPC↔NPC conversations that had a line while both were on screen;
- talk through walls: a line (or a chat opened) between two people in different spaces;
- panel overlaps: frames in which a panel (HUD, feed, inventory, hints, toasts, the inspector)
  was drawn over a label, a bubble or the input box (`Game.drawn`, filled by the scene).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

import pygame

from demo_game.doors import DoorLog, find_doors, in_sight, space_at
from npc_brain import area_at
from npc_brain import events as ev

if TYPE_CHECKING:
    from demo_game.actors import Npc
    from demo_game.game import Game

WALKING = ("walking", "on the way")
UNCLAIMED = ("turned away", "cannot get to")  # say where it could not go, not where it is


def _inside(node: Any, area: Any) -> bool:
    return node is not None and area is not None and (
        node is area or node.address.startswith(area.address + ":"))


@dataclass
class Tally:
    """Counts of one run (what `Autoplay.report` prints)."""

    label_frames: int = 0
    mismatches: int = 0
    mismatch_examples: list[str] = field(default_factory=list)
    talks_in_view: set[int] = field(default_factory=set)  # conversation ids
    talks_in_view_busy: set[int] = field(default_factory=set)
    talks_seen: set[int] = field(default_factory=set)  # NPC↔NPC conversations anywhere
    through_wall: set[str] = field(default_factory=set)
    talk_notes: list[str] = field(default_factory=list)  # who talked in view, when and where
    company: dict[str, int] = field(default_factory=dict)  # at busy places: frames each NPC was in the room
    busy_frames: int = 0
    overlap_frames: int = 0
    overlap_examples: list[str] = field(default_factory=list)
    frames: int = 0


class Playtest:
    """Watches a `Game`: call `frame(busy)` once per frame; events arrive through `Game.listeners`."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.doors = find_doors(game.world)
        self.log = DoorLog(game.world, self.doors)
        self.tally = Tally()
        self.busy = False
        game.listeners.append(self._event)

    # ------------------------------------------------------------------ helpers
    def space(self, name: str) -> Any:
        """The space someone (an NPC or the player) stands in."""
        g = self.game
        if name == g.player.name:
            return space_at(g.world, *g.player.position)
        npc = g.npcs.get(name)
        return space_at(g.world, *npc.position) if npc is not None else None

    def position(self, name: str) -> tuple[float, float]:
        """Where someone (an NPC or the player) stands."""
        g = self.game
        return g.player.position if name == g.player.name else g.npcs[name].position

    def in_view(self, name: str) -> bool:
        """On screen now."""
        g = self.game
        view = pygame.Rect(g.camera.rect)
        pos = g.player.position if name == g.player.name else getattr(g.npcs.get(name), "position", None)
        return pos is not None and view.collidepoint(pos)

    def _note(self, examples: list[str], text: str) -> None:
        if len(examples) < 8 and text not in examples:
            examples.append(text)

    # ------------------------------------------------------------------ events
    def _event(self, event: ev.Event) -> None:
        g = self.game
        if not isinstance(event, ev.UtteranceEvent):
            return
        a, b = event.agent, event.listener
        sa, sb = self.space(a), self.space(b)
        if not in_sight(g.world, self.position(a), self.position(b)):
            here, there = (s.name if s is not None else "outdoors" for s in (sa, sb))
            self.tally.through_wall.add(f"{a} ({here}) → {b} ({there}) at {event.time:%H:%M}: {event.text[:40]}")
        if b != g.player.name and a != g.player.name:
            self.tally.talks_seen.add(event.conversation_id)
            if self.in_view(a) and self.in_view(b):
                if event.conversation_id not in self.tally.talks_in_view:
                    where = sa.name if sa is not None else "outdoors"
                    self.tally.talk_notes.append(f"{event.time:%H:%M} {a} and {b} at {where}"
                                                 + (" (waiting there)" if self.busy else ""))
                self.tally.talks_in_view.add(event.conversation_id)
                if self.busy:
                    self.tally.talks_in_view_busy.add(event.conversation_id)

    def chat_opened(self) -> None:
        """The player's chat box just opened: with someone out of sight it is a talk through a wall."""
        g = self.game
        if g.chat is not None and not in_sight(g.world, g.player.position, self.position(g.chat.npc)):
            self.tally.through_wall.add(f"chat opened with {g.chat.npc} through a wall")

    # ------------------------------------------------------------------ each frame
    def frame(self) -> None:
        """Look at what is on screen now."""
        g = self.game
        t = self.tally
        t.frames += 1
        self.log.step(*g.player.position)
        if g.society is None:
            return
        view = pygame.Rect(g.camera.rect)
        if self.busy:
            t.busy_frames += 1
            here = self.space(g.player.name)
            for npc in g.npcs.values():
                if space_at(g.world, *npc.position) is here:
                    t.company[npc.first_name] = t.company.get(npc.first_name, 0) + 1
        for npc in g.npcs.values():
            if not view.collidepoint(npc.position) or not npc.doing:
                continue
            t.label_frames += 1
            wrong = self.label_wrong(npc)
            if wrong:
                t.mismatches += 1
                self._note(t.mismatch_examples, f"{g.clock.now():%H:%M} {npc.first_name}: {wrong}")
        drawn = getattr(g, "drawn", None)
        if drawn is not None:
            hit = drawn.overlap()
            if hit:
                t.overlap_frames += 1
                self._note(t.overlap_examples, hit)

    def label_wrong(self, npc: Npc) -> str:
        """Why the label contradicts the body ("" when it does not)."""
        g = self.game
        text = npc.doing
        walker = npc.walker
        if text.startswith(UNCLAIMED):
            return ""
        if text.startswith(WALKING):
            return "" if walker.moving or walker.path else f'"{text}" while standing still'
        if text.startswith("talking with "):
            partner = g.society.agent(npc.name).conversation_with
            chat = g.chat.npc if g.chat is not None else None
            if partner is None and chat != npc.name:
                return f'"{text}" in no conversation'
            other = g.player.name if chat == npc.name else partner
            return "" if self.space(other) is self.space(npc.name) else f'"{text}" with {other} out of sight'
        action = g.society.action(npc.name)
        address = action.address
        if not address or address not in g.world:
            return ""
        target = g.world.get(address)
        if target.kind.value == "Object":
            target = target.parent
        body = area_at(g.world, *npc.position)
        if _inside(body, target):
            return ""
        where = body.name if body is not None else "nowhere"
        return f'"{text}" ({target.name}) while in {where}'

    def report(self) -> dict[str, Any]:
        """The counts as numbers."""
        t = self.tally
        return {
            "doors_passed": len(self.log.passed),
            "doors_total": len(self.doors),
            "label_place_mismatch_pct": round(100.0 * t.mismatches / t.label_frames, 2) if t.label_frames else 0.0,
            "talk_through_wall": len(t.through_wall),
            "panel_overlaps": t.overlap_frames,
        }


def game_hours(since: datetime, until: datetime) -> float:
    """Game hours between two moments."""
    return max(0.0, (until - since).total_seconds() / 3600)
