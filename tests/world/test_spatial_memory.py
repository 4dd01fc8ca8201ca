"""SpatialMemory: an agent's known subtree, object states as last seen, saves."""

from __future__ import annotations

import json

import pytest

from npc_brain.types.persona import Persona
from npc_brain.world import PlaceKind, SpatialMemory, UnknownPlace, World


def test_learn_adds_ancestors_only(town: World) -> None:
    memory = SpatialMemory(town)
    memory.learn("smallville:hobbs_cafe:kitchen:stove")
    assert memory.known("smallville") and memory.known("smallville:hobbs_cafe")
    assert memory.known("smallville:hobbs_cafe:kitchen")
    assert not memory.known("smallville:hobbs_cafe:dining_room")
    assert [p.key for p in memory.children("smallville:hobbs_cafe")] == ["kitchen"]
    assert memory.state_of("smallville:hobbs_cafe:kitchen:stove") is None  # told, not seen
    with pytest.raises(UnknownPlace):
        memory.learn("smallville:atlantis")


def test_observe_room_records_children_and_states_as_last_seen(town: World) -> None:
    memory = SpatialMemory(town)
    new = memory.observe_room("smallville:hobbs_cafe:kitchen")
    assert {p.key for p in new} == {"kitchen", "stove", "counter"}
    assert memory.known("smallville:hobbs_cafe")  # ancestors come along
    assert memory.state_of("smallville:hobbs_cafe:kitchen:stove") == "off"
    town.set_state("smallville:hobbs_cafe:kitchen:stove", "cooking breakfast")
    # the agent has not looked again: it still believes the stove is off
    assert memory.state_of("smallville:hobbs_cafe:kitchen:stove") == "off"
    assert "a stove (off)" in memory.render("smallville:hobbs_cafe")
    memory.observe_room(town.get("smallville:hobbs_cafe:kitchen"))
    assert memory.state_of("smallville:hobbs_cafe:kitchen:stove") == "cooking breakfast"
    assert memory.observe_room("smallville:hobbs_cafe:kitchen") == []


def test_version_changes_exactly_when_what_is_known_changes(town: World) -> None:
    memory = SpatialMemory(town)
    v0 = memory.version
    memory.learn("smallville:hobbs_cafe:kitchen")
    v1 = memory.version
    memory.learn("smallville:hobbs_cafe")  # known already: nothing new
    memory.observe_room("smallville:hobbs_cafe:kitchen")
    v2 = memory.version
    memory.observe_room("smallville:hobbs_cafe:kitchen")  # the same as last seen
    assert v0 < v1 < v2 == memory.version
    town.set_state("smallville:hobbs_cafe:kitchen:stove", "cooking breakfast")
    memory.observe_room("smallville:hobbs_cafe:kitchen")  # seen anew
    assert memory.version > v2


def test_render_shows_only_the_known_subtree(town: World) -> None:
    memory = SpatialMemory(town)
    memory.observe_room("smallville:hobbs_cafe:kitchen")
    memory.learn("smallville:lin_house")
    text = memory.render()
    assert text == (
        "Smallville has Hobbs Cafe with a kitchen; and Lin House. "
        "The kitchen in Hobbs Cafe has a stove (off) and a counter."
    )
    assert "dining room" not in text and "Harvey" not in text
    assert memory.render("smallville:the_rose_and_crown") == ""


def test_seeded_from_a_persona(town: World) -> None:
    persona = Persona(
        name="Isabella Rodriguez",
        age=34,
        home="smallville:lin_house:living_room",
        workplace="smallville:hobbs_cafe",
    )
    memory = SpatialMemory.for_persona(town, persona)
    assert {p.name for p in memory.known_places(PlaceKind.BUILDING)} == {
        "Hobbs Cafe",
        "Lin House",
        "Harvey Oak Supply",
        "The Rose and Crown",
    }
    assert memory.known("smallville:hobbs_cafe:kitchen:stove")  # workplace: the whole building
    assert memory.known("smallville:lin_house:bedroom:bed")  # home building
    assert not any(memory.children("smallville:harvey_oak_supply"))  # only heard of the shop
    with pytest.raises(UnknownPlace):
        SpatialMemory.for_persona(town, Persona(name="X", age=20, home="town:nowhere"))


def test_save_and_restore(town: World) -> None:
    memory = SpatialMemory(town)
    memory.observe_room("smallville:hobbs_cafe:kitchen")
    saved = json.loads(json.dumps(memory.to_state()))
    restored = SpatialMemory.from_state(town, saved)
    assert restored.to_state() == memory.to_state()
    assert restored.render() == memory.render()
    # a place the map no longer has survives a save round trip
    saved["known"].append("smallville:demolished_barn")
    again = SpatialMemory.from_state(town, saved)
    assert again.known("smallville:demolished_barn")
    assert again.render() == memory.render()
    with pytest.raises(ValueError):
        SpatialMemory.from_state(town, {"known": "not a list"})
