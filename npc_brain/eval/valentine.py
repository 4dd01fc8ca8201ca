"""`python -m npc_brain.eval valentine`: the paper's end-to-end scenario on the demo town.

One seed intention (the café owner's Valentine's Day party, Feb 14, 5–7 pm) and one
candidacy (a resident running for mayor) live in two personas' seed memories (whispered
in when a persona file lacks them). Every agent is interviewed before and after the run
("Do you know of a party?", "Who is running for mayor?"); we report awareness, the
acquaintance network density, invitations, attendance at the café in the party window,
hallucinated claims and spatial-norm refusals by rule, beside the paper's figures. The
run saves itself (SQLite + a JSON state) every `--save-every` game minutes; `--resume`
continues from the last save. Definitions: `npc_brain.eval.metrics` (quoted in the report).
The run itself is the shared scenario harness (`npc_brain.eval.harness`).
"""
from __future__ import annotations

import argparse
import dataclasses
from datetime import datetime, timedelta
from typing import Any

from npc_brain.eval.backend import add_model_arguments
from npc_brain.eval.harness import Scenario, ScenarioRun, Seed, add_run_arguments
from npc_brain.eval.measure import Measurer, memory_texts, place_patterns, summarize_phase
from npc_brain.eval.scenario import (
    PARTY_END,
    PARTY_START,
    candidacy_seed,
    candidacy_topic,
    party_seed,
    party_topic,
)
from npc_brain.eval.town import CANDIDATE, HOST, add_town_arguments

__all__ = ["Measurer", "ValentineRun", "add_arguments", "memory_texts", "place_patterns", "run",
           "summarize_phase", "valentine_scenario"]  # the measuring names: re-exported for older scripts

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
    add_run_arguments(parser, judge="llm", detail="full")
    add_model_arguments(parser)


def default_start(hours: float) -> datetime:
    """A start time whose window covers the party (see --start)."""
    if hours >= 36:
        return datetime(2023, 2, 13, 7, 0)
    if hours >= 12:
        return datetime(2023, 2, 14, 7, 0)
    return PARTY_END - timedelta(hours=hours)


def valentine_scenario(host: str, candidate: str, place: str = "town:hobbs_cafe") -> Scenario:
    """The party (host, café, Feb 14 5–7 pm) and the candidacy, whispered when a persona lacks them."""
    party, candidacy = party_topic(host), candidacy_topic(candidate)
    return Scenario(
        key="valentine", topics=(party, candidacy),
        seeds=(Seed(host, party.key, party_seed(host)), Seed(candidate, candidacy.key, candidacy_seed(candidate))),
        occasion=party.key, host=host, place=place, window=(PARTY_START, PARTY_END), keep=(host, candidate))


class ValentineRun(ScenarioRun):
    """The Valentine scenario in a run folder (`valentine.sqlite`, `valentine_state.json`)."""

    label = "valentine"
    save_name, state_name = SAVE, STATE
    resumed_keys = ("npcs", "town", "map", "personas", "days", "host", "candidate", "step_minutes")

    def __init__(self, args: argparse.Namespace) -> None:
        if not args.resume:
            if args.hours is not None:
                args.days = args.hours / 24
            args.start = args.start or default_start(args.days * 24).isoformat()
        super().__init__(args, None if args.resume else valentine_scenario(args.host, args.candidate),
                         extra={"host": args.host, "candidate": args.candidate})

    def legacy(self, config: dict[str, Any]) -> Scenario:
        return valentine_scenario(config["host"], config["candidate"], self.state.pop("party_place", "town:hobbs_cafe"))

    def refresh(self, saved: Scenario) -> Scenario:
        cfg = self.state["config"]
        return valentine_scenario(cfg["host"], cfg["candidate"], saved.place)

    def resolve(self, town: Any) -> Scenario:
        return dataclasses.replace(self.scenario, place=town.party_place)

    def finish(self) -> dict[str, Any]:
        from npc_brain.eval.valentine_report import write_report

        result = self.results(super().finish())
        write_report(self.folder, result, self.state)
        return result

    def results(self, o: dict[str, Any]) -> dict[str, Any]:
        """The summary dict (also the JSON line): the harness's outcome under the party's names."""
        keys = ("npcs", "days", "start", "end")
        tail = ("density_before", "density_after", "density_either_before", "density_either_after",
                "hallucination_pct", "hallucination_judge_pct", "answers", "invited", "invitations",
                "attended", "attended_of_invited", "refusals_by_rule", "rules", "calls_per_agent_day",
                "tokens_per_agent_day", "wall_s", "wall_s_per_game_hour", "talk_mix", "folder")
        topics = {f"{t}{how}_{when}_pct": o[f"{t}{how}_{when}_pct"]
                  for how in ("", "_judge", "_memory") for t in ("party", "candidacy") for when in ("before", "after")}
        return {**{k: o[k] for k in keys}, "party_window": o["window"], "models": o["models"],
                "detail": o["detail"], "seeds": o["seeds"], **topics, **{k: o[k] for k in tail}}


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Run (or resume) the scenario; returns the summary (printed as the JSON line)."""
    return ValentineRun(args).execute()
