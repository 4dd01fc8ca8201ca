"""`python -m npc_brain.personas generate`: a persona file the demo loads, or one clear sentence."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from demo_game.assets import load_personas
from npc_brain.adapters.tiled import load_world
from npc_brain.personas.__main__ import main
from npc_brain.world.homes import place_personas

ROOT = Path(__file__).resolve().parents[2]
MEADOW = ROOT / "examples" / "scroll_assets" / "meadow.tmx"


def test_writes_the_persona_file_the_demo_loads(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "people.json"
    assert main(["generate", "--map", str(ROOT / "maps" / "city.tmx"), "--with", str(ROOT / "demo_game" /
                 "personas.json"), "--n", "100", "--seed", "3", "-o", str(out)]) == 0
    text = capsys.readouterr().out
    assert "100 residents (75 made, the same for the same seed)" in text and f"wrote {out}" in text
    people = load_personas(out)  # the demo's own loader: valid personas, no two of a name
    assert len(people) == 100 and people[0].name == "Isabella Rodriguez"
    assert place_personas(people, load_world(ROOT / "maps" / "city.tmx")).notices == []
    again = tmp_path / "again.json"
    assert main(["generate", "--map", str(ROOT / "maps" / "city.tmx"), "--with", str(ROOT / "demo_game" /
                 "personas.json"), "--n", "100", "--seed", "3", "-o", str(again)]) == 0
    assert again.read_text(encoding="utf-8") == out.read_text(encoding="utf-8")


def test_fills_the_homes_when_no_number_is_given_and_reads_places_files(tmp_path: Path) -> None:
    out = tmp_path / "harbour.json"
    assert main(["generate", "--map", str(ROOT / "maps" / "harbour.tmx"), "-o", str(out)]) == 0
    assert len(json.loads(out.read_text(encoding="utf-8"))) == 25
    # a map whose places are in a places file: beside it by default, or named with --places
    maps = tmp_path / "maps"
    maps.mkdir()
    for name in ("meadow.tmx", "tiles.tsx", "tiles.png"):
        shutil.copy(MEADOW.parent / name, maps / name)
    shutil.copy(MEADOW.with_name("meadow.npc.json"), maps / "elsewhere.json")
    out = tmp_path / "meadow.json"
    assert main(["generate", "--map", str(maps / "meadow.tmx"), "--places", str(maps / "elsewhere.json"),
                 "-o", str(out)]) == 0
    people = json.loads(out.read_text(encoding="utf-8"))
    assert people and all(p["home"].startswith("meadow:") for p in people)


@pytest.mark.parametrize(("args", "says"), [
    (["--map", "maps/town.tmx", "--n", "100"], "has homes for 25 more people, not 100"),
    (["--map", "maps/nowhere.tmx"], "does not exist"),
    (["--map", "maps/town.tmx", "--with", "demo_game/nobody.json"], "nobody.json does not exist"),
    (["--map", "maps/town.tmx", "--with", "demo_game/personas.json", "--n", "10"], "fewer than the 25 personas"),
])
def test_a_bad_request_is_one_sentence_and_exit_2(args: list[str], says: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "x.json"
    full = [a if not a.startswith(("maps/", "demo_game/")) else str(ROOT / a) for a in args]
    assert main(["generate", *full, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1 and "Traceback" not in err
    assert not out.exists()


def test_the_module_runs_as_a_command(tmp_path: Path) -> None:
    out = tmp_path / "town.json"
    done = subprocess.run([sys.executable, "-m", "npc_brain.personas", "generate", "--map",
                           str(ROOT / "maps" / "town.tmx"), "--n", "5", "--seed", "2", "-o", str(out)],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert len(json.loads(out.read_text(encoding="utf-8"))) == 5
