"""The question reader by structure: what a line asks is in its question sentences, a leading
discourse marker is no part of it, news is a clause after a word of telling, and an occasion at
a named place on a day, put to the listener, is an invitation — whatever words the line uses.
Lines written for this test (2026-12-03), none from an evaluation set."""
from __future__ import annotations

import pytest

from npc_brain.language.intent import asks_along, intent_of
from npc_brain.language.intents import Intent
from npc_brain.language.reported import claim_in, without_opener


@pytest.mark.parametrize("line, opened", [
    ("Well, the harvest was good.", "the harvest was good."),
    ("Oh, hi there!", "hi there!"),
    ("To be honest, I forgot.", "I forgot."),
    ("Wellington is far.", "Wellington is far."),  # a word that only starts like one
    ("Say, is the ferry running?", "is the ferry running?"),
    ("Say hello to Rosa for me.", "Say hello to Rosa for me."),  # "say" asks something here: no comma
])
def test_a_discourse_marker_is_no_part_of_the_line(line: str, opened: str) -> None:
    assert without_opener(line) == opened


@pytest.mark.parametrize("line, claim", [
    ("My neighbour swears the river flooded the mill.", "the river flooded the mill"),
    ("There's a rumour going round that the ferry will stop running.", "the ferry will stop running"),
    ("The baker told me that Rosa got engaged. Is that right?", "Rosa got engaged"),
    ("Hang on, the lighthouse keeper retired?", "the lighthouse keeper retired"),
    ("So the well ran dry, or is that nonsense?", "the well ran dry"),
    # After a frame that is no statement of its own.
    ("Quick warning: the east road flooded overnight.", "the east road flooded overnight"),
    ("Don't quote me on this, but the brewery is closing down.", "the brewery is closing down"),
    ("You didn't hear it from me - the harbourmaster resigned.", "the harbourmaster resigned"),
    ("Strange times, the old oak fell in the storm.", "the old oak fell in the storm"),
    ("Forgive me if you know already, but Petra will open a forge, right?", "Petra will open a forge"),
])
def test_news_after_a_word_of_telling_or_asked_back_is_a_claim(line: str, claim: str) -> None:
    assert claim_in(line) == claim
    assert intent_of(line) is Intent.CLAIM


@pytest.mark.parametrize("line", [
    "Did you read that letter from the council?",  # "that letter": no clause
    "Who told you that?",
    "Chilly this morning, isn't it?",  # asks for agreement, not for news
    "You like fishing?",  # about the listener
])
def test_no_claim_where_no_clause_is_told(line: str) -> None:
    assert claim_in(line) is None


@pytest.mark.parametrize("line", [
    "We're having a picnic at Riverside Green on Sunday at noon. Fancy it?",
    "There's a lantern walk at the Old Mill tomorrow evening, you should come!",
    "My band plays at Saint Clement's Hall on Friday at 8 pm, it would mean a lot if you were there.",
])
def test_an_occasion_at_a_named_place_on_a_day_put_to_the_listener_asks_them_along(line: str) -> None:
    assert asks_along(line)
    assert intent_of(line) is Intent.INVITE


@pytest.mark.parametrize("line", [
    "What's happening at Riverside Green on Sunday?",  # asks about the occasion
    "Will you be at the Old Mill tomorrow evening?",  # asks where the listener will be
    "The council meets at Saint Clement's Hall on Friday.",  # tells, asks no one along
    "Are you free at 4 pm?",  # no place
    "Anything going on at Bramble Yard tonight?",  # whether something is on, its "is" left out
    "Something happening in the Old Mill on Friday?",
])
def test_questions_about_an_occasion_or_a_time_do_not_ask_along(line: str) -> None:
    assert not asks_along(line)


@pytest.mark.parametrize("line, intent", [
    ("I just got off the boat. Any good spot for a cheap dinner?", Intent.RECOMMEND),
    ("Is there anywhere I could buy a fishing rod?", Intent.RECOMMEND),
    ("Where's the closest place to get a haircut?", Intent.RECOMMEND),
    ("Where do the fishermen drink after work?", Intent.RECOMMEND),
    ("Did you go anywhere nice yesterday?", Intent.PAST),  # where the listener went
    ("You seem tired today.", Intent.FEELING),
    ("Is something worrying you?", Intent.FEELING),
    ("Are you feeling all right?", Intent.FEELING),
    ("Long week?", Intent.FEELING),
    ("Right, I must head back now. Have a good evening!", Intent.FAREWELL),
    ("That was a fun chat, bye!", Intent.FAREWELL),
    ("That helps a lot, thank you!", Intent.THANKS),
    ("Good evening, how do you do?", Intent.GREETING),
    ("Hey, I just moved into the blue house.", Intent.GREETING),
    ("Sounds like rain tomorrow.", Intent.CHAT),  # states; asks nothing about tomorrow
    ("Got anything on at 6 pm?", Intent.FUTURE),  # that hour's step
])
def test_what_a_line_asks(line: str, intent: Intent) -> None:
    assert intent_of(line) is intent


def test_a_source_before_the_clause_talk_of_it_or_whether_it_holds_is_a_claim():
    from npc_brain.language.reported import claim_in
    assert claim_in("According to the postman, the bridge will be repaired next week.") == \
        "the bridge will be repaired next week"
    assert claim_in("Someone at the pub reckons the mayor is resigning.") == "the mayor is resigning"
    assert claim_in("Is it right that the school is closing?") == "the school is closing"
    assert claim_in("They were all talking about how the river flooded the mill.") == "the river flooded the mill"
    assert claim_in("What do you think about how the town has changed?") is None  # an opinion asked


def test_wellbeing_over_a_span_of_ones_time_and_favours_asked_first():
    from npc_brain.language.intent import Intent, intent_of
    for line in ("How has your week been?", "Is everything alright with you?", "Feeling better today?"):
        assert intent_of(line) is Intent.FEELING, line
    for line in ("Do me a favour and water my plants tomorrow.", "Any chance you could lend me your ladder?"):
        assert intent_of(line) is Intent.REQUEST, line
    assert intent_of("Any chance you could recommend a good book?") is Intent.RECOMMEND


@pytest.mark.parametrize("line, claim", [
    ("A stray horse wandered into the square.", "A stray horse wandered into the square"),
    ("Petra Vance sold her boat to a stranger.", "Petra Vance sold her boat to a stranger"),
    ("The mill has been shut by the council.", "The mill has been shut by the council"),
])
def test_an_event_told_of_someone_else_is_a_claim(line: str, claim: str) -> None:
    assert claim_in(line) == claim


@pytest.mark.parametrize("line", [
    "The sea looks calm this evening.",  # how something is: small talk
    "The weather is lovely today.",  # a time word is no event
    "At noon I will be at the forge.",  # the speaker's own plan
    "Later we will walk to the pier.",
    "I'd like to, but the forge needs me.",  # a frame that states something itself
    "The retired sailor lives by the pier.",
])
def test_no_claim_in_small_talk_or_ones_own_plans(line: str) -> None:
    assert claim_in(line) is None


@pytest.mark.parametrize("line, intent", [
    ("I met Petra at the forge. Are they easy to work with?", Intent.OPINION),
    ("Petra fixed my gate. Decent sort, would you say?", Intent.OPINION),
    ("My boots are soaked. Would you dry them by your fire?", Intent.REQUEST),
    ("Mind if I use your ladder?", Intent.REQUEST),
    ("Would you send a parcel to my aunt in Lisbon tomorrow?", Intent.REQUEST),
    ("Could you come to the dance at the Town Hall on Friday?", Intent.INVITE),
    ("Could you give me ten minutes at 3 pm?", Intent.AVAILABILITY),
    ("Did you get home all right? You look a bit worn out.", Intent.FEELING),
    ("What's been making you laugh this week?", Intent.FEELING),
    ("Right, time I was moving on. Take it easy!", Intent.FAREWELL),
])
def test_what_a_line_asks_by_its_sentences(line: str, intent: Intent) -> None:
    assert intent_of(line) is intent


@pytest.mark.parametrize("line, intent", [
    ("My aunt phoned, and she's convinced the ferry will stop in March. Heard anything?", Intent.CLAIM),
    ("Saw a poster at the forge saying the fair was cancelled. Any idea?", Intent.CLAIM),
    ("Turns out the baker won the lottery. Wild, eh?", Intent.CLAIM),
    ("Heads up: a quiz night at the Town Hall on Friday, 7 pm. Interested?", Intent.INVITE),  # no verb: no claim
    ("Thinking of asking Petra along. Would they enjoy it, do you reckon?", Intent.OPINION),
    ("Do you honestly trust Petra Vance?", Intent.OPINION),
    ("Is it just me, or is the square busier today?", Intent.CHAT),
    ("Busy shift?", Intent.FEELING),
    ("Right, that's me off. Talk soon!", Intent.FAREWELL),
    ("Cheerio!", Intent.FAREWELL),
])
def test_what_a_line_asks_second_round(line: str, intent: Intent) -> None:
    assert intent_of(line) is intent


@pytest.mark.parametrize("line, spelled", [
    ("r u coming 2nite??", "are you coming tonight?"),
    ("thx, cya!", "thanks, see you!"),
    ("Jane R. Smith is here", "Jane R. Smith is here"),  # an initial stays
    ("Your umbrella is here", "Your umbrella is here"),  # whole words only
])
def test_text_speak_is_spelled_out_before_a_line_is_read(line: str, spelled: str) -> None:
    from npc_brain.language.informal import spelled_out

    assert spelled_out(line) == spelled


@pytest.mark.parametrize("line, intent", [
    ("gtg, the kettle's on", Intent.FAREWELL),
    ("Right, we're calling it a night. Sleep tight!", Intent.FAREWELL),
    ("Which bakery should we try for the cake?", Intent.RECOMMEND),
    ("Can I steal you for a minute after lunch?", Intent.AVAILABILITY),
    ("Could you be an angel and water my ferns tomorrow?", Intent.REQUEST),
    ("What's the scoop on Rosa Diaz?", Intent.ABOUT),
    ("hru today?", Intent.FEELING),
])
def test_a_line_is_read_by_whom_it_asks_about_and_its_short_forms(line: str, intent: Intent) -> None:
    assert intent_of(line) is intent


def test_what_someone_else_did_is_not_the_listeners_day() -> None:
    # The time words ask of the listener's own day only when the line asks of "you".
    assert intent_of("What did you do yesterday?") is Intent.PAST
    assert intent_of("What did Rosa do yesterday?") is Intent.ABOUT
    assert intent_of("Where will they go after the fair?") is Intent.ABOUT
    assert intent_of("Any plans for later?") is Intent.FUTURE  # asked of no one: the listener


@pytest.mark.parametrize("line, claim", [
    ("Word from the harbour master tells me the pier collapsed overnight.", "the pier collapsed overnight"),
    ("You'll never guess! The blacksmith sold his forge.", "The blacksmith sold his forge"),
    ("Could it really be that the school is closing for good?", "the school is closing for good"),
    ("My uncle swore blind the mayor moved to the coast.", "the mayor moved to the coast"),
    ("I swear the buses get slower every year.", None),  # the speaker's own opinion tells no event
    ("Did you hear? Is it true?", None),
])
def test_news_after_a_telling_word_or_an_opener_asked_alone(line: str, claim: str | None) -> None:
    assert claim_in(line) == claim


@pytest.mark.parametrize("line, intent", [
    ("So long, and mind the puddles!", Intent.FAREWELL),
    ("Well, I won't keep you from your work.", Intent.FAREWELL),
    ("You seem miles away. Penny for your thoughts?", Intent.FEELING),
    ("What's been bugging you all morning?", Intent.FEELING),
    ("Where's a quiet nook to write letters?", Intent.RECOMMEND),
    ("Who serves a decent breakfast round here?", Intent.RECOMMEND),
    ("Would you trust Rosa with your keys?", Intent.OPINION),
    ("Are you and Rosa still friends?", Intent.OPINION),
    ("Kite flying on the hill on Sunday at noon. You in?", Intent.INVITE),
])
def test_goodbyes_moods_places_people_and_invitations_by_their_shape(line: str, intent: Intent) -> None:
    assert intent_of(line) is intent


@pytest.mark.parametrize("line, invited", [
    # Gossip of what happened, with a place and a time, is no invitation ...
    ("Half the street was up last night because a chimney collapsed at Rosa's Bakery this morning. You heard?",
     False),
    # ... news of something ahead, asked along to, is.
    ("A lantern walk is starting at the Duck Pond on Friday at 7pm. Coming along?", True),
    ("Rosa is hosting a board-game night at the Library on Saturday at 6pm. Want to come?", True),
])
def test_news_with_a_place_and_a_time_is_an_invitation_only_when_it_lies_ahead(line: str, invited: bool) -> None:
    from npc_brain.language.intent import invites

    assert invites(line) is invited
    assert (intent_of(line) is Intent.INVITE) is invited


def test_a_statement_with_a_question_of_its_own_after_it_is_read_by_the_question() -> None:
    assert intent_of("Rosa waved at me across the market today. Friendly sort, would you say?") is Intent.OPINION
    assert intent_of("You've been quiet all afternoon. What's on your mind?") is Intent.FEELING


@pytest.mark.parametrize("line, intent", [
    # Seen in play: a farewell anywhere in a line beat the question after it, and the talk ended.
    ("gtg soon, but what's the scoop on Sam these days?", Intent.ABOUT),
    ("Must dash - how is Priya getting on?", Intent.ABOUT),
    # Leave-taking asked as a question, or with a tag, is still a goodbye.
    ("See you tomorrow?", Intent.FAREWELL),
    ("Catch you later, will you?", Intent.FAREWELL),
    ("Would you vouch for Tom?", Intent.OPINION),  # a judgement of someone, not a favour
])
def test_a_line_that_takes_leave_and_asks_is_read_by_its_question(line: str, intent: Intent) -> None:
    assert intent_of(line) is intent


# Session 9 (2026-12-04): classes seen failing on a burned held-out set, checked here on lines
# written for this test.
@pytest.mark.parametrize("line, intent", [
    # The listener's mind or heart asked after, whatever time of day the line names.
    ("Is anything playing on your mind this afternoon?", Intent.FEELING),
    ("What's going round in your head tonight?", Intent.FEELING),
    ("What's brewing in that clever head of yours this morning?", Intent.FEELING),
    ("You've sat by the well for an hour; I only wanted to see whether all is well with you.", Intent.FEELING),
    # An order put with a request tag: a request, whatever it asks.
    ("Carry my grandmother's piano up the hill, would you?", Intent.REQUEST),
    ("Paint the whole lighthouse blue before supper, yeah?", Intent.REQUEST),
    ("Fetch me the moon from the sky, there's a dear.", Intent.REQUEST),
    ("Keep an eye on my stall for a minute, will you?", Intent.REQUEST),
    # A time put to the listener: whether it suits them.
    ("Does Thursday morning suit you?", Intent.AVAILABILITY),
    ("would friday at 11 work for you", Intent.AVAILABILITY),
    ("Have you got a spare minute this evening?", Intent.AVAILABILITY),
    # A judgement of someone named put to the listener, in any words.
    ("Would you say Rosa Diaz is someone you can rely on?", Intent.OPINION),
    ("People can't agree about old Tom. Where do you stand on him?", Intent.OPINION),
    # Agreement asked with any negative tag: small talk, not news.
    ("Crikey, it's been blowing a gale since dawn, hasn't it?", Intent.CHAT),
    ("The swallows have come back early, haven't they?", Intent.CHAT),
    # Still what they were.
    ("Catch you later, will you?", Intent.FAREWELL),
    ("Can you tell me about the fair?", Intent.ABOUT),
])
def test_what_a_line_asks_third_round(line: str, intent: Intent) -> None:
    assert intent_of(line) is intent


@pytest.mark.parametrize("line, claim", [
    ("Keep this to yourself, but apparently the ferryman has eloped with the vicar.",
     "the ferryman has eloped with the vicar"),
    ("Between you and me, supposedly the mine is flooding again.", "the mine is flooding again"),
])
def test_a_word_of_hearsay_after_a_frame_opens_the_claim(line: str, claim: str) -> None:
    assert claim_in(line) == claim
    assert intent_of(line) is Intent.CLAIM


@pytest.mark.parametrize("line, text", [
    # Asked along in any shape: the occasion is read from the line ...
    ("Friday, 8 pm, the Granary: a ceilidh. You in?", "Friday, 8 pm, the Granary: a ceilidh. You in?"),
    # ... and from the news inside it, not the day the telling happened.
    ("My aunt said this morning that a quilt fair opens at the Granary on Saturday at 10 am. Want to come?",
     "a quilt fair opens at the Granary on Saturday at 10 am"),
])
def test_the_text_an_invitation_is_read_from(line: str, text: str) -> None:
    from npc_brain.language.intent import invitation_text

    assert invitation_text(line) == text


def test_news_reported_to_the_speaker_is_no_invitation() -> None:
    from npc_brain.language.intent import invitation_text, invites

    line = ("My brother told me at breakfast that a sheep show will be held at the Granary on Sunday at 9 am, "
            "and I can't stop thinking about it.")
    assert not invites(line) and invitation_text(line) is None
    assert intent_of(line) is Intent.CLAIM


@pytest.mark.parametrize("line, intent", [
    # News asked back ("is that right?") is a claim, whatever occasion it names.
    ("Somebody reckoned a cheese auction will be held at the Granary at 2 pm on Friday, is that right?",
     Intent.CLAIM),
    ("Say it ain't true: the mill will close at the Granary at noon on Thursday?", Intent.CLAIM),
    # A favour asked after the trouble that prompts it.
    ("The cart's lost a wheel and the mule has bolted. Could you haul my barrels to the quay for me?",
     Intent.REQUEST),
    # A tag question closing the first sentence asks agreement; the sentence after it states.
    ("Freezing out, isn't it? Even the ducks look fed up.", Intent.CHAT),
    ("Scorcher of a morning, eh? The dogs won't leave the shade.", Intent.CHAT),
    # Someone named, judged by the sort they are, or asked about by pronoun after a comma.
    ("Is Rosa the kind who keeps a secret, or the kind who spreads it?", Intent.OPINION),
    ("what's the deal with Tom, is he decent or not", Intent.OPINION),
    # What the listener carries inside.
    ("How are your spirits this week?", Intent.FEELING),
    ("Anything you'd like to get off your chest?", Intent.FEELING),
    # A shop or place that would have something.
    ("I'm out of nails and twine. Which shop might sell both?", Intent.RECOMMEND),
])
def test_what_a_line_asks_fourth_round(line: str, intent: Intent) -> None:
    assert intent_of(line) is intent


@pytest.mark.parametrize("line", ["Right, I'll love you and leave you.", "Ta-ta for now!", "All the best, then."])
def test_more_ways_to_take_leave(line: str) -> None:
    assert intent_of(line) is Intent.FAREWELL


@pytest.mark.parametrize("line, intent", [
    ("Give me the scoop on old Tom, would you?", Intent.ABOUT),  # an order to tell is a question
    ("sorry to butt in but is Rosa friendly?", Intent.ABOUT),  # the question after "but"
])
def test_a_question_inside_an_order_or_after_but(line: str, intent: Intent) -> None:
    assert intent_of(line) is intent


def test_agreement_asked_with_a_verb_after_the_tag_is_small_talk() -> None:
    # Seen under Xvfb (session 9): "Chilly in here today, don't you reckon?" got the NPC's doing.
    assert intent_of("Damp old morning, don't you agree?") is Intent.CHAT


# Thirteenth session: classes the twelfth session's held-out set 3 left failing, checked on lines
# written for this test (none of that set's own lines).
@pytest.mark.parametrize("line, intent", [
    ("hiya, fancy coming to our barn dance on saturday at 6", Intent.INVITE),  # what follows a greeting
    ("morning! want to come along to the regatta tomorrow", Intent.INVITE),
    ("hello again, the ferry is cancelled today", Intent.CLAIM),
    ("hi, I only came to say hello", Intent.GREETING),
    ("hey there, lovely day", Intent.GREETING),  # small talk after a greeting is still the greeting
    ("you available round quarter past five", Intent.AVAILABILITY),  # a time said in words
    ("are you busy on thursday evening", Intent.AVAILABILITY),
    ("folks say the lighthouse is haunted", Intent.CLAIM),  # "say" with no "that"
    ("everybody says theres a storm coming tonight", Intent.CLAIM),  # the apostrophe left out
    ("wanna play cards at the pub saturday", Intent.INVITE),  # "want to", its "you" left out, with a day
    ("u want to go fishing sunday morning", Intent.INVITE),
    ("wanna hear a joke", Intent.CHAT),  # no time: no invitation
    ("is the bakery still serving", Intent.HOURS),  # serving and staffed as open
    ("how late does the inn serve dinner", Intent.HOURS),
    ("will the ferry office be staffed on monday", Intent.HOURS),
])
def test_what_follows_a_greeting_and_times_in_words_are_read(line: str, intent: Intent) -> None:
    assert intent_of(line) == intent


def test_what_is_served_is_no_question_of_hours() -> None:
    assert intent_of("what are you serving this morning?") != Intent.HOURS
    assert intent_of("do you serve breakfast?") != Intent.HOURS


def test_say_with_a_subject_of_its_own_is_no_news() -> None:
    assert claim_in("I say we go") is None
    assert claim_in("they say hi") is None


def test_an_invitation_to_a_place_at_a_clock_time_is_an_occasion_of_today_or_tomorrow() -> None:
    from datetime import datetime

    from npc_brain.language.gazetteer import Gazetteer
    from npc_brain.language.intent import invitation_text
    from npc_brain.language.occasions import occasion_in

    towns = Gazetteer.of([("The Salty Dog Tavern", "port:tavern"), ("Lighthouse Green", "port:green")], ["Ida Marsh"])
    now = datetime(2024, 5, 6, 11, 0)
    line = "fancy coming down to the salty dog with me at quarter to seven"
    met = occasion_in(invitation_text(line) or "", now, towns, speaker="Player", today=True)
    assert met is not None and met.address == "port:tavern" and met.start == datetime(2024, 5, 6, 18, 45)
    assert met.what == "get-together"  # no name of its own: not "to" or "with"
    later = occasion_in(invitation_text("wanna come to lighthouse green at 9?") or "", now, towns, today=True)
    assert later is not None and later.start == datetime(2024, 5, 6, 21, 0)  # 9 am has passed: tonight
    early = occasion_in(invitation_text("wanna come to lighthouse green at 9am?") or "", now, towns, today=True)
    assert early is not None and early.start == datetime(2024, 5, 7, 9, 0)  # said as morning: tomorrow's
    tonight = occasion_in("fancy a pint at the salty dog at half seven", now, towns, today=True)
    assert tonight is not None and tonight.start == datetime(2024, 5, 6, 19, 30)  # passed this morning: tonight
    # Not asked along, a clock time alone makes no occasion (a habit, a plan).
    assert occasion_in("the tavern opens at 7", now, towns) is None


@pytest.mark.parametrize("line, intent", [
    ("did ya hear the bakery is shutting for a fortnight", Intent.CLAIM),  # "did you hear" + a clause
    ("oi, did you hear the harbourmaster's retiring", Intent.CLAIM),
    ("did you hear the storm last night?", Intent.PAST),  # no clause: a question
    ("dropped my reading glasses on the quay earlier, anyone pick them up", Intent.SEEN),  # a thing lost
    ("I lost track of the time", Intent.CHAT),
    ("right, ta, catch you tomorrow", Intent.FAREWELL),
    ("got some free time before 2?", Intent.AVAILABILITY),
    ("we could meet at the boathouse at ten past four", Intent.AVAILABILITY),
    ("do you have a girlfriend", Intent.PEOPLE),
])
def test_lines_of_held_out_set_4s_classes_are_read(line: str, intent: Intent) -> None:
    assert intent_of(line) == intent


def test_a_lost_thing_is_what_is_sought() -> None:
    from npc_brain.language.sighting import sought

    found = sought("dropped my reading glasses on the quay earlier, anyone pick them up")
    assert found is not None and found.thing == "your reading glasses" and found.past
    assert claim_in("did ya hear the bakery is shutting for a fortnight") == "the bakery is shutting for a fortnight"


def test_you_got_with_an_object_asks_and_agreement_stays_chat() -> None:
    assert intent_of("u got a girlfriend or r u single lol") == Intent.PEOPLE
    assert intent_of("you got it") == Intent.CHAT
    assert intent_of("you got me there") == Intent.CHAT


@pytest.mark.parametrize(("sentence", "now"), [
    ("The council is debating the budget at the town hall", True),
    ("Bram is rebuilding the old pier", True),
    ("Maria reached five hundred followers on her stream last week", False),
    ("Tom was painting the fence when it rained", False),  # it was going on, then
    ("Ines is working as a nurse", False),  # a state, not something going on
])
def test_under_way_is_what_goes_on_now(sentence: str, now: bool) -> None:
    from npc_brain.language.aspect import under_way

    assert under_way(sentence) is now
