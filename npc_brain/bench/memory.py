"""Memory benchmark: what a memory costs in RAM and on disk, save and load time, RSS per NPC.

`python -m npc_brain.bench memory --npcs 100 --days 2`

Builds a real `Society` on a real map (default `maps/city.tmx`) with `--npcs` generated
residents (`npc_brain.personas.generate`, or `--personas FILE`), and gives each `--days` game
days of memories made by rule at the rate and in the mix a real run left
(`npc_brain.bench.town_diary`; no model is run), embedded with the default lexical embedder.
Then it reports:

- bytes per record in RAM: the record object with what only it holds (its text, times,
  provenance; what records share is counted once, with the tables that share it: the intern
  table's entries for its texts, the table of shared ids) plus its share of the stream's list
  and columns (capacity included), without the embedding, and the embedding's share of the
  matrix (capacity included), both as the game made them and as a load rebuilt them;
- bytes per record on disk: the file's size over the records, and the embedding blob alone;
- save time (`Society.save`, a fresh slot, then over the last save) and load time
  (`Society.load` into a fresh society: every field checked, the agents rebuilt);
- RSS growth per NPC: the process's resident memory after the first `--small` NPCs and after
  all of them, each with its memories (a NPC's whole mind: persona, plan state, spatial memory,
  memory stream).

Targets (issue 29): ≤ 200 bytes a record without its embedding; save and load ≤ 2 s for
100 NPCs × 2 days.
"""
from __future__ import annotations

import argparse
import gc
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Iterable
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import Any

RECORD_TARGET_BYTES = 200
SAVE_LOAD_TARGET_S = 2.0
_START = datetime(2023, 2, 13, 7, 0)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `bench memory`."""
    parser.add_argument("--npcs", type=int, default=100)
    parser.add_argument("--days", type=int, default=2, help="game days of memories per NPC")
    parser.add_argument("--map", default="maps/city.tmx", help="a Tiled map with homes for --npcs people")
    parser.add_argument("--personas", default=None,
                        help="a persona file (default: generate --npcs residents for the map)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--small", type=int, default=10, help="the small town RSS is compared with")
    parser.add_argument("--repeat", type=int, default=3, help="saves and loads timed")
    parser.add_argument("--dir", default=None, help="where the save goes (default: a temporary directory)")


def rss_bytes() -> int:
    """The process's resident set now (Linux /proc; else the peak from `resource`)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        import resource

        return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) * 1024


def _fields(obj: object) -> Iterable[object]:
    if isinstance(obj, (tuple, list, frozenset, set)):
        return obj
    if isinstance(obj, dict):
        return [*obj.keys(), *obj.values()]
    slots = [s for cls in type(obj).__mro__ for s in getattr(cls, "__slots__", ())]
    return [getattr(obj, s) for s in slots if hasattr(obj, s)]


def deep_size(objects: Iterable[object], seen: set[int]) -> int:
    """Bytes of `objects` and everything they reach that is not in `seen` (which grows): what
    many records share is counted once. Leaves: str, numbers, datetimes, enums."""
    total = 0
    stack = list(objects)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or obj is None or isinstance(obj, (bool, Enum, type)):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        if not isinstance(obj, (str, bytes, int, float, datetime)):
            stack.extend(_fields(obj))
    return total


def shared_seen() -> set[int]:
    """Objects every record may point to at no cost of its own: small ints, the empty tuple."""
    return {id(i) for i in range(-5, 257)} | {id(())}


def intern_table_bytes(texts: Iterable[str]) -> int:
    """What interning `texts` (distinct) adds to the interpreter's table of interned strings: the
    size of a dict grown the same way with the same keys (the table itself cannot be read)."""
    return sys.getsizeof(dict.fromkeys(list(texts))) - sys.getsizeof({})


def ram_per_record(streams: Iterable[Any]) -> dict[str, float]:
    """Bytes per record of `streams` (`MemoryStream`s): record objects + their share of the tables
    that make records share texts and ids + column share, and the embedding matrix's share
    (allocated capacity included)."""
    from npc_brain.memory.record import shared_ids_bytes

    seen = shared_seen()
    records = objects = columns = embedding = 0
    texts: dict[int, str] = {}
    for stream in streams:
        recs = list(stream.snapshot().records)
        records += len(recs)
        foot = stream.footprint()
        objects += deep_size(recs, seen) + foot["records"]  # + the stream's list of them
        columns += foot["columns"]
        embedding += foot["embedding"]
        for r in recs:  # the texts interned (`shared_text`): each holds an entry in the intern table
            for text in (r.description, r.subject, r.place, r.teller, r.fact):
                if text is not None:
                    texts[id(text)] = text
    tables = intern_table_bytes(texts.values()) + shared_ids_bytes()
    n = max(1, records)
    return {"records": records, "ram_record_bytes": round((objects + tables + columns) / n, 1),
            "ram_tables_bytes": round(tables / n, 1), "ram_embedding_bytes": round(embedding / n, 1)}


def disk_per_record(path: Path) -> dict[str, float]:
    """Bytes per record of the save at `path`: the whole file, the embedding blobs alone, and the
    record's other cells."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        n, blobs, total_cells = conn.execute(
            "SELECT count(*), sum(length(embedding)), sum(length(agent) + length(id) + length(kind)"
            " + length(description) + length(created) + length(importance) + length(evidence)"
            " + coalesce(length(subject), 0) + coalesce(length(place), 0) + length(last_accessed)"
            " + coalesce(length(teller), 0) + coalesce(length(fact), 0) + coalesce(length(occasion), 0))"
            " FROM memories").fetchone()
    conn.close()
    n = max(1, int(n or 0))
    size = path.stat().st_size
    return {"disk_file_bytes": round(size / n, 1), "disk_embedding_bytes": round((blobs or 0) / n, 1),
            "disk_record_cells_bytes": round((total_cells or 0) / n, 1),
            "disk_without_embedding_bytes": round((size - (blobs or 0)) / n, 1), "file_mb": round(size / 2**20, 2)}


def _town(args: argparse.Namespace) -> tuple[Any, list[Any]]:
    from npc_brain.adapters.tiled import load_world
    from npc_brain.personas import generate
    from npc_brain.types.persona_file import load_personas

    world = load_world(args.map)
    if args.personas:
        return world, load_personas(args.personas, count=args.npcs)
    return world, generate(world, args.npcs, seed=args.seed)


def _society(world: Any, embedder: Any) -> Any:
    from npc_brain.llm.testing import ScriptedModel
    from npc_brain.runtime.executors import ManualExecutor
    from npc_brain.runtime.society import Society

    # No job ever runs: the memories are made by rule, the seeds' rating stays queued.
    return Society(world, ScriptedModel(), embedder, now=lambda: _START, executor=ManualExecutor())


def _fill(society: Any, personas: list[Any], entries: Iterable[tuple[str, list[Any]]], small: int,
          embedder: Any) -> tuple[int, int, int]:
    """Add the agents with their memories; RSS at the start, after `small` agents, at the end."""
    from npc_brain.memory.record import MemoryKind

    gc.collect()
    base = after_small = rss_bytes()
    for i, ((_, diary), persona) in enumerate(zip(entries, personas, strict=True)):
        agent = society.add_agent(persona)
        vectors = embedder.embed([e.description for e in diary])
        stream = agent.memory
        for e, vec in zip(diary, vectors, strict=True):
            reflects = e.kind is MemoryKind.REFLECTION and len(stream) > 1
            evidence = (len(stream) // 2, len(stream) - 1) if reflects else e.evidence
            stream.add(e.kind, e.description, e.created, e.importance, vec, subject=e.subject, place=e.place,
                       teller=e.teller, fact=e.fact, occasion=e.occasion, evidence=evidence)
        del diary, vectors
        if i + 1 == small:
            gc.collect()
            after_small = rss_bytes()
    gc.collect()
    return base, after_small, rss_bytes()


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Build the town, measure, save, load; the result dict (rows in `memory`)."""
    from npc_brain.bench.town_diary import PER_DAY, diaries
    from npc_brain.llm.embedders import LexicalEmbedder

    world, personas = _town(args)
    embedder = LexicalEmbedder()
    society = _society(world, embedder)
    small = max(1, min(args.small, len(personas) - 1))
    base, rss_small, rss_all = _fill(society, personas, diaries(world, personas, _START, args.days, args.seed),
                                     small, embedder)
    made = ram_per_record(a.memory for a in society.agents.values())
    workdir = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix="npc_brain-memory-"))
    workdir.mkdir(parents=True, exist_ok=True)
    path = workdir / "town.sqlite"
    if path.exists():
        path.unlink()
    saves = []
    for _ in range(max(1, args.repeat)):
        t0 = time.perf_counter()
        society.save(path)
        saves.append(time.perf_counter() - t0)
    disk = disk_per_record(path)
    society.shutdown()
    loads = []
    loaded: Any = None
    for _ in range(max(1, args.repeat)):
        fresh = _society(world, embedder)
        t0 = time.perf_counter()
        fresh.load(path)
        loads.append(time.perf_counter() - t0)
        if loaded is not None:
            loaded.shutdown()
        loaded = fresh
    assert loaded is not None
    after = ram_per_record(a.memory for a in loaded.agents.values())
    loaded.shutdown()
    n = len(personas)
    per_npc = (rss_all - rss_small) / max(1, n - small)
    record = made["ram_record_bytes"]
    rows = [
        {"measure": "memories", "value": made["records"], "note": f"{n} NPCs x {args.days} days "
         f"({made['records'] / max(1, n * args.days):.1f} per agent-day; real run {sum(PER_DAY.values()):.1f})"},
        {"measure": "RAM bytes/record (made)", "value": record,
         "note": f"target <= {RECORD_TARGET_BYTES}; of it shared tables {made['ram_tables_bytes']}"},
        {"measure": "RAM bytes/record (loaded)", "value": after["ram_record_bytes"],
         "note": f"after Society.load; of it shared tables {after['ram_tables_bytes']}"},
        {"measure": "RAM embedding bytes/record", "value": made["ram_embedding_bytes"],
         "note": f"dim {embedder.dim}, float32, capacity included"},
        {"measure": "disk bytes/record (file)", "value": disk["disk_file_bytes"], "note": f"{disk['file_mb']} MB"},
        {"measure": "disk embedding bytes/record", "value": disk["disk_embedding_bytes"], "note": "the blob"},
        {"measure": "disk bytes/record w/o embedding", "value": disk["disk_without_embedding_bytes"],
         "note": f"its cells alone {disk['disk_record_cells_bytes']}"},
        {"measure": "save s (median)", "value": round(statistics.median(saves), 3),
         "note": f"first {saves[0]:.3f}, max {max(saves):.3f}; target <= {SAVE_LOAD_TARGET_S}"},
        {"measure": "load s (median)", "value": round(statistics.median(loads), 3),
         "note": f"max {max(loads):.3f}; target <= {SAVE_LOAD_TARGET_S}"},
        {"measure": "RSS MB/NPC", "value": round(per_npc / 2**20, 3),
         "note": f"({rss_all / 2**20:.0f} - {rss_small / 2**20:.0f} MB) / {n - small} NPCs; "
                 f"base {base / 2**20:.0f} MB"},
    ]
    return {
        "benchmark": "memory", "npcs": n, "days": args.days, "map": args.map, "records": made["records"],
        "ram_record_bytes": record, "ram_record_bytes_loaded": after["ram_record_bytes"],
        "ram_tables_bytes": made["ram_tables_bytes"], "ram_tables_bytes_loaded": after["ram_tables_bytes"],
        "ram_embedding_bytes": made["ram_embedding_bytes"], **disk,
        "save_s": round(statistics.median(saves), 3), "save_s_runs": [round(s, 3) for s in saves],
        "load_s": round(statistics.median(loads), 3), "load_s_runs": [round(s, 3) for s in loads],
        "rss_mb_per_npc": round(per_npc / 2**20, 3), "rss_mb": round(rss_all / 2**20, 1),
        "target": {"record_bytes": RECORD_TARGET_BYTES, "save_load_s": SAVE_LOAD_TARGET_S},
        "met": {"record": max(record, after["ram_record_bytes"]) <= RECORD_TARGET_BYTES,
                "save_load": max(statistics.median(saves), statistics.median(loads)) <= SAVE_LOAD_TARGET_S},
        "memory": rows,
    }
