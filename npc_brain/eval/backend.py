"""Which model and embedder an evaluation or benchmark runs on.

`--model` picks the backend:
- `auto` (default): `LLMSettings.from_env()` — the embedded llama.cpp model, or any
  OpenAI-compatible server when OPENAI_BASE_URL / OPENAI_API_KEY are set;
- `embedded` / `openai`: force one of those;
- `scripted`: a deterministic fake (`npc_brain.eval.scripted`) — no model, for smoke runs;
- `replay:PATH`: answers from a `RecordingModel` file (tests).
`--record PATH` wraps the chosen model in a `RecordingModel`.
"""
from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from npc_brain.llm.protocols import ChatModel, Embedder


def add_model_arguments(parser: argparse.ArgumentParser, *, headless: bool = True) -> None:
    """--model, --record, --embedder, --threads (shared by bench and eval subcommands)."""
    parser.add_argument("--model", default="auto",
                        help="auto | embedded | openai | scripted | replay:PATH (default: auto = env)")
    parser.add_argument("--record", default=None, help="record every model call to this JSONL file")
    parser.add_argument("--embedder", default=None,
                        help="lexical | gguf | hybrid | openai (default: NPC_BRAIN_EMBEDDER or lexical)")
    default = ("every core: a headless run has no frame loop to keep a core for" if headless
               else "cores − 1, as in the game")
    parser.add_argument("--threads", type=int, default=None,
                        help=f"inference threads of the embedded model (default: NPC_BRAIN_THREADS, else {default})")


@dataclass
class Backend:
    """The chat model, embedder and a description for reports; `close()` when done."""

    model: ChatModel
    embedder: Embedder
    description: str
    kind: str
    _closers: list[Callable[[], None]] = field(default_factory=list)
    server: dict[str, Any] | None = None
    """On an OpenAI-compatible server: its kind, its slots and the requests sent at once."""
    engine: Any = None
    """The embedded `LlamaEngine`, when the model runs on one (its prompt states are reported)."""

    def prompt_state_rows(self) -> dict[str, Any] | None:
        """What the embedded engine's saved prompt states did (`llm.prompt_states`), or None."""
        states = getattr(self.engine, "prompt_states", None)
        if states is None:
            return None
        return {"saves": states.saves, "restores": states.restores,
                "kept_mb": round(states.saved_bytes() / 2**20, 1), "budget_mb": round(states.budget / 2**20)}

    def close(self) -> None:
        """Release engines, files and connections (idempotent)."""
        while self._closers:
            self._closers.pop()()

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_backend(args: argparse.Namespace, *, n_parallel: int | None = None, headless: bool = True) -> Backend:
    """Build the backend the arguments ask for; `headless` runs default to every core."""
    from npc_brain.llm.settings import LLMSettings, usable_cores

    choice = str(getattr(args, "model", "auto") or "auto")
    overrides: dict[str, Any] = {}
    if getattr(args, "embedder", None):
        overrides["embedder"] = args.embedder
    if getattr(args, "threads", None):
        overrides["threads"] = args.threads
    elif headless and "NPC_BRAIN_THREADS" not in os.environ:
        # Measured (`bench throughput`, 8 concurrent): 82 tok/s on 1 of 2 cores, 143 on both.
        overrides["threads"] = usable_cores()
    if n_parallel is not None:
        overrides["n_parallel"] = n_parallel
    closers: list[Callable[[], None]] = []
    server: dict[str, Any] | None = None
    engine: Any = None
    if choice == "scripted" or choice.startswith("replay:"):
        from npc_brain.llm.embedders import LexicalEmbedder

        embedder: Embedder = LexicalEmbedder()
        if choice == "scripted":
            from npc_brain.eval.scripted import scripted_model

            model: ChatModel = scripted_model()
            description, kind = "scripted (deterministic fake, no LLM)", "scripted"
        else:
            from npc_brain.llm.replay import ReplayModel

            path = choice.split(":", 1)[1]
            model = ReplayModel(path)
            description, kind = f"replay of {path}", "replay"
    else:
        from npc_brain.llm.factory import load_stack

        if choice in ("embedded", "openai"):
            overrides["backend"] = choice
        elif choice != "auto":
            raise SystemExit(f"--model: unknown backend {choice!r}")
        settings = LLMSettings.from_env(**overrides)
        stack = load_stack(settings)
        closers.append(stack.close)
        model, embedder = stack.model, stack.embedder
        kind = settings.resolved_backend()
        engine = stack.engine
        if kind == "embedded":
            description = (f"embedded llama.cpp: {stack.engine.name if stack.engine else model.name} "
                           f"(threads={settings.threads}, slots={settings.n_parallel}), embedder {embedder.name}")
        else:
            try:
                server = server_facts(model)
            except BaseException:
                stack.close()
                raise
            where = settings.base_url or "api.openai.com"
            description = (f"OpenAI-compatible {where}: {model.name} ({server['kind']}, "
                           f"{server['slots'] or '?'} slots, concurrency {server['concurrency'] or 'unbounded'}), "
                           f"embedder {embedder.name}")
    if getattr(args, "record", None):
        from npc_brain.llm.replay import RecordingModel

        recorder = RecordingModel(model, args.record)
        closers.append(recorder.close)  # closes before the engine (closers run last-in first)
        model = recorder
        description += f", recorded to {args.record}"
    return Backend(model, embedder, description, kind, closers, server,
                   engine=engine)


def server_facts(model: ChatModel) -> dict[str, Any]:
    """Ask an OpenAI-compatible model's server what it is, before a run (so a dead server is
    named at once, not counted in a run's failures): kind, slots, requests sent at once."""
    from npc_brain.llm.errors import LLMUnreachable
    from npc_brain.llm.openai_backend import OpenAIModel

    if not isinstance(model, OpenAIModel):
        return {"kind": "?", "slots": None, "concurrency": None}
    info = model.server
    if not model.ping(timeout_s=min(5.0, model.timeout_s)):
        raise LLMUnreachable(f"Could not reach the OpenAI-compatible server at {model.base_url}.")
    slots = model.slots
    return {"kind": info.kind, "slots": info.slots, "concurrency": slots.limit if slots else None,
            "model": model.model}
