"""Invitations: the host invites the people she meets, a guest says yes or no, and a yes is kept.

The 25-NPC run had 3 invitations and no invitee at the party: nobody brought the party up
unless retrieval happened to surface it, and nothing turned "I'd love to come" into a plan.
Occasions are read once, by structure (a place of the map, a day), and travel as fields: a
"lantern walk" or a word nobody knows is invited to, answered and planned like a party.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from npc_brain.cognition import dialogue, hearsay, invitation
from npc_brain.cognition.choices import day_slots
from npc_brain.language.intent import Intent
from npc_brain.llm.testing import HashEmbedder, ScriptedModel
from npc_brain.memory.record import MemoryKind
from npc_brain.runtime.settings import BrainSettings
from npc_brain.testing import BrainResponder
from npc_brain.types.events import UtteranceEvent
from npc_brain.types.ground import Ground, GroundKind
from npc_brain.types.observation import Observation
from npc_brain.types.occasion import Occasion
from npc_brain.types.persona import Persona
from npc_brain.types.plan import PlanLevel
from tests.cognition.memories import READER, Heard, records, stream
from tests.test_society import make, run

SEED = "Isabella Rodriguez wants to host a Valentine's Day party at Hobbs Cafe on February 14 from 5pm to 7pm"
T = datetime(2023, 2, 13, 10, 0)
ISA = Persona(name="Isabella Rodriguez", age=34, occupation="owner of Hobbs Cafe")
KLAUS = Persona(name="Klaus Mueller", age=20, occupation="student",
                lifestyle="goes to bed around 11pm, wakes up around 7am")
PARTY = READER.occasion(SEED, T)


def test_an_occasion_is_read_by_its_place_and_day_whatever_it_is_called():
    assert PARTY == Occasion("Valentine's Day party", datetime(2023, 2, 14, 17), datetime(2023, 2, 14, 19),
                             "Hobbs Cafe", "town:hobbs_cafe", "Isabella Rodriguez")
    walk = READER.occasion("Mei Lin invites everyone to the glimmering lantern walk by the Duck Pond "
                           "tomorrow at 8pm", T)
    assert walk is not None and (walk.what, walk.address, walk.start, walk.host) == (
        "glimmering lantern walk", "town:johnson_park:duck_pond", datetime(2023, 2, 14, 20), "Mei Lin")
    assert READER.occasion("Isabella Rodriguez likes parties", T) is None  # no place, no day
    assert READER.occasion("Sam Moore is running for mayor in the upcoming local election", T) is None
    assert invitation.hosts(PARTY, "Isabella Rodriguez") and not invitation.hosts(PARTY, "Klaus Mueller")
    # Today's step for a yes: the party's hours, at the place; none for another day or once over.
    step = invitation.step_for(PARTY, datetime(2023, 2, 14, 9), "town:hobbs_cafe")
    assert step is not None and (step.start.hour, step.end.hour, step.address) == (17, 19, "town:hobbs_cafe")
    assert invitation.step_for(PARTY, T, "town:hobbs_cafe") is None
    assert invitation.step_for(PARTY, datetime(2023, 2, 14, 20), None) is None


def test_the_host_opens_with_an_invitation_in_her_own_words_and_does_not_repeat_it():
    model = ScriptedModel().respond_with(BrainResponder())
    emb = HashEmbedder()
    view = stream(SEED, owner=ISA.name).snapshot()
    said = dialogue.next_utterance(model, emb, view, ISA, "Klaus Mueller", T, doing="serving coffee", lines=[],
                                   listener_is_agent=True)
    assert said.text == ("I want to host a Valentine's Day party at Hobbs Cafe on February 14 from 5pm to 7pm. "
                         "Would you like to come?")
    assert said.ground is not None and said.ground.record == 0 and said.ground.spreads
    assert said.ground.occasion == PARTY
    # Told once in this conversation: the next line is about something else.
    again = dialogue.next_utterance(model, emb, view, ISA, "Klaus Mueller", T, doing="serving coffee",
                                    lines=[("Isabella Rodriguez", said.text), ("Klaus Mueller", "Nice.")],
                                    listener_is_agent=True)
    assert "Valentine" not in again.text
    # The player is not invited by this path (the game's own actions do that).
    to_player = dialogue.next_utterance(model, emb, view, ISA, "Alex", T, doing="serving coffee", lines=[])
    assert "Would you like to come" not in to_player.text


def test_a_guest_answers_yes_or_no_and_passes_the_occasion_itself_on_with_its_source():
    model = ScriptedModel().respond_with(BrainResponder())
    emb = HashEmbedder()
    invite = dialogue.next_utterance(model, emb, stream(SEED, owner=ISA.name).snapshot(), ISA, "Klaus Mueller", T,
                                     doing="serving coffee", lines=[], listener_is_agent=True)
    reply = dialogue.next_utterance(model, emb, stream().snapshot(), KLAUS, ISA.name, T, doing="studying",
                                    lines=[(ISA.name, invite.text)], heard_ground=invite.ground,
                                    listener_is_agent=True)
    assert reply.intent is Intent.INVITED and reply.ground is not None
    assert reply.ground.kind is GroundKind.ACCEPT and reply.ground.occasion == PARTY
    # Said as people say it: the day as of now (T is the day before).
    assert reply.text == "I would love to come to the Valentine's Day party at Hobbs Cafe tomorrow from 5pm to 7pm."
    options = model.history[-1].prompt
    assert "A: I would love to come" in options and "B:" not in options  # free then: the answer is yes
    # Asleep at that hour, or promised elsewhere (overlapping hours): the answer is no.
    owl = Persona(name="Klaus Mueller", age=20, lifestyle="goes to bed around 4pm, wakes up around 6am")
    assert invitation.conflicts(PARTY, owl, [])
    chess = READER.occasion("the chess match at Johnson Park on February 14 from 6pm to 8pm", T)
    assert chess is not None
    other = stream(invitation.commitment("Klaus Mueller", chess), kind=MemoryKind.THOUGHT)
    promised = [r.replace(subject="Klaus Mueller", occasion=chess) for r in other.records]
    assert invitation.conflicts(PARTY, KLAUS, promised) and not invitation.conflicts(PARTY, KLAUS, [])
    # Someone who heard it passes the occasion on, attributed; the one it came from is not told it back.
    heard = stream(Heard(ISA.name, "x", occasion=PARTY)).snapshot()
    news = dialogue.next_utterance(model, emb, heard, KLAUS, "Maria Lopez", T, doing="studying", lines=[],
                                   listener_is_agent=True)
    assert news.text == ("Isabella Rodriguez told me that Isabella's Valentine's Day party is at Hobbs "
                         "Cafe tomorrow from 5pm to 7pm.")  # the host named once in full
    assert news.ground is not None and news.ground.occasion == PARTY
    back = dialogue.next_utterance(model, emb, heard, KLAUS, ISA.name, T, doing="studying", lines=[],
                                   listener_is_agent=True)
    assert "Valentine" not in back.text
    # Invited again after a yes (here, by the host herself): it says it is coming, not something else.
    yes = stream(invitation.commitment("Klaus Mueller", PARTY), kind=MemoryKind.THOUGHT)
    kept = [r.replace(subject="Klaus Mueller", occasion=PARTY) for r in yes.records]
    again = dialogue.next_utterance(model, emb, _view(kept), KLAUS, ISA.name, T, doing="studying",
                                    lines=[(ISA.name, invite.text)], heard_ground=invite.ground,
                                    listener_is_agent=True)
    assert again.ground is not None and again.ground.kind is GroundKind.ACCEPT
    assert again.text.startswith("Yes, I am already coming to the Valentine's Day party at Hobbs Cafe")


def test_a_yes_is_a_commitment_the_day_plan_keeps_and_a_rumour_is_only_an_option():
    yes = invitation.commitment("Klaus Mueller", PARTY)
    assert yes == ("Klaus Mueller decided to go to the Valentine's Day party at Hobbs Cafe on Tuesday, February 14 "
                   "from 5pm to 7pm")
    feb14 = datetime(2023, 2, 14).date()
    evening = next(s for s in day_slots(KLAUS, wake=7, bed=23, today="February 14", day=feb14,
                                        occasions=[(PARTY, True)]) if s.key == "evening")
    assert [(o.what, o.start, o.end) for o in evening.options] == [
        ("going to the Valentine's Day party at Hobbs Cafe", 17, 19)]
    heard = next(s for s in day_slots(KLAUS, wake=7, bed=23, today="February 14", day=feb14,
                                      occasions=[(PARTY, False)]) if s.key == "evening")
    assert heard.options[0].what == "going to the Valentine's Day party at Hobbs Cafe" and len(heard.options) > 1


def test_npcs_who_meet_invite_accept_and_the_guest_plans_to_go_today():
    society, clock, _model, world = make(responder=BrainResponder(talk=True, end_after=2))
    ana, ben = society.agent("Ana"), society.agent("Ben")
    ana.remember(MemoryKind.OBSERVATION, "Ana is throwing a snorkel social inside Hobbs Cafe on February 13 "
                 "from 5pm to 7pm", clock.now(), importance=8)
    run(society, clock, 10)
    world.move("Ana", "town:park")
    world.move("Ben", "town:park")
    society.perceive("Ana", [Observation("Ben is walking in the park", subject="Ben", place="town:park")])
    events = run(society, clock, 30)
    lines = [(e.agent, e.text) for e in events if isinstance(e, UtteranceEvent)]
    assert lines[0] == ("Ana", "I am throwing a snorkel social inside Hobbs Cafe on February 13 from 5pm to 7pm. "
                               "Would you like to come?")
    assert lines[1] == ("Ben", "I would love to come to the snorkel social at Hobbs Cafe today from 5pm to 7pm.")
    run(society, clock, 30)
    ben_memories = [r.description for r in ben.memory.records]
    invited = next(r for r in ben.memory.records if r.teller == "Ana")
    assert invited.description == ("Ana invited Ben to the snorkel social at Hobbs Cafe on Monday, February 13 "
                                   "from 5pm to 7pm.")
    assert invited.occasion is not None and invited.occasion.host == "Ana"
    decided = "Ben decided to go to the snorkel social at Hobbs Cafe on Monday, February 13 from 5pm to 7pm"
    assert decided in ben_memories
    # The invitation keeps the host's rating, the yes the invitation's, and so does the talk.
    rating = {r.description: r.importance for r in [*ben.memory.records, *ana.memory.records]}
    assert rating[invited.description] == 8
    assert rating["Ben told Ana that Ben will come to the snorkel social at Hobbs Cafe on Monday, February 13 "
                  "from 5pm to 7pm."] == 8
    assert next(v for d, v in rating.items() if d.startswith("Conversation with Ben:")) == 8
    assert rating[decided] == 8
    party = [s for s in ben.plan.steps(PlanLevel.DAY) if s.description.startswith("going to the snorkel social")]
    assert len(party) == 1 and (party[0].start.hour, party[0].end.hour) == (17, 19)
    assert party[0].address == "town:hobbs_cafe"
    # Saying yes twice commits once.
    assert sum(d.startswith("Ben decided to go") for d in ben_memories) == 1


def test_news_passed_on_keeps_its_fact_and_last_teller_with_its_fields():
    g = Ground(GroundKind.MEMORY, "x", "Isabella Rodriguez's Valentine's Day party is at Hobbs Cafe on February 14 "
               "from 5pm to 7pm", spreads=True, subject="Isabella Rodriguez", occasion=PARTY)
    heard = hearsay.told("Klaus Mueller", "Maria Lopez", g, importance=6)
    assert heard is not None
    assert heard.description == ("Klaus Mueller told Maria Lopez that Isabella Rodriguez's Valentine's Day party "
                                 "is at Hobbs Cafe on February 14 from 5pm to 7pm.")
    assert (heard.teller, heard.subject, heard.occasion, heard.importance) == (
        "Klaus Mueller", "Isabella Rodriguez", PARTY, 6)
    assert heard.fact == g.said


def test_the_host_invites_before_passing_on_who_is_coming_and_summaries_are_no_news():
    model = ScriptedModel().respond_with(BrainResponder())
    coming = Heard("Priya Sharma", "Priya will come to the Valentine's Day party at Hobbs Cafe on February 14 "
                   "from 5pm to 7pm", occasion=PARTY)
    said = dialogue.next_utterance(model, HashEmbedder(), stream(SEED, coming, owner=ISA.name).snapshot(), ISA,
                                   "Carmen Ortiz", T, doing="serving coffee", lines=[], listener_is_agent=True)
    assert said.text.startswith("I want to host a Valentine's Day party")
    talk = "Isabella Rodriguez and Klaus Mueller talked about Sam Moore, Valentine's Day and Hobbs Cafe."
    small = dialogue.next_utterance(model, HashEmbedder(), stream(talk, kind=MemoryKind.DIALOGUE).snapshot(), KLAUS,
                                    "Sam Moore", T, doing="studying", lines=[("Sam Moore", "Hello!")],
                                    listener_is_agent=True)
    assert "talked about" not in small.text


def test_heard_news_keeps_its_tellers_rating_and_chat_about_oneself_is_routine():
    news = Ground(GroundKind.MEMORY, "Carmen is moving to the city.", "Carmen is moving to the city.", 3,
                  spreads=True)
    assert hearsay.importance(news, 7) == 7
    assert hearsay.importance(Ground(GroundKind.ACTION, "Right now I am reading."), None) == hearsay.CHAT
    campaign = Ground(GroundKind.IDENTITY, "These days I am preparing my campaign for mayor.",
                      "Sam is preparing his campaign for mayor these days.", spreads=True)
    assert hearsay.importance(campaign, None) is None  # news with no record: the model rates it
    yes = invitation.reply_grounds(PARTY, "Klaus Mueller", "Isabella Rodriguez")[0]
    assert hearsay.importance(yes, None) is None
    assert hearsay.talk_importance([7, hearsay.CHAT]) == 7
    assert hearsay.talk_importance([7, None]) is None and hearsay.talk_importance([]) is None


def test_a_listener_stores_news_at_its_tellers_rating_without_a_call():
    society, clock, model, world = make(responder=BrainResponder(talk=True, end_after=2))
    ana, ben = society.agent("Ana"), society.agent("Ben")
    ana.remember(MemoryKind.OBSERVATION, "Carmen Ortiz is moving to the city next month", clock.now(), importance=7)
    run(society, clock, 10)
    world.move("Ana", "town:park")
    world.move("Ben", "town:park")
    society.perceive("Ana", [Observation("Ben is walking in the park", subject="Ben", place="town:park")])
    events = run(society, clock, 40)
    assert any(isinstance(e, UtteranceEvent) and e.agent == "Ana" and "Carmen" in e.text for e in events)
    heard = next(r for r in ben.memory.records if r.teller == "Ana" and "Carmen" in r.claim)
    assert heard.importance == 7
    rated = [c.prompt for c in model.history if c.purpose == "importance"]
    assert not any("told Ben that Carmen" in p for p in rated)
    talk = [r for r in ben.memory.records if r.description.startswith("Conversation with Ana:")]
    assert len(talk) == 1 and talk[0].importance == 7  # as poignant as the news in it


def test_between_npcs_the_model_chooses_the_line_and_the_ground_is_said_as_written():
    society, clock, model, world = make(responder=BrainResponder(talk=True, end_after=2))
    society.agent("Ana").remember(MemoryKind.OBSERVATION, "Carmen Ortiz is moving to the city next month",
                                  clock.now(), importance=7)
    lines = [(e.agent, e.text) for e in _meet_in_park(society, clock, world) if isinstance(e, UtteranceEvent)]
    assert lines[0] == ("Ana", "Carmen Ortiz is moving to the city next month.")
    talk = [c for c in model.history if c.purpose == "dialogue"]
    assert talk and all(c.options and c.options[0] == "A" for c in talk)  # one letter, no text generated
    # A capable model phrases them (one structured call a line).
    society, clock, model, world = make(responder=BrainResponder(talk=True, end_after=2),
                                        settings=BrainSettings(phrase_npc_lines=True))
    society.agent("Ana").remember(MemoryKind.OBSERVATION, "Carmen Ortiz is moving to the city next month",
                                  clock.now(), importance=7)
    _meet_in_park(society, clock, world)
    talk = [c for c in model.history if c.purpose == "dialogue"]
    assert talk and not any(c.options for c in talk)


def _meet_in_park(society, clock, world):
    run(society, clock, 10)
    world.move("Ana", "town:park")
    world.move("Ben", "town:park")
    society.perceive("Ana", [Observation("Ben is walking in the park", subject="Ben", place="town:park")])
    return run(society, clock, 40)


def _view(records):
    """A memory view holding exactly `records` (ids and fields as given)."""
    from npc_brain.memory.stream import MemoryStream
    emb = HashEmbedder()
    s = MemoryStream(emb.dim)
    for r in records:
        s.add(r.kind, r.description, r.created, r.importance, emb.embed([r.description])[0], subject=r.subject,
              occasion=r.occasion)
    return s.snapshot()


def test_asked_about_her_own_occasion_the_host_tells_it_as_hers_whichever_record_surfaced():
    # A grounding run: the host's only retrieved memory of her party was a guest's yes, and she
    # relayed it ("Klaus Mueller told me that Isabella Rodriguez's … party is …").
    from npc_brain.cognition.answers import candidates
    from npc_brain.cognition.grounds import Moment
    from npc_brain.language.intent import intent_of

    yes = Heard("Klaus Mueller", "Klaus Mueller will come to the party", occasion=PARTY, subject="Klaus Mueller")
    recalled = records(yes, owner=ISA.name)
    line = "What do you know about the Valentine's Day party?"
    first = candidates(intent_of(line), ISA, "Alex", line, T, Moment("serving coffee", "Hobbs Cafe"), recalled)[0]
    assert first.text == "I am holding the Valentine's Day party at Hobbs Cafe tomorrow from 5pm to 7pm."
    assert first.occasion == PARTY and "told me" not in first.text
    # Anyone else holding the same record passes it on with its source, as before.
    sam = Persona(name="Sam Moore", age=60)
    other = candidates(intent_of(line), sam, "Alex", line, T, Moment("reading"), records(yes, owner=sam.name))[0]
    assert other.text.startswith("Klaus Mueller told me that Isabella Rodriguez's Valentine's Day party is at")


def test_asked_whats_on_the_host_finds_her_own_occasion_whatever_the_question_calls_it():
    # Her plan is older than a morning of sightings retrieval prefers, and the question shares no word with it.
    maker = Persona(name="Maria Lopez", age=41, occupation="potter")
    plan = "Maria Lopez is holding a pottery raffle at Johnson Park on February 15 at 2pm"
    busy = [f"Maria Lopez is glazing bowl number {i}" for i in range(30)]
    view = stream(plan, *busy, owner=maker.name).snapshot()
    assert view.records[0].occasion is not None
    model = ScriptedModel().respond_with(BrainResponder())
    said = dialogue.next_utterance(model, HashEmbedder(), view, maker, "Alex", T, doing="glazing bowls",
                                   lines=[("Alex", "Is anything special happening around here this week?")])
    assert "pottery raffle" in said.text and said.ground is not None and said.ground.record == 0, said.text
    # Asked of a day it is not on: nothing on then, in the words the question used.
    said = dialogue.next_utterance(model, HashEmbedder(), view, maker, "Alex", T, doing="glazing bowls",
                                   lines=[("Alex", "anything going on in the park tomorrow?")])
    assert said.text == "I have not heard of anything on in the park tomorrow.", said.text


def test_asked_in_an_interview_whats_on_behind_a_place_it_finds_the_occasion_there():
    # A stories run (seed 3): "Is anything happening near the Taproom?" asked after the bake sale
    # there got "nothing on" from all fifteen, its host too — an interview did not add the occasions
    # it knew to what the question could be answered from; "behind …" and "inside …" were not read as
    # asking what is on at all. Host, occasion and lines written for this test.
    from npc_brain.cognition.grounds import Moment, Sight

    host = Persona(name="Nora Quill", age=52, occupation="ferry captain")
    plan = "Nora Quill is holding a lantern swim behind the Library on February 13 from 8 am to 9 am"
    busy = [f"Nora Quill is coiling rope number {i}" for i in range(30)]
    view = stream(plan, *busy, owner=host.name, at=T - timedelta(minutes=30)).snapshot()
    assert view.records[0].occasion is not None
    library = Sight("Library", "town:college:library", "the college library", "the Library")
    moment = Moment("coiling rope", None, sights=(library,))
    model = ScriptedModel().respond_with(BrainResponder())
    said = dialogue.grounded_answer(model, HashEmbedder(), view, host, T, "Is anything happening behind the Library?",
                                    moment=moment, phrased=False)
    assert "lantern swim was" in said.text, said.text
