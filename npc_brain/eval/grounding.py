"""`python -m npc_brain.eval grounding`: do NPCs answer the player, and only with what they know?

A scripted day: `--npcs` demo-town agents live `--hours` game hours (planning, perceiving,
talking, memorising); a third of the way in each is told `--news` third-party events (a
burst pipe, a lost dog, a bake sale … picked by `--seed`, with the town's places and people).
Then the player ("Alex") asks each agent `--per-agent` questions over the five interview
categories — who are you / what are you doing / what do you know about X / what did you do
earlier / what will you do — each with its ground truth taken from that agent's memory and
plan (`grounding_cases`), through `Society.interview_grounded`. Each answer is scored
answered / hallucinated / echo / cut off / third person (`grounding_score`); the repairs the
grounding check made are counted by problem. Writes report.md and grounding.json; the last
line is `{"answered_pct", "hallucinated_pct", "echo_pct", "cutoff_pct", "third_person_pct", "n"}`.
Targets on the 135M model (issue 10): answered ≥ 80%, hallucinated ≤ 2%, each other ≤ 2%.

`--questions open` asks everyday lines beyond the five categories instead (`grounding_open`:
opinions, recommendations, feelings, greetings, farewells, thanks, small talk, availability,
requests, invitations, claims), scored by the ground kind the answer was made from and what that
kind must carry (`grounding_open_score`); the JSON line adds `schedule_to_social_pct` (greetings,
farewells and thanks answered with a plan or action line; target 0) and `answered_by_kind`.
Targets (issue 25): answered ≥ 80%, hallucinated ≤ 2%.
"""
from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from typing import Any

from npc_brain.eval import grounding_open_score, grounding_score
from npc_brain.eval.grounding_cases import (
    CATEGORIES,
    PHRASINGS,
    Case,
    News,
    cases_for,
    clock,
    inject_news,
)
from npc_brain.eval.grounding_open import KINDS as OPEN_KINDS
from npc_brain.eval.grounding_open import open_cases_for
from npc_brain.eval.grounding_open_phrasings import OPEN_PHRASINGS
from npc_brain.eval.grounding_open_score import by_kind, open_failed, open_row, open_summary, rescore_row, score_open
from npc_brain.eval.grounding_score import METRICS, by_category, pct, said_fields, score, summary
from npc_brain.eval.report import md_table, run_folder, write_json
from npc_brain.eval.session import add_session_arguments, open_session
from npc_brain.runtime.settings import BrainSettings

PLAYER = "Alex"
"""Who asks (the third-person check: "You are Alex", "Alex is …")."""

EXPECTED_INTENT = {"identity": "identity", "now": "now", "about": "about", "earlier": "past",
                   "later": "future"}
"""The `grounds.Intent` each category's questions should be read as."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `eval grounding`."""
    parser.add_argument("--questions", default="five", choices=("five", "open"),
                        help="five: the paper's interview categories; open: everyday lines beyond them "
                             "(opinion, recommendation, feeling, greeting, farewell, thanks, small talk, "
                             "availability, request, invitation, claims; `grounding_open`)")
    parser.add_argument("--per-agent", type=int, default=None,
                        help="questions per agent (default: 8 for five, 12 — every open kind — for open)")
    parser.add_argument("--news", type=int, default=2, help="news told to each agent (default: 2)")
    parser.add_argument("--seed", type=int, default=1, help="picks news, places, topics, phrasings")
    parser.add_argument("--samples", type=int, default=10, help="sample answers in the report")
    parser.add_argument("--rescore", default=None, metavar="JSON",
                        help="score the answers of a grounding.json again (no model, no run)")
    parser.add_argument("--phrasings", default="dev", choices=tuple(dict.fromkeys([*PHRASINGS, *OPEN_PHRASINGS])),
                        help="the question templates: dev, or one of the held-out sets written later "
                        "(grounding_cases: each was run once as written, then the intent reader fixed on its misses; "
                        "with --questions open: grounding_open_phrasings.OPEN_PHRASINGS)")
    parser.add_argument("--phrase", default="off", choices=("off", "on"),
                        help="on: the model phrases each answer (BrainSettings.phrase_player_lines); "
                        "off (the default): the chosen ground, as written")
    parser.add_argument("--memorize-minutes", type=int, default=60,
                        help="memorize perceptions at least this often (the game's 180 would leave "
                             "a 3-hour day's news unstored; default: %(default)s)")
    add_session_arguments(parser, npcs=5, hours=3.0)
    parser.set_defaults(out="out/eval-grounding")


def sources_of(agent: Any, world: Any) -> list[str]:
    """Everything an agent could draw on: memory and persona (`measure.memory_texts`), its plan
    steps with their times and places, the places it knows."""
    from npc_brain.eval.measure import memory_texts

    texts = memory_texts(agent, world)
    for step in agent.plan:  # a step's times are data a ground may say ("At 9 am I was …")
        texts.append(f"{clock(step.start)} to {clock(step.end)}: {step.description}")
        if world is not None and step.address and step.address in world:
            texts.append(world.get(step.address).name)
    known = getattr(agent, "known", None)
    if known is not None and hasattr(known, "known_places"):
        texts += [p.name for p in known.known_places()]
    return texts


def _row(case: Case, said: Any, verdict: Any, seconds: float) -> dict[str, Any]:
    return {
        "agent": case.agent, "category": case.category, "question": case.question,
        "truth": case.truth.texts[0] if case.truth.texts else "(doesn't know)",
        "truth_source": case.truth.source, "truths": list(case.truth.texts),
        "truth_name": case.truth.name, **said_fields(said),
        "intent_ok": said.intent.value == EXPECTED_INTENT[case.category],
        **verdict.flags(), "ungrounded": list(verdict.hallucinated), "seconds": round(seconds, 2),
    }


def _failed(case: Case, exc: Exception) -> dict[str, Any]:
    return {"agent": case.agent, "category": case.category, "question": case.question,
            "truth": case.truth.texts[0] if case.truth.texts else "(doesn't know)",
            "truth_source": case.truth.source, "truths": list(case.truth.texts),
            "truth_name": case.truth.name, "answer": f"(failed: {type(exc).__name__})",
            "model_text": "", "ground_kind": "", "ground": "", "ground_record": None,
            "problems": [], "intent": "", "intent_ok": False, **dict.fromkeys(METRICS, False),
            "ungrounded": [], "seconds": 0.0}


def verdict_text(row: dict[str, Any]) -> str:
    """'answered; repaired (echo)' — the verdicts of one row, for the report."""
    parts = ["answered" if row["answered"] else "NOT answered"]
    if row["hallucinated"]:
        parts.append("hallucinated: " + ", ".join(row["ungrounded"]))
    parts += [m.replace("_", " ") for m in ("echo", "cutoff", "third_person") if row[m]]
    if row["problems"]:
        parts.append("repaired (" + ", ".join(row["problems"]) + ")")
    return "; ".join(parts)


def samples(rows: Sequence[dict[str, Any]], k: int, rng: random.Random,
            categories: Sequence[str] = CATEGORIES) -> list[dict[str, Any]]:
    """`k` rows for the report: every category, failures first, then a seeded pick."""
    bad = [r for r in rows if not r["answered"] or any(r[m] for m in METRICS[1:])]
    chosen: list[dict[str, Any]] = []
    for cat in categories:
        pool = [r for r in bad if r["category"] == cat] or [r for r in rows if r["category"] == cat]
        if pool:
            chosen.append(rng.choice(pool))
    rest = [r for r in rows if r not in chosen]
    rng.shuffle(rest)
    rest.sort(key=lambda r: r not in bad)
    return (chosen + rest)[:k]


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Simulate the day, inject the news, ask, score; writes report.md and grounding.json."""
    from npc_brain.eval.runner import drain
    from npc_brain.llm.errors import LLMError

    if args.rescore:
        return rescore(args)
    open_set = getattr(args, "questions", "five") == "open"
    phrasings = getattr(args, "phrasings", "dev")
    if open_set and phrasings not in OPEN_PHRASINGS:
        raise SystemExit(f"eval grounding --questions open: no open phrasing set {phrasings!r} "
                         f"(one of {', '.join(OPEN_PHRASINGS)})")
    if not open_set and phrasings not in PHRASINGS:
        raise SystemExit(f"eval grounding: no phrasing set {phrasings!r} (one of {', '.join(PHRASINGS)})")
    per_agent = args.per_agent or (12 if open_set else 8)
    t0 = time.perf_counter()
    rng = random.Random(args.seed)
    folder = run_folder(args.out)
    told: dict[str, list[News]] = {}
    at = datetime.fromisoformat(args.start) + timedelta(hours=args.hours / 3)

    def script(sim: Any, now: datetime) -> None:
        if not told and now >= at:
            told.update(inject_news(sim.society, sim.world, rng, per_agent=args.news))

    settings = BrainSettings(memorize_interval_minutes=args.memorize_minutes,
                             phrase_player_lines=getattr(args, "phrase", "off") == "on")
    session = open_session(args, on_step=script, settings=settings)
    sim_s = time.perf_counter() - t0
    try:
        sim, society = session.sim, session.sim.society
        if not told:  # a --save, or too short a run to reach the injection time
            told.update(inject_news(society, sim.world, rng, per_agent=args.news))
            sim.events.extend(society.update())
            drain(sim)
        now = society.now()
        places = tuple(p.name for p in sim.world) if sim.world is not None else ()
        known = (*society.agents, *places)
        sources = {name: sources_of(society.agent(name), sim.world) for name in society.agents}
        names = list(society.agents)
        cases: list[Any] = []
        if open_set:
            for name in names:
                cases += open_cases_for(society.agent(name), now, rng, world=sim.world, names=names,
                                        news=told.get(name, ()), n=per_agent, templates=OPEN_PHRASINGS[phrasings])
        else:
            for name in names:
                cases += cases_for(society.agent(name), now, rng, n=per_agent,
                                   news=told.get(name, ()), known=known,
                                   offset=sum(c.category == "about" for c in cases),
                                   templates=PHRASINGS[phrasings])

        def ask(case: Any) -> dict[str, Any]:
            start = time.perf_counter()
            try:
                said = society.interview_grounded(case.agent, case.question, listener=PLAYER)
            except LLMError as exc:
                return open_failed(case, exc) if open_set else _failed(case, exc)
            if open_set:
                kind = said.grounded.ground.kind.value if said.grounded is not None else ""
                verdict = score_open(case, kind, said.text, sources[case.agent], listener=PLAYER, known=known)
                return open_row(case, said, verdict, time.perf_counter() - start)
            v = score(said.text, case.truth, case.question, sources[case.agent], speaker=case.agent,
                      listener=PLAYER, known=known)
            return _row(case, said, v, time.perf_counter() - start)

        t1 = time.perf_counter()
        with ThreadPoolExecutor(max(1, args.workers)) as pool:
            rows = list(pool.map(ask, cases))
        ask_s = time.perf_counter() - t1
        memories = {n: len(a.memory) for n, a in society.agents.items()}
    finally:
        session.close()
    meta = {"model": session.backend.description, "source": session.source, "seed": args.seed,
            "agents": len(memories), "sim_s": round(sim_s, 1), "ask_s": round(ask_s, 1),
            "phrase": getattr(args, "phrase", "off"), "phrasings": phrasings,
            "questions": "open" if open_set else "five"}
    raw = {"news": {n: [x.fact for x in v] for n, v in told.items()}, "memories": memories,
           "known": list(known), "sources": sources}
    return _finish(folder, meta, rows, raw, rng, args.samples)


def rescore(args: argparse.Namespace) -> dict[str, Any]:
    """Score a saved run's answers again with the current scoring (`--rescore JSON`)."""
    from npc_brain.eval.grounding_cases import Truth
    from npc_brain.eval.report import read_json

    old = read_json(args.rescore)
    known, sources = old["known"], old["sources"]
    rows = []
    is_open = old.get("questions") == "open"
    for r in old["answers"]:
        if is_open:
            rows.append(rescore_row(r, sources[r["agent"]], listener=PLAYER, known=known))
            continue
        if r["answer"].startswith("(failed"):
            rows.append(r)
            continue
        truth = Truth(tuple(r["truths"]), r["truth_source"], r.get("truth_name", ""))
        v = score(r["answer"], truth, r["question"], sources[r["agent"]], speaker=r["agent"],
                  listener=PLAYER, known=known)
        rows.append({**r, **v.flags(), "ungrounded": list(v.hallucinated)})
    meta = {k: old[k] for k in ("model", "source", "seed", "agents", "sim_s", "ask_s")}
    meta["phrase"] = old.get("phrase", "on")  # runs before the setting all phrased
    meta["phrasings"], meta["questions"] = old.get("phrasings", "dev"), old.get("questions", "five")
    raw = {k: old[k] for k in ("news", "memories", "known", "sources")}
    return _finish(run_folder(args.out), meta, rows, raw, random.Random(old["seed"]), args.samples)


def _finish(folder: Any, meta: dict[str, Any], rows: list[dict[str, Any]], raw: dict[str, Any],
            rng: random.Random, k: int) -> dict[str, Any]:
    """Summarise, write grounding.json and report.md; the result the CLI prints."""
    problems = Counter(p for r in rows for p in r["problems"])
    is_open = meta.get("questions") == "open"
    result: dict[str, Any] = {
        **meta, "repaired_pct": pct(sum(bool(r["problems"]) for r in rows), len(rows)),
        **({"by_kind": by_kind(rows)} if is_open else {"by_category": by_category(rows)}),
        "folder": str(folder), **(open_summary(rows) if is_open else summary(rows)),
    }
    write_json(folder / "grounding.json", {**result, **raw, "repairs": dict(problems),
                                           "answers": rows})
    (folder / "report.md").write_text(_report(result, rows, raw["news"], problems, rng, k),
                                      encoding="utf-8")
    return result


def _report(result: dict[str, Any], rows: list[dict[str, Any]], told: dict[str, list[str]],
            problems: Counter[str], rng: random.Random, k: int) -> str:
    is_open = result.get("questions") == "open"
    metric_rows = [{"metric": m, "pct": result[f"{m}_pct"],
                    "target": "≥ 80" if m == "answered" else "≤ 2"} for m in METRICS]
    if is_open:
        metric_rows.append({"metric": "schedule_to_social", "pct": result["schedule_to_social_pct"], "target": "0"})
    shown = [{**r, "verdict": verdict_text(r)}
             for r in samples(rows, k, rng, OPEN_KINDS if is_open else CATEGORIES)]
    lines = [
        "# Grounding: answers that answer, and only with what the NPC knows", "",
        f"- **Model:** {result['model']}", f"- **Day:** {result['source']}, seed {result['seed']}",
        (f"- **Questions:** {result['n']} from player {PLAYER} to {result['agents']} agents "
         f"(simulation {result['sim_s']:g} s, questions {result['ask_s']:g} s wall)"),
        ("- **Answers:** phrased by the model, then checked" if result.get("phrase", "on") == "on"
         else "- **Answers:** the ground the model chose, as written (`--phrase on` lets it phrase)"),
        f"- **Repaired by the grounding check:** {result['repaired_pct']}% of answers ("
        + (", ".join(f"{p} {c}" for p, c in problems.most_common()) or "none") + ")", "",
        "## Metrics", "", md_table(metric_rows), "",
        *(["## By kind", "", md_table(result["by_kind"]), "",
            ("kind_ok: the answer's ground is of a kind eligible for the line (`eligible`); content_ok: it "
             "carries what that kind must (see the definitions); schedule: answers made from a plan or action "
             "ground; grounds: the ground kinds the answers were made from."), ""] if is_open else
          ["## By category", "", md_table(result["by_category"]), "",
           ("intent_ok: the question was read as its category (`grounds.intent_of`); repairs: "
            "problems the grounding check found in the model's own phrasing (it then shipped the "
            "rendered ground)."), ""]),
        "## News told", "",
        *[f"- **{n}:** " + "; ".join(v) for n, v in told.items()], "",
        f"## {len(shown)} sample answers", "",
        md_table(shown, ["agent", "category", "question", "asked", "answer", "ground_kind", "eligible", "verdict"]
                 if is_open else ["agent", "category", "question", "truth", "answer", "model_text",
                                  "ground_kind", "ground", "verdict"]), "",
        "## Definitions", "", (grounding_open_score.__doc__ if is_open else grounding_score.__doc__) or "", "",
    ]
    return "\n".join(lines)
