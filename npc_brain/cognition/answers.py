"""Answers: which grounds may answer a line, best first (paper §4.3.2, made checkable).

What the other speaker said decides which grounds are eligible (`Intent`): "who are you"
offers identity, "what are you doing" the current action, "what do you know about X" the
memories about X (an occasion told as the occasion itself) or an honest "I have not heard
anything about X", "what did you do earlier" the day so far, "what will you do" the plan
ahead; beyond the interview's five, an opinion of someone (the relationship and memories of
them), a recommendation (places the speaker knows for what was asked), how it feels (its
weightiest recent memory), whether it is free at a time (the plan then), a claim (what it
knows of it, or that it had not heard), a greeting, thanks or a goodbye (a social reply,
never a schedule line), a request (a polite no, unless the game offers the deed) and an
invitation (yes or no by `invitation`). With nothing asked, an NPC talking to another says
what it has on its mind: news first, else a question back, its plans, its doings. Pure.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timedelta

from npc_brain.cognition import invitation
from npc_brain.cognition.grounds import (
    NO_ONE,
    NO_PLANS,
    REACTION,
    SMALL_TALK,
    Moment,
    action_ground,
    did_ground,
    from_record,
    identity_ground,
    plan_ground,
    relation_ground,
    status_ground,
    unknown_ground,
)
from npc_brain.cognition.news import holds
from npc_brain.cognition.newsworthy import ROUTINE, newsworthy
from npc_brain.cognition.occasion_answers import occasions_on, told_as_occasions
from npc_brain.cognition.sights import (
    description_ground,
    hours_ground,
    keepers_ground,
    keepers_sight,
    named_sight,
    own_sight,
    where_ground,
)
from npc_brain.cognition.timetable import LEISURE, availability_ground, later_grounds, names_a_time, step_place
from npc_brain.language.aspect import happening, lies_ahead, tells_event, under_way
from npc_brain.language.facts import content_words, facts_in, names, names_in
from npc_brain.language.folding import fold
from npc_brain.language.intent import Intent, thanks, topic_of, topic_words
from npc_brain.language.keepers import asks_keepers
from npc_brain.language.phrasing import activity_of
from npc_brain.language.question_forms import (
    asks_of_here,
    asks_of_listener,
    asks_right_now,
    asks_whats_on,
    asks_where,
    at_home,
)
from npc_brain.language.relations import roles_asked, roles_in
from npc_brain.language.replies import ENGLISH_REPLIES, Replies
from npc_brain.language.reported import claim_in
from npc_brain.language.sighting import sought
from npc_brain.memory.record import MemoryKind, MemoryRecord
from npc_brain.types.ground import Ground, GroundKind
from npc_brain.types.persona import Persona

__all__ = ["candidates"]

# The answers that tell of a place of the map the line names (`sights`).
_OF_PLACES = frozenset({Intent.ABOUT, Intent.OPINION, Intent.RECOMMEND, Intent.CLAIM, Intent.HOURS})
_LATELY = timedelta(hours=24)
"""How far back 'what have you been up to?' reaches in the agent's own sightings of itself."""
_CLAIM_SHARE = 0.5
"""The share of a claim's words a memory must hold to be a memory of it."""
# Few options where one kind of answer is right: a 135M model's pick is near random, and the
# first option is the code's best.
_FEW = {Intent.IDENTITY: 1, Intent.NOW: 1, Intent.PAST: 2, Intent.FUTURE: 2, Intent.REACT: 1, Intent.ABOUT: 2,
        Intent.INVITED: 2, Intent.GREETING: 1, Intent.FAREWELL: 1, Intent.THANKS: 1, Intent.FEELING: 1,
        Intent.OPINION: 2, Intent.RECOMMEND: 2, Intent.AVAILABILITY: 1, Intent.CLAIM: 2, Intent.INVITE: 1,
        Intent.REQUEST: 1, Intent.SEEN: 2, Intent.HOURS: 1}


def _usable(r: MemoryRecord, listener: str) -> bool:
    """Not a ground: a transcript or summary (speech with no teller: evidence of a talk, not
    something to recite), what the listener itself told (telling Alex what Alex said answers
    nothing), a plan record (its steps are grounds of their own, with their times), and a
    routine sighting of the listener or naming them ("Klaus Mueller is having a coffee", said to
    Klaus)."""
    if r.kind is MemoryKind.PLAN or (r.kind is MemoryKind.DIALOGUE and r.teller is None):
        return False
    if r.teller == listener or r.description.startswith(f"{listener} invited "):
        return False
    # Nor a routine sighting that names them ("Jennifer Moore is talking with Oliver Grant", said to Oliver).
    return not (r.importance <= ROUTINE and (r.subject == listener or (bool(listener) and listener in r.claim)))


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
    replies: Replies = ENGLISH_REPLIES,
) -> list[Ground]:
    """The eligible grounds for answering `line`, best first (a small model leans to the first)."""
    recalled = [r for r in recalled if _usable(r, listener)]
    claimed = claim_in(line) if intent is Intent.CLAIM else None
    topic = claimed or (topic_of(line) if line else "")
    # The place of the map the line names, found once for the answers that tell of places.
    named = named_sight(line, moment) if intent in _OF_PLACES else None
    sight = named[0] if named is not None else None
    words = (content_words(claimed) - content_words(speaker.name) - content_words(listener)) if claimed \
        else topic_words(line, speaker.name, listener)
    about = [r for r in recalled if words & content_words(r.claim)] if words else list(recalled)
    # Someone asked after by full name: a record must name them (or be about them), not share
    # their family name ("anything going on with Sam Moore?" got Jennifer Moore's wedding).
    full_names = [n for n in names_in(topic) if len(n.split()) >= 2]
    if full_names:
        about = [r for r in about if any(r.subject == p or names(r.claim, p) for p in full_names)]
    if not words and topic and names(topic, speaker.name):
        # "How is Ben doing these days?" asked of Ben: his own life, not his weightiest relay.
        about = [r for r in recalled if r.subject == speaker.name and r.teller is None] or about
    if claimed:  # "I heard X": memories of X itself (most of its words), not of one word in it
        about = [r for r in about if len(words & content_words(r.claim)) >= _CLAIM_SHARE * len(words)]
    # Most of the topic first ("the Valentine's Day party": the party itself before its
    # helpers), then what happened before how someone is, the weightiest, the most informative
    # (its place, date and time): "Mei Lin is talking with Latoya" is no answer to "any news of Latoya?".
    # Of a person, their own doings before their yes to someone else's occasion (a stories run:
    # "How is Ben doing?" got "Ben is going to the meeckel" from those who knew of his cat).
    about.sort(key=lambda r: (-len(words & content_words(r.claim)), _guest(r), _worth(r),
                              -len(facts_in(r.claim, exclude=(speaker.name,)))))
    mems = told_as_occasions(about, speaker, listener, words, now)
    action = action_ground(speaker, moment.doing, moment.place)
    ahead = [s for s in moment.steps if s.start > now and s.description != moment.doing]
    before = [s for s in moment.steps if s.end <= now]
    future = [plan_ground(speaker, s, now, step_place(moment, s)) for s in ahead[:3]]
    past = [plan_ground(speaker, s, now, step_place(moment, s)) for s in reversed(before[-3:])]
    status = status_ground(speaker)
    on_asked = asks_whats_on(line) if intent is Intent.ABOUT else None  # "anything on in town this week?"
    out: list[Ground | None]
    fallback = {Intent.FUTURE: NO_PLANS, Intent.PEOPLE: NO_ONE, Intent.ABOUT: unknown_ground(topic),
                Intent.CLAIM: Ground(GroundKind.UNKNOWN, replies.not_heard),
                Intent.RECOMMEND: unknown_ground(""), Intent.OPINION: unknown_ground(topic)}
    kept = keepers_sight(line, speaker, moment) if asks_keepers(line) else None
    if kept is not None:  # "who else works here with you?": the map's owner, the residents' workplaces
        out = [keepers_ground(speaker, kept, replies)]
    elif intent is Intent.IDENTITY:
        # Who it is and what it is about these days, in one ground: the answer to "who are you".
        who = identity_ground(speaker)
        if status is not None:
            who = Ground(GroundKind.IDENTITY, f"{who.text} {status.text}", who.said, facts=who.facts + status.facts)
        out = [who, action]
    elif intent is Intent.NOW:
        out = [action, *future[:1], status]
    elif intent is Intent.FUTURE:
        out = later_grounds(speaker, line, now, moment, mems, future, action, status, words)
    elif intent is Intent.AVAILABILITY:
        out = [availability_ground(speaker, line, now, moment, action, replies)]
    elif intent is Intent.REACT:
        out = [REACTION]
    elif intent is Intent.PEOPLE:
        asked = roles_asked(line)
        if asked:  # "Who's your best friend?", "Are you married?": the relationships naming that role
            fit = sorted((n for n in speaker.relationships if n != listener
                          and asked & roles_in(speaker.relationships[n])),
                         key=lambda n: -len(asked & roles_in(speaker.relationships[n])))
            if not fit and asked == {"friend"}:  # a friend is whoever it is closest to: anyone it knows may be
                fit = [n for n in speaker.relationships if n != listener]
            out = [relation_ground(speaker, n) for n in fit[:3]] or [Ground(GroundKind.UNKNOWN, replies.keep_private)]
        else:
            people = [relation_ground(speaker, n) for n in speaker.relationships if n != listener]
            met = [m for m in mems if m.spreads]
            out = [*met[:2], *people[:3]]
    elif intent is Intent.PAST:
        recent = sorted((from_record(r, speaker, listener) for r in recalled
                         if r.created <= now and r.created.date() == now.date()),
                        key=lambda g: -(g.record or 0))
        # Before today's first step is over, what it has been doing is what it saw itself do (its
        # own sightings, the last day), then what it is about these days: "what have you been up
        # to lately?" asked at 7 am got a thought of the morning ("I think the party will be fun").
        did = [g for r in sorted(recalled, key=lambda r: -r.id)
               if r.kind is MemoryKind.OBSERVATION and r.subject == speaker.name and r.teller is None
               and timedelta(0) <= now - r.created <= _LATELY and (g := did_ground(speaker, r, now)) is not None]
        out = [*(past or did[:2] or [g for g in (status, *recent[:2]) if g is not None] or [action])]
        if words:  # "have you been to the pub?": what it did there first
            there = [g for g in (*past, *recent, *mems) if words & content_words(g.text)]
            out = [*there, *out]
    elif intent in (Intent.ABOUT, Intent.RECOMMEND) and asks_where(line) and \
            (way := where_ground(sight, replies)) is not None:
        out = [way]  # "Where's the library?": where the map has it, not what it is
    elif intent is Intent.SEEN:
        out = _seen(speaker, listener, line, recalled, replies)
    elif intent is Intent.HOURS:
        if sight is None and asks_of_here(line):  # "When do you open?": where it works, or is
            sight = own_sight(speaker, moment)
        out = [hours_ground(sight, now, replies, now_asked=asks_right_now(line))]
    elif intent in (Intent.ABOUT, Intent.CLAIM) and not words and not asks_of_listener(line) \
            and not names(line, speaker.name) and not on_asked:
        # "Any gossip?", "What's the news?": what it heard of others and what is coming up, by the
        # records' fields — not its own biography ("I opened Hobbs Cafe six years ago").
        out = _town_news(speaker, listener, about, now, replies)
    elif intent in (Intent.ABOUT, Intent.CLAIM) and not words and not on_asked:  # "what is new with you?"
        # Its own doings before its yes to someone else's occasion, as for anyone asked after (a
        # stories run on 53ae776: "How is Ben doing these days?" asked of Ben got "I decided to go
        # to the meeckel", not his adopted cat).
        news = [from_record(r, speaker, listener)  # its news, else its day; an occasion over is no news
                for r in sorted(_not_over(about, now), key=lambda r: (_guest(r), *_worth(r), -r.id))
                if r.importance > ROUTINE]
        out = [*news[:1], status, action]
    elif intent is Intent.CLAIM:  # "I heard X": that it knew, else what it knows of X, else that it had not heard
        # Knew it: a record of the same fact (its words besides names), not one of its own (asked
        # "I heard you are running for mayor", it says so itself, through `mems`).
        # To the player, what it knows is the answer ("Yes, John Lin told me that …"): only between
        # NPCs, where a relay echoed back and forth, is it acknowledged without the fact (held-out-3
        # counted "I had heard that too, from John Lin." as no answer to a player's claim).
        knew = next((r for r in about if r.occasion is None and not (r.teller is None and r.subject == speaker.name)
                     and claimed and holds([r], claimed) is not None), None) if moment.listener_is_agent else None
        out = [_knew(knew, replies)] if knew is not None else [*mems[:2]]
        if not out and claimed:  # "Is it true there are ducks at the pond?": what the map says of the place
            # Supported when the claim's other words are in the place's name or description ("ducks").
            told = description_ground(speaker, sight, replies)
            if told is not None and named is not None and not tells_event(claimed) and \
                    (words - content_words(named[1])) & content_words(f"{named[0].name} {named[0].description}"):
                out = [told]  # how the place is, not what happened there ("the college is building a wing")
    elif intent in (Intent.ABOUT, Intent.OPINION):
        # "Maria said hi to me. Nice person, would you say?": whom the line names, if not the topic.
        person = _named(listener, topic, speaker) or (_named(listener, line, speaker) if intent is Intent.OPINION
                                                       else "")
        relation = relation_ground(speaker, person) if person else None
        # Asked something of a place of the map ("is there wifi at the cafe?"), a memory must hold what
        # is asked, not only the place ("I opened Hobbs Cafe six years ago").
        rest = words - content_words(named[1]) - content_words(named[0].name) if named is not None else frozenset()
        if rest:
            mems = [m for m in mems if rest & content_words(m.text)]
        # Memories of it, then the day's steps there ("Is Hobbs Cafe nice?" "At 9 am I will be …").
        steps = [g for g in (*future, *past) if words & content_words(g.text)]
        # … and who it is, when that names it (a student asked about her college).
        own = [g for g in (identity_ground(speaker), status, action) if g is not None and words & content_words(g.text)]
        reflections = [m for m in mems if m.record is not None and _kind(recalled, m.record) is MemoryKind.REFLECTION]
        # Asked how someone is or what is new with them, what happened to them comes before what
        # the speaker thinks of them (a stories run: the landlord who knew of his cook's adopted
        # cat answered "Ben is the pub's cook and my right hand"); asked its opinion, the opinion.
        news_of = [m for m in mems if m.spreads and m not in reflections] if intent is Intent.ABOUT else []
        # A place of the map asked about by name: what the map says it is ("Is Hobbs Cafe a nice
        # place to go?" had got "I have not heard anything about Hobbs Cafe" from a resident).
        # Asked its opinion, that comes first; asked what it knows, its memories of the place do.
        told = description_ground(speaker, sight, replies)
        if intent is Intent.OPINION:
            out = [relation, told, *reflections, *mems, *steps, *own]
        elif (where := on_asked) is not None:
            # "Anything happening at the park this weekend?": what it knows to be on there, else that it
            # knows of nothing — not the place's description nor a wish for the place.
            # Then news of something under way or to come (not what happened: "I reached five hundred
            # followers last week" answered "anything fun going on around here this week?" in a play);
            # an occasion's record only as its occasion (by time).
            dated = {r.id for r in recalled if r.occasion is not None}
            on: list[Ground | None] = [*occasions_on(recalled, speaker, listener, line, now, sight),
                                       *(g for g in mems if g.occasion is None and g.record not in dated
                                         and g.spreads and (under_way(t := g.said or g.text) or lies_ahead(t)))]
            out = on or [Ground(GroundKind.UNKNOWN, replies.nothing_on.format(place=where))]
        else:
            out = [*news_of, relation, *reflections, *mems, told, *steps, *own]
    elif intent is Intent.RECOMMEND:
        # "Is the library a nice place to go?" names its place: that place, not another one.
        told = description_ground(speaker, sight, replies)
        out = [told] if told is not None else _recommend(speaker, line, moment, words, replies)
    elif intent is Intent.FEELING:
        out = [_feeling(speaker, listener, recalled, now, replies)]
    elif intent is Intent.GREETING:
        out = [Ground(GroundKind.GREETING, replies.greeting)]
    elif intent is Intent.FAREWELL:  # thanked on the way out: both ("Thanks, bye for now!")
        bye = f"{replies.thanks} {replies.farewell}" if thanks(line) else replies.farewell
        out = [Ground(GroundKind.FAREWELL, bye)]
    elif intent is Intent.THANKS:
        out = [Ground(GroundKind.SMALL_TALK, replies.thanks)]
    elif intent is Intent.INVITE:  # an invitation with no time or place to it: ask for them
        # At the asker's home, which is no place of the map: where that is ("a bonfire at mine").
        ask = replies.ask_home if at_home(line) else replies.ask_where if names_a_time(line, now) else replies.ask_when
        out = [Ground(GroundKind.QUESTION, ask)]
    elif intent is Intent.REQUEST:  # nothing the game offers answers it (`offers` puts deeds first)
        out = [Ground(GroundKind.DECLINE, "Sorry, I can't do that for you right now.")]
    elif intent is Intent.INVITED:
        out = list(moment.news)  # the caller offers the yes and the no
    elif moment.news:  # CHAT with news to tell: lead with it (how news travels, §7.1.1);
        # the only option, as a 135M model's pick between two is a coin toss.
        out = [moment.news[0]]
        limit = 1
    else:  # CHAT: what the speaker has on its mind about this listener and this line
        said_of = [m for m in mems if _said_of(m, words, line)] if words else []
        out = _chat(speaker, listener, line, moment, said_of, recalled, future, action, status)
    grounds = _unique([g for g in out if g is not None and g.text])
    limit = min(limit, _FEW.get(intent, limit))
    # Nothing to say on the question: say so (asserting nothing) rather than something else.
    return grounds[:limit] or [fallback.get(intent, SMALL_TALK[0])]


def _knew(record: MemoryRecord, replies: Replies) -> Ground:
    """'I had heard that too, from Eddy Lin.': a claim the speaker holds already is acknowledged,
    not recited back (two NPCs told each other the same relay four times in a Valentine run);
    it carries no news, so the listener keeps no second copy of it."""
    text = replies.heard_too.format(name=record.teller) if record.teller else replies.knew
    return Ground(GroundKind.MEMORY, text, "", record.id, record.place, facts_in(text), False,
                  subject=record.subject)


def _worth(r: MemoryRecord) -> tuple[bool, bool, float, int]:
    """What is most worth saying of a memory, first: something that happened (or an occasion), then
    anything not routine, then the newest, then the weightiest. News is what was heard last: in a
    stories run (7b662ec), asked "Any news about Lucy?", the café owner answered with the tulips she
    had heard at 1 pm (rated 5), not the pumpkin she had heard at 6:40 pm (rated 4) — a small
    model's rating of two pieces of news is a coin toss, when it heard them is not."""
    return (not (r.occasion is not None or happening(r.claim)), r.importance <= ROUTINE,
            -r.created.timestamp(), -r.importance)


def _guest(r: MemoryRecord) -> bool:
    """True when the memory is of its subject going to someone else's occasion."""
    return r.occasion is not None and r.subject is not None and not invitation.hosts(r.occasion, r.subject)


def _kind(records: Sequence[MemoryRecord], rid: int) -> MemoryKind | None:
    return next((r.kind for r in records if r.id == rid), None)


def _recommend(speaker: Persona, line: str, moment: Moment, words: frozenset[str],
               replies: Replies) -> list[Ground | None]:
    """Places the speaker knows for what was asked: by what the place is for (the map's
    purposes) or by its name, the ones the speaker itself goes to first."""
    # What is wanted is in the question ("I've run out of everything. Where should I go to stock
    # up?"): the sentences before it say why it is asked.
    asked = [x.strip() for x in re.findall(r"[^.!?]+[.!?]*", line) if x.strip().endswith("?")]
    want = next((a for a in (activity_of(q) for q in asked[-1:]) if a != "other"), activity_of(line))
    mine = " ".join((*speaker.daily_habits, speaker.workplace or "", speaker.occupation)).lower()
    picks: list[tuple[int, str, bool]] = []
    for name, address, purposes in moment.places:
        named = bool(words & content_words(name))
        fits = want in purposes if want != "other" else bool(purposes & LEISURE)
        if not (named or fits):
            continue
        own = fold(name) in fold(mine) or bool(speaker.workplace and speaker.workplace.startswith(address))
        picks.append((0 if named else 1 if own else 2, name, own))
    picks.sort(key=lambda t: t[0])
    out: list[Ground | None] = []
    for _, name, own in picks[:2]:
        text = (replies.been_there if own else replies.try_place).format(place=name)
        out.append(Ground(GroundKind.PLACE, text, facts=facts_in(text)))
    return out


def _seen(speaker: Persona, listener: str, line: str, recalled: Sequence[MemoryRecord],
          replies: Replies) -> list[Ground | None]:
    """'Have you seen my dog?': what it saw of it, then what it heard of it — a memory sharing a name
    or two words with the line (the thing may be described in the sentence before) — else that it
    has not seen it, in the tense asked."""
    words = content_words(line) - content_words(speaker.name) - content_words(listener)
    named = [n for n in names_in(line) if not names(speaker.name, n) and not names(listener, n)]

    def of_it(r: MemoryRecord) -> bool:
        return len(words & content_words(r.claim)) >= 2 or any(names(r.claim, n) for n in named)

    fits = sorted((r for r in recalled if r.importance > 0 and of_it(r)),
                  key=lambda r: (r.teller is not None, -r.created.timestamp()))
    if fits:
        return [from_record(r, speaker, listener) for r in fits[:2]]
    asked = sought(line)
    thing = asked.thing if asked is not None else "that"
    template = replies.did_not_see if asked is not None and asked.past else replies.not_seen
    return [Ground(GroundKind.UNKNOWN, template.format(thing=thing))]


def _not_over(records: Sequence[MemoryRecord], now: datetime) -> list[MemoryRecord]:
    """The records but those of an occasion that is over (news no longer)."""
    return [r for r in records if r.occasion is None or not r.occasion.over(now)]


def _town_news(speaker: Persona, listener: str, about: Sequence[MemoryRecord], now: datetime,
               replies: Replies) -> list[Ground | None]:
    """News of the town, by provenance: what it heard or saw of others that is news (newest
    happening first), then what of its own is under way or coming up (an occasion it hosts, a run
    for mayor); none: that it has heard no news. An occasion that is over is no news."""
    about = _not_over(about, now)
    others = [r for r in about if newsworthy(r, listener) and r.subject != speaker.name
              and (r.teller is not None or r.subject is not None)]
    own = [r for r in about if newsworthy(r, listener) and r.teller is None and r.subject == speaker.name
           and (r.occasion is not None or lies_ahead(r.claim))]
    picked = [*sorted(others, key=lambda r: (_guest(r), *_worth(r)))[:1],
              *sorted(own, key=lambda r: (r.occasion is None, *_worth(r)))[:1]]
    out: list[Ground | None] = [from_record(r, speaker, listener) for r in picked]
    return out or [Ground(GroundKind.UNKNOWN, replies.no_news)]


def _said_of(ground: Ground, words: frozenset[str], line: str) -> bool:
    """A memory is about what was said when it shares a name the line gives or two of its
    words: one common word is chance ("Lovely day out there" drew "I am thinking about the day",
    a remark on the frost "the old bridge is closed")."""
    shared = words & content_words(ground.text)
    return len(shared) >= 2 or bool(shared & content_words(" ".join(names_in(line))))


def _feeling(speaker: Persona, listener: str, recalled: Sequence[MemoryRecord], now: datetime,
             replies: Replies) -> Ground:
    """How it is: well, and what weighs on it — its weightiest memory of the last day (a
    reflection or anything rated above routine)."""
    recent = [r for r in recalled if r.importance > ROUTINE and now - r.created <= timedelta(days=1)]
    if not recent:
        return Ground(GroundKind.FEELING, replies.well)
    top = max(recent, key=lambda r: (r.importance, r.kind is MemoryKind.REFLECTION, r.id))
    mind = from_record(top, speaker, listener)
    return Ground(GroundKind.FEELING, f"{replies.well} {mind.text}", mind.said, mind.record, mind.place, mind.facts,
                  mind.spreads, subject=mind.subject, occasion=mind.occasion)


def _chat(speaker: Persona, listener: str, line: str, moment: Moment, mems: list[Ground],
          recalled: Sequence[MemoryRecord], future: list[Ground], action: Ground, status: Ground | None,
          replies: Replies = ENGLISH_REPLIES) -> list[Ground | None]:
    """Nothing asked: to another NPC, what it thinks of them or their talk (a reflection), a
    question back when it has not heard from them yet, its plans and its doings; to the player,
    what it knows of what was said, else a friendly word (not its schedule: "Lovely weather,
    isn't it?" got "Right now I am making coffee")."""
    # Not the relationship with the listener: that would describe them to themselves. What it
    # remembers of them is fair ("You still owe me ten dollars"): the paper's lines condition on it.
    them = content_words(listener)
    of_them = [from_record(r, speaker, listener) for r in recalled
               if r.importance > ROUTINE and (r.subject == listener or them & content_words(r.claim))]
    if moment.listener_is_agent:
        thoughts = [from_record(r, speaker, listener) for r in recalled
                    if r.kind is MemoryKind.REFLECTION and r.subject in (listener, speaker.name)]
        ask = [] if line else [Ground(GroundKind.QUESTION, replies.questions[moment.turn % len(replies.questions)])]
        return [*ask, *of_them[:1], *mems[:1], *thoughts[:1], *future[:1], action, status]
    return [*of_them[:1], *mems[:1], SMALL_TALK[1]]


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
