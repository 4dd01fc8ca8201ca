"""`python -m npc_brain.personas generate --map MAP --n 100 --seed 1 -o people.json`

Writes a persona file (a JSON list, like `demo_game/personas.json`) of residents made for the
map, and prints who they are in a few lines. `--with FILE` keeps the personas of another file
in town (written first, their homes kept); `--n` counts them too, and without it the homes are
filled. `--places FILE` reads the map's places from a places file (default: `<map>.npc.json`
beside the map, when there is one). `--model embedded|openai` adds one detail per persona in a
language model's words (off by default). Exit status: 0 written, 2 a bad map, persona file or
request (one sentence on stderr).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from pydantic import ValidationError

from npc_brain.types.persona import Persona
from npc_brain.world.errors import MapError
from npc_brain.world.homes import PersonaPlaceError, place_personas
from npc_brain.world.world import World


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m npc_brain.personas",
                                description="Make residents for a Tiled town map.")
    sub = p.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate", help="write a persona file of residents made for a map")
    g.add_argument("--map", required=True, help="the .tmx map")
    g.add_argument("--places", default=None, help="a places file to read the map's places from")
    g.add_argument("--n", type=int, default=None, help="how many residents the file holds (default: fill the homes)")
    g.add_argument("--seed", type=int, default=1, help="the same seed makes the same people (default 1)")
    g.add_argument("--with", dest="include", default=None,
                   help="a persona file whose people live in town already (kept, written first)")
    g.add_argument("--model", choices=("none", "embedded", "openai"), default="none",
                   help="add one detail per persona in a language model's words (default: none)")
    g.add_argument("-o", "--output", required=True, help="where to write the JSON")
    return p


def _read(path: str) -> list[Persona]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"{path} does not exist.") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path} is not a readable JSON file ({exc}).") from None
    items = data.get("personas") if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise ValueError(f"{path} holds no list of personas.")
    try:
        return [Persona.model_validate(raw) for raw in items]
    except ValidationError as exc:
        err = exc.errors()[0]
        raise ValueError(f"{path}: {'.'.join(str(x) for x in err['loc'])}: {err['msg']}.") from None


def summary(world: World, people: Sequence[Persona], made: int) -> list[str]:
    """A few lines on who lives in town: homes, ages, what they do and where."""
    homes = Counter(world.area_name(p.home) or p.home for p in people)
    ages = sorted(p.age for p in people)
    kids = sum(1 for a in ages if a < 18)
    old = sum(1 for a in ages if a >= 67)
    work = Counter(world.area_name(p.workplace) or p.workplace for p in people if p.workplace)
    places = ", ".join(f"{name} {n}" for name, n in work.most_common())
    return [
        f"{len(people)} residents ({made} made, the same for the same seed) in {len(homes)} homes",
        f"ages {ages[0]}-{ages[-1]} (median {statistics.median(ages):g}): {kids} under 18, {old} aged 67 or more"
        if ages else "nobody",
        f"{sum(work.values())} work or learn at {len(work)} places: {places}" if work else "no workplaces",
        f"{len(people) - sum(work.values())} without a workplace on the map (retired, at home, around town)",
    ]


def generate_command(args: argparse.Namespace) -> int:
    """Run `generate`; returns the exit status."""
    from npc_brain.adapters.tiled import load_world
    from npc_brain.personas.generator import CapacityError, generate, room_for

    try:
        world = load_world(args.map, places=args.places)
        kept = _read(args.include) if args.include else []
        kept = place_personas(kept, world, source=args.include or "").personas
        n = room_for(world, kept) if args.n is None else args.n - len(kept)
        if n < 0:
            raise ValueError(f"--n {args.n} is fewer than the {len(kept)} personas of {args.include}.")
        if args.n is None and n == 0:
            raise ValueError(f"{args.map} has no free home for anyone: a home is a place whose purpose is sleep "
                             "(a bedroom, or a house drawn without rooms), with beds as objects for sleep.")
        model, stack = None, None
        if args.model != "none":
            from npc_brain.llm.factory import load_stack
            from npc_brain.llm.settings import LLMSettings

            stack = load_stack(LLMSettings.from_env(None, backend=args.model))
            model = stack.model
        try:
            made = generate(world, n, seed=args.seed, existing=kept, model=model)
        finally:
            if stack is not None:
                stack.close()
    except (MapError, CapacityError, PersonaPlaceError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    people = [*kept, *made]
    text = json.dumps([p.model_dump(mode="json", exclude_defaults=True) for p in people], indent=1,
                      ensure_ascii=False)
    try:
        Path(args.output).write_text(text + "\n", encoding="utf-8")
    except OSError as exc:
        print(f"error: cannot write {args.output} ({exc.strerror}).", file=sys.stderr)
        return 2
    print(f"{args.map}:")
    for line in summary(world, people, len(made)):
        print(f"  {line}")
    print(f"wrote {args.output}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """The command line; returns the exit status."""
    args = _parser().parse_args(sys.argv[1:] if argv is None else argv)
    return generate_command(args)


if __name__ == "__main__":
    sys.exit(main())
