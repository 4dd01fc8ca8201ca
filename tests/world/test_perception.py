"""Perception: others' actions and object states in the same room, or within a radius outdoors."""

from __future__ import annotations

from npc_brain.world import Perception, World
from npc_brain.world.perception import action_sentence


def test_sees_people_and_objects_in_the_same_room_only(town: World) -> None:
    town.set_position("Isabella Rodriguez", 112, 80)  # kitchen
    town.set_position("Klaus Mueller", 144, 72)  # kitchen
    town.set_position("Maria Lopez", 208, 160)  # dining room, same building
    town.set_state("smallville:hobbs_cafe:kitchen:stove", "cooking breakfast")
    seen = Perception(town).perceive(
        "Isabella Rodriguez", {"Klaus Mueller": "reading at his desk", "Maria Lopez": "eating"}
    )
    texts = {o.description for o in seen}
    assert texts == {"Klaus Mueller is reading at his desk", "the stove is cooking breakfast"}
    klaus = next(o for o in seen if o.subject == "Klaus Mueller")
    assert klaus.place == "smallville:hobbs_cafe:kitchen"
    stove = next(o for o in seen if o.subject == "smallville:hobbs_cafe:kitchen:stove")
    assert stove.place == "smallville:hobbs_cafe:kitchen"


def test_outdoors_uses_the_radius(town: World) -> None:
    town.set_position("John Lin", 600, 400)
    town.set_position("Klaus Mueller", 620, 420)  # close by, also outdoors
    town.set_position("Maria Lopez", 20, 460)  # far away
    town.set_position("Isabella Rodriguez", 112, 80)  # indoors
    perception = Perception(town, radius_px=100)
    seen = perception.perceive("John Lin", {"Klaus Mueller": "walking to the park"})
    assert [o.description for o in seen] == ["Klaus Mueller is walking to the park"]
    assert Perception(town, radius_px=1000).perceive("John Lin") != seen


def test_changes_reports_only_what_is_new(town: World) -> None:
    town.set_position("Isabella Rodriguez", 112, 80)
    town.set_position("Klaus Mueller", 144, 72)
    perception = Perception(town)
    first = perception.changes("Isabella Rodriguez", {"Klaus Mueller": "chopping onions"})
    assert {o.description for o in first} == {
        "Klaus Mueller is chopping onions",
        "the stove is off",
    }
    assert perception.changes("Isabella Rodriguez", {"Klaus Mueller": "chopping onions"}) == []
    town.set_state("smallville:hobbs_cafe:kitchen:stove", "boiling water")
    again = perception.changes("Isabella Rodriguez", {"Klaus Mueller": "chopping onions"})
    assert [o.description for o in again] == ["the stove is boiling water"]


def test_unplaced_agent_sees_nothing(town: World) -> None:
    assert Perception(town).perceive("Nobody") == []


def test_action_sentence_forms() -> None:
    assert (
        action_sentence("Klaus Mueller", "reading at his desk")
        == "Klaus Mueller is reading at his desk"
    )
    assert action_sentence("Klaus Mueller", "is asleep.") == "Klaus Mueller is asleep"
    assert action_sentence("Klaus Mueller", "Klaus Mueller waves") == "Klaus Mueller waves"
    assert action_sentence("Klaus Mueller", None) == "Klaus Mueller is idle"
    # A bare activity reads as what the person is doing ("Klaus Mueller is sleep" was seen).
    assert action_sentence("Klaus Mueller", "sleep") == "Klaus Mueller is sleeping"
    assert action_sentence("Klaus Mueller", "idle") == "Klaus Mueller is idle"


def test_one_perception_sees_every_move_between_looks(town: World) -> None:
    """Who is in which room is grouped once per occupancy version (not read N² times a step),
    so a move, an arrival or a departure shows at the next look."""
    town.set_position("Isabella Rodriguez", 112, 80)  # kitchen
    town.set_position("Klaus Mueller", 208, 160)  # dining room
    perception = Perception(town)
    assert perception.perceive("Isabella Rodriguez", {}) == perception.perceive("Isabella Rodriguez", {}) != []
    assert not any(o.subject == "Klaus Mueller" for o in perception.perceive("Isabella Rodriguez"))
    town.set_position("Klaus Mueller", 144, 72)  # walks into the kitchen
    town.move("Maria Lopez", "smallville:hobbs_cafe:kitchen")
    assert {o.subject for o in perception.perceive("Isabella Rodriguez")} >= {"Klaus Mueller", "Maria Lopez"}
    town.remove("Klaus Mueller")
    assert "Klaus Mueller" not in {o.subject for o in perception.perceive("Isabella Rodriguez")}
