"""npc_brain.llm — chat models and embedders behind two small protocols.

Quick start (settings from the environment; embedded SmolLM2 unless OPENAI_BASE_URL is set):

    from npc_brain.llm import AccountingModel, load_stack
    with load_stack() as llm:
        model = AccountingModel(llm.model)
        reply = model.parse(messages, MySchema, purpose="plan", agent="Klaus")
        print(model.snapshot().total.total_tokens)

Backends: `EmbeddedModel` (in-process llama.cpp on a GGUF) and `OpenAIModel` (any
OpenAI-compatible server). Wrappers: `AccountingModel`, `RecordingModel`, `ReplayModel`.
Fakes for tests live in `npc_brain.llm.testing`.
"""

from __future__ import annotations

from npc_brain.llm.accounting import AccountingModel, CallStats, UsageSnapshot
from npc_brain.llm.calls import ChatRequest, Choice, Completion, Parsed, Usage
from npc_brain.llm.embedded import EmbeddedModel
from npc_brain.llm.embedders import GGUFEmbedder, HybridEmbedder, LexicalEmbedder
from npc_brain.llm.engine import LlamaEngine
from npc_brain.llm.errors import (
    LLMConfigError,
    LLMError,
    LLMOutputError,
    LLMRequestError,
    LLMUnavailable,
    ModelNotFound,
)
from npc_brain.llm.factory import DEFAULT_LEXICAL_DIM, LLMStack, load_embedder, load_model, load_stack
from npc_brain.llm.gguf import INSTALL_COMMAND, GGUFLocation, locate_gguf
from npc_brain.llm.openai_backend import OpenAIEmbedder, OpenAIModel
from npc_brain.llm.protocols import ChatModel, ChoiceModel, Embedder, Message, UsageReportingModel
from npc_brain.llm.replay import RecordingModel, ReplayMiss, ReplayModel
from npc_brain.llm.settings import LLMSettings

__all__ = [
    "DEFAULT_LEXICAL_DIM",
    "INSTALL_COMMAND",
    "AccountingModel",
    "CallStats",
    "ChatModel",
    "ChatRequest",
    "Choice",
    "ChoiceModel",
    "Completion",
    "EmbeddedModel",
    "Embedder",
    "GGUFEmbedder",
    "GGUFLocation",
    "HybridEmbedder",
    "LLMConfigError",
    "LLMError",
    "LLMOutputError",
    "LLMRequestError",
    "LLMSettings",
    "LLMStack",
    "LLMUnavailable",
    "LexicalEmbedder",
    "LlamaEngine",
    "Message",
    "ModelNotFound",
    "OpenAIEmbedder",
    "OpenAIModel",
    "Parsed",
    "RecordingModel",
    "ReplayMiss",
    "ReplayModel",
    "Usage",
    "UsageReportingModel",
    "UsageSnapshot",
    "load_embedder",
    "load_model",
    "load_stack",
    "locate_gguf",
]
