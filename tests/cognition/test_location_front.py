"""Work in a place kept open to visitors goes where they are, by the map's purposes (places and
people written for these tests)."""
from __future__ import annotations

from npc_brain.cognition.location import KnownPlaces, PlaceInfo, choose_place
from npc_brain.llm.testing import ScriptedModel

BAKERY = "vale:bakery"
PLACES = [
    PlaceInfo("vale", "Vale", "world", children=(BAKERY, "vale:mill")),
    # The back room first, as in the demo's café (its kitchen before its dining area).
    PlaceInfo(BAKERY, "Pell's Ovens", "building", purpose=frozenset({"eat", "drink", "socialize", "work"}),
              kept=True, children=(f"{BAKERY}:bakehouse", f"{BAKERY}:shop")),
    PlaceInfo(f"{BAKERY}:bakehouse", "Bakehouse", "room", purpose=frozenset({"cook", "work"})),
    PlaceInfo(f"{BAKERY}:shop", "Shop Floor", "room", purpose=frozenset({"eat", "drink", "socialize", "work"})),
    # Nobody keeps the mill open to visitors: its two work rooms stay the model's choice.
    PlaceInfo("vale:mill", "Old Mill", "building", purpose=frozenset({"work"}),
              children=("vale:mill:loft", "vale:mill:floor")),
    PlaceInfo("vale:mill:loft", "Loft", "room", purpose=frozenset({"work", "sleep"})),
    PlaceInfo("vale:mill:floor", "Grinding Floor", "room", purpose=frozenset({"work"})),
]


def walk(what: str, activity: str, workplace: str, here: str | None = None, start: str = "vale"):
    model = ScriptedModel().respond_with(lambda messages, schema: '{"place": "bakehouse"}')
    return choose_place(model, KnownPlaces.build(PLACES), agent="Odile Pell", what=what, activity=activity,
                        start=start, here=here, workplace=workplace, to_object=False)


def test_one_who_works_at_a_kept_place_works_where_its_visitors_are():
    # Seen in runs of the demo: the café's owner and its barista sent to the kitchen by the model,
    # where no customer met them all day.
    out = walk("opening up and serving the first customers", "work", BAKERY)
    assert out.address == f"{BAKERY}:shop" and out.calls == 0


def test_even_from_the_back_room_it_baked_in_at_dawn():
    out = walk("serving customers until noon", "work", BAKERY, here=f"{BAKERY}:bakehouse")
    assert out.address == f"{BAKERY}:shop"


def test_a_workplace_naming_the_back_room_is_kept_and_other_activities_are_unchanged():
    assert walk("kneading the day's dough", "work", f"{BAKERY}:bakehouse").address == f"{BAKERY}:bakehouse"
    assert walk("baking rye loaves", "cook", BAKERY).address == f"{BAKERY}:bakehouse"  # only it serves cooking


def test_a_place_nobody_keeps_open_leaves_the_choice_to_the_model():
    model = ScriptedModel().respond_with(lambda messages, schema: '{"place": "loft"}')
    out = choose_place(model, KnownPlaces.build(PLACES), agent="Odile Pell", what="sorting sacks", activity="work",
                       start="vale", workplace="vale:mill", to_object=False)
    assert out.address == "vale:mill:loft" and out.calls == 1
