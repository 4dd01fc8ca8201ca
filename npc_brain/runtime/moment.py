"""The live town as grounds read it: what an agent is doing now, where, and today's plan, named.

`moment_of` builds the `Moment` a line or an interview answer is grounded in; `known_names` is
the gazetteer the grounding check holds a line's names against.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

from npc_brain.cognition.grounds import Moment, Sight
from npc_brain.runtime.agent import Agent
from npc_brain.types.persona import Persona
from npc_brain.types.plan import PlanLevel
from npc_brain.world.place import Place, PlaceKind
from npc_brain.world.wording import definite
from npc_brain.world.world import World

__all__ = ["doing_of", "known_names", "moment_of"]


def doing_of(agent: Agent, now: datetime) -> str:
    """What `agent`'s plan has it doing now, as its lines say it."""
    step = agent.current_step(now)
    return step.description if step else "going about the day"


def moment_of(agent: Agent, world: World | None, now: datetime, people: Sequence[Persona] = ()) -> Moment:
    """What `agent` is doing now, where, and today's plan, with place names (for grounds);
    `people`: the town's residents, whose workplaces say who works where."""
    doing = doing_of(agent, now)
    # The hour steps where the day is decomposed, the day's broad chunks elsewhere (so "what
    # will you do at 5 pm" finds the evening's chunk).
    hours = agent.plan.steps(PlanLevel.HOUR)
    days = [d for d in agent.plan.steps(PlanLevel.DAY)
            if not any(h.start < d.end and d.start < h.end for h in hours)]
    today = tuple(sorted((st for st in (*hours, *days) if st.start.date() == now.date()),
                         key=lambda st: st.start))
    if world is None:
        return Moment(doing, None, today, {})
    names = {st.address: n for st in today if st.address and (n := world.area_name(st.address))}
    return Moment(doing, world.area_name(agent.address), today, names, places=_public(agent, world),
                  sights=_sights(agent, world, people))


def _public(agent: Agent, world: World) -> tuple[tuple[str, str, frozenset[str]], ...]:
    """The public buildings `agent` knows, with what they (and their rooms) are for: what it
    can recommend (nobody's home, no private room)."""
    out = []
    for address, info in agent.known_places().places.items():
        place = world.get(address) if address in world else None
        if place is None or place.kind is not PlaceKind.BUILDING or place.private:
            continue
        # What it and its rooms are for (a bench in the college lobby does not make it a place to relax).
        rooms = [c for c in place.children if c.kind is PlaceKind.ROOM and not c.private]
        out.append((info.name, address, frozenset(place.purpose).union(*(r.purpose for r in rooms))))
    return tuple(out)


def _sights(agent: Agent, world: World, people: Sequence[Persona] = ()) -> tuple[Sight, ...]:
    """The public buildings `agent` knows and their public rooms, each with the map's description,
    opening hours, where it is (a room in its building, a building near its nearest public
    neighbour) and who keeps and works at it: what it can tell of a place asked about by name, and
    how a sentence says it ("the library", "Hobbs Cafe"). A name several places share ("Kitchen")
    names none of them."""
    out: list[Sight] = []
    staff, jobs = _staff(world, people), {p.name: p.occupation for p in people}
    for address in agent.known_places().places:
        place = world.get(address) if address in world else None
        if place is None or place.kind is not PlaceKind.BUILDING or place.private:
            continue
        keepers = _keepers(place, staff.get(place.address, ()), jobs)
        for room in (place, *(c for c in place.children if c.kind is PlaceKind.ROOM and not c.private)):
            if len(world.find_all(room.name)) == 1:  # (indexed: no walk of the town)
                keeper = room.hours_keeper()
                near = world.nearest_building(place) if room is place else None
                where = f"in {definite(place)}" if room is not place else f"near {definite(near)}" if near else ""
                out.append(Sight(room.name, room.address, room.description, definite(room),
                                 keeper.opens if keeper else None, keeper.closes if keeper else None, where,
                                 keepers))
    return tuple(out)


def _staff(world: World, people: Sequence[Persona]) -> dict[str, list[Persona]]:
    """Residents by the building their workplace is in (a room of it, or the building itself)."""
    out: dict[str, list[Persona]] = {}
    for p in people:
        if p.workplace and p.workplace in world:
            building = world.enclosing(p.workplace, PlaceKind.BUILDING)
            if building is not None:
                out.setdefault(building.address, []).append(p)
    return out


def _keepers(building: Place, staff: Sequence[Persona], jobs: dict[str, str]) -> tuple[tuple[str, str], ...]:
    """Who keeps `building` (the map's owner, with their occupation when a resident: `jobs`) and
    who works there, by name."""
    owner = building.owner
    first = ((owner, jobs.get(owner, "")),) if owner else ()
    return (*first, *sorted((p.name, p.occupation) for p in staff if p.name != owner))


def known_names(agents: Iterable[str], world: World | None) -> tuple[str, ...]:
    """Every agent and place name the world holds (the grounding check's gazetteer)."""
    places = tuple(p.name for p in world) if world is not None else ()
    return (*agents, *places)
