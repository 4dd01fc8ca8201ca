"""Map lint: the containment tree with each place's rules, and what a map maker should fix.

Engine-agnostic: works on a loaded `World`; `python -m npc_brain.world MAP.tmx` is the front end.
"""

from __future__ import annotations

import numpy as np

from npc_brain.world.errors import MapIssue, Severity
from npc_brain.world.hours import hours_text
from npc_brain.world.pathfinding import Pathfinder
from npc_brain.world.place import ACTIVITIES, Place, PlaceKind
from npc_brain.world.world import World


def _issue(place: Place, severity: Severity, code: str, problem: str, file: str) -> MapIssue:
    return MapIssue(severity, code, problem, file, place.tiled_id, place.name, place.address)


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def lint_world(world: World, *, file: str | None = None) -> list[MapIssue]:
    """Warnings about a loaded world: misplaced areas, overlaps, odd values, unreachable places."""
    file = file if file is not None else (world.source or "")
    out: list[MapIssue] = []
    root = world.root
    map_w, map_h = world.grid.cols * world.tile_size, world.grid.rows * world.tile_size
    rx, ry, rw, rh = root.rect
    if rx > 0.5 or ry > 0.5 or rx + rw < map_w - 0.5 or ry + rh < map_h - 0.5:
        out.append(
            _issue(
                root,
                Severity.WARNING,
                "town_coverage",
                f"does not cover the whole {map_w:g}x{map_h:g} px map",
                file,
            )
        )
    for place in world:
        parent = place.parent
        if place.kind is PlaceKind.ROOM and parent is not None and parent.kind is PlaceKind.TOWN:
            out.append(
                _issue(
                    place,
                    Severity.WARNING,
                    "outside_building",
                    "is a Room outside any building (draw it inside one, or make it a Building)",
                    file,
                )
            )
        if place.kind is PlaceKind.OBJECT and world.enclosing(place, PlaceKind.ROOM) is None:
            out.append(
                _issue(
                    place,
                    Severity.WARNING,
                    "object_without_room",
                    "is an Object that is not inside any room",
                    file,
                )
            )
        if place.capacity is not None and place.capacity < 1:
            out.append(
                _issue(
                    place,
                    Severity.WARNING,
                    "capacity",
                    f"has capacity {place.capacity}, so nobody can ever enter",
                    file,
                )
            )
        written = [k for k in ("opens", "closes") if str(place.properties.get(k) or "").strip()]
        if len(written) == 1:
            have, miss = written[0], ("closes" if written[0] == "opens" else "opens")
            out.append(
                _issue(place, Severity.WARNING, "half_hours", f"has {have} but no {miss}", file)
            )
        kids = place.children
        for i, a in enumerate(kids):
            for b in kids[i + 1 :]:
                if _overlap(a.rect, b.rect) > 0:
                    out.append(
                        _issue(
                            a,
                            Severity.WARNING,
                            "overlap",
                            f'overlaps its sibling object {b.tiled_id} "{b.name}" '
                            f"inside {place.name}",
                            file,
                        )
                    )
    out.extend(_spawn_issues(world, file))
    return out


def _spawn_issues(world: World, file: str) -> list[MapIssue]:
    out: list[MapIssue] = []
    grid = world.grid
    for name, (x, y) in world.spawns.items():
        cell = grid.cell_at(x, y)
        if not grid.in_bounds(cell):
            out.append(
                MapIssue(
                    Severity.WARNING,
                    "spawn_outside",
                    f'the spawn point "{name}" lies outside the map',
                    file,
                )
            )
        elif not grid.walkable(cell):
            out.append(
                MapIssue(
                    Severity.WARNING,
                    "spawn_blocked",
                    f'the spawn point "{name}" is on a blocked tile',
                    file,
                )
            )
    player = world.spawn("player")
    if player is None:
        # No Spawns layer is fine (spawns are optional): check from the largest walkable area.
        player = largest_area_point(world)
        if world.spawns:
            close = world.spawn_suggestion("player")
            hint = f' (did you mean "{close}"?)' if close else ""
            out.append(MapIssue(Severity.WARNING, "no_player_spawn",
                                f"the Spawns layer has no point named player{hint}, so places were "
                                "checked for reachability from the largest walkable area", file))
        if player is None:
            return out
    finder = Pathfinder(grid)
    unreachable: list[Place] = []
    for place in world:
        if place.kind is PlaceKind.TOWN or any(p in unreachable for p in place.ancestors()):
            continue
        if finder.walkable_point_in(place, near=player) is None:
            unreachable.append(place)
            out.append(
                _issue(
                    place,
                    Severity.WARNING,
                    "unreachable",
                    "cannot be reached on foot from the player spawn" if world.spawn("player")
                    else "cannot be reached on foot from the largest walkable area",
                    file,
                )
            )
    return out


def largest_area_point(world: World) -> tuple[float, float] | None:
    """The walkable cell nearest the map's centre in its largest walkable region (None: nothing walkable)."""
    labels = world.grid.components()
    found = labels[labels >= 0]
    if not found.size:
        return None
    cells = np.argwhere(labels == np.bincount(found).argmax())
    r, c = cells[np.argmin(((cells - np.array(labels.shape) / 2) ** 2).sum(axis=1))]
    return world.grid.center((int(c), int(r)))


def rules_summary(place: Place) -> str:
    """The rules a place carries, own or inherited: hours, capacity, privacy, purpose, state."""
    bits: list[str] = []
    node = place.hours_keeper()
    if node is not None:
        src = "" if node is place else f" (from {node.name})"
        bits.append(f"open {hours_text(node.opens, node.closes)}{src}")
    if place.capacity is not None:
        bits.append(f"capacity {place.capacity}")
    if place.owner and not place.private:
        bits.append(f"owner {place.owner}")
    private = (
        ([f"owner {place.owner}"] if place.owner and place.private else [])
        + ([f"residents {', '.join(sorted(place.residents))}"] if place.residents else [])
        + (["invite only"] if place.invite_only else [])
    )
    if private:
        bits.append("private: " + ", ".join(private))
    node = place
    while node is not None and not node.purpose:
        node = node.parent
    if node is not None:
        words = ", ".join(sorted(node.purpose, key=ACTIVITIES.index))
        bits.append(f"for {words}" + ("" if node is place else f" (from {node.name})"))
    if place.state:
        bits.append(f'state "{place.state}"')
    return "; ".join(bits)


def format_tree(world: World) -> str:
    """The containment tree, one place per line, indented by depth, with its rules."""
    lines: list[str] = []

    def walk(place: Place, depth: int) -> None:
        rules = rules_summary(place)
        ident = f"#{place.tiled_id}" if place.tiled_id is not None else ""
        line = f"{'  ' * depth}{place.name} [{place.kind} {ident}] {place.address}".replace(
            " ]", "]"
        )
        lines.append(line + (f"  -- {rules}" if rules else ""))
        for child in place.children:
            walk(child, depth + 1)

    walk(world.root, 0)
    return "\n".join(lines)
