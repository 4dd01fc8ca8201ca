"""Compact JSON grammars: closed objects, no free whitespace, both grammar dialects."""

from __future__ import annotations

import json

import pytest

from npc_brain.llm.errors import LLMRequestError
from npc_brain.llm.grammar import closed, compact_grammar

SCHEMA = {
    "type": "object",
    "properties": {
        "steps": {
            "type": "array",
            "items": {"type": "object", "properties": {"what": {"type": "string"}}, "required": ["what"]},
        },
        "extra": {"type": "object", "additionalProperties": {"type": "integer"}},
    },
    "required": ["steps"],
}


def test_every_object_is_closed_unless_it_says_otherwise() -> None:
    out = closed(SCHEMA)
    assert out["additionalProperties"] is False
    assert out["properties"]["steps"]["items"]["additionalProperties"] is False
    assert out["properties"]["extra"]["additionalProperties"] == {"type": "integer"}  # kept
    assert "additionalProperties" not in SCHEMA  # the input is not modified


def test_llguidance_grammar_pins_the_layout() -> None:
    seen: list[dict] = []

    def converter(text: str) -> str:
        seen.append(json.loads(text))
        return "%llguidance {}\nstart: %json " + text

    grammar = compact_grammar(SCHEMA, converter)
    assert grammar.startswith("%llguidance")
    options = seen[0]["x-guidance"]
    assert options["whitespace_flexible"] is False
    assert options["item_separator"] == ", " and options["key_separator"] == ": "
    assert list(seen[0]["properties"]) == list(SCHEMA["properties"])  # the order the model writes them


def test_gbnf_grammar_loses_its_optional_whitespace() -> None:
    gbnf = 'root ::= "{" space "\\"a\\"" space ":" space string "}" space\nspace ::= | " " | "\\n" [ \\t]{0,20}\n'
    grammar = compact_grammar(SCHEMA, lambda text: gbnf)
    assert 'space ::= ""' in grammar and "\\n" not in grammar.split("space ::=")[1]


def test_a_schema_the_converter_rejects_is_a_request_error() -> None:
    def broken(text: str) -> str:
        raise RuntimeError("unsupported keyword")

    with pytest.raises(LLMRequestError, match="grammar"):
        compact_grammar(SCHEMA, broken)


def test_the_real_converter_builds_a_one_line_grammar() -> None:
    pytest.importorskip("xllamacpp")
    grammar = compact_grammar(SCHEMA)
    assert "additionalProperties" in grammar or "space" in grammar
