"""Society: the per-frame facade a game talks to.

```python
society = Society(world, model, embedder, now=clock)      # clock: GameClock or a callable
for persona in personas:
    society.add_agent(persona)
while running:                                            # every frame
    clock.advance(dt)
    for event in society.update():                        # never waits for a model
        ...                                               # bubbles, logs, sounds
    for name in society.agents:
        action = society.action(name)                     # walk the sprite to action.address
        show_dots = society.thinking(name)                # the "…" bubble
```

Thinking runs on the scheduler's executor (a thread pool by default); `update()` submits
what is due, applies finished results on the calling thread, and returns `Event`s. It delegates
to `Residents` (agents, players, their reader), `Dispatcher` (threads, scheduler, call gate),
`Audience` (the players' side), `Conversations`, `Errands`, `Bodies` and `saved_society`.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Executor
from datetime import datetime, timedelta
from pathlib import Path
from types import MappingProxyType

from npc_brain.cognition import dialogue
from npc_brain.cognition.known import Known
from npc_brain.language.reader import TextReader
from npc_brain.language.reported import strip_markers
from npc_brain.llm.accounting import AccountingModel, UsageSnapshot
from npc_brain.llm.protocols import ChatModel, Embedder
from npc_brain.memory.importance import ImportanceCache
from npc_brain.memory.save import SaveFile, SaveMeta
from npc_brain.memory.stream import MemoryStream, with_provenance
from npc_brain.runtime import hearing
from npc_brain.runtime.agent import Action, Agent
from npc_brain.runtime.audience import Audience
from npc_brain.runtime.bodies import Bodies
from npc_brain.runtime.company import Company
from npc_brain.runtime.conversation import Conversation
from npc_brain.runtime.conversations import Conversations
from npc_brain.runtime.dispatcher import THINKING_THREADS, Dispatcher
from npc_brain.runtime.due_checks import DueChecks
from npc_brain.runtime.errands import Errands
from npc_brain.runtime.inspection import AgentInspection, inspect_agent
from npc_brain.runtime.interview import interview
from npc_brain.runtime.movement import Movement, with_movement
from npc_brain.runtime.residents import Residents
from npc_brain.runtime.rota import Rota
from npc_brain.runtime.saved_society import SavedSociety, write_society
from npc_brain.runtime.settings import BrainSettings
from npc_brain.types.actions import ActionRegistry
from npc_brain.types.clock import GameClock
from npc_brain.types.detail import Detail
from npc_brain.types.events import ActionRequested, Event, PlanChanged
from npc_brain.types.frame_budget import FrameBudget
from npc_brain.types.observation import Observation
from npc_brain.types.occasion import Occasion
from npc_brain.types.persona import Persona
from npc_brain.world.norms import refusal_expires
from npc_brain.world.verdict import Verdict
from npc_brain.world.world import World

__all__ = ["THINKING_THREADS", "Society"]


class Society:
    """All NPC minds of a game plus the machinery that thinks for them.

    `world` may be None for a game without a containment tree (agents then stay where
    they are). `now` is a `GameClock` or a zero-argument callable returning game time.
    `executor` runs thinking (default: a pool of `THINKING_THREADS` owned by the society, with
    `max_in_flight` set to match, so the defaults put the player first; pass `InlineExecutor()`
    for deterministic tests); `max_in_flight` caps the jobs handed to it at once so job
    priorities decide what runs next (with your own executor, set it to its thread count). The
    model is wrapped in an `AccountingModel` unless it already counts (`snapshot()`).

    With `settings.player_first` (the default) and `max_in_flight` > 1, what the player
    triggers — replies, reactions to noticing a player — runs before the town's thinking: one
    of the `max_in_flight` places is kept for it, and a `CallGate` starts none of the town's
    model calls while the player's are out, and at most `settings.engaged_background_calls`
    while a player is engaged (`engage`, or a conversation open). While the game is paused
    (the `GameClock` at speed 0, or `paused` set) no new thinking starts.

    `actions` are the game actions NPCs may choose (default: only the built-in follow, go_to
    and stop_following); a chosen one arrives as an `ActionRequested` event for the game to
    perform and `report`.
    """

    def __init__(
        self,
        world: World | None,
        model: ChatModel,
        embedder: Embedder,
        *,
        now: GameClock | Callable[[], datetime],
        executor: Executor | None = None,
        settings: BrainSettings | None = None,
        max_in_flight: int | None = None,
        actions: ActionRegistry | None = None,
    ) -> None:
        self.world = world
        self.model = model if isinstance(model, AccountingModel) else AccountingModel(model)
        self.embedder = embedder
        self.settings = settings or BrainSettings()
        self._clock = now if isinstance(now, GameClock) else None
        self._now: Callable[[], datetime] = now.now if isinstance(now, GameClock) else now
        self._events: list[Event] = []
        # Reads `self.model` late: a game may swap it.
        self._dispatch = Dispatcher(lambda: self.model, self.settings, self._events, now=self._now,
                                    executor=executor, max_in_flight=max_in_flight)
        self.scheduler = self._dispatch.scheduler
        self.gate = self._dispatch.gate
        self.paused = False  # set by a game without a GameClock; a clock at speed 0 pauses too
        self.importance_cache = ImportanceCache()
        self._residents = Residents(embedder, self.settings, world=lambda: self.world)
        self._agents = self._residents.agents
        self._errands = Errands(actions if actions is not None else with_movement(), self._agents,
                                world=lambda: self.world)
        # Reads `self.world` late: a game may swap it (map hot-reload).
        self._convs = Conversations(self._agents, self.settings, world=lambda: self.world, now=self._now,
                                    embedder=embedder, meter=self._dispatch.meter,
                                    submit=self._dispatch.submit, events=self._events,
                                    offers=lambda a, b, t, player: self._errands.offers(a, b, t, player=player),
                                    chosen=lambda a, b, offer, line, t: self._errands.request(a, offer, b, t,
                                                                                              said=line),
                                    read_ahead=self._dispatch.read_ahead, reader=self._dispatch.reader,
                                    parted=lambda npc, player, t, out: self._errands.part(npc, player, t, out))
        self._audience = Audience(self._residents, self._convs, self._dispatch,
                                  level_of_detail=self.settings.level_of_detail)
        self._bodies = Bodies(lambda agent, now: self._errands.action(agent.name, agent.current_action(now)))
        # NPCs a player can see look at who is around them now and then
        self._company = Company(timedelta(minutes=self.settings.watched_glance_minutes),
                                timedelta(minutes=self.settings.unwatched_glance_minutes))
        self._due = DueChecks(self._dispatch, self._convs, self._residents)
        self._rota: Rota[Agent] = Rota()  # whose turn it is in a frame with a budget

    @property
    def reader(self) -> TextReader:
        """The text reader every agent reads with: the world's places and everyone in town."""
        return self._residents.reader

    # ------------------------------------------------------------------ agents
    def add_agent(self, persona: Persona, *, known: Known = None, memory: MemoryStream | None = None) -> Agent:
        """Create an agent from a persona; its seed memories are rated and stored soon after.

        `known` defaults to a `SpatialMemory` seeded from the persona (home, workplace,
        the town's buildings); the agent is placed at its home if the world has no
        position for it yet.
        """
        cache = self.importance_cache if self.settings.share_importance_cache else ImportanceCache()
        return self._residents.add(persona, self._now(), cache, known=known, memory=memory)

    @property
    def agents(self) -> Mapping[str, Agent]:
        """Agents by name (read-only mapping, insertion order)."""
        return MappingProxyType(self._agents)

    def agent(self, name: str) -> Agent:
        """The agent with this name (KeyError with the known names otherwise)."""
        return self._residents.get(name)

    def now(self) -> datetime:
        """Current game time."""
        return self._now()

    # ------------------------------------------------------------------ per frame
    def perceive(self, name: str, observations: Iterable[Observation]) -> int:
        """Feed perceptions to an agent (cheap; repeats are dropped). Returns how many were kept."""
        return self.agent(name).perceive(list(observations), self._now())

    def action(self, name: str) -> Action:
        """What the agent is doing now (a follow or go_to it was asked for, else its plan); never waits."""
        return self._errands.action(name, self.agent(name).current_action(self._now()))

    def thinking(self, name: str) -> bool:
        """True while the agent has visible thinking in flight (plan, reaction, reply …)."""
        return self.agent(name).busy or self._convs.waiting_for(name)

    def update(self, budget: FrameBudget | None = None) -> list[Event]:
        """Submit due thinking, apply finished results, return what happened. Never waits.

        Model failures (`LLMError`) become `ThoughtFailed` events and a retry later; any other
        exception from a job is a bug and is re-raised here, after the agent was cleaned up.
        With a `budget` (a game in real time) the NPCs a player watches are served every frame and
        the others take turns while it lasts (`Rota`); without one (headless) everyone, every call.
        """
        now = self._now()
        events: list[Event] = []
        paused = self.paused or (self._clock is not None and self._clock.speed == 0)
        self._dispatch.hold(paused)  # what is out finishes, nothing new starts
        if self._residents.stale:  # a game swapped its map: read with its places
            self._residents.read_with()
        if budget is not None:
            self._take_turns(now, paused, events, budget)
        else:
            for agent in self._agents.values():
                agent.detail = self._audience.detail_of(agent)
                agent.watched = self._audience.watched(agent)
                self._bodies.sync(self.world, agent, now)
        self._errands.tick(now, events)
        if not paused:
            self._company.look(self.world, self._agents, now, lambda a, b: self._convs.can_talk(a, b, now),
                               lambda name: self.action(name).description)
        self._dispatch.poll(events)
        if self._dispatch.recovered():  # the server is back: what failed, retry now
            for agent in self._agents.values():
                agent.retry_now()
        for round_ in range(4):  # inline executors finish at submit: apply and chain a few rounds
            submitted = 0 if paused or budget is not None else \
                self._due.ask_all(self._agents.values(), now, events, every=round_ > 0)
            self._convs.expire(now, events)
            self._dispatch.poll(events)
            if not submitted:
                break
        if budget is None:
            for agent in self._agents.values():
                self._bodies.use_objects(self.world, agent, now, events)
        self._audience.update_gate()
        return events

    # ------------------------------------------------------------------ thinking
    def _take_turns(self, now: datetime, paused: bool, events: list[Event], budget: FrameBudget) -> None:
        """One frame's turns: each NPC served does its body, due thoughts and objects at once."""
        audience = self._audience
        for agent in self._rota.turns(list(self._agents.values()), budget, every_frame=audience.watched):
            agent.detail = audience.detail_of(agent)
            agent.watched = audience.watched(agent)
            self._bodies.sync(self.world, agent, now)
            if not paused:
                self._due.ask(agent, now, events)
            self._bodies.use_objects(self.world, agent, now, events)

    # ------------------------------------------------------------------ conversations
    def talk(self, npc: str, speaker: str, text: str, *,
             on_text: Callable[[str], None] | None = None) -> Conversation:
        """The player (`speaker`) says `text` to an NPC; the reply arrives through `update()`.

        Non-blocking: returns the `Conversation` at once with `pending` True while the NPC
        thinks; meanwhile `conversation.draft` holds the reply as generated so far (poll it
        each frame), and `on_text(text_so_far)` hears each new piece on the worker thread.
        The line that lands in `lines` is the grounded one and may differ from the draft. The
        text is data, never instructions: chat-template markers are broken before it is heard
        or remembered, and it is cleaned and quoted in prompts.
        """
        return self._audience.talk(npc, speaker, text, on_text)

    def focus(self, names: Iterable[str] | None) -> None:
        """The NPCs the player can see now (level of detail, `cognition.detail`): they think at
        full detail, the rest coarser; None (the default) keeps everyone at full detail. NPCs
        talking with a player are always in focus. Call it whenever the view changes."""
        self._audience.focus(names)

    def detail_of(self, name: str) -> Detail:
        """How finely `name` thinks at the moment (what the inspector shows)."""
        return self._audience.detail_of(self.agent(name))

    def watched(self, name: str) -> bool:
        """Whether a player can see `name` now (in focus, or talking with a player): its meetings
        are decided without waiting for its plans and its talks go before the town's other
        thinking (`Priority.WATCHED`). False for everyone while no game calls `focus`."""
        return self._audience.watched(self.agent(name))

    def add_player(self, name: str) -> None:
        """Name a player (not an agent): NPCs' reactions to noticing them go first."""
        self._audience.add(name)

    def engage(self, player: str, npc: str | None) -> None:
        """The player turned to `npc` (a chat box opened) or to nobody (None).

        While a player is engaged, or in a conversation, the town's model calls are throttled
        so the reply to come finds the model free (`settings.player_first`), and the start of
        the NPC's reply prompt is read ahead while the player types (`settings.read_ahead`).
        """
        self._audience.engage(player, npc)

    @property
    def engaged(self) -> Mapping[str, str]:
        """Players with a chat open → the NPC they turned to."""
        return self._audience.engaged

    def end_conversation(self, conversation: Conversation) -> None:
        """End a conversation now (the player walked away); both sides remember it."""
        self._convs.end(conversation, self._now(), self._events)

    def conversations(self, *, active: bool = True) -> list[Conversation]:
        """Conversations (only open ones by default)."""
        return self._convs.all(active=active)

    # ------------------------------------------------------------------ world feedback
    def whisper(self, name: str, text: str) -> None:
        """Put a thought into an agent's inner voice, in its own words (markers removed): it
        plans and reacts by it, and a wish ("You want to visit the library this afternoon") is
        in today's plan at once (a `PlanChanged` from the next `update()`)."""
        now = self._now()
        step = self.agent(name).whisper(strip_markers(text), now)
        if step is not None:
            self._events.append(PlanChanged(name, now, "wish", step.description))

    def tell(self, fact: str, *, to: str | Iterable[str] | None = None, teller: str | None = None,
             occasion: Occasion | None = None, about: str | None = None, importance: int | None = None) -> int:
        """Let NPCs know something, as the game decides: `to` one NPC, several, or everyone (None).

        With `teller` it is what that person told them (remembered as their claim, attributed,
        and passed on so); without, something they saw or read themselves (a notice, the paper).
        The occasion a fact speaks of is read from its words (a place of the map and a day) unless
        `occasion` gives it exactly (its address is filled in from its place's name when missing);
        `about` says whom it is about and `importance` rates it (1–10; default: rated like any
        memory). Returns how many NPCs were told."""
        fact = strip_markers(fact)
        if not fact:
            raise ValueError("tell them something")
        names = list(self._agents) if to is None else [to] if isinstance(to, str) else list(to)
        agents = [self.agent(name) for name in names]  # KeyError naming the known agents
        if occasion is not None:
            occasion = hearing.placed(occasion, self.reader.gazetteer)
        now = self._now()
        for agent in agents:
            hearing.told(agent, fact, now, teller=teller, about=about, importance=importance, occasion=occasion)
        return len(agents)

    def refused(self, name: str, verdict: Verdict | str, *, address: str | None = None) -> None:
        """A rule refused the agent's action: remember the place as refused and replan.

        `verdict` is the rule's `Verdict` (or just the reason).
        Refused places are excluded from location choices until the refusal expires
        (opening hours: until the place opens; privacy/purpose: a day; else `refusal_minutes`).
        """
        agent = self.agent(name)
        now = self._now()
        self._errands.stop(name, now, self._events, reason="refused")  # a rule ends a follow or go_to too
        if isinstance(verdict, str):
            verdict = Verdict(False, reason=verdict)
        place = verdict.place or address
        until = refusal_expires(self.world, place, verdict.rule, now, timedelta(minutes=self.settings.refusal_minutes))
        agent.refuse(verdict.reason, now, address=place, rule=verdict.rule, until=until)

    # ------------------------------------------------------------------ game actions
    @property
    def actions(self) -> ActionRegistry:
        """The game actions NPCs may choose (register more with `society.actions.register`)."""
        return self._errands.registry

    def report(self, request_id: int, *, done: bool = True, reason: str = "") -> None:
        """The game performed an `ActionRequested` (`done`) or refused it with `reason`.

        The NPC remembers either; a refusal is an observation it reacts to, and in an open
        conversation with whom it was for it says so at once (no model call). A done follow or
        go_to becomes what `action()` returns until it ends (`MovementEnded`). KeyError for a
        request not in flight."""
        now = self._now()
        request = next((r for r in self._errands.pending if r.request_id == request_id), None)
        self._events.extend(self._errands.report(request_id, now, done=done, reason=reason))
        if not done and request is not None and request.target is not None:
            why = " ".join(reason.split()) or "I can't do that right now."
            self._convs.interject(request.agent, request.target, f"Oh, sorry. {why[:1].upper()}{why[1:]}"[:120], now)

    def pending_actions(self) -> tuple[ActionRequested, ...]:
        """Requested actions the game has not reported yet (after a load they are announced again)."""
        return self._errands.pending

    def movement(self, name: str) -> Movement | None:
        """The follow or go_to `name` is making, if any."""
        self.agent(name)
        return self._errands.movement(name)

    def stop_moving(self, name: str) -> bool:
        """End `name`'s follow or go_to now (the player said so); False if it had none."""
        self.agent(name)
        return self._errands.stop(name, self._now(), self._events, reason="asked")

    # ------------------------------------------------------------------ inspection
    def usage(self) -> UsageSnapshot | None:
        """LLM calls, tokens and latency by agent and purpose (None if the model doesn't count)."""
        snap = getattr(self.model, "snapshot", None)
        return snap() if snap else None

    def inspect(self, name: str) -> AgentInspection:
        """An immutable view of one agent for an inspector panel."""
        agent = self.agent(name)
        jobs = tuple(f"{j.purpose}:{j.state.value}" for j in self.scheduler.jobs(name))
        usage = self.usage()
        stats = usage.by_agent.get(name) if usage is not None else None
        said = tuple(line for c in self._convs.all(active=False) for line in c.lines if line.speaker == name)
        return inspect_agent(agent, self._now(), jobs=jobs, calls=stats.calls if stats else 0,
                             tokens=stats.total_tokens if stats else 0, lines=said[-4:])

    def interview(self, name: str, question: str, *, kinds: Iterable[str] | None = None) -> str:
        """Ask an agent a question and wait for the answer (evaluation only: this blocks).

        `kinds` limits the memory kinds the answer may draw on (None: all, empty: none).
        """
        return self.interview_grounded(name, question, kinds=kinds).text

    def interview_grounded(self, name: str, question: str, *, kinds: Iterable[str] | None = None,
                           listener: str = "the interviewer") -> dialogue.Said:
        """`interview`, keeping the answer's ground and grounding verdict (evaluation; blocks)."""
        return interview(self.model, self.embedder, self.agent(name), question, self._now(), world=self.world,
                         people=self._agents, kinds=kinds, listener=listener)

    # ------------------------------------------------------------------ saves
    def save(self, path: str | Path, *, extra: Mapping[str, object] | None = None) -> SaveMeta:
        """Write every agent's memory and state, object states and the clock to one file.

        `extra` is the game's own JSON-able state (positions, inventory …); read it back with
        `SaveFile(path).read().world["extra"]`. A damaged save in the slot is kept aside, not
        refused: the returned `SaveMeta.set_aside` names where it went.
        """
        return write_society(path, self._now(), self.world, self._agents, self.importance_cache,
                             self._errands.to_state(), extra)

    def load(self, path: str | Path) -> datetime:
        """Replace the society's state with a save; jobs in flight are dropped and re-issued.

        The whole save is checked first: a damaged one raises a `SaveError` (a
        `CorruptSaveError` naming the agent and field) and leaves the society as it was. Sets
        the clock when the Society was given a `GameClock`; returns the saved time.
        """
        data = SaveFile(path).read()
        saved = SavedSociety.build(data, path=path, world=self.world, embedder=self.embedder,
                                   settings=self.settings)
        # Nothing below can fail on the save's content: it was all checked and built above.
        self.scheduler.drop_all()
        self.scheduler.reset_usage()
        self._convs.clear()
        self._bodies.clear()
        self._events.clear()
        if self._clock is not None:
            self._clock.set(saved.clock)
        self.importance_cache = saved.importance_cache
        saved.place(self.world)
        reader = self._residents.replace(saved.agents)
        if saved.before_provenance:
            for agent in self._agents.values():  # a save from before provenance: read it once now
                agent.memory = with_provenance(agent.memory, reader, agent.name)
        self._errands.restore(saved.errands, self._events)  # requests in flight: announced again
        return saved.clock

    def shutdown(self) -> None:
        """Stop thinking: cancel jobs and release the executor (the model stays open)."""
        self._dispatch.shutdown()
        self._convs.close()

    def __enter__(self) -> Society:
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()

    def __repr__(self) -> str:
        return f"<Society {len(self._agents)} agents, {len(self.conversations())} conversations>"
