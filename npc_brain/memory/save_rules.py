"""SaveRules: what a save's content must mean, checked before anything is built from it.

A save is read by code that trusts it (plans compare times with the clock, the day planner adds
days to dates, retrieval turns times into hours), so shape is not enough: a clock of 9999-12-31
loads and then overflows on the first frame, a time with a UTC offset loads and then cannot be
compared with the game's naive times. These rules are checked on every value of a save, by
walking its fields, so a field added to a record or a state later is checked without a change
here:

- **Game time is naive.** npc_brain writes game time without a time zone; a date-time with a UTC
  offset was not written by it. It is refused, not converted: whether the offset's wall time or
  UTC was meant cannot be known, and either guess moves every NPC's day by hours.
- **Game time lies in [GAME_TIME_MIN, GAME_TIME_MAX)**: years 100 to 8999, so the date arithmetic
  a game and its minds do (plans for tomorrow, ages in hours, a week of refusals) never leaves
  the range `datetime` can hold.
- **Numbers are finite** and whole numbers fit in 64 bits (numpy columns hold them).
- **Text is bounded**: one string at most MAX_TEXT characters, one JSON cell at most
  MAX_JSON_CHARS characters and MAX_JSON_DEPTH levels deep, all checked *before* the JSON is
  parsed (Python's parser recurses once per level).

A broken rule is a `SaveRuleError` whose message starts with the dotted path of the field
(`plan.steps.0.start: …`), which the save's reader turns into a `CorruptSaveError` naming the
agent. Writing checks the same rules, so a game never writes a save it could not load.
"""
from __future__ import annotations

import dataclasses
import functools
import json
import math
import re
from collections.abc import Iterator, Mapping
from datetime import date, datetime, time
from enum import Enum
from typing import Any

import numpy as np
from pydantic import BaseModel

from npc_brain.types.clock import GAME_TIME_MAX, GAME_TIME_MIN, game_time_problem

__all__ = [
    "GAME_TIME_MAX", "GAME_TIME_MIN", "MAX_DIM", "MAX_JSON_CHARS", "MAX_JSON_DEPTH", "MAX_TEXT",
    "SaveRuleError", "check_game_time", "check_values", "dump_json", "game_time_problem",
    "json_depth", "load_json", "parse_game_time",
]

MAX_JSON_DEPTH = 64
"""Deepest nesting of arrays and objects in one JSON cell (an agent's state nests ~6 deep)."""
MAX_JSON_CHARS = 64 * 2**20
"""Longest JSON cell (an agent's state, the world state), in characters."""
MAX_TEXT = 2**20
"""Longest single string in an agent's state or memory (a description, a name, an address)."""
MAX_DIM = 2**16
"""Widest memory embedding a save may hold."""
_INT64 = 2**63
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_OPEN = {ord("["), ord("{")}
_CLOSE = {ord("]"), ord("}")}


class SaveRuleError(ValueError):
    """A value in a save breaks a rule; the message starts with the field's dotted path."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}" if field else problem)


def check_game_time(value: object, field: str) -> datetime:
    """`value` if it is a naive datetime in range, else `SaveRuleError` naming `field`."""
    if not isinstance(value, datetime):
        raise SaveRuleError(field, f"expected a date-time, got {type(value).__name__}")
    problem = game_time_problem(value)
    if problem is not None:
        raise SaveRuleError(field, problem)
    return value


def parse_game_time(text: object, field: str) -> datetime:
    """An ISO date-time string as written by `isoformat()`, checked by `check_game_time`."""
    if not isinstance(text, str):
        raise SaveRuleError(field, f"expected an ISO date-time string, got {type(text).__name__}")
    try:
        value = datetime.fromisoformat(text)
    except ValueError:
        shown = text if len(text) <= 40 else text[:40] + "…"
        raise SaveRuleError(field, f"{shown!r} is not an ISO date-time") from None
    return check_game_time(value, field)


def json_depth(text: str) -> int:
    """How deep arrays and objects nest in JSON text, without parsing it (no recursion)."""
    skeleton = _STRING.sub("", text).encode("utf-8", "replace")
    codes = np.frombuffer(skeleton, dtype=np.uint8)
    depth, deepest = 0, 0
    for lo in range(0, len(codes), 1 << 20):  # bounded scratch memory for a long cell
        block = codes[lo:lo + (1 << 20)]
        steps = np.isin(block, list(_OPEN)).astype(np.int64) - np.isin(block, list(_CLOSE))
        if not len(steps):
            continue
        running = np.cumsum(steps) + depth
        deepest = max(deepest, int(running.max()))
        depth = int(running[-1])
    return deepest


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e400: valid JSON, but no number a save writes
        raise ValueError(f"{text} is too large a number")
    return value


_DECODER = json.JSONDecoder(parse_constant=_no_constant, parse_float=_finite)


def load_json(text: object, field: str) -> Any:
    """Parse one JSON cell of a save, its size and depth bounded first (`SaveRuleError`)."""
    if not isinstance(text, str):
        raise SaveRuleError(field, f"expected JSON text, got {type(text).__name__}")
    if len(text) > MAX_JSON_CHARS:
        raise SaveRuleError(field, f"{len(text):,} characters of JSON, more than the "
                                   f"{MAX_JSON_CHARS:,} a save may hold in one place")
    depth = json_depth(text) if len(text) > 2 * MAX_JSON_DEPTH else 0  # short: cannot be deep
    if depth > MAX_JSON_DEPTH:
        raise SaveRuleError(field, f"JSON nested {depth} levels deep, more than "
                                   f"{MAX_JSON_DEPTH}")
    try:
        return _DECODER.decode(text)
    except (ValueError, RecursionError) as exc:  # RecursionError: cannot happen after the depth check
        raise SaveRuleError(field, f"not valid JSON ({exc})") from None


def dump_json(value: object, field: str) -> str:
    """JSON text for a save (`SaveRuleError` if it breaks the depth or size rule)."""
    try:
        text = json.dumps(value, allow_nan=False, ensure_ascii=False, separators=(",", ":"))
    except RecursionError:
        raise SaveRuleError(field, f"nested more than {MAX_JSON_DEPTH} levels deep") from None
    except (TypeError, ValueError) as exc:
        raise SaveRuleError(field, f"not JSON-serialisable: {exc}") from None
    if len(text) > MAX_JSON_CHARS or json_depth(text) > MAX_JSON_DEPTH:
        raise SaveRuleError(field, f"larger than {MAX_JSON_CHARS:,} characters or nested more "
                                   f"than {MAX_JSON_DEPTH} levels deep")
    return text


@functools.cache
def _field_names(cls: Any) -> tuple[str, ...] | None:
    """The fields of a pydantic model or dataclass type (None for other types), once per type."""
    if issubclass(cls, BaseModel):
        return tuple(cls.model_fields)
    if dataclasses.is_dataclass(cls):
        return tuple(f.name for f in dataclasses.fields(cls))
    return None


def _children(value: object) -> Iterator[tuple[str, object]] | None:
    """(name, value) of a structured value's parts; None for a leaf."""
    cls: Any = type(value)  # (functools.cache types its key as Hashable, which a class is)
    names = _field_names(cls)
    if names is not None:
        return ((name, getattr(value, name)) for name in names)
    if isinstance(value, (list, tuple, set, frozenset)):
        return ((str(i), v) for i, v in enumerate(value))
    if isinstance(value, Mapping):
        return _mapping_items(value)
    return None


def _mapping_items(value: Mapping[Any, Any]) -> Iterator[tuple[str, object]]:
    for key, item in value.items():
        name = key if isinstance(key, str) and len(key) <= 60 else repr(key)[:60]
        yield f"{name} (the key)", key  # a key is a value too (a name, a time)
        yield name, item


def check_values(value: object, field: str = "") -> None:
    """Walk every field of a checked state (pydantic models, dataclasses, dicts, lists) and
    raise `SaveRuleError` at the first value that breaks a rule of this module."""
    _check_leaf(value, field)
    stack: list[tuple[str, object, int]] = [(field, value, 0)]
    while stack:
        where, node, depth = stack.pop()
        parts = _children(node)
        if parts is None:
            continue
        if depth >= MAX_JSON_DEPTH:
            raise SaveRuleError(where, f"nested more than {MAX_JSON_DEPTH} levels deep")
        inner: list[tuple[str, object, int]] = []
        for name, child in parts:  # the leaves checked inline, paths only made when needed
            kind = type(child)
            if kind is str:
                if len(child) <= MAX_TEXT:  # type: ignore[arg-type]
                    continue
            elif child is None or kind is bool or (kind is int and -_INT64 <= child < _INT64):  # type: ignore[operator]
                continue
            elif isinstance(child, Enum):
                continue
            elif kind is datetime:
                if child.tzinfo is None and GAME_TIME_MIN <= child < GAME_TIME_MAX:  # type: ignore[attr-defined,operator]
                    continue
            path = f"{where}.{name}" if where else name
            _check_leaf(child, path)
            if kind not in _LEAVES:
                inner.append((path, child, depth + 1))
        stack.extend(reversed(inner))


_LEAVES = frozenset({str, int, float, bool, datetime, date, time, type(None)})


def _check_leaf(node: object, where: str) -> None:
    problem = _leaf_problem(node)
    if problem is not None:
        raise SaveRuleError(where, problem)


def _leaf_problem(node: object) -> str | None:
    if isinstance(node, datetime):
        return game_time_problem(node)
    if isinstance(node, (bool, Enum, date, time)):
        return None
    if isinstance(node, int):
        return None if -_INT64 <= node < _INT64 else f"{node} does not fit in 64 bits"
    if isinstance(node, float):
        return None if math.isfinite(node) else f"{node} is not a finite number"
    if isinstance(node, str):
        return None if len(node) <= MAX_TEXT else (
            f"a text of {len(node):,} characters, more than the {MAX_TEXT:,} allowed")
    return None
