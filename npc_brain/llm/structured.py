"""Structured output shared by every backend: schema → request, reply → validated object.

The flow of `parse_with_repair`: turn the pydantic schema into a JSON schema the server's
grammar converter accepts (local `$ref`s inlined), send it in the form the server supports
(`json_schema` response format, `json_object` plus the schema in the prompt, or the prompt
alone), pull the JSON value out of the reply (code fences, chatter around it), validate it,
and on failure send ONE repair request that shows the model its own reply and the error.
A second failure raises `LLMOutputError` carrying the raw text — never a made-up default.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from npc_brain.llm.calls import ChatRequest, Completion, Parsed, Usage
from npc_brain.llm.errors import LLMOutputError, LLMRequestError
from npc_brain.llm.protocols import Message
from npc_brain.llm.settings import StructuredMode

T = TypeVar("T", bound=BaseModel)

Send = Callable[[ChatRequest], Completion]

_FENCE = re.compile(r"```(?:json|JSON)?\s*\n?(.*?)```", re.DOTALL)
_NAME_OK = re.compile(r"[^a-zA-Z0-9_-]")
# How much of a bad reply the repair prompt quotes back; small models have small contexts.
_QUOTE_LIMIT = 1200
# How many `{`/`[` positions extract_json tries before giving up on a long chatty reply.
_MAX_STARTS = 64


class ReplyInvalid(ValueError):
    """A reply could not be turned into the schema; the message is written for the model."""


# ---------------------------------------------------------------------------------------------
# Schema → request


def inline_refs(schema: Mapping[str, Any]) -> dict[str, Any]:
    """Return a copy of a JSON schema with local `#/$defs/...` references replaced inline.

    Some servers' grammar converters (older llama.cpp, llama-cpp-python) do not follow
    `$ref`. Recursive schemas cannot be inlined; they keep their `$defs` and refs.
    """
    root = copy.deepcopy(dict(schema))
    defs: dict[str, Any] = root.pop("$defs", {}) or {}

    def resolve(node: Any, seen: tuple[str, ...]) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                name = ref.removeprefix("#/$defs/")
                if name in seen or name not in defs:
                    raise _Recursive(name)
                target = resolve(defs[name], (*seen, name))
                extra = {k: resolve(v, seen) for k, v in node.items() if k != "$ref"}
                return {**target, **extra}
            return {k: resolve(v, seen) for k, v in node.items()}
        if isinstance(node, list):
            return [resolve(v, seen) for v in node]
        return node

    try:
        inlined: dict[str, Any] = resolve(root, ())
    except _Recursive:
        return copy.deepcopy(dict(schema))
    return inlined


class _Recursive(Exception):
    pass


def _strip_titles(node: Any) -> Any:
    """Drop pydantic's auto-generated "title" keys (prompt tokens, no information).

    A *field* named "title" survives: under "properties" its value is a schema dict.
    """
    if isinstance(node, dict):
        return {
            k: _strip_titles(v)
            for k, v in node.items()
            if not (k == "title" and isinstance(v, str))
        }
    if isinstance(node, list):
        return [_strip_titles(v) for v in node]
    return node


@dataclass(frozen=True, slots=True)
class StructuredSpec:
    """How one schema is requested in one structured mode."""

    name: str
    json_schema: Mapping[str, Any]
    response_format: Mapping[str, Any] | None
    instruction: str | None

    def prepare(self, messages: Sequence[Message]) -> tuple[Message, ...]:
        """The messages to send: the caller's, plus the schema instruction when the mode needs
        it (appended to the last user message, since some chat templates reject a system
        message anywhere but first)."""
        msgs = [Message(role=m["role"], content=m["content"]) for m in messages]
        if self.instruction:
            for i in range(len(msgs) - 1, -1, -1):
                if msgs[i]["role"] == "user":
                    msgs[i] = Message(
                        role="user", content=f"{msgs[i]['content']}\n\n{self.instruction}"
                    )
                    break
            else:
                msgs.append(Message(role="user", content=self.instruction))
        return tuple(msgs)


def json_schema_of(schema: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema sent for `schema`: pydantic's, with local refs inlined."""
    return inline_refs(schema.model_json_schema())


# A pure memo (same schema class + mode → same spec); schema generation costs ~1 ms a call.
@lru_cache(maxsize=512)
def spec_for(schema: type[BaseModel], mode: StructuredMode) -> StructuredSpec:
    """Build the request parts for `schema` in `mode` (cached per schema class)."""
    name = _NAME_OK.sub("_", schema.__name__)[:64] or "Answer"
    js = json_schema_of(schema)
    compact = json.dumps(_strip_titles(js), separators=(",", ":"), ensure_ascii=False)
    instruction = (
        "Reply with only a JSON object, no other text and no code fences, "
        f"matching this JSON schema: {compact}"
    )
    if mode == "json_schema":
        fmt = {"type": "json_schema", "json_schema": {"name": name, "schema": js, "strict": False}}
        return StructuredSpec(name, js, fmt, None)
    if mode == "json_object":
        return StructuredSpec(name, js, {"type": "json_object"}, instruction)
    if mode == "prompt":
        return StructuredSpec(name, js, None, instruction)
    raise LLMRequestError(f"Unknown structured mode {mode!r}.")


# ---------------------------------------------------------------------------------------------
# Reply → object


def extract_json(text: str) -> Any:
    """The JSON value in a model reply: bare, inside a code fence, or after/before chatter.

    Raises `ReplyInvalid` for an empty reply or one with no decodable JSON value.
    """
    s = text.strip()
    if not s:
        raise ReplyInvalid("the reply was empty")
    # RecursionError too: `[[[[…` nested a thousand deep is a reply, not a bug in the caller.
    try:
        return json.loads(s)
    except (ValueError, RecursionError):
        pass
    for m in _FENCE.finditer(s):
        try:
            return json.loads(m.group(1).strip())
        except (ValueError, RecursionError):
            continue
    decoder = json.JSONDecoder()
    tried = 0
    for i, ch in enumerate(s):
        if ch in "{[":
            try:
                value, _ = decoder.raw_decode(s, i)
                return value
            except (ValueError, RecursionError):
                tried += 1
                if tried >= _MAX_STARTS:
                    break
    raise ReplyInvalid("the reply was not valid JSON (no complete JSON object found)")


def describe_validation_error(err: ValidationError, limit: int = 5) -> str:
    """A short, model-readable account of what failed validation."""
    parts = []
    for e in err.errors()[:limit]:
        loc = ".".join(str(x) for x in e["loc"]) or "(the object)"
        try:
            got = json.dumps(e.get("input"), ensure_ascii=False, default=str)
        except (ValueError, RecursionError):  # NaN is fine; a 900-deep list is not
            got = repr(e.get("input"))[:60]
        if len(got) > 60:
            got = got[:57] + "..."
        parts.append(f"{loc}: {e['msg']} (got {got})")
    more = err.error_count() - limit
    if more > 0:
        parts.append(f"and {more} more")
    return "; ".join(parts)


def validate_reply(text: str, schema: type[T]) -> T:
    """Extract and validate a reply into `schema`, or raise `ReplyInvalid`.

    Two forgiving shapes are accepted because small models produce them and they carry the
    answer unambiguously: a bare value for a one-field schema (`7` for `{rating}`), and the
    object wrapped under one unknown key (`{"Rating": {...}}`).
    """
    value = extract_json(text)
    fields = schema.model_fields
    if not isinstance(value, dict) and len(fields) == 1:
        value = {next(iter(fields)): value}
    try:
        return schema.model_validate(value)
    except ValidationError as err:
        if isinstance(value, dict) and len(value) == 1:
            ((key, inner),) = value.items()
            if key not in fields and isinstance(inner, dict):
                try:
                    return schema.model_validate(inner)
                except ValidationError:
                    pass
        raise ReplyInvalid(describe_validation_error(err)) from None


def repair_messages(sent: Sequence[Message], raw: str, problem: str) -> tuple[Message, ...]:
    """The conversation for the repair retry: what was asked, the bad reply, the error."""
    quoted = raw if len(raw) <= _QUOTE_LIMIT else raw[:_QUOTE_LIMIT] + " ..."
    return (
        *sent,
        Message(role="assistant", content=quoted),
        Message(
            role="user",
            content=(
                f"That reply is invalid: {problem}. Answer again with only the corrected "
                "JSON object, no other text."
            ),
        ),
    )


def parse_with_repair(
    send: Send,
    messages: Sequence[Message],
    schema: type[T],
    *,
    mode: StructuredMode,
    max_tokens: int,
    temperature: float,
    purpose: str,
    agent: str | None,
) -> Parsed[T]:
    """Ask for `schema`, validate, repair once, else raise `LLMOutputError` (with raw text).

    `send` performs one round-trip and raises `LLMUnavailable`/`LLMRequestError` itself.
    """
    spec = spec_for(schema, mode)
    sent = spec.prepare(messages)
    usage = Usage()
    request = ChatRequest(
        sent, max_tokens, temperature, spec.response_format, purpose, agent, spec.name, 0, schema
    )
    first = send(request)
    usage += first.usage
    try:
        return Parsed(validate_reply(first.text, schema), usage, 0, first.text)
    except ReplyInvalid as err:
        problem = str(err)
    retry = ChatRequest(
        repair_messages(sent, first.text, problem),
        max_tokens,
        temperature,
        spec.response_format,
        purpose,
        agent,
        spec.name,
        1,
        schema,
    )
    second = send(retry)
    usage += second.usage
    try:
        return Parsed(validate_reply(second.text, schema), usage, 1, second.text)
    except ReplyInvalid as err:
        raise LLMOutputError(
            f"{spec.name}: the model's reply did not fit the schema even after one repair "
            f"retry ({err}; first try: {problem})",
            raw=second.text,
            schema=spec.name,
            usage=usage,
        ) from None
