"""Memory rows of a save: a record's cells written (`memory_params`) and read back (`RowReader`).

Both sides check every field of a record by the save rules (`save_rules`): what a load would
refuse is never written, and a damaged cell is a `SaveRuleError` naming the memory and field.
The fields the code knows are checked by hand, each distinct time and occasion once (a game
tick's records share them): walking each record with `check_values` cost ~30 µs a memory, a
third of a 100-NPC town's save. A field added to `MemoryRecord` later is walked by
`check_values` until it gets a check of its own here.

A read interns the texts and shares equal times and occasions, as the running game does
(`MemoryStream.add`): a loaded record costs what a made one did (`bench memory`: 478 → 204
bytes a record).
"""
from __future__ import annotations

import json
import sys
from datetime import datetime
from typing import Any

from npc_brain.memory.record import MemoryKind, MemoryRecord, shared_text
from npc_brain.memory.save_errors import SaveError
from npc_brain.memory.save_rules import (
    MAX_TEXT,
    SaveRuleError,
    check_game_time,
    check_values,
    load_json,
    parse_game_time,
)
from npc_brain.memory.save_vectors import encode_embedding
from npc_brain.memory.stream import MemoryRow
from npc_brain.types.occasion import Occasion

__all__ = ["RowReader", "memory_params"]

_CHECKED_BY_HAND = frozenset({"id", "kind", "description", "created", "importance", "evidence", "subject",
                              "place", "teller", "fact", "occasion"})
_CHECKED_BY_RULE = tuple(name for name in MemoryRecord.FIELDS if name not in _CHECKED_BY_HAND)


def _check_texts(where: str, desc: object, *others: object) -> None:
    if not isinstance(desc, str) or not all(v is None or isinstance(v, str) for v in others):
        raise SaveRuleError(where, "the description, subject, place or provenance is not text")
    long = [v for v in (desc, *others) if isinstance(v, str) and len(v) > MAX_TEXT]
    if long:
        raise SaveRuleError(where, f"a text of {len(long[0]):,} characters, more than the {MAX_TEXT:,} allowed")


def _check_written(row: MemoryRow, checked: set[int]) -> None:
    """Every field of a row about to be written; `checked` holds the ids of times and occasions
    found good already (the rows keep them alive while the save runs)."""
    r = row.record
    where = f"memories.{r.id}"
    _check_texts(where, r.description, r.subject, r.place, r.teller, r.fact)
    if not isinstance(r.kind, MemoryKind):
        raise SaveRuleError(f"{where}.kind", f"{r.kind!r} is not a kind of memory")
    if type(r.importance) is not int or not 1 <= r.importance <= 10:
        raise SaveRuleError(f"{where}.importance", f"{r.importance!r} is not a whole number in 1..10")
    if not all(type(e) is int and 0 <= e < r.id for e in r.evidence):
        raise SaveRuleError(f"{where}.evidence", f"{r.evidence!r} is not a list of earlier memories")
    for value, name in ((r.created, "created"), (row.last_accessed, "last_accessed")):
        if id(value) not in checked:
            check_game_time(value, f"{where}.{name}")
            checked.add(id(value))
    if r.occasion is not None and id(r.occasion) not in checked:
        check_values(r.occasion, f"{where}.occasion")
        checked.add(id(r.occasion))
    for name in _CHECKED_BY_RULE:
        check_values(getattr(r, name), f"{where}.{name}")


def memory_params(name: str, rows: list[MemoryRow]) -> list[tuple[Any, ...]]:
    """The `memories` table's cells for agent `name`'s rows; `SaveError` naming the agent and field
    of the first value a load would refuse."""
    checked: set[int] = set()
    try:
        for r in rows:
            _check_written(r, checked)
    except SaveRuleError as exc:
        raise SaveError(f"agent {name!r} cannot be saved, field {exc}") from None
    iso: dict[datetime, str] = {}
    occasions: dict[int, str] = {}

    def time(value: datetime) -> str:
        text = iso.get(value)
        if text is None:
            text = iso[value] = value.isoformat()
        return text

    def occasion(value: Occasion | None) -> str | None:
        if value is None:
            return None
        text = occasions.get(id(value))
        if text is None:
            text = occasions[id(value)] = json.dumps(value.to_dict())
        return text

    return [
        (name, r.record.id, r.record.kind.value, r.record.description, time(r.record.created), r.record.importance,
         json.dumps(list(r.record.evidence)) if r.record.evidence else "[]", r.record.subject, r.record.place,
         time(r.last_accessed), encode_embedding(r.embedding), r.record.teller, r.record.fact,
         occasion(r.record.occasion))
        for r in rows
    ]


class RowReader:
    """Reads the memory rows of one save: what it parsed already (times, occasions) it shares."""

    __slots__ = ("_occasions", "_times")

    def __init__(self) -> None:
        self._times: dict[str, datetime] = {}
        self._occasions: dict[str, Occasion] = {}

    def time(self, text: object, where: str) -> datetime:
        """`parse_game_time`, once per distinct text."""
        if isinstance(text, str) and (known := self._times.get(text)) is not None:
            return known
        value = parse_game_time(text, where)
        self._times[text] = value  # type: ignore[index]  # parse_game_time took only a str
        return value

    def _occasion(self, occ: str | None, where: str) -> Occasion | None:
        if occ is None:
            return None
        occasion = self._occasions.get(occ)
        if occasion is None:
            data = load_json(occ, f"{where}.occasion")
            try:
                if not isinstance(data, dict):
                    raise TypeError("not an object")
                occasion = Occasion.from_dict(data)
            except (KeyError, TypeError, ValueError) as exc:
                raise SaveRuleError(f"{where}.occasion", str(exc)) from None
            check_values(occasion, f"{where}.occasion")
            self._occasions[occ] = occasion
        return occasion

    def row(self, row: tuple[Any, ...], expected: int) -> tuple[MemoryRecord, datetime, object]:
        """One memory row's record, last access and embedding blob (decoded by the caller, all of an
        agent's at once), every field but the blob checked (`SaveRuleError` naming it)."""
        mid, kind, desc, created, imp, evidence, subject, place, accessed, blob, teller, fact, occ = row
        if mid != expected or type(mid) is not int:
            raise SaveRuleError(f"memories.{expected}.id", f"{mid!r}: ids must run 0, 1, 2 … in order")
        where = f"memories.{mid}"
        if type(imp) is not int or not 1 <= imp <= 10:
            raise SaveRuleError(f"{where}.importance", f"{imp!r} is not a whole number in 1..10")
        _check_texts(where, desc, subject, place, teller, fact, occ)
        cited = [] if evidence == "[]" else load_json(evidence, f"{where}.evidence")
        if not isinstance(cited, list) or not all(type(e) is int and 0 <= e < mid for e in cited):
            raise SaveRuleError(f"{where}.evidence", f"{evidence!r} is not a list of earlier memories")
        try:
            kind = MemoryKind(kind)
        except ValueError:
            raise SaveRuleError(f"{where}.kind", f"{kind!r} is not a kind of memory") from None
        record = MemoryRecord(mid, kind, sys.intern(desc), self.time(created, f"{where}.created"), imp,
                              tuple(cited), shared_text(subject), shared_text(place), shared_text(teller),
                              shared_text(fact), self._occasion(occ, where))
        for name in _CHECKED_BY_RULE:
            check_values(getattr(record, name), f"{where}.{name}")
        return record, self.time(accessed, f"{where}.last_accessed"), blob
