"""Contracts for language models and embedders; backends and fakes need not inherit."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar, runtime_checkable

import numpy as np
from pydantic import BaseModel

from npc_brain.llm.calls import Choice, Completion, Message, Parsed, Role

__all__ = ["ChatModel", "ChoiceModel", "Embedder", "Message", "Role", "UsageReportingModel"]

T = TypeVar("T", bound=BaseModel)


@runtime_checkable
class ChatModel(Protocol):
    """A chat model. `purpose` and `agent` only label the call for accounting."""

    name: str

    def complete(self, messages: Sequence[Message], *, max_tokens: int = 256, temperature: float = 0.7,
                 purpose: str = "other", agent: str | None = None) -> str:
        """Plain text completion. Raises `LLMUnavailable` when the backend fails."""
        ...

    def parse(self, messages: Sequence[Message], schema: type[T], *, max_tokens: int = 256,
              temperature: float = 0.2, purpose: str = "other", agent: str | None = None) -> T:
        """Structured completion validated into `schema` (a frozen pydantic model).

        One repair retry shows the model its validation error; after that
        `LLMOutputError` is raised. Never returns a made-up default.
        """
        ...


@runtime_checkable
class UsageReportingModel(ChatModel, Protocol):
    """A `ChatModel` that also returns what each call cost (every backend and wrapper here).

    `AccountingModel` uses these to count real tokens per call; the plain `complete`/`parse`
    are the same calls with the usage dropped.
    """

    def complete_with_usage(self, messages: Sequence[Message], *, max_tokens: int = 256,
                            temperature: float = 0.7, purpose: str = "other", agent: str | None = None) -> Completion:
        """Like `complete`, returning text plus `Usage`."""
        ...

    def parse_with_usage(self, messages: Sequence[Message], schema: type[T], *, max_tokens: int = 256,
                         temperature: float = 0.2, purpose: str = "other", agent: str | None = None) -> Parsed[T]:
        """Like `parse`, returning the value plus `Usage` and the repair count."""
        ...


@runtime_checkable
class ChoiceModel(ChatModel, Protocol):
    """A `ChatModel` that can also pick one token among options and say how likely each was.

    Every backend and wrapper here implements it. The probabilities come from the server's
    log-probabilities of the first token; a server that sends none gets all the probability
    on the option it wrote. Raises `LLMOutputError` when the reply is none of the options.
    """

    def choose(self, messages: Sequence[Message], options: Sequence[str], *, purpose: str = "other",
               agent: str | None = None) -> Choice:
        """The probability of each option (single tokens such as "1".."9") as the next reply."""
        ...


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into unit-length float32 row vectors of a fixed width."""

    name: str

    @property
    def dim(self) -> int:
        """The width of every vector (an attribute or a read-only property)."""
        ...

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Return an array of shape (len(texts), dim), rows L2-normalised (zero rows allowed)."""
        ...
