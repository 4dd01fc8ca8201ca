"""`python -m npc_brain.eval <evaluation> [options]` — the paper's evaluations on npc_brain.

Each evaluation writes a folder (default `out/eval-<timestamp>/`) with `report.md`, PNG plots
and raw JSON, prints the list-valued results as tables, then ONE JSON line (last line of
stdout). Each evaluation module exposes `add_arguments(parser)` and `run(args) -> dict`.
"""
from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Mapping, Sequence
from types import MappingProxyType

EVALUATIONS: Mapping[str, str] = MappingProxyType({
    "valentine": "npc_brain.eval.valentine",
    "stories": "npc_brain.eval.stories",
    "interview": "npc_brain.eval.interview",
    "ablation": "npc_brain.eval.ablation",
    "grounding": "npc_brain.eval.grounding",
    "actions": "npc_brain.eval.actions",
})
"""Subcommand name → module path."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with one subcommand per evaluation module."""
    parser = argparse.ArgumentParser(prog="python -m npc_brain.eval", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="evaluation", required=True, metavar="EVALUATION")
    for name, module_path in EVALUATIONS.items():
        module = importlib.import_module(module_path)
        summary = (module.__doc__ or name).strip().split("\n")[0]
        p = sub.add_parser(name, help=summary, description=module.__doc__,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        module.add_arguments(p)
        p.set_defaults(run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the chosen evaluation; exit status 1 with one sentence if the LLM layer fails."""
    from npc_brain.eval.report import format_table
    from npc_brain.eval.town import TownError
    from npc_brain.llm.errors import LLMError

    args = build_parser().parse_args(argv)
    try:
        result = args.run(args)
    except (LLMError, TownError) as exc:
        print(f"npc_brain.eval {args.evaluation}: {exc}", file=sys.stderr)
        return 1
    for name, value in result.items():
        if isinstance(value, list) and value and all(isinstance(r, Mapping) for r in value):
            print(f"\n{name}")
            print(format_table(value))
    if "folder" in result:
        print(f"\nreport: {result['folder']}/report.md")
    print()
    print(json.dumps(result, default=str, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
