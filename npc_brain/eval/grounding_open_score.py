"""Scoring the open question set (pure functions, no model).

- answered: the ground the answer was made from is of an eligible kind for the line
  (`grounding_open.ELIGIBLE`) and the answer carries what that kind must carry:
  - opinion — it names the person (full or first name), or the ground is "unknown" (it says it
    does not know them);
  - recommendation — it names a place the agent knows that serves the purpose asked (or a
    building around such a room), or the ground is "unknown";
  - availability — a "plan" answer carries a plan step that overlaps the time or period asked
    (`grounding_score.carries_text`); with no such step only "unknown" answers;
  - known claim — it carries the news's own word or one of the agent's memories of it;
  - unknown claim — it asserts no fact beyond the question's;
  - every other kind — the ground kind alone.
- hallucinated, echo, cut off, third person: as in `grounding_score` (the same functions).
- schedule_to_social: a greeting, farewell or thanks answered with a "plan" or "action" ground.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from npc_brain.eval.grounding_open import KINDS, SOCIAL, OpenCase, has_word
from npc_brain.eval.grounding_score import asserts_nothing_new, carries_text, cut_off, hallucinated, pct, said_fields
from npc_brain.language.grounding import echoes, third_person

METRICS = ("answered", "hallucinated", "echo", "cutoff", "third_person")
SCHEDULE = ("plan", "action")


@dataclass(frozen=True, slots=True)
class OpenVerdict:
    """What one open answer got right and wrong."""

    eligible: bool
    content: bool
    hallucinated: tuple[str, ...]
    echo: bool
    cutoff: bool
    third_person: bool
    schedule_to_social: bool

    @property
    def answered(self) -> bool:
        """An eligible ground, and the answer carries what its kind must."""
        return self.eligible and self.content

    def flags(self) -> dict[str, bool]:
        """Metric name → True when the answer counts for it."""
        return {"answered": self.answered, "kind_ok": self.eligible, "content_ok": self.content,
                "hallucinated": bool(self.hallucinated), "echo": self.echo, "cutoff": self.cutoff,
                "third_person": self.third_person, "schedule_to_social": self.schedule_to_social}


def names_one(answer: str, names: Iterable[str]) -> bool:
    """True when the answer names one of `names` (whole words; case, accents and a possessive 's
    aside)."""
    return any(has_word(answer, n) for n in names if n)


def carries(case: OpenCase, ground_kind: str, answer: str, *, speaker: str, listener: str,
            known: Iterable[str] = ()) -> bool:
    """True when the answer carries what its kind must (see the module doc)."""
    if case.kind in ("opinion", "recommendation"):
        return ground_kind == "unknown" or names_one(answer, case.names)
    if case.kind == "availability":
        if ground_kind == "unknown":
            return True
        return any(carries_text(answer, t, speaker=speaker, listener=listener) for t in case.texts)
    if case.kind == "known claim":
        return (bool(case.key) and has_word(answer, case.key)) or any(
            carries_text(answer, t, speaker=speaker, listener=listener) for t in case.texts)
    if case.kind == "unknown claim":
        return asserts_nothing_new(answer, case.question, speaker=speaker, listener=listener, known=known)
    return True


def score_open(case: OpenCase, ground_kind: str, answer: str, sources: Sequence[str], *, listener: str,
               known: Iterable[str] = ()) -> OpenVerdict:
    """The verdicts of one answer made from a ground of `ground_kind`."""
    known = tuple(known)
    speaker = case.agent
    return OpenVerdict(
        eligible=ground_kind in case.eligible,
        content=carries(case, ground_kind, answer, speaker=speaker, listener=listener, known=known),
        hallucinated=hallucinated(answer, [*sources, case.question], speaker=speaker, listener=listener, known=known),
        echo=echoes(answer, case.question),
        cutoff=cut_off(answer),
        third_person=third_person(answer, speaker, listener),
        schedule_to_social=case.kind in SOCIAL and ground_kind in SCHEDULE,
    )


def open_summary(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """`answered_pct` … `third_person_pct`, `schedule_to_social_pct` (of the greetings, farewells
    and thanks), `answered_by_kind` and `n`."""
    n = len(rows)
    out: dict[str, Any] = {f"{m}_pct": pct(sum(bool(r[m]) for r in rows), n) for m in METRICS}
    social = [r for r in rows if r["category"] in SOCIAL]
    out["schedule_to_social_pct"] = pct(sum(bool(r["schedule_to_social"]) for r in social), len(social))
    out["answered_by_kind"] = {k: pct(sum(r["answered"] for r in got), len(got))
                               for k in KINDS if (got := [r for r in rows if r["category"] == k])}
    out["n"] = n
    return out


def by_kind(rows: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One row per kind: n, answered, kind ok, content ok, hallucinated, schedule lines and the
    ground kinds the answers were made from."""
    out = []
    for kind in KINDS:
        got = [r for r in rows if r["category"] == kind]
        if not got:
            continue
        grounds = Counter(r["ground_kind"] or "-" for r in got)
        out.append({"kind": kind, "n": len(got), "answered": pct(sum(r["answered"] for r in got), len(got)),
                    "kind_ok": pct(sum(r["kind_ok"] for r in got), len(got)),
                    "content_ok": pct(sum(r["content_ok"] for r in got), len(got)),
                    "hallucinated": pct(sum(r["hallucinated"] for r in got), len(got)),
                    "schedule": sum(r["ground_kind"] in SCHEDULE for r in got),
                    "eligible": "|".join(got[0]["eligible"]),
                    "grounds": ", ".join(f"{k} {v}" for k, v in grounds.most_common())})
    return out


def open_row(case: OpenCase, said: Any, verdict: OpenVerdict, seconds: float) -> dict[str, Any]:
    """One answer's row in grounding.json (the case, what was said and made from, the verdicts)."""
    return {
        **case_fields(case), **said_fields(said),
        **verdict.flags(), "ungrounded": list(verdict.hallucinated), "seconds": round(seconds, 2),
    }


def open_failed(case: OpenCase, exc: Exception) -> dict[str, Any]:
    """The row of a question whose answer failed (counts as not answered)."""
    return {**case_fields(case), "answer": f"(failed: {type(exc).__name__})", "model_text": "", "ground_kind": "",
            "ground": "", "ground_record": None, "problems": [], "intent": "", "kind_ok": False,
            "content_ok": False, "schedule_to_social": False, **dict.fromkeys(METRICS, False), "ungrounded": [],
            "seconds": 0.0}


def case_fields(case: OpenCase) -> dict[str, Any]:
    """The case's fields under the row's names (`category` is the kind)."""
    return {"agent": case.agent, "category": case.kind, "question": case.question, "eligible": list(case.eligible),
            "names": list(case.names), "texts": list(case.texts), "key": case.key, "asked": case.asked}


def case_of(row: Mapping[str, Any]) -> OpenCase:
    """Inverse of `case_fields` (for --rescore)."""
    return OpenCase(row["agent"], row["category"], row["question"], tuple(row["eligible"]), tuple(row["names"]),
                    tuple(row["texts"]), row["key"], row["asked"])


def rescore_row(row: Mapping[str, Any], sources: Sequence[str], *, listener: str,
                known: Iterable[str] = ()) -> dict[str, Any]:
    """A saved row scored again with the current rules."""
    if row["answer"].startswith("(failed"):
        return dict(row)
    v = score_open(case_of(row), row["ground_kind"], row["answer"], sources, listener=listener, known=known)
    return {**row, **v.flags(), "ungrounded": list(v.hallucinated)}
