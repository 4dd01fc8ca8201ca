"""Never a traceback: hundreds of damaged copies of a small map through the loader and the lint.

Mutations are deterministic (a seeded generator over the fixture town): truncated XML, bad and
huge numbers, missing attributes and elements, missing and built-in files, broken tile data,
broken property types, random character flips, and a damaged tileset. Each variant must either
load or raise `MapError` with one line naming the file; the lint must exit 0, 1 or 2.
"""

from __future__ import annotations

import random
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

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


def test_damaged_maps_never_raise_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = tmp_path / "base"
    base.mkdir()
    town = copy_fixture_town(base)
    text, tsx = town.read_text(), (base / "interior.tsx").read_text()
    rng = random.Random(13)
    started = time.process_time()  # CPU time: the machine may be shared
    outcomes = {"loaded": 0, "refused": 0}
    count = 0
    for label, map_text, tsx_text, delete in _variants(text, tsx, rng):
        count += 1
        folder = base
        if tsx_text is not None or delete:
            folder = tmp_path / label
            shutil.copytree(base, folder)
            if tsx_text is not None:
                (folder / "interior.tsx").write_text(tsx_text)
            for name in delete:
                (folder / name).unlink()
        path = folder / f"{label}.tmx"
        path.write_text(map_text)
        try:
            loaded = read_map(path)
        except MapError as exc:
            message = str(exc)
            assert path.name in message, (label, message)
            assert "\n" not in message and message.endswith("."), (label, message)
            outcomes["refused"] += 1
        else:
            lint_world(loaded.world)
            format_tree(loaded.world)
            outcomes["loaded"] += 1
        assert main([str(path)]) in (0, 1, 2), label
        err = capsys.readouterr().err
        assert "Traceback" not in err, (label, err)
    assert count >= 200
    assert outcomes["loaded"] > 10 and outcomes["refused"] > 50, outcomes
    assert time.process_time() - started < 30
