"""`python -m npc_brain.world MAP.tmx`: the tree with rules, each warning, each broken file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from world_helpers import BROKEN, MAPS

from npc_brain.adapters.tiled import read_map
from npc_brain.world import MapIssue, Severity, lint_world
from npc_brain.world.__main__ import main

ROOT = Path(__file__).resolve().parents[2]


def lint_codes(path: Path) -> dict[str, list[MapIssue]]:
    loaded = read_map(path)
    out: dict[str, list[MapIssue]] = {}
    for issue in loaded.issues + lint_world(loaded.world):
        out.setdefault(issue.code, []).append(issue)
    return out


@pytest.mark.parametrize(
    ("code", "culprit"),
    [
        ("outside_building", "Park"),
        ("object_without_room", "Statue"),
        ("overlap", "Left"),
        ("capacity", "Left"),
        ("unknown_purpose", "Right"),
        ("unreachable", "Fort"),
        ("half_hours", "Twins"),
        ("unknown_property", "Right"),
    ],
)
def test_each_warning(code: str, culprit: str) -> None:
    issues = lint_codes(MAPS / "lint_warnings.tmx")
    assert code in issues, sorted(issues)
    assert [i.object_name for i in issues[code]] == [culprit]
    assert all(i.severity is Severity.WARNING for i in issues[code])


def test_clean_map_has_no_findings() -> None:
    assert lint_codes(MAPS / "town.tmx") == {}
    assert lint_codes(MAPS / "town_v19.tmx") == {}


def test_unparseable_hours_is_an_error() -> None:
    issues = lint_codes(BROKEN / "bad_hours.tmx")
    assert [i.severity for i in issues["bad_hours"]] == [Severity.ERROR]
    assert "half_hours" not in issues  # "closes" alone is not the problem


def test_spawn_warnings(tmp_path: Path) -> None:
    text = (MAPS / "lint_warnings.tmx").read_text()
    text = text.replace('name="player" x="336" y="272"', 'name="player" x="48" y="48"')  # in a wall
    (tmp_path / "m.tmx").write_text(text)
    for name in ("interior.tsx", "interior.png", "fixtures.tiled-project"):
        (tmp_path / name).write_bytes((MAPS / name).read_bytes())
    issues = lint_codes(tmp_path / "m.tmx")
    assert "spawn_blocked" in issues
    no_player = text.replace('name="player"', 'name="Klaus Mueller"')
    (tmp_path / "m.tmx").write_text(no_player)
    assert "no_player_spawn" in lint_codes(tmp_path / "m.tmx")


def test_cli_prints_tree_with_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(MAPS / "town.tmx")]) == 0
    out = capsys.readouterr().out
    assert (
        "Hobbs Cafe [Building #2] smallville:hobbs_cafe  -- open 8:00-20:00; for eat, drink" in out
    )
    assert (
        "    Bathroom [Room #8] smallville:hobbs_cafe:bathroom  -- "
        "open 8:00-20:00 (from Hobbs Cafe); capacity 1; for wash, toilet"
    ) in out
    assert "private: owner John Lin, residents Eddy Lin, John Lin, Mei Lin" in out
    assert "open 17:00-2:00 (past midnight)" in out
    assert out.rstrip().endswith("0 errors, 0 warnings.")


def test_cli_warnings_exit_zero_errors_exit_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--no-tree", str(MAPS / "lint_warnings.tmx")]) == 0
    out = capsys.readouterr().out
    assert 'warning: object 2 "Fort": cannot be reached on foot from the player spawn.' in out
    assert out.rstrip().endswith("0 errors, 8 warnings.")
    assert main(["--no-tree", str(BROKEN / "bad_hours.tmx")]) == 1
    out = capsys.readouterr().out
    assert 'error: object 2 "Shop": has opens "8am", which is not a time of day like 08:00.' in out


BROKEN_EXIT_2 = [
    "truncated.tmx",
    "missing_tileset.tmx",
    "unknown_property_type.tmx",
    "unknown_class_property.tmx",
    "infinite.tmx",
    "no_town.tmx",
    "town.tmj",
]


@pytest.mark.parametrize("name", BROKEN_EXIT_2)
def test_cli_broken_file_is_one_sentence_and_exit_2(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([str(BROKEN / name)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and name in lines[0]


def test_cli_as_a_process_has_no_traceback() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "npc_brain.world", str(BROKEN / "unknown_property_type.tmx")],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 2
    assert "Traceback" not in out.stderr
    assert out.stderr.strip() == (
        f'error: {BROKEN / "unknown_property_type.tmx"}, object 2 "Shop": has the property '
        '"capacity" of type "integer", which Tiled does not define (use string, int, float, bool, '
        "color, file, object, class)."
    )
    assert "pygame" not in out.stdout


def test_shipped_project_defines_the_conventions() -> None:
    project = json.loads((ROOT / "maps" / "town.tiled-project").read_text())
    types = {t["name"]: t for t in project["propertyTypes"]}
    from npc_brain.world import ACTIVITIES

    assert types["Purpose"]["type"] == "enum" and tuple(types["Purpose"]["values"]) == ACTIVITIES
    assert types["Purpose"]["valuesAsFlags"] is True
    members = {
        name: {m["name"] for m in types[name]["members"]} for name in ("Building", "Room", "Object")
    }
    for name in ("Building", "Room", "Object"):
        assert {
            "description",
            "capacity",
            "opens",
            "closes",
            "owner",
            "residents",
            "purpose",
            "invite_only",
        } <= members[name]
    assert "container" in members["Room"] and {"container", "state"} <= members["Object"]
    purpose = next(m for m in types["Room"]["members"] if m["name"] == "purpose")
    assert purpose["propertyType"] == "Purpose"
    fixture = json.loads((MAPS / "fixtures.tiled-project").read_text())
    assert project["propertyTypes"] == fixture["propertyTypes"][: len(project["propertyTypes"])]
