"""Held-out open phrasing sets 5–7 of `eval grounding --questions open`, written by someone who read neither
the question reader's code, its examples nor its tests, and run once (see `grounding_open_phrasings`)."""
from __future__ import annotations

__all__ = ["OPEN_HELD_OUT_5", "OPEN_HELD_OUT_6", "OPEN_HELD_OUT_7"]

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

OPEN_HELD_OUT_6: dict[str, tuple[str, ...]] = {
    "opinion": ("Would you vouch for {person}?",
                "Is {first} the sort who'd help you move house, or the sort who'd suddenly find an excuse?",
                "Put it this way: if {person} ran for mayor, would they get your vote?",
                "{first} and I got off on the wrong foot last week. Is there more to them than meets the eye?",
                "Do you think well of {first}?", "spill the tea on {first}, are they sound or nah",
                "My gran always said you can judge a person by how they treat a waiter. So how does {first} "
                "measure up, in your eyes?"),
    "recommendation": ("[eat] Where's the best grub in town? I could eat a horse.",
                       "[relax] I'm wound up tighter than a spring. Where could I go to take it easy?",
                       "[study] Got a maths exam on Monday and my brain's like porridge. Where's good for hitting "
                       "the books?",
                       "[shop] I need flour, eggs and a new broom. Which shop would have all that?",
                       "[socialize] Where's the beating heart of this town, the place everybody gathers to gossip?",
                       "[exercise] Is there a gym, a pool, a track, anything? I need to work up a sweat.",
                       "[read] Where's a nice spot to lose myself in a book? Somewhere with a comfy chair, ideally."),
    "feeling": ("You've got that faraway look again. Where's your head at?",
                "Tell me, are you at peace these days?", "u good? u look kinda stressed",
                "Are you feeling more like yourself after that nasty cold?",
                "If you could get one thing off your chest right now, what would it be?",
                "How are your spirits today?",
                "I know the harvest has been tough on everyone and you've been working all hours. Is it all "
                "getting on top of you?"),
    "greeting": ("Wotcha!", "Morning, sunshine!", "Good morrow to you!", "heyyy", "Yoo-hoo! Hello!", "Well met!",
                 "Oh, hello! I was just admiring your window boxes and thought I'd come over and say hi."),
    "farewell": ("Hooroo!", "Later, gator!", "gtg, bye!", "Well, I'll love you and leave you.",
                 "Best be getting back before my family sends out a search party. See you!", "Au revoir!",
                 "Righto, I'm away home. See you after."),
    "thanks": ("Ta muchly!", "ty!!", "Thank you, you've saved my bacon.", "Please accept my sincere thanks.",
               "Ah, you're too good to me. Thank you.", "Ace, ta very much.",
               "I was at my wits' end before I came over, so thank you, really, for sparing the time."),
    "small talk": ("Cold enough to freeze the ears off a brass monkey out there.",
                   "Stinker of a day, eh? Even the flies are too hot to bother anyone.",
                   "the fog's so thick today i nearly walked into a lamppost",
                   "Not a cloud in the sky. Perfect washing-drying weather.",
                   "They've strung new bunting all round the square. Looks smashing.",
                   "I swear this town has more hills than people.",
                   "I was sitting on the bench by the green earlier and a squirrel pinched half my sandwich right "
                   "out of my hand. Cheeky thing."),
    "availability": ("Is {time} spoken for?", "is {time} a goer for you? wanted a quick chat",
                     "Might you be at liberty at {time}? There's a matter I'd like to discuss.",
                     "Will your hands be full at {time}, or could you squeeze me in?",
                     "[evening] Once the sun's down tonight, are you a free agent?",
                     "[evening] Long day for me, but I'd love to catch up later. Are you tied down tonight, or free "
                     "as a bird?",
                     "[tomorrow morning] Is your tomorrow morning free, or are you up to your eyes in it?"),
    "request": ("Could you teleport me to my aunt's in Scotland?",
                "Would you tow my caravan down to Cornwall this afternoon?",
                "Reckon you could build us a brick barbie out the back by this arvo?",
                "could u write my essay for me? its 5000 words and due tmrw",
                "Would you be so good as to tune the church organ before Sunday's service?",
                "My horse threw a shoe on the way into town. Could you forge her a new set?",
                "My roof's leaking, the boiler's packed in and the landlord won't answer. Could you put a new "
                "boiler in for me tonight?"),
    "invitation": ("I won't take no for an answer: you're coming to {occasion} at {place} tomorrow at {time}.",
                   "Be a sport and come to {occasion} with me tomorrow? {place}, {time}.",
                   "wanna come to {occasion} tmrw? {place} at {time}",
                   "May I request the pleasure of your company at {occasion}, to be held at {place} tomorrow at "
                   "{time}?",
                   "My neighbour's got a spare ticket and asked me to bring someone fun, so: {occasion} at {place}, "
                   "tomorrow at {time}. Are you game?",
                   "Tomorrow's {occasion} at {place} kicks off at {time}. Shall I put you down as a yes?",
                   "Keen for {occasion} at {place} tomorrow? Thinking {time}."),
    "claim": ("The whole pub was buzzing last night because {claim}. You heard?", "Tell me it isn't so: {claim}?",
              "Heard on the grapevine that {claim}.", "lol someone said {claim}, is that legit?",
              "Fact or fiction: {claim}?", "Mum's the word, but {claim}.",
              "I was waiting for the kettle to boil this morning when the radio said {claim}. Did you catch that, "
              "or was I half asleep?"),
}
"""The sixth held-out open set, written after commit 3a6afc1 by someone who read neither the question reader's code,
its examples nor its tests, with the dev set's keys, tags and placeholders; run once."""

OPEN_HELD_OUT_7: dict[str, tuple[str, ...]] = {
    "opinion": (
        "So what's the deal with {first}? Good sort or not?",
        "Might I trouble you for your honest impression of {person}?",
        "be real w me, is {first} actually nice or just pretending",
        "I've been meaning to ask, and don't feel you have to be polite about it, because I keep running into "
        "{person} down by the well and I can never tell whether they like me or are just putting up with me, so how "
        "do you find them?",
        "{first}. Thoughts?",
        "Would you say {person} is someone a person can trust?",
        "Folk round here seem split on {first} - where do ye stand?",
    ),
    "recommendation": (
        "[eat] I'm starving, where can a body get a proper hot meal around here?",
        "[drink] know anywhere decent to grab a pint tonight",
        "[read] Is there somewhere quiet in town where I could sit with a good book?",
        "[relax] Honestly I just need to unwind for an hour, where would you go?",
        "[socialize] Where do people gather when they want a bit of company and a chat?",
        "[exercise] Any good spot for a run that isn't all mud and cow paths?",
        "[shop] I need to pick up a few odds and ends - which shop should I try first?",
    ),
    "feeling": (
        "How are you holding up these days?",
        "you good? you seem kinda off",
        "Pardon my asking, but is something weighing on your mind this morning?",
        "How's the heart, friend?",
        "I noticed you've been staring at the river for a while now and I didn't want to interrupt, but I figured I'd"
        " check in and see whether everything's all right with you, or if you'd rather talk about it.",
        "What's rattling around in that head of yours today?",
        "Feeling any better than yesterday?",
    ),
    "greeting": (
        "Hello there!",
        "mornin",
        "Good afternoon to you.",
        "Hey hey!",
        "Well, if it isn't my favourite neighbour - hi!",
        "Howdy.",
        "yo",
    ),
    "farewell": (
        "Right, I'd best be off. Take care!",
        "cya",
        "Farewell, and good day to you.",
        "I'll let you get back to it - bye for now.",
        "Catch you later!",
        "Ta-ra, love.",
        "Until next time, then.",
    ),
    "thanks": (
        "Thanks a bunch!",
        "ty",
        "I truly appreciate your help, thank you kindly.",
        "Cheers, that's really good of you.",
        "Oh, you're a lifesaver, thank you so much!",
        "Much obliged.",
        "thx a ton, seriously",
    ),
    "small talk": (
        "Blimey, it's been chucking it down all week, hasn't it?",
        "lovely day out there huh",
        "The square seems busier than usual today.",
        "Did you see the size of the pumpkins at the market? Someone's been feeding them something special.",
        "They say there's a frost coming tonight, the old farmers can smell it apparently, though I've never "
        "understood how.",
        "Nice to see the flowers finally coming up by the bridge.",
        "windy today, nearly lost my hat lol",
    ),
    "availability": (
        "Are you free around {time}?",
        "would {time} work for u or nah",
        "Might you have a moment to spare at {time}, should it not inconvenience you?",
        "Got anything on at {time}, or could I steal you for a bit?",
        "[morning] Any chance you've got some spare time in the morning?",
        "[evening] You doing anything this evening, or are you free?",
        "[tomorrow morning] Would you be available tomorrow morning, by any chance?",
    ),
    "request": (
        "Could you make it stop raining for the rest of the year?",
        "pls turn my goat into a horse",
        "I'd be grateful if you could bring my late grandmother back, just for an afternoon.",
        "Lift the church tower and move it a few feet to the left, would you?",
        "Teach me to fly by sundown, there's a good lad.",
        "Would you mind rewriting the town's entire history so that I was the founder?",
        "Hand over the deed to the whole valley, yeah?",
    ),
    "invitation": (
        "We're having {occasion} at {place} tomorrow at {time} - fancy coming along?",
        "u should come to {occasion} tmrw, {place}, {time}!!",
        "It would be an honour if you would join us for {occasion} at {place} tomorrow, at {time}.",
        "Tomorrow, {time}, {place}: {occasion}. You in?",
        "So a few of us have been planning {occasion} for ages and it's finally happening tomorrow at {place}, "
        "starting around {time}, and it wouldn't feel right without you there, so please say you'll come.",
        "Care to join me for {occasion} tomorrow? Meeting at {place} around {time}.",
        "Don't forget - {occasion} at {place}, tomorrow at {time}. Will I see you there?",
    ),
    "claim": (
        "I heard {claim}.",
        "word is {claim}",
        "You didn't hear it from me, but apparently {claim}.",
        "Someone at the tavern swore blind that {claim}.",
        "omg did u know {claim}??",
        "I have it on good authority that {claim}.",
        "My cousin told me this morning, while we were hanging out the washing and she was going on about everyone's "
        "business as usual, that {claim}, and I haven't been able to stop thinking about it.",
    ),
}
"""The seventh held-out open set, written after commit d14e237 by a helper who read neither the question
reader's code, its examples nor its tests; run once (on effc7d0)."""
