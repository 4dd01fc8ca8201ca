"""Streaming: a call's text as it is generated, for whoever is waiting to read it.

The caller wraps the calls whose text someone watches (the reply to the player) in
`streaming(sink)`; a backend that can stream (the embedded engine, an OpenAI-compatible
server) then streams and calls `sink(text_so_far)` as tokens arrive, on the calling thread.
Each request starts again from "" (a repair retry is a new request). Backends that cannot
stream ignore it and the sink hears nothing — the full reply still arrives as usual. Like
preemption (`npc_brain.llm.preemption`) this rides on a context variable, so no wrapper
(accounting, record/replay, the call gate) has to know about it.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = ["Sink", "stream_sink", "streaming"]

Sink = Callable[[str], None]
"""Receives the text generated so far by the current request (called on the calling thread)."""

_sink: ContextVar[Sink | None] = ContextVar("npc_brain_stream_sink", default=None)


@contextmanager
def streaming(sink: Sink) -> Iterator[None]:
    """Model calls made inside (on this thread) report their text as it is generated."""
    token = _sink.set(sink)
    try:
        yield
    finally:
        _sink.reset(token)


def stream_sink() -> Sink | None:
    """The sink of the call being made on this thread (None: nobody is watching)."""
    return _sink.get()
