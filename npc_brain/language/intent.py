"""Intent: what a line asks for, and what it is about (paper §4.3.2's interview categories).

The question decides which grounds are eligible (`grounds.candidates`): patterns for the usual
phrasings first (`intent_patterns`), then, for a question or request no pattern knows, a word model learnt from
example lines (`intent_model`, `intent_examples`); `topic_of` takes the thing asked about out of
the question. Everything here is pure.
"""
from __future__ import annotations

import functools
import re
from datetime import datetime

from npc_brain.language import intent_patterns as patterns
from npc_brain.language.aspect import lies_ahead
from npc_brain.language.dates import day_in, hours_in
from npc_brain.language.facts import content_words, times_in
from npc_brain.language.informal import spelled_out
from npc_brain.language.intent_model import IntentModel
from npc_brain.language.intent_patterns import ASKS, pattern_of
from npc_brain.language.intents import Intent
from npc_brain.language.reported import AGREEMENT_TAG, claim_in, is_statement, without_opener

__all__ = [
    "Intent",
    "asks_along",
    "intent_of",
    "invitation_text",
    "invites",
    "is_negated",
    "is_request",
    "thanks",
    "topic_of",
    "topic_words",
]



# Question words that say nothing about the topic ("how is the café doing today" is about the café).
_VAGUE = frozenset({"you", "your", "know", "think", "heard", "anything", "tell", "doing", "today", "there",
                    "town", "thing", "lately", "recently", "news", "new", "latest", "gossip", "happening", "going",
                    "something", "planned", "happen", "happened", "juicy", "interesting", "exciting", "rumour",
                    "rumours", "rumor", "rumors", "scandal", "buzz", "scoop", "goss", "word", "any", "hear",
                    "drama", "round", "around",
                    # When, not what: one shared time word is no memory of the topic ("this year" drew
                    # "I opened Hobbs Cafe six years ago").
                    "year", "years", "week", "weeks", "month", "months", "day", "days", "night", "morning",
                    "evening", "afternoon", "weekend", "time", "tonight", "tomorrow", "yesterday", "ago", "plan",
                    "plans", "planning", "later", "earlier", "soon", "anywhere", "somewhere", "nice", "fun", "good",
                    "lovely", "else", "gone", "been", "went", "go"})


_ASKS_TO_DO = re.compile(r"(^|[.!?]\s+)\W*(please\s+)?(can|could|would)\s+you\s+(please\s+)?"
                         r"(?!tell|say|describe|explain|remind|introduce|recommend|suggest|be|do you|like|want|"
                         r"trust|rate|vouch|care|mind telling)\w+"
                         # Asking a favour before saying what it is ("Do me a favour and …", "Any chance you could …").
                         r"|^\W*(do me a (favou?r|kindness)|be a (dear|love|star|sport)) and \w+"
                         r"|\b(can|could|would|will) you (please )?(do me a (favou?r|kindness)|be (a|an) \w+) and \w+"
                         r"|\bany chance (that )?you (could|can|would|might)\s+(?!tell|say|recommend|suggest)\w+"
                         # Leave asked ("Mind if I borrow your bike?", "Could I use your oven?").
                         r"|(^|[.!?]\s+)\W*(do you )?mind if i\b"
                         r"|(^|[.!?]\s+)\W*(can|could|may) i (borrow|use|take|have)\b",
                         re.IGNORECASE)
_GREETING_WORDS = frozenset({"everyone", "everybody", "friend", "friends", "folk", "folks", "mate", "all", "lovely",
                             "fine", "beautiful", "day", "sir", "madam", "miss", "neighbour", "neighbor"})
# Offering the listener something ("Would you like a coffee?"): no request of theirs.
_OFFERS = re.compile(r"\b(would|do) you (like|want|fancy)\b", re.IGNORECASE)
# Urged along ("… on Friday at 8, you should come!", "Come round on Sunday."): an invitation however
# it is put, with or without a place of the map.
_URGED = re.compile(r"\byou (should|must|have to|gotta|got to|ought to|oughta) (come|join|stop by|drop by|swing by|"
                    r"be there|pop (in|by|over|round))\b|\bcome (by|over|round|around)\b"
                    r"|\b(want|wanna) to (come|join) (us|me|along)\b|\b(you|u) (want|wanna) to (come|join)\b"
                    r"|\b(you|u) up for (it|that|this)\b",
                    re.IGNORECASE)
# Asking the listener to come along to something (with a place and a day, an invitation).
_INVITES = re.compile(
    r"\b(would|will|do|won't|can|could) you (like |want |care )?(to )?(come|join|be there|make it)\b"
    r"|\bare you (coming|going|joining)\b|\bcome (along|with me|with us)\b|\bjoin (me|us)\b"
    r"|\b(i|we)('d| would) love (the|your) company\b|\bwant to come\b|\byou('re| are) (invited|welcome to come)\b"
    r"|\binvite you\b|" + _URGED.pattern, re.IGNORECASE)


def invites(line: str) -> bool:
    """True when the line asks the listener to come along ("Are you coming to …?", "Join us …"),
    or along to something at a place on a day (`asks_along`)."""
    return _invites(line, claim_in(line))


def invitation_text(line: str) -> str | None:
    """The text to read the occasion from when `line` asks the listener along (else None): the
    news inside it when it carries the day or hour ("My aunt said this morning that a fair opens
    at the Granary on Saturday. Coming?" → the fair's clause, not this morning), else the line."""
    claimed = claim_in(line)
    if not _invites(line, claimed):
        # An invitation by its words alone ("wanna come to johnson park at 9?") is read for one too.
        return line if intent_of(line) is Intent.INVITE else None
    if claimed and (hours_in(claimed)[0] is not None or day_in(claimed, _DAY_REF) is not None):
        return claimed
    return line


def _invites(line: str, claimed: str | None) -> bool:
    """`invites`, with the line's claim (`claim_in`) already read."""
    if _INVITES.search(line) or _ASKED_ALONG.search(line):
        return True
    # News with a place and a time is asked along to only when it lies ahead ("A barn raising is on
    # at the park tomorrow at 3. Coming?"); what happened ("a pipe burst at the dorm this morning.
    # You heard?") is gossip.
    # ... and put to the listener ("you", "coming?"): news asked back ("…, is that right?") is a claim.
    return asks_along(line) and (claimed is None or (lies_ahead(claimed) and bool(_ALONG_CUE.search(line))))


# A question typed without its question mark: a question word or an auxiliary before its subject
# first, and no closing punctuation.
_BUT_ASKS = re.compile(r"\s+but\s+(?=(is|are|was|were|do|does|did|what|who|where|when|why|how|can|could|would|will)"
                       r"\b[^.!?]*\?)", re.IGNORECASE)
# … an auxiliary before any subject counts ("is the library open on sundays"), also after "but" ("sorry to
# bother you but did you spot a blue backpack"), as does "any…" ("anything new in town").
_UNMARKED_QUESTION = re.compile(
    r"^\W*(.*?\bbut\s+|[a-z]+[,!]\s+)?((what|who|whom|whose|where|whereabouts|when|why|which|how)\b|(is|are|was|were|do|does|did|have|has|"
    r"can|could|would|will|should|shall)n?'?t? (you|u|he|she|they|it|we|i|there|that|this|these|those|the|a|an|my|"
    r"your|his|her|their|our|any|anyone|anybody|anything|someone|somebody|everyone|people|(?-i:[A-Z])\w+)\b"
    # A line opening with "is"/"are" asks, whatever follows ("is hobbs cafe still open rn").
    r"|(is|are|was|were) (?!(not|so|too)\b)[a-z]+\b"
    r"|(any|anything|anyone|anybody|got any|(you|ya) got (a|an|any|some))\b"
    r"|(heard|seen|noticed|know) (any|anything|anyone|about)\b)"
    r"[^.!?]*$", re.IGNORECASE)
_ABOUT_A_THING = re.compile(r"\s*(is|are|was|were)\s+(the\s+)?(?-i:[A-Z])", re.IGNORECASE)
_GREETING = re.compile(r"^\W*(hi|hello|hey|howdy|hiya|oi|oy|ahoy|heya|greetings|good (morning|afternoon|evening|day)|"
                       r"morning|evening|"
                       r"how do you do|nice to meet you|pleased to meet you|nice to see you|good to see you|"
                       r"long time no see|"
                       r"welcome|yo)\b[\s,!.]*((there|again|friend|everyone|all)\b[\s,!.]*)?", re.IGNORECASE)


def intent_of(line: str) -> Intent:
    """The first matching category, in an order where the specific beats the general; a
    line no pattern knows goes to the intent whose example lines its words are most like
    (`intent_model`). A greeting followed by a question is the question."""
    line = without_opener(spelled_out(line.strip())) or line
    if _UNMARKED_QUESTION.match(line):
        line = line.rstrip(" ,;:") + "?"  # typed without its "?" ("what's the deal with Tom, is he decent or not")
    greeting = _GREETING.match(line)
    while greeting is not None and _GREETING.match(line[greeting.end():].strip()):
        line = line[greeting.end():].strip()  # "Good afternoon, how do you do?": one greeting after another
        greeting = _GREETING.match(line)
    if greeting is not None:
        rest = line[greeting.end():].strip()
        if _UNMARKED_QUESTION.match(rest):
            rest = rest.rstrip(" ,;:") + "?"  # "hey is the café open yet": the question after the greeting
        # "Hi Isabella!" — a name after the greeting is part of it.
        rest = re.sub(r"^[A-Z][\w'’-]*(?: [A-Z][\w'’-]*)?[\s,!.]*", "", rest) if rest[:1].isupper() and \
            not re.match(r"^(what|who|how|where|when|why|which|do|does|did|are|is|can|could|would|will|have|i)\b",
                         rest, re.IGNORECASE) else rest
        # "hiya sam, whens the pub open": a name typed in lower case before the question.
        named = re.match(r"^[a-z][\w'’-]*[,!.]+\s+", rest)
        if named is not None and _UNMARKED_QUESTION.match(rest[named.end():]):
            rest = rest[named.end():]
        if _UNMARKED_QUESTION.match(rest) and "?" not in rest:
            rest = rest.rstrip(" ,;:") + "?"
        if not rest.strip(" ,.!?"):
            return Intent.GREETING
        if "?" not in rest and not is_request(rest) and not claim_in(rest) and not _UNMARKED_QUESTION.match(rest):
            # What follows, read on its own: "hey wanna come to my housewarming friday at 7" invites.
            inner = intent_of(rest)
            return Intent.GREETING if inner in (Intent.GREETING, Intent.CHAT) else inner
        line = rest
    claimed = claim_in(line)
    if claimed and not _invites(line, claimed):  # news of an occasion ahead, asked along to, is an invitation
        return Intent.CLAIM
    if _asks_to_do(line):  # "Would you fix the roof tonight?": asked to do, not to tell — and before an
        return Intent.REQUEST  # invitation: "Would you ship a piano to my aunt in Lisbon tomorrow?" is none
    timed = hours_in(line)[0] is not None or day_in(line, _DAY_REF) is not None
    # "wanna grab a coffee at hobbs tmrw": "want to" put to the listener, with a time.
    if asks_along(line) or _URGED.search(line) or (patterns.WANT_TO.match(line) and timed):
        return Intent.INVITE
    if (patterns.SUITS.search(line) or patterns.MEET.search(line) or patterns.FREE.search(line)) and timed:
        return Intent.AVAILABILITY  # a time put to the listener: "Meet me at 3", "you free around half four"
    if patterns.LOST.search(line):
        return Intent.SEEN  # "i lost my keys near the fountain, did anyone hand them in": seen?
    if _OF_SOMEONE.search(line):
        return Intent.OPINION  # "Maria said hi to me. Nice person, would you say?"
    if patterns.JUST_ME.match(line):
        return Intent.CHAT  # "Is it just me, or is it cold?" asks for agreement, like a tag
    # "Lovely weather, isn't it?" states, it does not ask — nor does a tag closing an earlier sentence.
    line = " ".join(AGREEMENT_TAG.sub(".", x.strip()) for x in _SENTENCE.findall(line.strip()))
    asks = "?" in line or bool(_REQUEST.match(line))
    if not asks:  # goodbye, thanks, how someone seems can be said; anything else stated is chat
        said = next((i for i, pattern in ASKS if i in _SAID_AS_STATEMENT and pattern.search(line)), None)
        if said is not None:
            return said
        if is_statement(line):
            return Intent.CHAT  # "It's a bit chilly this morning." asks nothing about this morning
    # What the line asks is in its questions; the sentences around them say why it is asked
    # ("I'm starving. Anywhere decent to eat nearby?").
    # A question after "but" is a sentence of its own ("ok random question but is Rosa nice?").
    split = _BUT_ASKS.sub(". ", line)
    questions = " ".join(q for q in (x.strip() for x in _SENTENCE.findall(split)) if q.endswith("?"))
    if asks and _REACTS.search(line):
        return Intent.REACT  # "Your breakfast is burning. What do you do?": the situation is the question's
    for text in dict.fromkeys([questions, line] if questions else [line]):
        for intent, pattern in ASKS:
            if not asks and intent not in _SAID_NOT_ASKED:
                continue  # a statement asks nothing about what it mentions ("Looks like rain later.")
            if intent is Intent.RECOMMEND and _ABOUT_A_THING.match(text):
                continue  # "Is Hobbs Cafe a nice place to go?" asks about Hobbs Cafe
            if intent in _OWN_TIME and (_of_another(text) or _of_a_topic(text)):
                continue  # "Was he pulling my leg?", "whats on in the park tmrw": not the listener's own day
            if intent is Intent.FAREWELL and asks and (m := _ASKS_MORE.search(pattern.sub(" ", text))) \
                    and len(m.group(0).split()) >= 3:
                continue  # "Got to go soon, but what's new with Sam?": read by its question
            if pattern.search(text):
                # "What are you up to at 8 pm?", "Got anything going on at 3 pm?": that hour's step.
                if intent in (Intent.NOW, Intent.ABOUT) and times_in(text) and not _NAMED.search(text):
                    return Intent.FUTURE
                return intent
    # Only a question or a request is read by its words: another NPC's statement ("I would
    # love to come") asks for nothing, and gets the speaker's own news or small talk.
    if asks:
        found = Intent(_word_model().best(questions or line))
        if found is Intent.CHAT and is_request(line) and not _OFFERS.search(line):
            return Intent.REQUEST
        if found is Intent.IDENTITY and (_THIRD_PERSON.search(questions or line) or _NAMED.search(questions or line)):
            return Intent.OPINION  # "Would they fit in, do you reckon?" asks of someone else, not who you are
        asked = questions or line
        if found in _OWN_TIME and (_of_another(asked) or _of_a_topic(asked)):
            return Intent.ABOUT  # "What did Rosa do yesterday?": what it knows of her, not its own day
        return found
    if is_request(line):
        return Intent.REQUEST
    return Intent.CHAT


# Intents a line may carry without asking a question: saying goodbye, thanks, how someone
# seems, asking along, asking for a good place.
_SAID_NOT_ASKED = frozenset({Intent.FAREWELL, Intent.THANKS, Intent.FEELING, Intent.INVITE, Intent.RECOMMEND,
                             Intent.SEEN})
# … and "you didn't see it, did you": whether it saw, asked by a tag.
_SAID_AS_STATEMENT = frozenset({Intent.FAREWELL, Intent.THANKS, Intent.FEELING, Intent.SEEN})
_SENTENCE = re.compile(r"[^.!?]+[.!?]*")
# What is left of a question once its leave-taking is taken out still asks something ("See you
# tomorrow?" and a tag ("…, will you?") do not; "… but how is Sam?" does).
_ASKS_MORE = re.compile(r"\b(what|who|whom|whose|where|when|why|which|how|is|are|was|were|do|does|did|can|could|"
                        r"would|will|have|has|any|anything)\b[^?]*\?", re.IGNORECASE)
# What the listener did, does, will do or is: asked of "you" (or of no one: "Plans for tonight?").
_OWN_TIME = frozenset({Intent.NOW, Intent.PAST, Intent.FUTURE, Intent.IDENTITY})
_YOU = re.compile(r"\b(you|your|yours|yourself|yourselves)\b", re.IGNORECASE)
def _of_another(text: str) -> bool:
    """The question asks of someone else, not of "you" ("Was he pulling my leg?")."""
    return not _YOU.search(text) and bool(_SOMEONE_ELSE.search(text))


def _of_a_topic(text: str) -> bool:
    """The question asks of a thing, not of "you" ("Anything juicy going round the square lately?"):
    it names no listener and its topic has words beyond time and question words."""
    return not _YOU.search(text) and bool(topic_words(text, "", ""))


_SOMEONE_ELSE = re.compile(r"\b(i|me|my|we|us|our|he|him|his|she|her|they|them|their)\b"
                           r"|(?<![.!?]\s)(?<!^)\b(?-i:[A-Z])[a-z]+", re.IGNORECASE)
_REACTS = pattern_of(Intent.REACT)
_THANKS = pattern_of(Intent.THANKS)


def thanks(line: str) -> bool:
    """The line thanks the listener (also when it says goodbye: "Thanks, bye for now!")."""
    return bool(_THANKS.search(spelled_out(line.strip())))
_ALONG_CUE = re.compile(r"\b(you|your|ya|come|coming|join|joining)\b", re.IGNORECASE)
_ASKED_ALONG = pattern_of(Intent.INVITE)  # "You in?", "Fancy a …"
_AVAILABLE = pattern_of(Intent.AVAILABILITY)
_NAMED = re.compile(r"(?<![.!?]\s)(?<!^)\b(?-i:[A-Z])[a-z]+", re.IGNORECASE)
# An occasion at a place of the map (a name after at/in) on a day or at an hour, put to the listener.
_AT_A_PLACE = re.compile(r"\b(at|in|inside)\s+(the\s+)?(?-i:[A-Z])\w+", re.IGNORECASE)
# Put to the listener: "you", or a question; not "me" or "us" ("my cousin told me …" reports).
_TO_THE_LISTENER = re.compile(r"\b(you|your|ya)\b|\?", re.IGNORECASE)
# ... and "Anything going on at the Plaza tonight?": whether something is on, the "is" left out.
_ASKS_OF_IT = re.compile(r"^\W*(what|who|where|when|why|which|how|is it true|did you hear|have you heard"
                         r"|is|are|was|were|anything|something)\b|\bbe (at|in)\b"
                         # "Do you happen to know if the counter at the Pharmacy is staffed on Sundays?"
                         r"|\b(know|wonder|wondering|tell me|any idea|sure|heard) "
                         r"(if|whether|when|what|where|who|how|why)\b",
                         re.IGNORECASE)
_DAY_REF = datetime(2000, 1, 3, 12)  # any day: only whether the line names one matters


def _asks_to_do(line: str) -> bool:
    """Asked to do something ("Could you print me a new one?", "Mind if I borrow your bike?",
    "Carry this up the hill, would you?"), not to come along, not for the listener's time."""
    asked = bool(_ASKS_TO_DO.search(line)) or bool(_ORDER.match(line) and _REQUEST_TAG.search(line)
                                                   and not _TELL_ME.match(line))
    return asked and not _INVITES.search(line) and not patterns.FREE_TIME.search(line) and not _AVAILABLE.search(line)


# An order: a verb first — no pronoun, determiner, question word, auxiliary or conjunction —
# then its object or particle ("Carry my bag", "Hand over the key", "Teach me to swim").
_ORDER = re.compile(
    r"^\W*(please\s+)?(?!(i|you|we|he|she|they|it|there|here|this|that|these|those|the|a|an|my|your|our|his|her|"
    r"their|its|what|who|whom|whose|where|when|why|which|how|is|are|was|were|am|be|do|does|did|have|has|had|can|"
    r"could|will|would|shall|should|may|might|must|and|but|or|if|so|then|not|no|yes|all|any|some|every|each)\b)"
    r"[a-z]+\s+(me|us|him|her|it|them|the|a|an|my|your|our|his|their|this|that|these|those|some|all|every|over|up|"
    r"down|out|off|back|away|round|around)\b", re.IGNORECASE)
# An order to tell ("Give me the lowdown on Rosa, would you?"): a question, not a favour.
_TELL_ME = re.compile(r"^\W*(please\s+)?(tell|say|describe|explain|remind|fill|talk|give me the [\w-]+ (on|about))\b",
                      re.IGNORECASE)
# What makes an order a request: a tag after it ("…, would you?", "…, yeah?", "…, there's a dear").
_REQUEST_TAG = re.compile(r",\s*((would|will|could|can|won'?t) you( please)?|yeah|yes|ok|okay|please)\s*\?\s*$"
                          r"|,\s*there'?s an? \w+( \w+)?\W*$|\bplease\W*$", re.IGNORECASE)


# A question about a person by pronoun ("Are they the dependable type?") or a judgement put to
# the listener ("Nice person, would you say?"): an opinion; `answers` finds whom the line names.
_OF_SOMEONE = re.compile(
    r"(^|[.!?,]\s+)\W*(is|are|was|were)n?'?t? (he|she|they) "
    r"(?!\w+ing\b|going\b|at\b|in\b|there\b|here\b|open\b|closed\b)[^.!?]*\?"
    r"|\b(is|was)n?'?t? (?-i:[A-Z])\w+( (?-i:[A-Z])\w+)? (the|a|an) (\w+ )?(sort|type|kind)\b"
    r"|(^|[.!?]\s+)[^.!?,]{2,40},\s*(would you say|do you think|don'?t you think|wouldn'?t you say|"
    r"would you agree|do you reckon|d'?you reckon)\s*\?\s*$", re.IGNORECASE)


# A question about someone else: a third-person pronoun (or a name inside the sentence, `_NAMED`).
_THIRD_PERSON = re.compile(r"\b(he|she|they|him|her|them)\b", re.IGNORECASE)


def asks_along(line: str) -> bool:
    """True when the line asks the listener along to something at a place of the map on a day
    or at an hour ("A few of us are going to the fair at Johnson Park tomorrow. Coming?"), by
    its structure: a named place, a time, and the listener addressed; a question about the
    occasion ("What is on at Johnson Park tomorrow?") or the listener's whereabouts ("Will you
    be at …?") is not."""
    place = _AT_A_PLACE.search(line)
    if place is None or not _TO_THE_LISTENER.search(line):
        return False
    if patterns.HEARD_TAG.search(line):
        return False  # "… on Saturday. Did you hear?" asks whether it was heard, not along
    if hours_in(line)[0] is None and day_in(line, _DAY_REF) is None:
        return False
    sentence = next((x for x in _SENTENCE.findall(line) if place.group(0) in x), line)
    return not _ASKS_OF_IT.search(sentence.strip())


_ASK = re.compile(
    r"\b(can|could|would|will|won't|may|might) (you|i|we)\b|\byou (can|could|may|should)\b|\bno need\b"
    r"|\bplease\b|\bi'?d like\b|\bi would like\b"
    r"|\bi want\b(?! to\b)|\bi need\b(?! to\b)|\bi'?ll have\b|\bgive me\b|\bget me\b|\blet'?s\b|\bhow about\b"
    r"|(?:^|[,.!;:]\s*)(follow|come|go|stop|leave|wait|bring|give|get|take|show|open|close|invite|sell|hand|pass|walk"
    r"|meet|head|join|don'?t|do not|quit|keep|lend|help|fetch|buy|make)\b",
    re.IGNORECASE)
# "What will you do?", "Where can I …?": questions about something, not asking for it.
_QUESTION = re.compile(r"^\s*(what|where|when|who|whom|why|which|how)(?! about)\b", re.IGNORECASE)
_NEGATED = re.compile(r"\b(don'?t|do not|no need to|never|stop|quit|no more|no longer|not anymore|enough)\b",
                      re.IGNORECASE)


def is_request(line: str) -> bool:
    """The line asks for something ("could I have a coffee?", "follow me"), not about something."""
    return bool(_ASK.search(line)) and not _QUESTION.search(line)


def is_negated(line: str) -> bool:
    """The line asks for something to stop or not happen ("don't follow me", "stop following me")."""
    return bool(_NEGATED.search(line))


# A request for something the listener knows ("Tell me a bit about who you are."), not an
# order to pass something on ("Tell everyone the park is closed").
_REQUEST = re.compile(r"\W*(please\s+)?(tell me|describe|explain|remind me|fill me in|talk (to me )?about)\b",
                      re.IGNORECASE)


@functools.cache
def _word_model() -> IntentModel:
    from npc_brain.language.intent_examples import EXAMPLES

    return IntentModel.trained({str(k): v for k, v in EXAMPLES.items()})


_ABOUT = re.compile(r"\b(?:about|of|with|regarding|in on)\s+(.+?)[?.!]*$", re.IGNORECASE)
_IS = re.compile(r"\b(?:is|are)\s+(.+?)[?.!]*$", re.IGNORECASE)


_SENTENCE_ABOUT = re.compile(r"^(.*?\babout\s+\S.*?[.!?])\s+(?=(is|are|was|were|do|does|did|what|who|how|why|"
                             r"where|when|have|has|can|could|any|tell)\b)", re.IGNORECASE)
_ON = re.compile(r"\b(?:word|news|update|info|details|gossip|latest|story|the [\w-]+)\s+on\s+(.+?)"
                 r"(?:,\s*(?:would|will|could|can|do) you\b.*)?[?.!]*$", re.IGNORECASE)
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
    # "Is anything happening at X?": X.
    topic = re.sub(r"^.*?\b(?:anything|something|much|stuff)\s+(?:happening|going on|new|planned|on)\s+"
                   r"(?:at|in|with|near|by|around)\s+", "", topic.strip(), flags=re.IGNORECASE)
    # "Have you been to X lately?": the place.
    topic = re.sub(r"^.*\b(been|gone|go|went)\s+(to|into|by)\s+", "", topic.strip(), flags=re.IGNORECASE)
    topic = re.sub(r"\s+(doing|going|getting on|getting along|keeping|holding up|today|lately|these days|right now|"
                   r"now|in town|around here)\b.*$", "",
                   topic.strip(" ?.!"), flags=re.IGNORECASE)
    return topic


def topic_words(line: str, speaker: str, listener: str) -> frozenset[str]:
    """The content words of what `line` asks about, without the two speakers' names."""
    topic = topic_of(spelled_out(line)) if line else ""  # "whats the latest": "whats" is no topic
    return content_words(topic) - content_words(speaker) - content_words(listener) - _VAGUE
