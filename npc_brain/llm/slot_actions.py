"""`SlotActions`: save a llama.cpp slot's prompt state to a file, or restore one into a slot.

llama.cpp's server does this on `POST /slots/{id}?action=save|restore` when it was started
with a `slot_save_path`; the embedded engine listens on loopback with its own API key, so
these are local HTTP requests (measured on SmolLM2-135M: a 168-token state is 3.9 MB,
saved in ~2 ms and restored in ~1 ms, and the restored prompt's next call reads 157 of its
165 tokens from the cache instead of computing them).
"""
from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any, Protocol


class SlotStore(Protocol):
    """Where prompt states go: a slot's state saved under a file name, or restored from one."""

    def save(self, slot: int, name: str) -> int:
        """Save `slot`'s prompt state as `name`: the bytes written, 0 when the engine refused."""
        ...

    def restore(self, slot: int, name: str) -> bool:
        """Load the state saved as `name` into `slot`; False when the engine refused."""
        ...


class SlotActions:
    """`SlotStore` on a llama.cpp server's slot endpoints (`base_url` without `/v1`)."""

    def __init__(self, base_url: str, api_key: str | None, *, timeout_s: float = 10.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.timeout_s = timeout_s

    def save(self, slot: int, name: str) -> int:
        body = self._act(slot, "save", name)
        try:
            return max(0, int(body.get("n_written") or 0)) if body is not None else 0
        except (TypeError, ValueError):
            return 0

    def restore(self, slot: int, name: str) -> bool:
        return self._act(slot, "restore", name) is not None

    def _act(self, slot: int, action: str, name: str) -> dict[str, Any] | None:
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        request = urllib.request.Request(
            f"{self.base_url}/slots/{int(slot)}?action={action}",
            data=json.dumps({"filename": name}).encode(), method="POST", headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout_s) as reply:
                body = json.loads(reply.read() or b"{}")
        except (urllib.error.URLError, OSError, ValueError):
            return None
        return body if isinstance(body, dict) and "error" not in body else None
