"""Importance (paper §4.1): how poignant a new memory is, 1–10, one memory at a time.

Measured on 108 labelled town memories (`python -m npc_brain.bench importance`): a numbered
batch made the 135M model copy the numbering (ratings 2, 3, 4, … by position), so nothing is
rated in a batch. Routine sightings — an object's state, a person's action (the agent's own
included) as perception words it — are rated by rule (1 and 2: the paper's "brushing teeth"
end of the scale) at no cost; they are most of what an agent perceives. Every other memory
gets its own single-token call: the model picks a digit 1–9, and its expectation over the
digits' probabilities (`ChoiceModel.choose`), mapped onto 1–10, is blended with how poignant
the memory reads by its words and grammar (`language.poignancy`, learnt from example
memories). The model's share grows with its certainty, up to half: the 135M model's digit
distributions are nearly flat (its expectations span ~4–5.4 whatever the memory says), so
there the reading decides; a model sure of its digit weighs as much as the reading. One memory
per call means its rating cannot depend on its neighbours. Ratings are cached by normalised
text.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

import numpy as np

from npc_brain.cognition import prompts
from npc_brain.language.poignancy import poignancy
from npc_brain.llm.calls import Choice
from npc_brain.llm.protocols import ChatModel, Embedder
from npc_brain.llm.request import choose_of
from npc_brain.memory.importance import ImportanceCache, normalise_description
from npc_brain.memory.rating_check import RatingCheck
from npc_brain.memory.record import MemoryKind
from npc_brain.types.occasion import Occasion

DIGITS = tuple(str(d) for d in range(1, 10))
"""The rating tokens. 1–9, not 1–10: "10" is two tokens ("1", "0") for llama-style
tokenizers, so its probability would count as a 1."""

MODEL_SHARE = 0.5
"""The model's share of a rating when it is sure of its digit (see `blend`). On the labelled
set's tune half a fixed 0.25, 0.5 × certainty and certainty alone scored alike on the 135M model
(within 0.003 of the reading alone): at most half, so a capable model and the reading count
alike, and a model unsure of its digit gives way."""

OBJECT_STATE = 1
"""A seen object's state ("the coffee machine is idle")."""

PERSON_ACTION = 2
"""A person's action as perception words it ("Klaus Mueller is reading at his desk")."""

REFUSAL = 2
"""A place's rule turning the agent away ("Hobbs Cafe is closed until 8:00", labelled 2): a
minor setback, stored at once — rated by a call it waited behind the seeds' ratings for up
to an hour of game time (`bench lag`)."""


@dataclass(frozen=True, slots=True)
class MemoryDraft:
    """A memory waiting to be written: importance None means 'rate it (rule, cache or model)'.

    `sighting`: it came from perception (`ObservationKind.SIGHT` or `SELF`): what someone in
    view (the agent itself included) or something is doing, with `subject` the person's name
    or the object's address.
    """

    kind: MemoryKind
    description: str
    created: datetime
    importance: int | None = None
    subject: str | None = None
    place: str | None = None
    evidence: tuple[int, ...] = ()
    sighting: bool = False
    teller: str | None = None
    fact: str | None = None
    occasion: Occasion | None = None


@dataclass(frozen=True, slots=True)
class RatedMemory:
    """A draft with its importance and embedding, ready for `MemoryStream.add`."""

    draft: MemoryDraft
    importance: int
    embedding: np.ndarray


@dataclass(frozen=True, slots=True)
class Memorized:
    """Result of a MEMORIZE job: the rated memories and the newly rated texts for the cache."""

    memories: tuple[RatedMemory, ...]
    new_ratings: tuple[tuple[str, int], ...]
    calls: int


def routine_importance(draft: MemoryDraft) -> int | None:
    """The model-free rating of a routine sighting, or None when the memory needs rating."""
    if draft.kind is not MemoryKind.OBSERVATION or not draft.sighting or not draft.subject:
        return None
    if ":" in draft.subject:  # an address: an object's state
        return OBJECT_STATE
    if draft.description.startswith(draft.subject + " "):  # "<name> is <doing>"
        return PERSON_ACTION
    return None


def on_scale(expected_digit: float) -> float:
    """An expectation over the digits 1–9 mapped linearly onto the paper's 1–10 scale."""
    return 1.0 + (min(9.0, max(1.0, expected_digit)) - 1.0) * 9.0 / 8.0


def certainty(choice: Choice) -> float:
    """1 minus the normalised entropy of the choice: 0 for a flat distribution over the
    options, 1 for all probability on one (also what a server without log-probabilities gives)."""
    if len(choice.probs) < 2:
        return 1.0
    entropy = -sum(p * math.log(p) for p in choice.probs if p > 0)
    return max(0.0, 1.0 - entropy / math.log(len(choice.probs)))


def model_rating(model: ChatModel, description: str, *, agent: str) -> tuple[float, float]:
    """The model's rating of one memory, 1.0–10.0, and its certainty 0–1: one single-token call,
    the expectation over the probabilities of the digits. Raises `LLMOutputError` on a reply
    that is no digit."""
    choice = choose_of(
        model,
        prompts.importance_messages(agent, description),
        DIGITS,
        purpose="importance",
        agent=agent,
    )
    return on_scale(choice.expected(range(1, 10))), certainty(choice)


def reading_rating(description: str) -> int:
    """The importance of a memory by how it reads alone (`language.poignancy`), 1–10, no call.
    On the 135M model, whose digits are nearly flat, the reading alone ranked the labelled
    memories within 0.003 (Spearman) of `rate` (see `MODEL_SHARE`)."""
    return max(1, min(10, round(poignancy(description))))


def blend(reading: float, rating: float, sure: float) -> float:
    """The word reading and the model's rating, the model's share `MODEL_SHARE` × its certainty."""
    share = MODEL_SHARE * min(1.0, max(0.0, sure))
    return (1.0 - share) * reading + share * rating


def rate(model: ChatModel, description: str, *, agent: str) -> float:
    """The importance of one memory, 1.0–10.0: how poignant it reads (`language.poignancy`)
    blended with the model's rating (`model_rating`, one single-token call; see `blend`).
    Raises `LLMOutputError` on a reply that is no digit."""
    rating, sure = model_rating(model, description, agent=agent)
    return blend(poignancy(description), rating, sure)


def memorize(
    model: ChatModel,
    embedder: Embedder,
    drafts: Sequence[MemoryDraft],
    *,
    agent: str,
    cache: ImportanceCache | None = None,
    by_reading: bool = False,
    check: RatingCheck | None = None,
) -> Memorized:
    """Embed all drafts in one call and rate those without importance.

    Routine sightings are rated by rule, cached texts cost nothing, duplicates within the
    batch are rated once, and each remaining memory gets its own `rate` call — or, `by_reading`
    (an NPC nobody watches), how it reads (`reading_rating`), no call and not cached. With a
    `check`, a memory is rated by its reading while the check says the model's ratings change
    nothing the reading gives (but for its probes), and each model rating is told to the check
    as it is made: a morning's first ratings come in several jobs at once, and the check learns
    from the first of them while the others still run.
    """
    def reads(text: str) -> bool:
        return by_reading or (check is not None and check.reading_will_do
                              and not check.probes(normalise_description(text)))

    ratings: dict[str, int] = {}
    calls = 0
    fresh: list[tuple[str, int]] = []
    for d in drafts:
        if d.importance is not None or routine_importance(d) is not None:
            continue
        key = normalise_description(d.description)
        if key in ratings:
            continue
        hit = cache.get(d.description) if cache is not None else None
        if hit is None and reads(d.description):
            hit = reading_rating(d.description)
        elif hit is None:
            hit = max(1, min(10, round(rate(model, d.description, agent=agent))))
            calls += 1
            fresh.append((d.description, hit))
            if check is not None:
                check.record([hit != reading_rating(d.description)])
        ratings[key] = hit
    vectors = embedder.embed([d.description for d in drafts]) if drafts else np.zeros((0, embedder.dim))
    rated = tuple(
        RatedMemory(d, _importance(d, ratings), np.asarray(vec, dtype=np.float32))
        for d, vec in zip(drafts, vectors)
    )
    return Memorized(rated, tuple(fresh), calls)


def _importance(draft: MemoryDraft, ratings: dict[str, int]) -> int:
    if draft.importance is not None:
        return draft.importance
    routine = routine_importance(draft)
    return routine if routine is not None else ratings[normalise_description(draft.description)]


def with_importance(draft: MemoryDraft, importance: int) -> MemoryDraft:
    """A copy of the draft with a fixed importance (skips rating)."""
    return replace(draft, importance=max(1, min(10, int(importance))))
