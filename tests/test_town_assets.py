"""The demo town's assets agree with each other: map, tileset, art, personas.

The TMX is read with ElementTree here (independent of the world loader), so a broken loader and
a broken map cannot hide each other; one test also runs the real loader/lint when present.
"""
from __future__ import annotations

import importlib.util
import json
import re
import sys
import xml.etree.ElementTree as ET
from collections import deque
from pathlib import Path

import pytest

from npc_brain.types.persona import Persona
from npc_brain.world.place import ACTIVITIES

ROOT = Path(__file__).resolve().parents[1]
MAP = ROOT / "maps" / "town.tmx"
PERSONAS = ROOT / "demo_game" / "personas.json"
CHARACTERS = ROOT / "sprites" / "characters"
KINDS = ("Town", "Building", "Room", "Object")
HHMM = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$|^24:00$")


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def props(el: ET.Element) -> dict[str, str]:
    return {p.get("name", ""): p.get("value", "") for p in el.iter("property")}


@pytest.fixture(scope="module")
def tmx() -> ET.Element:
    return ET.parse(MAP).getroot()


@pytest.fixture(scope="module")
def personas() -> list[Persona]:
    return [Persona.model_validate(p) for p in json.loads(PERSONAS.read_text("utf-8"))]


@pytest.fixture(scope="module")
def areas(tmx: ET.Element) -> list[dict]:
    """Areas with px rects, kind, properties and the address derived from containment."""
    group = next(g for g in tmx.iter("objectgroup") if g.get("name") == "Areas")
    out = []
    for o in group.iter("object"):
        out.append({
            "name": o.get("name", ""), "kind": o.get("type") or o.get("class"),
            "rect": tuple(float(o.get(k, "0")) for k in ("x", "y", "width", "height")),
            "props": props(o), "id": o.get("id"),
        })
    for a in out:
        level = KINDS.index(a["kind"])
        parents = [p for p in out
                   if KINDS.index(p["kind"]) < level and _inside(a["rect"], p["rect"])]
        a["parent"] = max(parents, key=lambda p: KINDS.index(p["kind"])) if parents else None
    for a in out:
        chain, node = [], a
        while node is not None:
            chain.append(slug(node["name"]))
            node = node["parent"]
        a["address"] = ":".join(reversed(chain))
    return out


def _inside(inner: tuple, outer: tuple) -> bool:
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    return ox <= x and oy <= y and x + w <= ox + ow and y + h <= oy + oh


@pytest.fixture(scope="module")
def tileset(tmx: ET.Element) -> tuple[ET.Element, Path]:
    ref = tmx.find("tileset")
    assert ref is not None and ref.get("source"), "the map must use an external .tsx tileset"
    path = (MAP.parent / ref.get("source")).resolve()
    return ET.parse(path).getroot(), path


@pytest.fixture(scope="module")
def walkable(tmx: ET.Element, tileset) -> list[list[bool]]:
    """Collision grid: a cell blocks if any layer's tile there has collides=true."""
    ts, _ = tileset
    first = int(tmx.find("tileset").get("firstgid"))
    solid = {int(t.get("id")) + first for t in ts.iter("tile")
             if props(t).get("collides") == "true"}
    w, h = int(tmx.get("width")), int(tmx.get("height"))
    grid = [[True] * w for _ in range(h)]
    for layer in tmx.iter("layer"):
        data = layer.find("data")
        assert data.get("encoding") == "csv"
        gids = [int(v) for v in data.text.replace("\n", "").split(",")]
        assert len(gids) == w * h
        for i, gid in enumerate(gids):
            if gid & 0x1FFFFFFF in solid:
                grid[i // w][i % w] = False
    return grid


def spawn_points(tmx: ET.Element) -> dict[str, tuple[float, float]]:
    group = next(g for g in tmx.iter("objectgroup") if g.get("name") == "Spawns")
    pts = {}
    for o in group.iter("object"):
        assert o.find("point") is not None, f"spawn {o.get('name')} must be a point object"
        pts[o.get("name")] = (float(o.get("x")), float(o.get("y")))
    return pts


def reachable(grid: list[list[bool]], start: tuple[int, int]) -> set[tuple[int, int]]:
    seen, todo = {start}, deque([start])
    while todo:
        x, y = todo.popleft()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= ny < len(grid) and 0 <= nx < len(grid[0]) and grid[ny][nx] \
                    and (nx, ny) not in seen:
                seen.add((nx, ny))
                todo.append((nx, ny))
    return seen


# ----------------------------------------------------------------------------- map format

def test_map_follows_the_conventions(tmx: ET.Element) -> None:
    assert tmx.get("orientation") == "orthogonal" and tmx.get("infinite") == "0"
    assert (tmx.get("tilewidth"), tmx.get("tileheight")) == ("32", "32")
    assert [layer.get("name") for layer in tmx.iter("layer")] == ["ground", "walls", "furniture"]
    groups = [g.get("name") for g in tmx.iter("objectgroup")]
    assert groups == ["Areas", "Spawns"]


def test_every_png_referenced_exists(tileset) -> None:
    ts, path = tileset
    image = ts.find("image")
    png = (path.parent / image.get("source")).resolve()
    assert png.suffix == ".png" and png.is_file()
    assert png.is_relative_to(ROOT / "sprites")
    cols, tw = int(ts.get("columns")), int(ts.get("tilewidth"))
    assert int(image.get("width")) == cols * tw
    assert int(ts.get("tilecount")) == cols * (int(image.get("height")) // tw)


def test_area_tree_is_well_formed(areas: list[dict], tmx: ET.Element) -> None:
    towns = [a for a in areas if a["kind"] == "Town"]
    assert len(towns) == 1 and towns[0]["address"] == "town"
    w, h = int(tmx.get("width")) * 32, int(tmx.get("height")) * 32
    assert towns[0]["rect"] == (0, 0, w, h)
    for a in areas:
        assert a["kind"] in KINDS, a
        if a["kind"] != "Town":
            expected = KINDS[KINDS.index(a["kind"]) - 1]
            assert a["parent"] is not None and a["parent"]["kind"] == expected, \
                f"{a['name']} (#{a['id']}) is not inside a {expected}"
    addresses = [a["address"] for a in areas]
    assert len(addresses) == len(set(addresses)), "two areas share an address"
    for i, a in enumerate(areas):
        for b in areas[i + 1:]:
            if a["parent"] is b["parent"]:
                ax, ay, aw, ah = a["rect"]
                bx, by, bw, bh = b["rect"]
                overlap = ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah
                assert not overlap, f"siblings overlap: {a['address']} / {b['address']}"


def test_area_properties_are_valid(areas: list[dict], personas: list[Persona]) -> None:
    names = {p.name for p in personas}
    for a in areas:
        pr = a["props"]
        assert pr.get("description"), f"{a['address']} has no description"
        assert set(pr["purpose"].split(",")) <= set(ACTIVITIES), a["address"]
        if "capacity" in pr:
            assert int(pr["capacity"]) >= 1
        for key in ("opens", "closes"):
            if key in pr:
                assert HHMM.match(pr[key]), f"{a['address']}: {key}={pr[key]!r}"
        people = [n.strip() for n in pr.get("residents", "").split(",") if n.strip()]
        if "owner" in pr:
            people.append(pr["owner"])
        assert set(people) <= names, f"{a['address']} names non-personas: {set(people) - names}"
    bathrooms = [a for a in areas if a["name"] in ("Bathroom", "Restroom")]
    assert bathrooms and all(a["props"].get("capacity") == "1" for a in bathrooms)


def test_required_places_exist(areas: list[dict]) -> None:
    by_address = {a["address"]: a for a in areas}
    for address in ("town:hobbs_cafe:kitchen:stove", "town:hobbs_cafe:dining_area:counter",
                    "town:the_rose_and_crown_pub:taproom:bar",
                    "town:willow_market_pharmacy:shop_floor", "town:oak_hill_college:library",
                    "town:oak_hill_college:classroom", "town:oak_hill_dorm:bathroom",
                    "town:johnson_park:duck_pond:pond", "town:town_square:plaza:fountain"):
        assert address in by_address, address
    hours = {"town:hobbs_cafe": ("08:00", "20:00"),
             "town:the_rose_and_crown_pub": ("12:00", "24:00"),
             "town:willow_market_pharmacy": ("07:00", "21:00"),
             "town:oak_hill_college": ("08:00", "22:00")}
    for address, (opens, closes) in hours.items():
        pr = by_address[address]["props"]
        assert (pr["opens"], pr["closes"]) == (opens, closes)
    houses = [a for a in areas if a["kind"] == "Building" and "residents" in a["props"]
              and a["name"].endswith(("House", "Cottage"))]
    assert len(houses) >= 5
    for house in houses:
        rooms = {c["name"] for c in areas if c["parent"] is house}
        assert {"Kitchen", "Living Room", "Bathroom"} <= rooms
        assert any("Bedroom" in r for r in rooms)
    dorm_rooms = [a for a in areas if a["kind"] == "Room"
                  and a["address"].startswith("town:oak_hill_dorm:room_")]
    assert len(dorm_rooms) >= 3 and all(a["props"].get("residents") for a in dorm_rooms)


def test_every_place_is_reachable_from_the_player(areas, walkable, tmx) -> None:
    px, py = spawn_points(tmx)["player"]
    seen = reachable(walkable, (int(px // 32), int(py // 32)))
    for a in areas:
        x, y, w, h = (int(v // 32) for v in a["rect"])
        cells = {(i, j) for i in range(x, x + w) for j in range(y, y + h)}
        if a["kind"] == "Object":  # an object may be solid: standing next to it is enough
            cells |= {(i + dx, j + dy) for i, j in cells
                      for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
        assert cells & seen, f"{a['address']} cannot be reached from the player spawn"


# ----------------------------------------------------------------------------- personas

def test_personas_are_valid(personas: list[Persona]) -> None:
    assert len(personas) == 25
    names = [p.name for p in personas]
    assert len(set(names)) == 25
    first10 = names[:10]
    assert "Isabella Rodriguez" in first10 and "Sam Moore" in first10
    for p in personas:
        assert set(p.relationships) <= set(names) - {p.name}, p.name
        assert p.memories and all(";" not in m for m in p.memories), p.name
    isabella = personas[names.index("Isabella Rodriguez")]
    assert any("Valentine" in m and "February 14" in m for m in isabella.memories)
    sam = personas[names.index("Sam Moore")]
    assert any("running for mayor" in m for m in sam.memories)


def test_personas_live_and_work_in_the_map(personas, areas, tmx) -> None:
    by_address = {a["address"]: a for a in areas}
    spawns = spawn_points(tmx)
    for p in personas:
        assert p.home in by_address, f"{p.name}: home {p.home} is not in the map"
        if p.workplace is not None:
            assert p.workplace in by_address, f"{p.name}: workplace {p.workplace}"
        home = by_address[p.home]
        residents = home["props"].get("residents", "") + "," + home["props"].get("owner", "")
        assert p.name in [n.strip() for n in residents.split(",")], f"{p.name} not a resident"
        assert p.name in spawns, f"{p.name} has no spawn point"
        x, y, w, h = home["rect"]
        sx, sy = spawns[p.name]
        assert x <= sx < x + w and y <= sy < y + h, f"{p.name} does not spawn at home"


def test_every_character_has_a_sprite_sheet(personas) -> None:
    pygame = pytest.importorskip("pygame")
    for sprite in [p.sprite for p in personas] + ["player.png"]:
        path = CHARACTERS / sprite
        assert path.is_file(), sprite
        assert pygame.image.load(str(path)).get_size() == (96, 192), sprite


def test_spawns_stand_on_walkable_reachable_cells(tmx, walkable) -> None:
    pts = spawn_points(tmx)
    px, py = pts["player"]
    seen = reachable(walkable, (int(px // 32), int(py // 32)))
    for name, (x, y) in pts.items():
        assert (int(x // 32), int(y // 32)) in seen, f"{name} spawns on a blocked or cut-off cell"


# ----------------------------------------------------------------------------- generators

def _load_script(path: Path, name: str):
    sys.path.insert(0, str(path.parent))
    try:
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(path.parent))


def test_committed_tileset_matches_the_art_script() -> None:
    """tiles.png and town.tsx are what sprites/make_art.py draws (deterministic, not stale)."""
    pygame = pytest.importorskip("pygame")
    art = _load_script(ROOT / "sprites" / "make_art.py", "make_art_under_test")
    sheet = art.build_sheet()
    img = sheet.image()
    committed = pygame.image.load(str(ROOT / "sprites" / "tiles.png"))
    assert committed.get_size() == img.get_size()
    assert pygame.image.tobytes(committed, "RGBA") == pygame.image.tobytes(img, "RGBA")
    tsx = ROOT / "maps" / "town.tsx"
    assert art.tsx_text(sheet, "../sprites/tiles.png", *img.get_size()) == tsx.read_text("utf-8")


def test_world_loader_accepts_the_town(personas) -> None:
    """The project's own loader and lint: no errors, no warnings, every persona address known."""
    tiled = pytest.importorskip("npc_brain.adapters.tiled")
    if not hasattr(tiled, "read_map"):
        pytest.skip("world loader not available")
    loaded = tiled.read_map(MAP)
    assert [str(i) for i in loaded.issues] == []
    for p in personas:
        assert p.home in loaded.world
        assert p.workplace is None or p.workplace in loaded.world


def test_lamp_posts_block_only_at_their_foot(tmx: ET.Element, tileset, walkable) -> None:
    # The player stuck on the lamp head beside Hobbs Cafe's door, walking along the door's row.
    ts, _ = tileset
    first = int(tmx.find("tileset").get("firstgid"))
    named = {int(t.get("id")) + first: props(t).get("name") for t in ts.iter("tile")}
    furniture = next(layer for layer in tmx.iter("layer") if layer.get("name") == "furniture")
    w = int(tmx.get("width"))
    gids = [int(v) for v in furniture.find("data").text.replace("\n", "").split(",")]
    heads = [(i % w, i // w) for i, gid in enumerate(gids) if named.get(gid) == "lamp_post_top"]
    assert len(heads) >= 4
    for x, y in heads:
        assert walkable[y][x], f"lamp head at {(x, y)} blocks"
        assert not walkable[y + 1][x], f"lamp foot at {(x, y + 1)} does not block"
