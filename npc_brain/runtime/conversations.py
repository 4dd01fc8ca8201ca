"""The live conversations of a society and their turn-taking.

`Society` owns one `Conversations` and hands it everything it needs (agents, settings, world,
clock, model, job submission, event list) as plain values and callables, so this module
never imports `society`. What a listener keeps of a line is `runtime.hearing`'s, the moment a
line is grounded in `runtime.moment`'s, and the read-ahead of a reply's prompt while the player
types `runtime.read_aheads`'.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from concurrent.futures import Executor, Future, wait
from datetime import datetime, timedelta
from typing import Any

from npc_brain.cognition import dialogue, hearsay, news
from npc_brain.cognition.prompts import clean
from npc_brain.language.intent import Intent
from npc_brain.llm.protocols import ChatModel, Embedder
from npc_brain.memory.record import MemoryKind
from npc_brain.runtime import hearing
from npc_brain.runtime.agent import Agent, AgentStatus
from npc_brain.runtime.by_rule import ByRule
from npc_brain.runtime.conversation import Conversation
from npc_brain.runtime.jobs import Priority
from npc_brain.runtime.moment import doing_of, known_names, moment_of
from npc_brain.runtime.read_aheads import AHEAD_WAIT_S, ReadAheads
from npc_brain.runtime.settings import BrainSettings
from npc_brain.types.actions import Offer
from npc_brain.types.detail import Detail
from npc_brain.types.events import (
    ConversationEnded,
    ConversationStarted,
    Event,
    ThoughtFailed,
    UtteranceEvent,
)
from npc_brain.types.ground import Ground, GroundKind
from npc_brain.types.observation import Observation, ObservationKind
from npc_brain.world.perception import vantage_of

__all__ = ["PLAYER_LINES_BEFORE_GOODBYE", "Chosen", "Conversations", "Offers", "Submit"]

PLAYER_LINES_BEFORE_GOODBYE = 3
"""An NPC says goodbye to the player (the turn cap's last line) only after this many player lines;
the model's own `end` never closes a player's chat — the player, the cap or idleness does."""

# submit(agent, key, run, apply, fail, priority, meter): queue a job whose calls go through `meter`.
Submit = Callable[
    [str, str, Callable[[], Any], Callable[[Any], list[Event]], Callable[[BaseException], list[Event]],
     int, Any],
    None,
]
# offers(speaker, listener, now, player): the game actions the speaker could do for the listener.
Offers = Callable[[str, str, datetime, bool], tuple[Offer, ...]]
# chosen(speaker, listener, offer, line, now): the event a chosen offer becomes.
Chosen = Callable[[str, str, Offer, str, datetime], Event]
# parted(npc, player, now, events): the player said goodbye; what their talk set going ends.
Parted = Callable[[str, str, datetime, list[Event]], object]


def _no_offers(speaker: str, listener: str, now: datetime, player: bool) -> tuple[Offer, ...]:
    return ()


class Conversations:
    """Open and recent conversations: who may talk, whose turn it is, and how they end.

    `agents` is the society's live agent mapping (it may change in place); `world` returns
    the current world or None (a game may swap worlds); `meter` returns a fresh metered
    model per job; `submit` queues a job; `events` collects events raised outside `update()`.
    """

    def __init__(
        self,
        agents: Mapping[str, Agent],
        settings: BrainSettings,
        *,
        world: Callable[[], Any],
        now: Callable[[], datetime],
        embedder: Embedder,
        meter: Callable[[], ChatModel],
        submit: Submit,
        events: list[Event],
        offers: Offers = _no_offers,
        chosen: Chosen | None = None,
        read_ahead: bool = False,
        reader: Executor | None = None,
        parted: Parted | None = None,
    ) -> None:
        self._agents = agents
        self.settings = settings
        self._world = world
        self._now = now
        self._embedder = embedder
        self._meter = meter
        self._submit = submit
        self._events = events
        self._offers = offers
        self._chosen = chosen
        self._parted = parted
        self._read_ahead = read_ahead
        self._aheads = ReadAheads(
            lambda npc, run, meter: submit(npc, "dialogue", run, lambda _: [], lambda _exc: [], Priority.URGENT, meter),
            reader)
        self._conversations: dict[int, Conversation] = {}
        self._ids = itertools.count(1)
        self._pair_last: dict[tuple[str, str], datetime] = {}
        # (conversation, line index) → the line's ground and its importance to a listener
        self._grounds: dict[tuple[int, int], tuple[Ground, int | None]] = {}
        # conversation → the player's questions asked while a reply was on its way (line index,
        # streaming hook), each answered in turn after it: a second question never drops the first
        self._asked: dict[int, list[tuple[int, Callable[[str], None] | None]]] = {}

    def in_sight(self, a: str, b: str) -> bool:
        """Both in one room (or building without rooms), or both in the open air (no world: yes)."""
        world = self._world()
        if world is None:
            return True
        pa, pb = world.location(a), world.location(b)
        return pa is None or pb is None or vantage_of(pa) is vantage_of(pb)

    def can_talk(self, a: str, b: str, now: datetime) -> bool:
        """Both are agents, awake, free, past the pair's cooldown and in the same room."""
        if b == a or b not in self._agents or a not in self._agents:
            return False
        for name in (a, b):
            agent = self._agents[name]
            if agent.status == AgentStatus.CONVERSING or agent.current_action(now).activity == "sleep":
                return False
        last = self._pair_last.get(tuple(sorted((a, b))))  # type: ignore[arg-type]
        s = self.settings
        seen = self._agents[a].watched or self._agents[b].watched
        cooldown = min(s.conversation_cooldown_minutes, s.watched_conversation_cooldown_minutes) if seen \
            else s.conversation_cooldown_minutes
        if last is not None and now - last < timedelta(minutes=cooldown):
            return False
        return self.in_sight(a, b)

    def start(self, a: str, b: str, now: datetime, events: list[Event]) -> Conversation:
        """Open a conversation between two agents; `a` speaks first."""
        conv = Conversation(next(self._ids), a, b, now, turn_cap=self.settings.dialogue_turn_cap)
        self._conversations[conv.id] = conv
        self._agents[a].start_conversation(b)
        self._agents[b].start_conversation(a)
        self._pair_last[tuple(sorted((a, b)))] = now  # type: ignore[index]
        events.append(ConversationStarted(a, now, b, conv.id))
        self._turn(conv, a, now)
        return conv

    def open_wanted(self, agent: Agent, now: datetime, events: list[Event]) -> bool:
        """Open the conversation `agent` decided to have (a "talk" reaction), if they still can."""
        other = agent.wants_to_talk
        if not other:
            return False
        agent.wants_to_talk = None
        if not self.can_talk(agent.name, other, now):
            return False
        self.start(agent.name, other, now, events)
        return True

    def _turn(self, conv: Conversation, speaker: str, now: datetime,
              on_text: Callable[[str], None] | None = None, after: Future[None] | None = None) -> None:
        """Ask `speaker` (an agent) for its next line; with the player it streams into
        `conv.draft` (and to `on_text`, on the worker thread) as it is generated. `after`: a
        read-ahead of this line's prompt still running, which the line waits for (briefly)."""
        agent = self._agents[speaker]
        listener = conv.other(speaker)
        view = agent.memory.snapshot()
        moment = moment_of(agent, self._world(), now, [a.persona for a in self._agents.values()])
        known = known_names(self._agents, self._world())
        later = {i for i, _ in self._asked.get(conv.id, ())}  # questions that wait their turn
        lines = [pair for i, pair in enumerate(conv.pairs()) if i not in later]
        spoken = sum(1 for line in conv.lines if line.speaker == speaker)
        # The cap counts the NPC's own lines with a player, all lines between two NPCs (so the
        # one who was greeted has the last word). No goodbye to a player before their third line.
        if conv.player:
            heard = sum(1 for line in conv.lines if line.speaker == conv.player)
            last = spoken + 1 >= conv.turn_cap and heard >= PLAYER_LINES_BEFORE_GOODBYE
        else:
            last = len(conv.lines) + 1 >= conv.turn_cap
        s, embedder, persona = self.settings, self._embedder, agent.persona
        conv.await_line(speaker)
        meter = self._meter()
        # Between NPCs a forced line (news: the one option) costs no call, and between two nobody
        # watches neither does any: the code's best ground is said (`ByRule`).
        unseen = conv.player is None and s.unwatched_lines_by_rule \
            and all(self._agents[n].detail is Detail.COARSE for n in conv.participants)
        model: ChatModel = meter if conv.player else ByRule(meter, ("dialogue",), every=unseen)
        # Read on the game thread: preconditions may look at the game's state.
        offers = self._offers(speaker, listener, now, conv.player is not None)

        def draft(text: str) -> None:
            conv.set_draft(text)
            if on_text is not None:
                on_text(text)

        before = self._grounds.get((conv.id, len(conv.lines) - 1))
        told = before[0] if before is not None else None

        other = self._agents.get(listener) if conv.player is None else None
        other_view = other.memory.snapshot() if other is not None else None
        # An occasion the player's last line named (read on the game thread): an invitation.
        last_heard = lines[-1][1] if conv.player and lines and lines[-1][0] == conv.player else ""
        invited = hearing.invited_by(agent, conv.player, last_heard, now, self._world()) if conv.player else None

        def run() -> tuple[dialogue.Said, bool, bool]:
            if after is not None:
                # The read-ahead is reading this line's prompt start: reading it again beside it
                # in another slot takes longer than waiting (`bench reply --gap 1`: 2.1–2.5 s
                # to the first words when the question came while it ran).
                wait([after], timeout=AHEAD_WAIT_S)
            said = dialogue.next_utterance(model, embedder, view, persona, listener, now, doing=moment.doing,
                                           lines=lines, last_turn=last, k=s.retrieval_k, weights=s.weights,
                                           moment=moment, known=known,
                                           on_say=draft if conv.player else None, offers=offers,
                                           player=conv.player is not None,
                                           heard_ground=told, listener_is_agent=conv.player is None,
                                           phrased=s.phrase_player_lines if conv.player else s.phrase_npc_lines,
                                           heard_occasion=invited)
            # Whether either NPC still has news for the other (scanned here, off the frame loop).
            so_far = [*lines, (speaker, said.text)]
            more = other is not None and other_view is not None and (
                dialogue.has_news(other_view, other.persona, speaker, now, so_far)
                or (len(so_far) + 2 <= conv.turn_cap and dialogue.has_news(view, persona, listener, now, so_far)))
            # A listener who knows the fact already keeps no second copy (one resident's news
            # was held 192 times by 25 NPCs in a Valentine run); a line it reads as a claim
            # ("… told me that …") it answers "I had heard that too" (`answers`).
            g = said.ground
            knew = other_view is not None and g is not None and g.spreads and g.occasion is None \
                and news.holds(other_view.records, g.said, g.subject) is not None
            return said, more, knew

        def apply(result: tuple[dialogue.Said, bool, bool]) -> list[Event]:
            said, more, knew = result
            if conv.ended:
                return []
            t = self._now()
            agent.recalled(said.recalls, t)
            ground = said.ground
            rating = None
            if ground is not None:
                rating = hearsay.importance(ground, _rating(agent, ground.record))
                if rating is None and ground.kind is GroundKind.ACCEPT:
                    # A yes matters as much as the invitation it answers (the line before).
                    rating = before[1] if before is not None else None
                self._grounds[(conv.id, len(conv.lines))] = (ground, rating)
            conv.add_line(speaker, said.text, t, ground=ground.text if ground else "",
                          repaired=tuple(p.value for p in said.grounded.problems) if said.grounded else (),
                          kind=ground.kind.value if ground else "", record=ground.record if ground else None)
            said_kind = "" if ground is None else "news" if ground.kind is GroundKind.MEMORY and ground.spreads \
                else ground.kind.value
            out: list[Event] = [UtteranceEvent(speaker, t, listener, said.text, conv.id, said_kind)]
            if ground is not None and ground.kind is GroundKind.ACCEPT:
                hearing.commit(agent, ground, t, rating)
            if said.offer is not None and self._chosen is not None:
                out.append(self._chosen(speaker, listener, said.offer, said.text, t))
            if listener in self._agents and listener != conv.player:
                # News is remembered attributed, with its provenance; other lines as speech.
                heard = hearsay.told(speaker, listener, ground, place=agent.address, importance=rating) \
                    if ground is not None and not knew else None
                self._agents[listener].perceive(
                    [heard or Observation(f"{speaker} said: {said.text}", ObservationKind.SPEECH, subject=speaker,
                                          place=agent.address, importance=rating)], t)
            # Between NPCs a goodbye counts once both have spoken; with the player, the player
            # (or the cap) ends it: a small model says goodbye at random and the chat would close.
            # An invitation or news of an occasion waits for its answer, and a goodbye waits while
            # the other has news still to tell (the cap still holds).
            asked = ground is not None and ground.kind is GroundKind.MEMORY and ground.spreads \
                and ground.occasion is not None
            bye = said.intent is Intent.FAREWELL  # the other said goodbye: this was the answer to it
            if bye and conv.player and self._parted is not None:
                self._parted(speaker, conv.player, t, out)  # goodbye: no more following them about
            if last or bye or (said.end and conv.player is None and len(conv.lines) >= 2 and not asked and not more):
                self.end(conv, t, out)
            elif conv.player is None:
                self._turn(conv, listener, t)
            elif waiting := self._asked.get(conv.id):
                _, hook = waiting.pop(0)  # the next question asked meanwhile gets its own answer
                if not waiting:
                    del self._asked[conv.id]
                self._turn(conv, speaker, t, hook)
            else:
                conv.await_line(None)
                self.read_ahead(speaker, conv.player)
            return out

        def fail(exc: BaseException) -> list[Event]:
            t = self._now()
            out: list[Event] = [ThoughtFailed(speaker, t, "dialogue", f"{type(exc).__name__}: {exc}")]
            self.end(conv, t, out)
            return out

        # A talk a player can see goes before the town's other thinking (`Society.watched`).
        seen = any(getattr(self._agents.get(n), "watched", False) for n in conv.participants)
        priority = Priority.URGENT if conv.player else Priority.WATCHED if seen else Priority.HIGH
        self._submit(speaker, "dialogue", run, apply, fail, priority, meter)

    def end(self, conv: Conversation, now: datetime, events: list[Event]) -> None:
        """Close `conv` (idempotent); each NPC in it remembers the transcript and a summary."""
        if conv.ended:
            return
        conv.close(now)
        self._asked.pop(conv.id, None)
        a, b = conv.participants
        for name in conv.participants:
            agent = self._agents.get(name)
            if agent is not None and agent.conversation_with == conv.other(name):
                agent.end_conversation()
        self._pair_last[tuple(sorted((a, b)))] = now  # type: ignore[index]
        npc = b if conv.player == a else a
        events.append(ConversationEnded(npc, now, conv.other(npc), conv.id))
        if not conv.lines:
            return
        transcript = conv.transcript()
        names = [n for n in conv.participants if n in self._agents and n != conv.player]
        # Built from the grounds the lines were made of: a summary holds no fact nobody said
        # (a model's summary turned a player's claim into the NPC's knowledge), and costs no call.
        said = [self._grounds.pop((conv.id, i), None) for i in range(len(conv.lines))]
        conv.summary = hearsay.summary(a, b, [g[0] for g in said if g is not None])
        heard = [g[1] if g is not None else None for g in said]
        # A player's lines are claims, rated like any memory: so is a talk with the player.
        rating = None if conv.player else hearsay.talk_importance(heard)
        for name in names:
            other = conv.other(name)
            agent = self._agents[name]
            agent.remember(MemoryKind.DIALOGUE, f"Conversation with {other}: {transcript}", now,
                           importance=rating, subject=other, place=agent.address)
            agent.remember(MemoryKind.DIALOGUE, conv.summary, now, importance=rating, subject=other,
                           place=agent.address)

    def expire(self, now: datetime, events: list[Event]) -> None:
        """End conversations idle too long, and talks between NPCs who are out of each other's
        sight (one walked on); forget ones ended over an hour ago."""
        idle = timedelta(minutes=self.settings.conversation_idle_minutes)
        for conv in list(self._conversations.values()):
            if conv.ended:
                if conv.ended_at and now - conv.ended_at > timedelta(hours=1):
                    del self._conversations[conv.id]
                continue
            if conv.player is None and not self.in_sight(*conv.participants):
                self.end(conv, now, events)
                continue
            last = conv.lines[-1].time if conv.lines else conv.started
            if not conv.pending and now - last > idle:
                self.end(conv, now, events)

    def talk(self, npc: str, speaker: str, text: str,
             on_text: Callable[[str], None] | None = None) -> Conversation:
        """The player (`speaker`) says `text` to `npc` (an existing agent); see `Society.talk`."""
        agent = self._agents[npc]
        if speaker in self._agents:
            raise ValueError(f"{speaker!r} is an agent; NPC conversations start by themselves")
        text = clean(text, 300)
        if not text:
            raise ValueError("say something")
        now = self._now()
        conv = next((c for c in self._conversations.values()
                     if not c.ended and c.player == speaker and npc in c.participants), None)
        if conv is None:
            current = next((c for c in self._conversations.values()
                            if not c.ended and npc in c.participants), None)
            if current is not None:  # the player takes precedence over a chat between NPCs
                self.end(current, now, self._events)
            conv = Conversation(next(self._ids), speaker, npc, now, player=speaker,
                                turn_cap=self.settings.player_turn_cap)
            self._conversations[conv.id] = conv
            agent.start_conversation(speaker)
            self._events.append(ConversationStarted(npc, now, speaker, conv.id))
        asked = len(conv.lines)
        conv.add_line(speaker, text, now)
        reading = self._aheads.claim(npc)  # the reply needs the engine now
        hearing.heard_from_player(agent, speaker, text, now)
        if conv.waiting_for == npc:  # a reply is on its way: this question is answered after it
            self._asked.setdefault(conv.id, []).append((asked, on_text))
            return conv
        if conv.npc_lines() >= conv.turn_cap:
            self.end(conv, now, self._events)
        else:
            self._turn(conv, npc, now, on_text, after=reading)
        return conv

    def read_ahead(self, npc: str, player: str) -> None:
        """While `player` types, read the start of `npc`'s next line's prompt (its rules, the
        talk so far) into the engine's cache, so the reply evaluates only the new tail. A
        top-priority one-token call; nothing when the backend keeps no prompts (`read_ahead`
        off) or a line is being thought of already."""
        agent = self._agents.get(npc)
        if not self._read_ahead or agent is None:
            return
        conv = next((c for c in self._conversations.values()
                     if not c.ended and c.player == player and npc in c.participants), None)
        if conv is not None and conv.pending:
            return
        now = self._now()
        self._aheads.start(agent.persona, player, conv.pairs() if conv is not None else [], self._meter(),
                           now, doing_of(agent, now),  # (not the whole moment: on the game thread)
                           phrased=self.settings.phrase_player_lines)

    def close(self) -> None:
        """Stop reading ahead (read-aheads not started are dropped)."""
        self._aheads.close()

    def interject(self, npc: str, partner: str, text: str, now: datetime) -> bool:
        """`npc` says `text` (made by the code, no model) in its open conversation with `partner`,
        between turns; False when there is none or a line is being thought of."""
        conv = next((c for c in self._conversations.values() if not c.ended and not c.pending
                     and set(c.participants) == {npc, partner}), None)
        if conv is None:
            return False
        conv.add_line(npc, text, now)
        self._events.append(UtteranceEvent(npc, now, partner, text, conv.id))
        return True

    def waiting_for(self, name: str) -> bool:
        """True while some conversation (open or not yet forgotten) waits on `name`'s line."""
        return any(c.waiting_for == name for c in self._conversations.values())

    def all(self, *, active: bool = True) -> list[Conversation]:
        """Conversations (only open ones by default)."""
        return [c for c in self._conversations.values() if not (active and c.ended)]

    def clear(self) -> None:
        """Forget every conversation (a save was loaded); pair cooldowns are kept."""
        self._conversations.clear()
        self._asked.clear()


def _rating(agent: Agent, record: int | None) -> int | None:
    """The importance `agent` gave the memory `record`, if it holds it."""
    if record is None or record not in agent.memory:
        return None
    return agent.memory.get(record).importance
