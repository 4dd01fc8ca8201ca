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
- v1: last access, subject and place per memory, decay per agent.
- v2: provenance per memory: `teller` (who told it), `fact` (what was told, without
  who told it) and `occasion` (JSON: an occasion's name, place and time window). A v1 file's
  hearsay ("X told Y that F") gets its teller and fact from that one legacy wording; its
  occasions are read again by the society that loads it (`Society.load`).
- v3: current — an embedding blob may hold only its non-zeros (`save_vectors`: 4,096 → ~45
  bytes a memory with the lexical embedder; a v2 file's dense blobs are v3 blobs as they are),
  and the memories table is clustered by (agent, id) (WITHOUT ROWID: no second index).
"""
from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from npc_brain.memory.save_errors import (
    CorruptSaveError,
    NotASaveError,
    SaveError,
    SaveNotFoundError,
    SaveVersionError,
)
from npc_brain.memory.save_migrations import SCHEMA_VERSION, migrate
from npc_brain.memory.save_rows import RowReader, memory_params
from npc_brain.memory.save_rules import (
    MAX_DIM,
    MAX_JSON_CHARS,
    SaveRuleError,
    check_game_time,
    dump_json,
    load_json,
    parse_game_time,
)
from npc_brain.memory.save_slot import FORMAT, check_header, check_intact, move_aside
from npc_brain.memory.save_vectors import decode_embeddings
from npc_brain.memory.stream import MemoryRow, MemoryStream
from npc_brain.version import __version__

__all__ = [
    "FORMAT", "SCHEMA_VERSION", "AgentSave", "CorruptSaveError", "NotASaveError", "SaveData",
    "SaveError", "SaveFile", "SaveMeta", "SaveNotFoundError", "SaveVersionError", "migrate",
]

_TABLES = ("memories", "agents", "world", "meta")  # drop order on rewrite


_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE agents (
    name TEXT PRIMARY KEY, state TEXT NOT NULL, dim INTEGER NOT NULL, decay REAL NOT NULL);
CREATE TABLE memories (
    agent TEXT NOT NULL, id INTEGER NOT NULL, kind TEXT NOT NULL, description TEXT NOT NULL,
    created TEXT NOT NULL, importance INTEGER NOT NULL, evidence TEXT NOT NULL,
    subject TEXT, place TEXT, last_accessed TEXT NOT NULL, embedding BLOB NOT NULL,
    teller TEXT, fact TEXT, occasion TEXT,
    PRIMARY KEY (agent, id)) WITHOUT ROWID;
CREATE TABLE world (id INTEGER PRIMARY KEY CHECK (id = 1), state TEXT NOT NULL);
"""


@dataclass(frozen=True, slots=True)
class SaveMeta:
    """What the file says about itself."""

    schema_version: int
    created: datetime
    saved: datetime
    app_version: str
    # Where `write` moved a damaged save it found in the slot (not part of the file itself).
    set_aside: Path | None = field(default=None, compare=False)
    # The schema the file was written in when `read` migrated it (None: it was current).
    migrated_from: int | None = field(default=None, compare=False)


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
        return dump_json(value, "")
    except SaveRuleError as exc:
        raise SaveError(f"{what} cannot be saved: {exc}") from None


def _write_agent(conn: sqlite3.Connection, name: str, payload: tuple[Any, ...]) -> None:
    """Insert one agent and its memories (inside the save transaction)."""
    state, dim, decay, params = payload
    conn.execute("INSERT INTO agents VALUES (?, ?, ?, ?)", (name, state, dim, decay))
    conn.executemany("INSERT INTO memories (agent, id, kind, description, created, importance, evidence, subject,"
                     " place, last_accessed, embedding, teller, fact, occasion)"
                     " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", params)


class SaveFile:
    """A save slot on disk. `write` replaces its content atomically; `read` loads it."""

    def __init__(self, path: str | os.PathLike[str], *, app_version: str | None = None,
                 wall_clock: Callable[[], datetime] | None = None) -> None:
        self.path = Path(path)
        if app_version is None:
            app_version = __version__
        self.app_version = app_version
        self._wall_clock = wall_clock or (lambda: datetime.now(UTC))

    def exists(self) -> bool:
        """True if there is a file at the path (not a check that it is a valid save)."""
        return self.path.exists()

    def _connect(self) -> sqlite3.Connection:
        # isolation_level=None: transactions are explicit, so one BEGIN covers the DDL too.
        conn = sqlite3.connect(self.path, isolation_level=None, timeout=5.0)
        return conn

    def _version(self, conn: sqlite3.Connection) -> tuple[int, dict[str, str]]:
        """Schema version and meta of an open file; NotASaveError/SaveVersionError."""
        try:
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        except sqlite3.DatabaseError as exc:  # the header was SQLite's: the rest is damaged
            raise CorruptSaveError(f"{self.path} is damaged: {exc}") from exc
        ours = {"agents", "memories"} <= tables  # a save whose meta table was lost is damaged
        if "meta" not in tables:
            if ours:
                raise CorruptSaveError(f"{self.path} is a damaged save (its meta table is gone)")
            raise NotASaveError(f"{self.path} is not an npc_brain save (no meta table)")
        try:
            meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.DatabaseError as exc:
            raise CorruptSaveError(f"{self.path}: unreadable meta ({exc})") from exc
        if meta.get("format") != FORMAT:
            if ours and "format" not in meta:
                raise CorruptSaveError(f"{self.path} is a damaged save (no format in its meta)")
            raise NotASaveError(f"{self.path} is not an npc_brain save")
        try:
            version = int(meta["schema_version"])
        except (KeyError, ValueError, TypeError) as exc:
            raise CorruptSaveError(f"{self.path}: bad schema_version in meta") from exc
        if version > SCHEMA_VERSION:
            raise SaveVersionError(
                f"{self.path} has save schema v{version}, newer than this app's "
                f"v{SCHEMA_VERSION} (app {self.app_version}); update the app to load it"
            )
        return version, meta

    def write(self, data: SaveData) -> SaveMeta:
        """Replace the save with `data` in one transaction. On any failure the old save stays.

        A damaged save in the slot is not a reason to refuse the new one: it is renamed
        `<name>.damaged-<UTC time>` (with its WAL) and the new save is written;
        `SaveMeta.set_aside` says where it went. A foreign or newer file is still refused.
        """
        try:
            clock = check_game_time(data.clock, "SaveData.clock").isoformat()
        except SaveRuleError as exc:
            raise SaveError(f"cannot save: {exc}") from None
        world = _dumps(data.world, "world state")
        payloads: dict[str, tuple[Any, ...]] = {}
        for name, agent in data.agents.items():
            if not isinstance(name, str) or not name:
                raise SaveError(f"agent names must be non-empty strings, got {name!r}")
            stream = agent.memories
            payloads[name] = (_dumps(agent.state, f"state of agent {name!r}"), stream.dim,
                              stream.decay, memory_params(name, stream.to_rows()))
        now = self._wall_clock()
        set_aside: Path | None = None
        try:
            try:
                created = self._created(now)  # refuses foreign and newer files
            except CorruptSaveError:
                set_aside, created = move_aside(self.path, now), now
            try:
                self._replace(clock, world, payloads, created, now)
            except sqlite3.DatabaseError as exc:
                # Damage the probe could not see (a broken page deep in the file).
                if set_aside is not None or (getattr(exc, "sqlite_errorcode", 0) & 0xFF) not in (
                        sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
                    raise
                set_aside, created = move_aside(self.path, now), now
                self._replace(clock, world, payloads, created, now)
        except (sqlite3.Error, OSError) as exc:
            kept = f"; the damaged save that was there is kept as {set_aside}" if set_aside else ""
            raise SaveError(f"could not write {self.path}: {exc}{kept}") from exc
        return SaveMeta(SCHEMA_VERSION, created, now, self.app_version, set_aside)

    def _created(self, now: datetime) -> datetime:
        """The creation time of the save being replaced (`now` for a new slot)."""
        if not self.path.exists() or self.path.stat().st_size == 0:
            return now
        check_header(self.path)
        probe = self._connect()
        try:
            _, meta = self._version(probe)
            check_intact(probe, self.path, _TABLES)
        finally:
            probe.close()
        try:
            return datetime.fromisoformat(meta["created"])
        except (KeyError, ValueError, TypeError):
            return now

    def _replace(self, clock: str, world: str, payloads: dict[str, tuple[Any, ...]],
                 created: datetime, now: datetime) -> None:
        """The write transaction itself."""
        conn = self._connect()
        try:
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
        finally:
            conn.close()

    def _open_for_read(self) -> tuple[sqlite3.Connection, dict[str, str]]:
        if not self.path.is_file():
            raise SaveNotFoundError(f"no save file at {self.path}")
        try:
            check_header(self.path)
            conn = self._connect()
        except (OSError, sqlite3.Error) as exc:
            raise SaveError(f"could not open {self.path}: {exc}") from exc
        try:
            try:
                version, meta = self._version(conn)
            except UnicodeDecodeError as exc:  # text cells that are not text any more
                raise CorruptSaveError(f"{self.path} is damaged: {exc}") from exc
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
                    meta["migrated_from"] = str(version)
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
            migrated = meta.get("migrated_from")
            return SaveMeta(int(meta["schema_version"]), datetime.fromisoformat(meta["created"]),
                            datetime.fromisoformat(meta["saved"]), meta["app_version"],
                            migrated_from=int(migrated) if migrated is not None else None)
        except (KeyError, ValueError, TypeError) as exc:
            raise CorruptSaveError(f"{self.path}: bad meta ({exc})") from exc

    def read(self) -> SaveData:
        """Load the save (migrating old schemas in memory). Raises a `SaveError` subclass."""
        conn, meta = self._open_for_read()
        try:
            conn.execute("BEGIN")  # one consistent read
            return self._read(conn, meta)
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:  # a flipped byte in a text cell
            raise CorruptSaveError(f"{self.path} is damaged: {exc}") from exc
        finally:
            conn.close()

    def _read(self, conn: sqlite3.Connection, meta: dict[str, str]) -> SaveData:
        info = self._meta(meta)
        try:  # sizes before anything is fetched, depth before anything is parsed (SaveRules)
            clock = parse_game_time(meta.get("clock"), "clock")
            world_rows = conn.execute("SELECT state FROM world WHERE length(state) <= ?",
                                      (MAX_JSON_CHARS,)).fetchall()
            if not world_rows and conn.execute("SELECT count(*) FROM world").fetchone()[0]:
                raise SaveRuleError("world state", "larger than a save may hold")
            world = load_json(world_rows[0][0], "world state") if world_rows else {}
        except SaveRuleError as exc:
            raise CorruptSaveError(f"{self.path}: the {exc}") from None
        if not isinstance(world, dict):
            raise CorruptSaveError(f"{self.path}: world state is not an object")
        orphans = conn.execute(
            "SELECT DISTINCT agent FROM memories WHERE agent NOT IN (SELECT name FROM agents)"
        ).fetchall()
        if orphans:
            raise CorruptSaveError(f"{self.path}: memories of unknown agents {orphans}")
        agents: dict[str, AgentSave] = {}
        reader = RowReader()  # one object per distinct time or occasion (a game tick's records share it)
        for name, state_text, dim, decay in conn.execute(
            "SELECT name, CASE WHEN length(state) <= ? THEN state END, dim, decay FROM agents"
            " ORDER BY rowid", (MAX_JSON_CHARS,)
        ).fetchall():
            try:
                if not isinstance(name, str) or not isinstance(state_text, str):
                    raise SaveRuleError("state", "not text, or larger than a save may hold")
                state = load_json(state_text, "state")
                if not isinstance(state, dict):
                    raise SaveRuleError("state", "not a JSON object")
                if type(dim) is not int or not 0 < dim <= MAX_DIM:
                    raise SaveRuleError("dim", f"embedding width {dim!r} is not in 1..{MAX_DIM}")
                if not isinstance(decay, float) or not 0.0 < decay <= 1.0:
                    raise SaveRuleError("decay", f"{decay!r} is not in (0, 1]")
                parsed = [reader.row(row, i) for i, row in enumerate(conn.execute(
                    "SELECT id, kind, description, created, importance, evidence, subject, place,"
                    " last_accessed, embedding, teller, fact, occasion FROM memories WHERE agent = ? ORDER BY id",
                    (name,)))]
                vectors = decode_embeddings([blob for _, _, blob in parsed], dim)  # all at once: ~3x faster
                rows = [MemoryRow(record, vec, accessed) for (record, accessed, _), vec in zip(parsed, vectors,
                                                                                              strict=True)]
                stream = MemoryStream.from_rows(rows, dim=dim, decay=decay)
            except SaveRuleError as exc:
                raise CorruptSaveError(f"{self.path}: agent {name!r} is damaged, field {exc}"
                                       ) from None
            except (ValueError, TypeError, KeyError) as exc:
                raise CorruptSaveError(f"{self.path}: agent {name!r} is damaged: {exc}") from exc
            agents[name] = AgentSave(memories=stream, state=state)
        return SaveData(clock=clock, agents=agents, world=world, meta=info)
