"""Facts in text: the names, places, dates and times a sentence asserts (pure, no model).

The grounding check asks two questions of a line: does it carry its ground's facts, and
does it assert a fact that none of its sources holds? Both rest on the same small reading
of English text: capitalised names (not the word that opens a sentence, unless it is a name
the caller knows), month-day dates and clock times, compared in a canonical form ("5pm",
"5 pm", "17:00" are one time; "Hobbs Cafe" is carried by "Hobbs"; "Isabella Rodriguez" by
"Isabella").
"""
from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable

from npc_brain.language.clock_text import clock_text
from npc_brain.language.dates import month_days_in
from npc_brain.language.lexicon import ENGLISH
from npc_brain.language.phrasing import date_in

_STOP = frozenset([
    "a", "an", "the", "and", "or", "but", "if", "then", "so", "to", "of", "in", "on", "at", "by", "for", "with",
    "from", "about", "into", "over", "after", "before", "is", "am", "are", "was", "were", "be", "been", "being",
    "do", "does", "did", "have", "has", "had", "will", "would", "can", "could", "should", "may", "might", "must",
    "shall", "i", "me", "my", "mine", "you", "your", "yours", "he", "him", "his", "she", "her", "hers", "it", "its",
    "we", "us", "our", "they", "them", "their", "this", "that", "these", "those", "there", "here", "what", "who",
    "whom", "which", "when", "where", "why", "how", "not", "no", "yes", "any", "some", "all", "very", "just",
    "also", "too", "really", "much", "many", "more", "most", "than", "as", "up", "out", "down", "off", "again",
    "still", "now", "today", "right", "well", "oh", "hi", "hello", "hey", "thanks", "thank", "please", "sure",
    "okay", "ok", "good", "nice", "going", "get", "got", "go", "went", "come", "came", "say", "said", "tell",
    "told", "know", "knew", "think", "thought", "like", "want",
])

# Words that open sentences or name no fact, even capitalised.
# The months too: a date is compared whole ("February 14"), not as a name.
_NOT_NAMES = frozenset([
    "i", "i'm", "i've", "i'll", "i'd", "im", "hi", "hello", "hey", "yes", "no", "oh", "well", "sure", "thanks",
    "thank", "ok", "okay", "good", "nice", "the", "it", "it's", "my", "we", "you", "your", "right", "these", "this",
    "that", "at", "today", "tonight", "tomorrow", "yesterday", "what", "how", "who", "why", "when", "where",
    "great", "lovely", "sorry", "please", "let", "let's", "see", "maybe", "perhaps", "of", "course", "and", "but",
    "so", "then", "also", "just", "really", "a", "an", "in", "on", "for", "with", "from", "there", "here", "is",
    "are", "was", "were", "do", "did", "have", "has", "will", "would", "can", "could", "should", "earlier", "later",
    "now", "morning", "afternoon", "evening", "night", "mr", "mrs", "ms", "january", "february", "march", "april",
    "may", "june", "july", "august", "september", "october", "november", "december", "jan", "feb", "mar", "apr",
    "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "come",
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
])

# Words too general to tell one place from another: "Hobbs Cafe" is carried by "Hobbs".
_GENERIC = frozenset([
    "cafe", "café", "park", "house", "home", "street", "road", "day", "market", "college", "pub", "bar", "store",
    "shop", "square", "hall", "library", "school", "office", "supply", "supplies", "room", "bedroom", "kitchen",
    "the", "of", "and", "town", "farm", "field", "garden", "apartment", "apartments", "center", "centre", "club",
    "church",
])

_WORD = re.compile(r"[A-Za-z][\w'’]*")
_NAME = re.compile(r"[A-Z][\w'’]*(?:\s+(?:of\s+|de\s+|the\s+)?[A-Z][\w'’]*)*")
_TIME = re.compile(r"\b(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s?m\b\.?|\b(\d{1,2}):(\d{2})\b", re.IGNORECASE)
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+|[\"“(]\s*)$")


def fold(text: str) -> str:
    """Lowercase without accents or possessive 's: 'Café' → 'cafe', "Isabella's" → 'isabella'."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"['’]s\b", "", text.lower()).replace("’", "'")


def _stem(word: str) -> str:
    w = fold(word).strip("'")
    return w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w


@functools.lru_cache(maxsize=16384)  # news ranking reads the same memories' words every turn
def content_words(text: str) -> frozenset[str]:
    """The text's meaningful words, folded and lightly stemmed ('parties' ~ 'partie')."""
    return frozenset(_stem(w) for w in _WORD.findall(text) if fold(w) not in _STOP and len(w) > 2)


def times_in(text: str) -> frozenset[str]:
    """Clock times as 'HH:MM' (24 h): '5pm', '5 pm', '5:00 p.m.' and '17:00' are one time, and so
    are 'five in the afternoon' and 'five o'clock in the evening' (words are read as their digits:
    'half past two' as '2:30', see `clock_text`)."""
    out = set()
    for m in _TIME.finditer(clock_text(text).text):
        if m.group(3):
            h, mm = int(m.group(1)) % 12, int(m.group(2) or 0)
            if m.group(3).lower() == "p":
                h += 12
        else:
            h, mm = int(m.group(4)), int(m.group(5))
            low, high = ENGLISH.afternoon_hours
            if low <= h <= high and not m.group(4).startswith("0"):
                h += 12  # "half five" / "5:30" is 17:30, as `dates` reads a bare hour
        if 0 <= h < 24 and 0 <= mm < 60:
            out.add(f"{h:02d}:{mm:02d}")
    return frozenset(out)


def names(text: str, person: str) -> bool:
    """Whether `text` names `person`: their full or first name, as a word."""
    first = person.split()[0] if person.split() else person
    return any(n and re.search(rf"\b{re.escape(n)}\b", text) for n in (person, first))


def names_in(text: str, known: Iterable[str] = ()) -> tuple[str, ...]:
    """Capitalised names in `text`. A single capitalised word that opens a sentence counts only
    when `known` holds it (it is a person or place the caller knows)."""
    known_words = {fold(w) for k in known for w in k.split()}
    out: list[str] = []
    for m in _NAME.finditer(text):
        words = m.group(0).split()
        while words and fold(words[0]) in _NOT_NAMES:
            words = words[1:]
        if not words:
            continue
        name = " ".join(words)
        opens = bool(_SENTENCE_START.search(text[: m.start()])) and words[0] == m.group(0).split()[0]
        if len(words) == 1 and (opens or fold(name) in _NOT_NAMES) and fold(name) not in known_words:
            continue
        out.append(name)
    return tuple(dict.fromkeys(out))


def dates_in(text: str) -> tuple[str, ...]:
    """Every month-day date in `text`, as 'February 14'."""
    return month_days_in(text)


def facts_in(text: str, *, exclude: Iterable[str] = (), known: Iterable[str] = ()) -> tuple[str, ...]:
    """Names, the date and the times `text` asserts; names in `exclude` (the speakers) skipped."""
    skip = {fold(e) for e in exclude} | {fold(e.split()[0]) for e in exclude if e.split()}
    facts = [n for n in names_in(text, known) if fold(n) not in skip]
    for date in dates_in(text):
        facts = [f for f in facts if fold(f) != fold(date.split()[0])]
        facts.append(date)
    facts.extend(sorted(times_in(text)))
    return tuple(dict.fromkeys(facts))


def key_word(fact: str) -> str:
    """The word of a name that tells it apart ('Hobbs Cafe' → 'hobbs')."""
    words = [fold(w).strip("'") for w in fact.split()]
    for w in words:
        if w not in _GENERIC and w not in _STOP:
            return w
    return words[0] if words else ""


def carries(text: str, fact: str) -> bool:
    """True when `text` states `fact` (a name, a 'February 14' date or an 'HH:MM' time)."""
    if re.fullmatch(r"\d{2}:\d{2}", fact):
        return fact in times_in(text)
    date = date_in(fact)
    if date is not None and date == fact:
        return date in dates_in(text)
    word = key_word(fact)
    return bool(word) and word in {fold(w).strip("'") for w in _WORD.findall(text)}


def unsupported(text: str, sources: Iterable[str], *, known: Iterable[str] = (),
                exclude: Iterable[str] = ()) -> list[str]:
    """The facts of `text` that no source carries (a made-up name, place, date or time).

    A name is carried only when every word that tells it apart is: a small model garbles the
    names it copies ("Johnson Parade" for Johnson Park, "Darts Torch" for a darts tournament,
    seen in the Valentine run), and the garbled name shares its first word with a real one."""
    pool = " \n ".join(sources)
    words = {fold(w).strip("'") for w in _WORD.findall(pool)}

    def named(fact: str) -> bool:
        if not carries(pool, fact):
            return False
        if re.fullmatch(r"\d{2}:\d{2}", fact) or date_in(fact) == fact:
            return True
        telling = [fold(w).strip("'") for w in fact.split()]
        # A generic word ends a name in many ways ("Hobbs Cafe", "the café"); inside one it
        # tells it apart ("Oak House Dorm" for Oak Hill Dorm, seen in `bench reply`).
        inner = set(telling[1:-1])
        return all(w in words for w in telling
                   if (w not in _GENERIC or w in inner) and w not in _STOP and len(w) > 1)

    return [f for f in facts_in(text, exclude=exclude, known=known) if not named(f)]
