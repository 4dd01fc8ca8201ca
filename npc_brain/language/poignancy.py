"""`PoignancyModel`: how poignant a memory reads, 1–10, from its words and its English grammar.

A multinomial naive Bayes over the ratings 1–10, learnt from example memories
(`poignancy_examples`); a memory's rating is the expectation over its posterior. A town's
memories name its own people, places and days, which no example can know, so the words are
read by their grammar first: a run of capitalised words that does not open a sentence (or
does, but is no word the examples use in lower case) is one name (`n`), a clock time is `t`,
another number `#`, a day or month `d`. "n told me that", "n will … on d at t" and "n was
…" then weigh the same whoever and whenever they are about. Function words are kept (tense,
aspect and person tell a plan from a sighting and a rumour from a life event) and word pairs
are added; words the examples never used count for nothing. Pure and deterministic; learning
from ~260 lines takes a few milliseconds, once.
"""
from __future__ import annotations

import functools
import itertools
import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from npc_brain.language.poignancy_examples import CALENDAR, EXAMPLES

__all__ = ["PoignancyModel", "poignancy", "words"]

_TOKEN = re.compile(
    r"\d{1,2}:\d{2}(?:\s*[ap]\.?m\b\.?)?|\d{1,2}\s*[ap]\.?m\b\.?|\d+(?:st|nd|rd|th)?\b|[A-Za-z]+(?:'[A-Za-z]+)?")
_OPENS = re.compile(r"(?:^|[.!?:;\"“(])\s*$")  # what precedes a sentence's first word
_SMOOTHING = 0.5  # add-half: with ~25 lines per rating a word seen once still counts


def _token(raw: str, sentence_start: bool, lower_words: frozenset[str]) -> str:
    if raw[0].isdigit():
        return "t" if ":" in raw or raw[-1].lower() in "m." else "#"
    word = raw.lower()
    if word.endswith("'s"):  # a possessive: the owner is what counts
        word = word[:-2]
    if word in CALENDAR:
        return "d"
    if raw == "I":
        return "i"
    if raw[0].isupper() and not (sentence_start and word in lower_words):
        return "n"
    return word


def words(text: str, lower_words: Iterable[str] = ()) -> list[str]:
    """The memory's words as the model reads them: names `n` (a run of them is one), clock
    times `t`, other numbers `#`, days and months `d`, the rest lower case; then word pairs.

    `lower_words`: words known in lower case, so a sentence's capitalised first word ("The",
    "My") stays a word instead of a name."""
    known = frozenset(lower_words)
    text = text.replace("’", "'")
    toks: list[str] = []
    for m in _TOKEN.finditer(text):
        tok = _token(m.group(), bool(_OPENS.search(text[:m.start()])), known)
        if tok == "n" and toks and toks[-1] == "n":
            continue
        toks.append(tok)
    return toks + [f"{a}_{b}" for a, b in itertools.pairwise(toks)]


@dataclass(frozen=True)
class PoignancyModel:
    """Word counts per rating; `rating` is the expectation of the rating over the posterior."""

    counts: Mapping[int, Counter[str]]
    vocab: frozenset[str]
    lower_words: frozenset[str]

    @classmethod
    def trained(cls, examples: Mapping[int, Sequence[str]]) -> PoignancyModel:
        """Learn from rating → example memories."""
        lower = frozenset(t for lines in examples.values() for line in lines
                          for t in _TOKEN.findall(line) if t[0].islower())
        counts = {r: Counter(w for line in lines for w in words(line, lower)) for r, lines in examples.items()}
        return cls(counts, frozenset().union(*counts.values()), lower)

    def posterior(self, text: str) -> dict[int, float]:
        """P(rating | the memory's known words), with a flat prior: how many examples a rating
        has says nothing of how often a town's memories have it."""
        seen = [w for w in words(text, self.lower_words) if w in self.vocab]
        logs: dict[int, float] = {}
        for r, c in self.counts.items():
            denom = sum(c.values()) + _SMOOTHING * len(self.vocab)
            logs[r] = sum(math.log((c[w] + _SMOOTHING) / denom) for w in seen)
        top = max(logs.values())
        odds = {r: math.exp(v - top) for r, v in logs.items()}
        total = sum(odds.values())
        return {r: v / total for r, v in odds.items()}

    def rating(self, text: str) -> float:
        """The memory's expected rating (a memory with no known word: the mean of the ratings)."""
        return sum(r * p for r, p in self.posterior(text).items())


@functools.cache
def _model() -> PoignancyModel:
    return PoignancyModel.trained(EXAMPLES)


def poignancy(text: str) -> float:
    """How poignant `text` reads on the paper's 1–10 scale, by the model learnt from `EXAMPLES`."""
    return _model().rating(text)
