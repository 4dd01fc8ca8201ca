"""Everyday player lines answered from structure (twelfth session): the persona's relationships
by the role asked, news by provenance, "have you seen …?", a place's opening hours, description
and whereabouts from the map, thanks with a goodbye, news opened by asking leave, an invitation
urged. The lines here were written for these tests, not taken from an eval set."""
from __future__ import annotations

from datetime import datetime, time, timedelta

import pytest

from npc_brain.cognition.answers import candidates
from npc_brain.cognition.grounds import Moment, Sight
from npc_brain.language.intent import Intent, intent_of
from npc_brain.language.relations import roles_in
from npc_brain.language.sighting import sought
from npc_brain.memory.record import MemoryKind, MemoryRecord
from npc_brain.types.ground import GroundKind
from npc_brain.types.occasion import Occasion
from npc_brain.types.persona import Persona

T = datetime(2023, 3, 6, 10, 0)  # a Monday
NORA = Persona(name="Nora Quill", age=52, occupation="ferry captain", workplace="harbour:ferry_office",
               relationships={"Bram Quill": "Bram is Nora's husband, a quiet man who mends nets.",
                              "Ida Fenn": "Ida is Nora's oldest friend from school.",
                              "Olek Marsh": "Olek is the deckhand Nora trained herself."})
SIGHTS = (Sight("Salty Dog Tavern", "harbour:salty_dog", "a harbour tavern with a fireplace and fish stew",
                "the Salty Dog Tavern", time(11, 0), time(23, 0)),
          Sight("Gull Rock Lighthouse", "harbour:lighthouse", "a white lighthouse with a spiral stair and a lamp room",
                "the lighthouse", where="near the Salty Dog Tavern"),
          Sight("Lamp Room", "harbour:lighthouse:lamp_room", "a glass room at the top of the lighthouse",
                "the lamp room", where="in Gull Rock Lighthouse"),
          Sight("Ferry Office", "harbour:ferry_office", "a ticket office by the slipway", "the ferry office",
                time(7, 30), None))
HERE = Moment("checking the tide tables", "Ferry Office", (), {}, sights=SIGHTS)


def record(rid: int, text: str, *, teller: str | None = None, subject: str | None = None, importance: int = 5,
           kind: MemoryKind = MemoryKind.OBSERVATION, hours_ago: float = 1.0) -> MemoryRecord:
    return MemoryRecord(rid, kind, text, T - timedelta(hours=hours_ago), importance, teller=teller, subject=subject)


def first(line: str, recalled: list[MemoryRecord] | None = None, moment: Moment = HERE, who: Persona = NORA,
          now: datetime = T):
    return candidates(intent_of(line), who, "Player", line, now, moment, recalled or [])[0]


@pytest.mark.parametrize(("line", "name"), [
    ("Who's your closest friend around here?", "Ida"),
    ("are you married", "Bram"),
    ("Got a husband at home?", "Bram"),
    ("u seeing anybody these days?", "Bram"),  # courting asked without "are"
])
def test_asked_about_the_people_in_its_life_it_names_the_relationship_with_that_role(line, name):
    ground = first(line)
    assert ground.kind is GroundKind.RELATION and name in ground.text, ground.text


def test_asked_a_role_none_of_its_relationships_has_it_keeps_it_to_itself():
    ground = first("Do you have any kids?")
    assert ground.kind is GroundKind.UNKNOWN and not ground.asserts
    assert roles_in("Bram is Nora's husband") >= {"spouse"} and "spouse" in roles_in("Are you married?")


def test_asked_for_gossip_it_tells_what_it_heard_of_others_not_its_own_biography():
    past = record(1, "Nora Quill sailed the ferry through the great storm twenty years ago", subject="Nora Quill")
    heard = record(2, "Olek Marsh found a message in a bottle on the slipway", teller="Olek Marsh",
                   subject="Olek Marsh")
    ground = first("Heard anything juicy lately?", [past, heard])
    assert ground.record == 2
    assert first("whats the latest gossip then", [past, heard]).record == 2  # typed without the apostrophe
    nothing = first("What's the gossip?", [past])
    assert nothing.kind is GroundKind.UNKNOWN and not nothing.asserts
    # … and its own news that is coming up is news too.
    trip = record(3, "Nora Quill will take the ferry to Gull Rock on Saturday for the lamp repair",
                  subject="Nora Quill")
    assert first("Any news?", [past, trip]).record == 3
    # Asked what is new with it, its own news as before.
    assert first("What's new with you?", [past, trip]).record in (1, 3)


def test_asked_whether_it_saw_something_it_tells_what_it_saw_else_that_it_did_not():
    assert intent_of("My cat got out last night, a grey tabby. Seen her?") is Intent.SEEN
    assert first("My cat got out last night, a grey tabby. Seen her?").text == "No, I have not seen her."
    assert first("Did you see my red umbrella on the bench?").text == (
        "No, I did not see your red umbrella on the bench.")
    tabby = record(4, "A grey tabby cat is sleeping on the ferry office roof", kind=MemoryKind.OBSERVATION,
                   importance=3)
    assert first("My cat got out last night, a grey tabby. Seen her?", [tabby]).record == 4
    assert sought("Any sign of my keys, by any chance?") is not None


@pytest.mark.parametrize(("line", "text"), [
    ("What time does the tavern shut?", "The Salty Dog Tavern is open from 11 am to 11 pm."),
    ("Is the tavern open yet?", "The Salty Dog Tavern is open from 11 am to 11 pm. It ist closed now."),
    ("when do you open", "The ferry office opens at 7:30 am."),
    ("What time does the bakery close?", "I am not sure about that."),
    ("Is the lighthouse open today?", "The lighthouse is open at all hours."),
])
def test_a_places_opening_hours_are_told_as_the_map_keeps_them(line, text):
    assert intent_of(line) is Intent.HOURS, line
    ground = first(line, now=T.replace(hour=9))
    assert ground.text == text.replace("ist", "is"), ground.text


def test_a_claim_about_a_place_the_map_describes_is_answered_with_the_description():
    ground = first("Is it true they have a fireplace at the tavern?")
    assert ground.kind is GroundKind.PLACE and "fireplace" in ground.text
    # Not supported by the map: not heard.
    assert first("Is it true the tavern has a pool table?").kind is GroundKind.UNKNOWN


def test_asked_whats_on_at_a_place_it_knows_of_nothing_it_says_so():
    ground = first("Anything going on at the lighthouse on Saturday?")
    assert ground.text == "I have not heard of anything on at the lighthouse on Saturday."


def test_asked_whats_on_it_tells_the_occasions_it_knows_at_that_time_and_place_whatever_their_words():
    # Her own occasion, two days ahead: no word of the questions is in her memory of it.
    swim = record(7, "Nora Quill is organising a lantern swim at Gull Rock Lighthouse on Wednesday at 7 pm",
                  subject="Nora Quill", importance=6, kind=MemoryKind.THOUGHT)
    swim = swim.replace(occasion=Occasion("a lantern swim", datetime(2023, 3, 8, 19), place="Gull Rock Lighthouse",
                                           address="harbour:lighthouse", host="Nora Quill"))
    chowder = record(8, "Bram Quill is making chowder at home", subject="Bram Quill", importance=3)
    for line in ("Is anything special happening in town this week?", "Anything planned at the lighthouse?",
                 "what's happening around the harbour on Wednesday"):
        ground = first(line, [chowder, swim])
        assert ground.record == 7 and "lantern swim" in ground.text, (line, ground.text)
    # Not at the place asked, not on the day asked, or over: nothing on, said as the line put it.
    assert first("Anything going on at the tavern this week?", [swim]).text == (
        "I have not heard of anything on at the tavern this week.")
    assert first("Is anything special happening in town on Thursday?", [swim]).kind is GroundKind.UNKNOWN
    # Once over: told as over, no longer news; a week on, nothing on.
    after = datetime(2023, 3, 9, 9)
    late = first("Anything going on at the lighthouse?", [swim], now=after)
    assert late.text == ("Nora Quill's lantern swim was at Gull Rock Lighthouse on Wednesday, March 8 at 7pm.")
    assert late.record == 7 and not late.spreads and late.occasion is None
    assert first("Anything going on in town?", [swim], now=datetime(2023, 3, 20, 9)).text == (
        "I have not heard of anything on in town.")
    assert first("Any news?", [swim], now=after).kind is GroundKind.UNKNOWN
    # What happened is no answer to what is going on; what is under way or to come is.
    bottle = record(9, "Olek Marsh found a message in a bottle on the slipway last week", teller="Olek Marsh",
                    subject="Olek Marsh")
    assert first("anything fun going on around here this week?", [bottle]).kind is GroundKind.UNKNOWN
    assert first("Any news?", [bottle]).record == 9  # still news
    pier = record(10, "Bram Quill is rebuilding the old pier with the harbour crew", teller="Bram Quill",
                  subject="Bram Quill")
    assert first("anything fun going on around here this week?", [bottle, pier]).record == 10
    assert first("Any news?", [swim]).record == 7


@pytest.mark.parametrize(("line", "text"), [
    ("which way to the lighthouse?", "The lighthouse is near the Salty Dog Tavern."),
    ("Where exactly is the lamp room", "The lamp room is in Gull Rock Lighthouse."),
])
def test_asked_where_a_place_is_it_tells_where_the_map_has_it(line, text):
    assert first(line).text == text


def test_thanks_with_a_goodbye_is_a_goodbye_that_thanks():
    assert intent_of("Cheers for that, see you around!") is Intent.FAREWELL
    assert first("Thank you so much, catch you later.").text.startswith("You are welcome. Goodbye")
    assert intent_of("Thanks for the tip!") is Intent.THANKS


def test_news_opened_by_asking_leave_to_tell_is_a_claim():
    assert intent_of("Want to hear something? The harbour master is retiring next month.") is Intent.CLAIM
    assert intent_of("Can you keep a secret? Olek is leaving for the city.") is Intent.CLAIM


def test_an_invitation_urged_is_an_invitation_and_its_place_is_asked_when_the_map_has_none():
    line = "We're having a fish fry down the beach on Friday at 7, you should come!"
    assert intent_of(line) is Intent.INVITE
    assert first(line).text == "That sounds nice! Where is it?"
    # At the asker's home, which the map does not hold (seen in play: "… at mine friday at half six").
    assert first("fish fry at ours on friday at 7, you should come round").text == (
        "That sounds nice! Where do you live?")


@pytest.mark.parametrize(("line", "text"), [
    # Seen in play under Xvfb (twelfth session), each answered wrongly before.
    ("hiya nora, whens the tavern open till tonight", "The Salty Dog Tavern is open from 11 am to 11 pm."),
    ("got any grandkids?", "That is something I keep to myself."),
    ("my lad lost his kite at the slipway, you didnt see it did you", "No, I did not see his kite."),
    ("cheers nora, see you later", "You are welcome. Goodbye, it was nice talking to you."),
    ("morning nora! whens the tavern open till", "The Salty Dog Tavern is open from 11 am to 11 pm."),
    ("whereabouts is the lamp room", "The lamp room is in Gull Rock Lighthouse."),
    ("cool, catch ya later", "Goodbye, it was nice talking to you."),  # seen in play: "nice one, laters"
])
def test_lines_found_in_play_are_answered_as_asked(line, text):
    assert first(line).text.startswith(text), first(line).text


@pytest.mark.parametrize(("line", "intent"), [
    # Typed without a question mark, as players do.
    ("does the tavern open on mondays", Intent.HOURS),
    ("oi is the tavern still serving", Intent.HOURS),  # serving as open (thirteenth session; was ABOUT)
    ("morning! any sign of a black lab with a red collar", Intent.SEEN),
    ("excuse me but has anybody noticed a wallet by the slipway", Intent.SEEN),
    ("whats the latest round the harbour", Intent.ABOUT),
    ("what do you reckon to the new ferry timetable", Intent.ABOUT),
    ("how do you feel about the harbour fees going up", Intent.ABOUT),  # a thing: as "what do you think of"
    ("what did you make of the regatta", Intent.ABOUT),
    # Told in confidence.
    ("You didn't hear it from me but the harbour master is retiring.", Intent.CLAIM),
    ("just between us, Olek has bought a boat", Intent.CLAIM),
    # Asked along, or to meet.
    ("bonfire on the beach saturday at eight, you want to come along", Intent.INVITE),
    ("cards at the tavern friday at 9, you up for that?", Intent.INVITE),  # seen in play: "you up for it?"
    ("could we have a chat at the tavern tomorrow at 11", Intent.AVAILABILITY),
    ("Cheers for the chat, got to dash", Intent.FAREWELL),
])
def test_lines_as_players_type_them_are_read_for_what_they_ask(line, intent):
    assert intent_of(line) is intent, line


def test_a_partner_or_the_family_asked_after_is_that_role_or_kept_private():
    assert first("is there anyone special in your life").text.startswith("Bram is my husband")
    assert first("are you close to your family").text.startswith("Bram is my husband")
    single = Persona(name="Tam Reed", age=30, relationships={"Ida Fenn": "Ida is Tam's closest friend from work."})
    assert first("is there anyone special in your life", who=single).kind is GroundKind.UNKNOWN
    assert first("are you close to your family", who=single).kind is GroundKind.UNKNOWN


def test_asked_something_of_a_place_a_memory_must_hold_what_is_asked_not_only_the_place():
    old = record(5, "Nora Quill drank her first pint at the Salty Dog Tavern thirty years ago", subject="Nora Quill")
    ground = first("do they do fish stew at the tavern?", [old])
    assert ground.kind is GroundKind.PLACE and "fish stew" in ground.text
    # What happened at a place is no standing fact the map could back.
    assert first("Is it true the tavern is being sold to a chain?").kind is GroundKind.UNKNOWN


@pytest.mark.parametrize(("line", "intent"), [
    # A question about a thing with a time word in it asks of the thing, not of the listener's day.
    ("whats happening down the harbour tmrw, someone said fireworks", Intent.ABOUT),
    ("Anything exciting going round the slipway lately?", Intent.ABOUT),
    ("Did you like the lantern parade? I found it a bit long", Intent.ABOUT),
    ("Do you reckon the ferry fares have gone up again or is it me", Intent.ABOUT),
    ("Any plans this evening?", Intent.FUTURE),  # … while its own plans stay its plans
    # Goodbyes after thanks said another way.
    ("Thanks a million, I'd best be going", Intent.FAREWELL),
    ("much appreciated, toodle-pip", Intent.FAREWELL),
    ("You haven't run into a small boy in a yellow hat, have you?", Intent.SEEN),
])
def test_what_a_line_is_about_decides_not_a_time_word_in_it(line, intent):
    assert intent_of(line) is intent, line


def test_a_question_about_something_at_a_place_on_a_day_is_no_invitation():
    line = "Do you happen to know if the ticket desk at the ferry office is open on Sundays?"
    assert intent_of(line) is not Intent.INVITE
    from npc_brain.language.intent import invitation_text
    assert invitation_text(line) is None


@pytest.mark.parametrize("line", [
    # Seen on the third held-out set (fa56ca7): the line itself recited after "I have not heard anything about".
    "ok spill, whats the latest",
    "heard any good drama this week",
    "Doing a little bbq at my place sunday afternoon, like 2ish? you're welcome to swing by",
    "so anything juicy round the harbour this week or is it all quiet and boring like usual",
])
def test_no_answer_recites_the_line_back(line):
    ground = first(line)
    assert line.lower()[:20] not in ground.text.lower(), ground.text


def test_half_five_is_the_afternoon_wherever_a_time_is_read():
    from npc_brain.language.facts import times_in
    assert times_in("meet me by the lighthouse around half five") == {"17:30"}
    said = first("Let's meet up by the lighthouse around half five").text
    assert said.startswith("I have nothing planned at 5:30 pm"), said


def test_news_of_an_occasion_asked_back_with_did_you_hear_is_news_not_an_invitation():
    # Seen in `eval grounding --questions open` (bc4436d): answered "I would love to come to the jazz concert …".
    line = "Word on the street is a cider tasting will be held at the Salty Dog Tavern at 6 pm on Friday. Did you hear?"
    assert intent_of(line) is Intent.CLAIM
    assert intent_of("A cider tasting is on at the Salty Dog Tavern on Friday at 6. You coming?") is Intent.INVITE


def test_a_part_of_the_day_asked_is_answered_at_a_time_the_plan_holds():
    from npc_brain.types.plan import PlanLevel, PlanStep

    day = T.replace(hour=0, minute=0)
    mending = PlanStep(PlanLevel.DAY, day.replace(hour=17), day.replace(hour=23), "mending the nets", "work")
    moment = Moment("checking the tide tables", "Ferry Office", (mending,), {}, sights=SIGHTS)
    evening = first("and tonight, you free?", moment=moment)
    assert "5 pm" in evening.text and "mending the nets" in evening.text, evening.text
    clock = first("are you free at 7 tonight?", moment=moment)
    assert "7 pm" in clock.text, clock.text  # a clock time asked is said back
    bare = first("r u free at 6 today", moment=moment)  # a bare hour: the afternoon's, not now
    assert "6 pm" in bare.text and "mending the nets" in bare.text, bare.text
    later = first("what will you be up to at 6 today?", moment=moment)  # the same reading of the hour asked
    assert later.text.startswith("At 6 pm") and "mending the nets" in later.text, later.text


def test_asked_how_someone_is_getting_on_the_topic_is_the_person():
    # A window play: "how is Carmen getting on these days?" got "I have not heard anything about
    # Carmen getting on."
    from npc_brain.language.intent import topic_of

    assert topic_of("how is Ilse getting on these days?") == "Ilse"
    assert topic_of("How is old Bartek keeping?") == "old Bartek"
    assert first("how is Ilse getting along?").text == "I have not heard anything about Ilse."
