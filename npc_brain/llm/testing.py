"""Fakes for tests — yours and ours: a scripted `ChatModel` and a deterministic `Embedder`.

`ScriptedModel` runs the real structured-output path (JSON extraction, validation, the one
repair retry, `LLMOutputError`), so a test can script a bad reply and see the repair happen:

    model = ScriptedModel()
    model.enqueue("not json")                 # first try: invalid
    model.enqueue({"rating": 7})              # repair retry: valid
    assert model.parse(msgs, Rating).rating == 7
    assert model.history[1].attempt == 1      # the repair request
"""

from __future__ import annotations

import hashlib
import json
import math
import threading
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from pydantic import BaseModel

from npc_brain.llm.base import ChatBackend
from npc_brain.llm.calls import ChatRequest, Completion, Usage
from npc_brain.llm.embedders import STOP_WORDS, stem
from npc_brain.llm.protocols import Message
from npc_brain.llm.settings import StructuredMode
from npc_brain.llm.streaming import stream_sink

Reply = str | dict[str, Any] | list[Any] | BaseModel | BaseException
"""A scripted reply: raw text, a JSON-able dict/list, a pydantic instance, or an exception
(e.g. `LLMUnavailable("down")`) to raise instead of answering. For a `choose` call, text is
the option written (no log-probabilities) and a dict `{token: logprob}` the first token's
alternatives."""

Responder = Callable[[Sequence[Message], "type[BaseModel] | None"], Reply]
"""A callable reply: gets the messages and the schema class (None for `complete`)."""


class ScriptExhausted(AssertionError):
    """The test asked `ScriptedModel` for more replies than it scripted.

    Not an `LLMError` on purpose: code that tolerates model failures must not hide it.
    """


@dataclass(frozen=True, slots=True)
class ScriptedCall:
    """One request `ScriptedModel` received (repair retries are separate calls)."""

    messages: tuple[Message, ...]
    schema: type[BaseModel] | None
    purpose: str
    agent: str | None
    max_tokens: int
    temperature: float
    attempt: int
    options: tuple[str, ...] = ()  # a `choose` call's options

    @property
    def prompt(self) -> str:
        """The last user message's text."""
        for m in reversed(self.messages):
            if m["role"] == "user":
                return m["content"]
        return ""


def _text_of(reply: Reply) -> str:
    if isinstance(reply, BaseException):
        raise reply
    if isinstance(reply, BaseModel):
        return reply.model_dump_json()
    if isinstance(reply, (dict, list)):
        return json.dumps(reply)
    if isinstance(reply, str):
        return reply
    raise TypeError(f"ScriptedModel cannot reply with {type(reply).__name__}")


def _logprobs_of(reply: object) -> dict[str, float] | None:
    """A `choose` reply scripted as {token: logprob}; anything else is a text reply."""
    if isinstance(reply, dict) and reply and all(
        isinstance(k, str) and isinstance(v, int | float) and not isinstance(v, bool)
        for k, v in reply.items()
    ):
        return {k: float(v) for k, v in reply.items()}
    return None


def _fake_tokens(text: str) -> int:
    """A deterministic stand-in for a tokenizer: words plus punctuation runs."""
    return len(text.split()) + sum(1 for ch in text if ch in '{}[]:,".')


class ScriptedModel(ChatBackend):
    """A `ChatModel` that answers from a queue of scripted replies; thread-safe.

    Replies are consumed in order, one per request (a repair retry consumes its own).
    `respond_with(fn)` sets a default responder used when the queue is empty; with neither,
    a request raises `ScriptExhausted` naming purpose, agent and prompt head. Usage counts are
    fake but deterministic (words and JSON punctuation), so accounting tests see numbers.
    """

    def __init__(
        self,
        replies: Sequence[Reply | Responder] = (),
        *,
        name: str = "scripted",
        structured_mode: StructuredMode = "json_schema",
    ) -> None:
        self.name = name
        self.structured_mode = structured_mode
        self._lock = threading.Lock()
        self._queue: deque[Reply | Responder] = deque(replies)
        self._default: Responder | None = None
        self._history: list[ScriptedCall] = []

    def enqueue(self, *replies: Reply | Responder) -> ScriptedModel:
        """Append replies (returns self, so calls chain)."""
        with self._lock:
            self._queue.extend(replies)
        return self

    def respond_with(self, responder: Responder | None) -> ScriptedModel:
        """Answer with `responder(messages, schema)` whenever the queue is empty."""
        self._default = responder
        return self

    @property
    def history(self) -> list[ScriptedCall]:
        """Every request received so far, in order (a copy)."""
        with self._lock:
            return list(self._history)

    @property
    def pending(self) -> int:
        """Scripted replies not consumed yet."""
        with self._lock:
            return len(self._queue)

    def _send(self, request: ChatRequest) -> Completion:
        schema = request.schema
        call = ScriptedCall(
            request.messages,
            schema,
            request.purpose,
            request.agent,
            request.max_tokens,
            request.temperature,
            request.attempt,
            request.options,
        )
        with self._lock:
            self._history.append(call)
            item = self._queue.popleft() if self._queue else None
        if item is None:
            if self._default is None:
                raise ScriptExhausted(
                    f"ScriptedModel has no reply left for {request.purpose!r} "
                    f"(agent={request.agent!r}, schema={request.schema_name}, "
                    f"attempt={request.attempt}); prompt starts: {call.prompt[:120]!r}"
                )
            item = self._default
        reply = (
            item(request.messages, schema)
            if callable(item) and not isinstance(item, type)
            else item
        )
        logprobs = _logprobs_of(reply) if request.options else None
        if logprobs:
            text = max(logprobs, key=logprobs.__getitem__)
        else:
            text = _text_of(reply)  # type: ignore[arg-type]
        sink = None if request.options else stream_sink()
        if sink is not None:  # stream it like a real backend: a few characters at a time
            for end in range(8, len(text) + 8, 8):
                sink(text[:end])
        prompt = " ".join(m["content"] for m in request.messages)
        return Completion(
            text, Usage(_fake_tokens(prompt), _fake_tokens(text), 1, 0.0), "stop", self.name,
            logprobs,
        )


class HashEmbedder:
    """Deterministic bag-of-words embedder for tests: same text → same vector; texts sharing
    words → high cosine; no shared words → ~0. Not meant for real retrieval quality."""

    def __init__(self, dim: int = 256) -> None:
        self.dim = dim
        self.name = f"hash-{dim}"

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Rows of shape (len(texts), dim), L2-normalised (empty/stop-word-only text → zeros)."""
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            counts: dict[str, int] = {}
            for word in text.lower().replace("'s ", " ").split():
                w = stem(word.strip(".,;:!?\"'()[]"))
                if w and w not in STOP_WORDS:
                    counts[w] = counts.get(w, 0) + 1
            for w, c in counts.items():
                h = int.from_bytes(hashlib.sha256(w.encode()).digest()[:8], "little")
                out[i, h % self.dim] += (1.0 + math.log(c)) * (1.0 if h >> 63 else -1.0)
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        rows: np.ndarray = np.divide(out, norms, out=np.zeros_like(out), where=norms > 0)
        return rows


def fake_reply(schema: type[BaseModel], **values: Any) -> str:
    """JSON text for `schema` built from `values` (validated, so typos fail in the test)."""
    return schema(**values).model_dump_json()
