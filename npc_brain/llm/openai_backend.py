"""Backends for any OpenAI-compatible server (OpenAI, Ollama, vLLM, llama.cpp server, ...).

`OpenAIModel` sends chat completions through the `openai` client with a deliberate timeout
(the client's default read timeout is 600 s — a game NPC cannot wait that long) and a small
retry budget. Structured output per server: on llama.cpp's server the embedded engine's
compact grammar (`npc_brain.llm.server_fields`), elsewhere `json_schema` (OpenAI, vLLM,
Ollama), `json_object` plus the schema in the prompt (llama-cpp-python answers json_schema
with a 500), or the prompt alone. Every client exception becomes a typed `LLMError` naming the
URL that was tried (`npc_brain.llm.server_errors`). A call whose text someone watches, or that
must give way to the player's (`npc_brain.llm.preemption`), is streamed; a preempted one
closes its stream between chunks, which frees the server's slot.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from npc_brain.llm.base import ChatBackend
from npc_brain.llm.calls import ChatRequest, Completion, Usage
from npc_brain.llm.concurrency import RequestSlots
from npc_brain.llm.errors import LLMBusy, LLMError, LLMRequestError, LLMTimeout, LLMUnavailable, LLMUnreachable
from npc_brain.llm.preemption import Preempted, server_priority, should_yield
from npc_brain.llm.server_errors import GATEWAY_DOWN, map_openai_error
from npc_brain.llm.server_fields import ServerFields
from npc_brain.llm.server_info import OPENAI_URL, ServerInfo, first_model, read_server_info
from npc_brain.llm.settings import LLMSettings, StructuredMode
from npc_brain.llm.streaming import Sink, stream_sink

log = logging.getLogger(__name__)

DEFAULT_OPENAI_CHAT_MODEL = "gpt-4o-mini"
DEFAULT_OPENAI_EMBED_MODEL = "text-embedding-3-small"
_EMBED_BATCH = 128
_FIRST_BUSY_WAIT_S = 0.5  # a busy server (HTTP 429) that names no wait is asked again after this,
_MAX_BUSY_WAIT_S = 8.0  # doubling up to this, for as long as the call's timeout allows


def _first_token_logprobs(choice: Any) -> dict[str, float] | None:
    """token → logprob of the first generated token's alternatives (None when absent)."""
    try:
        content = choice.logprobs.content
        if not content:
            return None
        return {str(t.token): float(t.logprob) for t in content[0].top_logprobs}
    except (AttributeError, IndexError, TypeError, ValueError):
        return None


def make_client(base_url: str | None, api_key: str | None, timeout_s: float, max_retries: int) -> Any:
    """An `openai.OpenAI` client with explicit limits (connect timeout ≤ 5 s)."""
    import openai  # deferred: importing openai costs ~0.5 s and the embedded path needs none

    timeout = openai.Timeout(timeout_s, connect=min(5.0, timeout_s))
    return openai.OpenAI(
        base_url=base_url or OPENAI_URL,
        # Local servers accept any key; the client refuses to start without one.
        api_key=api_key or "not-needed",
        timeout=timeout,
        max_retries=max_retries,
    )


class OpenAIModel(ChatBackend):
    """A `ChatModel` on an OpenAI-compatible `/v1/chat/completions` endpoint. Thread-safe.

    On the first call the server is asked what it is (`server`: `npc_brain.llm.server_info`).
    `chat_model=None` means "gpt-4o-mini" on api.openai.com and, elsewhere, the first model the
    server lists (what a single-model llama.cpp or vLLM server serves). On llama.cpp's server
    requests carry its grammar and sampler fields, as the embedded engine's do
    (`npc_brain.llm.server_fields`). `server_priority`: send each call's priority
    (`npc_brain.llm.preemption.server_priority`, 0 for the player's) in vLLM's `priority` field.
    `max_concurrency`: at most this many requests at the server at once, the most urgent waiting
    call next (`npc_brain.llm.concurrency`); None: the server's own slot count when it tells it
    (llama.cpp's `--parallel`), else as many as the caller's threads send. A server that says it
    is busy (HTTP 429) is asked again after the wait it names (else 0.5, 1, 2 … s) for up to
    `timeout_s`, the slot free meanwhile; a field it refuses is left out from then on.
    """

    def __init__(self, *, base_url: str | None = None, api_key: str | None = None,
                 chat_model: str | None = None, structured_mode: StructuredMode = "json_schema",
                 timeout_s: float = 60.0, max_retries: int = 1, client: Any | None = None,
                 clock: Callable[[], float] = time.perf_counter, server_priority: bool = False,
                 max_concurrency: int | None = None, fields: ServerFields | None = None) -> None:
        self._client = client or make_client(base_url, api_key, timeout_s, max_retries)
        self.slots = RequestSlots(max_concurrency) if max_concurrency is not None else None
        self.fields = fields or ServerFields(priority=server_priority)
        self.base_url = str(self._client.base_url).rstrip("/")
        self.structured_mode = structured_mode
        self.timeout_s = timeout_s
        self._model = chat_model
        self._info: ServerInfo | None = None
        self._info_lock = threading.Lock()
        self._clock = clock
        self._streams = True  # until the server refuses to stream
        self.name = f"openai:{chat_model or '?'}@{self.base_url}"

    @classmethod
    def from_settings(cls, settings: LLMSettings | None = None) -> OpenAIModel:
        """The model configured by `settings` (default: from the environment)."""
        s = settings or LLMSettings.from_env()
        return cls(
            base_url=s.base_url,
            api_key=s.api_key,
            chat_model=s.chat_model,
            structured_mode=s.structured_mode,
            timeout_s=s.timeout_s,
            max_retries=s.max_retries,
            server_priority=s.server_priority,
            max_concurrency=s.max_concurrency,
        )

    @property
    def server_priority(self) -> bool:
        """True while each call's priority is sent (off once the server refused the field)."""
        return self.fields.sends("priority")

    @server_priority.setter
    def server_priority(self, on: bool) -> None:
        self.fields.allow("priority", on)

    def ping(self, timeout_s: float = 1.0) -> bool:
        """True when the server answers at all (one GET of `/models`, no retry): what the call
        gate asks after an outage. An error status still means it is up; refused, reset, timed
        out or a gateway's 502/503/504 means not yet."""
        import openai

        try:
            self._client.with_options(timeout=timeout_s, max_retries=0).models.list()
        except openai.APIConnectionError:  # timeouts too
            return False
        except openai.APIStatusError as exc:
            return exc.status_code not in GATEWAY_DOWN
        except Exception:  # noqa: BLE001 - a reply we cannot read still came from a live server
            return True
        return True

    @property
    def server(self) -> ServerInfo:
        """What the server is (asked once; a server that cannot be reached is asked again on
        the next call). Without `max_concurrency`, its slot count becomes the limit."""
        if self._info is not None:
            return self._info
        with self._info_lock:
            return self._info or self._ask_server()

    def _ask_server(self) -> ServerInfo:  # under the lock
        """Ask the server once; a server that cannot be reached is not remembered."""
        try:
            info = read_server_info(self._client, self.base_url, timeout_s=self.timeout_s)
        except LLMError as exc:
            if self._model is None:
                raise  # no model name to send without the server's list
            if isinstance(exc, LLMUnreachable | LLMTimeout):
                return ServerInfo()  # ask again when it is back
            info = ServerInfo()  # it answered, but not the list: a plain OpenAI-compatible one
        if self._model is None:
            self._model = info.model or DEFAULT_OPENAI_CHAT_MODEL
            self.name = f"openai:{self._model}@{self.base_url}"
        if self.slots is None and info.slots:
            self.slots = RequestSlots(info.slots)
        self._info = info
        return info

    @property
    def model(self) -> str:
        """The chat model name (resolved from the server's list on first use if unset)."""
        if self._model is None:
            self.server  # noqa: B018 - asks the server, which names the model
        return self._model or DEFAULT_OPENAI_CHAT_MODEL

    def _send(self, request: ChatRequest) -> Completion:
        info = self.server
        level = server_priority()
        deadline = time.monotonic() + self.timeout_s
        pause = _FIRST_BUSY_WAIT_S
        while True:
            try:
                if self.slots is None:
                    return self._round_trip(request, info)
                with self.slots.hold(0 if level is None else level):  # unmarked calls: not behind the town's
                    return self._round_trip(request, info)
            except LLMBusy as exc:
                wait = exc.retry_after if exc.retry_after is not None else pause
                if time.monotonic() + wait > deadline:
                    raise
                log.debug("%s is busy; asking again in %.1f s", self.base_url, wait)
                time.sleep(wait)  # the slot is free meanwhile: the player's call may take it
                pause = min(2 * pause, _MAX_BUSY_WAIT_S)

    def _round_trip(self, request: ChatRequest, info: ServerInfo) -> Completion:
        model = self.model
        kwargs: dict[str, Any] = {
            "model": model,
            "messages": [dict(m) for m in request.messages],
            "max_tokens": request.max_tokens,
            "temperature": request.temperature,
        }
        extra, used = self.fields.for_request(request, info, server_priority())
        kwargs.update(extra)
        hint = ""
        if (request.response_format or {}).get("type") == "json_schema":
            hint = "If this server cannot do json_schema, set NPC_BRAIN_STRUCTURED=json_object."
        sink = None if request.options else stream_sink()
        # A background call gives way to the player's (`npc_brain.llm.preemption`): streamed, so
        # it can be dropped between chunks; closing the stream frees the server's slot.
        stop = None if request.options else should_yield()
        if (sink is not None or stop is not None) and self._streams:
            return self._send_streaming(request, info, kwargs, used, sink, hint, stop)
        start = self._clock()
        try:
            resp = self._client.chat.completions.create(**kwargs)
        except Exception as exc:  # noqa: BLE001 - every client failure becomes a typed LLMError
            error = map_openai_error(exc, self.base_url, timeout_s=self.timeout_s, hint=hint)
            if isinstance(error, LLMRequestError) and self._turned_down(error, used):
                return self._round_trip(request, info)
            raise error from None
        elapsed = self._clock() - start
        try:
            choice = resp.choices[0]
            text = choice.message.content or ""
            finish = choice.finish_reason
        except (AttributeError, IndexError, TypeError):
            raise LLMUnavailable(
                f"The server at {self.base_url} sent a reply without choices: {str(resp)[:200]}"
            ) from None
        usage = getattr(resp, "usage", None)
        return Completion(
            text=text,
            usage=Usage(
                int(getattr(usage, "prompt_tokens", 0) or 0),
                int(getattr(usage, "completion_tokens", 0) or 0),
                1,
                elapsed,
                _cached(usage),
            ),
            finish_reason=finish,
            model=getattr(resp, "model", None) or model,
            top_logprobs=_first_token_logprobs(choice) if request.options else None,
        )

    def _turned_down(self, error: LLMRequestError, used: Sequence[str]) -> bool:
        """True when a field the request carried is left out from now on (send it again)."""
        feature = self.fields.turn_down(str(error), used)
        if feature is not None:
            log.warning("%s refused the %s field; calls go without it (%s)", self.base_url, feature, error)
        return feature is not None

    def _send_streaming(self, request: ChatRequest, info: ServerInfo, kwargs: dict[str, Any],
                        used: Sequence[str], sink: Sink | None, hint: str,
                        stop: Callable[[], bool] | None = None) -> Completion:
        """The same request streamed: `sink` hears the text so far as chunks arrive; when
        `stop()` turns true the stream is closed and `Preempted` raised."""
        start = self._clock()
        text: list[str] = []
        finish: str | None = None
        usage: Any = None
        model_name: str | None = None
        try:
            stream = self._client.chat.completions.create(
                **kwargs, stream=True, stream_options={"include_usage": True})
            for chunk in stream:
                if stop is not None and finish is None and stop():
                    stream.close()  # the server sees the client go and drops the request
                    raise Preempted(f"request to {self.base_url} stopped for a more urgent one")
                model_name = getattr(chunk, "model", None) or model_name
                usage = getattr(chunk, "usage", None) or usage
                for choice in getattr(chunk, "choices", None) or ():
                    piece = getattr(getattr(choice, "delta", None), "content", None) or ""
                    finish = getattr(choice, "finish_reason", None) or finish
                    if piece:
                        text.append(piece)
                        if sink is None:
                            continue
                        try:
                            sink("".join(text))
                        except Exception:  # a watcher's bug must not kill the call (logged)
                            log.exception("stream watcher failed")
        except Preempted:
            raise
        except Exception as exc:  # noqa: BLE001 - every client failure becomes a typed LLMError
            error = map_openai_error(exc, self.base_url, timeout_s=self.timeout_s, hint=hint)
            if isinstance(error, LLMRequestError) and not text:
                if "stream" in str(error).lower() or not self._turned_down(error, used):
                    # A server that cannot stream (or take stream_options) answers in one piece.
                    self._streams = False
                return self._round_trip(request, info)
            raise error from None
        return Completion(
            text="".join(text),
            usage=Usage(int(getattr(usage, "prompt_tokens", 0) or 0),
                        int(getattr(usage, "completion_tokens", 0) or 0), 1, self._clock() - start,
                        _cached(usage)),
            finish_reason=finish,
            model=model_name or self.model,
        )

    def close(self) -> None:
        """Close the HTTP connection pool."""
        self._client.close()


def resolve_model_name(client: Any, base_url: str, default: str, timeout_s: float) -> str:
    """`default` on api.openai.com, else the first model id the server lists."""
    if base_url.rstrip("/") == OPENAI_URL:
        return default
    return str(first_model(client, base_url, timeout_s=timeout_s).id)


class OpenAIEmbedder:
    """`Embedder` on an OpenAI-compatible `/v1/embeddings` endpoint (rows L2-normalised).

    `dim` is learned from the first reply (a probe request if read before any embedding).
    """

    def __init__(self, *, base_url: str | None = None, api_key: str | None = None, model: str | None = None,
                 timeout_s: float = 60.0, max_retries: int = 1, client: Any | None = None) -> None:
        self._client = client or make_client(base_url, api_key, timeout_s, max_retries)
        self.base_url = str(self._client.base_url).rstrip("/")
        self.timeout_s = timeout_s
        self._model = model
        self._dim: int | None = None
        self._lock = threading.Lock()
        self.name = f"openai-embed:{model or '?'}@{self.base_url}"

    @classmethod
    def from_settings(cls, settings: LLMSettings | None = None) -> OpenAIEmbedder:
        """The embedder configured by `settings` (embed_model, else the chat model's name)."""
        s = settings or LLMSettings.from_env()
        return cls(
            base_url=s.base_url,
            api_key=s.api_key,
            model=s.embed_model or (None if not s.base_url else s.chat_model),
            timeout_s=s.timeout_s,
            max_retries=s.max_retries,
        )

    @property
    def model(self) -> str:
        """The embedding model name (resolved like `OpenAIModel.model`)."""
        if self._model is None:
            with self._lock:
                if self._model is None:
                    self._model = resolve_model_name(
                        self._client, self.base_url, DEFAULT_OPENAI_EMBED_MODEL, self.timeout_s
                    )
                    self.name = f"openai-embed:{self._model}@{self.base_url}"
        return self._model

    @property
    def dim(self) -> int:
        """Vector width (asks the server once if no text was embedded yet)."""
        if self._dim is None:
            self.embed(["dimension probe"])
        assert self._dim is not None
        return self._dim

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed `texts` in batches; raises `LLMUnavailable` when the server fails."""
        texts = list(texts)
        if not texts:
            return np.zeros((0, self._dim or 0), dtype=np.float32)
        chunks = []
        for i in range(0, len(texts), _EMBED_BATCH):
            batch = [t if t.strip() else " " for t in texts[i : i + _EMBED_BATCH]]
            try:
                resp = self._client.embeddings.create(model=self.model, input=batch)
                rows = sorted(resp.data, key=lambda d: d.index)
                chunks.append(np.asarray([r.embedding for r in rows], dtype=np.float32))
            except LLMError:
                raise
            except Exception as exc:  # noqa: BLE001 - every client failure becomes a typed LLMError
                raise map_openai_error(exc, self.base_url, timeout_s=self.timeout_s) from None
        out = np.concatenate(chunks, axis=0)
        if out.shape[0] != len(texts):
            raise LLMUnavailable(
                f"The server at {self.base_url} returned {out.shape[0]} embeddings "
                f"for {len(texts)} texts."
            )
        self._dim = int(out.shape[1])
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        normed: np.ndarray = np.divide(out, norms, out=np.zeros_like(out), where=norms > 0)
        return normed


def _cached(usage: Any) -> int:
    """`usage.prompt_tokens_details.cached_tokens` (OpenAI, vLLM, llama.cpp's server), else 0."""
    details = getattr(usage, "prompt_tokens_details", None)
    n = getattr(details, "cached_tokens", None) if details is not None else None
    if n is None and isinstance(details, dict):
        n = details.get("cached_tokens")
    try:
        return max(0, int(n or 0))
    except (TypeError, ValueError):
        return 0
