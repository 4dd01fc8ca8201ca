"""How an OpenAI-compatible server's failures become the LLM layer's typed errors.

Each `openai` client exception maps to one error that says what happened and what to do, naming
the URL that was tried: a timeout (`LLMTimeout`), a server that is not there (`LLMUnreachable`:
refused, reset, a gateway's 502/503/504), one too busy to take the call (`LLMBusy`: 429, with
the wait it asked for), a request it refused (`LLMRequestError`: 400/413/422; a hint when the
schema or the prompt's length was the reason), anything else `LLMUnavailable`.
"""
from __future__ import annotations

import re
from typing import Any

from npc_brain.llm.errors import LLMBusy, LLMError, LLMRequestError, LLMTimeout, LLMUnavailable, LLMUnreachable

__all__ = ["GATEWAY_DOWN", "map_openai_error", "rejects_schema", "retry_after", "status_detail"]

GATEWAY_DOWN = (502, 503, 504)  # a proxy in front of a server that is not there (yet)
_SCHEMA_WORDS = re.compile(r"response_format|json_schema|schema", re.IGNORECASE)
_CONTEXT_WORDS = re.compile(r"context|too long|maximum.*length", re.IGNORECASE)
CONTEXT_HINT = ("The prompt does not fit the context one request gets there: on llama.cpp's server "
                "--ctx-size is shared by its --parallel slots (give each 2048 tokens or more).")


def map_openai_error(exc: Exception, url: str, *, timeout_s: float, hint: str = "") -> LLMError:
    """Translate an `openai` client exception into the layer's typed errors."""
    import openai

    if isinstance(exc, openai.APITimeoutError):
        return LLMTimeout(
            f"Timed out after {timeout_s:g} s waiting for the OpenAI-compatible server at {url}."
        )
    if isinstance(exc, openai.APIConnectionError):
        cause = exc.__cause__ or exc.__context__
        why = f" ({type(cause).__name__}: {cause})" if cause else ""
        return LLMUnreachable(f"Could not reach the OpenAI-compatible server at {url}{why}.")
    if isinstance(exc, openai.APIStatusError):
        code = exc.status_code
        detail = status_detail(exc)
        if code in GATEWAY_DOWN:
            return LLMUnreachable(f"The server at {url} answered HTTP {code}: {detail}.")
        if code == 429:
            return LLMBusy(f"The server at {url} is busy (HTTP 429): {detail}.",
                           retry_after=retry_after(exc))
        # The hint is for a server that refused the schema, never for one that is down (502,
        # refused): there it would send the user after the wrong setting.
        extra = f" {hint}" if hint and rejects_schema(code, detail) else ""
        if code in (400, 413, 422):
            if not extra and _CONTEXT_WORDS.search(detail):
                extra = f" {CONTEXT_HINT}"
            return LLMRequestError(
                f"The server at {url} rejected the request (HTTP {code}): {detail}.{extra}"
            )
        return LLMUnavailable(f"The server at {url} answered HTTP {code}: {detail}.{extra}")
    return LLMUnavailable(
        f"Bad reply from the OpenAI-compatible server at {url}: {type(exc).__name__}: {exc}"
    )


def rejects_schema(code: int, detail: str) -> bool:
    """True when an HTTP error says the server refused the structured-output request.

    400/422 is how llama.cpp, vLLM and OpenAI refuse a schema; llama-cpp-python answers 500.
    """
    return code in (400, 422, 500) and bool(_SCHEMA_WORDS.search(detail))


def status_detail(exc: Any) -> str:
    """The server's own error message in an HTTP error (≤ 300 characters)."""
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        err = body.get("error", body)
        if isinstance(err, dict) and err.get("message"):
            return str(err["message"])[:300]
    return str(getattr(exc, "message", exc))[:300]


def retry_after(exc: Any) -> float | None:
    """The wait an HTTP error asked for (`retry-after-ms`, else `retry-after` in seconds), if any."""
    headers = getattr(getattr(exc, "response", None), "headers", None)
    if headers is None:
        return None
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        raw = headers.get(name)
        try:
            value = float(raw) * scale if raw is not None else None
        except (TypeError, ValueError):  # an HTTP date: not worth parsing for a game's call
            value = None
        if value is not None and 0 <= value < 3600:
            return value
    return None
