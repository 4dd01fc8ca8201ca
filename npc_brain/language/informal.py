"""Informal spelling: text-speak and chat abbreviations spelled out before a line is read.

A player types "omg did u hear??" or "ttyl!"; the readers (`intent`, `reported`) know "you"
and "talk to you later". Spelling a line out first lets every reader understand the short
forms at once instead of each pattern learning them. The forms are data (`SHORT_FORMS`), a
game may add its own; only whole words are replaced, and a line's other words are untouched.
"""
from __future__ import annotations

import re

__all__ = ["SHORT_FORMS", "spelled_out"]

SHORT_FORMS: dict[str, str] = {
    "u": "you", "ya": "you", "yu": "you", "ye": "you", "ur": "your", "r": "are", "y": "why", "k": "okay", "kk": "okay",
    "pls": "please", "plz": "please", "thx": "thanks", "thnx": "thanks", "ty": "thank you", "tysm": "thank you",
    "ttyl": "talk to you later", "cya": "see you", "bbl": "be back later", "brb": "be right back",
    "gtg": "got to go", "g2g": "got to go", "gn": "good night", "gnight": "good night", "nite": "night",
    "omg": "oh", "lol": "", "lmao": "", "haha": "", "btw": "by the way", "tbh": "to be honest",
    "imo": "in my opinion", "idk": "I don't know", "dunno": "don't know", "wanna": "want to",
    "gonna": "going to", "gotta": "got to", "lemme": "let me", "gimme": "give me", "wassup": "what's up",
    "sup": "what's up", "rn": "right now", "tmrw": "tomorrow", "tmr": "tomorrow", "2nite": "tonight",
    "tonite": "tonight", "2day": "today", "2morrow": "tomorrow", "b4": "before", "l8r": "later",
    "m8": "mate", "nvm": "never mind", "hbu": "how about you", "wbu": "how about you", "wyd": "what are you doing",
    "hru": "how are you", "ofc": "of course", "pic": "picture", "bday": "birthday", "cuz": "because",
    "coz": "because", "abt": "about", "w/": "with",
    # Apostrophes left out ("whats the goss", "im new here", "seen em?").
    "whats": "what's", "wheres": "where's", "whos": "who's", "hows": "how's", "whens": "when's", "whys": "why's",
    "thats": "that's", "theres": "there's", "im": "I'm", "wasnt": "wasn't", "arent": "aren't",
    "wont": "won't", "wouldnt": "wouldn't", "couldnt": "couldn't", "havent": "haven't", "hes": "he's",
    "dont": "don't", "cant": "can't", "didnt": "didn't", "doesnt": "doesn't", "isnt": "isn't", "ive": "I've",
    "youre": "you're", "theyre": "they're", "em": "them", "goss": "gossip",
}
"""Short forms, lower case, and what they stand for ("" drops the word)."""

_WORD = re.compile(r"(?<![\w'’])(" + "|".join(re.escape(k) for k in sorted(SHORT_FORMS, key=len, reverse=True))
                   + r")(?![\w'’])", re.IGNORECASE)


def spelled_out(line: str) -> str:
    """`line` with its short forms spelled out ("omg did u hear??" → "oh did you hear?"); runs
    of ? and ! become one. A capitalised "U" or "R" stays when it could be an initial
    ("Jane R. Smith" keeps its R)."""
    def repl(m: re.Match[str]) -> str:
        word = m.group(1)
        if len(word) == 1 and word.isupper() and m.end() < len(line) and line[m.end()] == ".":
            return word  # an initial
        out = SHORT_FORMS[word.lower()]
        return out[:1].upper() + out[1:] if word[:1].isupper() and out else out

    out = _WORD.sub(repl, line)
    out = re.sub(r"([?!])[?!]+", r"\1", out)
    return " ".join(out.split()).replace(" ,", ",").replace(" ?", "?").replace(" !", "!").strip(" ,") or line
