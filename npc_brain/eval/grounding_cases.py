"""The grounding evaluation's day and questions: scripted news, then player questions with truths.

`NEWS` is a pool of third-party events; `inject_news` tells each agent a few of them (picked
by seed, with places and people drawn from the town), as another agent's words or as
something seen, so there are facts to ask about that no persona holds. `cases_for` then writes
the player's questions for one agent over the five interview categories, each with its ground
truth taken from that agent's own state: identity → the persona; now → the current plan step;
about X → the memory records about X (about one in five asks about something made up, whose
truth is "doesn't know"); earlier → steps and talks of the day so far; later → steps ahead.
Phrasings come from several templates per category, picked by seed.
"""
from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from npc_brain.language.facts import content_words, facts_in, fold
from npc_brain.memory.record import MemoryKind, MemoryRecord
from npc_brain.types.observation import Observation, ObservationKind

CATEGORIES = ("identity", "now", "about", "earlier", "later")
"""The paper's interview categories as a player asks them."""

ORDER = ("identity", "now", "about", "earlier", "later", "about", "about", "later")
"""The categories of an agent's questions, in turn (8 questions: one full cycle)."""


@dataclass(frozen=True, slots=True)
class News:
    """A third-party event: its sentence (with `{place}`, `{person}`, `{time}`), the topic a
    player asks about, and the word a memory of it must contain."""

    fact: str
    topic: str
    key: str


NEWS: tuple[News, ...] = (
    News("a pipe burst at {place} this morning and the ground floor is flooded", "the burst pipe",
         "pipe"),
    News("{person} lost a brown dog called Biscuit in Johnson Park", "the lost dog", "dog"),
    News("there is a bake sale at {place} at {time} today", "the bake sale", "bake"),
    News("{person} won the chess tournament at {place} last night", "the chess tournament",
         "chess"),
    News("a film crew will shoot a movie at {place} on Friday", "the film crew", "film"),
    News("the power went out at {place} last night for three hours", "the power cut", "power"),
    News("{person} is planning a wedding at {place} in June", "{first}'s wedding", "wedding"),
    News("a jazz concert will be held at {place} at {time} on Saturday", "the jazz concert",
         "jazz"),
    News("the old bridge near {place} is closed for repairs until March", "the old bridge",
         "bridge"),
    News("{person} found a lost wallet at {place} and took it to the police", "the lost wallet",
         "wallet"),
    News("a new bakery will open next to {place} on March 1", "the new bakery", "bakery"),
    News("a fox was seen stealing eggs at {place} before dawn", "the fox", "fox"),
    News("{person} broke an arm falling off a ladder at {place}", "{first}'s accident", "ladder"),
    News("the town council will vote on a new bus line at {place} at {time} on Monday",
         "the bus line vote", "bus"),
)
"""Third-party events to tell agents (the seed picks which, where and who)."""

MADE_UP: tuple[str, ...] = (
    "the circus at the lighthouse", "the dragon boat race", "Mayor Higgins' resignation",
    "the meteor shower festival", "the robbery at the jewellery store", "the submarine exhibit",
    "the ice sculpture contest", "the haunted windmill", "the balloon crash on Elm Ridge",
    "the treasure found at Pike Harbour",
)
"""Events no agent can know of: asked about, the truth is "doesn't know"."""

TEMPLATES: dict[str, tuple[str, ...]] = {
    "identity": ("Who are you?", "Hi, I'm Alex. What's your name?", "Could you introduce yourself?",
                 "Tell me about yourself.", "Sorry, what should I call you?"),
    "job": ("What do you do for a living?", "What is your job?", "What's your occupation?",
            "So how do you spend your working days?"),
    "now": ("What are you doing right now?", "What are you up to?",
            "Are you busy? What are you doing?", "Hey, what are you working on at the moment?",
            "What's keeping you busy right now?"),
    "about": ("What do you know about {x}?", "Have you heard anything about {x}?",
              "Tell me about {x}.", "Any news about {x}?", "What do you think about {x}?",
              "Is anything going on with {x}?"),
    "earlier": ("What did you do earlier today?", "How was your morning?",
                "What have you been up to this morning?", "What did you do so far today?",
                "Been anywhere interesting today?"),
    "later": ("What will you do later today?", "What are your plans for the rest of the day?",
              "What are you going to do next?", "What will you be doing at {time}?",
              "Where are you headed after this?"),
}
"""Several phrasings per category ("job" is the identity category's second kind); the last of
each is a natural phrasing the intent patterns were not written for."""

HELD_OUT: dict[str, tuple[str, ...]] = {
    "identity": ("I don't think we've met. Who are you?", "Nice to meet you. And you are?",
                 "Remind me of your name?"),
    "job": ("What kind of work do you do?", "How do you earn your keep?", "What line of work are you in?"),
    "now": ("Whatcha doing?", "What's got you busy at the moment?", "Busy with something right now?"),
    "about": ("Do you know anything about {x}?", "What's the story with {x}?", "Got any gossip about {x}?",
              "Heard about {x}?"),
    "earlier": ("What have you done today so far?", "Did anything happen this morning?",
                "What were you doing an hour ago?"),
    "later": ("What's next on your list today?", "Anything planned for this afternoon?",
              "What are you doing after this?", "Where will you be at {time}?"),
}
"""Phrasings written after the intent patterns and grounds were frozen (session of 2026-12-02) and
run once as they are (`eval grounding --phrasings held-out`): a check that the dev set's figures
are not the templates' alone. Its first run read 35% of them as chat; the single-word cues of
`grounds.intent_of` were written from its misses, so it is a dev set now, and `HELD_OUT_2`
(written after those cues, never run before its reported run) is the held-out one."""

HELD_OUT_2: dict[str, tuple[str, ...]] = {
    "identity": ("Have we met before? I'm Alex.", "Who am I talking to?", "What brings you to this town?"),
    "job": ("What's your day job?", "Are you a student or do you work?", "What do people here know you for?"),
    "now": ("What are you in the middle of?", "Caught you at a bad time?", "Am I interrupting something?"),
    "about": ("What can you tell me about {x}?", "Anything interesting about {x}?", "Fill me in on {x}.",
              "Any idea what's up with {x}?"),
    "earlier": ("How has your day been?", "Where were you this morning?", "Anything exciting happen earlier?"),
    "later": ("What's the plan for the rest of today?", "Where are you off to next?",
              "Will I see you somewhere later?", "What are you up to at {time}?"),
}
"""Held-out phrasings, written after the cues above and reported on their first run. Three of its
misses were then fixed (a named hour, "what's up with X", "fill me in on X"): `HELD_OUT_3` is the
set written after those fixes."""

HELD_OUT_3: dict[str, tuple[str, ...]] = {
    "identity": ("Sorry, I didn't catch your name.", "Who might you be?", "Tell me a bit about who you are."),
    "job": ("What do you do around here?", "Is this where you work?", "How do you make your money?"),
    "now": ("What's happening with you at this very moment?", "Keeping busy?", "What's on your plate right now?"),
    "about": ("What have you heard about {x}?", "Is there any news on {x}?", "Can you tell me anything about {x}?",
              "I keep hearing about {x}. What is it?"),
    "earlier": ("What did you get up to earlier?", "How did your morning go?", "Where have you been today?"),
    "later": ("What are you planning to do this afternoon?", "Got anything on later?",
              "What's coming up for you today?", "Where should I look for you at {time}?"),
}
"""Phrasings written after held-out-2's fixes (2026-12-02). Its first run answered 75 / 77.5%;
a clock time in an unknown question was then made that hour's step, so it too is a dev set now."""

HELD_OUT_4: dict[str, tuple[str, ...]] = {
    "identity": ("I don't believe I know your name.", "Mind telling me who you are?", "Do I know you from somewhere?"),
    "job": ("What's your trade?", "Where do you spend your working hours?", "What keeps you busy during the week?"),
    "now": ("Hard at work?", "What's keeping you occupied?", "Anything keeping you busy just now?"),
    "about": ("Have you got any news about {x}?", "What's the word on {x}?",
              "Someone mentioned {x}. Do you know about it?", "{x}: what do you make of it?"),
    "earlier": ("What have you been doing all morning?", "Were you anywhere this morning?",
                "What did you do before now?"),
    "later": ("What's on for you this evening?", "Do you have anything planned?",
              "What will you get up to once you're done here?", "Might I find you somewhere around {time}?"),
}
"""Phrasings written after held-out-3's fix (2026-12-02), before the word model
(`cognition.intent_model`); run on the patterns and cues (77.5 / 77.5%), then once on the word
model (77.5 / 80%), whose misses (a topic said as "it", "the word on X", "make of it") were then
fixed, so it is a dev set now."""

HELD_OUT_5: dict[str, tuple[str, ...]] = {
    "identity": ("Hi! Who do I have the pleasure of meeting?", "Are you from around here?",
                 "What do folks call you?"),
    "job": ("What is it that you do for work?", "Do you have a job around here?", "How do you make a living?"),
    "now": ("Are you working at the moment?", "What are you busy doing?", "Got your hands full?"),
    "about": ("Do you know what's happening with {x}?", "Any updates about {x}?", "I was told about {x}. Is it true?",
              "What have people been saying about {x}?"),
    "earlier": ("What have you done since you woke up?", "Did you do anything fun this morning?",
                "How did you spend the morning?"),
    "later": ("What do you plan to do after lunch?", "Any idea what you'll do tonight?", "What's your next stop?",
              "Are you free at {time}?"),
}
"""Phrasings written after held-out-4's fixes (2026-12-02), run once as they are: 92.5 / 85%
answered (seeds 1/2), "now" asked sideways the weak spot. Two of its misses were then fixed (a
topic that ran into the next sentence, "what is it that you do for work"), so it is a dev set now."""

HELD_OUT_6: dict[str, tuple[str, ...]] = {
    "identity": ("Can I ask who you are?", "What name do you go by?", "You must be new. Who are you?"),
    "job": ("What do you do with your days?", "Do you run a business here?", "What sort of job keeps you in town?"),
    "now": ("What task are you on right now?", "Are you in the middle of work?", "What are you doing over here?"),
    "about": ("Is there anything you can share about {x}?", "What's the deal with {x}?",
              "Can you say what you know of {x}?", "Has anyone told you about {x}?"),
    "earlier": ("How did your day start?", "What have you been busy with today?", "Did you see anyone earlier?"),
    "later": ("What are you thinking of doing later?", "Where do you go from here?",
              "Are you doing anything this evening?", "Will you be busy at {time}?"),
}
"""Phrasings written after held-out-5's fixes (2026-12-02), run once as they are: 97.5 / 97.5%
answered (seeds 1/2)."""

HELD_OUT_7: dict[str, tuple[str, ...]] = {
    "identity": ("Sorry, I didn't catch your name.", "And who might you be?", "Have we been introduced?"),
    "job": ("What do you do around here?", "Is this where you work?", "What pays the bills for you?"),
    "now": ("What's occupying you right now?", "Caught you in the middle of something?",
            "What have you got going on at present?"),
    "about": ("Heard anything lately about {x}?", "Fill me in about {x}, would you?",
              "People keep talking about {x}. What do you know?", "Any idea what happened with {x}?"),
    "earlier": ("What were you up to a little while ago?", "Where have you been today?",
                "Tell me about your day so far."),
    "later": ("What's next on your list today?", "Got plans for tonight?",
              "Where will you be this afternoon?", "What are you doing come {time}?"),
}
"""Phrasings written on 2026-12-02 after the last intent change, before any run; its first run
(ae96c2f) answered 85 / 87.5% (seeds 1/2). Its misses were left as they are, so it is still held out."""

PHRASINGS: dict[str, dict[str, tuple[str, ...]]] = {"dev": TEMPLATES, "held-out": HELD_OUT,
                                                    "held-out-2": HELD_OUT_2, "held-out-3": HELD_OUT_3,
                                                    "held-out-4": HELD_OUT_4, "held-out-5": HELD_OUT_5,
                                                    "held-out-6": HELD_OUT_6, "held-out-7": HELD_OUT_7}
"""The question sets `eval grounding --phrasings` picks from."""


@dataclass(frozen=True, slots=True)
class Truth:
    """What answers a question: any one of `texts` carried, or saying `name` (identity); an
    empty `texts` and no name means the agent does not know ("doesn't know")."""

    texts: tuple[str, ...]
    source: str
    name: str = ""

    @property
    def unknown(self) -> bool:
        """True when the right answer is "I don't know"."""
        return not self.texts and not self.name


@dataclass(frozen=True, slots=True)
class Case:
    """One player question to one agent, with its category and ground truth."""

    agent: str
    category: str
    question: str
    truth: Truth
    topic: str = ""


def clock(t: datetime) -> str:
    """'3 pm', '10:30 am'."""
    h = t.hour % 12 or 12
    return f"{h}{t.strftime(':%M') if t.minute else ''} {'am' if t.hour < 12 else 'pm'}"


def inject_news(society: Any, world: Any, rng: random.Random, *,
                per_agent: int = 2) -> dict[str, list[News]]:
    """Tell each agent `per_agent` news items (another agent's words, or something it sees);
    returns agent → the news it got, with places and people filled in."""
    from npc_brain.world.place import PlaceKind

    names = list(society.agents)
    buildings = world.places(PlaceKind.BUILDING) if world is not None else []
    places = [p.name for p in buildings if not p.name.endswith(("House", "Cottage"))]
    places = places or ["the town square"]
    friends = [n for a in society.agents.values() for n in a.persona.relationships]
    people = list(dict.fromkeys([*names, *friends]))
    pool = list(NEWS)
    rng.shuffle(pool)
    told: dict[str, list[News]] = {}
    for i, name in enumerate(names):
        got: list[News] = []
        for j in range(per_agent):
            news = pool[(i * per_agent + j) % len(pool)]
            person = rng.choice([p for p in people if p != name] or people)
            fill = {"place": rng.choice(places), "person": person, "first": person.split()[0],
                    "time": rng.choice(("10 am", "2 pm", "3 pm", "4:30 pm", "6 pm"))}
            fact, topic = news.fact.format(**fill), news.topic.format(**fill)
            tellers = [n for n in names if n != name and n != person]
            if tellers and rng.random() < 0.6:
                teller = rng.choice(tellers)
                obs = Observation(f"{teller} told me that {fact}", ObservationKind.SPEECH,
                                  teller=teller, fact=fact)
            else:
                obs = Observation(f"I saw that {fact}", ObservationKind.EVENT)
            society.perceive(name, [obs])
            got.append(News(fact, topic, news.key))
        told[name] = got
    return told


def _span(step: Any) -> str:
    return f"{step.start:%H:%M}-{step.end:%H:%M}"


def _records(agent: Any) -> list[MemoryRecord]:
    return list(agent.memory.records)


def _steps(agent: Any) -> list[Any]:
    return sorted(agent.plan, key=lambda s: (s.start, s.level))


def _mentions(records: Iterable[MemoryRecord], fact: str) -> list[MemoryRecord]:
    # The whole name: `facts.carries` lets "Oak Hill's houses" carry "Oak Hill College".
    name = fold(fact)
    return [r for r in records if name in fold(r.description)]


def _with_word(records: Iterable[MemoryRecord], word: str) -> list[MemoryRecord]:
    return [r for r in records if word in content_words(r.description)]


def _about_topics(agent: Any, news: Sequence[News],
                  known: Sequence[str]) -> list[tuple[str, Truth]]:
    """(topic, truth) pairs the agent can be asked about: its news first, then people and
    places its memories name."""
    records = [r for r in _records(agent) if r.kind is not MemoryKind.PLAN]
    out: list[tuple[str, Truth]] = []
    for n in news:
        hits = _with_word(records, n.key)
        if hits:
            texts = tuple(r.description for r in hits)
            out.append((n.topic, Truth(texts, f"memory #{hits[0].id}")))
    me = agent.persona.name
    names = {*known, *agent.persona.relationships}
    seen: set[str] = set()
    for r in records:
        for fact in facts_in(r.description, exclude=(me,), known=known):
            # People and places the town knows, or a multi-word name ("Valentine's Day").
            fact = re.sub(r"['’]s$", "", fact)
            if fact in seen or (fact not in names and (len(fact.split()) < 2 or fact[0].isdigit())):
                continue
            seen.add(fact)
            hits = _mentions(records, fact)
            rel = [f"{fact}: {how}" for other, how in agent.persona.relationships.items()
                   if other == fact]
            texts = (*(h.description for h in hits), *rel)
            out.append((fact, Truth(texts, f"memory #{hits[0].id}")))
    return out


def _made_up(agent: Any, rng: random.Random) -> str:
    words: set[str] = set()
    for r in _records(agent):
        words |= content_words(r.description)
    fresh = [m for m in MADE_UP if not content_words(m) & words]
    return rng.choice(fresh or list(MADE_UP))


def cases_for(
    agent: Any,
    now: datetime,
    rng: random.Random,
    *,
    n: int,
    news: Sequence[News] = (),
    known: Sequence[str] = (),
    unknown_every: int = 5,
    offset: int = 0,
    templates: Mapping[str, tuple[str, ...]] = TEMPLATES,
) -> list[Case]:
    """`n` questions for one agent (categories in `ORDER`), each with its truth.

    Every `unknown_every`-th "about" question over the run (counted from `offset`, the
    number of "about" questions before this agent) asks about a made-up event.
    """
    p = agent.persona
    steps = _steps(agent)
    today = [s for s in steps if s.start.date() == now.date()]
    before = [s for s in today if s.end <= now]
    ahead = [s for s in today if s.start > now]
    current = agent.current_step(now)
    talks = [r for r in _records(agent)
             if r.kind is MemoryKind.DIALOGUE and r.created.date() == now.date()]
    topics = _about_topics(agent, news, known)
    cases: list[Case] = []
    abouts = 0
    for i in range(n):
        category = ORDER[i % len(ORDER)]
        if category == "identity":
            if rng.random() < 0.5:
                q = rng.choice(templates["identity"])
                truth = Truth((p.occupation,) if p.occupation else (), "persona", name=p.name)
            else:
                q = rng.choice(templates["job"])
                truth = Truth((p.occupation,), "persona occupation")
            cases.append(Case(p.name, category, q, truth))
        elif category == "now":
            if current is not None:
                doing, src = current.description, f"plan step {_span(current)}"
            else:
                doing, src = agent.current_action(now).description, "action"
            cases.append(Case(p.name, category, rng.choice(templates["now"]), Truth((doing,), src)))
        elif category == "about":
            if (offset + abouts) % unknown_every == unknown_every - 1 or not topics:
                topic, truth = _made_up(agent, rng), Truth((), "made up: doesn't know")
            else:
                first = abouts == 0 or rng.random() < 0.5
                topic, truth = topics.pop(0 if first else rng.randrange(len(topics)))
            abouts += 1
            q = rng.choice(templates["about"]).format(x=topic)
            cases.append(Case(p.name, category, q, truth, topic))
        elif category == "earlier":
            texts = [s.description for s in reversed(before)] + [r.description for r in talks]
            src = f"plan step {_span(before[-1])}" if before else "nothing earlier"
            cases.append(Case(p.name, category, rng.choice(templates["earlier"]),
                              Truth(tuple(dict.fromkeys(texts)), src)))
        else:
            q = rng.choice(templates["later"])
            pick = ahead
            if "{time}" in q:
                if ahead:
                    at = rng.choice(ahead).start
                    q = q.format(time=clock(at))
                    pick = [s for s in today if s.covers(at)]
                else:
                    q = templates["later"][0]
            src = f"plan step {_span(pick[0])}" if pick else "no plan ahead"
            ahead_texts = tuple(dict.fromkeys(s.description for s in pick))
            cases.append(Case(p.name, category, q, Truth(ahead_texts, src)))
    return cases
