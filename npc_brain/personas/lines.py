"""Lines: the English the generator writes people with — traits, kin words, relationship
sentences, everyday habits, seed memories — as data.

Templates fill these slots: `{name}` (full name), `{s}` / `{o}` (the first names of the person
and of the one a relationship is about), `{kin}` (wife, son …), `{his}` / `{him}` (the person's
pronouns), `{place}` (a place on the map), `{home}`, `{room}`, `{work}`, `{title}` ("a barista"),
`{years}` ("six years") / `{age}` (a number), `{note}` (a little detail from `NOTES`), `{child}` / `{partner}`
(first names of family). Nothing here names an occasion: a seed memory is ordinary life or
small undated news, so a generated town starts quiet and the game's stories stand out.
"""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CHILD_NOTES", "CHILD_TRAITS", "CLASHES", "HOME_HABITS", "KIN", "LEISURE", "LIFE", "NEWS", "NOTES",
           "NUMBER_WORDS", "PARENT_NOTES", "PRONOUNS", "RELATIONS", "TEEN_NOTES", "TRAITS", "Habit", "Leisure"]

TRAITS: tuple[str, ...] = (
    "friendly", "outgoing", "shy", "reserved", "curious", "patient", "impatient", "kind", "warm", "gruff",
    "cheerful", "anxious", "calm", "talkative", "quiet", "practical", "dreamy", "organised", "messy", "honest",
    "stubborn", "generous", "thrifty", "funny", "serious", "hardworking", "easygoing", "ambitious", "modest",
    "nosy", "loyal", "sceptical", "optimistic", "gentle", "energetic", "methodical", "creative", "sensible",
    "sociable", "thoughtful", "proud", "helpful", "witty", "nostalgic", "adventurous", "cautious", "meticulous",
    "earnest", "opinionated", "caring",
)
"""Traits of adults (three or four each; never two of a clash)."""

CHILD_TRAITS: tuple[str, ...] = (
    "curious", "playful", "shy", "cheeky", "dreamy", "energetic", "chatty", "stubborn", "kind", "clever",
    "sensitive", "bold", "giggly", "restless", "thoughtful", "funny",
)
"""Traits of children."""

CLASHES: tuple[tuple[str, str], ...] = (
    ("shy", "outgoing"), ("shy", "sociable"), ("shy", "bold"), ("reserved", "outgoing"), ("reserved", "talkative"),
    ("patient", "impatient"), ("calm", "anxious"), ("calm", "restless"), ("talkative", "quiet"),
    ("quiet", "chatty"), ("organised", "messy"), ("meticulous", "messy"), ("generous", "thrifty"),
    ("funny", "serious"), ("easygoing", "stubborn"), ("easygoing", "methodical"), ("modest", "proud"),
    ("sceptical", "optimistic"), ("cautious", "adventurous"), ("gentle", "gruff"), ("warm", "gruff"),
    ("cheerful", "anxious"), ("dreamy", "practical"), ("dreamy", "sensible"), ("ambitious", "easygoing"),
)
"""Traits no one has together."""

PRONOUNS: dict[str, tuple[str, str, str]] = {"f": ("she", "her", "her"), "m": ("he", "him", "his"),
                                              "x": ("they", "them", "their")}
"""Subject, object and possessive pronouns by gender ("x": unspecified)."""

KIN: dict[str, tuple[str, str, str]] = {
    "spouse": ("wife", "husband", "spouse"), "partner": ("partner", "partner", "partner"),
    "child": ("daughter", "son", "child"), "parent": ("mother", "father", "parent"),
    "sibling": ("sister", "brother", "sibling"),
}
"""Kin words by the gender of the one named (f, m, x)."""

RELATIONS: dict[str, tuple[str, ...]] = {
    "spouse": ("{o} is {s}'s {kin}; they have been married for {years}.",
               "{o} is {s}'s {kin} and best friend.", "{o} is {s}'s {kin}, who {note}."),
    "partner": ("{o} is {s}'s {kin}; they have lived together for {years}.", "{o} is {s}'s {kin}, who {note}."),
    "child": ("{o} is {s}'s {kin}, {age}, who {note}.", "{o} is {s}'s {kin}, {age}, and the light of {s}'s life."),
    "parent": ("{o} is {s}'s {kin}, who {note}.",),
    "sibling": ("{o} is {s}'s {kin}, who {note}.", "{o} is {s}'s {kin}; they share everything except the bathroom."),
    "flatmate": ("{o} shares {home} with {s} and {note}.", "{o} is {s}'s flatmate at {home}, who {note}."),
    "roommate": ("{o} is {s}'s roommate in {room}, who {note}.", "{o} shares {room} with {s} and {note}."),
    "lodger": ("{o} rents the spare room at {home} and {note}.",),
    "landlord": ("{o} rents {s} the spare room at {home} and {note}.",),
    "boss": ("{o} runs {work}, where {s} works.", "{o} is {s}'s boss at {work}, who {note}."),
    "staff": ("{o} works for {s} at {work} as {title}.", "{o} is {title} at {work} whom {s} relies on."),
    "coworker": ("{o} works with {s} at {work} as {title}.", "{o} is {title} at {work}, who {note}."),
    "classmate": ("{o} is in {s}'s class at {work} and {note}.", "{o} studies at {work} with {s}."),
    "neighbour": ("{o} lives next door at {home} and {note}.", "{o} is a neighbour from {home} who {note}."),
    "hallmate": ("{o} lives down the hall in {room} and {note}.", "{o} lives in {room} of {home}, just down the hall."),
    "friend": ("{o} is a friend {s} often meets at {place}.", "{o} is an old friend who {note}."),
}
"""How a person sees another, by how they are related (first names, like the demo's personas)."""

NOTES: tuple[str, ...] = (
    "always has a story to tell", "never says no to a cup of tea", "knows everyone's business",
    "is the first to help when something breaks", "talks about the weather far too much",
    "keeps the tidiest garden on the street", "is always humming a tune", "lends out tools and forgets them",
    "laughs louder than anyone in town", "worries about everything", "is forever losing keys",
    "cycles everywhere, whatever the weather", "reads a book a week", "has strong opinions about football",
    "is quiet but very kind", "can fix almost anything", "grows tomatoes on every windowsill",
    "takes photographs of everything", "gives the best advice", "sings in the shower every morning",
    "is saving up for a trip abroad", "is learning to speak Italian", "never forgets a face",
    "brings round soup when anyone is ill",
)
"""Little details about an adult (they follow "who" or "and")."""

CHILD_NOTES: tuple[str, ...] = (
    "never stops asking questions", "is mad about football", "loves drawing animals", "wants to be an astronaut",
    "reads under the covers after bedtime", "is learning to ride a bicycle", "collects shiny stones",
    "wants a puppy more than anything", "builds towers out of everything", "can name every bird in the park",
)
"""Details about a child under thirteen."""

TEEN_NOTES: tuple[str, ...] = (
    "spends too long on the phone", "wants to start a band", "is saving up for a bicycle",
    "is secretly very good at chess", "wants to study abroad one day", "sleeps until noon given the chance",
)
"""Details about a teenager."""

PARENT_NOTES: tuple[str, ...] = (
    "is strict about homework but always fair", "makes the best pancakes", "works too hard",
    "always knows when something is wrong", "tells terrible jokes", "sings along to the radio in the car",
)
"""How a child sees a parent."""


@dataclass(frozen=True, slots=True)
class Leisure:
    """A habit at a place of the map: `{place}` is one that is open at `hour`, has every
    purpose in `needs` and allows what the phrase says (read as the planner reads it)."""

    text: str
    hour: int
    who: str
    """"worker", "retired", "student", "child", "adult" (18+) or "any"."""
    needs: frozenset[str]


def _l(text: str, hour: int, who: str, *needs: str) -> Leisure:
    return Leisure(text, hour, who, frozenset(needs))


LEISURE: tuple[Leisure, ...] = (
    _l("has a coffee at {place} on the way to work", 8, "worker", "drink"),
    _l("meets friends for coffee at {place} in the morning", 10, "retired", "drink"),
    _l("eats lunch at {place} on weekdays", 12, "worker", "eat"),
    _l("has Sunday lunch at {place}", 13, "adult", "eat", "drink"),
    _l("has a drink with friends at {place} on Friday evenings", 19, "adult", "drink"),
    _l("plays cards with friends at {place} some evenings", 20, "adult", "play", "drink"),
    _l("walks in {place} after work", 18, "worker", "exercise"),
    _l("goes for a run in {place} before work", 7, "worker", "exercise"),
    _l("takes a long walk in {place} every afternoon", 15, "retired", "exercise"),
    _l("feeds the birds in {place} in the morning", 9, "retired", "relax", "exercise"),
    _l("reads in {place} on quiet afternoons", 16, "any", "relax"),
    _l("sketches in {place} at weekends", 14, "any", "relax"),
    _l("plays in {place} after school", 16, "child", "play"),
    _l("kicks a ball around in {place} with friends", 17, "child", "play", "exercise"),
    _l("meets friends in {place} after class", 17, "student", "socialize"),
    _l("studies at {place} in the evening", 19, "student", "study"),
    _l("buys groceries at {place} on the way home", 18, "worker", "shop"),
    _l("does the weekly shop at {place} on Saturday mornings", 10, "adult", "shop"),
    _l("chats with neighbours in {place} in the evening", 19, "any", "socialize", "relax"),
    _l("helps with the vegetable beds at {place} at the weekend", 10, "adult", "work", "exercise"),
    _l("plays chess at {place} on Sunday afternoons", 15, "adult", "play"),
    _l("walks the dog in {place} every morning", 7, "adult", "exercise"),
    _l("eats breakfast at {place} on Saturdays", 9, "adult", "eat", "drink"),
    _l("meets old friends at {place} on Thursdays", 11, "retired", "socialize", "eat"),
    _l("watches the ducks in {place} after lunch", 14, "retired", "relax", "exercise"),
    _l("browses the shelves at {place} on Saturdays", 11, "any", "shop", "read"),
    _l("picks up fresh bread at {place} in the morning", 8, "adult", "shop", "eat"),
    _l("listens to the buskers in {place} on sunny afternoons", 15, "any", "socialize", "play"),
)
"""Habits that name a place of the map."""


@dataclass(frozen=True, slots=True)
class Habit:
    """A habit at home, for people `who` (see `HOME_HABITS`)."""

    text: str
    who: str


HOME_HABITS: tuple[Habit, ...] = (
    Habit("cooks dinner for the family at home", "parent"),
    Habit("helps {child} with homework in the evening", "parent of a pupil"),
    Habit("reads {child} a story at bedtime", "parent of a small child"),
    Habit("watches television at home in the evening", "adult"),
    Habit("cooks dinner at home most evenings", "adult"),
    Habit("calls {his} family on Sunday evenings", "adult"),
    Habit("does the crossword after dinner", "retired"),
    Habit("practises the guitar in {his} room", "young"),
    Habit("plays video games in the evening", "young"),
    Habit("eats dinner with {roommate} in the evening", "roommate"),
    Habit("draws pictures at the kitchen table", "child"),
)
"""Habits at home. `who`: parent, "parent of a pupil", "parent of a small child", adult (18+),
retired, young (13–25), roommate, child (under 13)."""

LIFE: dict[str, tuple[str, ...]] = {
    "home": ("{name} moved into {home} {years} ago", "{name} likes the quiet evenings at {home}"),
    "couple": ("{name} and {partner} are saving for a holiday by the sea",
               "{name} and {partner} are arguing gently about repainting the kitchen"),
    "parent": ("{name} is proud of how well {child} is doing", "{name} worries that {child} grows up too fast"),
    "child": ("{name} wants to build a tree house with {his} friends", "{name} is scared of the dark but tells no one"),
    "young": ("{name} is thinking about what to do after finishing {his} studies",
              "{name} is saving up for a proper guitar"),
    "new": ("{name} moved to {town} last month and is still learning everyone's names",),
}
"""Ordinary-life seed memories, by who they fit."""

NEWS: tuple[str, ...] = (
    "{name} adopted a puppy last week", "{name} is repainting the front door of {home}",
    "{name} found a lost wallet near {place} and handed it in", "{name} has started learning the violin",
    "{name} sprained a wrist falling off a ladder", "{name} is thinking about moving to a bigger place",
    "{name} grew a marrow the size of a small dog", "{name} got a letter from a cousin abroad",
    "{name} has taken up swimming", "{name}'s bicycle went missing from outside {place}",
    "{name} lost {his} reading glasses somewhere in {place}", "{name} fixed up an old bicycle found in a shed",
    "{name} has decided to learn to cook properly", "{name} is knitting a scarf for everyone in the family",
)
"""Small undated news about the person (the generator gives it to about half the town)."""

NUMBER_WORDS: tuple[str, ...] = (
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
)
"""Numbers said as words (larger ones are written as digits, or in tens: `twenty`, `thirty` …)."""
