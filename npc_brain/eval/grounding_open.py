"""`eval grounding --questions open`: everyday player lines beyond the paper's five categories.

Twelve kinds of line a player says to an NPC — an opinion of a resident it knows, a
recommendation (a place to eat, read, relax …), how it feels, a greeting, a farewell, thanks,
small talk, whether it is free at a time, a request it cannot fulfil, an invitation to an
occasion at a place and time of the map, a claim it knows about (news the evaluation told it)
and a claim it cannot know — each with the ground kinds (`Said.grounded.ground.kind`) that
answer it (`ELIGIBLE`) and what the answer must carry, taken from the agent's own state when
the case is made (`OpenCase`). The lines were written for this evaluation without reading the
question reader's code or examples (held out from it). `OPEN_PHRASINGS` holds the sets by name,
like `grounding_cases.PHRASINGS`: "dev", the set the reader was developed against;
"held-out-1", written after the then-last change to the question reader by someone who did not
read the reader's code, and run once; and "held-out-2", written after the question reader's
change of 2026-12-03 (commit 6ca6d0b) by someone who did not read the reader's code, and run
once. "held-out-3" was written after the question reader's other change of that day (commit 6acb108)
by someone who did not read the reader's code, examples or tests, and is run once. "held-out-4" was written after
the question reader's change of 2026-12-03 (commit 197705e) by someone who did not read the reader's code, examples
or tests, and is run once. "held-out-5" was written after the question reader's change of 2026-12-03 (commit
4c58213) by someone who did not read the reader's code, examples or tests, and is run once. A template may start
with a tag: `[eat]` (recommendation: the purpose the place must serve) or `[evening]` (availability: the period asked,
`PERIODS`).
"""
from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from typing import Any

from npc_brain.eval.grounding_cases import News, clock

KINDS = ("opinion", "recommendation", "feeling", "greeting", "farewell", "thanks", "small talk", "availability",
         "request", "invitation", "known claim", "unknown claim")
"""The open question kinds, in the order an agent is asked them."""

ELIGIBLE: Mapping[str, tuple[str, ...]] = {
    "opinion": ("relation", "memory", "unknown"),
    "recommendation": ("place", "unknown"),
    "feeling": ("feeling", "memory"),
    "greeting": ("greeting", "small talk", "offer"),
    "farewell": ("farewell",),
    "thanks": ("small talk", "greeting", "farewell"),
    "small talk": ("small talk", "greeting", "feeling"),
    "availability": ("plan", "unknown"),
    "request": ("offer", "decline"),
    "invitation": ("accept", "decline"),
    "known claim": ("memory",),
    "unknown claim": ("unknown",),
}
"""Kind → the ground kinds that answer it."""

SOCIAL = ("greeting", "farewell", "thanks")
"""Kinds a schedule line never answers (`schedule_to_social`)."""

PERIODS: Mapping[str, tuple[int, int, int]] = {
    "morning": (0, 8, 12), "afternoon": (0, 12, 17), "evening": (0, 17, 22), "tomorrow morning": (1, 8, 12),
}
"""Availability tags → (days ahead, first hour, end hour)."""

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

OPEN_HELD_OUT_1: dict[str, tuple[str, ...]] = {
    "opinion": ("What's your take on {first}?", "You and {first} seem to know each other. How's that going?",
                "I've only met {person} once. What should I know about them?",
                "Would you trust {first} with a secret?",
                "Everyone in town has something to say about {first}. What's your impression?",
                "Any thoughts on {person}? I'm still figuring out who's who around here."),
    "recommendation": ("[eat] I'm starving. Anywhere decent to eat nearby?",
                       "[drink] Where do the locals go when they want a drink?",
                       "[read] Where would you go if you wanted to curl up with a book for an afternoon?",
                       "[relax] I need a break from everything. Got a favourite spot to just unwind?",
                       "[shop] I'm out of milk and bread. Where's the nearest shop?",
                       "[exercise] I've been meaning to get back in shape. Anywhere in town to work out?",
                       "[socialize] I'm new here and don't know anyone yet. Where does everybody hang out?"),
    "feeling": ("Be honest, are you doing okay these days?",
                "How are things with you, really? Not just the polite answer.",
                "What's got you in such a good mood?",
                "Honestly, do you ever feel lonely in a small town like this?",
                "Rough day? You look worn out.", "Has anything been stressing you out recently?"),
    "greeting": ("Hiya!", "Oh hey, didn't expect to run into you here!", "Good afternoon, how do you do?",
                 "Well hello there, stranger!", "Hey you! Long time no see.",
                 "Hi, I'm new in town and just wanted to say hello."),
    "farewell": ("Alright, I'm heading out. Catch you later!", "Bye for now!",
                 "I won't keep you any longer. Have a good one!",
                 "It's getting late and I should head home. Sleep well!", "Gotta run! Until next time.",
                 "Anyway, I'll let you get back to work. Enjoy the rest of your day, bye!"),
    "thanks": ("Ah, thanks so much, you really didn't have to!", "That's exactly what I needed to know, thank you!",
               "You're a lifesaver, really.", "I owe you one!", "Much obliged.",
               "Thank you kindly, I won't forget this."),
    "small talk": ("Looks like it might rain later.",
                   "The flowers along the road are really coming in nicely this year.",
                   "Did you catch the sunset yesterday? It was gorgeous.",
                   "Can you believe it's almost the weekend already?",
                   "Time sure flies around here, doesn't it?", "This town really grows on you after a while."),
    "availability": ("Got anything going on at {time}?", "I was hoping to catch you at {time}. Will you be around?",
                     "What are you up to at {time}?", "Would {time} work for you, or are you tied up then?",
                     "[evening] Got any plans for tonight?",
                     "[evening] Would you have some time later this evening, or is it packed?",
                     "[tomorrow morning] What's your morning looking like tomorrow?"),
    "request": ("Could you build me a boat by the end of the week?",
                "Would you mind translating this old letter from ancient Greek for me?",
                "Could you do my taxes for the next five years?",
                "Would you paint my whole house this weekend? I'd pay you in cookies.",
                "Can you fix my laptop? The screen's completely shattered.",
                "Can you move my piano up three flights of stairs this afternoon?"),
    "invitation": ("A few of us are heading to {occasion} at {place} tomorrow at {time}. Want to tag along?",
                   "Hey, I've got a spare spot for {occasion} tomorrow at {place}, {time}. Interested?",
                   "It'd be great if you could make it to {occasion} at {place} tomorrow, say around {time}.",
                   "You should come to {occasion} with me tomorrow! It's at {place}, starting at {time}.",
                   "Would you care to accompany me to {occasion} at {place}? It's tomorrow at {time}.",
                   "I'd really like it if you came to {occasion} at {place} tomorrow at {time}. What do you say?"),
    "claim": ("Wait, {claim}? Since when?", "Did you catch the news that {claim}?",
              "My cousin just wrote to me that {claim}. Do you know anything about it?",
              "I read in the paper this morning that {claim}. Any idea if it's right?",
              "So {claim}, or is that just gossip?",
              "Can you settle something for me? My friend insists {claim}.",
              "Any truth to the story that {claim}?"),
}
"""The first held-out open set, written after the then-last change to the question reader by someone who did
not read the reader's code or examples, with the dev set's keys, tags and placeholders; run once."""

OPEN_HELD_OUT_2: dict[str, tuple[str, ...]] = {
    "opinion": ("So what's the deal with {first}? Good sort?", "How well do you know {person}, actually?",
                "{first} was a bit short with me at the market this morning. Are they always like that?",
                "Be straight with me: is {person} worth getting to know?",
                "If you had to sum up {first} in three words, what would they be?",
                "What would you say is {first}'s best quality?",
                "Reckon {person} would be a good person to go into business with?"),
    "recommendation": ("[eat] Where would you send a hungry visitor for lunch?",
                       "[drink] After the week I've had, I could murder a pint. Where's good?",
                       "[study] I've got exams coming up and can't concentrate at home. Somewhere I could revise "
                       "in peace?",
                       "[exercise] I'm going stir-crazy. Where can a person get some proper exercise round here?",
                       "[shop] Need to pick up a few bits and bobs for dinner. Where do you do your shopping?",
                       "[socialize] Where's the place to be on a Friday night if you want to make some friends?",
                       "[read] Know anywhere I could sit with a novel and not be bothered?"),
    "feeling": ("You alright? You're quieter than usual.", "How's life treating you?",
                "I don't mean to pry, but you've seemed a bit down lately. Is everything okay?",
                "Are you keeping well?", "Out of ten, how's your day going?", "Been a good week for you so far?"),
    "greeting": ("Yo, what's up?", "G'day!", "Alright, mate?", "Top of the morning to you!",
                 "Hi! Hope I'm not interrupting.", "Hello! I don't think we've properly met yet. Nice to meet you.",
                 "Hey, there you are! I was hoping I'd bump into you."),
    "farewell": ("Right, I'm off. Cheerio!", "Later!", "I've kept you long enough. Mind how you go.",
                 "See ya tomorrow, then!",
                 "Okay, I need to get going before the shops close. Have a lovely evening!",
                 "Nice chatting with you. I'll swing by again soon, bye!", "Peace out!"),
    "thanks": ("Ta!", "Thanks a million, you're a star.", "Bless you, that's very good of you.",
               "I can't thank you enough.", "Thanks heaps!", "Oh, perfect. Thanks, I'll remember that.",
               "That was really sweet of you. Thank you."),
    "small talk": ("Bit of a scorcher today.", "Weather can't make up its mind today. Sunshine one minute, drizzle "
                   "the next.",
                   "The leaves are already starting to turn. Autumn's creeping up on us.",
                   "Something smells amazing. Someone must be baking bread nearby.",
                   "Never seen the square this crowded.",
                   "Somebody really ought to fix that pothole on the main road one of these days.",
                   "Ah, there's nothing like a slow stroll through town to clear your head."),
    "availability": ("Any chance you'd have a spare minute at {time}?",
                     "Are you working at {time}, or have you got the time off?",
                     "Where will you be at {time}? I've got something to give you.",
                     "[evening] How's your evening shaping up? Anything on?",
                     "[evening] Will you be home tonight, or out and about?",
                     "[tomorrow morning] Are you an early riser? I was hoping to catch you first thing tomorrow, if "
                     "you're not busy.",
                     "[tomorrow morning] Have you got anything planned tomorrow before lunch?"),
    "request": ("Could you get me a table at the fanciest restaurant in Paris for tonight?",
                "Would you babysit my five kids every night next week?",
                "Can you rewire all the electrics in my barn by tomorrow morning?",
                "Any chance you could get me a signed letter from the President?",
                "Would you mind knitting me a jumper by tonight? I've got a party to go to.",
                "Do me a favour and dig a swimming pool in my back garden this week, would you?",
                "I need to get to my gran's on the other side of the ocean. Could you sail me over there?"),
    "invitation": ("Fancy {occasion} tomorrow? I was thinking {place} at {time}.",
                   "We're getting together for {occasion} at {place} tomorrow at {time}. The more the merrier, so "
                   "do come!",
                   "I'm organising {occasion} at {place} tomorrow, kicking off at {time}. It wouldn't be the same "
                   "without you. Can you make it?",
                   "If you're not busy tomorrow at {time}, meet me at {place} for {occasion}?",
                   "Tomorrow at {time} there's {occasion} over at {place}. Why don't you come with me?",
                   "Don't leave me on my own at {occasion} tomorrow! It's at {place} at {time}. Please say you'll "
                   "come.",
                   "Let's go to {occasion} together tomorrow: {place}, {time} sharp. What do you reckon?"),
    "claim": ("You'll never guess what I just heard: {claim}!", "My aunt reckons {claim}. Sounds a bit far-fetched "
              "to me.",
              "The kids at the school were going on about how {claim}. Is there anything in that?",
              "I'm not sure I believe it, but according to my neighbour, {claim}.",
              "Have I got my wires crossed, or is it really the case that {claim}?",
              "Funny thing, a fellow at the station told me {claim}. Know anything about that?",
              "I don't suppose you know whether {claim}?"),
}
"""The second held-out open set, written after the question reader's change of 2026-12-03 (commit 6ca6d0b) by
someone who did not read the reader's code or examples, with the dev set's keys, tags and placeholders; run once."""

OPEN_HELD_OUT_3: dict[str, tuple[str, ...]] = {
    "opinion": ("Are you and {first} on good terms?",
                "I'm thinking of asking {first} to help me fix my fence. Are they the dependable type?",
                "How would you describe {person} to someone who's never met them?",
                "{first} said hi to me at the bakery today. Nice person, would you say?",
                "Do you and {person} go back a long way?",
                "Is {first} someone you'd call if you were in a pinch?",
                "I keep hearing {person}'s name come up. What kind of person are they, in your view?"),
    "recommendation": ("[shop] I've run out of pretty much everything in the pantry. Where should I go to stock up?",
                       "[eat] My kitchen's a mess and I can't face cooking tonight. Who does a good dinner "
                       "around here?",
                       "[drink] Where can a guy get a cold beer in this town?",
                       "[study] I need somewhere with a desk and no distractions to get through a pile of "
                       "coursework. Ideas?",
                       "[exercise] I promised my doctor I'd get more active. Where could I go to keep fit?",
                       "[socialize] Where do folks usually get together for a chat and a laugh?",
                       "[read] I just picked up a thick new paperback. Where's a peaceful corner I could get stuck "
                       "into it?"),
    "feeling": ("How are you holding up?", "You keep staring off into the distance. Penny for your thoughts?",
                "Did you sleep all right? You seem a little run down.", "What's been the best part of your week?",
                "Feeling any better than last time I saw you?", "Anything been making you smile lately?",
                "I know it's been a hectic few days in town. How are you coping with it all?"),
    "greeting": ("Hello again!", "Heya.", "Greetings, friend.", "Well, look who it is! Hello!",
                 "Hi! I was passing by and thought I'd stop in.", "Evening! Lovely to see a friendly face.",
                 "Hello, hello!"),
    "farewell": ("So long!", "I'd better make tracks. Have a good night.",
                 "My bus leaves in ten minutes, so I'll say goodbye here. Take it easy!", "Farewell, friend!",
                 "Okay, I'll leave you to it. Bye-bye!", "Have a good weekend, see you Monday!",
                 "Time I was heading off. Look after yourself!"),
    "thanks": ("Thanks loads!", "Awesome, thank you!", "Thank you, that's a weight off my mind.",
               "That's brilliant, thanks ever so much.",
               "Thanks for taking the time to talk to me, I know you're busy.",
               "Great, thanks for pointing me in the right direction.", "You've been so kind, thank you."),
    "small talk": ("Windy out there today.", "The birds are in full voice this morning, aren't they?",
                   "Looks like the whole town came out to enjoy the sunshine.",
                   "Those clouds over the hills look a bit ominous.", "I could get used to mornings like this.",
                   "Funny how everyone seems to know everyone around here.",
                   "Phew, that hill gets steeper every time I climb it. I'm out of breath!"),
    "availability": ("Is {time} any good for you? I wanted to pop round.",
                     "Say I came looking for you at {time}, where would I find you?",
                     "Can you spare half an hour at {time}, or is that a bad time?",
                     "[evening] I might swing by after supper. Will you be around this evening?",
                     "[evening] What's on the cards for you tonight?",
                     "[tomorrow morning] Could I grab you for a quick word tomorrow morning, or is your diary full?",
                     "[tomorrow morning] Where will you be tomorrow morning, roughly?"),
    "request": ("Could you get me a seat on the next rocket to the Moon?",
                "Can you make it stop raining in time for my garden party on Saturday?",
                "Would you write me a bestselling novel by Friday? I'll put my name on it.",
                "Mind if I borrow your private jet this weekend?",
                "I've lost my passport and my flight's in an hour. Could you print me a new one?",
                "You look strong. Could you carry my car up to the top of the hill for me?",
                "Would you ship a grand piano to my sister in Australia by tomorrow morning?"),
    "invitation": ("Tomorrow, {time}, {place}: {occasion}. You coming?",
                   "My sister's roped me into {occasion} tomorrow. It's at {place} from {time}. Be my plus-one?",
                   "Save the date: {occasion} at {place}, tomorrow at {time}. I'm counting on you being there!",
                   "Hey, would you be up for {occasion} tomorrow? We'll meet at {place} around {time}.",
                   "I've been looking forward to {occasion} all week. It's tomorrow at {time}, at {place}, and it'd "
                   "be more fun with you. Join us?",
                   "I'll save you a spot at {occasion} tomorrow; it's at {place}, {time}. How does that sound?",
                   "Guess who's going to {occasion} at {place} tomorrow at {time}? Us, I hope! Say you'll come."),
    "claim": ("Word on the street is that {claim}.",
              "So I was at the post office and the woman behind the counter swore {claim}. True or not?",
              "Did you know {claim}? I only found out an hour ago.",
              "Not sure if it's common knowledge yet, but {claim}.",
              "Just a heads-up: {claim}. Thought you'd want to know.",
              "What do you make of the news that {claim}?", "Correct me if I'm wrong, but {claim}, right?"),
}
"""The third held-out open set, written on 2026-12-03 after the question reader's change of that day (commit 6acb108)
by someone who did not read the reader's code, examples or tests, with the dev set's keys, tags and placeholders; run
once."""

OPEN_HELD_OUT_4: dict[str, tuple[str, ...]] = {
    "opinion": ("Is {first} as grumpy as they look, or is that just their face?",
                "My landlady says I should make friends with {person}. Good advice, do you think?",
                "Straight answer: {first}, yay or nay?",
                "You know {person} pretty well, right? What are they really like once you get past the small talk?",
                "Can {first} be relied on to keep their word?",
                "I'm having a few people over at the weekend and thinking of asking {first}. Would they fit in, "
                "do you reckon?",
                "Between you and me, do you actually like {person}, or do you just put up with them?"),
    "recommendation": ("[eat] Is there anywhere round here that does a proper breakfast? I'm running on empty.",
                       "[drink] Thirsty work, all this walking. Which bar's worth a visit?",
                       "[read] I want to get through a couple of chapters without anyone chatting my ear off. "
                       "Where should I go?",
                       "[relax] Where's your go-to spot when you just want to switch off for an hour?",
                       "[socialize] It's been a bit lonely rattling around at home. Where do people round here "
                       "meet up of an evening?",
                       "[exercise] I've been sat at a desk all week and my back's killing me. Where can I go to get "
                       "moving?",
                       "[study] My flatmate's practising the drums again. Is there anywhere quiet enough to cram "
                       "for a test?"),
    "feeling": ("What's wrong? You've got a face like thunder today.",
                "How's your heart these days? Last time we talked, things seemed rough.",
                "Are you finding it easy to settle in here, or does it get to you sometimes?",
                "How's your mood today, honestly?", "You're humming away to yourself. Good day?",
                "You've been stirring that tea for ages. Worried about something?",
                "How are you in yourself? Sleeping okay?"),
    "greeting": ("Hey hey!", "Sup.", "How do!", "Oh hi! Fancy meeting you here.",
                 "Hi, sorry, I'm the one who just moved into the blue house. Hello!",
                 "Afternoon! Nice to see you out and about.", "Knock knock! Anyone home? Oh, hi!"),
    "farewell": ("Ta-ra, love!", "Catch you on the flip side.", "I should get home before it's dark. Night night!",
                 "Okay, that's me off home. Speak soon!", "Adios!", "Must dash, the kettle's on at home. Bye!",
                 "Lovely talking with you. Don't be a stranger!"),
    "thanks": ("Thank you, you've made my day.", "Much appreciated!", "Oh, you're an angel. Thank you!",
               "Thanks, I really needed to hear that.", "Thanks a bunch!",
               "Right, that's sorted then. Thanks for your help, honestly.", "Grateful for that, truly."),
    "small talk": ("Gosh, it's muggy today.", "Is it just me, or are the days getting shorter already?",
                   "The mist over the fields this morning was something else.",
                   "I love the smell of cut grass this time of year.", "Quiet one today, isn't it?",
                   "My feet are killing me. I must've walked the whole town twice today.",
                   "Proper frost on the cars this morning, did you see?"),
    "availability": ("Would you be about at {time}? I need a hand with something.",
                     "What's your schedule like at {time}?",
                     "If I dropped by at {time}, would you have a moment for me?",
                     "Are you around at {time} today, or have you got stuff on?",
                     "[evening] Doing anything tonight?",
                     "[evening] Is tonight any good for you, or have you already got plans?",
                     "[tomorrow morning] What've you got on tomorrow morning?"),
    "request": ("Could you drive me to the airport at four in the morning?",
                "Can you sort out my wifi? It keeps dropping every ten minutes.",
                "Would you lend me your credit card for a bit? I'll pay it back, promise.",
                "I need a whole new kitchen by Sunday. Could you fit one for me?",
                "The vet's away. Could you operate on my cat's broken leg?",
                "Please can you phone my bank and sort out my overdraft for me?",
                "Can you get me backstage passes for the band playing in London tonight?"),
    "invitation": ("No pressure, but I'd love it if you joined me for {occasion} tomorrow. We're meeting at {place} "
                   "around {time}.",
                   "I'm braving {occasion} at {place} tomorrow at {time} and I don't know a soul there. Come keep "
                   "me company?",
                   "How would you feel about {occasion} tomorrow? {time} at {place}, my treat.",
                   "Do you fancy coming along to {occasion} with me? It's tomorrow at {place}, {time} start.",
                   "We should totally hit up {occasion} at {place} tomorrow! Starts at {time}. You down?",
                   "I'd be honoured if you'd join me at {occasion} tomorrow at {time}. It's being held at {place}.",
                   "Quick one: {occasion} at {place} tomorrow, {time}. Any interest?"),
    "claim": ("Big news, if it's true: {claim}.",
              "My brother rang last night, and he's convinced {claim}. You heard anything about that?",
              "Overheard two people at the bus stop saying {claim}. Does that ring a bell?",
              "So it turns out {claim}. Crazy, right?",
              "Not to spread gossip, but {claim}. You know about this?",
              "Don't laugh, but {claim}, or did I dream that?",
              "There's a notice up in the shop window saying {claim}. Have you seen it?"),
}
"""The fourth held-out open set, written after the question reader's change of 2026-12-03 (commit 197705e) by
someone who did not read the reader's code, examples or tests, with the dev set's keys, tags and placeholders; run
once."""

OPEN_HELD_OUT_5: dict[str, tuple[str, ...]] = {
    "opinion": ("Give me the lowdown on {first}, would you?",
                "{person} offered to show me round the place. Should I say yes, or give them a wide berth?",
                "How do you feel about {first}, if you don't mind me asking?",
                "What's your honest verdict on {person}?",
                "I can't work {first} out at all. Friendly one minute, frosty the next. What's their story?",
                "ok random q but is {first} nice??",
                "Tell me, is {person} a kind soul, in your estimation?"),
    "recommendation": ("[eat] my stomach's been growling for an hour lol. where can i grab a bite?",
                       "[drink] Where might one find a decent glass of wine hereabouts?",
                       "[relax] Is there somewhere peaceful I could sit and do nothing for a while? My head's "
                       "spinning.",
                       "[study] I'm teaching myself Spanish and need somewhere I can focus on my notes. Any "
                       "suggestions?",
                       "[shop] Which shop should I raid for ingredients? I'm cooking for six on Saturday and my "
                       "cupboards are bare.",
                       "[socialize] Is there anywhere lively where I might strike up a conversation with someone new?",
                       "[exercise] I've got way too much energy today. Where could I go to burn some of it off?"),
    "feeling": ("Is all well with you? You seem a touch out of sorts.",
                "You're practically glowing today. What's making you so happy?",
                "how r u feeling? u seemed kinda off yesterday",
                "Keeping your chin up?",
                "Tell me truly, are you content with the way things are going for you?",
                "Something's eating at you, I can tell. Want to talk about it?",
                "So, good week, bad week, or somewhere in between for you?"),
    "greeting": ("Salutations!", "Oi oi!", "Good day to you!", "hii :)", "Ahoy there!", "Aloha!",
                 "Why, hello! What a nice surprise."),
    "farewell": ("Toodle-oo!", "Right, I'm calling it a day. Sweet dreams!", "Ciao!", "Off I go, then. Be good!",
                 "ttyl!", "I must be on my way now. It's been a pleasure, as always.",
                 "Oh, is that the time? I'm due at my mum's for tea, so I'll leave you in peace. Ta-ta!"),
    "thanks": ("Thx!", "Oh, that's champion. Thank you.", "You're a gem, thanks.", "Thank you; I'm in your debt.",
               "Thanks, mate, you're a legend.", "Oh, brilliant, that's just the ticket. Thanks!",
               "Thanks for listening to me ramble on. It's helped more than you know."),
    "small talk": ("Blimey, it's parky out today.", "Snow's on its way, I can feel it in my bones.",
                   "The sky's a gorgeous shade of blue today.",
                   "Everybody seems to be in a good mood today. Must be something in the air.",
                   "I swear the cats round here get fatter every week.",
                   "Nothing beats a hot cup of coffee on a grey day like this, eh?",
                   "There's a dog out front that's been chasing its tail for ten minutes straight. Made my morning."),
    "availability": ("Are you booked up at {time}, or have you got a gap?",
                     "I'd like to run something by you later. Does {time} suit?",
                     "What's on your plate around {time}?",
                     "Could I borrow you for ten minutes at {time}? It won't take long, promise.",
                     "[evening] Could I steal you away for a bit tonight, or are you otherwise engaged?",
                     "[evening] u busy tonight? thought we could have a natter",
                     "[tomorrow morning] Could you fit me in tomorrow morning, or is that no good?"),
    "request": ("Could you pull out my wisdom tooth? It's been throbbing all night.",
                "Would you be a dear and re-tile my bathroom before my in-laws arrive on Friday?",
                "Mate, could you shout me a new car? Mine's carked it.",
                "Could you bring a full orchestra to play at my wedding next month?",
                "Any chance you could build me a website for my shop by Monday?",
                "My phone fell down a well. Can you get it working again?",
                "I fly to Tokyo next week. Can you teach me fluent Japanese before then?"),
    "invitation": ("Got a proposition for you: {occasion} at {place}, tomorrow at {time}. In or out?",
                   "Shall we make a day of it tomorrow? I'm off to {occasion} at {place} at {time} and you'd be "
                   "very welcome.",
                   "Cake, good company, and {occasion} at {place} tomorrow at {time}. Tempted?",
                   "Can I drag you along to {occasion} tomorrow? We'd meet at {place} at {time}.",
                   "It would give me great pleasure if you would join me for {occasion} at {place} tomorrow, at "
                   "{time}.",
                   "yo, {occasion} @ {place} tomorrow {time}, u coming??",
                   "I know it's short notice, but would you join me for {occasion} tomorrow? It's at {place}, "
                   "{time}."),
    "claim": ("Thought I'd pass this on: {claim}.", "Can it really be that {claim}? I can scarcely believe it.",
              "Reliable source tells me {claim}. Care to confirm or deny?", "omg did u hear?? {claim}",
              "I got chatting to a traveller on the road into town, and he swore blind {claim}. Was he pulling my "
              "leg?",
              "Is this right? The lady at the bakery said {claim}.", "Get this: {claim}. Wild, huh?"),
}
"""The fifth held-out open set, written after the question reader's change of 2026-12-03 (commit 4c58213) by
someone who did not read the reader's code, examples or tests, with the dev set's keys, tags and placeholders; run
once."""

OPEN_PHRASINGS: dict[str, dict[str, tuple[str, ...]]] = {"dev": OPEN_DEV, "held-out-1": OPEN_HELD_OUT_1,
                                                         "held-out-2": OPEN_HELD_OUT_2, "held-out-3": OPEN_HELD_OUT_3,
                                                         "held-out-4": OPEN_HELD_OUT_4, "held-out-5": OPEN_HELD_OUT_5}
"""The open question sets `eval grounding --questions open --phrasings` picks from."""

MADE_UP_CLAIMS: tuple[str, ...] = (
    "a circus is setting up next to the lighthouse", "the old mill on Elm Ridge burned down last night",
    "a famous chef is opening a restaurant at Pike Harbour", "someone saw a bear near the quarry",
    "the ferry to Gull Island has been cancelled for the winter", "a treasure chest washed up on the north beach",
    "the clock tower was struck by lightning", "a film star bought the manor on Crow Hill",
)
"""Claims no agent can know (places not on the map): the answer is that it has not heard."""

_TAG = re.compile(r"^\[([^\]]+)\]\s*")


@dataclass(frozen=True, slots=True)
class OpenCase:
    """One open line to one agent: its kind, the ground kinds that answer it, and what the
    answer must carry — `names` (opinion: the person; recommendation: places that serve the
    purpose and the agent knows), `texts` (availability: the plan steps in the time asked;
    known claim: the memories of it), `key` (known claim: the news's own word)."""

    agent: str
    kind: str
    question: str
    eligible: tuple[str, ...]
    names: tuple[str, ...] = ()
    texts: tuple[str, ...] = ()
    key: str = ""
    asked: str = ""


def fold(text: str) -> str:
    """Lower case without accents ('Café' → 'cafe')."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


def has_word(text: str, word: str) -> bool:
    """True when `word` (or a phrase) is in `text` as whole words, a plural -s or possessive 's
    allowed ('dog' in "the dogs", 'Tom' in "Tom's")."""
    body = r"\s+".join(re.escape(w) for w in fold(word).split())
    return bool(body) and re.search(r"(?<![a-z0-9])" + body + r"(?:s|'s|’s)?(?![a-z0-9])", fold(text)) is not None


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]{3,}", fold(text)))


def untag(template: str) -> tuple[str, str]:
    """('[eat] Where …?') → ('eat', 'Where …?'); an untagged template → ('', template)."""
    m = _TAG.match(template)
    return (m.group(1), template[m.end():]) if m else ("", template)


def _known(agent: Any) -> list[Any]:
    known = getattr(agent, "known", None)
    return list(known.known_places()) if known is not None and hasattr(known, "known_places") else []


def serving(places: Sequence[Any], purpose: str) -> tuple[str, ...]:
    """Names of the buildings and rooms that serve `purpose`, and the buildings around such rooms
    (not the town itself: "town" is in every other answer; not furniture)."""
    out: list[str] = []
    for p in places:
        kind = getattr(getattr(p, "kind", None), "value", "Room")
        if purpose in p.purpose and kind in ("Building", "Room") and p.ancestors():
            out.append(p.name)
            out += [a.name for a in p.ancestors()[1:]]  # the building around a room (not the town)
    return tuple(dict.fromkeys(out))


def acquaintance(agent: Any, names: Sequence[str], rng: random.Random) -> str | None:
    """A resident the agent knows: a relationship of its persona, else one its memories name."""
    me = agent.persona.name
    rel: list[str] = [n for n in agent.persona.relationships if n != me and n in names]
    if rel:
        return rng.choice(rel)
    text = " ".join(r.description for r in agent.memory.records)
    named: list[str] = [n for n in names if n != me and n in text]
    return rng.choice(named) if named else None


def _steps_between(agent: Any, start: datetime, end: datetime) -> tuple[str, ...]:
    return tuple(dict.fromkeys(s.description for s in agent.plan if s.start < end and s.end > start))


def _availability(agent: Any, now: datetime, templates: Sequence[str],
                  rng: random.Random) -> tuple[str, tuple[str, ...], str]:
    tag, line = untag(rng.choice(templates))
    ahead = [s for s in agent.plan if s.start > now and s.start.date() == now.date()]
    if "{time}" in line and not ahead:  # nothing later today to ask about: ask a period instead
        tagged = [t for t in templates if untag(t)[0] in PERIODS]
        tag, line = untag(rng.choice(tagged)) if tagged else ("evening", "Are you free this evening?")
    if "{time}" in line:
        at = rng.choice(ahead).start + timedelta(minutes=rng.choice((0, 15, 30)))
        return line.format(time=clock(at)), _steps_between(agent, at, at + timedelta(minutes=1)), clock(at)
    days, h0, h1 = PERIODS.get(tag, PERIODS["evening"])
    day = now.date() + timedelta(days=days)
    start, end = datetime.combine(day, time(h0)), datetime.combine(day, time(h1))
    return line, _steps_between(agent, max(start, now), end), f"{tag} ({start:%d %H:%M}-{end:%H:%M})"


def _claim_records(agent: Any, news: News) -> tuple[str, ...]:
    return tuple(r.description for r in agent.memory.records if has_word(r.description, news.key))


def open_cases_for(
    agent: Any,
    now: datetime,
    rng: random.Random,
    *,
    world: Any,
    names: Sequence[str],
    news: Sequence[News] = (),
    n: int = len(KINDS),
    templates: Mapping[str, tuple[str, ...]] = OPEN_DEV,
) -> list[OpenCase]:
    """`n` open lines for one agent (kinds in `KINDS` order, cycling), each with what answers it."""
    from npc_brain.eval.story_gen import occasion_places, phrase_of
    from npc_brain.eval.story_words import OCCASIONS

    me = agent.persona.name
    known = _known(agent)
    stored = [x for x in news if _claim_records(agent, x)]
    cases: list[OpenCase] = []
    for i in range(n):
        kind = KINDS[i % len(KINDS)]
        if kind == "known claim" and not stored:
            kind = "unknown claim"  # nothing it was told reached its memory
        eligible = ELIGIBLE[kind]
        if kind == "opinion":
            person = acquaintance(agent, names, rng)
            if person is None:
                kind, eligible = "greeting", ELIGIBLE["greeting"]
                cases.append(OpenCase(me, kind, rng.choice(templates[kind]), eligible))
                continue
            line = rng.choice(templates[kind]).format(person=person, first=person.split()[0])
            cases.append(OpenCase(me, kind, line, eligible, names=(person, person.split()[0]), asked=person))
        elif kind == "recommendation":
            purpose, line = untag(rng.choice(templates[kind]))
            cases.append(OpenCase(me, kind, line, eligible, names=serving(known, purpose), asked=purpose))
        elif kind == "availability":
            line, steps, asked = _availability(agent, now, templates[kind], rng)
            cases.append(OpenCase(me, kind, line, eligible, texts=steps, asked=asked))
        elif kind == "invitation":
            places = occasion_places(world) if world is not None else []
            place = phrase_of(rng.choice(places)) if places else "the town square"
            at = datetime.combine(now.date(), time(rng.randrange(10, 20)))
            line = rng.choice(templates[kind]).format(occasion=rng.choice(OCCASIONS), place=place, time=clock(at))
            cases.append(OpenCase(me, kind, line, eligible, asked=place))
        elif kind == "known claim":
            item = stored.pop(0)
            line = rng.choice(templates["claim"]).format(claim=item.fact)
            cases.append(OpenCase(me, kind, line, eligible, texts=_claim_records(agent, item), key=item.key,
                                  asked=item.topic))
        elif kind == "unknown claim":
            words = {w for r in agent.memory.records for w in _words(r.description)}
            fresh = [c for c in MADE_UP_CLAIMS if not {w for w in _words(c) if len(w) > 4} & words]
            fresh = fresh or list(MADE_UP_CLAIMS)
            line = rng.choice(templates["claim"]).format(claim=rng.choice(fresh))
            cases.append(OpenCase(me, kind, line, eligible))
        else:
            cases.append(OpenCase(me, kind, rng.choice(templates[kind]), eligible))
    return cases
