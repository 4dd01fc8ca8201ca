"""Pure metrics of the paper's evaluation: awareness, acquaintance density, invitations,
attendance, unsupported claims (lexical hallucination check) and a Bradley–Terry rating.

No model, no I/O: every function takes plain values (strings, names, times) so the
definitions can be unit-tested on hand-made fixtures and read in one place. The
evaluation report quotes the definitions below.

Definitions
-----------
- *Mentions a topic*: every term group of the topic has at least one term in the text
  (case-insensitive whole words, possessive 's allowed; a trailing * marks a prefix:
  "candida*" matches "candidacy").
- *Aware (answer)*: the answer mentions the topic's answer terms and does not deny in its
  first sentence ("I don't know", "not sure", "haven't heard" … — unless the sentence goes on
  with "but …": a hedge, not a denial). The news's own subject (the candidate) may say it in
  the first person: "I am running for mayor" (the topic's `self_terms`).
- *Knows*: agent A knows agent B when A's memory stream or persona (relationships, seed
  memories) mentions B by full name or by a first name no other agent shares, or when A
  has talked with B. Density = known ordered pairs / (n·(n−1)); the undirected variants
  count a pair once, as an edge when either (or both) knows the other.
- *Invited*: someone heard a line mentioning the party in a conversation (the speaker
  invited the listener); the host's own guests and second-hand invitations both count.
- *Attended*: an agent was inside the party place (address prefix) at any trace step in
  the party window.
- *Unsupported claim* (lexical hallucination check): the answer names an agent or place
  (or any other capitalised two-word name, e.g. an invented "Mike Brown") that appears
  nowhere in the agent's memory or persona, or states news (or answers the question about
  it with awareness) that its memory never mentions.
"""
from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

__all__ = [
    "DENIALS",
    "Awareness",
    "Density",
    "Topic",
    "answer_aware",
    "attendance",
    "awareness",
    "bradley_terry",
    "denies",
    "density",
    "invitations",
    "knows",
    "mentioned_names",
    "mentions",
    "name_patterns",
    "rating_scale",
    "talk_mix",
    "unsupported_claims",
    "win_matrix",
]

DENIALS: tuple[str, ...] = (
    "don't know", "do not know", "dont know", "not sure", "no idea", "haven't heard",
    "have not heard", "hasn't", "not aware", "unaware", "can't recall", "cannot recall",
    "don't remember", "do not remember", "not that i know", "nobody", "no one", "i'm afraid not",
    "i don't think so", "never heard", "not heard", "i have no", "i don't have any",
)
"""Phrases that make an answer's first sentence a denial."""

_SENTENCE = re.compile(r"(?<=[.!?])\s+")


@dataclass(frozen=True, slots=True)
class Topic:
    """A piece of news whose spread is measured (the party, the candidacy).

    `answer_terms`: term groups an interview answer must contain to count as aware;
    `memory_terms`: term groups a memory must contain to count as knowing the news.
    Each group is a tuple of alternatives; all groups must match.
    """

    key: str
    question: str
    fact: str
    answer_terms: tuple[tuple[str, ...], ...]
    memory_terms: tuple[tuple[str, ...], ...]
    subject: str = ""  # whose news it is, when one person's (the candidate)
    self_terms: tuple[tuple[str, ...], ...] = ()  # how the subject says it of itself


def _term_regex(term: str) -> re.Pattern[str]:
    # Whole words (a possessive 's allowed: "Isabella's"); a trailing * makes a prefix:
    # "candida*" matches "candidacy", while "Sam" must not match "same".
    word = term.lower().rstrip("*")
    body = re.escape(word).replace(r"\ ", r"\s+")
    tail = "" if term.endswith("*") else r"(?:['’]s)?(?![\w])"
    return re.compile(r"(?<![\w])" + body + tail, re.IGNORECASE)


def mentions(text: str, groups: Sequence[Sequence[str]]) -> bool:
    """True when every group has at least one term in `text` (empty groups: False)."""
    if not groups:
        return False
    low = text.lower()
    return all(any(_term_regex(t).search(low) for t in group) for group in groups)


_PROPER = re.compile(r"(?<![\w'’])[A-Z][a-z]+ [A-Z][a-z]+(?![\w'’])")
_CONTRAST = re.compile(r"\b(but|though|although|however|yet)\b")


def denies(answer: str) -> bool:
    """True when the answer's first sentence is a denial ("No, I haven't heard …").

    A hedge that goes on ("I'm not sure, but I know Isabella is planning …") is not a
    denial: only the part of the sentence before a "but/though/however" is checked.
    """
    text = " ".join(answer.lower().replace("’", "'").split())
    if not text:
        return True
    first = _SENTENCE.split(text, maxsplit=1)[0]
    turn = _CONTRAST.search(first)
    if turn is not None and first[turn.end():].strip(" ,.!?"):
        return False
    if re.match(r"^(no|nope|nah)\b", first):
        return True
    return any(d in first for d in DENIALS)


def answer_aware(answer: str, topic: Topic, speaker: str = "") -> bool:
    """An interview answer (by `speaker`) shows awareness of the topic (lexical rule, see
    module doc)."""
    own = bool(speaker) and speaker == topic.subject and bool(topic.self_terms)
    said = mentions(answer, topic.answer_terms) or (own and mentions(answer, topic.self_terms))
    return said and not denies(answer)


@dataclass(frozen=True, slots=True)
class Awareness:
    """How many of `total` agents are aware (names listed)."""

    aware: tuple[str, ...]
    total: int

    @property
    def count(self) -> int:
        """Number of aware agents."""
        return len(self.aware)

    @property
    def pct(self) -> float:
        """Percentage of aware agents (0 with no agents)."""
        return 100.0 * self.count / self.total if self.total else 0.0


def awareness(verdicts: Mapping[str, bool]) -> Awareness:
    """Aggregate per-agent verdicts into an `Awareness`."""
    return Awareness(tuple(sorted(n for n, v in verdicts.items() if v)), len(verdicts))


# ---------------------------------------------------------------------------- acquaintance
def name_patterns(names: Iterable[str], *, first_names: bool = True) -> dict[str, re.Pattern[str]]:
    """A regex per agent: its full name, or its first name when no other agent shares it
    (`first_names=False`: full names only — for places, "Oak" is not "Oak Hill College")."""
    names = list(dict.fromkeys(names))
    firsts: dict[str, int] = {}
    for n in names:
        first = n.split()[0].lower()
        firsts[first] = firsts.get(first, 0) + 1
    out: dict[str, re.Pattern[str]] = {}
    for n in names:
        first = n.split()[0]
        alts = [re.escape(n)]
        if first_names and firsts[first.lower()] == 1 and first != n:
            alts.append(re.escape(first))
        out[n] = re.compile(r"(?<![\w])(?:" + "|".join(alts) + r")(?![\w])", re.IGNORECASE)
    return out


def mentioned_names(text: str, patterns: Mapping[str, re.Pattern[str]]) -> set[str]:
    """Agents whose name pattern occurs in `text`."""
    return {name for name, pat in patterns.items() if pat.search(text)}


def knows(
    agent: str,
    texts: Iterable[str],
    patterns: Mapping[str, re.Pattern[str]],
    *,
    talked_with: Iterable[str] = (),
) -> set[str]:
    """The other agents `agent` knows: named in its texts (memories, persona) or talked with."""
    known = set(talked_with) & set(patterns)
    remaining = {n: p for n, p in patterns.items() if n not in known and n != agent}
    for text in texts:
        if not remaining:
            break
        hit = mentioned_names(text, remaining)
        known |= hit
        for n in hit:
            remaining.pop(n, None)
    known.discard(agent)
    return known


@dataclass(frozen=True, slots=True)
class Density:
    """Acquaintance network density (see module doc for the three variants)."""

    agents: int
    directed: float
    either: float
    mutual: float
    known_pairs: int
    edges_either: int
    edges_mutual: int


def density(known: Mapping[str, Iterable[str]]) -> Density:
    """Density of the 'knows' relation over the agents that are keys of `known`."""
    agents = set(known)
    n = len(agents)
    rel = {a: set(known[a]) & agents - {a} for a in agents}
    pairs = sum(len(v) for v in rel.values())
    either = mutual = 0
    ordered = sorted(agents)
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            ab, ba = b in rel[a], a in rel[b]
            either += ab or ba
            mutual += ab and ba
    ordered_pairs = n * (n - 1)
    unordered = ordered_pairs // 2
    return Density(
        n,
        pairs / ordered_pairs if ordered_pairs else 0.0,
        either / unordered if unordered else 0.0,
        mutual / unordered if unordered else 0.0,
        pairs, either, mutual,
    )


# ---------------------------------------------------------------------------- party
def invitations(
    utterances: Iterable[tuple[str, str, str]],
    topic: Topic,
    *,
    agents: Iterable[str] | None = None,
) -> list[tuple[str, str]]:
    """(speaker, listener) pairs where the speaker mentioned the topic to the listener,
    first occurrence per listener, in order. `agents` limits listeners (players excluded)."""
    allowed = set(agents) if agents is not None else None
    seen: set[str] = set()
    out: list[tuple[str, str]] = []
    for speaker, listener, text in utterances:
        if listener in seen or (allowed is not None and listener not in allowed):
            continue
        if mentions(text, topic.memory_terms) or mentions(text, topic.answer_terms):
            seen.add(listener)
            out.append((speaker, listener))
    return out


def talk_mix(utterances: Iterable[Sequence[Any]], *, agents: Iterable[str]) -> dict[str, Any]:
    """What NPCs said to each other: `lines` (between two of `agents`, with a recorded kind) and
    `pct`, the share of each kind ("news", "memory", "plan", "action", "question" …), largest
    first. `utterances` are harness rows [time, speaker, listener, text, kind]."""
    names = set(agents)
    kinds = [str(u[4]) for u in utterances if len(u) > 4 and u[4] and u[1] in names and u[2] in names]
    counts = Counter(kinds)
    return {"lines": len(kinds),
            "pct": {k: round(100 * v / len(kinds), 1) for k, v in counts.most_common()} if kinds else {}}


def attendance(
    positions: Iterable[tuple[datetime, str, str | None]],
    place: str,
    start: datetime,
    end: datetime,
) -> set[str]:
    """Agents seen at `place` (or inside it) at some time in [start, end)."""
    prefix = place + ":"
    return {
        agent for t, agent, address in positions
        if address and start <= t < end and (address == place or address.startswith(prefix))
    }


# ---------------------------------------------------------------------------- hallucination
def unsupported_claims(
    answer: str,
    memory_texts: Sequence[str],
    *,
    agent: str,
    patterns: Mapping[str, re.Pattern[str]],
    places: Mapping[str, re.Pattern[str]] | None = None,
    topics: Sequence[Topic] = (),
    asked: Topic | None = None,
    strangers: bool = True,
) -> list[str]:
    """Claims in `answer` that nothing in `memory_texts` supports (lexical check).

    A claim is a mentioned agent or place name absent from every memory text, or news a
    memory never mentions: the answer states the topic outright (its memory terms), or it
    answers the question about that topic (`asked`) with awareness. The agent's own name
    is never a claim. With `strangers`, a capitalised two-word name ("Mike Brown") that is
    neither a known agent or place nor in any memory is a claim too.
    """
    corpus = "\n".join(memory_texts)
    claims: list[str] = []
    for name in sorted(mentioned_names(answer, patterns) - {agent}):
        if not patterns[name].search(corpus):
            claims.append(f"mentions {name}")
    for name in sorted(mentioned_names(answer, places or {})):
        if not (places or {})[name].search(corpus):
            claims.append(f"mentions {name}")
    if strangers:
        known = [*patterns.values(), *(places or {}).values()]
        low = corpus.lower()
        for name in dict.fromkeys(_PROPER.findall(answer)):
            if name.lower() not in low and not any(p.search(name) for p in known):
                claims.append(f"mentions {name}")
    for topic in topics:
        states = mentions(answer, topic.memory_terms) or (topic == asked and answer_aware(answer, topic, agent))
        if states and not any(mentions(t, topic.memory_terms) for t in memory_texts):
            claims.append(f"knows of the {topic.key}")
    return claims


# ---------------------------------------------------------------------------- ratings
def win_matrix(
    outcomes: Iterable[tuple[str, str, float]], items: Sequence[str]
) -> dict[str, dict[str, float]]:
    """wins[a][b]: how often a beat b; an outcome (a, b, s) gives a `s` and b `1 − s`
    (s = 1 win, 0.5 tie, 0 loss)."""
    wins = {a: {b: 0.0 for b in items if b != a} for a in items}
    for a, b, s in outcomes:
        if a == b or a not in wins or b not in wins:
            raise ValueError(f"bad comparison {a!r} vs {b!r}")
        if not 0.0 <= s <= 1.0:
            raise ValueError(f"score must be in [0, 1], got {s}")
        wins[a][b] += s
        wins[b][a] += 1.0 - s
    return wins


def bradley_terry(
    outcomes: Iterable[tuple[str, str, float]],
    items: Sequence[str],
    *,
    prior: float = 0.5,
    iterations: int = 500,
    tol: float = 1e-10,
) -> dict[str, float]:
    """Bradley–Terry log-strengths (mean 0) fitted by Hunter's MM algorithm.

    `prior` adds that many virtual wins each way between every pair (a tie), so an item
    that won everything still gets a finite strength.
    """
    items = list(dict.fromkeys(items))
    if len(items) < 2:
        return dict.fromkeys(items, 0.0)
    wins = win_matrix(outcomes, items)
    for a in items:
        for b in items:
            if a != b:
                wins[a][b] += prior
    p = dict.fromkeys(items, 1.0)
    for _ in range(iterations):
        new = {}
        for i in items:
            w_i = sum(wins[i].values())
            denom = sum((wins[i][j] + wins[j][i]) / (p[i] + p[j]) for j in items if j != i)
            new[i] = w_i / denom if denom > 0 else p[i]
        g = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {i: v / g for i, v in new.items()}
        delta = max(abs(math.log(new[i]) - math.log(p[i])) for i in items)
        p = new
        if delta < tol:
            break
    return {i: math.log(v) for i, v in p.items()}


def rating_scale(log_strengths: Mapping[str, float], *, mu: float = 25.0, beta: float = 25.0 / 6) -> dict[str, float]:
    """Map BT log-strengths onto TrueSkill's scale (mean `mu`).

    TrueSkill's win probability is about Φ(Δμ / (√2·β)); BT's is σ(Δs) ≈ Φ(Δs / 1.702), so
    Δμ ≈ Δs · √2·β / 1.702 (≈ 3.46 per unit of log-strength with the default β).
    """
    k = math.sqrt(2) * beta / 1.702
    return {i: mu + k * s for i, s in log_strengths.items()}

