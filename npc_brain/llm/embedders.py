"""Offline embedders for memory retrieval: lexical (numpy), the GGUF's own, and a hybrid.

The default is chosen by `python -m npc_brain.bench embedders` (recall@5 on town memories),
not by assumption. Every embedder here is stateless: a text's vector never depends on what
was embedded before, so vectors stored with old memories stay comparable with new queries.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import re
from collections import Counter
from collections.abc import Sequence

import numpy as np

from npc_brain.llm.engine import LlamaEngine
from npc_brain.llm.protocols import Embedder

_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*|\d+")

STOP_WORDS = frozenset(
    """a about above after again against all am an and any are as at be because been before
    being below between both but by can could did do does doing down during each few for from
    further had has have having he her here hers herself him himself his how i if in into is it
    its itself just me more most my myself no nor not now of off on once only or other our ours
    ourselves out over own same she should so some such than that the their theirs them
    themselves then there these they this those through to too under until up very was we were
    what when where which while who whom why will with would you your yours yourself yourselves
    also s t don dont didnt doesnt isnt wasnt im ive id youre theyre thats whats lets let u
    shall may might must""".split()
)
"""Function words: they carry no topic, so they get no weight."""


def stem(word: str) -> str:
    """A light suffix stripper so "decorating", "decorates", "decoration" meet at "decor".

    Deliberately crude and fixed (no dictionary): it only has to be consistent.
    """
    w = word
    for suffix, keep in (
        ("ations", 4),
        ("ation", 4),
        ("ating", 4),
        ("ated", 4),
        ("ates", 4),
        ("ate", 4),
        ("ings", 4),
        ("ing", 4),
        ("ies", 3),
        ("ied", 3),
        ("ers", 4),
        ("er", 4),
        ("ed", 4),
        ("es", 4),
        ("s", 3),
        ("ly", 4),
    ):
        if suffix == "es" and not w.endswith(("ches", "shes", "sses", "xes", "zes")):
            continue  # cafes → cafe + s, dishes → dish + es
        if suffix == "s" and w.endswith(("ss", "us", "is")):
            continue  # class, bus, this
        if w.endswith(suffix) and len(w) - len(suffix) >= keep - 1:
            w = w[: -len(suffix)]
            if suffix in ("ies", "ied"):
                w += "i"
            break
    if len(w) >= 4 and w[-1] == w[-2] and w[-1] not in "aeiousl":  # shopp → shop
        w = w[:-1]
    if len(w) >= 5 and w.endswith(("e", "y")):
        w = w[:-1] + ("i" if w.endswith("y") else "")
    return w


def tokens(text: str) -> list[tuple[str, bool]]:
    """(stemmed lowercase word, looks like a name) for each content word of `text`."""
    out = []
    for raw in _WORD.findall(text):
        raw = raw.replace("’", "'")
        raw = raw.removesuffix("'s")
        raw = raw.replace("'", "")
        low = raw.lower()
        if not low or low in STOP_WORDS:
            continue
        out.append((stem(low), raw[0].isupper()))
    return out


def _bucket(feature: str, dim: int, salt: bytes = b"") -> tuple[int, float]:
    """Signed hashing trick: (index, ±1). The sign keeps collisions from adding up."""
    digest = hashlib.blake2b(feature.encode("utf-8"), digest_size=8, salt=salt).digest()
    h = int.from_bytes(digest, "little")
    return h % dim, (1.0 if (h >> 63) & 1 else -1.0)


def _normalise_rows(m: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    rows: np.ndarray = np.divide(m, norms, out=np.zeros_like(m), where=norms > 0).astype(np.float32, copy=False)
    return rows


class LexicalEmbedder:
    """Hashed bag of stemmed content words (stop words dropped), sublinear TF; numpy only.

    Options measured by the benchmark and off by default because they did not help there:
    extra weight for capitalised words (`name_weight`; it *hurt*: a two-word name outweighs
    the topic) and word bigrams (`bigram_weight`; neutral). Cheap (~0.05 ms a text),
    deterministic, and it ranks town memories far better than the small chat model's
    pooled hidden states (see `python -m npc_brain.bench embedders`).
    """

    def __init__(
        self,
        dim: int = 1024,
        *,
        bigram_weight: float = 0.0,
        name_weight: float = 1.0,
        salt: str = "",
    ) -> None:
        self.dim = dim
        self.bigram_weight = bigram_weight
        self.name_weight = name_weight
        # A different salt = a different (equally valid) hash layout; the benchmark averages
        # over several to tell real differences from collision luck. Vectors made with
        # different salts are not comparable.
        self._salt = hashlib.blake2b(salt.encode(), digest_size=16).digest() if salt else b""
        self.name = f"lexical-{dim}"

    def features(self, text: str) -> dict[str, float]:
        """Feature → weight (sublinear TF times the fixed word weight)."""
        toks = tokens(text)
        counts = Counter(t for t, _ in toks)
        weight: dict[str, float] = {}
        for t, is_name in toks:
            w = self.name_weight if is_name else 1.0
            weight[t] = max(weight.get(t, 0.0), w)
        feats = {t: weight[t] * (1.0 + math.log(c)) for t, c in counts.items()}
        if self.bigram_weight > 0:
            bigrams = Counter(f"{a}_{b}" for (a, _), (b, _) in itertools.pairwise(toks))
            for bg, c in bigrams.items():
                feats[bg] = self.bigram_weight * (1.0 + math.log(c))
        return feats

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Rows of shape (len(texts), dim), L2-normalised (a text of only stop words → zeros)."""
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            for feat, w in self.features(text).items():
                j, sign = _bucket(feat, self.dim, self._salt)
                out[i, j] += sign * w
        return _normalise_rows(out)


# Topic-neutral sentences whose mean embedding is subtracted by `GGUFEmbedder(center=True)`:
# a chat model's pooled states share one large common direction (every pair scores ~0.8).
_CENTERING_TEXTS = (
    "The weather is mild this afternoon.",
    "She is reading a book at home.",
    "He walked to the store to buy bread.",
    "The train leaves at nine in the morning.",
    "They talked about music and films.",
    "A child is playing in the park.",
    "The kitchen smells of fresh coffee.",
    "He is fixing the fence in the garden.",
    "The library is quiet today.",
    "She wrote a letter to her brother.",
    "The bus was late again.",
    "He feels tired after work.",
)


class GGUFEmbedder:
    """Mean-pooled hidden states of the embedded GGUF (needs `LlamaEngine(embedding=True)`).

    `center=True` subtracts the mean vector of a fixed set of neutral sentences (computed
    once, so still stateless) to spread the otherwise bunched-up cosines.
    """

    def __init__(self, engine: LlamaEngine, *, center: bool = False) -> None:
        self.engine = engine
        self._center: np.ndarray | None = None
        raw = engine.embed(["dimension probe"])
        self.dim = int(raw.shape[1])
        if center:
            self._center = engine.embed(list(_CENTERING_TEXTS)).mean(axis=0)
        self.name = f"gguf{'-centered' if center else ''}:{engine.name}"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Rows of shape (len(texts), dim), L2-normalised."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        m = self.engine.embed([t if t.strip() else " " for t in texts])
        if self._center is not None:
            m = m - self._center
        return _normalise_rows(m)


class HybridEmbedder:
    """Weighted concatenation: cosine = Σ wᵢ·cosᵢ / Σ wᵢ over the parts (each unit-length)."""

    def __init__(self, parts: Sequence[tuple[Embedder, float]]) -> None:
        if not parts or any(w <= 0 for _, w in parts):
            raise ValueError("HybridEmbedder needs parts with positive weights")
        self.parts = tuple(parts)
        total = sum(w for _, w in parts)
        self._scales = tuple(math.sqrt(w / total) for _, w in parts)
        self.dim = sum(e.dim for e, _ in parts)
        self.name = "hybrid(" + "+".join(f"{e.name}*{w:g}" for e, w in parts) + ")"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Rows of shape (len(texts), dim), L2-normalised."""
        blocks = [s * e.embed(texts) for (e, _), s in zip(self.parts, self._scales)]
        return _normalise_rows(np.concatenate(blocks, axis=1))
