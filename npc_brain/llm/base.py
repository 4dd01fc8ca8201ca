"""`ChatBackend`: the one `ChatModel` implementation every backend shares.

A backend only says how to perform one round-trip (`_send`); plain completion, structured
parsing with its repair retry, and usage reporting are written once here, so the embedded
engine, an OpenAI-compatible server and the scripted test fake behave identically.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel

from npc_brain.llm.calls import ChatRequest, Completion, Parsed, UsageDelegation
from npc_brain.llm.errors import LLMOutputError
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
        done = self._send(request)
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
            self._send,
            messages,
            schema,
            mode=self.structured_mode,
            max_tokens=max_tokens,
            temperature=temperature,
            purpose=purpose,
            agent=agent,
        )
