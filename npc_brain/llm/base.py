"""`ChatBackend`: the one `ChatModel` implementation every backend shares.

A backend only says how to perform one round-trip (`_send`); plain completion, structured
parsing with its repair retry, and usage reporting are written once here, so the embedded
engine, an OpenAI-compatible server and the scripted test fake behave identically.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar

from pydantic import BaseModel

from npc_brain.llm.calls import (
    ChatRequest,
    Choice,
    Completion,
    Parsed,
    UsageDelegation,
    choice_of,
)
from npc_brain.llm.errors import LLMOutputError
from npc_brain.llm.markers import neutralise_messages
from npc_brain.llm.protocols import Message
from npc_brain.llm.settings import StructuredMode
from npc_brain.llm.structured import parse_with_repair

T = TypeVar("T", bound=BaseModel)


class ChatBackend(UsageDelegation, ABC):
    """Base of the concrete chat models; implements `UsageReportingModel` on top of `_send`."""

    name: str = "chat-backend"
    structured_mode: StructuredMode = "json_schema"

    @abstractmethod
    def _send(self, request: ChatRequest) -> Completion:
        """Perform one round-trip. Raise `LLMUnavailable` / `LLMRequestError` on failure."""

    def _send_data(self, request: ChatRequest) -> Completion:
        """`_send` with chat-template markers broken in every message: the prompt builders
        clean untrusted text already, this is the last line of defence for any caller."""
        return self._send(replace(request, messages=tuple(neutralise_messages(request.messages))))

    def complete_with_usage(
        self,
        messages: Sequence[Message],
        *,
        max_tokens: int = 256,
        temperature: float = 0.7,
        purpose: str = "other",
        agent: str | None = None,
    ) -> Completion:
        """Plain text completion with its usage. An empty reply raises `LLMOutputError`."""
        request = ChatRequest(
            tuple(messages), max_tokens, temperature, None, purpose, agent, None, 0
        )
        done = self._send_data(request)
        if not done.text.strip():
            raise LLMOutputError(
                f"{self.name} returned an empty reply ({purpose})", raw=done.text, usage=done.usage
            )
        return done

    def parse_with_usage(
        self,
        messages: Sequence[Message],
        schema: type[T],
        *,
        max_tokens: int = 256,
        temperature: float = 0.2,
        purpose: str = "other",
        agent: str | None = None,
    ) -> Parsed[T]:
        """Structured completion with usage and repair count (see `ChatModel.parse`)."""
        return parse_with_repair(
            self._send_data,
            messages,
            schema,
            mode=self.structured_mode,
            max_tokens=max_tokens,
            temperature=temperature,
            purpose=purpose,
            agent=agent,
        )

    def choose(
        self,
        messages: Sequence[Message],
        options: Sequence[str],
        *,
        purpose: str = "other",
        agent: str | None = None,
    ) -> Choice:
        """One greedy token among `options` with their probabilities (see `ChoiceModel`)."""
        opts = tuple(options)
        if not opts or any(not o or o != o.strip() for o in opts):
            raise ValueError(f"choose needs non-empty options without spaces, got {opts!r}")
        # Two tokens of room: an OpenAI-style server without a grammar may lead with a space.
        request = ChatRequest(
            tuple(messages), 2, 0.0, None, purpose, agent, None, 0, None, opts
        )
        return choice_of(opts, self._send(request))
