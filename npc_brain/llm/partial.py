"""Partial JSON: the value of one string field of a reply still being generated.

A streamed structured reply arrives as `{"about":"…","say":"Hello th`; the player should see
"Hello th" now, not the JSON and not only when it closes. This reads the (possibly unclosed)
string value of a top-level key from the text so far, decoding JSON escapes, and never
raises on what a model may send.
"""
from __future__ import annotations

import json
import re

__all__ = ["partial_string"]

_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


def partial_string(raw: str, key: str) -> str | None:
    """The (possibly unfinished) string value of `key` in `raw`, or None before it starts."""
    m = re.search(r'"' + re.escape(key) + r'"\s*:\s*"', raw)
    if m is None:
        return None
    out: list[str] = []
    i = m.end()
    while i < len(raw):
        ch = raw[i]
        if ch == '"':
            break
        if ch == "\\":
            if i + 1 >= len(raw):
                break  # an escape cut in half: wait for the rest
            nxt = raw[i + 1]
            if nxt == "u":
                code = raw[i + 2:i + 6]
                if len(code) < 4:
                    break
                try:
                    out.append(json.loads(f'"\\u{code}"'))
                except ValueError:
                    pass
                i += 6
                continue
            out.append(_ESCAPES.get(nxt, nxt))
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)
