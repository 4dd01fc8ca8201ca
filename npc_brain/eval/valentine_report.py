"""The Valentine's Day run's report: report.md, plots (PNG) and results.json."""
from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from npc_brain.adapters import pygame_plots as plots
from npc_brain.eval.report import md_table, plots_note, talk_note, write_json
from npc_brain.eval.scenario import PAPER

METHOD = """\
**Awareness.** Every agent is asked "Do you know of a party?" and "Who is running for mayor?"
(`Society.interview`, answered in character from retrieved memories). Headline (deterministic, the
same for every model): the lexical rule — the answer names a specific detail (party: Valentine /
Hobbs / the host / Feb 14; candidacy: the candidate's name) and its first sentence is not a denial.
Beside it, the LLM judge (`--judge llm`, the run's own model): it grades the answer against the fact,
schema `{"aware": bool}`; a failed judge call counts as not aware. Only a capable model makes a useful
judge. *Memory awareness* (model-free) asks whether any memory of the agent mentions the news
(party + a detail; the candidate + mayor/election/candidate/campaign).

**Acquaintance density.** Agent A knows B when A's memory stream or persona (relationships, seed
memories) mentions B by full name or by a first name no other agent shares, or A has talked with B.
Density = known ordered pairs / (n(n−1)) (primary); "either" counts an undirected edge when either
knows the other. The paper asked the agents; we read their memories (no extra model calls).

**Invitations and attendance.** Invited: the listener heard a line mentioning the party in a
conversation (host excluded). Attended: inside the café (address prefix) at any 5-minute step
between 17:00 and 19:00 on Feb 14 (host excluded). "Attended of invited" intersects the two.

**Hallucination.** Lexical check (headline): an answer is hallucinated when it names an agent or a
multi-word place that appears nowhere in the agent's memory or persona, or shows awareness of news its
memory never mentions. LLM judge (beside it): the model sees the 12 memories most relevant to the
question + answer and the persona's relationships and answers `{"supported": bool, "claim": str}`.

**Refusals.** `Rules.stats()` of the simulation: how often each spatial norm (opening hours, privacy,
capacity, purpose) refused an agent's action.
"""


def _pct(v: Any) -> str:
    return "—" if v is None else f"{v:g}%"


def _plots(folder: Path, r: dict[str, Any], st: dict[str, Any]) -> list[Path | None]:
    made: list[Path | None] = []
    made.append(plots.bar_chart(
        folder / "awareness.png", "Awareness before -> after (% of agents)",
        ["party before", "party after", "mayor before", "mayor after"],
        {"ours (interview)": [r["party_before_pct"], r["party_after_pct"], r["candidacy_before_pct"],
                              r["candidacy_after_pct"]],
         **({"ours (LLM judge)": [r["party_judge_before_pct"], r["party_judge_after_pct"],
                                  r["candidacy_judge_before_pct"], r["candidacy_judge_after_pct"]]}
            if r["party_judge_after_pct"] is not None else {}),
         "ours (memory)": [r["party_memory_before_pct"], r["party_memory_after_pct"],
                           r["candidacy_memory_before_pct"], r["candidacy_memory_after_pct"]],
         "paper": [PAPER["party_before_pct"], PAPER["party_after_pct"], PAPER["candidacy_before_pct"],
                   PAPER["candidacy_after_pct"]]},
        ylabel="% of agents", ymax=100))
    made.append(plots.bar_chart(
        folder / "density.png", "Acquaintance network density",
        ["before", "after"],
        {"ours (directed)": [r["density_before"], r["density_after"]],
         "ours (either)": [r["density_either_before"], r["density_either_after"]],
         "paper": [PAPER["density_before"], PAPER["density_after"]]},
        ylabel="density", ymax=1.0))
    tl = st.get("timeline") or []
    if len(tl) >= 2:
        labels = [datetime.fromisoformat(x["time"]).strftime("%d %H:%M") for x in tl]
        made.append(plots.line_chart(
            folder / "diffusion.png", "Agents whose memory holds the news (%)", labels,
            {"party": [x["party_memory_pct"] for x in tl], "candidacy": [x["candidacy_memory_pct"] for x in tl]},
            ylabel="% of agents", ymax=100))
        made.append(plots.line_chart(
            folder / "calls.png", "Model calls so far (simulation + interviews)", labels,
            {"calls": [x["calls"] for x in tl]}, ylabel="calls"))
    cafe = st.get("present") or []
    start, end = datetime.fromisoformat(r["start"]), datetime.fromisoformat(r["end"])
    step = timedelta(minutes=st["config"].get("step_minutes", 5))
    if end - start >= 2 * step:
        counts: dict[str, set[str]] = {}
        for t, name, _ in cafe:
            counts.setdefault(t, set()).add(name)
        times, t = [], start + step
        while t <= end:
            times.append(t)
            t += step
        made.append(plots.line_chart(
            folder / "cafe.png", "Agents at Hobbs Cafe (party 17:00-19:00 Feb 14)",
            [x.strftime("%d %H:%M") for x in times],
            {"agents at the café": [len(counts.get(x.isoformat(), ())) for x in times]}, ylabel="agents"))
    if r["rules"]:
        made.append(plots.bar_chart(
            folder / "refusals.png", "Spatial-norm refusals by rule", [x["rule"] for x in r["rules"]],
            {"refusals": [x["refusals"] for x in r["rules"]]}, ylabel="refusals"))
    return made


def answers_table(phase: dict[str, Any], topics: Any) -> str:
    from npc_brain.eval.metrics import answer_aware

    by_key = {t.key: t for t in topics}
    rows = []
    for a in phase["agents"]:
        for ans in a["answers"]:
            lexical = answer_aware(ans["answer"], by_key[ans["topic"]], a["agent"])
            rows.append({
                "agent": a["agent"], "q": ans["topic"],
                "answer": ans["answer"][:140] or f"(failed: {ans['error'][:60]})",
                "aware (lexical)": "yes" if lexical else "no",
                "judge": "-" if ans["aware_judge"] is None else "yes" if ans["aware_judge"] else "no",
                "claims": "; ".join(ans["claims"]) or "",
                "support (judge)": "" if ans["supported_judge"] is None else (
                    "ok" if ans["supported_judge"] else f"unsupported: {ans['judge_claim'][:50]}"),
            })
    return md_table(rows)


def write_report(folder: Path, r: dict[str, Any], st: dict[str, Any]) -> Path:
    """Write report.md, the plots and results.json into `folder`; returns the report path."""
    made = _plots(folder, r, st)
    n = r["npcs"]
    side = [
        {"measure": f"{topic} awareness ({how})", "before": _pct(r[f"{topic}{key}_before_pct"]),
         "after": _pct(r[f"{topic}{key}_after_pct"]), "paper": paper if not key else "—"}
        for topic, paper in (("party", "4% → 52%"), ("candidacy", "4% → 32%"))
        for how, key in (("interview, lexical", ""), ("interview, LLM judge", "_judge"), ("memory", "_memory"))
    ] + [
        {"measure": "network density (directed)", "before": r["density_before"], "after": r["density_after"],
         "paper": "0.167 → 0.74"},
        {"measure": "network density (either)", "before": r["density_either_before"],
         "after": r["density_either_after"], "paper": "—"},
        {"measure": "hallucinated answers (lexical)", "before": "", "after": _pct(r["hallucination_pct"]),
         "paper": "1.3% (6 of 453)"},
        {"measure": "hallucinated answers (LLM judge)", "before": "", "after": _pct(r["hallucination_judge_pct"]),
         "paper": "—"},
        {"measure": "invited / attended of invited", "before": "",
         "after": f"{r['invited']} / {r['attended_of_invited']}", "paper": "12 / 5"},
        {"measure": "attended (anyone but the host)", "before": "", "after": len(r["attended"]), "paper": "—"},
    ]
    from npc_brain.eval.harness import Scenario
    from npc_brain.eval.measure import summarize_phase

    topics = Scenario.from_dict(st["scenario"]).topics
    st_before = {**st["before"], **summarize_phase(st["before"]["agents"], topics)}
    st_after = {**st["after"], **summarize_phase(st["after"]["agents"], topics)}
    usage = st.get("usage") or {}
    purposes = [{"purpose": k, "calls": v["calls"], "prompt_tokens": v["prompt_tokens"],
                 "completion_tokens": v["completion_tokens"], "failures": v["failures"],
                 "mean_latency_s": v["mean_latency_s"],
                 # Summed from the saves' counts (a merged share would be a sum of shares).
                 "cache_share": round(v.get("cached_tokens", 0) / v["prompt_tokens"], 3) if v["prompt_tokens"] else 0.0}
                for k, v in usage.get("by_purpose", {}).items()]
    judge_total = (st.get("judge_usage") or {}).get("total", {})
    lines = [
        "# Valentine's Day party — end-to-end evaluation",
        "",
        f"- **Model:** {'; '.join(dict.fromkeys(r['models']))}",
        f"- **Level of detail:** {r.get('detail', 'full')} (`--detail`; coarse = no 5–15 minute actions, "
        "reflection at twice the threshold; reactions at the normal pace)",
        f"- **Town:** {st['config']['town']} — {n} agents; game time {r['start']} → {r['end']} "
        f"({r['days']:g} game days); party window {r['party_window'][0]} → {r['party_window'][1]}",
        f"- **Seeds:** party — {r['seeds'].get('party', '?')}; candidacy — {r['seeds'].get('candidacy', '?')}",
        f"- **Wall time:** {r['wall_s']:.0f} s in all"
        + (f", {r['wall_s_per_game_hour']} s per game hour of simulation" if r.get("wall_s_per_game_hour") else "")
        + f"; simulation calls per agent-day ≈ {r['calls_per_agent_day']}"
        + (f", tokens ≈ {r['tokens_per_agent_day']:,}" if r.get("tokens_per_agent_day") else "")
        + _cache(usage.get("total", {}))
        + f"; judge calls {judge_total.get('calls', 0)}",
        f"- **Answers:** {r['answers']} ({st_before['interview_failures'] + st_after['interview_failures']} "
        "interview calls failed); judge/lexical awareness agreement "
        f"{_pct(st_after.get('judge_lexical_agreement_pct'))}",
        "",
        "Numbers from a small model on a shared 2-core machine: they measure this harness and this model, "
        "not the architecture's ceiling; compare shapes, not decimals, with the paper (gpt-3.5-turbo, 25 agents, "
        "2 days).",
        "",
        "## Ours beside the paper",
        "",
        md_table(side),
        "",
        "## Plots",
        "",
        plots_note(made),
        "",
        "## Invitations",
        "",
        md_table(r["invitations"]),
        "",
        f"Attended the party window (host excluded): {', '.join(r['attended']) or 'nobody'}.",
        "",
        "## What NPCs talked about",
        "",
        talk_note(r.get("talk_mix")),
        "",
        "## Spatial-norm refusals by rule",
        "",
        md_table(r["rules"]),
        "",
        "## Cost by purpose (simulation + interviews)",
        "",
        md_table(purposes),
        "",
        "## Method",
        "",
        METHOD,
        "## Answers before",
        "",
        answers_table(st_before, topics),
        "",
        "## Answers after",
        "",
        answers_table(st_after, topics),
        "",
        "Raw data: `results.json` (this summary), `valentine_state.json` (everything, incl. every answer), "
        "`valentine.sqlite` (the save; `--resume` continues from it).",
        "",
    ]
    write_json(folder / "results.json", r)
    path = folder / "report.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def _cache(total: dict[str, Any]) -> str:
    """'; prompt-cache share 61%' (nothing for a run saved before caches were counted)."""
    if "cached_tokens" not in total or not total.get("prompt_tokens"):
        return ""
    return f"; prompt-cache share {100 * total['cached_tokens'] / total['prompt_tokens']:.0f}%"
