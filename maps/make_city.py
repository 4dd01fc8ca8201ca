"""Write maps/city.tmx: Oak Hill grown into a town of a hundred — the demo town, unchanged, with an
east quarter and a south quarter of new homes and workplaces.

Every place of maps/town.tmx keeps its address (the demo's 25 personas live in the city as they
do in the town); the new quarters add three blocks of flats, a student hall, six houses, a
primary school, a bakery, a clinic, a post office, a bookshop, a diner, a workshop, a salon and
a riverside green. Who lives in the new homes is written into the map, like the demo town's
residents: the persona generator makes them once (seed 1, beside the demo's personas) and the
map names them room by room, so their homes are private to them.

    python maps/make_city.py
    python -m npc_brain.personas generate --map maps/city.tmx --with demo_game/personas.json \\
        --n 100 --seed 1 -o maps/city_personas.json

Like make_town.py this only makes the first version: the .tmx is an ordinary Tiled map.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

import make_town as T  # noqa: E402 - the demo town's drawing code, reused on a bigger canvas
from town_builder import Builder, load_tile_ids  # noqa: E402

W, H = 130, 97
SEED = 1
T.W, T.H = W, H
T.B = B = Builder(W, H)
Residents = dict[str, list[str]]
"""Room key ("Elm Court/Flat 3") → the people the map names there."""


def key(building: str, room: str) -> str:
    return f"{building}/{room}"


# --------------------------------------------------------------------------- homes

FLAT = "sleep,eat,cook,relax,read,wash,toilet"


def _flat(x0: int, r0: int, top: bool, beds: str, colour: str) -> None:
    """Furniture of one 4x4 flat; the door side (bottom for top flats) keeps its doorway cell free."""
    rows = (r0, r0 + 1, r0 + 2, r0 + 3) if top else (r0 + 3, r0 + 2, r0 + 1, r0)
    bed_row = rows[0] if top else rows[1]
    if beds == "double":
        T.dbed(x0, bed_row, colour)
        T.obj("Bed", x0, bed_row, 2, 2, "a double bed", "sleep,relax", state="made", capacity=2)
    elif beds == "twin":
        T.bed(x0, bed_row, colour)
        T.bed(x0 + 2, bed_row, "green")
        T.obj("Left Bed", x0, bed_row, 1, 2, "a single bed", "sleep,relax", state="made", capacity=1)
        T.obj("Right Bed", x0 + 2, bed_row, 1, 2, "a single bed", "sleep,relax", state="made", capacity=1)
    else:
        T.bed(x0, bed_row, colour)
        T.obj("Bed", x0, bed_row, 1, 2, "a single bed", "sleep,relax", state="made", capacity=1)
        T.single(x0 + 2, rows[0], "desk_small")
        T.obj("Desk", x0 + 2, rows[0], 1, 1, "a small desk", "study,work,read")
    T.single(x0 + 3, rows[0], "stove")
    T.single(x0 + 3, rows[1], "fridge")
    T.single(x0 + 3, rows[2], "bath_sink")
    T.single(x0 + 3, rows[3], "toilet")
    T.obj("Stove", x0 + 3, rows[0], 1, 1, "a two-ring stove", "cook", state="off")
    T.obj("Fridge", x0 + 3, rows[1], 1, 1, "a small fridge", "cook,eat", state="closed")
    T.obj("Shower Sink", x0 + 3, rows[2], 1, 1, "a sink beside a shower", "wash", state="off")
    T.obj("Toilet", x0 + 3, rows[3], 1, 1, "a toilet behind a curtain", "toilet", state="clean", capacity=1)
    T.single(x0, rows[3], "armchair")
    T.obj("Armchair", x0, rows[3], 1, 1, "a worn armchair", "relax,read", capacity=1)


def block(x: int, y: int, name: str, flats: list[tuple[str, str]], material: str, description: str,
          residents: Residents, *, rooms: str = "Flat", door: str = "west") -> None:
    """Flats on both sides of a corridor (a block, or a student hall): `flats` = (beds, colour) each,
    "double", "twin" or "single"; half on the north side, half on the south."""
    k = (len(flats) + 1) // 2
    w, h = 1 + 5 * k, 14
    everyone = [n for i in range(len(flats)) for n in residents.get(key(name, f"{rooms} {i + 1}"), [])]
    B.building(x, y, w, h, material)
    B.area(name, "Building", x, y, w, h,
           **T.P(description, "sleep,eat,cook,relax,read,wash,toilet,socialize",
                 **({"residents": ", ".join(everyone)} if everyone else {})))
    B.hwall(x + 1, x + w - 2, y + 5, material)
    B.hwall(x + 1, x + w - 2, y + 8, material)
    B.room("Corridor", x + 1, y + 6, w - 2, 2, "floor_wood", "plaster",
           **T.P(f"the corridor of {name}", "commute"))
    for i, (beds, colour) in enumerate(flats):
        top = i < k
        col = i if top else i - k
        x0 = x + 1 + 5 * col
        r0 = y + 1 if top else y + 9
        if col:
            B.vwall(x0 - 1, r0, r0 + 3, material)
        room = f"{rooms} {i + 1}"
        people = residents.get(key(name, room), [])
        B.room(room, x0, r0, 4, 4, "carpet_blue" if i % 2 else "floor_wood_light", "plaster",
               **T.P(f"a small {'flat' if rooms == 'Flat' else 'room'} of {name}", FLAT,
                     **({"residents": ", ".join(people)} if people else {})))
        _flat(x0, r0, top, beds, colour)
        B.door(x0 + 1, y + 5 if top else y + 8)
    if door == "west":
        B.door(x, y + 6, outside=(x - 1, y + 6))
    else:
        B.door(x + w - 1, y + 7, outside=(x + w, y + 7))
    for wx in range(x + 2, x + w - 2, 5):
        B.window(wx, y + h - 1)


def house(x: int, y: int, name: str, bedrooms: list[tuple[str, str, str]], material: str, description: str,
          residents: Residents) -> None:
    """A house of 1-3 bedrooms (room name, "double"/"single", colour), a bathroom, a living room and a
    kitchen; the front door faces south."""
    nb = len(bedrooms)
    w, h = 6 * nb + 5, 9
    everyone = [n for room, _, _ in bedrooms for n in residents.get(key(name, room), [])]
    B.building(x, y, w, h, material)
    B.area(name, "Building", x, y, w, h,
           **T.P(description, "sleep,eat,cook,relax,socialize,wash,toilet",
                 **({"residents": ", ".join(everyone)} if everyone else {})))
    B.hwall(x + 1, x + w - 2, y + 4, material)
    for i, (room, beds, colour) in enumerate(bedrooms):
        x0 = x + 1 + 6 * i
        B.vwall(x0 + 5, y + 1, y + 3, material)
        people = residents.get(key(name, room), [])
        B.room(room, x0, y + 1, 5, 3, "floor_wood", "plaster",
               **T.P(f"a bedroom of {name}", "sleep,relax,read" + (",study" if beds == "single" else ""),
                     **({"residents": ", ".join(people)} if people else {})))
        if beds == "double":
            T.dbed(x0, y + 1, colour)
            T.obj("Bed", x0, y + 1, 2, 2, "a double bed", "sleep,relax", state="made", capacity=2)
            T.single(x0 + 4, y + 1, "wardrobe")
        else:
            T.bed(x0, y + 1, colour)
            T.obj("Bed", x0, y + 1, 1, 2, "a single bed", "sleep,relax", state="made", capacity=1)
            T.single(x0 + 4, y + 1, "desk_small")
            T.obj("Desk", x0 + 4, y + 1, 1, 1, "a desk for homework", "study,work,read")
        B.door(x0 + 2, y + 4)
    bx = x + 1 + 6 * nb
    B.room("Bathroom", bx, y + 1, 3, 3, "floor_bath", "bathtile",
           **T.P("a small one-person bathroom", "toilet,wash", capacity=1))
    T.single(bx, y + 1, "bath_sink")
    T.single(bx + 2, y + 1, "toilet")
    T.obj("Sink", bx, y + 1, 1, 1, "a bathroom sink with a mirror", "wash", state="off")
    T.obj("Toilet", bx + 2, y + 1, 1, 1, "a toilet", "toilet", state="clean", capacity=1)
    B.door(bx + 1, y + 4)
    lw = w - 7
    B.vwall(x + lw + 1, y + 5, y + 7, material)
    B.door(x + lw + 1, y + 6)
    B.room("Living Room", x + 1, y + 5, lw, 3, "floor_wood_light", "plaster",
           **T.P("a living room with a sofa", "relax,socialize,play,read,eat"))
    T.pair(x + 1, y + 5, "sofa_" + ("red", "blue", "green")[len(name) % 3])
    T.obj("Sofa", x + 1, y + 5, 2, 1, "a soft sofa", "relax,socialize", capacity=3)
    T.single(x + 1, y + 6, "coffee_table")
    if lw >= 6:
        T.single(x + 5, y + 7, "tv")
        T.obj("TV", x + 5, y + 7, 1, 1, "a television", "relax,play", state="off")
    kx = x + lw + 2
    B.room("Kitchen", kx, y + 5, 4, 3, "floor_kitchen", "plaster",
           **T.P("a kitchen with a stove and a fridge", "cook,eat"))
    T.single(kx, y + 5, "counter_cutting")
    T.single(kx + 1, y + 5, "stove")
    T.single(kx + 3, y + 5, "fridge")
    T.single(kx + 3, y + 6, "counter_sink")
    T.obj("Stove", kx + 1, y + 5, 1, 1, "a gas stove", "cook", state="off")
    T.obj("Fridge", kx + 3, y + 5, 1, 1, "a fridge with groceries", "cook,eat", state="closed")
    T.single(kx + 2, y + 7, "table_round")
    T.single(kx + 1, y + 7, "chair_e")
    T.obj("Kitchen Table", kx + 1, y + 7, 2, 1, "a small round table", "eat", capacity=2)
    dx = x + 3
    B.door(dx, y + h - 1, outside=(dx, y + h))
    for wx in (x + 2, x + w - 3, x + w - 6):
        if wx != dx and abs(wx - dx) > 1:
            B.window(wx, y + h - 1)
    T.single(dx + 1, y + h, "mailbox")


def homes(residents: Residents) -> None:
    """The new homes, in the order the generator fills them."""
    mix = [("double", "blue"), ("twin", "red"), ("double", "blue"), ("single", "purple"), ("double", "red"),
           ("twin", "blue"), ("double", "red"), ("single", "yellow"), ("double", "blue"), ("twin", "purple")]
    block(84, 20, "Elm Court", mix, "brick", "a block of flats off the east avenue", residents)
    block(84, 40, "Birch Court", mix[3:] + mix[:3], "stone", "a block of flats by Station Road", residents)
    block(2, 78, "Cedar Court", mix[6:] + mix[:6], "blue", "a block of flats on the south side of town", residents,
          door="east")
    block(31, 78, "College Hall", [("twin", c) for c in ("green", "red", "blue", "purple", "yellow", "red")],
          "brick", "a student residence of Oak Hill College", residents, rooms="Room", door="east")
    family = [("Main Bedroom", "double", "blue"), ("Second Bedroom", "single", "green"),
              ("Third Bedroom", "single", "yellow")]
    pair = family[:2]
    house(2, 64, "Ashby House", family, "wood", "a family house on Orchard Lane", residents)
    house(27, 64, "Fenwick House", pair, "blue", "a house on Orchard Lane", residents)
    house(46, 64, "Harlow House", family, "brick", "a family house with a big kitchen", residents)
    house(70, 64, "Wren Cottage", [("Bedroom", "double", "red")], "stone", "a small stone cottage", residents)
    house(85, 64, "Kestrel House", pair, "wood", "a house with a view of the green", residents)
    house(104, 64, "Larkspur House", family, "blue", "a family house near the riverside", residents)


# --------------------------------------------------------------------------- workplaces


def shell(x: int, y: int, w: int, h: int, name: str, material: str, description: str, purpose: str,
          opens: str, closes: str) -> None:
    B.building(x, y, w, h, material)
    B.area(name, "Building", x, y, w, h, **T.P(description, purpose, opens=opens, closes=closes))


def school() -> None:
    x, y = 84, 2
    shell(x, y, 24, 14, "Oak Hill Primary School", "brick", "the town's primary school, with two classrooms "
          "and a staff room", "study,work,play,socialize", "08:00", "16:00")
    B.vwall(x + 12, y + 1, y + 7, "brick")
    B.hwall(x + 1, x + 22, y + 8, "brick")
    for i, cx in enumerate((x + 1, x + 13)):
        name = ("Classroom One", "Classroom Two")[i]
        B.room(name, cx, y + 1, 11, 7, "floor_wood", "plaster",
               **T.P("a bright classroom with small desks", "study,work,play"))
        T.pair(cx + 4, y + 1, "blackboard")
        T.obj("Blackboard", cx + 4, y + 1, 2, 1, "a blackboard with the day's sums", "work,study")
        T.pair(cx + 8, y + 1, "desk")
        T.obj("Teacher Desk", cx + 8, y + 1, 2, 1, "the teacher's desk", "work")
        for dx in (1, 3, 5, 7, 9):
            T.single(cx + dx, y + 4, "school_desk")
            T.single(cx + dx, y + 6, "school_desk")
        T.obj("Pupil Desks", cx + 1, y + 4, 9, 3, "rows of small desks", "study", capacity=10)
        B.door(cx + 5, y + 8)
    B.room("Staff Room", x + 1, y + 9, 8, 4, "carpet_green", "plaster",
           **T.P("the teachers' staff room with a kettle", "work,relax,eat,drink"))
    T.pair(x + 1, y + 9, "sofa_green")
    T.obj("Sofa", x + 1, y + 9, 2, 1, "a tired sofa", "relax", capacity=3)
    B.vwall(x + 9, y + 9, y + 12, "brick")
    B.door(x + 9, y + 11)
    B.room("Hall", x + 10, y + 9, 13, 4, "floor_stone", "plaster",
           **T.P("the school hall where pupils play at break", "play,socialize,exercise,commute"))
    T.single(x + 22, y + 9, "notice_board")
    T.obj("Notice Board", x + 22, y + 9, 1, 1, "drawings by the pupils", "read")
    B.door(x + 15, y + 13, outside=(x + 15, y + 14))
    for wx in (x + 3, x + 7, x + 19):
        B.window(wx, y + 13)


def bakery() -> None:
    x, y = 111, 3
    shell(x, y, 12, 10, "Corner Bakery", "wood", "a bakery selling bread, buns and cakes", "shop,eat,work",
          "06:00", "17:00")
    B.hwall(x + 1, x + 10, y + 4, "wood")
    B.room("Bakehouse", x + 1, y + 1, 10, 3, "floor_kitchen", "plaster", **T.P("the ovens and the dough table",
                                                                                 "cook,work"))
    for i, t in enumerate(("stove", "stove", "counter_cutting", "counter", "fridge")):
        T.single(x + 1 + i, y + 1, t)
    T.obj("Ovens", x + 1, y + 1, 2, 1, "two bread ovens", "cook,work", state="off")
    T.pair(x + 7, y + 2, "table_long")
    T.obj("Dough Table", x + 7, y + 2, 2, 1, "a floury table for kneading", "cook,work")
    B.door(x + 5, y + 4)
    B.room("Bakery Shop", x + 1, y + 5, 10, 4, "floor_wood_light", "plaster",
           **T.P("the shop counter with bread on the shelves", "shop,eat,work"))
    for i, t in enumerate(("counter_pastry", "counter_register", "counter")):
        T.single(x + 1 + i, y + 6, t)
    T.obj("Counter", x + 1, y + 6, 3, 1, "a counter of fresh buns and cakes", "shop,work")
    for i in range(3):
        T.single(x + 8 + i % 3, y + 5, "shelf_bread")
    T.obj("Bread Shelves", x + 8, y + 5, 3, 1, "shelves of loaves", "shop")
    B.door(x + 5, y + 9, outside=(x + 5, y + 10))
    B.window(x + 8, y + 9)


def clinic() -> None:
    x, y = 113, 20
    shell(x, y, 14, 12, "Oak Hill Clinic", "stone", "the town's doctors' clinic", "work", "08:00", "18:00")
    B.hwall(x + 1, x + 12, y + 6, "stone")
    B.vwall(x + 7, y + 7, y + 10, "stone")
    B.room("Waiting Room", x + 1, y + 1, 12, 5, "floor_stone", "plaster",
           **T.P("a waiting room with chairs and a reception desk", "work,socialize,read"))
    T.pair(x + 2, y + 4, "bench")
    T.obj("Waiting Bench", x + 2, y + 4, 2, 1, "a bench for patients", "relax", capacity=2)
    T.pair(x + 9, y + 2, "desk")
    T.obj("Reception Desk", x + 9, y + 2, 2, 1, "the reception desk and the appointment book", "work")
    T.single(x + 12, y + 5, "plant")
    for i, rx in enumerate((x + 1, x + 8)):
        name = ("Surgery One", "Surgery Two")[i]
        B.room(name, rx, y + 7, 6 if i == 0 else 5, 4, "floor_bath", "plaster",
               **T.P("a doctor's room with a desk and an examination couch", "work"))
        T.bed(rx, y + 8, "green")
        T.obj("Examination Couch", rx, y + 8, 1, 2, "an examination couch", "work")
        T.single(rx + 3, y + 7, "desk_small")
        T.obj("Doctor's Desk", rx + 3, y + 7, 1, 1, "a desk with patient notes", "work")
        B.door(rx + 2, y + 6)
    B.door(x + 4, y, outside=(x + 4, y - 1))


def post_office() -> None:
    x, y = 113, 39
    shell(x, y, 12, 10, "Post Office", "brick", "the post office, where letters and parcels are sorted",
          "shop,work", "08:00", "17:00")
    B.hwall(x + 1, x + 10, y + 5, "brick")
    B.room("Post Counter", x + 1, y + 1, 10, 4, "floor_wood", "plaster",
           **T.P("the counter where stamps are sold and parcels sent", "shop,work"))
    for i, t in enumerate(("counter", "counter_register", "counter")):
        T.single(x + 3 + i, y + 3, t)
    T.obj("Post Counter Desk", x + 3, y + 3, 3, 1, "the post counter", "shop,work")
    B.door(x + 8, y + 5)
    B.room("Sorting Room", x + 1, y + 6, 10, 3, "floor_stone", "plaster",
           **T.P("shelves of parcels and the sorting table", "work"))
    T.pair(x + 2, y + 7, "table_long")
    T.obj("Sorting Table", x + 2, y + 7, 2, 1, "a table of letters in piles", "work")
    T.single(x + 9, y + 6, "crate")
    T.single(x + 10, y + 6, "crate")
    B.door(x + 2, y, outside=(x + 2, y - 1))


def bookshop() -> None:
    x, y = 113, 51
    shell(x, y, 12, 9, "Maple Books", "wood", "a bookshop with armchairs for reading", "shop,read,work",
          "09:00", "18:00")
    B.room("Book Room", x + 1, y + 1, 10, 7, "carpet_red", "plaster",
           **T.P("shelves of new and second-hand books", "shop,read,work,relax"))
    for i in range(1, 10):
        if i != 5:
            T.single(x + i, y + 1, "bookshelf")
    T.obj("Shelves", x + 1, y + 1, 9, 1, "shelves from floor to ceiling", "shop,read")
    T.single(x + 2, y + 4, "armchair")
    T.single(x + 4, y + 4, "armchair")
    T.obj("Reading Chairs", x + 2, y + 4, 3, 1, "two armchairs for browsing", "read,relax", capacity=2)
    T.single(x + 8, y + 5, "counter_register")
    T.obj("Till", x + 8, y + 5, 1, 1, "the till", "shop,work")
    B.door(x + 5, y + 8, outside=(x + 5, y + 9))


def diner() -> None:
    x, y = 50, 78
    shell(x, y, 14, 11, "Riverside Diner", "blue", "a diner serving breakfasts, burgers and pies",
          "eat,drink,socialize,work", "07:00", "22:00")
    B.vwall(x + 9, y + 1, y + 9, "blue")
    B.room("Diner Room", x + 1, y + 1, 8, 9, "floor_wood_dark", "plaster",
           **T.P("booths and tables by the windows", "eat,drink,socialize,work"))
    for i, ty in enumerate((y + 3, y + 6)):
        T.single(x + 3, ty, "table_cafe")
        T.single(x + 2, ty, "chair_e")
        T.single(x + 4, ty, "chair_w")
        T.obj(f"Table {i + 1}", x + 2, ty, 3, 1, "a table for two", "eat,drink,socialize", capacity=2)
    T.single(x + 7, y + 4, "table_round")
    T.obj("Round Table", x + 7, y + 4, 1, 1, "a round table", "eat,drink,socialize", capacity=3)
    B.door(x + 9, y + 5)
    B.room("Diner Kitchen", x + 10, y + 1, 3, 9, "floor_kitchen", "plaster", **T.P("the grill and the fryer",
                                                                                    "cook,work"))
    for i, t in enumerate(("stove", "stove", "counter_cutting", "fridge")):
        T.single(x + 12, y + 2 + 2 * i, t)
    T.obj("Grill", x + 12, y + 2, 1, 3, "a hot grill", "cook,work", state="off")
    B.door(x + 4, y, outside=(x + 4, y - 1))
    B.window(x + 2, y + 10)
    B.window(x + 6, y + 10)


def workshop() -> None:
    x, y = 66, 78
    shell(x, y, 14, 10, "Mill Lane Workshop", "wood", "a workshop for repairs of bicycles, cars and furniture",
          "work,shop", "08:00", "18:00")
    B.room("Workshop Floor", x + 1, y + 1, 12, 8, "floor_stone", "plaster",
           **T.P("benches of tools and a bicycle on a stand", "work,shop"))
    T.pair(x + 2, y + 2, "table_long")
    T.obj("Workbench", x + 2, y + 2, 2, 1, "a workbench covered in tools", "work")
    for cx in (x + 9, x + 10, x + 11):
        T.single(cx, y + 2, "crate")
    T.single(x + 11, y + 6, "barrel")
    T.obj("Spare Parts", x + 9, y + 2, 3, 1, "crates of spare parts", "work,shop")
    T.single(x + 6, y + 6, "desk_small")
    T.obj("Order Desk", x + 6, y + 6, 1, 1, "a desk with repair orders", "work")
    B.door(x + 5, y, outside=(x + 5, y - 1))


def salon() -> None:
    x, y = 85, 78
    shell(x, y, 10, 8, "Ruby's Salon", "brick", "a hair salon with two chairs", "work,shop", "09:00", "18:00")
    B.room("Salon Floor", x + 1, y + 1, 8, 6, "floor_bath", "plaster",
           **T.P("two chairs in front of mirrors", "work,shop,socialize"))
    T.single(x + 2, y + 2, "armchair")
    T.single(x + 5, y + 2, "armchair")
    T.obj("Salon Chairs", x + 2, y + 2, 4, 1, "chairs in front of the mirrors", "work", capacity=2)
    T.single(x + 7, y + 5, "counter_register")
    T.obj("Till", x + 7, y + 5, 1, 1, "the till", "work,shop")
    B.door(x + 4, y, outside=(x + 4, y - 1))


def green() -> None:
    x, y, w, h = 98, 77, 31, 19
    B.area("Riverside Green", "Building", x, y, w, h,
           **T.P("a green by the river with benches and a pond", "relax,exercise,socialize,play,eat"))
    B.area("Pond Lawn", "Room", x + 1, y + 1, w - 2, h - 2,
           **T.P("a lawn around the pond, with benches and a picnic table", "relax,exercise,socialize,play,eat"))
    B.fill(x + 10, y + 7, 7, 5, "water")
    T.obj("Pond", x + 10, y + 7, 7, 5, "a pond with reeds", "relax", state="calm")
    T.single(x + 12, y + 9, "duck")
    for name, bx, by in (("North Bench", x + 12, y + 4), ("South Bench", x + 12, y + 14)):
        T.pair(bx, by, "bench")
        T.obj(name, bx, by, 2, 1, "a bench looking over the pond", "relax,socialize", capacity=2)
    T.pair(x + 3, y + 14, "picnic_table")
    T.obj("Picnic Table", x + 3, y + 14, 2, 1, "a picnic table", "eat,socialize", capacity=4)
    B.fill(x, y + 2, w, 1, "dirt")
    B.fill(x + 2, y, 1, h, "dirt")


# --------------------------------------------------------------------------- the city


def roads() -> None:
    B.fill(0, 17, W, 2, "stone")             # Main Street, now across the city
    B.fill(19, 33, 63, 2, "stone")           # Second Street to the east avenue
    B.fill(19, 46, 63, 2, "stone")           # South Street to the east avenue
    B.fill(35, 35, 2, 11, "stone")           # Mill Lane
    B.fill(19, 19, 1, 29, "stone")           # Park Road
    B.fill(66, 35, 1, 11, "dirt")
    B.fill(50, 35, 1, 11, "dirt")
    B.fill(81, 0, 2, H, "stone")             # East Avenue, north to south
    B.fill(83, 36, W - 83, 2, "stone")       # Station Road
    B.fill(0, 61, W, 2, "stone")             # Riverside Road
    B.fill(0, 74, W, 2, "dirt")              # Orchard Lane
    for x0, w in ((19, 1), (35, 2), (67, 1)):  # the old lanes down to Riverside Road
        B.fill(x0, 58, w, 3, "dirt")
    for x0, y0, y1 in ((99, 16, 16), (116, 13, 16), (117, 19, 19), (115, 38, 38), (118, 60, 60), (83, 26, 26),
                       (83, 46, 46), (28, 76, 84), (47, 76, 84), (54, 76, 77), (71, 76, 77), (89, 76, 77)):
        B.fill(x0, y0, 1, y1 - y0 + 1, "dirt")  # a path from every door to a street


def city(residents: Residents) -> Builder:
    """Draw the whole city on a fresh canvas (the module's builder is replaced)."""
    global B
    T.B = B = Builder(W, H)
    B.area("Town", "Town", 0, 0, W, H,
           description="Oak Hill, a friendly town with a college, a primary school, cafés, a pub, a market, "
                       "a clinic, parks and a town square",
           purpose="commute,socialize,relax,exercise")
    roads()
    for part in (T.college, T.dorm, T.cafe, T.square, T.pub, T.market, T.park, T.houses, T.garden):
        part()
    homes(residents)
    parts: tuple[Callable[[], None], ...] = (school, bakery, clinic, post_office, bookshop, diner, workshop, salon,
                                            green)
    for part in parts:
        part()
    T.scenery()
    T.spawns()
    return B


def residents_of(tmx: Path) -> Residents:
    """Make the new quarters' people with the persona generator (beside the demo's) and read where
    each sleeps, room by room."""
    import json

    from npc_brain.adapters.tiled import load_world
    from npc_brain.personas import generate, room_for
    from npc_brain.types.persona import Persona

    world = load_world(tmx)
    demo = [Persona.model_validate(p) for p in json.loads((ROOT / "demo_game" / "personas.json").read_text())]
    people = generate(world, room_for(world, demo), seed=SEED, existing=demo)
    out: Residents = {}
    for p in people:
        room = world.get(p.home)
        building = room.parent.name if room.parent is not None else room.name
        out.setdefault(key(building, room.name), []).append(p.name)
    return out


def main() -> None:
    ids = load_tile_ids(HERE / "town.tsx")
    draft = HERE / ".city_draft.tmx"  # beside town.tiled-project, so it loads as the city will
    try:
        draft.write_text(city({}).tmx("town.tsx", ids), encoding="utf-8")
        people = residents_of(draft)
    finally:
        draft.unlink(missing_ok=True)
    out = city(people)
    (HERE / "city.tmx").write_text(out.tmx("town.tsx", ids), encoding="utf-8")
    count = sum(len(v) for v in people.values())
    print(f"maps/city.tmx: {W}x{H} tiles, {len(out.areas)} areas, {count} residents named in the new homes")


if __name__ == "__main__":
    main()
