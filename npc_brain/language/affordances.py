"""Affordances: what people do with common things, in words ('cooking at the stove').

An action step names an object of its room; the planner offers these phrases and the model
chooses among them. The data is English: another language or a game's own objects bring
their own table. Pure.
"""
from __future__ import annotations

__all__ = ["object_phrase"]

_AT_OBJECT = {
    "cook": "preparing food at the {o}",
    "wash": "washing up at the {o}",
    "eat": "eating at the {o}",
    "drink": "having a drink at the {o}",
    "work": "working at the {o}",
    "study": "studying at the {o}",
    "read": "reading at the {o}",
    "relax": "relaxing at the {o}",
    "play": "playing at the {o}",
    "exercise": "exercising at the {o}",
    "socialize": "chatting with people at the {o}",
    "shop": "looking at the {o}",
    "sleep": "sleeping in the {o}",
    "toilet": "using the {o}",
}
_WORKING_AT = {"drink": "making drinks at the {o}", "eat": "serving food at the {o}"}
# When the hour is plain "work", the object's own, more specific use says what is done there.
_SPECIFIC_FIRST = ("cook", "wash", "drink", "eat", "read", "study", "play", "exercise", "relax",
                   "sleep", "toilet", "shop", "socialize", "work")
# What people do with common things, by a word of the object's name (most specific first);
# "*" is the use whatever the activity. Phrases, not knowledge the model lacks: the model
# still chooses which of them happen, in what order, for how long.
_AFFORDANCES: tuple[tuple[str, dict[str, str]], ...] = (
    ("coffee machine", {"work": "making coffee at the coffee machine", "*": "getting a coffee from the machine"}),
    ("checkout counter", {"work": "working the till at the checkout", "*": "paying at the checkout"}),
    ("pharmacy counter", {"work": "serving customers at the pharmacy counter", "*": "asking at the pharmacy counter"}),
    ("drinks fridge", {"*": "picking a drink from the drinks fridge"}),
    ("notice board", {"*": "reading the notice board"}),
    ("bar stools", {"*": "sitting on a bar stool"}),
    ("kitchen sink", {"*": "washing up at the kitchen sink"}),
    ("toilet", {"*": "using the toilet"}),
    ("bathtub", {"*": "taking a bath"}),
    ("sink", {"*": "washing at the sink"}),
    ("bed", {"sleep": "sleeping", "relax": "resting on the bed", "work": "tending the {o}", "*": "making the bed"}),
    ("stove", {"*": "cooking at the stove"}),
    ("fridge", {"*": "getting food from the fridge"}),
    ("pantry", {"*": "getting ingredients from the pantry shelf"}),
    ("prep", {"*": "preparing food at the {o}"}),
    ("counter", {"work": "serving customers at the {o}", "cook": "preparing food at the {o}",
                 "*": "ordering at the {o}"}),
    ("sofa", {"socialize": "chatting on the sofa", "*": "sitting on the sofa"}),
    ("wardrobe", {"*": "getting dressed"}),
    ("tv", {"*": "watching TV"}),
    ("shelves", {"work": "restocking the {o}", "shop": "looking over the {o}", "*": "browsing the {o}"}),
    ("shelf", {"work": "restocking the {o}", "shop": "looking over the {o}", "*": "browsing the {o}"}),
    ("bookshelf", {"*": "browsing the bookshelf"}),
    ("blackboard", {"work": "writing on the blackboard", "*": "copying notes from the blackboard"}),
    ("bench", {"socialize": "chatting on the {o}", "*": "sitting on the {o}"}),
    ("bar", {"work": "pouring drinks at the bar", "*": "having a drink at the bar"}),
    ("dartboard", {"*": "playing darts"}),
    ("piano", {"*": "playing the piano"}),
    ("easel", {"*": "painting at the easel"}),
    ("fountain", {"*": "sitting by the fountain"}),
    ("pond", {"*": "watching the ducks on the pond"}),
    ("beds", {"work": "tending the {o}", "*": "admiring the {o}"}),
    ("table", {"work": "serving customers at the {o}"}),
)


def object_phrase(label: str, act: str, purposes: frozenset[str]) -> tuple[str, str]:
    """(phrase, activity) for using an object named `label` during `act`."""
    use = act if act in purposes else next((a for a in _SPECIFIC_FIRST if a in purposes), "other")
    if act == "work" and "work" in purposes:
        use = next((a for a in _SPECIFIC_FIRST if a in purposes), "work")
    for word, uses in _AFFORDANCES:
        if word in label:
            template = uses.get(act) or uses.get(use) or uses.get("*")
            if template:
                return template.format(o=label), (act if act in purposes else use)
    template = (_WORKING_AT.get(use) if act == "work" else None) or _AT_OBJECT.get(use, "using the {o}")
    return template.format(o=label), use
