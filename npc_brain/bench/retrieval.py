"""Retrieval benchmark: latency of scoring a whole memory stream for one query.

`python -m npc_brain.bench retrieval [--n 1000,10000,100000] [--embedder lexical|dense]
[--dim D] [--queries Q]` (or run this module directly).

- `--embedder lexical` (default, the library's default embedder): memories and queries are
  town sentences (observations, plans, dialogue, reflections about 25 townspeople, plus the
  hand-written memories and questions of `town_memories`) embedded with `LexicalEmbedder`
  — sparse vectors: 4-9 non-zeros of 1024 per memory, 3-7 per query (5th-95th pct).
- `--embedder dense`: random unit vectors (every component non-zero), standing in for an
  OpenAI or GGUF embedder; `--dim` defaults to 384 here.

Creation/access times and importance are spread out so every score component does real
work. Per size: `p50_ms`/`p95_ms` for the game-thread path `MemoryStream.retrieve`
(snapshot + score + touch), `view_p50_ms`/`view_p95_ms` for `MemoryView.retrieve` alone
(what a worker runs), and `dots_p50_ms`, the relevance dot products alone (the exact cosine
numerators every query pays; the rest is recency, min-max and top-k). `q_nnz` is the mean
number of non-zeros per query, `load` the 1-minute load average when the size finished:
the machine is shared, so read the timings next to it.
"""
from __future__ import annotations

import argparse
import json
import os
import time
from datetime import datetime, timedelta
from typing import Any

import numpy as np

from npc_brain.bench.town_memories import CASES, MEMORIES
from npc_brain.llm.embedders import LexicalEmbedder
from npc_brain.memory.record import MemoryKind
from npc_brain.memory.relevance import dots
from npc_brain.memory.stream import MemoryStream

_KINDS = (MemoryKind.OBSERVATION,) * 6 + (MemoryKind.PLAN, MemoryKind.REFLECTION,
                                          MemoryKind.DIALOGUE, MemoryKind.THOUGHT)

# Vocabulary of the generated town sentences (written for this benchmark).
_PEOPLE = (
    "Isabella Rodriguez", "Klaus Mueller", "Maria Lopez", "Sam Moore", "Tom Moreno",
    "Eddy Lin", "John Lin", "Mei Lin", "Carmen Ortiz", "Ayesha Khan", "Jennifer Moore",
    "Arthur Burton", "Jane Moreno", "Wolfgang Schulz", "Rajiv Patel", "Latoya Williams",
    "Elena Petrova", "Ben Carter", "Lucy Carter", "Oliver Grant", "Priya Sharma",
    "Arjun Sharma", "Yusuf Demir", "Hannah Berg", "Marcus Reed",
)
_DOING = (
    "reading a novel", "brewing coffee", "sleeping", "eating breakfast", "cooking dinner",
    "painting a mural", "studying for an exam", "cleaning the kitchen", "writing a paper",
    "playing the piano", "buying groceries", "watering the plants", "fixing a bicycle",
    "chatting with a customer", "jogging", "taking photographs", "grading homework",
    "stocking the shelves", "practicing a speech", "sketching the harbor", "knitting a scarf",
    "repairing the roof", "doing the dishes", "preparing a lesson", "tuning a guitar",
)
_PLACES = (
    "Hobbs Cafe", "the library", "Johnson Park", "the pharmacy", "The Rose and Crown Pub",
    "the town square", "Oak Hill College", "the supply store", "the co-living space",
    "Harvey Oak Supply", "the bakery", "the community center", "the post office",
    "the dormitory", "the market", "the riverside path", "the town hall", "the clinic",
)
_THINGS = (
    ("the stove", ("idle", "on", "being used to boil water")),
    ("the bed", ("made", "being used", "unmade")),
    ("the piano", ("idle", "being played")),
    ("the coffee machine", ("brewing", "idle", "out of beans")),
    ("the desk", ("cluttered with papers", "empty")),
    ("the refrigerator", ("open", "closed", "nearly empty")),
    ("the shower", ("running", "idle")),
    ("the easel", ("holding a half-finished painting", "idle")),
)
_TOPICS = (
    "the Valentine's Day party", "the mayoral election", "rising rents", "the new bakery",
    "the storm last night", "the open mic night", "a research paper on gentrification",
    "the farmers market", "a physics exam", "the recital on Friday", "the broken streetlight",
    "a lost cat", "the price of coffee beans", "the town budget", "a new mural",
)
_FEELINGS = ("is excited about", "is worried about", "cares deeply about", "is curious about",
             "feels hopeful about", "is annoyed by")
_TIMES = ("in the morning", "at noon", "this afternoon", "in the evening", "tonight",
          "tomorrow at 9am", "on Saturday", "at 5pm")


def _pick(rng: np.random.Generator, options: tuple[Any, ...]) -> Any:
    return options[int(rng.integers(len(options)))]


def town_sentence(rng: np.random.Generator, kind: MemoryKind) -> str:
    """One generated memory description of the given kind."""
    who, other = _pick(rng, _PEOPLE), _pick(rng, _PEOPLE)
    if kind is MemoryKind.OBSERVATION:
        if rng.random() < 0.3:
            thing, states = _pick(rng, _THINGS)
            return f"{thing} at {_pick(rng, _PLACES)} is {_pick(rng, states)}"
        if rng.random() < 0.15:
            return str(_pick(rng, MEMORIES)[1])
        return f"{who} is {_pick(rng, _DOING)} at {_pick(rng, _PLACES)}"
    if kind is MemoryKind.PLAN:
        return f"plan to be {_pick(rng, _DOING)} at {_pick(rng, _PLACES)} {_pick(rng, _TIMES)}"
    if kind is MemoryKind.DIALOGUE:
        return f"{who} told {other} about {_pick(rng, _TOPICS)} at {_pick(rng, _PLACES)}"
    if kind is MemoryKind.REFLECTION:
        return f"{who} {_pick(rng, _FEELINGS)} {_pick(rng, _TOPICS)}"
    return f"I wonder whether {who} knows about {_pick(rng, _TOPICS)}"


def town_queries(rng: np.random.Generator, count: int) -> list[str]:
    """Retrieval queries as agents issue them: questions and fresh observations."""
    questions = [q for q, _ in CASES]
    out = []
    for i in range(count):
        if i % 3 == 0:
            out.append(questions[(i // 3) % len(questions)])
        elif i % 3 == 1:
            out.append(town_sentence(rng, MemoryKind.OBSERVATION))
        else:
            out.append(f"What is {_pick(rng, _PEOPLE)} doing about {_pick(rng, _TOPICS)}?")
    return out


def _lexical(texts: list[str], embedder: LexicalEmbedder) -> np.ndarray:
    """Embed with a cache: generated sentences repeat, and each is hashed only once."""
    unique = list(dict.fromkeys(texts))
    rows = dict(zip(unique, embedder.embed(unique)))
    return np.stack([rows[t] for t in texts]) if texts else np.zeros((0, embedder.dim))


def _unit_rows(rng: np.random.Generator, n: int, dim: int) -> np.ndarray:
    vectors = rng.standard_normal((n, dim), dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors


def build_stream(n: int, dim: int, rng: np.random.Generator,
                 embedder: LexicalEmbedder | None = None) -> tuple[MemoryStream, datetime]:
    """A stream of n memories, one every ~3 game minutes; returns it and the time after.

    With an embedder the memories are embedded town sentences, otherwise random unit vectors.
    """
    stream = MemoryStream(dim, capacity=n)
    start = datetime(2023, 2, 13, 7, 0)
    kinds = [_KINDS[i % len(_KINDS)] for i in range(n)]
    if embedder is None:
        vectors = _unit_rows(rng, n, dim)
        texts = [f"memory {i}" for i in range(n)]
    else:
        texts = [town_sentence(rng, kind) for kind in kinds]
        vectors = _lexical(texts, embedder)
    importance = rng.integers(1, 11, size=n)
    for i in range(n):
        stream.add(kinds[i], texts[i], start + timedelta(minutes=3 * i), int(importance[i]),
                   vectors[i])
    now = start + timedelta(minutes=3 * n)
    # Some memories were recalled since they were written: recency is not just id order.
    recalled = rng.choice(n, size=max(1, n // 20), replace=False)
    stream.touch(recalled.tolist(), now - timedelta(hours=1))
    return stream, now


def _percentiles(samples: list[float]) -> tuple[float, float]:
    arr = np.asarray(samples) * 1e3
    return float(np.percentile(arr, 50)), float(np.percentile(arr, 95))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `bench retrieval`."""
    parser.add_argument("--sizes", "--n", dest="sizes", default="1000,10000,100000",
                        help="comma-separated stream sizes (default: %(default)s)")
    parser.add_argument("--embedder", choices=("lexical", "dense"), default="lexical",
                        help="lexical: LexicalEmbedder on town sentences (the library default, "
                             "sparse); dense: random unit vectors (default: %(default)s)")
    parser.add_argument("--dim", type=int, default=None,
                        help="embedding width (default: 1024 lexical, 384 dense)")
    parser.add_argument("--queries", type=int, default=200, help="queries per size")
    parser.add_argument("--k", type=int, default=10, help="memories returned per query")
    parser.add_argument("--seed", type=int, default=0)


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Run the benchmark; returns {"retrieval": [{"n", "p50_ms", "p95_ms", ...}, ...]}."""
    rng = np.random.default_rng(args.seed)
    lexical = args.embedder == "lexical"
    dim = args.dim or (1024 if lexical else 384)
    embedder = LexicalEmbedder(dim) if lexical else None
    rows: list[dict[str, Any]] = []
    for n in (int(s) for s in str(args.sizes).split(",") if s.strip()):
        stream, now = build_stream(n, dim, rng, embedder)
        if embedder is not None:
            queries = _lexical(town_queries(rng, args.queries), embedder)
        else:
            queries = _unit_rows(rng, args.queries, dim)
        full: list[float] = []
        view_only: list[float] = []
        for i, q in enumerate(queries):
            t0 = time.perf_counter()
            stream.retrieve(q, now + timedelta(minutes=i), k=args.k)
            full.append(time.perf_counter() - t0)
        view = stream.snapshot()
        for i, q in enumerate(queries):
            t0 = time.perf_counter()
            view.retrieve(q, now + timedelta(minutes=i), k=args.k)
            view_only.append(time.perf_counter() - t0)
        products: list[float] = []
        for q in queries:
            t0 = time.perf_counter()
            dots(view.matrix, q, n, None)
            products.append(time.perf_counter() - t0)
        p50, p95 = _percentiles(full)
        v50, v95 = _percentiles(view_only)
        d50, _ = _percentiles(products)
        q_nnz = float(np.count_nonzero(queries, axis=1).mean())
        rows.append({"n": n, "embedder": args.embedder, "dim": dim, "k": args.k,
                     "queries": args.queries, "q_nnz": round(q_nnz, 1),
                     "p50_ms": round(p50, 3), "p95_ms": round(p95, 3),
                     "view_p50_ms": round(v50, 3), "view_p95_ms": round(v95, 3),
                     "dots_p50_ms": round(d50, 3), "load": round(os.getloadavg()[0], 2)})
        del stream, view
    return {"retrieval": rows}


def main(argv: list[str] | None = None) -> None:
    """Stand-alone entry point (prints JSON)."""
    parser = argparse.ArgumentParser(prog="npc_brain.bench.retrieval", description=__doc__)
    add_arguments(parser)
    print(json.dumps(run(parser.parse_args(argv)), indent=2))


if __name__ == "__main__":
    main()
