"""`python -m npc_brain.eval stories`: any town, any story — generated scenarios through the Valentine harness.

`--scenarios` scenarios are generated from `--seed` (`eval/story_gen.py`): a random host
holds an occasion (from the evaluation's own list, or an invented word) at a random place of
the map joined by a random preposition, on a random day and hour window; another resident has
an undated piece of news in their own persona memories. Each runs through the scenario harness
(seed → interviews → run → interviews, `eval/harness.py`): occasion and news awareness (memory
and interview, lexical rules built from the scenario's own seed, `eval/story_score.py`),
invitations, guests at the place in the window (the host aside), hallucinated answers. Prints
a table per scenario and the mean; the last line is one JSON object with `mean_occasion_pct`,
`mean_news_pct`, `min_occasion_pct`, `min_guests`, `hallucination_pct`. Targets (issue 25, 135M
model, 15 NPCs, 1.5 days, coarse): mean occasion ≥ 52%, news ≥ 32%, every scenario ≥ 30%,
≥ 3 guests in each window, hallucination ≤ 1.3%. Persona memories of the Valentine scenario
(party, candidacy) are left out of the cast unless `--keep-persona-stories`.
"""
from __future__ import annotations

import argparse
import copy
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from npc_brain.eval.backend import add_model_arguments
from npc_brain.eval.harness import Scenario, ScenarioRun, Seed, add_run_arguments
from npc_brain.eval.report import latest_folder, read_json, run_folder, write_json
from npc_brain.eval.scenario import VALENTINE_WORDS
from npc_brain.eval.story_gen import Story, generate, story_from_dict, story_to_dict
from npc_brain.eval.story_score import scenario_row, summarize, topics
from npc_brain.eval.town import add_town_arguments, load_town

PLAN = "stories.json"
"""The generated scenarios and the run's settings (what --resume reads)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `eval stories`."""
    add_town_arguments(parser, npcs=15)
    parser.add_argument("--seed", type=int, default=1, help="generates the scenarios (default: 1)")
    parser.add_argument("--scenarios", type=int, default=5, help="how many scenarios (default: 5)")
    parser.add_argument("--days", type=float, default=1.5, help="game days each scenario runs (default: 1.5)")
    parser.add_argument("--hours", type=float, default=None, help="game hours each scenario runs (overrides --days)")
    parser.add_argument("--keep-persona-stories", action="store_true",
                        help="keep the persona file's Valentine seeds (party, candidacy) in the cast")
    add_run_arguments(parser, judge="lexical", detail="coarse")
    add_model_arguments(parser)


def scenario_of(story: Story, names: Sequence[str], *, strip: bool = True) -> Scenario:
    """The harness scenario of a generated story: both seeds in their residents' persona memories."""
    occasion, news = topics(story, names)
    return Scenario(
        key=f"story-{story.index}", topics=(occasion, news),
        seeds=(Seed(story.host, occasion.key, story.seed, into="persona"),
               Seed(story.subject, news.key, story.happening, into="persona")),
        occasion=occasion.key, host=story.host, place=story.address, window=story.window, near=story.near,
        keep=(story.host, story.subject), strip=VALENTINE_WORDS if strip else ())


class StoryRun(ScenarioRun):
    """One generated scenario in its own folder (`story.sqlite`, `story_state.json`, `report.md`)."""

    label = "stories"
    save_name, state_name = "story.sqlite", "story_state.json"

    def __init__(self, args: argparse.Namespace, story: Story, names: Sequence[str], *, strip: bool) -> None:
        self.story, self.names, self.strip = story, tuple(names), strip
        super().__init__(args, None if args.resume else scenario_of(story, names, strip=strip))

    def refresh(self, saved: Scenario) -> Scenario:
        return scenario_of(self.story, self.names, strip=self.strip)

    def finish(self) -> dict[str, Any]:
        from npc_brain.eval.stories_report import write_scenario_report

        outcome = super().finish()
        write_scenario_report(self.folder, outcome, self.state)
        return outcome


def _plan(args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    """The generated scenarios: read from the folder on --resume, else generated and written."""
    if args.resume and (folder / PLAN).exists():
        return dict(read_json(folder / PLAN))
    hours = args.hours if args.hours is not None else args.days * 24
    town = load_town(args.town, npcs=None, map_path=args.map, personas_path=args.personas, keep=())
    names = [p.name for p in town.personas]
    try:
        stories = generate(args.seed, args.scenarios, town.world, names, hours=hours)
    except ValueError as exc:
        raise SystemExit(f"eval stories: {exc}") from None
    plan = {"config": {"seed": args.seed, "scenarios": args.scenarios, "hours": hours, "town": args.town,
                       "map": args.map, "personas": args.personas, "npcs": args.npcs,
                       "strip": not args.keep_persona_stories, "source": town.source},
            "names": names, "stories": [story_to_dict(s) for s in stories]}
    write_json(folder / PLAN, plan)
    return plan


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Generate (or reload) the scenarios, run each, summarise; writes report.md and stories_results.json."""
    from npc_brain.eval.stories_report import write_report

    if args.resume:
        found = Path(args.out) if args.out else latest_folder(PLAN)
        if found is None or not (found / PLAN).exists():
            raise SystemExit("eval stories --resume: no generated run found (pass --out DIR)")
        folder = found
    else:
        folder = run_folder(args.out)
    plan = _plan(args, folder)
    cfg = plan["config"]
    stories = [story_from_dict(s) for s in plan["stories"]]
    outcomes = []
    for story in stories:
        sub = folder / f"s{story.index}"
        sargs = copy.copy(args)
        sargs.out, sargs.resume = str(sub), (sub / StoryRun.state_name).exists()
        sargs.town, sargs.map, sargs.personas, sargs.npcs = cfg["town"], cfg["map"], cfg["personas"], cfg["npcs"]
        sargs.days, sargs.start = story.hours / 24, story.start.isoformat()
        outcomes.append(StoryRun(sargs, story, plan["names"], strip=cfg["strip"]).execute())
    rows = [scenario_row(s, o) for s, o in zip(stories, outcomes)]
    summary = summarize(outcomes)
    result: dict[str, Any] = {"per_scenario": rows, "mean": [_mean_row(summary)], **summary,
                              "models": sorted({m for o in outcomes for m in o["models"]}),
                              "seed": cfg["seed"], "npcs": cfg["npcs"], "hours": cfg["hours"],
                              "folder": str(folder)}
    write_report(folder, result, stories, outcomes, cfg)
    return result


def _mean_row(s: dict[str, Any]) -> dict[str, Any]:
    return {"occasion after (mean)": s["mean_occasion_pct"], "occasion (min)": s["min_occasion_pct"],
            "news after (mean)": s["mean_news_pct"], "guests (min)": s["min_guests"],
            "aware guests (min)": s["min_aware_guests"],
            "hallucinated %": s["hallucination_pct"],
            "targets met": ", ".join(k for k, ok in s["met"].items() if ok) or "none"}
