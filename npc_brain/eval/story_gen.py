"""Generating `eval stories` scenarios from a seed: who hosts what, where, when, and whose news.

`generate(seed, n, world, names)` is pure and deterministic: for each scenario a random host
among the personas, an occasion from `story_words.OCCASIONS` or an invented one (at least one
of each kind in every three scenarios), a public place of the map (any building or room with a
name of its own, open in the window, not private) joined by a preposition (varied across the
scenarios), a random start date, a day of the run and an hour window that leaves news time to
travel, and the host's persona memory from one of several templates. Beside it an undated
happening (`story_words.HAPPENINGS`) about another resident, written into *that resident's
own* persona memories (as the candidacy is in the Valentine scenario), and the two interview
questions, fixed per scenario.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any

from npc_brain.eval import story_words as W

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
RUN_START = time(7, 0)
"""Every run starts at 07:00 (as the Valentine run does)."""


@dataclass(frozen=True, slots=True)
class Story:
    """One generated scenario (see the module doc). `place` is the map name, `phrase` how the seed
    writes it ("the Library", "Hobbs Cafe"), `building` the building around a room ("" for a
    building); `start` and `hours` are the run's."""

    index: int
    start: datetime
    hours: float
    host: str
    occasion: str
    invented: bool
    place: str
    address: str
    building: str
    phrase: str
    prep: str
    window: tuple[datetime, datetime]
    seed: str
    subject: str
    happening: str
    occasion_question: str
    news_question: str

    @property
    def name(self) -> str:
        """The occasion without its article ("lantern walk", "Flumbering")."""
        return strip_article(self.occasion)

    @property
    def near(self) -> bool:
        """True when the occasion is beside its place (by / outside / near / behind)."""
        return self.prep in W.NEAR_PREPOSITIONS


def strip_article(phrase: str) -> str:
    """'a lantern walk' → 'lantern walk'; 'the Flumbering' → 'Flumbering'."""
    head, _, rest = phrase.partition(" ")
    return rest if head.lower() in ("a", "an", "the") and rest else phrase


def ordinal(day: int) -> str:
    """1 → '1st', 12 → '12th', 23 → '23rd'."""
    suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"


def date_text(d: date, fmt: str) -> str:
    """`d` in one of `story_words.DATE_FORMATS`."""
    return fmt.format(month=MONTHS[d.month - 1], day=d.day, ordinal=ordinal(d.day), weekday=WEEKDAYS[d.weekday()])


def clock_text(hour: int, fmt: str) -> str:
    """`hour` (0–23) in one of `story_words.CLOCK_FORMATS`."""
    ap = "am" if hour < 12 else "pm"
    return fmt.format(h12=hour % 12 or 12, h24=f"{hour:02d}", ap=ap, ap_dots=f"{ap[0]}.{ap[1]}.")


def _hours_node(place: Any) -> Any:
    """The place or the ancestor whose opening hours it follows (None: always open)."""
    node = place
    while node is not None and node.opens is None and node.closes is None:
        node = node.parent
    return node


def _open_during(place: Any, start: datetime, end: datetime) -> bool:
    from npc_brain.world.hours import is_open

    node = _hours_node(place)
    if node is None:
        return True
    t = start
    while t < end:
        if not is_open(node.opens, node.closes, t.time()):
            return False
        t += timedelta(minutes=30)
    return True


def occasion_places(world: Any) -> list[Any]:
    """Buildings and rooms an occasion can be held at: a name no other place has, public (no
    node of it private), for more than washing, room for a few guests."""
    from npc_brain.world.place import PlaceKind

    out = []
    for p in world.places():
        if p.kind not in (PlaceKind.BUILDING, PlaceKind.ROOM):
            continue
        if len(world.find_all(p.name)) != 1 or any(n.private for n in (p, *p.ancestors())):
            continue
        if p.purpose and p.purpose <= {"toilet", "wash"}:
            continue
        if p.capacity is not None and p.capacity < 6:
            continue
        out.append(p)
    return out


def phrase_of(place: Any) -> str:
    """How a persona memory names the place: a room with "the", a building by its name."""
    from npc_brain.world.place import PlaceKind

    if place.kind is PlaceKind.ROOM and not place.name.lower().startswith("the "):
        return f"the {place.name}"
    return str(place.name)


def windows(place: Any, start: datetime, hours: float, rng: random.Random) -> tuple[datetime, datetime]:
    """A 1–3 hour window on a day of the run, at least `min(10, hours / 3)` game hours after the
    start (time for news to travel), inside the run and the place's opening hours."""
    end = start + timedelta(hours=hours)
    lead = timedelta(hours=min(10.0, hours / 3))
    days = int(hours // 24) + 2
    for need in (lead, timedelta(0)):
        found = []
        for d in range(days):
            day = start.date() + timedelta(days=d)
            for h0 in range(8, 22):
                for dur in (1, 2, 3):
                    s = datetime.combine(day, time(h0))
                    e = s + timedelta(hours=dur)
                    if s >= start + need and e <= end and _open_during(place, s, e):
                        found.append((s, e))
        if found:
            return rng.choice(found)
    return end - timedelta(hours=1), end


def _first(name: str, names: Sequence[str]) -> str:
    """The first name when no other resident shares it, else the full name."""
    first = name.split()[0]
    return first if sum(n.split()[0] == first for n in names) == 1 else name


def _cycle(rng: random.Random, items: Sequence[Any]) -> list[Any]:
    pool = list(dict.fromkeys(items))
    rng.shuffle(pool)
    return pool


def generate(seed: int, n: int, world: Any, names: Sequence[str], *, hours: float = 36.0) -> list[Story]:
    """`n` scenarios from `seed` on `world` with the residents `names` (see the module doc)."""
    if len(names) < 2:
        raise ValueError("a story needs at least two residents (a host and someone with news)")
    places = occasion_places(world)
    if not places:
        raise ValueError("the map has no public building or room with a name of its own")
    rng = random.Random(seed)
    kinds = [i % 3 == 2 for i in range(n)]  # one invented occasion in every three
    rng.shuffle(kinds)
    listed = _cycle(rng, W.OCCASIONS)
    preps = _cycle(rng, W.PREPOSITIONS)
    spots = _cycle(rng, [p.address for p in places])
    happenings = _cycle(rng, W.HAPPENINGS)
    stories = []
    for i in range(n):
        host = rng.choice(list(names))
        subject = rng.choice([x for x in names if x != host])
        invented = kinds[i]
        occasion = W.invented_occasion(rng) if invented else listed[i % len(listed)]
        place = world.get(spots[i % len(spots)])
        prep = preps[i % len(preps)]
        day0 = date(2023, 1, 1) + timedelta(days=rng.randrange(3 * 365))
        start = datetime.combine(day0, RUN_START)
        window = windows(place, start, hours, rng)
        fmt_date, fmt_clock = rng.choice(W.DATE_FORMATS), rng.choice(W.CLOCK_FORMATS)
        seed_text = rng.choice(W.SEED_TEMPLATES).format(
            host=host, occasion=occasion, prep=prep, place=phrase_of(place), date=date_text(window[0].date(), fmt_date),
            t0=clock_text(window[0].hour, fmt_clock), t1=clock_text(window[1].hour, fmt_clock))
        building = place.parent.name if place.parent is not None and place.parent.parent is not None else ""
        name = strip_article(occasion)
        oq = rng.choice(W.OCCASION_QUESTIONS).format(name=name, prep=prep, place=phrase_of(place))
        nq = rng.choice(W.NEWS_QUESTIONS).format(first=_first(subject, names))
        stories.append(Story(
            index=i + 1, start=start, hours=hours, host=host, occasion=occasion, invented=invented,
            place=place.name, address=place.address, building=building, phrase=phrase_of(place), prep=prep,
            window=window, seed=seed_text[0].upper() + seed_text[1:], subject=subject,
            happening=happenings[i % len(happenings)].format(name=subject),
            occasion_question=oq, news_question=nq))
    return stories


def story_to_dict(story: Story) -> dict[str, Any]:
    """A JSON-able dict of the story (datetimes as ISO strings)."""
    d = {f: getattr(story, f) for f in Story.__dataclass_fields__}
    d["start"] = story.start.isoformat()
    d["window"] = [w.isoformat() for w in story.window]
    return d


def story_from_dict(d: dict[str, Any]) -> Story:
    """Inverse of `story_to_dict`."""
    return Story(**{**d, "start": datetime.fromisoformat(d["start"]),
                    "window": (datetime.fromisoformat(d["window"][0]), datetime.fromisoformat(d["window"][1]))})
