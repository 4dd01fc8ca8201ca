"""Places beside the map (`<stem>.npc.json`): read instead of the map's layers, clear errors, and
written by `world init -o X.npc.json`."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from map_writer import grid, object_layer, tile_layer, tileset, tmx

from npc_brain.adapters.tiled import load_world, read_map
from npc_brain.world import MapError, PlaceKind
from npc_brain.world.__main__ import main


def _walled_map(folder: Path, *, areas: bool = False) -> Path:
    """A 20x12 map whose only object layer is the game's walls (every object a wall)."""
    walls = ['<object id="1" x="0" y="0" width="320" height="16"/>',
             '<object id="2" x="96" y="64" width="16" height="96"/>']
    extra = object_layer(4, "Areas", [
        '<object id="9" name="Own Town" type="Town" x="0" y="0" width="320" height="192"/>']) if areas else ""
    body = tileset(folder) + tile_layer(1, "ground", grid(20, 12, 1)) + object_layer(2, "walls", walls) + extra
    path = folder / "game.tmx"
    path.write_text(tmx(20, 12, 16, body))
    return path


PLACES = {
    "areas": [
        {"name": "Vale", "class": "Town", "x": 0, "y": 0, "width": 320, "height": 192},
        {"name": "Mill", "class": "Building", "x": 160, "y": 32, "width": 96, "height": 80,
         "properties": {"purpose": "work", "opens": "08:00", "closes": "18:00"}},
        {"name": "Loft", "class": "Room", "x": 176, "y": 48, "width": 32, "height": 32},
    ],
    "spawns": {"player": [40, 100], "Ada Stone": [200, 60]},
}


def test_places_file_beside_the_map_gives_areas_and_spawns(tmp_path: Path) -> None:
    path = _walled_map(tmp_path)
    (tmp_path / "game.npc.json").write_text(json.dumps(PLACES))
    world = load_world(path)
    assert [p.address for p in world] == ["vale", "vale:mill", "vale:mill:loft"]
    assert world.get("vale:mill:loft").kind is PlaceKind.ROOM and world.get("vale:mill").opens is not None
    assert world.spawn("player") == (40, 100) and world.spawn("Ada Stone") == (200, 60)
    assert world.grid.blocked.sum() > 20  # the game's walls still block


def test_a_named_places_file_wins_over_the_maps_own_areas_with_a_warning(tmp_path: Path) -> None:
    path = _walled_map(tmp_path, areas=True)
    other = tmp_path / "elsewhere.json"
    other.write_text(json.dumps(PLACES))
    loaded = read_map(path, places=other)
    assert loaded.world.root.name == "Vale"
    assert [i.code for i in loaded.warnings] == ["sidecar"]


@pytest.mark.parametrize("text, words", [
    ("{not json", "is not valid JSON"),
    (json.dumps({"areas": [{"name": "Mill", "class": "Castle", "x": 0, "y": 0, "width": 9, "height": 9}]}),
     'areas.0.class ("Mill")'),
    (json.dumps({"areas": [{"name": "Mill", "class": "Town", "x": 0, "y": 0, "width": -1, "height": 9}]}),
     "areas.0.width"),
    (json.dumps({"spawns": {"player": "here"}}), "spawns.player"),
    (json.dumps({"rooms": []}), "rooms"),
])
def test_a_damaged_places_file_is_one_sentence(tmp_path: Path, text: str, words: str) -> None:
    path = _walled_map(tmp_path)
    (tmp_path / "game.npc.json").write_text(text)
    with pytest.raises(MapError) as err:
        load_world(path)
    assert "game.npc.json" in str(err.value) and words in str(err.value)
    assert "\n" not in str(err.value)


def test_init_writes_a_places_file_and_leaves_the_map_alone(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = _walled_map(tmp_path)
    before = path.read_text()
    out = tmp_path / "game.npc.json"
    assert main(["init", str(path), "-o", str(out)]) == 0
    assert path.read_text() == before
    data = json.loads(out.read_text())
    assert data["areas"][0]["class"] == "Town" and len(data["areas"]) > 3
    assert "player" in data["spawns"]
    world = load_world(path)  # found beside the map
    assert all(p.properties.get("review") is True for p in world)
    assert "Town Square" in {p.name for p in world}
    assert "wrote" in capsys.readouterr().out
