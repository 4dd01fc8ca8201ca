"""Assets: personas from the JSON file, character sheets and portraits from sprites/."""
from __future__ import annotations

import zlib
from pathlib import Path

import pygame

from npc_brain import Persona, PersonaFileError, World, load_personas, place_personas
from npc_brain.adapters.pygame import CharacterSheet
from npc_brain.personas import CapacityError, generate
from npc_brain.world import PersonaPlaceError, Placement, slugify

__all__ = ["PersonaFileError", "SpriteBook", "check_personas", "load_personas", "placeholder_sheet", "townsfolk"]

def check_personas(personas: list[Persona], world: World, source: str = "personas", *,
                   fill_missing: bool = False) -> Placement:
    """Every home and workplace must be a place on the map (else PersonaFileError); `"auto"`
    ones, and with `fill_missing` every missing one, are chosen from the map (with notices)."""
    try:
        return place_personas(personas, world, fill_missing=fill_missing, source=source)
    except PersonaPlaceError as exc:
        raise PersonaFileError(str(exc)) from None


def townsfolk(path: Path, count: int, world: World, *, seed: int = 1, fill_missing: bool = False) -> Placement:
    """The first `count` personas of the file, placed on the map (see `check_personas`), and
    as many more as `count` asks for generated for the map beside them (`npc_brain.personas`;
    the same people for the same `seed`); a map without homes for them is a PersonaFileError."""
    placed = check_personas(load_personas(path, count), world, str(path), fill_missing=fill_missing)
    more = count - len(placed.personas)
    if more <= 0:
        return placed
    try:
        made = generate(world, more, seed=seed, existing=placed.personas)
    except CapacityError as exc:
        raise PersonaFileError(f"{path} has {len(placed.personas)} townsfolk and {exc}") from None
    print(f"{world.source or 'the map'}: {len(made)} townsfolk generated (seed {seed}) beside the "
          f"{len(placed.personas)} of {path.name}")
    return Placement([*placed.personas, *made], placed.notices)


def _palette(name: str) -> tuple[int, int, int]:
    h = zlib.crc32(name.encode())
    return (90 + h % 140, 90 + (h >> 8) % 140, 90 + (h >> 16) % 140)


def placeholder_sheet(color: tuple[int, int, int], frame_size: tuple[int, int] = (32, 48)) -> CharacterSheet:
    """A plain figure in one colour, for a persona without art (3 frames x 4 directions)."""
    fw, fh = frame_size
    image = pygame.Surface((fw * 3, fh * 4), pygame.SRCALPHA)
    for row in range(4):
        for col in range(3):
            x, y = col * fw, row * fh
            lift = (-2, 0, 2)[col]
            pygame.draw.ellipse(image, (0, 0, 0, 60), (x + 7, y + fh - 7, fw - 14, 6))
            pygame.draw.rect(image, color, (x + 9, y + 20, fw - 18, 20), border_radius=5)
            pygame.draw.rect(image, (60, 50, 50), (x + 11 + lift, y + 38, 4, 7))
            pygame.draw.rect(image, (60, 50, 50), (x + fw - 15 - lift, y + 38, 4, 7))
            pygame.draw.circle(image, (240, 200, 170), (x + fw // 2, y + 14), 8)
    return CharacterSheet(image, frame_size=frame_size)


class SpriteBook:
    """Character sheets and portraits by persona: its own art, else one of the townsfolk looks
    (`townsfolk_*.png`, the same for the same name), else a plain placeholder."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self._sheets: dict[str, CharacterSheet] = {}
        self._portraits: dict[str, pygame.Surface] = {}
        self._folk: dict[str, list[Path]] = {}

    def _file(self, folder: str, name: str, sprite: str | None) -> Path | None:
        stems = [Path(sprite).stem] if sprite else []
        stems.append(slugify(name))
        for stem in stems:
            path = self.root / folder / f"{stem}.png"
            if path.exists():
                return path
        if folder not in self._folk:
            self._folk[folder] = sorted((self.root / folder).glob("townsfolk_*.png"))
        pool = self._folk[folder]
        return pool[zlib.crc32(name.encode()) % len(pool)] if pool else None

    def sheet(self, name: str, sprite: str | None = None) -> CharacterSheet:
        """The walk sheet of a persona (`sprite` is the persona's file name, if any)."""
        if name not in self._sheets:
            path = self._file("characters", name, sprite)
            try:
                self._sheets[name] = CharacterSheet.load(path) if path else placeholder_sheet(_palette(name))
            except (pygame.error, ValueError, OSError):
                self._sheets[name] = placeholder_sheet(_palette(name))
        return self._sheets[name]

    def portrait(self, name: str, sprite: str | None = None, size: int = 56) -> pygame.Surface:
        """A square portrait (the sheet's front frame scaled up when there is no portrait file)."""
        key = f"{name}@{size}"
        if key not in self._portraits:
            path = self._file("portraits", name, sprite)
            image: pygame.Surface | None = None
            if path is not None:
                try:
                    image = pygame.image.load(str(path))
                except pygame.error:
                    image = None
            if image is None:
                front = self.sheet(name, sprite).frame("down")
                image = front.subsurface(pygame.Rect(0, 0, front.get_width(), front.get_width()))
            self._portraits[key] = pygame.transform.smoothscale(image, (size, size))
        return self._portraits[key]
