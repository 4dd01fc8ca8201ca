"""Talks: the player's two text boxes — a chat with the NPC in reach (E), and a whisper into a
selected NPC's inner voice (W).

Opening a chat engages the NPC (it waits for you, and the town's thinking makes room for its
reply); a sleeper is woken by a second E. The game keeps the open boxes (`chat`, `whisper`) and
one chat box per NPC (`chats`), whose history outlives conversations.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from demo_game.brains import BrainState
from demo_game.chatbox import ChatBox, WhisperBox

if TYPE_CHECKING:
    from demo_game.ports import TalkingGame
    from demo_game.townsfolk import Waker


class Talks:
    """Opens, feeds and closes the game's text boxes; `waker` wakes a sleeper you turn to."""

    def __init__(self, game: TalkingGame, waker: Waker) -> None:
        self.game = game
        self.waker = waker

    def open_chat(self, name: str | None = None) -> bool:
        """E: talk to the nearest NPC in sight (or `name`). False (with a toast) when nobody is
        near; a sleeper is woken by a second E, with a grumble."""
        g = self.game
        npc = g.npcs.get(name) if name else g.nearest_npc()
        if npc is None:
            g.hud.toast("Walk up to someone first (within about three tiles, in the same room), then press E.",
                        g.t, error=True)
            return False
        if g.society is None:
            g.hud.toast("The town is still waking up…" if g.brains.state is BrainState.WAKING
                        else "The townsfolk have no minds right now.", g.t, error=True)
            return False
        if g.asleep(npc) and not self.waker.knock(npc, g.t):
            return False  # "Zzz…": a second E wakes them
        chat = g.chats.get(npc.name)
        if chat is None:
            portrait = g.sprites.portrait(npc.name, npc.persona.sprite, 44)
            chat = g.chats[npc.name] = ChatBox(npc.name, portrait)
        chat.notice = ""
        chat.scroll = 0
        g.chat = chat
        chat.entry.swallow = "e"
        # The NPC you turned to waits for you (see move_npcs), and the town's thinking makes
        # room for its reply.
        g.society.engage(g.player.name, npc.name)
        pygame.key.start_text_input()
        g.controls.release_all()
        npc.walker.face(*g.player.position)
        return True

    def say(self, text: str) -> None:
        """Send a line to the NPC in the chat box."""
        g = self.game
        if g.chat is None or g.society is None:
            return
        try:
            g.chat.conversation = g.society.talk(g.chat.npc, g.player.name, text)
            g.chat.notice = ""
        except ValueError as exc:
            g.chat.notice = str(exc)

    def close_chat(self) -> None:
        """Esc: leave the conversation (both sides remember it)."""
        g = self.game
        if g.chat is None:
            return
        conv = g.chat.conversation
        if conv is not None and not conv.ended and g.society is not None:
            g.society.end_conversation(conv)
        if g.society is not None:
            g.society.engage(g.player.name, None)
        g.chat = None
        pygame.key.stop_text_input()

    def open_whisper(self, name: str | None = None) -> bool:
        """W on a selected NPC: a line for its inner voice."""
        g = self.game
        name = name or g.inspector.name
        if name is None or g.society is None:
            return False
        g.whisper = WhisperBox(name)
        g.whisper.entry.swallow = "w"
        pygame.key.start_text_input()
        g.controls.release_all()
        return True

    def send_whisper(self, text: str) -> None:
        """Store the whispered line as the NPC's own thought."""
        g = self.game
        if g.whisper is None or g.society is None:
            return
        name = g.whisper.npc
        try:
            g.society.whisper(name, text)
            g.hud.toast(f"{name.split()[0]} thinks: “{text[:60]}”", g.t)
            g.npcs[name].say(text, g.t, tone="thought", icon="whisper", duration=4.0)
        except ValueError as exc:
            g.hud.toast(str(exc), g.t, error=True)
        self.close_whisper()

    def close_whisper(self) -> None:
        """Close the whisper box."""
        self.game.whisper = None
        pygame.key.stop_text_input()
