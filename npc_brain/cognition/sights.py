"""Sights: what a speaker can tell of a place of the map — what it is, where it is, its hours.

A line that names a public place the speaker knows ("the pub", "the library") is answered from
the map (`grounds.Sight`, filled by the runtime): its description ("The Rose and Crown Pub is a
traditional pub …; I go there myself."), where it is ("The library is in Oak Hill College."),
and the opening hours it keeps ("… open from noon to midnight. It is open now.") and who works there
("Carmen Ortiz is a barista at Hobbs Cafe, and Priya Sharma is a chef at Hobbs Cafe."). Pure.
"""
from __future__ import annotations

from datetime import datetime, time

from npc_brain.cognition.grounds import NOT_SURE, Moment, Sight, clock_phrase, with_article
from npc_brain.language.facts import facts_in
from npc_brain.language.folding import fold
from npc_brain.language.gazetteer import Gazetteer
from npc_brain.language.keepers import says_here, says_with_you
from npc_brain.language.replies import Replies
from npc_brain.types.ground import Ground, GroundKind
from npc_brain.types.persona import Persona
from npc_brain.world.hours import is_open
from npc_brain.world.wording import join_words

__all__ = ["description_ground", "hours_ground", "keepers_ground", "keepers_sight", "named_sight", "own_sight",
           "where_ground"]


def named_sight(line: str, moment: Moment) -> tuple[Sight, str] | None:
    """The place of the map the line names, as the gazetteer reads place names ("the pub" for the
    one name ending so), among the public places the speaker knows, with the words the line names
    it by ("the pond")."""
    if not moment.sights:
        return None
    mention = Gazetteer.of((s.name, s.address) for s in moment.sights).place_in(line)
    if mention is None:
        return None
    return next(s for s in moment.sights if s.address == mention.address), line[mention.span[0]:mention.span[1]]


def own_sight(speaker: Persona, moment: Moment) -> Sight | None:
    """The place the speaker works at, else the one it is in ("When do you open?")."""
    return next((s for s in moment.sights if speaker.workplace and speaker.workplace.startswith(s.address)),
                None) or next((s for s in moment.sights if s.name == moment.place), None)


def description_ground(speaker: Persona, sight: Sight | None, replies: Replies) -> Ground | None:
    """What the map says of the place, and that the speaker goes there when its habits or
    workplace say so (None: no place, or the map describes it not)."""
    if sight is None or not sight.description:
        return None
    text = (replies.place_mine if _goes_to(speaker, sight) else replies.place_is).format(
        place=_said(sight), what=sight.description.rstrip("."))
    return Ground(GroundKind.PLACE, text, facts=facts_in(text))


def where_ground(sight: Sight | None, replies: Replies) -> Ground | None:
    """Where the place is on the map ("The library is in Oak Hill College.")."""
    if sight is None or not sight.where:
        return None
    text = replies.place_where.format(place=_said(sight), where=sight.where)
    return Ground(GroundKind.PLACE, text, facts=facts_in(text))


def hours_ground(sight: Sight | None, now: datetime, replies: Replies, *, now_asked: bool = False) -> Ground:
    """When the place opens and closes, as the map keeps its hours; `now_asked` (the line asks
    whether it is open), whether it is open now. No place: not sure."""
    if sight is None:
        return NOT_SURE
    place = _said(sight)
    if sight.opens is None and sight.closes is None:
        text = replies.all_hours.format(place=place)
    elif sight.opens is None:
        text = replies.closes_at.format(place=place, closes=_hour(sight.closes, replies))
    elif sight.closes is None:
        text = replies.opens_at.format(place=place, opens=_hour(sight.opens, replies))
    else:
        text = replies.hours.format(place=place, opens=_hour(sight.opens, replies),
                                    closes=_hour(sight.closes, replies))
    if now_asked and (sight.opens is not None or sight.closes is not None):
        text += " " + (replies.open_now if is_open(sight.opens, sight.closes, now.time()) else replies.closed_now)
    return Ground(GroundKind.PLACE, text, facts=facts_in(text))


def keepers_sight(line: str, speaker: Persona, moment: Moment) -> Sight | None:
    """The place a question of who works there means: the one it names, else where it is asked
    ("who works here?"), else the speaker's own workplace ("who do you work with?"); None when it
    means none the speaker can tell of."""
    named = named_sight(line, moment)
    if named is not None:
        return named[0]
    if says_here(line):
        return next((s for s in moment.sights if s.name == moment.place), None) or own_sight(speaker, moment)
    if says_with_you(line) and speaker.workplace:
        return next((s for s in moment.sights if speaker.workplace.startswith(s.address)), None)
    return None


def keepers_ground(speaker: Persona, sight: Sight, replies: Replies) -> Ground:
    """Who runs and works at the place, by the map's owner and the residents' workplaces and
    occupations, the speaker left out ("Isabella Rodriguez is the owner of Hobbs Cafe, and Carmen
    Ortiz is a barista at Hobbs Cafe.")."""
    place = sight.said or sight.name  # inside a sentence: "at the ferry office"
    others = [(n, job) for n, job in sight.keepers if n != speaker.name]
    if not others:
        mine = any(n == speaker.name for n, _ in sight.keepers)
        text = (replies.works_alone if mine else replies.no_keepers).format(place=place)
        return Ground(GroundKind.PLACE if mine else GroundKind.UNKNOWN, text, facts=facts_in(text))
    clauses = [(replies.works_as.format(name=n, job=with_article(job)) if job
                else replies.keeps.format(name=n, place=place)).rstrip(".") for n, job in others[:_KEEPERS]]
    text = join_words(clauses, last=", and " if len(clauses) > 2 else " and ") + "."
    return Ground(GroundKind.PLACE, text, facts=facts_in(text))


_KEEPERS = 3
"""Who is named at most: a college's whole staff is no answer."""


def _said(sight: Sight) -> str:
    said = sight.said or sight.name
    return said[:1].upper() + said[1:]


def _goes_to(speaker: Persona, sight: Sight) -> bool:
    mine = " ".join((*speaker.daily_habits, speaker.occupation)).lower()
    return fold(sight.name) in fold(mine) or bool(speaker.workplace and speaker.workplace.startswith(sight.address))


def _hour(t: time | None, replies: Replies) -> str:
    """An hour of a place's day as said: "8 am", "5:30 pm", "noon", "midnight"."""
    if t is None:
        return ""
    if t.minute == 0 and t.hour in (0, 12):
        return replies.midnight if t.hour == 0 else replies.noon
    return clock_phrase(datetime.combine(datetime.min.date(), t))
