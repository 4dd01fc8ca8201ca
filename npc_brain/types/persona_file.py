"""Personas from a JSON file: a list of persona objects, or {"personas": [...]}."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from npc_brain.types.persona import Persona

__all__ = ["PersonaFileError", "load_personas"]


class PersonaFileError(ValueError):
    """The persona file is missing, not JSON, or a persona in it is invalid (one sentence)."""


def load_personas(path: str | os.PathLike[str], count: int | None = None) -> list[Persona]:
    """The first `count` personas of a JSON file (a list, or {"personas": [...]})."""
    try:
        data: Any = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise PersonaFileError(f"{path} does not exist.") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise PersonaFileError(f"{path} is not a readable JSON file ({exc}).") from None
    items = data.get("personas", data.get("agents")) if isinstance(data, dict) else data
    if not isinstance(items, list) or not items:
        raise PersonaFileError(f"{path} holds no list of personas.")
    out: list[Persona] = []
    seen: set[str] = set()
    for i, raw in enumerate(items[:count] if count else items):
        try:
            persona = Persona.model_validate(raw)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            who = raw.get("name", f"#{i + 1}") if isinstance(raw, dict) else f"#{i + 1}"
            raise PersonaFileError(f"{path}: persona {who!r}: {where}: {err['msg']}.") from None
        if persona.name in seen:
            raise PersonaFileError(f"{path}: two personas are named {persona.name!r}.")
        seen.add(persona.name)
        out.append(persona)
    return out
