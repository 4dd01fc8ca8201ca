"""`LlamaEngine`: one in-process llama.cpp server (xllamacpp) on a GGUF file.

Measured on the 2-core dev box (SmolLM2-135M Q4_1, 1 inference thread):
- `Server.handle_chat_completions` releases the GIL while it waits (a Python busy loop in
  the main thread kept 99.96% of its iteration rate during completions, longest stall 3 ms),
  so calling it in-process from worker threads never stalls the game loop; no HTTP hop needed.
- It is thread-safe: concurrent calls are queued onto `n_parallel` slots and decoded together
  (continuous batching): ~41 tok/s for 1 request, ~80 tok/s aggregate for 4 concurrent.
- With `kv_unified` the slots share the whole `n_ctx`, so one long prompt can use most of it.
- The C++ log goes to stderr; verbosity 1 prints only errors, so the console stays clean
  while real failures (bad model file, context overflow) still show.

The server also listens on a random loopback port (`base_url`), protected by a random API
key (`api_key`): the same engine can be used with any OpenAI client, e.g. `OpenAIModel`.
"""

from __future__ import annotations

import logging
import os
import secrets
import shutil
import tempfile
import threading
import weakref
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Self

import numpy as np

from npc_brain.llm.errors import LLMRequestError, LLMUnavailable
from npc_brain.llm.gguf import GGUFLocation, locate_gguf
from npc_brain.llm.preemption import Preempted
from npc_brain.llm.prompt_states import PromptStates, rendered
from npc_brain.llm.settings import KVCache, LLMSettings
from npc_brain.llm.slot_actions import SlotActions, SlotStore

log = logging.getLogger(__name__)

ServerFactory = Callable[[Any], Any]


def _xllamacpp() -> Any:
    try:
        import xllamacpp
    except ImportError:
        raise LLMUnavailable(
            "The embedded backend needs xllamacpp; install it with: pip install 'npc-brain[local]'"
        ) from None
    return xllamacpp


_STATES_PREFIX = "npc_brain_states_"


def _state_folder() -> Path:
    """A new folder for this engine's saved prompt states: RAM-backed where the system has one
    (Linux's /dev/shm; a state is written after nearly every call, and none need outlive the
    process), else the temp folder. Folders left by processes that died (kill -9) go first."""
    shm = Path("/dev/shm")
    parent = shm if shm.is_dir() and os.access(shm, os.W_OK) else Path(tempfile.gettempdir())
    for old in parent.glob(f"{_STATES_PREFIX}*_*") if os.name == "posix" else ():
        pid = old.name[len(_STATES_PREFIX):].split("_", 1)[0]
        if pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(old, ignore_errors=True)
    return Path(tempfile.mkdtemp(prefix=f"{_STATES_PREFIX}{os.getpid()}_", dir=parent))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # someone else's process
        return True
    return True


class LlamaEngine:
    """An in-process llama.cpp server; thread-safe; close it (or use `with`) when done.

    `embedding=True` also enables `/embeddings` with mean pooling (chat keeps working and
    runs at the same speed, measured). `server_factory` replaces `xllamacpp.Server` in tests.
    `prompt_state_mb` > 0 keeps that many MiB of saved prompt states in a temporary folder
    (`npc_brain.llm.prompt_states`; each call is then sent to a slot chosen by its prompt);
    `slot_store` replaces the engine's own slot endpoints in tests. `kv_cache` "q8_0" stores the
    KV cache in 8 bits (with flash attention), "f16" in 16.
    """

    def __init__(
        self,
        gguf: GGUFLocation | str | Path,
        *,
        threads: int = 1,
        batch_threads: int | None = None,
        n_parallel: int = 4,
        n_ctx: int = 8192,
        cache_slots: int = 0,
        embedding: bool = False,
        log_verbosity: int = 1,
        prompt_state_mb: int = 0,
        kv_cache: KVCache = "f16",
        server_factory: ServerFactory | None = None,
        slot_store: SlotStore | None = None,
    ) -> None:
        self.location = gguf if isinstance(gguf, GGUFLocation) else GGUFLocation(Path(gguf), "path")
        self.threads = threads
        self.batch_threads = batch_threads or threads
        self.n_parallel = n_parallel
        self.cache_slots = cache_slots
        # With cache slots each slot has its own part of the KV cache (2k tokens): in one shared
        # cache every decoded token would attend over all the slots' kept prompts.
        self.n_ctx = max(n_ctx, 2048 * (n_parallel + cache_slots)) if cache_slots else n_ctx
        self.embedding = embedding
        self.kv_cache = kv_cache
        self.api_key = secrets.token_hex(16)
        self._lock = threading.Lock()
        keep_states = prompt_state_mb > 0 and not embedding
        self.state_dir: Path | None = _state_folder() if keep_states else None
        if self.state_dir is not None:  # removed however the engine ends (close, GC, exit)
            weakref.finalize(self, shutil.rmtree, self.state_dir, True)
        xl: Any = _xllamacpp() if server_factory is None else None
        params = self._params(xl, log_verbosity) if xl is not None else None
        factory = server_factory or xl.Server
        try:
            self._server: Any = factory(params)
        except Exception as exc:  # noqa: BLE001 - xllamacpp raises a bare RuntimeError, a test factory anything
            raise LLMUnavailable(
                f"llama.cpp could not load {self.location.path} ({exc}); see its error lines above"
            ) from None
        self.prompt_states: PromptStates | None = None
        if self.state_dir is not None:
            store = slot_store or SlotActions(self._server.listening_address, self.api_key)
            self.prompt_states = PromptStates(
                self.n_parallel + self.cache_slots, store, budget=prompt_state_mb << 20,
                remove=self._remove_state)

    def _params(self, xl: Any, log_verbosity: int) -> Any:
        p = xl.CommonParams()
        p.model.path = str(self.location.path)
        p.n_parallel = self.n_parallel + self.cache_slots
        if self.cache_slots or self.state_dir is not None:
            p.cache_idle_slots = False  # idle slots keep their prompts where the next call finds them
        if self.state_dir is not None:
            p.endpoint_slots = True
            p.slot_save_path = f"{self.state_dir}/"  # llama.cpp joins it to a file name as text
        p.n_ctx = self.n_ctx
        p.kv_unified = not self.cache_slots
        if self.kv_cache == "q8_0":  # half the bytes a token; llama.cpp quantises V only with flash attention
            p.flash_attn_type = xl.llama_flash_attn_type.LLAMA_FLASH_ATTN_TYPE_ENABLED
            p.cache_type_k = p.cache_type_v = xl.ggml_type.GGML_TYPE_Q8_0
        p.cpuparams.n_threads = self.threads
        p.cpuparams_batch.n_threads = self.batch_threads
        p.warmup = False
        p.verbosity = log_verbosity
        p.hostnames = ["127.0.0.1"]
        p.port = 0  # a free port
        p.api_keys = [self.api_key]
        if self.embedding:
            p.embedding = True
            p.pooling_type = xl.llama_pooling_type.LLAMA_POOLING_TYPE_MEAN
            # A whole memory description must fit in one micro-batch to be embedded.
            p.n_batch = p.n_ubatch = 2048
        return p

    @classmethod
    def from_settings(
        cls, settings: LLMSettings, *, embedding: bool = False, **kwargs: Any
    ) -> LlamaEngine:
        """Locate the GGUF (raises `ModelNotFound`) and load it with the settings' limits."""
        return cls(
            locate_gguf(settings.gguf_path),
            threads=settings.threads,
            batch_threads=settings.batch_threads,
            n_parallel=settings.n_parallel,
            n_ctx=settings.n_ctx,
            cache_slots=0 if embedding else settings.cache_slots,
            embedding=embedding,
            log_verbosity=settings.log_verbosity,
            prompt_state_mb=0 if embedding else settings.prompt_state_mb,
            kv_cache="f16" if embedding else settings.kv_cache,
            **kwargs,
        )

    # -- properties ---------------------------------------------------------------------------

    @property
    def name(self) -> str:
        """The GGUF file name."""
        return self.location.name

    @property
    def closed(self) -> bool:
        """True after `close()`."""
        return self._server is None

    @property
    def base_url(self) -> str:
        """OpenAI-compatible base URL of the engine's loopback HTTP listener (".../v1")."""
        return f"{self._live().listening_address}/v1"

    # -- calls --------------------------------------------------------------------------------

    def _live(self) -> Any:
        server = self._server
        if server is None:
            raise LLMUnavailable(f"The embedded engine for {self.name} is closed.")
        return server

    def chat(self, body: Mapping[str, Any], *, stop: Callable[[], bool] | None = None,
             on_text: Callable[[str], None] | None = None) -> dict[str, Any]:
        """Run one OpenAI-style chat completion request; returns the reply dict.

        Raises `LLMRequestError` for a request the engine rejects (context overflow, a schema
        its grammar cannot compile) and `LLMUnavailable` for engine failures. With `stop`,
        the request streams and is abandoned as soon as `stop()` turns True (raises
        `Preempted`, its slot is free again within ~0.06 s); the reply is assembled from it.
        With `on_text`, the request streams and `on_text(text_so_far)` hears each new piece.
        """
        server = self._live()  # a local reference keeps the server alive during the call
        if self.prompt_states is None:
            return self._chat(server, body, stop, on_text)
        # A call that may not be stopped is the player's (`llm.preemption`): it leases first.
        with self.prompt_states.slot_for(rendered(body.get("messages") or ()), urgent=stop is None) as slot:
            return self._chat(server, {**body, "id_slot": slot}, stop, on_text)

    def _chat(self, server: Any, body: Mapping[str, Any], stop: Callable[[], bool] | None,
              on_text: Callable[[str], None] | None) -> dict[str, Any]:
        if stop is not None or on_text is not None:
            return self._chat_stoppable(server, body, stop or (lambda: False), on_text)
        try:
            reply: dict[str, Any] = server.handle_chat_completions(dict(body))
        except ValueError as exc:
            raise LLMRequestError(f"llama.cpp rejected the request: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - any failure of the native server becomes a typed LLMError
            raise LLMUnavailable(f"llama.cpp failed: {type(exc).__name__}: {exc}") from None
        self._raise_for_error(reply)
        if not isinstance(reply.get("choices"), list) or not reply["choices"]:
            raise LLMUnavailable(f"llama.cpp returned no choices: {str(reply)[:200]}")
        return reply

    def _chat_stoppable(self, server: Any, body: Mapping[str, Any], stop: Callable[[], bool],
                        on_text: Callable[[str], None] | None = None) -> dict[str, Any]:
        chunks: list[Any] = []
        stopped = False
        so_far: list[str] = []

        def on_chunk(chunk: Any) -> bool:
            nonlocal stopped
            chunks.append(chunk)
            if on_text is not None and isinstance(chunk, dict):
                piece = "".join((c.get("delta") or {}).get("content") or "" for c in chunk.get("choices") or ())
                if piece:
                    so_far.append(piece)
                    try:
                        on_text("".join(so_far))
                    except Exception:  # a watcher's bug must not kill the call (logged)
                        log.exception("stream watcher failed")
            stopped = stopped or bool(stop())
            return stopped  # True tells llama.cpp to drop the request

        request = {**body, "stream": True, "stream_options": {"include_usage": True}}
        try:
            server.handle_chat_completions(request, on_chunk)
        except ValueError as exc:
            raise LLMRequestError(f"llama.cpp rejected the request: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - any failure of the native server becomes a typed LLMError
            raise LLMUnavailable(f"llama.cpp failed: {type(exc).__name__}: {exc}") from None
        text: list[str] = []
        finish: str | None = None
        usage: Any = None
        timings: Any = None
        for chunk in chunks:
            if not isinstance(chunk, dict) or "error" in chunk or "message" in chunk:
                self._raise_for_error(chunk)
            for choice in chunk.get("choices") or ():
                text.append((choice.get("delta") or {}).get("content") or "")
                finish = choice.get("finish_reason") or finish
            usage = chunk.get("usage", usage)
            timings = chunk.get("timings", timings)
        if stopped and finish is None:
            raise Preempted(f"llama.cpp request stopped for a more urgent one ({self.name})")
        message = {"role": "assistant", "content": "".join(text)}
        return {"choices": [{"index": 0, "message": message, "finish_reason": finish}],
                "usage": usage or {}, "timings": timings or {}}

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Mean-pooled embeddings of `texts` as float32 rows (needs `embedding=True`)."""
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        server = self._live()
        try:
            reply = server.handle_embeddings({"input": list(texts)})
        except ValueError as exc:
            raise LLMRequestError(f"llama.cpp rejected the embedding request: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - any failure of the native server becomes a typed LLMError
            raise LLMUnavailable(f"llama.cpp failed: {type(exc).__name__}: {exc}") from None
        self._raise_for_error(reply)
        try:
            rows = sorted(reply["data"], key=lambda d: d.get("index", 0))
            out = np.asarray([d["embedding"] for d in rows], dtype=np.float32)
        except (KeyError, TypeError, ValueError) as exc:
            raise LLMUnavailable(f"llama.cpp returned malformed embeddings: {exc}") from None
        if out.ndim != 2 or out.shape[0] != len(texts):
            raise LLMUnavailable(
                f"llama.cpp returned {out.shape[0]} embeddings for {len(texts)} texts"
            )
        return out

    @staticmethod
    def _raise_for_error(reply: Any) -> None:
        if not isinstance(reply, dict):
            raise LLMUnavailable(f"llama.cpp returned {type(reply).__name__}, not a JSON object")
        err = reply.get("error")
        if err is None and "code" in reply and "message" in reply:
            err = reply  # xllamacpp's own "could not decode the server's reply" shape
        if err is None:
            return
        code = err.get("code", 500) if isinstance(err, dict) else 500
        message = err.get("message", str(err)) if isinstance(err, dict) else str(err)
        if isinstance(code, int) and (400 <= code < 500 or code == 501):  # 501: not enabled
            raise LLMRequestError(f"llama.cpp rejected the request ({code}): {message}")
        raise LLMUnavailable(f"llama.cpp failed ({code}): {message}")

    def discard_prompt_states(self) -> None:
        """Save no more prompt states and remove those kept (their folder). Safe while calls run:
        they end without saving. `close()` does it; a game that leaves the engine to the process
        exit (`os._exit`, so no finalizer runs) calls it when it quits."""
        if self.prompt_states is not None:
            self.prompt_states.stop()
        if self.state_dir is not None:
            shutil.rmtree(self.state_dir, ignore_errors=True)

    def _remove_state(self, name: str) -> None:
        if self.state_dir is not None:
            (self.state_dir / name).unlink(missing_ok=True)

    # -- lifecycle ----------------------------------------------------------------------------

    def close(self) -> None:
        """Shut the engine down. Calls already running finish first (they hold a reference);
        later calls raise `LLMUnavailable`. Idempotent."""
        self.discard_prompt_states()  # first: a call still running must not save into a removed folder
        with self._lock:
            server, self._server = self._server, None
        del server  # the last reference: the C++ server stops its threads and frees the model

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self.closed else f"threads={self.threads}, slots={self.n_parallel}"
        return f"LlamaEngine({self.name}, {state})"
