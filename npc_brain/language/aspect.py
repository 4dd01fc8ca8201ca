"""Aspect: whether a sentence tells of something that happens (news) or of how someone is (a trait).

"Marcus grew a pumpkin heavier than a sack of coal", "Sam is running for mayor", "Tom will
open a shop" tell of a happening — past, under way or ahead. "Klaus finds it hard to talk to
strangers", "Tom has run the market for twenty years", "Ayesha is a history student" tell of a
standing state. English says which by its verb forms and time words, not by what the sentence
is about: a 10-NPC run passed "Klaus finds it hard to talk to people he does not know" from mouth
to mouth while "Marcus grew a pumpkin …" stayed with Marcus (their importance ratings tied).
Pure; the word data is here.
"""
from __future__ import annotations

import re

from npc_brain.language.dates import mentions_later

__all__ = ["happening", "lies_ahead", "past_form", "tells_event", "under_way"]

# Irregular past forms (regular ones end in -ed).
_PAST = frozenset((
    "saw went came told said got made took ran found met bought brought thought felt heard knew left lost won "
    "gave began broke built caught chose drank drove ate fell fought flew forgot grew hid held hurt kept led "
    "lent paid put rode rang rose sang sat slept spoke spent stood stole swam taught tore threw understood woke "
    "wore wrote sent sold shut became bit blew dug drew fed hung meant quit set shook shot struck swore was were "
    "had did fled sank sprang sped spun split spread slid stuck stung stank strode strove swept swung wept won "
    "wound withdrew overheard overslept overtook undertook forgave forbade froze").split())
# Irregular past participles that differ from the past form ("has been given", "has taken
# over"): counted only after an auxiliary (has/had/was …), where they are verbs, not adjectives.
# Not "born": "was born in Oak Hill" is who someone is, not news.
_PARTICIPLES = frozenset((
    "given taken written chosen broken stolen spoken driven ridden risen fallen forgotten forgiven hidden "
    "eaten beaten bitten shaken woken frozen grown known thrown flown drawn shown sworn torn worn done gone "
    "seen begun sung rung swum sunk shrunk sprung stung withdrawn overtaken undertaken mistaken "
    "forbidden").split())
# Words that put a statement in time: it happened, or will.
_TIME = re.compile(r"\b(yesterday|last (night|week|month|year|time|weekend)|this (morning|week|year)|"
                   r"(a|two|three|few|some) (days?|weeks?|months?|years?) ago|recently|just|soon|"
                   r"next (week|month|year)|upcoming|tonight|tomorrow|today|lately)\b", re.IGNORECASE)
# "for twenty years", "since 1990", "all his life": how long a state has lasted.
_DURATION = re.compile(r"\b(for (\w+ )?(years|months|decades|ages|a long time|most of \w+ life)|since\b|"
                       r"all (his|her|their|my) life|every (day|morning|evening|week)|always|usually|often)\b",
                       re.IGNORECASE)
_AHEAD = re.compile(r"\b(will|shall|is going to|are going to|am going to|plans? to|wants? to|intends? to|hopes? to|"
                    r"means? to|decided to|is about to|would like to)\b", re.IGNORECASE)
_UNDER_WAY = re.compile(r"\b(is|are|am|was|were)\s+(\w+ing)\b", re.IGNORECASE)
_NOW_UNDER_WAY = re.compile(r"\b(is|are|am)\s+(\w+ing)\b", re.IGNORECASE)
_PERFECT = re.compile(r"\b(has|have|had)\s+(just\s+|finally\s+|recently\s+)?(\w+)\b", re.IGNORECASE)
_ADVERBS = frozenset({"just", "also", "finally", "recently", "once", "never", "already", "suddenly", "quietly",
                      "secretly", "really", "actually", "only"})
_STATE_ING = frozenset({"being", "feeling", "having", "wondering", "thinking", "hoping", "worrying", "living",
                        "working", "studying", "trying", "struggling"})  # "is having trouble", "is working as"


def happening(sentence: str) -> bool:
    """True when the sentence tells of something that happened, is under way or lies ahead
    (news), False for a standing trait, habit or state (who someone is)."""
    text = sentence.strip()
    if not text:
        return False
    if _DURATION.search(text):
        return False  # how long or how often: a state
    if _TIME.search(text) or mentions_later(text) or _AHEAD.search(text):
        return True
    under_way = _UNDER_WAY.search(text)
    if under_way is not None and under_way.group(2).lower() not in _STATE_ING:
        return True
    if _perfect_or_passive(text):  # "has sold", "has been offered a job", "was given the keys"
        return True
    words = [w for w in re.findall(r"[A-Za-z']+", _after_subject(text)) if w.lower() not in _ADVERBS][:2]
    if not words:
        return False
    if words[0].lower() in ("was", "were"):  # "was fired", "were married": it happened to them
        return len(words) > 1 and _participle(words[1])
    return _past_form(words[0])  # "sold", "adopted" — not "is a retired ferryman"


_DETERMINERS = frozenset({"a", "an", "the", "my", "his", "her", "their", "our", "your", "some", "this", "that",
                          "these", "those", "its"})
_PASSIVE = re.compile(r"\b(?:has|have|had)\s+been\s+(\w+)|\b(?:was|were)\s+(\w+)", re.IGNORECASE)


def tells_event(sentence: str) -> bool:
    """True when the sentence's verb tells of something that happened, is under way or lies
    ahead ("a film star bought the manor", "the ferry has been cancelled", "the council will
    vote"), by its verb forms alone: unlike `happening`, a time word does not make "the weather
    is lovely today" news."""
    text = sentence.strip()
    if not text or _DURATION.search(text):
        return False
    if _AHEAD.search(text):
        return True
    under_way = _UNDER_WAY.search(text)
    if under_way is not None and under_way.group(2).lower() not in _STATE_ING:
        return True
    if _perfect_or_passive(text):
        return True
    words = re.findall(r"[A-Za-z']+", text)
    # The first past form not straight after a determiner ("the retired teacher" is no event).
    return any(_past_form(w) and words[i - 1].lower() not in _DETERMINERS
               for i, w in enumerate(words[:10]) if i > 0 and w.lower() not in _ADVERBS)


def lies_ahead(sentence: str) -> bool:
    """True when the sentence tells of something still to come ("the council will vote", "a barn
    raising is happening at the park tomorrow"), not something that happened ("a pipe burst at
    the dorm this morning")."""
    text = sentence.strip()
    if _AHEAD.search(text):
        return True
    under_way = _UNDER_WAY.search(text)
    return under_way is not None and mentions_later(text)


def under_way(sentence: str) -> bool:
    """True when the sentence tells of something going on now ("the council is debating the
    budget"), not what happened ("reached five hundred followers last week") nor a state ("is
    working as a nurse")."""
    now = _NOW_UNDER_WAY.search(sentence.strip())
    return now is not None and now.group(2).lower() not in _STATE_ING


def past_form(word: str) -> bool:
    """'sold', 'went', 'adopted' (not 'need', not 'red')."""
    return _past_form(word)


def _past_form(word: str) -> bool:
    w = word.lower()
    return w in _PAST or (w.endswith("ed") and len(w) > 4 and not w.endswith("eed"))


def _participle(word: str) -> bool:
    """A past participle: a regular or irregular past form, or an irregular participle ('given')."""
    return _past_form(word) or word.lower() in _PARTICIPLES


def _perfect_or_passive(text: str) -> bool:
    """'has sold', 'had just taken', 'has been offered', 'was given': an auxiliary, then a participle."""
    if any(_participle(next(g for g in m.groups() if g)) for m in _PASSIVE.finditer(text)):
        return True
    return any(_participle(m.group(3)) for m in _PERFECT.finditer(text))


def _after_subject(text: str) -> str:
    """The words after the sentence's subject (a name of capitalised words, or a pronoun)."""
    m = re.match(r"^\s*(?:(?:[A-Z][\w'’-]*\s+){1,3}|(?:I|he|she|they|we|it|someone|somebody)\s+)", text)
    return text[m.end():] if m else text
