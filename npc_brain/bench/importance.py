"""Importance benchmark: ratings against a person's, and against position in a batch.

`python -m npc_brain.bench importance [--model embedded|openai] [--seeds 3] [--raters …]`

The labelled set (`importance_labels.json`, package data) holds 108 demo-town memories —
routine sightings, social moments, news and events, life events — with the 1–10 rating a
person would give (the paper's poignancy scale) and a fixed, stratified tune/test split.
Each rater rates the memories of one half (`--split`, default test) in shuffled batches of
`--batch`, once per seed; `spearman` is the mean over seeds of the rank correlation with the
labels; `model_part` the same over the memories no rule rates (all but the routine sightings:
what a model or the word reading decides); the `means` table the mean rating of each kind of
memory — life events, news and rumours, social moments, sightings — and whether they come in
that order (`ordered`); `position_corr` the rank correlation of rating with position in its batch, pooled
over the seeds (chance alone gives about ±0.08 with 3 seeds), and `position_effect` the same
with each memory's content held fixed (`position_effect`). A rater whose rating depends on
its neighbours (the old numbered batch) shows 1.0 in both.

Raters: `batch` (the former numbered batch, one call per batch), `logprob` (one single-digit
call per memory, the expectation over the digits' probabilities), `fewshot` (the same with
five rated tune-half memories as examples), `rules` (no model: routine sightings by rule,
everything else the tune half's mean), `words` (no model: routine sightings by rule, the rest
as they read by `language.poignancy`), and `memorize` — what `cognition.importance.memorize`
ships: rules for routine sightings, the reading blended with `logprob` for the rest
(`importance.rate`). The last line is the chosen rater's `{"spearman", "spearman_model_part",
"ordered", "position_corr", "n"}` (plus the per-rater tables).
"""
from __future__ import annotations

import argparse
import itertools
import json
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from importlib import resources
from typing import Any

import numpy as np

from npc_brain.eval.backend import add_model_arguments, open_backend

RATERS = ("batch", "logprob", "fewshot", "rules", "words", "memorize")
"""Every rater the benchmark knows; `memorize` is the one the library uses."""

CHOSEN = "memorize"

Rater = Callable[[Sequence[dict[str, Any]]], list[float]]
"""Rates one batch of labelled rows (in order), returning one rating per row."""

KINDS = (("life", ("life",)), ("news", ("news",)), ("social", ("social",)), ("sighting", ("object", "activity")))
"""The kinds of memory the issue orders (most poignant first) and the label categories in each."""

_T0 = datetime(2023, 2, 13, 9, 0)
_AGENT = "Isabella Rodriguez"


def load_labels() -> list[dict[str, Any]]:
    """The labelled memories (each: text, rating, category, split, kind, subject?, sighting?)."""
    text = resources.files("npc_brain.bench").joinpath("importance_labels.json").read_text("utf-8")
    return list(json.loads(text)["memories"])


def ranks(values: Sequence[float] | np.ndarray) -> np.ndarray:
    """Ranks 0..n-1 with ties given their mean rank (as Spearman's correlation needs)."""
    x = np.asarray(values, dtype=float)
    order = np.argsort(x, kind="mergesort")
    out = np.empty(len(x))
    i = 0
    while i < len(x):
        j = i
        while j + 1 < len(x) and x[order[j + 1]] == x[order[i]]:
            j += 1
        out[order[i:j + 1]] = (i + j) / 2.0
        i = j + 1
    return out


def spearman(a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray) -> float:
    """Spearman's rank correlation; 0.0 when either side is constant."""
    ra, rb = ranks(a), ranks(b)
    if len(ra) < 2 or ra.std() == 0 or rb.std() == 0:
        return 0.0
    return float(np.corrcoef(ra, rb)[0, 1])


def draft_of(row: dict[str, Any]) -> Any:
    """The `MemoryDraft` a labelled row stands for (as perception or a seed would make it)."""
    from npc_brain.cognition.importance import MemoryDraft
    from npc_brain.memory.record import MemoryKind

    return MemoryDraft(MemoryKind(row["kind"]), row["text"], _T0, subject=row.get("subject"),
                       sighting=bool(row.get("sighting", False)))


def rated_by_rule(row: dict[str, Any]) -> bool:
    """Whether the library rates this memory by rule (a routine sighting), with no model."""
    from npc_brain.cognition.importance import routine_importance

    return routine_importance(draft_of(row)) is not None


def make_raters(model: Any, tune: Sequence[dict[str, Any]]) -> dict[str, Rater]:
    """The candidate raters; anything they learn comes from the tune half only."""
    from npc_brain.cognition import importance, prompts
    from npc_brain.cognition.schemas import ratings_schema
    from npc_brain.language.poignancy import poignancy
    from npc_brain.llm.request import choose_of
    from npc_brain.llm.testing import HashEmbedder

    embedder = HashEmbedder(64)
    others = [r["rating"] for r in tune if importance.routine_importance(draft_of(r)) is None]
    prior = float(np.mean(others)) if others else 5.0
    shots = _shots(tune)

    def batch(rows: Sequence[dict[str, Any]]) -> list[float]:
        out = model.parse(prompts.importance_batch_messages(_AGENT, [r["text"] for r in rows]),
                          ratings_schema(len(rows)), max_tokens=12 + 6 * len(rows),
                          purpose="importance", agent=_AGENT)
        return [float(v) for v in out.r]

    def logprob(rows: Sequence[dict[str, Any]]) -> list[float]:
        return [importance.model_rating(model, r["text"], agent=_AGENT)[0] for r in rows]

    def fewshot(rows: Sequence[dict[str, Any]]) -> list[float]:
        out = []
        for r in rows:
            msgs = prompts.importance_messages(_AGENT, r["text"])
            examples = []
            for s in shots:
                examples += prompts.importance_messages(_AGENT, s["text"])[1:]
                examples.append({"role": "assistant", "content": str(min(9, s["rating"]))})
            choice = choose_of(model, [msgs[0], *examples, *msgs[1:]], importance.DIGITS,
                               purpose="importance", agent=_AGENT)
            out.append(importance.on_scale(choice.expected(range(1, 10))))
        return out

    def rules(rows: Sequence[dict[str, Any]]) -> list[float]:
        found = (importance.routine_importance(draft_of(r)) for r in rows)
        return [prior if v is None else float(v) for v in found]

    def words(rows: Sequence[dict[str, Any]]) -> list[float]:
        found = (importance.routine_importance(draft_of(r)) for r in rows)
        return [poignancy(r["text"]) if v is None else float(v) for r, v in zip(rows, found)]

    def memorize(rows: Sequence[dict[str, Any]]) -> list[float]:
        done = importance.memorize(model, embedder, [draft_of(r) for r in rows], agent=_AGENT)
        return [float(m.importance) for m in done.memories]

    return {"batch": batch, "logprob": logprob, "fewshot": fewshot, "rules": rules,
            "words": words, "memorize": memorize}


def _shots(tune: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Five tune-half examples spread over the scale (ratings nearest 1, 3, 5, 7, 9)."""
    picked: list[dict[str, Any]] = []
    for target in (1, 3, 5, 7, 9):
        pool = [r for r in tune if r not in picked]
        picked.append(min(pool, key=lambda r: (abs(r["rating"] - target), r["text"])))
    return picked


def evaluate(rater: Rater, rows: Sequence[dict[str, Any]], seeds: Sequence[int],
             batch: int, workers: int = 1) -> dict[str, Any]:
    """Rate `rows` in shuffled batches once per seed; Spearman with the labels per seed
    (averaged), over all rows and over those no rule rates; the mean rating of each of `KINDS`;
    and the pooled rank correlation of rating with position in its batch."""

    def one(seed: int) -> tuple[list[float], list[float], list[int]]:
        order = list(range(len(rows)))
        random.Random(seed).shuffle(order)
        got: dict[int, float] = {}
        positions: dict[int, int] = {}
        for start in range(0, len(order), batch):
            chunk = order[start:start + batch]
            for pos, (i, value) in enumerate(zip(chunk, rater([rows[i] for i in chunk]))):
                got[i], positions[i] = value, pos
        ratings = [got[i] for i in range(len(rows))]
        return ratings, [float(r["rating"]) for r in rows], [positions[i] for i in range(len(rows))]

    with ThreadPoolExecutor(max(1, workers)) as pool:
        runs = list(pool.map(one, seeds))
    per_seed = [spearman(r, labels) for r, labels, _ in runs]
    ratings = np.array([r for r, _, _ in runs])  # seeds × memories
    positions = np.array([p for _, _, p in runs], dtype=float)
    free = [i for i, row in enumerate(rows) if not rated_by_rule(row)]
    part = [spearman(ratings[k, free], [rows[i]["rating"] for i in free]) for k in range(len(runs))]
    return {
        "spearman": round(float(np.mean(per_seed)), 3),
        "spearman_min": round(float(np.min(per_seed)), 3),
        "model_part": round(float(np.mean(part)), 3),
        "n_model_part": len(free),
        "position_corr": round(spearman(positions.ravel(), ratings.ravel()), 3),
        "position_effect": round(position_effect(positions, ratings), 3),
        "rating_min": round(float(ratings.min()), 2),
        "rating_max": round(float(ratings.max()), 2),
        "n": len(rows),
        "means": kind_means(rows, ratings),
    }


def kind_means(rows: Sequence[dict[str, Any]], ratings: np.ndarray) -> dict[str, Any]:
    """The mean rating (over seeds and memories) of each of `KINDS` present, and `ordered`:
    whether each kind's mean is above the next's (life > news > social > sighting)."""
    out: dict[str, Any] = {}
    for kind, categories in KINDS:
        cols = [i for i, r in enumerate(rows) if r["category"] in categories]
        if cols:
            out[kind] = round(float(ratings[:, cols].mean()), 2)
    means = [out[k] for k, _ in KINDS if k in out]
    out["ordered"] = bool(means) and all(a > b for a, b in itertools.pairwise(means))
    return out


def position_effect(positions: np.ndarray, ratings: np.ndarray) -> float:
    """Correlation of rating with batch position, content held fixed (seeds × memories).

    Each memory's ratings over the seeds' shuffles minus their mean, against its positions
    minus their mean: a rating that follows the item number correlates ~1, one that ignores
    its neighbours 0 — without the chance alignment of content and position that a shuffle
    has. 0.0 when no rating moved; when only a few moved (engine numerics flipping a rounding
    between runs) it is the correlation of those few, so read it with `position_corr`.
    """
    dr = (ratings - ratings.mean(axis=0)).ravel()
    dp = (positions - positions.mean(axis=0)).ravel()
    if len(ratings) < 2 or not dr.any() or not dp.any():
        return 0.0
    return float(np.corrcoef(dp, dr)[0, 1])


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `bench importance`."""
    parser.add_argument("--seeds", type=int, default=3, help="shuffles of the half (default 3)")
    parser.add_argument("--batch", type=int, default=8, help="memories per batch (default 8)")
    parser.add_argument("--raters", default=",".join(RATERS),
                        help=f"comma-separated subset of {', '.join(RATERS)} (default: all)")
    parser.add_argument("--split", choices=("test", "tune"), default="test",
                        help="the half to score (tune only while designing a rater)")
    add_model_arguments(parser)


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Run the benchmark (see the module doc)."""
    wanted = [r.strip() for r in args.raters.split(",") if r.strip()]
    unknown = sorted(set(wanted) - set(RATERS))
    if unknown:
        raise SystemExit(f"bench importance: unknown rater(s) {', '.join(unknown)}")
    labels = load_labels()
    tune = [r for r in labels if r["split"] == "tune"]
    rows = [r for r in labels if r["split"] == args.split]
    seeds = list(range(max(1, args.seeds)))
    backend = open_backend(args, n_parallel=len(seeds))
    try:
        raters = make_raters(backend.model, tune)
        table = []
        for name in wanted:
            table.append({"rater": name, **evaluate(raters[name], rows, seeds, args.batch,
                                                    workers=len(seeds))})
    finally:
        backend.close()
    means = [{"rater": r["rater"], **r.pop("means")} for r in table]
    chosen = next((r for r in table if r["rater"] == CHOSEN), table[0])
    order = next(m for m in means if m["rater"] == chosen["rater"])
    return {
        "spearman": chosen["spearman"],
        "spearman_model_part": chosen["model_part"],
        "ordered": order["ordered"],
        "position_corr": chosen["position_corr"],
        "n": chosen["n"],
        "rater": chosen["rater"],
        "split": args.split,
        "seeds": len(seeds),
        "batch": args.batch,
        "model": backend.description,
        "raters": table,
        "means": means,
    }
