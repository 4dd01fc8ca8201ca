"""npc_brain.memory: the memory stream, retrieval scoring, importance cache and save files."""
from __future__ import annotations

from npc_brain.memory.importance import ImportanceCache, normalise_description
from npc_brain.memory.record import MemoryKind, MemoryRecord
from npc_brain.memory.retrieval import RetrievalWeights, Scored, minmax
from npc_brain.memory.save import (
    SCHEMA_VERSION,
    AgentSave,
    CorruptSaveError,
    NotASaveError,
    SaveData,
    SaveError,
    SaveFile,
    SaveMeta,
    SaveNotFoundError,
    SaveVersionError,
)
from npc_brain.memory.stream import MemoryRow, MemoryStream
from npc_brain.memory.view import GAME_EPOCH, MemoryView

__all__ = [
    "GAME_EPOCH",
    "SCHEMA_VERSION",
    "AgentSave",
    "CorruptSaveError",
    "ImportanceCache",
    "MemoryKind",
    "MemoryRecord",
    "MemoryRow",
    "MemoryStream",
    "MemoryView",
    "NotASaveError",
    "RetrievalWeights",
    "SaveData",
    "SaveError",
    "SaveFile",
    "SaveMeta",
    "SaveNotFoundError",
    "SaveVersionError",
    "Scored",
    "minmax",
    "normalise_description",
]
