"""Structured output: schema preparation, JSON extraction, validation, the one repair."""

from __future__ import annotations

import enum
import json
from typing import Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from npc_brain.llm.errors import LLMOutputError
from npc_brain.llm.structured import (
    ReplyInvalid,
    extract_json,
    inline_refs,
    spec_for,
    validate_reply,
)
from npc_brain.llm.testing import ScriptedModel

FROZEN = ConfigDict(frozen=True)


class Mood(enum.StrEnum):
    HAPPY = "happy"
    SAD = "sad"


class Step(BaseModel):
    model_config = FROZEN
    place: Literal["Hobbs Cafe", "Library", "Home"]
    minutes: int = Field(ge=5, le=120)
    mood: Mood


class Plan(BaseModel):
    model_config = FROZEN
    steps: list[Step] = Field(min_length=1, max_length=4)
    note: str | None = None


class Rating(BaseModel):
    model_config = FROZEN
    rating: int = Field(ge=1, le=10)


class Node(BaseModel):
    name: str
    children: list[Node] = []


MSGS = [{"role": "system", "content": "You are Klaus."}, {"role": "user", "content": "Plan."}]


# -- schema → request ---------------------------------------------------------------------------


def test_inline_refs_removes_every_ref_of_nested_models() -> None:
    js = inline_refs(Plan.model_json_schema())
    text = json.dumps(js)
    assert "$ref" not in text and "$defs" not in text
    step = js["properties"]["steps"]["items"]
    assert step["properties"]["mood"]["enum"] == ["happy", "sad"]
    assert step["properties"]["minutes"]["minimum"] == 5


def test_inline_refs_keeps_recursive_schema_intact() -> None:
    original = Node.model_json_schema()
    assert inline_refs(original) == original


def test_json_schema_mode_sends_schema_and_leaves_prompt_alone() -> None:
    spec = spec_for(Plan, "json_schema")
    assert spec.response_format["type"] == "json_schema"
    assert spec.response_format["json_schema"]["name"] == "Plan"
    assert spec.prepare(MSGS) == tuple(MSGS)


@pytest.mark.parametrize("mode", ["json_object", "prompt"])
def test_other_modes_put_the_schema_into_the_last_user_message(mode: str) -> None:
    spec = spec_for(Plan, mode)  # type: ignore[arg-type]
    sent = spec.prepare(MSGS)
    assert sent[0] == MSGS[0]
    assert sent[1]["content"].startswith("Plan.\n\n")
    assert '"Hobbs Cafe"' in sent[1]["content"] and "JSON" in sent[1]["content"]
    assert (spec.response_format is None) == (mode == "prompt")


def test_xllamacpp_grammar_converter_accepts_our_schemas() -> None:
    xllamacpp = pytest.importorskip("xllamacpp")
    for schema in (Plan, Rating, Step):
        grammar = xllamacpp.json_schema_to_grammar(spec_for(schema, "json_schema").json_schema)
        assert grammar.strip()
    with pytest.raises(ValueError):
        xllamacpp.json_schema_to_grammar("{not json")


# -- reply → object -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        '{"rating": 4}',
        '```json\n{"rating": 4}\n```',
        'Sure! Here is the answer:\n{"rating": 4}\nHope that helps.',
        'Thinking [draft] ... {"rating": 4}',
        '```\n{"rating": 4}\n```',
    ],
)
def test_extract_json_finds_the_object(text: str) -> None:
    assert extract_json(text) == {"rating": 4}


@pytest.mark.parametrize("text", ["", "   \n", "I would rate it four.", '{"rating": 4'])
def test_extract_json_rejects_replies_without_json(text: str) -> None:
    with pytest.raises(ReplyInvalid):
        extract_json(text)


def test_validate_reply_accepts_bare_value_for_one_field_schema() -> None:
    assert validate_reply("7", Rating) == Rating(rating=7)


def test_validate_reply_unwraps_object_under_schema_name() -> None:
    assert validate_reply('{"Rating": {"rating": 3}}', Rating) == Rating(rating=3)


def test_validate_reply_explains_the_error_in_model_terms() -> None:
    with pytest.raises(ReplyInvalid) as err:
        validate_reply('{"rating": 42}', Rating)
    assert "rating" in str(err.value) and "10" in str(err.value) and "42" in str(err.value)


# -- the repair loop (through ScriptedModel, which uses the real loop) -------------------------


def test_valid_first_reply_needs_no_repair() -> None:
    model = ScriptedModel().enqueue({"rating": 5})
    parsed = model.parse_with_usage(MSGS, Rating, purpose="importance")
    assert parsed.value == Rating(rating=5) and parsed.repairs == 0 and parsed.usage.requests == 1
    assert len(model.history) == 1


def test_not_json_then_repair_succeeds_and_repair_prompt_shows_the_error() -> None:
    model = ScriptedModel().enqueue("I think it is a seven.", '{"rating": 7}')
    parsed = model.parse_with_usage(MSGS, Rating)
    assert parsed.value.rating == 7 and parsed.repairs == 1 and parsed.usage.requests == 2
    repair = model.history[1]
    assert repair.attempt == 1
    assert repair.messages[-2] == {"role": "assistant", "content": "I think it is a seven."}
    assert "not valid JSON" in repair.messages[-1]["content"]


def test_wrong_shape_twice_raises_output_error_with_raw_text() -> None:
    model = ScriptedModel().enqueue({"score": 3}, {"rating": 99})
    with pytest.raises(LLMOutputError) as err:
        model.parse(MSGS, Rating)
    assert err.value.raw == '{"rating": 99}'
    assert err.value.schema == "Rating"
    assert err.value.usage.requests == 2
    assert "rating" in model.history[1].messages[-1]["content"]  # the first error was shown


def test_empty_reply_is_repaired() -> None:
    model = ScriptedModel().enqueue("", {"rating": 2})
    assert model.parse(MSGS, Rating).rating == 2
    assert "empty" in model.history[1].messages[-1]["content"]


def test_empty_plain_completion_is_an_output_error() -> None:
    model = ScriptedModel().enqueue("   ")
    with pytest.raises(LLMOutputError):
        model.complete(MSGS)


def test_nested_schema_with_enum_parses_to_frozen_objects() -> None:
    plan = {"steps": [{"place": "Library", "minutes": 30, "mood": "happy"}]}
    model = ScriptedModel().enqueue(plan)
    out = model.parse(MSGS, Plan)
    assert out.steps[0].mood is Mood.HAPPY
    with pytest.raises(ValidationError):
        out.steps[0].minutes = 3  # type: ignore[misc]
