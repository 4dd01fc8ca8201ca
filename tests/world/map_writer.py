"""Small real Tiled files, written the way Tiled 1.10 saves them, for third-party-style maps."""

from __future__ import annotations

import re
import struct
import zlib
from pathlib import Path

from world_helpers import MAPS

ROOT = Path(__file__).resolve().parents[2]


def png(path: Path, tiles: int, tile: int) -> None:
    """A strip of `tiles` coloured squares (grass, wall, ...), without an imaging library."""
    palette = [(96, 160, 80), (70, 60, 60), (200, 180, 120), (60, 90, 170)]
    width, height = tile * tiles, tile
    row = b"".join(bytes(palette[(x // tile) % len(palette)]) for x in range(width))
    rows = b"".join(b"\x00" + row for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def props(values: dict[str, object] | None) -> str:
    """A <properties> block (bools typed), or nothing."""
    if not values:
        return ""
    out = []
    for key, value in values.items():
        kind = ' type="bool"' if isinstance(value, bool) else ""
        text = str(value).lower() if isinstance(value, bool) else str(value)
        out.append(f'   <property name="{key}"{kind} value="{text}"/>')
    return "  <properties>\n" + "\n".join(out) + "\n  </properties>\n"


def tileset(
    folder: Path, name: str = "tiles", *, tile: int = 16, count: int = 4, tiles: str = ""
) -> str:
    """Write `name`.tsx and its image into `folder`; returns the map's <tileset> line."""
    png(folder / f"{name}.png", count, tile)
    (folder / f"{name}.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<tileset version="1.10" tiledversion="1.10.2" name="{name}" tilewidth="{tile}" '
        f'tileheight="{tile}" tilecount="{count}" columns="{count}">\n'
        f' <image source="{name}.png" width="{tile * count}" height="{tile}"/>\n{tiles}</tileset>\n'
    )
    return f' <tileset firstgid="1" source="{name}.tsx"/>\n'


def tile_layer(
    lid: int, name: str, grid: list[list[int]], values: dict[str, object] | None = None
) -> str:
    """A CSV tile layer."""
    h, w = len(grid), len(grid[0])
    csv = ",\n".join(",".join(map(str, row)) for row in grid)
    return (
        f' <layer id="{lid}" name="{name}" width="{w}" height="{h}">\n{props(values)}'
        f'  <data encoding="csv">\n{csv}\n</data>\n </layer>\n'
    )


def object_layer(
    lid: int, name: str, objects: list[str], values: dict[str, object] | None = None
) -> str:
    """An object layer holding the given <object> elements."""
    body = "".join(f"  {o}\n" for o in objects)
    return f' <objectgroup id="{lid}" name="{name}">\n{props(values)}{body} </objectgroup>\n'


def tmx(width: int, height: int, tile: int, body: str) -> str:
    """A finite orthogonal map around the given tileset and layer elements."""
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
        'renderorder="right-down" '
        f'width="{width}" height="{height}" tilewidth="{tile}" tileheight="{tile}" infinite="0" '
        f'nextlayerid="9" nextobjectid="99">\n{body}</map>\n'
    )


def grid(width: int, height: int, fill: int = 0) -> list[list[int]]:
    """A width x height grid of one gid."""
    return [[fill] * width for _ in range(height)]


def town_without_areas(folder: Path) -> Path:
    """maps/town.tmx without its Areas layer, written into `folder` (tileset by absolute path)."""
    text = (ROOT / "maps" / "town.tmx").read_text(encoding="utf-8")
    areas = re.compile(r' <objectgroup id="\d+" name="Areas">.*?</objectgroup>\n', re.DOTALL)
    text = areas.sub("", text)
    text = text.replace('source="town.tsx"', f'source="{ROOT / "maps" / "town.tsx"}"')
    out = folder / "no_areas.tmx"
    out.write_text(text, encoding="utf-8")
    return out


def copy_fixture_town(folder: Path) -> Path:
    """The fixture town and every file it needs, copied into `folder`."""
    for name in ("town.tmx", "interior.tsx", "interior.png", "bed.tx", "fixtures.tiled-project"):
        (folder / name).write_bytes((MAPS / name).read_bytes())
    return folder / "town.tmx"
