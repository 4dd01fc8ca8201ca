"""`EmbeddedModel`: the `ChatModel` on the in-process llama.cpp engine (no server to run).

Calls go straight into the engine (`LlamaEngine.chat`), which releases the GIL while the
C++ side works, so worker threads can block on it while the game loop keeps running.
Structured output is grammar-constrained, so even a 135M model can only emit the allowed
keys and choices. By default (`compact_json=True`) the schema is compiled into a grammar
that also pins the JSON to one line (`npc_brain.llm.grammar`) and sent as `grammar`;
with `compact_json=False` it goes as the `json_schema` response format, where llama.cpp
allows free whitespace (measured: ~35% more completion tokens from the 135M model).
Sampler settings beyond the temperature come from a table keyed by the call's purpose
(`npc_brain.llm.sampling`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any, Self

from npc_brain.llm.base import ChatBackend
from npc_brain.llm.calls import ChatRequest, Completion, Usage
from npc_brain.llm.engine import LlamaEngine
from npc_brain.llm.grammar import choice_grammar, grammar_for
from npc_brain.llm.preemption import should_yield
from npc_brain.llm.sampling import DEFAULT_SAMPLING, Sampling, sampling_for
from npc_brain.llm.settings import LLMSettings
from npc_brain.llm.streaming import stream_sink

# How many alternatives a `choose` call asks for: the 135M model's raw distribution puts
# words ("The", "Rating") before digits, so 20 can miss an option; 48 rarely does.
_TOP_LOGPROBS = 48


def first_token_logprobs(choice: Mapping[str, Any]) -> dict[str, float] | None:
    """token → logprob of the first generated token's alternatives in an OpenAI-style choice
    (None when the reply carries none or they are malformed)."""
    try:
        content = (choice.get("logprobs") or {}).get("content") or []
        if not content:
            return None
        return {str(t["token"]): float(t["logprob"]) for t in content[0]["top_logprobs"]}
    except (AttributeError, KeyError, TypeError, ValueError, IndexError):
        return None


class EmbeddedModel(ChatBackend):
    """A chat model on a `LlamaEngine`. Thread-safe; `close()` closes an engine it owns.

    `compact_json`: send structured requests as a one-line JSON grammar (see the module
    doc). `sampling`: sampler settings by purpose (default `DEFAULT_SAMPLING`; `{}` for
    llama.cpp's defaults everywhere).
    """

    structured_mode = "json_schema"
    prompt_cache = True  # slots keep their last prompt (`llm.readahead`)

    def __init__(
        self,
        engine: LlamaEngine,
        *,
        owns_engine: bool = False,
        clock: Callable[[], float] = time.perf_counter,
        compact_json: bool = True,
        sampling: Mapping[str, Sampling] | None = None,
    ) -> None:
        self.engine = engine
        self.name = f"embedded:{engine.name}"
        self._owns_engine = owns_engine
        self._clock = clock
        self.compact_json = compact_json
        self.sampling = DEFAULT_SAMPLING if sampling is None else sampling

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
            **sampling_for(request.purpose, self.sampling).body(),
        }
        fmt = request.response_format
        if request.options:
            # The grammar holds the reply to one option; llama.cpp reports the first token's
            # top log-probabilities from before the grammar, so every option gets its weight.
            body["grammar"] = choice_grammar(request.options)
            body["logprobs"] = True
            body["top_logprobs"] = max(_TOP_LOGPROBS, 2 * len(request.options))
        elif fmt is not None:
            spec = fmt.get("json_schema") if fmt.get("type") == "json_schema" else None
            schema = (spec or {}).get("schema")
            if self.compact_json and schema is not None:
                body["grammar"] = grammar_for(schema)
            else:
                body["response_format"] = dict(fmt)
        # A background call gives way to the player's (`npc_brain.llm.preemption`); a choice
        # needs the whole reply's log-probabilities, and is one token anyway.
        stop = None if request.options else should_yield()
        sink = None if request.options else stream_sink()  # someone reads this text as it comes
        start = self._clock()
        if stop is None and sink is None:
            reply = self.engine.chat(body)
        else:
            reply = self.engine.chat(body, stop=stop, on_text=sink)
        elapsed = self._clock() - start
        choice = reply["choices"][0]
        usage = reply.get("usage") or {}
        timings = reply.get("timings") or {}
        return Completion(
            text=(choice.get("message") or {}).get("content") or "",
            usage=Usage(
                int(usage.get("prompt_tokens", 0)),
                int(usage.get("completion_tokens", 0)),
                1,
                elapsed,
                cached_tokens(usage, timings),
            ),
            finish_reason=choice.get("finish_reason"),
            model=self.engine.name,
            top_logprobs=first_token_logprobs(choice) if request.options else None,
        )

    def close(self) -> None:
        """Close the engine if this model created it."""
        if self._owns_engine:
            self.engine.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def cached_tokens(usage: Mapping[str, Any], timings: Mapping[str, Any]) -> int:
    """Prompt tokens llama.cpp reused from the slot's cache: `timings.cache_n`, else the
    OpenAI-style `usage.prompt_tokens_details.cached_tokens` (newer servers send both)."""
    n = timings.get("cache_n")
    if n is None:
        n = (usage.get("prompt_tokens_details") or {}).get("cached_tokens", 0)
    try:
        return max(0, int(n or 0))
    except (TypeError, ValueError):
        return 0
