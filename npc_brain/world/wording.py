"""How places read in prompts and observations: noun phrases, activity gerunds, tree sentences.

Buildings and towns have proper names ("Hobbs Cafe"); rooms and objects have common ones
("Kitchen" reads "a kitchen"), unless the map maker wrote a possessive ("Eddy's Bedroom").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from npc_brain.world.place import Place, PlaceKind

_GERUNDS = {
    "sleep": "sleeping",
    "eat": "eating",
    "cook": "cooking",
    "drink": "drinking",
    "work": "working",
    "study": "studying",
    "shop": "shopping",
    "wash": "washing",
    "toilet": "using the toilet",
    "socialize": "socializing",
    "relax": "relaxing",
    "exercise": "exercising",
    "read": "reading",
    "play": "playing",
    "commute": "passing through",
    "other": "other things",
}


def gerund(activity: str) -> str:
    """The activity as a gerund: sleep -> "sleeping", toilet -> "using the toilet"."""
    return _GERUNDS.get(activity, activity)


def join_words(items: Iterable[str], sep: str = ", ", last: str = " and ") -> str:
    """["a", "b", "c"] -> "a, b and c"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return sep.join(items[:-1]) + last + items[-1]


def _is_proper(place: Place) -> bool:
    return place.kind in (PlaceKind.TOWN, PlaceKind.BUILDING)


def _articleless(place: Place) -> bool:
    # Proper names and possessives ("Eddy's Bedroom") take no article.
    return _is_proper(place) or "'s " in place.name


def _common(name: str) -> str:
    # Lower-case title-case words ("Dining Room" -> "dining room") but keep acronyms ("TV").
    return " ".join(
        w.lower() if w[:1].isupper() and w[1:] == w[1:].lower() else w for w in name.split()
    )


def bare(place: Place) -> str:
    """The name as it reads mid-sentence without an article: "Hobbs Cafe", "kitchen"."""
    if _is_proper(place):
        return place.name
    if "'s " in place.name:
        head, tail = place.name.split("'s ", 1)
        return f"{head}'s {_common(tail)}"
    return _common(place.name)


def indefinite(place: Place) -> str:
    """With an indefinite article where one belongs: "a kitchen", "an oven", "Hobbs Cafe"."""
    word = bare(place)
    if _articleless(place):
        return word
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def definite(place: Place, *, qualified: bool = False) -> str:
    """The kitchen as "the kitchen", or with `qualified` "the kitchen in Hobbs Cafe"."""
    word = bare(place)
    phrase = word if _articleless(place) else "the " + word
    if qualified and place.kind in (PlaceKind.ROOM, PlaceKind.OBJECT):
        outer = place.parent
        if outer is not None and outer.kind is not PlaceKind.TOWN:
            phrase += " in " + definite(outer)
    return phrase


def plural(place: Place) -> bool:
    """Whether a place's name is a plural noun ("Student Desks", "Rose Beds"): its verb agrees."""
    last = place.name.split()[-1].lower() if place.name.split() else ""
    return len(last) > 3 and last.endswith("s") and not last.endswith(("ss", "us", "is", "'s"))


def true_to_place(text: str, place: Place | None, names: Iterable[str]) -> str:
    """`text` ("reading at the college library") without a place phrase that names somewhere
    else than `place` (one of `names`, the map's building and room names), said at `place`'s
    building instead: "reading at Oak Hill Dorm". A plan step's words can name one place while
    its location choice chose another; a label says where the body is."""
    if place is None or not text:
        return text
    chain = {p.name.lower() for p in [*place.ancestors(), place]}
    low = f" {text.lower()} "
    cut = len(text)
    for name in names:
        key = name.lower()
        if key in chain or len(key) < 3:
            continue
        at = low.find(f" {key} ")
        at = at if at >= 0 else low.find(f" {key}s ")
        if at < 0:
            continue
        before = max(low.rfind(" at ", 0, at + 1), low.rfind(" in ", 0, at + 1), low.rfind(" to ", 0, at + 1))
        if before >= 0:
            cut = min(cut, max(0, before - 1))  # `low` has one space more at its start
    if cut == len(text):
        return text
    building = next((p for p in [*place.ancestors(), place] if p.kind is PlaceKind.BUILDING), place)
    head = text[:cut].rstrip(" ,")
    return f"{head} at {definite(building)}" if head else text


def capitalized(text: str) -> str:
    """First letter upper-cased, the rest untouched."""
    return text[:1].upper() + text[1:]


def _with_state(place: Place, state: str | None) -> str:
    text = indefinite(place)
    return f"{text} ({state})" if state else text


def tree_sentences(
    place: Place,
    depth: int | None,
    *,
    include: Callable[[Place], bool] = lambda _: True,
    state: Callable[[Place], str | None] = lambda p: p.state or None,
) -> list[str]:
    """Sentences describing a subtree: "Hobbs Cafe has a kitchen with a stove (off) and a counter."

    Each sentence covers two levels (children, and their children after "with"); deeper levels get
    sentences of their own. `depth` None means the whole subtree. `include` filters nodes (an
    agent's known subtree); `state` gives an object's state (the world's, or as last seen).
    """

    def kids(node: Place) -> list[Place]:
        return [c for c in node.children if include(c)]

    out: list[str] = []
    children = kids(place)
    if not children or (depth is not None and depth < 1):
        return out
    parts: list[str] = []
    deeper: list[Place] = []
    for child in children:
        phrase = _with_state(child, state(child))
        grand = kids(child) if depth is None or depth >= 2 else []
        if grand:
            phrase += " with " + join_words(_with_state(g, state(g)) for g in grand)
            deeper.extend(grand)
        parts.append(phrase)
    nested = any(" with " in p for p in parts) and len(parts) > 1
    listing = join_words(parts, sep="; " if nested else ", ", last="; and " if nested else " and ")
    out.append(f"{capitalized(definite(place, qualified=True))} has {listing}.")
    if depth is None or depth > 2:
        for node in deeper:
            out.extend(
                tree_sentences(
                    node, None if depth is None else depth - 2, include=include, state=state
                )
            )
    return out
