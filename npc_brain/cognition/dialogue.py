"""Dialogue (paper §4.3.2): one utterance at a time, made from what the speaker knows.

Each line is conditioned on what the speaker retrieves about the listener and about what
was just said, and is *made from a ground* (`grounds`): what the other asked decides which
grounds are eligible; the model chooses one and phrases it; the grounding check keeps the
line to that ground's facts and repairs it when the phrasing drifts (`grounding`). The
player is just another speaker with a name: the same code path, with their text kept as
quoted data.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from npc_brain.cognition import invitation, news, prompts
from npc_brain.cognition.answers import candidates
from npc_brain.cognition.grounds import Moment, from_record
from npc_brain.cognition.offers import options_for
from npc_brain.cognition.recall import Recall, merged, recall
from npc_brain.cognition.schemas import (
    INTERVIEW_CHARS,
    SPEECH_CHARS,
    interview_schema,
    text_tokens,
    utterance_schema,
)
from npc_brain.language.facts import content_words
from npc_brain.language.facts import names as names_in
from npc_brain.language.grounding import Grounded, Problem, ground_line, streamable
from npc_brain.language.intent import Intent, intent_of, topic_of, topic_words
from npc_brain.language.question_forms import asks_whats_on
from npc_brain.llm import readahead
from npc_brain.llm.errors import LLMOutputError
from npc_brain.llm.partial import partial_string
from npc_brain.llm.protocols import ChatModel, Embedder, Message
from npc_brain.llm.request import choose_of
from npc_brain.llm.streaming import streaming
from npc_brain.memory.record import MemoryKind, MemoryRecord
from npc_brain.memory.retrieval import RetrievalWeights
from npc_brain.memory.view import MemoryView
from npc_brain.types.actions import Offer
from npc_brain.types.ground import Ground, GroundKind
from npc_brain.types.occasion import Occasion
from npc_brain.types.persona import Persona


@dataclass(frozen=True, slots=True)
class Said:
    """Result of one dialogue turn: the line, whether the speaker ends the conversation, and
    what it was made from (`grounded.ground`; `grounded.problems` when it was repaired)."""

    speaker: str
    text: str
    end: bool
    recalls: tuple[Recall, ...] = ()
    grounded: Grounded | None = None
    intent: Intent = Intent.CHAT
    offer: Offer | None = None  # the game action the line does (its ground is the offer's)

    @property
    def ground(self) -> Ground | None:
        """The ground the line says (None only for lines not made here)."""
        return self.grounded.ground if self.grounded is not None else None


# Lines that ask nothing: an NPC's own offer (an invitation) may lead the answer to them.
_SOCIAL = frozenset({Intent.CHAT, Intent.GREETING, Intent.THANKS})


def _queries(speaker: Persona, listener: str, heard: str) -> list[str]:
    queries = [f"What is {speaker.name}'s relationship with {listener}?"]
    if heard:
        queries.append(heard)  # what was just said: memories about the topic
        topic = topic_of(heard)
        if topic and topic != heard:
            queries.append(topic)
    return queries


def _streamed(on_say: Callable[[str], None] | None, key: str,
              vet: Callable[[str, str], bool] | None = None) -> AbstractContextManager[None]:
    """Stream the `key` field of the reply to `on_say` as it is generated (if anyone listens).

    `vet(about, text)` sees each new partial with the ground's letter chosen so far; once it
    says no, what was shown is taken back (`on_say("")`) and nothing more streams: the player
    sees the checked line when it is done ("Brick Lassie is a famous coffee drinker …" streamed
    before it was repaired, seen in the demo)."""
    if on_say is None:
        return nullcontext()
    last = [""]
    stopped = [False]

    def sink(raw: str) -> None:
        if stopped[0]:
            return
        text = unlabel(partial_string(raw, key) or "")
        if text and text != last[0]:
            if vet is not None and not vet(partial_string(raw, "about") or "", text):
                stopped[0] = True
                on_say("")
                return
            last[0] = text
            on_say(text)

    return streaming(sink)


_LABEL = re.compile(r"^[A-F](?:\s*[:.)\-]|,)\s*")


def unlabel(text: str) -> str:
    """A line without the option letter a small model copies in front of it ("A: I want …",
    "A (I want …)")."""
    if re.match(r"^[A-F]\s*\(", text):
        text = re.sub(r"^[A-F]\s*\(", "", text, count=1).replace(")", "", 1)
    return _LABEL.sub("", text, count=1)


class _Failed:
    """Truthy once the model's structured reply proved unusable (after its repair retry)."""

    def __init__(self) -> None:
        self.failed = False

    def __bool__(self) -> bool:
        return self.failed


@contextmanager
def _unusable() -> Iterator[_Failed]:
    # Only malformed output is absorbed: a dead backend (LLMUnavailable) still fails the turn,
    # so the game can say the model is down.
    state = _Failed()
    try:
        yield state
    except LLMOutputError:
        state.failed = True


def _rendered(ground: Ground) -> Grounded:
    return Grounded(ground.text, ground, "", (Problem.FAILED,))


def _letters(options: Sequence[Ground]) -> tuple[str, ...]:
    # The model picks a letter, not a copy of the ground: a one-token choice, so the line
    # itself starts streaming at once (copying a 100-character label cost ~0.5 s first).
    return tuple(chr(ord("A") + i) for i in range(len(options)))


def _choose(options: list[Ground], label: str) -> Ground:
    letters = _letters(options)
    return options[letters.index(label)] if label in letters else options[0]


def _picked(model: ChatModel, messages: Sequence[Message], options: list[Ground], *,
            purpose: str, agent: str) -> Ground:
    """The ground whose letter the model picks (one token); the first, the code's best, when
    no usable letter comes back."""
    try:
        label = choose_of(model, messages, _letters(options), purpose=purpose, agent=agent).best
    except LLMOutputError:
        label = ""
    return _choose(options, label)


def next_utterance(
    model: ChatModel,
    embedder: Embedder,
    view: MemoryView,
    speaker: Persona,
    listener: str,
    now: datetime,
    *,
    doing: str,
    lines: Sequence[tuple[str, str]],
    last_turn: bool = False,
    k: int = 4,
    weights: RetrievalWeights = RetrievalWeights(),
    moment: Moment | None = None,
    known: Iterable[str] = (),
    on_say: Callable[[str], None] | None = None,
    offers: Sequence[Offer] = (),
    player: bool = False,
    heard_ground: Ground | None = None,
    listener_is_agent: bool = False,
    phrased: bool = True,
    heard_occasion: Occasion | None = None,
) -> Said:
    """The speaker's next line (ends the conversation when `last_turn`).

    `moment` is the speaker's current action, its place and today's plan (default: just
    `doing`); `known` are the world's people and places, for the grounding check; `on_say`
    hears the line as it is generated (on this thread; the model's raw phrasing — the
    returned line is the checked one, which may differ). `heard_ground` is what the other
    NPC's last line was made from: an occasion told gets its answer (`invitation`), as does
    `heard_occasion`, an occasion the player's last line named (an invitation);
    `listener_is_agent`: another NPC, whom an opener tells of an occasion coming up. `offers`
    are the game actions possible now: the ones the line asks for (`player`: the listener is
    the player) or the speaker brings up itself become extra lettered options beside the
    grounds, so choosing an action is part of choosing the line (`Said.offer`); with none the
    prompt is unchanged. With `phrased` False (`BrainSettings.phrase_npc_lines`,
    `phrase_player_lines`) the model only chooses the ground, a one-token call, and the line is
    the ground as written.
    """
    heard = next((text for who, text in reversed(lines) if who != speaker.name), "")
    intent = intent_of(heard) if heard else Intent.CHAT
    if listener_is_agent and intent in (Intent.REQUEST, Intent.INVITE):
        intent = Intent.CHAT  # another NPC's line is made from its grounds: it asks nothing of us
    recalls = tuple(recall(view, embedder, _queries(speaker, listener, heard), now, k=k, weights=weights))
    moment = replace(moment or Moment(doing), listener_is_agent=listener_is_agent, turn=len(lines))
    told = heard_ground.occasion if heard_ground is not None and heard_ground.kind is GroundKind.MEMORY \
        and heard_ground.spreads else heard_occasion
    replies = _invited(view, speaker, listener, told, now)
    if replies:
        intent, moment = Intent.INVITED, replace(moment, news=tuple(replies))
    elif listener_is_agent and intent in (Intent.CHAT, Intent.CLAIM):
        # Told another NPC's news, one with news of its own answers with it: news for news is how
        # both travel (a Valentine run where "I had not heard that" ended those talks kept a
        # run for mayor at 4%); with none, the claim is answered (knew it, or had not heard).
        fresh = tuple(_news(view, speaker, listener, now, lines))
        if fresh or intent is Intent.CHAT:
            intent, moment = Intent.CHAT, replace(moment, news=fresh)
    pool = merged(recalls, limit=2 * k)
    if intent in (Intent.ABOUT, Intent.OPINION, Intent.CLAIM):
        pool = _with_mentions(view, pool, heard, speaker.name, listener, k)
    pool = _with_occasions(view, pool, intent, heard, now)
    if intent is Intent.CHAT:  # what was told in this conversation is not told again
        said_here = [text for _, text in lines]
        pool = [r for r in pool if not news.repeats(r, said_here)]
    options = candidates(intent, speaker, listener, heard, now, moment, pool)
    extra = options_for(heard, offers, listener, player=player, question=intent not in _SOCIAL)
    deeds: list[tuple[Ground, Offer | None]] = list(zip(extra.grounds, extra.offers, strict=True))
    if deeds:
        options = extra.beside(options)
    letters, names = _letters(options), tuple(known)
    heard_lines = [heard] if heard else []

    def vet(about: str, text: str) -> bool:
        ground = options[letters.index(about)] if about in letters else None
        return streamable(text, ground, speaker=speaker.name, listener=listener, heard=heard_lines,
                          known=names, cap=SPEECH_CHARS)

    if not phrased:
        return _chosen_line(model, speaker, listener, now, moment, options, lines, last_turn, recalls, intent,
                            deeds, on_say)
    with _streamed(on_say, "say", vet), _unusable() as failed:
        out: Any = model.parse(  # a schema built at runtime
            prompts.utterance_messages(speaker, listener, now, doing=moment.doing,
                                       grounds=[g.label() for g in options], lines=lines,
                                       turn_cap_reached=last_turn),
            utterance_schema(letters),
            max_tokens=text_tokens(SPEECH_CHARS) + 40,  # the grammar ends the line; the budget must not
            temperature=0.2,  # low: the line should say its ground, not wander
            purpose="dialogue",
            agent=speaker.name,
        )
    if failed:  # the phrasing was unusable, the facts are not: say the best ground as it is
        # ... one that does nothing: an action is only done when the model chose it.
        best = next((g for g in options if all(g != d for d, o in deeds if o is not None)), options[0])
        return Said(speaker.name, best.text, last_turn, recalls, _rendered(best), intent)
    ground = _choose(options, out.about)
    acts = [d for d, o in deeds if o is not None]
    if acts and ground not in acts:  # a repair falls back on doing nothing unless the words said it
        options = [*(g for g in options if g not in acts), *acts]
    said = ground_line(not_to_oneself(unlabel(out.say), speaker.name), ground, speaker=speaker.name,
                       listener=listener, heard=heard_lines, known=names, cap=SPEECH_CHARS,
                       alternatives=options)
    # A repair may say another option than the letter chose: the line said is the one done.
    offer = next((o for g, o in deeds if g == said.ground), None)
    return Said(speaker.name, said.text, bool(out.end or last_turn), recalls, said, intent, offer)


def _chosen_line(model: ChatModel, speaker: Persona, listener: str, now: datetime, moment: Moment,
                 options: list[Ground], lines: Sequence[tuple[str, str]], last_turn: bool,
                 recalls: tuple[Recall, ...], intent: Intent,
                 deeds: Sequence[tuple[Ground, Offer | None]] = (),
                 on_say: Callable[[str], None] | None = None) -> Said:
    """The line as its chosen ground says it: the model picks a letter (one token) and writes
    nothing, so the line carries its ground's facts by construction; a chosen action option
    is the action done (`deeds`), and `on_say` hears the whole line at once. A speaker left
    with nothing to tell (small talk, not knowing) ends the talk; `Conversations` lets that
    count once both have spoken (and never closes a player's chat for it)."""
    ground = _picked(model, prompts.utterance_messages(
        speaker, listener, now, doing=moment.doing, grounds=[g.label() for g in options], lines=lines,
        letter_only=True), options, purpose="dialogue", agent=speaker.name)
    if on_say is not None:
        on_say(ground.text)
    offer = next((o for g, o in deeds if g == ground), None)
    # A question waits for its answer; a goodbye ends it.
    done = (not ground.asserts and ground.kind is not GroundKind.QUESTION) or ground.kind is GroundKind.FAREWELL
    return Said(speaker.name, ground.text, last_turn or done, recalls, Grounded(ground.text, ground, ""), intent, offer)


def _with_mentions(view: MemoryView, pool: Sequence[MemoryRecord], line: str, speaker: str, listener: str,
                   k: int) -> list[MemoryRecord]:
    """`pool` plus the memories that name everything the question asks about, most important
    and newest first: what an NPC knows about X is eligible whether or not recency let
    retrieval surface it (a run for mayor heard two days ago lost to this morning's sights).
    Asked about itself by name ("any news about Lucy?" asked of Lucy), its own life is what it
    knows first-hand (in a stories run Lucy answered that with a relay about someone else: her
    lost bracelet, two days old, was not among the memories retrieved)."""
    words = topic_words(line, speaker, listener)
    own = speaker if not words and names_in(topic_of(line), speaker) else ""
    if not words and not own:
        return list(pool)
    have = {r.id for r in pool}
    found = [r for r in view.records
             if r.id not in have and r.kind is not MemoryKind.PLAN
             and not r.description.startswith("Conversation with ")
             and (words <= content_words(r.claim) if words else
                  r.subject == own and r.teller is None and r.kind is not MemoryKind.DIALOGUE)]
    found.sort(key=lambda r: (-r.importance, -r.id))
    return [*pool, *found[:k]]


def read_ahead(model: ChatModel, speaker: Persona, listener: str, lines: Sequence[tuple[str, str]],
               now: datetime, doing: str, *, phrased: bool = False) -> None:
    """Read the start of the speaker's next line's prompt (rules, persona, the moment, the talk
    so far) into the engine's cache while the listener is still typing (`llm.readahead`);
    `phrased` as the line will be (`next_utterance`)."""
    readahead.read_ahead(model, prompts.utterance_prefix(speaker, listener, lines, now=now, doing=doing,
                                                         letter_only=not phrased), agent=speaker.name)


def _invited(view: MemoryView, speaker: Persona, teller: str, occasion: Occasion | None,
             now: datetime | None = None) -> list[Ground]:
    """The answer when the other speaker just told of (or invited the speaker to) an occasion the
    speaker does not hold (else nothing): yes, unless it cannot come; that it is coming, when it
    said yes already."""
    if occasion is None or invitation.hosts(occasion, speaker.name):
        return []
    if invitation.accepted(view.records, speaker.name, occasion):
        return [invitation.coming_ground(occasion, speaker.name, teller, now)]
    yes, no = invitation.reply_grounds(occasion, speaker.name, teller, now)
    # Whether one can come is a fact the code has (a 135M model's pick between yes and no is
    # near random): free then, a yes; the hours asleep or another yes at that time, a no.
    return [no] if invitation.conflicts(occasion, speaker, view.records) else [yes]


def has_news(view: MemoryView, speaker: Persona, listener: str, now: datetime,
             lines: Sequence[tuple[str, str]]) -> bool:
    """True when the speaker's next line to another NPC would tell news (see `_news`)."""
    return bool(_news(view, speaker, listener, now, lines))


def _news(view: MemoryView, speaker: Persona, listener: str, now: datetime,
          lines: Sequence[tuple[str, str]]) -> list[Ground]:
    """News the speaker has not told this listener yet: an upcoming occasion (its host
    invites, anyone else passes it on with its source), else one other piece of news per
    conversation — the speaker's own before anyone else's."""
    items = news.untold(view.records, now, listener, [text for _, text in lines], speaker=speaker.name,
                        concerns=news.concerns(speaker))
    for item in items:  # the host invites before passing on anything else
        if item.occasion is not None and invitation.hosts(item.occasion, speaker.name):
            return [invitation.invite_ground(item.record, item.occasion, speaker.name, listener)]
    # One undated item per conversation from each speaker: news, then a chat, not a bulletin.
    # Counted on the speaker's own lines: told a piece of news it also held, a listener still
    # tells its own (a stories run: the park keeper, told back what she had passed on the night
    # before, answered "I had heard that too" and then a sighting, her pumpkin never told).
    mine = [text for who, text in lines if who == speaker.name]
    spoken = False
    if mine:
        fresh = {i.record.id for i in news.untold(view.records, now, listener, mine)}
        spoken = any(i.occasion is None and i.record.id not in fresh for i in news.untold(view.records, now, listener))
    first = next((i for i in items if i.occasion is not None or not spoken), None)
    if first is None:
        return []
    if first.occasion is not None:
        return [invitation.announce_ground(first.record, first.occasion, speaker.name, listener, now)]
    return [from_record(first.record, speaker, listener)]


def not_to_oneself(text: str, name: str) -> str:
    """Drop the speaker's own name where the line addresses it ("Hi, Isabella!" said by
    Isabella → "Hi!"): a 135M model mixes up who is talking. Only vocatives go; "I'm
    Isabella" stays."""
    first = re.escape(name.split()[0]) if name.strip() else ""
    if not first:
        return text
    # A script-style speaker label ("Maria Lopez: …") is not part of the line.
    out = re.sub(r"^(?:[A-Z][a-z]+ ){0,2}[A-Z][a-z]+:\s+", "", text)
    # "Maria, welcome …" said by Maria.
    out = re.sub(rf"^{first}(?: [A-Z][a-z]+)?[,!]\s+", "", out)
    out = out[:1].upper() + out[1:]
    out = re.sub(rf",\s*{first}\b(?=\s*[!?.,])", "", out)
    out = re.sub(rf"^((?:hi|hello|hey|welcome|dear|thanks|good (?:morning|afternoon|evening))),?\s+{first}\b",
                 r"\1", out, flags=re.IGNORECASE)
    return out.strip() or text


def _with_occasions(view: MemoryView, pool: list[MemoryRecord], intent: Intent, line: str,
                    now: datetime) -> list[MemoryRecord]:
    """"Anything on this week?": every occasion it knows of this week and last is eligible, whether
    or not the question's words let retrieval surface it (`answers` picks by time and place) — in a
    talk and in an interview alike (a stories run asked "Is anything happening near the Taproom?"
    after the bake sale there, and all fifteen, its host too, knew of nothing)."""
    if intent is not Intent.ABOUT or asks_whats_on(line) is None:
        return pool
    have = {r.id for r in pool}
    dated = [*invitation.upcoming(view.records, now), *invitation.recent(view.records, now)]
    return [*pool, *(r for r, _ in dated if r.id not in have)]


def grounded_answer(
    model: ChatModel,
    embedder: Embedder,
    view: MemoryView,
    persona: Persona,
    now: datetime,
    question: str,
    *,
    k: int = 6,
    weights: RetrievalWeights = RetrievalWeights(),
    kinds: Iterable[str] | None = None,
    moment: Moment | None = None,
    known: Iterable[str] = (),
    listener: str = "the interviewer",
    phrased: bool = True,
    heard_occasion: Occasion | None = None,
) -> Said:
    """Answer an interviewer in character, grounded like a line of dialogue (evaluation); the
    `Said` keeps the ground and the grounding verdict (the grounding evaluation reads them).
    With `phrased` False the model only chooses the ground (one token), said as written.

    `kinds` restricts which memory kinds can be retrieved (None: all; empty: none) — the
    ablations of the paper's controlled evaluation (no reflection, no plan, no memory).
    `heard_occasion`: an occasion the question invites the speaker to (answered yes or no).
    """
    intent = intent_of(question)
    queries = [question] + ([topic_of(question)] if topic_of(question) != question else [])
    recalls = tuple(recall(view, embedder, queries, now, k=k, weights=weights, kinds=kinds))
    if moment is None:
        moment = Moment("answering questions")
    if kinds is not None and "plan" not in set(kinds):
        moment = Moment(moment.doing, moment.place)  # an ablation without plans knows no plan
    if kinds is not None and not set(kinds) & {"observation", "dialogue"}:
        persona = persona.model_copy(update={"relationships": {}})  # nor whom it has met
    replies = _invited(view, persona, listener, heard_occasion, now)
    if replies:  # an invitation in the question: the same yes or no as in a talk
        intent, moment = Intent.INVITED, replace(moment, news=tuple(replies))
    pool = merged(recalls, limit=2 * k)
    if intent in (Intent.ABOUT, Intent.OPINION, Intent.CLAIM) and kinds is None:
        pool = _with_mentions(view, pool, question, persona.name, listener, k)
    if kinds is None:  # (an ablation without its occasions knows none)
        pool = _with_occasions(view, pool, intent, question, now)
    options = candidates(intent, persona, listener, question, now, moment, pool)
    if not phrased:
        ground = _picked(model, prompts.interview_messages(
            persona, now, question, [g.label() for g in options], letter_only=True), options,
            purpose="interview", agent=persona.name)
        return Said(persona.name, ground.text, False, recalls, Grounded(ground.text, ground, ""), intent)
    with _unusable() as failed:
        out: Any = model.parse(  # a schema built at runtime
            prompts.interview_messages(persona, now, question, [g.label() for g in options]),
            interview_schema(_letters(options)),
            max_tokens=text_tokens(INTERVIEW_CHARS) + 40, temperature=0.2, purpose="interview",
            agent=persona.name,
        )
    if failed:
        return Said(persona.name, options[0].text, False, recalls, _rendered(options[0]), intent)
    ground = _choose(options, out.about)
    said = ground_line(not_to_oneself(unlabel(out.answer), persona.name), ground, speaker=persona.name,
                       listener=listener, heard=[question], known=known, cap=INTERVIEW_CHARS,
                       alternatives=options)
    return Said(persona.name, said.text, False, recalls, said, intent)
