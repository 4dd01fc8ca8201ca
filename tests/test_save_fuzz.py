"""A save is checked whole, for meaning as well as shape, before anything is applied.

The first tests reproduce what a hostile user found (issue 28): deeply nested JSON that made
`SaveFile.read` die with RecursionError, a clock of 9999-12-31 that loaded and then overflowed
on the first `update()`, a clock with a UTC offset that loaded and then could not be compared
with a plan. The corpus test runs over 200 damaged saves through load and 60 frames after it.
"""
from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest
from save_corpus import OUTCOMES, damages, fingerprint, frames, good_save, make_society, outcome

from npc_brain import CorruptSaveError, SaveError
from npc_brain.memory.save import SaveData, SaveFile
from npc_brain.memory.save_rules import (
    MAX_JSON_DEPTH,
    SaveRuleError,
    check_values,
    json_depth,
    load_json,
)


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return good_save(tmp_path_factory.mktemp("good") / "town.sav")


def _damaged(saved: Path, tmp_path: Path, statement: str, params: tuple[object, ...] = ()) -> Path:
    path = tmp_path / "damaged.sav"
    path.write_bytes(saved.read_bytes())
    with sqlite3.connect(path) as conn:
        conn.execute(statement, params)
    conn.close()
    return path


def _refused_and_unchanged(path: Path, *words: str) -> str:
    society, clock = make_society()
    frames(society, clock, 10)
    before = fingerprint(society, clock)
    with pytest.raises(CorruptSaveError) as err:
        society.load(path)
    message = str(err.value)
    assert all(w in message for w in words), message
    assert "\n" not in message
    assert fingerprint(society, clock) == before  # nothing applied
    frames(society, clock, 60)  # and the game plays on
    return message


def test_deeply_nested_state_is_a_corrupt_save_not_a_recursion_error(saved: Path, tmp_path: Path) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    path = _damaged(saved, tmp_path, "UPDATE agents SET state = ? WHERE name = 'Ana'", (deep,))
    _refused_and_unchanged(path, "'Ana'", "state", "nested")
    path = _damaged(saved, tmp_path, "UPDATE world SET state = ?", ('{"extra":' + deep + "}",))
    _refused_and_unchanged(path, "world state", "nested")


def test_a_clock_at_the_end_of_time_is_refused_before_the_first_update(saved: Path, tmp_path: Path) -> None:
    path = _damaged(saved, tmp_path, "UPDATE meta SET value = '9999-12-31T23:59:00' WHERE key = 'clock'")
    _refused_and_unchanged(path, "clock", "9999-12-31")


def test_a_clock_with_a_utc_offset_is_refused_not_compared_later(saved: Path, tmp_path: Path) -> None:
    path = _damaged(saved, tmp_path, "UPDATE meta SET value = '2023-02-13T08:30:00+02:00' WHERE key = 'clock'")
    _refused_and_unchanged(path, "clock", "UTC offset")


def test_a_plan_step_with_a_utc_offset_names_the_field(saved: Path, tmp_path: Path) -> None:
    import json

    with sqlite3.connect(saved) as conn:
        state = json.loads(conn.execute("SELECT state FROM agents WHERE name = 'Ana'").fetchone()[0])
    conn.close()
    state["plan"]["steps"][0]["end"] = "2023-02-13T08:00:00Z"  # the validator compares end and start
    path = _damaged(saved, tmp_path, "UPDATE agents SET state = ? WHERE name = 'Ana'", (json.dumps(state),))
    _refused_and_unchanged(path, "'Ana'", "field plan.steps.0.end", "UTC offset")


def test_a_game_never_writes_a_save_it_could_not_load(saved: Path, tmp_path: Path) -> None:
    data = SaveFile(saved).read()
    slot = tmp_path / "slot.sav"
    SaveFile(slot).write(data)
    before = slot.read_bytes()
    for clock in (datetime(2023, 2, 13, 8, tzinfo=UTC), datetime(9999, 12, 31)):
        with pytest.raises(SaveError, match="clock"):
            SaveFile(slot).write(SaveData(clock, data.agents, data.world))
    deep: list[object] = []
    for _ in range(MAX_JSON_DEPTH + 5):
        deep = [deep]
    with pytest.raises(SaveError, match="nested"):
        SaveFile(slot).write(SaveData(data.clock, data.agents, {"extra": deep}))
    assert slot.read_bytes() == before  # the old save untouched
    assert SaveFile(slot).read().clock == data.clock


def test_json_is_measured_before_it_is_parsed() -> None:
    assert json_depth('{"a": [1, {"b": "[[[[not nesting]]]"}], "c": "\\"["}') == 3
    assert json_depth("[" * 70 + "]" * 70) == 70
    with pytest.raises(SaveRuleError, match="nested 100000 levels"):
        load_json("[" * 100_000, "state")
    for bad in ('{"a": NaN}', '{"a": -Infinity}', '{"a": 1e400}'):
        with pytest.raises(SaveRuleError, match=r"^state: "):
            load_json(bad, "state")


def test_every_field_is_walked_so_new_fields_are_checked_too() -> None:
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Future:  # a record with fields this module has never heard of
        told_by: str
        window: tuple[datetime, datetime]

    check_values(Future("Ana", (datetime(2023, 2, 13, 9), datetime(2023, 2, 13, 10))))
    with pytest.raises(SaveRuleError, match=r"^memories\.4\.window\.1: .*UTC offset"):
        check_values(Future("Ana", (datetime(2023, 2, 13, 9), datetime(2023, 2, 13, tzinfo=UTC))), "memories.4")
    with pytest.raises(SaveRuleError, match=r"^told_by: a text of"):
        check_values(Future("x" * 1_100_000, ()))  # type: ignore[arg-type]


def test_two_hundred_damaged_saves_load_or_refuse_and_then_play_60_frames(saved: Path, tmp_path: Path) -> None:
    data = saved.read_bytes()
    corpus = damages(data)
    assert len(corpus) >= 200
    assert {"depth", "size", "clock", "state time", "memory time", "number", "reference", "errands"} <= {
        d.kind for d in corpus}
    counts = dict.fromkeys(OUTCOMES, 0)
    for i, damage in enumerate(corpus):
        path = tmp_path / f"damaged-{i}.sav"
        path.write_bytes(data)
        damage.apply(path)
        assert path.read_bytes() != data, f"the damage did nothing: {damage.label}"
        society, clock = make_society()
        frames(society, clock, 3)
        before = fingerprint(society, clock)
        got, message = outcome(society, clock, path)
        counts[got] += 1
        assert got in ("ok", "typed"), (damage.label, got, message)
        if got == "typed":
            assert fingerprint(society, clock) == before, damage.label  # the game unchanged
            assert message and "\n" not in message and all(w in message for w in damage.expect), (
                damage.label, message)
            frames(society, clock, 60)  # and it plays on
        society.shutdown()
    assert counts["typed"] >= 150, counts
