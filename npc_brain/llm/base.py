"""`ChatBackend`: the one `ChatModel` implementation every backend shares.

A backend only says how to perform one round-trip (`_send`); plain completion, structured
parsing with its repair retry, and usage reporting are written once here, so the embedded
engine, an OpenAI-compatible server and the scripted test fake behave identically.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import replace

from npc_brain.llm.calls import ChatRequest, Completion, choice_of
from npc_brain.llm.errors import LLMOutputError
from npc_brain.llm.markers import neutralise_messages
from npc_brain.llm.request import Answer, ModelRequest, RequestModel
from npc_brain.llm.settings import StructuredMode
from npc_brain.llm.structured import parse_with_repair


class ChatBackend(RequestModel, ABC):
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

    def answer(self, request: ModelRequest) -> Answer:
        """One call: plain text (an empty reply raises `LLMOutputError`), a structured value with
        its repair retry (`parse_with_repair`), or one token among options."""
        if request.kind == "choose":
            opts = request.options
            if not opts or any(not o or o != o.strip() for o in opts):
                raise ValueError(f"choose needs non-empty options without spaces, got {opts!r}")
            # Two tokens of room: an OpenAI-style server without a grammar may lead with a space.
            trip = ChatRequest(request.messages, 2, 0.0, None, request.purpose, request.agent, options=opts)
            return choice_of(opts, self._send(trip))
        if request.kind == "parse":
            if request.schema is None:
                raise ValueError("a parse request needs a schema")
            return parse_with_repair(self._send_data, request.messages, request.schema,
                                     mode=self.structured_mode, **request.labels)
        done = self._send_data(ChatRequest(request.messages, request.max_tokens, request.temperature,
                                           None, request.purpose, request.agent))
        if not done.text.strip():
            raise LLMOutputError(
                f"{self.name} returned an empty reply ({request.purpose})", raw=done.text, usage=done.usage
            )
        return done
