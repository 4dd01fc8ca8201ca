"""ReadAheads: while the player types, the start of the NPC's reply prompt is read into the engine.

A top-priority one-token call (`dialogue.read_ahead`) leaves the prompt's known start (its rules,
the talk so far) in the engine's cache, so the reply evaluates only the new tail. One per NPC;
the reply claims it (`claim`) when it needs the engine.
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from datetime import datetime

from npc_brain.cognition import dialogue
from npc_brain.llm.preemption import preemptible
from npc_brain.llm.protocols import ChatModel
from npc_brain.runtime.jobs import Priority
from npc_brain.runtime.metered import MeteredModel
from npc_brain.types.persona import Persona

__all__ = ["AHEAD_WAIT_S", "Queue", "ReadAheads"]

log = logging.getLogger(__name__)

AHEAD_WAIT_S = 2.0  # a reply waits at most this long for the read-ahead of its prompt

# queue(npc, run, meter): run a read-ahead through the scheduler, under the key of npc's reply.
Queue = Callable[[str, Callable[[], None], ChatModel], None]


def _quietly(run: Callable[[], None]) -> None:
    """A read-ahead only warms a cache: when it fails, the reply reads the prompt itself."""
    try:
        run()
    except Exception:  # a dead engine or a closing society; nothing to apply
        log.debug("read-ahead failed", exc_info=True)


class ReadAheads:
    """The read-aheads out, by NPC. With a `reader` executor they run there, beside the scheduler;
    without, they are queued (`queue`) where the reply will go and stop when it needs the engine."""

    def __init__(self, queue: Queue, reader: Executor | None = None) -> None:
        self._queue = queue
        self._reader = reader
        self._ahead: dict[str, threading.Event] = {}  # npc → set when its reply needs the engine
        self._reading: dict[str, Future[None]] = {}  # npc → its read-ahead on the reader

    def start(self, speaker: Persona, player: str, lines: Sequence[tuple[str, str]], meter: ChatModel,
              now: datetime, doing: str, *, phrased: bool = False) -> None:
        """Read the start of `speaker`'s next line to `player` after `lines` (replacing one out);
        `now` and `doing`: the moment its prompt gives; `phrased`: as the line will be."""
        npc = speaker.name

        def run() -> None:
            dialogue.read_ahead(meter, speaker, player, lines, now, doing, phrased=phrased)

        if self._reader is None:
            stop = self._ahead[npc] = threading.Event()

            def stoppable() -> None:
                # The reply stops a read-ahead that holds a scheduler place it may need.
                with preemptible(stop.is_set):
                    run()

            # Under the reply's own key: a reply submitted while this still waits supersedes it.
            self._queue(npc, stoppable, meter)
            return
        # On its own thread, not a scheduler place: seen holding the place kept for the reply,
        # which then queued 1–3.5 s behind it (`bench reply`, 3 of 20 questions).
        if isinstance(meter, MeteredModel):
            meter.priority = Priority.URGENT  # the town's calls still give way to it at the gate
        if (old := self._reading.pop(npc, None)) is not None:
            old.cancel()
        try:
            self._reading[npc] = self._reader.submit(_quietly, run)
        except RuntimeError:  # the reader is shut down: the society is closing
            pass

    def claim(self, npc: str) -> Future[None] | None:
        """`npc`'s reply needs the engine now: a queued read-ahead stops, and one running on the
        reader is returned for the reply to wait on (None when there is none, or it had not
        started: the reply reads the prompt itself)."""
        if (ahead := self._ahead.pop(npc, None)) is not None:
            ahead.set()
        reading = self._reading.pop(npc, None)
        if reading is not None and reading.cancel():
            return None
        return reading

    def close(self) -> None:
        """Stop reading ahead (read-aheads not started are dropped)."""
        if self._reader is not None:
            self._reader.shutdown(wait=False, cancel_futures=True)
