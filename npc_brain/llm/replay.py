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
from typing import Any, Self

from pydantic import BaseModel

from npc_brain.llm.calls import Choice, Completion, Parsed, Usage
from npc_brain.llm.errors import LLMError, LLMOutputError, error_class
from npc_brain.llm.protocols import ChatModel, Message
from npc_brain.llm.request import Answer, ModelRequest, RequestModel, ask
from npc_brain.llm.structured import spec_for


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


def _key(r: ModelRequest) -> str:
    return request_key(r.kind, r.messages, r.schema, r.max_tokens, r.temperature, r.options)


def _head(messages: Sequence[Message], n: int = 160) -> str:
    """The start of the last user message, for error messages."""
    for m in reversed(messages):
        if m["role"] == "user":
            text = " ".join(m["content"].split())
            return text if len(text) <= n else text[: n - 3] + "..."
    return "(no user message)"


class RecordingModel(RequestModel):
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

    @staticmethod
    def _base(request: ModelRequest) -> dict[str, Any]:
        rec: dict[str, Any] = {
            "key": _key(request),
            "kind": request.kind,
            "purpose": request.purpose,
            "agent": request.agent,
            "schema": request.schema.__name__ if request.schema is not None else None,
            "max_tokens": request.max_tokens,
            "temperature": request.temperature,
            "messages": [dict(m) for m in request.messages],
        }
        if request.kind == "choose":
            rec["options"] = list(request.options)
        return rec

    @staticmethod
    def _error(exc: LLMError) -> dict[str, Any]:
        usage = getattr(exc, "usage", None)
        return {
            "type": type(exc).__name__,
            "message": str(exc),
            "raw": getattr(exc, "raw", ""),
            "usage": usage.to_dict() if isinstance(usage, Usage) else None,
        }

    def answer(self, request: ModelRequest) -> Answer:
        """Call the inner model and record what it answered (or the failure)."""
        rec = self._base(request)
        try:
            done = ask(self.inner, request)
        except LLMError as exc:
            self._write({**rec, "error": self._error(exc)})
            raise
        self._write({**rec, **_outcome(done)})
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


class ReplayModel(RequestModel):
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

    def _take(self, request: ModelRequest) -> dict[str, Any]:
        key = _key(request)
        with self._lock:
            queue = self._queues.get(key)
            if queue:
                self._used[key] = self._used.get(key, 0) + 1
                return queue.popleft()
            used = self._used.get(key, 0)
        schema = request.schema
        what = f"{request.kind} {schema.__name__}" if schema is not None else request.kind
        why = (
            f"it was recorded {used} time(s) and is now asked once more"
            if used
            else "no such request was recorded"
        )
        raise ReplayMiss(
            f"Replay miss in {self.path.name}: {what} for purpose={request.purpose!r} "
            f"agent={request.agent!r} (max_tokens={request.max_tokens}, "
            f"temperature={request.temperature}): {why}. Prompt starts: {_head(request.messages)!r}"
        )

    @staticmethod
    def _raise(rec: dict[str, Any]) -> None:
        err = rec.get("error")
        if err is None:
            return
        cls = error_class(err.get("type", ""))
        if cls is LLMOutputError:
            usage = err.get("usage")
            raise LLMOutputError(
                err.get("message", ""),
                raw=err.get("raw", ""),
                schema=rec.get("schema") or "",
                usage=Usage.from_dict(usage) if usage else None,
            )
        raise cls(err.get("message", ""))

    def answer(self, request: ModelRequest) -> Answer:
        """The recorded answer to this request (a recorded failure is raised again)."""
        rec = self._take(request)
        self._raise(rec)
        usage = Usage.from_dict(rec.get("usage"))
        if request.kind == "choose":
            return Choice(request.options, tuple(float(p) for p in rec["probs"]), usage,
                          rec.get("text", ""), bool(rec.get("from_logprobs", True)))
        if request.schema is not None:  # validated again: a recording is a file anyone can edit
            return Parsed(request.schema.model_validate(rec["value"]), usage, int(rec.get("repairs", 0)),
                          rec.get("raw", ""))
        return Completion(rec["text"], usage, rec.get("finish_reason"), rec.get("model", ""))


def _outcome(done: Answer) -> dict[str, Any]:
    """What a recording keeps of an answer."""
    usage = done.usage.to_dict()
    if isinstance(done, Choice):
        return {"probs": list(done.probs), "text": done.text, "from_logprobs": done.from_logprobs,
                "usage": usage}
    if isinstance(done, Parsed):
        return {"value": done.value.model_dump(mode="json"), "raw": done.raw, "repairs": done.repairs,
                "usage": usage}
    return {"text": done.text, "usage": usage, "finish_reason": done.finish_reason, "model": done.model}
