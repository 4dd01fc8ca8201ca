"""Waiting in tests on a condition, with a generous limit, never on a fixed sleep or frame count.

A busy machine (two CPU hogs beside the suite) makes threads late, not wrong: a test that waits
for what it needs, up to a limit far beyond a quiet machine's time, passes on both.
"""
from __future__ import annotations

import time
from collections.abc import Callable

GENEROUS_S = 60.0
"""How long a test waits for something a quiet machine does in milliseconds."""


def wait_until(condition: Callable[[], object], timeout: float = GENEROUS_S, poll: float = 0.002) -> bool:
    """Poll `condition` until it is true (True) or `timeout` seconds pass (False)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() >= deadline:
            return False
        time.sleep(poll)
    return True
