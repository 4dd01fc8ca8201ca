"""Game actions: how often a request to an NPC leads to the right action (or rightly to none).

Scripted player requests (`actions_cases.CASES`: varied phrasings, a part written after the
matcher was frozen and never tuned on, and requests that should get no action) are put to the
demo town's barista or café owner at the counter, each through the real dialogue step
(`dialogue.next_utterance`, one model call) with the game's actions on offer. A case is right
when the action done (the line's final ground, after the grounding check) and its key argument
are the expected ones — or no action when none is expected. Each case is asked twice more to
measure what the feature costs: the same line without any action on the table (the prompt's
tokens with and without the action options). Writes `report.md` and `actions.json`.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from npc_brain.cognition import dialogue
from npc_brain.cognition.grounds import Moment
from npc_brain.eval.actions_cases import CASES, ActionCase
from npc_brain.eval.backend import add_model_arguments, open_backend
from npc_brain.llm.accounting import AccountingModel
from npc_brain.memory.stream import MemoryStream
from npc_brain.runtime.movement import with_movement
from npc_brain.types.actions import ActionRegistry, Offer
from npc_brain.types.persona import Persona

PLAYER = "Alex"
NOW = datetime(2023, 2, 13, 10, 30)
STOCK = ("coffee", "tea", "croissant")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """--out, --split and the model options."""
    add_model_arguments(parser)
    parser.add_argument("--out", default=None, help="output folder (default out/eval-actions-<time>)")
    parser.add_argument("--split", choices=("all", "dev", "held_out", "fresh"), default="all",
                        help="which cases to run (dev: phrasings used while building; held_out, fresh: see "
                             "actions_cases)")


def demo_actions(world: Any, cafe_open: list[bool]) -> ActionRegistry:
    """The built-in movements plus the demo's give_item, close_cafe and open_cafe."""
    from demo_game.cafe import cafe_actions  # the demo's own actions (no pygame)

    return with_movement(cafe_actions(
        staff=lambda name: name in ("Carmen Ortiz", "Isabella Rodriguez"),
        owner=lambda name: name == "Isabella Rodriguez",
        at_counter=lambda name: True,
        stock=lambda: STOCK,
        is_open=lambda: cafe_open[0],
    ))


def _persona(case: ActionCase, personas: dict[str, Persona]) -> Persona:
    return personas[case.speaker]


def run_case(model: Any, embedder: Any, registry: ActionRegistry, world: Any, persona: Persona,
             case: ActionCase) -> dict[str, Any]:
    """One request, with the actions on offer and once without (for the token cost)."""
    from npc_brain.types.actions import ActionContext

    context = ActionContext(persona.name, PLAYER, NOW, address="town:hobbs_cafe:dining_area",
                            doing="working at the counter", following=PLAYER if case.following else None,
                            world=world, player=True)
    offers: Sequence[Offer] = registry.offers(context)
    view = MemoryStream(embedder.dim).snapshot()
    moment = Moment("working at the counter", "Hobbs Cafe")
    lines = [(PLAYER, case.line)]

    def ask(with_offers: Sequence[Offer]) -> tuple[dialogue.Said, int, float]:
        before = model.snapshot().total.prompt_tokens
        t0 = time.perf_counter()
        said = dialogue.next_utterance(model, embedder, view, persona, PLAYER, NOW, doing=moment.doing, lines=lines,
                                       moment=moment, offers=with_offers, player=True)
        return said, model.snapshot().total.prompt_tokens - before, time.perf_counter() - t0

    said, tokens, seconds = ask(offers)
    _, plain_tokens, plain_seconds = ask(())
    from npc_brain.cognition.offers import ranked

    on_table = [o.action for o in ranked(case.line, offers)[:2]]
    got = said.offer
    key = got.arg(case.key) if got is not None and case.key else None
    right = (got is None and case.expect is None) or (
        got is not None and got.action == case.expect and (case.arg is None or key == case.arg))
    return {"split": case.split, "speaker": case.speaker.split()[0], "line": case.line,
            "expect": f"{case.expect}({case.arg or ''})" if case.expect else "none",
            "got": f"{got.action}({key or ''})" if got is not None else "none",
            "offered": ",".join(on_table) or "-",
            "right": right, "said": said.text, "prompt_tokens": tokens, "plain_prompt_tokens": plain_tokens,
            "seconds": round(seconds, 2), "plain_seconds": round(plain_seconds, 2)}


def _rate(rows: list[dict[str, Any]]) -> str:
    return f"{sum(r['right'] for r in rows)}/{len(rows)}" if rows else "0/0"


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Ask every case; the right-action rate overall, per split, and the token cost."""
    from npc_brain.adapters.tiled import read_map

    root = Path(__file__).resolve().parents[2]
    world = read_map(root / "maps/town.tmx").world
    world.set_position(PLAYER, 0, 0)
    personas = {p["name"]: Persona.model_validate(p)
                for p in json.loads((root / "demo_game/personas.json").read_text())}
    cases = [c for c in CASES if args.split in ("all", c.split)]
    rows = []
    with open_backend(args) as backend:
        model = backend.model if hasattr(backend.model, "snapshot") else AccountingModel(backend.model)
        for case in cases:
            registry = demo_actions(world, [not case.closed])
            rows.append(run_case(model, backend.embedder, registry, world, _persona(case, personas), case))
            print(f"{len(rows)}/{len(cases)} {'ok ' if rows[-1]['right'] else 'BAD'} {case.line}", file=sys.stderr)
        description = backend.description
    extra = [r["prompt_tokens"] - r["plain_prompt_tokens"] for r in rows if r["offered"] != "-"]
    result: dict[str, Any] = {
        "evaluation": "actions", "model": description, "cases": len(rows),
        "right": _rate(rows), "right_rate": round(sum(r["right"] for r in rows) / max(1, len(rows)), 3),
        "dev": _rate([r for r in rows if r["split"] == "dev"]),
        "held_out": _rate([r for r in rows if r["split"] == "held_out"]),
        "fresh": _rate([r for r in rows if r["split"] == "fresh"]),
        "action_expected": _rate([r for r in rows if r["expect"] != "none"]),
        "none_expected": _rate([r for r in rows if r["expect"] == "none"]),
        "offered_right": _rate([{**r, "right": (r["expect"] == "none") == (r["offered"] == "-") and (
            r["expect"] == "none" or r["expect"].split("(")[0] in r["offered"])} for r in rows]),
        "extra_calls_per_line": 0,
        "extra_prompt_tokens_per_line_with_actions": round(sum(extra) / len(extra), 1) if extra else 0,
        "lines_with_actions_on_the_table": len(extra),
        "rows": [{k: v for k, v in r.items() if k not in ("prompt_tokens", "plain_prompt_tokens", "plain_seconds")}
                 for r in rows],
    }
    folder = Path(args.out or f"out/eval-actions-{time.strftime('%Y%m%d-%H%M%S')}")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "actions.json").write_text(json.dumps({**result, "raw": rows}, indent=2))
    (folder / "report.md").write_text(_report(result))
    result["folder"] = str(folder)
    return result


def _report(result: dict[str, Any]) -> str:
    head = [f"# Game actions on {result['model']}", "",
            f"Right action (or rightly none): **{result['right']}** ({result['right_rate']:.0%}); dev "
            f"{result['dev']}, held out {result['held_out']}, fresh {result['fresh']}; an action expected "
            f"{result['action_expected']}, "
            f"none expected {result['none_expected']}. The code put the right action on the table (or none) "
            f"{result['offered_right']}.", "",
            f"Cost: {result['extra_calls_per_line']} extra calls; "
            f"+{result['extra_prompt_tokens_per_line_with_actions']} prompt tokens on the "
            f"{result['lines_with_actions_on_the_table']} lines with actions on the table (0 on the others).", "",
            "| split | speaker | line | expected | got | offered | right | said |", "|---|---|---|---|---|---|---|---|"]
    for r in result["rows"]:
        head.append(f"| {r['split']} | {r['speaker']} | {r['line']} | {r['expect']} | {r['got']} | {r['offered']} "
                    f"| {'✓' if r['right'] else '✗'} | {r['said']} |")
    return "\n".join(head) + "\n"
