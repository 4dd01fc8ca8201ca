"""`python -m npc_brain.bench <benchmark> [options]` — run one benchmark, print its results.

Each benchmark is a module exposing `add_arguments(parser)` and `run(args) -> dict`. The
dispatcher prints every list-of-rows value of the result as a table, then the whole result
as ONE JSON line (last line of stdout, for scripts). To add a benchmark, add a line to
`BENCHMARKS`.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from npc_brain.eval.report import format_table

BENCHMARKS: Mapping[str, str] = MappingProxyType(
    {
        "cost": "npc_brain.bench.cost",
        "embedders": "npc_brain.bench.embedders",
        "frames": "npc_brain.bench.frames",
        "importance": "npc_brain.bench.importance",
        "lag": "npc_brain.bench.lag",
        "memory": "npc_brain.bench.memory",
        "prefixes": "npc_brain.bench.prefixes",
        "reply": "npc_brain.bench.reply",
        "retrieval": "npc_brain.bench.retrieval",
        "throughput": "npc_brain.bench.throughput",
    }
)
"""Subcommand name → module path."""


def _tables(result: Mapping[str, Any]) -> list[tuple[str, list[Mapping[str, Any]]]]:
    return [
        (name, value)
        for name, value in result.items()
        if isinstance(value, list) and value and all(isinstance(r, Mapping) for r in value)
    ]


def _summary(module_path: str) -> str:
    try:
        module = importlib.import_module(module_path)
    except Exception as exc:  # noqa: BLE001 - a benchmark being written must not break the others
        return f"(unavailable: {type(exc).__name__}: {exc})"
    return (module.__doc__ or "").strip().split("\n")[0]


def build_parser(with_help: bool = False) -> argparse.ArgumentParser:
    """The top-level parser. Benchmark modules are imported only for `--help`."""
    parser = argparse.ArgumentParser(
        prog="python -m npc_brain.bench", description=(__doc__ or "").split("\n")[0]
    )
    sub = parser.add_subparsers(dest="benchmark", required=True, metavar="BENCHMARK")
    for name, module_path in BENCHMARKS.items():
        sub.add_parser(name, help=_summary(module_path) if with_help else None, add_help=False)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the chosen benchmark; exit status 1 with one sentence if the LLM layer fails."""
    from npc_brain.llm.errors import LLMError

    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0].startswith("-"):
        build_parser(with_help=True).parse_args(argv)  # prints help or the usage error
    name = build_parser().parse_known_args(argv[:1])[0].benchmark
    # Only the chosen benchmark is imported: its heavy imports never slow the others.
    module = importlib.import_module(BENCHMARKS[name])
    parser = argparse.ArgumentParser(
        prog=f"python -m npc_brain.bench {name}", description=module.__doc__
    )
    module.add_arguments(parser)
    args = parser.parse_args(argv[1:])
    try:
        result = module.run(args)
    except LLMError as exc:
        print(f"npc_brain.bench {name}: {exc}", file=sys.stderr)
        return 1
    for table, rows in _tables(result):
        print(f"\n{table}")
        print(format_table(rows))
    print()
    print(json.dumps(result, default=str, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
