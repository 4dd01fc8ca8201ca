"""The gazetteer reads place names as a town's people say them: whole, by a last word only one name
ends in, or without its last word when "the" comes first and only one name begins so."""
from __future__ import annotations

import pytest

from npc_brain.language.gazetteer import Gazetteer

PLACES = Gazetteer.of([
    ("The Lamb and Flag Tavern", "vale:tavern"),
    ("Bramble Corner Stores & Post", "vale:stores"),
    ("Fernhill College", "vale:college"),
    ("Fernhill Lodge", "vale:lodge"),
    ("Kitchen", "vale:lodge:kitchen"),
    ("Kitchen", "vale:college:kitchen"),
])


@pytest.mark.parametrize(("text", "name"), [
    ("Is the Lamb and Flag any good on a Saturday?", "The Lamb and Flag Tavern"),
    ("Meet me at the Lamb and Flag Tavern at 8.", "The Lamb and Flag Tavern"),
    ("I need stamps from the Bramble Corner Stores tomorrow.", "Bramble Corner Stores & Post"),
    ("Shall we go to the tavern tonight?", "The Lamb and Flag Tavern"),
    ("She teaches at Fernhill College.", "Fernhill College"),
])
def test_a_place_is_named_whole_by_its_last_word_or_without_it(text, name):
    found = PLACES.place_in(text)
    assert found is not None and found.name == name


@pytest.mark.parametrize("text", [
    "I have lived in Fernhill all my life.",   # two names begin so: the village, not a place
    "Meet me at the Fernhill tomorrow.",
    "Lamb and Flag is a fine name for a dog.",  # no "the": not a shortened name
])
def test_a_shortened_name_many_places_share_or_said_without_the_is_no_place(text):
    assert PLACES.place_in(text) is None


@pytest.mark.parametrize(("text", "name"), [
    ("do they sell stamps at the corner?", "Bramble Corner Stores & Post"),  # a word inside one name only
    ("see you at the flag later", "The Lamb and Flag Tavern"),
])
def test_a_place_is_named_by_a_word_inside_its_name_that_no_other_name_has(text, name):
    found = PLACES.place_in(text)
    assert found is not None and found.name == name


def test_a_names_first_word_names_no_place():
    assert PLACES.place_in("the lamb was delicious") is None  # "Lamb" is a name of its own, not the tavern's kind


def test_a_place_said_by_the_first_word_of_its_name_after_a_word_of_place() -> None:
    g = Gazetteer.of([("Pickering Bakery", "v:bakery"), ("Elm Row Chapel", "v:chapel"), ("Elm Row School", "v:school"),
                      ("Fenwick House", "v:fenwick_house"), ("The Anchor Inn", "v:inn")],
                     ["Ruth Fenwick"])
    assert g.place_in("fancy a bun round pickering's later?").address == "v:bakery"
    assert g.place_in("drinks at anchor tonight").address == "v:inn"  # "The" dropped
    assert g.place_in("pickering makes good bread") is None  # no word of place before it
    assert g.place_in("see you at elm") is None  # two places start so
    assert g.place_in("I was at fenwick") is None  # a person's name too
