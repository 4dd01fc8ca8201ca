"""Scoring `eval stories` (pure): each scenario's lexical rules from its own seed, and the summary.

A scenario's rules are built from its structure, never from a fixed vocabulary:

- *Occasion details*: the host (full name; first name when no other resident shares it), the
  place (its map name; the building around a room) and the day (month and day in every usual
  form, the weekday). Asked by the occasion's name, an interview answer is aware when it names a
  detail the question does not contain; asked by its place, when it names the occasion (its name
  as a phrase) or its day — the host at work in the place asked about is no sign of awareness.
  Either way its first sentence must not deny (`metrics.denies`). A memory knows of the occasion
  when it names it (at least two of the name's words, or its one word) and a detail or the
  window's first clock hour.
- *Happening words*: the happening's own words less the resident's name and function words
  (`story_words.FUNCTION_WORDS`), each as a stem ("slipping" → "slip*"). An answer is aware
  when it carries at least two of them (one, if the happening has fewer than three) and does
  not deny;
  a memory knows of it when it also names the resident.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from npc_brain.eval import metrics as M
from npc_brain.eval import story_words as W
from npc_brain.eval.story_gen import MONTHS, WEEKDAYS, Story, ordinal


def at_least(k: int, terms: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """Term groups (all must match, see `metrics.mentions`) that hold when at least `k` of
    `terms` occur: every group leaves out k − 1 terms (k ≤ 2 here; k ≥ len(terms) needs all)."""
    terms = list(dict.fromkeys(terms))
    if k <= 1 or len(terms) <= 1:
        return (tuple(terms),) if terms else ()
    if k >= len(terms):
        return tuple((t,) for t in terms)
    if k != 2:
        raise ValueError("at_least supports k ≤ 2")
    return tuple(tuple(t for t in terms if t != left_out) for left_out in terms)


def stem(word: str) -> str:
    """A prefix term: the word less one ending (-ing, -ed, -es, -s) and a doubled last consonant,
    matching any ending when four letters or more remain ('slipping' → 'slip*', 'engaged' →
    'engag*', 'ankle' → 'ankle*'); a shorter word matches whole ('ice', 'bees')."""
    low = word.lower()
    base = low
    for suffix in ("ing", "ed", "es", "s"):
        if base.endswith(suffix) and len(base) - len(suffix) >= 3:
            base = base[: -len(suffix)]
            break
    if len(base) >= 4 and base[-1] == base[-2] and base[-1] not in "lsz":
        base = base[:-1]
    return base + "*" if len(base) >= 4 else low


def key_words(text: str, exclude: Iterable[str] = ()) -> list[str]:
    """The words of `text` that carry its details: not a function word, not in `exclude`."""
    drop = {w.lower() for x in exclude for w in re.findall(r"[A-Za-z]+", x)}
    words = re.findall(r"[A-Za-z][A-Za-z']*", text)
    out = []
    for w in words:
        low = w.lower().removesuffix("'s").strip("'")
        if low and low not in W.FUNCTION_WORDS and low not in drop and len(low) > 2:
            out.append(low)
    return list(dict.fromkeys(out))


def date_terms(story: Story) -> tuple[str, ...]:
    """The occasion's day in the forms people say it: 'march 3', 'march 3rd', '3rd of march',
    '3 march', 'mar 3', 'saturday'."""
    d = story.window[0].date()
    month, day, nth = MONTHS[d.month - 1].lower(), d.day, ordinal(d.day)
    return (f"{month} {day}", f"{month} {nth}", f"{nth} of {month}", f"{day} {month}", f"{month[:3]} {day}",
            f"{month[:3]} {nth}", WEEKDAYS[d.weekday()].lower())


def clock_terms(story: Story) -> tuple[str, ...]:
    """The window's first hour in the forms people write it ('5pm', '5 pm', '17:00', '5 p.m.')."""
    h = story.window[0].hour
    h12, ap = h % 12 or 12, "am" if h < 12 else "pm"
    return tuple(dict.fromkeys((f"{h12}{ap}", f"{h12} {ap}", f"{h:02d}:00", f"{h}:00", f"{h12} {ap[0]}.{ap[1]}.")))


def person_terms(name: str, names: Sequence[str]) -> tuple[str, ...]:
    """The full name, and the first name when no other resident has it."""
    first = name.split()[0]
    unique = sum(n.split()[0] == first for n in names) == 1
    return (name, first) if unique and first != name else (name,)


def occasion_topic(story: Story, names: Sequence[str]) -> M.Topic:
    """The occasion as a topic (see the module doc)."""
    places = tuple(x for x in (story.place, story.building) if x)
    details = (*person_terms(story.host, names), *places, *date_terms(story))
    question = story.occasion_question
    if M.mentions(question, ((story.name,),)):  # asked by name: the host, the place or the day
        said = tuple(t for t in details if not M.mentions(question, ((t,),)))
    else:  # asked by place: the occasion itself (its name) or its day
        said = (story.name, *date_terms(story))
    words = key_words(story.name)
    named = at_least(2, [stem(w) for w in words]) or ((story.name,),)
    return M.Topic(
        key="occasion",
        question=question,
        fact=story.seed,
        answer_terms=(said,),
        memory_terms=(*named, (*details, *clock_terms(story))),
    )


def news_topic(story: Story, names: Sequence[str]) -> M.Topic:
    """The happening as a topic (see the module doc)."""
    words = [stem(w) for w in key_words(story.happening, exclude=(story.subject,))]
    carried = at_least(2 if len(words) >= 3 else 1, words)
    return M.Topic(
        key="news",
        question=story.news_question,
        fact=story.happening,
        answer_terms=carried,
        memory_terms=(person_terms(story.subject, names), *carried),
        subject=story.subject,
    )


def topics(story: Story, names: Sequence[str]) -> tuple[M.Topic, M.Topic]:
    """(occasion, news) topics of one scenario; `names`: every resident of the run."""
    return occasion_topic(story, names), news_topic(story, names)


TARGETS: Mapping[str, tuple[str, float]] = {
    "mean_occasion_pct": (">=", 52.0),
    "mean_news_pct": (">=", 32.0),
    "min_occasion_pct": (">=", 30.0),
    "min_guests": (">=", 3),
    "hallucination_pct": ("<=", 1.3),
}
"""Issue 25's targets on the 135M model (15 NPCs, 1.5 days, coarse)."""


def _mean(values: Sequence[float]) -> float:
    return round(sum(values) / len(values), 1) if values else 0.0


def scenario_row(story: Story, o: Mapping[str, Any]) -> dict[str, Any]:
    """One table row of a scenario's outcome (`harness.ScenarioRun.outcome`)."""
    return {
        "#": story.index, "host": story.host, "occasion": story.occasion,
        "where": f"{story.prep} {story.phrase}", "window": f"{story.window[0]:%b %d %H:%M}-{story.window[1]:%H:%M}",
        "occ before": o["occasion_before_pct"], "occ after": o["occasion_after_pct"],
        "occ mem before": o["occasion_memory_before_pct"], "occ mem after": o["occasion_memory_after_pct"],
        "news about": story.subject,
        "news before": o["news_before_pct"], "news after": o["news_after_pct"],
        "news mem before": o["news_memory_before_pct"], "news mem after": o["news_memory_after_pct"],
        "invited": o["invited"], "guests": len(o["attended"]), "aware guests": len(o["attended_aware"]),
        "halluc %": o["hallucination_pct"],
    }


def summarize(outcomes: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The mean over scenarios and the targets: means of the after-run interview awareness,
    the smallest occasion awareness and guest count, hallucinated answers pooled over all."""
    occ = [o["occasion_after_pct"] for o in outcomes]
    news = [o["news_after_pct"] for o in outcomes]
    answers = sum(o["answers"] for o in outcomes)
    halluc = sum(o["hallucinated"] for o in outcomes)
    out: dict[str, Any] = {
        "scenarios": len(outcomes),
        "mean_occasion_pct": _mean(occ),
        "mean_news_pct": _mean(news),
        "min_occasion_pct": min(occ) if occ else 0.0,
        "min_news_pct": min(news) if news else 0.0,
        "min_guests": min((len(o["attended"]) for o in outcomes), default=0),
        "mean_guests": _mean([len(o["attended"]) for o in outcomes]),
        "min_aware_guests": min((len(o["attended_aware"]) for o in outcomes), default=0),
        "hallucination_pct": round(100 * halluc / answers, 1) if answers else 0.0,
        "mean_occasion_before_pct": _mean([o["occasion_before_pct"] for o in outcomes]),
        "mean_news_before_pct": _mean([o["news_before_pct"] for o in outcomes]),
        "mean_occasion_memory_pct": _mean([o["occasion_memory_after_pct"] for o in outcomes]),
        "mean_news_memory_pct": _mean([o["news_memory_after_pct"] for o in outcomes]),
        "mean_invited": _mean([o["invited"] for o in outcomes]),
    }
    out["met"] = {k: (out[k] >= v if op == ">=" else out[k] <= v) for k, (op, v) in TARGETS.items()}
    return out
