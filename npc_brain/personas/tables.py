"""Tables: the persona generator's data files, read into its frozen dataclasses.

The names and jobs live in JSON files shipped with the package (`npc_brain/personas/data/`),
read once when `names` and `jobs` are imported. `load` turns a file into values by a shape —
each top-level key and its type (`{"families": tuple[NameFamily, ...]}`): a JSON object becomes
the dataclass (a field left out takes its default), a list a tuple or frozenset, numbers stay
as written (`6` an int, `6.5` a float). A file that does not hold its shape (not JSON, a key
missing or unknown, a list where a string belongs) is a `ValueError` naming the file and the entry.
"""
from __future__ import annotations

import dataclasses
import json
import typing
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

__all__ = ["load"]


def load(source: str | Path, shape: Mapping[str, Any]) -> dict[str, Any]:
    """The values of a data file by `shape`. `source`: a file name in `npc_brain/personas/data/`,
    or the `Path` of a game's own file of the same layout."""
    if isinstance(source, Path):
        name, text = str(source), source.read_text(encoding="utf-8")
    else:
        name = f"npc_brain/personas/data/{source}"
        text = (resources.files("npc_brain.personas") / "data" / source).read_text(encoding="utf-8")
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{name} is not JSON: {exc}") from exc
    if not isinstance(raw, dict) or raw.keys() != shape.keys():
        raise ValueError(f"{name} must be an object with exactly the keys {', '.join(shape)}")
    return {key: _value(hint, raw[key], f"{name}: {key}") for key, hint in shape.items()}


def _value(hint: Any, raw: object, where: str) -> Any:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _record(hint, raw, where)
    if origin in (tuple, frozenset):
        if not isinstance(raw, list):
            raise ValueError(f"{where}: expected a list, got {raw!r}")
        if origin is frozenset:
            return frozenset(_value(args[0], x, f"{where}[{i}]") for i, x in enumerate(raw))
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_value(args[0], x, f"{where}[{i}]") for i, x in enumerate(raw))
        if len(raw) != len(args):
            raise ValueError(f"{where}: expected a list of {len(args)}, got {raw!r}")
        return tuple(_value(a, x, f"{where}[{i}]") for i, (a, x) in enumerate(zip(args, raw)))
    wanted = (int, float) if hint is float else (hint,)
    if not isinstance(raw, wanted) or (isinstance(raw, bool) and hint is not bool):
        raise ValueError(f"{where}: expected {hint.__name__}, got {raw!r}")
    return raw


def _record(cls: type[Any], raw: object, where: str) -> Any:
    """A dataclass from a JSON object; `where` names the entry by its first field ("job_kinds[0] 'cafe'")."""
    if not isinstance(raw, dict):
        raise ValueError(f"{where}: expected an object, got {raw!r}")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    first = next(iter(fields))
    if isinstance(raw.get(first), str):
        where = f"{where} {raw[first]!r}"
    if unknown := raw.keys() - fields.keys():
        raise ValueError(f"{where}: unknown field {', '.join(sorted(unknown))} (fields: {', '.join(fields)})")
    needed = [n for n, f in fields.items()
              if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    if missing := [n for n in needed if n not in raw]:
        raise ValueError(f"{where}: missing {', '.join(missing)}")
    hints = typing.get_type_hints(cls)
    return cls(**{key: _value(hints[key], x, f"{where}.{key}") for key, x in raw.items()})
