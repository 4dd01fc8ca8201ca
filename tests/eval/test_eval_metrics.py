"""The evaluation's metric definitions on hand-made fixtures."""
from __future__ import annotations

import math
from datetime import datetime, timedelta

import pytest

from npc_brain.eval import metrics as M
from npc_brain.eval.scenario import candidacy_topic, party_topic

PARTY = party_topic("Isabella Rodriguez")
MAYOR = candidacy_topic("Sam Moore")
NAMES = ["Isabella Rodriguez", "Sam Moore", "Jennifer Moore", "Klaus Mueller", "John Lin", "John Smith"]


# ---------------------------------------------------------------- mentions / awareness
def test_terms_are_whole_words_unless_starred() -> None:
    assert M.mentions("I saw Sam at the shop", [["sam"]])
    assert M.mentions("Isabella's party", [["isabella"], ["party"]])  # possessive
    assert not M.mentions("the same as always", [["sam"]])
    assert M.mentions("his candidacy was announced", [["candida*"]])
    assert not M.mentions("his candidacy", [["candida"]])
    assert not M.mentions("anything", [])


def test_every_group_must_match() -> None:
    assert M.mentions("a Valentine's party at Hobbs", PARTY.memory_terms)
    assert not M.mentions("a birthday party", PARTY.memory_terms)  # no detail
    assert not M.mentions("Valentine's Day is coming", PARTY.memory_terms)  # no party


@pytest.mark.parametrize("answer, aware", [
    ("Yes! Isabella is throwing a Valentine's Day party at Hobbs Cafe.", True),
    ("There's a party on February 14th, I think.", True),
    ("No, I haven't heard about a Valentine's party.", False),     # denial first
    ("I'm not sure, but Isabella is planning a Valentine's party.", True),  # a hedge, then the news
    ("No, but Isabella mentioned a party at Hobbs Cafe.", True),
    ("I'm not sure. Maybe ask Isabella?", False),
    ("Yes, there is a party.", False),                              # no specific detail
    ("", False),
])
def test_party_answers(answer: str, aware: bool) -> None:
    assert M.answer_aware(answer, PARTY) is aware


@pytest.mark.parametrize("answer, aware", [
    ("Sam Moore is running, he told me last week.", True),
    ("I believe it's Sam.", True),
    ("Nobody that I know of.", False),
    ("I don't know, maybe Sam?", False),
    ("The same people as always.", False),
])
def test_candidacy_answers(answer: str, aware: bool) -> None:
    assert M.answer_aware(answer, MAYOR) is aware


@pytest.mark.parametrize("speaker, answer, aware", [
    # The candidate knows his own run (run fd4819b counted "I am running for mayor" as unaware).
    ("Sam Moore", "I am running for mayor in the upcoming local election.", True),
    ("Sam Moore", "I have not heard anything about running for mayor.", False),
    ("Sam Moore", "I am having dinner at home.", False),
    # Anyone else saying it of themselves is not aware of Sam's run.
    ("Eddy Lin", "I am running for mayor in the upcoming local election.", False),
])
def test_the_candidate_may_say_it_in_the_first_person(speaker: str, answer: str, aware: bool) -> None:
    assert M.answer_aware(answer, MAYOR, speaker) is aware


def test_denial_only_looks_at_the_first_sentence() -> None:
    assert M.denies("No. But I like parties.")
    assert not M.denies("Yes, Isabella invited me. I don't know who else is coming.")
    assert M.denies("   ")
    assert M.denies("I don't know, maybe Sam?")
    assert not M.denies("I don't know, but maybe Sam?")
    assert M.denies("Not sure but.")  # nothing after the turn


def test_awareness_aggregates() -> None:
    a = M.awareness({"A": True, "B": False, "C": True, "D": False})
    assert a.aware == ("A", "C") and a.count == 2 and a.total == 4 and a.pct == 50.0
    assert M.awareness({}).pct == 0.0


# ---------------------------------------------------------------- acquaintance
def test_first_names_count_only_when_unique() -> None:
    pats = M.name_patterns(NAMES)
    assert pats["Sam Moore"].search("I met Sam today")
    assert pats["Jennifer Moore"].search("Jennifer waved")
    assert not pats["John Lin"].search("John waved")  # two Johns: full name needed
    assert pats["John Lin"].search("John Lin waved")
    assert not pats["Sam Moore"].search("the same Moore")  # surname alone is not a name match


def test_knows_by_text_and_by_conversation() -> None:
    pats = M.name_patterns(NAMES)
    texts = ["Isabella Rodriguez saw Sam at the cafe", "Isabella Rodriguez is planning a party"]
    known = M.knows("Isabella Rodriguez", texts, pats, talked_with=["Klaus Mueller", "Stranger"])
    assert known == {"Sam Moore", "Klaus Mueller"}  # self and non-agents excluded


def test_density_on_a_hand_graph() -> None:
    # A↔B mutual, C→A one-way, nobody knows D.
    d = M.density({"A": {"B"}, "B": {"A"}, "C": {"A", "Z"}, "D": set()})
    assert d.agents == 4 and d.known_pairs == 3
    assert d.directed == pytest.approx(3 / 12)
    assert d.either == pytest.approx(2 / 6)   # AB, AC
    assert d.mutual == pytest.approx(1 / 6)   # AB
    full = M.density({"A": {"B", "C"}, "B": {"A", "C"}, "C": {"A", "B"}})
    assert full.directed == full.either == full.mutual == 1.0
    assert M.density({"A": set()}).directed == 0.0


# ---------------------------------------------------------------- party
def test_invitations_first_time_per_listener() -> None:
    lines = [
        ("Isabella Rodriguez", "Sam Moore", "Good morning!"),
        ("Isabella Rodriguez", "Sam Moore", "Come to my Valentine's party at Hobbs Cafe!"),
        ("Sam Moore", "Klaus Mueller", "Isabella is having a Valentine's Day party."),
        ("Klaus Mueller", "Sam Moore", "Yes, the Valentine's party, I know."),   # Sam already invited
        ("Sam Moore", "Player", "There's a party at Hobbs tomorrow"),            # not an agent
    ]
    got = M.invitations(lines, PARTY, agents=NAMES)
    assert got == [("Isabella Rodriguez", "Sam Moore"), ("Sam Moore", "Klaus Mueller")]


def test_attendance_window_and_place_prefix() -> None:
    t0 = datetime(2023, 2, 14, 17, 0)
    end = t0 + timedelta(hours=2)
    positions = [
        (t0 - timedelta(minutes=5), "A", "town:hobbs_cafe:counter"),   # before the window
        (t0, "B", "town:hobbs_cafe"),                                   # start is inclusive
        (t0 + timedelta(minutes=30), "C", "town:hobbs_cafe:kitchen:stove"),
        (end, "D", "town:hobbs_cafe:counter"),                          # end is exclusive
        (t0 + timedelta(minutes=10), "E", "town:hobbs_cafe_annex"),     # different place
        (t0 + timedelta(minutes=10), "F", None),
    ]
    assert M.attendance(positions, "town:hobbs_cafe", t0, end) == {"B", "C"}


# ---------------------------------------------------------------- hallucination
def test_unsupported_claims() -> None:
    pats = M.name_patterns(NAMES)
    places = M.name_patterns(["Hobbs Cafe", "Oak Hill College"], first_names=False)
    assert not places["Oak Hill College"].search("an oak tree")
    memory = ["Klaus Mueller is studying at Oak Hill College", "Klaus Mueller talked with John Lin"]
    kw = {"agent": "Klaus Mueller", "patterns": pats, "places": places, "topics": (PARTY, MAYOR)}
    assert M.unsupported_claims("I study at Oak Hill College with John Lin.", memory, **kw) == []
    assert M.unsupported_claims("Sam Moore told me at Hobbs Cafe.", memory, **kw) == [
        "mentions Sam Moore", "mentions Hobbs Cafe"]
    # News stated outright, or the asked question answered with awareness, needs a memory of it.
    assert M.unsupported_claims("Sam Moore is running for mayor.", memory, **kw)[-1] == "knows of the candidacy"
    assert "knows of the candidacy" in M.unsupported_claims("Sam Moore.", memory, **kw, asked=MAYOR)
    assert "knows of the candidacy" not in M.unsupported_claims("Sam Moore.", memory, **kw, asked=PARTY)
    assert M.unsupported_claims("I don't know.", memory, **kw, asked=MAYOR) == []
    # An invented person (not an agent, not in memory) is a claim; one from memory is not.
    assert M.unsupported_claims("Mike Brown is running.", memory, **kw) == ["mentions Mike Brown"]
    assert M.unsupported_claims("Mike Brown is running.", [*memory, "I met Mike Brown"], **kw) == []
    assert M.unsupported_claims("Mike Brown is running.", memory, **kw, strangers=False) == []
    told = [*memory, "Sam Moore said he is running for mayor"]
    assert M.unsupported_claims("Sam Moore is running for mayor.", told, **kw) == []


# ---------------------------------------------------------------- ratings
def test_bradley_terry_two_items_matches_closed_form() -> None:
    outcomes = [("a", "b", 1.0)] * 3 + [("a", "b", 0.0)]
    s = M.bradley_terry(outcomes, ["a", "b"], prior=0.5)
    assert s["a"] - s["b"] == pytest.approx(math.log(3.5 / 1.5), abs=1e-6)
    assert s["a"] + s["b"] == pytest.approx(0.0, abs=1e-9)


def test_bradley_terry_orders_a_chain_and_ties_are_even() -> None:
    outcomes = [("a", "b", 1.0)] * 4 + [("b", "c", 1.0)] * 4 + [("a", "c", 1.0)] * 4
    s = M.bradley_terry(outcomes, ["c", "b", "a"])
    assert s["a"] > s["b"] > s["c"]
    even = M.bradley_terry([("x", "y", 0.5)] * 6, ["x", "y"])
    assert even["x"] == pytest.approx(even["y"])
    with pytest.raises(ValueError):
        M.bradley_terry([("x", "x", 1.0)], ["x", "y"])
    with pytest.raises(ValueError):
        M.bradley_terry([("x", "y", 2.0)], ["x", "y"])


def test_rating_scale_centres_on_mu() -> None:
    r = M.rating_scale({"a": 1.0, "b": -1.0})
    assert (r["a"] + r["b"]) / 2 == pytest.approx(25.0)
    assert r["a"] - r["b"] == pytest.approx(2 * math.sqrt(2) * (25 / 6) / 1.702)
