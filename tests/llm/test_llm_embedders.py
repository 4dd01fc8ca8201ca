"""Offline embedders: lexical, hybrid; and the embedder benchmark's scoring."""

from __future__ import annotations

import argparse
import json

import numpy as np
import pytest

from npc_brain.bench import embedders as bench
from npc_brain.bench.__main__ import format_table
from npc_brain.bench.__main__ import main as bench_main
from npc_brain.bench.town_memories import CASES, MEMORIES
from npc_brain.llm.embedders import HybridEmbedder, LexicalEmbedder, stem, tokens
from npc_brain.llm.protocols import Embedder
from npc_brain.llm.testing import HashEmbedder


@pytest.mark.parametrize(
    ("words", "same"),
    [
        (["decorating", "decorates", "decoration", "decorated"], True),
        (["party", "parties"], True),
        (["shopping", "shops"], True),
        (["cafe", "cafes"], True),
        (["class", "classes"], True),
        (["library", "paint"], False),
    ],
)
def test_stem_conflates_inflections(words: list[str], same: bool) -> None:
    assert (len({stem(w) for w in words}) == 1) is same


def test_tokens_drop_stop_words_and_possessives() -> None:
    assert [t for t, _ in tokens("What is Klaus's relationship with Maria?")] == [
        "klaus",
        "relationship",
        "maria",
    ]


def test_lexical_is_stateless_normalised_and_ranks_overlap_first() -> None:
    emb = LexicalEmbedder()
    assert isinstance(emb, Embedder)
    texts = [
        "Isabella is decorating Hobbs Cafe",
        "Isabella hung decorations in the cafe",
        "Klaus runs along the river",
        "it is what it is",
    ]
    batch = emb.embed(texts)
    alone = np.vstack([emb.embed([t]) for t in texts])
    np.testing.assert_array_equal(batch, alone)  # a vector never depends on its batch
    np.testing.assert_array_equal(batch, LexicalEmbedder().embed(texts))  # nor on the instance
    assert batch.shape == (4, emb.dim) and batch.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(batch[:3], axis=1), 1.0, atol=1e-5)
    assert not batch[3].any()
    sims = batch @ batch[0]
    assert sims[1] > 0.5 > sims[2]


def test_salt_changes_the_layout_but_not_the_geometry_much() -> None:
    texts = ["Klaus studies gentrification", "Klaus writes about gentrification"]
    a, b = LexicalEmbedder(salt="").embed(texts), LexicalEmbedder(salt="x").embed(texts)
    assert not np.array_equal(a, b)
    assert float(a[0] @ a[1]) == pytest.approx(float(b[0] @ b[1]), abs=0.15)


def test_hybrid_cosine_is_the_weighted_mean_of_part_cosines() -> None:
    lex, hsh = LexicalEmbedder(512), HashEmbedder(64)
    hyb = HybridEmbedder([(lex, 3.0), (hsh, 1.0)])
    texts = ["Maria studies physics at the college", "Maria is studying for a physics exam"]
    v, lx, h = hyb.embed(texts), lex.embed(texts), hsh.embed(texts)
    assert hyb.dim == 576
    expected = 0.75 * float(lx[0] @ lx[1]) + 0.25 * float(h[0] @ h[1])
    assert float(v[0] @ v[1]) == pytest.approx(expected, abs=1e-5)
    with pytest.raises(ValueError):
        HybridEmbedder([(lex, 0.0)])


def test_benchmark_data_is_consistent() -> None:
    ids = [mid for mid, _ in MEMORIES]
    assert len(ids) == len(set(ids)) >= 100 and len(CASES) >= 30
    assert all(e in ids for _, expected in CASES for e in expected)


class Oracle:
    """Query i → axis i; a memory → the axes of every case expecting it (perfect retrieval)."""

    name, dim = "oracle", len(CASES) + 1

    def embed(self, texts):
        axes: dict[str, list[int]] = {q: [i] for i, (q, _) in enumerate(CASES)}
        for mid, text in MEMORIES:
            owners = [i for i, (_, exp) in enumerate(CASES) if mid in exp]
            axes[text] = owners or [len(CASES)]
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, t in enumerate(texts):
            out[row, axes[t]] = 1.0 / np.sqrt(len(axes[t]))
        return out


class Constant:
    name, dim = "constant", 2

    def embed(self, texts):
        return np.tile(np.array([1.0, 0.0], dtype=np.float32), (len(texts), 1))


def test_score_is_perfect_for_an_oracle_and_poor_for_a_constant() -> None:
    assert bench.score(Oracle())["recall"] == pytest.approx(1.0)
    assert bench.score(Constant())["recall"] < 0.2


def test_bench_dispatcher_prints_table_then_one_json_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert bench_main(["embedders", "--no-gguf", "--salts", "2"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    result = json.loads(out[-1])
    labels = [row["embedder"] for row in result["embedders"]]
    assert "lexical-1024" in labels and result["default"] == "lexical-1024"
    assert any(line.startswith("lexical-1024 ") for line in out)
    assert all(0.0 <= row["recall@5"] <= 1.0 for row in result["embedders"])


def test_format_table_aligns_columns() -> None:
    text = format_table([{"a": 1, "bb": 2.5}, {"a": 100, "c": "x"}])
    lines = text.splitlines()
    assert lines[0].split() == ["a", "bb", "c"] and len(lines) == 4
    assert lines[3].startswith("100")


def test_bench_add_arguments_defaults() -> None:
    parser = argparse.ArgumentParser()
    bench.add_arguments(parser)
    args = parser.parse_args([])
    assert (args.k, args.salts, args.no_gguf) == (5, 5, False)
