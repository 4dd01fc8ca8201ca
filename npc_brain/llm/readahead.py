"""Read-ahead: a one-token call that leaves a prompt's known start in the engine's cache.

llama.cpp keeps each slot's last prompt in its KV cache and gives a new request the slot
sharing the longest prefix, so a call whose start was read earlier evaluates only its tail
(`timings.cache_n` counts what it reused). The player's next line is the case worth it: the
NPC's rules, persona and the talk so far are known while the player is still typing
(`dialogue.read_ahead`). Only a backend that says it keeps prompts (`prompt_cache = True`,
the embedded engine) gets read-ahead calls; for a hosted API one would only cost money.
"""
from __future__ import annotations

from collections.abc import Sequence

from npc_brain.llm.protocols import ChatModel, Message

__all__ = ["caches_prompts", "read_ahead"]


def caches_prompts(model: object) -> bool:
    """True when `model` (or the backend under its wrappers' `inner`) keeps prompts cached."""
    seen = 0
    while model is not None and seen < 16:
        if getattr(model, "prompt_cache", False) is True:
            return True
        model, seen = getattr(model, "inner", None), seen + 1
    return False


def read_ahead(model: ChatModel, messages: Sequence[Message], *, agent: str | None = None) -> None:
    """Evaluate `messages` into the engine's cache (one token generated, its text dropped)."""
    model.complete(messages, max_tokens=1, temperature=0.0, purpose="read ahead", agent=agent)
