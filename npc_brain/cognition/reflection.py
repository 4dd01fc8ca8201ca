"""Reflection (paper §4.2): questions from recent memories → retrieval → insights citing evidence."""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np

from npc_brain.cognition import prompts
from npc_brain.cognition.newsworthy import ROUTINE
from npc_brain.cognition.recall import Recall, merged, recall
from npc_brain.cognition.schemas import insights_schema, questions_schema
from npc_brain.language.facts import content_words
from npc_brain.llm.protocols import ChatModel, Embedder
from npc_brain.memory.importance import normalise_description
from npc_brain.memory.record import MemoryKind, MemoryRecord
from npc_brain.memory.retrieval import RetrievalWeights
from npc_brain.memory.view import MemoryView

_LEADING_NAME = re.compile(r"^([A-Z][a-z]+(?: [A-Z][a-z]+)?) (?:is|was|has|says|said|[a-z]+s)\b")
_SUBJECT = re.compile(r"^([A-Z][\w'’-]+(?: [A-Z][\w'’-]+)?) (.+)$")
SAID_OF_SHARE = 0.6
"""The share of an insight's words after its subject that a statement must hold for the two to
say the same thing (of the same or of another person)."""
_NOT_NAMES = frozenset({"I", "The", "A", "An", "It", "This", "That", "There", "They", "We", "He", "She",
                        "You", "My", "Our", "His", "Her", "Plan", "Conversation", "Today", "Yesterday"})


def question_options(name: str, records: Sequence[str], known_people: Iterable[str] = (), *,
                     limit: int = 8) -> tuple[str, ...]:
    """High-level questions worth asking about recent memories: about the agent itself and
    about the people who come up most often in them."""
    first = name.split()[0] if name else name
    text = " ".join(records)
    people = sorted({p for p in known_people if p and p != name and (p in text or p.split()[0] in text)},
                    key=lambda p: (-text.count(p.split()[0]), p))
    questions = [f"What is {first} planning?", f"What does {first} care about most?"]
    for person in people[:3]:
        questions.append(f"What is {first}'s relationship with {person}?")
        questions.append(f"What is {person} busy with?")
    questions += [f"How does {first} spend the day?", f"What is on {first}'s mind lately?"]
    return tuple(dict.fromkeys(questions))[:limit]



def salient_questions(options: Sequence[str], latest: Sequence[MemoryRecord], agent: str,
                      people: Iterable[str] = (), k: int = 3) -> tuple[str, ...]:
    """The model's choice of questions, by rule: the `k` options about whom the recent memories
    weigh most (the summed importance of those above routine about each of `people`; the agent's
    own questions share what is about it), listed order on ties. Out of view this spends no call
    on what no player sees (the insights are the model's still)."""
    weighty = [r for r in latest if r.importance > ROUTINE]
    others = sorted({p for p in people if p and p != agent}, key=len, reverse=True)

    def mass(person: str) -> int:
        named = re.compile(rf"\b{re.escape(person.split()[0])}\b")
        return sum(r.importance for r in weighty if r.subject == person or named.search(r.description))

    about = [next((p for p in others if p in o), None) for o in options]
    own = sum(1 for n in about if n is None) or 1
    weight = {n: mass(n) for n in about if n is not None}
    mine = sum(r.importance for r in weighty if r.subject == agent) / own
    ranked = sorted(range(len(options)), key=lambda i: (-(weight[n] if (n := about[i]) else mine), i))
    return tuple(options[i] for i in ranked[:k])


def once_per_talk(records: Sequence[MemoryRecord]) -> list[MemoryRecord]:
    """`records` (best first) with each conversation once: a talk leaves its transcript and its
    summary, two dialogue memories of one subject at one moment with no teller (`Conversations.end`;
    what was heard in it is kept apart, with its teller), and the
    shorter says it whole (a statement is clipped; a transcript's clip is its first line). In the
    recorded days of the fourteenth session 41% (25 NPCs) and 46% (100) of the statements
    insights were drawn from were a transcript and its own summary."""
    def of_a_talk(rec: MemoryRecord) -> bool:  # not a line heard (it has a teller and a fact)
        return rec.kind is MemoryKind.DIALOGUE and rec.teller is None and rec.fact is None

    kept: dict[tuple[str | None, datetime], MemoryRecord] = {}
    for rec in filter(of_a_talk, records):
        key = (rec.subject, rec.created)
        if key not in kept or len(rec.description) < len(kept[key].description):
            kept[key] = rec
    chosen = {id(r) for r in kept.values()}
    return [r for r in records if not of_a_talk(r) or id(r) in chosen]


PERCEIVED = (MemoryKind.OBSERVATION, MemoryKind.DIALOGUE, MemoryKind.THOUGHT)
"""The memories that count toward the reflection trigger: what the agent saw, heard, and was told
by its inner voice (a whisper). Not its own plans and insights (paper §4.2: the importance of the
events *perceived*). Counted, each reflection fed the next: out of view a 100-NPC day's residents
reflected 1.08 times a game day, 0.69 with this; in view (perceiving everyone near) 5–6 either way."""


def reflection_due(view: MemoryView, since_id: int | None, threshold: int) -> bool:
    """True when the summed importance of memories perceived after `since_id` exceeds `threshold`."""
    return view.importance_since(since_id, kinds=PERCEIVED) > threshold


@dataclass(frozen=True, slots=True)
class InsightDraft:
    """A verified insight: text, importance, the real memory ids it cites, its embedding."""

    description: str
    importance: int
    evidence: tuple[int, ...]
    embedding: np.ndarray


@dataclass(frozen=True, slots=True)
class Reflected:
    """Result of a REFLECT job."""

    questions: tuple[str, ...]
    insights: tuple[InsightDraft, ...]
    dropped: tuple[str, ...]      # insights whose citations did not name a listed memory
    recalls: tuple[Recall, ...]
    upto_id: int                  # last memory id considered (next trigger counts after it)


def novel_insights(
    insights: Sequence[InsightDraft], existing: Iterable[MemoryRecord]
) -> tuple[InsightDraft, ...]:
    """The insights whose normalised text is not already one of the agent's reflections (nor
    an earlier insight of the same batch): a 135M model restates the same insight often."""
    seen = {normalise_description(r.description) for r in existing if r.kind is MemoryKind.REFLECTION}
    out = []
    for ins in insights:
        key = normalise_description(ins.description)
        if key and key not in seen:
            seen.add(key)
            out.append(ins)
    return tuple(out)


def misattributed(text: str, statements: Iterable[str]) -> bool:
    """True when the insight says of one person what the statements (the memories' claims,
    without who told them) say only of another ("Eddy Lin is running for mayor" from Eddy's
    memory that Sam is): the grammar makes a 135M model open with a name, and it picks the
    wrong one."""
    m = _SUBJECT.match(text.strip())
    if m is None or m.group(1).split()[0] in _NOT_NAMES:
        return False
    who, said = m.group(1).split()[0], content_words(m.group(2))
    if len(said) < 2:
        return False
    of_who = of_other = False
    for statement in statements:
        n = _SUBJECT.match(statement.strip())
        if n is None or len(said & content_words(n.group(2))) < SAID_OF_SHARE * len(said):
            continue
        if n.group(1).split()[0] == who:
            of_who = True
        else:
            of_other = True
    return of_other and not of_who


def unsupported(text: str, statements: Iterable[str]) -> frozenset[str]:
    """The content words of an insight that none of `statements` (the evidence the model was
    shown, and the agent's name) holds. An insight may only recombine what the evidence says:
    of 66 insights in a 25-NPC Valentine run on the 135M model, 63 said something no memory
    held ("Isabella Rodriguez is a famous actress", "Ayesha Khan is planning a party for her
    daughter") and came back in interviews as the NPC's knowledge."""
    return content_words(text) - content_words(" ".join(statements))


def reflect(
    model: ChatModel,
    embedder: Embedder,
    view: MemoryView,
    now: datetime,
    *,
    agent: str,
    recent: int = 100,
    per_question: int = 6,
    max_statements: int = 15,
    weights: RetrievalWeights = RetrievalWeights(),
    char_budget: int = 3000,
    novelty: float = 0.0,
    choose: bool = True,
) -> Reflected:
    """Run the three reflection steps on a memory snapshot (pure; nothing is written).

    Recent memories are listed newest-last and clipped to `char_budget` characters so the
    prompt fits a 2k context. Insights cite prompt-local numbers; each number is mapped back
    to a real memory id, and an insight is dropped when none of its citations are valid
    (the paper's embellishment failure), when it says of one person what the evidence says
    of another (`misattributed`), or when more than `novelty` of its content words are in no
    evidence (`unsupported`). Invalid numbers in an otherwise valid citation list are removed.
    With `choose` False the questions are picked by rule (`salient_questions`), no call.
    """
    upto = len(view) - 1
    latest = view.latest(recent)
    lines: list[str] = []
    used = 0
    for rec in reversed(latest):
        used += len(rec.description) + 5
        if used > char_budget and lines:
            break
        lines.append(rec.description)
    lines.reverse()
    # The people the memories are about: recorded subjects, and full names in the text.
    people = {r.subject for r in latest if r.subject and ":" not in r.subject}
    people |= {m.group(1) for line in lines if (m := _LEADING_NAME.match(line)) and m.group(1) not in _NOT_NAMES}
    options = question_options(agent, lines, people)
    if choose:
        q: Any = model.parse(  # a schema built at runtime: its fields are known only then
            prompts.questions_messages(agent, lines, options),
            questions_schema(options),
            max_tokens=12 + 3 * (8 + max(len(o) for o in options) // 3),
            temperature=0.4,
            purpose="reflect_questions",
            agent=agent,
        )
        questions = tuple(dict.fromkeys(x for x in q.q if x))
    else:
        questions = salient_questions(options, latest[-len(lines):] if lines else latest, agent, people)
    recalls = tuple(
        recall(view, embedder, list(questions), now, k=per_question, weights=weights)
    )
    # The best statements, listed in the order they happened (ids grow with time): a later
    # reflection that recalls the same older memories starts its list the same way, so the
    # engine reuses it (`bench prefixes`: +3 points on insights at 25 NPCs).
    evidence = sorted(once_per_talk(merged(recalls))[:max_statements], key=lambda r: r.id)
    if not evidence:
        return Reflected(questions, (), (), recalls, upto)
    out: Any = model.parse(  # a schema built at runtime
        prompts.insights_messages(agent, [r.description for r in evidence]),
        insights_schema(len(evidence), tuple(sorted(people | {agent}))),
        max_tokens=160,
        temperature=0.3,
        purpose="reflect_insights",
        agent=agent,
    )
    kept: list[tuple[str, int, tuple[int, ...]]] = []
    dropped: list[str] = []
    for ins in out.insights:
        ids = tuple(dict.fromkeys(evidence[n - 1].id for n in ins.because if 1 <= n <= len(evidence)))
        # Whether the evidence says it of that person: all of it, as a 135M model's citations
        # are near random.
        new = unsupported(ins.text, [agent, *(r.description for r in evidence)])  # as the model was shown them
        if not ids or misattributed(ins.text, [r.claim for r in evidence]) \
                or len(new) > novelty * len(content_words(ins.text)):
            dropped.append(ins.text)
            continue
        kept.append((ins.text, int(ins.imp), ids))
    vectors: Any = embedder.embed([t for t, _, _ in kept]) if kept else []
    insights = tuple(
        InsightDraft(t, imp, ids, np.asarray(v, dtype=np.float32))
        for (t, imp, ids), v in zip(kept, vectors)
    )
    return Reflected(questions, insights, tuple(dropped), recalls, upto)
