"""Value types of one model call: the request sent, the completion received, its token usage.

Backends return these from `complete_with_usage` / `parse_with_usage` so that each caller gets
the token counts of *its own* call (no shared "last usage" attribute that concurrent calls from
the scheduler's threads would race on).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypedDict, TypeVar

from pydantic import BaseModel

from npc_brain.llm.errors import LLMOutputError

T = TypeVar("T", bound=BaseModel)
Role = Literal["system", "user", "assistant"]


class Message(TypedDict):
    """One chat message, as every OpenAI-compatible server takes it."""

    role: Role
    content: str


@dataclass(frozen=True, slots=True)
class Usage:
    """What one or more backend round-trips cost.

    `requests` counts round-trips (a parse that needed its repair retry costs 2);
    `latency_s` is the wall time spent waiting on the backend. Token counts are the
    backend's own numbers (0 when a server does not report them); `cached_tokens` are the
    prompt tokens the server reused from its prompt cache instead of evaluating them
    (llama.cpp's `timings.cache_n`, OpenAI's `prompt_tokens_details.cached_tokens`).
    """

    prompt_tokens: int = 0
    completion_tokens: int = 0
    requests: int = 0
    latency_s: float = 0.0
    cached_tokens: int = 0

    @property
    def total_tokens(self) -> int:
        """Prompt plus completion tokens."""
        return self.prompt_tokens + self.completion_tokens

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.prompt_tokens + other.prompt_tokens,
            self.completion_tokens + other.completion_tokens,
            self.requests + other.requests,
            self.latency_s + other.latency_s,
            self.cached_tokens + other.cached_tokens,
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain dict (for JSONL records and benchmark output)."""
        return {
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "requests": self.requests,
            "latency_s": round(self.latency_s, 6),
            "cached_tokens": self.cached_tokens,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Usage:
        """Inverse of `to_dict`; missing keys count as zero."""
        data = data or {}
        return cls(
            int(data.get("prompt_tokens", 0)),
            int(data.get("completion_tokens", 0)),
            int(data.get("requests", 0)),
            float(data.get("latency_s", 0.0)),
            int(data.get("cached_tokens", 0)),
        )


@dataclass(frozen=True, slots=True)
class ChatRequest:
    """One round-trip as a backend sees it (after structured-output preparation).

    `response_format` is the OpenAI-style dict (`{"type": "json_schema", ...}`) or None for
    free text. `attempt` is 0 for the first try and 1 for the repair retry; `schema` is the
    pydantic class being parsed into (None for plain completions). `options` (a `choose`
    call) asks for one token among them and the first token's log-probabilities.
    """

    messages: tuple[Message, ...]
    max_tokens: int
    temperature: float
    response_format: Mapping[str, Any] | None = None
    purpose: str = "other"
    agent: str | None = None
    schema_name: str | None = None
    attempt: int = 0
    schema: type[BaseModel] | None = None
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Completion:
    """The text a backend produced for one `ChatRequest`, with what it cost.

    `top_logprobs`: the first generated token's most likely alternatives (token → natural log
    probability), when the request had `options` and the server returned them; else None.
    """

    text: str
    usage: Usage
    finish_reason: str | None = None
    model: str = ""
    top_logprobs: Mapping[str, float] | None = None


@dataclass(frozen=True, slots=True)
class Choice:
    """The answer to a `choose` call: a probability for each option (summing to 1).

    `from_logprobs` is False when the server sent no log-probabilities and the probabilities
    are the one option it wrote (all on it).
    """

    options: tuple[str, ...]
    probs: tuple[float, ...]
    usage: Usage
    text: str = ""
    from_logprobs: bool = True

    def expected(self, values: Sequence[float]) -> float:
        """The expectation of `values` (one per option) under `probs`."""
        return float(sum(p * v for p, v in zip(self.probs, values, strict=True)))

    @property
    def best(self) -> str:
        """The most probable option."""
        return self.options[max(range(len(self.probs)), key=self.probs.__getitem__)]


def choice_of(options: Sequence[str], done: Completion) -> Choice:
    """The distribution over `options` a completion carries.

    From the first token's log-probabilities, renormalised over the options found among
    them (a token's surrounding whitespace ignored); without any, all probability goes to
    the option the reply wrote. Raises `LLMOutputError` when it wrote none of them.
    """
    opts = tuple(options)
    if done.top_logprobs:
        best: dict[str, float] = {}
        for token, lp in done.top_logprobs.items():
            key = token.strip()
            if key in opts and math.isfinite(lp) and lp > best.get(key, -math.inf):
                best[key] = lp
        if best:
            top = max(best.values())
            weights = [math.exp(best[o] - top) if o in best else 0.0 for o in opts]
            total = sum(weights)
            return Choice(opts, tuple(w / total for w in weights), done.usage, done.text)
    said = done.text.strip()
    if said in opts:
        return Choice(opts, tuple(float(o == said) for o in opts), done.usage, done.text, False)
    raise LLMOutputError(
        f"the reply {said[:40]!r} is none of the options {', '.join(opts)[:80]}",
        raw=done.text,
        usage=done.usage,
    )


@dataclass(frozen=True, slots=True)
class Parsed(Generic[T]):
    """A validated structured answer: the value, the raw text it came from, and its cost.

    `repairs` is 1 when the first reply failed validation and the repair retry succeeded.
    """

    value: T
    usage: Usage
    repairs: int = 0
    raw: str = ""
