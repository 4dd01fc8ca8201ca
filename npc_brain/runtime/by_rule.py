"""ByRule: a job's view of the model where choices no call could change are made by rule.

A choice among one option is no choice: a news turn between NPCs offers only its news
(`answers.candidates`), and asking the model to pick it cost a call a line. And the code offers
every choice best first ("a small model leans to the first"; on the 135M model the pick was the
first letter nearly always): where no player can see the outcome — a line between two NPCs out
of view — the first option is taken without a call (`BrainSettings.unwatched_lines_by_rule`);
the facts said are the same ones, from the same grounds. Every other request goes to the inner
model (the job's `MeteredModel`).
"""
from __future__ import annotations

from collections.abc import Iterable

from npc_brain.llm.calls import Choice, Usage
from npc_brain.llm.protocols import ChatModel
from npc_brain.llm.request import Answer, ModelRequest, RequestModel, ask

__all__ = ["ByRule"]


class ByRule(RequestModel):
    """Answers a choice of one of `purposes` that has a single option — or, with `every`, any
    such choice — with its first option, no call; passes the rest on. `decided` counts them."""

    def __init__(self, inner: ChatModel, purposes: Iterable[str], *, every: bool = False) -> None:
        self.inner = inner
        self.name = inner.name
        self.purposes = frozenset(purposes)
        self.every = every
        self.decided = 0

    def answer(self, request: ModelRequest) -> Answer:
        """The first option of a rule's choice; the inner model's answer to anything else."""
        options = request.options
        if request.kind == "choose" and request.purpose in self.purposes and options \
                and (self.every or len(options) == 1):
            self.decided += 1
            probs = (1.0, *(0.0 for _ in options[1:]))
            return Choice(options, probs, Usage(), options[0], from_logprobs=False)
        return ask(self.inner, request)
