"""Scoring the grounding evaluation's answers (pure functions, no model).

- answered: the answer carries the truth's key terms — at least half of one truth text's
  content words (the speaker's and listener's names aside), or all of its facts (names,
  places, dates, times; at least one) and a quarter of its words; for identity, saying the
  persona's name also answers; for "doesn't know", the answer denies and asserts no fact
  beyond the question's.
- hallucinated: `grounding.ungrounded_facts` of the answer against everything the agent
  could draw on (memory stream, persona, plan steps with their times and places, known places,
  the question) is non-empty — less any fact one source carries by itself (`facts.carries`
  reads only the first date of a text, so a joined pool misses every later date).
- echo: `grounding.echoes(answer, question)`.
- cut off: `grounding.trim_to_sentence` would cut something, or the last word is a fragment
  ("able t.", "to the.").
- third person: `grounding.third_person(answer, speaker, player)`.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from npc_brain.eval.grounding_cases import CATEGORIES, Truth
from npc_brain.eval.metrics import denies
from npc_brain.language.facts import carries, content_words, facts_in
from npc_brain.language.grounding import echoes, third_person, trim_to_sentence, ungrounded_facts

METRICS = ("answered", "hallucinated", "echo", "cutoff", "third_person")
"""The per-answer verdicts, in report order."""

# Words that cannot end an English sentence (a stranded preposition can: "proud of."): a line
# ending on one was cut off.
_DANGLING = frozenset((
    "the", "a", "an", "and", "or", "but", "my", "your", "his", "their", "our", "its", "than",
    "because", "very",
))
# A verb ends a sentence after a pronoun ("what that is.", "who you are.", "Yes, I will.") but
# not after a noun ("The café is."). "her" is an object too ("I met her."); it was listed, and
# the grounding eval counted "I am not sure what that is." as cut off.
_AUXILIARY = frozenset(("is", "are", "was", "were", "will", "would"))
_PRONOUNS = frozenset(("i", "you", "he", "she", "it", "we", "they", "that", "this", "what", "who",
                       "which", "where", "there"))


@dataclass(frozen=True, slots=True)
class Verdict:
    """What one answer got right and wrong."""

    answered: bool
    hallucinated: tuple[str, ...]
    echo: bool
    cutoff: bool
    third_person: bool

    def flags(self) -> dict[str, bool]:
        """Metric name → True when the answer counts for it."""
        return {"answered": self.answered, "hallucinated": bool(self.hallucinated),
                "echo": self.echo, "cutoff": self.cutoff, "third_person": self.third_person}


def _lemma(word: str) -> str:
    """'sleeping' ~ 'sleep', 'having' ~ 'have', 'getting' ~ 'get': a plan step says "sleep", the
    answer "I will be sleeping" (held-out run, 2026-12-02: scored as not answered)."""
    if word.endswith("ing") and len(word) > 5:
        word = word[:-3]
        if len(word) > 2 and word[-1] == word[-2] and word[-1] not in "ls":
            word = word[:-1]
    return word[:-1] if len(word) > 3 and word.endswith("e") else word


def _words(text: str) -> frozenset[str]:
    return frozenset(_lemma(w) for w in content_words(text))


def carries_text(answer: str, truth: str, *, speaker: str, listener: str = "") -> bool:
    """True when `answer` carries `truth`'s key terms (see the module doc)."""
    drop = _words(speaker) | _words(listener)
    words = _words(truth) - drop
    said = _words(answer)
    hit = len(words & said)
    if words and 2 * hit >= len(words):
        return True
    facts = facts_in(truth, exclude=tuple(n for n in (speaker, listener) if n))
    return bool(facts) and all(carries(answer, f) for f in facts) and 4 * hit >= len(words)


def asserts_nothing_new(answer: str, question: str, *, speaker: str, listener: str = "",
                        known: Iterable[str] = ()) -> bool:
    """True when every fact of `answer` is the question's own (a denial may name the topic)."""
    return not ungrounded_facts(answer, [question], speaker=speaker, listener=listener, known=known)


def answers(answer: str, truth: Truth, question: str, *, speaker: str, listener: str = "",
            known: Iterable[str] = ()) -> bool:
    """True when `answer` answers the question as `truth` says."""
    known = tuple(known)
    if truth.unknown:
        return denies(answer) and asserts_nothing_new(answer, question, speaker=speaker,
                                                      listener=listener, known=known)
    if truth.name and carries(answer, truth.name.split()[0]):
        return True
    return any(carries_text(answer, t, speaker=speaker, listener=listener) for t in truth.texts)


def hallucinated(answer: str, sources: Sequence[str], *, speaker: str, listener: str = "",
                 known: Iterable[str] = ()) -> tuple[str, ...]:
    """The facts of `answer` that no source holds (see the module doc)."""
    found = ungrounded_facts(answer, sources, speaker=speaker, listener=listener, known=known)
    return tuple(f for f in found if not any(carries(s, f) for s in sources))


def cut_off(answer: str) -> bool:
    """True when the answer stops mid-sentence or on a fragment ("able t.", "I went to the.")."""
    text = " ".join(answer.split())
    if not text:
        return True
    _, cut = trim_to_sentence(text)
    if cut:
        return True
    last = [w.lower() for w in re.findall(r"[A-Za-z']+", text[-32:])]
    if not last:
        return False
    word = last[-1]
    if word in _AUXILIARY:
        return len(last) < 2 or last[-2] not in _PRONOUNS
    return word in _DANGLING or (len(word) == 1 and word not in ("i", "a"))


def score(answer: str, truth: Truth, question: str, sources: Sequence[str], *, speaker: str,
          listener: str, known: Iterable[str] = ()) -> Verdict:
    """The verdicts of one answer; `sources` are all the texts the agent could draw on."""
    known = tuple(known)
    return Verdict(
        answered=answers(answer, truth, question, speaker=speaker, listener=listener, known=known),
        hallucinated=hallucinated(answer, [*sources, question], speaker=speaker,
                                  listener=listener, known=known),
        echo=echoes(answer, question),
        cutoff=cut_off(answer),
        third_person=third_person(answer, speaker, listener),
    )


def pct(k: int, n: int) -> float:
    """k of n as a percentage, one decimal (0 for n = 0)."""
    return round(100 * k / n, 1) if n else 0.0


def summary(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """`{answered_pct, hallucinated_pct, echo_pct, cutoff_pct, third_person_pct, n}` of rows."""
    n = len(rows)
    out: dict[str, Any] = {f"{m}_pct": pct(sum(bool(r[m]) for r in rows), n) for m in METRICS}
    out["n"] = n
    return out


def by_category(rows: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One row per category: n, each metric's %, repaired % and the repairs by problem."""
    out = []
    for cat in CATEGORIES:
        got = [r for r in rows if r["category"] == cat]
        if not got:
            continue
        s = summary(got)
        problems = Counter(p for r in got for p in r["problems"])
        out.append({"category": cat, "n": s["n"], **{m: s[f"{m}_pct"] for m in METRICS},
                    "intent_ok": pct(sum(r["intent_ok"] for r in got), len(got)),
                    "repaired": pct(sum(bool(r["problems"]) for r in got), len(got)),
                    "repairs": ", ".join(f"{k} {v}" for k, v in problems.most_common()) or "-"})
    return out


def said_fields(said: Any) -> dict[str, Any]:
    """What an answer's row says of the line: the words, what the model wrote, the ground it
    was made from, the grounding check's problems and the question's intent."""
    g = said.grounded
    return {
        "answer": said.text,
        "model_text": g.model_text if g is not None else said.text,
        "ground_kind": g.ground.kind.value if g is not None else "",
        "ground": g.ground.text if g is not None else "",
        "ground_record": g.ground.record if g is not None else None,
        "problems": [p.value for p in g.problems] if g is not None else [],
        "intent": said.intent.value,
    }
