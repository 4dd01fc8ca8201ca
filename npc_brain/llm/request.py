"""`ModelRequest`: one call of the model as a value, and `RequestModel`, the base that turns
the `ChatModel` methods into one.

Every wrapper (accounting, recording, replay, the scheduler's meter) and every backend
implements a single `answer(request)`; the six keywords of the protocol are spelt out once,
here. What rides beside a call rather than in it — the scheduler's priority, a stream's sink,
preemption — travels in context variables (`npc_brain.llm.preemption`, `.streaming`), so a
wrapper passes them on without knowing of them.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, cast

from pydantic import BaseModel

from npc_brain.llm.calls import Choice, Completion, Parsed, Usage, choice_of
from npc_brain.llm.errors import LLMOutputError
from npc_brain.llm.protocols import Message

__all__ = ["Answer", "ModelRequest", "RequestModel", "ask", "choose_of"]

T = TypeVar("T", bound=BaseModel)
Kind = Literal["complete", "parse", "choose"]
Answer = Completion | Parsed[Any] | Choice


@dataclass(frozen=True, slots=True)
class ModelRequest:
    """One call: free text (`complete`), a value of `schema` (`parse`) or one of `options`
    (`choose`, greedy, two tokens of room). `purpose` and `agent` only label it."""

    kind: Kind
    messages: tuple[Message, ...]
    max_tokens: int = 256
    temperature: float = 0.7
    purpose: str = "other"
    agent: str | None = None
    schema: type[BaseModel] | None = None
    options: tuple[str, ...] = ()

    @classmethod
    def choice(cls, messages: Sequence[Message], options: Sequence[str], purpose: str = "other",
               agent: str | None = None) -> ModelRequest:
        """A `choose` request (its size and temperature are fixed)."""
        return cls("choose", tuple(messages), 2, 0.0, purpose, agent, None, tuple(options))

    @property
    def labels(self) -> dict[str, Any]:
        """The keywords a `ChatModel` method takes for this request (messages and schema apart)."""
        return {"max_tokens": self.max_tokens, "temperature": self.temperature,
                "purpose": self.purpose, "agent": self.agent}


def ask(model: object, request: ModelRequest) -> Answer:
    """Send `request` to any `ChatModel`: through its `*_with_usage` method or `choose` when it
    has one, else the plain call, counted as one request with no tokens."""
    if request.kind == "choose":
        return _choose(model, request)
    inner: Any = model
    if request.kind == "parse":
        if request.schema is None:
            raise ValueError("a parse request needs a schema")
        if hasattr(inner, "parse_with_usage"):
            return cast(Parsed[Any], inner.parse_with_usage(request.messages, request.schema, **request.labels))
        return Parsed(inner.parse(request.messages, request.schema, **request.labels), Usage(requests=1))
    if hasattr(inner, "complete_with_usage"):
        return cast(Completion, inner.complete_with_usage(request.messages, **request.labels))
    return Completion(inner.complete(request.messages, **request.labels), Usage(requests=1))


def _choose(model: object, request: ModelRequest) -> Choice:
    choose = getattr(model, "choose", None)
    if callable(choose):
        out = choose(request.messages, request.options, purpose=request.purpose, agent=request.agent)
        if not isinstance(out, Choice):
            raise LLMOutputError(f"choose returned {type(out).__name__}, not a Choice")
        return out
    # A plain ChatModel: a greedy two-token completion read as one option (all probability on it).
    done = ask(model, ModelRequest("complete", request.messages, 2, 0.0, request.purpose, request.agent))
    assert isinstance(done, Completion)
    return choice_of(request.options, Completion(done.text, done.usage))


def choose_of(model: object, messages: Sequence[Message], options: Sequence[str], *,
              purpose: str = "other", agent: str | None = None) -> Choice:
    """`model.choose(...)` for any `ChatModel` (see `ask`). Raises `LLMOutputError` when the
    reply is none of the options."""
    return _choose(model, ModelRequest.choice(messages, options, purpose, agent))


class RequestModel(ABC):
    """A `ChoiceModel` and `UsageReportingModel` whose every method is one `answer(request)`."""

    name: str = "model"

    @abstractmethod
    def answer(self, request: ModelRequest) -> Answer:
        """Answer one request: a `Completion`, a `Parsed` or a `Choice` by its kind."""

    def complete_with_usage(self, messages: Sequence[Message], *, max_tokens: int = 256,
                            temperature: float = 0.7, purpose: str = "other",
                            agent: str | None = None) -> Completion:
        """Plain text completion with its usage (see `ChatModel.complete`)."""
        request = ModelRequest("complete", tuple(messages), max_tokens, temperature, purpose, agent)
        return cast(Completion, self.answer(request))

    def parse_with_usage(self, messages: Sequence[Message], schema: type[T], *, max_tokens: int = 256,
                         temperature: float = 0.2, purpose: str = "other",
                         agent: str | None = None) -> Parsed[T]:
        """Structured completion with usage and repair count (see `ChatModel.parse`)."""
        request = ModelRequest("parse", tuple(messages), max_tokens, temperature, purpose, agent, schema)
        return cast(Parsed[T], self.answer(request))

    def choose(self, messages: Sequence[Message], options: Sequence[str], *, purpose: str = "other",
               agent: str | None = None) -> Choice:
        """One greedy token among `options` with their probabilities (see `ChoiceModel`)."""
        return cast(Choice, self.answer(ModelRequest.choice(messages, options, purpose, agent)))

    def complete(self, messages: Sequence[Message], *, max_tokens: int = 256, temperature: float = 0.7,
                 purpose: str = "other", agent: str | None = None) -> str:
        """Plain text completion (see `ChatModel.complete`)."""
        return self.complete_with_usage(messages, max_tokens=max_tokens, temperature=temperature,
                                        purpose=purpose, agent=agent).text

    def parse(self, messages: Sequence[Message], schema: type[T], *, max_tokens: int = 256,
              temperature: float = 0.2, purpose: str = "other", agent: str | None = None) -> T:
        """Structured completion validated into `schema` (see `ChatModel.parse`)."""
        return self.parse_with_usage(messages, schema, max_tokens=max_tokens, temperature=temperature,
                                     purpose=purpose, agent=agent).value
