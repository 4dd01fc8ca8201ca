"""A corpus of damaged saves, the same every run, grouped by the class of damage.

Each `Damage` turns a copy of a good save into a damaged one: an edit of an agent's JSON state
(by path, or its raw text), SQL on the file, or raw bytes. `expect` is what the error must name
(the agent and the field) when the damage is to a field. `run` loads each into a live society
and plays 60 frames of `update()` after a load, sorting each into one outcome:

- ok: loaded and played on (the damage missed what matters, or the save is legal after all),
- typed: a `SaveError` subclass (and the society unchanged),
- traceback: any other exception out of `load`,
- crash-after-load: loaded, then an exception within the 60 frames.

Run it as a script (`python tests/save_corpus.py`) for the counts on any checkout.
"""
from __future__ import annotations

import copy
import json
import sqlite3
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np

T0 = datetime(2023, 2, 13, 7, 0)
DEL = object()  # "remove the key"
OUTCOMES = ("ok", "typed", "traceback", "crash-after-load")


@dataclass(frozen=True)
class Damage:
    """One way to damage a save."""

    kind: str  # the class of damage, for the counts
    label: str
    apply: Callable[[Path], None]
    expect: tuple[str, ...] = ()  # words the error must hold (agent, field), if it is refused


def _state_of(conn: sqlite3.Connection, name: str) -> dict[str, Any]:
    return json.loads(conn.execute("SELECT state FROM agents WHERE name = ?", (name,)).fetchone()[0])


def _sql(path: Path, statement: str, params: tuple[Any, ...] = ()) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute(statement, params)
    conn.close()


def state_edit(kind: str, keys: tuple[Any, ...], value: Any, *, name: str = "Ana",
               expect: bool = True) -> Damage:
    """Set (or with DEL, remove) the value at `keys` in an agent's state."""

    def apply(path: Path) -> None:
        with sqlite3.connect(path) as conn:
            state = _state_of(conn, name)
            node = state
            for key in keys[:-1]:
                node = node[key]
            if value is DEL:
                del node[keys[-1]]
            else:
                node[keys[-1]] = copy.deepcopy(value)
            conn.execute("UPDATE agents SET state = ? WHERE name = ?", (json.dumps(state), name))
        conn.close()

    dotted = ".".join(str(k) for k in keys)
    shown = "<missing>" if value is DEL else repr(value)[:40]
    return Damage(kind, f"{name}.{dotted}={shown}", apply, (repr(name), keys[0]) if expect else ())


def state_text(kind: str, label: str, edit: Callable[[str], str], *, name: str = "Ana") -> Damage:
    """Rewrite an agent's state as text (what JSON edits cannot make: NaN, deep nesting)."""

    def apply(path: Path) -> None:
        with sqlite3.connect(path) as conn:
            text = conn.execute("SELECT state FROM agents WHERE name = ?", (name,)).fetchone()[0]
            conn.execute("UPDATE agents SET state = ? WHERE name = ?", (edit(text), name))
        conn.close()

    return Damage(kind, label, apply, (repr(name),))


def world_edit(kind: str, label: str, edit: Callable[[dict[str, Any]], object]) -> Damage:
    """Replace the world state with `edit(world)` (a dict, or text as it is)."""

    def apply(path: Path) -> None:
        with sqlite3.connect(path) as conn:
            world = json.loads(conn.execute("SELECT state FROM world").fetchone()[0])
            new = edit(world)
            conn.execute("UPDATE world SET state = ?", (new if isinstance(new, str) else json.dumps(new),))
        conn.close()

    return Damage(kind, label, apply)


def sql(kind: str, statement: str, params: tuple[Any, ...] = (), *, expect: tuple[str, ...] = ()) -> Damage:
    return Damage(kind, f"{statement} {params}"[:90], lambda p: _sql(p, statement, params), expect)


def raw(kind: str, label: str, data: bytes) -> Damage:
    return Damage(kind, label, lambda p: p.write_bytes(data))


def _nest(depth: int, leaf: str = "1", *, objects: bool = False) -> str:
    if objects:
        return '{"a":' * depth + leaf + "}" * depth
    return "[" * depth + leaf + "]" * depth


def _with_errands(pending: list[dict[str, Any]], moving: dict[str, Any]) -> Callable[[dict[str, Any]], object]:
    def edit(world: dict[str, Any]) -> object:
        world["errands"] = {"next_id": 9, "pending": pending, "moving": moving}
        return world
    return edit


BAD_TIMES: tuple[Any, ...] = (
    "9999-12-31T23:59:59", "9000-01-01T00:00:00", "0001-01-01T00:00:00", "0099-12-31T23:59:59",
    "2023-02-13T08:00:00+02:00", "2023-02-13T08:00:00Z", "2023-02-13T08:00:00-05:00", 1e20,
    "2023-02-30T00:00:00",
)
TIME_FIELDS: tuple[tuple[Any, ...], ...] = (
    ("plan", "steps", 0, "start"), ("plan", "steps", 0, "end"), ("plan", "steps", -1, "end"),
    ("refusals", 0, "until"), ("marks", "last_react"),
)
CLOCKS = (
    "9999-12-31T23:59:00", "9000-01-01T00:00:00", "0001-01-01T00:00:00", "0099-12-31T23:59:59",
    "2023-02-13T08:30:00+02:00", "2023-02-13T08:30:00Z", "2023-02-13T08:30:00-05:00",
    "2023-02-13T08:30:00+00:00", "13/02/2023", "", "NaN", "1676271600",
    # legal: the ends of the range and a bare date
    "8999-12-31T22:30:00", "0100-01-01T00:00:00", "2023-02-13",
)


def damages(data: bytes, first: str = "Ana", second: str = "Ben") -> list[Damage]:
    """The corpus for one good save's bytes: `first` has a refusal, `second` a whispered thought
    waiting in its buffer."""
    out: list[Damage] = []

    def edit(kind: str, keys: tuple[Any, ...], value: Any, *, name: str = first, expect: bool = True) -> Damage:
        return state_edit(kind, keys, value, name=name, expect=expect)

    def text(kind: str, label: str, change: Callable[[str], str]) -> Damage:
        return state_text(kind, label, change, name=first)

    # -- nesting and size, bounded before parsing
    for depth in (65, 1000, 100_000):
        out.append(text("depth", f"state is {depth} nested arrays", lambda t, d=depth: _nest(d)))
        out.append(text("depth", f"traits nested {depth}",
                        lambda t, d=depth: t.replace('"traits":[]', f'"traits":{_nest(d, chr(34) + "x" + chr(34))}')))
        out.append(world_edit("depth", f"world extra nested {depth}",
                              lambda w, d=depth: json.dumps(w)[:-1] + f',"extra":{_nest(d, objects=True)}}}'))
        out.append(sql("depth", "UPDATE memories SET evidence = ? WHERE id = 1", (_nest(depth),)))
    out.append(text("depth", "memo nested 70 objects",
                          lambda t: t.replace('"memo":[]', f'"memo":[[["a","b","c"],{_nest(70, objects=True)}]]')))
    long = "x" * 1_100_000
    out += [
        sql("size", "UPDATE memories SET description = ? WHERE id = 2", (long,)),
        sql("size", "UPDATE memories SET subject = ? WHERE id = 2", (long,)),
        edit("size", ("plan", "steps", 0, "description"), "y" * 3_000_000),
        edit("size", ("address",), long),
        edit("size", ("persona", "occupation"), long),
        world_edit("size", "object state of 1.1M characters",
                   lambda w: {**w, "states": {"town:hobbs_cafe:counter:coffee_machine": long}}),
    ]
    # -- the clock
    for clock in CLOCKS:
        out.append(sql("clock", "UPDATE meta SET value = ? WHERE key = 'clock'", (clock,), expect=("clock",)))
    # -- every date-time of an agent's state, and of its memories
    for keys in (*TIME_FIELDS, ("marks", "react_subjects", second)):
        for bad in BAD_TIMES:
            out.append(edit("state time", keys, bad))
    for bad in BAD_TIMES:  # Ben's whisper waits in his buffer
        out.append(edit("state time", ("buffer", 0, "created"), bad, name=second))
    out.append(edit("state time", ("buffer",), [{
        "kind": "thought", "description": "I should call my sister", "created": "2023-02-13T08:00:00+01:00",
        "importance": None, "subject": None, "place": None, "evidence": []}]))
    for column in ("created", "last_accessed"):
        for bad in ("9999-12-31T23:59:59", "0001-01-01T00:00:00", "2023-02-13T07:00:00+02:00",
                    "2023-02-13T07:00:00Z", "yesterday"):
            out.append(sql("memory time", f"UPDATE memories SET {column} = ? WHERE id = 1", (bad,),
                           expect=("memories.1",)))
        out.append(sql("memory time", f"UPDATE memories SET {column} = '9999-12-31T00:00:00'"))
    # -- numbers
    out += [
        text("number", "age NaN", lambda t: t.replace('"age":30', '"age":NaN')),
        text("number", "age Infinity", lambda t: t.replace('"age":30', '"age":-Infinity')),
        text("number", "plan version 1e400", lambda t: t.replace('"version":', '"version":1e400,"v":')),
        edit("number", ("plan", "version"), 10**30),
        edit("number", ("marks", "reflected_upto"), 10**30),
        edit("number", ("marks", "reflected_upto"), 1e300),
        sql("number", "UPDATE memories SET importance = 9223372036854775807 WHERE id = 1"),
        sql("number", "UPDATE memories SET importance = -3 WHERE id = 1"),
        sql("number", "UPDATE memories SET id = 9223372036854775807 WHERE id = 3"),
        sql("number", "UPDATE agents SET decay = 9e999"), sql("number", "UPDATE agents SET decay = -1"),
        sql("number", "UPDATE agents SET decay = 0"), sql("number", "UPDATE agents SET decay = 1e308"),
        sql("number", "UPDATE agents SET dim = 0"), sql("number", "UPDATE agents SET dim = 1000000000"),
        sql("number", "UPDATE agents SET dim = -4"),
        sql("number", "UPDATE memories SET embedding = zeroblob(1024) WHERE id = 0"),
    ]
    # -- references
    out += [
        sql("reference", "UPDATE memories SET evidence = '[999]' WHERE id = 2"),
        sql("reference", "UPDATE memories SET evidence = '[-1]' WHERE id = 2"),
        edit("reference", ("marks", "reflected_upto"), 999),
        edit("reference", ("marks", "reflected_upto"), -7),
        edit("reference", ("buffer",), [{
            "kind": "reflection", "description": "Ana likes mornings", "created": "2023-02-13T08:00:00",
            "importance": 4, "subject": None, "place": None, "evidence": [0, 999]}]),
        world_edit("reference", "errand of an agent not in the save", _with_errands(
            [{"request_id": 3, "agent": "Zed", "time": "2023-02-13T08:00:00", "action": "follow"}], {})),
        world_edit("reference", "movement of an agent not in the save", _with_errands([], {"Zed": {
            "kind": "follow", "target": first, "since": "2023-02-13T08:00:00", "until": "2023-02-13T09:00:00"}})),
        # Places the map may have lost since the save (an edited map): played around, not refused.
        edit("reference", ("plan", "steps", 0, "address"), "town:nowhere", expect=False),
        edit("reference", ("plan", "steps", -1, "address"), "town:nowhere:at_all", expect=False),
        edit("reference", ("address",), "town:gone", expect=False),
        edit("reference", ("known", "known"), ["town", "town:gone"], expect=False),
        edit("reference", ("refusals", 0, "address"), "town:gone", expect=False),
        edit("reference", ("persona", "home"), "town:gone:bedroom", expect=False),
        edit("reference", ("persona", "workplace"), "", expect=False),
        sql("reference", "UPDATE memories SET place = 'town:gone' WHERE id = 1"),
    ]
    # -- the game actions in flight
    good_pending = {"request_id": 3, "agent": first, "time": "2023-02-13T08:00:00", "action": "follow"}
    good_moving = {"kind": "go_to", "target": "town:hobbs_cafe", "since": "2023-02-13T08:00:00",
                   "until": "2023-02-13T09:00:00"}
    out.append(world_edit("errands", "legal errands", _with_errands([good_pending], {second: good_moving})))
    for key, bad in (("time", "9999-12-31T00:00:00"), ("time", "2023-02-13T08:00:00+02:00"), ("time", 5),
                     ("request_id", 0), ("agent", None)):
        out.append(world_edit("errands", f"pending {key}={bad!r}", _with_errands([{**good_pending, key: bad}], {})))
    for key, bad in (("until", "9999-12-31T00:00:00"), ("since", "2023-02-13T08:00:00Z"), ("until", 1e12),
                     ("kind", "fly")):
        moving = {second: {**good_moving, key: bad}}
        out.append(world_edit("errands", f"moving {key}={bad!r}", _with_errands([], moving)))
    # -- the file itself: cut off, bytes flipped, tables and rows lost
    rng = np.random.default_rng(28)
    for cut in np.linspace(0, len(data) - 1, 12).astype(int):
        out.append(raw("bytes", f"truncated at {cut}", data[:cut]))
    for i in range(36):
        buf = bytearray(data)
        for at in rng.integers(0, len(data), size=int(rng.choice([1, 4, 32]))):
            buf[at] = int(rng.integers(0, 256))
        out.append(raw("bytes", f"flips #{i}", bytes(buf)))
    for statement in (f"DELETE FROM agents WHERE name = '{second}'", "DELETE FROM memories WHERE id = 0",
                      "DROP TABLE world", "DELETE FROM meta WHERE key = 'clock'",
                      "UPDATE agents SET state = '{}'", "UPDATE agents SET state = '[]'",
                      "UPDATE agents SET state = 'null'", "UPDATE world SET state = '[]'"):
        out.append(sql("rows", statement))
    return out


# ------------------------------------------------------------------------------- running
def make_society() -> tuple[Any, Any]:
    """Two agents in the tiny town on the scripted brain, jobs run inline."""
    from npc_brain.llm.testing import HashEmbedder, ScriptedModel
    from npc_brain.runtime.executors import InlineExecutor
    from npc_brain.runtime.society import Society
    from npc_brain.testing import BrainResponder, tiny_town
    from npc_brain.types.clock import GameClock
    from npc_brain.types.persona import Persona

    names = ["Ana", "Ben"]
    clock = GameClock(T0)
    society = Society(tiny_town(names), ScriptedModel().respond_with(BrainResponder(talk=False)),
                      HashEmbedder(), now=clock, executor=InlineExecutor())
    for n in names:
        society.add_agent(Persona(name=n, age=30, home=f"town:{n.lower()}_house:bedroom",
                                  workplace="town:office:desk_room", memories=(f"{n} likes tea",)))
    return society, clock


def frames(society: Any, clock: Any, count: int, minutes: float = 1.0) -> None:
    """`count` frames of `update()`, game time moving on `minutes` each."""
    for _ in range(count):
        society.update()
        clock.advance_game(timedelta(minutes=minutes))


def good_save(path: Path) -> Path:
    """A real save: plans, memories, a refusal, an unrated thought, marks, a known world."""
    from npc_brain.world.rules import Verdict

    society, clock = make_society()
    frames(society, clock, 18, minutes=5)
    society.refused("Ana", Verdict(False, "the office is closed", "opening_hours", "town:office:desk_room"))
    society.whisper("Ben", "I should call my sister")
    society.save(path)
    return path


def fingerprint(society: Any, clock: Any) -> Any:
    """Everything a load replaces: clock, minds, object states, the importance cache."""
    minds = {n: ([(r.id, r.description, r.importance) for r in a.memory.records], a.plan.to_state(),
                 a.status, a.address, a.to_state()) for n, a in society.agents.items()}
    return clock.now(), minds, {p.address: p.state for p in society.world}, society.importance_cache.to_dict()


def outcome(society: Any, clock: Any, path: Path, after: int = 60) -> tuple[str, str]:
    """Load `path` into a live society, then `after` frames: (outcome, message)."""
    from npc_brain.memory.save import SaveError

    try:
        society.load(path)
    except SaveError as exc:
        return "typed", str(exc)
    except Exception as exc:  # noqa: BLE001 - counting exactly these
        return "traceback", f"{type(exc).__name__}: {exc}"[:300]
    try:
        frames(society, clock, after)
    except Exception as exc:  # noqa: BLE001
        return "crash-after-load", f"{type(exc).__name__}: {exc}"[:300]
    return "ok", ""


def run(folder: Path, *, after: int = 60) -> tuple[dict[str, int], list[tuple[Damage, str, str]]]:
    """Every damaged save through a fresh society: counts and (damage, outcome, message)."""
    good = good_save(folder / "good.sav")
    data = good.read_bytes()
    counts = dict.fromkeys(OUTCOMES, 0)
    results = []
    for i, damage in enumerate(damages(data)):
        path = folder / f"damaged-{i}.sav"
        path.write_bytes(data)
        damage.apply(path)
        society, clock = make_society()
        frames(society, clock, 3)
        got, message = outcome(society, clock, path, after)
        counts[got] += 1
        results.append((damage, got, message))
        society.shutdown()
    return counts, results


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        counts, results = run(Path(tmp))
    by_kind: dict[str, dict[str, int]] = {}
    for damage, got, _ in results:
        by_kind.setdefault(damage.kind, dict.fromkeys(OUTCOMES, 0))[got] += 1
    for kind, row in by_kind.items():
        print(f"{kind:12} " + "  ".join(f"{k} {v}" for k, v in row.items()))
    if "-v" in sys.argv or "-vv" in sys.argv:
        for damage, got, message in results:
            if got in ("traceback", "crash-after-load") or "-vv" in sys.argv:
                print(f"{got}: {damage.label}: {message}")
    print(json.dumps({"saves": len(results), **counts}))
