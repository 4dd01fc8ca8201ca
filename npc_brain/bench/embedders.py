"""Embedder benchmark: recall@5 of town-memory retrieval by cosine similarity alone.

`python -m npc_brain.bench embedders [--no-gguf] [--k 5] [--salts 5]`. For each case in
`town_memories.CASES` the query is embedded, the 150 memories are ranked by cosine, and
recall@k = |expected ∩ top-k| / min(|expected|, k) is averaged over the cases; `mrr` is the
mean reciprocal rank of the first expected memory; `ms_per_text` the embedding cost.
Hashed embedders depend on which features collide, so they are scored with several hash
salts and reported as mean and spread (`recall_sd`). This is the measurement behind the
default `LLMSettings.embedder`.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from npc_brain.bench.town_memories import CASES, MEMORIES
from npc_brain.llm.protocols import Embedder


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `bench embedders`."""
    parser.add_argument("--k", type=int, default=5, help="top-k for recall (default: 5)")
    parser.add_argument(
        "--salts",
        type=int,
        default=5,
        help="hash layouts averaged for hashed embedders (default: 5)",
    )
    parser.add_argument(
        "--no-gguf",
        action="store_true",
        help="skip the candidates that need the embedded GGUF model",
    )


def score(embedder: Embedder, k: int = 5) -> dict[str, Any]:
    """Recall@k, MRR, embedding time and the missed queries of one embedder."""
    ids = [mid for mid, _ in MEMORIES]
    t0 = time.perf_counter()
    mem = embedder.embed([text for _, text in MEMORIES])
    queries = embedder.embed([q for q, _ in CASES])
    elapsed = time.perf_counter() - t0
    sims = queries @ mem.T
    recalls, rr, misses = [], [], []
    for (query, expected), row in zip(CASES, sims):
        ranked = [ids[i] for i in np.argsort(-row, kind="stable")]
        recalls.append(len(set(ranked[:k]) & set(expected)) / min(len(expected), k))
        rr.append(1.0 / (1 + min(ranked.index(e) for e in expected)))
        if recalls[-1] < 1.0:
            misses.append(query)
    return {
        "recall": float(np.mean(recalls)),
        "mrr": float(np.mean(rr)),
        "ms_per_text": 1e3 * elapsed / (len(MEMORIES) + len(CASES)),
        "misses": misses,
    }


class _Memo:
    """Caches an expensive embedder's rows so hybrid variants reuse them (benchmark only)."""

    def __init__(self, inner: Embedder) -> None:
        self.inner, self.name, self.dim = inner, inner.name, inner.dim
        self.cache: dict[str, np.ndarray] = {}
        self.ms_per_text = 0.0

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        todo = [t for t in dict.fromkeys(texts) if t not in self.cache]
        if todo:
            t0 = time.perf_counter()
            rows = self.inner.embed(todo)
            self.ms_per_text = 1e3 * (time.perf_counter() - t0) / len(todo)
            self.cache.update(zip(todo, rows))
        return np.stack([self.cache[t] for t in texts]) if texts else np.zeros((0, self.dim))


@dataclass(frozen=True)
class Candidate:
    """One row of the table: `make(salt)` builds the embedder; `salted` → average salts."""

    label: str
    make: Callable[[str], Embedder]
    salted: bool = True
    slow: Any = None  # the memoised GGUF part, whose real cost is reported


def candidates(with_gguf: bool) -> tuple[list[Candidate], Any]:
    """The embedders compared, and the engine to close afterwards (or None)."""
    from npc_brain.llm.embedders import GGUFEmbedder, HybridEmbedder, LexicalEmbedder
    from npc_brain.llm.testing import HashEmbedder

    def lexical(dim: int) -> Callable[[str], Embedder]:
        return lambda s: LexicalEmbedder(dim, salt=s)

    def hybrid(w: float, part: Embedder) -> Callable[[str], Embedder]:
        return lambda s: HybridEmbedder([(LexicalEmbedder(1024, salt=s), w), (part, 1 - w)])

    rows = [Candidate("hash-256 (testing.HashEmbedder)", lambda s: HashEmbedder(256), salted=False)]
    for dim in (1024, 2048, 4096):
        rows.append(Candidate(f"lexical-{dim}", lexical(dim)))
    rows.append(
        Candidate(
            "lexical-1024 +names×1.5", lambda s: LexicalEmbedder(1024, name_weight=1.5, salt=s)
        )
    )
    rows.append(
        Candidate(
            "lexical-1024 +bigrams×0.5", lambda s: LexicalEmbedder(1024, bigram_weight=0.5, salt=s)
        )
    )
    if not with_gguf:
        return rows, None
    from npc_brain.llm.engine import LlamaEngine
    from npc_brain.llm.settings import LLMSettings

    engine = LlamaEngine.from_settings(LLMSettings.from_env(), embedding=True)
    raw = _Memo(GGUFEmbedder(engine))
    centered = _Memo(GGUFEmbedder(engine, center=True))
    rows += [
        Candidate("gguf (mean pooled)", lambda s: raw, salted=False, slow=raw),
        Candidate("gguf-centered", lambda s: centered, salted=False, slow=centered),
    ]
    for w in (0.7, 0.5):
        for label, part in (("gguf", raw), ("gguf-centered", centered)):
            rows.append(
                Candidate(
                    f"hybrid lexical-1024×{w:g} + {label}×{1 - w:g}",
                    hybrid(w, part),
                    slow=part,
                )
            )
    return rows, engine


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Score every candidate; returns {"embedders": rows, "best": label, ...}."""
    cands, engine = candidates(not args.no_gguf)
    rows: list[dict[str, Any]] = []
    misses: dict[str, list[str]] = {}
    try:
        for cand in cands:
            salts = [""] + [str(i) for i in range(1, args.salts)] if cand.salted else [""]
            scores = [score(cand.make(s), args.k) for s in salts]
            recalls = [r["recall"] for r in scores]
            ms = scores[0]["ms_per_text"] if cand.slow is None else cand.slow.ms_per_text
            rows.append(
                {
                    "embedder": cand.label,
                    f"recall@{args.k}": round(float(np.mean(recalls)), 3),
                    "recall_sd": round(float(np.std(recalls)), 3),
                    "mrr": round(float(np.mean([r["mrr"] for r in scores])), 3),
                    "salts": len(salts),
                    "ms_per_text": round(ms, 3),
                }
            )
            misses[cand.label] = scores[0]["misses"]
    finally:
        if engine is not None:
            engine.close()
    key = f"recall@{args.k}"
    best = max(rows, key=lambda r: (r[key], r["mrr"]))
    from npc_brain.llm.factory import DEFAULT_LEXICAL_DIM
    from npc_brain.llm.settings import LLMSettings

    return {
        "embedders": rows,
        "best": best["embedder"],
        "default": f"{LLMSettings().embedder}-{DEFAULT_LEXICAL_DIM}",
        "cases": len(CASES),
        "memories": len(MEMORIES),
        "misses_of_best": misses[best["embedder"]],
    }
