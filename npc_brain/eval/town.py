"""The town an evaluation runs in: the demo town from Tiled, or the tiny test town.

`load_town(...)` finds `maps/town.tmx` and `demo_game/personas.json` (next to the package
in a checkout, or under the current directory), picks `npcs` personas — always keeping the
scenario's key people (the party host and the candidate) — and returns a fresh `World`.
`--town tiny` uses `npc_brain.testing.tiny_town` with `TINY_CAST` instead: a
stable, small world for tests and quick smoke runs.
"""
from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from npc_brain.types.persona import Persona
from npc_brain.types.persona_file import PersonaFileError, load_personas

HOST = "Isabella Rodriguez"
CANDIDATE = "Sam Moore"


class TownError(RuntimeError):
    """The town or its personas could not be found or read."""


@dataclass(frozen=True)
class Town:
    """A world, the personas to put in it, where they came from, and the party place."""

    world: Any
    personas: tuple[Persona, ...]
    source: str
    party_place: str


def _candidates(relative: str, env: str) -> list[Path]:
    paths = []
    if os.environ.get(env):
        paths.append(Path(os.environ[env]))
    root = Path(__file__).resolve().parents[2]
    paths += [root / relative, Path.cwd() / relative]
    return paths


def find_file(relative: str, env: str, given: str | os.PathLike[str] | None = None) -> Path:
    """`given`, else $env, else the checkout's or the current directory's `relative`."""
    if given:
        p = Path(given)
        if not p.is_file():
            raise TownError(f"{p} does not exist")
        return p
    for p in _candidates(relative, env):
        if p.is_file():
            return p
    raise TownError(f"{relative} not found (looked in {', '.join(str(c) for c in _candidates(relative, env))});"
                    f" pass its path or set {env}, or use --town tiny")


def read_personas(path: str | os.PathLike[str]) -> list[Persona]:
    """Personas from a JSON file: a list of persona objects or {"personas": [...]}."""
    try:
        return load_personas(path)
    except PersonaFileError as exc:
        raise TownError(str(exc)) from None


def pick(personas: Sequence[Persona], n: int | None, keep: Sequence[str] = (HOST, CANDIDATE)) -> list[Persona]:
    """The first `n` personas, the `keep` names first (those that exist)."""
    by_name = {p.name: p for p in personas}
    first = [by_name[k] for k in dict.fromkeys(keep) if k in by_name]
    rest = [p for p in personas if p.name not in keep]
    chosen = first + rest
    return chosen if n is None else chosen[: max(1, n)]


TINY_CAST: tuple[dict[str, Any], ...] = (
    {"name": HOST, "age": 34, "traits": ("friendly", "outgoing", "hospitable"),
     "occupation": "owner of Hobbs Cafe", "workplace": "town:hobbs_cafe:counter",
     "relationships": {"Sam Moore": "a regular at the cafe"},
     "memories": ("Isabella Rodriguez is planning a Valentine's Day party at Hobbs Cafe on "
                  "February 14th from 5pm to 7pm, and wants to invite everyone she meets",)},
    {"name": CANDIDATE, "age": 65, "traits": ("kind", "earnest"),
     "occupation": "retired navy officer", "workplace": "town:office:desk_room",
     "relationships": {"Isabella Rodriguez": "runs the cafe he visits"},
     "memories": ("Sam Moore is running for mayor of the town in the local election",)},
    {"name": "Maria Lopez", "age": 21, "traits": ("energetic", "playful"),
     "occupation": "physics student and streamer", "workplace": "town:hobbs_cafe:counter",
     "relationships": {"Klaus Mueller": "a classmate she has a crush on"},
     "memories": ("Maria Lopez likes to study at Hobbs Cafe",)},
    {"name": "Klaus Mueller", "age": 20, "traits": ("curious", "studious"),
     "occupation": "sociology student", "workplace": "town:office:desk_room",
     "memories": ("Klaus Mueller is writing a paper on gentrification",)},
    {"name": "Tom Moreno", "age": 52, "traits": ("grumpy", "honest"),
     "occupation": "shopkeeper", "workplace": "town:office:desk_room",
     "memories": ("Tom Moreno dislikes politicians",)},
)
"""Five personas for the tiny test town (key people first)."""


def tiny_personas(n: int | None = None) -> list[Persona]:
    """The first `n` of `TINY_CAST`, homed in the tiny town's houses."""
    cast = TINY_CAST[: n or len(TINY_CAST)]
    out = []
    for p in cast:
        slug = p["name"].lower().replace(" ", "_")
        out.append(Persona.model_validate({**p, "home": f"town:{slug}_house:bedroom"}))
    return out


def load_town_or_exit(kind: str, command: str, **kw: Any) -> Town:
    """`load_town`, turning a `TownError` into a one-line exit message (for the CLIs)."""
    try:
        return load_town(kind, **kw)
    except TownError as exc:
        raise SystemExit(f"{command}: {exc}") from None


def load_town(
    kind: str = "demo",
    *,
    npcs: int | None = None,
    map_path: str | os.PathLike[str] | None = None,
    personas_path: str | os.PathLike[str] | None = None,
    keep: Sequence[str] = (HOST, CANDIDATE),
) -> Town:
    """A fresh world with `npcs` personas ("demo": the Tiled town; "tiny": the test town), the
    `keep` names among them (those the persona file has)."""
    if kind == "tiny":
        from npc_brain.testing import tiny_town

        personas = pick(tiny_personas(), npcs, keep=keep)
        return Town(tiny_town([p.name for p in personas]), tuple(personas), "tiny test town",
                    "town:hobbs_cafe")
    if kind != "demo":
        raise TownError(f"unknown town {kind!r} (demo or tiny)")
    from npc_brain.adapters.tiled import load_world

    tmx = find_file("maps/town.tmx", "NPC_BRAIN_MAP", map_path)
    pfile = find_file("demo_game/personas.json", "NPC_BRAIN_PERSONAS", personas_path)
    world = load_world(tmx)
    personas = pick(read_personas(pfile), npcs, keep=keep)
    missing = [p.home for p in personas if p.home and p.home not in world]
    if missing:
        raise TownError(f"{pfile}: homes not in {tmx}: {', '.join(missing[:5])}")
    cafe = world.find("Hobbs Cafe")
    return Town(world, tuple(personas), f"{tmx} + {pfile}", cafe.address if cafe else "town:hobbs_cafe")


def think_lag(args: argparse.Namespace) -> float:
    """The lag a run uses: `--think-lag`, except inline runs (`--workers 0`), which wait every step."""
    return float(args.think_lag) if args.workers else 0.0


def add_town_arguments(parser: argparse.ArgumentParser, *, npcs: int) -> None:
    """--npcs, --town, --map, --personas, --workers, --step-minutes, --think-lag."""
    parser.add_argument("--npcs", type=int, default=npcs, help="number of NPCs (default: %(default)s)")
    parser.add_argument("--town", default="demo", choices=("demo", "tiny"),
                        help="demo: maps/town.tmx + demo_game/personas.json; tiny: the test town")
    parser.add_argument("--map", default=None, help="a .tmx map (default: maps/town.tmx)")
    parser.add_argument("--personas", default=None, help="a personas JSON (default: demo_game/personas.json)")
    parser.add_argument("--workers", type=int, default=4,
                        help="agents thinking at once (0 = inline, deterministic; default: 4)")
    parser.add_argument("--step-minutes", type=float, default=5, help="game minutes per step")
    parser.add_argument("--think-lag", type=float, default=10,
                        help="game minutes a thought may run behind the clock before the run waits for it "
                             "(0 = wait after every step; inline runs with --workers 0 always wait; "
                             "default: %(default)s)")
