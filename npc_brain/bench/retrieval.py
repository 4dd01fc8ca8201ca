"""Retrieval benchmark: latency of scoring a whole memory stream for one query.

`python -m npc_brain.bench retrieval [--sizes 1000,10000,100000] [--dim 384]` (or run this
module directly). Memories are random unit vectors with spread-out creation/access
times and importance, so every component does real work. Two timings per size:
`p50_ms`/`p95_ms` for the game-thread path `MemoryStream.retrieve` (snapshot + score +
touch), `view_p50_ms`/`view_p95_ms` for `MemoryView.retrieve` alone (what a worker runs),
and `matvec_p50_ms`, the bare float32 mat-vec over the embedding matrix: the memory-bandwidth
floor that any exact retrieval pays (n x dim x 4 bytes read per query).
"""
from __future__ import annotations

import argparse
import json
import time
from datetime import datetime, timedelta
from typing import Any

import numpy as np

from npc_brain.memory.record import MemoryKind
from npc_brain.memory.stream import MemoryStream, _matvec

_KINDS = (MemoryKind.OBSERVATION,) * 6 + (MemoryKind.PLAN, MemoryKind.REFLECTION,
                                          MemoryKind.DIALOGUE, MemoryKind.THOUGHT)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `bench retrieval`."""
    parser.add_argument("--sizes", "--n", dest="sizes", default="1000,10000,100000",
                        help="comma-separated stream sizes (default: %(default)s)")
    parser.add_argument("--dim", type=int, default=384, help="embedding width (default: 384)")
    parser.add_argument("--queries", type=int, default=200, help="queries per size")
    parser.add_argument("--k", type=int, default=10, help="memories returned per query")
    parser.add_argument("--seed", type=int, default=0)


def build_stream(n: int, dim: int, rng: np.random.Generator) -> tuple[MemoryStream, datetime]:
    """A stream of n memories, one every ~3 game minutes; returns it and the time after."""
    stream = MemoryStream(dim, capacity=n)
    start = datetime(2023, 2, 13, 7, 0)
    vectors = rng.standard_normal((n, dim), dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    importance = rng.integers(1, 11, size=n)
    for i in range(n):
        stream.add(_KINDS[i % len(_KINDS)], f"memory {i}", start + timedelta(minutes=3 * i),
                   int(importance[i]), vectors[i])
    now = start + timedelta(minutes=3 * n)
    # Some memories were recalled since they were written: recency is not just id order.
    recalled = rng.choice(n, size=max(1, n // 20), replace=False)
    stream.touch(recalled.tolist(), now - timedelta(hours=1))
    return stream, now


def _percentiles(samples: list[float]) -> tuple[float, float]:
    arr = np.asarray(samples) * 1e3
    return float(np.percentile(arr, 50)), float(np.percentile(arr, 95))


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Run the benchmark; returns {"retrieval": [{"n", "p50_ms", "p95_ms", ...}, ...]}."""
    rng = np.random.default_rng(args.seed)
    rows: list[dict[str, Any]] = []
    for n in (int(s) for s in str(args.sizes).split(",") if s.strip()):
        stream, now = build_stream(n, args.dim, rng)
        queries = rng.standard_normal((args.queries, args.dim), dtype=np.float32)
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
        matrix = view._emb[:n]  # the floor: one float32 mat-vec over every embedding
        matvec: list[float] = []
        for q in queries:
            t0 = time.perf_counter()
            _matvec(matrix, q)
            matvec.append(time.perf_counter() - t0)
        p50, p95 = _percentiles(full)
        v50, v95 = _percentiles(view_only)
        m50, _ = _percentiles(matvec)
        rows.append({"n": n, "dim": args.dim, "k": args.k, "queries": args.queries,
                     "p50_ms": round(p50, 3), "p95_ms": round(p95, 3),
                     "view_p50_ms": round(v50, 3), "view_p95_ms": round(v95, 3),
                     "matvec_p50_ms": round(m50, 3)})
        del stream, view, matrix
    return {"retrieval": rows}


def main(argv: list[str] | None = None) -> None:
    """Stand-alone entry point (prints JSON)."""
    parser = argparse.ArgumentParser(prog="npc_brain.bench.retrieval", description=__doc__)
    add_arguments(parser)
    print(json.dumps(run(parser.parse_args(argv)), indent=2))


if __name__ == "__main__":
    main()
