"""Write maps/harbour.tmx and maps/harbour_personas.json: the demo town with every name changed.

The second town of `python -m npc_brain.eval stories --map maps/harbour.tmx --personas
maps/harbour_personas.json`: the same streets and rooms as Oak Hill, but every building, room,
resident and the town itself renamed (Hobbs Cafe is The Copper Kettle, the Library the Reading
Hall, Isabella Rodriguez is Marisol Vega, Oak Hill is Saltmere — the root address too), so that
nothing keyed to the demo town's names can pass for structure. The personas are the demo's,
translated, homes and workplaces re-addressed through the map objects' ids, and without the
Valentine scenario's seeds (this town has its own stories: the evaluation brings them).

    python maps/make_harbour.py
"""
from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

PLACES = {
    "Oak Hill College": "Gullwing Academy", "Oak Hill Dorm": "Netmakers Lodge", "Hobbs Cafe": "The Copper Kettle",
    "Town Square": "Harbour Green", "The Rose and Crown Pub": "The Drowned Anchor",
    "The Rose and Crown": "The Drowned Anchor",  # as a landlord's memory calls his pub
    "Willow Market & Pharmacy": "Quayside Stores", "Johnson Park": "Cliffside Gardens",
    "Community Garden": "Seaview Allotments", "Grant Cottage": "Thornton Cottage", "Carter House": "Fletcher House",
    "Lin House": "Chen House", "Moore House": "Hughes House", "Rodriguez House": "Vega House",
    "Moreno House": "Castillo House", "Sharma House": "Rao House", "Demir House": "Aksoy House",
    "Library": "Reading Hall", "Classroom": "Lecture Room", "Lobby": "Entrance Hall", "Restroom": "Lavatory",
    "Hallway": "Corridor", "Room 101": "Cabin One", "Room 102": "Cabin Two", "Room 103": "Cabin Three",
    "Room 104": "Cabin Four", "Common Room": "Mess Room", "Bathroom": "Washroom", "Kitchen": "Galley",
    "Dining Area": "Tea Room", "Plaza": "Bandstand Lawn", "Private Quarters": "Back Rooms", "Taproom": "Saloon Bar",
    "Pharmacy": "Apothecary", "Shop Floor": "Sales Hall", "Duck Pond": "Heron Pool", "Picnic Lawn": "Kite Meadow",
    "Flower Garden": "Rose Walk", "Vegetable Patch": "Bean Rows", "Orchard": "Apple Grove",
    "Main Bedroom": "Front Bedroom", "Second Bedroom": "Back Bedroom", "Bedroom": "Sleeping Room",
    "Living Room": "Parlour", "Town": "Saltmere", "Oak Hill": "Saltmere",
}
"""Old place name → new (buildings, rooms, the town; "Oak Hill" also names the town in prose)."""

PEOPLE = {
    "Isabella Rodriguez": "Marisol Vega", "Carmen Ortiz": "Lucia Navarro", "Sam Moore": "Walter Hughes",
    "Jennifer Moore": "Rosalind Hughes", "Klaus Mueller": "Tobias Brandt", "Wolfgang Schulz": "Henrik Vogel",
    "Maria Lopez": "Paola Ruiz", "Ayesha Khan": "Samira Qureshi", "John Lin": "David Chen", "Mei Lin": "Lian Chen",
    "Eddy Lin": "Kevin Chen", "Tom Moreno": "Frank Castillo", "Jane Moreno": "Edith Castillo",
    "Arthur Burton": "Reginald Pike", "Rajiv Patel": "Vikram Desai", "Marcus Reed": "Darnell Brooks",
    "Latoya Williams": "Imani Jackson", "Elena Petrova": "Irina Volkova", "Ben Carter": "Owen Fletcher",
    "Lucy Carter": "Nora Fletcher", "Oliver Grant": "Cyril Thornton", "Priya Sharma": "Anjali Rao",
    "Arjun Sharma": "Rohan Rao", "Yusuf Demir": "Emre Aksoy", "Hannah Berg": "Greta Lindqvist",
}
"""Old resident → new (first names stay unique)."""

_VALENTINE = re.compile(r"\b(valentine|party|mayor|election|candidacy|campaign)", re.IGNORECASE)


def _rules() -> list[tuple[re.Pattern[str], str]]:
    """Substitutions, longest name first: places, full names, then first names alone."""
    pairs = dict(PLACES)
    pairs.update(PEOPLE)
    pairs.update({old.split()[0]: new.split()[0] for old, new in PEOPLE.items()})
    return [(re.compile(r"(?<![\w&])" + re.escape(old) + r"(?![\w])"), new)
            for old, new in sorted(pairs.items(), key=lambda kv: -len(kv[0]))]


RULES = _rules()


def translate(text: str) -> str:
    """`text` with every old name replaced (one pass: a new name is never translated again)."""
    pattern = re.compile("|".join(f"(?:{p.pattern})" for p, _ in RULES))

    def swap(m: re.Match[str]) -> str:
        return next(new for p, new in RULES if p.fullmatch(m.group(0)))

    return pattern.sub(swap, text)


def _attr(value: str) -> str:
    return html.escape(translate(html.unescape(value)), quote=True).replace("&#x27;", "'")


def write_map(src: Path, dst: Path) -> None:
    """Copy the .tmx line by line, translating object names and the description, owner and
    residents properties inside the Areas and Spawns layers (tiles and ids untouched)."""
    out, inside = [], False
    for line in src.read_text(encoding="utf-8").splitlines(keepends=True):
        if "<objectgroup" in line:
            inside = bool(re.search(r'name="(Areas|Spawns)"', line))
        elif "</objectgroup>" in line:
            inside = False
        elif inside and "<object " in line:
            line = re.sub(r'name="([^"]*)"', lambda m: f'name="{_attr(m.group(1))}"', line, count=1)
        elif inside and re.search(r'<property name="(description|owner|residents)"', line):
            line = re.sub(r'value="([^"]*)"', lambda m: f'value="{_attr(m.group(1))}"', line, count=1)
        out.append(line)
    dst.write_text("".join(out), encoding="utf-8")


def write_personas(src: Path, old_map: Path, new_map: Path, dst: Path) -> None:
    """Translate the demo personas; addresses follow the map objects' ids into the new map."""
    sys.path.insert(0, str(ROOT))
    from npc_brain.adapters.tiled import load_world

    old, new = load_world(old_map), load_world(new_map)
    by_id = {p.tiled_id: p.address for p in new}
    moved = {p.address: by_id[p.tiled_id] for p in old if p.tiled_id in by_id}
    people = []
    for p in json.loads(src.read_text(encoding="utf-8")):
        q = {k: v for k, v in p.items() if k not in ("memories", "daily_habits", "relationships")}
        q["name"] = PEOPLE[p["name"]]
        q["occupation"] = translate(p.get("occupation", "").replace(" and candidate for mayor", ""))
        q["lifestyle"] = translate(p.get("lifestyle", ""))
        status = p.get("status", "")
        q["status"] = "" if _VALENTINE.search(status) else translate(status)
        q["home"] = moved[p["home"]]
        if p.get("workplace"):
            q["workplace"] = moved[p["workplace"]]
        q["relationships"] = {PEOPLE[k]: translate(v) for k, v in p.get("relationships", {}).items()
                              if not _VALENTINE.search(v)}
        q["daily_habits"] = [translate(h) for h in p.get("daily_habits", ()) if not _VALENTINE.search(h)]
        q["memories"] = [translate(m) for m in p.get("memories", ()) if not _VALENTINE.search(m)]
        people.append(q)
    dst.write_text(json.dumps(people, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def main() -> None:
    """Write both files next to this script."""
    write_map(HERE / "town.tmx", HERE / "harbour.tmx")
    write_personas(ROOT / "demo_game" / "personas.json", HERE / "town.tmx", HERE / "harbour.tmx",
                   HERE / "harbour_personas.json")
    print(f"wrote {HERE / 'harbour.tmx'} and {HERE / 'harbour_personas.json'}")


if __name__ == "__main__":
    main()
