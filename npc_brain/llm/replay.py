"""Record every model call to a JSONL file, and replay a recording with no model at all.

A recorded simulated day replays deterministically in tests: each request is keyed by a
stable hash of what determines the answer (kind, messages, schema name and JSON schema,
max_tokens, temperature) — not by arrival order, so calls may come from several worker
threads in any order. The same request made several times gets its answers back in the
order they were recorded. Failures are recorded too and raised again on replay, so a run
that hit a parse failure replays the same failure path.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Self, TypeVar

from pydantic import BaseModel

from npc_brain.llm.calls import Choice, Completion, Parsed, Usage, UsageDelegation, choose_of
from npc_brain.llm.errors import (
    LLMConfigError,
    LLMError,
    LLMOutputError,
    LLMRequestError,
    LLMUnavailable,
    ModelNotFound,
)
from npc_brain.llm.protocols import ChatModel, Message
from npc_brain.llm.structured import spec_for

T = TypeVar("T", bound=BaseModel)

_ERRORS: dict[str, type[LLMError]] = {
    cls.__name__: cls
    for cls in (
        LLMError,
        LLMUnavailable,
        LLMOutputError,
        LLMRequestError,
        LLMConfigError,
        ModelNotFound,
    )
}


class ReplayMiss(LookupError):
    """A replayed run asked for something the recording does not hold.

    Deliberately not an `LLMError`: code that tolerates model failures must not swallow a
    diverged replay; the test should fail loudly.
    """


def request_key(
    kind: str,
    messages: Sequence[Message],
    schema: type[BaseModel] | None,
    max_tokens: int,
    temperature: float,
    options: Sequence[str] = (),
) -> str:
    """Stable hash of everything that determines a model's answer (not purpose/agent labels)."""
    canonical: dict[str, Any] = {
        "kind": kind,
        "messages": [[m["role"], m["content"]] for m in messages],
        "schema": schema.__name__ if schema is not None else None,
        "json_schema": spec_for(schema, "json_schema").json_schema if schema is not None else None,
        "max_tokens": int(max_tokens),
        "temperature": round(float(temperature), 6),
    }
    if options:  # only `choose` calls have options: older recordings keep their keys
        canonical["options"] = list(options)
    blob = json.dumps(canonical, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def _head(messages: Sequence[Message], n: int = 160) -> str:
    """The start of the last user message, for error messages."""
    for m in reversed(messages):
        if m["role"] == "user":
            text = " ".join(m["content"].split())
            return text if len(text) <= n else text[: n - 3] + "..."
    return "(no user message)"


class RecordingModel(UsageDelegation):
    """A `ChatModel` wrapper that appends each request and its outcome to a JSONL file."""

    def __init__(self, inner: ChatModel, path: str | Path) -> None:
        self.inner = inner
        self.name = inner.name
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._fh = self.path.open("a", encoding="utf-8")

    def _write(self, record: dict[str, Any]) -> None:
        line = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        with self._lock:
            self._fh.write(line + "\n")
            self._fh.flush()  # a crashed run keeps everything it recorded

    def _base(
        self,
        kind: str,
        messages: Sequence[Message],
        schema: type[BaseModel] | None,
        max_tokens: int,
        temperature: float,
        purpose: str,
        agent: str | None,
        options: Sequence[str] = (),
    ) -> dict[str, Any]:
        return {
            "key": request_key(kind, messages, schema, max_tokens, temperature, options),
            "kind": kind,
            "purpose": purpose,
            "agent": agent,
            "schema": schema.__name__ if schema is not None else None,
            "max_tokens": max_tokens,
            "temperature": temperature,
            "messages": [dict(m) for m in messages],
        }

    @staticmethod
    def _error(exc: LLMError) -> dict[str, Any]:
        usage = getattr(exc, "usage", None)
        return {
            "type": type(exc).__name__,
            "message": str(exc),
            "raw": getattr(exc, "raw", ""),
            "usage": usage.to_dict() if isinstance(usage, Usage) else None,
        }

    def complete_with_usage(
        self,
        messages: Sequence[Message],
        *,
        max_tokens: int = 256,
        temperature: float = 0.7,
        purpose: str = "other",
        agent: str | None = None,
    ) -> Completion:
        """Call the inner model and record the outcome."""
        rec = self._base("complete", messages, None, max_tokens, temperature, purpose, agent)
        kw: dict[str, Any] = {
            "max_tokens": max_tokens,
            "temperature": temperature,
            "purpose": purpose,
            "agent": agent,
        }
        try:
            done: Completion
            if hasattr(self.inner, "complete_with_usage"):
                done = self.inner.complete_with_usage(messages, **kw)
            else:
                done = Completion(self.inner.complete(messages, **kw), Usage(requests=1))
        except LLMError as exc:
            self._write({**rec, "error": self._error(exc)})
            raise
        self._write(
            {
                **rec,
                "text": done.text,
                "usage": done.usage.to_dict(),
                "finish_reason": done.finish_reason,
                "model": done.model,
            }
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
        """Call the inner model and record the validated value (or the failure)."""
        rec = self._base("parse", messages, schema, max_tokens, temperature, purpose, agent)
        kw: dict[str, Any] = {
            "max_tokens": max_tokens,
            "temperature": temperature,
            "purpose": purpose,
            "agent": agent,
        }
        try:
            done: Parsed[T]
            if hasattr(self.inner, "parse_with_usage"):
                done = self.inner.parse_with_usage(messages, schema, **kw)
            else:
                done = Parsed(self.inner.parse(messages, schema, **kw), Usage(requests=1))
        except LLMError as exc:
            self._write({**rec, "error": self._error(exc)})
            raise
        self._write(
            {
                **rec,
                "value": done.value.model_dump(mode="json"),
                "raw": done.raw,
                "repairs": done.repairs,
                "usage": done.usage.to_dict(),
            }
        )
        return done

    def choose(
        self,
        messages: Sequence[Message],
        options: Sequence[str],
        *,
        purpose: str = "other",
        agent: str | None = None,
    ) -> Choice:
        """Call the inner model's `choose` and record the probabilities (or the failure)."""
        rec = self._base("choose", messages, None, 2, 0.0, purpose, agent, options)
        rec["options"] = list(options)
        try:
            done = choose_of(self.inner, messages, options, purpose=purpose, agent=agent)
        except LLMError as exc:
            self._write({**rec, "error": self._error(exc)})
            raise
        self._write(
            {
                **rec,
                "probs": list(done.probs),
                "text": done.text,
                "from_logprobs": done.from_logprobs,
                "usage": done.usage.to_dict(),
            }
        )
        return done

    def close(self) -> None:
        """Close the file (and the inner model if it can be closed)."""
        with self._lock:
            self._fh.close()
        close = getattr(self.inner, "close", None)
        if callable(close):
            close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class ReplayModel(UsageDelegation):
    """A `ChatModel` that answers from a `RecordingModel` file; thread-safe; no model needed.

    A request not in the recording (or asked more often than recorded) raises `ReplayMiss`
    naming the purpose, agent and prompt head.
    """

    def __init__(self, path: str | Path, *, name: str | None = None) -> None:
        self.path = Path(path)
        self.name = name or f"replay:{self.path.name}"
        self._lock = threading.Lock()
        self._queues: dict[str, deque[dict[str, Any]]] = {}
        self._used: dict[str, int] = {}
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise ReplayMiss(
                f"Cannot read the recording {self.path}: {exc.strerror or exc}"
            ) from None
        for n, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
                key = rec["key"]
            except (ValueError, KeyError, TypeError):
                raise ReplayMiss(f"{self.path}:{n} is not a recording line") from None
            self._queues.setdefault(key, deque()).append(rec)

    def remaining(self) -> int:
        """How many recorded answers have not been served yet."""
        with self._lock:
            return sum(len(q) for q in self._queues.values())

    def _take(
        self,
        kind: str,
        messages: Sequence[Message],
        schema: type[BaseModel] | None,
        max_tokens: int,
        temperature: float,
        purpose: str,
        agent: str | None,
        options: Sequence[str] = (),
    ) -> dict[str, Any]:
        key = request_key(kind, messages, schema, max_tokens, temperature, options)
        with self._lock:
            queue = self._queues.get(key)
            if queue:
                self._used[key] = self._used.get(key, 0) + 1
                return queue.popleft()
            used = self._used.get(key, 0)
        what = f"{kind} {schema.__name__}" if schema is not None else kind
        why = (
            f"it was recorded {used} time(s) and is now asked once more"
            if used
            else "no such request was recorded"
        )
        raise ReplayMiss(
            f"Replay miss in {self.path.name}: {what} for purpose={purpose!r} agent={agent!r} "
            f"(max_tokens={max_tokens}, temperature={temperature}): {why}. "
            f"Prompt starts: {_head(messages)!r}"
        )

    @staticmethod
    def _raise(rec: dict[str, Any]) -> None:
        err = rec.get("error")
        if err is None:
            return
        cls = _ERRORS.get(err.get("type", ""), LLMError)
        if cls is LLMOutputError:
            usage = err.get("usage")
            raise LLMOutputError(
                err.get("message", ""),
                raw=err.get("raw", ""),
                schema=rec.get("schema") or "",
                usage=Usage.from_dict(usage) if usage else None,
            )
        raise cls(err.get("message", ""))

    def complete_with_usage(
        self,
        messages: Sequence[Message],
        *,
        max_tokens: int = 256,
        temperature: float = 0.7,
        purpose: str = "other",
        agent: str | None = None,
    ) -> Completion:
        """The recorded completion for this request."""
        rec = self._take("complete", messages, None, max_tokens, temperature, purpose, agent)
        self._raise(rec)
        return Completion(
            rec["text"],
            Usage.from_dict(rec.get("usage")),
            rec.get("finish_reason"),
            rec.get("model", ""),
        )

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
        """The recorded value for this request, validated into `schema` again."""
        rec = self._take("parse", messages, schema, max_tokens, temperature, purpose, agent)
        self._raise(rec)
        return Parsed(
            schema.model_validate(rec["value"]),
            Usage.from_dict(rec.get("usage")),
            int(rec.get("repairs", 0)),
            rec.get("raw", ""),
        )

    def choose(
        self,
        messages: Sequence[Message],
        options: Sequence[str],
        *,
        purpose: str = "other",
        agent: str | None = None,
    ) -> Choice:
        """The recorded probabilities for this choice."""
        rec = self._take("choose", messages, None, 2, 0.0, purpose, agent, options)
        self._raise(rec)
        return Choice(
            tuple(options),
            tuple(float(p) for p in rec["probs"]),
            Usage.from_dict(rec.get("usage")),
            rec.get("text", ""),
            bool(rec.get("from_logprobs", True)),
        )
