"""Opinions: whether a sentence reports what someone thinks of a thing rather than the thing."""
from __future__ import annotations

import functools
import re

from npc_brain.language.lexicon import ENGLISH, Lexicon

__all__ = ["is_opinion"]


@functools.cache
def _pattern(lexicon: Lexicon) -> re.Pattern[str]:
    words = "|".join(re.escape(w) for w in sorted(lexicon.opinion_verbs, key=len, reverse=True))
    return re.compile(rf"\b({words})\b", re.IGNORECASE)


@functools.lru_cache(maxsize=16384)  # asked of every memory on every talk's news ranking
def is_opinion(sentence: str, lexicon: Lexicon = ENGLISH) -> bool:
    """True when the sentence tells what someone thinks, hopes or fears, or has not done yet."""
    return bool(_pattern(lexicon).search(sentence))
