"""Persistence: F5/F9 saves through `Society.save/load`, and the map hot-reload.

A save holds every mind (memories, plans, known world), the object states, the clock and —
as the game's `extra` — where everybody stands. Loading drops the jobs in flight; the agents
re-issue what they need on the next frames. A map change on disk is reloaded in place: the
agents keep their minds and are re-homed if their tile became solid; a broken map shows a
banner and the game goes on with the previous one.
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from demo_game.assets import PersonaFileError, check_personas
from demo_game.town import Town
from npc_brain import MapError, PlaceKind, SaveError, nearest_walkable
from npc_brain.memory import SaveFile
from npc_brain.world import SpatialMemory

if TYPE_CHECKING:
    from demo_game.ports import PersistedGame

log = logging.getLogger(__name__)


def rehome(pathfinder: Any, point: tuple[float, float]) -> tuple[float, float] | None:
    """Keep a standing point if its tile is walkable, else the nearest walkable tile's centre."""
    if pathfinder.grid.walkable(pathfinder.grid.cell_at(*point)):
        return point
    return nearest_walkable(pathfinder, point)


def _home(state: dict[str, Any]) -> str | None:
    """The saved persona's home, if the state is whole enough to say (the load checks it all)."""
    persona = state.get("persona")
    home = persona.get("home") if isinstance(persona, dict) else None
    return home if isinstance(home, str) else None


def _point(value: Any, size: tuple[int, int]) -> tuple[float, float] | None:
    """A saved position on this map (None: none saved, or not a point of it)."""
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
        x, y = float(value[0]), float(value[1])
        if 0 <= x <= size[0] and 0 <= y <= size[1]:  # NaN fails both
            return (x, y)
    return None


class Persistence:
    """Save, load and map reload for one `Game` (seen through the `PersistedGame` view)."""

    def __init__(self, game: PersistedGame) -> None:
        self.game = game

    # ------------------------------------------------------------------ saves
    def save(self, path: str | Path | None = None) -> bool:
        """F5: write the save; a toast says where (or what went wrong)."""
        g = self.game
        path = Path(path or g.cfg.save_path)
        if g.society is None:
            g.hud.toast("Nothing to save yet: the town is still waking up.", g.t, error=True)
            return False
        extra = {
            "player": list(g.player.position),
            "npcs": {name: list(npc.position) for name, npc in g.npcs.items()},
            "map": str(g.cfg.map_path),
            "invitations": g.town.rules.saved_invitations(),
            "actions": g.performer.to_dict(),  # inventory, party invitations, the café's hours
        }
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            meta = g.society.save(path, extra=extra)
        except (SaveError, OSError) as exc:
            g.hud.toast(f"Save failed: {exc}", g.t, error=True, duration=6)
            return False
        g.hud.toast(f"Saved {g.clock.now():%a %H:%M} to {path}", g.t)
        if meta.set_aside is not None:
            note = f"The old save there was damaged; it was kept as {meta.set_aside.name}."
            log.warning("%s", note)
            g.hud.toast(note, g.t, error=True, duration=8)
        return True

    def load(self, path: str | Path | None = None) -> bool:
        """F9: replace the minds, clock and positions with the save's."""
        g = self.game
        path = Path(path or g.cfg.save_path)
        if g.society is None:
            g.hud.toast("The town is still waking up; load again in a moment.", g.t, error=True)
            return False
        try:
            data = SaveFile(path).read()
            homes = {n: _home(a.state) for n, a in data.agents.items()}
            missing = [n for n, home in homes.items() if home and home not in g.world]
            if missing:
                raise SaveError(f"{', '.join(missing[:3])} live(s) in places this map does not have")
            g.close_chat()
            g.close_whisper()
            g.society.load(path)
        except (SaveError, OSError, ValueError, KeyError) as exc:
            g.hud.toast(f"Load failed: {exc}", g.t, error=True, duration=6)
            return False
        extra = data.world.get("extra")
        extra = extra if isinstance(extra, dict) else {}  # the game's own part: damage → defaults
        self._place_bodies(extra)
        g.performer.restore(extra.get("actions"))
        g.town.rules.clear_invitations()
        problems = g.town.rules.restore_invitations(extra.get("invitations"))
        for problem in problems:
            log.warning("load: %s", problem)
        g.hud.toast(f"Loaded {g.clock.now():%a %d %b %H:%M} from {path}"
                    + (f" ({len(problems)} invitation(s) dropped)" if problems else ""), g.t)
        return True

    def _place_bodies(self, extra: dict[str, Any]) -> None:
        g = self.game
        society = g.society
        for name in [n for n in g.npcs if n not in society.agents]:
            g.world.remove(name)
            del g.npcs[name]
        saved = extra.get("npcs")
        saved = saved if isinstance(saved, dict) else {}
        g.claims.clear()
        for name, agent in society.agents.items():
            spot = _point(saved.get(name), g.town.size) or g.world.position(name)
            spot = rehome(g.town.pathfinder, spot) if spot is not None else None
            npc = g.npcs.get(name)
            if npc is None:
                npc = g.add_body(agent.persona, spot)
            elif spot is not None:
                npc.walker.teleport(spot)
            else:
                npc.walker.reset()
            npc.bubble = None
        player = _point(extra.get("player"), g.town.size)
        if player is not None:
            g.player.place(rehome(g.town.pathfinder, player) or player)
            g.world.set_position(g.player.name, *g.player.position)
            g.camera.center_on(*g.player.position)
        for name in list(g.npcs):
            g.town.perception.forget(name)
        if g.inspector.name not in g.npcs:
            g.select(None)

    # ------------------------------------------------------------------ map reload
    def reload_map(self) -> bool:
        """Load the changed map; on any error keep the old one and show the sentence."""
        g = self.game
        try:
            town = Town.open(g.cfg.map_path)
            check_personas(list(g.personas), town.world, str(g.cfg.personas_path))
        except (MapError, PersonaFileError) as exc:
            g.hud.banner = str(exc)
            log.warning("map reload failed: %s", exc)
            return False
        old = g.world
        new = town.world
        for place in new:  # objects in use keep their state ("brewing coffee")
            if place.kind is PlaceKind.OBJECT and place.address in old:
                was = old.get(place.address).state
                if was:
                    place.state = was
        for problem in town.rules.restore_invitations(g.town.rules.saved_invitations()):
            log.warning("map reload: %s", problem)
        g.town = town
        society = g.society
        if society is not None:
            society.world = new
            for agent in society.agents.values():
                if hasattr(agent.known, "to_state"):
                    agent.known = SpatialMemory.from_state(new, agent.known.to_state())
        g.claims.clear()
        for npc in g.npcs.values():
            spot = rehome(town.pathfinder, npc.position) or new.root.center
            npc.walker.place_at(new, town.pathfinder, town.rules, spot)
        spot = rehome(town.pathfinder, g.player.position) or g.player.position
        g.player.place(spot)
        new.set_position(g.player.name, *spot)
        g.camera.world = town.size
        g.watcher.mtime = town.mtime if town.mtime is not None else g.watcher.mtime
        g.hud.banner = None
        g.hud.toast(f"Map reloaded: {new.root.name}, {len(list(new))} places", g.t)
        return True
