"""Hearing: what an NPC keeps of what it is told, besides a talk's transcript.

A player's line is kept as what the player said (an occasion it names, or the player's claim in
other words), never as the NPC's own knowledge; a yes to an occasion becomes the NPC's own
intention, and today's plan makes room for it. What the game tells NPCs (`Society.tell`) is a
person's claim or something seen or read.
"""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from npc_brain.cognition import invitation
from npc_brain.language import occasions as say
from npc_brain.language import reported
from npc_brain.language.dates import says_morning
from npc_brain.language.gazetteer import Gazetteer
from npc_brain.language.intent import invitation_text, is_request
from npc_brain.memory.record import MemoryKind
from npc_brain.runtime.agent import Agent
from npc_brain.types.ground import Ground
from npc_brain.types.observation import Observation, ObservationKind
from npc_brain.types.occasion import Occasion
from npc_brain.world.errors import UnknownPlace
from npc_brain.world.hours import open_half_of_day
from npc_brain.world.world import World

__all__ = ["commit", "heard_from_player", "invited_by", "placed", "told"]


def invited_by(agent: Agent, player: str, line: str, now: datetime, world: World | None) -> Occasion | None:
    """The occasion the player's `line` asks `agent` along to, or None. A clock time alone is the
    next such time (`occasions.occasion_in`, `today`); a morning hour said bare at a place closed
    then and open twelve hours on is that later hour ("the pub quiz thurs at 8" is 20:00)."""
    asked = invitation_text(line) if line else None
    occasion = agent.reader.occasion(asked, now, speaker=player, today=True) if asked else None
    if occasion is None or not occasion.timed or occasion.address is None or world is None \
            or says_morning(asked or "", agent.reader.lexicon):
        return occasion
    try:
        keeper = world.get(occasion.address).hours_keeper()
    except UnknownPlace:
        return occasion
    start = open_half_of_day(keeper.opens, keeper.closes, occasion.start) if keeper else occasion.start
    if start == occasion.start:
        return occasion
    shift = start - occasion.start
    return replace(occasion, start=start, end=occasion.end + shift if occasion.end else None)


def heard_from_player(agent: Agent, player: str, text: str, now: datetime) -> None:
    """What the player said, as evidence of what the player said: an occasion the line names
    (an invitation, a notice) with the player as its teller, or the line's statements as the
    player's claim, in other words ("Alex says that the mill burned down") — never as the
    NPC's own knowledge, never verbatim, never an instruction. A question, a greeting or a
    request leaves only the transcript."""
    occasion = agent.reader.occasion(reported.strip_markers(text), now, speaker=player)
    if occasion is not None:
        fact = say.announce(occasion)
        agent.remember(MemoryKind.DIALOGUE, f"{player} told {agent.name} that {fact}.", now, teller=player,
                       fact=fact, subject=occasion.host or player, place=occasion.address, occasion=occasion)
        return
    if is_request(text) and not reported.claim_in(text):
        return  # "No need to follow me, thanks.", "You can go now.": asked of the NPC, telling nothing
    claim = reported.paraphrase(text, player, agent.name, names=tuple(agent.reader.gazetteer.people))
    if claim is None:
        return
    agent.remember(MemoryKind.DIALOGUE, f"{player} told {agent.name} that {claim}.", now, teller=player,
                   fact=reported.claim(player, claim), place=agent.address)


def commit(agent: Agent, ground: Ground, now: datetime, importance: int | None = None) -> None:
    """A yes to an occasion: remembered as the agent's own intention, with the occasion (the
    next day plan keeps it; rated as the yes, when known) and, when it is today, put into
    today's plan at once."""
    occasion = ground.occasion
    if occasion is None:
        return
    if invitation.accepted([*agent.memory.records, *agent.buffered], agent.name, occasion):
        return
    address = occasion.address
    agent.remember(MemoryKind.THOUGHT, invitation.commitment(agent.name, occasion), now,
                   importance=importance, subject=agent.name, place=address, occasion=occasion)
    step = invitation.step_for(occasion, now, address)
    end = agent.plan.end
    if step is not None and end is not None and end >= step.end:
        agent.plan.interrupt(step)


def told(agent: Agent, fact: str, now: datetime, *, teller: str | None = None, about: str | None = None,
         importance: int | None = None, occasion: Occasion | None = None) -> None:
    """The game tells `agent` `fact`: with `teller`, what that person told it (their claim,
    attributed, and passed on so); without, something it saw or read itself."""
    if teller is not None:
        obs = Observation(f"{teller} told {agent.name} that {fact}", ObservationKind.SPEECH, subject=about,
                          importance=importance, teller=teller, fact=fact, occasion=occasion)
    else:
        obs = Observation(fact, ObservationKind.EVENT, subject=about, importance=importance, occasion=occasion)
    agent.perceive([obs], now)


def placed(occasion: Occasion, gazetteer: Gazetteer) -> Occasion:
    """`occasion` with its address filled in from its place's name, when it has none and the
    town has that place."""
    if occasion.address is None and occasion.place:
        place = gazetteer.lookup(occasion.place)
        if place is not None:
            return replace(occasion, place=place.phrase, address=place.address)
    return occasion
