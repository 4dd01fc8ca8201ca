"""Save migrations: each step upgrades an open save by one schema version, in place.

Reading an old file migrates an in-memory copy (`SaveFile.read`) and leaves the file as it was
until the next write. The history is in `save.py`'s docstring.
"""
from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Mapping
from types import MappingProxyType

from npc_brain.memory.save_errors import SaveVersionError

__all__ = ["SCHEMA_VERSION", "legacy_hearsay", "migrate"]

SCHEMA_VERSION = 3


def _v0_to_v1(conn: sqlite3.Connection) -> None:
    """v0 → v1: per-memory last access (= created), subject, place; per-agent decay."""
    conn.execute("ALTER TABLE agents ADD COLUMN decay REAL NOT NULL DEFAULT 0.995")
    for column in ("subject TEXT", "place TEXT", "last_accessed TEXT"):
        conn.execute(f"ALTER TABLE memories ADD COLUMN {column}")
    conn.execute("UPDATE memories SET last_accessed = created")
    rows = conn.execute("SELECT state FROM world").fetchall()
    conn.execute("DROP TABLE world")
    conn.execute("CREATE TABLE world (id INTEGER PRIMARY KEY CHECK (id = 1), state TEXT NOT NULL)")
    conn.execute("INSERT INTO world VALUES (1, ?)", (rows[0][0] if rows else "{}",))


def _v1_to_v2(conn: sqlite3.Connection) -> None:
    """v1 → v2: provenance columns; a v1 hearsay record's teller and fact from its wording, the
    only place a sentence is read back into provenance (v1 kept it nowhere else)."""
    for column in ("teller TEXT", "fact TEXT", "occasion TEXT"):
        conn.execute(f"ALTER TABLE memories ADD COLUMN {column}")
    rows = conn.execute("SELECT agent, id, description FROM memories WHERE kind = 'dialogue'").fetchall()
    for agent, mid, description in rows:
        if not isinstance(description, str):
            continue  # a damaged cell: the row check on read names it
        teller, fact = legacy_hearsay(description)
        if teller is not None:
            conn.execute("UPDATE memories SET teller = ?, fact = ? WHERE agent = ? AND id = ?",
                         (teller, fact, agent, mid))


_LEGACY_TELLER = re.compile(r"^([A-Z][\w'’-]*(?: [A-Z][\w'’-]*){0,2}) told (?:me|[A-Z][\w'’-]*(?: [A-Z][\w'’-]*){0,2})"
                            r"(?: that |: )(.+)$", re.DOTALL)


def legacy_hearsay(description: str) -> tuple[str | None, str | None]:
    """(teller, fact) of a v1 hearsay description ('Klaus Mueller told Maria Lopez that …'), the
    last teller of a chain and its innermost fact; (None, None) for anything else."""
    m = _LEGACY_TELLER.match(description)
    if m is None:
        return None, None
    teller, fact = m.group(1), m.group(2)
    while (inner := _LEGACY_TELLER.match(fact)) is not None:
        fact = inner.group(2)
    return teller, fact.strip().strip('"')


def _v2_to_v3(conn: sqlite3.Connection) -> None:
    """v2 → v3: nothing to change. v3 adds a shorter, sparse form of the embedding blob; a v2
    file's dense blobs are valid v3 blobs, and the table's layout (rowid or not) is the writer's
    business. The step exists so a v3 file is refused by a v2 app with 'update the app'."""
    del conn


# version v → function upgrading a v database to v+1 (in place, inside a transaction)
_MIGRATIONS: Mapping[int, Callable[[sqlite3.Connection], None]] = MappingProxyType(
    {0: _v0_to_v1, 1: _v1_to_v2, 2: _v2_to_v3})


def migrate(conn: sqlite3.Connection, version: int) -> None:
    """Upgrade an open save from `version` to SCHEMA_VERSION, one registered step at a time."""
    while version < SCHEMA_VERSION:
        step = _MIGRATIONS.get(version)
        if step is None:
            raise SaveVersionError(f"no migration from save schema v{version}")
        step(conn)
        version += 1
        conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(version),))
