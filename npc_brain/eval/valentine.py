"""`python -m npc_brain.eval valentine`: the paper's end-to-end scenario on the demo town.

One seed intention (the café owner's Valentine's Day party, Feb 14, 5–7 pm) and one
candidacy (a resident running for mayor) live in two personas' seed memories (whispered
in when a persona file lacks them). Every agent is interviewed before and after the run
("Do you know of a party?", "Who is running for mayor?"); we report awareness, the
acquaintance network density, invitations, attendance at the café in the party window,
hallucinated claims and spatial-norm refusals by rule, beside the paper's figures. The
run saves itself (SQLite + a JSON state) every `--save-every` game minutes; `--resume`
continues from the last save. Definitions: `npc_brain.eval.metrics` (quoted in the report).
"""
from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from npc_brain.eval import metrics as M
from npc_brain.eval.backend import add_model_arguments, open_backend
from npc_brain.eval.report import latest_folder, merge_usage, read_json, run_folder, write_json
from npc_brain.eval.scenario import (
    PARTY_END,
    PARTY_START,
    candidacy_seed,
    candidacy_topic,
    party_seed,
    party_topic,
)
from npc_brain.eval.town import CANDIDATE, HOST, add_town_arguments, load_town, think_lag

SAVE, STATE = "valentine.sqlite", "valentine_state.json"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `eval valentine`."""
    add_town_arguments(parser, npcs=25)
    parser.add_argument("--days", type=float, default=2.0, help="game days to simulate (default: 2)")
    parser.add_argument("--hours", type=float, default=None, help="game hours to simulate (overrides --days)")
    parser.add_argument("--start", default=None,
                        help="game start (ISO); default: Feb 13 07:00 for ≥ 36 h, else a window ending "
                             "after the party (Feb 14 07:00 for ≥ 12 h)")
    parser.add_argument("--host", default=HOST)
    parser.add_argument("--candidate", default=CANDIDATE)
    parser.add_argument("--judge", default="llm", choices=("llm", "lexical"),
                        help="llm: the model judges awareness and support too; lexical: rules only")
    parser.add_argument("--save-every", type=float, default=60, help="game minutes between saves")
    parser.add_argument("--travel", type=float, default=None,
                        help="walking speed in px per game minute (default: agents arrive at once)")
    parser.add_argument("--out", default=None, help="output folder (default: out/eval-<timestamp>)")
    parser.add_argument("--resume", action="store_true",
                        help="continue the run in --out (default: the newest out/eval-* with a save)")
    parser.add_argument("--detail", default="full", choices=("full", "coarse"),
                        help="level of detail with no player in the town: full (the paper's 5–15 minute "
                             "actions for everyone) or coarse (every NPC out of view: hour steps and later "
                             "reflection; reactions keep their pace, so people still meet)")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    add_model_arguments(parser)


def default_start(hours: float) -> datetime:
    """A start time whose window covers the party (see --start)."""
    if hours >= 36:
        return datetime(2023, 2, 13, 7, 0)
    if hours >= 12:
        return datetime(2023, 2, 14, 7, 0)
    return PARTY_END - timedelta(hours=hours)


# ---------------------------------------------------------------------------- measuring
def memory_texts(agent: Any, world: Any = None) -> list[str]:
    """Everything the agent could draw on: its memory stream, its persona (what every prompt's
    identity header shows, relationships, habits, seeds) and the names of its home and workplace."""
    p = agent.persona
    texts = [r.description for r in agent.memory.records]
    texts += [p.summary(), *p.daily_habits, *p.memories]
    texts += [f"{other}: {how}" for other, how in p.relationships.items()]
    texts += [d.description for d in getattr(agent, "buffered", ())]
    if world is not None:
        for address in (p.home, p.workplace):
            if address and address in world:
                texts += [node.name for node in (world.get(address), *world.get(address).ancestors())]
    return texts


def place_patterns(world: Any, names: Sequence[str]) -> dict[str, Any]:
    """Name patterns of the world's multi-word buildings ("Hobbs Cafe"), for claim checks."""
    from npc_brain.world.place import PlaceKind

    if world is None:
        return {}
    low = {n.lower() for n in names}
    buildings = [p.name for p in world.places(PlaceKind.BUILDING)]
    return M.name_patterns([b for b in dict.fromkeys(buildings) if len(b.split()) >= 2 and b.lower() not in low],
                           first_names=False)


def _evidence(agent: Any, embedder: Any, now: datetime, query: str, k: int = 12) -> list[str]:
    view = agent.memory.snapshot()
    found = [s.record.description for s in view.retrieve(embedder.embed([query])[0], now, k=k)] if len(view) else []
    return found + [f"{o}: {h}" for o, h in agent.persona.relationships.items()]


class Measurer:
    """Interviews agents and applies the metrics to one moment of a simulation."""

    def __init__(self, sim: Any, topics: Sequence[M.Topic], judge: Any | None, workers: int) -> None:
        self.sim = sim
        self.topics = tuple(topics)
        self.judge = judge
        self.workers = workers
        names = list(sim.society.agents)
        self.patterns = M.name_patterns(names)
        self.places = place_patterns(sim.world, names)

    def agent(self, name: str, talked: dict[str, set[str]]) -> dict[str, Any]:
        """One agent's interview answers, verdicts, claims and acquaintances."""
        from npc_brain.eval.judge import judge_awareness, judge_support
        from npc_brain.llm.errors import LLMError

        society = self.sim.society
        agent = society.agent(name)
        texts = memory_texts(agent, self.sim.world)
        now = society.now()
        answers = []
        for topic in self.topics:
            error = ""
            try:
                answer = society.interview(name, topic.question)
            except LLMError as exc:
                answer, error = "", f"{type(exc).__name__}: {exc}"
            lexical = M.answer_aware(answer, topic, name)
            judged = None if self.judge is None or not answer else judge_awareness(
                self.judge, topic.question, answer, topic.fact)
            claims = M.unsupported_claims(answer, texts, agent=name, patterns=self.patterns,
                                          places=self.places, topics=self.topics, asked=topic)
            support = None
            if self.judge is not None and answer:
                support = judge_support(self.judge, name, topic.question, answer,
                                        _evidence(agent, society.embedder, now, f"{topic.question} {answer}"))
            answers.append({
                "topic": topic.key, "question": topic.question, "answer": answer, "error": error,
                "aware_lexical": lexical, "aware_judge": judged,
                "aware": lexical,
                "claims": claims, "supported_judge": None if support is None else support[0],
                "judge_claim": "" if support is None else support[1],
            })
        return {
            "agent": name,
            "memories": len(agent.memory),
            "memory_aware": {t.key: any(M.mentions(x, t.memory_terms) for x in texts) for t in self.topics},
            "knows": sorted(M.knows(name, texts, self.patterns, talked_with=talked.get(name, ()))),
            "answers": answers,
        }

    def measure(self, conversations: Sequence[Sequence[str]] = ()) -> dict[str, Any]:
        """All agents (in parallel when workers > 0), aggregated; `conversations`: [time, a, b] rows."""
        talked: dict[str, set[str]] = {}
        for _, a, b in conversations:
            talked.setdefault(a, set()).add(b)
            talked.setdefault(b, set()).add(a)
        names = list(self.sim.society.agents)
        if self.workers > 0:
            with ThreadPoolExecutor(self.workers) as pool:
                rows = list(pool.map(lambda n: self.agent(n, talked), names))
        else:
            rows = [self.agent(n, talked) for n in names]
        return {"time": self.sim.society.now().isoformat(), "agents": rows, **summarize_phase(rows, self.topics)}


def summarize_phase(rows: Sequence[dict[str, Any]], topics: Sequence[M.Topic]) -> dict[str, Any]:
    """Awareness (answer and memory), density and hallucination counts of one measurement."""
    out: dict[str, Any] = {}
    for t in topics:
        mine = [(r["agent"], a) for r in rows for a in r["answers"] if a["topic"] == t.key]
        # The lexical rule is pure: re-apply it to the stored answer (reports stay current).
        lexical = M.awareness({n: M.answer_aware(a["answer"], t, n) for n, a in mine})
        judged = {n: a["aware_judge"] for n, a in mine if a["aware_judge"] is not None}
        mem = M.awareness({r["agent"]: r["memory_aware"][t.key] for r in rows})
        out[t.key] = {
            "aware": list(lexical.aware), "pct": round(lexical.pct, 1),
            "judge_aware": list(M.awareness(judged).aware) if judged else None,
            # Over all agents: an agent without a judge verdict counts as not aware.
            "judge_pct": round(100 * len(M.awareness(judged).aware) / len(rows), 1) if judged and rows else None,
            "memory_aware": list(mem.aware), "memory_pct": round(mem.pct, 1),
        }
    d = M.density({r["agent"]: r["knows"] for r in rows})
    out["density"] = {"directed": round(d.directed, 3), "either": round(d.either, 3), "mutual": round(d.mutual, 3),
                      "known_pairs": d.known_pairs}
    answered = [a for r in rows for a in r["answers"] if a["answer"]]
    checked = [a for a in answered if a["supported_judge"] is not None]
    both = [a for a in checked if a["claims"] and a["supported_judge"] is False]
    out["answers"] = len(answered)
    out["interview_failures"] = sum(1 for r in rows for a in r["answers"] if a["error"])
    out["hallucinated_lexical"] = sum(1 for a in answered if a["claims"])
    out["hallucinated_judge"] = sum(1 for a in checked if a["supported_judge"] is False)
    out["hallucinated_both"] = len(both)
    out["judged"] = len(checked)
    by_key = {t.key: t for t in topics}
    jl = [(r["agent"], a) for r in rows for a in r["answers"] if a["aware_judge"] is not None]
    agree = sum(a["aware_judge"] == M.answer_aware(a["answer"], by_key[a["topic"]], n) for n, a in jl)
    out["judge_lexical_agreement_pct"] = round(100 * agree / len(jl), 1) if jl else None
    return out


# ---------------------------------------------------------------------------- running
class ValentineRun:
    """One run folder: build or resume the simulation, step it with saves, measure, report."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self._events_seen = 0  # how many of the simulation's events are already in the state
        if args.resume:
            folder = Path(args.out) if args.out else latest_folder(STATE)
            if folder is None or not (folder / STATE).exists():
                raise SystemExit("eval valentine --resume: no saved run found (pass --out DIR)")
            self.folder = folder
            self.state = read_json(folder / STATE)
            saved = self.state["config"]
            for key in ("npcs", "town", "map", "personas", "days", "host", "candidate", "step_minutes"):
                setattr(args, key, saved[key])
            args.detail = saved.get("detail", "full")
            args.think_lag = saved.get("think_lag", 0)  # runs saved before the option waited every step
            args.start = saved["start"]
        else:
            self.folder = run_folder(args.out)
            if args.hours is not None:
                args.days = args.hours / 24
            hours = args.days * 24
            start = datetime.fromisoformat(args.start) if args.start else default_start(hours)
            self.state = {
                "config": {"npcs": args.npcs, "town": args.town, "map": args.map, "personas": args.personas,
                           "days": args.days, "host": args.host, "candidate": args.candidate,
                           "step_minutes": args.step_minutes, "think_lag": think_lag(args),
                           "detail": args.detail,
                           "start": start.isoformat(),
                           "end": (start + timedelta(hours=hours)).isoformat()},
                "phase": "new", "seeds": {}, "before": None, "after": None, "clock": start.isoformat(),
                "usage": None, "judge_usage": None, "rules": {}, "wall_s": 0.0, "utterances": [],
                "conversations": [], "cafe": [], "timeline": [], "models": [],
            }

    # -- persistence
    def save(self, sim: Any, model: Any, judge: Any, wall: float) -> None:
        """Write the SQLite save and the JSON state (usage and counters so far)."""
        st = self.state
        sim.society.save(self.folder / SAVE)
        st["clock"] = sim.clock.now().isoformat()
        self._flush(sim)
        st["usage_now"] = model.snapshot().to_dict()
        st["judge_usage_now"] = judge.snapshot().to_dict() if judge is not None else None
        st["rules_now"] = {k: {"checks": v.checks, "refusals": v.refusals} for k, v in sim.rules.stats().items()}
        st["wall_now"] = wall
        write_json(self.folder / STATE, st)

    def _flush(self, sim: Any) -> None:
        """Move utterances and conversation starts seen since the last flush into the state."""
        from npc_brain.cognition.events import ConversationStarted, UtteranceEvent

        st = self.state
        new_events = sim.events[self._events_seen:]
        self._events_seen = len(sim.events)
        for e in new_events:
            if isinstance(e, UtteranceEvent):
                st["utterances"].append([e.time.isoformat(), e.agent, e.listener, e.text])
            elif isinstance(e, ConversationStarted):
                st["conversations"].append([e.time.isoformat(), e.agent, e.partner])

    def _fold_previous(self) -> None:
        """On resume: what the earlier process counted becomes the base of this one."""
        st = self.state
        st["usage"] = merge_usage(st.get("usage"), st.pop("usage_now", None))
        st["judge_usage"] = merge_usage(st.get("judge_usage"), st.pop("judge_usage_now", None))
        base = st.get("rules", {})
        for k, v in (st.pop("rules_now", None) or {}).items():
            b = base.setdefault(k, {"checks": 0, "refusals": 0})
            b["checks"] += v["checks"]
            b["refusals"] += v["refusals"]
        st["rules"] = base
        st["wall_s"] = st.get("wall_s", 0.0) + st.pop("wall_now", 0.0)

    # -- the run
    def execute(self) -> dict[str, Any]:
        """Run to the end (or continue), measure, write the report; returns the summary."""
        from npc_brain.clock import GameClock
        from npc_brain.cognition.settings import BrainSettings
        from npc_brain.eval.runner import Progress, advance, make_executor, settle
        from npc_brain.llm.accounting import AccountingModel
        from npc_brain.simulation import Simulation
        from npc_brain.world.rules import Rules

        args, st, cfg = self.args, self.state, self.state["config"]
        if st["phase"] == "done":  # nothing to run: regenerate the report from the state
            return self._finish()
        town = load_town(cfg["town"], npcs=cfg["npcs"], map_path=cfg["map"], personas_path=cfg["personas"])
        topics = (party_topic(cfg["host"]), candidacy_topic(cfg["candidate"]))
        backend = open_backend(args, n_parallel=max(1, args.workers) if args.workers else None)
        executor = make_executor(args.workers)
        model = AccountingModel(backend.model)
        judge = AccountingModel(backend.model) if args.judge == "llm" else None
        clock = GameClock(datetime.fromisoformat(cfg["start"]))
        rules = Rules(town.world)
        settings = None
        if cfg.get("detail") == "coarse":
            # News travels by meeting people: the coarse grain here drops the 5–15 minute actions
            # and defers reflection, but keeps the full pace of reactions (and so of conversations).
            base = BrainSettings()
            settings = BrainSettings(coarse_react_cooldown_minutes=base.react_cooldown_minutes)
        sim = Simulation(town.world, town.personas, model, clock, embedder=backend.embedder, rules=rules,
                         executor=executor, travel_px_per_minute=args.travel, settings=settings)
        if cfg.get("detail") == "coarse":
            sim.society.focus(())  # no player: nobody is in view
        self._events_seen = 0
        if st["phase"] != "new":
            self._fold_previous()
        st["models"].append(backend.description)
        progress = Progress("valentine", enabled=not args.quiet)
        measurer = Measurer(sim, topics, judge, args.workers)
        st["party_place"] = town.party_place
        end = datetime.fromisoformat(cfg["end"])
        t0 = time.perf_counter()
        try:
            if st["phase"] == "new":
                self._seed(sim, town, topics)
                settle(sim)
                progress.update(clock.now(), *_calls(model), "interviewing (before)", force=True)
                self._flush(sim)
                st["before"] = measurer.measure(st["conversations"])
                st["phase"] = "running"
                self._timeline(sim, model, topics, town.party_place, time.perf_counter() - t0)
                self.save(sim, model, judge, time.perf_counter() - t0)
            elif st["phase"] in ("running", "measuring"):
                sim.society.load(self.folder / SAVE)
            if st["phase"] == "running":
                while clock.now() < end:
                    chunk = min(float(args.save_every), (end - clock.now()).total_seconds() / 60)
                    advance(sim, chunk, step_minutes=cfg["step_minutes"], progress=progress,
                            lag_minutes=cfg.get("think_lag", 0),
                            on_step=lambda now: self._cafe(sim, town.party_place))
                    self._timeline(sim, model, topics, town.party_place, time.perf_counter() - t0)
                    self.save(sim, model, judge, time.perf_counter() - t0)
                st["phase"] = "measuring"
                self.save(sim, model, judge, time.perf_counter() - t0)
            if st["phase"] == "measuring":
                progress.update(clock.now(), *_calls(model), "interviewing (after)", force=True)
                self._flush(sim)
                st["after"] = measurer.measure(st["conversations"])
                st["phase"] = "done"
                self.save(sim, model, judge, time.perf_counter() - t0)
            progress.done()
        finally:
            sim.shutdown()
            if executor is not None:
                executor.shutdown(wait=True, cancel_futures=True)
            backend.close()
        return self._finish()

    def _finish(self) -> dict[str, Any]:
        from npc_brain.eval.valentine_report import write_report

        cfg = self.state["config"]
        self._fold_previous()
        write_json(self.folder / STATE, self.state)
        place = self.state.get("party_place", "town:hobbs_cafe")
        result = self.results((party_topic(cfg["host"]), candidacy_topic(cfg["candidate"])), place)
        write_report(self.folder, result, self.state)
        return result

    def _seed(self, sim: Any, town: Any, topics: Sequence[M.Topic]) -> None:
        """Make sure the host and the candidate hold their seed (persona memory, else a whisper)."""
        cfg = self.state["config"]
        party, cand = topics
        for name, topic, seed in ((cfg["host"], party, party_seed(cfg["host"])),
                                  (cfg["candidate"], cand, candidacy_seed(cfg["candidate"]))):
            if name not in sim.society.agents:
                self.state["seeds"][topic.key] = f"{name} is not in this run"
                continue
            persona = sim.society.agent(name).persona
            if any(M.mentions(m, topic.memory_terms) for m in persona.memories):
                self.state["seeds"][topic.key] = "persona seed memory"
            else:
                sim.society.whisper(name, seed)
                self.state["seeds"][topic.key] = f"whispered: {seed}"

    def _cafe(self, sim: Any, place: str) -> None:
        now = sim.clock.now().isoformat()
        for name in sim.society.agents:
            where = sim.world.location(name)
            if where is not None and (where.address == place or where.address.startswith(place + ":")):
                self.state["cafe"].append([now, name, where.address])

    def _timeline(self, sim: Any, model: Any, topics: Sequence[M.Topic], place: str, wall: float) -> None:
        snap = model.snapshot().total
        base = (self.state.get("usage") or {}).get("total", {})
        row: dict[str, Any] = {"time": sim.clock.now().isoformat(),
                               "calls": snap.calls + base.get("calls", 0),
                               "tokens": snap.total_tokens + base.get("total_tokens", 0),
                               "wall_s": round(self.state.get("wall_s", 0.0) + wall, 1)}
        agents = list(sim.society.agents.values())
        for t in topics:
            aware = sum(any(M.mentions(x, t.memory_terms) for x in memory_texts(a)) for a in agents)
            row[f"{t.key}_memory_pct"] = round(100 * aware / max(1, len(agents)), 1)
        row["at_party_place"] = sum(
            1 for a in agents if (w := sim.world.location(a.name)) is not None
            and (w.address == place or w.address.startswith(place + ":")))
        self.state["timeline"].append(row)

    # -- results
    def results(self, topics: Sequence[M.Topic], place: str) -> dict[str, Any]:
        """The summary dict (also the JSON line) from the state."""
        st, cfg = self.state, self.state["config"]
        # Re-summarize from the stored rows, so a report can be regenerated (--resume of a
        # finished run) after a change of the aggregate definitions.
        before = {**st["before"], **summarize_phase(st["before"]["agents"], topics)}
        after = {**st["after"], **summarize_phase(st["after"]["agents"], topics)}
        names = [r["agent"] for r in before["agents"]]
        party, _ = topics
        utterances = [(s, listener, text) for _, s, listener, text in st["utterances"]]
        invited = [(s, listener) for s, listener in M.invitations(utterances, party, agents=names)
                   if listener != cfg["host"]]
        positions = [(datetime.fromisoformat(t), a, addr) for t, a, addr in st["cafe"]]
        came = M.attendance(positions, place, PARTY_START, PARTY_END) - {cfg["host"]}
        invited_names = {listener for _, listener in invited}
        answers_total = before["answers"] + after["answers"]
        lex = before["hallucinated_lexical"] + after["hallucinated_lexical"]
        judged = before["judged"] + after["judged"]
        jh = before["hallucinated_judge"] + after["hallucinated_judge"]
        usage = st["usage"] or {}
        total = usage.get("total", {})
        interview = usage.get("by_purpose", {}).get("interview", {})
        sim_calls = total.get("calls", 0) - interview.get("calls", 0)
        sim_tokens = (total.get("prompt_tokens", 0) + total.get("completion_tokens", 0)
                      - interview.get("prompt_tokens", 0) - interview.get("completion_tokens", 0))
        hours = cfg["days"] * 24
        rules = [{"rule": k, **v} for k, v in sorted(st["rules"].items())]
        return {
            "npcs": len(names),
            "days": cfg["days"],
            "start": cfg["start"], "end": cfg["end"],
            "party_window": [PARTY_START.isoformat(), PARTY_END.isoformat()],
            "models": st["models"],
            "detail": cfg.get("detail", "full"),
            "seeds": st["seeds"],
            "party_before_pct": before["party"]["pct"], "party_after_pct": after["party"]["pct"],
            "candidacy_before_pct": before["candidacy"]["pct"], "candidacy_after_pct": after["candidacy"]["pct"],
            "party_judge_before_pct": before["party"]["judge_pct"],
            "party_judge_after_pct": after["party"]["judge_pct"],
            "candidacy_judge_before_pct": before["candidacy"]["judge_pct"],
            "candidacy_judge_after_pct": after["candidacy"]["judge_pct"],
            "party_memory_before_pct": before["party"]["memory_pct"],
            "party_memory_after_pct": after["party"]["memory_pct"],
            "candidacy_memory_before_pct": before["candidacy"]["memory_pct"],
            "candidacy_memory_after_pct": after["candidacy"]["memory_pct"],
            "density_before": before["density"]["directed"], "density_after": after["density"]["directed"],
            "density_either_before": before["density"]["either"], "density_either_after": after["density"]["either"],
            "hallucination_pct": round(100 * lex / answers_total, 1) if answers_total else 0.0,
            "hallucination_judge_pct": round(100 * jh / judged, 1) if judged else None,
            "answers": answers_total,
            "invited": len(invited_names),
            "invitations": [{"by": s, "to": listener} for s, listener in invited],
            "attended": sorted(came),
            "attended_of_invited": len(came & invited_names),
            "refusals_by_rule": {r["rule"]: r["refusals"] for r in rules},
            "rules": rules,
            "calls_per_agent_day": round(sim_calls / max(1, len(names)) * 24 / hours, 1) if hours else 0.0,
            "tokens_per_agent_day": round(sim_tokens / max(1, len(names)) * 24 / hours) if hours else 0,
            "wall_s": round(st["wall_s"], 1),
            "wall_s_per_game_hour": _wall_per_game_hour(st["timeline"]),
            "folder": str(self.folder),
        }


def _wall_per_game_hour(timeline: Sequence[dict[str, Any]]) -> float | None:
    """Simulation wall seconds per game hour between the first and last timeline rows that
    carry a wall clock (interviews and the first thoughts before the first row excluded)."""
    rows = [r for r in timeline if "wall_s" in r]
    if len(rows) < 2:
        return None
    hours = (datetime.fromisoformat(rows[-1]["time"]) - datetime.fromisoformat(rows[0]["time"])).total_seconds() / 3600
    return round((rows[-1]["wall_s"] - rows[0]["wall_s"]) / hours, 1) if hours > 0 else None


def _calls(model: Any) -> tuple[int, int]:
    t = model.snapshot().total
    return t.calls, t.total_tokens


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Run (or resume) the scenario; returns the summary (printed as the JSON line)."""
    return ValentineRun(args).execute()
