"""The end-to-end scenario harness (paper §7.1.2): seed → interview → run → interview.

A `Scenario` says what one run measures: the topics (news whose spread is counted), the seeds
that start them (a resident's persona memory, or a whisper when the persona lacks it), the
occasion whose invitations and guests are counted (host, place, time window) and the cast to
keep. `ScenarioRun` runs one in a folder: builds (or resumes) the simulation, seeds it, asks
every agent each topic's question before and after, steps the town with hourly saves, records
who is at the occasion's place, and returns the measurements (`outcome`). `eval valentine` is
one scenario; `eval stories` runs generated ones.
"""
from __future__ import annotations

import argparse
import dataclasses
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from npc_brain.eval import metrics as M
from npc_brain.eval.measure import Measurer, memory_texts, summarize_phase
from npc_brain.eval.report import latest_folder, merge_usage, read_json, run_folder, write_json
from npc_brain.eval.town import load_town, think_lag

NEAR_PX = 96.0
"""How far outside a place (map pixels, three 32 px tiles) a guest may stand when the occasion
is *by / outside / near / behind* it rather than *at / in* it."""


@dataclass(frozen=True, slots=True)
class Seed:
    """A sentence that starts a topic in one resident's memory.

    `into`: "persona" — written into the persona's seed memories before the town starts (as a
    game developer writes a persona file); "whisper" — kept if a persona memory already mentions
    the topic, else whispered (`Society.whisper`) at the start (the Valentine scenario).
    """

    who: str
    topic: str
    text: str
    into: str = "whisper"


@dataclass(frozen=True, slots=True)
class Scenario:
    """What one run measures (see the module doc). `place` is an address; `near` counts guests
    within `NEAR_PX` of it too; `strip`: term groups (`metrics.mentions`) — persona memories, habits
    and status that mention any of them are left out of the cast (another scenario's seeds)."""

    key: str
    topics: tuple[M.Topic, ...]
    seeds: tuple[Seed, ...]
    occasion: str
    host: str
    place: str
    window: tuple[datetime, datetime]
    near: bool = False
    keep: tuple[str, ...] = ()
    strip: tuple[tuple[tuple[str, ...], ...], ...] = ()

    def topic(self, key: str) -> M.Topic:
        """The topic called `key`."""
        return next(t for t in self.topics if t.key == key)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict (kept in the run's state, for --resume and the report)."""
        d = dataclasses.asdict(self)
        d["window"] = [w.isoformat() for w in self.window]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Scenario:
        """Inverse of `to_dict`."""
        def groups(x: Any) -> tuple[tuple[str, ...], ...]:
            return tuple(tuple(g) for g in x)

        topics = tuple(M.Topic(t["key"], t["question"], t["fact"], groups(t["answer_terms"]),
                               groups(t["memory_terms"]), t.get("subject", ""), groups(t.get("self_terms", ())))
                       for t in d["topics"])
        return cls(d["key"], topics, tuple(Seed(**s) for s in d["seeds"]), d["occasion"], d["host"], d["place"],
                   (datetime.fromisoformat(d["window"][0]), datetime.fromisoformat(d["window"][1])),
                   d.get("near", False), tuple(d.get("keep", ())), tuple(groups(s) for s in d.get("strip", ())))


def cast(personas: Sequence[Any], scenario: Scenario) -> list[Any]:
    """The personas with the scenario's persona seeds added to their memories, and without the
    memories, daily habits and status that mention one of its `strip` term groups."""
    def kept(texts: Sequence[str]) -> tuple[str, ...]:
        return tuple(t for t in texts if not any(M.mentions(t, g) for g in scenario.strip))

    out = []
    for p in personas:
        added = tuple(s.text for s in scenario.seeds if s.into == "persona" and s.who == p.name)
        update: dict[str, Any] = {"memories": kept(p.memories) + added, "daily_habits": kept(p.daily_habits),
                                  "status": p.status if kept((p.status,)) else ""}
        if any(getattr(p, k) != v for k, v in update.items()):
            p = p.model_copy(update=update)
        out.append(p)
    return out


def near(rect: Sequence[float], pos: Sequence[float] | None, margin: float = NEAR_PX) -> bool:
    """True when `pos` lies within `margin` px of the rectangle (x, y, w, h)."""
    if pos is None:
        return False
    x, y, w, h = rect
    dx = max(x - pos[0], 0.0, pos[0] - (x + w))
    dy = max(y - pos[1], 0.0, pos[1] - (y + h))
    return dx * dx + dy * dy <= margin * margin


def guests(rows: Sequence[Sequence[str]], start: datetime, end: datetime, host: str) -> set[str]:
    """Who was recorded present ([time, name, address] rows) in [start, end), the host aside."""
    return {name for t, name, _ in rows if start <= datetime.fromisoformat(t) < end} - {host}


class ScenarioRun:
    """One run folder: build or resume the simulation, step it with saves, measure, report.

    Subclasses name the files and the progress label and write the report (`finish`).
    """

    label = "scenario"
    save_name, state_name = "scenario.sqlite", "scenario_state.json"
    resumed_keys: tuple[str, ...] = ("npcs", "town", "map", "personas", "days", "step_minutes")

    def __init__(self, args: argparse.Namespace, scenario: Scenario | None = None,
                 *, extra: dict[str, Any] | None = None) -> None:
        self.args = args
        self._events_seen = 0  # how many of the simulation's events are already in the state
        if args.resume:
            folder = Path(args.out) if args.out else latest_folder(self.state_name)
            if folder is None or not (folder / self.state_name).exists():
                raise SystemExit(f"eval {self.label} --resume: no saved run found (pass --out DIR)")
            self.folder = folder
            self.state = read_json(folder / self.state_name)
            saved = self.state["config"]
            for key in self.resumed_keys:
                setattr(args, key, saved[key])
            args.detail = saved.get("detail", "full")
            args.think_lag = saved.get("think_lag", 0)  # runs saved before the option waited every step
            args.start = saved["start"]
            # States written before the harness was shared: the café rows and the party place.
            self.state.setdefault("present", self.state.pop("cafe", []))
            self.scenario = self.refresh(Scenario.from_dict(self.state["scenario"]) if "scenario" in self.state
                                         else self.legacy(saved))
        else:
            assert scenario is not None, "a new run needs its scenario"
            self.scenario = scenario
            self.folder = run_folder(args.out)
            hours = args.days * 24
            start = datetime.fromisoformat(args.start)
            self.state = {
                "config": {"npcs": args.npcs, "town": args.town, "map": args.map, "personas": args.personas,
                           "days": args.days, **(extra or {}),
                           "step_minutes": args.step_minutes, "think_lag": think_lag(args),
                           "detail": args.detail,
                           "start": start.isoformat(),
                           "end": (start + timedelta(hours=hours)).isoformat()},
                "phase": "new", "seeds": {}, "before": None, "after": None, "clock": start.isoformat(),
                "usage": None, "judge_usage": None, "rules": {}, "wall_s": 0.0, "utterances": [],
                "conversations": [], "present": [], "timeline": [], "models": [],
                "scenario": scenario.to_dict(),
            }

    def legacy(self, config: dict[str, Any]) -> Scenario:
        """The scenario of a state saved before states carried it (subclasses that had such)."""
        raise SystemExit(f"eval {self.label} --resume: the saved state has no scenario")

    def refresh(self, saved: Scenario) -> Scenario:
        """The saved scenario under the current definitions (a subclass rebuilds its topics, so a
        report regenerated after a change of the rules is current)."""
        return saved

    def resolve(self, town: Any) -> Scenario:
        """The scenario for the loaded town (a subclass may look its place up on the map)."""
        return self.scenario

    # -- persistence
    def save(self, sim: Any, model: Any, judge: Any, wall: float) -> None:
        """Write the SQLite save and the JSON state (usage and counters so far)."""
        st = self.state
        sim.society.save(self.folder / self.save_name)
        st["clock"] = sim.clock.now().isoformat()
        self._flush(sim)
        st["usage_now"] = model.snapshot().to_dict()
        st["judge_usage_now"] = judge.snapshot().to_dict() if judge is not None else None
        st["rules_now"] = {k: {"checks": v.checks, "refusals": v.refusals} for k, v in sim.rules.stats().items()}
        st["wall_now"] = wall
        write_json(self.folder / self.state_name, st)

    def _flush(self, sim: Any) -> None:
        """Move utterances and conversation starts seen since the last flush into the state."""
        from npc_brain.types.events import ConversationStarted, UtteranceEvent

        st = self.state
        new_events = sim.events[self._events_seen:]
        self._events_seen = len(sim.events)
        for e in new_events:
            if isinstance(e, UtteranceEvent):
                st["utterances"].append([e.time.isoformat(), e.agent, e.listener, e.text, e.kind])
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
        from npc_brain.eval.backend import open_backend
        from npc_brain.eval.runner import Progress, advance, make_executor, settle
        from npc_brain.llm.accounting import AccountingModel
        from npc_brain.runtime.settings import BrainSettings
        from npc_brain.runtime.simulation import Simulation
        from npc_brain.types.clock import GameClock
        from npc_brain.world.rules import Rules

        args, st, cfg = self.args, self.state, self.state["config"]
        if st["phase"] == "done":  # nothing to run: regenerate the report from the state
            return self.finish()
        town = load_town(cfg["town"], npcs=cfg["npcs"], map_path=cfg["map"], personas_path=cfg["personas"],
                         keep=self.scenario.keep)
        self.scenario = sc = self.resolve(town)
        st["scenario"] = sc.to_dict()
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
        sim = Simulation(town.world, cast(town.personas, sc), model, clock, embedder=backend.embedder, rules=rules,
                         executor=executor, travel_px_per_minute=args.travel, settings=settings)
        if cfg.get("detail") == "coarse":
            sim.society.focus(())  # no player: nobody is in view
        self._events_seen = 0
        if st["phase"] != "new":
            self._fold_previous()
        st["models"].append(backend.description)
        progress = Progress(self.label, enabled=not args.quiet)
        measurer = Measurer(sim, sc.topics, judge, args.workers)
        end = datetime.fromisoformat(cfg["end"])
        t0 = time.perf_counter()
        try:
            if st["phase"] == "new":
                self._seed(sim)
                settle(sim)
                progress.update(clock.now(), *_calls(model), "interviewing (before)", force=True)
                self._flush(sim)
                st["before"] = measurer.measure(st["conversations"])
                st["phase"] = "running"
                self._timeline(sim, model, time.perf_counter() - t0)
                self.save(sim, model, judge, time.perf_counter() - t0)
            elif st["phase"] in ("running", "measuring"):
                sim.society.load(self.folder / self.save_name)
            if st["phase"] == "running":
                while clock.now() < end:
                    chunk = min(float(args.save_every), (end - clock.now()).total_seconds() / 60)
                    advance(sim, chunk, step_minutes=cfg["step_minutes"], progress=progress,
                            lag_minutes=cfg.get("think_lag", 0), on_step=lambda now: self._present(sim))
                    self._timeline(sim, model, time.perf_counter() - t0)
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
        return self.finish()

    def finish(self) -> dict[str, Any]:
        """Fold the counters, write the state; subclasses add the report. Returns `outcome()`."""
        self._fold_previous()
        write_json(self.folder / self.state_name, self.state)
        return self.outcome()

    def _seed(self, sim: Any) -> None:
        """Every seed in its resident's memory (see `Seed`); what was done goes in the state."""
        for seed in self.scenario.seeds:
            topic = self.scenario.topic(seed.topic)
            if seed.who not in sim.society.agents:
                self.state["seeds"][seed.topic] = f"{seed.who} is not in this run"
            elif seed.into == "persona":
                self.state["seeds"][seed.topic] = f"persona memory of {seed.who}: {seed.text}"
            elif any(M.mentions(m, topic.memory_terms) for m in sim.society.agent(seed.who).persona.memories):
                self.state["seeds"][seed.topic] = "persona seed memory"
            else:
                sim.society.whisper(seed.who, seed.text)
                self.state["seeds"][seed.topic] = f"whispered: {seed.text}"

    def _here(self, sim: Any, name: str) -> str | None:
        """The agent's address when it counts as at the occasion's place, else None."""
        sc = self.scenario
        where = sim.world.location(name)
        if where is not None and (where.address == sc.place or where.address.startswith(sc.place + ":")):
            return str(where.address)
        if sc.near and sc.place in sim.world and near(sim.world.get(sc.place).rect, sim.world.position(name)):
            return str(where.address) if where is not None else "outside"
        return None

    def _present(self, sim: Any) -> None:
        now = sim.clock.now().isoformat()
        for name in sim.society.agents:
            address = self._here(sim, name)
            if address is not None:
                self.state["present"].append([now, name, address])

    def _timeline(self, sim: Any, model: Any, wall: float) -> None:
        snap = model.snapshot().total
        base = (self.state.get("usage") or {}).get("total", {})
        row: dict[str, Any] = {"time": sim.clock.now().isoformat(),
                               "calls": snap.calls + base.get("calls", 0),
                               "tokens": snap.total_tokens + base.get("total_tokens", 0),
                               "wall_s": round(self.state.get("wall_s", 0.0) + wall, 1)}
        agents = list(sim.society.agents.values())
        for t in self.scenario.topics:
            aware = sum(any(M.mentions(x, t.memory_terms) for x in memory_texts(a)) for a in agents)
            row[f"{t.key}_memory_pct"] = round(100 * aware / max(1, len(agents)), 1)
        row["at_place"] = sum(1 for a in agents if self._here(sim, a.name) is not None)
        self.state["timeline"].append(row)

    # -- results
    def phases(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """The before and after measurements, re-summarised from their stored rows (so a report
        regenerated after a change of the aggregate definitions is current)."""
        st, topics = self.state, self.scenario.topics
        return ({**st["before"], **summarize_phase(st["before"]["agents"], topics)},
                {**st["after"], **summarize_phase(st["after"]["agents"], topics)})

    def outcome(self) -> dict[str, Any]:
        """Every measurement of the run as a flat dict (topic figures as `<key>_before_pct` …)."""
        st, cfg, sc = self.state, self.state["config"], self.scenario
        before, after = self.phases()
        names = [r["agent"] for r in before["agents"]]
        utterances = [(u[1], u[2], u[3]) for u in st["utterances"]]
        invited = [(s, listener) for s, listener in M.invitations(utterances, sc.topic(sc.occasion), agents=names)
                   if listener != sc.host]
        came = guests(st["present"], *sc.window, sc.host)
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
        out: dict[str, Any] = {
            "npcs": len(names), "days": cfg["days"], "start": cfg["start"], "end": cfg["end"],
            "window": [w.isoformat() for w in sc.window], "models": st["models"],
            "detail": cfg.get("detail", "full"), "seeds": st["seeds"],
        }
        for t in sc.topics:
            for how, key in (("", "pct"), ("_judge", "judge_pct"), ("_memory", "memory_pct")):
                out[f"{t.key}{how}_before_pct"] = before[t.key][key]
                out[f"{t.key}{how}_after_pct"] = after[t.key][key]
        out.update({
            "density_before": before["density"]["directed"], "density_after": after["density"]["directed"],
            "density_either_before": before["density"]["either"], "density_either_after": after["density"]["either"],
            "hallucination_pct": round(100 * lex / answers_total, 1) if answers_total else 0.0,
            "hallucination_judge_pct": round(100 * jh / judged, 1) if judged else None,
            "answers": answers_total, "hallucinated": lex,
            "invited": len(invited_names),
            "invitations": [{"by": s, "to": listener} for s, listener in invited],
            "attended": sorted(came),
            "attended_of_invited": len(came & invited_names),
            # Guests whose memory knew of the occasion after the run: not just regulars of the place.
            "attended_aware": sorted(n for n in came if n in set(after[sc.occasion]["memory_aware"])),
            # What NPCs said to each other, by what each line was made from (runs before the
            # field was recorded have no kinds: an empty mix).
            "talk_mix": M.talk_mix(st["utterances"], agents=names),
            "refusals_by_rule": {r["rule"]: r["refusals"] for r in rules},
            "rules": rules,
            "calls_per_agent_day": round(sim_calls / max(1, len(names)) * 24 / hours, 1) if hours else 0.0,
            "tokens_per_agent_day": round(sim_tokens / max(1, len(names)) * 24 / hours) if hours else 0,
            "wall_s": round(st["wall_s"], 1),
            "wall_s_per_game_hour": _wall_per_game_hour(st["timeline"]),
            "folder": str(self.folder),
        })
        return out


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


def add_run_arguments(parser: argparse.ArgumentParser, *, judge: str = "llm", detail: str = "full") -> None:
    """The run options `eval valentine` and `eval stories` share (town and model options aside)."""
    parser.add_argument("--judge", default=judge, choices=("llm", "lexical"),
                        help="llm: the model judges awareness and support too; lexical: rules only "
                             "(default: %(default)s)")
    parser.add_argument("--save-every", type=float, default=60, help="game minutes between saves")
    parser.add_argument("--travel", type=float, default=None,
                        help="walking speed in px per game minute (default: agents arrive at once)")
    parser.add_argument("--out", default=None, help="output folder (default: out/eval-<timestamp>)")
    parser.add_argument("--resume", action="store_true",
                        help="continue the run in --out (default: the newest out/eval-* with a save)")
    parser.add_argument("--detail", default=detail, choices=("full", "coarse"),
                        help="level of detail with no player in the town: full (the paper's 5–15 minute "
                             "actions for everyone) or coarse (every NPC out of view: hour steps and later "
                             "reflection; reactions keep their pace, so people still meet; default: %(default)s)")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
