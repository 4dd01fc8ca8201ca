"""The Valentine's Day scenario's fixed parts: the news topics, seeds, and the paper's figures."""
from __future__ import annotations

from datetime import datetime

from npc_brain.eval.metrics import Topic

PAPER = {
    "party_before_pct": 4.0,
    "party_after_pct": 52.0,
    "candidacy_before_pct": 4.0,
    "candidacy_after_pct": 32.0,
    "density_before": 0.167,
    "density_after": 0.74,
    "hallucination_pct": 1.3,
    "invited": 12,
    "attended_of_invited": 5,
}
"""Park et al. 2023, end-to-end evaluation (25 agents, 2 game days)."""

PARTY_START = datetime(2023, 2, 14, 17, 0)
PARTY_END = datetime(2023, 2, 14, 19, 0)


def _first(name: str) -> str:
    return name.split()[0]


def party_topic(host: str, place: str = "Hobbs Cafe") -> Topic:
    """The host's Valentine's Day party as a topic to measure."""
    details = ("valentine*", "hobbs", _first(host), host, "february 14*", "feb 14*", "14th")
    return Topic(
        key="party",
        question="Do you know of a party?",
        fact=f"{host} is hosting a Valentine's Day party at {place} on February 14, 5-7 pm.",
        answer_terms=(details,),
        memory_terms=(("party", "parties"), details),
    )


_CANDIDACY = ("mayor*", "election*", "candida*", "campaign*", "running for")


def candidacy_topic(candidate: str) -> Topic:
    """The candidate's run for mayor as a topic to measure."""
    return Topic(
        key="candidacy",
        question="Who is running for mayor?",
        fact=f"{candidate} is running for mayor in the local election.",
        answer_terms=((_first(candidate), candidate),),
        memory_terms=((_first(candidate), candidate), _CANDIDACY),
        # The candidate says it of himself: the paper's 4% before the run is him alone.
        subject=candidate,
        self_terms=(("i", "i'm", "my"), _CANDIDACY),
    )


VALENTINE_WORDS: tuple[tuple[tuple[str, ...], ...], ...] = ((("valentine*",),), (("party", "parties"),),
                                                          (_CANDIDACY,))
"""Term groups of this scenario's seeds: `eval stories` leaves persona memories that mention one out of
its cast, so the town's only stories are the generated ones (`--keep-persona-stories` keeps them)."""


def party_seed(host: str, place: str = "Hobbs Cafe") -> str:
    """The paper's one seed intention, in our words (used when the persona lacks it)."""
    return (f"{host} wants to host a Valentine's Day party at {place} on February 14th from 5pm to 7pm "
            "and invite friends and customers.")


def candidacy_seed(candidate: str) -> str:
    """The candidacy seed (used when the persona lacks it)."""
    return f"{candidate} is running for mayor in the upcoming local election."
