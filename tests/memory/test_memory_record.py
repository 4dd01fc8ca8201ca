"""MemoryRecord: a frozen value of eleven fields that stores less (seven slots, a shared id)."""
from __future__ import annotations

import copy
import pickle
import sys
from dataclasses import FrozenInstanceError
from datetime import datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from npc_brain.bench.memory import deep_size, shared_seen
from npc_brain.memory import AgentSave, MemoryKind, MemoryRecord, MemoryRow, MemoryStream, SaveData, SaveFile
from npc_brain.types.occasion import Occasion

T0 = datetime(2023, 2, 13, 7, 0)
PARTY = Occasion("party", datetime(2023, 2, 14, 17), datetime(2023, 2, 14, 19), place="Hobbs Cafe")
SEEN = MemoryRecord(3, MemoryKind.OBSERVATION, "Klaus is reading", T0, 2, (), "Klaus Mueller", "town:library")
HEARD = MemoryRecord(9, MemoryKind.DIALOGUE, "Maria told me that Isabella hosts a party", T0, 6, (), "Isabella",
                     "town:cafe", "Maria", "Isabella hosts a party", PARTY)
INSIGHT = MemoryRecord(12, MemoryKind.REFLECTION, "Klaus loves books", T0, 7, (3, 9))
ALL = (SEEN, HEARD, INSIGHT)


def test_every_field_reads_back_as_given_in_order() -> None:
    assert HEARD.values() == (9, MemoryKind.DIALOGUE, "Maria told me that Isabella hosts a party", T0, 6, (),
                              "Isabella", "town:cafe", "Maria", "Isabella hosts a party", PARTY)
    assert [getattr(HEARD, name) for name in MemoryRecord.FIELDS] == list(HEARD.values())
    assert (SEEN.evidence, SEEN.teller, SEEN.fact, SEEN.occasion) == ((), None, None, None)
    assert INSIGHT.evidence == (3, 9) and INSIGHT.teller is None
    assert (HEARD.claim, HEARD.heard, SEEN.claim, SEEN.heard) == ("Isabella hosts a party", True,
                                                                  "Klaus is reading", False)
    by_name = MemoryRecord(id=9, kind=MemoryKind.DIALOGUE, description=HEARD.description, created=T0,
                           importance=6, subject="Isabella", place="town:cafe", teller="Maria",
                           fact="Isabella hosts a party", occasion=PARTY)
    assert by_name == HEARD and hash(by_name) == hash(HEARD)


def test_equal_values_are_equal_records_whatever_form_they_came_in() -> None:
    assert MemoryRecord(1, MemoryKind.PLAN, "x", T0, 2, []) == MemoryRecord(1, MemoryKind.PLAN, "x", T0, 2)  # type: ignore[arg-type]
    assert MemoryRecord(1, MemoryKind.PLAN, "x", T0, 2, [0]).evidence == (0,)  # type: ignore[arg-type]
    assert len({SEEN, HEARD, INSIGHT, copy.copy(SEEN)}) == 3
    for changed in ({"teller": "Klaus"}, {"fact": "x"}, {"occasion": PARTY}, {"evidence": (1,)}, {"importance": 3}):
        assert SEEN.replace(**changed) != SEEN
    assert SEEN != SEEN.values() and SEEN.__eq__(object()) is NotImplemented


def test_frozen_like_a_frozen_dataclass() -> None:
    for name in (*MemoryRecord.FIELDS, "claim", "other"):
        with pytest.raises(FrozenInstanceError):
            setattr(HEARD, name, None)
    with pytest.raises(FrozenInstanceError):
        del HEARD.teller
    assert HEARD.teller == "Maria"


def test_replace_keeps_what_it_does_not_change() -> None:
    later = HEARD.replace(subject="Klaus", occasion=None)
    assert later.values() == (*HEARD.values()[:6], "Klaus", "town:cafe", "Maria", "Isabella hosts a party", None)
    assert INSIGHT.replace(importance=3).evidence == (3, 9)
    assert HEARD.replace() == HEARD
    with pytest.raises(TypeError):
        HEARD.replace(mood="sad")


@pytest.mark.parametrize("record", ALL, ids=["seen", "heard", "insight"])
def test_pickled_and_copied_records_are_equal(record: MemoryRecord) -> None:
    for other in (pickle.loads(pickle.dumps(record)), copy.copy(record), copy.deepcopy(record)):
        assert other == record and other.values() == record.values() and type(other) is MemoryRecord


def test_repr_names_every_field() -> None:
    text = repr(HEARD)
    assert text.startswith("MemoryRecord(id=9, kind=") and "teller='Maria'" in text and "occasion=Occasion(" in text


def test_match_by_position() -> None:
    match HEARD:
        case MemoryRecord(_, MemoryKind.DIALOGUE, _, _, _, _, _, _, teller):
            assert teller == "Maria"
        case _:
            pytest.fail("no match")


class _SevenSlots:
    __slots__ = tuple("abcdefg")


@pytest.mark.parametrize("kind", list(MemoryKind))
def test_a_record_stores_seven_references_and_its_rare_provenance_only_when_set(kind: MemoryKind) -> None:
    """Eleven fields in seven slots: kind and importance one of Python's shared small ints;
    evidence, teller, fact and occasion (set on ~5% of a town's records) one slot, None on the others."""
    for importance in range(1, 11):
        seen = SEEN.replace(kind=kind, importance=importance)
        assert (seen.kind, seen.importance) == (kind, importance)
        texts = [seen.description, seen.subject, seen.place, seen.created, seen.id]
        assert deep_size([seen], {id(t) for t in texts} | shared_seen()) == sys.getsizeof(_SevenSlots())
    heard = HEARD.replace(kind=kind)
    assert sys.getsizeof(heard) == sys.getsizeof(_SevenSlots())
    assert deep_size([heard], {id(t) for t in heard.values()} | shared_seen()) > sys.getsizeof(heard)


def test_a_kind_by_its_value_is_the_kind_and_odd_values_are_kept_for_the_checks() -> None:
    by_value = MemoryRecord(1, "plan", "x", T0, 2)  # type: ignore[arg-type]
    assert by_value.kind is MemoryKind.PLAN and by_value == MemoryRecord(1, MemoryKind.PLAN, "x", T0, 2)
    for kind, importance in (("dream", 2), (MemoryKind.PLAN, 42), (MemoryKind.PLAN, True), (MemoryKind.PLAN, 2.5),
                             (MemoryKind.PLAN, -1)):
        odd = MemoryRecord(0, kind, "x", T0, importance)  # type: ignore[arg-type]
        assert odd.kind == kind and odd.importance == importance and type(odd.importance) is type(importance)
        assert pickle.loads(pickle.dumps(odd)) == odd
    rows = [MemoryRow(MemoryRecord(0, MemoryKind.PLAN, "x", T0, True), np.ones(4, np.float32), T0)]
    with pytest.raises(ValueError, match="importance"):
        MemoryStream.from_rows(rows, dim=4)
    rows = [MemoryRow(MemoryRecord(0, "dream", "x", T0, 2), np.ones(4, np.float32), T0)]  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="kind"):
        MemoryStream.from_rows(rows, dim=4)


def _stream(name: str, n: int) -> MemoryStream:
    stream = MemoryStream(4)
    for i in range(n):
        stream.add("observation", f"{name} saw thing {i}", T0 + timedelta(minutes=i), 2, [1.0, 0, 0, i % 3])
    return stream


def test_every_agent_s_record_of_an_id_holds_one_int(tmp_path: Path) -> None:
    """Ids past Python's own small ints are 28-byte objects; the records of one id share one,
    made in play or loaded from a save."""
    ana, ben = _stream("Ana", 400), _stream("Ben", 400)
    assert all(ana.get(i).id is ben.get(i).id for i in (0, 299, 399))
    SaveFile(tmp_path / "s.sav").write(SaveData(T0, {"Ana": AgentSave(ana, {}), "Ben": AgentSave(ben, {})}))
    back = SaveFile(tmp_path / "s.sav").read().agents["Ana"].memories
    assert [r.id for r in back.records] == list(range(400)) and back.get(399).id is ana.get(399).id
    odd = MemoryRecord(10**12, MemoryKind.PLAN, "far", T0, 1)  # past the table: kept as given
    assert odd.id == 10**12


def test_provenance_round_trips_through_a_save(tmp_path: Path) -> None:
    stream = MemoryStream(4)
    for r in ALL:
        stream.add(r.kind, r.description, r.created, r.importance, np.ones(4, np.float32),
                   evidence=(0, 1) if r.evidence else (), subject=r.subject, place=r.place, teller=r.teller,
                   fact=r.fact, occasion=r.occasion)
    SaveFile(tmp_path / "s.sav").write(SaveData(T0, {"Ana": AgentSave(stream, {})}))
    back = list(SaveFile(tmp_path / "s.sav").read().agents["Ana"].memories.records)
    assert back == list(stream.records)
    assert back[1].values()[8:] == ("Maria", "Isabella hosts a party", PARTY) and back[2].evidence == (0, 1)
