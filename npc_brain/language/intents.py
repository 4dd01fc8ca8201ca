"""Intent: what a line asks for — the paper's interview categories (§4.3.2) as a player asks
them, plus the everyday moves of a conversation. `intent.intent_of` reads it from a line."""
from __future__ import annotations

from enum import StrEnum

__all__ = ["Intent"]


class Intent(StrEnum):
    """What a line asks for (the paper's interview categories, as a player asks them)."""

    IDENTITY = "identity"  # who are you, what do you do
    NOW = "now"  # what are you doing
    ABOUT = "about"  # what do you know / think about X, have you heard …
    PAST = "past"  # what did you do earlier / yesterday
    FUTURE = "future"  # what will you do, any plans
    REACT = "react"  # a situation: what would you do
    PEOPLE = "people"  # who would you spend time with, who are your friends
    CHAT = "chat"  # anything else: a remark, a statement
    INVITED = "invited"  # told of (or invited to) an upcoming occasion: yes or no (see `invitation`)
    GREETING = "greeting"  # hello, good morning
    FAREWELL = "farewell"  # goodbye, I have to go
    THANKS = "thanks"  # thank you
    FEELING = "feeling"  # how are you, what is on your mind
    OPINION = "opinion"  # what do you think of X (a person: the relationship; a thing: memories)
    RECOMMEND = "recommend"  # where can I get a good coffee, any quiet place to read
    AVAILABILITY = "availability"  # are you free at noon tomorrow
    CLAIM = "claim"  # I heard X, did you know X: what it knows of X, or that it had not heard
    INVITE = "invite"  # an invitation whose time or place the line does not say
    REQUEST = "request"  # asks the listener to do something (a game action, or a polite no)
    SEEN = "seen"  # have you seen X: what it saw (or heard) of X, or that it has not seen it
    HOURS = "hours"  # when a place of the map opens or closes, whether it is open now
