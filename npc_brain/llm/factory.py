"""Building the configured chat model and embedder from `LLMSettings`.

`load_stack()` is the one-liner for a game: it loads the embedded engine at most once and
shares it between the chat model and a GGUF embedder, and closes it when you are done:

    with load_stack() as llm:              # settings from the environment
        model = AccountingModel(llm.model)
        embedder = llm.embedder
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Self

from npc_brain.llm.embedded import EmbeddedModel
from npc_brain.llm.embedders import GGUFEmbedder, HybridEmbedder, LexicalEmbedder
from npc_brain.llm.engine import LlamaEngine
from npc_brain.llm.openai_backend import OpenAIEmbedder, OpenAIModel
from npc_brain.llm.protocols import ChatModel, Embedder
from npc_brain.llm.settings import LLMSettings

HYBRID_WEIGHTS = (0.5, 0.5)
"""(lexical, gguf) weights of the hybrid embedder: the best hybrid in
`python -m npc_brain.bench embedders` (recall@5 0.70 vs 0.68 for lexical alone, but ~70 ms
per text on the inference core instead of ~0.1 ms — hence not the default)."""


DEFAULT_LEXICAL_DIM = 1024
"""Lexical vector width: 4 KB a memory; 2048 measured +0.01 recall@5 (within the spread)."""


def _needs_gguf_embeddings(settings: LLMSettings) -> bool:
    return settings.embedder in ("gguf", "hybrid")


def load_model(
    settings: LLMSettings | None = None, *, engine: LlamaEngine | None = None
) -> ChatModel:
    """The configured chat model: `OpenAIModel` or `EmbeddedModel` (on `engine` if given,
    else on a newly loaded engine the model owns — call its `close()` when done).

    Raises `ModelNotFound` (message: the install command) or `LLMUnavailable`.
    """
    s = settings or LLMSettings.from_env()
    if s.resolved_backend() == "openai":
        return OpenAIModel.from_settings(s)
    if engine is not None:
        return EmbeddedModel(engine)
    return EmbeddedModel.from_settings(s)


def load_embedder(
    settings: LLMSettings | None = None, *, engine: LlamaEngine | None = None
) -> Embedder:
    """The configured embedder. "gguf"/"hybrid" need an engine loaded with `embedding=True`;
    without one a new engine is loaded (prefer `load_stack`, which shares it)."""
    s = settings or LLMSettings.from_env()
    if s.embedder == "lexical":
        return LexicalEmbedder(DEFAULT_LEXICAL_DIM)
    if s.embedder == "openai":
        return OpenAIEmbedder.from_settings(s)
    if engine is None or not engine.embedding:
        engine = LlamaEngine.from_settings(s, embedding=True)
    gguf = GGUFEmbedder(engine)
    if s.embedder == "gguf":
        return gguf
    lex_w, gguf_w = HYBRID_WEIGHTS
    return HybridEmbedder([(LexicalEmbedder(DEFAULT_LEXICAL_DIM), lex_w), (gguf, gguf_w)])


@dataclass
class LLMStack:
    """The chat model and embedder a game uses, plus the engine they share (if embedded)."""

    model: ChatModel
    embedder: Embedder
    settings: LLMSettings
    engine: LlamaEngine | None = None

    def close(self) -> None:
        """Release the engine and HTTP connections."""
        close = getattr(self.model, "close", None)
        if callable(close):
            close()
        if self.engine is not None:
            self.engine.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def load_stack(settings: LLMSettings | None = None) -> LLMStack:
    """Load the configured model and embedder, sharing one embedded engine between them."""
    s = settings or LLMSettings.from_env()
    engine = None
    if s.resolved_backend() == "embedded" or _needs_gguf_embeddings(s):
        engine = LlamaEngine.from_settings(s, embedding=_needs_gguf_embeddings(s))
    try:
        model = load_model(s, engine=engine if s.resolved_backend() == "embedded" else None)
        embedder = load_embedder(s, engine=engine)
    except BaseException:
        if engine is not None:
            engine.close()
        raise
    return LLMStack(model, embedder, s, engine)
