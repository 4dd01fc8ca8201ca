"""MemoryRecord: one entry of an agent's memory stream (the paper's "memory object")."""
from __future__ import annotations

import sys
import threading
from dataclasses import FrozenInstanceError
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from npc_brain.types.occasion import Occasion


class MemoryKind(StrEnum):
    """What a memory is. Every kind lives in the same stream and is retrievable."""

    OBSERVATION = "observation"
    REFLECTION = "reflection"
    PLAN = "plan"
    DIALOGUE = "dialogue"
    THOUGHT = "thought"  # the agent's inner voice; the game's "whisper" lands here


_Rare = tuple[tuple[int, ...], str | None, str | None, Occasion | None]  # evidence, teller, fact, occasion
_KINDS = tuple(MemoryKind)
_CODES = {kind: code for code, kind in enumerate(_KINDS)}
_set = object.__setattr__


def _pack(kind: MemoryKind, importance: int) -> int | tuple[MemoryKind, int]:
    """Kind and importance as one int below 257, an object Python keeps one of (its small ints); as
    given when they are not a kind (or its value) and a whole number in 0..15 — a caller's own
    record, kept for the checks (`MemoryStream.from_rows`, saves) to report."""
    code = _CODES.get(kind) if isinstance(kind, str) else None
    if code is not None and type(importance) is int and 0 <= importance <= 15:
        return code << 4 | importance
    return (kind, importance)


class MemoryRecord:
    """An immutable memory. Corrections are new records, never edits.

    The embedding lives in the stream's matrix and last access is a stream column,
    so a record can be shared freely between the game thread and job threads.
    `evidence` holds the ids a reflection rests on (always older records).

    Provenance is data, set when the record is made and never read back out of the text:
    `teller` is who told the agent (None: it saw, did or thought it itself), `fact` what was
    told without who told it (None: the description is the fact), `subject` whom (or what
    address) it is about, `place` where, and `occasion` the occasion it speaks of — its
    name, place and time window — when it speaks of one.

    Made, compared, hashed, copied, pickled and `replace`d like a frozen dataclass of the fields
    in `FIELDS` (in that order). It is a town's most numerous object, so it stores less: kind and
    importance are one small int; evidence, teller, fact and occasion — set on ~5% of a town's
    records (hearsay, decisions, reflections) — share one slot, None on the rest; and its id is
    the one int object every agent's record of that id points to. Eleven fields in seven slots,
    88 bytes an object instead of 120, and no 28-byte id of its own past id 256 (`bench memory`,
    100 NPCs × 2 game days: 220.5 → 185.3 bytes a record as made, 210.1 → 174.9 loaded).
    """

    __match_args__ = ("id", "kind", "description", "created", "importance", "evidence", "subject", "place",
                      "teller", "fact", "occasion")
    FIELDS: ClassVar[tuple[str, ...]] = __match_args__
    __slots__ = ("_kind_importance", "_rare", "created", "description", "id", "place", "subject")
    _kind_importance: int | tuple[MemoryKind, int]
    _rare: _Rare | None

    if TYPE_CHECKING:  # read-only to the type checker, as a frozen dataclass's; slots at run time
        @property
        def id(self) -> int: ...
        @property
        def description(self) -> str: ...
        @property
        def created(self) -> datetime: ...
        @property
        def subject(self) -> str | None: ...
        @property
        def place(self) -> str | None: ...

    def __init__(self, id: int, kind: MemoryKind, description: str, created: datetime, importance: int,
                 evidence: tuple[int, ...] = (), subject: str | None = None, place: str | None = None,
                 teller: str | None = None, fact: str | None = None, occasion: Occasion | None = None) -> None:
        _set(self, "id", _shared_id(id))
        _set(self, "description", description)
        _set(self, "created", created)
        _set(self, "_kind_importance", _pack(kind, importance))
        _set(self, "subject", subject)
        _set(self, "place", place)
        if evidence or teller is not None or fact is not None or occasion is not None:
            rare: _Rare | None = (evidence if type(evidence) is tuple else tuple(evidence), teller, fact, occasion)
        else:
            rare = None  # one form per value: equal records store equal slots
        _set(self, "_rare", rare)

    @property
    def kind(self) -> MemoryKind:
        """What the memory is (observation, reflection, plan, dialogue, thought)."""
        packed = self._kind_importance
        return _KINDS[packed >> 4] if isinstance(packed, int) else packed[0]

    @property
    def importance(self) -> int:
        """Its poignancy, 1..10 (the paper's importance score)."""
        packed = self._kind_importance
        return packed & 15 if isinstance(packed, int) else packed[1]

    @property
    def evidence(self) -> tuple[int, ...]:
        """The ids a reflection rests on (always older records); () for other memories."""
        return self._rare[0] if self._rare is not None else ()

    @property
    def teller(self) -> str | None:
        """Who told the agent (None: it saw, did or thought it itself)."""
        return self._rare[1] if self._rare is not None else None

    @property
    def fact(self) -> str | None:
        """What was told without who told it (None: the description is the fact)."""
        return self._rare[2] if self._rare is not None else None

    @property
    def occasion(self) -> Occasion | None:
        """The occasion the memory speaks of, when it speaks of one."""
        return self._rare[3] if self._rare is not None else None

    @property
    def claim(self) -> str:
        """What the memory holds to be so (or that someone said so): the fact, without who told it."""
        fact = self.fact
        return fact if fact is not None else self.description

    @property
    def heard(self) -> bool:
        """True when someone told the agent (a claim of theirs, not something it saw)."""
        return self.teller is not None

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of `FIELDS` (the constructor's arguments)."""
        e, teller, fact, occasion = self._rare if self._rare is not None else ((), None, None, None)
        return (self.id, self.kind, self.description, self.created, self.importance, e, self.subject, self.place,
                teller, fact, occasion)

    def replace(self, **changes: Any) -> MemoryRecord:
        """A copy with `changes` (field names of `FIELDS`), as `dataclasses.replace` makes one."""
        return type(self)(**{**dict(zip(self.FIELDS, self.values(), strict=True)), **changes})

    __replace__ = replace  # `copy.replace` (Python 3.13)

    def _key(self) -> tuple[Any, ...]:
        return (self.id, self._kind_importance, self.description, self.created, self.subject, self.place, self._rare)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MemoryRecord) or other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={v!r}" for n, v in zip(self.FIELDS, self.values(), strict=True))
        return f"{type(self).__name__}({fields})"

    def __reduce__(self) -> tuple[type[MemoryRecord], tuple[Any, ...]]:
        return type(self), self.values()  # pickle and copy make it anew (its id shared again)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")


_ids: list[int] = []
_ids_growing = threading.Lock()


def _shared_id(n: int) -> int:
    """The one int object for id `n` that every stream's record `n` holds (ids beyond the small
    ints Python shares itself are 28-byte objects, one per record otherwise). The table grows
    one id at a time, as streams do, to the longest stream's length: 8 bytes an id."""
    if type(n) is not int or n < 0:
        return n
    if n < len(_ids):
        return _ids[n]
    with _ids_growing:
        if n == len(_ids):
            _ids.append(n)
        return _ids[n] if n < len(_ids) else n


def shared_ids_bytes() -> int:
    """Bytes of the table behind the shared ids (its ints are counted with the records holding them)."""
    return sys.getsizeof(_ids)


def shared_text(text: str | None) -> str | None:
    """One object per distinct text (interned): a town's records repeat their texts ("the bed is
    made", a resident's name, a place's address), and one copy is kept instead of one per record.
    (`bench memory`, 100 NPCs × 2 game days: 307 → 214 bytes a record)."""
    return sys.intern(text) if type(text) is str else text
