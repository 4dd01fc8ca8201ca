"""SaveFile: the whole game mind in one SQLite file.

One file holds every agent's memory stream (records, embeddings, last access), each
agent's JSON state (plan, persona, relationships, known world, importance cache … as
the cognition layer hands them over), the world state, the game clock and meta data.

Durability: a save is ONE transaction in WAL mode, so a process killed mid-save leaves
the previous save loadable (SQLite ignores uncommitted WAL frames on the next open).
`synchronous=FULL` because a save is a promise to the player and costs a single extra
fsync per save; NORMAL would only add a window where a *power cut* loses the last save.
Everything is serialised before the file is touched, so bad input never costs the old save.

Schema history (each step has a migration in `_MIGRATIONS`; reading an old file migrates
an in-memory copy and leaves the file as it was until the next write):
- v0: the pre-release layout — no last access, subject or place per memory, no recency
  decay per agent, world state in a one-column table.
- v1: current.
"""
from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from types import MappingProxyType
from typing import Any

import numpy as np

from npc_brain.memory.record import MemoryKind, MemoryRecord
from npc_brain.memory.stream import MemoryRow, MemoryStream

FORMAT = "npc_brain.save"
_SQLITE_MAGIC = b"SQLite format 3\x00"
SCHEMA_VERSION = 1
_TABLES = ("memories", "agents", "world", "meta")  # drop order on rewrite

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE agents (
    name TEXT PRIMARY KEY, state TEXT NOT NULL, dim INTEGER NOT NULL, decay REAL NOT NULL);
CREATE TABLE memories (
    agent TEXT NOT NULL, id INTEGER NOT NULL, kind TEXT NOT NULL, description TEXT NOT NULL,
    created TEXT NOT NULL, importance INTEGER NOT NULL, evidence TEXT NOT NULL,
    subject TEXT, place TEXT, last_accessed TEXT NOT NULL, embedding BLOB NOT NULL,
    PRIMARY KEY (agent, id));
CREATE TABLE world (id INTEGER PRIMARY KEY CHECK (id = 1), state TEXT NOT NULL);
"""


class SaveError(Exception):
    """A save could not be written or read. The previous save is untouched."""


class SaveNotFoundError(SaveError):
    """There is no file at the path."""


class NotASaveError(SaveError):
    """The file exists but is not an npc_brain save (or not SQLite at all)."""


class SaveVersionError(SaveError):
    """The save was written by a newer version of the app (or has no migration path)."""


class CorruptSaveError(SaveError):
    """The file is an npc_brain save but its content is damaged or inconsistent."""


@dataclass(frozen=True, slots=True)
class SaveMeta:
    """What the file says about itself."""

    schema_version: int
    created: datetime
    saved: datetime
    app_version: str


@dataclass(slots=True)
class AgentSave:
    """One agent: its memory stream and a JSON-able dict of everything else."""

    memories: MemoryStream
    state: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class SaveData:
    """A whole save: game clock, agents by name, world state (JSON-able)."""

    clock: datetime
    agents: dict[str, AgentSave] = field(default_factory=dict)
    world: dict[str, Any] = field(default_factory=dict)
    meta: SaveMeta | None = None  # filled by `SaveFile.read`


def _dumps(value: object, what: str) -> str:
    if not isinstance(value, dict):
        raise SaveError(f"{what} must be a dict, got {type(value).__name__}")
    try:
        return json.dumps(value, allow_nan=False, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError) as exc:
        raise SaveError(f"{what} is not JSON-serialisable: {exc}") from exc


def _memory_params(name: str, rows: list[MemoryRow]) -> list[tuple[Any, ...]]:
    return [
        (name, r.record.id, r.record.kind.value, r.record.description,
         r.record.created.isoformat(), r.record.importance, json.dumps(list(r.record.evidence)),
         r.record.subject, r.record.place, r.last_accessed.isoformat(),
         np.ascontiguousarray(r.embedding, dtype="<f4").tobytes())
        for r in rows
    ]


def _write_agent(conn: sqlite3.Connection, name: str, payload: tuple[Any, ...]) -> None:
    """Insert one agent and its memories (inside the save transaction)."""
    state, dim, decay, params = payload
    conn.execute("INSERT INTO agents VALUES (?, ?, ?, ?)", (name, state, dim, decay))
    conn.executemany("INSERT INTO memories VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", params)


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


# version v → function upgrading a v database to v+1 (in place, inside a transaction)
_MIGRATIONS: Mapping[int, Callable[[sqlite3.Connection], None]] = MappingProxyType({0: _v0_to_v1})


def migrate(conn: sqlite3.Connection, version: int) -> None:
    """Upgrade an open save from `version` to SCHEMA_VERSION, one registered step at a time."""
    while version < SCHEMA_VERSION:
        step = _MIGRATIONS.get(version)
        if step is None:
            raise SaveVersionError(f"no migration from save schema v{version}")
        step(conn)
        version += 1
        conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(version),))


class SaveFile:
    """A save slot on disk. `write` replaces its content atomically; `read` loads it."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        app_version: str | None = None,
        wall_clock: Callable[[], datetime] | None = None,
    ) -> None:
        self.path = Path(path)
        if app_version is None:
            import npc_brain  # at call time: the package is fully imported by then

            app_version = npc_brain.__version__
        self.app_version = app_version
        self._wall_clock = wall_clock or (lambda: datetime.now(timezone.utc))

    def exists(self) -> bool:
        """True if there is a file at the path (not a check that it is a valid save)."""
        return self.path.exists()

    def _connect(self) -> sqlite3.Connection:
        # isolation_level=None: transactions are explicit, so one BEGIN covers the DDL too.
        conn = sqlite3.connect(self.path, isolation_level=None, timeout=5.0)
        return conn

    def _check_header(self) -> None:
        """NotASaveError unless the file starts like an SQLite database (or is empty)."""
        with open(self.path, "rb") as fh:
            head = fh.read(len(_SQLITE_MAGIC))
        if head and head != _SQLITE_MAGIC:
            raise NotASaveError(f"{self.path} is not a save file (not an SQLite database)")

    def _version(self, conn: sqlite3.Connection) -> tuple[int, dict[str, str]]:
        """Schema version and meta of an open file; NotASaveError/SaveVersionError."""
        try:
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        except sqlite3.DatabaseError as exc:  # the header was SQLite's: the rest is damaged
            raise CorruptSaveError(f"{self.path} is damaged: {exc}") from exc
        if "meta" not in tables:
            raise NotASaveError(f"{self.path} is not an npc_brain save (no meta table)")
        try:
            meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.DatabaseError as exc:
            raise CorruptSaveError(f"{self.path}: unreadable meta ({exc})") from exc
        if meta.get("format") != FORMAT:
            raise NotASaveError(f"{self.path} is not an npc_brain save")
        try:
            version = int(meta["schema_version"])
        except (KeyError, ValueError) as exc:
            raise CorruptSaveError(f"{self.path}: bad schema_version in meta") from exc
        if version > SCHEMA_VERSION:
            raise SaveVersionError(
                f"{self.path} has save schema v{version}, newer than this app's "
                f"v{SCHEMA_VERSION} (app {self.app_version}); update the app to load it"
            )
        return version, meta

    def write(self, data: SaveData) -> SaveMeta:
        """Replace the save with `data` in one transaction. On any failure the old save stays."""
        if not isinstance(data.clock, datetime):
            raise SaveError(f"SaveData.clock must be a datetime, got {data.clock!r}")
        clock = data.clock.isoformat()
        world = _dumps(data.world, "world state")
        payloads: dict[str, tuple[Any, ...]] = {}
        for name, agent in data.agents.items():
            if not isinstance(name, str) or not name:
                raise SaveError(f"agent names must be non-empty strings, got {name!r}")
            stream = agent.memories
            payloads[name] = (_dumps(agent.state, f"state of agent {name!r}"), stream.dim,
                              stream.decay, _memory_params(name, stream.to_rows()))
        now = self._wall_clock()
        created = now
        conn = None
        try:
            if self.path.exists() and self.path.stat().st_size > 0:
                self._check_header()
                probe = self._connect()
                try:
                    _, meta = self._version(probe)  # refuse to overwrite foreign/newer files
                finally:
                    probe.close()
                try:
                    created = datetime.fromisoformat(meta["created"])
                except (KeyError, ValueError):
                    created = now
            conn = self._connect()
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("BEGIN IMMEDIATE")
            try:
                for table in _TABLES:
                    conn.execute(f"DROP TABLE IF EXISTS {table}")
                # Statement by statement: executescript() would COMMIT first.
                for statement in filter(str.strip, _SCHEMA.split(";")):
                    conn.execute(statement)
                meta_rows = {"format": FORMAT, "schema_version": str(SCHEMA_VERSION),
                             "created": created.isoformat(), "saved": now.isoformat(),
                             "app_version": self.app_version, "clock": clock}
                conn.executemany("INSERT INTO meta VALUES (?, ?)", meta_rows.items())
                conn.execute("INSERT INTO world VALUES (1, ?)", (world,))
                for name, payload in payloads.items():
                    _write_agent(conn, name, payload)
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:  # SQLite may already have rolled back (disk full)
                    conn.execute("ROLLBACK")
                raise
            # Fold the WAL back so the save is one self-contained file again.
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error as exc:
            raise SaveError(f"could not write {self.path}: {exc}") from exc
        except OSError as exc:
            raise SaveError(f"could not write {self.path}: {exc}") from exc
        finally:
            if conn is not None:
                conn.close()
        return SaveMeta(SCHEMA_VERSION, created, now, self.app_version)

    def _open_for_read(self) -> tuple[sqlite3.Connection, dict[str, str]]:
        if not self.path.is_file():
            raise SaveNotFoundError(f"no save file at {self.path}")
        try:
            self._check_header()
            conn = self._connect()
        except (OSError, sqlite3.Error) as exc:
            raise SaveError(f"could not open {self.path}: {exc}") from exc
        try:
            version, meta = self._version(conn)
            if version < SCHEMA_VERSION:
                # Migrate a copy: the file stays readable by the app that wrote it.
                mem = sqlite3.connect(":memory:", isolation_level=None)
                conn.backup(mem)
                conn.close()
                conn = mem
                try:
                    conn.execute("BEGIN")
                    migrate(conn, version)
                    conn.execute("COMMIT")
                    meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
                except sqlite3.DatabaseError as exc:
                    raise CorruptSaveError(f"{self.path}: cannot migrate from v{version}: "
                                           f"{exc}") from exc
        except BaseException:
            conn.close()
            raise
        return conn, meta

    def read_meta(self) -> SaveMeta:
        """Only the meta data (cheap: for a load menu)."""
        conn, meta = self._open_for_read()
        conn.close()
        return self._meta(meta)

    def _meta(self, meta: dict[str, str]) -> SaveMeta:
        try:
            return SaveMeta(int(meta["schema_version"]), datetime.fromisoformat(meta["created"]),
                            datetime.fromisoformat(meta["saved"]), meta["app_version"])
        except (KeyError, ValueError) as exc:
            raise CorruptSaveError(f"{self.path}: bad meta ({exc})") from exc

    def read(self) -> SaveData:
        """Load the save (migrating old schemas in memory). Raises a `SaveError` subclass."""
        conn, meta = self._open_for_read()
        try:
            conn.execute("BEGIN")  # one consistent read
            return self._read(conn, meta)
        except sqlite3.DatabaseError as exc:
            raise CorruptSaveError(f"{self.path} is damaged: {exc}") from exc
        finally:
            conn.close()

    def _read(self, conn: sqlite3.Connection, meta: dict[str, str]) -> SaveData:
        info = self._meta(meta)
        try:
            clock = datetime.fromisoformat(meta["clock"])
            world_rows = conn.execute("SELECT state FROM world").fetchall()
            world = json.loads(world_rows[0][0]) if world_rows else {}
        except (KeyError, ValueError) as exc:
            raise CorruptSaveError(f"{self.path}: bad clock or world state ({exc})") from exc
        if not isinstance(world, dict):
            raise CorruptSaveError(f"{self.path}: world state is not an object")
        orphans = conn.execute(
            "SELECT DISTINCT agent FROM memories WHERE agent NOT IN (SELECT name FROM agents)"
        ).fetchall()
        if orphans:
            raise CorruptSaveError(f"{self.path}: memories of unknown agents {orphans}")
        agents: dict[str, AgentSave] = {}
        for name, state_text, dim, decay in conn.execute(
            "SELECT name, state, dim, decay FROM agents ORDER BY rowid"
        ).fetchall():
            try:
                state = json.loads(state_text)
                if not isinstance(state, dict):
                    raise ValueError("state is not an object")
                rows = [self._row(row, dim) for row in conn.execute(
                    "SELECT id, kind, description, created, importance, evidence, subject, place,"
                    " last_accessed, embedding FROM memories WHERE agent = ? ORDER BY id", (name,))]
                stream = MemoryStream.from_rows(rows, dim=dim, decay=decay)
            except (ValueError, TypeError, KeyError) as exc:
                raise CorruptSaveError(f"{self.path}: agent {name!r} is damaged: {exc}") from exc
            agents[name] = AgentSave(memories=stream, state=state)
        return SaveData(clock=clock, agents=agents, world=world, meta=info)

    @staticmethod
    def _row(row: tuple[Any, ...], dim: int) -> MemoryRow:
        mid, kind, desc, created, imp, evidence, subject, place, accessed, blob = row
        if type(mid) is not int or type(imp) is not int or not isinstance(desc, str):
            raise ValueError(f"memory {mid!r}: id, importance or description has the wrong type")
        if not isinstance(blob, bytes) or len(blob) != 4 * dim:
            raise ValueError(f"memory {mid}: embedding blob is not {dim} float32 values")
        cited = json.loads(evidence)
        if not isinstance(cited, list) or not all(type(e) is int for e in cited):
            raise ValueError(f"memory {mid}: evidence is not a list of ids")
        record = MemoryRecord(mid, MemoryKind(kind), desc, datetime.fromisoformat(created), imp,
                              tuple(cited), subject, place)
        vec = np.frombuffer(blob, dtype="<f4").astype(np.float32)
        return MemoryRow(record, vec, datetime.fromisoformat(accessed))
