"""Clock times said in words are read as times wherever the kit reads times, as their digits are."""
from __future__ import annotations

from datetime import datetime

import pytest

from npc_brain.language.clock_text import clock_text
from npc_brain.language.dates import hours_in, mentions_later, when_in
from npc_brain.language.facts import facts_in, times_in
from npc_brain.language.phrasing import hours_in as plan_hours_in

MONDAY = datetime(2023, 2, 13, 10, 0)


def hm(minutes: int | None) -> str | None:
    return None if minutes is None else f"{minutes // 60:02d}:{minutes % 60:02d}"


@pytest.mark.parametrize(("line", "start"), [
    ("Meet me at half past two by the fountain.", "14:30"),  # as "at 2:30" is read: 1 to 6 are afternoon
    ("barbecue at mine, Saturday, quarter past four", "16:15"),
    ("See you at half two?", "14:30"),  # British
    ("Dinner's at half seven, don't be late.", "07:30"),
    ("The stall shuts at quarter to five.", "16:45"),
    ("Come by at a quarter to twelve", "11:45"),
    ("quarter to one", "12:45"),
    ("It starts at ten past six", "18:10"),
    ("We leave at twenty to nine sharp", "08:40"),
    ("Be there at twenty-five past three", "15:25"),
    ("five minutes to six, then", "17:55"),
    ("It opens at five o'clock", "17:00"),
    ("Lunch at three thirty?", "15:30"),
    ("The coach goes at seven fifteen from the square", "07:15"),
    ("Meet me at six oh five", "18:05"),
    ("I'll be there at eleven am", "11:00"),
    ("at eleven a.m. on the dot", "11:00"),
    ("The fair opens at two in the afternoon", "14:00"),
    ("Come round at nine in the morning", "09:00"),
    ("The bonfire is lit at eight at night", "20:00"),
    ("See you at eight in the evening", "20:00"),
    ("The bell rang at two at night", "02:00"),  # 2 am: the night runs past midnight
    ("We met at twelve at night", "00:00"),
    ("half past 2 by the well", "14:30"),  # digits mixed in
    ("quarter to 5 at the gate", "16:45"),
    ("at 5:30 in the afternoon", "17:30"),
    ("at 6 in the evening", "18:00"),
    ("Meet me at eight by the mill", "08:00"),  # a bare hour, as "at 8" is read
    ("Shall we say around four?", "16:00"),
    ("at half past two in the afternoon", "14:30"),
    ("quarter past midnight", "00:15"),
    ("It ends at quarter to midnight", "23:45"),
])
def test_a_clock_time_said_in_words_is_read(line: str, start: str) -> None:
    assert hm(hours_in(line)[0]) == start


@pytest.mark.parametrize(("words", "digits"), [
    ("Meet me at half past four", "Meet me at 4:30"),
    ("See you at four", "See you at 4"),
    ("Come at five o'clock", "Come at 5:00"),
    ("Meet me at five to seven", "Meet me at 6:55"),
])
def test_a_time_in_words_is_read_as_its_digits_are(words: str, digits: str) -> None:
    """Whatever rule reads a bare "at 4" (today: as written, 04:00) reads "at four" the same."""
    assert hours_in(words)[:2] == hours_in(digits)[:2]
    assert times_in(words) == times_in(digits)


@pytest.mark.parametrize(("line", "start", "end"), [
    ("The party runs from five to seven pm", "17:00", "19:00"),  # the end's pm, as for "from 5 to 7 pm"
    ("open between nine and ten", "09:00", "10:00"),
    ("open between nine and five", "09:00", "17:00"),  # as "between 9 and 5": five is in the afternoon
    ("from half past four to six pm", "16:30", "18:00"),
    ("from 5 to seven in the evening", "17:00", "19:00"),
    ("from five till half past seven", "17:00", "19:30"),  # both in the afternoon, as the start
])
def test_a_range_said_in_words_is_read_as_a_range(line: str, start: str, end: str) -> None:
    found = hours_in(line)
    assert (hm(found[0]), hm(found[1])) == (start, end)


@pytest.mark.parametrize("line", [
    "I have two cats",
    "one of them said so",
    "She ate a quarter of the cake",
    "half the town turned up",
    "The mill is at five minutes' walk from here",
    "my ten-year-old loves the pond",
    "They came in one by one",
    "I moved from one farm to another",
    "between two and three of us will come",
    "at one point I nearly left",
    "He's about five feet tall",
    "We bought two twenty-pound sacks",
    "Cut it in half, two times",
    "I waited a quarter of an hour",
    "It was half past the point of caring",
])
def test_words_that_count_are_no_time(line: str) -> None:
    assert hours_in(line) == (None, None, ())
    assert times_in(line) == frozenset()
    assert not mentions_later(line)
    assert clock_text(line).text == line


def test_the_spans_are_the_original_texts_words() -> None:
    line = "Come to my barbecue on Saturday at half past four in the afternoon by the fountain."
    when = when_in(line, MONDAY)
    assert when is not None and hm(when.start) == "16:30"
    assert [line[a:b] for a, b in when.spans] == ["on Saturday", "half past four in the afternoon"]
    tonight = "Supper at eight tonight?"
    when = when_in(tonight, MONDAY)
    assert when is not None and when.day == MONDAY.date() and hm(when.start) == "20:00"
    assert [tonight[a:b] for a, b in when.spans] == ["tonight", "eight"]  # "tonight" stays the day's


def test_facts_and_plans_read_worded_times_too() -> None:
    assert times_in("I'll be there at half past five in the evening") == {"17:30"}
    assert times_in("quarter to five, or 4:45 pm") == {"16:45"}  # a bare 1 to 6 is the afternoon
    assert "14:00" in facts_in("The fair opens at two in the afternoon at Johnson Park")
    assert plan_hours_in("opening the stall at two in the afternoon") == (14, None)


def test_an_invitation_said_in_words_keeps_its_hour() -> None:
    from npc_brain.language.intent import Intent, intent_of, invitation_text
    from tests.cognition.memories import READER, T

    line = "Come to my barbecue on Saturday at half past four in the afternoon by the Duck Pond."
    assert intent_of(line) is Intent.INVITE
    text = invitation_text(line)
    assert text is not None
    party = READER.occasion(text, T, speaker="Alex")
    assert party is not None and party.timed
    assert (party.what, party.host, f"{party.start:%A %H:%M}") == ("barbecue", "Alex", "Saturday 16:30")
    bare = READER.occasion("Come to my barbecue on Saturday at half past four by the Duck Pond.", T, speaker="Alex")
    digits = READER.occasion("Come to my barbecue on Saturday at 4:30 by the Duck Pond.", T, speaker="Alex")
    assert bare is not None and f"{bare.start:%H:%M}" == "16:30"
    assert bare is not None and bare == digits  # no am/pm: read as "4:30" is


def test_a_worded_hour_makes_a_question_about_that_time() -> None:
    from npc_brain.language.intent import Intent, intent_of

    assert intent_of("Would half past two work for you?") is Intent.AVAILABILITY
    assert intent_of("What are you up to at quarter to five in the afternoon?") is Intent.FUTURE


# Sentences written after the reader worked, run once as they were written (see the commit message).
@pytest.mark.parametrize(("line", "start"), [
    ("The ferry leaves at quarter past eleven.", "11:15"),
    ("Can you meet me by the old oak at half past nine?", "09:30"),
    ("Rehearsal's at ten to eight tomorrow", "07:50"),
    ("The market closes at six o'clock on Fridays", "18:00"),
    ("We'll eat at seven thirty in the evening", "19:30"),
    ("I wake at six in the morning most days", "06:00"),
    ("The dance starts at nine at night", "21:00"),
    ("Let's do half eight at the pub", "08:30"),
    ("The shop opens around ten.", "10:00"),
    ("Try after lunch, say twenty past one?", "13:20"),
    ("Meet me at the gate at quarter past 3", "15:15"),
    ("The choir sings at twelve fifteen", "12:15"),
    ("I'll knock at eleven forty-five", "11:45"),
    ("Tea is at four in the afternoon sharp", "16:00"),
    ("It was three in the morning when the storm hit", "03:00"),
    ("The race runs from ten to noon", "10:00"),
    ("Supper at half past six tonight", "18:30"),
    ("Come over at nine tomorrow morning", "09:00"),
    ("The vote is at five past twelve", "12:05"),
    ("the lantern walk begins at a quarter past eight in the evening", "20:15"),
])
def test_new_sentences_with_a_worded_time(line: str, start: str) -> None:
    assert hm(hours_in(line)[0]) == start


@pytest.mark.parametrize("line", [
    "Two of the sheep got out",
    "I bought three apples and a half loaf",
    "She is nine years old",
    "We walked for a quarter mile",
    "At first, one or two people came",
    "I've read half of the books",
    "He scored at five different fairs",
    "There were about twenty at the fair",
    "The twins are eleven and twelve",
    "She lives at number four on Mill Lane",
    "Pick one at random",
    "The motion passed by two votes",
])
def test_new_sentences_without_a_time(line: str) -> None:
    assert hours_in(line) == (None, None, ())
    assert times_in(line) == frozenset()


@pytest.mark.parametrize(("line", "start", "end"), [
    ("Saturday at 4", "16:00", None),  # nobody arranges anything at four in the morning
    ("tomorrow at 8", "08:00", None),
    ("at 06:30 sharp", "06:30", None),  # a leading zero is a 24-hour clock
    ("at 4 am", "04:00", None),
    ("from 5 to 7", "17:00", "19:00"),  # the end in the afternoon too, as the start
    ("from 9 to 5", "09:00", "17:00"),
    ("from 10 to 2", "10:00", "14:00"),
    # An evening named anywhere puts a bare hour in the evening (seen in play: "tonight at 8" was 8 am).
    ("fancy a pint tonight at 8?", "20:00", None),
    ("this evening at 7", "19:00", None),
    ("at 8 tomorrow morning", "08:00", None),
])
def test_a_bare_hour_from_one_to_six_is_in_the_afternoon(line: str, start: str, end: str | None) -> None:
    s, e, _ = hours_in(line)
    assert (hm(s), hm(e)) == (start, end)


def test_weekdays_as_players_shorten_them() -> None:
    from datetime import date, datetime

    from npc_brain.language.dates import day_in

    monday = datetime(2024, 6, 3, 11, 0)
    assert day_in("quiz night thurs at 8", monday)[0] == date(2024, 6, 6)
    assert day_in("free on tues?", monday)[0] == date(2024, 6, 4)
    assert day_in("c'mon, tell me", monday) is None  # not Monday
    assert day_in("I sat by the pond in the sun", monday) is None  # words, not days


def test_a_bare_morning_hour_at_a_place_closed_then_is_the_evening_one() -> None:
    from datetime import datetime, time

    from npc_brain.language.dates import says_morning
    from npc_brain.world.hours import open_half_of_day

    eight = datetime(2024, 6, 6, 8, 0)
    assert open_half_of_day(time(12), time(0), eight) == datetime(2024, 6, 6, 20, 0)  # a tavern, noon to midnight
    assert open_half_of_day(time(7), time(21), eight) == eight  # a market open at 8 am
    assert open_half_of_day(None, None, eight) == eight  # no hours: as said
    assert open_half_of_day(time(12), time(0), datetime(2024, 6, 6, 13, 0)).hour == 13
    assert says_morning("breakfast at 8am?") and says_morning("tomorrow morning at 9")
    assert not says_morning("the quiz thurs at 8")
