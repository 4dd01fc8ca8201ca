"""Chat box: Unicode text from TEXTINPUT, editing keys, and no walking while typing; a talk round trip."""
from __future__ import annotations

import pygame

from demo_game.chatbox import TextInput, Typed
from npc_brain.memory.record import MemoryKind


def text(t: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=t)


def key(k: int, mod: int = 0, up: bool = False) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP if up else pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def test_text_input_unicode_and_editing():
    box = TextInput(max_len=40)
    for t in ("Grüß", " dich, ", "日本", "!"):
        assert box.handle(text(t)) is Typed.EDITED
    assert box.text == "Grüß dich, 日本!"
    assert box.handle(key(pygame.K_BACKSPACE)) is Typed.EDITED
    assert box.text == "Grüß dich, 日本"
    box.handle(key(pygame.K_BACKSPACE, pygame.KMOD_LCTRL))  # a word at a time
    assert box.text == "Grüß dich, "
    box.handle(key(pygame.K_HOME))
    box.handle(text("¡"))
    assert box.text == "¡Grüß dich, " and box.caret == 1
    box.handle(key(pygame.K_END))
    assert box.handle(key(pygame.K_RETURN)) is Typed.SUBMIT
    assert box.handle(key(pygame.K_ESCAPE)) is Typed.CANCEL
    box.clear()
    assert box.handle(key(pygame.K_RETURN)) is Typed.NOTHING  # nothing to say
    box.handle(text("x" * 100))
    assert len(box.text) == 40  # capped, not overflowing
    box.clear()
    box.handle(text("a\x07b\nc"))  # control characters never get in
    assert box.text == "abc"


def test_opening_key_is_not_typed():
    box = TextInput()
    box.swallow = "e"
    assert box.handle(text("e")) is Typed.NOTHING
    assert box.handle(text("e")) is Typed.EDITED and box.text == "e"


def _near(game, name):
    npc = game.npcs[name]
    x, y = npc.position
    game.player.place((x + 20, y))
    game.world.set_position(game.player.name, x + 20, y)
    return npc


def test_movement_keys_do_not_leak_while_typing(make_game):
    game = make_game(npcs=2)
    game.run(frames=2)
    name = next(iter(game.npcs))
    _near(game, name)
    pygame.event.post(key(pygame.K_e))
    pygame.event.post(text("e"))  # SDL may deliver the opening key as text too
    game.step(1 / 60)
    assert game.chat is not None and game.chat.npc == name and game.chat.entry.text == ""
    before = game.player.position
    for k, t in ((pygame.K_w, "w"), (pygame.K_a, "a"), (pygame.K_s, "s"), (pygame.K_d, "d"), (pygame.K_UP, "")):
        pygame.event.post(key(k))
        if t:
            pygame.event.post(text(t))
    for _ in range(20):
        game.step(1 / 60)
    assert game.player.position == before
    assert game.chat.entry.text == "wasd"
    pygame.event.post(key(pygame.K_ESCAPE))
    game.step(1 / 60)
    assert game.chat is None
    pygame.event.post(key(pygame.K_RIGHT))
    for _ in range(20):
        game.step(1 / 60)
    assert game.player.position[0] > before[0]  # walking again once the box is closed
    pygame.event.post(key(pygame.K_RIGHT, up=True))
    game.step(1 / 60)
    still = game.player.position
    game.step(1 / 60)
    assert game.player.position == still


def test_talk_round_trip(make_game):
    game = make_game(npcs=2)
    game.run(frames=2)
    name = next(iter(game.npcs))
    _near(game, name)
    assert game.open_chat()
    for ch in "Hi! Is the café open? ☕":
        pygame.event.post(text(ch))
    pygame.event.post(key(pygame.K_RETURN))
    game.step(1 / 60)
    conv = game.chat.conversation
    assert conv is not None and game.chat.entry.text == ""
    for _ in range(10):
        game.step(1 / 60)
    lines = conv.lines
    assert lines[0].speaker == game.player.name and lines[0].text == "Hi! Is the café open? ☕"
    assert any(line.speaker == name for line in lines[1:]), lines
    assert game.npcs[name].bubble is not None  # the reply shows above the NPC too
    assert game.society.agent(name).conversation_with == game.player.name
    pygame.event.post(key(pygame.K_ESCAPE))
    for _ in range(5):
        game.step(1 / 60)
    assert game.chat is None and conv.ended
    agent = game.society.agent(name)
    assert agent.conversation_with is None
    stored = [r.description for r in agent.memory.records if r.kind == MemoryKind.DIALOGUE]
    stored += [d.description for d in agent.buffered if d.kind == MemoryKind.DIALOGUE]
    assert any("Is the café open?" in s for s in stored), stored


def test_whisper_becomes_a_thought(make_game):
    game = make_game(npcs=2)
    game.run(frames=2)
    name = list(game.npcs)[1]
    game.select(name)
    pygame.event.post(key(pygame.K_w))
    pygame.event.post(text("w"))
    game.step(1 / 60)
    assert game.whisper is not None and game.whisper.npc == name and game.whisper.entry.text == ""
    for ch in "I should visit the park":
        pygame.event.post(text(ch))
    pygame.event.post(key(pygame.K_RETURN))
    for _ in range(3):
        game.step(1 / 60)
    assert game.whisper is None
    agent = game.society.agent(name)
    thoughts = [r.description for r in agent.memory.records if r.kind == MemoryKind.THOUGHT]
    thoughts += [d.description for d in agent.buffered if d.kind == MemoryKind.THOUGHT]
    assert "I should visit the park" in thoughts


def test_a_failed_reply_is_explained_in_the_chat_box(make_game):
    from npc_brain.llm.errors import LLMUnavailable
    from npc_brain.llm.testing import ScriptedModel
    from npc_brain.testing import BrainResponder

    brain = BrainResponder()

    def responder(messages, schema):
        if "could say:" in messages[-1]["content"]:  # the NPC's line, phrased or chosen
            raise LLMUnavailable("the model is down")
        return brain(messages, schema)

    game = make_game(npcs=1, model=ScriptedModel().respond_with(responder))
    game.run(frames=2)
    name = next(iter(game.npcs))
    _near(game, name)
    assert game.open_chat()
    game.say("Hello?")
    for _ in range(5):
        game.step(1 / 60)
    assert game.chat is not None and game.chat.conversation.ended
    assert "lost the thread" in game.chat.notice and "down" in game.chat.notice
    game.say("Are you there?")  # a new conversation starts; the game goes on
    game.step(1 / 60)
    assert game.chat.conversation.lines[-1].text == "Are you there?"
