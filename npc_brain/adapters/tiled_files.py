"""MapFiles: every file a map needs — tilesets, their images, templates — checked at once.

pytmx stops at the first missing tileset and never opens images when no image loader is given,
so a map whose tileset image is gone loads headless and then fails in the game. This module
walks every reference, parses every tileset and template it finds, and reports all the missing
files in one sentence. Paths that start with `:/` are resources built into Tiled itself.
"""

from __future__ import annotations

import os
import struct
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

from npc_brain.adapters.tiled_checks import check_attributes, tileset_needs
from npc_brain.world.errors import MapError

XmlReader = Callable[[Path, str], ET.Element]


def relative(path: Path) -> str:
    """A path as the user would want to read it (relative to the working folder when shorter)."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return str(path)
    return rel if len(rel) < len(str(path)) else str(path)


def _missing_text(what: str, path: Path) -> str:
    return f"{what} (looked for {relative(path)})"


def png_problem(path: Path, declared: tuple[int, int] | None) -> str | None:
    """Why pygame would refuse a .png as a tileset image (not a PNG, smaller than declared)."""
    size = png_size(path)
    if isinstance(size, str):
        return size
    if size is None:
        return None
    width, height = size
    if declared is not None and (declared[0] > width or declared[1] > height):
        return (
            f"is {width}x{height} px but the tileset says {declared[0]}x{declared[1]} "
            "(re-add the image in Tiled)"
        )
    return None


def png_size(path: Path) -> tuple[int, int] | str | None:
    """A .png's width and height from its header (what pygame will decode), a sentence saying
    why it is no PNG, or None for another format."""
    if path.suffix.lower() != ".png":
        return None
    try:
        with path.open("rb") as fh:
            head = fh.read(24)
    except OSError as exc:
        return f"cannot be read ({exc.strerror})"
    if len(head) < 24 or not head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "is not a PNG image (damaged, or another format renamed)"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


class MapFiles:
    """The files one map refers to; `check()` raises one `MapError` naming all missing ones."""

    def __init__(self, map_path: Path, shown: str, read: XmlReader) -> None:
        self.map_path = map_path
        self.shown = shown
        self.read = read
        self.missing: list[str] = []
        self.broken: list[str] = []  # present but unusable (an image pygame would refuse)
        self.builtin: list[str] = []
        self.tilesets: dict[Path, ET.Element] = {}  # parsed external tilesets, by resolved path
        self.templates: dict[Path, ET.Element] = {}
        self.pixels: dict[Path, int] = {}  # tileset and tile images, by resolved path: width x height

    def _fail_in(self, what: str) -> Callable[[ET.Element, str], MapError]:
        def fail(el: ET.Element, problem: str) -> MapError:
            tile = f", tile {el.get('id')}" if el.tag == "tile" else ""
            obj = f", object {el.get('id')}" if el.tag == "object" and el.get("id") else ""
            image = ", its image" if el.tag == "image" else ""
            return MapError(f"{self.shown}, {what}{tile}{obj}{image}: {problem}.", path=self.shown)

        return fail

    def check(self, root: ET.Element, fail: Callable[[ET.Element, str], MapError]) -> None:
        """Walk the map's tilesets, image layers and templates; raise for what is missing."""
        folder = self.map_path.parent
        for ts in root.findall("tileset"):
            tileset_needs(ts, fail, in_map=True)
            self.tileset(ts, folder, f'tileset "{ts.get("name") or ts.get("source")}"', fail)
        for layer in root.iter("imagelayer"):
            image = layer.find("image")
            if image is not None and image.get("source"):
                self.file(
                    folder, image.get("source", ""), f'the image of layer "{layer.get("name")}"'
                )
        for obj in root.iter("object"):
            if obj.get("template"):
                self.template(folder, obj.get("template", ""))
        self.raise_if_missing()

    def file(
        self,
        folder: Path,
        source: str,
        noun: str,
        owner: str = "",
        size: tuple[int, int] | None = None,
    ) -> Path | None:
        """Note a referenced file ("the image "a.png" of tileset "t""); its path if it exists.

        Images are also opened far enough to check they are what pygame can draw (`size` is the
        width and height the tileset declares).
        """
        what = f'the {noun} "{source}"' + (f" of {owner}" if owner else "")
        if source.startswith(":/"):
            self.builtin.append(what)
            return None
        path = folder / source
        if not path.is_file():
            self.missing.append(_missing_text(what, path))
            return None
        problem = png_problem(path, size) if noun == "image" else None
        if problem is not None:
            self.broken.append(f"{what}, which {problem}")
        elif noun == "image":  # what decoding it will cost: the real size where the header says
            real = png_size(path)
            w, h = real if isinstance(real, tuple) else (size or (0, 0))
            self.pixels[path.resolve()] = w * h
        return path

    def tileset(
        self, ts: ET.Element, folder: Path, what: str, fail: Callable[[ET.Element, str], MapError]
    ) -> None:
        """An embedded or external tileset and every image it uses."""
        source = ts.get("source")
        if source:
            if source.startswith(":/"):
                self.builtin.append(f'the tileset "{source}"')
                return
            if not source.lower().endswith(".tsx"):
                raise MapError(
                    f'{self.shown}: the map uses the tileset file "{source}", but pytmx reads '
                    "only .tsx (XML) tilesets; export it as .tsx in Tiled.",
                    path=self.shown,
                )
            path = folder / source
            if not path.is_file():
                self.missing.append(_missing_text(f'the tileset "{source}"', path))
                return
            key = path.resolve()
            if key not in self.tilesets:
                tsx = self.read(path, "tileset")
                where = f'tileset "{source}"'
                check_attributes(tsx, self._fail_in(where))
                tileset_needs(tsx, self._fail_in(where), in_map=False)
                self.tilesets[key] = tsx
                self._images(tsx, path.parent, where)
            return
        check_attributes(ts, fail)
        self._images(ts, folder, what)

    def _images(self, ts: ET.Element, folder: Path, what: str) -> None:
        image = ts.find("image")
        if image is not None and image.get("source"):
            declared = (int(image.get("width", "0")), int(image.get("height", "0")))
            self.file(folder, image.get("source", ""), "image", what, declared)
        for tile in ts.findall("tile"):
            tile_image = tile.find("image")
            if tile_image is not None and tile_image.get("source"):
                self.file(
                    folder,
                    tile_image.get("source", ""),
                    "image",
                    f"tile {tile.get('id')} in {what}",
                    (int(tile_image.get("width", "0")), int(tile_image.get("height", "0"))),
                )

    def template(self, folder: Path, source: str) -> None:
        """A template file and the tilesets (and images) it refers to."""
        path = self.file(folder, source, "template")
        if path is None or path.resolve() in self.templates:
            return
        root = self.read(path, "template")
        self.templates[path.resolve()] = root
        where = f'template "{source}"'
        check_attributes(root, self._fail_in(where))
        for ts in root.findall("tileset"):
            self.tileset(ts, path.parent, f"the tileset of {where}", self._fail_in(where))

    def raise_if_missing(self) -> None:
        """One sentence naming every missing or unusable file (and every path built into Tiled)."""
        parts: list[str] = []
        if self.missing:
            if len(self.missing) == 1 and not self.builtin:
                head, _, tail = self.missing[0].partition(" (looked for ")
                parts.append(f"needs {head}, which is missing (looked for {tail}")
            else:
                parts.append(
                    f"needs {len(self.missing)} files that are missing: " + "; ".join(self.missing)
                )
        if self.builtin:
            names = ", ".join(self.builtin)
            parts.append(
                f"uses {names}, which {'is' if len(self.builtin) == 1 else 'are'} built into "
                "Tiled (a `:/` path), not a file next to the map; such tilesets belong to "
                "automapping rule maps, which are not game maps"
            )
        if self.broken:
            parts.append("cannot use " + "; ".join(self.broken))
        if parts:
            raise MapError(
                f"{self.shown}: the map " + "; it also ".join(parts) + ".", path=self.shown
            )
