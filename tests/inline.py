"""A Society whose jobs run in `update()`, for tests that step an example's frames."""
from __future__ import annotations

from npc_brain.runtime.executors import InlineExecutor


def inline(society: type) -> type:
    """The example's Society with its jobs run in `update()`: what the frames see does not
    depend on how soon a busy machine schedules the worker threads."""

    class Inline(society):  # type: ignore[misc, valid-type]
        def __init__(self, *args, **kw):  # type: ignore[no-untyped-def]
            kw.setdefault("executor", InlineExecutor())
            super().__init__(*args, **kw)

    return Inline
