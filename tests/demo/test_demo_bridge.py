"""pygame bridge pieces: the camera stays on the map, text wraps, icons exist, layers sort."""
from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from npc_brain.adapters.camera import Camera
from npc_brain.adapters.pygame_bridge import ActivityIcons, Fonts, is_over_layer, shorten, wrap_text
from npc_brain.world.place import ACTIVITIES


def test_camera_clamps_and_round_trips():
    cam = Camera((1280, 720), (2560, 1920))
    cam.center_on(0, 0)
    assert cam.rect[:2] == (0, 0)
    cam.center_on(5000, 5000)
    assert cam.rect[:2] == (2560 - 1280, 1920 - 720)
    assert cam.to_world(*cam.to_screen(1500, 1400)) == (1500, 1400)
    cam.center_on(1280, 960)
    for _ in range(300):
        cam.follow(1500, 1200, 1 / 60)
    assert cam.rect[:2] == pytest.approx((1500 - 640, 1200 - 360), abs=1)
    small = Camera((1280, 720), (640, 480))
    small.center_on(320, 240)
    assert small.offset == (320, 120) and small.to_screen(0, 0) == (320, 120)


def test_wrap_shorten_and_icons():
    pygame.font.init()
    font = Fonts().get(14)
    lines = wrap_text(font, "a cosy café serving coffee, pastries and light meals " * 3, 160)
    assert len(lines) > 2 and all(font.size(line)[0] <= 160 for line in lines)
    long_word = wrap_text(font, "x" * 400, 100)
    assert "".join(long_word) == "x" * 400 and all(font.size(line)[0] <= 100 for line in long_word)
    clipped = wrap_text(font, "one two three four five six seven eight nine ten " * 5, 120, max_lines=2)
    assert len(clipped) == 2 and clipped[-1].endswith("…")
    assert shorten("brewing coffee at the counter") == "brewing coffee at the…"
    assert shorten("reading") == "reading"
    icons = ActivityIcons(18)
    for activity in (*ACTIVITIES, "refused", "thinking", "whisper"):
        assert icons.get(activity).get_size() == (18, 18)
    assert icons.get("no such activity") is icons.get("other")


def test_over_layers():
    assert is_over_layer(SimpleNamespace(name="Roofs", properties={}))
    assert is_over_layer(SimpleNamespace(name="trees", properties={"over": True}))
    assert not is_over_layer(SimpleNamespace(name="furniture", properties={}))


def test_shorten_never_cuts_a_word():
    assert shorten("pouring pints and chatting with the regulars", 6, 34) == "pouring pints and chatting with…"
    assert shorten("opening the pub at eleven in the morning", 6, 34) == "opening the pub at eleven in…"
    for text in ("walking to The Rose and Crown Pub", "having tea at Hobbs Cafe in the afternoon"):
        kept = shorten(text, 6, 34).rstrip("…").split()
        assert kept == text.split()[: len(kept)]  # whole words, in order
