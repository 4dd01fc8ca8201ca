"""Replies: the English of the lines an NPC says that carry no fact of their own.

Greetings, goodbyes, thanks, a question asked back, not knowing, not having seen something, a
place's opening hours, being free or busy — the
mechanisms decide *that* an NPC says one (`cognition.answers`); the words live here, as data a
game can replace for another language or its own voice.
"""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ENGLISH_REPLIES", "Replies"]


@dataclass(frozen=True, slots=True)
class Replies:
    """Fixed lines and templates ({place}, {time}, {what}, {name} are filled in by the caller)."""

    greeting: str
    farewell: str
    thanks: str
    not_heard: str
    heard_too: str
    knew: str
    ask_when: str
    ask_where: str
    ask_home: str
    well: str
    try_place: str
    been_there: str
    place_is: str
    place_mine: str
    busy: str
    free: str
    free_plan: str
    no_news: str
    not_seen: str
    did_not_see: str
    hours: str
    opens_at: str
    closes_at: str
    all_hours: str
    open_now: str
    closed_now: str
    nothing_on: str  # {place}: where and when as the question said it ("at the pub tonight")
    keep_private: str
    place_where: str
    noon: str
    midnight: str
    questions: tuple[str, ...]
    """What an NPC asks another when it has nothing new to tell (each names one intent)."""
    keeps: str = "{name} runs {place}."
    """One who keeps a place and is no resident (no occupation to tell)."""
    works_as: str = "{name} is {job}."
    """A resident who works at the place asked about, by its occupation ({job}: with its article)."""
    works_alone: str = "I am the only one who works at {place}."
    no_keepers: str = "I do not know who works at {place}."


ENGLISH_REPLIES = Replies(
    greeting="Hello! Nice to see you.",
    farewell="Goodbye, it was nice talking to you.",
    thanks="You are welcome.",
    not_heard="I had not heard that.",
    heard_too="I had heard that too, from {name}.",
    knew="Yes, I knew that.",
    ask_when="That sounds nice! When and where is it?",
    ask_where="That sounds nice! Where is it?",
    ask_home="That sounds nice! Where do you live?",
    well="I am doing well, thanks.",
    try_place="You could try {place}.",
    been_there="You could try {place}; I go there myself.",
    place_is="{place} is {what}.",
    place_mine="{place} is {what}; I go there myself.",
    busy="{plan} So I am busy then.",
    free="I have nothing planned at {time}, so I am free then.",
    free_plan="{plan} So I am free then.",
    no_news="I have not heard any news lately.",
    not_seen="No, I have not seen {thing}.",
    did_not_see="No, I did not see {thing}.",
    hours="{place} is open from {opens} to {closes}.",
    opens_at="{place} opens at {opens}.",
    closes_at="{place} closes at {closes}.",
    all_hours="{place} is open at all hours.",
    open_now="It is open now.",
    closed_now="It is closed now.",
    nothing_on="I have not heard of anything on {place}.",
    keep_private="That is something I keep to myself.",
    place_where="{place} is {where}.",
    noon="noon",
    midnight="midnight",
    questions=("What are you up to these days?", "What are your plans for later today?", "How are you doing?"),
)
"""The replies every NPC uses unless a game passes its own."""
