"""The lint refuses what the game would refuse: missing files (all of them), Tiled's built-in
paths, bad numbers and absurd sizes — each as one sentence naming the file and the culprit."""

from __future__ import annotations

import re
import tracemalloc
from pathlib import Path

import pytest
from map_writer import copy_fixture_town

from npc_brain.adapters.tiled import read_map
from npc_brain.world import MapError
from npc_brain.world.__main__ import main


def _edit(path: Path, old: str, new: str, count: int = 1) -> Path:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, count))
    return path


def _error(path: Path) -> str:
    with pytest.raises(MapError) as info:
        read_map(path)
    message = str(info.value)
    assert "\n" not in message and message.endswith(".")
    return message


def test_missing_tileset_image_fails_the_lint_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = copy_fixture_town(tmp_path)
    (tmp_path / "interior.png").unlink()
    assert main([str(path)]) == 2
    err = capsys.readouterr().err
    assert 'needs the image "interior.png" of tileset "interior.tsx", which is missing' in err
    assert "Traceback" not in err


def test_every_missing_file_is_listed(tmp_path: Path) -> None:
    path = copy_fixture_town(tmp_path)
    extra = "".join(f' <tileset firstgid="{100 + i}" source="gone{i}.tsx"/>\n' for i in range(16))
    _edit(
        path,
        ' <tileset firstgid="1" source="interior.tsx"/>\n',
        ' <tileset firstgid="1" source="interior.tsx"/>\n' + extra,
    )
    (tmp_path / "bed.tx").unlink()
    (tmp_path / "interior.png").unlink()
    message = _error(path)
    assert "needs 18 files that are missing" in message
    assert all(f'"gone{i}.tsx"' in message for i in range(16))
    assert '"bed.tx"' in message and '"interior.png"' in message


def test_damaged_or_too_small_tileset_image_is_named(tmp_path: Path) -> None:
    path = copy_fixture_town(tmp_path)
    (tmp_path / "interior.png").write_bytes(b"GIF89a not really a png at all")
    message = _error(path)
    assert (
        'cannot use the image "interior.png" of tileset "interior.tsx", which is not a PNG'
        in message
    )
    path = copy_fixture_town(tmp_path)
    _edit(tmp_path / "interior.tsx", 'width="160" height="32"', 'width="320" height="32"')
    message = _error(path)
    assert "which is 160x32 px but the tileset says 320x32" in message


def test_tiled_builtin_path_is_explained(tmp_path: Path) -> None:
    path = copy_fixture_town(tmp_path)
    _edit(
        path,
        ' <tileset firstgid="1" source="interior.tsx"/>\n',
        ' <tileset firstgid="1" source="interior.tsx"/>\n'
        ' <tileset firstgid="50" source=":/automap-tiles.tsx"/>\n',
    )
    message = _error(path)
    assert '":/automap-tiles.tsx"' in message and "built into Tiled" in message
    assert "missing" not in message


@pytest.mark.parametrize(
    ("old", "new", "expect"),
    [
        (
            'width="20" height="15" tilewidth',
            'width="-20" height="15" tilewidth',
            'the map has width="-20"; it must be at least 1',
        ),
        (
            'tilewidth="32" tileheight="32" infinite',
            'tilewidth="0" tileheight="0" infinite',
            'the map has tilewidth="0"; it must be at least 1',
        ),
        (
            'width="20" height="15" tilewidth',
            'height="15" tilewidth',
            "the map has no width attribute",
        ),
        (
            'width="20" height="15" tilewidth',
            'width="twenty" height="15" tilewidth',
            'the map has width="twenty", which is not a whole number',
        ),
        (
            '<object id="7" name="Table" type="Object" x="192"',
            '<object id="7" name="Table" type="Object" x="1O2"',
            'object 7 "Table": has x="1O2", which is not a number',
        ),
        (
            '<layer id="4" name="furniture" width="20"',
            '<layer id="4" name="furniture" width="21"',
            'layer "furniture": is 21x15 tiles but the map is 20x15 tiles',
        ),
    ],
)
def test_bad_numbers_name_the_element_and_attribute(
    tmp_path: Path, old: str, new: str, expect: str
) -> None:
    path = _edit(copy_fixture_town(tmp_path), old, new)
    assert expect in _error(path)


def test_bad_tileset_attribute_names_the_tileset(tmp_path: Path) -> None:
    path = copy_fixture_town(tmp_path)
    _edit(tmp_path / "interior.tsx", 'tilewidth="32"', 'tilewidth="wide"')
    message = _error(path)
    assert 'tileset "interior.tsx"' in message and 'tilewidth="wide"' in message


def test_huge_header_is_refused_before_anything_is_allocated(tmp_path: Path) -> None:
    path = copy_fixture_town(tmp_path)
    text = path.read_text()
    text = re.sub(
        r'width="20" height="15" tilewidth', 'width="100000" height="100000" tilewidth', text
    )
    text = re.sub(
        r"<layer .*?</layer>\n", "", text, flags=re.DOTALL
    )  # a header with no tile layers
    text = re.sub(r"<group id=\"2\".*?</group>\n", "", text, count=1, flags=re.DOTALL)
    path.write_text(text)
    tracemalloc.start()  # memory, not time: the same on any machine
    try:
        message = _error(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20 * 2**20  # 10^10 cells would be gigabytes
    assert "is 100000x100000 tiles" in message and "split it into smaller maps" in message


def test_base64_data_that_does_not_decode_is_named(tmp_path: Path) -> None:
    path = copy_fixture_town(tmp_path)
    text = path.read_text()
    start = text.index('<data encoding="csv">', text.index('name="ground"'))
    end = text.index("</data>", start)
    path.write_text(
        text[:start] + '<data encoding="base64" compression="zlib">\n   eJzt!!\n  ' + text[end:]
    )
    message = _error(path)
    assert 'layer "ground"' in message and "base64" in message
