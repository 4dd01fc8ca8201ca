"""`ServerInfo`: what an OpenAI-compatible server is, asked once — llama.cpp's or another, the
model it serves, how many requests it decodes side by side.

llama.cpp's server lists its model with `"owned_by": "llamacpp"` at `GET /v1/models` and tells
its slot count (`--parallel`) as `total_slots` at `GET /props`. Knowing it is llama.cpp lets a
client use the fields llama.cpp takes beyond the OpenAI API (a grammar, sampler settings: the
embedded engine's own requests, `npc_brain.llm.server_fields`); knowing the slots lets it hold
the town's calls in its own queue, the player's first, instead of the server's first-come one
(`npc_brain.llm.concurrency`). Any other server (vLLM, Ollama, OpenAI, a gateway) is plain
OpenAI-compatible.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from npc_brain.llm.errors import LLMUnavailable
from npc_brain.llm.server_errors import map_openai_error

__all__ = ["LLAMA_CPP", "OPENAI_URL", "ServerInfo", "read_server_info"]

OPENAI_URL = "https://api.openai.com/v1"
ServerKind = Literal["llama.cpp", "openai-compatible"]
LLAMA_CPP: ServerKind = "llama.cpp"
OPENAI_COMPATIBLE: ServerKind = "openai-compatible"
_PROPS_TIMEOUT_S = 5.0


@dataclass(frozen=True, slots=True)
class ServerInfo:
    """`kind`: "llama.cpp" or "openai-compatible"; `model`: the first model id it lists (None when
    it lists none or could not be asked); `slots`: requests it decodes at once, when it says."""

    kind: ServerKind = OPENAI_COMPATIBLE
    model: str | None = None
    slots: int | None = None

    @property
    def is_llama_cpp(self) -> bool:
        """True for llama.cpp's server (its request fields beyond the OpenAI API are taken)."""
        return self.kind == LLAMA_CPP

    def describe(self) -> str:
        """One phrase for reports: "llama.cpp, 4 slots"."""
        return self.kind + (f", {self.slots} slots" if self.slots else "")


def read_server_info(client: Any, base_url: str, *, timeout_s: float) -> ServerInfo:
    """Ask the server at `base_url` (an `openai.OpenAI` client on it) what it is.

    api.openai.com is not asked. Raises the mapped `LLMError` when the model list cannot be
    had, `LLMUnavailable` when it is empty; a llama.cpp server that will not tell its slots has
    `slots=None`.
    """
    if base_url.rstrip("/") == OPENAI_URL:
        return ServerInfo()
    first = first_model(client, base_url, timeout_s=timeout_s)
    model = str(first.id) if getattr(first, "id", None) else None
    if str(getattr(first, "owned_by", "") or "").lower() != "llamacpp":
        return ServerInfo(OPENAI_COMPATIBLE, model)
    return ServerInfo(LLAMA_CPP, model, _slots(client, base_url))


def first_model(client: Any, base_url: str, *, timeout_s: float) -> Any:
    """The first model the server lists; the mapped `LLMError` when the list cannot be had,
    `LLMUnavailable` when it is empty."""
    try:
        models = list(client.models.list())
    except Exception as exc:  # noqa: BLE001 - every client failure becomes a typed LLMError
        raise map_openai_error(exc, base_url, timeout_s=timeout_s) from None
    if not models:
        raise LLMUnavailable(
            f"The server at {base_url} lists no models; set NPC_BRAIN_CHAT_MODEL to the model name."
        )
    return models[0]


def _slots(client: Any, base_url: str) -> int | None:
    """llama.cpp's `total_slots` from `GET /props` at the server's root (None if it will not say)."""
    root = base_url.rstrip("/").removesuffix("/v1")
    try:
        props = client.with_options(timeout=_PROPS_TIMEOUT_S, max_retries=0).get(
            f"{root}/props", cast_to=object)
    except Exception:  # noqa: BLE001 - an optional endpoint: no answer, no number
        return None
    slots = props.get("total_slots") if isinstance(props, dict) else None
    return slots if isinstance(slots, int) and not isinstance(slots, bool) and slots > 0 else None
