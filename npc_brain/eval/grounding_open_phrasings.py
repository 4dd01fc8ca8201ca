"""The phrasing sets of `eval grounding --questions open`, by name (`OPEN_PHRASINGS`).

Like `grounding_cases.PHRASINGS`: "dev", the set the question reader was developed against;
"held-out-1", written after the then-last change to the reader by someone who did not read its
code, and run once; "held-out-2", written after the reader's change of 2026-12-03 (commit 6ca6d0b)
the same way. "held-out-3" (after 6acb108), "held-out-4" (after 197705e), "held-out-5" (after
4c58213), "held-out-6" (after 3a6afc1), "held-out-7" (after d14e237), "held-out-8" (after d810b83)
and "held-out-9" (after 4337bfc) were written by someone who read neither the reader's code, its
examples nor its tests, and are run once. A template may start with a tag: `[eat]`
(recommendation: the purpose the place must serve) or `[evening]` (availability: the period asked,
`grounding_open.PERIODS`). The held-out sets live in `grounding_open_held_out` (1–4),
`grounding_open_held_out_late` (5–7), `grounding_open_held_out_8` and `grounding_open_held_out_9`.
"""
from __future__ import annotations

from npc_brain.eval.grounding_open_held_out import OPEN_HELD_OUT_1, OPEN_HELD_OUT_2, OPEN_HELD_OUT_3, OPEN_HELD_OUT_4
from npc_brain.eval.grounding_open_held_out_8 import OPEN_HELD_OUT_8
from npc_brain.eval.grounding_open_held_out_9 import OPEN_HELD_OUT_9
from npc_brain.eval.grounding_open_held_out_late import OPEN_HELD_OUT_5, OPEN_HELD_OUT_6, OPEN_HELD_OUT_7

__all__ = ["OPEN_PHRASINGS"]

OPEN_DEV: dict[str, tuple[str, ...]] = {
    "opinion": ("What do you think of {person}?", "How do you get on with {first}?", "What's {first} like?",
                "Is {first} a good friend of yours?", "Do you like {person}?",
                "Tell me honestly, what's your opinion of {first}?"),
    "recommendation": ("[eat] Where can I get a good meal around here?",
                       "[read] Is there a quiet place where I could read for a while?",
                       "[relax] Where do people go to relax in this town?",
                       "[socialize] Where's a good spot to meet people?",
                       "[drink] Can you recommend somewhere to grab a drink?",
                       "[exercise] Where could I go for a run or some exercise?",
                       "[study] Where's a good place to study?",
                       "[shop] Where can I buy groceries?"),
    "feeling": ("How are you feeling today?", "What's on your mind?",
                "You look thoughtful. Is something bothering you?", "How have you been lately?",
                "Are you happy here?", "What has been on your mind this week?"),
    "greeting": ("Hello!", "Good morning!", "Hi there, nice to see you.", "Hey! How's it going?", "Good evening.",
                 "Howdy, neighbour!"),
    "farewell": ("Goodbye!", "See you later.", "I have to go now. Bye!", "Take care, talk soon.", "Good night!",
                 "Well, I'd better be off. See you around."),
    "thanks": ("Thank you!", "Thanks, that's really kind of you.", "Thanks for the chat.", "I appreciate your help.",
               "Cheers, that helps a lot.", "Many thanks."),
    "small talk": ("Lovely weather today, isn't it?", "It's a bit chilly this morning.", "Busy day in town, huh?",
                   "Nice place you've got here.", "I love how quiet this town is.", "What a day it's been!"),
    "availability": ("Are you free at {time}?", "Do you have time at {time} today?", "Could we meet at {time}?",
                     "Will you be busy around {time}?", "[evening] What about this evening, are you free?",
                     "[tomorrow morning] Are you free tomorrow morning?"),
    "request": ("Could you lend me a thousand dollars?", "Can you give me a ride to the city in your car?",
                "Would you fix the roof of my house tonight?", "Can you teach me to fly a helicopter?",
                "Could you look after my three dogs for a month?",
                "Can you get me a ticket for tonight's football final?"),
    "invitation": ("There's {occasion} at {place} at {time} tomorrow. Would you like to come?",
                   "Want to join me for {occasion} at {place} tomorrow at {time}?",
                   "I'm going to {occasion} at {place} at {time} tomorrow. Come along?",
                   "Would you come with me to {occasion} at {place} tomorrow at {time}?",
                   "How about {occasion} at {place}, tomorrow at {time}? You in?",
                   "Are you coming to {occasion} at {place} at {time} tomorrow? I'd love the company."),
    "claim": ("I heard that {claim}. Is that true?", "Someone told me {claim}.", "Apparently {claim}?",
              "Is it true that {claim}?", "People are saying {claim}. Did you hear?", "Rumour has it {claim}."),
}
"""The open set's lines, written for issue 25 (2026-12) before the lead's question reader for them existed;
"claim" serves both claim kinds (the agent's knowledge makes the difference)."""

OPEN_PHRASINGS: dict[str, dict[str, tuple[str, ...]]] = {"dev": OPEN_DEV, "held-out-1": OPEN_HELD_OUT_1,
                                                         "held-out-2": OPEN_HELD_OUT_2, "held-out-3": OPEN_HELD_OUT_3,
                                                         "held-out-4": OPEN_HELD_OUT_4, "held-out-5": OPEN_HELD_OUT_5,
                                                         "held-out-6": OPEN_HELD_OUT_6, "held-out-7": OPEN_HELD_OUT_7,
                                                         "held-out-8": OPEN_HELD_OUT_8,
                                                         "held-out-9": OPEN_HELD_OUT_9}
"""The open question sets `eval grounding --questions open --phrasings` picks from."""
