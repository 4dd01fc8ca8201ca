"""A deterministic stand-in model for the evaluation (`--model scripted`) and its tests.

It answers the cognition schemas like `BrainResponder`, and adds what the evaluation needs
to exercise every metric without an LLM: interview answers quote the best retrieved
memory, a speaker who remembers a party mentions it (so news spreads through dialogue),
and the judges decide by simple, documented rules (awareness: the lexical rule; support:
every capitalised name of the answer appears in the memories; pairs: the more specific,
i.e. longer, answer wins). Numbers from it measure the harness, never a model.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from npc_brain.llm.protocols import Message
from npc_brain.llm.testing import ScriptedModel
from npc_brain.testing import BrainResponder

_NUMBERED = re.compile(r"^\d+\. (.*)$", re.M)
_QUOTED = re.compile(r'^(Fact|Question|Answer|A|B): "(.*)"$', re.M)
_NAME = re.compile(r"\b[A-Z][a-z]+ [A-Z][a-z]+\b")


def _user(messages: Sequence[Message]) -> str:
    return next((m["content"] for m in reversed(messages) if m["role"] == "user"), "")


def _memories(text: str, title: str) -> list[str]:
    """Numbered lines of the DATA section whose title contains `title`."""
    m = re.search(r"DATA [^\n]*" + re.escape(title) + r"[^\n]*:\n((?:\d+\. .*\n?)+)", text)
    return _NUMBERED.findall(m.group(1)) if m else []


class EvalResponder(BrainResponder):
    """`BrainResponder` plus interview answers, party talk and judge verdicts."""

    def __call__(self, messages: Sequence[Message], schema: type[BaseModel] | None) -> Any:
        name = schema.__name__ if schema is not None else ""
        text = _user(messages)
        if name == "Utterance":
            # Talk about the party when it is among the grounds (news spreads through grounds).
            reply = super().__call__(messages, schema)
            grounds = re.findall(r"^([A-Z]): (.+)$", text, re.MULTILINE)
            party = next(((letter, g) for letter, g in grounds if "party" in g.lower()), None)
            if party is not None:
                reply = dict(reply, about=party[0], say=party[1])
            return reply
        if name == "AwarenessVerdict":
            from npc_brain.eval.metrics import denies

            fields = dict(_QUOTED.findall(text))
            fact_words = set(re.findall(r"[a-z]{4,}", fields.get("Fact", "").lower()))
            answer = fields.get("Answer", "")
            hits = sum(1 for w in fact_words if w in answer.lower())
            return {"aware": hits >= 2 and not denies(answer)}
        if name == "SupportVerdict":
            fields = dict(_QUOTED.findall(text))
            memories = " ".join(_NUMBERED.findall(text))
            unsupported = [n for n in _NAME.findall(fields.get("Answer", "")) if n not in memories]
            return {"supported": not unsupported, "claim": unsupported[0] if unsupported else ""}
        if name == "PairVerdict":
            fields = dict(_QUOTED.findall(text))
            a, b = len(fields.get("A", "")), len(fields.get("B", ""))
            return {"better": "A" if a > b else "B" if b > a else "tie"}
        return super().__call__(messages, schema)


def scripted_model() -> ScriptedModel:
    """A `ScriptedModel` answering with `EvalResponder` (deterministic)."""
    return ScriptedModel(name="scripted-eval").respond_with(EvalResponder())
