"""Output schemas for every cognitive call: small, frozen, clamped.

A 135M model decodes these under a JSON-schema grammar, so each schema is shallow,
field names are short, lists have hard length bounds, and numbers/strings are
clamped *before* validation (a model that writes 25 for an hour gets 23, not an error).
What a small model cannot write well it chooses: plans, steps, actions, reactions and
reflection questions are `Literal`s of options built at runtime (`choices`). Free text
(speech, summaries, insights) carries a `pattern` for the grammar only — a sentence with
no markup, a summary that starts "They talked about" — and is normalised, not rejected,
by its validator, so servers without grammars still get through.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, create_model

from npc_brain.world.place import ACTIVITIES

Activity = Literal[
    "sleep", "eat", "cook", "drink", "work", "study", "shop", "wash", "toilet",
    "socialize", "relax", "exercise", "read", "play", "commute", "other",
]
assert set(get_args(Activity)) == set(ACTIVITIES), "Activity literal out of sync with ACTIVITIES"


def _clamp(lo: int, hi: int) -> Callable[[Any], Any]:
    """Before-validator that coerces to int and clamps into [lo, hi] (bad text → error)."""

    def clamp(value: Any) -> Any:
        if isinstance(value, bool):
            return value
        if isinstance(value, str):
            value = value.strip()
            try:
                value = float(value)
            except ValueError:
                return value  # let pydantic raise its typed error
        if isinstance(value, float):
            value = round(value)
        if isinstance(value, int):
            return max(lo, min(hi, value))
        return value

    return clamp


def _cap(n: int) -> Callable[[Any], Any]:
    """Before-validator that strips control characters and truncates to n chars."""

    def cap(value: Any) -> Any:
        if isinstance(value, str):
            value = "".join(ch for ch in value if ch.isprintable()).strip()
            return value[:n].rstrip()
        return value

    return cap


def _activity(value: Any) -> Any:
    """Unknown activity words become "other" rather than failing the whole plan."""
    if isinstance(value, str):
        v = value.strip().lower()
        return v if v in ACTIVITIES else "other"
    return value


def Int(lo: int, hi: int) -> Any:
    """An int clamped into [lo, hi]; the bounds also go into the JSON schema for the grammar.

    For schemas built at runtime (`create_model`); a class field's annotation spells the
    `Annotated` out as a module-level alias (below), which a type checker can read."""
    return Annotated[int, Field(ge=lo, le=hi), BeforeValidator(_clamp(lo, hi))]


def Text(n: int, min_length: int = 1) -> Any:
    """A printable string capped at n characters (schema says maxLength n); runtime schemas only."""
    return Annotated[str, Field(min_length=min_length, max_length=n), BeforeValidator(_cap(n))]


Act = Annotated[Activity, BeforeValidator(_activity)]
Hour = Annotated[int, Field(ge=0, le=23), BeforeValidator(_clamp(0, 23))]
Importance = Annotated[int, Field(ge=1, le=10), BeforeValidator(_clamp(1, 10))]
_ChunkHours = Annotated[int, Field(ge=1, le=12), BeforeValidator(_clamp(1, 12))]
_ChunkText = Annotated[str, Field(min_length=1, max_length=60), BeforeValidator(_cap(60))]
_InsightText = Annotated[str, Field(min_length=1, max_length=100), BeforeValidator(_cap(100))]
_Citation = Annotated[int, Field(ge=0, le=99), BeforeValidator(_clamp(0, 99))]

_FROZEN = ConfigDict(frozen=True, extra="ignore")


# One character of generated prose: no quotes, backslashes, newlines or template/markup
# characters (a 135M model drifts into "{{data}}" and "[insert text]").
_SPEECH_CHAR = r"[^\"\\{}\[\]<>*_#|~^=+@$%/\n]"  # "&" is in place names


class _Frozen(BaseModel):
    model_config = _FROZEN


# ---------------------------------------------------------------- importance
@cache
def ratings_schema(n: int) -> type[BaseModel]:
    """`{"r": [int 1-10] * n}` — one poignancy rating per numbered memory, exactly n of them.

    Only `bench importance`'s baseline uses it: the library rates one memory per call."""
    return create_model(
        f"Ratings{n}",
        __config__=_FROZEN,
        r=(Annotated[list[Importance], Field(min_length=n, max_length=n)], ...),
    )


# ---------------------------------------------------------------- planning
class DayChunk(_Frozen):
    """One broad stroke of the day: starts at an hour, lasts some hours."""

    # Description first: a small model writes better text before it commits to numbers.
    what: _ChunkText
    act: Act
    start: Hour
    hours: _ChunkHours


class DayPlan(_Frozen):
    """The day in 5–8 broad chunks (paper: 'wake up at 8, go to college …')."""

    chunks: Annotated[list[DayChunk], Field(min_length=3, max_length=8)]


def _choices(options: tuple[str, ...]) -> Any:
    """A `Literal` of option texts: the grammar lets the model write only one of them."""
    if not options:
        raise ValueError("a choice needs at least one option")
    return Literal[tuple(dict.fromkeys(options))]


@cache
def day_slots_schema(slots: tuple[tuple[str, tuple[str, ...]], ...]) -> type[BaseModel]:
    """`{"<part of the day>": one of its options, ...}` in time order ("DaySlots").

    Built per persona and day (`choices.day_slots`): the options are the persona's own
    habits, work, status and intentions plus routine ones, so any answer reads plausibly;
    the model's part is which one, for each part of the day.
    """
    if not slots:
        raise ValueError("a day plan needs at least one part of the day")
    fields: dict[str, Any] = {key: (_choices(options), ...) for key, options in slots}
    return create_model("DaySlots", __config__=_FROZEN, **fields)


@cache
def hour_steps_schema(options: tuple[str, ...], max_steps: int = 6) -> type[BaseModel]:
    """`{"steps": [{"what": one of options, "min": 15-120}, ...]}` ("HourSteps")."""
    step = create_model("Step", __config__=_FROZEN, what=(_choices(options), ...), min=(Int(15, 120), ...))
    max_steps = max(1, min(8, max_steps))
    return create_model(
        "HourSteps", __config__=_FROZEN,
        steps=(Annotated[list[step], Field(min_length=1, max_length=max_steps)], ...),
    )


@cache
def action_steps_schema(options: tuple[str, ...], max_steps: int = 12) -> type[BaseModel]:
    """`{"steps": [{"what": one of options, "min": 5-15}, ...]}` ("ActionSteps").

    Each option names the object it uses ("preparing food at the stove"), so choosing the
    action also chooses the object: the object-level location choice costs no extra call,
    and the `Literal` keeps it to the room's real objects.
    """
    step = create_model("ActionStep", __config__=_FROZEN, what=(_choices(options), ...), min=(Int(5, 15), ...))
    max_steps = max(1, min(12, max_steps))
    return create_model(
        "ActionSteps", __config__=_FROZEN,
        steps=(Annotated[list[step], Field(min_length=1, max_length=max_steps)], ...),
    )


@cache
def _choice_schema(options: tuple[str, ...], with_state: bool) -> type[BaseModel]:
    fields: dict[str, Any] = {"place": (Literal[options], ...)}
    if with_state:
        fields["state"] = (Text(40), ...)
    return create_model("PlaceChoice", __config__=_FROZEN, **fields)


def place_choice_schema(options: list[str] | tuple[str, ...], *, with_state: bool = False) -> type[BaseModel]:
    """`{"place": one of options}` (plus the object's new `state` when choosing an object).

    The options are the *real* known children at one level of the containment tree, so the
    grammar cannot produce a place the agent does not know.
    """
    if not options:
        raise ValueError("a place choice needs at least one option")
    return _choice_schema(tuple(options), with_state)


# ---------------------------------------------------------------- reacting
REACT_OPTIONS = ("going to see what is happening",)


@cache
def react_schema(allow_talk: bool, options: tuple[str, ...] = REACT_OPTIONS, *,
                 talk_first: bool = False) -> type[BaseModel]:
    """Keep the plan, react with a new action (one of `options`), or (when someone is there)
    talk to them. `what` is the reaction's text, unused with "keep". `talk_first` lists
    "talk" first (a small model leans to the first choice): for someone the character knows."""
    choices = ("keep", "react", "talk") if allow_talk else ("keep", "react")
    if allow_talk and talk_first:
        choices = ("talk", "keep", "react")
    return create_model(
        "ReactDecision",
        __config__=_FROZEN,
        do=(_choices(choices), ...),
        what=(_choices(options), ...),
        min=(Int(5, 120), ...),
    )


@cache
def replan_schema(options: tuple[str, ...]) -> type[BaseModel]:
    """What to do instead after a refusal ("Replan"): one of `options` for `min` minutes."""
    return create_model("Replan", __config__=_FROZEN, what=(_choices(options), ...), min=(Int(10, 120), ...))


# ---------------------------------------------------------------- reflecting
@cache
def questions_schema(options: tuple[str, ...]) -> type[BaseModel]:
    """Up to three of the listed high-level questions ("Questions"), most salient first."""
    question: Any = _choices(options)
    return create_model(
        "Questions", __config__=_FROZEN,
        q=(Annotated[list[question], Field(min_length=1, max_length=3)], ...),
    )


class Insight(_Frozen):
    """A high-level statement citing the numbered memories it rests on."""

    text: _InsightText
    because: Annotated[list[_Citation], Field(min_length=1, max_length=5)]
    imp: Importance


class Insights(_Frozen):
    """Up to three insights; the citations are prompt-local numbers, mapped back by the caller."""

    insights: Annotated[list[Insight], Field(min_length=1, max_length=3)]


# Not re.escape: it escapes spaces, which llguidance's regex rejects.
_REGEX_META = re.compile(r"([.^$*+?()\[\]{}|\\])")
_INSIGHT_VERBS = ("is", "cares about", "wants", "likes", "seems", "enjoys", "works", "loves", "plans",
                  "spends", "feels", "values", "has")


@cache
def insights_schema(n_statements: int, people: tuple[str, ...] = ()) -> type[BaseModel]:
    """`Insights` for a prompt of `n_statements` numbered statements ("Insights").

    For the grammar only (validation stays `Insights`', so a made-up citation is still
    dropped by the caller, never clamped into a real one): citations run 1..n, and the text
    opens with a person's name and a verb ("Klaus Mueller cares about …"), the shape of an
    insight, instead of a 135M model's preamble ("The key to understanding this …").
    """
    names = "|".join(_REGEX_META.sub(r"\\\1", p) for p in people) or r"[A-Z][a-z]+(?: [A-Z][a-z]+)?"
    pattern = (r"^(" + names + r") (" + "|".join(_INSIGHT_VERBS) + r") " + _SPEECH_CHAR + r"{3,70}$")
    text = Annotated[str, Field(min_length=1, max_length=100, json_schema_extra={"pattern": pattern}),
                     BeforeValidator(_cap(100))]
    cite = Annotated[int, Field(json_schema_extra={"minimum": 1, "maximum": max(1, n_statements)}),
                     BeforeValidator(_clamp(0, 99))]
    insight = create_model("Insight", __config__=_FROZEN, text=(text, ...),
                           because=(Annotated[list[cite], Field(min_length=1, max_length=3)], ...),
                           imp=(Importance, ...))
    return create_model("Insights", __config__=_FROZEN,
                        insights=(Annotated[list[insight], Field(min_length=1, max_length=3)], ...))


# ---------------------------------------------------------------- dialogue
SPEECH_CHARS = 120
SUMMARY_CHARS = 120
INTERVIEW_CHARS = 200


def text_tokens(chars: int) -> int:
    """A completion budget for a JSON object holding one text field of at most `chars`.

    The grammar already ends the line at `chars`; the budget only has to be out of its way.
    Measured on the 135M model, a 120-character cap with 48 tokens cut 4.7% of dialogue
    lines mid-string (9 of 190 failed after the repair retry) and 72 for 200 characters 8%
    of interview answers: odd text runs near 2 characters per token, so budget for that.
    """
    return chars // 2 + 24


def _speech_pattern(n: int) -> str:
    return r"^[A-Za-z0-9]" + _SPEECH_CHAR + "{0," + str(n - 2) + r"}[.!?]$"


SPEECH_PATTERN = _speech_pattern(SPEECH_CHARS)
"""A spoken line for the grammar: starts with a letter or digit, ends a sentence, and holds
none of the template/markup characters a 135M model drifts into ("{{data}}", "[insert]")."""

_MARKUP = set('{}[]<>*_#|~^=+@$%/"\\')


def _sentence(n: int) -> Callable[[Any], Any]:
    """Before-validator for speech: printable, no markup characters, at most n characters
    ending at a sentence end (cut back to the last one, or closed with a full stop)."""

    def fix(value: Any) -> Any:
        if not isinstance(value, str):
            return value
        text = " ".join("".join(ch for ch in value if ch.isprintable() and ch not in _MARKUP).split())
        text = text.lstrip(" .,;:!?-'")
        if not text:
            return text
        text = text[:n]
        if text[-1] not in ".!?":
            cut = max(text.rfind(". "), text.rfind("! "), text.rfind("? "))
            text = text[:cut + 1] if cut > 0 else text[: n - 1].rstrip(" ,;:-") + "."
        return text

    return fix


def Speech(n: int = SPEECH_CHARS) -> Any:
    """A spoken line: one or two sentences, no markup (the grammar sees SPEECH_PATTERN)."""
    # The pattern shapes the grammar only; validation normalises instead (`_sentence`), so a
    # reply from a server without grammars is cleaned, not rejected.
    return Annotated[str, Field(min_length=2, max_length=n, json_schema_extra={"pattern": _speech_pattern(n)}),
                     BeforeValidator(_sentence(n))]


@cache
def utterance_schema(grounds: tuple[str, ...]) -> type[BaseModel]:
    """`{"about": one of grounds, "say": a line, "end": bool}` ("Utterance").

    The speaker first chooses what the line is about among the grounds the code offers
    (memories, the current action, the plan, who it is), by letter, then says it; the grounding check
    holds the line to that ground. Short, and a sentence: a 135M model's line only gets
    worse (it loops or drifts) after a sentence or two."""
    return create_model("Utterance", __config__=_FROZEN, about=(_choices(grounds), ...),
                        say=(Speech(), ...), end=(bool, ...))


SUMMARY_PATTERN = r"^They talked about " + _SPEECH_CHAR + r"{3,90}$"


class ConversationSummary(_Frozen):
    """What a conversation was about, and how much it matters (1–10). The grammar starts the
    sentence ("They talked about …"): a 135M model otherwise copies a line of the talk."""

    summary: Annotated[
        str,
        Field(min_length=1, max_length=SUMMARY_CHARS, json_schema_extra={"pattern": SUMMARY_PATTERN}),
        BeforeValidator(_cap(SUMMARY_CHARS)),
    ]
    imp: Importance


@cache
def interview_schema(grounds: tuple[str, ...]) -> type[BaseModel]:
    """`{"about": one of grounds, "answer": …}` ("InterviewAnswer"): an answer to an
    interviewer's question (evaluation), grounded like a line of dialogue."""
    return create_model("InterviewAnswer", __config__=_FROZEN, about=(_choices(grounds), ...),
                        answer=(Speech(INTERVIEW_CHARS), ...))
