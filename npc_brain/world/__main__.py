"""`python -m npc_brain.world MAP.tmx`: lint a town map for map makers.

Prints the containment tree with each place's rules, then errors and warnings. Exit status:
0 clean or warnings only, 1 errors in the map, 2 the file cannot be loaded at all.
`python -m npc_brain.world init MAP -o OUT` writes a copy with a guessed Areas layer.
"""

from __future__ import annotations

import argparse
import sys

from npc_brain.world.errors import MapError, Severity


def collision_line(blocked: int, cells: int, sources: dict[str, int]) -> str:
    """ "collision: 1561 of 4800 cells blocked (tiles marked solid 1561)"."""
    parts = ", ".join(f"{name} {count}" for name, count in sources.items())
    if not blocked:  # say what to mark, not only that nothing is
        return (f"collision: 0 of {cells} cells blocked: nothing stops NPCs; mark walls, water, trees "
                "and furniture as solid (the warning below says how)")
    return f"collision: {blocked} of {cells} cells blocked" + (f" ({parts})" if parts else "")


def init(argv: list[str]) -> int:
    """`init MAP -o OUT`: write a copy of MAP with a guessed Areas layer, then lint OUT."""
    parser = argparse.ArgumentParser(
        prog="python -m npc_brain.world init",
        description="Write a copy of a map with an Areas layer guessed from what it has; every "
        "guess is marked with the property review = true.",
    )
    parser.add_argument("map", help="the .tmx file (left unchanged)")
    parser.add_argument("-o", "--output", required=True,
                        help="where to write the copy (.tmx), or a places file beside the map "
                        "(MAP-stem.npc.json) that leaves the map as it is")
    args = parser.parse_args(argv)
    from npc_brain.adapters.tiled_scaffold import scaffold, scaffold_places

    out = args.output.lower()
    if not out.endswith((".tmx", ".json")):
        print(f"error: the output {args.output} must be a .tmx file or a .npc.json places file.", file=sys.stderr)
        return 2
    try:
        made = scaffold_places(args.map, args.output) if out.endswith(".json") else scaffold(args.map, args.output)
    except MapError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"error: cannot write {args.output} ({exc.strerror}).", file=sys.stderr)
        return 2
    print(f"wrote {args.output} with {len(made)} guesses to review in Tiled (property review):")
    for line in made:
        print(f"  {line}")
    print()
    return main([args.map if out.endswith(".json") else args.output, "--no-tree"])


def main(argv: list[str] | None = None) -> int:
    """Run the lint (or `init`); returns the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["init"]:
        return init(argv[1:])
    parser = argparse.ArgumentParser(
        prog="python -m npc_brain.world",
        description="Check a Tiled town map against the npc_brain conventions.",
    )
    parser.add_argument("map", help="the .tmx file")
    parser.add_argument(
        "--project", help=".tiled-project with the class defaults (default: nearest one)"
    )
    parser.add_argument("--no-tree", action="store_true", help="print only the problems")
    args = parser.parse_args(argv)

    # Imported here so `import npc_brain.world` never pulls in the Tiled adapter.
    from npc_brain.adapters.tiled import read_map
    from npc_brain.world.lint import format_tree, lint_world

    try:
        loaded = read_map(args.map, project=args.project)
    except MapError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    world = loaded.world
    issues = loaded.issues + lint_world(world, file=args.map)
    if not args.no_tree:
        print(
            f"{args.map}: {len(world.places())} places, {world.grid.cols}x{world.grid.rows} tiles "
            f"of {world.tile_size} px, {len(world.spawns)} spawn points, "
            f"project: {loaded.project.name}"
        )
        cells = world.grid.cols * world.grid.rows
        print(collision_line(int(world.grid.blocked.sum()), cells, loaded.collision))
        print()
        print(format_tree(world))
        print()
    issues.sort(key=lambda i: (i.object_id is None, i.object_id or 0))
    errors = [i for i in issues if i.severity is Severity.ERROR]
    warnings = [i for i in issues if i.severity is Severity.WARNING]
    for issue in errors + warnings:
        print(f"{issue.severity}: {issue.sentence(with_file=False)}")
    print(
        f"{len(errors)} error{'s' * (len(errors) != 1)}, "
        f"{len(warnings)} warning{'s' * (len(warnings) != 1)}."
    )
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
