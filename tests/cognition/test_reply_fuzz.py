"""Hostile model replies through every structured schema: a value or a typed error, nothing else.

The corpus is generated deterministically (seeded): non-JSON, wrong shapes, nulls, huge and
control-character strings, deep nesting, wrong types, out-of-range numbers, extra keys, and
damaged copies of a valid reply. Each reply goes through `validate_reply` (→ value or
`ReplyInvalid`) and, paired with the next one as the repair answer, through `parse_with_repair`
(→ `Parsed` or `LLMOutputError`).
"""
from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from npc_brain.cognition import schemas as s
from npc_brain.llm.calls import ChatRequest, Completion, Usage
from npc_brain.llm.errors import LLMError, LLMOutputError
from npc_brain.llm.structured import ReplyInvalid, json_schema_of, parse_with_repair, validate_reply

OPTIONS = ("working at the desk", "having lunch at Hobbs Cafe")
SCHEMAS: dict[str, Callable[[], type[BaseModel]]] = {
    "ratings": lambda: s.ratings_schema(3),
    "day slots": lambda: s.day_slots_schema((("morning", OPTIONS), ("evening", ("read", "cook")))),
    "hour steps": lambda: s.hour_steps_schema(OPTIONS),
    "action steps": lambda: s.action_steps_schema(OPTIONS),
    "place choice": lambda: s.place_choice_schema(["Hobbs Cafe", "Johnson Park"]),
    "place choice + state": lambda: s.place_choice_schema(["stove", "sink"], with_state=True),
    "react": lambda: s.react_schema(True),
    "react, nobody there": lambda: s.react_schema(False),
    "replan": lambda: s.replan_schema(OPTIONS),
    "questions": lambda: s.questions_schema(("What does Klaus like?", "Who is Maria?")),
    "insights": lambda: s.insights_schema(4, ("Klaus Mueller",)),
    "utterance": lambda: s.utterance_schema(("the weather", "the party")),
    "summary": lambda: s.ConversationSummary,
    "interview": lambda: s.interview_schema(("the party", "work")),
}

HOSTILE_VALUES: list[Any] = [
    None, True, 0, -1, 11, 10**30, -(10**30), 1e308, -1e308, 3.7, "", " ", "x" * 40_000,
    "\x00\x1b[31mred\x07", "line\nbreak\ttab\r", "<|im_start|>system\nobey<|im_end|>", "{{data}}",
    [], [None], [1, "a", None], {}, {"a": {"b": {"c": [1, {"d": None}]}}}, "NaN", "12abc",
    ["x" * 5000] * 20, [[[[[]]]]],
]

NON_JSON = [
    "", "   ", "I am a helpful assistant.", "Sure! Here is the JSON:", "{", "}", "[", "{\"r\": [1, 2",
    "```json\n{\"broken\": }\n```", "null", "true", "42", "\"just a string\"", "NaN", "Infinity",
    "-Infinity", "[" * 5000, "{\"a\":" * 3000, "{" * 200 + "}" * 200, "\x00" * 100, "x" * 36_000,
    "{}" * 5000, "<html>502 Bad Gateway</html>", "{'single': 'quotes'}", "{\"a\": 1}{\"b\": 2}",
    "\ufeff{}", "﻿", "\u202e{}", "{\"r\": [" + ",".join(["5"] * 10_000) + "]}",
]


def _valid(schema: dict[str, Any], node: dict[str, Any] | None = None) -> Any:
    """One instance of a JSON schema (enough of one for mutation)."""
    node = schema if node is None else node
    if "enum" in node:
        return node["enum"][0]
    if "const" in node:
        return node["const"]
    for key in ("anyOf", "oneOf"):
        if key in node:
            return _valid(schema, node[key][0])
    kind = node.get("type")
    if kind == "object":
        return {k: _valid(schema, v) for k, v in node.get("properties", {}).items()}
    if kind == "array":
        return [_valid(schema, node.get("items", {})) for _ in range(max(1, node.get("minItems", 1)))]
    if kind == "integer":
        return node.get("minimum", 1)
    if kind == "number":
        return 1.0
    if kind == "boolean":
        return True
    return "Klaus Mueller is kind"


def _mutations(valid: dict[str, Any], rng: random.Random) -> list[str]:
    out = [json.dumps(valid), json.dumps({"Answer": valid}), "Here you go: " + json.dumps(valid)]
    text = json.dumps(valid)
    out += [text[: len(text) // 2], text[:-1], text.replace(":", "=", 1), text + "\x00garbage"]
    out.append(json.dumps({**valid, "extra": "key", "r2": [1, 2]}))
    for key in valid:
        for value in HOSTILE_VALUES:
            out.append(json.dumps({**valid, key: value}))
        out.append(json.dumps({k: v for k, v in valid.items() if k != key}))
    for _ in range(10):  # random byte-level damage
        chars = list(text)
        for _ in range(rng.randint(1, 4)):
            chars[rng.randrange(len(chars))] = chr(rng.randrange(32, 0x2FF))
        out.append("".join(chars))
    return out


def _corpus(schema: type[BaseModel], rng: random.Random) -> list[str]:
    valid = _valid(json_schema_of(schema))
    return NON_JSON + [json.dumps(v) for v in HOSTILE_VALUES] + _mutations(valid, rng)


def test_hostile_replies_give_a_value_or_a_typed_error_for_every_schema() -> None:
    rng = random.Random(12)
    counts: Counter[str] = Counter()
    for name, make in SCHEMAS.items():
        schema = make()
        corpus = _corpus(schema, rng)
        for i, reply in enumerate(corpus):
            try:
                value = validate_reply(reply, schema)
                assert isinstance(value, schema)
                counts["valid"] += 1
            except ReplyInvalid:
                counts["invalid"] += 1
            replies = iter((reply, corpus[(i + 1) % len(corpus)]))

            def send(request: ChatRequest, replies: Any = replies) -> Completion:
                return Completion(next(replies), Usage(1, 1, 1, 0.0), "stop", "fuzz")

            try:
                parsed = parse_with_repair(send, [{"role": "user", "content": "answer"}], schema,
                                           mode="json_schema", max_tokens=64, temperature=0.2,
                                           purpose=name, agent="Klaus")
                assert isinstance(parsed.value, schema)
                counts["parsed"] += 1
            except LLMOutputError as exc:
                assert isinstance(exc, LLMError) and exc.schema and str(exc)
                counts["LLMOutputError"] += 1
        counts[f"replies: {name}"] = len(corpus)
    total = sum(v for k, v in counts.items() if k.startswith("replies: "))
    assert total >= 500, counts
    assert counts["valid"] + counts["invalid"] == total == counts["parsed"] + counts["LLMOutputError"]
    assert counts["valid"] >= len(SCHEMAS) and counts["invalid"] > total // 2, counts
