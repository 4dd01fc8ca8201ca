"""Spatial-norm rules: capacity, opening hours, privacy, purpose, custom rules, counters, modes."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from world_helpers import Action, Agent

from npc_brain.types.observation import ObservationKind
from npc_brain.world import Place, Purpose, Rules, Verdict, World
from npc_brain.world.place import PlaceKind
from npc_brain.world.rules import RuleStats

CAFE = "smallville:hobbs_cafe"
CAFE_BATH = "smallville:hobbs_cafe:bathroom"
SHOP = "smallville:harvey_oak_supply"
BEDROOM = "smallville:lin_house:bedroom"
TAVERN = "smallville:the_rose_and_crown"


def test_one_person_bathroom_refuses_the_second_agent(town: World, morning: datetime) -> None:
    rules = Rules(town)
    town.move("Klaus Mueller", CAFE_BATH)
    first = rules.check(Agent("Klaus Mueller"), Action("toilet"), CAFE_BATH, morning)
    assert first.allowed  # already inside: does not count twice
    second = rules.check(Agent("Maria Lopez"), Action("toilet"), CAFE_BATH, morning)
    assert not second.allowed
    assert second.rule == "capacity"
    assert second.reason == "The bathroom in Hobbs Cafe is occupied."
    assert second.place == CAFE_BATH


def test_fuller_rooms_say_how_many_are_there(town: World, morning: datetime) -> None:
    room = "smallville:hobbs_cafe:dining_room"
    for i in range(6):
        town.move(f"Guest {i}", room)
    verdict = Rules(town).check(Agent("Late Guest"), Action("eat"), room, morning)
    assert verdict.reason == "The dining room in Hobbs Cafe is full; 6 people are already there."


def test_shop_refuses_before_opening_time(town: World) -> None:
    rules = Rules(town)
    early = datetime(2023, 2, 13, 8, 30)
    verdict = rules.check(Agent("Klaus Mueller"), Action("shop"), SHOP, early)
    assert (verdict.allowed, verdict.rule) == (False, "opening_hours")
    assert verdict.reason == "Harvey Oak Supply is closed until 9:00."
    late = datetime(2023, 2, 13, 18, 0)
    assert rules.check(Agent("Klaus Mueller"), Action("shop"), SHOP, late).reason == (
        "Harvey Oak Supply is closed until 9:00 tomorrow."
    )
    assert rules.check(Agent("Klaus Mueller"), Action("shop"), SHOP, early.replace(hour=9)).allowed


def test_a_shop_owner_is_its_proprietor_not_a_lock(town: World) -> None:
    rules = Rules(town)
    shop = town.get(SHOP)
    assert shop.owner == "Harvey Oak" and not shop.private
    ten = datetime(2023, 2, 13, 10)
    assert rules.check(Agent("Klaus Mueller"), Action("shop"), SHOP, ten).allowed
    # the owner counts as staff: in before opening time
    assert rules.check(Agent("Harvey Oak"), Action("work"), SHOP, datetime(2023, 2, 13, 7)).allowed
    assert town.get("smallville:lin_house").private  # an owner without hours: a home


def test_rooms_use_their_buildings_hours_and_staff_are_exempt(town: World) -> None:
    rules = Rules(town)
    dawn = datetime(2023, 2, 13, 7, 0)
    verdict = rules.check(
        Agent("Klaus Mueller"), Action("cook"), "smallville:hobbs_cafe:kitchen", dawn
    )
    assert verdict.reason == "Hobbs Cafe is closed until 8:00." and verdict.place == CAFE
    staff = Agent("Isabella Rodriguez", workplace=CAFE)
    assert rules.check(staff, Action("cook"), "smallville:hobbs_cafe:kitchen", dawn).allowed


def test_hours_past_midnight(town: World) -> None:
    rules = Rules(town)
    guest = Agent("Klaus Mueller")
    assert rules.check(guest, Action("drink"), TAVERN, datetime(2023, 2, 13, 23, 30)).allowed
    assert rules.check(guest, Action("drink"), TAVERN, datetime(2023, 2, 14, 1, 30)).allowed
    noon = rules.check(guest, Action("drink"), TAVERN, datetime(2023, 2, 14, 12, 0))
    assert noon.reason == "The Rose and Crown is closed until 17:00."


def test_bedroom_refuses_a_non_resident(town: World, morning: datetime) -> None:
    rules = Rules(town)
    assert rules.check(Agent("Mei Lin"), Action("sleep"), BEDROOM, morning).allowed
    verdict = rules.check(Agent("Eddy Lin"), Action("relax"), BEDROOM, morning)
    assert (verdict.allowed, verdict.rule) == (False, "privacy")
    assert (
        verdict.reason == "The bedroom in Lin House is private; it belongs to John Lin and Mei Lin."
    )
    stranger = rules.check(
        Agent("Klaus Mueller"), Action("relax"), "smallville:lin_house:living_room", morning
    )
    assert stranger.reason == "Lin House is private; it belongs to John Lin, Eddy Lin and Mei Lin."


def test_invitation_admits_until_it_expires(town: World, morning: datetime) -> None:
    rules = Rules(town)
    rules.invite(
        "smallville:lin_house:living_room", "Klaus Mueller", until=morning + timedelta(hours=2)
    )
    klaus = Agent("Klaus Mueller")
    assert rules.check(
        klaus, Action("socialize"), "smallville:lin_house:living_room", morning
    ).allowed
    # invited to the living room only: the bedroom stays private
    assert rules.check(klaus, Action("relax"), BEDROOM, morning).rule == "privacy"
    later = morning + timedelta(hours=3)
    assert not rules.check(
        klaus, Action("socialize"), "smallville:lin_house:living_room", later
    ).allowed


def test_invitations_survive_a_save_as_json_rows(town: World, morning: datetime) -> None:
    import json

    rules = Rules(town)
    rules.invite("smallville:lin_house:living_room", "Klaus Mueller", until=morning + timedelta(hours=2))
    rules.invite("smallville:lin_house", "Maria Lopez")
    rows = json.loads(json.dumps(rules.saved_invitations()))
    fresh = Rules(town)
    broken = [*rows, {"place": "smallville:nowhere", "guest": "X"}, {"guest": "no place"}, "junk"]
    problems = fresh.restore_invitations(broken)
    assert len(problems) == 3 and "no such place" in problems[0]
    klaus = Agent("Klaus Mueller")
    living = "smallville:lin_house:living_room"
    assert fresh.check(klaus, Action("socialize"), living, morning).allowed
    assert not fresh.check(klaus, Action("socialize"), living, morning + timedelta(hours=3)).allowed
    assert fresh.check(Agent("Maria Lopez"), Action("relax"), living, morning).allowed
    fresh.clear_invitations()
    assert not fresh.check(klaus, Action("socialize"), living, morning).allowed
    # A time the game's clock cannot be compared with is a malformed row, not a crash at the door.
    odd = [{"place": living, "guest": "Klaus Mueller", "until": until}
           for until in ("2023-02-13T09:00:00+02:00", "9999-12-31T23:59:59")]
    assert len(fresh.restore_invitations(odd)) == 2
    assert not fresh.check(klaus, Action("socialize"), living, morning).allowed


def test_purpose_matrix(town: World, morning: datetime) -> None:
    rules = Rules(town)
    klaus = Agent("Klaus Mueller")
    sleep = rules.check(klaus, Action("sleep"), "smallville:hobbs_cafe:dining_room", morning)
    assert sleep.rule == "purpose"
    assert sleep.reason == "Hobbs Cafe is a place for eating and drinking, not for sleeping."
    eat = rules.check(klaus, Action("eat"), CAFE_BATH, morning)
    assert (
        eat.reason
        == "The bathroom in Hobbs Cafe is a place for washing and using the toilet, not for eating."
    )
    # a room's own purpose replaces its building's: cooking in the cafe kitchen is fine
    assert rules.check(klaus, Action("cook"), "smallville:hobbs_cafe:kitchen", morning).allowed
    assert rules.check(klaus, Action("read"), "smallville:hobbs_cafe:dining_room", morning).allowed
    assert rules.check(klaus, Action("commute"), CAFE_BATH, morning).allowed
    # no purpose anywhere above: anything goes
    assert rules.check(klaus, Action("sleep"), "smallville", morning).allowed
    assert Purpose().permits("eat", {"cook"}) and not Purpose().permits("sleep", {"relax"})


def test_enter_without_action_skips_purpose(town: World, morning: datetime) -> None:
    assert Rules(town).check(Agent("Klaus Mueller"), None, CAFE_BATH, morning).allowed


def test_outer_refusal_reported_first(town: World) -> None:
    town.move("Someone", CAFE_BATH)
    night = datetime(2023, 2, 13, 23, 0)
    verdict = Rules(town).check(Agent("Klaus Mueller"), Action("eat"), CAFE_BATH, night)
    assert verdict.rule == "opening_hours"


class NoMinorsInTaverns:
    """A game's own rule, driven by a map property (`min_age` on the tavern)."""

    name = "minimum_age"

    def check(
        self, agent: Any, action: Any, place: Place, now: datetime, world: World
    ) -> Verdict | None:
        limit = place.properties.get("min_age")
        age = getattr(agent, "age", None)
        if isinstance(limit, int) and age is not None and age < limit:
            return Verdict.refuse(
                self.name, f"{place.name} does not serve anyone under {limit}.", place
            )
        return None


def test_registered_custom_rule_refuses_minors(town: World) -> None:
    rules = Rules(town)
    rules.register(NoMinorsInTaverns())
    evening = datetime(2023, 2, 13, 19, 0)
    eddy = rules.check(Agent("Eddy Lin", age=16), Action("drink"), TAVERN, evening)
    assert (eddy.allowed, eddy.rule) == (False, "minimum_age")
    assert eddy.reason == "The Rose and Crown does not serve anyone under 18."
    assert rules.check(Agent("John Lin", age=45), Action("drink"), TAVERN, evening).allowed
    assert rules.stats()["minimum_age"] == RuleStats(checks=2, refusals=1)
    with pytest.raises(ValueError):
        rules.register(NoMinorsInTaverns())
    with pytest.raises(TypeError):
        rules.register(object())  # type: ignore[arg-type]


def test_counters_count_checks_and_refusals(town: World, morning: datetime) -> None:
    rules = Rules(town)
    town.move("Klaus Mueller", CAFE_BATH)
    rules.check(Agent("Maria Lopez"), Action("toilet"), CAFE_BATH, morning)  # capacity refuses
    rules.check(Agent("Maria Lopez"), Action("shop"), SHOP, morning.replace(hour=8))  # hours refuse
    rules.check(
        Agent("Maria Lopez"), Action("eat"), "smallville:hobbs_cafe:dining_room", morning
    )  # ok
    stats = rules.stats()
    assert stats["capacity"] == RuleStats(checks=3, refusals=1)
    assert stats["opening_hours"] == RuleStats(checks=3, refusals=1)
    assert stats["privacy"] == RuleStats(checks=3, refusals=0)
    assert stats["purpose"] == RuleStats(checks=3, refusals=0)
    rules.reset_stats()
    assert rules.stats()["capacity"] == RuleStats(0, 0)


def test_permissive_mode_allows_but_counts(town: World, morning: datetime) -> None:
    strict, permissive = Rules(town), Rules(town, strict=False)
    town.move("Klaus Mueller", CAFE_BATH)
    waved = permissive.check(Agent("Maria Lopez"), Action("toilet"), CAFE_BATH, morning)
    assert waved.allowed and waved.waived and waved.rule == "capacity"
    strict.check(Agent("Maria Lopez"), Action("toilet"), CAFE_BATH, morning)
    verdict = permissive.check(Agent("Klaus Mueller"), Action("sleep"), CAFE, morning)
    assert verdict.allowed and verdict.waived and verdict.rule == "purpose"
    assert "not for sleeping" in verdict.reason
    assert verdict.observation() is None  # nothing stopped the agent
    first = strict.check(Agent("Maria Lopez"), Action("toilet"), CAFE_BATH, morning)
    assert not first.allowed and not first.waived
    assert strict.stats()["capacity"] == RuleStats(2, 2)
    assert permissive.stats()["capacity"] == RuleStats(2, 1)
    assert permissive.stats()["purpose"] == RuleStats(2, 1)


def test_verdict_becomes_a_refusal_observation(town: World) -> None:
    verdict = Rules(town).check(
        Agent("Klaus Mueller"), Action("shop"), SHOP, datetime(2023, 2, 13, 7)
    )
    obs = verdict.observation()
    assert obs is not None and obs.kind is ObservationKind.REFUSAL
    assert obs.description == "Harvey Oak Supply is closed until 9:00." and obs.place == SHOP
    assert Verdict.allow().observation() is None


def test_a_plural_place_takes_a_plural_verb(morning: datetime) -> None:
    town = Place("town", "Town", PlaceKind.TOWN, rect=(0, 0, 500, 500))
    college = Place("town:college", "Oak Hill College", PlaceKind.BUILDING, rect=(0, 0, 400, 400), parent=town)
    room = Place("town:college:classroom", "Classroom", PlaceKind.ROOM, rect=(0, 0, 300, 300), parent=college,
                 purpose=frozenset({"study", "work"}))
    desks = Place("town:college:classroom:student_desks", "Student Desks", PlaceKind.OBJECT,
                  rect=(10, 10, 90, 30), parent=room, purpose=frozenset({"study"}))
    town.children.append(college)
    college.children.append(room)
    room.children.append(desks)
    verdict = Rules(World(town)).check(Agent("Eddy Lin"), Action("sleep"), desks.address, morning)
    assert verdict.reason == "The student desks in the classroom are places for studying, not for sleeping."
