"""Personas meet the map: missing places are a clear error, "auto" picks a fitting place."""

from __future__ import annotations

import pytest

from npc_brain.types.persona import Persona
from npc_brain.world import World
from npc_brain.world.homes import PersonaPlaceError, place_personas
from npc_brain.world.place import Place, PlaceKind


def _persona(name: str, home: str = "auto", workplace: str | None = None, job: str = "") -> Persona:
    return Persona(name=name, age=30, home=home, workplace=workplace, occupation=job)


def test_missing_home_lists_the_places_that_exist(town: World) -> None:
    with pytest.raises(PersonaPlaceError) as info:
        place_personas([_persona("Ann", home="town:nowhere")], town, source="people.json")
    message = str(info.value)
    assert message.startswith("people.json: Ann's home 'town:nowhere' is not a place on")
    assert "smallville:hobbs_cafe" in message and '"home": "auto"' in message
    assert message.endswith(".") and "\n" not in message


def test_auto_home_is_a_sleeping_place_the_persona_may_enter(town: World) -> None:
    placed = place_personas([_persona("Ann"), _persona("Bob")], town)
    homes = [p.home for p in placed.personas]
    for address in homes:
        place = town.get(address)
        assert not place.private  # the Lins' bedroom is theirs, not Ann's
    assert len(placed.notices) == 2 and placed.notices[0].startswith("Ann: home ")


def test_auto_home_prefers_where_the_map_says_the_persona_lives(town: World) -> None:
    [john] = place_personas([_persona("John Lin")], town).personas
    assert john.home == "smallville:lin_house:bedroom"


def test_auto_workplace_follows_the_occupation(town: World) -> None:
    [isabella] = place_personas(
        [_persona("Isabella", workplace="auto", job="owner of Hobbs Cafe")], town
    ).personas
    assert isabella.workplace == "smallville:hobbs_cafe"


def test_fill_missing_replaces_unknown_addresses_with_a_notice(town: World) -> None:
    placed = place_personas(
        [_persona("Ann", home="town:rodriguez_house", workplace="town:hobbs_cafe", job="barista")],
        town,
        fill_missing=True,
    )
    [ann] = placed.personas
    assert ann.home in town and (ann.workplace is None or ann.workplace in town)
    assert any("town:rodriguez_house is not on this map" in n for n in placed.notices)


def test_a_map_without_places_homes_everyone_in_the_town() -> None:
    world = World(Place("town", "Town", PlaceKind.TOWN, rect=(0, 0, 320, 320)))
    placed = place_personas([_persona("Ann", workplace="auto")], world)
    assert placed.personas[0].home == "town" and placed.personas[0].workplace is None


def test_known_addresses_are_kept_as_they_are(town: World) -> None:
    persona = _persona("Ann", home="smallville:hobbs_cafe")
    placed = place_personas([persona], town)
    assert placed.personas == [persona] and placed.notices == []
