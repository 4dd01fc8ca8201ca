"""SaveFile: round trips, atomicity under SIGKILL, migration, typed errors."""
from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest
from memory_save_factory import T0, assert_same, build

from npc_brain.memory import (
    SCHEMA_VERSION,
    AgentSave,
    CorruptSaveError,
    MemoryStream,
    NotASaveError,
    SaveData,
    SaveError,
    SaveFile,
    SaveNotFoundError,
    SaveVersionError,
)
from npc_brain.memory import save as save_module

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent


def test_round_trip_keeps_everything(tmp_path: Path) -> None:
    data = build("A", agents=3, memories=40)
    f = SaveFile(tmp_path / "slot1.sav")
    f.write(data)
    back = f.read()
    assert_same(back, data)
    assert back.meta is not None and back.meta.schema_version == SCHEMA_VERSION
    # loaded streams behave like the originals
    name = next(iter(data.agents))
    q = data.agents[name].memories.embedding(5)
    now = T0 + timedelta(days=2)
    want = [(x.record, x.score) for x in data.agents[name].memories.snapshot().retrieve(q, now)]
    assert [(x.record, x.score) for x in back.agents[name].memories.snapshot().retrieve(q, now)] \
        == want


def test_empty_save_and_empty_stream(tmp_path: Path) -> None:
    f = SaveFile(tmp_path / "s.sav")
    f.write(SaveData(clock=T0))
    back = f.read()
    assert (back.clock, back.agents, back.world) == (T0, {}, {})
    f.write(SaveData(clock=T0, agents={"Eddy": AgentSave(MemoryStream(4), {})}))
    assert len(f.read().agents["Eddy"].memories) == 0


def test_rewrite_replaces_content_and_keeps_creation_time(tmp_path: Path) -> None:
    times = iter([datetime(2030, 1, d, tzinfo=UTC) for d in (1, 2)])
    f = SaveFile(tmp_path / "s.sav", app_version="9.9", wall_clock=lambda: next(times))
    f.write(build("A", agents=3))
    b = build("B", agents=1)
    meta = f.write(b)
    back = f.read()
    assert_same(back, b)  # agents of A are gone
    assert meta.created == datetime(2030, 1, 1, tzinfo=UTC)
    assert back.meta == meta and f.read_meta() == meta
    assert (meta.saved, meta.app_version) == (datetime(2030, 1, 2, tzinfo=UTC), "9.9")


def test_file_is_sqlite_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "s.sav"
    SaveFile(path).write(build("A"))
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("SELECT count(*) FROM memories").fetchone()[0] == 40


@pytest.mark.parametrize("bad_state", [{"when": datetime(2023, 1, 1)}, {"x": float("nan")},
                                       ["not", "a", "dict"]])
def test_unserialisable_state_fails_before_touching_the_file(tmp_path: Path,
                                                             bad_state: object) -> None:
    f = SaveFile(tmp_path / "s.sav")
    good = build("A")
    f.write(good)
    bad = build("B")
    next(iter(bad.agents.values())).state = bad_state  # type: ignore[assignment]
    with pytest.raises(SaveError, match=r"JSON|dict"):
        f.write(bad)
    assert_same(f.read(), good)


def test_failure_inside_the_transaction_keeps_the_old_save(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    f = SaveFile(tmp_path / "s.sav")
    good = build("A", agents=3)
    f.write(good)
    calls = []

    def failing(conn: sqlite3.Connection, name: str, payload: tuple) -> None:
        calls.append(name)
        if len(calls) == 2:
            raise RuntimeError("disk on fire")
        original(conn, name, payload)

    original = save_module._write_agent
    monkeypatch.setattr(save_module, "_write_agent", failing)
    with pytest.raises(RuntimeError, match="disk on fire"):
        f.write(build("B", agents=3))
    assert len(calls) == 2
    assert_same(f.read(), good)


_KILL_MID_SAVE = """
import os, signal, sys
sys.path[:0] = [{repo!r}, {here!r}]
from memory_save_factory import build
from npc_brain.memory import save as save_module
f = save_module.SaveFile(sys.argv[1])
f.write(build("A", agents=3, memories=50))
original, written = save_module._write_agent, []
def dying(conn, name, payload):
    original(conn, name, payload)
    written.append(name)
    if len(written) == 2:  # two of four agents inserted, transaction open
        os.kill(os.getpid(), signal.SIGKILL)
save_module._write_agent = dying
f.write(build("B", agents=4, memories=3000, dim=128))
print("survived")
"""


def _run(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(script), *args],
                          capture_output=True, text=True, timeout=120, cwd=REPO)


def test_sigkill_in_the_middle_of_a_save_leaves_the_previous_save(tmp_path: Path) -> None:
    path = tmp_path / "s.sav"
    proc = _run(_KILL_MID_SAVE.format(repo=str(REPO), here=str(HERE)), str(path))
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    assert "survived" not in proc.stdout
    wal = Path(f"{path}-wal")
    assert wal.exists() and wal.stat().st_size > 1_000_000  # B was half on disk
    assert_same(SaveFile(path).read(), build("A", agents=3, memories=50))
    # and the slot is still writable afterwards
    SaveFile(path).write(build("C"))
    assert_same(SaveFile(path).read(), build("C"))


_KILL_AT_RANDOM = """
import os, signal, sys, threading
sys.path[:0] = [{repo!r}, {here!r}]
from memory_save_factory import build
from npc_brain.memory import SaveFile
f = SaveFile(sys.argv[1])
saves = [build("A", agents=2, memories=1500, dim=256),
         build("B", agents=3, memories=900, dim=256)]  # big enough to spill into the WAL
f.write(saves[0])
threading.Timer(float(sys.argv[2]), lambda: os.kill(os.getpid(), signal.SIGKILL)).start()
i = 1
while True:
    f.write(saves[i % 2])
    i += 1
"""


@pytest.mark.parametrize("delay", ["0.05", "0.23", "0.4", "0.61"])
def test_sigkill_at_any_moment_leaves_one_complete_save(tmp_path: Path, delay: str) -> None:
    path = tmp_path / "s.sav"
    proc = _run(_KILL_AT_RANDOM.format(repo=str(REPO), here=str(HERE)), str(path), delay)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    back = SaveFile(path).read()
    tag = back.world["tag"]
    expected = {"A": build("A", agents=2, memories=1500, dim=256),
                "B": build("B", agents=3, memories=900, dim=256)}[tag]
    assert_same(back, expected)


# -- migration --------------------------------------------------------------------------------

def _make_v0(path: Path) -> np.ndarray:
    """A save as the v0 layout wrote it, built with raw SQL (not with our writer)."""
    vec = np.arange(4, dtype="<f4")
    conn = sqlite3.connect(path)
    conn.executescript("""
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE agents (name TEXT PRIMARY KEY, state TEXT NOT NULL, dim INTEGER NOT NULL);
        CREATE TABLE memories (agent TEXT NOT NULL, id INTEGER NOT NULL, kind TEXT NOT NULL,
            description TEXT NOT NULL, created TEXT NOT NULL, importance INTEGER NOT NULL,
            evidence TEXT NOT NULL, embedding BLOB NOT NULL, PRIMARY KEY (agent, id));
        CREATE TABLE world (state TEXT NOT NULL);
    """)
    conn.executemany("INSERT INTO meta VALUES (?, ?)", [
        ("format", "npc_brain.save"), ("schema_version", "0"), ("created", "2024-05-01T10:00:00"),
        ("saved", "2024-05-01T10:00:00"), ("app_version", "0.0.1"),
        ("clock", "2023-02-13T09:30:00")])
    conn.execute("INSERT INTO agents VALUES ('Klaus', ?, 4)", (json.dumps({"plan": []}),))
    conn.executemany("INSERT INTO memories VALUES ('Klaus', ?, ?, ?, ?, ?, ?, ?)", [
        (0, "observation", "Klaus is reading", "2023-02-13T08:00:00", 2, "[]", vec.tobytes()),
        (1, "reflection", "Klaus loves research", "2023-02-13T09:00:00", 7, "[0]",
         (vec * 2).tobytes()),
    ])
    conn.execute("INSERT INTO world VALUES (?)", (json.dumps({"stove": "off"}),))
    conn.commit()
    conn.close()
    return vec


def test_v0_save_is_migrated_on_read_and_the_file_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "old.sav"
    vec = _make_v0(path)
    before = path.read_bytes()
    back = SaveFile(path).read()
    assert path.read_bytes() == before  # reading never rewrites the player's file
    assert back.clock == datetime(2023, 2, 13, 9, 30) and back.world == {"stove": "off"}
    assert back.meta is not None and back.meta.schema_version == SCHEMA_VERSION
    klaus = back.agents["Klaus"]
    assert klaus.state == {"plan": []} and klaus.memories.decay == 0.995
    r0, r1 = klaus.memories.records
    assert (r0.description, r0.importance, r0.subject, r0.place) == ("Klaus is reading", 2, None,
                                                                     None)
    assert r1.evidence == (0,)
    assert klaus.memories.last_accessed(1) == r1.created  # v0 had no access times
    np.testing.assert_array_equal(klaus.memories.embedding(1), vec * 2)
    SaveFile(path).write(back)  # the next save is written at the current version
    with sqlite3.connect(path) as conn:
        version = conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
    assert version == (str(SCHEMA_VERSION),)
    assert_same(SaveFile(path).read(), back)


def test_version_without_a_migration_path(tmp_path: Path) -> None:
    path = tmp_path / "odd.sav"
    _make_v0(path)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE meta SET value='-1' WHERE key='schema_version'")
    with pytest.raises(SaveVersionError, match="no migration"):
        SaveFile(path).read()


# -- bad files --------------------------------------------------------------------------------

def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(SaveNotFoundError):
        SaveFile(tmp_path / "nope.sav").read()
    assert not (tmp_path / "nope.sav").exists()


@pytest.mark.parametrize("content", [b"", b"hello, not a database" * 100, os.urandom(8192)])
def test_not_a_save(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "x.sav"
    path.write_bytes(content)
    with pytest.raises(NotASaveError):
        SaveFile(path).read()
    if content:  # a non-empty foreign file is never overwritten
        with pytest.raises(NotASaveError):
            SaveFile(path).write(build("A"))
        assert path.read_bytes() == content


def test_other_sqlite_database_is_neither_read_nor_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "inventory.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE items (name TEXT)")
        conn.execute("INSERT INTO items VALUES ('sword')")
    for action in (lambda f: f.read(), lambda f: f.write(build("A"))):
        with pytest.raises(NotASaveError):
            action(SaveFile(path))
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT name FROM items").fetchall() == [("sword",)]


def test_newer_schema_is_refused_on_read_and_write(tmp_path: Path) -> None:
    path = tmp_path / "future.sav"
    SaveFile(path).write(build("A"))
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE meta SET value=? WHERE key='schema_version'",
                     (str(SCHEMA_VERSION + 1),))
    with pytest.raises(SaveVersionError, match="newer"):
        SaveFile(path).read()
    with pytest.raises(SaveVersionError):
        SaveFile(path).write(build("B"))
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT count(*) FROM agents").fetchone()[0] == 2  # untouched


def test_truncated_file_is_corrupt(tmp_path: Path) -> None:
    path = tmp_path / "s.sav"
    SaveFile(path).write(build("A", agents=2, memories=400, dim=64))
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(CorruptSaveError):
        SaveFile(path).read()


def test_scrambled_pages_are_corrupt(tmp_path: Path) -> None:
    path = tmp_path / "s.sav"
    SaveFile(path).write(build("A", agents=2, memories=400, dim=64))
    data = bytearray(path.read_bytes())
    rng = np.random.default_rng(3)
    data[4096:] = rng.integers(0, 256, len(data) - 4096, dtype=np.uint8).tobytes()
    path.write_bytes(bytes(data))
    with pytest.raises(CorruptSaveError):
        SaveFile(path).read()


@pytest.mark.parametrize("tamper", [
    "UPDATE memories SET embedding = x'0000' WHERE id = 3",
    "UPDATE memories SET kind = 'feeling' WHERE id = 2",
    "UPDATE memories SET evidence = '[19]' WHERE id = 4",
    "UPDATE memories SET importance = 0 WHERE id = 1",
    "UPDATE memories SET importance = 'high' WHERE id = 1",
    "DELETE FROM memories WHERE id = 5",
    "UPDATE memories SET created = 'yesterday' WHERE id = 1",
    "UPDATE agents SET state = '[1, 2]'",
    "UPDATE agents SET state = '{broken'",
    "UPDATE world SET state = 'null'",
    "DELETE FROM meta WHERE key = 'clock'",
    "UPDATE memories SET agent = 'ghost' WHERE id = 0 AND agent = 'A-agent-0'",
])
def test_inconsistent_content_is_corrupt(tmp_path: Path, tamper: str) -> None:
    path = tmp_path / "s.sav"
    SaveFile(path).write(build("A"))
    with sqlite3.connect(path) as conn:
        conn.execute(tamper)
    with pytest.raises(CorruptSaveError):
        SaveFile(path).read()


# -- writing over a damaged save ------------------------------------------------------------------

def _damage(kind: str, data: bytes, path: Path) -> None:
    """Leave the slot at `path` damaged in one of the ways a crash, a disk or a person does."""
    size = len(data)
    cut = {"truncated-half": size // 2, "truncated-tenth": size // 10, "truncated-100": 100,
           "truncated-10": 10, "truncated-page": 4096}
    if kind in cut:
        path.write_bytes(data[: cut[kind]])
        return
    buf = bytearray(data)
    rng = np.random.default_rng(len(kind))
    if kind == "scrambled":
        buf[4096:] = rng.integers(0, 256, size - 4096, dtype=np.uint8).tobytes()
    elif kind.startswith("flip-"):
        at = int(kind.split("-")[1])
        buf[at] ^= 0xFF
    elif kind == "zeroed-first-page":
        buf[:4096] = bytes(4096)
    elif kind == "zeroed-second-page":
        buf[4096:8192] = bytes(4096)
    elif kind == "garbage-middle":
        buf[size // 2: size // 2 + 3000] = rng.integers(0, 256, 3000, dtype=np.uint8).tobytes()
    path.write_bytes(bytes(buf))
    if kind.startswith("sql:"):
        with sqlite3.connect(path) as conn:
            conn.execute(kind[4:])
        conn.close()


DAMAGE = ["truncated-half", "truncated-tenth", "truncated-100", "truncated-10", "truncated-page",
          "scrambled", "flip-0", "flip-5", "flip-16", "flip-18", "flip-21", "flip-28", "flip-100",
          "flip-4200", "zeroed-first-page", "zeroed-second-page", "garbage-middle",
          "sql:DROP TABLE meta", "sql:DELETE FROM meta WHERE key = 'format'",
          "sql:DELETE FROM meta", "sql:DROP TABLE agents",
          "sql:UPDATE meta SET value = 'x' WHERE key = 'schema_version'",
          "sql:UPDATE agents SET state = '{'"]


@pytest.mark.parametrize("kind", DAMAGE)
def test_saving_over_a_damaged_save_keeps_it_aside_and_writes(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "save.db"
    SaveFile(path).write(build("A", agents=2, memories=300, dim=64))
    _damage(kind, path.read_bytes(), path)
    damaged = path.read_bytes()
    try:
        SaveFile(path).read()
        readable = True
    except SaveError:
        readable = False
    wall = datetime(2026, 12, 1, 10, 15, tzinfo=UTC)
    meta = SaveFile(path, wall_clock=lambda: wall).write(build("B"))
    assert_same(SaveFile(path).read(), build("B"))  # the slot works again
    if meta.set_aside is not None:
        assert meta.set_aside == tmp_path / "save.db.damaged-20261201-101500"
        assert meta.set_aside.read_bytes() == damaged  # nothing lost
    else:
        assert readable, "an unreadable save was overwritten instead of kept"


def test_set_aside_names_never_collide_and_take_the_wal_along(tmp_path: Path) -> None:
    path = tmp_path / "save.db"
    wall = datetime(2026, 12, 1, 10, 15, tzinfo=UTC)
    names = []
    for _ in range(2):
        path.write_bytes(b"SQLite fo")  # a cut-off header: a damaged save, not a foreign file
        Path(f"{path}-wal").write_bytes(b"wal bytes")
        meta = SaveFile(path, wall_clock=lambda: wall).write(build("B"))
        assert meta.set_aside is not None
        names.append(meta.set_aside.name)
        assert Path(f"{meta.set_aside}-wal").read_bytes() == b"wal bytes"
    assert names == ["save.db.damaged-20261201-101500", "save.db.damaged-20261201-101500-2"]
    assert_same(SaveFile(path).read(), build("B"))


def test_a_healthy_save_is_replaced_not_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "save.db"
    SaveFile(path).write(build("A"))
    assert SaveFile(path).write(build("B")).set_aside is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.db"]
