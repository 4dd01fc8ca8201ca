"""The persona generator: the same town for the same seed, varied and coherent people, real places."""
from __future__ import annotations

import re
from collections import Counter
from datetime import time

import pytest

from npc_brain.language.lexicon import ENGLISH
from npc_brain.language.phrasing import activity_of, wake_and_bed
from npc_brain.personas import CapacityError, generate, room_for, town_survey
from npc_brain.personas.naming import split_name
from npc_brain.types.persona import Persona
from npc_brain.world.homes import place_personas
from npc_brain.world.hours import is_open
from npc_brain.world.place import PlaceKind
from npc_brain.world.rules import Purpose
from npc_brain.world.world import World

KIN = re.compile(r"^(\S+) is (\S+)'s (son|daughter|child),? (\d+)")
CAPITALISED = re.compile(r"\b[A-Z][\w'’&-]*")


@pytest.fixture(scope="module")
def crowd(city: World, demo: list[Persona]) -> list[Persona]:
    """75 new people beside the demo's 25 on the city map (the demo's --npcs 100)."""
    return generate(city, 75, seed=1, existing=demo)


@pytest.fixture(scope="module")
def fresh(vacant_city: World) -> list[Persona]:
    """The whole city's homes filled by the generator alone: no persona file, nobody named on the map."""
    return generate(vacant_city, room_for(vacant_city), seed=4)


@pytest.fixture(scope="module")
def named(city: World) -> list[Persona]:
    """The city's homes filled with the people its map names."""
    return generate(city, room_for(city), seed=4)


def _dump(people: list[Persona]) -> list[dict[str, object]]:
    return [p.model_dump(mode="json") for p in people]


def test_the_same_seed_makes_the_same_town_and_another_seed_another(city: World, demo: list[Persona]) -> None:
    a = generate(city, 40, seed=7, existing=demo)
    b = generate(city, 40, seed=7, existing=demo)
    c = generate(city, 40, seed=8, existing=demo)
    assert _dump(a) == _dump(b)
    assert _dump(a) != _dump(c)
    # another seed varies more than names: ages, jobs and habits differ for the same people
    common = {p.name for p in a} & {p.name for p in c}
    by_a, by_c = {p.name: p for p in a}, {p.name: p for p in c}
    differ = [n for n in common if (by_a[n].age, by_a[n].occupation) != (by_c[n].age, by_c[n].occupation)]
    assert len(differ) >= len(common) // 2


def test_names_are_unique_and_never_those_of_people_in_town(crowd: list[Persona], demo: list[Persona],
                                                             fresh: list[Persona]) -> None:
    for people, others in ((crowd, demo), (fresh, [])):
        names = [p.name for p in people]
        assert len(set(names)) == len(names)
        assert not set(names) & {p.name for p in others}
        firsts = [split_name(n)[0] for n in names + [p.name for p in others]]
        assert len(set(firsts)) >= 0.95 * len(firsts), Counter(firsts).most_common(3)
        for n in names:  # a name never reads as a day or an activity to the mechanisms
            assert activity_of(n) == "other", n
            assert not {w.lower() for w in n.split()} & set(ENGLISH.months + ENGLISH.weekdays)


@pytest.mark.parametrize("which", ["fresh", "named"])
def test_families_share_a_home_and_a_surname_and_parents_are_old_enough(which: str, city: World,
                                                                          request: pytest.FixtureRequest) -> None:
    fresh: list[Persona] = request.getfixturevalue(which)
    by_name = {p.name: p for p in fresh}
    children = 0
    for parent in fresh:
        for other, line in parent.relationships.items():
            m = KIN.match(line)
            if not m:
                continue
            child = by_name[other]
            assert split_name(other)[0] == m.group(1) or other == m.group(1)
            children += 1
            parents = [by_name[o] for o, text in child.relationships.items()
                       if re.search(r"'s (mother|father|parent)\b", text)]
            assert parent in parents  # the child says it back
            assert split_name(child.name)[1] in {split_name(q.name)[1] for q in parents}  # a family name
            assert city.area_name(child.home) == city.area_name(parent.home)
            assert parent.age - child.age >= 16, (parent.name, parent.age, child.name, child.age)
            assert int(m.group(4)) == child.age
    assert children >= 5
    ages = [p.age for p in fresh]
    assert min(ages) >= 5 and max(ages) <= 95
    assert sum(a < 18 for a in ages) >= 4 and sum(a >= 65 for a in ages) >= 1
    # couples: a spouse says it back, and their ages are close
    for p in fresh:
        for other, line in p.relationships.items():
            if re.search(r"'s (wife|husband|spouse|partner)\b", line):
                q = next(x for x in fresh if x.name == other)
                assert re.search(r"'s (wife|husband|spouse|partner)\b", q.relationships[p.name])
                assert abs(p.age - q.age) <= 6 and p.home == q.home


def test_homes_are_beds_of_the_map_and_none_is_over_full(crowd: list[Persona], fresh: list[Persona],
                                                        demo: list[Persona], city: World) -> None:
    beds = {r.address: r.capacity for h in town_survey(city).homes for r in h.rooms}
    for people in ([*demo, *crowd], fresh):
        used = Counter(p.home for p in people)
        for home, count in used.items():
            assert home in beds, home
            assert count <= beds[home], (home, count, beds[home])
    taken = {p.home for p in demo}
    assert not {p.home for p in crowd} & taken  # the persona file's people keep their homes to themselves


def test_the_map_named_residents_are_the_people_made(town: World) -> None:
    people = generate(town, 25, seed=2)
    named = {n for p in town for n in p.residents} | {p.owner for p in town if p.owner and "sleep" in p.purpose}
    assert {p.name for p in people} == named
    lin = {p.name: p for p in people}
    assert "John Lin" in lin["Mei Lin"].relationships


def test_occupations_come_from_the_map_and_spread_over_its_workplaces(crowd: list[Persona], fresh: list[Persona],
                                                                       named: list[Persona], city: World) -> None:
    workplaces = {w.address for w in town_survey(city).workplaces}
    for people in (crowd, fresh, named):
        used = Counter(city.enclosing(p.workplace, PlaceKind.BUILDING).address  # type: ignore[union-attr]
                       for p in people if p.workplace)
        assert set(used) <= workplaces
        assert len(used) >= 0.8 * len(workplaces), set(workplaces) - set(used)
        for p in people:
            if p.workplace:
                name = city.area_name(p.workplace)
                assert name and name in p.occupation, (p.occupation, name)
        adults = [p for p in people if p.age >= 18]
        own = [p for p in adults if not p.workplace and not p.occupation.startswith("retired")]
        assert len(own) <= 0.2 * len(adults)
    jobs = {p.occupation.split(" at ")[0] for p in fresh}
    for job in ("barista", "librarian", "teacher", "pupil", "doctor", "baker"):
        assert any(job in j for j in jobs), job
    assert all(p.occupation.startswith("retired") for p in fresh if p.age >= 67)


def _places(world: World) -> dict[str, str]:
    return {p.name: p.address for p in world if p.kind in (PlaceKind.BUILDING, PlaceKind.ROOM)}


def test_every_place_a_habit_names_is_on_the_map_and_fits_the_habit(fresh: list[Persona], harbour: World,
                                                                      city: World) -> None:
    purpose = Purpose()
    for world, people in ((city, fresh), (harbour, generate(harbour, 25, seed=9))):
        places = _places(world)
        people_names = {w for p in people for w in p.name.split()}
        allowed = people_names | {d.capitalize() + s for d in ENGLISH.weekdays for s in ("", "s")}
        named = 0
        for p in people:
            for habit in p.daily_habits:
                rest = habit
                for name in sorted(places, key=len, reverse=True):
                    if name in rest:
                        named += 1
                        building = world.enclosing(places[name], PlaceKind.BUILDING) or world.get(places[name])
                        uses = [q.purpose for q in building.walk() if q.kind is not PlaceKind.OBJECT and q.purpose]
                        assert any(purpose.permits(activity_of(habit, p.occupation), u) for u in uses), (habit, name)
                        rest = rest.replace(name, "")
                leftover = [w for w in CAPITALISED.findall(rest) if w not in allowed]
                assert not leftover, (habit, leftover)
        assert named >= len(people)  # most habits name a place of this map


def test_habits_at_places_with_hours_happen_while_they_are_open(fresh: list[Persona], city: World) -> None:
    from npc_brain.personas import lines

    hours = {h.text.split("{place}")[0]: h.hour for h in lines.LEISURE}
    buildings = {p.name: p for p in city.places(PlaceKind.BUILDING)}
    checked = 0
    for p in fresh:
        for habit in p.daily_habits:
            head = next((k for k in hours if habit.startswith(k)), None)
            if head is None:
                continue
            place = buildings[next(n for n in buildings if n in habit)]
            assert is_open(place.opens, place.closes, time(hours[head])), (habit, place.opens, place.closes)
            checked += 1
    assert checked >= len(fresh) // 2


def test_lifestyles_read_back_and_those_who_open_up_are_awake_first(fresh: list[Persona], city: World) -> None:
    for p in fresh:
        wake, bed = wake_and_bed(p.lifestyle)
        assert re.fullmatch(r"goes to bed around \S+, wakes up around \S+", p.lifestyle)
        assert 4 <= wake <= 11 and 7 <= 24 + wake - bed <= 12, p.lifestyle
        for habit in p.daily_habits:
            m = re.match(r"opens .* at (\d+)(?::(\d\d))?(am|pm)", habit)
            if m and p.workplace:
                opens = int(m.group(1)) % 12 + (12 if m.group(3) == "pm" else 0)
                assert wake <= opens - 1, (p.name, habit, p.lifestyle)


def test_everyone_has_traits_habits_a_status_and_one_or_two_memories(fresh: list[Persona], named: list[Persona],
                                                                     crowd: list[Persona]) -> None:
    for p in [*fresh, *named, *crowd]:
        assert 3 <= len(p.traits) <= 4 and len(set(p.traits)) == len(p.traits)
        assert 3 <= len(p.daily_habits) <= 4
        assert 1 <= len(p.memories) <= 2
        assert all(m.startswith(p.name) for m in p.memories)
        assert p.status and "{" not in p.status
        assert p.relationships and len(p.relationships) <= 6
        text = " ".join([*p.daily_habits, *p.memories, *p.relationships.values(), p.status, p.occupation])
        assert "{" not in text and "  " not in text
    news = sum(len(p.memories) == 2 for p in fresh)
    assert news >= len(fresh) // 3
    habits = Counter(h for p in fresh for h in p.daily_habits)
    assert habits.most_common(1)[0][1] <= len(fresh) // 4  # not a town of clones


def test_ties_are_known_both_ways_and_name_people_in_town(crowd: list[Persona], demo: list[Persona]) -> None:
    everyone = {p.name for p in [*demo, *crowd]}
    by_name = {p.name: p for p in crowd}
    both = 0
    for p in crowd:
        for other in p.relationships:
            assert other in everyone and other != p.name
            if other in by_name:
                both += p.name in by_name[other].relationships
    assert both >= 0.7 * sum(o in by_name for p in crowd for o in p.relationships)
    # the new people know the demo's people: their boss at the café, a neighbour, a colleague
    assert sum(o not in by_name for p in crowd for o in p.relationships) >= 5


def test_the_output_is_what_the_game_loads(crowd: list[Persona], demo: list[Persona], city: World) -> None:
    placed = place_personas([*demo, *crowd], city)
    assert placed.notices == []
    for p in crowd:
        assert Persona.model_validate_json(p.model_dump_json()) == p


def test_a_map_without_enough_homes_is_one_clear_sentence(town: World, demo: list[Persona]) -> None:
    assert room_for(town) == 25 and room_for(town, demo) == 0
    assert generate(town, 0) == []
    with pytest.raises(CapacityError, match=r"homes for 25 more people, not 26 .*ask for at most 25"):
        generate(town, 26)
    with pytest.raises(CapacityError, match="homes for 0 more people, not 1"):
        generate(town, 1, existing=demo)
    with pytest.raises(ValueError):
        generate(town, -1)
