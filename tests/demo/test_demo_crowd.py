"""`--npcs 100`: the persona file's 25 and 75 generated townsfolk, in the city, headless."""
from __future__ import annotations

from pathlib import Path

import pytest

from demo_game.__main__ import main
from demo_game.assets import PersonaFileError
from demo_game.config import CITY_MAP, DEFAULT_MAP, MAX_NPCS, ROOT, TOWN_BEDS, GameConfig, config_from_args
from demo_game.game import Game
from npc_brain.world.place import PlaceKind


def test_more_townsfolk_than_the_town_sleeps_move_to_the_city() -> None:
    assert GameConfig(npcs=TOWN_BEDS).map_path == DEFAULT_MAP
    assert GameConfig(npcs=TOWN_BEDS + 1).map_path == CITY_MAP
    own = ROOT / "maps" / "harbour.tmx"
    assert GameConfig(npcs=100, map_path=own).map_path == own  # a map you chose stays yours
    cfg = config_from_args(["--npcs", "100", "--seed", "4"])
    assert cfg.map_path == CITY_MAP and cfg.people_seed == 4 and MAX_NPCS >= 100
    with pytest.raises(SystemExit):
        config_from_args(["--npcs", str(MAX_NPCS + 1)])


def test_the_cli_runs_a_hundred_townsfolk_headless(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--headless", "--npcs", "100", "--frames", "300", "--backend", "scripted", "--no-hot-reload",
                 "--save", str(tmp_path / "town.sqlite")])
    assert code == 0
    out = capsys.readouterr()
    assert "75 townsfolk generated (seed 1) beside the 25 of personas.json" in out.out
    assert "Traceback" not in out.err


def test_a_hundred_townsfolk_wake_in_their_own_homes(make_game) -> None:
    game = make_game(npcs=100)
    assert game.cfg.map_path == CITY_MAP and len(game.npcs) == 100
    assert len({p.name for p in game.personas}) == 100
    world = game.world
    for name, npc in game.npcs.items():
        persona = npc.persona
        home = world.enclosing(persona.home, PlaceKind.BUILDING) or world.get(persona.home)
        if world.spawn(name) is None:  # the generated ones start at home (the demo's have spawn points)
            here = world.place_at(*npc.position)
            assert here is not None and (here is home or home in here.ancestors()), (name, here, home.address)
    game.run(frames=20)
    assert game.society is not None and len(game.society.agents) == 100


def test_a_map_without_homes_for_them_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = GameConfig(headless=True, backend="off", npcs=60, map_path=ROOT / "maps" / "harbour.tmx",
                     hot_reload=False)
    with pytest.raises(PersonaFileError, match=r"personas.json has 25 townsfolk and .*harbour.tmx has homes for 25"):
        Game(cfg)
    code = main(["--headless", "--npcs", "60", "--map", str(ROOT / "maps" / "harbour.tmx"), "--frames", "1",
                 "--backend", "off", "--no-hot-reload", "--screenshot", str(tmp_path / "error.png")])
    assert code == 2
    err = capsys.readouterr().err
    assert "harbour.tmx has homes for 25 more people, not 35" in err and "Traceback" not in err


def test_generated_townsfolk_get_a_look_of_their_own(tmp_path: Path) -> None:
    import pygame

    from demo_game.assets import SpriteBook

    pygame.display.init()
    pygame.display.set_mode((8, 8))
    book = SpriteBook(ROOT / "sprites")
    names = [f"Person {i}" for i in range(40)]
    looks = {pygame.image.tobytes(book.sheet(n).frame("down"), "RGBA") for n in names}
    assert len(looks) >= 15  # many townsfolk looks, not one placeholder
    assert pygame.image.tobytes(book.sheet("Person 3").frame("down"), "RGBA") == \
        pygame.image.tobytes(SpriteBook(ROOT / "sprites").sheet("Person 3").frame("down"), "RGBA")
    assert book.portrait("Person 3").get_size() == (56, 56)
    bare = SpriteBook(tmp_path)  # no art at all: the plain placeholder, no crash
    assert bare.sheet("Person 3").frame("down").get_size() == (32, 48)
