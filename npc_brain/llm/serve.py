"""`python -m npc_brain serve`: the embedded model as llama.cpp's OpenAI-compatible server.

For trying the OpenAI-compatible path without another install (a game, `bench reply --model
openai`, a second process): it loads the bundled GGUF with xllamacpp, listens on loopback
with a random API key, prints the two environment variables a client needs, and serves until
interrupted (or `--seconds` pass). Nothing is reachable from another machine. Clients find its
slot count (`--slots`) at `GET /props` and send no more requests than that at once.

Threads: the server shares the machine with its client, so reading prompts uses `--threads`
too (cores − 1), not every core as the embedded engine does. llama.cpp decodes several slots'
tokens as one batch on its batch threads, which wait for each other at every step: with one of
them on a core the client's Python also needs, decoding 2 requests at once fell from 59 tokens/s
(one alone) to 0.7, and a 100-NPC town's calls timed out (measured on 2 cores).
"""
from __future__ import annotations

import argparse
import os
import sys
import threading

from npc_brain.llm.errors import LLMError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `serve`."""
    parser.add_argument("--threads", type=int, default=None,
                        help="inference threads (default: NPC_BRAIN_THREADS, else cores − 1)")
    parser.add_argument("--batch-threads", type=int, default=None,
                        help="prompt-reading and batch threads (default: NPC_BRAIN_BATCH_THREADS, else --threads'"
                             " value: the client keeps a core)")
    parser.add_argument("--slots", type=int, default=None,
                        help="requests decoded side by side (default: NPC_BRAIN's n_parallel, 5)")
    parser.add_argument("--seconds", type=float, default=None,
                        help="stop after this many seconds (default: until Ctrl-C)")


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted; 1 with one sentence on stderr when the model cannot load."""
    from npc_brain.llm.engine import LlamaEngine
    from npc_brain.llm.settings import LLMSettings

    overrides: dict[str, object] = {"backend": "embedded"}
    if args.threads:
        overrides["threads"] = args.threads
    if args.slots:
        overrides["n_parallel"] = args.slots
    if args.batch_threads:
        overrides["batch_threads"] = args.batch_threads
    try:
        settings = LLMSettings.from_env(None, **overrides)
        if "batch_threads" not in overrides and not os.environ.get("NPC_BRAIN_BATCH_THREADS", "").strip():
            settings = LLMSettings.from_env(None, **overrides, batch_threads=settings.threads)
        engine = LlamaEngine.from_settings(settings)
    except LLMError as exc:
        print(f"serve: {exc}", file=sys.stderr)
        return 1
    with engine:
        print(f"OPENAI_BASE_URL={engine.base_url}")
        print(f"OPENAI_API_KEY={engine.api_key}")
        print(f"# llama.cpp serving {engine.name} ({engine.n_parallel} slots, {engine.threads} threads, "
              f"{engine.batch_threads} batch threads); Ctrl-C stops it", flush=True)
        try:
            threading.Event().wait(args.seconds)
        except KeyboardInterrupt:
            pass
    return 0
