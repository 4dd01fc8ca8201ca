"""The `eval stories` reports: one per scenario folder, and the summary beside them."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from npc_brain.eval import story_score
from npc_brain.eval.harness import Scenario
from npc_brain.eval.measure import summarize_phase
from npc_brain.eval.report import md_table, talk_note, write_json
from npc_brain.eval.story_gen import Story
from npc_brain.eval.valentine_report import answers_table

METHOD = """\
**Scenarios.** Generated from the seed (`eval/story_gen.py`, words in `eval/story_words.py`): a random
host, an occasion from the evaluation's own list or an invented word, a public place of the map (a
building or room with a name of its own, open in the window) joined by a random preposition, a day of
the run and an hour window at least min(10, hours/3) game hours after the start; the host's persona
memory is written from one of several templates. An undated happening about another resident is
written into *that resident's* persona memories (as the candidacy is in the Valentine scenario).
Persona memories of the Valentine scenario (party, candidacy) are left out of the cast unless
`--keep-persona-stories`, so each town holds one occasion and one piece of news, as the Valentine run does.

**Awareness.** Every agent is asked the scenario's two questions before and after the run
(`Society.interview`); the lexical rules are built from the scenario's own seed:

""" + (story_score.__doc__ or "").split("\n\n", 1)[1] + """
**Guests.** Agents (the host aside) inside the place at any step of the window — or, for an occasion
*by / outside / near / behind* its place, within 96 px (three tiles) of it; **aware guests** are those whose
memory knew of the occasion after the run (a place's regulars are there anyway). **Invited**: someone heard a
line that mentions the occasion (its memory rule). **Hallucination**: the lexical check of the Valentine
evaluation (`metrics.unsupported_claims`) on every answer, pooled over the scenarios.
"""


def write_scenario_report(folder: Path, o: Mapping[str, Any], st: Mapping[str, Any]) -> Path:
    """report.md of one scenario folder: its seeds, questions, figures and every answer."""
    sc = Scenario.from_dict(st["scenario"])
    before = {**st["before"], **summarize_phase(st["before"]["agents"], sc.topics)}
    after = {**st["after"], **summarize_phase(st["after"]["agents"], sc.topics)}
    figures = [{"measure": f"{t.key} ({how})", "before": o[f"{t.key}{key}_before_pct"],
                "after": o[f"{t.key}{key}_after_pct"]}
               for t in sc.topics for how, key in (("interview, lexical", ""), ("memory", "_memory"))]
    lines = [
        f"# Story scenario {sc.key}", "",
        *[f"- **Seed ({s.topic}, {s.who}):** {s.text}" for s in sc.seeds],
        *[f"- **Question ({t.key}):** {t.question}" for t in sc.topics],
        f"- **Window:** {o['window'][0]} → {o['window'][1]} at `{sc.place}`" + (" (or near it)" if sc.near else ""),
        "- **Seeded:** " + "; ".join(f"{k}: {v}" for k, v in o["seeds"].items()),
        f"- **Models:** {'; '.join(dict.fromkeys(o['models']))}",
        "", md_table(figures), "",
        f"Invited: {o['invited']}; guests in the window: {', '.join(o['attended']) or 'nobody'} "
        f"(who knew of it: {', '.join(o['attended_aware']) or 'nobody'}); "
        f"hallucinated answers: {o['hallucinated']} of {o['answers']} ({o['hallucination_pct']}%).", "",
        talk_note(o.get("talk_mix")), "",
        "## Answers before", "", answers_table(before, sc.topics), "",
        "## Answers after", "", answers_table(after, sc.topics), "",
    ]
    path = folder / "report.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    write_json(folder / "results.json", dict(o))
    return path


def write_report(folder: Path, result: Mapping[str, Any], stories: Sequence[Story],
                 outcomes: Sequence[Mapping[str, Any]], cfg: Mapping[str, Any]) -> Path:
    """report.md and stories_results.json of the whole run."""
    targets = [{"measure": k, "ours": result[k], "target": f"{op} {v:g}", "met": "yes" if result["met"][k] else "no"}
               for k, (op, v) in story_score.TARGETS.items()]
    seeds = [{"#": s.index, "occasion seed (host's persona memory)": s.seed,
              "news seed (subject's persona memory)": s.happening,
              "questions": f"{s.occasion_question} / {s.news_question}", "report": f"s{s.index}/report.md"}
             for s in stories]
    lines = [
        "# Any town, any story — generated scenarios through the Valentine harness", "",
        f"- **Model:** {'; '.join(result['models'])}",
        f"- **Town:** {cfg['source']}; {cfg['npcs']} NPCs, {cfg['hours']:g} game hours per scenario; "
        f"seed {cfg['seed']}",
        f"- **Scenarios:** {len(stories)}", "",
        "## Targets (issue 25)", "", md_table(targets), "",
        "## Per scenario", "", md_table(result["per_scenario"]), "",
        "## Seeds and questions", "", md_table(seeds), "",
        "## Method", "", METHOD, "",
    ]
    write_json(folder / "stories_results.json", {**result, "outcomes": list(outcomes)})
    path = folder / "report.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path
