"""`python -m npc_brain <command>` (also the `npc-brain` script).

Each command is a module exposing `add_arguments(parser)` and `run(args) -> int` (the exit
status). To add one, add a line to `COMMANDS`; modules are imported only when chosen, so a
command's heavy imports never slow the others.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Mapping, Sequence
from types import MappingProxyType

COMMANDS: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "doctor": (
            "npc_brain.llm.doctor",
            "check that a language model works (backend, model, latency)",
        ),
        "serve": (
            "npc_brain.llm.serve",
            "serve the embedded model on loopback as an OpenAI-compatible server (llama.cpp's)",
        ),
    }
)
"""Command name → (module path, one-line help)."""


def build_parser() -> argparse.ArgumentParser:
    """Top-level parser; each command's options are added only when it is chosen."""
    parser = argparse.ArgumentParser(prog="python -m npc_brain", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (_, summary) in COMMANDS.items():
        sub.add_parser(name, help=summary, add_help=False)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Dispatch to the chosen command; returns its exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    known, _ = build_parser().parse_known_args(argv[:1])
    module_path, summary = COMMANDS[known.command]
    module = importlib.import_module(module_path)
    parser = argparse.ArgumentParser(
        prog=f"python -m npc_brain {known.command}", description=summary
    )
    module.add_arguments(parser)
    return int(module.run(parser.parse_args(argv[1:])))


if __name__ == "__main__":
    raise SystemExit(main())
