# ruff: noqa: E501  (data: the lines as their writer typed them)
"""Held-out open phrasing set 9 of `eval grounding --questions open`, written after 4337bfc (the tenth session's
last change) by someone who read neither the question reader's code, its examples nor its tests, and run once
(see `grounding_open_phrasings`)."""
from __future__ import annotations

__all__ = ["OPEN_HELD_OUT_9"]

OPEN_HELD_OUT_9: dict[str, tuple[str, ...]] = {
    "opinion": (
        "Be honest with me now, how do you get on with {person}?",
        "so whats the deal with {first}, good egg or nah",
        "I'd be most grateful for your candid assessment of {person}'s character.",
        "{first}? You know them better than I do. Trustworthy sort?",
        "ok random q but is {first} actually nice or just pretending",
        "Folk keep mentioning {person} to me and I can't make my mind up about them, you've lived here longer, what's your read?",
        "Reckon {first}'s alright, do ye?",
    ),
    "recommendation": (
        "[eat] I'm starving, where can a person get a decent meal round here?",
        "[drink] know anywhere that pours a proper pint?",
        "[read] Is there a quiet spot in town where I could curl up with a book?",
        "[relax] where do u go when u just wanna chill and do nothing",
        "[socialize] Where would I go to meet a few friendly faces of an evening?",
        "[exercise] Any good place nearby to stretch my legs and get the heart pumping?",
        "[shop] I need to pick up a few odds and ends. Which shop would you point me to?",
    ),
    "feeling": (
        "You look a bit far away today. Everything alright in there?",
        "hows ur head today",
        "Might I ask how your spirits are holding up this week?",
        "Penny for your thoughts?",
        "You've gone awful quiet, love. Summat bothering you?",
        "I was just wondering, and tell me to mind my own business if you like, but how are you actually doing lately, not the polite answer, the real one?",
        "feeling ok?",
    ),
    "greeting": (
        "Morning!",
        "heyyy",
        "Good day to you, neighbour.",
        "Well, look who it is. Hello there!",
        "Ey up.",
        "Greetings and salutations.",
        "hi hi",
    ),
    "farewell": (
        "Right, I'd best be off. Take care.",
        "cya",
        "Until we meet again, farewell.",
        "Catch you later!",
        "I'll leave you to it then. Bye for now.",
        "Ta-ra, pet.",
        "gotta run, bye!!",
    ),
    "thanks": (
        "Thank you kindly.",
        "ty sm",
        "I really appreciate that, truly.",
        "Cheers, mate, you're a star.",
        "Much obliged to you.",
        "That's ever so good of you, thanks a million.",
        "thx",
    ),
    "small talk": (
        "Bit nippy out today, isn't it?",
        "rain again huh. this town never dries out",
        "Did you notice the market was absolutely heaving this morning?",
        "Lovely sunset last night, I stood on the bridge and watched the whole thing.",
        "Those geese by the pond are getting bolder by the day.",
        "The fog rolling in off the hills this morning was something else, I couldn't see my own boots on the way down the lane and I nearly walked into the well.",
        "Quiet round here lately, eh?",
    ),
    "availability": (
        "Would you happen to have a spare moment around {time}?",
        "u free at {time}?",
        "Any chance you could spare me half an hour at {time}, or are you tied up?",
        "Is {time} any good for you, or have you got stuff on?",
        "[morning] You about this morning at all, or is it a busy one?",
        "[evening] Got anything on tonight, or are you free?",
        "[tomorrow morning] Would you have some time to yourself first thing tomorrow?",
    ),
    "request": (
        "Could you make it stop raining for a week?",
        "can u teach me to fly like by friday",
        "I'd like you to move the mountain a little to the left, if it's no trouble.",
        "Bring my old dog back to life for me, would you?",
        "Please turn this pebble into solid gold.",
        "Would you mind rebuilding the entire town hall by yourself before supper?",
        "make me king of the whole country pls",
    ),
    "invitation": (
        "We're having {occasion} at {place} tomorrow at {time}, and I'd love you to come.",
        "yo {occasion} tomorrow, {place}, {time}. u in?",
        "It would be an honour if you would join us for {occasion} at {place} tomorrow, around {time}.",
        "Fancy {occasion} tomorrow? {place}, {time}, bring yourself and an appetite.",
        "Tomorrow at {time} there's {occasion} down at {place}. Say you'll come!",
        "So a few of us have got together and decided to put on {occasion}, nothing fancy, just at {place} tomorrow, starting about {time}, and it wouldn't be the same without you.",
        "Come to {occasion} at {place}, {time} tomorrow?",
    ),
    "claim": (
        "I heard {claim}.",
        "apparently {claim} lol",
        "Word down at the market is that {claim}.",
        "Did you know {claim}? That's what someone told me, anyway.",
        "Rumour has it {claim}.",
        "Now, I don't like to gossip, but a little bird told me {claim}, and I haven't been able to stop thinking about it since.",
        "They're saying {claim}, would you believe.",
    ),
}
