"""`EmbeddedModel`: the `ChatModel` on the in-process llama.cpp engine (no server to run).

Calls go straight into the engine (`LlamaEngine.chat`), which releases the GIL while the
C++ side works, so worker threads can block on it while the game loop keeps running.
Structured output always uses the `json_schema` response format: llama.cpp compiles the
schema into a grammar, so even a 135M model can only emit the allowed keys and choices.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Self

from npc_brain.llm.base import ChatBackend
from npc_brain.llm.calls import ChatRequest, Completion, Usage
from npc_brain.llm.engine import LlamaEngine
from npc_brain.llm.settings import LLMSettings


class EmbeddedModel(ChatBackend):
    """A chat model on a `LlamaEngine`. Thread-safe; `close()` closes an engine it owns."""

    structured_mode = "json_schema"

    def __init__(
        self,
        engine: LlamaEngine,
        *,
        owns_engine: bool = False,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.engine = engine
        self.name = f"embedded:{engine.name}"
        self._owns_engine = owns_engine
        self._clock = clock

    @classmethod
    def from_settings(
        cls, settings: LLMSettings | None = None, *, embedding: bool = False
    ) -> EmbeddedModel:
        """Locate and load the GGUF per `settings` (default: from the environment)."""
        settings = settings or LLMSettings.from_env()
        return cls(LlamaEngine.from_settings(settings, embedding=embedding), owns_engine=True)

    def _send(self, request: ChatRequest) -> Completion:
        body: dict[str, Any] = {
            "messages": [dict(m) for m in request.messages],
            "max_tokens": request.max_tokens,
            "temperature": request.temperature,
        }
        if request.response_format is not None:
            body["response_format"] = dict(request.response_format)
        start = self._clock()
        reply = self.engine.chat(body)
        elapsed = self._clock() - start
        choice = reply["choices"][0]
        usage = reply.get("usage") or {}
        return Completion(
            text=(choice.get("message") or {}).get("content") or "",
            usage=Usage(
                int(usage.get("prompt_tokens", 0)),
                int(usage.get("completion_tokens", 0)),
                1,
                elapsed,
            ),
            finish_reason=choice.get("finish_reason"),
            model=self.engine.name,
        )

    def close(self) -> None:
        """Close the engine if this model created it."""
        if self._owns_engine:
            self.engine.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
