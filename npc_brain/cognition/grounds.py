"""Grounds: what an NPC may say, each with its source (paper §4.3.2, made checkable).

A line of dialogue or an interview answer is made *from* a ground — a memory record, the
current action, a plan step, the persona's identity, a place it knows — chosen among the
ones the code offers (`answers.candidates` says which answer a line). Each ground carries
its text in the speaker's first person (what a line says) and, when it is news, the fact in
the third person with names plus its provenance (`subject`, `occasion`): what a listener
remembers, attributed. Everything here is pure.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, time

from npc_brain.cognition.newsworthy import newsworthy
from npc_brain.language.facts import facts_in
from npc_brain.language.phrasing import as_gerund_phrase, base_form, first_person
from npc_brain.language.reported import reported
from npc_brain.memory.record import MemoryKind, MemoryRecord
from npc_brain.types.ground import Ground, GroundKind
from npc_brain.types.persona import Persona
from npc_brain.types.plan import PlanStep


def _sentence(text: str) -> str:
    text = " ".join(text.split()).rstrip(" ,;:")
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def _third(text: str, name: str) -> str:
    """Shorten a repeated full name to the first name ("Isabella Rodriguez wants" stays; a
    second "Isabella Rodriguez" reads "Isabella")."""
    first = name.split()[0] if name else ""
    if not first or text.count(name) < 2:
        return text
    head, _, tail = text.partition(name)
    return head + name + tail.replace(name, first)


# Another person doing something ("Sam Moore would …"): the pronouns after it are theirs.
_OTHER_ACTS = re.compile(r"\b[A-Z][a-z'’-]+ [A-Z][a-z-]+(?!['’]) (?:would|will|is|was|has|had|can|could|\w+s|\w+ed)\b")
# A verb the subject goes on with after "but"/"and" ("… but fears it will …").
_GOES_ON = re.compile(r"^(I \w+\b.*?\b(?:but|and) )"
                      r"(fears|worries|hopes|wants|wishes|loves|likes|hates|thinks|believes)\b")


def _mine(text: str) -> str:
    """Third-person pronouns of a text about oneself, in the first person ('his paper' → 'my
    paper'; 'help her' → 'help me'). After another person's doing they are that person's:
    'I think Sam Moore would make a good mayor but fears it will exhaust him' keeps 'him'
    (and says 'fear')."""
    other = _OTHER_ACTS.search(text)
    if other is not None:
        head, tail = text[: other.start()], text[other.start():]
        return _agree(_mine(head) + tail if head else tail)
    text = re.sub(r"\b(himself|herself|themselves|themself)\b", "myself", text)
    text = re.sub(r"\b(?:he|she) (is|was|has|does|\w+s)\b",
                  lambda m: "I " + {"is": "am", "was": "was"}.get(m.group(1), base_form(m.group(1))), text)
    text = re.sub(r"\b(his|their)\b", "my", text)
    text = re.sub(r"\bher(?=\s+[a-z])(?!\s+(?:to|and|or|with|for|at|in|on|about|if|that|by|from|near|after|"
                  r"before|over|under|into|up|out|off|back|again|too|now|then|home|here|there|when|while|because|"
                  r"so|but)\b)", "my", text)
    text = re.sub(r"\b(her|him)\b", "me", text)
    # first_person makes the speaker "me" mid-sentence; as a subject it is "I" ("a friend me
    # teaches guitar" → "a friend I teach guitar").
    return _agree(re.sub(r"\bme (\w+s)\b", lambda m: "I " + base_form(m.group(1)), text))


def _agree(text: str) -> str:
    """'I think … but fears' → '… but fear': the verb the speaker goes on with agrees with I."""
    return _GOES_ON.sub(lambda m: m.group(1) + base_form(m.group(2)), text)


def _about_self(text: str, name: str) -> bool:
    return bool(name) and text.startswith((name + " ", name.split()[0] + " "))


def from_record(record: MemoryRecord, speaker: Persona, listener: str) -> Ground:
    """A memory as a ground: the speaker's first person, and the fact for a listener with its
    provenance. A heard one is said as heard ("Klaus Mueller told me that …"); it spreads
    when it is news by its fields (`newsworthy`) or tells of an occasion."""
    desc = record.description
    # A transcript is evidence of a talk, not something to recite.
    if record.kind is MemoryKind.DIALOGUE and desc.startswith("Conversation with "):
        desc = desc.split(":", 1)[0]
    if record.teller is not None:
        mine = reported(record.teller, record.claim)
        said = record.claim
    else:
        mine = first_person(desc, speaker.name)
        if _about_self(desc, speaker.name):
            mine = _mine(mine)
        said = _third(desc, speaker.name)
    spreads = record.occasion is not None or newsworthy(record)
    return Ground(GroundKind.MEMORY, _sentence(mine), _sentence(said), record.id, record.place,
                  facts_in(mine, exclude=(listener,)), spreads, subject=record.subject, occasion=record.occasion)


def identity_ground(persona: Persona) -> Ground:
    """'I am Isabella Rodriguez, the owner of Hobbs Cafe.'"""
    job = f", {with_article(persona.occupation)}" if persona.occupation else ""
    text = _sentence(f"I am {persona.name}{job}")
    return Ground(GroundKind.IDENTITY, text, _sentence(f"{persona.name} is{job.lstrip(',')}" if job else
                                                       f"{persona.name} introduced themselves"),
                  facts=facts_in(text))


def with_article(occupation: str) -> str:
    """An occupation as a sentence says it: 'the owner of Hobbs Cafe', 'a barista at Hobbs Cafe'."""
    occ = occupation.strip()
    low = occ.lower()
    if low.startswith(("a ", "an ", "the ")):
        return occ
    if " of " in low:  # "the owner of Hobbs Cafe"
        return "the " + occ
    return ("an " if low[:1] in "aeiou" else "a ") + occ


def status_ground(persona: Persona) -> Ground | None:
    """'These days I am running Hobbs Cafe and planning a Valentine's Day party.'"""
    if not persona.status:
        return None
    text = _sentence(f"These days I am {_mine(persona.status)}")
    said = _sentence(f"{persona.name} is {persona.status} these days")
    return Ground(GroundKind.IDENTITY, text, said, facts=facts_in(text))


def clock_phrase(t: datetime) -> str:
    """A clock time as a line says it: "8 am", "5:30 pm"."""
    h = t.hour % 12 or 12
    return f"{h}:{t.minute:02d} {'am' if t.hour < 12 else 'pm'}" if t.minute else f"{h} {'am' if t.hour < 12 else 'pm'}"


def _at(description: str, place: str | None) -> str:
    """'working' + 'Hobbs Cafe' → 'working at Hobbs Cafe' (unless the phrase names a place)."""
    if not place or place.lower() in description.lower() or re.search(r"\b(at|in|on) ", description):
        return description
    return f"{description} at {place}"


def action_ground(persona: Persona, doing: str, place: str | None) -> Ground:
    """'Right now I am baking pastries at Hobbs Cafe.'"""
    what = _at(_mine(as_gerund_phrase(doing) or doing), place)
    text = _sentence(f"Right now I am {what}")
    return Ground(GroundKind.ACTION, text, _sentence(f"{persona.name} was {what}"), place=None,
                  facts=facts_in(text))


_CLOCK_PHRASE = re.compile(r"\s+(?:at|from|around|by|until)\s+"
                           r"(?:\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.)|noon|midnight)"
                           r"(?:\s*(?:to|-|until)\s*\d{1,2}(?::\d\d)?\s*(?:am|pm))?", re.IGNORECASE)


def plan_ground(persona: Persona, step: PlanStep, now: datetime, place: str | None, *,
                tomorrow: bool = False, at: datetime | None = None) -> Ground:
    """A step of the day, in the tense its time calls for ('At 5 pm I will be …', 'At 9 am I was …').

    `tomorrow`: asked about tomorrow, today's step at that time is the best guess ("Tomorrow
    at 10 am I will probably be …"); `at`: the time asked about (default: the step's start)."""
    # The step's own clock time goes: the line says when ("At 10:55 am I will be opening the
    # pharmacy counter at 7am" was said of a habit's hour step).
    what = _at(_mine(_CLOCK_PHRASE.sub("", as_gerund_phrase(step.description) or step.description)), place)
    when = clock_phrase(at or step.start)
    if tomorrow:
        text = f"Tomorrow at {when} I will probably be {what}"
        said = f"{persona.name} will probably be {what} at {when} tomorrow"
    elif step.start > now:
        text, said = f"At {when} I will be {what}", f"{persona.name} will be {what} at {when} today"
    else:
        text, said = f"At {when} I was {what}", f"{persona.name} was {what} at {when} today"
    text = _sentence(text)
    return Ground(GroundKind.PLAN, text, _sentence(said), place=step.address, facts=facts_in(text))


def did_ground(persona: Persona, record: MemoryRecord, now: datetime) -> Ground | None:
    """The persona's sighting of itself ('Isabella Rodriguez is sweeping the floor', 6 pm
    yesterday) as what it did: 'Yesterday at 6 pm I was sweeping the floor.' None when the
    record is not of that shape (then it is said as a memory)."""
    head = f"{persona.name} is "
    if not record.description.startswith(head) or record.created > now:
        return None
    what = _mine(record.description[len(head):].rstrip(". "))
    when = clock_phrase(record.created)
    day = "Yesterday at" if record.created.date() < now.date() else "At"
    text = _sentence(f"{day} {when} I was {what}")
    said = _sentence(f"{persona.name} was {what} at {when} {'yesterday' if day != 'At' else 'today'}")
    return Ground(GroundKind.MEMORY, text, said, record=record.id, place=record.place, facts=facts_in(text))


def relation_ground(persona: Persona, listener: str) -> Ground | None:
    """How the persona sees the listener, in its own voice (never recited to the listener as 'you')."""
    rel = persona.relationships.get(listener)
    if not rel:
        return None
    text = _mine(first_person(rel, persona.name))
    first = listener.split()[0] if listener.split() else listener
    if first and first.lower() not in text.lower():
        # "A regular at the cafe." names nobody: say whom it is about.
        low = text[:1].lower() + text[1:]
        text = f"{listener} is {low}" if re.match(r"(a|an|the|my|our) ", low) else f"{listener}: {text}"
    text = _sentence(text)
    return Ground(GroundKind.RELATION, text, "", facts=facts_in(text, exclude=(listener,)))


def unknown_ground(topic: str) -> Ground:
    """An honest answer when nothing the speaker remembers is about the topic."""
    topic = topic.strip() or "that"
    if _QUESTION_LEFT.search(topic) or len(topic.split()) > _MAX_TOPIC_WORDS:  # no topic came out: don't recite it
        return NOT_SURE
    return Ground(GroundKind.UNKNOWN, _sentence(f"I have not heard anything about {topic}"))


# A "topic" that is still the question ("What do people here know you for"; held-out-2 got
# "I have not heard anything about What do people here know you for.").
# A question word anywhere says the same ("hey, what's the Rose and Crown like on a Friday night"
# came back whole after "I have not heard anything about").
_QUESTION_LEFT = re.compile(r"^(do|does|did|can|could|would|will|have|has|got|any|heard|ok|okay|so)\b"
                            r"|\b(whats|wheres|hows|whos|whens|what|what's|who|whom|how|why|where|"
                            r"when|which)\b|\b(you|your|me|i)\b", re.IGNORECASE)


_MAX_TOPIC_WORDS = 6
"""A longer "topic" is the line itself ("Doing a little bbq at my place sunday afternoon, like 2ish")."""
NOT_SURE = Ground(GroundKind.UNKNOWN, "I am not sure about that.")
REACTION = Ground(GroundKind.SMALL_TALK, "I would stop what I am doing and deal with it right away.")

NO_PLANS = Ground(GroundKind.UNKNOWN, "I have not planned that far yet.")
NO_ONE = Ground(GroundKind.UNKNOWN, "I have not met anyone new lately.")

SMALL_TALK = (
    Ground(GroundKind.SMALL_TALK, "Nice to see you."),
    Ground(GroundKind.SMALL_TALK, "It is good to have a chat."),
)


@dataclass(frozen=True, slots=True)
class Sight:
    """A public place of the map as a speaker can tell of it: its name, address, the map's
    description, the name as a sentence says it ("the library"), the opening hours it keeps
    (its own or its building's; none: open at all hours) and where it is on the map."""

    name: str
    address: str
    description: str = ""
    said: str = ""
    opens: time | None = None
    closes: time | None = None
    where: str = ""  # where it is, as a sentence goes on: "in Oak Hill College", "near Hobbs Cafe"
    keepers: tuple[tuple[str, str], ...] = ()
    """Who runs and works at it (its building), with their occupations: the map's `owner` first,
    then the residents whose workplace is in it, by name."""


@dataclass(frozen=True, slots=True)
class Moment:
    """What the speaker knows right now besides memory: the action, its place, the day plan."""

    doing: str
    place: str | None = None
    steps: tuple[PlanStep, ...] = ()  # today's plan, any level, in time order
    place_names: dict[str, str] | None = None  # address → display name, for plan steps
    news: tuple[Ground, ...] = ()  # an upcoming occasion to tell this listener of, best first
    places: tuple[tuple[str, str, frozenset[str]], ...] = ()  # public places it knows: name, address, purposes
    sights: tuple[Sight, ...] = ()  # public places and rooms it knows by a name of their own
    listener_is_agent: bool = False  # talking with another NPC (not the player, not an interviewer)
    turn: int = 0  # lines said so far in this conversation
