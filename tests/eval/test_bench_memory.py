"""`bench memory` on a tiny town: it builds, saves and loads a real society and reports sizes."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from npc_brain.bench import memory
from npc_brain.bench.__main__ import main
from npc_brain.bench.town_diary import PER_DAY
from npc_brain.memory import MemoryStream

REPO = Path(__file__).resolve().parents[2]


def test_bench_memory_reports_a_small_town(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    assert main(["memory", "--npcs", "3", "--days", "1", "--small", "1", "--repeat", "1",
                 "--dir", str(tmp_path)]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["npcs"] == 3 and (tmp_path / "town.sqlite").is_file()
    assert abs(result["records"] - 3 * sum(PER_DAY.values())) < 3 * 10  # the measured rate, by rule
    assert 0 < result["disk_embedding_bytes"] < 4 * 1024  # sparse blobs, not 1,024 floats
    assert 100 < result["ram_record_bytes"] < 1000 and result["ram_embedding_bytes"] >= 4 * 1024
    assert result["save_s"] > 0 and result["load_s"] > 0 and "rss_mb_per_npc" in result


def test_deep_size_counts_what_records_share_once() -> None:
    text = "the bed is made " * 4
    seen = memory.shared_seen()
    first = memory.deep_size([(text, 5)], seen)
    assert memory.deep_size([(text, 5)], seen) < first  # the text is not counted twice


def test_the_tables_that_share_texts_are_counted_and_the_list_with_its_room() -> None:
    texts = [f"the bench number {i} is clean" for i in range(1000)]
    assert memory.intern_table_bytes(texts) > 8 * len(texts)  # an entry a text, at least its two pointers
    assert memory.intern_table_bytes([]) == 0
    stream = MemoryStream(4)
    for i in range(5):
        stream.add("observation", texts[i], memory._START, 2, [1.0, 0, 0, 0])
    assert stream.footprint()["records"] >= 8 * 5  # the list of records, over-allocation included
