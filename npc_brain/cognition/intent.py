"""Intent: what a line asks for, and what it is about (paper §4.3.2's interview categories).

The question decides which grounds are eligible (`grounds.candidates`): patterns for the usual
phrasings first, then, for a question or request no pattern knows, a word model learnt from
example lines (`intent_model`, `intent_examples`); `topic_of` takes the thing asked about out of
the question. Everything here is pure.
"""
from __future__ import annotations

import functools
import re
from enum import StrEnum

from npc_brain.cognition.facts import content_words, times_in
from npc_brain.cognition.intent_model import IntentModel

__all__ = ["Intent", "intent_of", "topic_of", "topic_words"]

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


_ASKS: tuple[tuple[Intent, re.Pattern[str]], ...] = (
    # "Are you OK?" asks after the speaker's wellbeing: small talk, not who they are.
    (Intent.CHAT, re.compile(r"^\W*(are )?you (ok|okay|all right|alright|well|fine|good)\W*$", re.IGNORECASE)),
    (Intent.REACT, re.compile(
        r"(\bif\b.*\bwhat (would|do|will) you do|[.!]\s+what (would|do|will) you do|what would you do)",
        re.IGNORECASE)),
    (Intent.PEOPLE, re.compile(
        r"\b(who would|which person|one person|someone you|anyone you|your friends?|who do you (like|know|spend))",
        re.IGNORECASE)),
    (Intent.IDENTITY, re.compile(
        r"\b(who are you|your name|who('?s| is) this|about yourself|introduce yourself|spend your (working )?days"
        r"|for a living|what do you do all day|you do for (work|money|a job)"
        r"|what do you do( for (a living|work))?\s*\??$"
        r"|what('?s| is) your (job|work|occupation)|where do you work|do you work)", re.IGNORECASE)),
    (Intent.PAST, re.compile(
        r"\b(earlier|yesterday|this morning|last night|so far today|did you (do|go|see|meet)|have you been"
        r"|what did you|how was your (day|morning))\b", re.IGNORECASE)),
    (Intent.FUTURE, re.compile(
        r"\b(will you|going to|gonna|plans?|planning|later|tonight|tomorrow|this (afternoon|evening)"
        r"|headed|heading|after this|after that|after work|where to next"
        r"|next|what('?s| is) (on )?your schedule|are you (doing|going) (anything|later))\b", re.IGNORECASE)),
    (Intent.ABOUT, re.compile(r"\b(what('?s| is) up with|fill me in|tell me (more )?about|make of (it|that|this)"
                              r"|the word on|(news|update|info|details|gossip|latest) on|mentioned)\b", re.IGNORECASE)),
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
    line no pattern knows goes to the intent whose example lines its words are most like
    (`intent_model`)."""
    for intent, pattern in _ASKS:
        if pattern.search(line):
            # "What are you up to at 8 pm?" asks about that hour's step, not this minute's.
            return Intent.FUTURE if intent is Intent.NOW and times_in(line) else intent
    # Only a question or a request is read by its words: another NPC's statement ("I would
    # love to come") asks for nothing, and gets the speaker's own news or small talk.
    if "?" in line or _REQUEST.match(line):
        return Intent(_word_model().best(line))
    return Intent.CHAT


# A request for something the listener knows ("Tell me a bit about who you are."), not an
# order to pass something on ("Tell everyone the park is closed").
_REQUEST = re.compile(r"\W*(please\s+)?(tell me|describe|explain|remind me|talk (to me )?about)\b", re.IGNORECASE)


@functools.cache
def _word_model() -> IntentModel:
    # Imported here: the examples are keyed by `Intent`, defined above.
    from npc_brain.cognition.intent_examples import EXAMPLES

    return IntentModel.trained({str(k): v for k, v in EXAMPLES.items()})


_ABOUT = re.compile(r"\b(?:about|of|with|regarding|in on)\s+(.+?)[?.!]*$", re.IGNORECASE)
_IS = re.compile(r"\b(?:is|are)\s+(.+?)[?.!]*$", re.IGNORECASE)


_SENTENCE_ABOUT = re.compile(r"^(.*?\babout\s+\S.*?[.!?])\s+(?=(is|are|was|were|do|does|did|what|who|how|why|"
                             r"where|when|have|has|can|could|any|tell)\b)", re.IGNORECASE)
_ON = re.compile(r"\b(?:word|news|update|info|details|gossip|latest|story)\s+on\s+(.+?)[?.!]*$", re.IGNORECASE)
# "Someone mentioned the pipe. Do you know about it?": the pronoun stands for what was mentioned.
_PRONOUN = re.compile(r"^(it|that|this|them|him|her|they)$", re.IGNORECASE)
_MENTIONED = re.compile(r"\b(?:mentioned|heard( about| of)?|talking about|keep hearing about|told me about|said)\s+"
                        r"(?:something about\s+)?(.+?)\s*[.?!;:]", re.IGNORECASE)


def topic_of(line: str) -> str:
    """What a question is about ("what do you know about the party?" → "the party")."""
    topic = _topic(line)
    if _PRONOUN.match(topic):
        m = _MENTIONED.search(line)
        head = line.split(":", 1)[0] if ":" in line else ""  # "The bus vote: what do you make of it?"
        topic = m.group(2) if m else head if head and len(head) < len(line) else topic
    return " ".join(topic.split())[:60].rstrip(" ?.!")


def _topic(line: str) -> str:
    text = line.strip()
    # "I was told about the pipe. Is it true?": the topic ends with its sentence.
    text = next((m.group(1) for m in _SENTENCE_ABOUT.finditer(text)), text)
    if m := _ON.search(text):
        return m.group(1)
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
    return topic


def topic_words(line: str, speaker: str, listener: str) -> frozenset[str]:
    """The content words of what `line` asks about, without the two speakers' names."""
    topic = topic_of(line) if line else ""
    return content_words(topic) - content_words(speaker) - content_words(listener) - _VAGUE
