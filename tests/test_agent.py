"""Agent: never-blocking actions, due thoughts, whispers, refusals, status, persistence."""
from __future__ import annotations

import json
from datetime import datetime, timedelta

import pytest

from npc_brain.llm.testing import HashEmbedder, ScriptedModel
from npc_brain.memory import MemoryKind, MemoryStream
from npc_brain.runtime.agent import Agent, AgentStatus, AgentStatusError, Thought
from npc_brain.runtime.thoughts import begin
from npc_brain.testing import BrainResponder, tiny_town
from npc_brain.types.observation import Observation, ObservationKind
from npc_brain.types.persona import Persona
from npc_brain.types.plan import PlanLevel, PlanStep
from npc_brain.world.spatial_memory import SpatialMemory

T0 = datetime(2023, 2, 13, 7, 0)
ANA = Persona(name="Ana", age=30, home="town:ana_house:bedroom", workplace="town:office:desk_room",
              memories=("Ana loves coffee",))


def make_agent(persona: Persona = ANA, seed: bool = True) -> Agent:
    world = tiny_town(["Ana", "Ben"])
    emb = HashEmbedder()
    return Agent(persona, MemoryStream(emb.dim), SpatialMemory.for_persona(world, persona),
                 embedder=emb, seed_time=T0 if seed else None)


def think(agent: Agent, thought: Thought, now: datetime, model) -> list:
    job = begin(agent, thought, now, model)
    assert job is not None
    return job.apply(job.run())


def settle(agent: Agent, now: datetime, model, rounds: int = 6) -> None:
    for _ in range(rounds):
        due = agent.due_thoughts(now)
        if not due:
            return
        for t in due:
            job = begin(agent, t, now, model)
            if job is not None:
                job.apply(job.run())


def test_current_action_always_answers_even_while_thinking():
    agent = make_agent()
    night = agent.current_action(datetime(2023, 2, 13, 2, 0))
    assert night.description == "sleeping" and night.address == ANA.home and night.source == "idle"
    day = agent.current_action(T0 + timedelta(hours=2))
    assert day.source == "idle" and day.description == "thinking about the day"
    model = ScriptedModel().respond_with(BrainResponder())
    # The seeds' ratings (a model call each) and the first plan go out together: the plan reads the seeds as given.
    assert agent.due_thoughts(T0) == [Thought.RATE, Thought.PLAN_DAY]
    job = begin(agent, Thought.PLAN_DAY, T0, model)
    [call] = [c for c in model.history if c.purpose == "plan_day"] or [None]
    assert call is None  # nothing sent until the job runs
    assert agent.status == AgentStatus.PLANNING
    assert Thought.PLAN_DAY not in agent.due_thoughts(T0)  # in flight: not resubmitted
    # Still answers while the job is out: the day by habit, a place for every step.
    stand_in = agent.current_action(T0)
    assert stand_in.source == "habit" and stand_in.address and agent.plan.provisional
    assert Thought.DECOMPOSE not in agent.due_thoughts(T0)  # a stand-in is not decomposed
    job.apply(job.run())
    assert agent.status == AgentStatus.ACTING and not agent.plan.provisional
    assert agent.current_action(T0).description == "waking up and getting ready"
    assert agent.current_action(T0).source == "plan"


def test_the_first_plan_weighs_seeds_whose_ratings_are_not_in_yet():
    host = ANA.model_copy(update={"memories": ("Ana wants to host a party at Hobbs Cafe on February 13 "
                                               "from 5pm to 7pm",)})
    agent = make_agent(host)
    model = ScriptedModel().respond_with(BrainResponder())
    assert not agent.seeded and len(agent.memory) == 0
    think(agent, Thought.PLAN_DAY, T0, model)
    [call] = [c for c in model.history if c.purpose == "plan_day"]
    assert "party at Hobbs Cafe" in call.prompt  # pinned in the evening, read from the seed itself
    evening = [s for s in agent.plan.steps(PlanLevel.DAY) if s.start.hour == 17]
    assert evening and "party" in evening[0].description


def test_routine_sightings_are_stored_while_a_rating_is_still_out():
    # Seen in `bench lag`: sightings waited behind the seeds' rating calls (themselves behind
    # the morning's plans) and reached memory 20–35 game minutes late.
    agent = make_agent()
    model = ScriptedModel().respond_with(BrainResponder())
    rating = begin(agent, Thought.RATE, T0, model)  # the seed's rating: a model call, still out
    assert rating is not None and not agent.seeded
    later = T0 + timedelta(minutes=agent.settings.memorize_interval_minutes)
    agent.perceive([Observation("Ben is reading a book", ObservationKind.SIGHT, subject="Ben"),
                    Observation("Ben looks upset about the election", ObservationKind.SIGHT)], later)
    due = agent.due_thoughts(later)
    assert Thought.MEMORIZE in due and Thought.RATE not in due  # the notable one waits its turn
    think(agent, Thought.MEMORIZE, later, model)
    assert [m.description for m in agent.memory.latest(5)] == ["Ben is reading a book"]
    assert not agent.seeded  # the seed is not in yet: the first plan still reads it as given
    assert not any(c.purpose == "importance" for c in model.history)  # nothing asked the model
    rating.apply(rating.run())
    assert agent.seeded and "Ana loves coffee" in [m.description for m in agent.memory.latest(5)]
    again = later + timedelta(minutes=agent.settings.memorize_interval_minutes)
    assert Thought.RATE in agent.due_thoughts(again)  # the notable sighting is rated next
    think(agent, Thought.RATE, again, model)
    assert "Ben looks upset about the election" in [m.description for m in agent.memory.latest(5)]


def test_whisper_shows_up_in_the_next_plan_context():
    agent = make_agent(seed=False)
    model = ScriptedModel().respond_with(BrainResponder())
    agent.whisper("I want to host a Valentine's Day party at Hobbs Cafe on Feb 14, 5-7 pm", T0)
    think(agent, Thought.PLAN_DAY, T0, model)
    [call] = [c for c in model.history if c.purpose == "plan_day"]
    assert "Valentine's Day party" in call.prompt
    # Memorized, it is still in the context of the next day's plan.
    think(agent, Thought.RATE, T0, model)  # a whisper is rated by the model
    assert agent.memory.latest(5, kinds=MemoryKind.THOUGHT)[0].description.startswith("I want to host")
    tomorrow = T0 + timedelta(days=1)
    assert Thought.PLAN_DAY in agent.due_thoughts(tomorrow)
    think(agent, Thought.PLAN_DAY, tomorrow, model)
    assert "Valentine's Day party" in [c for c in model.history if c.purpose == "plan_day"][-1].prompt


def test_refusal_leads_to_a_replan_elsewhere_not_a_retry_loop():
    agent = make_agent(seed=False)
    now = T0 + timedelta(hours=2)
    coffee = PlanStep(PlanLevel.DAY, now, now + timedelta(hours=1), "drink coffee at Hobbs Cafe", "drink",
                      address="town:hobbs_cafe:counter:coffee_machine", atomic=True)
    rest = PlanStep(PlanLevel.DAY, now + timedelta(hours=1), now + timedelta(hours=20), "sleep", "sleep",
                    atomic=True, address=ANA.home)
    agent.plan.set_day([coffee, rest])
    agent.address = ANA.home
    assert agent.current_action(now).address == coffee.address
    # A model that picks the last replan option (reading at home) and whatever comes first
    # elsewhere: the refused cafe must still never be chosen again.
    model = ScriptedModel().respond_with(
        lambda msgs, schema: {"what": schema.model_fields["what"].annotation.__args__[-1], "min": 30}
        if schema.__name__ == "Replan" else BrainResponder()(msgs, schema))
    agent.refuse("Hobbs Cafe is closed until 8:00.", now, address="town:hobbs_cafe",
                 rule="opening_hours", until=now + timedelta(hours=3))
    blocked = agent.current_action(now)
    assert blocked.source == "refused" and blocked.address == ANA.home  # waits where it is
    assert agent.due_thoughts(now) == [Thought.REACT]
    events = think(agent, Thought.REACT, now, model)
    assert type(events[0]).__name__ == "RefusalHandled"
    action = agent.current_action(now)
    assert action.source == "refusal" and not action.address.startswith("town:hobbs_cafe")
    assert "Hobbs Cafe is closed" in next(c.prompt for c in model.history if c.purpose == "react")
    for c in model.history:
        if c.purpose == "location":
            assert "hobbs_cafe" not in json.dumps(c.schema.model_json_schema())
    # No loop: nothing about the refusal is due any more, and the rest of the day is kept.
    assert Thought.REACT not in agent.due_thoughts(now)
    assert agent.plan.at(now + timedelta(hours=2), PlanLevel.DAY).description == "sleep"
    # Once the refusal expires the cafe is allowed again.
    assert agent.exclusions(now + timedelta(hours=4), "drink") == ()


def test_perceive_dedups_routine_and_queues_reactions():
    agent = make_agent(seed=False)
    seen = Observation("Ben is reading at his desk", subject="Ben", place="town:office:desk_room")
    assert agent.perceive([seen, seen], T0) == 1
    assert agent.perceive([seen], T0 + timedelta(minutes=30)) == 0
    assert agent.perceive([seen], T0 + timedelta(hours=3)) == 1
    agent.perceive([Observation("Ana is cooking", ObservationKind.SELF, subject="Ana")], T0)
    agent.plan.set_day([PlanStep(PlanLevel.DAY, T0, T0 + timedelta(hours=20), "sleep", "sleep", atomic=True,
                                 address=ANA.home)])
    assert Thought.REACT in agent.due_thoughts(T0)  # Ben seen: worth a keep-or-react decision


def test_status_transitions_are_checked():
    agent = make_agent()
    assert AgentStatus.NEW.can_become(AgentStatus.PLANNING)
    assert not AgentStatus.NEW.can_become(AgentStatus.ACTING)
    with pytest.raises(AgentStatusError):
        agent.become(AgentStatus.ACTING)
    agent.start_conversation("Ben")
    assert agent.status == AgentStatus.CONVERSING
    assert agent.current_action(T0).description == "talking with Ben"
    agent.end_conversation()
    assert agent.status == AgentStatus.NEW  # no plan yet


def test_state_round_trips_through_json():
    agent = make_agent()
    model = ScriptedModel().respond_with(BrainResponder())
    settle(agent, T0, model)
    agent.whisper("remember the party", T0)
    agent.refuse("The bathroom is occupied.", T0, address="town:hobbs_cafe:bathroom", rule="capacity")
    state = json.loads(json.dumps(agent.to_state()))
    clone = Agent.from_state(state, agent.memory, agent.known, embedder=agent.embedder)
    assert clone.persona == agent.persona
    assert clone.plan.to_state()["steps"] == agent.plan.to_state()["steps"]
    assert [r.address for r in clone.refusals] == ["town:hobbs_cafe:bathroom"]
    assert [d.description for d in clone.buffered] == [d.description for d in agent.buffered]
    later = T0 + timedelta(minutes=20)
    assert clone.current_action(later) == agent.current_action(later)


def test_a_failed_day_plan_keeps_the_day_by_habit_and_is_tried_again():
    agent = make_agent()
    job = begin(agent, Thought.PLAN_DAY, T0, ScriptedModel())
    job.fail(RuntimeError("server gone"))
    assert agent.plan.provisional and agent.current_action(T0).source == "habit"
    assert Thought.PLAN_DAY not in agent.due_thoughts(T0)  # the backoff first
    later = T0 + timedelta(minutes=agent.settings.failure_backoff_minutes)
    assert Thought.PLAN_DAY in agent.due_thoughts(later)


def test_a_day_by_habit_is_not_saved_and_a_loaded_agent_plans_its_day():
    agent = make_agent()
    begin(agent, Thought.PLAN_DAY, T0, ScriptedModel())
    state = json.loads(json.dumps(agent.to_state()))
    clone = Agent.from_state(state, agent.memory, agent.known, embedder=agent.embedder)
    assert clone.plan.empty and clone.status is AgentStatus.NEW
    assert Thought.PLAN_DAY in clone.due_thoughts(T0)


def test_closed_places_are_never_offered_to_the_location_walk():
    """People know the opening hours: at 7:00 the cafe (8:00–20:00) is not an option."""
    agent = make_agent(seed=False)
    early, later = T0, T0 + timedelta(hours=2)
    assert "town:hobbs_cafe" in agent.whereabouts(early).closed
    assert "town:hobbs_cafe" not in agent.whereabouts(early, at=later).closed  # chosen for 9:00
    model = ScriptedModel().respond_with(BrainResponder())
    d = agent.whereabouts(early).choose(model, agent="Ana", what="drink coffee", activity="drink")
    assert d.address is None or not d.address.startswith("town:hobbs_cafe")
    for c in model.history:
        assert "hobbs_cafe" not in json.dumps(c.schema.model_json_schema())
    d = agent.whereabouts(later).choose(model, agent="Ana", what="drink coffee at Hobbs Cafe", activity="drink")
    assert d.address.startswith("town:hobbs_cafe")
    # Staff are exempt: whoever works at the cafe may go in before it opens.
    barista = make_agent(Persona(name="Isabella", age=34, home="town:ana_house:bedroom",
                                 workplace="town:hobbs_cafe:counter"), seed=False)
    assert "town:hobbs_cafe" not in barista.whereabouts(early).closed


def test_a_refused_npc_leaves_the_door_at_once_even_before_the_replan():
    agent = make_agent()
    t = T0.replace(hour=7)
    agent.plan.set_day([PlanStep(PlanLevel.DAY, t, t + timedelta(hours=3), "having coffee", "drink",
                                 "town:hobbs_cafe:counter")])
    assert agent.current_action(t).address == "town:hobbs_cafe:counter"
    agent.refuse("Hobbs Cafe is closed until 8:00.", t, address="town:hobbs_cafe")
    action = agent.current_action(t + timedelta(minutes=1))
    # No replan has run (no model here): the NPC still walks away from the closed door.
    assert action.address == ANA.home and action.description == "heading home for now"


def test_a_day_step_has_its_obvious_place_before_the_hour_is_decomposed():
    agent = make_agent()
    t = T0.replace(hour=9)
    agent.plan.set_day([PlanStep(PlanLevel.DAY, t, t + timedelta(hours=3), "working at the office", "work"),
                        PlanStep(PlanLevel.DAY, t + timedelta(hours=3), t + timedelta(hours=4),
                                 "having coffee at Hobbs Cafe", "drink"),
                        PlanStep(PlanLevel.DAY, t + timedelta(hours=4), t + timedelta(hours=5),
                                 "going for a stroll", "exercise")])
    assert agent.current_action(t).address == ANA.workplace  # walks to work at once
    assert agent.current_action(t + timedelta(hours=3)).address == "town:hobbs_cafe"
    assert agent.current_action(t + timedelta(hours=4)).address == agent.address  # not obvious: stays


def test_known_places_snapshot_is_kept_until_the_agent_learns_something():
    agent = make_agent()
    known = agent.known
    assert isinstance(known, SpatialMemory)
    first = agent.known_places()
    assert agent.known_places() is first  # nothing new: the same immutable snapshot
    cafe = known.world.get("town:hobbs_cafe")
    room = next(c for c in cafe.children)
    assert room.address not in first
    known.observe_room(room)
    fresh = agent.known_places()
    assert fresh is not first and room.address in fresh
    agent.known = SpatialMemory(known.world)  # a new known world (a save loaded): never the old snapshot
    assert room.address not in agent.known_places()


def test_the_reflection_trigger_counts_what_was_perceived_since_and_follows_new_memories() -> None:
    agent = make_agent(seed=False)
    emb = HashEmbedder()
    assert agent.perceived_importance() == 0
    agent.memory.add(MemoryKind.OBSERVATION, "the mill is empty", T0, 7, emb.embed(["mill"])[0])
    agent.memory.add(MemoryKind.PLAN, "Ana plans to buy the mill", T0, 9, emb.embed(["plan"])[0])
    assert agent.perceived_importance() == 7  # her own plan does not count
    agent.memory.add(MemoryKind.DIALOGUE, "Ben told Ana the mill is for sale", T0, 8, emb.embed(["sale"])[0])
    assert agent.perceived_importance() == 15  # a new memory is read, not the sum kept before it
    agent.marks.reflected_upto = 1
    assert agent.perceived_importance() == 8  # counted afresh after a reflection
