"""The intent reader's patterns: the usual phrasings of each kind of question, most specific first.

`intent.intent_of` tries them in this order (a farewell before a feeling before an invitation …);
English as data, apart from the reader's rules. Pure.
"""
from __future__ import annotations

import re

from npc_brain.language.intents import Intent

__all__ = ["ASKS", "FREE", "FREE_TIME", "HEARD_TAG", "JUST_ME", "LOST", "MEET", "SUITS", "WANT_TO", "pattern_of"]

ASKS: tuple[tuple[Intent, re.Pattern[str]], ...] = (
    (Intent.FAREWELL, re.compile(
        r"(^|[.!?;]\s+)\W*(right,?\s+|well,?\s+|ok(ay)?,?\s+|anyway,?\s+"
        # An approving word first ("nice one, laters", "cool, see ya").
        r"|(nice one|cool|great|brilliant|lovely|sound|sweet|perfect|grand|champion)[,!.]*\s+)?"
        # Thanks first ("Thanks, bye for now!", "Thank you so much, see you around."): a goodbye.
        r"((many )?(thanks|thank you|cheers|ta|appreciate it|much appreciated)( (so|very) much| a lot| a bunch"
        r"| a million"
        r"| loads| heaps| again)?( for (everything|that|all that|"
        r"(the|your) \w+|\w+ing( \w+)?))?( again| \w+)?[,!.]*\s+)?"
        r"(bye|goodbye|good ?night|farewell|see (you|ya)|take care|"
        r"catch you (later|around|soon|tomorrow|then|next time|in a bit|on the flip ?side)|later|so long|"
        r"speak soon|talk soon|ta-?ra|cheerio|adios|"
        r"ciao|toodle-?oo|that'?s me (off|done)|"
        r"(i'?d|i had|i) (better|best) (go|be off|be going|get going|run|head off)|"
        r"i('ve| have)? (got|have) to (go|run|head off)|i (must|should|need to|have to) (go|be going|run|leave)|"
        r"i'?ll (be going|let you go|leave you)|i'?m (off|leaving|heading off)|gotta go|until next time|"
        r"nice (talking|chatting) (to|with) you|it was (nice|good|lovely) (talking|chatting|to see you)"
        r"|have a (good|nice|great|lovely) (day|evening|night|weekend)|i'?ll let you (go|get back)"
        r"|i (should|must|need to|have to|better) (head|get) (home|going|off|back)"
        # "Time I was heading off.", "Look after yourself!", "Mind how you go."
        r"|(it'?s )?(about |high )?time (i|we) (was|were|went|got|left|made) (going|moving|off|heading|on)"
        r"|(look after|take care of) yourself|take it easy|mind how you go|safe (travels|journey)"
        # Leaving ("Off I go, then.", "I'm calling it a day.") and a wish for the night ("Sweet dreams!").
        r"|off (i|we) go|(i'?m |we'?re )?(calling|call) it a (day|night)|sweet dreams|sleep (well|tight)"
        r"|night,? night|nighty night|laters|talk to you (later|soon|tomorrow)|be right back|be back later"
        r"|peace out|don'?t be a stranger|(i|we) won'?t keep you|(i'?ll|we'?ll) leave you (in peace|be)"
        r"|(i|we) (must|should|need to|have to) be (on (my|our) way|off)|have a good one"
        r"|got to (go|run|dash|fly|get going|head off)|(i'?ll|we'?ll) leave you to it"
        r"|(i'?ll|we'?ll) love you and leave you|hooroo|ta-?ta|toodles|toodle-?pip|pip pip"
        r"|all the best|be seeing you|until then|godspeed)\b"
        r"|\b(bye|goodbye|good ?night)\W*$",
        re.IGNORECASE)),
    (Intent.THANKS, re.compile(r"^[^?]*\b(thanks|thank you|thank u|many thanks|much appreciated|"
                               r"i appreciate (it|that|your help))\b[^?]*$|^\W*cheers\b[^?]*$", re.IGNORECASE)),
    # "Are you OK?" asks after the speaker's wellbeing.
    (Intent.FEELING, re.compile(
        r"^\W*(are )?you (ok|okay|all right|alright|well|fine|good)\W*$"
        r"|\bare you (doing |feeling |keeping )?(ok|okay|all right|alright|well|fine|good)\b"
        r"|\b(do|did) you (ever |still |sometimes )?feel\b(?! (about|of)\b)|\byour mood\b"
        r"|\bsuch a (good|bad|great|foul) mood\b"
        r"|\byou (look|seem|sound)\s+(?!like\b|for\b|at\b|into\b|around\b|busy\b)\w+(\s+\w+){0,2}\s*[.!?]*$"
        # Whether something went well for the listener ("Did you sleep all right?", "Get home OK?").
        r"|\b(did you|you) \w+( \w+)? (ok|okay|all right|alright)\s*\?"
        r"|\bdid you sleep (well|badly|at all)\b"
        r"|\bmak(e|es|ing) you (smile|laugh|happy|sad|cry|angry|upset|nervous|cross|glad)\b"
        r"|\b(stressing|bothering|worrying|troubling|upsetting|stressed|bothered|worried|troubled) (you|ya)\b"
        r"|^\W*(rough|long|hard|tough|bad|good|great|nice|busy) (day|week|morning|night|shift)\W*$"
        r"|\b(does|did|is) (it|that|this|everything) (get|getting|got) to you\b|\bfinding it (easy|hard|tough)\b"
        r"|\bhow (are|r) (you|u)\b(?! (doing|getting on) (with|at|on))|\bhow('?s| is| are) (it going|things|life|you)\b"
        r"|\bhow (do|d'?) ?you feel\b(?! (about|of)\b)|\bhow are you (doing|feeling|keeping)\b|\bhow have you been\b"
        r"|\bwhat'?s on your mind\b|\bwhat('?s| is| are) (bothering|worrying|troubling) you\b"
        r"|\bwhat'?s( been)? wrong\b|\b(worried|upset|anxious|nervous|fretting) about (something|anything)\b"
        r"|\bpenny for (your|them)\b|\bmak(es|ing) you so \w+|\b(has|have) been on your mind\b"
        r"|\b(eating|bugging|nagging|gnawing) (at )?(you|ya)\b|\bhow'?s your (day|week|morning) going\b"
        r"|\bare you (happy|sad|worried|upset|tired|stressed|lonely|angry|excited|nervous|content|satisfied|"
        r"settled|coping|managing|bored)\b"
        # A span of the listener's time judged ("Good week, bad week, or somewhere in between?").
        r"|\b(good|bad|rough|great|long|hard|tough) (day|week|month|year)\b[^.!]*\?"
        r"|\bhow'?s (your )?(mood|spirits)\b|\bin a good mood\b|\bhow are you holding up\b"
        r"|\b(something|anything) (bothering|worrying|troubling|wrong with|on) you\b"
        r"|\byou (look|seem|sound) (\w+ )?(thoughtful|sad|tired|happy|worried|upset|down|cheerful|lost|pale|glum|"
        r"distracted|stressed|lonely)\b"
        # How a span of the listener's own time has treated them ("How has your week been?").
        r"|\bhow('?s| has| have) (your|the) (day|week|weekend|morning|afternoon|evening|month|year)"
        r"( so far)? (been|treating you)\b|\b(been|had) a (good|bad|nice|long|rough|tough|hard|great) "
        r"(day|week|weekend|morning|month)\b|\bis (everything|all) (ok|okay|all right|alright|well|fine|good)\b"
        r"|^\W*(feeling|doing|keeping) (any )?(better|worse|ok|okay|alright|all right|well|good)\b"
        # The listener's mind, head or heart ("What's going round in your head?", "… that head of yours").
        r"|\b(on|in|through|around|round|inside|across) (your|that|this) (\w+ ){0,2}(mind|head|heart)\b"
        r"|\b(mind|head|heart) of yours\b|\bweigh(s|ing)? on (you|your)\b|\boff your chest\b"
        r"|\bhow (are|is|'?s) your (mood|spirits|nerves)\b"
        r"|\b(all|everything)('?s| is)? (ok|okay|all right|alright|well|fine|good) with you\b",
        re.IGNORECASE)),
    (Intent.AVAILABILITY, re.compile(
        r"\bare you (free|available|around|busy|about)\b.*\b(at|on|this|tomorrow|tonight|later|morning|afternoon|"
        r"evening|noon|lunch|\d)|\b(do|would) you have (some |any |a (bit|moment|minute) of )?(free )?time\b"
        r"|\b(can|could|shall) we meet\b|\bwhen are you free\b|\bfree (at|on|for|this|tomorrow|tonight)\b"
        r"|^\W*((have )?(you )?got|any) (any |some |a bit of )?(free )?time\b"
        # Time asked of the listener ("Can you spare half an hour at 10:50?").
        r"|\byou (spare|give me|find) (me )?(a|an|some|half an|ten|five|fifteen|twenty|a few|a couple of)? ?"
        r"(minutes?|moments?|hours?|time|sec|second)\b"
        r"|\b(borrow|steal|grab|have|catch|see) you for (a|an|some|half an|\w+) ?(minutes?|moments?|hours?|"
        r"sec|second|bit|while|word)\b"
        # "Have you got a spare minute this evening?", "Any chance you've got some time tomorrow?"
        r"|\byou('ve| have)? (got|get|have) (some |any |a |an )?(spare |free )?(time|minutes?|moments?|hours?)\b"
        r"(?=.*\b(at|on|this|tomorrow|tonight|later|morning|afternoon|evening|noon|lunch|\d))",
        re.IGNORECASE)),
    (Intent.INVITE, re.compile(
        r"\b(would|do|will) you (like|want|care) to (come|join)\b(?! (me|us)\b(?! (for|at|to)\b))"
        r"|\byou('re| are) (invited|welcome to come)\b|\b(i|we)('d| would) love (for you|you) to (come|join)\b"
        r"|\bwant to come to\b|\b(want|wanna) to (come|join) (us|me|along|with)\b"
        r"|\b(you|u) (want|wanna) to (come|join)\b"
        r"|\bcome to (my|our)\b|\binvite you\b"
        # "You coming?", "You in?", "Fancy a swim tomorrow?", "How about a walk at the park?"
        r"|\b(you|u) (coming|in|joining|game)\s*\?|\bfancy (a|an|coming|joining|some)\b"
        r"|\bhow about (a|an|we|coming|joining)\b|\blet'?s (go|head|all go)\b", re.IGNORECASE)),
    # Whether the listener saw something ("Have you seen my keys?", "Seen a brown terrier anywhere?").
    (Intent.SEEN, re.compile(
        r"\b(have|has|did|had) (you|anyone|anybody|someone|somebody) (\w+ ){0,2}(seen|see|spotted|spot|noticed|notice|"
        r"come across|came across|run into|ran into|bumped into|bump into|caught sight of)\b"
        r"|(^|[,;.!?]\s*)\W*(you )?(seen|spotted|noticed) (a|an|my|any|the|this|that|our|his|her|him|them|it|"
        r"anyone|anybody|"
        r"someone|somebody)\b"
        r"|\b(any|a) sign of\b|\b(any|a) sighting of\b"
        r"|\byou (didn'?t|did not|haven'?t|have not|never) (see|seen|spot|spotted|notice|noticed|come across|"
        r"came across|run into|ran into)\b", re.IGNORECASE)),
    # When a place opens or closes ("What time does the café close?", "Is the pub open now?").
    (Intent.HOURS, re.compile(
        r"\b(what time|when|how late|how early|till when|until when|is|are|does|do|will|still|yet)\b[^.!?]*?"
        r"\b(open|opens|opening|close|closes|closing|shut|shuts|shutting)\b(?![\s-](up|down|to|the|a|an|my|your|it|them|by|enough|call|friends?|minded|air|mic|house|day|"
        r"secret|question|about|with)\b)"
        r"|\b(opening|closing) (hours|times?)\b|\bhours\b[^.!?]*\b(of|at|for)\b"
        # Serving and staffed as open: "is hobbs still serving", "till what time do they serve", "staffed on sundays?"
        r"|\bstill serving\b|\bserving (until|till|after|past|late)\b|\blast orders\b"
        r"|\b(what time|when|till when|until when|how late)\b[^.!?]*\bserv(e|es|ing)\b"
        r"|\b(is|are|will|still)\b[^.!?]*\b(staffed|manned)\b", re.IGNORECASE)),
    (Intent.RECOMMEND, re.compile(
        r"\b(recommend|suggest|suggestion|recommendation)\b"
        r"|\b(where|what) (can|could|should|would|do|might) (i|we|one|people|someone|folks) (get|find|eat|go|buy|"
        r"do|read|relax|meet|grab|sit|have|see|visit|hang out|unwind|study|work|drink)\b(?! (?-i:[A-Z]))"
        r"|\bwhere (can|could|should) you (get|find|buy|eat|grab)\b(?! (?-i:[A-Z]))"
        r"|\b(any|a) (good|nice|quiet|decent|cosy|cozy|great|fun|peaceful|lively) (place|spot|places|spots)\b"
        r"|\bbest (place|spot) (to|for|in)\b|\bwhere do (people|folks|locals|you) (go|get|eat|hang out|meet)\b"
        r"|\b(which|what) \w+ (should|could|can|would|do) (i|we|one) \w+|\bwhich \w+('?s| is) worth\b"
        r"|\bwhere('?s| is) (good|best|nice|decent)\b|\bwhere('?s| is) a \w+ (corner|spot|place|nook)\b"
        r"|\bwhere can a (person|guy|girl|body|fellow|man|woman|chap|lad|lass) \w+"
        r"|\bwho (does|serves|makes|sells) (a |the )?(good|decent|best|great|proper|nice)\b"
        r"|\byour go-?to (spot|place)\b|\bwhich \w+ (would|might|could|will|does|do) (have|sell|stock|carry|serve)\b"
        r"|\bsomewhere (to|for|quiet|nice|good)\b|\bwhat is there to do\b|\bwhat('?s| is) (good|nice) (to|around)\b"
        r"|^[^?]*?(?<!you )(?<!you go )(?<!you been )(?<!been )(?<!gone )(?<!went )\b(anywhere|somewhere)\b"
        r"(?! (today|earlier|later|tonight))"
        r"|\bwhere('?s| is| are) (the )?(nearest|closest|best)\b|\b(place|spot|places|spots) (to|for|where)\b"
        r"|\bwhere (do|does|would|should|could|might) (?!you (work|live|come from|study|stay|stand)\b)"
        r"(the |a |an )?\w+\b"
        r"(?!.*\b(earlier|yesterday|(find|see|meet|catch|reach|look for) you)\b)",
        re.IGNORECASE)),
    (Intent.OPINION, re.compile(
        # Of a person (a name, him, her): how the NPC sees them. Of a thing it is "about".
        r"\b(what do you (think|make) (of|about)|how do you (like|find|feel about)|(your|any) (\w+ )?(opinion|"
        r"thoughts|view|take|impression|verdict) (of|on|about)|(do|would|could) you (\w+ )?(like|trust|know|rate|"
        r"get on with|get along with|vouch for|speak for)) ((?-i:[A-Z])|(him|her|them)\b)"
        r"|\byou and (?-i:[A-Z])\w+ (on|get|friends|close|still)\b"
        r"|\bhow do you get (on|along) with\b|\bwhat('?s| is) (?-i:[A-Z])\w+( (?-i:[A-Z])\w+)? like\b"
        r"|\bwhat kind of (person|man|woman|guy) is\b|\bhow well do you know\b"
        r"|\b(how would you|can you|could you) (describe|sum up) ((?-i:[A-Z])|(him|her|them)\b)"
        # A judgement of someone put to the listener ("Would you say Rosa is …", "Where do you stand on him?").
        r"|\b(would|do|did) you (say|think|reckon|consider|call|find) (that )?(?-i:[A-Z])\w+( (?-i:[A-Z])\w+)?"
        r"('s| is| was| has| seems| would| could)\b|\bwhere do you stand (on|with) ((?-i:[A-Z])|(him|her|them)\b)"
        r"|(?-i:[A-Z])\w+\b[^?]*\bwhere do you stand\b", re.IGNORECASE)),
    (Intent.REACT, re.compile(
        r"(\bif\b.*\bwhat (would|do|will) you do|[.!]\s+what (would|do|will) you do|what would you do)",
        re.IGNORECASE)),
    (Intent.PEOPLE, re.compile(
        r"\b(who would|which person|one person|someone you|anyone you|who do you (like|know|spend))"
        # The people in the listener's own life ("Who's your best friend?", "Are you married?").
        r"|\byour (\w+ )?(friends?|family|wife|husband|partner|spouse|kids|children|sons?|daughters?|parents|"
        r"mum|mom|mother|dad|father|brothers?|sisters?|siblings|relatives|neighbou?rs?|colleagues?|co-?workers?|"
        r"flatmates?|room-?mates?|housemates?|boss|mates?|pals?|buddy|buddies|folks|people)\b"
        r"|\bwho do you (trust|get on|get along|hang out|go out|talk to|see|spend|live|work)\b"
        r"|\bwho (are|'?re) you (close|closest|friends) (to|with)\b|\bwho('?s| is| are) (closest|dearest) to you\b"
        r"|\b((are|r) )?(you|u) (married|single|seeing (someone|somebody|anybody|anyone)|dating|with someone)\b"
        r"|\b(someone|anyone|somebody|anybody) special\b|\byour other half\b"
        r"|\b(do|d'?) ?you (have|got) (a |any )?(family|(grand)?kids|(grand)?children|partner|wife|husband|friends|"
        r"boyfriend|girlfriend|"
        r"siblings|"
        r"brothers?|sisters?|sons?|daughters?)\b|\bany (family|kids|children|friends) (here|in town|around)\b"
        r"|^\W*((have )?(you )?got|any) (a |an |any )?(husband|wife|partner|(grand)?kids|(grand)?children|family|"
        r"boyfriend|"
        r"girlfriend|sweetheart|other half|brothers?|sisters?|siblings)\b",
        re.IGNORECASE)),
    (Intent.IDENTITY, re.compile(
        r"\b(who are you|your name|who('?s| is) this|about yourself|introduce yourself|spend your (working )?days"
        r"|for a living|what do you do all day|you do for (work|money|a job)"
        r"|what do you do( for (a living|work))?\s*\??$"
        r"|what('?s| is) your (job|work|occupation)|where do you work|do you work)", re.IGNORECASE)),
    (Intent.PAST, re.compile(
        r"^\W*(been|gone|went|go) (anywhere|somewhere|out)\b"
        r"|\b(earlier|yesterday|this morning|last night|so far today|did you (do|go|see|meet)|have you been"
        r"|what did you(?! (think|make|reckon))|how was your (day|morning))\b", re.IGNORECASE)),
    (Intent.FUTURE, re.compile(
        r"\b(will you|going to|gonna|plans?|planning|later|tonight|tomorrow|this (afternoon|evening)"
        r"|headed|heading|after this|after that|after work|where to next"
        r"|next|what('?s| is) (on )?your schedule|are you (doing|going) (anything|later))\b", re.IGNORECASE)),
    (Intent.ABOUT, re.compile(r"\b(what('?s| is) (up|new|happening|going on) (with|at|in)|any (news|word) (about|on|of)"
                              # Asked for the town's news ("Heard anything juicy?", "What's the latest?").
                              r"|(heard|hear|got|know|any|some) (any|anything|something|some)( \w+)? (news|gossip|"
                              r"rumou?rs?|juicy|scandal|interesting|exciting)|heard anything"
                              r"|what('?s| is) the (latest|news|gossip|buzz|scoop|word)"
                              r"|(anything|something) (happening|going on|new|planned) (at|in|with|by|near)"
                              r"|fill me in|tell me (more )?about|make of (it|that|this)"
                              r"|give me the [\w-]+ on|what('?s| is) the [\w-]+ on"
                              r"|the word on|(news|update|info|details|gossip|latest) on|mentioned)\b", re.IGNORECASE)),
    (Intent.NOW, re.compile(
        r"\b(what are you (doing|up to|working on)|what('?s| is) up|are you busy|what you doing|doing right now"
        r"|doing now|what are you busy with|how('?s| is) your (day|morning|afternoon|evening))\b", re.IGNORECASE)),
    (Intent.ABOUT, re.compile(
        r"\b(know (anything )?about|heard (anything )?(about|of)|think (of|about)|reckon (of|about|to)|make of"
        # A thing judged ("Did you enjoy the fair?", "Do you think the prices have gone up?").
        r"|(did|do) you (enjoy|like|love|hate|rate|fancy) (the|that|this|those|these|it|them)"
        r"|do you (think|reckon|suppose)"
        r"|what'?s on (at|in)|what'?ve i missed|what have i missed|going round|the latest"
        r"|tell me about|what about"
        r"|how is|how('?s| are)|news|who is|what is|do you know|opinion|feel about|any word"
        r"|is there|are there|where is|where can|where('?s| are)|going on|happening|anything new"
        # The way to a place ("Which way to the lighthouse?", "How do I get to the pub?").
        r"|where exactly|where ?abouts|which way (is|to)|directions? (to|for)|the way to"
        r"|how (do|can|would|should) (i|we|one) "
        r"(get|find|reach))\b"
        # "Is Hobbs Cafe a nice place?": a yes/no question about a thing (not "are you …", "is it …").
        r"|^\s*(is|are|was|were)\s+(?!(you|it|that|this|he|she|they|we|i)\b)",
        re.IGNORECASE)),
)
"""(intent, pattern) pairs, in the order they are tried."""


def pattern_of(intent: Intent) -> re.Pattern[str]:
    """The first pattern of `intent` in `ASKS`."""
    return next(pattern for i, pattern in ASKS if i is intent)


# What a line puts to the listener, read beside `ASKS` by `intent.intent_of`: a time ("Would Friday
# at 11 work for you?", "meet me at 3", "are you free around half four"), a thing lost, "want to …".
SUITS = re.compile(r"\b(work|works|suit|suits|fit|fits|good|ok|okay|convenient|doable) (for )?(you|ya)\b",
                   re.IGNORECASE)
MEET = re.compile(r"\bmeet (me|us|up)\b|\blet'?s meet\b|\b(want|wanna) to meet\b"
                  r"|\bwe (should|could|must|ought to|can) meet\b"
                  r"|\b(can|could|shall|should) we (meet|grab|get|have|catch up|go for)\b", re.IGNORECASE)
LOST = re.compile(r"(\b(i|we)('ve| have)? |^\W*)(lost|misplaced|dropped) (my|our|a|an|the|his|her)\b"
                  r"|\b(can't|cannot|can not) find (my|our)\b", re.IGNORECASE)
WANT_TO = re.compile(r"^\W*((do|would) )?((you|u|ya) )?want to\b", re.IGNORECASE)
FREE = re.compile(r"\b(you|ya) (free|available|busy)\b", re.IGNORECASE)
JUST_ME = re.compile(r"^\W*is it (just )?me,? or\b", re.IGNORECASE)
FREE_TIME = re.compile(r"\b(would|do|will) you have (some |any |a (bit|moment|minute) of )?(free |spare )?time\b",
                       re.IGNORECASE)
# "… on Saturday. Did you hear?" asks whether it was heard, not along.
HEARD_TAG = re.compile(r"\b(did|have|had) (you|ya|u) (hear|heard|know|see|seen)( (about|of) (it|that|this))?\b",
                       re.IGNORECASE)
