"""Brains: loads the language model off the game thread and owns the town's Society.

The window opens at once; the model loads on a background thread ("waking up the town")
and the Society is created on the game thread as soon as it is there. Thinking runs on a
ThreadPoolExecutor, so the frame loop never waits for a job.
"""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from enum import StrEnum
from typing import Any

from npc_brain import ActionRegistry, BrainSettings, ChatModel, Embedder, GameClock, LLMError, Society, World
from npc_brain.llm import UsageSnapshot

log = logging.getLogger(__name__)


class BrainState(StrEnum):
    """Where the minds are: loading, thinking, deliberately off, or failed to load."""

    WAKING = "waking"
    READY = "ready"
    OFF = "off"
    FAILED = "failed"


def checked_embedder(embedder: Embedder) -> tuple[Embedder, str | None]:
    """The embedder if it answers, else the lexical one and a sentence saying why.

    Asking for `dim` is the first request an OpenAI embedder makes; a server without
    `/v1/embeddings` (llama.cpp's answers 501) or no server at all fails it, and the town is
    better with lexical memories than with no minds. Call it off the game thread.
    """
    try:
        embedder.dim  # noqa: B018 — the probe request itself
    except LLMError as exc:
        from npc_brain.llm import DEFAULT_LEXICAL_DIM, LexicalEmbedder

        return LexicalEmbedder(DEFAULT_LEXICAL_DIM), (
            f"The embedder does not work, so memories use the lexical embedder instead ({exc})")
    return embedder, None


def scripted_stack() -> tuple[ChatModel, Embedder]:
    """A model-free mind: canned but schema-valid answers (tests, offline demos)."""
    from npc_brain.llm import LexicalEmbedder
    from npc_brain.llm.testing import ScriptedModel
    from npc_brain.testing import BrainResponder

    return ScriptedModel(name="scripted").respond_with(BrainResponder(talk=True)), LexicalEmbedder()


class Brains:
    """Model loading, the Society, and usage numbers for the HUD.

    `model`/`embedder` injected (tests) skip loading; otherwise `backend` decides:
    "scripted", "off", or anything `LLMSettings` understands ("auto", "embedded", "openai").
    """

    def __init__(self, world: World, clock: GameClock, *, backend: str = "auto",
                 llm_overrides: dict[str, object] | None = None, model: ChatModel | None = None,
                 embedder: Embedder | None = None, executor: Executor | None = None, threads: int = 2,
                 settings: BrainSettings | None = None,
                 loader: Callable[[], tuple[ChatModel, Embedder, Any]] | None = None,
                 actions: ActionRegistry | None = None) -> None:
        self.world = world
        self.clock = clock
        self.backend = backend
        self.settings = settings
        self.actions = actions  # the game's actions (None: only the built-in movements)
        self.society: Society | None = None
        self.state = BrainState.WAKING
        self.message = "waking up the town…"
        self.model_name = backend
        self._overrides = dict(llm_overrides or {})
        self._executor = executor
        self._own_executor = executor is None
        self._threads = threads
        self._stack: Any = None  # an LLMStack to close at exit
        self._loaded: tuple[ChatModel, Embedder] | None = None
        self._error: str | None = None
        self._lock = threading.Lock()
        self._usage: UsageSnapshot | None = None
        self._usage_at = 0.0
        self._loader = loader
        self.load_seconds: float | None = None
        self.warning: str | None = None  # set when the minds run degraded (embedder fallback)
        if model is not None:
            self._loaded = (model, embedder or scripted_stack()[1])
        elif backend == "off":
            self.state, self.message, self.model_name = BrainState.OFF, "minds are off", "off"
        elif backend == "scripted":
            self._loaded = scripted_stack()
        else:
            self._started = time.perf_counter()
            threading.Thread(target=self._load, name="town-model-loader", daemon=True).start()

    def _load(self) -> None:
        try:
            if self._loader is not None:
                model, embedder, stack = self._loader()
            else:
                from npc_brain import LLMSettings, load_stack

                llm = LLMSettings.from_env(None, **self._overrides)
                stack = load_stack(llm)
                model, embedder = stack.model, stack.embedder
                if llm.resolved_backend() == "openai" and self.settings is None:
                    # A capable model's own phrasing reads better than the ground as written.
                    self.settings = BrainSettings(phrase_npc_lines=True, phrase_player_lines=True)
            embedder, warning = checked_embedder(embedder)
        except (LLMError, OSError, ValueError) as exc:
            with self._lock:
                self._error = str(exc)
            return
        except Exception as exc:  # noqa: BLE001 - a broken install must not take the game down
            with self._lock:
                self._error = f"{type(exc).__name__}: {exc}"
            return
        with self._lock:
            self._stack = stack
            self._loaded = (model, embedder)
            self.warning = warning
            self.load_seconds = time.perf_counter() - self._started

    def poll(self) -> bool:
        """Call every frame: True the frame the Society comes to life (add agents then)."""
        if self.state is not BrainState.WAKING:
            return False
        with self._lock:
            loaded, error = self._loaded, self._error
        if error is not None:
            self.state, self.message = BrainState.FAILED, error
            log.warning("the townsfolk have no minds: %s", error)
            return False
        if loaded is None:
            return False
        model, embedder = loaded
        if self.warning:
            log.warning("%s", self.warning)
        cap = None
        if self._executor is None:
            self._executor = ThreadPoolExecutor(self._threads, thread_name_prefix="town-brain")
            cap = self._threads  # priorities decide what runs next: the player's reply first
        self.society = Society(self.world, model, embedder, now=self.clock, executor=self._executor,
                               settings=self.settings, max_in_flight=cap, actions=self.actions)
        self.model_name = getattr(model, "name", self.backend)
        self.state, self.message = BrainState.READY, ""
        return True

    @property
    def ready(self) -> bool:
        """True once the Society exists."""
        return self.society is not None

    def usage(self, *, max_age: float = 0.5) -> UsageSnapshot | None:
        """LLM usage, refreshed at most every `max_age` seconds (the HUD reads it every frame)."""
        if self.society is None:
            return None
        now = time.perf_counter()
        if self._usage is None or now - self._usage_at >= max_age:
            self._usage = self.society.usage()
            self._usage_at = now
        return self._usage

    def close(self, *, wait: bool = False) -> None:
        """Stop thinking. With `wait`, let running model calls finish and release the model;
        without it the engine is left to the process exit (closing it under a running call
        is not safe)."""
        if self.society is not None:
            self.society.shutdown()
        if self._own_executor and self._executor is not None:
            self._executor.shutdown(wait=wait, cancel_futures=True)
        stack = self._stack
        if stack is not None and (wait or self._executor is None):
            try:
                stack.close()
            except Exception:  # noqa: BLE001 - closing at exit: nothing useful to do with a failure
                pass
            self._stack = None
        elif stack is not None and stack.engine is not None:
            # The engine is left to the process exit (`os._exit`: no finalizer runs), its saved
            # prompt states in /dev/shm are not: they would outlive the game.
            stack.engine.discard_prompt_states()
