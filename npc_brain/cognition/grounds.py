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
from npc_brain.cognition.phrasing import as_gerund_phrase, base_form, first_person
from npc_brain.cognition.plan import PlanStep
from npc_brain.memory.record import MemoryKind, MemoryRecord
from npc_brain.persona import Persona


class Intent(StrEnum):
    """What a line asks for (the paper's interview categories, as a player asks them)."""

    IDENTITY = "identity"  # who are you, what do you do
    NOW = "now"  # what are you doing
    ABOUT = "about"  # what do you know / think about X, have you heard …
    PAST = "past"  # what did you do earlier / yesterday
    FUTURE = "future"  # what will you do, any plans
    REACT = "react"  # a situation: what would you do
    PEOPLE = "people"  # who would you spend time with, who are your friends
    CHAT = "chat"  # a greeting, anything else
    INVITED = "invited"  # told of an upcoming occasion: yes or no (see `invitation`)


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


_ASKS: tuple[tuple[Intent, re.Pattern[str]], ...] = (
    (Intent.REACT, re.compile(
        r"(\bif\b.*\bwhat (would|do|will) you do|[.!]\s+what (would|do|will) you do|what would you do)",
        re.IGNORECASE)),
    (Intent.PEOPLE, re.compile(
        r"\b(who would|which person|one person|someone you|anyone you|your friends?|who do you (like|know|spend))",
        re.IGNORECASE)),
    (Intent.IDENTITY, re.compile(
        r"\b(who are you|your name|who('?s| is) this|about yourself|introduce yourself|spend your (working )?days"
        r"|for a living|what do you do all day"
        r"|what do you do( for (a living|work))?\s*\??$"
        r"|what('?s| is) your (job|work|occupation)|where do you work|do you work)", re.IGNORECASE)),
    (Intent.PAST, re.compile(
        r"\b(earlier|yesterday|this morning|last night|so far today|did you (do|go|see|meet)|have you been"
        r"|what did you|how was your (day|morning))\b", re.IGNORECASE)),
    (Intent.FUTURE, re.compile(
        r"\b(will you|going to|gonna|plans?|planning|later|tonight|tomorrow|this (afternoon|evening)"
        r"|headed|heading|after this|after that|after work|where to next"
        r"|next|what('?s| is) (on )?your schedule|are you (doing|going) (anything|later))\b", re.IGNORECASE)),
    (Intent.ABOUT, re.compile(r"\b(what('?s| is) up with|fill me in|tell me (more )?about)\b", re.IGNORECASE)),
    (Intent.NOW, re.compile(
        r"\b(what are you (doing|up to|working on)|what('?s| is) up|are you busy|what you doing|doing right now"
        r"|doing now|what are you busy with|how('?s| is) your (day|morning|afternoon|evening))\b", re.IGNORECASE)),
    (Intent.ABOUT, re.compile(
        r"\b(know (anything )?about|heard (anything )?(about|of)|think (of|about)|tell me about|what about"
        r"|how is|how('?s| are)|news|who is|what is|do you know|opinion|feel about|any word"
        r"|is there|are there|where is|where can|where('?s| are)|going on|happening|anything new)\b"
        # "Is Hobbs Cafe a nice place?": a yes/no question about a thing (not "are you …", "is it …").
        r"|^\s*(is|are|was|were)\s+(?!(you|it|that|this|he|she|they|we|i)\b)",
        re.IGNORECASE)),
)


# Question words that say nothing about the topic ("how is the café doing today" is about the café).
_VAGUE = frozenset({"you", "your", "know", "think", "heard", "anything", "tell", "doing", "today", "there",
                    "town", "thing", "lately", "recently", "news"})


def intent_of(line: str) -> Intent:
    """The first matching category, in an order where the specific beats the general; a
    question no pattern knows goes by its single words (`_CUES`)."""
    for intent, pattern in _ASKS:
        if pattern.search(line):
            # "What are you up to at 8 pm?" asks about that hour's step, not this minute's.
            return Intent.FUTURE if intent is Intent.NOW and times_in(line) else intent
    if "?" in line:
        if times_in(line):  # "Where should I look for you at 5 pm?": that hour's step
            return Intent.FUTURE
        for intent, cue in _CUES:
            if cue.search(line):
                return intent
    return Intent.CHAT


# Single words that place an unknown question (held-out phrasings, 2026-12-02: "What were you
# doing an hour ago?", "What kind of work do you do?", "Got any gossip about the pipe?" were
# all read as chat): tense and time first, then the person, then a topic.
_CUES: tuple[tuple[Intent, re.Pattern[str]], ...] = (
    (Intent.PAST, re.compile(r"\b(ago|so far|before|were you|did|done|happened|been)\b", re.IGNORECASE)),
    (Intent.FUTURE, re.compile(r"\b(next|later|after|soon|planned|will|afternoon|evening|tonight|weekend|coming up)\b",
                               re.IGNORECASE)),
    (Intent.NOW, re.compile(r"\b(now|moment|currently|busy|doing)\b", re.IGNORECASE)),
    (Intent.IDENTITY, re.compile(r"\b(who|name|work|job|living|earn|career|trade|met|call you|and you are)\b",
                                 re.IGNORECASE)),
    (Intent.ABOUT, re.compile(r"\b(about|story|gossip|rumou?rs?|know|heard|hear|new|news|think)\b",
                              re.IGNORECASE)),
)


_ABOUT = re.compile(r"\b(?:about|of|with|regarding|in on)\s+(.+?)[?.!]*$", re.IGNORECASE)
_IS = re.compile(r"\b(?:is|are)\s+(.+?)[?.!]*$", re.IGNORECASE)


def topic_of(line: str) -> str:
    """What a question is about ("what do you know about the party?" → "the party")."""
    text = line.strip()
    # The last "about/of/with X" names the topic ("is anything going on with the concert?").
    hits = [m for m in (_ABOUT.search(text, i) for i in range(len(text))) if m]
    m = min(hits, key=lambda h: len(h.group(1))) if hits else _IS.search(text)
    topic = m.group(1) if m else line
    topic = re.sub(r"^(there|here)\s+", "", topic.strip(), flags=re.IGNORECASE)
    if m is not None and not hits and re.match(r"\s*(is|are|was|were)\b", text, re.IGNORECASE):
        # "Is Hobbs Cafe a nice place to go?": the subject, not what is asked of it.
        topic = re.sub(r"\s+((a|an)\s+)?(very |really |so |too )?(nice|good|great|fun|safe|busy|popular|quiet|"
                       r"open|closed|far|near|close|expensive|cheap|worth)\b.*$", "", topic,
                       flags=re.IGNORECASE) or topic
    # "Have you been to X lately?": the place.
    topic = re.sub(r"^.*\b(been|gone|go|went)\s+(to|into|by)\s+", "", topic.strip(), flags=re.IGNORECASE)
    topic = re.sub(r"\s+(doing|going|today|lately|these days|right now|now|in town|around here)\b.*$", "",
                   topic.strip(" ?.!"), flags=re.IGNORECASE)
    return " ".join(topic.split())[:60].rstrip(" ?.!")


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


def topic_words(line: str, speaker: str, listener: str) -> frozenset[str]:
    """The content words of what `line` asks about, without the two speakers' names."""
    topic = topic_of(line) if line else ""
    return content_words(topic) - content_words(speaker) - content_words(listener) - _VAGUE


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
        asked = _asked_time(line, now)
        tomorrow = bool(re.search(r"\btomorrow\b", line, re.IGNORECASE))
        if asked is not None:
            step = next((s for s in moment.steps if s.covers(asked)), None)
            # Asked about a time: that time's step, or an honest "not planned" — not another hour.
            future = [plan_ground(speaker, step, now, _step_place(moment, step), tomorrow=tomorrow,
                                  at=asked)] if step is not None else [NO_PLANS]
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


def _asked_time(line: str, now: datetime) -> datetime | None:
    """The clock time a question names ('at 10 am') on today's date, if any."""
    times = sorted(times_in(line))
    if not times:
        return None
    h, m = (int(x) for x in times[0].split(":"))
    return now.replace(hour=h, minute=m, second=0, microsecond=0)


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
