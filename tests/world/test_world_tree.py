"""World: lookups, point queries, prompt text, occupancy and object state."""

from __future__ import annotations

import pytest

from npc_brain.world import Place, PlaceKind, UnknownPlace, World, slugify


def test_slugify() -> None:
    assert slugify("Hobbs Cafe") == "hobbs_cafe"
    assert slugify("Isabella's  Room!") == "isabella_s_room"
    assert slugify("Café Über") == "cafe_uber"


def test_get_unknown_place_is_typed_and_suggests(town: World) -> None:
    with pytest.raises(UnknownPlace) as info:
        town.get("smallville:hobbs_cafe:kitchn")
    assert isinstance(info.value, LookupError)
    assert "smallville:hobbs_cafe:kitchen" in info.value.suggestions
    assert "kitchn" in str(info.value)


def test_find_by_name_slug_or_address_suffix(town: World) -> None:
    assert town.find("Hobbs Cafe").address == "smallville:hobbs_cafe"  # type: ignore[union-attr]
    assert town.find("hobbs_cafe").address == "smallville:hobbs_cafe"  # type: ignore[union-attr]
    assert town.find("lin_house:bathroom").address == "smallville:lin_house:bathroom"  # type: ignore[union-attr]
    assert town.find("smallville:lin_house").name == "Lin House"  # type: ignore[union-attr]
    assert town.find("Nowhere") is None


def _scan(world: World, text: str) -> list[str]:
    """`find_all` as a full scan of the tree (what the index must agree with)."""
    text = text.strip()
    if text in world:
        return [text]
    lowered = text.lower()
    slug = ":".join(slugify(part) for part in lowered.split(":"))
    hits = [p for p in world if p.name.lower() == lowered or p.key == slug or p.address.endswith(":" + slug)]
    return [p.address for p in sorted(hits, key=lambda p: p.address.count(":"))]


@pytest.mark.parametrize("map_name", ["town.tmx", "city.tmx", "harbour.tmx"])
def test_find_all_agrees_with_a_scan_of_the_tree(map_name: str) -> None:
    from pathlib import Path

    from npc_brain.adapters.tiled import load_world

    world = load_world(Path(__file__).parents[2] / "maps" / map_name)
    assert list(world) == list(world.root.walk())  # tree order
    queries = {""}
    for p in world:
        tail = p.address.split(":")
        queries |= {p.name, p.name.upper() + " ", p.key, p.address, ":".join(tail[1:]), ":".join(tail[-2:]),
                    "x" + p.key, p.name.replace(" ", "_")}
    for text in sorted(queries):
        assert [p.address for p in world.find_all(text)] == _scan(world, text), text


def test_places_by_kind(town: World) -> None:
    assert [p.name for p in town.places(PlaceKind.BUILDING)] == [
        "Hobbs Cafe",
        "Lin House",
        "Harvey Oak Supply",
        "The Rose and Crown",
    ]
    assert len(town.places()) == 15
    assert {p.name for p in town.places("Object")} == {"Stove", "Counter", "Table", "Bed"}


def test_place_at_returns_deepest_node(town: World) -> None:
    assert town.place_at(80, 80).address == "smallville:hobbs_cafe:kitchen:stove"  # type: ignore[union-attr]
    assert town.place_at(112, 80).address == "smallville:hobbs_cafe:kitchen"  # type: ignore[union-attr]
    assert town.place_at(40, 40).address == "smallville:hobbs_cafe"  # type: ignore[union-attr]
    assert town.place_at(600, 460).address == "smallville"  # type: ignore[union-attr]
    assert town.place_at(700, 10) is None


def test_describe_renders_subtrees(town: World) -> None:
    assert town.describe("smallville:hobbs_cafe") == (
        "Hobbs Cafe has a kitchen with a stove (off) and a counter; a dining room with a table; "
        "and a bathroom."
    )
    assert town.describe("smallville", depth=1) == (
        "Smallville has Hobbs Cafe, Lin House, Harvey Oak Supply and The Rose and Crown."
    )
    assert (
        town.describe("smallville:lin_house:bedroom")
        == "The bedroom in Lin House has a bed (made)."
    )
    assert town.describe("smallville:hobbs_cafe", states=False).startswith(
        "Hobbs Cafe has a kitchen with a stove and a counter"
    )
    full = town.describe(depth=None)
    assert "The kitchen in Hobbs Cafe has a stove (off) and a counter." in full
    assert town.describe("smallville:harvey_oak_supply") == "Harvey Oak Supply."


def test_possessive_and_acronym_names_read_naturally() -> None:
    root = Place("t", "T", PlaceKind.TOWN, rect=(0, 0, 100, 100))
    house = Place("t:h", "Lin House", PlaceKind.BUILDING, parent=root)
    room = Place("t:h:r", "Eddy's Bedroom", PlaceKind.ROOM, parent=house)
    tv = Place("t:h:r:tv", "TV", PlaceKind.OBJECT, parent=room)
    oven = Place("t:h:r:o", "Oven", PlaceKind.OBJECT, parent=room)
    root.children, house.children, room.children = [house], [room], [tv, oven]
    world = World(root)
    assert world.describe("t:h") == "Lin House has Eddy's bedroom with a TV and an oven."


def test_occupancy_counts_descendants(town: World) -> None:
    town.set_position("Isabella Rodriguez", 80, 80)  # on the stove tile, in the kitchen
    town.move("Klaus Mueller", "smallville:hobbs_cafe:dining_room")
    town.set_position("John Lin", 400, 100)  # Lin House
    assert town.occupants("smallville:hobbs_cafe") == {"Isabella Rodriguez", "Klaus Mueller"}
    assert town.occupants("smallville:hobbs_cafe:kitchen") == {"Isabella Rodriguez"}
    assert town.occupants("smallville") == {"Isabella Rodriguez", "Klaus Mueller", "John Lin"}
    assert town.location("Klaus Mueller").address == "smallville:hobbs_cafe:dining_room"  # type: ignore[union-attr]
    assert town.position("Klaus Mueller") == town.get("smallville:hobbs_cafe:dining_room").center
    town.set_position("Isabella Rodriguez", 600, 460)  # walked out into the street
    assert town.occupants("smallville:hobbs_cafe") == {"Klaus Mueller"}
    town.remove("Klaus Mueller")
    assert town.occupants("smallville:hobbs_cafe") == frozenset()
    assert town.location("Klaus Mueller") is None


def test_set_state(town: World) -> None:
    town.set_state("smallville:hobbs_cafe:kitchen:stove", "cooking breakfast")
    assert town.get("smallville:hobbs_cafe:kitchen:stove").state == "cooking breakfast"
    with pytest.raises(UnknownPlace):
        town.set_state("smallville:nowhere", "x")


def test_duplicate_addresses_are_rejected() -> None:
    root = Place("t", "T", PlaceKind.TOWN)
    a = Place("t:a", "A", PlaceKind.BUILDING, parent=root)
    b = Place("t:a", "A", PlaceKind.BUILDING, parent=root)
    root.children = [a, b]
    with pytest.raises(ValueError, match="t:a"):
        World(root)
