"""Thoughts: each function packages one kind of thought for one agent as a `ThoughtJob`.

The kinds follow Park et al.: memorize (and rate), plan the day, decompose, react, reflect. A factory
runs on the game thread and takes snapshots of what its `run()` needs, so the worker thread
never reads the live agent; `apply(result)` writes back on the game thread. The bookkeeping
(buffer, marks, in-flight set, status) stays on the `Agent`; `begin` dispatches a due thought
to its factory, and the factories use only the agent's public surface.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta

from npc_brain.cognition import habits, importance, invitation, news, planning, reaction, reflection
from npc_brain.cognition.importance import Memorized, MemoryDraft
from npc_brain.cognition.location import building_names
from npc_brain.cognition.prompts import YESTERDAY_CHARS, whole
from npc_brain.llm.protocols import ChatModel
from npc_brain.memory.record import MemoryKind
from npc_brain.runtime.agent import Agent
from npc_brain.runtime.jobs import Priority
from npc_brain.runtime.lifecycle import PLAN_THOUGHTS, AgentStatus, Thought, ThoughtJob
from npc_brain.types.action import Refusal
from npc_brain.types.detail import Detail
from npc_brain.types.events import Event, PlanChanged, ReflectionWritten, RefusalHandled
from npc_brain.types.observation import ObservationKind
from npc_brain.types.plan import PlanLevel, PlanStep

__all__ = ["decompose_job", "memorize_job", "plan_day_job", "rate_job", "react_job", "reflect_job"]


def begin(agent: Agent, thought: Thought, now: datetime, model: ChatModel, *,
          can_talk: Callable[[str], bool] = lambda name: False) -> ThoughtJob | None:
    """Package a thought `agent.due_thoughts` named as a job (None when it turned out to be
    unnecessary); the job is in flight until it is applied or fails."""
    if thought == Thought.MEMORIZE:
        return memorize_job(agent, now, model)
    if thought == Thought.RATE:
        return rate_job(agent, now, model)
    if thought == Thought.PLAN_DAY:
        return plan_day_job(agent, now, model)
    if thought == Thought.DECOMPOSE:
        return decompose_job(agent, now, model)
    if thought == Thought.REACT:
        return react_job(agent, now, model, can_talk)
    if thought == Thought.REFLECT:
        return reflect_job(agent, now, model)
    raise ValueError(f"{thought} is driven by the Society, not begun by the agent")


def memorize_job(agent: Agent, now: datetime, model: ChatModel) -> ThoughtJob | None:
    """Embed the buffered perceptions no model needs to rate (rule, given, cached) into the
    memory stream: milliseconds of work that keeps memory on the clock, so it goes before the
    model's queue (HIGH). None: nothing to store."""
    return _memorize(agent, now, model, free=True)


def rate_job(agent: Agent, now: datetime, model: ChatModel) -> ThoughtJob | None:
    """Rate the other buffered memories with the model (one call each), then embed and store
    them. NORMAL, beside plans: as LOW it starved behind the morning's plans."""
    return _memorize(agent, now, model, free=False)


def _memorize(agent: Agent, now: datetime, model: ChatModel, *, free: bool) -> ThoughtJob | None:
    s, buffer = agent.settings, agent.buffer
    part = buffer.parts()[0 if free else 1]
    full = (not agent.seeded or len(part) >= s.memorize_batch
            or now - min((d.created for d in part), default=now)
            >= timedelta(minutes=s.memorize_interval_minutes))
    # Not full: only the urgent ones; routine perceptions keep waiting for a full batch.
    drafts = buffer.take(urgent_only=not full, free=free)
    if not drafts:
        return None
    cache, embedder, name = agent.importance_cache, agent.embedder, agent.name
    thought = Thought.MEMORIZE if free else Thought.RATE
    # Priorities (`bench lag`, the morning burst): what needs no model HIGH; what the agent
    # perceives beside day plans (15). The seeds' ratings too, for an NPC in the player's view
    # (what it knows is retrieved from the stream: unrated seeds it could not talk about);
    # out of view after the plans (NORMAL), since the first plan reads the seeds as given.
    later = not agent.seeded and agent.detail is Detail.COARSE
    # A free job's drafts need no model by construction (`Agent.rated_without_model`): any not
    # cached or routine is read. A rate job asks the check as it goes (`importance.memorize`).
    by_reading = free or agent.rates_by_reading
    check = cache.check if agent.settings.rating_check else None

    def run() -> Memorized:
        return importance.memorize(model, embedder, drafts, agent=name, cache=cache, by_reading=by_reading,
                                   check=check)

    def apply(result: Memorized) -> list[Event]:
        for text, value in result.new_ratings:
            cache.put(text, value)
        for m in result.memories:
            d = m.draft
            agent.memory.add(d.kind, d.description, d.created, m.importance, m.embedding,
                             evidence=d.evidence, subject=d.subject, place=d.place, teller=d.teller,
                             fact=d.fact, occasion=d.occasion)
            if d.occasion is not None and d.occasion.address:
                agent.hear_of(d.occasion.address)  # told of an occasion, one knows where it is
        buffer.stored(drafts)
        return []

    def fail(exc: BaseException) -> list[Event]:
        if not free:
            buffer.mark_seeded()  # plan without the seeds rather than not at all
        buffer.requeue(drafts)  # nothing lost: try again after the backoff
        return agent.thought_failed(thought, now, exc)

    job = agent.job(thought, now, run, apply, priority=20 if free else 10 if later else 15)
    # A free memorize only embeds: on its own thread it does not wait for four plans to finish
    # (`bench lag`: object states stored 6 game minutes late behind the first morning's plans).
    return replace(job, fail=fail, light=free)


def plan_day_job(agent: Agent, now: datetime, model: ChatModel) -> ThoughtJob:
    """Plan the day in broad chunks; until it applies the agent follows the day by rule
    (`planning.provisional_day`); it is PLANNING meanwhile."""
    view = agent.memory.snapshot()
    persona, embedder, s = agent.persona, agent.embedder, agent.settings
    thoughts = agent.thoughts()
    yesterday = _yesterday(agent)
    # Building names for the plan's options ("working at Hobbs Cafe").
    names = building_names(agent.known_places())
    # Seeds not in the stream yet (their ratings are still being made) are read as given: on a
    # fresh agent retrieval would return them anyway, all of them being all it knows.
    seeds = tuple(agent.persona.memories) if not agent.seeded else ()
    # The occasions it knows of, read from the memories' fields (stored or still buffered), and
    # its own words for those it means to hold ("wants to host a … party": "hosting a … party").
    mine: list[invitation.Remembered] = [*view.records, *agent.buffered]
    occasions = invitation.known(mine, agent.name, now)
    seeds = (*seeds, *(m.description for m in mine if m.occasion is not None and m.subject == agent.name
                       and m.description not in seeds))
    # Out of view with nothing new since the last day plan: the day by habit, no call (`habits`).
    habit = habits.habit_day(persona, now, wake_hour=s.wake_hour, bed_hour=s.sleep_hour, names=names,
                             known=seeds, occasions=occasions,
                             share=bool(news.unshared(view.records, now))) \
        if s.habit_days and agent.detail is Detail.COARSE and not agent.plan.empty \
        and not habits.news_since(view.records, agent.plan.steps(PlanLevel.DAY)[0].start, agent.buffered) else None
    if agent.plan.ended(now) and habit is None:
        # Meanwhile the day by rule (`planning.provisional_day`): `bench lag` at 10 NPCs saw
        # first-morning plans take 34–54 s, each NPC "thinking about the day" where it woke.
        stand_in = planning.provisional_day(persona, now, wake_hour=s.wake_hour, bed_hour=s.sleep_hour,
                                            names=names, known=seeds, occasions=occasions)
        if stand_in:
            agent.plan.set_day(stand_in, provisional=True)
    if agent.status != AgentStatus.CONVERSING:
        agent.become(AgentStatus.PLANNING)  # (acting on the stand-in meanwhile: `Agent.current_action`)

    def run() -> planning.DayPlanned:
        return planning.plan_day(model, embedder, view, persona, now, yesterday=yesterday,
                                 thoughts=thoughts, wake_hour=s.wake_hour, bed_hour=s.sleep_hour,
                                 names=names, k=s.retrieval_k, weights=s.weights, known=seeds,
                                 occasions=occasions)

    def apply(result: planning.DayPlanned) -> list[Event]:
        t = max(now, result.chunks[0].start)
        agent.plan.set_day(result.chunks)
        agent.marks.yesterday = ""
        agent.buffer.add(result.memory)
        agent.recalled(result.recalls, t)
        if agent.status == AgentStatus.PLANNING:
            agent.become(AgentStatus.ACTING)
        return [PlanChanged(agent.name, now, "day", result.memory.description)]

    if habit is not None:
        return replace(agent.job(Thought.PLAN_DAY, now, lambda: habit, apply, priority=15), light=True)
    # Before decompositions and the seeds' ratings: an NPC without a plan stands still.
    # (An earlier try at HIGH saw no gain: `bench lag` then ran jobs in the pool's FIFO.)
    # A failure keeps the stand-in: the NPC follows its habits until the retry (a dead server).
    return agent.job(Thought.PLAN_DAY, now, run, apply, priority=15)


def _yesterday(agent: Agent) -> str:
    """Yesterday's summary: the saved one, else the last plan and latest reflections that fit whole."""
    if agent.marks.yesterday:
        return agent.marks.yesterday
    last = agent.memory.latest(1, kinds=MemoryKind.PLAN)
    refl = agent.memory.latest(2, kinds=MemoryKind.REFLECTION)
    return whole([*(r.description for r in last), *(r.description for r in refl)], YESTERDAY_CHARS)


def decompose_job(agent: Agent, now: datetime, model: ChatModel) -> ThoughtJob | None:
    """Break the day chunk (or hour) now or just ahead into finer, located steps."""
    t = agent.decomposition_target(now)
    if t is None:
        return None
    chunk = agent.plan.at(t, PlanLevel.DAY)
    hour = agent.plan.at(t, PlanLevel.HOUR)
    assert chunk is not None
    where = agent.whereabouts(now, (hour or chunk).activity, at=t)
    persona = agent.persona
    context = [r.description
               for r in agent.memory.latest(3, kinds=(MemoryKind.THOUGHT, MemoryKind.REFLECTION))]
    fine = agent.detail is Detail.FULL
    habitual = not fine and agent.settings.habit_hours

    def run() -> planning.Decomposed:
        return planning.decompose(model, persona, where, t, chunk=chunk, hour=hour, context=context,
                                  fine=fine, habitual=habitual)

    def apply(result: planning.Decomposed) -> list[Event]:
        agent.learn_locations(result.learned)
        events: list[Event] = []
        for old, new in result.located:
            agent.plan.replace(old, new)
        for parent, kids in result.children:
            if agent.plan.fill(parent, kids) and kids:
                level = "hour" if parent.level == PlanLevel.DAY else "action"
                events.append(PlanChanged(agent.name, now, level,
                                          "; ".join(f"{k.start:%H:%M} {k.description}"
                                                    for k in kids)))
        return events

    return agent.job(Thought.DECOMPOSE, now, run, apply, priority=10)


def react_job(agent: Agent, now: datetime, model: ChatModel,
              can_talk: Callable[[str], bool]) -> ThoughtJob | None:
    """Replan after a refusal, else decide whether to react to (or talk about) a perception."""
    cand = agent.react_candidate(now)
    if cand is None:
        return None
    persona, embedder, s = agent.persona, agent.embedder, agent.settings
    doing = agent.current_action(now).description
    if isinstance(cand, Refusal):
        refusal, blocked = agent.attention.next_refusal()
        activity = refusal.activity
        where = agent.whereabouts(now, activity)
        avoid = [where.known.describe(a) for a in where.exclude]

        step = agent.plan.current(now)
        minutes = int((step.end - now).total_seconds() // 60) if step is not None else 30

        def run_refusal() -> reaction.Reaction:
            return reaction.replan_after_refusal(model, persona, where, now, doing=blocked,
                                                 activity=activity, minutes=minutes,
                                                 reason=refusal.reason, avoid=avoid)

        def apply_refusal(result: reaction.Reaction) -> list[Event]:
            agent.learn_locations(result.learned)
            events = _apply_step(agent, result.step, now, "refusal")
            return [RefusalHandled(agent.name, now, refusal.address, refusal.reason,
                                   result.step.description if result.step else ""), *events]

        return agent.job(Thought.REACT, now, run_refusal, apply_refusal, priority=20)
    pending = agent.attention.next_perception()
    obs = pending.observation
    subject = obs.subject
    talk_to = subject if subject and ":" not in subject and can_talk(subject) else None
    view = agent.memory.snapshot()
    where = agent.whereabouts(now)
    event = obs.kind is ObservationKind.EVENT
    # Nobody to talk to, or a friend: decided here, no model and no memory scan (`clear_cut`).
    decided = reaction.clear_cut(talk_to, talk_to in persona.relationships) \
        if s.react_by_rule and not event else None
    # A plan is still being made (a player watches: `Agent.due_thoughts`): only what a rule decides.
    rule_only = bool(agent.in_flight & PLAN_THOUGHTS)
    watched, marks = agent.watched, agent.marks
    before = (marks.last_react, marks.react_subjects.get(subject) if subject else None)
    marks.last_react = now
    if subject:
        marks.react_subjects[subject] = now

    def run() -> reaction.Reaction:
        if decided is not None:
            return reaction.Reaction(decided, obs.description, talk_to=talk_to if decided == "talk" else None,
                                     by_rule=True)
        # On the worker: scanning the memory for untold news stays off the frame loop.
        items = news.untold(view.records, now, talk_to, speaker=persona.name,
                            concerns=news.concerns(persona)) if talk_to else []
        return reaction.react(model, embedder, view, persona, where, now, doing=doing,
                              observation=obs.description,
                              observed=subject if subject and ":" not in subject else None,
                              talk_to=talk_to, k=s.retrieval_k, weights=s.weights,
                              news=items[0].phrase() if items else "",
                              event=event, by_rule=s.react_by_rule or rule_only, rule_only=rule_only)

    def apply(result: reaction.Reaction) -> list[Event]:
        if result.by_rule and result.decision == "keep":
            # No call was made, so no cooldown starts: the next person met is answered at once
            # (out of view too: in Valentine run d810b83 a resident who saw his sleeping wife at 10 pm,
            # or a neighbour busy talking, had spent the hour in which he could have told his news).
            marks.last_react = before[0]
            if watched and subject and before[1] is None:  # in view, this one too, once free again
                marks.react_subjects.pop(subject, None)
            elif watched and subject and before[1] is not None:
                marks.react_subjects[subject] = before[1]
        agent.learn_locations(result.learned)
        agent.recalled(result.recalls, now)
        if result.decision == "react" and result.step is not None:
            return _apply_step(agent, result.step, now, "react")
        if result.decision == "talk" and result.talk_to:
            agent.wants_to_talk = result.talk_to
        return []

    job = agent.job(Thought.REACT, now, run, apply, priority=Priority.WATCHED if watched else Priority.HIGH)
    # What needs no model runs on the light thread: it does not queue behind the town's calls.
    return replace(job, subject=subject, light=decided is not None or rule_only)


def _apply_step(agent: Agent, step: PlanStep | None, now: datetime, level: str) -> list[Event]:
    """Interrupt the plan with a reaction's step and remember the decision."""
    if step is None:
        return []
    if agent.plan.empty:
        return []
    agent.plan.interrupt(step)
    # A step reads as a doing ("preparing his campaign"): "decided to preparing …" was stored.
    agent.buffer.add(MemoryDraft(MemoryKind.PLAN, f"{agent.name} decided to spend {step.start:%H:%M}-{step.end:%H:%M}"
                                   f" {step.description}", now,
                                   place=step.address))
    return [PlanChanged(agent.name, now, level, step.description)]


def reflect_job(agent: Agent, now: datetime, model: ChatModel) -> ThoughtJob:
    """Draw insights from recent memories and store them as REFLECTION memories."""
    view = agent.memory.snapshot()
    embedder, s, name = agent.embedder, agent.settings, agent.name
    agent.marks.reflected_upto = len(view) - 1  # count afresh from here even if this fails
    # Which questions to ask is no one's to see (only the insights are): picked by rule unless
    # the settings leave the choice to the model (`full_questions_by_rule` in view).
    by_rule = s.coarse_questions_by_rule if agent.detail is Detail.COARSE else s.full_questions_by_rule
    choose = not by_rule

    def run() -> reflection.Reflected:
        return reflection.reflect(model, embedder, view, now, agent=name,
                                  recent=s.reflection_recent,
                                  per_question=s.reflection_per_question,
                                  max_statements=s.reflection_statements, weights=s.weights,
                                  char_budget=s.reflection_char_budget, novelty=s.insight_novelty,
                                  choose=choose)

    def apply(result: reflection.Reflected) -> list[Event]:
        agent.recalled(result.recalls, now)
        written = []
        # Against the live stream: a duplicate is skipped even if it arrived after the snapshot.
        existing = agent.memory.latest(len(agent.memory), (MemoryKind.REFLECTION,))
        for ins in reflection.novel_insights(result.insights, existing):
            rec = agent.memory.add(MemoryKind.REFLECTION, ins.description, now, ins.importance,
                                   ins.embedding, evidence=ins.evidence, subject=agent.reader.about(ins.description))
            written.append((rec.description, rec.evidence))
        if not written and not result.dropped:
            return []
        return [ReflectionWritten(agent.name, now, tuple(written), len(result.dropped))]

    return agent.job(Thought.REFLECT, now, run, apply, priority=0)
