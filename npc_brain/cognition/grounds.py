"""Grounds: what an NPC may say, each with its source (paper §4.3.2, made checkable).

A line of dialogue or an interview answer is made *from* a ground — a memory record, the
current action, a plan step, the persona's identity — chosen among the ones the code
offers. What the other speaker asked decides which grounds are eligible (`Intent`): "who
are you" offers identity, "what are you doing" the current action, "what do you know about
X" the memories about X (or an honest "I haven't heard about X"), "what did you do earlier"
the day so far, "what will you do" the plan ahead. Each ground carries its text in the
speaker's first person (what a repaired line says) and in the third person with names (what
a listener who hears it remembers, attributed). Everything here is pure.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from npc_brain.cognition.facts import content_words, facts_in, times_in
from npc_brain.cognition.intent import Intent, topic_of, topic_words
from npc_brain.cognition.phrasing import as_gerund_phrase, base_form, first_person, parts_of_day
from npc_brain.cognition.plan import PlanStep
from npc_brain.memory.record import MemoryKind, MemoryRecord
from npc_brain.persona import Persona


class GroundKind(StrEnum):
    """Where a ground comes from."""

    IDENTITY = "identity"
    ACTION = "action"
    PLAN = "plan"
    MEMORY = "memory"
    RELATION = "relation"
    UNKNOWN = "unknown"  # an honest "I don't know about X": asserts nothing
    SMALL_TALK = "small talk"  # asserts nothing
    ACCEPT = "accept"  # yes to an occasion: the speaker commits to going
    DECLINE = "decline"
    OFFER = "offer"  # doing a game action the code offers (actions.Offer): "Here is a coffee for you."


@dataclass(frozen=True, slots=True)
class Ground:
    """One thing the speaker may say, with its source.

    `text` is the first-person sentence ("I want to host a party at Hobbs Cafe."); `said` is the
    same fact in the third person with names, for a listener to remember as hearsay; `record`
    is the memory id it came from (None for persona, plan and action grounds); `facts` are the
    names, places, dates and times a line made from it must carry; `spreads` says whether it is
    news (a third party, an event, a time and place) that a listener should remember.
    """

    kind: GroundKind
    text: str
    said: str = ""
    record: int | None = None
    place: str | None = None
    facts: tuple[str, ...] = ()
    spreads: bool = False

    @property
    def asserts(self) -> bool:
        """False for small talk and honest not-knowing: such a line states no facts."""
        return self.kind not in (GroundKind.SMALL_TALK, GroundKind.UNKNOWN)

    def label(self, limit: int = 110) -> str:
        """The option text the model chooses (the grammar holds it to one of these)."""
        return self.text if len(self.text) <= limit else self.text[: limit - 1].rstrip() + "…"


# Not "dinner": everyone has one every day, and passing on who is eating what crowded real
# news out of conversations (Valentine run fd4819b: "Klaus is eating dinner with his roommate"
# told on where "Sam is running for mayor" was not). A dinner party is a party.
_EVENTISH = re.compile(r"\b(party|meeting|election|tournament|concert|exhibition|festival|match|"
                       r"wedding|funeral|birthday|celebration|invited?|invitation|running for|campaign|"
                       r"mayor|candidacy|candidate)\b",
                       re.IGNORECASE)


def eventish(text: str) -> bool:
    """True when `text` names an event or a public undertaking (a party, an election, a
    campaign …): news someone would pass on."""
    return bool(_EVENTISH.search(text))


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
_OTHER_ACTS = re.compile(r"\b[A-Z][a-z'’-]+ [A-Z][a-z'’-]+ (?:would|will|is|was|has|had|can|could|\w+s|\w+ed)\b")
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
    text = re.sub(r"\bher(?=\s+[a-z])(?!\s+(?:to|and|or|with|for|at|in|on|about|if|that)\b)", "my", text)
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
    """A memory as a ground: first person for the speaker, third person for a listener."""
    desc = record.description
    # A transcript is evidence of a talk, not something to recite.
    if record.kind is MemoryKind.DIALOGUE and desc.startswith("Conversation with "):
        desc = desc.split(":", 1)[0]
    mine = first_person(desc, speaker.name)
    if _about_self(desc, speaker.name):
        mine = _mine(mine)
    facts = facts_in(desc, exclude=(speaker.name, listener))
    others = [f for f in facts if f not in (speaker.name, listener)]
    spreads = bool(_EVENTISH.search(desc)) or bool(others)
    return Ground(GroundKind.MEMORY, _sentence(mine), _sentence(_third(desc, speaker.name)), record.id,
                  record.place, facts_in(mine, exclude=(listener,)), spreads)


def identity_ground(persona: Persona) -> Ground:
    """'I am Isabella Rodriguez, the owner of Hobbs Cafe.'"""
    job = f", {_article(persona.occupation)}" if persona.occupation else ""
    text = _sentence(f"I am {persona.name}{job}")
    return Ground(GroundKind.IDENTITY, text, _sentence(f"{persona.name} is{job.lstrip(',')}" if job else
                                                       f"{persona.name} introduced themselves"),
                  facts=facts_in(text))


def _article(occupation: str) -> str:
    occ = occupation.strip()
    low = occ.lower()
    if low.startswith(("a ", "an ", "the ")):
        return occ
    if " of " in low or low.startswith(("owner", "head", "mayor", "manager")):
        return "the " + occ
    return ("an " if low[:1] in "aeiou" else "a ") + occ


def status_ground(persona: Persona) -> Ground | None:
    """'These days I am running Hobbs Cafe and planning a Valentine's Day party.'"""
    if not persona.status:
        return None
    text = _sentence(f"These days I am {_mine(persona.status)}")
    said = _sentence(f"{persona.name} is {persona.status} these days")
    return Ground(GroundKind.IDENTITY, text, said, facts=facts_in(text), spreads=bool(_EVENTISH.search(text)))


def _clock(t: datetime) -> str:
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


def plan_ground(persona: Persona, step: PlanStep, now: datetime, place: str | None, *,
                tomorrow: bool = False, at: datetime | None = None) -> Ground:
    """A step of the day, in the tense its time calls for ('At 5 pm I will be …', 'At 9 am I was …').

    `tomorrow`: asked about tomorrow, today's step at that time is the best guess ("Tomorrow
    at 10 am I will probably be …"); `at`: the time asked about (default: the step's start)."""
    what = _at(_mine(as_gerund_phrase(step.description) or step.description), place)
    when = _clock(at or step.start)
    if tomorrow:
        text = f"Tomorrow at {when} I will probably be {what}"
        said = f"{persona.name} will probably be {what} at {when} tomorrow"
    elif step.start > now:
        text, said = f"At {when} I will be {what}", f"{persona.name} will be {what} at {when} today"
    else:
        text, said = f"At {when} I was {what}", f"{persona.name} was {what} at {when} today"
    text = _sentence(text)
    return Ground(GroundKind.PLAN, text, _sentence(said), place=step.address, facts=facts_in(text),
                  spreads=bool(_EVENTISH.search(what)))


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
    if _QUESTION_LEFT.search(topic):  # no topic came out of the question: don't recite it
        return Ground(GroundKind.UNKNOWN, "I am not sure about that.")
    return Ground(GroundKind.UNKNOWN, _sentence(f"I have not heard anything about {topic}"))


# A "topic" that is still the question ("What do people here know you for"; held-out-2 got
# "I have not heard anything about What do people here know you for.").
_QUESTION_LEFT = re.compile(r"^(what|who|whom|how|why|where|when|which|do|does|did|can|could|would|will|"
                            r"have|has)\b|\b(you|your|me|i)\b", re.IGNORECASE)


REACTION = Ground(GroundKind.SMALL_TALK, "I would stop what I am doing and deal with it right away.")

NO_PLANS = Ground(GroundKind.UNKNOWN, "I have not planned that far yet.")
NO_ONE = Ground(GroundKind.UNKNOWN, "I have not met anyone new lately.")

SMALL_TALK = (
    Ground(GroundKind.SMALL_TALK, "Nice to see you."),
    Ground(GroundKind.SMALL_TALK, "It is good to have a chat."),
)


def relevant(record: MemoryRecord, topic_words: frozenset[str]) -> bool:
    """True when the memory shares a content word with the topic (retrieval always returns k)."""
    return bool(topic_words & content_words(record.description))


@dataclass(frozen=True, slots=True)
class Moment:
    """What the speaker knows right now besides memory: the action, its place, the day plan."""

    doing: str
    place: str | None = None
    steps: tuple[PlanStep, ...] = ()  # today's plan, any level, in time order
    place_names: dict[str, str] | None = None  # address → display name, for plan steps
    news: tuple[Ground, ...] = ()  # an upcoming occasion to tell this listener of, best first


def _step_place(moment: Moment, step: PlanStep) -> str | None:
    if not step.address or not moment.place_names:
        return None
    return moment.place_names.get(step.address)


# Words of a question about later that name no topic ("what's next on your list today?").
_WHEN_WORDS = frozenset({"day", "today", "tonight", "tomorrow", "later", "next", "soon", "rest", "list",
                         "headed", "plan", "planned", "morning", "afternoon", "evening", "night", "week",
                         "weekend", "time", "see", "somewhere", "anywhere", "else"})
_ROUTINE = 2  # the rule-rated sightings' importance (`importance.PERSON_ACTION`)
# A conversation's summary ("A and B talked about X, Y and Z.") is a record of a talk, not news.
_SUMMARY = re.compile(r"^.+ and .+ (talked about .+|had a short chat)\.$")


def candidates(
    intent: Intent,
    speaker: Persona,
    listener: str,
    line: str,
    now: datetime,
    moment: Moment,
    recalled: Sequence[MemoryRecord],
    *,
    limit: int = 3,
) -> list[Ground]:
    """The eligible grounds for answering `line`, best first (a small model leans to the first)."""
    # Not grounds: a transcript (evidence for reflection, not something to recite) and what
    # the listener itself said (telling Alex what Alex said answers nothing).
    # Nor a plan record: the plan's steps are grounds of their own, with their times.
    # Nor a routine sighting of the listener ("Klaus Mueller is having a coffee", said to Klaus).
    recalled = [r for r in recalled
                if not r.description.startswith(("Conversation with ", f"{listener} told ", f"{listener} invited "))
                and not (r.description.startswith(f"{listener} ") and r.importance <= _ROUTINE)
                and r.kind is not MemoryKind.PLAN and not _SUMMARY.search(r.description)]
    topic = topic_of(line) if line else ""
    words = topic_words(line, speaker.name, listener)
    about = [r for r in recalled if relevant(r, words)] if words else list(recalled)
    # Most of the topic first ("the Valentine's Day party": the party itself before its
    # helpers), then the most informative (its place, date and time).
    about.sort(key=lambda r: (-len(words & content_words(r.description)),
                              -len(facts_in(r.description, exclude=(speaker.name,)))))
    mems = [from_record(r, speaker, listener) for r in about]
    action = action_ground(speaker, moment.doing, moment.place)
    ahead = [s for s in moment.steps if s.start > now and s.description != moment.doing]
    before = [s for s in moment.steps if s.end <= now]
    future = [plan_ground(speaker, s, now, _step_place(moment, s)) for s in ahead[:3]]
    past = [plan_ground(speaker, s, now, _step_place(moment, s)) for s in reversed(before[-3:])]
    status = status_ground(speaker)
    out: list[Ground | None]
    if intent is Intent.IDENTITY:
        # Who it is and what it is about these days, in one ground: the answer to "who are you".
        who = identity_ground(speaker)
        if status is not None:
            who = Ground(GroundKind.IDENTITY, f"{who.text} {status.text}", who.said, facts=who.facts + status.facts)
        out = [who, action]
    elif intent is Intent.NOW:
        out = [action, *future[:1], status]
    elif intent is Intent.FUTURE:
        plans = [m for m in mems if re.search(r"\b(want|plan|hope|will|going to|intend)", m.text)]
        tomorrow = bool(re.search(r"\btomorrow\b", line, re.IGNORECASE))
        asked = _asked_time(line, now, tomorrow=tomorrow)
        if asked is not None:
            step = next((s for s in moment.steps if s.covers(asked)), None)
            # Asked about a time: that time's step, or an honest "not planned" — not another hour.
            # A clock time is said as asked; a part of the day ("this evening") by the step's own
            # start (a made-up "6 pm" is in no memory), or as now when the step has begun.
            exact = bool(times_in(line))
            if step is None:
                future = [NO_PLANS]
            elif not exact and not tomorrow and step.start <= now:
                future = [action]
            else:
                future = [plan_ground(speaker, step, now, _step_place(moment, step), tomorrow=tomorrow,
                                      at=asked if exact else None)]
            plans = []
        out = [*future, *plans, status]
        named = words - _WHEN_WORDS
        if named and asked is None:  # "will you go to the party?": what it knows of that first
            about_it = [g for g in (*future, *mems) if named & content_words(g.text)]
            out = [*about_it, *out]
    elif intent is Intent.REACT:
        out = [REACTION]
    elif intent is Intent.PEOPLE:
        people = [relation_ground(speaker, n) for n in speaker.relationships if n != listener]
        met = [m for m in mems if m.spreads]
        out = [*met[:2], *people[:3]]
    elif intent is Intent.PAST:
        recent = sorted((from_record(r, speaker, listener) for r in recalled
                         if r.created <= now and r.created.date() == now.date()
                         and r.kind is not MemoryKind.PLAN),
                        key=lambda g: -(g.record or 0))
        out = [*(past or recent[:2] or [action])]  # what it did: the day's steps before its memories
        if words:  # "have you been to the pub?": what it did there first
            there = [g for g in (*past, *recent, *mems) if words & content_words(g.text)]
            out = [*there, *out]
    elif intent is Intent.ABOUT and not words:  # "what is new with you?": the news it has, else its day
        news = [from_record(r, speaker, listener)
                for r in sorted(recalled, key=lambda r: (-r.importance, -r.id)) if r.importance > _ROUTINE]
        out = [*news[:1], status, action]
    elif intent is Intent.ABOUT:
        # Memories of it, then the day's steps there ("Is Hobbs Cafe nice?" "At 9 am I will be …").
        steps = [g for g in (*future, *past) if words & content_words(g.text)]
        # … and who it is, when that names it (a student asked about her college).
        own = [g for g in (identity_ground(speaker), status, action) if g is not None and words & content_words(g.text)]
        out = [*mems, *steps, *own] if mems or steps or own else [unknown_ground(topic)]
        if speaker.relationships.get(_named(listener, topic, speaker)):
            out.insert(0, relation_ground(speaker, _named(listener, topic, speaker)))
    elif intent is Intent.INVITED:
        out = list(moment.news)  # the caller offers the yes and the no
    elif moment.news:  # CHAT with an occasion coming up: lead with it (how news travels, §7.1.1);
        # the only option, as a 135M model's pick between two is a coin toss.
        out = [moment.news[0]]
        limit = 1
    else:  # CHAT: what the speaker has on its mind about this listener and this line
        # Not the relationship with the listener: that would describe them to themselves.
        out = [*mems[:2], action, status]
    grounds = _unique([g for g in out if g is not None and g.text])
    # Questions with one right kind of answer get few options: a 135M model's pick is near
    # random, and the first option is the code's best.
    limit = min(limit, _FEW.get(intent, limit))
    # Nothing to say on the question: say so (asserting nothing) rather than something else.
    fallback = {Intent.FUTURE: NO_PLANS, Intent.PEOPLE: NO_ONE, Intent.ABOUT: unknown_ground(topic)}
    return grounds[:limit] or [fallback.get(intent, SMALL_TALK[0])]


_FEW = {Intent.IDENTITY: 1, Intent.NOW: 1, Intent.PAST: 2, Intent.FUTURE: 2, Intent.REACT: 1, Intent.ABOUT: 2,
        Intent.INVITED: 2}


# The hours of a part of the day a question names (`phrasing.parts_of_day`): "any plans for this
# evening?" is about the evening's step, not the next one (seen in the demo: "At 12 pm I will be
# having lunch").
_PART_HOURS = {"midday": (12, 13), "afternoon": (14, 17), "evening": (18, 22)}


def _asked_time(line: str, now: datetime, *, tomorrow: bool = False) -> datetime | None:
    """The clock time a question names ('at 10 am') on today's date, or the start of the part of
    the day it names ('this evening': 18:00; now, if that part has begun today), if any."""
    times = sorted(times_in(line))
    if times:
        h, m = (int(x) for x in times[0].split(":"))
        return now.replace(hour=h, minute=m, second=0, microsecond=0)
    for part, (start, end) in _PART_HOURS.items():
        if part in parts_of_day(line) and (tomorrow or now.hour < end):
            at = now.replace(hour=start, minute=0, second=0, microsecond=0)
            return at if tomorrow else max(at, now)
    return None


def _named(listener: str, topic: str, speaker: Persona) -> str:
    """A person from the speaker's relationships whose name the topic mentions (or '')."""
    low = topic.lower()
    for name in speaker.relationships:
        if name.lower() in low or name.split()[0].lower() in low.split():
            return name
    return ""


def _unique(grounds: list[Ground]) -> list[Ground]:
    seen: set[str] = set()
    out = []
    for g in grounds:
        key = g.label().lower()
        if key not in seen:
            seen.add(key)
            out.append(g)
    return out
