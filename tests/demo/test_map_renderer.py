"""MapRenderer draws by on-screen chunks: the same pixels as drawing the map whole, memory by the view.

The reference is the renderer this one replaced (every chunk of the map pre-rendered at start,
which took more than 12 GB on a 2000x2000-tile map): same layers, same order, same offsets.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from npc_brain.adapters.camera import Camera
from npc_brain.adapters.pygame_map import MapRenderer, is_over_layer, tile_images
from npc_brain.adapters.tiled import read_map

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "world"))
from map_writer import grid, object_layer, tile_layer, tileset, tmx

ROOT = Path(__file__).resolve().parents[2]


def _baked(tiled_map: Any, layers: list[Any], over: bool, background: Any) -> pygame.Surface:
    """The whole map drawn at once, as the old renderer did (the reference)."""
    tw, th = int(tiled_map.tilewidth), int(tiled_map.tileheight)
    surf = pygame.Surface((int(tiled_map.width) * tw, int(tiled_map.height) * th), pygame.SRCALPHA)
    if background is not None:
        surf.fill(background)
    images = tile_images(tiled_map)
    for ref in [r for r in layers if r.visible and is_over_layer(r) == over]:
        alpha = int(255 * max(0.0, min(1.0, ref.opacity)))
        ox, oy = ref.offset
        stamps = []
        if ref.kind == "tile":
            for row, gids in enumerate(ref.layer.data):
                for col, gid in enumerate(gids):
                    image = images.get(gid) if gid else None
                    if image is not None:
                        stamps.append((col * tw + ox, (row + 1) * th - image.get_height() + oy, image))
        elif ref.kind == "object" and ref.name.lower() not in ("areas", "collision", "spawns"):
            for obj in sorted(ref.layer, key=lambda o: o.y):
                image = images.get(getattr(obj, "gid", 0))
                if image is not None:
                    if (obj.width, obj.height) != image.get_size() and obj.width and obj.height:
                        image = pygame.transform.smoothscale(image, (int(obj.width), int(obj.height)))
                    stamps.append((obj.x + ox, obj.y + oy, image))
        for x, y, image in stamps:
            if alpha < 255:
                image = image.copy()
                image.set_alpha(alpha)
            surf.blit(image, (int(x), int(y)))
    return surf


def _frame(renderer: MapRenderer | None, whole: tuple[pygame.Surface, pygame.Surface] | None,
           camera: Camera) -> bytes:
    screen = pygame.Surface((400, 300), pygame.SRCALPHA)
    screen.fill((0, 0, 0, 255))
    if renderer is not None:
        renderer.draw(screen, camera)
        renderer.draw(screen, camera, over=True)
    else:
        assert whole is not None
        view = pygame.Rect(camera.rect)
        for surf in whole:
            screen.blit(surf, (camera.offset[0], camera.offset[1]), view)
    return pygame.image.tobytes(screen, "RGBA")


def _odd_map(folder: Path) -> Path:
    """Layer offsets, half opacity, an over layer, 64 px tiles on a 32 px map, tile objects."""
    small = tileset(folder, "small", tile=32, count=4)
    big = tileset(folder, "big", tile=64, count=2).replace('firstgid="1"', 'firstgid="5"')
    w, h = 40, 30
    ground = [[1 + (c + r) % 4 for c in range(w)] for r in range(h)]
    trees = grid(w, h)
    for r in range(2, h, 5):
        for c in range(1, w, 6):
            trees[r][c] = 5 + (r + c) % 2
    roofs = grid(w, h)
    for r in range(10, 14):
        for c in range(8, 20):
            roofs[r][c] = 2
    body = (small + big + tile_layer(1, "ground", ground)
            + tile_layer(2, "trees", trees).replace('name="trees"', 'name="trees" offsetx="7" offsety="-3"')
            + tile_layer(3, "roof", roofs).replace('name="roof"', 'name="roof" opacity="0.5"')
            + object_layer(4, "decor", [
                '<object id="1" gid="6" x="300" y="500" width="64" height="64"/>',
                '<object id="2" gid="3" x="515" y="530" width="48" height="48"/>',
                '<object id="3" gid="5" x="1000" y="900" width="64" height="64"/>']))
    path = folder / "odd.tmx"
    path.write_text(tmx(w, h, 32, body))
    return path


@pytest.fixture
def display() -> Any:
    pygame.init()
    yield pygame.display.set_mode((400, 300))
    pygame.quit()


@pytest.mark.parametrize("which", ["town", "odd"])
def test_chunks_draw_the_same_pixels_as_the_whole_map(display: Any, tmp_path: Path, which: str) -> None:
    path = ROOT / "maps" / "town.tmx" if which == "town" else _odd_map(tmp_path)
    load = read_map(path)
    background = (52, 96, 60)
    renderer = MapRenderer(load.tiled_map, load.layers, chunk=256, background=background)
    whole = (_baked(load.tiled_map, load.layers, False, background), _baked(load.tiled_map, load.layers, True, None))
    camera = Camera((400, 300), renderer.size)
    w, h = renderer.size
    for x in range(0, w + 1, max(1, w // 7)):
        for y in range(0, h + 1, max(1, h // 5)):
            camera.center_on(x, y)
            assert _frame(renderer, None, camera) == _frame(None, whole, camera), (which, x, y)


def test_memory_follows_the_window_not_the_map(display: Any, tmp_path: Path) -> None:
    small = tileset(tmp_path, "small", tile=32, count=4)
    w = h = 400  # 12800 px square: drawn whole it is 655 MB of pixels
    body = small + tile_layer(1, "ground", [[1 + (c * r) % 4 for c in range(w)] for r in range(h)])
    path = tmp_path / "wide.tmx"
    path.write_text(tmx(w, h, 32, body))
    load = read_map(path)
    renderer = MapRenderer(load.tiled_map, load.layers, chunk=256)
    camera = Camera((400, 300), renderer.size)
    screen = pygame.Surface((400, 300))
    for i in range(200):  # across the whole map and back
        camera.center_on(i * 64, i * 64 if i < 100 else (200 - i) * 64)
        renderer.draw(screen, camera)
    ring = (-(-(400 + 512) // 256) + 1) * (-(-(300 + 512) // 256) + 1)  # the view and a chunk around it
    assert renderer.cached <= 4 * ring  # at most 100 chunks of 256 px (26 MB), whatever the map's size
    assert renderer.rendered < (w * 32 // 256) ** 2 // 4  # only what the camera passed over
