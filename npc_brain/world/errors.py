"""Typed errors and findings of the world: unknown places, broken maps, map issues."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class WorldError(Exception):
    """Base class of every error raised by `npc_brain.world`."""


class UnknownPlace(WorldError, LookupError):
    """An address (or name) that is not a node of the containment tree.

    `suggestions` holds close addresses, so a caller (or an LLM repair prompt) can offer them.
    """

    def __init__(self, address: str, suggestions: tuple[str, ...] = ()) -> None:
        self.address = address
        self.suggestions = suggestions
        hint = f" Did you mean {', '.join(suggestions)}?" if suggestions else ""
        super().__init__(f"There is no place {address!r} in the world.{hint}")

    def __str__(self) -> str:  # LookupError would otherwise repr() the message
        return str(self.args[0])


class MapError(WorldError, ValueError):
    """A map that cannot be loaded; the message is one sentence naming the file and the culprit."""

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        object_id: int | None = None,
        object_name: str | None = None,
    ) -> None:
        self.path = path
        self.object_id = object_id
        self.object_name = object_name
        super().__init__(message)


class Severity(StrEnum):
    """How bad a map finding is: errors make `load_world` fail and the lint exit non-zero."""

    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class MapIssue:
    """One finding about a map, from the loader or the lint.

    `problem` is the clause about the culprit ("has opens '8am', which is not a time like 08:00");
    `str(issue)` is the full sentence naming the file and the object.
    """

    severity: Severity
    code: str
    problem: str
    file: str = ""
    object_id: int | None = None
    object_name: str | None = None
    address: str | None = None

    @property
    def culprit(self) -> str:
        """How the object is named in messages: `object 5 "Hobbs Cafe"`, or the address."""
        if self.object_id is not None or self.object_name:
            ident = f"object {self.object_id}" if self.object_id is not None else "object"
            return f'{ident} "{self.object_name}"' if self.object_name else ident
        return self.address or ""

    def sentence(self, *, with_file: bool = True) -> str:
        """The finding as one sentence."""
        head = ", ".join(p for p in ((self.file if with_file else ""), self.culprit) if p)
        text = f"{head}: {self.problem}" if head else self.problem
        return text if text.endswith((".", "?", "!")) else text + "."

    def __str__(self) -> str:
        return self.sentence()
