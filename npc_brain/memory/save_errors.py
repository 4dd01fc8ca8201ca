"""The errors of save files: every problem with a save is one `SaveError` subclass."""
from __future__ import annotations

__all__ = ["CorruptSaveError", "NotASaveError", "SaveError", "SaveNotFoundError", "SaveVersionError"]


class SaveError(Exception):
    """A save could not be written or read. The previous save is untouched."""


class SaveNotFoundError(SaveError):
    """There is no file at the path."""


class NotASaveError(SaveError):
    """The file exists but is not an npc_brain save (or not SQLite at all)."""


class SaveVersionError(SaveError):
    """The save was written by a newer version of the app (or has no migration path)."""


class CorruptSaveError(SaveError):
    """The file is an npc_brain save but its content is damaged or inconsistent."""
