"""Example lines for each intent: what `intent_model.IntentModel` learns its word weights from.

Written for the intent reader (2026-12-02), apart from every question set of `eval grounding`,
so each of those sets is out of sample for the word model. `X` stands for whatever is asked
about and `T` for a clock time (`intent_model.words` writes them so).
"""
from __future__ import annotations

from npc_brain.language.intents import Intent

EXAMPLES: dict[Intent, tuple[str, ...]] = {
    Intent.IDENTITY: (
        "What's your name?", "Who are you exactly?", "Are you new in town?", "How long have you lived here?",
        "Where are you from?", "What should I call you?", "Tell me who you are.", "I'm Sam, and you?",
        "Are you one of the locals?", "What do you do here?", "What is it you do?", "Are you the owner here?",
        "Do you have a job?", "Where do you work these days?", "What's your profession?", "Are you retired?",
        "Do you study or work?", "Who is this I'm speaking with?", "Have we been introduced?",
        "Are you a teacher or something?", "What do you do for money?", "Is this your shop?",
        "Pardon me, who are you?", "Could I get your name?", "And who are you?", "Who's this?",
        "And your name is?", "Who am I speaking with?", "What kind of job do you have?",
        "What work do you do?", "What business are you in?", "How do you spend your week?",
    ),
    Intent.NOW: (
        "What's going on with you right now?", "What are you up to at the moment?",
        "Are you in the middle of something?", "What's that you're doing?", "Keeping yourself busy?",
        "Working hard?", "What are you working on?", "Are you on a break?", "What has you so busy?",
        "Is this a bad time?", "What are you doing here?", "Am I disturbing you?",
        "Are you in a hurry right now?", "What are you doing at this minute?", "Looks like you're busy.",
        "Having a good time?", "What's happening with you now?", "What are you doing at this very minute?",
        "Got a lot going on?", "Lots to do?", "Are you on shift?", "Are you working right now?",
        "Is it busy here today?",
    ),
    Intent.ABOUT: (
        "What do you know about X?", "Any gossip on X?", "Is it true about X?", "What happened with X?",
        "Did you hear about X?", "Who told you about X?", "Are people talking about X?",
        "What's the latest on X?", "What do you reckon about X?", "How's X going?",
        "Do you have any idea about X?", "What's X like?", "Have you heard the rumour about X?",
        "Tell me what you know of X.", "Any idea what X is about?", "What's all this about X?",
        "Is X any good?", "Where is X?", "Does anyone know about X?",
    ),
    Intent.PAST: (
        "What did you do this morning?", "Where did you go earlier?", "Who did you see today?",
        "How's your day been so far?", "What have you been up to?", "Did you have breakfast?",
        "What were you up to before I came?", "Have you been busy today?", "What happened earlier today?",
        "Did you go anywhere today?", "Where have you been?", "What were you doing at T?",
        "Was your morning busy?", "Who have you talked to today?", "Anything happen to you today?",
        "What did you get done today?",
    ),
    Intent.FUTURE: (
        "What are you doing tonight?", "Any plans for later?", "What's next for you?",
        "Where will you go after this?", "What are you doing this afternoon?", "Will you be around later?",
        "What are your plans for tomorrow?", "When do you finish today?", "Are you going anywhere later?",
        "What's the plan for this evening?", "What are you doing at lunch?", "Where will you be at T?",
        "What do you have on tomorrow?", "What comes after this for you?", "Where can I find you at T?",
        "Doing anything fun tonight?", "What's left on your day?", "What's ahead for you today?",
        "Anything coming up this week?", "What will you do next?", "What's on the agenda?",
    ),
    Intent.CHAT: (
        "Hello!", "Hi there.", "Good morning.", "Nice to meet you.", "Thanks!", "Thank you so much.",
        "Have a nice day.", "See you around.", "Goodbye.", "Bye for now.", "Lovely weather today.",
        "I like your hat.", "Okay.", "Sounds good.", "That's great!", "I'm Alex.", "Cool.",
        "Nice talking to you.", "Take care.", "Sorry to bother you.", "Are you all right?",
        "Can I help you?", "Want some tea?", "Would you like a drink?", "Is everything fine?", "I was reading a book.",
        "Are you feeling better?", "How nice!", "Do you like music?", "OK, thanks.",
        "I'm fine.", "All good?", "Okay then.",
    ),
}
"""Lines by intent; REACT, PEOPLE and INVITED are left to the patterns (`intent_patterns.ASKS`)."""
