"""The poignancy reading (`language.poignancy`): words read by their grammar, a word model
learnt from example memories written apart from the labelled set, and its order of kinds."""
from __future__ import annotations

import pytest

from npc_brain.bench import importance as bench
from npc_brain.language import poignancy as p
from npc_brain.language.poignancy_examples import EXAMPLES
from npc_brain.memory.importance import normalise_description


def test_names_times_numbers_and_days_are_read_by_their_form():
    lower = {"the", "my"}
    assert p.words("Ama Boateng told Lars Eng", lower) == ["n", "told", "n", "n_told", "told_n"]
    # A sentence's first word stays a word when the examples use it in lower case; a name
    # after a colon is still a name, and "I" is a pronoun.
    assert p.words("The stove is off", lower)[0] == "the"
    assert p.words("Ama said: My cat ran off", lower)[:4] == ["n", "said", "my", "cat"]
    assert p.words("Ama said: Lars is here", lower)[:3] == ["n", "said", "n"]
    assert p.words("I left", lower)[:2] == ["i", "left"]
    toks = p.words("The fair opens at 10am on Friday, March 3rd, for 2 hours at 9:30 pm", lower)
    assert toks[:13] == ["the", "fair", "opens", "at", "t", "on", "d", "d", "#", "for", "#", "hours", "at"]
    assert toks[13] == "t" and "on_d" in toks  # word pairs follow the words
    assert p.words("Ama Boateng's dog", lower)[:2] == ["n", "dog"]  # the owner is the name


def test_who_where_and_when_do_not_change_the_reading():
    a = p.poignancy("Ama Boateng told me that Lars Eng is leaving Brightwater on Friday at 6pm")
    b = p.poignancy("Pedro Alves told me that Mina Cho is leaving Oakvale on Monday at 9am")
    assert a == pytest.approx(b)


def test_a_life_event_reads_above_a_rumour_above_a_chat_above_a_chore():
    # Written for this test: in neither the examples nor the labelled set.
    life = p.poignancy("Orla Finch's husband died in his sleep last night")
    rumour = p.poignancy("Dev Patel told me that the sawmill is going to close next month")
    chat = p.poignancy("Orla Finch said: lovely evening for a walk")
    chore = p.poignancy("I wiped the kitchen table")
    assert life > rumour > chat > chore, (life, rumour, chat, chore)
    assert 1.0 <= chore and life <= 10.0


def test_words_no_example_used_count_for_nothing():
    mean = sum(EXAMPLES) / len(EXAMPLES)
    assert p.poignancy("quorble frabjous zintle") == pytest.approx(mean)
    assert p.poignancy("") == pytest.approx(mean)


def test_the_model_is_pure_and_learnt_once():
    again = p.PoignancyModel.trained(EXAMPLES)
    text = "Wren Hale sold her bakery to Tam Ode"
    assert again.rating(text) == p.poignancy(text)
    post = again.posterior(text)
    assert set(post) == set(EXAMPLES) and sum(post.values()) == pytest.approx(1.0)


def test_the_examples_are_apart_from_the_labelled_set():
    labelled = {normalise_description(r["text"]) for r in bench.load_labels()}
    written = {normalise_description(line) for lines in EXAMPLES.values() for line in lines}
    assert not labelled & written
    assert set(EXAMPLES) == set(range(1, 11)) and all(len(v) >= 10 for v in EXAMPLES.values())
