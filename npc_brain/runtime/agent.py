"""Agent: one NPC mind — persona, memory stream, known world, plan, and what thinking is due.

The agent lives on the game thread. `perceive` and `current_action` are cheap and never
wait; `due_thoughts` says which thinking is needed now, and `begin` packages one thought
as a job: a pure `run()` for a worker thread (reads snapshots, calls the model) and an
`apply(result)` for the game thread (writes memories, changes the plan). Nothing a job
computes touches the agent until `apply` runs. The per-kind job factories live in
`npc_brain.runtime.thoughts`; the bookkeeping they read and write stays here, behind the small public
surface of the "for the thought factories" section (no factory touches a private member). What waits
for a reaction decision is the agent's `attention` (`runtime.attention`), the action its plan gives
now is read by `runtime.acting`, and its memory drafts carry their provenance (`runtime.provenance`).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from npc_brain.cognition import planning
from npc_brain.cognition.importance import REFUSAL, MemoryDraft, routine_importance
from npc_brain.cognition.known import Known, known_snapshot
from npc_brain.cognition.location import KnownPlaces, Whereabouts
from npc_brain.cognition.recall import Recall, touched
from npc_brain.cognition.reflection import PERCEIVED
from npc_brain.cognition.wishes import wished_step
from npc_brain.language.phrasing import inner_voice
from npc_brain.language.reader import TextReader
from npc_brain.language.reported import strip_markers
from npc_brain.llm.protocols import Embedder
from npc_brain.memory.importance import ImportanceCache, normalise_description
from npc_brain.memory.record import MemoryKind
from npc_brain.memory.stream import MemoryStream
from npc_brain.runtime import provenance
from npc_brain.runtime.acting import Acting
from npc_brain.runtime.agent_state import Marks, SavedAgent, state_dict
from npc_brain.runtime.attention import Attention, PendingReaction
from npc_brain.runtime.lifecycle import (
    PLAN_THOUGHTS,
    URGENT_KINDS,
    AgentStatus,
    AgentStatusError,
    Thought,
    ThoughtJob,
)
from npc_brain.runtime.memory_buffer import MemoryBuffer
from npc_brain.runtime.settings import BrainSettings
from npc_brain.types.action import EMOJI, Action, Refusal
from npc_brain.types.detail import Detail
from npc_brain.types.events import Event, ThoughtFailed
from npc_brain.types.observation import Observation, ObservationKind
from npc_brain.types.occasion import Occasion
from npc_brain.types.persona import Persona
from npc_brain.types.plan import Plan, PlanLevel, PlanStep
from npc_brain.world.errors import UnknownPlace
from npc_brain.world.norms import closed_to
from npc_brain.world.place import Place

__all__ = [
    "EMOJI", "Action", "Agent", "AgentStatus", "AgentStatusError", "Marks", "PendingReaction", "Refusal", "Thought",
    "ThoughtJob",
]


class Agent:
    """An NPC mind. All methods belong to the game thread; `begin(...).run` is the only
    code that runs elsewhere, and it reads snapshots only."""

    def __init__(
        self,
        persona: Persona,
        memory: MemoryStream,
        known: Known,
        *,
        embedder: Embedder,
        settings: BrainSettings | None = None,
        importance_cache: ImportanceCache | None = None,
        seed_time: datetime | None = None,
        reader: TextReader | None = None,
    ) -> None:
        self.persona = persona
        # Reads a memory's occasion and subject when it is made (the society keeps it current).
        self.reader = reader if reader is not None else TextReader()
        self.memory = memory
        self.known = known
        self.embedder = embedder
        self.settings = settings or BrainSettings()
        self.importance_cache = importance_cache if importance_cache is not None else ImportanceCache()
        self.plan = Plan()
        # Set by the society from the game's focus each tick (transient: not saved).
        self.detail = Detail.FULL
        self.watched = False  # a player can see it (in focus, or talking with a player)
        self.address: str | None = persona.home or None
        self.conversation_with: str | None = None
        self.refusals: list[Refusal] = []
        self._action_kept: tuple[tuple[object, ...], Action] | None = None  # `current_action`, this frame
        # (the stream, its length, reflected upto) → perceived importance since: `perceived_importance`
        self._perceived: tuple[tuple[int, int, int | None], int] = ((0, -1, None), 0)
        self.last_recalls: tuple[Recall, ...] = ()
        self.last_error: str | None = None
        self._status = AgentStatus.NEW
        self.attention = Attention(persona.name, self.settings)  # what waits for a reaction decision
        self._acting = Acting(persona, self.settings, self.known_places)  # the action its plan gives now
        self._memo: dict[tuple[str, str, str], str] = {}
        self._known_snapshot: tuple[object, int, KnownPlaces] | None = None
        self._marks = Marks()
        self._in_flight: set[Thought] = set()
        self.wants_to_talk: str | None = None  # set by a "talk" reaction; the Society acts on it
        seeds = [*(provenance.draft(self.reader, self.name, MemoryKind.OBSERVATION, text, seed_time)
                   for text in persona.memories),
                 *(provenance.occasion_seed(self.reader, self.name, o, seed_time) for o in persona.occasions)
                 ] if seed_time is not None and len(memory) == 0 else []
        self.buffer = MemoryBuffer(self.rated_without_model, seeds)  # what waits to be memorized

    # ------------------------------------------------------------------ identity
    @property
    def name(self) -> str:
        """The persona's name (the agent's id everywhere)."""
        return self.persona.name

    @property
    def age(self) -> int:
        """For the world's rules."""
        return self.persona.age

    @property
    def workplace(self) -> str | None:
        """For the world's rules (staff may enter before opening)."""
        return self.persona.workplace

    @property
    def status(self) -> AgentStatus:
        """Current lifecycle status."""
        return self._status

    def become(self, status: AgentStatus) -> None:
        """Move to `status` (AgentStatusError when the lifecycle forbids it; the same one is a no-op)."""
        if status == self._status:
            return
        if not self._status.can_become(status):
            raise AgentStatusError(f"{self.name}: {self._status} → {status} is illegal")
        self._status = status

    @property
    def in_flight(self) -> frozenset[Thought]:
        """Thoughts submitted and not applied yet."""
        return frozenset(self._in_flight)

    @property
    def busy(self) -> bool:
        """Thinking a player would see is in flight (the "…" bubble): memorizing is background
        work, except before the first plan (the NPC is still waking up)."""
        return bool(self._in_flight - {Thought.MEMORIZE, Thought.RATE}) or (self.plan.empty and bool(self._in_flight))

    @property
    def buffered(self) -> tuple[MemoryDraft, ...]:
        """Memories waiting for the next MEMORIZE or RATE job."""
        return self.buffer.drafts

    # ------------------------------------------------------------------ perceiving
    def perceive(self, observations: Iterable[Observation], now: datetime) -> int:
        """Buffer new perceptions (cheap). Repeats within `dedup_minutes` are dropped.

        Returns how many were kept. Refusals go straight to the replanning queue.
        """
        kept = 0
        for obs in observations:
            if obs.kind == ObservationKind.REFUSAL:
                self.refuse(obs.description, now, address=obs.place or obs.subject)
                kept += 1
                continue
            if not self.attention.fresh(obs, now):
                continue
            # What someone said is dialogue: memorised at once, so news can travel on.
            kind = MemoryKind.DIALOGUE if obs.kind == ObservationKind.SPEECH else MemoryKind.OBSERVATION
            self.buffer.add(provenance.draft(
                self.reader, self.name, kind, obs.description, now, importance=obs.importance, subject=obs.subject,
                place=obs.place, sighting=obs.kind in (ObservationKind.SIGHT, ObservationKind.SELF),
                teller=obs.teller, fact=obs.fact, occasion=obs.occasion))
            self.attention.consider(obs, now)
            kept += 1
        self.attention.tidy(now)
        return kept

    def remember(self, kind: MemoryKind | str, description: str, now: datetime, *,
                 importance: int | None = None, subject: str | None = None,
                 place: str | None = None, teller: str | None = None, fact: str | None = None,
                 occasion: Occasion | None = None) -> None:
        """Queue a memory for the next MEMORIZE job (importance None = let the model rate it)."""
        self.buffer.add(provenance.draft(self.reader, self.name, MemoryKind(kind), description, now,
                                         importance=importance, subject=subject, place=place, teller=teller,
                                         fact=fact, occasion=occasion))

    def whisper(self, text: str, now: datetime) -> PlanStep | None:
        """Put a line into the agent's inner voice: a THOUGHT memory it will plan and react by,
        thought in its own words ("You want to …" is "I want to …"; markers removed). A wish
        becomes a step of today's plan at once (`wishes`), which is returned."""
        text = strip_markers(text)[:300].strip()
        if not text:
            raise ValueError("a whisper needs some text")
        text = inner_voice(text)
        self.buffer.add(provenance.draft(self.reader, self.name, MemoryKind.THOUGHT, text, now, subject=self.name))
        self.attention.notice(Observation(text, ObservationKind.EVENT, subject=None), now)
        place = self.reader.gazetteer.place_in(text, about=self.name)
        step = wished_step(text, self.persona, now, place.address if place is not None else None)
        if step is None or self.plan.empty:
            return None
        self.plan.interrupt(step)
        return step

    def refuse(self, reason: str, now: datetime, *, address: str | None = None, rule: str = "",
               until: datetime | None = None) -> Refusal:
        """Record a rule refusal: the place is excluded until `until` and a replan is due."""
        blocked = self.current_action(now)
        addr = address or blocked.address or self.address or ""
        refusal = Refusal(addr, until or now + timedelta(minutes=self.settings.refusal_minutes),
                          reason, rule, blocked.activity)
        self.refusals = [r for r in self.refusals if r.until > now] + [refusal]
        self.attention.refused(refusal, blocked.description)
        self.buffer.add(MemoryDraft(MemoryKind.OBSERVATION, reason, now, REFUSAL, place=addr or None))
        return refusal

    def exclusions(self, now: datetime, activity: str = "") -> tuple[str, ...]:
        """Addresses currently refused for this activity."""
        return tuple(dict.fromkeys(r.address for r in self.refusals if r.address and r.excludes(now, activity)))

    # ------------------------------------------------------------------ acting
    def current_action(self, now: datetime) -> Action:
        """What to do right now. Never blocks, always answers. Kept while nothing it reads changes:
        a frame asks three times per NPC (300 plan scans a frame in a town of 100)."""
        plan = self.plan
        key = (now, id(plan), plan.version, plan.provisional, self.address, self._status, self.conversation_with,
               id(self.refusals), len(self.refusals), getattr(self.known, "version", None))
        kept = self._action_kept
        if kept is not None and kept[0] == key:
            return kept[1]
        if self._status == AgentStatus.CONVERSING and self.conversation_with:
            action = Action(f"talking with {self.conversation_with}", "socialize", self.address,
                            now, now + timedelta(minutes=5), EMOJI["socialize"], "conversation")
        else:
            action = self._acting.action(plan, now, self.address, lambda activity: self.exclusions(now, activity))
        self._action_kept = (key, action)
        return action

    def current_step(self, now: datetime) -> PlanStep | None:
        """The finest plan step covering now (None when idle)."""
        return self.plan.current(now)

    # ------------------------------------------------------------------ conversations
    def start_conversation(self, partner: str) -> None:
        """Enter a conversation (the Society drives the turns)."""
        self.conversation_with = partner
        self.become(AgentStatus.CONVERSING)

    def end_conversation(self) -> None:
        """Leave the conversation and go back to the plan (or to planning)."""
        self.conversation_with = None
        if self._status == AgentStatus.CONVERSING:
            if self.plan.empty:
                self.become(AgentStatus.PLANNING if Thought.PLAN_DAY in self._in_flight else AgentStatus.NEW)
            else:
                self.become(AgentStatus.ACTING)

    # ------------------------------------------------------------------ what is due
    def due_thoughts(self, now: datetime) -> list[Thought]:
        """Thinking needed now and not already in flight, most urgent first."""
        s = self.settings
        due: list[Thought] = []

        def ready(t: Thought) -> bool:
            retry = self._marks.retry_at.get(t.value)
            return t not in self._in_flight and (retry is None or now >= retry)

        seeding = not self.buffer.seeded
        # What needs no model goes in on its own: waiting behind a rating call (itself behind
        # the morning's plans) kept routine sightings out of memory for 20–35 game minutes.
        for thought, part in zip((Thought.MEMORIZE, Thought.RATE), self.buffer.parts(), strict=True):
            if part and ready(thought):
                oldest = min(d.created for d in part)
                urgent = any(d.kind in URGENT_KINDS for d in part)
                if (seeding or urgent or len(part) >= s.memorize_batch
                        or now - oldest >= timedelta(minutes=s.memorize_interval_minutes)):
                    due.append(thought)
        if not (self._in_flight & PLAN_THOUGHTS):
            if self.plan.ended(now) or self.plan.provisional:
                # The first day plan need not wait for the seeds' ratings: it reads them as given
                # (`thoughts.plan_day_job`); waiting put every NPC's seed ratings before any plan.
                if ready(Thought.PLAN_DAY):
                    due.append(Thought.PLAN_DAY)
            elif ready(Thought.REACT) and self._status != AgentStatus.CONVERSING and self.react_candidate(now):
                due.append(Thought.REACT)
            elif ready(Thought.DECOMPOSE) and self.decomposition_target(now) is not None:
                due.append(Thought.DECOMPOSE)
        elif self.watched and ready(Thought.REACT) and self._status != AgentStatus.CONVERSING \
                and isinstance(cand := self.react_candidate(now), PendingReaction) and cand.sighting:
            # What the player watches does not wait for a plan: meeting someone is decided by
            # rule (`thoughts.react_job`), which changes no plan. Waiting for plans and hour
            # decompositions queued behind the town's work, seen sightings went stale (30 min):
            # 85 sightings in view, 3 reactions, in four game hours of the demo on the 135M model.
            due.append(Thought.REACT)
        threshold = s.reflection_threshold * (s.coarse_reflection_factor if self.detail is Detail.COARSE else 1)
        if ready(Thought.REFLECT) and self.perceived_importance() > threshold:
            due.append(Thought.REFLECT)
        return due

    def perceived_importance(self) -> int:
        """Summed importance of what was perceived since the last reflection (its trigger), kept
        until a memory is added or a reflection is made: asked whenever the agent's thoughts are
        looked at, which is most frames, and the sum reads every memory since."""
        # Importance is written once, when a memory is added: the stream's length says what changed.
        key = (id(self.memory), len(self.memory), self._marks.reflected_upto)
        kept, total = self._perceived
        if kept != key:
            total = self.memory.importance_since(key[2], kinds=PERCEIVED)
            self._perceived = (key, total)
        return total

    def react_candidate(self, now: datetime) -> PendingReaction | Refusal | None:
        """What a REACT thought would handle now (`Attention.candidate`, at this agent's detail)."""
        return self.attention.candidate(now, self._marks, coarse=self.detail is Detail.COARSE, watched=self.watched)

    def decomposition_target(self, now: datetime) -> datetime | None:
        """The time (now, or the lookahead) whose plan step still needs decomposing, or None."""
        for t in (now, now + timedelta(minutes=self.settings.lookahead_minutes)):
            chunk = self.plan.at(t, PlanLevel.DAY)
            hour = self.plan.at(t, PlanLevel.HOUR)
            # Coarse: a located hour step is fine enough (no 5–15 minute actions out of view).
            has_actions = self.plan.at(t, PlanLevel.ACTION) is not None or self.detail is Detail.COARSE
            if planning.needs_decomposition(chunk, hour, has_actions):
                return t
        return None

    # ------------------------------------------------------------------ jobs
    def whereabouts(self, now: datetime, activity: str = "", *, at: datetime | None = None) -> Whereabouts:
        """Snapshot of the known world and anchors for a location choice (game thread);
        `at` is when the chosen place will be used (default `now`), for opening hours."""
        return Whereabouts(
            known=self.known_places(), here=self.address, home=self.persona.home or None,
            workplace=self.persona.workplace, exclude=self.exclusions(now, activity),
            closed=self.closed_places(at or now), memo=dict(self._memo),
        )

    def closed_places(self, at: datetime) -> tuple[str, ...]:
        """Known places whose own opening hours shut this agent out at `at` (staff are exempt)."""
        places: Callable[[], Iterable[Place]] | None = getattr(self.known, "known_places", None)
        if places is None:  # a bare KnownPlaces snapshot carries no hours
            return ()
        name, work, t = self.persona.name, self.persona.workplace, at.time()
        return tuple(p.address for p in places()
                     if (p.opens is not None or p.closes is not None) and closed_to(p, name, work, t) is p)

    def known_places(self) -> KnownPlaces:
        """Immutable snapshot of the agent's known subtree (kept while its `version` holds:
        taking one walks the town, and every job and frame's action asks for it)."""
        version = getattr(self.known, "version", None)
        kept = self._known_snapshot
        if version is not None and kept is not None and kept[0] is self.known and kept[1] == version:
            return kept[2]
        snapshot = known_snapshot(self.known)
        self._known_snapshot = (self.known, version, snapshot) if version is not None else None
        return snapshot

    def thoughts(self, n: int = 5) -> list[str]:
        """The agent's own recent inner-voice lines (memorized and still buffered), oldest first."""
        stored = [r.description for r in self.memory.latest(n, kinds=MemoryKind.THOUGHT)]
        waiting = [d.description for d in self.buffer.drafts if d.kind == MemoryKind.THOUGHT]
        return (stored + waiting)[-n:]

    def _done(self, thought: Thought) -> None:
        self._in_flight.discard(thought)
        self._marks.retry_at.pop(thought.value, None)

    def retry_now(self) -> None:
        """Forget the retry backoffs: what failed may be tried at once (the server is back)."""
        self._marks.retry_at.clear()

    def thought_failed(self, thought: Thought, now: datetime, exc: BaseException) -> list[Event]:
        """A thought's job failed: it may be retried after the backoff (a ThoughtFailed event)."""
        self._in_flight.discard(thought)
        self._marks.retry_at[thought.value] = now + timedelta(minutes=self.settings.failure_backoff_minutes)
        self.last_error = f"{thought.value}: {type(exc).__name__}: {exc}"
        if thought == Thought.PLAN_DAY and self._status == AgentStatus.PLANNING:
            self.become(AgentStatus.NEW)
        return [ThoughtFailed(self.name, now, thought.value, f"{type(exc).__name__}: {exc}")]

    def job(self, thought: Thought, now: datetime, run: Callable[[], Any],
            apply: Callable[[Any], list[Event]], priority: int = 10) -> ThoughtJob:
        """A thought's job, in flight from now: `apply` (or a failure) ends that."""
        self._in_flight.add(thought)

        def applied(result: Any) -> list[Event]:
            self._done(thought)
            return apply(result)

        return ThoughtJob(thought, run, applied, lambda exc: self.thought_failed(thought, now, exc), priority)

    def recalled(self, recalls: Sequence[Recall], now: datetime) -> None:
        """Mark recalled memories as accessed (thoughts and conversations call this on apply)."""
        if recalls:
            self.last_recalls = tuple(recalls)
            ids = touched(recalls)
            if ids:
                self.memory.touch(ids, now)

    # ------------------------------------------------------------------ for the thought factories
    # `npc_brain.runtime.thoughts` packages the jobs; these are the game-thread calls it makes on the agent.
    @property
    def seeded(self) -> bool:
        """Whether the persona's seed memories are all in the stream (or were given up on)."""
        return self.buffer.seeded

    @property
    def marks(self) -> Marks:
        """The bookkeeping that survives saves (reflection point, reaction cooldowns, yesterday)."""
        return self._marks

    def rated_without_model(self, draft: MemoryDraft) -> bool:
        """True when the draft's importance is given, a rule's, or cached, or the agent rates it
        by reading (`reads_ratings`): no model call."""
        return (draft.importance is not None or routine_importance(draft) is not None
                or self.reads_ratings()(draft.description)
                or draft.description in self.importance_cache)  # a peek: no LRU touch, no hit counted

    @property
    def rates_by_reading(self) -> bool:
        """Out of view, memories are rated by how they read (`BrainSettings.coarse_importance_by_reading`)."""
        return self.detail is Detail.COARSE and self.settings.coarse_importance_by_reading

    def reads_ratings(self) -> Callable[[str], bool]:
        """Which memories are rated by how they read, as a pure predicate of their text (safe on a
        worker): all of them out of view (`rates_by_reading`); in view, while the model's ratings
        change nothing the reading gives (`BrainSettings.rating_check`), all but the check's probes."""
        if self.rates_by_reading:
            return lambda text: True
        check = self.importance_cache.check
        if not (self.settings.rating_check and check.reading_will_do):
            return lambda text: False
        return lambda text: not check.probes(normalise_description(text))

    def hear_of(self, address: str) -> None:
        """Know where a place it was told of is (an occasion's): its walk can then go there. A
        stories run: everyone told of a craft fair "at the Vegetable Patch in Community Garden" knew
        the garden but not its patch, and the walk took them, among people, to the café."""
        learn = getattr(self.known, "learn", None)
        if learn is None:
            return
        try:
            learn(address)
        except UnknownPlace:  # a place not on this map (an old save, a story told of elsewhere)
            pass

    def learn_locations(self, learned: Mapping[tuple[str, str, str], str]) -> None:
        """Remember location choices a job made, so the same choice costs no call next time."""
        self._memo.update(learned)

    # ------------------------------------------------------------------ persistence
    def to_state(self) -> dict[str, Any]:
        """JSON-able state (the memory stream is saved separately; conversations are not saved)."""
        status = self._status
        if status == AgentStatus.CONVERSING:
            status = AgentStatus.NEW if self.plan.empty or self.plan.provisional else AgentStatus.ACTING
        return state_dict(self.persona, status, self.address, self.plan, self.known, self.refusals,
                          self.buffer.drafts, self._memo, self._marks)

    @classmethod
    def from_state(cls, state: dict[str, Any], memory: MemoryStream, known: Known, *, embedder: Embedder,
                   settings: BrainSettings | None = None, importance_cache: ImportanceCache | None = None) -> Agent:
        """Rebuild an agent from `to_state()` output, its memory stream and known world.

        The state is validated first: a damaged one raises `pydantic.ValidationError`.
        """
        saved = SavedAgent.model_validate(state)
        agent = cls(saved.persona, memory, known, embedder=embedder, settings=settings,
                    importance_cache=importance_cache)
        agent.restore(saved)
        return agent

    def restore(self, state: SavedAgent | dict[str, Any]) -> None:
        """Load `to_state()` output into this agent; jobs in flight and queues are forgotten.

        A dict is validated first (`pydantic.ValidationError` naming the field, agent untouched).
        """
        saved = state if isinstance(state, SavedAgent) else SavedAgent.model_validate(state)
        self.plan, self.address, self.refusals = saved.plan_value(), saved.address, saved.refusal_values()
        self.buffer.replace(saved.drafts())
        self._memo, self._marks = dict(saved.memo), saved.marks.value()
        self._in_flight.clear()
        self.attention.clear()
        self.conversation_with = self.wants_to_talk = None
        # A planning agent's job was dropped with the save: it plans again.
        self._status = AgentStatus.NEW if saved.status == AgentStatus.PLANNING or self.plan.empty else saved.status

    def __repr__(self) -> str:
        return f"<Agent {self.name} {self._status} memories={len(self.memory)}>"
