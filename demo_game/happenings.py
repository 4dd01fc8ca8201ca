"""Happenings: what the society's events look like in the demo — bubbles and the event feed.

The feed says each thing in a whole sentence ("Klaus and Mei start talking.", what someone in
view says, in quotes, the summary when a talk ends, refusals, errands), and NPCs the player can
see greet each other with a wave when they start talking, before the first line is thought of.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from npc_brain import events as ev

if TYPE_CHECKING:
    from demo_game.game import Game

log = logging.getLogger(__name__)


def _first(name: str) -> str:
    return name.split()[0] if name else name


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    return text if not text or text[-1] in ".!?…”\"" else text + "."


def in_view(g: Game, name: str) -> bool:
    """On screen now (the player or an NPC)."""
    view = pygame.Rect(g.camera.rect)
    npc = g.npcs.get(name)
    pos = g.player.position if name == g.player.name else npc.position if npc is not None else None
    return pos is not None and view.collidepoint(pos)


def on_event(g: Game, event: ev.Event) -> None:
    """Show one event: bubbles over heads, a line in the feed, the game's part of an errand."""
    npc = g.npcs.get(event.agent)
    first = _first(event.agent)
    you = g.player.name
    if isinstance(event, ev.UtteranceEvent):
        if npc is not None:
            npc.say(event.text, g.t)
        if event.listener != you and in_view(g, event.agent):
            g.hud.log(f"{first} to {_first(event.listener)}: “{event.text}”", g.t, "socialize")
    elif isinstance(event, ev.ConversationStarted):
        if event.partner != you:
            g.hud.log(f"{first} and {_first(event.partner)} start talking.", g.t, "socialize")
            other = g.npcs.get(event.partner)
            if npc is not None and other is not None and in_view(g, event.agent):
                # They meet: a wave while the first line is thought of (a gesture, not a line said).
                npc.say(f"waves to {other.first_name}", g.t, tone="thought", icon="socialize", duration=2.5)
    elif isinstance(event, ev.ConversationEnded):
        if event.summary and event.partner != you:
            g.hud.log(_sentence(event.summary), g.t, "socialize")
    elif isinstance(event, ev.PlanChanged):
        if event.level == "day":
            g.hud.log(f"{first} planned the day.", g.t, "work")
        elif event.level in ("react", "refusal"):
            # The summary is an '-ing' phrase ("waking up and getting ready").
            g.hud.log(_sentence(f"{first} is now {event.summary}"), g.t, "commute")
    elif isinstance(event, ev.ReflectionWritten):
        for text, _ in event.insights[:1]:
            g.hud.log(_sentence(f"{first} reflects: {text}"), g.t, "other")
    elif isinstance(event, ev.ActionRequested):
        done, reason = g.performer.perform(event, g.clock.now())
        g.society.report(event.request_id, done=done, reason=reason)
        what = g.society.actions.get(event.action).description if event.action in g.society.actions \
            else event.action.replace("_", " ")
        g.hud.log(_sentence(event.record if done and event.record else f"{first} will {what}") if done
                  else _sentence(f"{first} could not {what}: {reason.rstrip('.')}"), g.t,
                  "other" if done else "refused")
    elif isinstance(event, ev.MovementEnded):
        verb = "following" if event.kind == "follow" else "going to"
        target = _first(event.target) if event.kind == "follow" else g.world.area_name(event.target) or "there"
        g.hud.log(f"{first} stops {verb} {target}.", g.t, "commute")
    elif isinstance(event, ev.ThoughtFailed):
        log.info("%s: %s failed: %s", event.agent, event.thought, event.error)
        if g.chat is not None and g.chat.npc == event.agent and event.thought == "dialogue":
            g.chat.notice = f"{first} lost the thread (the model failed: {event.error[:80]}); try again."
