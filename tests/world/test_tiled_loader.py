"""Loading real Tiled files: tree, class defaults, templates, collision, spawns, pytmx quirks."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from datetime import time
from pathlib import Path

import pytest
from world_helpers import BROKEN, MAPS

from npc_brain.adapters.tiled import layers_in_file_order, load_world, read_map
from npc_brain.world import MapError, PlaceKind, World


def test_tree_addresses_kinds_and_properties(town: World) -> None:
    assert town.root.address == "smallville"
    assert town.root.kind is PlaceKind.TOWN
    assert [c.key for c in town.root.children] == [
        "hobbs_cafe",
        "lin_house",
        "harvey_oak_supply",
        "the_rose_and_crown",
    ]
    cafe = town.get("smallville:hobbs_cafe")
    assert cafe.kind is PlaceKind.BUILDING
    assert (cafe.opens, cafe.closes) == (time(8, 0), time(20, 0))
    assert cafe.purpose == {"eat", "drink"}
    assert cafe.description.startswith("A cozy cafe")
    assert cafe.rect == (32.0, 32.0, 256.0, 192.0)
    bathroom = town.get("smallville:hobbs_cafe:bathroom")
    assert bathroom.capacity == 1 and bathroom.purpose == {"wash", "toilet"}
    house = town.get("smallville:lin_house")
    assert house.owner == "John Lin"
    assert house.residents == {"John Lin", "Mei Lin", "Eddy Lin"}
    assert town.get("smallville:hobbs_cafe:kitchen:stove").state == "off"
    # unknown-to-npc_brain properties stay available for a game's own rules
    assert town.get("smallville:the_rose_and_crown").properties["min_age"] == 18


def test_same_name_in_different_buildings_gets_distinct_addresses(town: World) -> None:
    assert {p.address for p in town.find_all("Bathroom")} == {
        "smallville:hobbs_cafe:bathroom",
        "smallville:lin_house:bathroom",
    }


def test_container_reference_overrides_geometry(town: World) -> None:
    # The counter straddles kitchen and dining room; geometry alone would put it in the cafe.
    counter = town.find("Counter")
    assert counter is not None and counter.address == "smallville:hobbs_cafe:kitchen:counter"


def test_template_object_is_resolved(town: World) -> None:
    bed = town.get("smallville:lin_house:bedroom:bed")
    assert bed.kind is PlaceKind.OBJECT
    assert bed.rect == (352.0, 64.0, 32.0, 64.0)
    assert bed.state == "made" and bed.purpose == {"sleep"}


def test_collision_from_layer_property_tile_property_tile_class_and_object_layer(
    town: World,
) -> None:
    grid = town.grid
    assert (grid.cols, grid.rows, grid.tile_size) == (20, 15, 32)
    assert not grid.walkable((1, 1))  # wall tile: group "structure" has collision=true
    assert grid.walkable((4, 6))  # the cafe door is a gap in the wall
    assert not grid.walkable((2, 2))  # stove: tile of class Solid (project default collides)
    assert not grid.walkable((8, 8))  # barrel: tile property collides=true
    assert grid.walkable((6, 5))  # rug: a furniture tile that does not collide
    assert not grid.walkable((17, 3))  # fence rectangle on the Collision layer
    assert grid.walkable((17, 7))  # just below the fence
    assert grid.walkable((0, 0))


def test_spawns_inside_a_hidden_group_are_loaded(town: World) -> None:
    assert town.spawns["player"] == (320.0, 256.0)
    assert set(town.spawns) == {"player", "Isabella Rodriguez", "John Lin", "Klaus Mueller"}


def test_layers_come_back_in_file_order_with_groups() -> None:
    loaded = read_map(MAPS / "town.tmx")
    # pytmx itself lists groups first and object layers last
    assert [layer.name for layer in loaded.tiled_map.layers][:2] == ["structure", "logic"]
    refs = loaded.layers
    assert [r.name for r in refs] == [
        "ground",
        "walls",
        "furniture",
        "Areas",
        "Collision",
        "Spawns",
    ]
    walls = refs[1]
    assert walls.groups == ("structure",) and walls.properties["collision"] is True
    assert refs[-1].groups == ("logic",) and refs[-1].visible is False
    assert refs[0].visible is True
    assert [r.name for r in layers_in_file_order(loaded.tiled_map)] == [r.name for r in refs]


def test_tiled_19_class_attribute_base64_and_embedded_tileset() -> None:
    loaded = read_map(MAPS / "town_v19.tmx")
    world = loaded.world
    assert loaded.issues == []
    till = world.get("tiny_town:corner_shop:shop_floor:till")
    assert till.kind is PlaceKind.OBJECT and till.state == "open"
    # a class-typed property is resolved by pytmx with the project's class
    assert till.properties["stock"].items == "bread,milk"
    assert world.get("tiny_town:corner_shop:shop_floor").capacity == 3
    # the wall tiles are class="Solid" (1.9 spelling) -> blocked via the project's default
    assert not world.grid.walkable((1, 1)) and world.grid.walkable((3, 5))
    # the tile's collision shape group is not a map layer
    assert [r.name for r in loaded.layers] == ["ground", "walls", "Areas", "Spawns"]


def test_class_defaults_from_the_project_are_merged(tmp_path: Path) -> None:
    project = json.loads((MAPS / "fixtures.tiled-project").read_text())
    for t in project["propertyTypes"]:
        if t["name"] == "Room":
            for m in t["members"]:
                if m["name"] == "capacity":
                    m["value"] = 4
        if t["name"] == "Object":
            for m in t["members"]:
                if m["name"] == "state":
                    m["value"] = "idle"
    path = tmp_path / "defaults.tiled-project"
    path.write_text(json.dumps(project))
    world = load_world(MAPS / "town.tmx", project=path)
    assert world.get("smallville:hobbs_cafe:kitchen").capacity == 4  # default merged
    assert world.get("smallville:hobbs_cafe:bathroom").capacity == 1  # explicit value wins
    assert world.get("smallville:hobbs_cafe:dining_room:table").state == "idle"
    assert world.get("smallville:hobbs_cafe:kitchen:stove").state == "off"
    assert world.get("smallville:hobbs_cafe").capacity is None  # Buildings unchanged


def test_without_a_project_the_solid_class_does_not_collide(tmp_path: Path) -> None:
    for name in ("town.tmx", "interior.tsx", "interior.png", "bed.tx"):
        shutil.copy(MAPS / name, tmp_path / name)
    world = load_world(tmp_path / "town.tmx")
    assert world.grid.walkable((2, 2))  # stove tile is only solid through its class default
    assert not world.grid.walkable((8, 8))  # the barrel's own property still counts


def test_loading_stays_headless() -> None:
    code = (
        "import sys; from npc_brain.adapters.tiled import load_world\n"
        f"w = load_world({str(MAPS / 'town.tmx')!r})\n"
        "assert 'pygame' not in sys.modules, 'pygame imported'\n"
        "import pygame; from pytmx.util_pygame import load_pygame\n"
        "assert callable(load_pygame)\n"
        "print(len(w.places()))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={
            "PYGAME_HIDE_SUPPORT_PROMPT": "1",
            "SDL_VIDEODRIVER": "dummy",
            "PATH": "/usr/bin:/bin",
        },
        cwd=Path(__file__).resolve().parents[2],
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "15"
    assert "cannot import pygame" not in out.stderr


BROKEN_FILES = {
    "truncated.tmx": "is not valid XML",
    "missing_tileset.tmx": 'needs the tileset "nowhere.tsx", which is missing',
    "unknown_property_type.tmx": 'object 2 "Shop": has the property "capacity" of type "integer"',
    "unknown_class_property.tmx": 'has the property "hours" of custom class "Schedule"',
    "bad_hours.tmx": 'object 2 "Shop": has opens "8am", which is not a time of day',
    "unknown_area_class.tmx": 'object 2 "Shop": has class "Shope"',
    "infinite.tmx": "is infinite",
    "no_town.tmx": "has no Town",
    "town.tmj": "is a JSON map",
}


@pytest.mark.parametrize("name", sorted(BROKEN_FILES))
def test_broken_files_raise_one_sentence_naming_file_and_culprit(name: str) -> None:
    with pytest.raises(MapError) as info:
        load_world(BROKEN / name)
    message = str(info.value)
    assert name in message
    assert BROKEN_FILES[name] in message
    assert message.endswith(".") and "\n" not in message
    assert message.count(". ") == 0  # one sentence


def test_missing_file_and_wrong_extension() -> None:
    with pytest.raises(MapError, match="does not exist"):
        load_world(MAPS / "nope.tmx")
    with pytest.raises(MapError, match="not a Tiled map"):
        load_world(MAPS / "interior.tsx")


def test_map_error_carries_the_object() -> None:
    with pytest.raises(MapError) as info:
        load_world(BROKEN / "bad_hours.tmx")
    assert (info.value.object_id, info.value.object_name) == (2, "Shop")


def test_property_name_reserved_by_pytmx_is_reported(tmp_path: Path) -> None:
    text = (
        (BROKEN / "bad_hours.tmx")
        .read_text()
        .replace('name="opens" value="8am"', 'name="parent" value="x"')
    )
    for name in ("interior.tsx", "interior.png"):
        shutil.copy(BROKEN / name, tmp_path / name)
    (tmp_path / "m.tmx").write_text(text)
    with pytest.raises(MapError, match='object 2 "Shop": has a property named "parent"'):
        load_world(tmp_path / "m.tmx")


def test_truncated_layer_data_is_reported(tmp_path: Path) -> None:
    small = (BROKEN / "bad_hours.tmx").read_text().replace("8am", "08:00")
    # drop the last CSV row of the ground layer
    head, rest = small.split('<data encoding="csv">', 1)
    data, tail = rest.split("</data>", 1)
    rows = data.strip().splitlines()
    small = head + '<data encoding="csv">\n' + "\n".join(rows[:-1]).rstrip(",") + "\n</data>" + tail
    for name in ("interior.tsx", "interior.png"):
        shutil.copy(BROKEN / name, tmp_path / name)
    (tmp_path / "short.tmx").write_text(small)
    with pytest.raises(MapError, match='layer "ground": has 40 tiles but the map is 8x6'):
        load_world(tmp_path / "short.tmx")
