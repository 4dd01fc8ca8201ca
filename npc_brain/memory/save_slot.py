"""The save slot on disk: is the file ours, is it whole, and moving a damaged one aside.

`SaveFile` asks these before it reads or overwrites a slot, so a foreign file is never
overwritten and a damaged save is kept (renamed) rather than lost or refused.
"""
from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

from npc_brain.memory.save_errors import CorruptSaveError, NotASaveError

FORMAT = "npc_brain.save"
_SQLITE_MAGIC = b"SQLite format 3\x00"


def check_header(path: Path) -> None:
    """NotASaveError unless the file starts like an SQLite database (or is empty);
    CorruptSaveError for a save whose header is cut off or broken."""
    with open(path, "rb") as fh:
        head = fh.read(len(_SQLITE_MAGIC))
        if head and head != _SQLITE_MAGIC:
            # Ours if it is a cut-off header or still names the format (meta is on page 2).
            if _SQLITE_MAGIC.startswith(head) or FORMAT.encode() in fh.read(1 << 20):
                raise CorruptSaveError(f"{path} is a damaged save (broken file header)")
            raise NotASaveError(f"{path} is not a save file (not an SQLite database)")
        versions = fh.read(4)[2:]  # header bytes 18, 19: file format read/write versions
        if head and len(versions) == 2 and not set(versions) <= {1, 2}:
            # SQLite would open it read-only, and every later save would be refused.
            raise CorruptSaveError(f"{path} is a damaged save (broken file header)")


def check_intact(conn: sqlite3.Connection, path: Path, tables: Iterable[str]) -> None:
    """`CorruptSaveError` unless the tables, pages and JSON of the slot's save are whole.

    Cheap next to a full read (no rows are decoded): enough to know that overwriting the
    file loses nothing the game could still load.
    """
    try:
        found = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        check = conn.execute("PRAGMA quick_check(1)").fetchone()
        bad = conn.execute("SELECT (SELECT count(*) FROM agents WHERE NOT json_valid(state))"
                           " + (SELECT count(*) FROM world WHERE NOT json_valid(state))"
                           ).fetchone()[0] if set(tables) <= found else 1
    except sqlite3.DatabaseError as exc:
        raise CorruptSaveError(f"{path} is damaged: {exc}") from exc
    if bad or not check or check[0] != "ok":
        raise CorruptSaveError(f"{path} is damaged (tables, pages or states)")


def move_aside(path: Path, now: datetime) -> Path:
    """Rename the damaged save (and its WAL/SHM, so it still opens) out of the slot."""
    stem = f"{path.name}.damaged-{now:%Y%m%d-%H%M%S}"
    target = path.with_name(stem)
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{stem}-{n}")
    for suffix in ("-wal", "-shm"):
        companion = Path(f"{path}{suffix}")
        if companion.exists():
            os.replace(companion, f"{target}{suffix}")
    os.replace(path, target)
    return target
