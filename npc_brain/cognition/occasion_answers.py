"""Occasion answers: an occasion a line asks of, told as the occasion itself (`told_as_occasions`),
and what is on at a time and place by the memories' occasion fields (`occasions_on`). Used by
`answers`; pure."""
from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from npc_brain.cognition import invitation
from npc_brain.cognition.grounds import Sight, from_record
from npc_brain.language.dates import when_in
from npc_brain.language.facts import content_words
from npc_brain.memory.record import MemoryKind, MemoryRecord
from npc_brain.types.ground import Ground
from npc_brain.types.occasion import Occasion
from npc_brain.types.persona import Persona

__all__ = ["occasions_on", "told_as_occasions"]


def told_as_occasions(about: Sequence[MemoryRecord], speaker: Persona, listener: str,
                       words: frozenset[str], now: datetime) -> list[Ground]:
    """The memories as grounds; one that tells of an occasion the topic names is told as the
    occasion itself, once ("Isabella Rodriguez's party is at Hobbs Cafe on …"), not as who
    else said they would come. One's own occasion is said in its own words, whichever record
    surfaced (a grounding run: the host relayed a guest's yes about her own party)."""
    out: list[Ground] = []
    seen: list[Occasion] = []
    for r in about:
        occ = r.occasion
        if occ is None or not (words & content_words(f"{occ.what} {occ.place or ''}")) \
                or r.kind is MemoryKind.REFLECTION:
            out.append(from_record(r, speaker, listener))
            continue
        if any(occ.same(o) for o in seen):
            continue
        seen.append(occ)
        if not invitation.hosts(occ, speaker.name):
            out.append(invitation.announce_ground(r, occ, speaker.name, listener, now))
        elif r.teller is None and r.subject == speaker.name:
            out.append(from_record(r, speaker, listener))
        else:  # a guest's yes to the host's own occasion: the host tells it as hers, not as hearsay
            out.append(invitation.hosting_ground(r, occ, speaker.name, now))
    return out


def occasions_on(recalled: Sequence[MemoryRecord], speaker: Persona, listener: str, line: str, now: datetime,
                  sight: Sight | None) -> list[Ground]:
    """"Is anything special happening in town this week?": the occasions it knows of at the time
    and place asked, told as the occasions — by the records' occasion fields, whatever the line
    calls them (the host of the next day's party, asked so, had not heard of anything: no word of
    the question was in her memory of it). A day named is that day, else the days ahead
    `invitation.upcoming` reaches; a place of the map named is that place (or a room in it). With
    none on, the last one there in the past week, told as over."""
    when = when_in(line, now)
    day = when.day if when is not None else None

    def fits(o: Occasion) -> bool:  # the day and the place asked
        if day is not None and o.start.date() != day:
            return False
        return sight is None or o.place == sight.name or (o.address or "").startswith(sight.address)

    known = [r for r in recalled if r.occasion is not None and r.kind is not MemoryKind.REFLECTION
             and fits(r.occasion)]
    found = [r for r in known if r.occasion is not None and not r.occasion.over(now)
             and r.occasion.days_ahead(now) <= invitation.UPCOMING_DAYS]
    if not found:  # nothing on: one that has just been there, told as over (a stories run asked the host after it)
        return [invitation.recount_ground(r, o, speaker.name, listener) for r, o in invitation.recent(known, now)][:1]
    found.sort(key=lambda r: (r.teller is not None, -r.importance, -r.id))  # its own telling first
    words = frozenset().union(*(content_words(f"{r.occasion.what} {r.occasion.place or ''}")
                                for r in found if r.occasion is not None))
    return told_as_occasions(found, speaker, listener, words, now)
