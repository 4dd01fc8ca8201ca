"""`LLMSettings`: which backend, model, embedder and limits the LLM layer uses."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from npc_brain.llm.errors import LLMConfigError

Backend = Literal["auto", "embedded", "openai"]
EmbedderKind = Literal["lexical", "gguf", "hybrid", "openai"]
StructuredMode = Literal["json_schema", "json_object", "prompt"]
KVCache = Literal["f16", "q8_0"]


def usable_cores() -> int:
    """Cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


def default_threads() -> int:
    """Inference threads: every core this process may use but one, which stays with the game.

    Measured on 2 cores: inference on all cores drops ~14% of the game's frames, on one ~0.5%.
    """
    return max(1, usable_cores() - 1)


def default_batch_threads() -> int:
    """Prompt-reading threads: every core. Reading a prompt is a short burst (a reply's new
    tail is ~80 tokens), so taking the game's core for it costs few frames and halves the
    wait for the first word (see `LLMSettings.batch_threads`)."""
    return usable_cores()


class LLMSettings(BaseModel):
    """Configuration of the LLM layer; build it directly or with `LLMSettings.from_env()`.

    `backend="auto"` resolves to "openai" when a base URL or API key is configured, else to
    the embedded llama.cpp engine. `timeout_s` and `max_retries` apply to HTTP backends;
    `gguf_path`, `threads` (generating), `batch_threads` (reading prompts), `n_parallel`
    (continuous-batching slots) and `n_ctx` (shared by all slots) to the embedded one.

    Measured (2 cores, 135M model, ~190-token prompts): prompt reading 1 thread ~110 tok/s,
    2 threads ~210 tok/s; generating stays on `threads` so the game keeps its core.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    backend: Backend = "auto"
    base_url: str | None = None
    api_key: str | None = None
    chat_model: str | None = None
    embed_model: str | None = None
    embedder: EmbedderKind = "lexical"
    structured_mode: StructuredMode = "json_schema"
    timeout_s: float = Field(default=60.0, gt=0)
    max_retries: int = Field(default=1, ge=0, le=10)
    gguf_path: Path | None = None
    threads: int = Field(default_factory=default_threads, ge=1)
    batch_threads: int = Field(default_factory=default_batch_threads, ge=1)
    # The demo's 4 thinking threads and the player's read-ahead (`llm.readahead`) each get a slot.
    n_parallel: int = Field(default=5, ge=1, le=64)
    n_ctx: int = Field(default=8192, ge=256)
    cache_slots: int = Field(default=0, ge=0, le=64)
    """Engine slots beyond `n_parallel` that only keep prompts: an idle slot's prompt stays in
    its slot (not in llama.cpp's host-memory cache, which will not restore a prompt that shares
    under about a quarter of itself), so the next call of the same purpose finds its rules.
    Off by default: each slot then gets its own 2k tokens of KV cache (~0.4 GB more for 8)."""
    prompt_state_mb: int = Field(default=1024, ge=0, le=1 << 20)
    """MiB of saved prompt states the embedded engine keeps in a temporary folder
    (`npc_brain.llm.prompt_states`): a call sharing more with a saved state than with its slot
    has it restored instead of reading that part again. 0 turns them off."""
    kv_cache: KVCache = "f16"
    """How the embedded engine stores its KV cache: "q8_0" (with flash attention) keeps a prompt
    in about half the bytes of "f16", so twice as many saved prompt states fit `prompt_state_mb`,
    but reads prompts ~10% slower on a 2-core CPU (SmolLM2-135M): more reuse, not less compute."""
    server_priority: bool = False
    """Send each call's priority to the server (vLLM's `priority` field, lower is sooner: the
    player's calls 0, the town's more). Only a server started with `--scheduling-policy
    priority` uses it; one that refuses the field gets calls without it."""
    max_concurrency: int | None = Field(default=None, ge=1, le=1024)
    """Requests sent to an OpenAI-compatible server at once (its slots: llama.cpp's `--parallel`,
    what a vLLM deployment serves side by side); the player's calls take the next free one before
    the town's (`llm.concurrency`). None: as many as the society's thinking threads send."""
    log_verbosity: int = Field(default=1, ge=-1, le=5)
    """llama.cpp log level: 1 prints only errors (the default), -1 nothing, 3 everything."""

    def resolved_backend(self) -> Literal["embedded", "openai"]:
        """The backend "auto" stands for with these settings."""
        if self.backend != "auto":
            return self.backend
        return "openai" if (self.base_url or self.api_key) else "embedded"

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: object) -> LLMSettings:
        """Settings from environment variables; keyword overrides win over the environment.

        Reads OPENAI_BASE_URL, OPENAI_API_KEY, NPC_BRAIN_CHAT_MODEL, NPC_BRAIN_EMBED_MODEL,
        NPC_BRAIN_GGUF, NPC_BRAIN_BACKEND, NPC_BRAIN_STRUCTURED, NPC_BRAIN_THREADS,
        NPC_BRAIN_BATCH_THREADS, NPC_BRAIN_EMBEDDER, NPC_BRAIN_CACHE_SLOTS, NPC_BRAIN_PROMPT_STATE_MB,
        NPC_BRAIN_KV_CACHE (f16/q8_0), NPC_BRAIN_SERVER_PRIORITY (1/0), NPC_BRAIN_CONCURRENCY. Empty variables count
        as unset. A bad value raises `LLMConfigError` naming the variable.
        """
        env = os.environ if environ is None else environ
        names = {
            "base_url": "OPENAI_BASE_URL",
            "api_key": "OPENAI_API_KEY",
            "chat_model": "NPC_BRAIN_CHAT_MODEL",
            "embed_model": "NPC_BRAIN_EMBED_MODEL",
            "gguf_path": "NPC_BRAIN_GGUF",
            "backend": "NPC_BRAIN_BACKEND",
            "structured_mode": "NPC_BRAIN_STRUCTURED",
            "threads": "NPC_BRAIN_THREADS",
            "batch_threads": "NPC_BRAIN_BATCH_THREADS",
            "embedder": "NPC_BRAIN_EMBEDDER",
            "cache_slots": "NPC_BRAIN_CACHE_SLOTS",
            "prompt_state_mb": "NPC_BRAIN_PROMPT_STATE_MB",
            "kv_cache": "NPC_BRAIN_KV_CACHE",
            "server_priority": "NPC_BRAIN_SERVER_PRIORITY",
            "max_concurrency": "NPC_BRAIN_CONCURRENCY",
        }
        values: dict[str, object] = {}
        for field, var in names.items():
            raw = env.get(var, "").strip()
            if raw:
                values[field] = (
                    raw.lower() if field in {"backend", "structured_mode", "embedder", "kv_cache"} else raw
                )
        values.update(overrides)
        try:
            return cls(**values)
        except ValidationError as exc:
            err = exc.errors()[0]
            field = str(err["loc"][0]) if err["loc"] else "?"
            where = names.get(field, field)
            raise LLMConfigError(
                f"Bad LLM setting {where}={err.get('input')!r}: {err['msg']}."
            ) from None
