"""Output schemas for every cognitive call: small, frozen, clamped.

A 135M model decodes these under a JSON-schema grammar, so each schema is shallow,
field names are short, lists have hard length bounds, and numbers/strings are
clamped *before* validation (a model that writes 25 for an hour gets 23, not an error).
Choices that depend on the world (place names) are built at runtime as `Literal`s.
"""
from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, create_model

from npc_brain.world.place import ACTIVITIES

Activity = Literal[
    "sleep", "eat", "cook", "drink", "work", "study", "shop", "wash", "toilet",
    "socialize", "relax", "exercise", "read", "play", "commute", "other",
]
assert set(Activity.__args__) == set(ACTIVITIES), "Activity literal out of sync with ACTIVITIES"


def _clamp(lo: int, hi: int):
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


def _cap(n: int):
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


def Int(lo: int, hi: int):  # noqa: N802 - type factory
    """An int clamped into [lo, hi]; the bounds also go into the JSON schema for the grammar."""
    return Annotated[int, Field(ge=lo, le=hi), BeforeValidator(_clamp(lo, hi))]


def Text(n: int, min_length: int = 1):  # noqa: N802 - type factory
    """A printable string capped at n characters (schema says maxLength n)."""
    return Annotated[str, Field(min_length=min_length, max_length=n), BeforeValidator(_cap(n))]


Act = Annotated[Activity, BeforeValidator(_activity)]
Hour = Int(0, 23)
Importance = Int(1, 10)

_FROZEN = ConfigDict(frozen=True, extra="ignore")


class _Frozen(BaseModel):
    model_config = _FROZEN


# ---------------------------------------------------------------- importance
@cache
def ratings_schema(n: int) -> type[BaseModel]:
    """`{"r": [int 1-10] * n}` — one poignancy rating per numbered memory, exactly n of them."""
    return create_model(
        f"Ratings{n}",
        __config__=_FROZEN,
        r=(Annotated[list[Importance], Field(min_length=n, max_length=n)], ...),
    )


# ---------------------------------------------------------------- planning
class DayChunk(_Frozen):
    """One broad stroke of the day: starts at an hour, lasts some hours."""

    # Description first: a small model writes better text before it commits to numbers.
    what: Text(60)
    act: Act
    start: Hour
    hours: Int(1, 12)


class DayPlan(_Frozen):
    """The day in 5–8 broad chunks (paper: 'wake up at 8, go to college …')."""

    chunks: Annotated[list[DayChunk], Field(min_length=3, max_length=8)]


class Step(_Frozen):
    """One sub-step of a plan entry, `min` minutes long."""

    what: Text(60)
    act: Act
    min: Int(5, 120)


class HourSteps(_Frozen):
    """A day chunk decomposed into roughly hour-long steps (durations in minutes)."""

    steps: Annotated[list[Step], Field(min_length=1, max_length=8)]


class ActionStep(_Frozen):
    """A 5–15 minute action."""

    what: Text(50)
    act: Act
    min: Int(5, 15)


class ActionSteps(_Frozen):
    """An hour step decomposed into 5–15 minute actions."""

    steps: Annotated[list[ActionStep], Field(min_length=1, max_length=12)]


@cache
def action_steps_schema(objects: tuple[str, ...] = (), max_steps: int = 12) -> type[BaseModel]:
    """`ActionSteps`, plus per action the object used (`obj`, one of the room's known objects
    or "none") and what that object is doing meanwhile (`state`, e.g. "brewing coffee").

    Folding the object-level location choice into the decomposition call saves one call per
    action; the `Literal` keeps the choice to real objects.
    """
    max_steps = max(1, min(12, max_steps))
    if not objects:
        return create_model(
            "ActionSteps",
            __base__=ActionSteps,
            steps=(Annotated[list[ActionStep], Field(min_length=1, max_length=max_steps)], ...),
        )
    step = create_model(
        "ObjectActionStep",
        __config__=_FROZEN,
        what=(Text(50), ...),
        act=(Act, ...),
        min=(Int(5, 15), ...),
        obj=(Literal[(*objects, "none")], ...),  # type: ignore[valid-type]
        state=(Text(30), ...),
    )
    return create_model(
        "ObjectActionSteps",
        __config__=_FROZEN,
        steps=(Annotated[list[step], Field(min_length=1, max_length=max_steps)], ...),  # type: ignore[valid-type]
    )


@cache
def _choice_schema(options: tuple[str, ...], with_state: bool) -> type[BaseModel]:
    fields: dict[str, Any] = {"place": (Literal[options], ...)}  # type: ignore[valid-type]
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
@cache
def react_schema(allow_talk: bool) -> type[BaseModel]:
    """Keep the plan, react with a new action, or (when someone is there) talk to them."""
    choices = ("keep", "react", "talk") if allow_talk else ("keep", "react")
    return create_model(
        "ReactDecision",
        __config__=_FROZEN,
        do=(Literal[choices], ...),  # type: ignore[valid-type]
        what=(Text(60), ...),
        act=(Act, ...),
        min=(Int(5, 120), ...),
    )


class Replan(_Frozen):
    """What to do instead after a refusal: a new action for `min` minutes."""

    what: Text(60)
    act: Act
    min: Int(5, 120)


# ---------------------------------------------------------------- reflecting
class Questions(_Frozen):
    """The most salient high-level questions about recent memories."""

    q: Annotated[list[Text(80)], Field(min_length=1, max_length=3)]


class Insight(_Frozen):
    """A high-level statement citing the numbered memories it rests on."""

    text: Text(100)
    because: Annotated[list[Int(0, 99)], Field(min_length=1, max_length=5)]
    imp: Importance


class Insights(_Frozen):
    """Up to three insights; the citations are prompt-local numbers, mapped back by the caller."""

    insights: Annotated[list[Insight], Field(min_length=1, max_length=3)]


# ---------------------------------------------------------------- dialogue
class Utterance(_Frozen):
    """One line of a conversation; `end` closes it after this line."""

    say: Text(160)
    end: bool


class ConversationSummary(_Frozen):
    """What a conversation was about, and how much it matters (1–10)."""

    summary: Text(160)
    imp: Importance


class InterviewAnswer(_Frozen):
    """An answer to an interviewer's question (evaluation)."""

    answer: Text(200)
