"""Society.load is all or nothing: a damaged save is one typed error and the game is untouched."""
from __future__ import annotations

import copy
import json
import sqlite3
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from npc_brain import CorruptSaveError, SaveError
from npc_brain.llm.testing import HashEmbedder, ScriptedModel
from npc_brain.runtime.executors import InlineExecutor
from npc_brain.runtime.society import Society
from npc_brain.testing import BrainResponder, tiny_town
from npc_brain.types.clock import GameClock
from npc_brain.types.persona import Persona
from npc_brain.world.rules import Verdict

T0 = datetime(2023, 2, 13, 7, 0)
DEL = object()  # "remove the key"


def _society() -> tuple[Society, GameClock]:
    names = ["Ana", "Ben"]
    clock = GameClock(T0)
    society = Society(tiny_town(names), ScriptedModel().respond_with(BrainResponder(talk=False)),
                      HashEmbedder(), now=clock, executor=InlineExecutor())
    for n in names:
        society.add_agent(Persona(name=n, age=30, home=f"town:{n.lower()}_house:bedroom",
                                  workplace="town:office:desk_room", memories=(f"{n} likes tea",)))
    return society, clock


def _live(society: Society, minutes: int, clock: GameClock) -> None:
    for _ in range(minutes // 5):
        society.update()
        clock.advance_game(timedelta(minutes=5))


def _fingerprint(society: Society, clock: GameClock) -> Any:
    """Everything a load replaces: clock, minds, object states, the importance cache."""
    minds = {n: ([(r.id, r.description, r.importance) for r in a.memory.records], a.plan.to_state(),
                 a.status, a.address, a.to_state()) for n, a in society.agents.items()}
    world = {p.address: p.state for p in society.world}
    return clock.now(), minds, world, society.importance_cache.to_dict()


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real save: plans, memories, a refusal, an unrated memory, marks, a known world."""
    society, clock = _society()
    _live(society, 90, clock)
    society.refused("Ana", Verdict(False, "the office is closed", "opening_hours",
                                   "town:office:desk_room"))
    society.whisper("Ben", "I should call my sister")  # stays in the buffer until memorised
    path = tmp_path_factory.mktemp("save") / "town.sav"
    society.save(path)
    state = _state(path, "Ana")
    assert state["refusals"] and state["plan"]["steps"] and state["known"]
    return path


def _state(path: Path, name: str) -> dict[str, Any]:
    with sqlite3.connect(path) as conn:
        text = conn.execute("SELECT state FROM agents WHERE name = ?", (name,)).fetchone()[0]
    conn.close()
    return json.loads(text)


def _corrupt(src: Path, dst: Path, path: tuple[Any, ...], value: Any) -> None:
    dst.write_bytes(src.read_bytes())
    state = _state(src, "Ana")
    node = state
    for key in path[:-1]:
        node = node[key]
    if value is DEL:
        del node[path[-1]]
    else:
        node[path[-1]] = copy.deepcopy(value)
    with sqlite3.connect(dst) as conn:
        conn.execute("UPDATE agents SET state = ? WHERE name = 'Ana'", (json.dumps(state),))
    conn.close()


REFUSAL = ("refusals", 0)
STEP = ("plan", "steps", 0)
CORRUPTIONS: list[tuple[tuple[Any, ...], Any]] = [
    (("persona",), DEL), (("persona",), None), (("persona",), "Ana"),
    (("persona", "name"), DEL), (("persona", "name"), None), (("persona", "name"), 7),
    (("persona", "name"), "Somebody Else"), (("persona", "age"), DEL), (("persona", "age"), "old"),
    (("persona", "age"), None), (("persona", "traits"), 5), (("persona", "relationships"), [1]),
    (("status",), DEL), (("status",), None), (("status",), "flying"), (("status",), 3),
    (("address",), DEL), (("address",), 12), (("address",), ["town"]),
    (("plan",), DEL), (("plan",), None), (("plan",), []), (("plan", "version"), DEL),
    (("plan", "version"), "x"), (("plan", "steps"), DEL), (("plan", "steps"), None),
    (("plan", "steps"), {"a": 1}), ((*STEP, "start"), DEL), ((*STEP, "start"), None),
    ((*STEP, "start"), 1676271600), ((*STEP, "start"), "yesterday"),
    ((*STEP, "end"), "2000-01-01T00:00:00"), ((*STEP, "level"), 7), ((*STEP, "level"), None),
    ((*STEP, "description"), None), ((*STEP, "description"), 5), ((*STEP, "atomic"), DEL),
    (("known",), DEL), (("known",), "x"), (("known", "known"), DEL), (("known", "known"), "town"),
    (("known", "states"), [1]), (("refusals",), DEL), (("refusals",), None), (("refusals",), {}),
    (("refusals",), [1]), ((*REFUSAL, "until"), None), ((*REFUSAL, "until"), 3),
    ((*REFUSAL, "address"), DEL), ((*REFUSAL, "reason"), None), (("buffer",), DEL),
    (("buffer",), "x"), (("buffer",), [{"kind": "feeling"}]), (("memo",), DEL), (("memo",), None),
    (("memo",), [[["a", "b"], "c"]]), (("marks",), DEL), (("marks",), None),
    (("marks", "reflected_upto"), "x"), (("marks", "last_react"), 5),
    (("marks", "react_subjects"), [1]), (("marks", "yesterday"), None), (("marks", "yesterday"), DEL),
]


def _label(case: tuple[tuple[Any, ...], Any]) -> str:
    path, value = case
    return ".".join(map(str, path)) + ("=<missing>" if value is DEL else f"={value!r}")


@pytest.mark.parametrize("case", CORRUPTIONS, ids=_label)
def test_a_single_damaged_field_is_a_corrupt_save_and_changes_nothing(
        saved: Path, tmp_path: Path, case: tuple[tuple[Any, ...], Any]) -> None:
    path, value = case
    bad = tmp_path / "bad.sav"
    _corrupt(saved, bad, path, value)
    society, clock = _society()
    _live(society, 30, clock)
    before = _fingerprint(society, clock)
    with pytest.raises(CorruptSaveError) as err:
        society.load(bad)
    message = str(err.value)
    assert "'Ana'" in message and "\n" not in message
    field = message.split("field ", 1)[1].split(":", 1)[0] if "field " in message else ""
    dotted = ".".join(map(str, path))
    # names the field, the part holding it, or the element inside it that is wrong
    assert field and (dotted.startswith(field) or field.startswith(dotted)), message
    assert _fingerprint(society, clock) == before
    _live(society, 15, clock)  # and the game plays on
    assert society.load(saved) == T0 + timedelta(minutes=90)  # the good save still loads


@pytest.mark.parametrize(("path", "value"), [(("address",), None), (("known",), None),
                                             (("marks", "last_react"), None)])
def test_nullable_fields_may_be_null(saved: Path, tmp_path: Path, path: tuple[Any, ...],
                                     value: Any) -> None:
    bad = tmp_path / "ok.sav"
    _corrupt(saved, bad, path, value)
    society, clock = _society()
    society.load(bad)
    _live(society, 15, clock)


def test_memories_of_another_embedder_are_refused(saved: Path) -> None:
    clock = GameClock(T0)
    society = Society(tiny_town(["Ana", "Ben"]), ScriptedModel(), HashEmbedder(dim=64), now=clock,
                      executor=InlineExecutor())
    with pytest.raises(CorruptSaveError, match="'Ana' has 256-wide memory embeddings"):
        society.load(saved)
    assert not society.agents and clock.now() == T0


def _damaged_saves(data: bytes) -> list[tuple[str, bytes | str]]:
    """≥ 100 damaged copies of one save, the same every run: cut-offs, flipped bytes, lost rows."""
    rng = np.random.default_rng(12)
    out: list[tuple[str, bytes | str]] = []
    for cut in np.linspace(0, len(data) - 1, 30).astype(int):
        out.append((f"truncated at {cut}", data[:cut]))
    for i in range(60):
        buf = bytearray(data)
        for at in rng.integers(0, len(data), size=int(rng.choice([1, 4, 32]))):
            buf[at] = int(rng.integers(0, 256))
        out.append((f"flips #{i}", bytes(buf)))
    for table in ("meta", "agents", "memories", "world"):
        out.append((f"no {table} table", f"DROP TABLE {table}"))
    for sql in ["DELETE FROM agents WHERE name = 'Ana'", "DELETE FROM memories WHERE agent = 'Ana'",
                "DELETE FROM memories WHERE id = 1", "DELETE FROM world",
                "DELETE FROM meta WHERE key = 'clock'", "DELETE FROM meta WHERE key = 'created'",
                "UPDATE agents SET state = substr(state, 1, length(state) / 2)",
                "UPDATE agents SET dim = 'wide'", "UPDATE agents SET decay = 7",
                "UPDATE memories SET embedding = zeroblob(3) WHERE id = 2",
                "UPDATE memories SET last_accessed = 5", "UPDATE memories SET subject = 5",
                "UPDATE world SET state = '{\"states\": [1], \"importance_cache\": 3}'",
                "UPDATE world SET state = '{\"importance_cache\": {\"format\": \"x\"}}'",
                "UPDATE world SET state = '{\"states\": {\"town\": 5}}'",
                "UPDATE meta SET value = 'tomorrow' WHERE key = 'clock'"]:
        out.append((sql, sql))
    return out


def test_a_hundred_damaged_saves_give_only_typed_errors(saved: Path, tmp_path: Path) -> None:
    data = saved.read_bytes()
    cases = _damaged_saves(data)
    assert len(cases) >= 100
    society, clock = _society()
    _live(society, 30, clock)
    outcomes: dict[str, int] = {}
    for i, (label, damage) in enumerate(cases):
        path = tmp_path / f"damaged-{i}.sav"
        if isinstance(damage, str):
            path.write_bytes(data)
            with sqlite3.connect(path) as conn:
                conn.execute(damage)
            conn.close()
        else:
            path.write_bytes(damage)
        before = _fingerprint(society, clock)
        try:
            society.load(path)
        except SaveError as exc:
            outcomes[type(exc).__name__] = outcomes.get(type(exc).__name__, 0) + 1
            assert _fingerprint(society, clock) == before, label
            assert "Traceback" not in str(exc) and str(exc), label
        else:  # the damage missed everything that matters (free space, a description's letter)
            outcomes["loaded"] = outcomes.get("loaded", 0) + 1
            _live(society, 10, clock)  # and what loaded really works
        _live(society, 5, clock)
    assert sum(outcomes.values()) == len(cases)
    assert outcomes.get("CorruptSaveError", 0) >= len(cases) // 2, outcomes


def test_a_save_from_before_provenance_gets_its_teller_fact_and_occasion_on_load(tmp_path: Path) -> None:
    """A v1 save kept hearsay as a sentence ("Ben told Ana that …") and no occasions: the
    migration takes the teller and the fact from that one legacy wording, and the loading
    society reads the occasion once, with its map's places."""
    society, clock = _society()
    _live(society, 30, clock)
    path = tmp_path / "v1.sav"
    society.save(path)
    legacy = "Ben told Ana that Ben wants to host a quiz night at Hobbs Cafe on February 14 from 5pm to 7pm"
    conn = sqlite3.connect(path)
    with conn:
        for column in ("teller", "fact", "occasion"):
            conn.execute(f"ALTER TABLE memories DROP COLUMN {column}")
        conn.execute("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
        mid = conn.execute("SELECT max(id) FROM memories WHERE agent = 'Ana'").fetchone()[0]
        conn.execute("UPDATE memories SET kind = 'dialogue', description = ? WHERE agent = 'Ana' AND id = ?",
                     (legacy, mid))
    conn.close()
    fresh, _ = _society()
    fresh.load(path)
    record = fresh.agent("Ana").memory.get(mid)
    assert (record.teller, record.fact) == ("Ben", "Ben wants to host a quiz night at Hobbs Cafe on February 14 "
                                                    "from 5pm to 7pm")
    assert record.occasion is not None and record.occasion.what == "quiz night"
    assert record.occasion.address == "town:hobbs_cafe" and record.occasion.host == "Ben"
    assert fresh.agent("Ana").reader.gazetteer.people  # loaded agents read with the town's names
