"""A step that names a building goes there, whatever punctuation follows the name."""
from __future__ import annotations

from npc_brain.cognition.location import obvious_place
from npc_brain.types.persona import Persona

NAMES = {"town:hobbs_cafe": "Hobbs Cafe", "town:oak_hill_college": "Oak Hill College",
         "town:willow_market": "Willow Market & Pharmacy"}
KLAUS = Persona(name="Klaus Mueller", age=20, home="town:dorm:room_1", workplace="town:oak_hill_college:library")


def test_a_named_building_followed_by_a_comma_is_named() -> None:
    # A 25-NPC Valentine run placed the party at the college when its step read "… at Hobbs Cafe, February".
    what = "going to the Valentine's Day party at Hobbs Cafe, February"
    assert obvious_place(what, "socialize", KLAUS, NAMES) == "town:hobbs_cafe"


def test_names_with_signs_and_at_the_end_of_a_sentence() -> None:
    assert obvious_place("buying cough drops at Willow Market & Pharmacy.", "shop", KLAUS, NAMES) == \
        "town:willow_market"
    assert obvious_place("meeting friends (Hobbs Cafe)", "socialize", KLAUS, NAMES) == "town:hobbs_cafe"
    assert obvious_place("meeting a friend at the college gate", "socialize", KLAUS, NAMES) is None  # not its name
