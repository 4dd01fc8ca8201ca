"""Dialogue (paper §4.3.2): one utterance at a time, conditioned on memory of the other.

Each line is conditioned on what the speaker retrieves about the listener ("What is
[speaker]'s relationship with [listener]?" plus the last thing said) and the
conversation so far. The player is just another speaker with a name: the same code
path, with their text kept as quoted data.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from npc_brain.cognition import prompts
from npc_brain.cognition.recall import Recall, merged, recall
from npc_brain.cognition.schemas import (
    INTERVIEW_CHARS,
    SPEECH_CHARS,
    SUMMARY_CHARS,
    ConversationSummary,
    InterviewAnswer,
    Utterance,
    text_tokens,
)
from npc_brain.llm.protocols import ChatModel, Embedder
from npc_brain.memory.retrieval import RetrievalWeights
from npc_brain.memory.stream import MemoryView
from npc_brain.persona import Persona


@dataclass(frozen=True, slots=True)
class Said:
    """Result of one dialogue turn: the line, whether the speaker ends the conversation."""

    speaker: str
    text: str
    end: bool
    recalls: tuple[Recall, ...] = ()


def next_utterance(
    model: ChatModel,
    embedder: Embedder,
    view: MemoryView,
    speaker: Persona,
    listener: str,
    now: datetime,
    *,
    doing: str,
    lines: Sequence[tuple[str, str]],
    last_turn: bool = False,
    k: int = 4,
    weights: RetrievalWeights = RetrievalWeights(),
) -> Said:
    """The speaker's next line (ends the conversation when `last_turn`)."""
    queries = [f"What is {speaker.name}'s relationship with {listener}?"]
    if lines:
        queries.append(lines[-1][1])  # what was just said: memories about the topic
    recalls = tuple(recall(view, embedder, queries, now, k=k, weights=weights))
    memories = [r.description for r in merged(recalls, limit=k)]
    out = model.parse(
        prompts.utterance_messages(speaker, listener, now, doing=doing, memories=memories,
                                   lines=lines, turn_cap_reached=last_turn),
        Utterance,
        max_tokens=text_tokens(SPEECH_CHARS),  # the grammar ends the line; the budget must not
        temperature=0.5,
        purpose="dialogue",
        agent=speaker.name,
    )
    return Said(speaker.name, not_to_oneself(out.say, speaker.name), bool(out.end or last_turn), recalls)


def not_to_oneself(text: str, name: str) -> str:
    """Drop the speaker's own name where the line addresses it ("Hi, Isabella!" said by
    Isabella → "Hi!"): a 135M model mixes up who is talking. Only vocatives go; "I'm
    Isabella" stays."""
    first = re.escape(name.split()[0]) if name.strip() else ""
    if not first:
        return text
    # A script-style speaker label ("Maria Lopez: …") is not part of the line.
    out = re.sub(r"^(?:[A-Z][a-z]+ ){0,2}[A-Z][a-z]+:\s+", "", text)
    # "Maria, welcome …" said by Maria.
    out = re.sub(rf"^{first}(?: [A-Z][a-z]+)?[,!]\s+", "", out)
    out = out[:1].upper() + out[1:]
    out = re.sub(rf",\s*{first}\b(?=\s*[!?.,])", "", out)
    out = re.sub(rf"^((?:hi|hello|hey|welcome|dear|thanks|good (?:morning|afternoon|evening))),?\s+{first}\b",
                 r"\1", out, flags=re.IGNORECASE)
    return out.strip() or text


def summarize(
    model: ChatModel, a: str, b: str, lines: Sequence[tuple[str, str]], *, agent: str
) -> ConversationSummary:
    """One-sentence summary of a finished conversation, with its importance."""
    return model.parse(prompts.summary_messages(a, b, lines), ConversationSummary,
                       max_tokens=text_tokens(SUMMARY_CHARS), temperature=0.3, purpose="summary", agent=agent)


def interview(
    model: ChatModel,
    embedder: Embedder,
    view: MemoryView,
    persona: Persona,
    now: datetime,
    question: str,
    *,
    k: int = 6,
    weights: RetrievalWeights = RetrievalWeights(),
    kinds: Iterable[str] | None = None,
) -> tuple[str, tuple[Recall, ...]]:
    """Answer an interviewer in character from retrieved memories (evaluation).

    `kinds` restricts which memory kinds can be retrieved (None: all; empty: none) — the
    ablations of the paper's controlled evaluation (no reflection, no plan, no memory).
    """
    recalls = tuple(recall(view, embedder, [question], now, k=k, weights=weights, kinds=kinds))
    out = model.parse(
        prompts.interview_messages(persona, now, question, [s.record.description for s in recalls[0].results]),
        InterviewAnswer, max_tokens=text_tokens(INTERVIEW_CHARS), temperature=0.5, purpose="interview", agent=persona.name,
    )
    return out.answer, recalls
