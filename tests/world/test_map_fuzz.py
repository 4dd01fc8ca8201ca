"""Never a traceback: hundreds of damaged copies of a small map through the lint and the game's load.

Mutations are deterministic (a seeded generator over the fixture town): truncated XML, bad and
huge numbers, missing attributes and elements, missing and built-in files, broken tile data,
broken property types, random character flips, a damaged tileset, and (issue 28) geometry far
out of range, gids no tileset holds, images of size 0, `columns="0"` and maps beyond the memory
budget. Each variant must either load or raise `MapError` with one line naming the file; the
lint must exit 0, 1 or 2, and the demo's load (`Town.open`: renderer, pathfinder, rules, then
frames drawn across the map) must agree with it: it refuses exactly what the lint calls an
error, with the same sentence, and whatever it loads, it draws.
"""

from __future__ import annotations

import base64
import random
import re
import shutil
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from map_writer import copy_fixture_town

from npc_brain.adapters.tiled import read_map
from npc_brain.world import MapError, format_tree, lint_world
from npc_brain.world.__main__ import main

BAD_NUMBERS = ("", "-1", "0", "abc", "1e400", "nan", "99999999999999999999", "3.5", "-0", " 7")
NUMERIC = re.compile(
    r"\b(width|height|tilewidth|tileheight|firstgid|id|x|y|tilecount|columns|opacity|offsetx"
    r'|rotation|gid)="([^"]*)"'
)
ATTRIBUTE = re.compile(r' ([a-z]+)="[^"]*"')
ELEMENT = re.compile(r"<(image|tileset|data|properties|point|polygon|object|layer)\b[^>]*/?>")
FLIPS = '<>"&=/ x0-9,'
SHAPES = (
    '<object id="90" x="0" y="0"><polygon points="0,0 1e300,0 0,1e300"/></object>',
    '<object id="90" x="-5e200" y="7"><polyline points="0,0 1e300,1e300"/></object>',
    '<object id="90" x="10" y="10" width="1e12" height="1e12" rotation="45"><ellipse/></object>',
    '<object id="90" x="10" y="10"><polygon points=""/></object>',
    '<object id="90" x="10" y="10"><polygon points="1,2 3"/></object>',
    '<object id="90" x="10" y="10" width="0" height="0"/>',
)


def _variants(
    text: str, tsx: str, rng: random.Random
) -> Iterator[tuple[str, str, str | None, list[str]]]:
    """(label, map text, tileset text or None, files to delete) for each damaged copy."""
    n = len(text)
    for i in range(40):  # truncated anywhere
        yield f"truncate{i}", text[: 1 + (n - 1) * i // 40], None, []
    numbers = list(NUMERIC.finditer(text))
    for i in range(70):
        m = rng.choice(numbers)
        bad = rng.choice(BAD_NUMBERS)
        yield f"number{i}", text[: m.start(2)] + bad + text[m.end(2) :], None, []
    attrs = list(ATTRIBUTE.finditer(text))
    for i in range(30):
        m = rng.choice(attrs)
        yield f"noattr{i}", text[: m.start()] + text[m.end() :], None, []
    elements = list(ELEMENT.finditer(text))
    for i in range(20):  # a whole element gone (self-closing, or up to its closing tag)
        m = rng.choice(elements)
        end = m.end() if m.group(0).endswith("/>") else text.find(f"</{m.group(1)}>", m.end())
        end = (
            m.end() if end < 0 else end + (0 if m.group(0).endswith("/>") else len(m.group(1)) + 3)
        )
        yield f"noelement{i}", text[: m.start()] + text[end:], None, []
    for i, size in enumerate(("100000", "3000", "0", "-5", "65536")):
        yield (
            f"size{i}",
            text.replace(
                'width="20" height="15" tilewidth', f'width="{size}" height="{size}" tilewidth'
            ),
            None,
            [],
        )
    yield (
        "hugetile",
        text.replace(
            'tilewidth="32" tileheight="32" inf', 'tilewidth="99999" tileheight="99999" inf'
        ),
        None,
        [],
    )
    yield (
        "layerwide",
        text.replace('name="ground" width="20"', 'name="ground" width="2000000"'),
        None,
        [],
    )
    fence = '<object id="16" name="fence" x="544" y="0" width="32" height="224"/>'
    for i, shape in enumerate(SHAPES):  # absurd geometry on the Collision layer
        yield f"shape{i}", text.replace(fence, fence + shape), None, []
    for i, name in enumerate(("interior.png", "interior.tsx", "bed.tx")):
        yield f"delete{i}", text, None, [name]
    yield "builtin", text.replace('source="interior.tsx"', 'source=":/automap-tiles.tsx"'), None, []
    yield "json_tileset", text.replace('source="interior.tsx"', 'source="interior.tsj"'), None, []
    yield "abs_missing", text.replace('source="interior.tsx"', 'source="/nowhere/x.tsx"'), None, []
    yield "template_missing", text.replace('template="bed.tx"', 'template="nope.tx"'), None, []
    data = [
        m
        for m in re.finditer(r"\d+", text)
        if text.rfind("<data", 0, m.start()) > text.rfind("</data>", 0, m.start())
    ]
    for i in range(20):
        m = rng.choice(data)
        junk = rng.choice(("x", "-1", "4294967296", "", ",,", "1.5", "99999"))
        yield f"csv{i}", text[: m.start()] + junk + text[m.end() :], None, []
    yield "base64", text.replace('<data encoding="csv">', '<data encoding="base64">', 1), None, []
    yield (
        "zstd",
        text.replace('<data encoding="csv">', '<data encoding="base64" compression="zstd">', 1),
        None,
        [],
    )
    yield "xmltiles", text.replace('<data encoding="csv">', "<data>", 1), None, []
    props = list(re.finditer(r'<property name="[^"]*"( type="[^"]*")? value="[^"]*"', text))
    for i in range(15):
        m = rng.choice(props)
        new = rng.choice(
            (
                ' type="integer" value="1"',
                ' type="int" value="many"',
                ' type="bool" value="maybe"',
                ' type="float" value="x"',
                ' type="object" value="a"',
                ' type="class" propertytype="Nope" value=""',
            )
        )
        head = m.group(0).split(" value=")[0]
        head = re.sub(r' type="[^"]*"', "", head)
        yield f"prop{i}", text[: m.start()] + head + new + text[m.end() :], None, []
    for i in range(40):
        chars = list(text)
        for _ in range(rng.randint(1, 4)):
            chars[rng.randrange(n)] = rng.choice(FLIPS)
        yield f"flip{i}", "".join(chars), None, []
    for i in range(20):  # the tileset damaged instead of the map
        if i < 8:
            bad = tsx[: 1 + (len(tsx) - 1) * i // 8]
        else:
            m = rng.choice(list(NUMERIC.finditer(tsx)))
            bad = tsx[: m.start(2)] + rng.choice(BAD_NUMBERS) + tsx[m.end(2) :]
        yield f"tsx{i}", text, bad, []
    yield from _issue28_variants(text, tsx, rng)


FAR = ("1e308", "-1e308", "1e12", "2e7", "-3e7", "9999999", "-9999999.5")


def _issue28_variants(
    text: str, tsx: str, rng: random.Random
) -> Iterator[tuple[str, str, str | None, list[str]]]:
    """Geometry out of range, gids no tileset holds, bad images and columns, over-budget maps."""
    areas = text[text.find('name="Areas"') : text.find("</objectgroup>", text.find('name="Areas"'))]
    start = text.find(areas)
    geometry = list(re.finditer(r'\b(x|y|width|height)="([^"]*)"', areas))
    for i in range(16):  # an area (a room 1e308 px wide, a building far off the map)
        m = rng.choice(geometry)
        at, end = start + m.start(2), start + m.end(2)
        yield f"far{i}", text[:at] + rng.choice(FAR) + text[end:], None, []
    fence = '<object id="16" name="fence" x="544" y="0" width="32" height="224"/>'
    for i, points in enumerate(("0,0 1e20,0 0,5", "0,0 -2e7,3 5,5", "0,0 9999999,0 0,9999999")):
        shape = f'<object id="90" x="10" y="10"><polygon points="{points}"/></object>'
        yield f"farshape{i}", text.replace(fence, fence + shape), None, []
    for i, value in enumerate(("1e300", "-5e7", "12", "nan")):
        yield f"offset{i}", text.replace('name="furniture"', f'name="furniture" offsetx="{value}"'), None, []
    data = [
        m
        for m in re.finditer(r"\d+", text)
        if text.rfind("<data", 0, m.start()) > text.rfind("</data>", 0, m.start())
    ]
    for i in range(14):  # a gid past the tileset's five tiles (flip flags on some)
        m = rng.choice(data)
        gid = rng.choice(("6", "99", "4000", str(0x80000000 + 6), str(0x40000000 + 3), "5"))
        yield f"gid{i}", text[: m.start()] + gid + text[m.end() :], None, []
    ground = re.search(r'(<layer id="1" name="ground"[^>]*>\s*<data) encoding="csv">(.*?)</data>', text, re.S)
    assert ground is not None
    for i, gid in enumerate((1, 7)):  # base64 and zlib data, a gid out of range in the second
        cells = [int(t) for t in ground.group(2).replace("\n", "").split(",")]
        cells[33] = gid
        blob = base64.b64encode(zlib.compress(struct.pack(f"<{len(cells)}I", *cells))).decode()
        new = f'{ground.group(1)} encoding="base64" compression="zlib">{blob}</data>'
        yield f"b64gid{i}", text.replace(ground.group(0), new), None, []
    decor = '<objectgroup id="30" name="decor">{}</objectgroup>\n <group id="6"'
    for i, gid in enumerate(("3", "9", str(0x80000000 + 2), "0")):  # tile objects, drawn by the game
        obj = f'<object id="91" gid="{gid}" x="100" y="120" width="32" height="32"/>'
        yield f"objgid{i}", text.replace('<group id="6"', decor.format(obj), 1), None, []
    for i, (old, new) in enumerate((
        ('width="160" height="32"', 'width="0" height="32"'),
        ('width="160" height="32"', 'width="160" height="0"'),
        ('columns="5"', 'columns="0"'),
        ('width="160" height="32"', 'width="320" height="32"'),  # more than the real image
        ('tilecount="5" columns="5"', 'tilecount="50" columns="5"'),  # gids 6..50 still not in the image
    )):
        yield f"image{i}", text, tsx.replace(old, new), []
    yield "bigpng", text, tsx.replace('width="160" height="32"', 'width="60000" height="60000"'), ["<bigpng>"]
    body = re.search(r' <layer id="4" name="furniture".*?</layer>\n', text, re.S)
    assert body is not None
    many = "".join(body.group(0).replace('id="4" name="furniture"', f'id="{40 + k}" name="f{k}"') for k in range(60))
    yield "budget", text.replace(body.group(0), many).replace(
        'width="20" height="15" tilewidth', 'width="2000" height="2000" tilewidth'), None, []


def _huge_png(path: Path, size: int) -> None:
    """A PNG whose header says size x size pixels (the pixels themselves never arrive)."""
    head = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + head
                     + struct.pack(">I", zlib.crc32(b"IHDR" + head)))


def _demo_load(path: Path) -> Any:
    """What the demo does with a map: `Town.open` (renderer, pathfinder, rules, perception),
    homes for its personas, the player's start and the NPCs spread around it, then frames
    drawn across it."""
    import pygame

    from demo_game.assets import check_personas, load_personas
    from demo_game.config import DEFAULT_PERSONAS
    from demo_game.town import Town
    from npc_brain.adapters.camera import Camera
    from npc_brain.adapters.walker import nearest_walkable

    town = Town.open(path)
    placed = check_personas(load_personas(DEFAULT_PERSONAS, 3), town.world, fill_missing=True)
    start = town.world.spawn("player") or town.world.root.center
    start = nearest_walkable(town.pathfinder, start) or start
    town.spread(len(placed.personas), start)
    screen = pygame.display.get_surface()
    camera = Camera(screen.get_size(), town.size)
    for x, y in ((0, 0), town.size, (town.size[0] / 2, town.size[1] / 2)):
        camera.center_on(x, y)
        town.renderer.draw(screen, camera)
        town.renderer.draw(screen, camera, over=True)
    spawn = town.world.spawn("player") or town.world.root.center
    for place in town.world:
        town.pathfinder.walkable_point_in(place, near=spawn)
    return town


@pytest.fixture
def display() -> Iterator[Any]:
    import pygame

    pygame.init()
    yield pygame.display.set_mode((320, 240))
    pygame.quit()


def test_damaged_maps_never_raise_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], display: Any
) -> None:
    base = tmp_path / "base"
    base.mkdir()
    town = copy_fixture_town(base)
    text, tsx = town.read_text(), (base / "interior.tsx").read_text()
    rng = random.Random(13)
    outcomes = {"loaded": 0, "refused": 0, "lint errors": 0}
    count = 0
    for label, map_text, tsx_text, delete in _variants(text, tsx, rng):
        count += 1
        folder = base
        if tsx_text is not None or delete:
            folder = tmp_path / label
            shutil.copytree(base, folder)
            if tsx_text is not None:
                (folder / "interior.tsx").write_text(tsx_text)
            if "<bigpng>" in delete:
                _huge_png(folder / "interior.png", 60000)
            for name in delete:
                if not name.startswith("<"):
                    (folder / name).unlink()
        path = folder / f"{label}.tmx"
        path.write_text(map_text)
        refusal = None
        try:
            loaded = read_map(path)
        except MapError as exc:
            refusal = str(exc)
            assert path.name in refusal, (label, refusal)
            assert "\n" not in refusal and refusal.endswith("."), (label, refusal)
            outcomes["refused"] += 1
        else:
            lint_world(loaded.world)
            format_tree(loaded.world)
            outcomes["loaded"] += 1
        status = main([str(path)])
        assert status in (0, 1, 2), label
        out, err = capsys.readouterr()
        assert "Traceback" not in err, (label, err)
        # The game refuses exactly what the lint calls an error, in the same words, and draws the rest.
        if status == 0:
            _demo_load(path)
        else:
            with pytest.raises(MapError) as demo:
                _demo_load(path)
            if refusal is not None:
                assert str(demo.value) == refusal, label
            else:
                outcomes["lint errors"] += 1
                first = str(demo.value).split(" (and ")[0].rstrip(".").removeprefix(f"{path}, ")
                assert f"error: {first}" in out, (label, out)
    assert count >= 250
    assert outcomes["loaded"] > 10 and outcomes["refused"] > 50, outcomes
