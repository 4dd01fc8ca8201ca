"""ImportanceCache: routine perceptions reuse their rating."""
from __future__ import annotations

import json

import pytest

from npc_brain.memory import ImportanceCache, normalise_description


@pytest.mark.parametrize("text", [
    "Klaus is reading at his desk",
    "Klaus is reading at his desk.",
    "  KLAUS is   reading at his desk!  ",
    "At 7:30 pm, Klaus is reading at his desk",
    "Klaus is reading at his desk at 10am",
    "Klaus is reading at his desk (until 11:05 a.m.)",
])
def test_repeats_of_a_routine_observation_share_a_key(text: str) -> None:
    assert normalise_description(text) == "klaus is reading at his desk"


def test_different_observations_keep_different_keys() -> None:
    keys = {normalise_description(t) for t in (
        "Klaus is reading at his desk", "Klaus is sleeping in his bed",
        "Maria is reading at her desk", "Isabella's cafe is open")}
    assert len(keys) == 4
    assert normalise_description("Room 12 has 3.5 chairs") == "room has chairs"


def test_thirty_repeats_cost_one_rating() -> None:
    cache = ImportanceCache()
    calls = []

    def rate(text: str) -> int:  # stands in for the LLM call
        cached = cache.get(text)
        if cached is not None:
            return cached
        calls.append(text)
        cache.put(text, 2)
        return 2

    for minute in range(30):
        assert rate(f"At 9:{minute:02d} Klaus is reading at his desk.") == 2
    assert rate("Klaus spilled coffee on his thesis") == 2
    assert len(calls) == 2
    assert (cache.hits, cache.misses) == (29, 2)


def test_lru_eviction_keeps_recently_used() -> None:
    cache = ImportanceCache(max_size=2)
    cache.put("a cat", 1)
    cache.put("a dog", 2)
    assert cache.get("A cat.") == 1  # refresh "a cat"
    cache.put("a bird", 3)  # evicts the least recently used: "a dog"
    assert "a dog" not in cache and cache.get("a dog") is None
    assert cache.get("a cat") == 1 and cache.get("a bird") == 3
    assert len(cache) == 2
    cache.put("a cat", 9)  # overwrite, no growth
    assert cache.get("a cat") == 9 and len(cache) == 2


@pytest.mark.parametrize("bad", [0, 11, 5.0, True, "5", None])
def test_ratings_must_be_1_to_10(bad: object) -> None:
    with pytest.raises(ValueError):
        ImportanceCache().put("x", bad)  # type: ignore[arg-type]


def test_max_size_validated() -> None:
    with pytest.raises(ValueError):
        ImportanceCache(0)


def test_serialises_for_saves_keeping_lru_order() -> None:
    cache = ImportanceCache(max_size=3)
    for i, text in enumerate(["a cat", "a dog", "a bird"]):
        cache.put(text, i + 1)
    cache.get("a cat")  # now most recent
    data = json.loads(json.dumps(cache.to_dict()))
    back = ImportanceCache.from_dict(data)
    assert back.max_size == 3 and len(back) == 3
    back.put("a fish", 4)  # must evict "a dog", the least recently used before saving
    assert "a dog" not in back and "a cat" in back and back.get("a bird") == 3


@pytest.mark.parametrize("bad", [
    {}, {"format": "other"}, [],
    {"format": "npc_brain.importance_cache", "version": 99, "entries": []},
    {"format": "npc_brain.importance_cache", "version": 1, "entries": [["x", 42]]},
    {"format": "npc_brain.importance_cache", "version": 1, "entries": "nope"},
])
def test_from_dict_rejects_garbage(bad: object) -> None:
    with pytest.raises(ValueError):
        ImportanceCache.from_dict(bad)  # type: ignore[arg-type]
