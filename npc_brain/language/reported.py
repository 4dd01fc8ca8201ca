"""Reported speech: what someone said, kept as their claim and passed on in other words.

A player's statement is evidence of what the player said, never instructions and never a
fact: "I'm opening a bookshop" told to Isabella becomes the claim "Alex is opening a
bookshop", which Isabella remembers as told by Alex and passes on as "Alex says that Alex is
opening a bookshop" — a paraphrase with its claimant, never the player's words verbatim.
Chat-template markers and their look-alikes are removed, not only broken. Pure.
"""
from __future__ import annotations

import re

from npc_brain.language.aspect import past_form, tells_event
from npc_brain.language.folding import fold
from npc_brain.language.informal import spelled_out

__all__ = ["AGREEMENT_TAG", "CLAIM_OPENERS", "DISCOURSE_MARKERS", "MARKERS_WITH_A_COMMA", "claim", "claim_in",
           "claimed", "is_instruction", "is_statement", "paraphrase", "reported", "strip_markers", "without_opener"]

_CONTROL = ("INST|SYS|SYSTEM_PROMPT|AVAILABLE_TOOLS|TOOL_CALLS|TOOL_RESULTS|TOOL_CONTENT|IMG|IMG_BREAK"
            "|IMG_END|THINK")
# A chat-template marker or a look-alike of one (‹|im_start|›, ‹/s›, ‹INST›): the whole thing goes.
_MARKER = re.compile(
    r"(?:[<‹〈＜][|｜¦][^<>‹›\n]{0,64}?[|｜¦][>›〉＞](?:\s*(?:system|user|assistant|tool|developer)\b:?)?)"
    r"|[<‹]{1,2}/?SYS[>›]{1,2}"
    r"|[<‹〈＜]/?[A-Za-z_][\w.:-]{0,48}[>›〉＞]"
    rf"|[\[‹【]/?(?:{_CONTROL})[\]›】]",
    re.IGNORECASE)
# A line that tells the listener how to behave is an instruction, not a claim about the town.
_INSTRUCTION = re.compile(r"\b(?:ignore|disregard|forget)\b.{0,40}\b(?:instructions?|rules?|prompt|above)\b"
                          r"|\b(?:you|u) (?:must|have to|need to|should|will) (?:say|reply|answer|respond|"
                          r"repeat|tell|act|pretend|ignore|obey)\b|\bnew rules?\b|\bsystem\s*(?:prompt|:)"
                          r"|\b(?:from now on|as an ai|language model)\b", re.IGNORECASE)

CLAIM_OPENERS = ("is it true that", "is it true", "people are saying that", "people are saying", "everyone says that",
                 "everyone says", "everybody says", "i've heard that", "i've heard",
                 "did you know that", "did you know", "did you hear that", "have you heard that", "i heard that",
                 "i heard", "guess what,", "guess what", "apparently,", "apparently", "rumour has it that",
                 "rumor has it that", "rumour has it", "rumor has it", "they say that", "people say that",
                 "word is that", "i was told that", "someone told me that", "somebody told me that",
                 "i hear that", "i hear", "supposedly,", "supposedly", "reportedly,", "reportedly", "allegedly,",
                 "allegedly",
                 # Told in confidence ("Between you and me, …", "Don't tell anyone but …").
                 "between you and me,", "between you and me", "just between us,", "just between us",
                 "between ourselves,", "don't tell anyone but", "don't tell anyone,", "don't tell anyone",
                 "keep this to yourself but", "keep this to yourself,", "keep it quiet but", "off the record,",
                 "you didn't hear it from me but", "you didn't hear it from me,", "you didn't hear this from me but",
                 "you didn't hear this from me,", "word on the street is", "word is", "the word is",
                 "i shouldn't say this but")
"""How English opens a piece of news one passes on ("I heard the mill burned down")."""

_SUBJECTS = frozenset({"i", "i'm", "i've", "i'd", "i'll", "we", "we're", "we've", "we'd", "we'll", "you", "you're",
                       "you've", "you'd", "you'll", "they've", "they'd", "they'll", "he'd", "he'll", "she'd", "she'll",
                       "he", "he's", "she",
                       "she's", "it", "it's", "they", "they're", "there", "there's", "the", "a", "an", "my", "our",
                       "your", "his", "her", "their", "its", "this", "that", "these", "those", "someone",
                       "somebody", "nobody", "everyone", "everybody", "people", "no", "some", "all", "every"})
_GREETING = re.compile(r"^\s*(hi|hello|hey|howdy|good (morning|afternoon|evening|night)|bye|goodbye|see you|"
                       r"thanks|thank you|cheers|ok|okay|yes|no|sure|sorry|please)\b[\s,.!]*$", re.IGNORECASE)
_SENTENCES = re.compile(r"[^.!?]+[.!?]*")
_HEARD_CLAUSE = re.compile(r"^\W*(?:(?:hi|hey|hello|hiya|morning|evening|yo|oi)(?: there)?[\s,!.]+)?"
                           r"(?:did|have|had) (?:you|ya) (?:hear|heard)\s+(?!about\b|of\b|from\b|that\b|anything\b"
                           r"|any\b|the news\b|what\b)(?P<clause>[^.?!]+)", re.IGNORECASE)
# A verb that makes the words after "did you hear" a clause ("the mill is closing", "Tom got engaged").
_FINITE = re.compile(r"\b(is|are|was|were|has|have|had|will|won't|got|gets|gonna|going to)\b|['’](s|re|ve|ll)\b"
                     r"|\b\w+ed\b", re.IGNORECASE)
_CLAIM_OPEN = re.compile(r"^\s*(?:" + "|".join(re.escape(o) for o in sorted(CLAIM_OPENERS, key=len, reverse=True))
                         + r")\s*,?\s*", re.IGNORECASE)


def strip_markers(text: str) -> str:
    """`text` with every chat-template marker and look-alike removed, on one printable line."""
    text = "".join(ch if ch.isprintable() else " " for ch in str(text))
    return " ".join(_MARKER.sub(" ", text).split())


DISCOURSE_MARKERS = ("oh", "ah", "well", "so", "wait", "anyway", "anyhow", "alright", "all right", "okay", "ok",
                     "honestly", "be honest", "to be honest", "hmm", "um", "uh", "hang on", "hold on")
"""Words that open a line without being part of what it says ("Well, …", "Wait, …")."""
MARKERS_WITH_A_COMMA = ("listen", "look", "say")
"""Markers only when a comma follows: "Say, where is the park?", but "Say hello to Isabella" asks something."""

_MARKERS = "|".join(re.escape(w) for w in sorted(DISCOURSE_MARKERS, key=len, reverse=True))
_COMMA_MARKERS = "|".join(re.escape(w) for w in MARKERS_WITH_A_COMMA)
# "So long!" is a goodbye, not "so" before "long".
_MARKER_OPEN = re.compile(r"^\W*(?:(?:" + _MARKERS + r")\b(?! long\b)[\s,!.;:-]*|(?:" + _COMMA_MARKERS
                          + r")\s*,\s*)+(?=\w)", re.IGNORECASE)
# A clause told as news after a word of telling: "wrote to me that …", "the story that …", "insists …".
_TOLD_THAT = re.compile(r"\b(?:heard|read|told|wrote|written|says|said|saying|insists?|claims?|swears?|news|"
                        r"story|stories|rumou?rs?|gossip|word|reckons?|reckoned|mentioned|announced|reported)\b"
                        r"[^.?!]*?\bthat\s+(?P<claim>[^.?!]+)"
                        r"|\b(?:insists?|insisted|claims?|claimed|swear(?:s|ing)?(?: blind)?|swore(?: blind)?|"
                        r"says|said|saying|tells (?:me|us)|told (?:me|us)|reckons|reckoned|mentioned|"
                        r"(?:people|they|folks|everyone|everybody|some) say|"
                        r"(?:is|he's|she's|they're|i'm|are) convinced|(?:it )?turns out|turned out)\s+"
                        r"(?P<bare>[^.?!]+)"
                        # The source before the clause ("According to the postman, the bridge …"), talk of
                        # it ("going on about how the river flooded"), or whether it holds ("Is it right that …").
                        r"|\baccording to [^,.?!]{1,40},\s*(?P<source>[^.?!]+)"
                        r"|(?<!think )(?<!feel )(?<!thoughts )\b(?:about|on about|on and on about) how\s+"
                        r"(?P<how>[^.?!]+)"
                        r"|\b(?:is|was|can|could|must) it (?:\w+\s+){1,3}that\s+(?P<whether>[^.?!]+)", re.IGNORECASE)
# An opener asked on its own before the news ("Did you hear? A circus is setting up …").
# Asking leave to tell ("Can you keep a secret?", "Want to hear something?") opens the news the same way.
_ASKED_OPENER = re.compile(r"^\W*(?:did you hear|have you heard|you(?:'ll| will) never guess|guess what|"
                           r"you know what|(?:can|could) you keep a secret|(?:do you )?(?:want|wanna) to (?:hear|know) "
                           r"(?:a secret|something|some gossip|some news|the latest)|you(?:'ll| will| won'?t) "
                           r"(?:never )?believe (?:this|it|what i heard)|know what i heard)\s*[?!:]+\s*"
                           r"(?=[^?]+(?:[.!]|$))", re.IGNORECASE)
# The speaker's own word of telling ("I swear the cats get fatter", "I reckon it'll rain"):
# an opinion of theirs, news only when the clause tells of an event.
_OWN_WORD = re.compile(r"\b(?:i|we)\s+(?:\w+\s+)?$", re.IGNORECASE)
_OF_THEM = re.compile(r"\b(he|she|they|him|her|them|his|their)\b|^\W*(what|who|where|when|why|which|how)\b",
                      re.IGNORECASE)
# A fact with its teller after it, as `reported` says a fact about the teller.
_AS_TOLD = re.compile(r"^(?P<claim>[^.?!]{8,}?),\s+as\s+(?:[A-Z][\w.'’-]*\s?){1,3}\s+told\s+(?:me|us)\s*[.!]?\s*$")
# A statement said with a question mark is news checked with the listener ("The mill burned down?"),
# unless it ends in a tag that only asks for agreement ("…, isn't it?"; `intent` reads such a line as a statement).
AGREEMENT_TAG = re.compile(r"(,?\s*\b(isn'?t it|aren'?t they|don'?t you (?:think|reckon|agree)|isn'?t that so|"
                            r"wasn'?t it|don'?t they|"
                            r"doesn'?t it|won'?t it)|,\s*(right|eh|huh|no)"
                            # Any negative tag after a comma: an auxiliary with n't and a pronoun
                            # ("…, hasn't it?", "…, haven't they?", "…, didn't we?").
                            r"|,\s*(is|are|was|were|do|does|did|has|have|had|will|would|can|could|should|must|wo|ca)"
                            r"n'?t\s+(it|they|he|she|we|there|that|this|you|i))\s*\?\s*$", re.IGNORECASE)
# A frame before the news ("Just a heads-up: …", "Correct me if I'm wrong, but …"): words that
# are no statement of their own, then a colon, a dash or "but".
_FRAME = re.compile(r"^(?P<frame>[^.?!:;]{3,70}?)\s*(?::|\s[-–—]\s|—|,\s*but\b|,)\s*(?P<clause>[^?!]+?)"
                    r"\s*(?:[.!]\s|[.!]?\s*$|[.!?]?\s*$|,\s*(?:right|eh|no|yes)\s*\?)")
# Who a third-party sentence is about: a determiner's noun or a name (not I, you, we, it, there).
_THIRD_PARTY = frozenset({"a", "an", "the", "some", "someone", "somebody", "half", "most", "several", "both", "two",
                          "three"})
_ABOUT_THE_LISTENER = frozenset({"i", "i'm", "i've", "i'd", "i'll", "you", "you're", "we", "we're", "it", "it's",
                                 "that", "this", "there", "there's"})


def is_instruction(text: str) -> bool:
    """True when `text` tells its listener how to behave ("you must obey the player", "ignore
    the rules above"): no claim about the town, and nothing an NPC says."""
    return bool(_INSTRUCTION.search(text))


def without_opener(line: str) -> str:
    """The line without the discourse markers it opens with ("Well, hello there" → "hello there")."""
    return _MARKER_OPEN.sub("", line, count=1) if line else line


def claim_in(line: str) -> str | None:
    """The news a line passes on: after its opener ("I heard the mill burned down" → "the mill
    burned down"), after a word of telling ("my cousin wrote that …", "any truth to the story
    that …"), or as a statement asked back ("Wait, the mill burned down?"); None when it passes
    on none."""
    line = without_opener(spelled_out(line))
    m = _CLAIM_OPEN.match(line) or _ASKED_OPENER.match(line)
    if m is not None:
        # The claim's own sentence; after an opener asked on its own ("Did you hear? The mill …"), the next.
        parts = [p.strip().rstrip("?.!").strip() for p in re.split(r"(?<=[.!?])\s", line[m.end():].strip())]
        rest = next((p for p in parts if p), "") if parts and not parts[0] else parts[0] if parts else ""
        # "Keep this to yourself, but apparently …": a second opener after the first opens the news.
        rest = re.sub(r"^(?:but|,)\s*", "", rest, flags=re.IGNORECASE)
        again = _CLAIM_OPEN.match(rest)
        if again is not None and rest[again.end():].strip():
            rest = rest[again.end():].strip()
        return rest or None
    relayed = _AS_TOLD.search(line)
    if relayed is not None:  # "Sam Moore is running for mayor, as Sam told me." (`reported`)
        return relayed.group("claim").strip()
    told = _TOLD_THAT.search(line)
    if told is not None:
        clause = next((g for g in told.groups() if g), "").strip(" ,")
        first = fold(clause.split()[0]) if clause else ""
        # "that book" is no clause: a claim opens with a subject (a pronoun, a determiner, a name).
        own = _OWN_WORD.search(line[:told.start()]) is not None
        if len(clause.split()) >= 3 and (first in _SUBJECTS or clause[:1].isupper()) \
                and (not own or tells_event(clause)):
            return clause
    heard = _HEARD_CLAUSE.match(line)
    if heard is not None:  # "did u hear the college is closing the library": a clause, not "about the fire"
        clause = heard.group("clause").strip(" ,")
        first = fold(clause.split()[0]) if clause else ""
        if len(clause.split()) >= 3 and (first in _SUBJECTS or clause[:1].isupper()) and _FINITE.search(clause):
            return clause
    framed = _framed(line)
    if framed is not None:
        return framed
    # "A treasure chest washed up on the beach." — news said as it is, with or without a question
    # after it ("… and the ground floor is flooded. You heard?").
    sentences = [x.strip() for x in _SENTENCES.findall(line) if x.strip()]
    said = sentences[0] if sentences else ""
    # … only when what follows asks nothing else: a short tag ("You heard?", "Can you believe it?"),
    # not a question of its own ("Nice person, would you say?" asks of the person).
    if not said.endswith("?") and all(len(q.split()) <= 4 and not _OF_THEM.search(q)
                                      for q in sentences[1:] if q.endswith("?")):
        first = said.rstrip(".!").strip()
        if _of_a_third_party(first) and tells_event(first):
            return first
    for sentence in (s.strip() for s in _SENTENCES.findall(line)):
        if not sentence.endswith("?") or AGREEMENT_TAG.search(sentence):
            continue
        body = re.split(r",\s*or\b", sentence.rstrip("?"), maxsplit=1)[0].strip()  # "…, or is that gossip?"
        first = fold(body.split()[0]).strip(",") if body else ""
        asks = re.search(r"\b(what|who|where|when|why|which|how)\b", body, re.IGNORECASE)  # "The vote: what …?"
        if len(body.split()) >= 4 and first not in _ABOUT_THE_LISTENER and not asks and is_statement(body):
            return body
    return None


# A frame that asks ("what's on at the harbour tomorrow, …") is a question, not a frame before news.
_ASKS = re.compile(r"^\W*(what|what's|whats|who|who's|where|where's|when|why|which|how|is|are|was|were|do|does|did|"
                   r"can|could|will|would|have|has|any|anything)\b", re.IGNORECASE)


def _framed(line: str) -> str | None:
    """The news after a frame ("Not sure if it's common knowledge yet, but the ferry is
    cancelled" → "the ferry is cancelled"); after a bare comma or a frame that is a statement of
    its own, only a clause that tells of an event."""
    m = _FRAME.match(line.strip())
    if m is None:
        return None
    frame, clause = m.group("frame").strip(), m.group("clause").strip(" ,")
    if _ASKS.match(frame):
        return None  # "whats happening at the harbour tmrw, someone said fireworks": a question, then why
    opened = _CLAIM_OPEN.match(clause)  # "…, but apparently the mine is flooding": the word of hearsay opens it
    if opened is not None and clause[opened.end():].strip(" ,"):
        clause = clause[opened.end():].strip(" ,")
    if _TOLD_THAT.search(frame) or not _of_a_third_party(clause) or not _has_verb(clause):
        return None  # "Quick one: a photo exhibition at the college tomorrow, 4 pm." names, it tells nothing
    # After a frame that states something itself ("I'd love to, but …") or a bare comma, only a
    # clause that tells of an event is news.
    loose = is_statement(frame) or not re.search(r"(:|[-–—]|,\s*but)\s*$", line[:m.start("clause")])
    if loose and not tells_event(clause):
        return None
    return clause


_VERB = re.compile(r"\b(?:is|are|was|were|be|been|has|have|had|will|would|can|could|may|might|must|shall|should|"
                   r"does|did|do|\w+'s)\b", re.IGNORECASE)


def _has_verb(clause: str) -> bool:
    """The clause says something of its subject: a form of be, have, a modal, or a past form."""
    return bool(_VERB.search(clause)) or tells_event(clause) or \
        any(w.endswith("s") and not w.endswith("ss") and i > 1 for i, w in enumerate(clause.lower().split()[:5]))


def _of_a_third_party(sentence: str) -> bool:
    """A statement of three words or more about someone or something else: it opens with a
    determiner or a name, not with I, you, we, it or there."""
    words = sentence.split()
    if len(words) < 3 or (not is_statement(sentence) and not sentence[:1].isupper()):
        return False
    first = fold(words[0]).strip(",.!;:")
    if first in _THIRD_PARTY:
        return True
    if not sentence[:1].isupper() or first in _SUBJECTS or first in _NOT_A_NAME:
        return False
    # A name: two capitalised words ("Jennifer Moore …"), or one before its verb ("Maria said …");
    # not "At 8 am I will …".
    second = words[1].strip(",.!;:")
    if fold(second) in _SUBJECTS:
        return False  # "Later I will go home", "Today we …": an adverb before the subject
    return second[:1].isupper() or fold(second) in _NAME_VERBS or past_form(second)


_NAME_VERBS = frozenset({"is", "was", "has", "had", "will", "did", "just", "won't", "isn't", "wasn't", "hasn't",
                         "finally", "got"})


# Capitalised openers that are no name.
_NOT_A_NAME = frozenset({"what", "who", "where", "when", "why", "which", "how", "do", "does", "did", "are", "is",
                         "was", "were", "can", "could", "would", "will", "should", "have", "has", "had", "not",
                         "just", "so", "and", "but", "if", "then", "please", "let", "let's", "maybe", "perhaps",
                         "thanks", "thank", "sorry", "yes", "no", "hi", "hello", "hey", "good", "nice", "great",
                         "lovely", "well", "oh", "ah", "any", "anything", "nothing", "everything", "here", "here's",
                         "time", "look", "come", "go", "get", "tell", "say", "see", "take", "give", "make", "keep",
                         "don't", "never", "always", "guess"})


def is_statement(sentence: str, names: tuple[str, ...] = ()) -> bool:
    """A declarative sentence: it opens with a subject (a pronoun, a determiner, "there", a
    known name) and is no question, greeting or instruction."""
    s = sentence.strip()
    if not s or s.endswith("?") or _GREETING.match(s) or _INSTRUCTION.search(s):
        return False
    first = fold(s.split()[0]).strip(",.!;:")
    if first in _SUBJECTS:
        return True
    low = fold(s)
    return any(low.startswith((fold(n) + " ", fold(n.split()[0]) + " ")) for n in names if n)


def paraphrase(line: str, speaker: str, listener: str, *, names: tuple[str, ...] = (),
               limit: int = 160) -> str | None:
    """A speaker's statements as a claim in the third person ("I'm opening a bookshop" said by
    Alex → "Alex is opening a bookshop"; "you bake well" to Isabella → "Isabella bakes well"),
    or None when the line states nothing (a question, a greeting, an instruction). Markers are
    removed; questions and instructions in the line are left out."""
    text = strip_markers(line)
    opened = claim_in(text)
    sentences = [opened] if opened else [s.strip() for s in _SENTENCES.findall(text)]
    kept = [s.rstrip(".!").strip() for s in sentences if s and (opened or is_statement(s, names))]
    kept = [k for k in kept if k and not _INSTRUCTION.search(k)]
    if not kept:
        return None
    joined = "; ".join(kept)
    if fold(joined.split()[0]) in _SUBJECTS - {"i", "i'm", "i've", "i'd", "i'll"}:
        joined = joined[:1].lower() + joined[1:]  # "The mill …" goes after "Alex says that"
    out = _third_person(joined, speaker, listener)
    if len(out) > limit:
        out = out[:limit].rsplit(" ", 1)[0].rstrip(",;:")
    return out


_YOU_BE = {"are": "is", "were": "was", "have": "has"}
_BE = {"am": "is", "'m": "is", "was": "was", "have": "has", "'ve": "has", "do": "does"}


def _third_person(text: str, speaker: str, listener: str) -> str:
    """First and second person turned into the speaker's and listener's names."""
    you = listener.split()[0] if listener.split() else listener
    me = speaker
    out = re.sub(r"\bI'm\b", f"{me} is", text)
    out = re.sub(r"\bI've\b", f"{me} has", out)
    out = re.sub(r"\bI'll\b", f"{me} will", out)
    out = re.sub(r"\bI'd\b", f"{me} would", out)
    out = re.sub(r"\bI (am|was|have|do)\b", lambda m: f"{me} {_BE[m.group(1)]}", out)
    out = re.sub(r"\bI (\w+)\b", lambda m: f"{me} {_verb_s(m.group(1))}", out)
    out = re.sub(r"\b(?:me|myself)\b", me, out)
    out = re.sub(r"\bwe('re| are)\b", f"{me} and others are", out, flags=re.IGNORECASE)
    out = re.sub(r"\b(?:we|us)\b", f"{me} and others", out, flags=re.IGNORECASE)
    out = re.sub(r"\bour\b", f"{me}'s", out, flags=re.IGNORECASE)
    out = re.sub(r"\b(?:my|mine)\b", f"{me}'s", out, flags=re.IGNORECASE)
    out = re.sub(r"\byou're\b", f"{you} is", out, flags=re.IGNORECASE)
    out = re.sub(r"\byou (are|were|have)\b", lambda m: f"{you} {_YOU_BE[m.group(1).lower()]}", out,
                 flags=re.IGNORECASE)
    out = re.sub(r"\byour(s)?\b", f"{you}'s", out, flags=re.IGNORECASE)
    # "you" as a subject: opening a clause, or after a verb that takes one ("I think you bake …").
    out = re.sub(r"(^|[,;]\s*|\b(?:and|but|that|if|because|when|think|thinks|believe|believes|know|knows|hope|"
                 r"hopes|heard|say|says|said|feel|feels|guess|bet|suppose|reckon|wish|bet)\s+)you ([a-z]+)\b",
                 lambda m: f"{m.group(1)}{you} {_verb_s(m.group(2))}", out, flags=re.IGNORECASE)
    out = re.sub(r"\byou\b", you, out, flags=re.IGNORECASE)
    return out


# English verbs whose past form takes no -ed: after "I" they stay as they are ("I saw" → "Alex saw").
_PAST = frozenset(("saw went came told said got made took ran found met bought brought thought felt heard knew "
                   "left lost won gave began broke built caught chose drank drove ate fell fought flew forgot "
                   "grew hid held hurt kept led lent let lay paid put read rode rang rose sang sat slept spoke "
                   "spent stood stole swam taught tore threw understood woke wore wrote sent sold shut sang "
                   "became bit blew dug drew fed hung meant quit set shook shot struck swore was were had did "
                   "could would should might must can will shall may").split())


def _verb_s(verb: str) -> str:
    """'bake' → 'bakes' after a third-person subject (a modal or past form stays)."""
    low = verb.lower()
    if low in _PAST or low.endswith("ed"):
        return verb
    if low.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if low.endswith("y") and len(low) > 2 and low[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def claim(by: str, text: str) -> str:
    """'Alex says that the mill burned down' — a claim kept with its claimant."""
    return f"{by} says that {text.rstrip('.')}"


def claimed(fact: str, by: str) -> str | None:
    """What `by` claims in a fact made by `claim` (None when the fact is not their claim)."""
    head = f"{by} says that "
    return fact[len(head):] if fact.startswith(head) else None


def reported(teller: str, fact: str) -> str:
    """'Klaus Mueller told me that …' — a heard fact in the hearer's own words (a claim the
    teller made of their own is said as told: "Alex told me that the mill burned down"; a fact
    about the teller names them once)."""
    own = claimed(fact, teller)
    if own is None and teller and fact.startswith(teller + " "):
        # Of the teller themself: "Isabella Rodriguez opened Hobbs Cafe …, as Isabella told me"
        # (not "Isabella Rodriguez told me that Isabella Rodriguez opened …"; no pronoun: a
        # persona has no gender field).
        first = teller.split()[0]
        who = teller if first.endswith(".") else first  # "Dr. Ada Holm": not "as Dr. told me"
        return f"{fact.rstrip(' .!?')}, as {who} told me"
    return f"{teller} told me that {own if own is not None else fact}"
