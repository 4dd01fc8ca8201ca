"""Maps drawn as Tiled draws them: a tileset's transparent colour (`trans`) is see-through."""
from __future__ import annotations

import sys
from pathlib import Path

import pygame

from npc_brain.adapters.camera import Camera
from npc_brain.adapters.pygame_map import MapRenderer, colour_key
from npc_brain.adapters.tiled import read_map

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "world"))
from map_writer import tile_layer, tmx

MAGENTA, GRASS, POST = (255, 0, 255), (40, 140, 60), (120, 80, 40)


def _keyed_map(folder: Path, trans: str = ' trans="ff00ff"') -> Path:
    """Two 16 px tiles: grass, and a post on a magenta background (the colour key)."""
    sheet = pygame.Surface((32, 16))
    sheet.fill(GRASS, (0, 0, 16, 16))
    sheet.fill(MAGENTA, (16, 0, 16, 16))
    sheet.fill(POST, (22, 4, 4, 12))
    pygame.image.save(sheet, str(folder / "keyed.png"))
    (folder / "keyed.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<tileset version="1.10" tiledversion="1.10.2" name="keyed" tilewidth="16" tileheight="16" '
        'tilecount="2" columns="2">\n'
        f' <image source="keyed.png"{trans} width="32" height="16"/>\n</tileset>\n')
    body = (' <tileset firstgid="1" source="keyed.tsx"/>\n' + tile_layer(1, "ground", [[1, 1]])
            + tile_layer(2, "posts", [[0, 2]]))
    path = folder / "keyed.tmx"
    path.write_text(tmx(2, 1, 16, body))
    return path


def _render(path: Path) -> pygame.Surface:
    loaded = read_map(path)
    renderer = MapRenderer(loaded.tiled_map, loaded.layers)
    screen = pygame.Surface(renderer.size)
    renderer.draw(screen, Camera(renderer.size, renderer.size))
    return screen


def test_a_colour_keyed_tile_is_transparent(tmp_path: Path) -> None:
    pygame.display.init()
    screen = _render(_keyed_map(tmp_path))
    assert tuple(screen.get_at((17, 2)))[:3] == GRASS  # the key shows the ground beneath
    assert tuple(screen.get_at((24, 10)))[:3] == POST  # the tile's own pixels are drawn


def test_without_a_key_the_colour_is_drawn(tmp_path: Path) -> None:
    screen = _render(_keyed_map(tmp_path, trans=""))
    assert tuple(screen.get_at((17, 2)))[:3] == MAGENTA


def test_colour_key_reads_tiled_values() -> None:
    assert colour_key("ff00ff") == colour_key("#FF00FF") == MAGENTA
    assert colour_key("") is None and colour_key("zzzzzz") is None and colour_key(None) is None
