"""The lint is the game's gate: what the game cannot load or afford is refused first, in one sentence.

Each case is one a hostile map maker tried (issue 28): a room 1e308 px wide (the lint died in
pathfinding with OverflowError while the demo loaded it), a gid no tileset holds, a tileset image
of size 0, `columns="0"`, and a map whose layers need more memory than the budget.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from map_writer import copy_fixture_town

from npc_brain.adapters.tiled import read_map
from npc_brain.adapters.tiled_tiles import MAX_MAP_BYTES, memory_needed
from npc_brain.world import MapError
from npc_brain.world.__main__ import main
from npc_brain.world.builder import AreaSpec, build_tree
from npc_brain.world.place import Place, PlaceKind


def _variant(tmp_path: Path, old: str, new: str, *, tileset: bool = False) -> Path:
    town = copy_fixture_town(tmp_path)
    target = tmp_path / "interior.tsx" if tileset else town
    text = target.read_text()
    assert old in text
    target.write_text(text.replace(old, new, 1))
    return town


def _refused(path: Path, capsys: pytest.CaptureFixture[str], *words: str) -> str:
    with pytest.raises(MapError) as err:
        read_map(path)
    message = str(err.value)
    assert all(w in message for w in words), message
    assert main([str(path), "--no-tree"]) == 2
    _, lint_err = capsys.readouterr()
    assert "Traceback" not in lint_err and lint_err.strip() == f"error: {message}"
    return message


def test_a_room_1e308_px_wide_is_one_sentence_not_an_overflow(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _variant(tmp_path, 'name="Kitchen" type="Room" x="64" y="64" width="96"',
                    'name="Kitchen" type="Room" x="64" y="64" width="1e308"')
    _refused(path, capsys, 'object 3 "Kitchen"', 'width="1e308"', "10,000,000 px")


def test_a_gid_no_tileset_holds_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _variant(tmp_path, "0,0,3,0,0,0,0,0,0,0,0,3", "0,0,99,0,0,0,0,0,0,0,0,3")
    _refused(path, capsys, 'layer "furniture"', "gid 99 at column 2, row 2", 'tileset "interior" holds gids 1–5')


@pytest.mark.parametrize(("old", "new", "word"), [
    ('width="160" height="32"', 'width="0" height="0"', 'width="0"'),
    ('columns="5"', 'columns="0"', 'columns="0"'),
])
def test_an_image_of_size_0_and_columns_0_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      old: str, new: str, word: str) -> None:
    path = _variant(tmp_path, old, new, tileset=True)
    _refused(path, capsys, 'tileset "interior.tsx"', word)


def test_a_map_beyond_the_memory_budget_is_refused_before_anything_is_decoded(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    town = copy_fixture_town(tmp_path)
    text = town.read_text()
    layer = re.search(r' <layer id="4" name="furniture".*?</layer>\n', text, re.S)
    assert layer is not None
    many = "".join(layer.group(0).replace('id="4" name="furniture"', f'id="{40 + k}" name="f{k}"')
                   for k in range(60))
    town.write_text(text.replace(layer.group(0), many).replace(
        'width="20" height="15" tilewidth', 'width="2000" height="2000" tilewidth'))
    message = _refused(town, capsys, "62 tile layers of 2000x2000 tiles", "40 kB of tileset images",
                       "more than the 2 GB budget")
    assert "merge or remove tile layers" in message
    # The largest map with a few layers is inside the budget (it loads and is drawn by chunks).
    assert memory_needed(4_000_000, 4, 1024 * 1024) < MAX_MAP_BYTES


def test_a_world_built_in_code_gets_the_same_guard() -> None:
    root, issues = build_tree([AreaSpec(1, "Town", PlaceKind.TOWN, (0, 0, 640, 480)),
                               AreaSpec(2, "Hall", PlaceKind.BUILDING, (0, 0, 1e308, 50)),
                               AreaSpec(3, "Void", PlaceKind.ROOM, (0, 0, float("nan"), 50))], file="t")
    assert [i.code for i in issues] == ["far_area", "far_area"]
    assert [p.name for p in root.walk()] == ["Town"]
    with pytest.raises(ValueError, match="not finite"):
        Place("town:x", "X", PlaceKind.ROOM, rect=(0, 0, float("inf"), 1))
