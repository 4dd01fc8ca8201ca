"""The words `eval stories` writes its scenarios with — data of the evaluation, never of the core.

Occasions of every kind (a lantern walk, a barn raising, a quiz night …) and invented ones
(`invented_occasion`: "the Flumbering"), undated happenings about a resident (life events,
mishaps, achievements), the templates a game developer might write a persona memory with,
the prepositions that join an occasion to its place, the date and clock formats, and the fixed
interview questions. Nothing under `npc_brain/` outside `eval/` and `bench/` may import this
module (a test scans for it): a mechanism that knew these words would be measured on its own
answers.
"""
from __future__ import annotations

import random

OCCASIONS: tuple[str, ...] = (
    "a lantern walk", "a barn raising", "a quiz night", "a jumble sale", "a poetry slam", "a bake sale",
    "a pie-eating contest", "a chili cook-off", "a barn dance", "a book swap", "a karaoke night",
    "a talent show", "an open mic night", "a stargazing evening", "a potluck supper", "a treasure hunt",
    "a film screening", "a charity auction", "a raffle draw", "a sing-along", "a kite-flying afternoon",
    "a pumpkin carving contest", "a cheese tasting", "a board game marathon", "a seed swap", "a clean-up day",
    "a craft fair", "a folk concert", "a harvest supper", "a talk on local history", "a puppet show",
    "a costume parade", "a tea dance", "a spelling bee", "a knitting circle", "a mural unveiling",
    "a housewarming", "a retirement do", "a bonfire night", "a ceilidh", "a flea market", "a sponsored run",
    "a story hour for children", "a wine and cheese evening", "a farewell dinner", "a dog show",
    "a jam session", "a silent disco", "a pancake breakfast", "a residents' meeting", "a chess tournament",
    "a summer festival", "a photography exhibition", "a birthday celebration",
)
"""Occasions with their article, as a persona memory would name them."""

OCCASION_NOUNS: tuple[str, ...] = (
    "concert", "festival", "tournament", "exhibition", "celebration", "meeting", "auction", "raffle", "parade",
    "contest", "cook-off", "screening", "unveiling", "slam", "disco", "ceilidh", "housewarming", "sing-along",
    "potluck", "bonfire", "karaoke", "quiz", "marathon", "wedding", "birthday", "funeral", "gala", "fete",
    "recital", "jamboree",
)
"""Nouns that name an occasion on their own ("the concert", "a raffle"): with the names above, the words a
core mechanism must not know (`tests/eval/test_core_vocabulary.py`)."""

HAPPENINGS: tuple[str, ...] = (
    "{name} broke an ankle slipping on the ice",
    "{name} won first prize at the county flower show",
    "{name} got engaged after a long courtship",
    "{name} adopted a three-legged cat from the shelter",
    "{name} found an old gold coin while digging a flower bed",
    "{name} finally passed the driving test",
    "{name} has been offered a job in the capital",
    "{name} lost a silver bracelet somewhere in town",
    "{name} is learning to play the bagpipes",
    "{name} sold a painting to a gallery in the city",
    "{name} is expecting a baby",
    "{name} caught the biggest trout anyone has seen in years",
    "{name} got a letter from a long-lost brother",
    "{name} crashed a bicycle into a hedge",
    "{name} published a short story in a literary magazine",
    "{name} has decided to move abroad",
    "{name} won a small lottery prize",
    "{name} rescued a kitten from a drainpipe",
    "{name} ran a marathon in under four hours",
    "{name} is writing a cookbook of family recipes",
    "{name} burned the kitchen curtains making toast",
    "{name} was stung by a swarm of bees",
    "{name} bought an old sailing boat",
    "{name} grew a pumpkin heavier than a sack of coal",
    "{name} got stuck in a broken lift for two hours",
)
"""Undated happenings about one resident (`{name}`: the full name), no pronouns (personas have no
gender field)."""

SEED_TEMPLATES: tuple[str, ...] = (
    "{host} is organising {occasion} {prep} {place} on {date} from {t0} to {t1}",
    "{host} will hold {occasion} {prep} {place} on {date}, {t0} to {t1}, and hopes the whole town comes",
    "{host} is throwing {occasion} {prep} {place} on {date} between {t0} and {t1}",
    "{host} invites everyone to {occasion} {prep} {place} on {date} from {t0} until {t1}",
    "{host} is running {occasion} {prep} {place} on {date} from {t0} to {t1} and wants friends and neighbours "
    "to come",
    "On {date} from {t0} to {t1}, {host} is putting on {occasion} {prep} {place}",
    "{host} has planned {occasion} for {date} from {t0} to {t1} {prep} {place}, and everyone is welcome",
    "{host} is getting {occasion} together {prep} {place} on {date}, starting at {t0} and finishing at {t1}",
)
"""How a game developer might write the host's persona memory (several verbs and orders)."""

PREPOSITIONS: tuple[str, ...] = ("at", "in", "inside", "by", "outside", "near", "behind", "at", "in")
"""What joins an occasion to its place ("at" and "in" twice: the common ones)."""

NEAR_PREPOSITIONS: frozenset[str] = frozenset(("by", "outside", "near", "behind"))
"""Prepositions that put the occasion beside its place, not in it (guests count nearby too)."""

DATE_FORMATS: tuple[str, ...] = ("{month} {day}", "{month} {ordinal}", "{weekday}, {month} {day}", "{day} {month}",
                                 "the {ordinal} of {month}")
"""How the occasion's day is written (all absolute: the code knows the game's date)."""

CLOCK_FORMATS: tuple[str, ...] = ("{h12}{ap}", "{h12} {ap}", "{h24}:00", "{h12} {ap_dots}")
"""How its hours are written ("5pm", "5 pm", "17:00", "5 p.m."; morning hours with am)."""

OCCASION_QUESTIONS: tuple[str, ...] = (
    "Have you heard about the {name}?",
    "Do you know anything about the {name}?",
    "What do you know about the {name}?",
    "Is anything happening {prep} {place}?",
)
"""The occasion question (one per scenario, picked by seed): it names the occasion or its place,
so an aware answer must add a detail the question lacks (host, place, day, name)."""

NEWS_QUESTIONS: tuple[str, ...] = (
    "Any news about {first}?",
    "Have you heard anything about {first} lately?",
    "What's new with {first}?",
    "How is {first} doing these days?",
)
"""The happening question (one per scenario): it names only the resident."""

FUNCTION_WORDS: frozenset[str] = frozenset((
    "a", "an", "the", "of", "on", "in", "at", "by", "for", "to", "from", "with", "into", "after", "while",
    "and", "or", "but", "than", "has", "have", "had", "is", "was", "been", "be", "got", "get", "getting",
    "anyone", "some", "somewhere", "finally", "old", "new", "first", "long", "small", "two", "three", "four",
    "years", "under", "town", "heavier", "biggest", "seen",
))
"""Words that carry no detail of a happening (grammar, and words too common to show awareness)."""

_ONSETS = ("fl", "gr", "sn", "qu", "br", "pl", "tw", "sk", "dr", "v", "z", "m", "b", "gl", "thr", "wh")
_VOWELS = ("u", "o", "i", "a", "e", "oo", "ai", "ee")
_CODAS = ("mb", "nd", "rv", "ll", "ck", "rp", "zz", "lk", "nt", "sh", "mp", "rg")
_ENDINGS = ("ering", "ing", "le", "et", "ade", "fest", "moot", "ery", "ock", "wick", "el")
_INVENTED_FORMS = ("the {Word}", "a {word}", "the {Word} {Word2}")


def nonsense(rng: random.Random) -> str:
    """A pronounceable made-up word ("flumbering", "zookwick")."""
    return rng.choice(_ONSETS) + rng.choice(_VOWELS) + rng.choice(_CODAS) + rng.choice(_ENDINGS)


def invented_occasion(rng: random.Random) -> str:
    """An occasion no word list holds: "the Flumbering", "a grailkock", "the Snumbet Zoomoot"."""
    form = rng.choice(_INVENTED_FORMS)
    word, word2 = nonsense(rng), nonsense(rng)
    return form.format(Word=word.capitalize(), word=word, Word2=word2.capitalize())
