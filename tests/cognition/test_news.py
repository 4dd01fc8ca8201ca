"""Undated news travels: the candidate tells of his run for mayor, and whoever heard it passes it on.

The 25-NPC run moved candidacy awareness only 4% → 8%: a run for mayor has no date, so it
was no "occasion", and nobody brought it up unless retrieval happened to surface it.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from npc_brain.cognition import dialogue, news
from npc_brain.cognition.events import UtteranceEvent
from npc_brain.cognition.testing import BrainResponder
from npc_brain.llm.testing import HashEmbedder, ScriptedModel
from npc_brain.memory.record import MemoryKind
from npc_brain.memory.stream import MemoryStream
from npc_brain.observation import Observation
from npc_brain.persona import Persona
from tests.test_society import make, run

RUN = "Sam Moore is running for mayor in the upcoming local election"
PARTY = "Isabella Rodriguez wants to host a Valentine's Day party at Hobbs Cafe on February 14 from 5pm to 7pm"
T = datetime(2023, 2, 13, 10, 0)
SAM = Persona(name="Sam Moore", age=65, occupation="retired carpenter")
KLAUS = Persona(name="Klaus Mueller", age=20, occupation="student")


def _stream(*texts: str, kind: MemoryKind = MemoryKind.OBSERVATION) -> MemoryStream:
    emb = HashEmbedder()
    s = MemoryStream(emb.dim)
    for i, text in enumerate(texts):
        s.add(kind, text, T - timedelta(hours=3 - i), 5, emb.embed([text])[0])
    return s


def _records(*texts: str) -> list:
    return list(_stream(*texts).records)


def _meet(society, clock, world) -> list[tuple[str, str]]:
    """Ana sees Ben in the park after a settling tick; the lines they say in the next half hour."""
    run(society, clock, 10)
    world.move("Ana", "town:park")
    world.move("Ben", "town:park")
    society.perceive("Ana", [Observation("Ben is walking in the park", subject="Ben", place="town:park")])
    events = run(society, clock, 30)
    return [(e.agent, e.text) for e in events if isinstance(e, UtteranceEvent)]


def test_an_event_without_a_date_is_news_and_routine_is_not():
    items = news.untold(_records("Sam Moore likes black coffee", RUN), T, "Klaus Mueller")
    assert [i.fact for i in items] == [RUN] and items[0].occasion is None
    assert items[0].phrase() == RUN
    # A dated occasion comes first; talk about the party without its date is not news of its own.
    items = news.untold(_records(RUN, PARTY, "Isabella Rodriguez hopes the party will bring the town together"),
                        T, "Klaus Mueller")
    assert [i.occasion is not None for i in items] == [True, False]
    assert items[1].fact == RUN
    # The listener's own news, news the listener told, and the player's quoted claims are not told back.
    assert news.untold(_records(RUN), T, "Sam Moore") == []
    heard = "Klaus Mueller told Maria Lopez that Sam is running for mayor in the upcoming local election."
    assert news.untold(_records(heard), T, "Klaus Mueller") == []
    assert [i.fact for i in news.untold(_records(heard), T, "Tom Moreno")] == [
        "Sam is running for mayor in the upcoming local election."]
    claim = 'The player told Klaus Mueller: "There is an election party at the pub"'
    assert news.untold(_records(claim), T, "Tom Moreno") == []
    # Reflections are the agent's own reasoning, not news.
    assert news.untold(list(_stream(RUN, kind=MemoryKind.REFLECTION).records), T, "Klaus Mueller") == []


def test_someones_dinner_is_not_news_and_an_opinion_on_a_candidate_is():
    # Valentine run fd4819b: "Klaus is eating dinner with his roommate" went from mouth to mouth
    # while the run for mayor stopped after three tellings; the candidate's wife never told hers.
    dinner = "Klaus Mueller told Maria Lopez that Klaus is eating dinner with his roommate."
    owes = "Marcus Reed owes Rajiv Patel a dinner for the tutoring"
    opinion = "Jennifer Moore thinks Sam Moore would make a good mayor but fears it will exhaust him"
    assert [i.fact for i in news.untold(_records(dinner, owes, opinion), T, "Tom Moreno")] == [opinion]


def test_the_run_itself_is_told_before_what_anyone_thinks_of_it():
    # Valentine run 7fb4b50: the candidate opened with his newer seed, "I have not yet told many
    # people about my candidacy", and most who knew of the run relayed his wife's opinion of it.
    secret = "Sam Moore has not yet told many people about his candidacy"
    opinion = "Ayesha Khan told Mei Lin that Jennifer thinks Sam Moore would make a good mayor"
    facts = [i.fact for i in news.untold(_records(RUN, secret), T, "Klaus Mueller")]
    assert facts == [RUN, secret]
    heard = [i.fact for i in news.untold(_records(RUN, opinion), T, "Klaus Mueller")]
    assert heard[0] == RUN and heard[1].startswith("Jennifer thinks")
    assert news.opinion("Jennifer Moore fears it will exhaust him") and not news.opinion(RUN)


def test_news_told_in_a_conversation_or_an_earlier_one_is_not_told_again():
    said = ["I am running for mayor in the local election, you know."]
    assert news.untold(_records(RUN), T, "Klaus Mueller", said) == []
    earlier = f"Conversation with Klaus Mueller: Sam Moore: {said[0]}"
    assert news.untold(_records(RUN, earlier), T, "Klaus Mueller") == []
    assert len(news.untold(_records(RUN, earlier), T, "Maria Lopez")) == 1


def test_the_candidate_opens_with_his_news_once_per_conversation():
    model = ScriptedModel().respond_with(BrainResponder())
    emb = HashEmbedder()
    view = _stream(RUN, "Sam Moore is organising a darts tournament at the pub").snapshot()
    first = dialogue.next_utterance(model, emb, view, SAM, "Klaus Mueller", T, doing="reading",
                                    lines=[], listener_is_agent=True)
    assert first.ground is not None and first.ground.spreads
    assert "mayor" in first.text or "tournament" in first.text
    options = model.history[-1].prompt
    assert "B:" not in options  # the news is the only option on the opener
    lines = [("Sam Moore", first.text), ("Klaus Mueller", "Oh, nice.")]
    second = dialogue.next_utterance(model, emb, view, SAM, "Klaus Mueller", T, doing="reading",
                                     lines=lines, listener_is_agent=True)
    assert "B:" in model.history[-1].prompt  # no second bulletin: a normal chat turn
    assert second.text != first.text


def test_news_travels_from_the_candidate_to_a_third_npc_with_its_source():
    society, clock, _model, world = make(responder=BrainResponder(talk=True, end_after=2))
    ana, ben = society.agent("Ana"), society.agent("Ben")
    ana.remember(MemoryKind.OBSERVATION, "Ana is running for mayor in the local election", clock.now(),
                 importance=5)
    lines = _meet(society, clock, world)
    assert lines and lines[0][0] == "Ana" and "mayor" in lines[0][1]
    run(society, clock, 30)
    heard = [r.description for r in ben.memory.records if r.description.startswith("Ana told Ben that")]
    assert heard and "running for mayor" in heard[0]
    # Ben has news for anyone else now, and none for Ana (it is hers).
    assert [i.fact for i in news.untold(ben.memory.records, clock.now(), "Cleo")] == [
        "Ana is running for mayor in the local election."]
    assert news.untold(ben.memory.records, clock.now(), "Ana") == []


def test_own_news_comes_before_passing_on_an_occasion():
    model = ScriptedModel().respond_with(BrainResponder())
    invited = ("Isabella Rodriguez invited Sam Moore to the Valentine's Day party at Hobbs Cafe on February 14 "
               "from 5pm to 7pm.")
    view = _stream(invited, RUN).snapshot()
    first = dialogue.next_utterance(model, HashEmbedder(), view, SAM, "Klaus Mueller", T, doing="reading",
                                    lines=[], listener_is_agent=True)
    assert "mayor" in first.text
    then = dialogue.next_utterance(model, HashEmbedder(), view, SAM, "Klaus Mueller", T, doing="reading",
                                   lines=[("Sam Moore", first.text), ("Klaus Mueller", "Good luck!")],
                                   listener_is_agent=True)
    assert "Valentine" in then.text  # the party is passed on next


def test_a_goodbye_waits_while_the_other_npc_has_news_to_tell():
    # end_after=1: the scripted model says goodbye with every line; the news still gets told.
    society, clock, _model, world = make(responder=BrainResponder(talk=True, end_after=1))
    ana, ben = society.agent("Ana"), society.agent("Ben")
    ana.remember(MemoryKind.OBSERVATION, "Ana wants to host a party at Hobbs Cafe on February 13 from 5pm to 7pm",
                 clock.now(), importance=8)
    ben.remember(MemoryKind.OBSERVATION, "Ben is running for mayor in the local election", clock.now(), importance=5)
    lines = _meet(society, clock, world)
    assert [who for who, _ in lines] == ["Ana", "Ben", "Ana", "Ben"]  # the cap, not the first goodbye
    assert lines[0][1].startswith("I am hosting the party")
    assert lines[1][1].startswith("I would love to come")
    assert "mayor" in lines[3][1]
    run(society, clock, 30)
    assert any(r.description.startswith("Ben told Ana that Ben is running for mayor")
               for r in ana.memory.records)


def test_what_an_npc_knows_about_x_is_eligible_when_retrieval_lets_it_slip():
    # Heard two days ago, then a day of sights: recency lets retrieval's top k forget it.
    emb = HashEmbedder()
    s = MemoryStream(emb.dim)
    heard = "Sam Moore told Maria Lopez that Sam is running for mayor in the upcoming local election."
    s.add(MemoryKind.DIALOGUE, heard, T - timedelta(days=2), 4, emb.embed([heard])[0])
    for i in range(40):
        text = f"the window table {i} is idle while Maria is running late"
        s.add(MemoryKind.OBSERVATION, text, T - timedelta(minutes=40 - i), 2, emb.embed([text])[0])
    maria = Persona(name="Maria Lopez", age=21, occupation="student")
    model = ScriptedModel().respond_with(BrainResponder())
    said = dialogue.grounded_answer(model, emb, s.snapshot(), maria, T, "Who is running for mayor?", k=3)
    assert "Sam" in said.text and "mayor" in said.text
    # A topic nobody mentioned still gets the honest answer.
    none = dialogue.grounded_answer(model, emb, s.snapshot(), maria, T, "Who is running the bakery?", k=3)
    assert "Sam" not in none.text
