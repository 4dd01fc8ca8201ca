"""Agent: one NPC mind — persona, memory stream, known world, plan, and what thinking is due.

The agent lives on the game thread. `perceive` and `current_action` are cheap and never
wait; `due_thoughts` says which thinking is needed now, and `begin` packages one thought
as a job: a pure `run()` for a worker thread (reads snapshots, calls the model) and an
`apply(result)` for the game thread (writes memories, changes the plan). Nothing a job
computes touches the agent until `apply` runs.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from npc_brain.cognition import importance, planning, reaction, reflection
from npc_brain.cognition.events import (
    Event,
    PlanChanged,
    ReflectionWritten,
    RefusalHandled,
    ThoughtFailed,
)
from npc_brain.cognition.action import EMOJI, Action, Refusal
from npc_brain.cognition.agent_state import agent_state, restore_agent
from npc_brain.cognition.importance import MemoryDraft, Memorized
from npc_brain.cognition.known import known_snapshot
from npc_brain.cognition.lifecycle import (
    PLAN_THOUGHTS,
    URGENT_KINDS,
    AgentStatus,
    AgentStatusError,
    Thought,
    ThoughtJob,
)
from npc_brain.cognition.location import KnownPlaces, Whereabouts, building_names
from npc_brain.cognition.plan import Plan, PlanLevel, PlanStep
from npc_brain.cognition.recall import Recall, touched
from npc_brain.cognition.settings import BrainSettings
from npc_brain.llm.protocols import ChatModel, Embedder
from npc_brain.memory.importance import ImportanceCache, normalise_description
from npc_brain.memory.record import MemoryKind
from npc_brain.memory.stream import MemoryStream
from npc_brain.observation import Observation, ObservationKind
from npc_brain.persona import Persona
from npc_brain.world.hours import closed_to

__all__ = ["EMOJI", "Action", "Agent", "AgentStatus", "AgentStatusError", "Refusal", "Thought", "ThoughtJob"]

@dataclass(slots=True)
class _Pending:
    """A perception waiting for a reaction decision."""

    observation: Observation
    time: datetime


@dataclass(slots=True)
class _Marks:
    """Bookkeeping that survives saves."""

    reflected_upto: int | None = None
    last_react: datetime | None = None
    react_subjects: dict[str, datetime] = field(default_factory=dict)
    retry_at: dict[str, datetime] = field(default_factory=dict)
    yesterday: str = ""


class Agent:
    """An NPC mind. All methods belong to the game thread; `begin(...).run` is the only
    code that runs elsewhere, and it reads snapshots only."""

    def __init__(
        self,
        persona: Persona,
        memory: MemoryStream,
        known: Any,
        *,
        embedder: Embedder,
        settings: BrainSettings | None = None,
        importance_cache: ImportanceCache | None = None,
        seed_time: datetime | None = None,
    ) -> None:
        self.persona = persona
        self.memory = memory
        self.known = known
        self.embedder = embedder
        self.settings = settings or BrainSettings()
        self.importance_cache = importance_cache if importance_cache is not None else ImportanceCache()
        self.plan = Plan()
        self.address: str | None = persona.home or None
        self.conversation_with: str | None = None
        self.refusals: list[Refusal] = []
        self.last_recalls: tuple[Recall, ...] = ()
        self.last_error: str | None = None
        self._status = AgentStatus.NEW
        self._buffer: list[MemoryDraft] = []
        self._novel: list[_Pending] = []
        self._refused: list[tuple[Refusal, str]] = []  # awaiting replan: (refusal, blocked action)
        self._seen: dict[str, datetime] = {}
        self._memo: dict[tuple[str, str, str], str] = {}
        self._marks = _Marks()
        self._in_flight: set[Thought] = set()
        self.wants_to_talk: str | None = None  # set by a "talk" reaction; the Society acts on it
        self._seeded = True
        if seed_time is not None and persona.memories and len(memory) == 0:
            self._seeded = False
            for text in persona.memories:
                self._buffer.append(MemoryDraft(MemoryKind.OBSERVATION, text, seed_time))

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

    def _become(self, status: AgentStatus) -> None:
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
    def buffered(self) -> tuple[MemoryDraft, ...]:
        """Memories waiting for the next MEMORIZE job."""
        return tuple(self._buffer)

    # ------------------------------------------------------------------ perceiving
    def perceive(self, observations: Iterable[Observation], now: datetime) -> int:
        """Buffer new perceptions (cheap). Repeats within `dedup_minutes` are dropped.

        Returns how many were kept. Refusals go straight to the replanning queue.
        """
        kept = 0
        window = timedelta(minutes=self.settings.dedup_minutes)
        for obs in observations:
            if obs.kind == ObservationKind.REFUSAL:
                self.refuse(obs.description, now, address=obs.place or obs.subject)
                kept += 1
                continue
            key = normalise_description(obs.description) + "|" + (obs.place or "")
            last = self._seen.get(key)
            if last is not None and now - last < window:
                continue
            self._seen[key] = now
            self._buffer.append(MemoryDraft(
                MemoryKind.OBSERVATION, obs.description, now, subject=obs.subject, place=obs.place))
            if self._worth_reacting(obs):
                self._novel.append(_Pending(obs, now))
            kept += 1
        if len(self._seen) > 2048:  # keep the dedup map bounded
            horizon = now - window
            self._seen = {k: t for k, t in self._seen.items() if t >= horizon}
        return kept

    def _worth_reacting(self, obs: Observation) -> bool:
        if obs.kind in (ObservationKind.SELF, ObservationKind.SPEECH):
            return False
        if obs.kind == ObservationKind.EVENT:
            return True
        # Sights: other people (subjects without ':' are names, places have addresses).
        return bool(obs.subject) and ":" not in obs.subject and obs.subject != self.name

    def remember(self, kind: MemoryKind | str, description: str, now: datetime, *,
                 importance: int | None = None, subject: str | None = None,
                 place: str | None = None) -> None:
        """Queue a memory for the next MEMORIZE job (importance None = let the model rate it)."""
        self._buffer.append(MemoryDraft(MemoryKind(kind), description, now,
                                        None if importance is None else max(1, min(10, int(importance))),
                                        subject, place))

    def whisper(self, text: str, now: datetime) -> None:
        """Put a line into the agent's inner voice: a THOUGHT memory it will plan and react by."""
        text = " ".join(str(text).split())[:300]
        if not text:
            raise ValueError("a whisper needs some text")
        self._buffer.append(MemoryDraft(MemoryKind.THOUGHT, text, now))
        self._novel.append(_Pending(Observation(text, ObservationKind.EVENT, subject=None), now))

    def refuse(self, reason: str, now: datetime, *, address: str | None = None, rule: str = "",
               until: datetime | None = None) -> Refusal:
        """Record a rule refusal: the place is excluded until `until` and a replan is due."""
        blocked = self.current_action(now)
        addr = address or blocked.address or self.address or ""
        refusal = Refusal(addr, until or now + timedelta(minutes=self.settings.refusal_minutes),
                          reason, rule, blocked.activity)
        self.refusals = [r for r in self.refusals if r.until > now] + [refusal]
        self._refused.append((refusal, blocked.description))
        self._buffer.append(MemoryDraft(MemoryKind.OBSERVATION, reason, now, place=addr or None))
        return refusal

    def exclusions(self, now: datetime, activity: str = "") -> tuple[str, ...]:
        """Addresses currently refused for this activity."""
        return tuple(dict.fromkeys(r.address for r in self.refusals if r.address and r.excludes(now, activity)))

    # ------------------------------------------------------------------ acting
    def current_action(self, now: datetime) -> Action:
        """What to do right now. Never blocks, always answers."""
        if self._status == AgentStatus.CONVERSING and self.conversation_with:
            return Action(f"talking with {self.conversation_with}", "socialize", self.address,
                          now, now + timedelta(minutes=5), EMOJI["socialize"], "conversation")
        step = self.plan.current(now)
        if step is not None:
            address = step.address
            if address is None:
                # Not located yet: keep to where a coarser step said, else stay put.
                for level in (PlanLevel.HOUR, PlanLevel.DAY):
                    outer = self.plan.at(now, level)
                    if outer is not None and outer.address is not None:
                        address = outer.address
                        break
                else:
                    address = self.address
            if address and any(address == x or address.startswith(x + ":")
                               for x in self.exclusions(now, step.activity)):
                return Action(f"rethinking: {step.description}", "other", self.address, now,
                              now + timedelta(minutes=5), EMOJI["other"], "refused")
            state = step.state if address == step.address else None
            return Action(step.description, step.activity, address, step.start, step.end,
                          EMOJI.get(step.activity, "💭"), step.source, state)
        return self._idle(now)

    def _idle(self, now: datetime) -> Action:
        s = self.settings
        night = now.hour >= s.sleep_hour or now.hour < s.wake_hour
        if night and self.persona.home:
            return Action("sleeping", "sleep", self.persona.home, now,
                          now + timedelta(minutes=15), EMOJI["sleep"], "idle")
        return Action("thinking about the day", "other", self.address, now,
                      now + timedelta(minutes=5), EMOJI["other"], "idle")

    def current_step(self, now: datetime) -> PlanStep | None:
        """The finest plan step covering now (None when idle)."""
        return self.plan.current(now)

    # ------------------------------------------------------------------ conversations
    def start_conversation(self, partner: str) -> None:
        """Enter a conversation (the Society drives the turns)."""
        self.conversation_with = partner
        self._become(AgentStatus.CONVERSING)

    def end_conversation(self) -> None:
        """Leave the conversation and go back to the plan (or to planning)."""
        self.conversation_with = None
        if self._status == AgentStatus.CONVERSING:
            if self.plan.empty:
                self._become(AgentStatus.PLANNING if Thought.PLAN_DAY in self._in_flight else AgentStatus.NEW)
            else:
                self._become(AgentStatus.ACTING)

    # ------------------------------------------------------------------ what is due
    def due_thoughts(self, now: datetime) -> list[Thought]:
        """Thinking needed now and not already in flight, most urgent first."""
        s = self.settings
        due: list[Thought] = []

        def ready(t: Thought) -> bool:
            retry = self._marks.retry_at.get(t.value)
            return t not in self._in_flight and (retry is None or now >= retry)

        seeding = not self._seeded
        if self._buffer and ready(Thought.MEMORIZE):
            oldest = min(d.created for d in self._buffer)
            urgent = any(d.kind in URGENT_KINDS for d in self._buffer)
            if (seeding or urgent or len(self._buffer) >= s.memorize_batch
                    or now - oldest >= timedelta(minutes=s.memorize_interval_minutes)):
                due.append(Thought.MEMORIZE)
        if not (self._in_flight & PLAN_THOUGHTS):
            plan_end = self.plan.end
            if plan_end is None or plan_end <= now:
                # The first day plan waits for the seed memories to be in the stream.
                if ready(Thought.PLAN_DAY) and not (seeding and (self._buffer or Thought.MEMORIZE in self._in_flight)):
                    due.append(Thought.PLAN_DAY)
            elif ready(Thought.REACT) and self._status != AgentStatus.CONVERSING and self._react_candidate(now):
                due.append(Thought.REACT)
            elif ready(Thought.DECOMPOSE) and self._decomposition_target(now) is not None:
                due.append(Thought.DECOMPOSE)
        if ready(Thought.REFLECT) and self.memory.importance_since(self._marks.reflected_upto) > s.reflection_threshold:
            due.append(Thought.REFLECT)
        return due

    def _react_candidate(self, now: datetime) -> _Pending | Refusal | None:
        if self._refused:
            return self._refused[0][0]
        s = self.settings
        if self._marks.last_react and now - self._marks.last_react < timedelta(minutes=s.react_cooldown_minutes):
            return None
        horizon = timedelta(minutes=s.react_subject_cooldown_minutes)
        while self._novel:
            p = self._novel[0]
            subject = p.observation.subject
            last = self._marks.react_subjects.get(subject) if subject else None
            if now - p.time > timedelta(minutes=30) or (last is not None and now - last < horizon):
                self._novel.pop(0)  # stale, or already reacted to this person lately
                continue
            return p
        return None

    def _decomposition_target(self, now: datetime) -> datetime | None:
        for t in (now, now + timedelta(minutes=self.settings.lookahead_minutes)):
            chunk = self.plan.at(t, PlanLevel.DAY)
            hour = self.plan.at(t, PlanLevel.HOUR)
            has_actions = self.plan.at(t, PlanLevel.ACTION) is not None
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
        places = getattr(self.known, "known_places", None)
        if places is None:  # a bare KnownPlaces snapshot carries no hours
            return ()
        name, work, t = self.persona.name, self.persona.workplace, at.time()
        return tuple(p.address for p in places()
                     if (p.opens is not None or p.closes is not None) and closed_to(p, name, work, t) is p)

    def known_places(self) -> KnownPlaces:
        """Immutable snapshot of the agent's known subtree."""
        return known_snapshot(self.known)

    def thoughts(self, n: int = 5) -> list[str]:
        """The agent's own recent inner-voice lines (memorized and still buffered), oldest first."""
        stored = [r.description for r in self.memory.latest(n, kinds=MemoryKind.THOUGHT)]
        waiting = [d.description for d in self._buffer if d.kind == MemoryKind.THOUGHT]
        return (stored + waiting)[-n:]

    def begin(
        self,
        thought: Thought,
        now: datetime,
        model: ChatModel,
        *,
        can_talk: Callable[[str], bool] = lambda name: False,
    ) -> ThoughtJob | None:
        """Package a due thought as a job (None when it turned out to be unnecessary)."""
        maker = {
            Thought.MEMORIZE: self._job_memorize,
            Thought.PLAN_DAY: self._job_plan_day,
            Thought.DECOMPOSE: self._job_decompose,
            Thought.REACT: lambda now, model: self._job_react(now, model, can_talk),
            Thought.REFLECT: self._job_reflect,
        }.get(thought)
        if maker is None:
            raise ValueError(f"{thought} is driven by the Society, not begun by the agent")
        job = maker(now, model)
        if job is not None:
            self._in_flight.add(thought)
        return job

    def _done(self, thought: Thought) -> None:
        self._in_flight.discard(thought)
        self._marks.retry_at.pop(thought.value, None)

    def _failed(self, thought: Thought, now: datetime, exc: BaseException) -> list[Event]:
        self._in_flight.discard(thought)
        self._marks.retry_at[thought.value] = now + timedelta(minutes=self.settings.failure_backoff_minutes)
        self.last_error = f"{thought.value}: {type(exc).__name__}: {exc}"
        if thought == Thought.PLAN_DAY and self._status == AgentStatus.PLANNING:
            self._become(AgentStatus.NEW)
        return [ThoughtFailed(self.name, now, thought.value, f"{type(exc).__name__}: {exc}")]

    def _job(self, thought: Thought, now: datetime, run: Callable[[], Any],
             apply: Callable[[Any], list[Event]], priority: int = 10) -> ThoughtJob:
        def applied(result: Any) -> list[Event]:
            self._done(thought)
            return apply(result)

        return ThoughtJob(thought, run, applied, lambda exc: self._failed(thought, now, exc), priority)

    # -- MEMORIZE
    def _job_memorize(self, now: datetime, model: ChatModel) -> ThoughtJob | None:
        s = self.settings
        full = (not self._seeded or len(self._buffer) >= s.memorize_batch
                or now - min((d.created for d in self._buffer), default=now)
                >= timedelta(minutes=s.memorize_interval_minutes))
        if full:
            drafts = tuple(self._buffer)
            self._buffer.clear()
        else:  # only the urgent ones; routine perceptions keep waiting for a full batch
            drafts = tuple(d for d in self._buffer if d.kind in URGENT_KINDS)
            self._buffer = [d for d in self._buffer if d.kind not in URGENT_KINDS]
        if not drafts:
            return None
        cache, embedder, name, batch = self.importance_cache, self.embedder, self.name, self.settings.memorize_batch

        def run() -> Memorized:
            return importance.memorize(model, embedder, drafts, agent=name, cache=cache, max_batch=batch)

        def apply(result: Memorized) -> list[Event]:
            self._seeded = True
            for text, value in result.new_ratings:
                cache.put(text, value)
            for m in result.memories:
                d = m.draft
                self.memory.add(d.kind, d.description, d.created, m.importance, m.embedding,
                                evidence=d.evidence, subject=d.subject, place=d.place)
            return []

        def fail(exc: BaseException) -> list[Event]:
            self._seeded = True  # plan without the seeds rather than not at all
            self._buffer[:0] = list(drafts)  # nothing lost: try again after the backoff
            return self._failed(Thought.MEMORIZE, now, exc)

        job = self._job(Thought.MEMORIZE, now, run, apply, priority=0)
        return replace(job, fail=fail)

    # -- PLAN_DAY
    def _job_plan_day(self, now: datetime, model: ChatModel) -> ThoughtJob:
        view = self.memory.snapshot()
        persona, embedder, s = self.persona, self.embedder, self.settings
        thoughts = self.thoughts()
        yesterday = self._yesterday()
        # Building names for the plan's options ("working at Hobbs Cafe").
        names = building_names(self.known_places())
        if self._status != AgentStatus.CONVERSING:
            self._become(AgentStatus.PLANNING)

        def run() -> planning.DayPlanned:
            return planning.plan_day(model, embedder, view, persona, now, yesterday=yesterday,
                                     thoughts=thoughts, wake_hour=s.wake_hour, bed_hour=s.sleep_hour,
                                     names=names, k=s.retrieval_k, weights=s.weights)

        def apply(result: planning.DayPlanned) -> list[Event]:
            t = max(now, result.chunks[0].start)
            self.plan.set_day(result.chunks)
            self._marks.yesterday = ""
            self._buffer.append(result.memory)
            self._touch(result.recalls, t)
            if self._status == AgentStatus.PLANNING:
                self._become(AgentStatus.ACTING)
            return [PlanChanged(self.name, now, "day", result.memory.description)]

        return self._job(Thought.PLAN_DAY, now, run, apply, priority=10)

    def _yesterday(self) -> str:
        if self._marks.yesterday:
            return self._marks.yesterday
        last = self.memory.latest(1, kinds=MemoryKind.PLAN)
        refl = self.memory.latest(2, kinds=MemoryKind.REFLECTION)
        return " ".join([*(r.description for r in last), *(r.description for r in refl)])

    # -- DECOMPOSE
    def _job_decompose(self, now: datetime, model: ChatModel) -> ThoughtJob | None:
        t = self._decomposition_target(now)
        if t is None:
            return None
        chunk = self.plan.at(t, PlanLevel.DAY)
        hour = self.plan.at(t, PlanLevel.HOUR)
        assert chunk is not None
        where = self.whereabouts(now, (hour or chunk).activity, at=t)
        persona = self.persona
        context = [r.description for r in self.memory.latest(3, kinds=(MemoryKind.THOUGHT, MemoryKind.REFLECTION))]

        def run() -> planning.Decomposed:
            return planning.decompose(model, persona, where, t, chunk=chunk, hour=hour, context=context)

        def apply(result: planning.Decomposed) -> list[Event]:
            self._memo.update(result.learned)
            events: list[Event] = []
            for old, new in result.located:
                self.plan.replace(old, new)
            for parent, kids in result.children:
                if self.plan.fill(parent, kids) and kids:
                    level = "hour" if parent.level == PlanLevel.DAY else "action"
                    events.append(PlanChanged(self.name, now, level,
                                              "; ".join(f"{k.start:%H:%M} {k.description}" for k in kids)))
            return events

        return self._job(Thought.DECOMPOSE, now, run, apply, priority=10)

    # -- REACT
    def _job_react(self, now: datetime, model: ChatModel, can_talk: Callable[[str], bool]) -> ThoughtJob | None:
        cand = self._react_candidate(now)
        if cand is None:
            return None
        persona, embedder, s = self.persona, self.embedder, self.settings
        doing = self.current_action(now).description
        if isinstance(cand, Refusal):
            refusal, blocked = self._refused.pop(0)
            self._refused = [(r, b) for r, b in self._refused if r.address != refusal.address]
            activity = refusal.activity
            where = self.whereabouts(now, activity)
            avoid = [where.known.describe(a) for a in where.exclude]

            step = self.plan.current(now)
            minutes = int((step.end - now).total_seconds() // 60) if step is not None else 30

            def run_refusal() -> reaction.Reaction:
                return reaction.replan_after_refusal(model, persona, where, now, doing=blocked,
                                                     activity=activity, minutes=minutes,
                                                     reason=refusal.reason, avoid=avoid)

            def apply_refusal(result: reaction.Reaction) -> list[Event]:
                self._memo.update(result.learned)
                events = self._apply_step(result.step, now, "refusal")
                return [RefusalHandled(self.name, now, refusal.address, refusal.reason,
                                       result.step.description if result.step else ""), *events]

            return self._job(Thought.REACT, now, run_refusal, apply_refusal, priority=20)
        pending = self._novel.pop(0)
        obs = pending.observation
        subject = obs.subject
        talk_to = subject if subject and ":" not in subject and can_talk(subject) else None
        view = self.memory.snapshot()
        where = self.whereabouts(now)
        self._marks.last_react = now
        if subject:
            self._marks.react_subjects[subject] = now

        def run() -> reaction.Reaction:
            return reaction.react(model, embedder, view, persona, where, now, doing=doing,
                                  observation=obs.description, observed=subject if subject and ":" not in subject else None,
                                  talk_to=talk_to, k=s.retrieval_k, weights=s.weights)

        def apply(result: reaction.Reaction) -> list[Event]:
            self._memo.update(result.learned)
            self._touch(result.recalls, now)
            if result.decision == "react" and result.step is not None:
                return self._apply_step(result.step, now, "react")
            if result.decision == "talk" and result.talk_to:
                self.wants_to_talk = result.talk_to
            return []

        return self._job(Thought.REACT, now, run, apply, priority=20)

    def _apply_step(self, step: PlanStep | None, now: datetime, level: str) -> list[Event]:
        if step is None:
            return []
        if self.plan.empty:
            return []
        self.plan.interrupt(step)
        self._buffer.append(MemoryDraft(MemoryKind.PLAN, f"{self.name} decided to {step.description}"
                                        f" ({step.start:%H:%M}-{step.end:%H:%M})", now, place=step.address))
        return [PlanChanged(self.name, now, level, step.description)]

    # -- REFLECT
    def _job_reflect(self, now: datetime, model: ChatModel) -> ThoughtJob:
        view = self.memory.snapshot()
        embedder, s, name = self.embedder, self.settings, self.name
        self._marks.reflected_upto = len(view) - 1  # count afresh from here even if this fails

        def run() -> reflection.Reflected:
            return reflection.reflect(model, embedder, view, now, agent=name, recent=s.reflection_recent,
                                      per_question=s.reflection_per_question, weights=s.weights,
                                      char_budget=s.reflection_char_budget)

        def apply(result: reflection.Reflected) -> list[Event]:
            self._touch(result.recalls, now)
            written = []
            for ins in result.insights:
                rec = self.memory.add(MemoryKind.REFLECTION, ins.description, now, ins.importance,
                                      ins.embedding, evidence=ins.evidence)
                written.append((rec.description, rec.evidence))
            if not written and not result.dropped:
                return []
            return [ReflectionWritten(self.name, now, tuple(written), len(result.dropped))]

        return self._job(Thought.REFLECT, now, run, apply, priority=0)

    def _touch(self, recalls: Sequence[Recall], now: datetime) -> None:
        if recalls:
            self.last_recalls = tuple(recalls)
            ids = touched(recalls)
            if ids:
                self.memory.touch(ids, now)

    # ------------------------------------------------------------------ persistence
    def to_state(self) -> dict[str, Any]:
        """JSON-able state (the memory stream is saved separately)."""
        return agent_state(self)

    @classmethod
    def from_state(
        cls,
        state: dict[str, Any],
        memory: MemoryStream,
        known: Any,
        *,
        embedder: Embedder,
        settings: BrainSettings | None = None,
        importance_cache: ImportanceCache | None = None,
    ) -> Agent:
        """Rebuild an agent from `to_state()` output, its memory stream and known world."""
        persona = Persona.model_validate(state["persona"])
        agent = cls(persona, memory, known, embedder=embedder, settings=settings,
                    importance_cache=importance_cache)
        restore_agent(agent, state)
        return agent

    def restore(self, state: dict[str, Any]) -> None:
        """Load `to_state()` output into this agent (jobs in flight are forgotten)."""
        restore_agent(self, state)

    def __repr__(self) -> str:
        return f"<Agent {self.name} {self._status} memories={len(self.memory)}>"
