"""A save stays small: sparse embedding blobs, v2 files still load, repeated texts kept once."""
from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta
from pathlib import Path

import numpy as np
import pytest
from memory_save_factory import assert_same, build

from npc_brain.llm.embedders import LexicalEmbedder
from npc_brain.memory import SCHEMA_VERSION, AgentSave, CorruptSaveError, MemoryStream, SaveData, SaveFile
from npc_brain.memory.save_rules import SaveRuleError
from npc_brain.memory.save_vectors import decode_embeddings, encode_embedding
from npc_brain.types.occasion import Occasion

T0 = datetime(2023, 2, 13, 7, 0)
PARTY = Occasion("party", datetime(2023, 2, 14, 17), datetime(2023, 2, 14, 19), place="Hobbs Cafe")


def _town(path: Path) -> SaveData:
    """Two agents with lexical embeddings (the default embedder: a few non-zeros of 1,024)."""
    embedder = LexicalEmbedder()
    agents = {}
    for name in ("Ana", "Ben"):
        stream = MemoryStream(embedder.dim)
        texts = ["the bed is made", f"{name} is reading", "the bed is made", "Ben told Ana about the party"]
        for i, (text, vec) in enumerate(zip(texts, embedder.embed(texts), strict=True)):
            stream.add("observation", text, T0 + timedelta(minutes=10 * (i // 2)), 2, vec,
                       subject="town:house:bed", place="town:house", occasion=PARTY if i == 3 else None)
        agents[name] = AgentSave(stream, {"n": 1})
    data = SaveData(T0 + timedelta(hours=1), agents)
    SaveFile(path).write(data)
    return data


def test_a_lexical_embedding_is_saved_as_its_non_zeros_and_read_back_bit_for_bit(tmp_path: Path) -> None:
    data = _town(tmp_path / "s.sav")
    with sqlite3.connect(tmp_path / "s.sav") as conn:
        sizes = [n for (n,) in conn.execute("SELECT length(embedding) FROM memories")]
    conn.close()
    assert max(sizes) < 200 < 4 * 1024  # a dense float32 blob was 4,096 bytes
    assert_same(SaveFile(tmp_path / "s.sav").read(), data)


def test_a_dense_embedding_stays_dense() -> None:
    vec = np.random.default_rng(1).standard_normal(16).astype(np.float32)
    blob = encode_embedding(vec)
    assert len(blob) == 64
    np.testing.assert_array_equal(decode_embeddings([blob], 16)[0], vec)


@pytest.mark.parametrize(("blob", "problem"), [
    (np.array([5, 3], "<u2").tobytes() + np.array([1.0, 2.0], "<f4").tobytes(), "not increasing"),
    (np.array([99], "<u2").tobytes() + np.array([1.0], "<f4").tobytes(), "not increasing"),
    (np.array([2], "<u2").tobytes() + np.array([0.0], "<f4").tobytes(), "stores a zero"),
    (np.array([2], "<u2").tobytes() + np.array([np.nan], "<f4").tobytes(), "NaN"),
    (b"\x00" * 7, "neither"),
    ("text", "not a blob"),
])
def test_a_damaged_sparse_blob_is_named(blob: object, problem: str) -> None:
    with pytest.raises(SaveRuleError, match=problem) as caught:
        decode_embeddings([encode_embedding(np.ones(16, np.float32)), blob], 16)
    assert caught.value.field == "memories.1.embedding"


def test_a_damaged_blob_in_a_file_is_a_corrupt_save(tmp_path: Path) -> None:
    _town(tmp_path / "s.sav")
    with sqlite3.connect(tmp_path / "s.sav") as conn:
        conn.execute("UPDATE memories SET embedding = ? WHERE agent = 'Ben' AND id = 1",
                     (np.array([7, 7], "<u2").tobytes() + np.array([1.0, 1.0], "<f4").tobytes(),))
    conn.close()
    with pytest.raises(CorruptSaveError, match=r"Ben.*memories\.1\.embedding"):
        SaveFile(tmp_path / "s.sav").read()


def test_a_v2_save_with_dense_blobs_still_loads(tmp_path: Path) -> None:
    """v2 wrote every embedding as 4 * dim bytes in a rowid table; v3 reads it as it is."""
    path = tmp_path / "v2.sav"
    data = build("v2", agents=2, memories=12)
    SaveFile(path).write(data)
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE old AS SELECT * FROM memories")  # a plain rowid table, as v2 made
        rows = conn.execute("SELECT agent, id FROM old").fetchall()
        for agent, mid in rows:
            vec = data.agents[agent].memories.embedding(mid)
            conn.execute("UPDATE old SET embedding = ? WHERE agent = ? AND id = ?",
                         (np.ascontiguousarray(vec, "<f4").tobytes(), agent, mid))
        conn.execute("DROP TABLE memories")
        conn.execute("ALTER TABLE old RENAME TO memories")
        conn.execute("UPDATE meta SET value = '2' WHERE key = 'schema_version'")
    conn.close()
    back = SaveFile(path).read()
    assert back.meta is not None and back.meta.migrated_from == 2 and SCHEMA_VERSION == 3
    assert_same(back, data)


def test_repeated_texts_times_and_occasions_are_kept_once(tmp_path: Path) -> None:
    """A town's memories repeat their texts; each is one object, made in play or loaded."""
    made = _town(tmp_path / "s.sav")
    back = SaveFile(tmp_path / "s.sav").read()
    for data in (made, back):
        ana, ben = (list(data.agents[n].memories.records) for n in ("Ana", "Ben"))
        assert ana[0].description is ana[2].description is ben[0].description
        assert ana[0].subject is ben[1].subject and ana[0].place is ben[3].place
    ana, ben = (list(back.agents[n].memories.records) for n in ("Ana", "Ben"))
    assert ana[0].created is ana[1].created is ben[0].created  # one time, parsed once
    assert ana[3].occasion is ben[3].occasion == PARTY
