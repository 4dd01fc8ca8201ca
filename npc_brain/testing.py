"""Test helpers for games and for us: a deterministic responder that answers every
cognition schema plausibly (for `ScriptedModel.respond_with`), and a tiny town.

    model = ScriptedModel().respond_with(BrainResponder())
    society = Society(tiny_town(["Ana", "Ben"]), model, HashEmbedder(), now=clock,
                      executor=InlineExecutor())
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import time
from typing import Any, get_args

from pydantic import BaseModel

from npc_brain.cognition.prompts import LETTER_ONLY
from npc_brain.llm.protocols import Message
from npc_brain.world.place import Place, PlaceKind
from npc_brain.world.world import World

_MINUTES = re.compile(r"for (\d+) minutes")


def _user(messages: Sequence[Message]) -> str:
    return next((m["content"] for m in reversed(messages) if m["role"] == "user"), "")


def _options(schema: type[BaseModel], field: str) -> tuple[str, ...]:
    ann = schema.model_fields[field].annotation
    return tuple(get_args(ann))


def _ground(prompt: str, letter: str) -> str:
    """The text of the lettered ground ("A: I want to host a party.") a speech prompt offers."""
    m = re.search(rf"^{re.escape(letter)}: (.+)$", prompt, re.MULTILINE)
    return m.group(1) if m else "Nice to see you."


class BrainResponder:
    """Answers by schema name, deterministically, from the prompt text.

    `talk`: answer "talk" whenever a react decision offers it; `react_on`: words that make
    a react decision "react" instead of "keep"; `day`: per part of the day ("waking",
    "morning", …) a word the chosen option should contain (default: the first option).
    """

    def __init__(self, *, talk: bool = True, react_on: Sequence[str] = ("party", "fire"),
                 day: Mapping[str, str] | None = None, end_after: int = 2) -> None:
        self.talk = talk
        self.react_on = tuple(w.lower() for w in react_on)
        self.day = dict(day or {})
        self.end_after = end_after

    def __call__(self, messages: Sequence[Message], schema: type[BaseModel] | None) -> Any:
        text = _user(messages)
        if schema is None:
            # An importance `choose`: one digit for the one memory under DATA.
            if text.endswith("Rating:"):
                return str(self._importance(text))
            if text.startswith(LETTER_ONLY):
                return "A"  # a line between NPCs: the first ground
            return "ok"
        name = schema.__name__
        if name.startswith("Ratings"):
            meta = schema.model_fields["r"].metadata
            count = next((m.min_length for m in meta if hasattr(m, "min_length")), 1)
            lines = [ln for ln in text.splitlines() if re.match(r"^\d+\. ", ln)]
            return {"r": [self._importance(ln) for ln in lines[:count]] + [2] * max(0, count - len(lines))}
        if name == "DaySlots":
            # Per part of the day: the first option holding the preferred word, else the first.
            reply: dict[str, Any] = {}
            for key in schema.model_fields:
                options = _options(schema, key)
                word = self.day.get(key, "").lower()
                reply[key] = next((o for o in options if word and word in o.lower()), options[0])
            return reply
        if name in ("HourSteps", "ActionSteps"):
            # Alternate the first two options (no repeats to merge), one per hour / quarter hour.
            minutes = int(m.group(1)) if (m := _MINUTES.search(text)) else 60
            step = schema.model_fields["steps"].annotation.__args__[0]  # type: ignore[union-attr]
            options = _options(step, "what")
            size, cap = (60, 8) if name == "HourSteps" else (15, 4)
            n = max(1, min(cap, minutes // size))
            return {"steps": [{"what": options[i % min(2, len(options))], "min": size} for i in range(n)]}
        if name == "PlaceChoice":
            reply = {"place": _options(schema, "place")[0]}
            if "state" in schema.model_fields:
                reply["state"] = "in use"
            return reply
        if name == "ReactDecision":
            options = _options(schema, "do")
            what = _options(schema, "what")[0]
            noticed = text.rsplit("Noticed:", 1)[-1].lower()
            if self.talk and "talk" in options:
                return {"do": "talk", "what": what, "min": 10}
            if any(w in noticed for w in self.react_on):
                return {"do": "react", "what": what, "min": 30}
            return {"do": "keep", "what": what, "min": 5}
        if name == "Replan":
            return {"what": _options(schema, "what")[0], "min": 30}
        if name == "Questions":
            return {"q": [get_args(schema.model_fields["q"].annotation)[0].__args__[0]]}
        if name == "Insights":
            count = len([ln for ln in text.split("statements:", 1)[-1].splitlines() if re.match(r"^\d+\. ", ln)])
            because = list(range(1, min(count, 3) + 1)) or [1]
            return {"insights": [{"text": "I care about my routine", "because": because, "imp": 6}]}
        if name == "Utterance":
            # Say the first ground as it is: a model that copies its ground passes the check.
            said = len(re.findall(r'^[^:\n]+: "', text.split("conversation so far:", 1)[-1], re.M))
            about = _options(schema, "about")[0]
            return {"about": about, "say": _ground(text, about), "end": said + 1 >= self.end_after * 2}
        if name == "ConversationSummary":
            return {"summary": "They talked about the day.", "imp": 4}
        if name == "InterviewAnswer":
            about = _options(schema, "about")[0]
            return {"about": about, "answer": _ground(text, about)}
        raise ValueError(f"BrainResponder does not know the schema {name}")

    def _importance(self, line: str) -> int:
        low = line.lower()
        if any(w in low for w in ("party", "love", "fire", "election", "refused", "closed")):
            return 8
        if "sleep" in low or "idle" in low:
            return 1
        return 3


def _place(parent: Place | None, key: str, name: str, kind: PlaceKind, **kw: Any) -> Place:
    address = f"{parent.address}:{key}" if parent else key
    p = Place(address, name, kind, parent=parent, **kw)
    if parent is not None:
        parent.children.append(p)
    return p


def tiny_town(residents: Sequence[str] = ("Ana", "Ben", "Cal")) -> World:
    """A small town: one house per resident (bedroom with a bed, kitchen with a stove),
    Hobbs Cafe (08:00–20:00; counter with a coffee machine, a one-seat bathroom),
    an office, and a park."""
    town = _place(None, "town", "Town", PlaceKind.TOWN, rect=(0, 0, 2000, 2000))
    for i, name in enumerate(residents):
        slug = name.lower().replace(" ", "_")
        house = _place(town, f"{slug}_house", f"{name}'s house", PlaceKind.BUILDING,
                       rect=(i * 200, 0, 180, 180), residents=frozenset({name}))
        bed = _place(house, "bedroom", "Bedroom", PlaceKind.ROOM, rect=(i * 200, 0, 90, 180),
                     purpose=frozenset({"sleep", "relax", "read"}))
        _place(bed, "bed", "Bed", PlaceKind.OBJECT, rect=(i * 200 + 10, 10, 30, 30), purpose=frozenset({"sleep"}))
        kit = _place(house, "kitchen", "Kitchen", PlaceKind.ROOM, rect=(i * 200 + 90, 0, 90, 180),
                     purpose=frozenset({"cook", "eat", "wash"}))
        _place(kit, "stove", "Stove", PlaceKind.OBJECT, rect=(i * 200 + 100, 10, 30, 30), purpose=frozenset({"cook"}))
    cafe = _place(town, "hobbs_cafe", "Hobbs Cafe", PlaceKind.BUILDING, rect=(0, 400, 400, 300),
                  opens=time(8), closes=time(20), purpose=frozenset({"eat", "drink", "socialize", "work"}))
    counter = _place(cafe, "counter", "Counter", PlaceKind.ROOM, rect=(0, 400, 300, 300),
                     purpose=frozenset({"eat", "drink", "socialize", "work"}))
    _place(counter, "coffee_machine", "Coffee machine", PlaceKind.OBJECT, rect=(10, 410, 30, 30),
           purpose=frozenset({"drink", "work"}), state="idle")
    _place(cafe, "bathroom", "Bathroom", PlaceKind.ROOM, rect=(300, 400, 100, 300), capacity=1,
           purpose=frozenset({"toilet", "wash"}))
    office = _place(town, "office", "Office", PlaceKind.BUILDING, rect=(500, 400, 300, 300),
                    purpose=frozenset({"work", "study"}))
    _place(office, "desk_room", "Desk room", PlaceKind.ROOM, rect=(500, 400, 300, 300),
           purpose=frozenset({"work", "study"}))
    _place(town, "park", "Park", PlaceKind.BUILDING, rect=(900, 400, 400, 400),
           purpose=frozenset({"exercise", "relax", "socialize", "play"}))
    return World(town)
