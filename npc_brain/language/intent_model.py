"""`IntentModel`: which intent a line no pattern knows is most like, by its words.

A multinomial naive Bayes over words and word pairs, learnt from example lines
(`intent_examples`). Function words are kept: "did", "will", "were you" and "who" are what
tell a question's tense and person apart. What is asked about is unknown at run time, so words
the examples never used count for nothing, and clock times are one word (`T`). Pure and
deterministic; learning from ~150 lines takes a millisecond.
"""
from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

__all__ = ["IntentModel", "words"]

_TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)?|\?")
_CLOCK = re.compile(r"\b\d{1,2}(?::\d{2})?\s*(?:[ap]\.?\s?m\b\.?)?")
_SMOOTHING = 0.5  # add-half: with ~20 lines per intent a word seen once still counts


def words(line: str) -> list[str]:
    """Lower-case words, '?' and word pairs; a clock time becomes the word 't', and the
    examples' `X` (what is asked about) is dropped."""
    text = line.lower().replace("’", "'")
    text = _CLOCK.sub(" t ", text)
    toks = [t for t in _TOKEN.findall(text) if t != "x"]  # the examples' stand-in for a topic
    return toks + [f"{a}_{b}" for a, b in itertools.pairwise(toks)]


@dataclass(frozen=True)
class IntentModel:
    """Word counts per label; `best` is the label with the highest posterior."""

    counts: Mapping[str, Counter[str]]
    vocab: frozenset[str]

    @classmethod
    def trained(cls, examples: Mapping[str, Sequence[str]]) -> IntentModel:
        """Learn from label → example lines."""
        counts = {label: Counter(w for line in lines for w in words(line)) for label, lines in examples.items()}
        return cls(counts, frozenset().union(*counts.values()))

    def scores(self, line: str, labels: Iterable[str] | None = None) -> dict[str, float]:
        """Log likelihood of the line's known words under each label (all, or `labels`)."""
        seen = [w for w in words(line) if w in self.vocab]
        out: dict[str, float] = {}
        for label in labels if labels is not None else self.counts:
            c = self.counts[label]
            denom = sum(c.values()) + _SMOOTHING * len(self.vocab)
            # A flat prior: how many examples an intent has says nothing of how often it is asked.
            out[label] = sum(math.log((c[w] + _SMOOTHING) / denom) for w in seen)
        return out

    def best(self, line: str, labels: Iterable[str] | None = None) -> str:
        """The most likely label for `line` (ties: the first in the examples' order)."""
        s = self.scores(line, labels)
        return max(s, key=lambda k: s[k])
