"""Compact JSON grammars for the embedded engine: no optional whitespace, no extra keys.

llama.cpp's `json_schema` response format allows any whitespace between tokens, and a
135M model uses it: pretty-printed JSON spends ~30–40% of the completion on newlines and
indentation, and long replies get cut off at `max_tokens`. Here the schema is compiled
once into a grammar string (`xllamacpp.json_schema_to_grammar`) that pins the layout to
one line, and the backend sends it as the request's `grammar`.

Two grammar dialects come out of that converter, depending on how llama.cpp was built:
- llguidance (`%llguidance` header, a `%json {...}` directive): the schema gets llguidance's
  top-level `"x-guidance"` options (`whitespace_flexible: false`, fixed separators).
- GBNF: the converter's `space` rule (optional blanks and newlines) is replaced by an
  empty rule.
Either way every object is closed (`additionalProperties: false`): unlike the server's own
converter, llguidance follows JSON-schema semantics and would otherwise let the model add keys.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from npc_brain.llm.errors import LLMRequestError

ITEM_SEPARATOR = ", "
KEY_SEPARATOR = ": "
"""`{"a": 1, "b": [2, 3]}`: one space after separators. It costs no extra tokens (the space
merges into the next token) and keeps the 135M model on the JSON layout it was trained on;
forcing `{"a":1}` measurably pushed it off course (see docs in the report)."""

_SPACE_RULE = re.compile(r"^space\s*::=.*$", re.MULTILINE)

Converter = Callable[[str], str]


def closed(schema: Any) -> Any:
    """A copy of a JSON schema in which every object forbids keys it does not list."""
    if isinstance(schema, dict):
        out = {k: closed(v) for k, v in schema.items()}
        if (out.get("type") == "object" or "properties" in out) and "additionalProperties" not in out:
            out["additionalProperties"] = False
        return out
    if isinstance(schema, list):
        return [closed(v) for v in schema]
    return schema


def _default_converter() -> Converter:
    try:
        from xllamacpp import json_schema_to_grammar
    except ImportError:  # pragma: no cover - the embedded backend already needs xllamacpp
        raise LLMRequestError("compact JSON needs xllamacpp.json_schema_to_grammar") from None
    convert: Converter = json_schema_to_grammar
    return convert


def compact_grammar(schema: Mapping[str, Any], converter: Converter | None = None) -> str:
    """The grammar for `schema` with single-line JSON and closed objects.

    Raises `LLMRequestError` when the converter rejects the schema.
    """
    body = closed(dict(schema))
    convert = converter or _default_converter()
    options = {
        "whitespace_flexible": False,
        "item_separator": ITEM_SEPARATOR,  # a regex to llguidance: keep it free of specials
        "key_separator": KEY_SEPARATOR,
    }
    try:
        grammar = convert(json.dumps({"x-guidance": options, **body}, ensure_ascii=False))
    except (RuntimeError, ValueError) as exc:  # what the converter raises for a schema it rejects
        raise LLMRequestError(f"cannot build a grammar for this schema: {exc}") from None
    if grammar.lstrip().startswith("%llguidance"):
        return grammar
    # A GBNF build ignores "x-guidance": convert the plain schema and drop its whitespace.
    try:
        grammar = convert(json.dumps(body, ensure_ascii=False))
    except (RuntimeError, ValueError) as exc:
        raise LLMRequestError(f"cannot build a grammar for this schema: {exc}") from None
    return _SPACE_RULE.sub('space ::= ""', grammar)


@lru_cache(maxsize=512)
def _cached(schema_json: str) -> str:
    return compact_grammar(json.loads(schema_json))


def grammar_for(schema: Mapping[str, Any]) -> str:
    """`compact_grammar` memoised by the schema's JSON text (runtime-built schemas repeat)."""
    # Not sort_keys: property order is part of the grammar (the model writes them in order).
    return _cached(json.dumps(schema, ensure_ascii=False))


def choice_grammar(options: Sequence[str]) -> str:
    """A GBNF grammar whose only replies are `options` (any llama.cpp build takes GBNF)."""
    return "root ::= " + " | ".join(json.dumps(o) for o in options)
