"""Sampling settings per call purpose for the embedded engine (llama.cpp's sampler chain).

The cognitive core passes a temperature with every call; what else shapes the sampling
depends on what the call is for, so the embedded backend looks it up by `purpose`:

- choices (plans, places, ratings): grammar-constrained picks among listed options. A
  moderate nucleus (`top_p`) keeps a 135M model from drifting into its long tail.
- speech (dialogue, interviews, summaries): free text. llama.cpp feeds the prompt tokens
  through the penalty samplers too, so DRY ("don't repeat yourself") discourages copying
  memory lines and the other speaker's words verbatim, and stops a line looping on itself.
- insights: copying a statement is the safe failure there, so they sample as choices.

Unknown purposes get `Sampling()` (llama.cpp's defaults). The OpenAI-compatible backend
does not use these: a hosted model has its own defaults, and the fields are not portable.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True, slots=True)
class Sampling:
    """llama.cpp sampler settings; None leaves the server's default."""

    top_p: float | None = None
    min_p: float | None = None
    top_k: int | None = None
    repeat_penalty: float | None = None
    repeat_last_n: int | None = None
    presence_penalty: float | None = None
    dry_multiplier: float | None = None
    dry_allowed_length: int | None = None
    dry_penalty_last_n: int | None = None

    def body(self) -> dict[str, Any]:
        """The request-body fields (only those set)."""
        return {k: v for k, v in asdict(self).items() if v is not None}


CHOICE = Sampling(top_p=0.9, min_p=0.05)
# DRY, not the classic repeat penalty: on the 135M model a repeat penalty over the prompt
# also pushed away the persona's own words (its name, its café) and drifted into
# "{{#replacer}}"-style junk; DRY only punishes repeating a run of 4+ tokens.
SPEECH = Sampling(top_p=0.9, min_p=0.05, dry_multiplier=0.8, dry_allowed_length=3,
                  dry_penalty_last_n=1024)

DEFAULT_SAMPLING: Mapping[str, Sampling] = MappingProxyType({
    "importance": CHOICE,
    "plan_day": CHOICE,
    "plan_hour": CHOICE,
    "plan_action": CHOICE,
    "location": CHOICE,
    "react": CHOICE,
    "reflect_questions": CHOICE,
    "reflect_insights": CHOICE,
    "dialogue": SPEECH,
    "interview": SPEECH,
    "summary": SPEECH,
})
"""Settings by purpose (the `purpose` labels the cognitive core uses)."""


def sampling_for(purpose: str, table: Mapping[str, Sampling] = DEFAULT_SAMPLING) -> Sampling:
    """The settings for `purpose` (llama.cpp's defaults when it is not listed)."""
    return table.get(purpose, Sampling())
