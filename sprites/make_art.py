"""Generate the demo town's art: tileset, its Tiled .tsx, character sheets and portraits.

Run from anywhere:  SDL_VIDEODRIVER=dummy python sprites/make_art.py
Output is deterministic (seeded randomness, no clock), so re-running only changes files whose
drawing code changed. See sprites/README.md for the layouts.
"""
from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import pygame  # noqa: E402
from art_characters import Style, portrait, sheet  # noqa: E402
from art_common import TILE, Sheet  # noqa: E402
from art_furniture import add_furniture  # noqa: E402
from art_icons import icon_sheet  # noqa: E402
from art_tiles import add_ground, add_walls  # noqa: E402

ROOT = HERE.parent
TILESET_PNG = HERE / "tiles.png"
TILESET_TSX = ROOT / "maps" / "town.tsx"

# Skin tones and a few shared colours keep the cast in one palette.
SKIN = {
    "light": (246, 210, 186), "fair": (236, 192, 160), "medium": (216, 166, 126),
    "tan": (192, 138, 98), "brown": (152, 102, 72), "dark": (114, 76, 54),
}
BLACK_HAIR, DARK_BROWN, BROWN = (44, 38, 44), (76, 48, 36), (120, 80, 52)
BLOND, GINGER, GREY, WHITE_HAIR = (230, 196, 110), (196, 100, 52), (150, 146, 146), (228, 226, 222)
DENIM, CHARCOAL, KHAKI = (72, 92, 138), (66, 64, 74), (170, 150, 110)
CREAM_APRON = (242, 232, 212)

# One entry per persona in demo_game/personas.json (file name = slug of the name) + the player.
CHARACTERS: dict[str, Style] = {
    "player": Style(SKIN["fair"], BROWN, "spiky", (70, 120, 200), CHARCOAL, hat=(210, 70, 64)),
    "isabella_rodriguez": Style(SKIN["medium"], DARK_BROWN, "long", (204, 72, 86), CHARCOAL,
                                apron=CREAM_APRON),
    "sam_moore": Style(SKIN["light"], GREY, "bald", WHITE_HAIR[:3], (90, 90, 100),
                       coat=(64, 80, 128), glasses=True, beard=True),
    "klaus_mueller": Style(SKIN["light"], BLOND, "short", (92, 146, 96), DENIM, glasses=True,
                           backpack=(170, 90, 60)),
    "maria_lopez": Style(SKIN["tan"], BLACK_HAIR, "ponytail", (140, 96, 190), DENIM,
                         backpack=(70, 70, 90)),
    "john_lin": Style(SKIN["fair"], BLACK_HAIR, "short", (110, 150, 210), CHARCOAL,
                      coat=(240, 242, 244), glasses=True),
    "mei_lin": Style(SKIN["fair"], BLACK_HAIR, "bob", (64, 160, 160), (60, 56, 80), dress=True),
    "eddy_lin": Style(SKIN["fair"], BLACK_HAIR, "spiky", (232, 138, 64), CHARCOAL,
                      backpack=(60, 110, 170)),
    "tom_moreno": Style(SKIN["tan"], (78, 66, 62), "short", (184, 66, 60), KHAKI, beard=True,
                        apron=(72, 130, 86)),
    "arthur_burton": Style(SKIN["light"], GINGER, "short", (236, 232, 220), CHARCOAL, beard=True,
                           apron=(70, 56, 50)),
    "ayesha_khan": Style(SKIN["brown"], BLACK_HAIR, "bun", (232, 188, 70), (90, 70, 110),
                         backpack=(170, 70, 90), glasses=True),
    "jennifer_moore": Style(SKIN["light"], WHITE_HAIR, "bun", (170, 150, 210), (120, 100, 150),
                            dress=True, scarf=(220, 120, 130)),
    "jane_moreno": Style(SKIN["medium"], DARK_BROWN, "curly", (150, 56, 76), (70, 60, 70),
                         dress=True, glasses=True),
    "carmen_ortiz": Style(SKIN["tan"], BLACK_HAIR, "curly", (120, 200, 170), CHARCOAL,
                          apron=CREAM_APRON),
    "wolfgang_schulz": Style(SKIN["light"], BLOND, "buzz", (200, 60, 60), (50, 50, 60)),
    "rajiv_patel": Style(SKIN["brown"], BLACK_HAIR, "short", (130, 134, 140), DENIM, beard=True,
                         glasses=True, backpack=(60, 60, 60)),
    "latoya_williams": Style(SKIN["dark"], BLACK_HAIR, "curly", (240, 200, 80), (80, 60, 120),
                             scarf=(90, 170, 200)),
    "elena_petrova": Style(SKIN["light"], BLOND, "long", (96, 130, 200), CHARCOAL),
    "ben_carter": Style(SKIN["fair"], BROWN, "short", (60, 70, 80), KHAKI, beard=True,
                        apron=(236, 236, 232)),
    "lucy_carter": Style(SKIN["light"], GINGER, "ponytail", (110, 160, 90), (90, 110, 70),
                         hat=(80, 130, 80)),
    "oliver_grant": Style(SKIN["light"], WHITE_HAIR, "bald", (200, 190, 160), (110, 96, 80),
                          coat=(140, 100, 70), beard=True, hat=(120, 100, 80)),
    "priya_sharma": Style(SKIN["brown"], BLACK_HAIR, "long", (230, 120, 60), CHARCOAL,
                          apron=(246, 246, 244)),
    "arjun_sharma": Style(SKIN["brown"], BLACK_HAIR, "short", (60, 110, 190), CHARCOAL,
                          backpack=(220, 180, 60)),
    "yusuf_demir": Style(SKIN["tan"], DARK_BROWN, "short", (220, 220, 210), (80, 70, 64),
                         coat=(130, 90, 60), beard=True, scarf=(180, 60, 60)),
    "hannah_berg": Style(SKIN["light"], BLOND, "bob", (236, 232, 222), (60, 70, 60),
                         coat=(70, 110, 84), glasses=True),
    "marcus_reed": Style(SKIN["dark"], BLACK_HAIR, "buzz", (210, 70, 60), (50, 60, 90),
                         backpack=(40, 40, 40)),
}


TOWNSFOLK_COUNT = 24


def townsfolk(count: int = TOWNSFOLK_COUNT) -> dict[str, Style]:
    """Looks for the townsfolk a game generates (`npc_brain.personas`), who have no art of their own:
    `townsfolk_01` … drawn like the cast from a seeded mix of skin, hair, clothes and accessories."""
    import random

    rng = random.Random(29)
    hairs = [BLACK_HAIR, DARK_BROWN, BROWN, BLOND, GINGER, GREY, WHITE_HAIR[:3]]
    styles = ["short", "spiky", "long", "ponytail", "bun", "curly", "bob", "bald", "buzz"]
    clothes = [(204, 72, 86), (92, 146, 96), (110, 150, 210), (232, 188, 70), (140, 96, 190), (64, 160, 160),
               (236, 232, 220), (232, 138, 64), (120, 200, 170), (200, 60, 60), (96, 130, 200), (170, 150, 210)]
    legs = [DENIM, CHARCOAL, KHAKI, (90, 70, 110), (60, 70, 60), (110, 96, 80)]
    out = {}
    for i in range(count):
        extra = rng.choice(["coat", "glasses", "scarf", "hat", "backpack", "apron", "", ""])
        colour = rng.choice(clothes)
        out[f"townsfolk_{i + 1:02d}"] = Style(
            list(SKIN.values())[i % len(SKIN)], rng.choice(hairs), styles[(i * 5) % len(styles)],
            rng.choice(clothes), rng.choice(legs), dress=i % 4 == 1,
            glasses=extra == "glasses", beard=i % 6 == 3,
            coat=colour if extra == "coat" else None, scarf=colour if extra == "scarf" else None,
            hat=colour if extra == "hat" else None, backpack=colour if extra == "backpack" else None,
            apron=CREAM_APRON if extra == "apron" else None)
    return out


def slug(text: str) -> str:
    """Lowercase, runs of non-alphanumerics to '_' (the same rule as place addresses)."""
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def build_sheet() -> Sheet:
    """Every tile of the town tileset, in sheet order."""
    sh = Sheet(columns=16)
    add_ground(sh)
    add_walls(sh)
    add_furniture(sh)
    return sh


def tsx_text(sh: Sheet, image_rel: str, width: int, height: int) -> str:
    """The .tsx exactly as Tiled 1.10 writes it (one <tile> per tile with properties)."""
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.10" tiledversion="1.10.2" name="town" tilewidth="{TILE}" '
        f'tileheight="{TILE}" tilecount="{sh.tilecount}" columns="{sh.columns}">',
        f' <image source="{image_rel}" width="{width}" height="{height}"/>',
    ]
    for tid in sorted(sh.tiles):
        name, _, collides = sh.tiles[tid]
        lines.append(f' <tile id="{tid}">')
        lines.append("  <properties>")
        if collides:
            lines.append('   <property name="collides" type="bool" value="true"/>')
        lines.append(f"   <property name=\"name\" value={quoteattr(name)}/>")
        lines.append("  </properties>")
        lines.append(" </tile>")
    lines.append("</tileset>")
    return "\n".join(lines) + "\n"


def main() -> None:
    pygame.init()
    sh = build_sheet()
    img = sh.image()
    pygame.image.save(img, str(TILESET_PNG))
    TILESET_TSX.parent.mkdir(parents=True, exist_ok=True)
    rel = os.path.relpath(TILESET_PNG, TILESET_TSX.parent).replace(os.sep, "/")
    TILESET_TSX.write_text(tsx_text(sh, rel, img.get_width(), img.get_height()), encoding="utf-8")
    chars, ports = HERE / "characters", HERE / "portraits"
    chars.mkdir(exist_ok=True)
    ports.mkdir(exist_ok=True)
    folk = townsfolk()
    for name, style in {**CHARACTERS, **folk}.items():
        pygame.image.save(sheet(style), str(chars / f"{name}.png"))
        pygame.image.save(portrait(style), str(ports / f"{name}.png"))
    pygame.image.save(icon_sheet(), str(HERE / "icons.png"))
    print(f"{TILESET_PNG.relative_to(ROOT)}: {len(sh.tiles)} tiles "
          f"({img.get_width()}x{img.get_height()}), {TILESET_TSX.relative_to(ROOT)}, "
          f"{len(CHARACTERS)} character sheets + portraits, {len(folk)} townsfolk, icons.png")


if __name__ == "__main__":
    main()
