"""Flavour: one more seed memory per resident in a language model's own words — optional.

The rules and templates make a whole, coherent town without a model. With one, each resident
is asked for a single ordinary detail (a taste, a small habit, a wish) and the code keeps it
only when it passes the check: one sentence about that person (it starts with their first
name), no one else's name and no capitalised name the map does not have, no day or clock time
(so a model cannot plant an occasion), not a copy of a line the persona already has. A detail
that fails is left out — the persona is complete without it — and `Flavoured` counts both.
"""
from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from npc_brain.language.dates import day_in, hours_in
from npc_brain.language.folding import fold
from npc_brain.language.lexicon import ENGLISH, Lexicon
from npc_brain.llm.errors import LLMError
from npc_brain.llm.protocols import ChatModel, Message
from npc_brain.personas.words import ENGLISH_PEOPLE, PersonaWords
from npc_brain.types.persona import Persona
from npc_brain.world.place import PlaceKind
from npc_brain.world.world import World

__all__ = ["Detail", "Flavoured", "accepted", "add_flavour", "detail_messages"]

log = logging.getLogger(__name__)
_NOW = datetime(2000, 1, 3, 9, 0)  # any date: a detail must name no day at all
MAX_CHARS = 120
_CAPITAL = re.compile(r"\b[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*")


class Detail(BaseModel):
    """The model's answer: one short sentence."""

    model_config = ConfigDict(frozen=True)

    detail: str = Field(min_length=12, max_length=MAX_CHARS)


@dataclass(frozen=True)
class Flavoured:
    """The personas with their details, and how many details were kept and dropped."""

    personas: list[Persona]
    kept: int
    dropped: int


def detail_messages(persona: Persona, places: Sequence[str]) -> list[Message]:
    """The prompt: who the person is, the town's places, and what to write."""
    first = persona.name.split()[0]
    system = ("You write one short, ordinary detail about a person in a small town, for a game. One sentence, "
              "third person, present tense, starting with their first name. Mention nobody else, no dates or "
              "times, and no places except those listed.")
    user = (f"{persona.summary()}\nPlaces in town: {', '.join(places)}.\n"
            f"Write one sentence about a small habit, taste or wish of {first}.")
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]


def accepted(text: str, persona: Persona, places: Sequence[str], people: Sequence[str], *,
             words: PersonaWords = ENGLISH_PEOPLE, lexicon: Lexicon = ENGLISH) -> str | None:
    """The detail as a seed memory ("<full name> …"), or None when it fails the check."""
    line = " ".join(text.split()).strip().rstrip(".")
    first, _, rest = persona.name.partition(" ")
    if not line or "\n" in text or re.search(r"[.!?;]\s", line) or len(text.strip()) >= MAX_CHARS - 2:
        return None  # more than one sentence, or cut off by the length cap
    if fold(line).startswith(fold(persona.name) + " "):
        body = line[len(persona.name) + 1:]
    elif fold(line).startswith(fold(first) + " "):
        body = line[len(first) + 1:]
    else:
        return None
    said = fold(body).split()
    dangling = {*lexicon.determiners, *lexicon.place_prepositions, *lexicon.phrase_breaks}
    if len(said) < 3 or not body[:1].isalpha() or not body[:1].islower():
        return None  # "Arjun Sharma (23)": a sentence goes on with a verb
    if set(said) & set(words.first_person) or said[-1].strip(",:-") in dangling or body[-1:] in ",:;-(":
        return None  # told by someone ("I", "you"), or it stops mid-phrase
    allowed = {fold(p) for p in places} | {fold(persona.name), fold(first), fold(rest)}
    for match in _CAPITAL.finditer(body):
        name = fold(match.group(0))
        if not any(f" {name} " in f" {a} " for a in allowed):
            return None  # a name the town does not have (or someone else's)
    folded = fold(body)
    if any(fold(p.split()[0]) in folded.split() for p in people if p != persona.name):
        return None
    if day_in(line, _NOW) is not None or hours_in(line)[0] is not None:
        return None
    memory = f"{persona.name} {body}"
    if fold(memory) in {fold(m) for m in (*persona.memories, *persona.daily_habits)}:
        return None
    return memory


def add_flavour(personas: Sequence[Persona], model: ChatModel, world: World, *,
                existing: Sequence[Persona] = ()) -> list[Persona]:
    """Each persona with one more seed memory from `model` where the detail passes `accepted`."""
    return flavour(personas, model, world, existing=existing).personas


def flavour(personas: Sequence[Persona], model: ChatModel, world: World, *,
            existing: Sequence[Persona] = ()) -> Flavoured:
    """`add_flavour`, with the counts of details kept and dropped."""
    places = [p.name for p in world.root.children if p.kind is not PlaceKind.OBJECT]
    people = [p.name for p in (*existing, *personas)]
    out, kept, dropped = [], 0, 0
    for persona in personas:
        try:
            reply = model.parse(detail_messages(persona, places), Detail, max_tokens=60, temperature=0.7,
                                purpose="persona_flavour", agent=persona.name)
        except LLMError as exc:  # a model that fails leaves the persona as the rules made it
            log.warning("no flavour for %s: %s", persona.name, exc)
            dropped += 1
            out.append(persona)
            continue
        memory = accepted(reply.detail, persona, places, people)
        if memory is None:
            dropped += 1
            out.append(persona)
            continue
        kept += 1
        out.append(persona.model_copy(update={"memories": (*persona.memories, memory)}))
    return Flavoured(out, kept, dropped)
