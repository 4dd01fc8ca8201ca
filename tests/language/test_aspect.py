"""Aspect: a happening is told before a trait, whatever either is about."""
from __future__ import annotations

import pytest

from npc_brain.language.aspect import happening


@pytest.mark.parametrize(("sentence", "news"), [
    ("Dora Vance sold her late husband's boat to a stranger", True),  # past, irregular
    ("Pim adopted a blind cat last spring", True),  # past, regular
    ("Ruth is repainting the chapel door", True),  # under way
    ("Odo will open a bakery by the bridge", True),  # ahead
    ("Nell wants to learn the fiddle", True),  # an intention
    ("The west bridge washed away yesterday", True),  # a time word
    ("Dora Vance likes quiet mornings", False),  # a liking
    ("Pim is a retired ferryman", False),  # who someone is
    ("Ruth has kept bees for thirty years", False),  # how long a state has lasted
    ("Odo usually walks his dog at dawn", False),  # a habit
    ("Nell finds crowds tiring", False),  # a trait
    ("Ines Valdor has been offered a post in the capital", True),  # passive perfect
    ("Bram has taken over the bakery by the mill", True),  # perfect, irregular participle
    ("Odo was seen rowing out past the lighthouse", True),  # passive, irregular participle
    ("Greta has been given the keys to the chapel", True),  # passive perfect, irregular participle
    ("Pim was born in the harbour town", False),  # where someone comes from
    ("Dora is known for her plum tarts", False),  # a reputation
])
def test_what_happened_is_told_apart_from_how_someone_is(sentence, news):
    assert happening(sentence) is news


@pytest.mark.parametrize("sentence, event", [
    ("the harbourmaster resigned", True),
    ("the pier has been repaired at last", True),
    ("the council will vote on the bridge", True),
    ("a troupe is setting up on the green", True),
    ("the weather is lovely today", False),  # a time word alone: no event
    ("the retired sailor lives by the pier", False),
    ("the clouds look heavy", False),
    ("the mill has been sold to a brewer", True),
    ("the lighthouse keeper has written a ballad", True),
    ("the baker is known for her plum tarts", False),  # "known" is no verb here
])
def test_an_event_is_told_by_its_verb(sentence: str, event: bool) -> None:
    from npc_brain.language.aspect import tells_event
    assert tells_event(sentence) is event
