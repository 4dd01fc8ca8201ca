"""Write maps/town.tmx, the demo town (Oak Hill), from code.

This is only how the first version was made: the .tmx is an ordinary Tiled 1.10 map, so
map makers edit it in Tiled from here on (re-running this script overwrites their edits).

    SDL_VIDEODRIVER=dummy python sprites/make_art.py   # tiles.png + town.tsx first
    python maps/make_town.py
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from town_builder import (  # noqa: E402 - importable only once HERE is on sys.path
    Builder,
    load_tile_ids,
)

W, H = 80, 60
B = Builder(W, H)

# --------------------------------------------------------------------------- small helpers


def P(description: str, purpose: str, **extra) -> dict:
    """Common area properties."""
    return {"description": description, "purpose": purpose, **extra}


def obj(name: str, x: int, y: int, w: int, h: int, description: str, purpose: str,
        state: str = "idle", **extra) -> None:
    """An Object area (furniture the agents use)."""
    B.area(name, "Object", x, y, w, h, **P(description, purpose, state=state, **extra))


def single(x: int, y: int, tile: str) -> None:
    B.put(x, y, tile)


def bed(x: int, y: int, color: str) -> None:
    B.block(x, y, f"bed_{color}", [["top"], ["bottom"]])


def dbed(x: int, y: int, color: str) -> None:
    B.block(x, y, f"bed_double_{color}", [["tl", "tr"], ["bl", "br"]])


def pair(x: int, y: int, prefix: str) -> None:
    B.block(x, y, prefix, [["l", "r"]])


def oak(x: int, y: int, autumn: bool = False) -> None:
    B.block(x, y, "tree_autumn" if autumn else "tree_oak", [["tl", "tr"], ["bl", "br"]])


def pine(x: int, y: int) -> None:
    B.block(x, y, "tree_pine", [["top"], ["bottom"]])


def lamp(x: int, y: int) -> None:
    B.block(x, y, "lamp_post", [["top"], ["bottom"]])


def free(x: int, y: int, w: int = 1, h: int = 1) -> bool:
    return all(B.furn[j][i] is None and B.walls[j][i] is None and not B.indoor[j][i]
               and B.ground[j][i] == "grass"
               for j in range(y, y + h) for i in range(x, x + w)
               if 0 <= i < W and 0 <= j < H) and 0 <= x and x + w <= W and 0 <= y and y + h <= H


# --------------------------------------------------------------------------- houses

def house(x: int, y: int, name: str, bedrooms: list[tuple[str, list[str], str]],
          material: str, decor: str, description: str) -> None:
    """A house with 1 or 2 bedrooms, bathroom, living room and kitchen; front door south.

    bedrooms: (room name, residents, bed colour). One bedroom: 12x9, two: 15x9.
    """
    two = len(bedrooms) == 2
    w, h = (15 if two else 12), 9
    residents = [r for _, rs, _ in bedrooms for r in rs]
    B.building(x, y, w, h, material)
    B.area(name, "Building", x, y, w, h,
           **P(description, "sleep,eat,cook,relax,socialize,wash,toilet",
               residents=", ".join(residents)))
    B.hwall(x + 1, x + w - 2, y + 4, material)
    # top row: bedroom(s) + bathroom
    if two:
        (na, ra, ca), (nb, rb, cb) = bedrooms
        B.vwall(x + 6, y + 1, y + 3, material)
        B.vwall(x + 11, y + 1, y + 3, material)
        B.room(na, x + 1, y + 1, 5, 3, "floor_wood", "plaster",
               **P(f"the bedroom of {' and '.join(ra)}", "sleep,relax,read",
                   residents=", ".join(ra)))
        dbed(x + 1, y + 1, ca) if len(ra) > 1 else bed(x + 1, y + 1, ca)
        bw = 2 if len(ra) > 1 else 1
        obj("Bed", x + 1, y + 1, bw, 2, "a comfortable bed", "sleep,relax", state="made",
            capacity=len(ra))
        single(x + 3, y + 1, "nightstand")
        single(x + 5, y + 1, "wardrobe")
        obj("Wardrobe", x + 5, y + 1, 1, 1, "a wardrobe full of clothes", "other")
        B.door(x + 3, y + 4)
        B.room(nb, x + 7, y + 1, 4, 3, "carpet_blue" if decor != "piano" else "floor_wood",
               "plaster", **P(f"the bedroom of {' and '.join(rb)}", "sleep,study,relax,read",
                              residents=", ".join(rb)))
        bed(x + 7, y + 1, cb)
        obj("Bed", x + 7, y + 1, 1, 2, "a single bed", "sleep,relax", state="made", capacity=1)
        single(x + 10, y + 1, "desk_small")
        single(x + 10, y + 2, "chair_n")
        obj("Desk", x + 10, y + 1, 1, 2, "a small desk for homework and reading",
            "study,work,read")
        B.door(x + 8, y + 4)
        bx, bwid = x + 12, 2
    else:
        (na, ra, ca), = bedrooms
        B.vwall(x + 7, y + 1, y + 3, material)
        B.room(na, x + 1, y + 1, 6, 3, "floor_wood", "plaster",
               **P(f"the bedroom of {' and '.join(ra)}", "sleep,relax,read",
                   residents=", ".join(ra)))
        if len(ra) > 1:
            dbed(x + 1, y + 1, ca)
        else:
            bed(x + 1, y + 1, ca)
        bw = 2 if len(ra) > 1 else 1
        obj("Bed", x + 1, y + 1, bw, 2, "a comfortable bed", "sleep,relax", state="made",
            capacity=len(ra))
        single(x + bw + 1, y + 1, "nightstand")
        single(x + 6, y + 1, "wardrobe")
        obj("Wardrobe", x + 6, y + 1, 1, 1, "a wardrobe full of clothes", "other")
        single(x + 6, y + 3, "plant")
        B.door(x + 4, y + 4)
        bx, bwid = x + 8, 3
    B.room("Bathroom", bx, y + 1, bwid, 3, "floor_bath", "bathtile",
           **P("a small one-person bathroom", "toilet,wash", capacity=1))
    single(bx, y + 1, "bath_sink")
    single(bx + bwid - 1, y + 1, "toilet")
    obj("Sink", bx, y + 1, 1, 1, "a bathroom sink with a mirror", "wash", state="off")
    obj("Toilet", bx + bwid - 1, y + 1, 1, 1, "a toilet", "toilet", state="clean", capacity=1)
    if bwid == 3:
        B.door(bx + 1, y + 4)
    else:
        B.door(bx, y + 4)
    # bottom row: living room + kitchen
    lw = 8 if two else 5
    B.vwall(x + lw + 1, y + 5, y + 7, material)
    B.door(x + lw + 1, y + 6)
    B.room("Living Room", x + 1, y + 5, lw, 3, "floor_wood_light", "plaster",
           **P("a living room with a sofa", "relax,socialize,play,read,eat"))
    pair(x + 1, y + 5, "sofa_" + ("red", "blue", "green")[len(description) % 3])
    obj("Sofa", x + 1, y + 5, 2, 1, "a soft sofa", "relax,socialize", capacity=3)
    single(x + 1, y + 6, "coffee_table")
    # keep the cells inside every doorway free: bedroom doors enter the living room's top row
    single(x + lw, y + 7 if two else y + 5, "plant")
    dpos = x + 4 if two else x + 3
    if decor == "piano":
        pair(dpos, y + 5, "piano")
        obj("Piano", dpos, y + 5, 2, 1, "an upright piano", "play,relax")
    elif decor == "easel":
        single(dpos, y + 5, "easel")
        obj("Easel", dpos, y + 5, 1, 1, "an easel with a half-finished watercolour", "work,relax")
    elif decor == "bookshelf":
        single(dpos, y + 5, "bookshelf")
        obj("Bookshelf", dpos, y + 5, 1, 1, "a shelf of well-read books", "read,relax")
    elif decor == "desk":
        pair(x + 2, y + 7, "desk")
        obj("Writing Desk", x + 2, y + 7, 2, 1, "a writing desk with a laptop and notes",
            "work,read")
    elif decor == "tv":
        single(dpos, y + 5, "tv")
        obj("TV", dpos, y + 5, 1, 1, "a television", "relax,play", state="off")
    kx = x + lw + 2
    B.room("Kitchen", kx, y + 5, 4, 3, "floor_kitchen", "plaster",
           **P("a kitchen with a stove and a fridge", "cook,eat"))
    single(kx, y + 5, "counter_cutting")
    single(kx + 1, y + 5, "stove")
    single(kx + 3, y + 5, "fridge")
    single(kx + 3, y + 6, "counter_sink")
    obj("Kitchen Counter", kx, y + 5, 1, 1, "a counter with a cutting board", "cook")
    obj("Stove", kx + 1, y + 5, 1, 1, "a gas stove", "cook", state="off")
    obj("Fridge", kx + 3, y + 5, 1, 1, "a fridge with groceries", "cook,eat", state="closed")
    obj("Kitchen Sink", kx + 3, y + 6, 1, 1, "a kitchen sink", "cook,wash", state="off")
    single(kx + 2, y + 7, "table_round")
    single(kx + 1, y + 7, "chair_e")
    single(kx + 3, y + 7, "chair_w")
    obj("Kitchen Table", kx + 1, y + 7, 3, 1, "a small round table with two chairs", "eat",
        capacity=2)
    # front door, windows, a little garden and a path down to the street
    dx = x + 4 if not two else x + 5
    B.door(dx, y + h - 1, outside=(dx, y + h))
    for wx in (x + 2, x + w - 3, x + w - 6):
        if wx != dx and B.walls[y + h - 1][wx] and B.walls[y + h - 1][wx - 1] \
                and B.walls[y + h - 1][wx + 1]:
            B.window(wx, y + h - 1)
    for i in range(x + 1, x + w - 1):
        if abs(i - dx) > 1 and B.ground[y + h][i] == "grass":
            single(i, y + h, ("flowers_red", "flowers_yellow", "flowers_purple",
                              "flowers_white")[(i + y) % 4] if i % 3 else "bush_flowers")
    single(dx + 1, y + h, "mailbox")


# --------------------------------------------------------------------------- town layout


def town() -> None:
    B.area("Town", "Town", 0, 0, W, H,
           description="Oak Hill, a small friendly town with a college, a café, a pub, a market, "
                       "a park and a town square",
           purpose="commute,socialize,relax,exercise")
    roads()
    college()
    dorm()
    cafe()
    square()
    pub()
    market()
    park()
    houses()
    garden()
    scenery()


def roads() -> None:
    B.fill(0, 17, W, 2, "stone")            # Main Street
    B.fill(19, 33, W - 19, 2, "stone")      # Second Street
    B.fill(19, 46, W - 19, 2, "stone")      # South Street
    B.fill(35, 35, 2, 11, "stone")          # Mill Lane (north-south)
    B.fill(19, 19, 1, 29, "stone")          # Park Road along the park fence
    B.fill(66, 35, 1, 11, "dirt")
    B.fill(50, 35, 1, 11, "dirt")


def college() -> None:
    x, y, w, h = 2, 2, 28, 14
    B.building(x, y, w, h, "stone")
    B.area("Oak Hill College", "Building", x, y, w, h,
           **P("the town's small college, with a library and a classroom",
               "study,read,work,socialize", opens="08:00", closes="22:00"))
    # library (west half)
    B.vwall(16, 3, 14, "stone")
    B.door(16, 12)
    B.room("Library", 3, 3, 13, 12, "carpet_green", "plaster",
           **P("a quiet library with tall bookshelves and reading tables", "read,study,work"))
    for i in range(4, 15):
        if i != 9:
            single(i, 3, "bookshelf")
    obj("Wall Shelves", 4, 3, 11, 1, "bookshelves along the wall: novels and poetry", "read,study")
    for i in list(range(4, 8)) + list(range(10, 14)):
        single(i, 6, "bookshelf")
        single(i, 8, "bookshelf")
    obj("History Shelves", 4, 6, 4, 1, "shelves of history and local archives", "read,study")
    obj("Science Shelves", 10, 6, 4, 1, "shelves of science books", "read,study")
    obj("Art Shelves", 4, 8, 4, 1, "shelves of art and music books", "read,study")
    obj("Sociology Shelves", 10, 8, 4, 1, "shelves of economics and sociology", "read,study")
    for tx in (4, 8):
        pair(tx, 11, "reading_table")
        single(tx, 10, "chair_s")
        single(tx + 1, 10, "chair_s")
        single(tx, 12, "chair_n")
        single(tx + 1, 12, "chair_n")
    obj("Reading Table", 4, 10, 2, 3, "a long reading table with lamps", "read,study,work",
        capacity=4)
    obj("Study Table", 8, 10, 2, 3, "a long study table", "read,study,work", capacity=4)
    pair(12, 13, "desk")
    single(13, 14, "chair_n")
    obj("Circulation Desk", 12, 13, 2, 2, "the librarian's desk where books are checked out",
        "work,read")
    single(15, 3, "plant")
    single(3, 14, "plant")
    # classroom (north-east)
    B.hwall(17, 28, 9, "stone")
    B.door(21, 9)
    B.room("Classroom", 17, 3, 12, 6, "floor_wood", "plaster",
           **P("a classroom with rows of desks and a blackboard", "study,work"))
    pair(20, 3, "blackboard")
    obj("Blackboard", 20, 3, 2, 1, "a blackboard covered in chalk notes", "work,study")
    pair(25, 3, "desk")
    single(25, 4, "chair_n")
    obj("Teacher Desk", 25, 3, 2, 2, "the lecturer's desk", "work")
    for dxs in (18, 20, 22, 24, 26):
        single(dxs, 6, "school_desk")
        single(dxs, 8, "school_desk")
    obj("Student Desks", 18, 6, 9, 3, "rows of student desks", "study", capacity=10)
    single(28, 3, "plant")
    # lobby + restroom (south-east)
    B.vwall(25, 10, 14, "stone")
    B.door(25, 12)
    B.room("Lobby", 17, 10, 8, 5, "floor_stone", "plaster",
           **P("the college entrance hall with a notice board", "commute,socialize"))
    single(23, 10, "notice_board")
    obj("Notice Board", 23, 10, 1, 1, "a notice board with lecture times and club flyers",
        "read")
    pair(17, 13, "bench")
    obj("Lobby Bench", 17, 13, 2, 1, "a wooden bench", "relax,socialize", capacity=2)
    single(17, 10, "plant")
    single(24, 14, "plant")
    B.room("Restroom", 26, 10, 3, 5, "floor_bath", "bathtile",
           **P("a one-person restroom", "toilet,wash", capacity=1))
    single(28, 10, "toilet")
    single(26, 10, "bath_sink")
    obj("Toilet", 28, 10, 1, 1, "a toilet", "toilet", state="clean", capacity=1)
    obj("Sink", 26, 10, 1, 1, "a sink", "wash", state="off")
    B.door(20, 15, outside=(20, 16))
    for wx in (4, 7, 10, 13, 23, 27):
        B.window(wx, 15)
    single(18, 16, "sign_college")
    B.fill(20, 16, 1, 1, "doormat")


def dorm() -> None:
    x, y, w, h = 32, 2, 20, 14
    B.building(x, y, w, h, "brick")
    B.area("Oak Hill Dorm", "Building", x, y, w, h,
           **P("the student dormitory of Oak Hill College",
               "sleep,study,relax,socialize,cook,eat,wash,toilet",
               residents="Klaus Mueller, Wolfgang Schulz, Maria Lopez, Ayesha Khan, Rajiv Patel, "
                         "Marcus Reed, Latoya Williams, Elena Petrova"))
    B.hwall(33, 50, 7, "brick")
    B.hwall(33, 50, 10, "brick")
    B.vwall(38, 3, 6, "brick")
    B.vwall(44, 3, 6, "brick")
    B.vwall(38, 11, 14, "brick")
    B.vwall(47, 11, 14, "brick")
    B.room("Hallway", 33, 8, 18, 2, "floor_wood", "plaster",
           **P("the dorm hallway connecting the rooms", "commute"))
    rooms = [
        ("Room 101", 33, 3, 5, ["Klaus Mueller", "Wolfgang Schulz"], ("green", "red")),
        ("Room 102", 39, 3, 5, ["Maria Lopez", "Ayesha Khan"], ("purple", "yellow")),
        ("Room 103", 45, 3, 6, ["Rajiv Patel", "Marcus Reed"], ("blue", "red")),
    ]
    for name, rx, ry, rw, res, (c1, c2) in rooms:
        B.room(name, rx, ry, rw, 4, "floor_wood", "plaster",
               **P(f"a shared dorm room of {res[0]} and {res[1]}", "sleep,study,relax,read",
                   residents=", ".join(res)))
        bed(rx, ry, c1)
        bed(rx + rw - 1, ry, c2)
        obj("Left Bed", rx, ry, 1, 2, f"{res[0]}'s bed", "sleep,relax", state="made",
            capacity=1)
        obj("Right Bed", rx + rw - 1, ry, 1, 2, f"{res[1]}'s bed", "sleep,relax", state="made",
            capacity=1)
        single(rx, ry + 3, "desk_small")
        single(rx + rw - 1, ry + 3, "desk_small")
        obj("Left Desk", rx, ry + 3, 1, 1, f"{res[0]}'s desk", "study,work,read")
        obj("Right Desk", rx + rw - 1, ry + 3, 1, 1, f"{res[1]}'s desk", "study,work,read")
        single(rx + 1, ry, "nightstand")
        B.door(rx + 2, 7)
    # Room 104 (south-west), common room, bathroom
    B.room("Room 104", 33, 11, 5, 4, "floor_wood", "plaster",
           **P("a shared dorm room of Latoya Williams and Elena Petrova",
               "sleep,study,relax,read", residents="Latoya Williams, Elena Petrova"))
    bed(33, 13, "yellow")
    bed(37, 13, "purple")
    obj("Left Bed", 33, 13, 1, 2, "Latoya Williams's bed", "sleep,relax", state="made",
        capacity=1)
    obj("Right Bed", 37, 13, 1, 2, "Elena Petrova's bed", "sleep,relax", state="made",
        capacity=1)
    single(33, 11, "desk_small")
    single(37, 11, "desk_small")
    obj("Left Desk", 33, 11, 1, 1, "Latoya Williams's desk", "study,work,read")
    obj("Right Desk", 37, 11, 1, 1, "Elena Petrova's desk", "study,work,read")
    single(34, 14, "plant")
    B.door(35, 10)
    B.room("Common Room", 39, 11, 8, 4, "carpet_red", "plaster",
           **P("the dorm common room with a sofa, a TV and a kitchenette",
               "relax,socialize,cook,eat,play,study"))
    pair(39, 12, "sofa_blue")
    obj("Sofa", 39, 12, 2, 1, "a worn blue sofa", "relax,socialize", capacity=3)
    single(39, 11, "tv")
    obj("TV", 39, 11, 1, 1, "a television with a game console", "relax,play", state="off")
    single(43, 11, "counter_cutting")
    single(44, 11, "stove")
    single(45, 11, "counter_sink")
    single(46, 11, "fridge")
    obj("Stove", 44, 11, 1, 1, "a small stove", "cook", state="off")
    obj("Fridge", 46, 11, 1, 1, "a shared fridge with labelled food", "cook,eat",
        state="closed")
    obj("Kitchen Counter", 43, 11, 1, 1, "a counter", "cook")
    obj("Kitchen Sink", 45, 11, 1, 1, "a sink", "cook,wash", state="off")
    pair(44, 13, "table_long")
    obj("Dining Table", 44, 13, 2, 1, "a table for shared meals", "eat,study,socialize",
        capacity=4)
    single(46, 14, "plant")
    B.door(42, 10)
    B.room("Bathroom", 48, 11, 3, 4, "floor_bath", "bathtile",
           **P("the dorm's shared one-person bathroom", "toilet,wash", capacity=1))
    single(50, 11, "toilet")
    single(48, 11, "bath_sink")
    pair(48, 14, "bathtub")
    obj("Toilet", 50, 11, 1, 1, "a toilet", "toilet", state="clean", capacity=1)
    obj("Sink", 48, 11, 1, 1, "a sink with a mirror", "wash", state="off")
    obj("Bathtub", 48, 14, 2, 1, "a bathtub with a shower", "wash", state="empty", capacity=1)
    B.door(49, 10)
    B.door(42, 15, outside=(42, 16))
    for wx in (34, 36, 45, 49):
        B.window(wx, 15)
    single(40, 16, "sign_dorm")


def cafe() -> None:
    x, y, w, h = 21, 20, 14, 11
    B.building(x, y, w, h, "brick")
    B.area("Hobbs Cafe", "Building", x, y, w, h,
           **P("a cosy café serving coffee, pastries and light meals",
               "eat,drink,socialize,work,relax", opens="08:00", closes="20:00",
               owner="Isabella Rodriguez"))
    B.hwall(22, 33, 24, "brick")
    B.vwall(30, 21, 23, "brick")
    B.room("Kitchen", 22, 21, 8, 3, "floor_kitchen", "plaster",
           **P("the café kitchen", "cook,work"))
    for i, t in enumerate(("fridge", "counter_cutting", "stove", "stove", "counter_sink",
                           "counter", "shelf_bread")):
        single(22 + i, 21, t)
    obj("Fridge", 22, 21, 1, 1, "a big fridge with milk, cream and cakes", "cook,work",
        state="closed")
    obj("Prep Counter", 23, 21, 1, 1, "a counter for preparing food", "cook,work")
    obj("Stove", 24, 21, 2, 1, "a double stove", "cook,work", state="off")
    obj("Kitchen Sink", 26, 21, 1, 1, "a deep sink for dishes", "wash,work", state="off")
    obj("Pantry Shelf", 28, 21, 1, 1, "a shelf of flour, bread and coffee beans", "cook,work")
    pair(23, 23, "table_long")
    obj("Prep Table", 23, 23, 2, 1, "a table for plating dishes", "cook,work")
    B.door(27, 24)
    B.room("Restroom", 31, 21, 3, 3, "floor_bath", "bathtile",
           **P("the café's one-person restroom", "toilet,wash", capacity=1))
    single(33, 21, "toilet")
    single(31, 21, "bath_sink")
    obj("Toilet", 33, 21, 1, 1, "a toilet", "toilet", state="clean", capacity=1)
    obj("Sink", 31, 21, 1, 1, "a sink", "wash", state="off")
    B.door(32, 24)
    B.room("Dining Area", 22, 25, 12, 5, "floor_wood", "plaster",
           **P("the café's dining area with a counter and small tables",
               "eat,drink,socialize,work,relax,read"))
    for i, t in enumerate(("counter_pastry", "counter_register", "counter", "counter_coffee",
                           "counter", "counter_white")):
        single(22 + i, 26, t)
    obj("Counter", 22, 26, 3, 1, "the café counter with a pastry case and the till",
        "work,eat,drink")
    obj("Coffee Machine", 25, 26, 3, 1, "an espresso machine", "work,drink", state="off")
    tables = [("Table 1", 23, 28), ("Table 2", 27, 28), ("Table 3", 31, 28)]
    for name, tx, ty in tables:
        single(tx, ty, "table_cafe")
        single(tx - 1, ty, "chair_e")
        single(tx + 1, ty, "chair_w")
        obj(name, tx - 1, ty, 3, 1, "a small café table for two", "eat,drink,socialize,work",
            capacity=2)
    single(31, 26, "table_cafe")
    single(30, 26, "chair_e")
    obj("Window Table", 30, 26, 2, 1, "a table by the window", "eat,drink,socialize,work",
        capacity=2)
    single(33, 25, "plant")
    single(22, 29, "plant")
    B.door(34, 27, outside=(35, 27))
    B.door(27, 30, outside=(27, 31))
    for wx in (23, 25, 30, 32):
        B.window(wx, 30)
    single(35, 26, "sign_cafe")
    single(28, 31, "planter")
    single(26, 31, "planter")


def square() -> None:
    x, y, w, h = 36, 20, 16, 12
    B.fill(x, y, w, h, "stone")
    B.area("Town Square", "Building", x, y, w, h,
           **P("the town square with a fountain, benches and a notice board",
               "socialize,relax,commute"))
    B.area("Plaza", "Room", x + 1, y + 1, w - 2, h - 2,
           **P("the open plaza around the fountain", "socialize,relax,commute,play"))
    B.block(42, 24, "fountain", [[f"r{r}c{c}" for c in range(3)] for r in range(3)])
    obj("Fountain", 42, 24, 3, 3, "a stone fountain, the heart of the town", "relax,socialize")
    benches = [("North Bench", 42, 22), ("West Bench", 38, 25), ("East Bench", 47, 25),
               ("South Bench", 38, 29)]
    for name, bx, by in benches:
        pair(bx, by, "bench")
        obj(name, bx, by, 2, 1, "a wooden bench", "relax,socialize", capacity=2)
    single(46, 29, "notice_board")
    obj("Notice Board", 46, 29, 1, 1, "the town notice board with posters and announcements",
        "read")
    for lx, ly in ((37, 21), (50, 21), (37, 27), (50, 27)):
        lamp(lx, ly)
    for px, py in ((40, 21), (47, 21), (41, 29), (44, 29)):
        single(px, py, "planter")
    single(49, 29, "trash_bin")


def pub() -> None:
    x, y, w, h = 54, 20, 12, 11
    B.building(x, y, w, h, "wood")
    B.area("The Rose and Crown Pub", "Building", x, y, w, h,
           **P("a traditional pub with a long bar, darts and local ales",
               "drink,eat,socialize,play,relax,work", opens="12:00", closes="24:00",
               owner="Arthur Burton"))
    B.hwall(55, 64, 24, "wood")
    B.vwall(61, 21, 23, "wood")
    B.room("Private Quarters", 55, 21, 6, 3, "carpet_purple", "plaster",
           **P("Arthur Burton's private room behind the pub", "sleep,relax,read",
               owner="Arthur Burton"))
    bed(55, 21, "red")
    obj("Bed", 55, 21, 1, 2, "Arthur's bed", "sleep,relax", state="made", capacity=1)
    single(56, 21, "nightstand")
    single(58, 21, "wardrobe")
    obj("Wardrobe", 58, 21, 1, 1, "a wardrobe", "other")
    pair(59, 21, "desk")
    single(60, 22, "chair_n")
    obj("Desk", 59, 21, 2, 1, "a desk covered in invoices", "work,read")
    B.door(57, 24)
    B.room("Restroom", 62, 21, 3, 3, "floor_bath", "bathtile",
           **P("the pub's one-person restroom", "toilet,wash", capacity=1))
    single(64, 21, "toilet")
    single(62, 21, "bath_sink")
    obj("Toilet", 64, 21, 1, 1, "a toilet", "toilet", state="clean", capacity=1)
    obj("Sink", 62, 21, 1, 1, "a sink", "wash", state="off")
    B.door(63, 24)
    B.room("Taproom", 55, 25, 10, 5, "floor_wood_dark", "plaster",
           **P("the pub's taproom with a long bar and tables", "drink,eat,socialize,play,work"))
    for i, t in enumerate(("bar_counter_l", "bar_counter_m", "bar_counter_taps", "bar_counter_m",
                           "bar_counter_taps", "bar_counter_r")):
        single(55 + i, 26, t)
    obj("Bar", 55, 26, 6, 1, "a long oak bar with beer taps", "drink,socialize,work")
    single(55, 25, "shelf_bar")
    single(56, 25, "barrel")
    for i in range(56, 61):
        single(i, 27, "bar_stool")
    obj("Bar Stools", 56, 27, 5, 1, "stools along the bar", "drink,socialize", capacity=5)
    for name, tx, ty in (("Corner Table", 63, 28), ("Fireside Table", 60, 29)):
        single(tx, ty, "table_pub")
        single(tx - 1, ty, "bar_stool")
        single(tx + 1, ty, "bar_stool")
        obj(name, tx - 1, ty, 3, 1, "a sturdy wooden table", "drink,eat,socialize",
            capacity=4)
    single(64, 25, "dartboard")
    obj("Dartboard", 64, 25, 1, 1, "a well-used dartboard", "play", state="idle")
    single(55, 29, "barrel")
    B.door(54, 28, outside=(53, 28))
    B.door(58, 30, outside=(58, 31))
    for wx in (56, 61, 63):
        B.window(wx, 30)
    single(53, 27, "sign_pub")


def market() -> None:
    x, y, w, h = 67, 20, 12, 12
    B.building(x, y, w, h, "brick")
    B.area("Willow Market & Pharmacy", "Building", x, y, w, h,
           **P("the town's grocery store with a small pharmacy counter", "shop,work",
               opens="07:00", closes="21:00", owner="Tom Moreno"))
    B.room("Pharmacy", 68, 21, 10, 3, "floor_bath", "plaster",
           **P("the pharmacy corner with medicine shelves and a counter", "shop,work"))
    for i in range(68, 78):
        single(i, 21, "shelf_meds")
    obj("Medicine Shelves", 68, 21, 10, 1, "shelves of medicines and remedies", "work,shop")
    for i in range(68, 76):
        single(i, 23, "pharmacy_counter")
    obj("Pharmacy Counter", 68, 23, 8, 1, "the counter where prescriptions are handed out",
        "shop,work")
    B.room("Shop Floor", 68, 24, 10, 7, "floor_market", "plaster",
           **P("aisles of groceries: fresh produce, bread, cans and drinks", "shop,work"))
    rows = [(26, 69, ["shelf_produce"] * 3, "Produce Shelf", "fresh fruit and vegetables"),
            (26, 73, ["shelf_bread"] * 3, "Bread Shelf", "bread and pastries"),
            (28, 69, ["shelf_cans"] * 3, "Canned Goods Shelf", "canned food and pasta"),
            (28, 73, ["shelf_bottles"] * 3, "Drinks Shelf", "juice, wine and soda")]
    for sy, sx, tiles, name, desc in rows:
        for i, t in enumerate(tiles):
            single(sx + i, sy, t)
        obj(name, sx, sy, len(tiles), 1, f"a shelf of {desc}", "shop")
    single(77, 25, "fridge_drinks")
    single(77, 26, "fridge_drinks")
    obj("Drinks Fridge", 77, 25, 1, 2, "a fridge of cold drinks and milk", "shop")
    single(68, 30, "counter_register")
    single(69, 30, "counter")
    obj("Checkout Counter", 68, 30, 2, 1, "the checkout counter with the till", "shop,work")
    single(77, 30, "crate")
    B.door(73, 31, outside=(73, 32))
    for wx in (69, 71, 75, 77):
        B.window(wx, 31)
    single(75, 32, "sign_market")
    single(71, 32, "crate")


def park() -> None:
    x, y, w, h = 1, 20, 18, 38
    B.area("Johnson Park", "Building", x, y, w, h,
           **P("a green park with a duck pond, a flower garden and picnic tables",
               "relax,exercise,socialize,play,eat"))
    for i in range(x, x + w):
        B.fence(i, y)
        B.fence(i, y + h - 1)
    for j in range(y, y + h):
        B.fence(x, j)
        B.fence(x + w - 1, j)
    for gx, gy in ((18, 33), (18, 34), (18, 46), (18, 47), (9, 20), (10, 20)):
        B.walls[gy][gx] = None
    B.fill(9, 17, 2, 4, "stone")
    B.fill(9, 21, 2, 5, "dirt")
    # inner paths
    B.fill(3, 25, 13, 1, "dirt")
    B.fill(3, 25, 1, 27, "dirt")
    B.fill(15, 25, 1, 27, "dirt")
    B.fill(15, 33, 3, 2, "dirt")
    B.fill(15, 46, 3, 2, "dirt")
    B.fill(3, 40, 13, 1, "dirt")
    B.fill(3, 51, 13, 1, "dirt")
    # duck pond
    B.area("Duck Pond", "Room", 2, 21, 16, 18,
           **P("a quiet pond with ducks, reeds and benches", "relax,socialize,exercise"))
    B.fill(5, 28, 9, 7, "water")
    B.fill(6, 27, 7, 1, "water")
    B.fill(6, 35, 6, 1, "water")
    obj("Pond", 5, 27, 9, 9, "a duck pond with lily pads", "relax", state="calm")
    single(7, 30, "duck")
    single(10, 32, "duck")
    single(11, 29, "lily_pad")
    single(6, 33, "lily_pad")
    single(13, 33, "reeds")
    single(5, 29, "reeds")
    pair(7, 23, "bench")
    obj("Pond Bench", 7, 23, 2, 1, "a bench looking over the pond", "relax,socialize",
        capacity=2)
    pair(11, 37, "bench")
    obj("Willow Bench", 11, 37, 2, 1, "a bench under the willows", "relax,socialize",
        capacity=2)
    # picnic lawn
    B.area("Picnic Lawn", "Room", 2, 39, 16, 8,
           **P("a sunny lawn with picnic tables", "eat,relax,socialize,play,exercise"))
    pair(6, 42, "picnic_table")
    obj("Picnic Table", 6, 42, 2, 1, "a picnic table with a checkered cloth", "eat,socialize",
        capacity=4)
    pair(10, 44, "picnic_table")
    obj("Big Picnic Table", 10, 44, 2, 1, "a long picnic table", "eat,socialize", capacity=4)
    # flower garden
    B.area("Flower Garden", "Room", 2, 47, 16, 10,
           **P("rows of flower beds and a bench among the roses", "relax,exercise"))
    for fy in (49, 53):
        for fx in range(5, 14):
            single(fx, fy, ("flowers_red", "flowers_yellow", "flowers_purple",
                            "flowers_white")[(fx + fy) % 4])
    obj("Rose Beds", 5, 49, 9, 1, "beds of roses and tulips", "relax,work")
    obj("Tulip Beds", 5, 53, 9, 1, "beds of tulips and daisies", "relax,work")
    pair(7, 55, "bench")
    obj("Garden Bench", 7, 55, 2, 1, "a bench among the flowers", "relax,socialize",
        capacity=2)
    single(18, 32, "sign_park")


def houses() -> None:
    # north-east: Grant Cottage and Carter House, doors onto Main Street
    house(54, 3, "Grant Cottage", [("Bedroom", ["Oliver Grant"], "green")], "wood", "bookshelf",
          "a small old cottage with a garden")
    house(67, 3, "Carter House", [("Bedroom", ["Ben Carter", "Lucy Carter"], "blue")], "blue",
          "tv", "a young couple's house")
    # row A, doors onto South Street
    house(20, 36, "Lin House", [("Main Bedroom", ["John Lin", "Mei Lin"], "blue"),
                                ("Second Bedroom", ["Eddy Lin"], "green")], "wood", "piano",
          "the Lin family house")
    house(38, 36, "Moore House", [("Bedroom", ["Sam Moore", "Jennifer Moore"], "red")], "blue",
          "easel", "the Moores' tidy house")
    house(51, 36, "Rodriguez House", [("Main Bedroom", ["Isabella Rodriguez"], "red"),
                                      ("Second Bedroom", ["Carmen Ortiz"], "yellow")], "wood",
          "bookshelf", "Isabella Rodriguez's house, shared with Carmen Ortiz")
    house(67, 36, "Moreno House", [("Bedroom", ["Tom Moreno", "Jane Moreno"], "blue")], "blue",
          "tv", "the Morenos' house")
    # row B, doors onto Orchard Lane along the bottom
    B.fill(19, 58, 31, 2, "dirt")
    B.fill(35, 48, 2, 10, "dirt")
    B.fill(19, 48, 1, 10, "dirt")
    house(20, 49, "Sharma House", [("Main Bedroom", ["Priya Sharma"], "purple"),
                                   ("Second Bedroom", ["Arjun Sharma"], "blue")], "blue", "tv",
          "Priya Sharma's house, where she lives with her son Arjun")
    house(38, 49, "Demir House", [("Bedroom", ["Yusuf Demir", "Hannah Berg"], "red")], "wood",
          "desk", "the house of Yusuf Demir and Hannah Berg")
    # paths from every door to the streets
    for x0 in (58, 71):
        B.fill(x0, 13, 1, 4, "dirt")


def garden() -> None:
    x, y, w, h = 52, 49, 26, 10
    B.area("Community Garden", "Building", x, y, w, h,
           **P("a community vegetable garden and orchard that everyone helps with",
               "work,relax,exercise,socialize"))
    B.area("Vegetable Patch", "Room", x + 1, y + 1, 14, 8,
           **P("raised vegetable beds", "work,relax"))
    for j, crop in ((51, "crop_cabbage"), (53, "crop_carrot"), (55, "crop_tomato")):
        B.fill(54, j, 10, 1, "soil")
        for i in range(54, 64):
            single(i, j, crop)
    obj("Cabbage Bed", 54, 51, 10, 1, "a bed of cabbages", "work")
    obj("Carrot Bed", 54, 53, 10, 1, "a bed of carrots", "work")
    obj("Tomato Bed", 54, 55, 10, 1, "a bed of tomato plants", "work")
    single(65, 51, "crate")
    B.area("Orchard", "Room", x + 16, y + 1, 9, 8,
           **P("a small orchard with a picnic table", "relax,eat,socialize"))
    oak(69, 50, autumn=True)
    oak(74, 50)
    oak(71, 55, autumn=True)
    pair(74, 54, "picnic_table")
    obj("Orchard Table", 74, 54, 2, 1, "a picnic table under the apple trees", "eat,relax",
        capacity=4)
    B.fill(52, 48, 1, 11, "dirt")
    B.fill(53, 57, 15, 1, "dirt")
    B.fill(67, 48, 1, 10, "dirt")
    for i in range(53, 78):
        if i != 67:
            B.fence(i, 49)
    for j in range(50, 59):
        B.fence(77, j)
    single(51, 48, "sign_park")


def scenery() -> None:
    """Trees, bushes and lamps in the leftover grass, deterministic."""
    # edge forest
    for x0 in range(0, W - 1, 2):
        if free(x0, 0, 2, 2):
            oak(x0, 0, autumn=(x0 % 6 == 4))
    park_trees = [(2, 21), (14, 21), (2, 36), (16, 38), (12, 47), (2, 55), (16, 55), (13, 41),
                  (4, 44)]
    for tx, ty in park_trees:
        if free(tx, ty, 2, 2):
            oak(tx, ty, autumn=(tx + ty) % 3 == 0)
    for tx, ty in ((16, 29), (2, 30), (16, 23), (5, 47), (13, 47)):
        if free(tx, ty, 1, 2):
            pine(tx, ty)
    for bx, by in ((4, 37), (12, 39), (2, 50), (16, 50), (9, 56)):
        if free(bx, by):
            single(bx, by, "bush")
    # street lamps and trees along the streets
    for lx in range(3, W - 2, 9):
        if free(lx, 15, 1, 2):
            lamp(lx, 15)
    for lx in range(22, W - 2, 10):
        if free(lx, 44, 1, 2):
            lamp(lx, 44)
    rng = B.rng
    for _ in range(400):
        tx, ty = rng.randrange(0, W - 1), rng.randrange(0, H - 1)
        kind = rng.random()
        if kind < 0.2 and free(tx - 1, ty - 1, 4, 4):
            oak(tx, ty, autumn=rng.random() < 0.3)
        elif kind < 0.35 and free(tx - 1, ty - 1, 3, 4):
            pine(tx, ty)
        elif kind < 0.6 and free(tx - 1, ty - 1, 3, 3):
            single(tx, ty, rng.choice(["bush", "bush_flowers", "rock", "stump", "tree_small"]))
        elif kind < 1 and free(tx, ty):
            single(tx, ty, rng.choice(["flowers_red", "flowers_yellow", "flowers_purple",
                                       "flowers_white"]))


def spawns() -> None:
    homes = {
        "Isabella Rodriguez": (53, 39), "Carmen Ortiz": (59, 39),
        "Sam Moore": (42, 38), "Jennifer Moore": (43, 39),
        "John Lin": (22, 39), "Mei Lin": (24, 39), "Eddy Lin": (28, 39),
        "Tom Moreno": (71, 38), "Jane Moreno": (72, 39),
        "Arthur Burton": (57, 23),
        "Klaus Mueller": (34, 5), "Wolfgang Schulz": (36, 5),
        "Maria Lopez": (40, 5), "Ayesha Khan": (42, 5),
        "Rajiv Patel": (46, 5), "Marcus Reed": (49, 5),
        "Latoya Williams": (34, 12), "Elena Petrova": (36, 12),
        "Ben Carter": (71, 5), "Lucy Carter": (72, 6),
        "Oliver Grant": (57, 5),
        "Priya Sharma": (23, 52), "Arjun Sharma": (28, 52),
        "Yusuf Demir": (42, 51), "Hannah Berg": (43, 52),
    }
    B.spawn("player", 43, 28)
    for name, (sx, sy) in homes.items():
        B.spawn(name, sx, sy)


def main() -> None:
    town()
    spawns()
    ids = load_tile_ids(HERE / "town.tsx")
    (HERE / "town.tmx").write_text(B.tmx("town.tsx", ids), encoding="utf-8")
    print(f"maps/town.tmx: {W}x{H} tiles, {len(B.areas)} areas, {len(B.spawns)} spawns")


if __name__ == "__main__":
    main()
