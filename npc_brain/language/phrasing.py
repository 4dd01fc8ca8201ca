"""Phrasing: small, deterministic text helpers that turn persona data into plan phrases.

A 135M model copies what it sees, so the options a plan chooses from are built from the
persona's own words: "opens Hobbs Cafe at 8am" (a habit, third person) becomes the plan
phrase "opening Hobbs Cafe at 8am", which reads right both in a plan and after the world's
"Isabella Rodriguez is …". Also here: which activity a phrase is about (for the location
walk), the times a phrase mentions, and the wake/bed hours of a lifestyle line.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from npc_brain.language.activities import ACTIVITY_WORDS, GENERIC_JOB_WORDS
from npc_brain.language.clock_text import clock_text
from npc_brain.language.dates import month_day_in

# -- verbs ---------------------------------------------------------------------------------
_IRREGULAR = {"has": "have", "does": "do", "goes": "go", "is": "be"}
_DOUBLE = frozenset({"run", "shop", "get", "sit", "plan", "swim", "jog", "chat", "stop", "drop",
                     "put", "set", "hit", "cut", "begin", "nap", "dig"})
_KEEP_E = ("ee", "ye", "oe")
# Words after which a following "...s" word is a verb ("and greets every customer").
_OBJECT_START = frozenset({"every", "the", "a", "an", "his", "her", "their", "its", "my", "with", "at",
                           "in", "on", "to", "for", "by", "up", "out", "about", "some", "all", "it",
                           "them", "around", "from", "into", "over", "after", "before", "new", "more",
                           "other", "this", "that", "everyone", "people"})
_VERBISH = frozenset({"greets", "chats", "serves", "cleans", "closes", "opens", "reads", "writes",
                      "takes", "makes", "cooks", "bakes", "plays", "talks", "helps", "works", "eats",
                      "drinks", "walks", "runs", "studies", "sketches", "watches", "calls", "meets"})


def base_form(word: str) -> str:
    """'opens' → 'open', 'studies' → 'study', 'watches' → 'watch', 'has' → 'have'."""
    w = word.lower()
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("ches", "shes", "sses", "xes", "zes")):
        return w[:-2]
    if w.endswith("s") and not w.endswith("ss"):
        return w[:-1]
    return w


def gerund(base: str) -> str:
    """'bake' → 'baking', 'run' → 'running', 'tie' → 'tying', 'read' → 'reading'."""
    w = base.lower()
    if w.endswith("ing") and len(w) > 5:
        return w
    if w == "be":
        return "being"
    if w.endswith("ie"):
        return w[:-2] + "ying"
    if w.endswith("e") and not w.endswith(_KEEP_E) and len(w) > 2:
        return w[:-1] + "ing"
    if w in _DOUBLE:
        return w + w[-1] + "ing"
    return w + "ing"


def _looks_third_person(word: str, following: str) -> bool:
    w = word.lower()
    if w in _IRREGULAR or w in _VERBISH:
        return True
    return w.endswith("s") and not w.endswith("ss") and following.lower() in _OBJECT_START


# Words that follow a verb, never a noun ("wake up and get ready", not "buy bread and milk").
_COMPLEMENTS = frozenset({"ready", "dressed", "home", "back", "down", "off", "away", "outside", "inside",
                          "started", "going", "changed", "washed"})

_SHORT_GERUNDS = frozenset({"going", "doing", "being", "dying", "lying", "tying", "eying"})  # not "sing", "bring"


def as_gerund_phrase(text: str) -> str:
    """A habit or plan line as an '-ing' phrase: 'opens X at 8am and greets Y' → 'opening X at
    8am and greeting Y'; 'open the cafe' → 'opening the cafe'; gerunds stay as they are."""
    words = " ".join(str(text).split()).rstrip(".").split(" ")
    if not words or not words[0]:
        return ""
    first = words[0]
    imperative = False
    if first.lower().endswith("ing") and (len(first) > 5 or first.lower() in _SHORT_GERUNDS):
        out = [first.lower(), *words[1:]]
    elif not first[:1].isalpha() or first[:1].isupper():
        return " ".join(words)  # a name or a number first: not a verb phrase, leave it
    else:
        imperative = _looks_third_person(first, "") is False and base_form(first) == first.lower()
        out = [gerund(base_form(first)), *words[1:]]
    for i in range(1, len(out) - 1):
        if out[i] != "and":
            continue
        word, following = out[i + 1], out[i + 2] if i + 2 < len(out) else ""
        if _looks_third_person(word, following):
            out[i + 1] = gerund(base_form(word))
        elif imperative and word.isalpha() and word.islower() and (
                following.lower() in _OBJECT_START or following.lower().rstrip(".,") in _COMPLEMENTS):
            out[i + 1] = gerund(word)  # "renovate the park and add more benches", "… and get ready"
    return " ".join(out)


def shorten(text: str, limit: int) -> str:
    """Cut at a word boundary to `limit` characters, without a dangling 'and'/'at'/'some'/comma
    (a word that needs the words cut after it: "… at the pub some" was a plan's label)."""
    text = " ".join(str(text).split())
    if len(text) <= limit:
        return text
    cut = text[:limit + 1].rsplit(" ", 1)[0]
    words = cut.rstrip(",;:").split(" ")
    while words and words[-1].lower() in _DANGLING:
        words.pop()
    return " ".join(words)


# Closed-class words that cannot end a phrase: prepositions, conjunctions, determiners, quantifiers.
_DANGLING = frozenset({"and", "or", "but", "at", "in", "on", "to", "the", "a", "an", "with", "for", "of", "by",
                       "from", "every", "each", "some", "most", "many", "few", "several", "any", "all", "other",
                       "his", "her", "their", "its", "my", "our", "your", "this", "that", "these", "those"})


# -- activities ------------------------------------------------------------------------------
_ACTIVITY_WORDS = ACTIVITY_WORDS
_GENERIC_JOB_WORDS = GENERIC_JOB_WORDS
_WORD = re.compile(r"[a-z][a-z'&-]*")


def _fold(text: str) -> str:
    """Lower case without accents ('Café' → 'cafe')."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _stem(word: str) -> str:
    w = word[:-3] if word.endswith("ing") and len(word) > 5 else base_form(word)
    return w[:4]


def _matches(word: str, stems: tuple[str, ...]) -> bool:
    return any(word == s[1:] if s.startswith("=") else word.startswith(s) for s in stems)


def activity_of(text: str, occupation: str = "") -> str:
    """The ACTIVITIES word a phrase is about ('baking pastries' → cook), 'other' if unsure.

    With the persona's `occupation`, a phrase that names it ('paints' for a painter, 'the
    pharmacy' for a pharmacy assistant) is work — study when the word names what the
    persona is a student of — so the location walk sends them to the workplace.
    """
    words = _WORD.findall(_fold(text))
    occ_words = _WORD.findall(_fold(occupation))
    for i, o in enumerate(occ_words):
        if len(o) < 4 or o in _GENERIC_JOB_WORDS:
            continue
        if any(len(_stem(w)) == 4 and o.startswith(_stem(w)) for w in words if len(w) >= 4):
            clause = occ_words[i + 1:]
            clause = clause[:clause.index("and")] if "and" in clause else clause
            return "study" if "student" in clause else "work"  # "music composition student"
    if len(words) > 1 and words[0] in ("run", "runs", "running") and words[1] in ("the", "a", "his", "her"):
        return "work"  # running the pub / a business, not running laps
    # Teaching oneself is learning ("teaching myself Spanish").
    words = [("learn" if w.startswith("teach") and nxt.endswith(("self", "selves")) else w)
             for w, nxt in zip(words, [*words[1:], ""], strict=True)]
    if len(words) > 2 and words[0] in ("work", "works", "working") and words[1] == "on":
        words = words[2:]  # "working on his research paper": what is worked on says more
        if activity_of(" ".join(words)) == "other":
            return "work"
    best: tuple[int, int, str] | None = None
    for rank, (activity, stems) in enumerate(_ACTIVITY_WORDS):
        for pos, word in enumerate(words):
            if _matches(word, stems):
                if best is None or (pos, rank) < best[:2]:
                    best = (pos, rank, activity)
                break
    return best[2] if best else "other"


# -- times -------------------------------------------------------------------------------------
_CLOCK = r"(\d{1,2})(?:[:.](\d\d))?\s*(am|pm|a\.m\.|p\.m\.)"
_RANGE = re.compile(r"\b(\d{1,2})(?:[:.]\d\d)?\s*(am|pm)?\s*(?:to|-|–|until|till)\s*" + _CLOCK, re.I)
_AT = re.compile(r"\b(?:at|from|around|by|before|after)?\s*" + _CLOCK, re.I)
_NAMED = {"noon": 12, "midday": 12, "midnight": 24}


def _hour(h: str, ampm: str | None) -> int:
    n = int(h) % 12 if ampm else int(h)
    if ampm and ampm.lower().startswith("p"):
        n += 12
    return n


def hours_in(text: str) -> tuple[int | None, int | None]:
    """(start, end) hours a phrase names: 'from 5pm to 7pm' → (17, 19); 'at 8am' → (8, None);
    'at noon' → (12, None); nothing → (None, None). Hours after midnight are 24+. Words are read
    as their digits ('two in the afternoon' as '2 pm', see `clock_text`)."""
    text = clock_text(text).text
    m = _RANGE.search(text)
    if m:
        end = _hour(m.group(3), m.group(5))
        start = _hour(m.group(1), m.group(2) or m.group(5))
        if start > end:
            start -= 12 if start >= 12 else 0
        return start, end
    m = _AT.search(text)
    if m:
        return _hour(m.group(1), m.group(3)), None
    low = text.lower()
    for word, hour in _NAMED.items():
        if re.search(rf"\b{word}\b", low):
            return hour, None
    return None, None


_PARTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("early", ("dawn", "early", "sunrise", "breakfast")),
    ("morning", ("morning",)),
    ("midday", ("lunch", "noon", "midday")),
    ("afternoon", ("afternoon",)),
    ("evening", ("evening", "dinner", "golden hour", "sunset", "supper", "tonight")),
    ("night", ("night", "before bed", "midnight", "late")),
)


def parts_of_day(text: str) -> frozenset[str]:
    """Which parts of the day a phrase names ('early in the morning' → {early, morning})."""
    low = text.lower()
    return frozenset(part for part, words in _PARTS if any(re.search(rf"\b{w}", low) for w in words))


_WAKE = re.compile(r"wak\w*\s+up\s+(?:around|at|about)?\s*(\d{1,2})(?:[:.](\d\d))?\s*(am|pm)?", re.I)
_BED = re.compile(r"(?:bed|sleep)\w*\s+(?:around|at|about)?\s*"
                  r"(?:(midnight)|(\d{1,2})(?:[:.](\d\d))?\s*(am|pm)?)", re.I)


def wake_and_bed(lifestyle: str, *, wake: int = 7, bed: int = 22) -> tuple[int, int]:
    """(wake hour, bed hour) from a lifestyle line; bed after midnight is 24+ ('1am' → 25)."""
    m = _WAKE.search(lifestyle or "")
    if m:
        wake = _hour(m.group(1), m.group(3) or "am")
    m = _BED.search(lifestyle or "")
    if m:
        if m.group(1):
            bed = 24
        else:
            h = _hour(m.group(2), m.group(4) or "pm")
            bed = h + 24 if h < 12 else h
    if not 3 <= wake <= 12:
        wake = 7
    if not wake + 8 <= bed <= wake + 20:
        bed = min(max(bed, wake + 12), wake + 18)
    return wake, bed


def intentions(lines: Sequence[str], name: str, *, inner_voice: bool = False) -> list[str]:
    """What a person means to do, as '-ing' phrases: 'Isabella wants to host a party at
    Hobbs Cafe' → 'hosting a party at Hobbs Cafe'.

    Only lines that *start* with the person ('Isabella Rodriguez wants to …') count, and
    'I want to …' only from the `inner_voice` (whispers): a conversation transcript quoting
    someone else — a player typing "I want to burn the cafe down" — never becomes a plan.
    """
    pattern = _intention_pattern(name, inner_voice)
    if pattern is None:
        return []
    out: list[str] = []
    for line in lines:
        m = pattern.match(line.strip())
        if m:
            phrase = as_gerund_phrase(m.group(1).strip())
            if phrase:
                out.append(phrase)
    return out


@lru_cache(maxsize=512)
def _intention_pattern(name: str, inner_voice: bool) -> re.Pattern[str] | None:
    """The 'X wants to …' pattern for one person, compiled once (it runs on every plan of every
    agent, and re's own cache holds only 512 patterns across the whole program)."""
    first = name.split()[0] if name else ""
    subjects = [re.escape(x) for x in sorted({name, first} - {""}, key=len, reverse=True)]
    if inner_voice:
        subjects.append("I")
    if not subjects:
        return None
    return re.compile(
        r"^(?:" + "|".join(subjects) + r")\s+"
        r"(?:really\s+)?(?:wants?|plans?|hopes?|intends?|means?|needs?|would like|is going|am going|decided)"
        r"\s+to\s+([^.;!?]+)")


_TO_BE = {"is": "am", "was": "was", "has": "have", "does": "do", "goes": "go"}


def first_person(text: str, name: str) -> str:
    """A memory about oneself in one's own voice, so a line copied from it reads as speech:
    'Isabella Rodriguez wants to host a party' → 'I want to host a party'; 'Carmen rents
    Isabella's room' → 'Carmen rents my room'. Text not about `name` is returned as is."""
    if not name:
        return text
    names = sorted({name, name.split()[0]}, key=len, reverse=True)
    out = text
    for n in names:
        if out.startswith(n + " "):
            rest = out[len(n) + 1:]
            verb, _, tail = rest.partition(" ")
            low = verb.lower()
            if low in _TO_BE:
                verb = _TO_BE[low]
            elif low.endswith("s") and not low.endswith("ss") and low.isalpha():
                verb = base_form(low)
            out = "I " + verb + (" " + tail if tail else "")
            break
    for n in names:
        out = re.sub(rf"\b{re.escape(n)}'s\b", "my", out)
        # The name as a subject later in the sentence ("On May 3, Elena is putting on a show"): "I".
        out = re.sub(rf"(?<=[\s,]){re.escape(n)} (\w+)\b", _subject_verb, out)
        out = re.sub(rf"(?<=\s){re.escape(n)}\b", "me", out)
    return out


def _subject_verb(m: re.Match[str]) -> str:
    """'Elena is' → 'I am', 'Elena plans' → 'I plan'; a name before a non-verb stays for "me"."""
    verb = m.group(1)
    low = verb.lower()
    if low in _TO_BE:
        return f"I {_TO_BE[low]}"
    if low in ("will", "would", "can", "could", "should", "must", "might", "may", "had", "did"):
        return f"I {verb}"
    if low.endswith("s") and not low.endswith("ss") and low.isalpha() and low not in ("this", "his", "hers", "is"):
        return f"I {base_form(low)}"
    return m.group(0)


def date_in(text: str) -> str | None:
    """'February 14' when the text names a month and day ('Feb 14th', '14 February' too), else None."""
    return month_day_in(text)


_SUBJECT_AFTER = r"(^|[.!?;,]\s+|\b(?:and|but|so|then|that|if|when|because|maybe)\s+)"


def inner_voice(text: str) -> str:
    """A whisper in the agent's own voice: 'You want to visit the library' → 'I want to visit
    the library' (a game or a player writes to the NPC; the NPC thinks in the first person, so
    its planner reads the line as its own intention)."""
    out = text
    for you, me in (("you're", "I'm"), ("you are", "I am"), ("you were", "I was"), ("you", "I")):
        out = re.sub(_SUBJECT_AFTER + you + r"\b", r"\g<1>" + me, out, flags=re.I)
    # "you" before a verb is a subject wherever it stands ("everyone knows you are kind": not "me are").
    out = re.sub(r"\byou're\b", "I'm", out, flags=re.I)
    out = re.sub(r"\byou (are|were|have|had|will|would|can|could|should|must|might|do|did|need|want|love|like)\b",
                 lambda m: "I " + {"are": "am"}.get(m.group(1).lower(), m.group(1)), out, flags=re.I)
    out = re.sub(r"\byourself\b", "myself", out, flags=re.I)
    out = re.sub(r"\byours\b", "mine", out, flags=re.I)
    out = re.sub(r"\byour\b", "my", out, flags=re.I)
    out = re.sub(r"\byou\b", "me", out, flags=re.I)
    return out[:1].upper() + out[1:] if out else out
