"""News travels by structure: whatever a story is about, its teller, subject and importance decide.

The 25-NPC run moved candidacy awareness only 4% → 8% while a run for mayor had no date and
no occasion; then a list of event nouns made it travel — and nothing a game developer wrote
in other words. Here news is any memory the agent saw, thought or was told, rated above
routine, not the listener's own; an occasion is one with a place of the map and a day.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from npc_brain.cognition import dialogue, news
from npc_brain.llm.testing import HashEmbedder, ScriptedModel
from npc_brain.memory.record import MemoryKind
from npc_brain.memory.stream import MemoryStream
from npc_brain.testing import BrainResponder
from npc_brain.types.events import UtteranceEvent
from npc_brain.types.observation import Observation
from npc_brain.types.persona import Persona
from tests.cognition.memories import Heard, records, stream
from tests.test_society import make, run

RUN = "Sam Moore is running for mayor in the upcoming local election"
DOG = "Sam Moore adopted a three-legged greyhound called Pickle"
PARTY = "Isabella Rodriguez wants to host a Valentine's Day party at Hobbs Cafe on February 14 from 5pm to 7pm"
T = datetime(2023, 2, 13, 10, 0)
SAM = Persona(name="Sam Moore", age=65, occupation="retired carpenter")
KLAUS = Persona(name="Klaus Mueller", age=20, occupation="student")


def _meet(society, clock, world) -> list[tuple[str, str]]:
    """Ana sees Ben in the park after a settling tick; the lines they say in the next half hour."""
    run(society, clock, 10)
    world.move("Ana", "town:park")
    world.move("Ben", "town:park")
    society.perceive("Ana", [Observation("Ben is walking in the park", subject="Ben", place="town:park")])
    events = run(society, clock, 30)
    return [(e.agent, e.text) for e in events if isinstance(e, UtteranceEvent)]


def test_any_happening_rated_above_routine_is_news_whatever_its_words():
    # No noun of any list: a greyhound and a made-up word travel like a run for mayor.
    for fact in (RUN, DOG, "Tom Moreno found a glowing zibbet under the old bridge"):
        items = news.untold(records(fact, owner="Maria Lopez"), T, "Klaus Mueller")
        assert [i.fact for i in items] == [fact] and items[0].occasion is None
    # Routine (rated as a sighting is) is not news.
    assert news.untold(records("Klaus Mueller is eating dinner with his roommate", importance=2), T,
                       "Tom Moreno") == []
    # A dated occasion comes first.
    items = news.untold(records(RUN, PARTY, owner="Maria Lopez"), T, "Klaus Mueller")
    assert [i.occasion is not None for i in items] == [True, False] and items[1].fact == RUN
    # Reflections and plans are one's own reasoning, not news.
    assert news.untold(list(stream(RUN, kind=MemoryKind.REFLECTION).records), T, "Klaus Mueller") == []
    assert news.untold(list(stream(RUN, kind=MemoryKind.PLAN).records), T, "Klaus Mueller") == []


def test_news_is_never_told_back_to_whom_it_is_about_or_who_told_it():
    assert news.untold(records(RUN), T, "Sam Moore") == []  # about the listener
    heard = Heard("Klaus Mueller", "Sam is running for mayor in the upcoming local election")
    assert news.untold(records(heard, owner="Maria Lopez"), T, "Klaus Mueller") == []  # from the listener
    told = news.untold(records(heard, owner="Maria Lopez"), T, "Tom Moreno")
    # The fact and its last teller, never a chain of who told whom.
    assert [(i.fact, i.record.teller) for i in told] == [(heard.fact, "Klaus Mueller")]


def test_what_happened_is_told_before_what_anyone_thinks_of_it():
    secret = "Sam Moore has not yet told many people about his candidacy"
    opinion = Heard("Ayesha Khan", "Jennifer thinks Sam Moore would make a good mayor")
    facts = [i.fact for i in news.untold(records(RUN, secret, owner="Mei Lin"), T, "Klaus Mueller")]
    assert facts == [RUN, secret]
    heard = [i.fact for i in news.untold(records(RUN, opinion, owner="Mei Lin"), T, "Klaus Mueller")]
    assert heard[0] == RUN and heard[1].startswith("Jennifer thinks")
    assert news.opinion("Jennifer Moore fears it will exhaust him") and not news.opinion(RUN)


def test_news_told_in_a_conversation_or_an_earlier_one_is_not_told_again():
    said = ["I adopted a three-legged greyhound called Pickle, you know."]
    assert news.untold(records(DOG), T, "Klaus Mueller", said) == []
    earlier = f"Conversation with Klaus Mueller: Sam Moore: {said[0]}"
    view = records(DOG, owner="Sam Moore") + records(earlier, kind=MemoryKind.DIALOGUE)
    assert news.untold(view, T, "Klaus Mueller") == []
    assert len(news.untold(view, T, "Maria Lopez")) == 1


def test_the_teller_opens_with_his_news_once_per_conversation():
    model = ScriptedModel().respond_with(BrainResponder())
    emb = HashEmbedder()
    view = stream(DOG, "Sam Moore is building a boat in his back garden", owner="Sam Moore").snapshot()
    first = dialogue.next_utterance(model, emb, view, SAM, "Klaus Mueller", T, doing="reading",
                                    lines=[], listener_is_agent=True)
    assert first.ground is not None and first.ground.spreads
    assert "greyhound" in first.text or "boat" in first.text
    assert "B:" not in model.history[-1].prompt  # the news is the only option on the opener
    lines = [("Sam Moore", first.text), ("Klaus Mueller", "Oh, nice.")]
    second = dialogue.next_utterance(model, emb, view, SAM, "Klaus Mueller", T, doing="reading",
                                     lines=lines, listener_is_agent=True)
    # No second bulletin: a normal chat turn, about what he does.
    assert second.ground is not None and not second.ground.spreads and second.text != first.text


def test_news_travels_from_the_one_it_is_about_to_a_third_npc_with_its_source():
    society, clock, _model, world = make(responder=BrainResponder(talk=True, end_after=2))
    ana, ben = society.agent("Ana"), society.agent("Ben")
    ana.remember(MemoryKind.OBSERVATION, "Ana found a box of old letters in the attic", clock.now(), importance=5)
    lines = _meet(society, clock, world)
    assert lines and lines[0][0] == "Ana" and "letters" in lines[0][1]
    run(society, clock, 30)
    heard = [r for r in ben.memory.records if r.teller == "Ana"]
    assert heard and heard[0].description.startswith("Ana told Ben that") and "old letters" in heard[0].claim
    assert heard[0].subject == "Ana"
    # Ben has news for anyone else now, and none for Ana (it is hers, and she told it).
    told = [i.fact for i in news.untold(ben.memory.records, clock.now(), "Cleo")]
    assert "Ana found a box of old letters in the attic" in told
    assert all("Ana" not in i.fact for i in news.untold(ben.memory.records, clock.now(), "Ana"))


def test_own_news_comes_before_passing_on_an_occasion():
    model = ScriptedModel().respond_with(BrainResponder())
    invited = Heard("Isabella Rodriguez", PARTY)
    view = stream(invited, DOG, owner="Sam Moore").snapshot()
    first = dialogue.next_utterance(model, HashEmbedder(), view, SAM, "Klaus Mueller", T, doing="reading",
                                    lines=[], listener_is_agent=True)
    assert "greyhound" in first.text
    then = dialogue.next_utterance(model, HashEmbedder(), view, SAM, "Klaus Mueller", T, doing="reading",
                                   lines=[("Sam Moore", first.text), ("Klaus Mueller", "Good luck!")],
                                   listener_is_agent=True)
    # The party is passed on next, as the party itself, attributed.
    assert then.text.startswith("Isabella Rodriguez told me that Isabella's Valentine's Day party is at "
                                "Hobbs Cafe tomorrow from 5pm to 7pm")  # the day as of now


def test_a_goodbye_waits_while_the_other_npc_has_news_to_tell():
    # end_after=1: the scripted model says goodbye with every line; the news still gets told.
    society, clock, _model, world = make(responder=BrainResponder(talk=True, end_after=1))
    ana, ben = society.agent("Ana"), society.agent("Ben")
    ana.remember(MemoryKind.OBSERVATION, "Ana wants to host a quiz night at Hobbs Cafe on February 13 from 5pm to 7pm",
                 clock.now(), importance=8)
    ben.remember(MemoryKind.OBSERVATION, "Ben sold his old bicycle to a stranger", clock.now(), importance=5)
    lines = _meet(society, clock, world)
    assert [who for who, _ in lines] == ["Ana", "Ben", "Ana", "Ben"]  # the cap, not the first goodbye
    assert lines[0][1].startswith("I want to host a quiz night at Hobbs Cafe")
    assert lines[1][1].startswith("I would love to come")
    assert "bicycle" in lines[3][1]
    run(society, clock, 30)
    assert any(r.teller == "Ben" and "bicycle" in r.claim for r in ana.memory.records)


def test_what_an_npc_knows_about_x_is_eligible_when_retrieval_lets_it_slip():
    # Heard two days ago, then a day of sights: recency lets retrieval's top k forget it.
    emb = HashEmbedder()
    s = MemoryStream(emb.dim)
    fact = "Sam is running for mayor in the upcoming local election"
    heard = f"Sam Moore told Maria Lopez that {fact}."
    s.add(MemoryKind.DIALOGUE, heard, T - timedelta(days=2), 4, emb.embed([heard])[0], teller="Sam Moore",
          fact=fact, subject="Sam Moore")
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


def test_asked_about_itself_by_name_an_npc_tells_its_own_news_though_retrieval_let_it_slip():
    # A stories run: "Have you heard anything about Lucy lately?" asked of Lucy got a relay about
    # someone else, her own lost bracelet (two days old) not among the memories retrieved.
    emb = HashEmbedder()
    s = MemoryStream(emb.dim)
    mine = "Nadia Petrov dropped her grandmother's ring into the harbour"
    s.add(MemoryKind.OBSERVATION, mine, T - timedelta(days=6), 7, emb.embed([mine])[0], subject="Nadia Petrov")
    for i in range(30):
        relay = f"Rui told Nadia Petrov that he heard the ferry number {i} is late again lately."
        s.add(MemoryKind.DIALOGUE, relay, T - timedelta(minutes=60 - i), 7, emb.embed([relay])[0], teller="Rui",
              fact=f"he heard the ferry number {i} is late again lately")
    for i in range(10):  # and her own sightings of herself, newer
        seen = f"Nadia Petrov is mending net {i}"
        s.add(MemoryKind.OBSERVATION, seen, T - timedelta(minutes=30 - i), 2, emb.embed([seen])[0],
              subject="Nadia Petrov")
    nadia = Persona(name="Nadia Petrov", age=52, occupation="net mender")
    model = ScriptedModel().respond_with(BrainResponder())
    for question in ("Have you heard anything about Nadia lately?", "What news of Nadia?"):
        said = dialogue.grounded_answer(model, emb, s.snapshot(), nadia, T, question, k=3, phrased=False)
        assert "grandmother" in said.text, (question, said.text)
    # Asked about someone else, her own ring is not the answer.
    other = dialogue.grounded_answer(model, emb, s.snapshot(), nadia, T, "Any news about Rui?", k=3,
                                     phrased=False)
    assert "grandmother" not in other.text


def test_asked_how_someone_is_their_own_doings_come_before_their_yes_to_an_occasion():
    # A stories run: "How is Ben doing these days?" got "Ben Carter is going to the meeckel" from
    # those who knew of his cat, his yes to someone else's occasion rated above it.
    from npc_brain.cognition.answers import candidates
    from npc_brain.cognition.grounds import Moment
    from npc_brain.language.intent import intent_of
    from tests.cognition.memories import READER

    party = READER.occasion(PARTY, T)
    # The yes rated above the dog, as the run rated it.
    yes = Heard("Sam Moore", "Sam Moore will come to the Valentine's Day party at Hobbs Cafe on February 14",
                occasion=party, subject="Sam Moore", importance=8, verbatim=True)
    dog = Heard("Sam Moore", DOG, subject="Sam Moore", importance=5)
    mei = Persona(name="Mei Lin", age=40)
    for order in ((yes, dog), (dog, yes)):
        mine = records(*order, owner=mei.name)
        line = "How is Sam doing these days?"
        first = candidates(intent_of(line), mei, "Alex", line, T, Moment("reading"), mine)[0]
        assert "greyhound" in first.text, first.text


def test_asked_for_news_of_someone_the_news_heard_last_is_the_answer():
    # A stories run (7b662ec): asked "Any news about Lucy?", the café owner answered with the
    # tulips she had heard at 1 pm (rated 5), not the pumpkin heard at 6:40 pm (rated 4). Words
    # written for this test; the ratings are the other way round from the times on purpose.
    from npc_brain.cognition.answers import candidates
    from npc_brain.cognition.grounds import Moment
    from npc_brain.language.intent import intent_of

    mei = Persona(name="Mei Lin", age=40)
    older = Heard("Ana", "Tom Moreno is repainting the boathouse blue", subject="Tom Moreno", importance=6)
    newer = Heard("Ben", "Tom Moreno won the rowing race on the river", subject="Tom Moreno", importance=4)
    seen = Heard("Ben", "Tom Moreno is sitting on a bench", subject="Tom Moreno", importance=2)
    for line in ("Any news about Tom?", "What's new with Tom Moreno?", "Heard anything about Tom lately?"):
        mine = records(older, newer, seen, owner=mei.name)
        first = candidates(intent_of(line), mei, "Alex", line, T, Moment("reading"), mine)[0]
        assert "rowing race" in first.text, (line, first.text)
        # The newest sighting is no news: with only it and the boathouse, the boathouse.
        mine = records(older, seen, owner=mei.name)
        first = candidates(intent_of(line), mei, "Alex", line, T, Moment("reading"), mine)[0]
        assert "boathouse" in first.text, (line, first.text)


def test_asked_after_itself_its_own_news_comes_before_its_yes_to_someone_elses_occasion():
    # A stories run on 53ae776: "How is Ben doing these days?" asked of Ben got "I decided to go to
    # the meeckel" (his newest memory), not his adopted cat. Words written for this test.
    from npc_brain.cognition.answers import candidates
    from npc_brain.cognition.grounds import Moment
    from npc_brain.language.intent import intent_of
    from tests.cognition.memories import READER

    cleo = Persona(name="Cleo", age=33)
    fair = READER.occasion("Mei Lin is holding a kite fair at Johnson Park on February 14 from 2pm to 5pm", T)
    own = records("Cleo Ward rebuilt the old rowing boat by herself", owner=cleo.name, importance=4)
    yes = stream(owner=cleo.name)
    emb = HashEmbedder()
    text = "Cleo decided to go to the kite fair at Johnson Park on February 14 from 2pm to 5pm"
    yes.add(MemoryKind.THOUGHT, text, T, 6, emb.embed([text])[0], subject="Cleo", occasion=fair)
    mine = own + list(yes.records)
    for line in ("How is Cleo doing these days?", "Any news about Cleo?"):
        first = candidates(intent_of(line), cleo, "Alex", line, T, Moment("reading"), mine)[0]
        assert "rowing boat" in first.text, (line, first.text)


def test_an_agent_goes_round_its_news_instead_of_telling_one_item_to_everyone():
    # Valentine run 9e8d2af: one resident's 500 followers (rated 7) was told 192 times, while
    # the candidate told his furniture (rated as his run, newer) and never his run for mayor.
    furniture = "Sam Moore built half of the furniture in town during his career"
    mine = records(RUN, furniture, owner="Sam Moore")
    first = news.untold(mine, T, "Klaus Mueller", speaker="Sam Moore")[0].fact
    talk = f"Conversation with Klaus Mueller: Sam Moore: {first}. Klaus Mueller: Oh, nice."
    after = mine + records(talk, kind=MemoryKind.DIALOGUE, importance=2)
    # To the next listener the other item goes first; Klaus is told nothing twice.
    assert news.untold(after, T, "Maria Lopez", speaker="Sam Moore")[0].fact != first
    assert first not in [i.fact for i in news.untold(after, T, "Klaus Mueller", speaker="Sam Moore")]


def test_its_own_news_and_what_it_heard_take_turns_talk_by_talk():
    # A stories run: a resident told his adopted cat in his first talk and never again — each
    # later talk brought a fresh relay, told before anything told once.
    heard = [Heard(n, f"{n} {what}") for n, what in (("Tom Moreno", "is worried about a new supermarket"),
                                                     ("Maria Lopez", "is planning a darts tournament"),
                                                     ("Mei Lin", "built half of the furniture in town"))]
    mine = records(DOG, *heard, owner="Sam Moore", importance=6)

    def talk(listener: str, line: str) -> list:
        text = f"Conversation with {listener}: Sam Moore: {line}. {listener}: I had not heard that."
        return records(text, owner="Sam Moore", kind=MemoryKind.DIALOGUE, importance=2)

    def next_item(rs: list, listener: str) -> str:
        return news.untold(rs, T, listener, speaker="Sam Moore")[0].fact

    assert next_item(mine, "Klaus Mueller") == DOG  # nothing told yet: its own
    after1 = mine + talk("Klaus Mueller", DOG)
    second = next_item(after1, "Ayesha Khan")
    assert second != DOG and second in [h.fact for h in heard]  # then what it heard
    after2 = after1 + talk("Ayesha Khan", second)
    assert next_item(after2, "Jennifer Moore") == DOG  # then its own again, to someone new
    # Whom it told already is not told again, whatever the turn.
    assert DOG not in [i.fact for i in news.untold(after2, T, "Klaus Mueller", speaker="Sam Moore")]


def test_news_heard_once_is_passed_on_and_news_heard_all_round_is_old():
    heard = Heard("Maria Lopez", "Tom Moreno found a glowing zibbet under the old bridge")
    mine = records(heard, DOG, owner="Mei Lin", importance=5)
    talk = "Conversation with Maria Lopez: Maria Lopez: Tom Moreno found a glowing zibbet under the old bridge."
    once = mine + records(talk, kind=MemoryKind.DIALOGUE, importance=2)
    # Heard in one talk: as fresh as one's own news (the talk it was heard in does not count).
    assert news.aired(once[0], [_words(talk)]) == 0
    again = [talk.replace("Maria Lopez", name) for name in ("Ayesha Khan", "Jennifer Moore")]
    often = once + records(*again, kind=MemoryKind.DIALOGUE, importance=2)
    facts = [i.fact for i in news.untold(often, T, "Ben", speaker="Mei Lin")]
    assert facts[0] == DOG and heard.fact in facts  # still told, after what is not going round


def test_a_listener_who_knows_a_fact_is_found_by_its_content_not_its_wording():
    mine = records(Heard("Sam Moore", "Sam is running for mayor in the upcoming local election"), owner="Tom Moreno")
    assert news.holds(mine, RUN) is not None
    assert news.holds(mine, DOG) is None
    # A transcript that mentions it is evidence of a talk, not knowing the fact.
    talk = records(f"Conversation with Sam Moore: Sam Moore: {RUN}.", kind=MemoryKind.DIALOGUE)
    assert news.holds(talk, RUN) is None


def test_a_relayed_claim_the_listener_holds_is_acknowledged_not_recited_back():
    model = ScriptedModel().respond_with(BrainResponder())
    view = stream(Heard("Eddy Lin", "Maria Lopez reached five hundred followers on her stream last week"),
                  owner="Sam Moore").snapshot()
    line = "Eddy Lin told me that Maria Lopez reached five hundred followers on her stream last week."
    said = dialogue.next_utterance(model, HashEmbedder(), view, SAM, "Priya Sharma", T, doing="reading",
                                   lines=[("Priya Sharma", line)], listener_is_agent=True)
    assert said.text == "I had heard that too, from Eddy Lin."
    assert said.ground is not None and not said.ground.spreads and said.ground.record is not None


def test_a_listener_keeps_no_second_copy_of_news_it_knows():
    society, clock, _model, world = make(responder=BrainResponder(talk=True, end_after=2))
    ana, ben = society.agent("Ana"), society.agent("Ben")
    letters = "Ana found a box of old letters in the attic"
    ana.remember(MemoryKind.OBSERVATION, letters, clock.now(), importance=5)
    ben.remember(MemoryKind.DIALOGUE, f"Cleo told Ben that {letters}.", clock.now(), importance=5, teller="Cleo",
                 fact=letters, subject="Ana")
    lines = _meet(society, clock, world)
    assert lines and "letters" in lines[0][1]
    run(society, clock, 30)
    copies = [r for r in ben.memory.records if r.teller is not None and "letters" in r.claim]
    assert [r.teller for r in copies] == ["Cleo"]


def _words(text: str) -> frozenset[str]:
    from npc_brain.language.facts import content_words
    return content_words(text)


def test_knowing_a_fact_takes_what_happened_not_the_names_it_shares():
    # Review of 0e5b717: two facts about Sam Moore share his name, not what happened to him.
    seen = records("Sam Moore is walking to the park", owner="Tom Moreno", importance=2)
    assert news.holds(seen, "Sam Moore retired") is None
    # A talk of Sam's own holds his name as a speaker tag: his untold news has not come up in it.
    mine = records("Sam Moore retired", owner="Sam Moore")
    talk = "Conversation with Tom Moreno: Sam Moore: At 9 am I will be reading. Tom Moreno: Sam Moore, hello."
    assert news.aired(mine[0], [news.gist(talk)]) == 0
    # Claimed to him, a different thing about the same person is not "heard that too".
    model = ScriptedModel().respond_with(BrainResponder())
    view = stream(Heard("Eddy Lin", RUN), owner="Klaus Mueller").snapshot()
    said = dialogue.next_utterance(model, HashEmbedder(), view, KLAUS, "Maria Lopez", T, doing="reading",
                                   lines=[("Maria Lopez", "I heard Sam Moore moved to Paris.")])
    assert "heard that too" not in said.text


def test_the_player_who_passes_on_a_known_claim_is_told_what_the_npc_knows_of_it():
    model = ScriptedModel().respond_with(BrainResponder())
    view = stream(Heard("Eddy Lin", "Maria Lopez reached five hundred followers on her stream last week"),
                  owner="Sam Moore").snapshot()
    line = "Word is that Maria Lopez reached five hundred followers last week."
    said = dialogue.next_utterance(model, HashEmbedder(), view, SAM, "Alex", T, doing="reading", lines=[("Alex", line)])
    assert "heard that too" not in said.text and "followers" in said.text


def test_a_routine_sighting_that_names_the_listener_is_not_said_to_them():
    # Stories run on 2eff952: "Jennifer Moore is talking with Oliver Grant", said by Sam to Oliver.
    from npc_brain.cognition.answers import candidates
    from npc_brain.cognition.grounds import Moment
    from npc_brain.language.intent import Intent
    seen = records("Jennifer Moore is talking with Oliver Grant", owner="Sam Moore", importance=2)
    moment = Moment("reading", listener_is_agent=True, turn=2)
    for intent, line in ((Intent.CHAT, "Jennifer Moore is preparing paintings, as Jennifer told me."),
                         (Intent.ABOUT, "Any news of Jennifer Moore?")):
        said = candidates(intent, SAM, "Oliver Grant", line, T, moment, seen, limit=9)
        assert all("talking with Oliver" not in g.text for g in said), intent


def test_an_npc_told_news_answers_with_its_own_news_before_saying_it_had_not_heard():
    model = ScriptedModel().respond_with(BrainResponder())
    told = "Klaus Mueller told me that Jane Moreno found a kitten under the bridge."
    own = stream(DOG, owner="Sam Moore").snapshot()
    said = dialogue.next_utterance(model, HashEmbedder(), own, SAM, "Klaus Mueller", T, doing="reading",
                                   lines=[("Klaus Mueller", told)], listener_is_agent=True)
    assert "greyhound" in said.text and said.ground is not None and said.ground.spreads
    # With nothing of its own to tell, the claim is answered.
    empty = stream("Sam Moore is reading a book", owner="Sam Moore", importance=2).snapshot()
    said = dialogue.next_utterance(model, HashEmbedder(), empty, SAM, "Klaus Mueller", T, doing="reading",
                                   lines=[("Klaus Mueller", told)], listener_is_agent=True)
    assert said.text == "I had not heard that."


def test_a_resident_with_news_nobody_has_heard_spends_part_of_the_day_among_people():
    from npc_brain.cognition.choices import SOCIABLE, SOCIABLE_LUNCH, day_slots

    mine = records("Sam Moore found an old ship's bell while digging his vegetable patch", owner="Sam Moore")
    assert [r.claim for r in news.unshared(mine)] == [mine[0].claim]
    # Told once, to one listener, it rests with that one; told in two talks, it is on its way: no
    # need to go looking for people.
    talk = "Conversation with {}: Sam Moore: I found an old ship's bell while digging my vegetable patch."
    once = [*mine, *records(talk.format("Klaus Mueller"), owner="Sam Moore", kind=MemoryKind.DIALOGUE)]
    assert news.unshared(once) == [mine[0]]
    told = [*once, *records(talk.format("Ayesha Khan"), owner="Sam Moore", kind=MemoryKind.DIALOGUE)]
    assert news.unshared(told) == []
    # The planner asks only of one who has been about for a day; a talk of something else
    # does not carry it.
    assert news.unshared(mine, T) == []
    assert news.unshared(mine, T + timedelta(days=1)) == [mine[0]]
    other = records("Conversation with Klaus Mueller: Sam Moore: Lovely day.", owner="Sam Moore",
                    kind=MemoryKind.DIALOGUE, at=T + timedelta(hours=10))
    assert news.unshared([*mine, *other], T + timedelta(days=1)) == [mine[0]]
    homebody = SAM.model_copy(update={"daily_habits": ["reads in his armchair", "waters his plants"]})
    plain = day_slots(homebody, wake=7, bed=22)
    shared = day_slots(homebody, wake=7, bed=22, share=True)
    assert all(SOCIABLE not in s.options for s in plain)
    first = next(s for s in shared if SOCIABLE in s.options)
    assert first.options[0] == SOCIABLE and sum(SOCIABLE in s.options for s in shared) == 1
    # A habit of that part of the day does not keep it home (Valentine run on d10eb1e: the
    # candidate's morning coffee led every morning, and his news stayed with his wife).
    regular = SAM.model_copy(update={"daily_habits": ["feeds the hens every morning", "reads in his armchair"],
                                     "status": "restoring an old rowing boat"})  # a pastime, not work
    morning = next(s for s in day_slots(regular, wake=7, bed=22, share=True) if s.key == "morning")
    assert morning.options[0] == SOCIABLE
    # Not instead of work (the café owner's mornings are among people already).
    worker = regular.model_copy(update={"workplace": "town:hobbs_cafe"})
    slots = day_slots(worker, wake=7, bed=22, share=True)
    assert all(s.options[0] != SOCIABLE for s in slots)
    # … it has its lunch among people instead (the park keeper at work in an empty park all day).
    assert next(s for s in slots if s.key == "lunch").options[0] == SOCIABLE_LUNCH
    assert next(s for s in day_slots(worker, wake=7, bed=22) if s.key == "lunch").options[0] != SOCIABLE_LUNCH


def test_a_fact_about_someone_is_known_only_from_a_record_about_them():
    # Valentine run on c79c469: a reporter who "wants to cover the upcoming local election" was
    # taken to know that Sam Moore is running in it (most words shared), kept no copy, and the
    # news stopped with him. Checked here on words written after that fix.
    fact = "Tom Moreno is leading the spring lantern walk"
    wish = records("Mei Lin wants to photograph the spring lantern walk", owner="Mei Lin")
    assert news.holds(wish, fact) is not None  # by words alone it looks known …
    assert news.holds(wish, fact, "Tom Moreno") is None  # … but nothing in it is about Tom
    heard = records(Heard("Ana", "Tom is leading the spring lantern walk"), owner="Mei Lin")
    assert news.holds(heard, fact, "Tom Moreno") is not None  # his first name in what was heard
    seen = records("Tom Moreno is leading the spring lantern walk through the park", owner="Mei Lin")
    assert news.holds(seen, fact, "Tom Moreno") is not None


def test_of_news_made_at_one_moment_the_one_written_first_is_told_first():
    # A Valentine run: the candidate's furniture, listed after his run for mayor in his persona and
    # rated the same, was told first as the higher id; he never told his run.
    furniture = "Sam Moore built half of the furniture in town during his career"
    s = MemoryStream(HashEmbedder().dim)
    emb = HashEmbedder()
    for text in (RUN, furniture):
        s.add(MemoryKind.OBSERVATION, text, T - timedelta(hours=3), 5, emb.embed([text])[0], subject="Sam Moore")
    assert news.untold(list(s.records), T, "Klaus Mueller", speaker="Sam Moore")[0].fact == RUN
    # Of two moments, the newer first, as before.
    later = "Sam Moore repaired the church bell yesterday"
    s.add(MemoryKind.OBSERVATION, later, T - timedelta(hours=1), 5, emb.embed([later])[0], subject="Sam Moore")
    assert news.untold(list(s.records), T, "Klaus Mueller", speaker="Sam Moore")[0].fact == later


def test_of_its_own_news_what_it_is_about_these_days_comes_up_most_but_not_alone():
    # Valentine run b7768af: the candidate told his run once in seven talks, his other own items
    # taking turns with it; stories run 6c72b79: put first however often told, a landlord's two
    # items that share words with his job took all eight talks and his marathon stayed untold.
    # A resident written for this test: a brewer whose status is her contest.
    ida = Persona(name="Cleo", age=51, occupation="brewer", status="entering the county cider contest")
    cider = "Cleo will enter her cider in the county contest"
    roof = "Cleo fixed the roof of the brewhouse last autumn"
    mine = records(cider, roof, owner=ida.name, importance=5)

    def first(rs: list, listener: str) -> str:
        return news.untold(rs, T, listener, speaker=ida.name, concerns=news.concerns(ida))[0].fact

    assert first(mine, "Klaus Mueller") == cider
    told: list = []
    counts = {cider: 0, roof: 0}
    for listener in ["Ana Ruiz", "Ben Ode", "Cy Park", "Dee Moss", "Eli Ward", "Fay Lund"]:
        fact = first(mine + told, listener)
        counts[fact] += 1
        told += records(f"Conversation with {listener}: Cleo: {fact}. {listener}: Really?",
                        owner=ida.name, kind=MemoryKind.DIALOGUE, importance=2)
    # On her mind: told twice as often as the roof, and the roof still gets its turns.
    assert counts == {cider: 4, roof: 2}
    # Without what it is about, her news goes round evenly.
    even = {cider: 0, roof: 0}
    told = []
    for listener in ["Ana Ruiz", "Ben Ode", "Cy Park", "Dee Moss"]:
        fact = news.untold(mine + told, T, listener, speaker=ida.name)[0].fact
        even[fact] += 1
        told += records(f"Conversation with {listener}: Cleo: {fact}. {listener}: Really?",
                        owner=ida.name, kind=MemoryKind.DIALOGUE, importance=2)
    assert even == {cider: 2, roof: 2}


def test_told_news_it_already_held_a_listener_still_tells_its_own():
    # "One piece of news per talk" is each speaker's: the first speaker's news, which the
    # listener also held, does not use up the listener's turn to tell its own.
    model = ScriptedModel().respond_with(BrainResponder())
    view = stream(Heard("Eddy Lin", "Maria Lopez reached five hundred followers on her stream last week"), DOG,
                  owner="Sam Moore").snapshot()
    told = "Maria Lopez reached five hundred followers on her stream last week, as Eddy Lin told me."
    said = dialogue.next_utterance(model, HashEmbedder(), view, SAM, "Priya Sharma", T, doing="reading",
                                   lines=[("Priya Sharma", told)], listener_is_agent=True)
    assert "greyhound" in said.text and said.ground is not None and said.ground.spreads
    # Once it has told it, the rest of the talk is a chat: no second bulletin.
    lines = [("Priya Sharma", told), ("Sam Moore", said.text), ("Priya Sharma", "How lovely.")]
    assert not dialogue.has_news(view, SAM, "Priya Sharma", T, lines)
