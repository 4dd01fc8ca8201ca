"""Jobs: what people do at the kinds of workplace a map may have, as data.

A workplace's kind is read from the words of its name and description (a café, a library, a
college …); a room whose words say another kind adds that kind's jobs there (the pharmacy
counter in a grocery). A workplace no kind's words match gets the generic jobs of its
purposes (a shop, a kitchen, a place of study, else an office). Every text is a template:

- `{work}` the workplace's name on the map, `{room}` the room's name, `{opens}` / `{closes}`
  its opening hours (a habit naming them is used only where the map gives hours);
- `{subject}` a field of study (`SUBJECTS`), `{years}` a span of years in words ("six years");
- `{name}` the person's full name, `{first}` the first name, `{his}` / `{him}` pronouns.

Occupations read like the demo's personas ("barista at Hobbs Cafe", "owner of …"); habits are
third-person verb phrases ("opens … at 8am"); lines are seed memories that open with `{name}`.
"""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FREELANCE", "GENERIC_KINDS", "HOME_ROLE", "JOB_KINDS", "RETIRED", "RETIRED_FROM", "SUBJECTS",
           "JobKind", "Role"]


@dataclass(frozen=True, slots=True)
class Role:
    """One job at a kind of workplace (or none: freelance, retired)."""

    occupation: str
    seats: int = 1
    """How many people one workplace has in this role."""
    ages: tuple[int, int] = (20, 65)
    wake: float = 7.0
    bed: float = 23.0
    """Typical hours (bed after midnight is 24 + the hour)."""
    room: str = ""
    """The activity of the room this role works in ("cook": the kitchen), when the workplace has one."""
    habits: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()
    status: tuple[str, ...] = ()
    lead: bool = False
    """Runs the place: one per workplace, none where the map names an owner who is not this person."""
    learner: str = ""
    """"adult" (students), "child" (pupils) or "teen": filled from learners, never from the workforce."""


@dataclass(frozen=True, slots=True)
class JobKind:
    """A kind of workplace: the words that say it and the roles it has, most important first."""

    key: str
    words: tuple[str, ...]
    roles: tuple[Role, ...]
    purposes: frozenset[str] = frozenset()
    """For generic kinds: the purposes of a workplace that make it this kind."""


_SERVE = ("greets the regulars at {work} by name", "works the counter at {work} from {opens}")

JOB_KINDS: tuple[JobKind, ...] = (
    JobKind("cafe", ("cafe", "café", "coffee", "coffee shop", "tearoom", "tea room", "espresso"), (
        Role("owner of {work}", lead=True, ages=(28, 64), wake=6, bed=23,
             habits=("opens {work} at {opens} and greets every customer", "does the accounts of {work} in the evening"),
             lines=("{name} opened {work} {years} ago with {his} savings",
                    "{name} wants to try a new cake recipe at {work}"),
             status=("running {work}",)),
        Role("barista at {work}", seats=2, ages=(18, 40), wake=6.5, bed=23.5,
             habits=("makes coffee at {work} from {opens}", "wipes down the tables at {work} at closing time"),
             lines=("{name} can tell what a regular at {work} will order before they say it",
                    "{name} is practising latte art on quiet afternoons at {work}"),
             status=("making coffee at {work}",)),
        Role("cook at {work}", room="cook", ages=(20, 60), wake=6, bed=22.5,
             habits=("bakes the morning pastries at {work}", "cooks lunch in the kitchen of {work}"),
             lines=("{name} is proud of the soup {his} regulars at {work} ask for by name",),
             status=("cooking at {work}",)),
    )),
    JobKind("pub", ("pub", "tavern", "inn", "alehouse", "ales", "taproom", "bar"), (
        Role("landlord of {work}", lead=True, ages=(30, 66), wake=9, bed=25,
             habits=("opens {work} at {opens}", "pours pints and chats with the regulars at {work} every evening"),
             lines=("{name} took over {work} {years} ago and knows every regular's name",
                    "{name} hears most of the town's news from behind the bar of {work}"),
             status=("running {work}",)),
        Role("bartender at {work}", seats=2, ages=(19, 45), wake=9.5, bed=25,
             habits=("works behind the bar at {work} in the evenings", "stacks the glasses at {work} at closing time"),
             lines=("{name} has worked the bar at {work} for {years}",),
             status=("working behind the bar at {work}",)),
        Role("cook at {work}", room="cook", ages=(20, 60), wake=9, bed=24,
             habits=("cooks at {work} from {opens}",),
             lines=("{name} is trying out a new pie recipe for the menu at {work}",),
             status=("cooking at {work}",)),
    )),
    JobKind("grocery", ("grocery", "groceries", "grocer", "market", "supermarket", "general store", "stores",
                        "produce"), (
        Role("owner of {work}", lead=True, ages=(30, 66), wake=5.5, bed=22,
             habits=("opens {work} at {opens}", "unloads the morning deliveries at {work}"),
             lines=("{name} has run {work} for {years}",),
             status=("keeping {work} running",)),
        Role("shop assistant at {work}", seats=2, ages=(17, 64), wake=6, bed=22.5,
             habits=("stocks the shelves at {work} in the morning", "works the till at {work}"),
             lines=("{name} knows which customers at {work} like a chat and which are in a hurry",),
             status=("working at {work}",)),
    )),
    JobKind("pharmacy", ("pharmacy", "chemist", "apothecary", "medicine", "medicines", "prescriptions"), (
        Role("pharmacist at {work}", ages=(27, 66), wake=6.5, bed=22,
             habits=("opens the pharmacy counter at {work} at {opens}", "reads medical journals in the evening"),
             lines=("{name} has been the pharmacist at {work} for {years}",
                    "{name} knows half the town by their prescriptions and never gossips about them"),
             status=("working at the pharmacy counter",)),
        Role("pharmacy assistant at {work}", ages=(18, 55), wake=6.5, bed=23,
             habits=("helps at the pharmacy counter of {work} in the morning",),
             lines=("{name} is studying for a pharmacy qualification in the evenings",),
             status=("helping at the pharmacy counter",)),
    )),
    JobKind("college", ("college", "university", "academy", "campus", "faculty"), (
        Role("{subject} professor at {work}", seats=2, ages=(35, 68), wake=6.5, bed=23,
             habits=("teaches {subject} at {work} in the morning", "marks essays in the evening"),
             lines=("{name} has taught {subject} at {work} for {years}",
                    "{name} is writing a book about {subject}"),
             status=("teaching {subject} at {work}",)),
        Role("{subject} lecturer at {work}", ages=(28, 60), wake=7, bed=23.5,
             habits=("gives {subject} lectures at {work}", "prepares lectures in the evening"),
             lines=("{name} moved to town to lecture in {subject} at {work}",),
             status=("preparing {subject} lectures",)),
        Role("caretaker at {work}", ages=(30, 66), wake=6, bed=22,
             habits=("unlocks {work} at {opens}", "fixes whatever is broken at {work}"),
             lines=("{name} has a key to every door of {work}",),
             status=("looking after {work}",)),
        Role("{subject} student at {work}", seats=99, learner="adult", ages=(18, 26), wake=8, bed=25,
             habits=("attends {subject} lectures at {work} in the morning", "studies at {work} in the afternoon"),
             lines=("{name} is behind on the reading for {his} {subject} course",
                    "{name} is writing an essay on {subject} due at the end of the month"),
             status=("studying {subject} at {work}",)),
        Role("student taking an early course at {work}", seats=99, learner="teen", ages=(16, 17), wake=7, bed=23,
             habits=("attends an early course at {work}", "does homework at {work} after class"),
             lines=("{name} is the youngest person in {his} course at {work}",),
             status=("studying at {work}",)),
    )),
    JobKind("school", ("school", "primary", "pupils", "kindergarten", "schoolhouse"), (
        Role("head teacher of {work}", lead=True, ages=(38, 65), wake=6, bed=22.5,
             habits=("unlocks {work} before the pupils arrive", "writes the school newsletter in the evening"),
             lines=("{name} has been head teacher of {work} for {years}",),
             status=("running {work}",)),
        Role("teacher at {work}", seats=3, ages=(23, 64), wake=6.5, bed=22.5,
             habits=("teaches a class at {work} every morning", "marks homework in the evening"),
             lines=("{name} is teaching {his} class at {work} about the history of the town",
                    "{name} has taught at {work} for {years}"),
             status=("teaching at {work}",)),
        Role("pupil at {work}", seats=99, learner="child", ages=(5, 17), wake=7, bed=21,
             habits=("goes to {work} every weekday morning", "does homework after school"),
             lines=("{name} is learning to read longer books at {work}",
                    "{name} wants to sit next to {his} best friend at {work}"),
             status=("going to school at {work}",)),
    )),
    JobKind("library", ("library", "libraries", "reading room", "reading hall", "archive", "archives"), (
        Role("librarian at {work}", ages=(25, 66), wake=6.5, bed=22.5,
             habits=("opens the {room} at {work} in the morning", "catalogues new books at {work}"),
             lines=("{name} has looked after the books at {work} for {years}",
                    "{name} is sorting the town's old newspapers at {work}"),
             status=("cataloguing books at {work}",)),
        Role("library assistant at {work}", ages=(18, 60), wake=7, bed=23,
             habits=("shelves returned books in the {room} at {work}", "helps readers find books at {work}"),
             lines=("{name} reads every new book before it goes on the shelf at {work}",),
             status=("shelving books at {work}",)),
    )),
    JobKind("bakery", ("bakery", "bakehouse", "baker", "bakers", "patisserie"), (
        Role("baker at {work}", lead=True, ages=(25, 64), wake=4.5, bed=21,
             habits=("bakes the bread at {work} before dawn", "opens {work} at {opens}"),
             lines=("{name} has baked the bread at {work} for {years}",),
             status=("baking at {work}",)),
        Role("bakery assistant at {work}", seats=2, ages=(17, 60), wake=5.5, bed=22,
             habits=("sells bread and buns at the counter of {work}",),
             lines=("{name} gets to take home the bread {work} does not sell",),
             status=("working at {work}",)),
    )),
    JobKind("clinic", ("clinic", "surgery", "doctor", "doctors", "health", "medical", "hospital", "infirmary"), (
        Role("doctor at {work}", ages=(30, 66), wake=6.5, bed=23,
             habits=("sees patients at {work} in the morning", "reads medical journals in the evening"),
             lines=("{name} has been a doctor at {work} for {years}",),
             status=("seeing patients at {work}",)),
        Role("nurse at {work}", seats=2, ages=(22, 62), wake=6, bed=22.5,
             habits=("looks after patients at {work}", "takes a walk after a long shift"),
             lines=("{name} remembers the name of every patient at {work}",),
             status=("working a shift at {work}",)),
        Role("receptionist at {work}", ages=(19, 64), wake=7, bed=23,
             habits=("answers the phone at the front desk of {work}",),
             lines=("{name} keeps the appointment book at {work} in perfect order",),
             status=("working at the front desk of {work}",)),
    )),
    JobKind("post", ("post office", "post", "postal", "mail", "letters", "parcels"), (
        Role("postmaster at {work}", lead=True, ages=(35, 66), wake=6, bed=22,
             habits=("opens {work} at {opens}", "sorts the morning mail at {work}"),
             lines=("{name} has run {work} for {years}",),
             status=("sorting mail at {work}",)),
        Role("postal worker at {work}", seats=2, ages=(19, 64), wake=5.5, bed=22,
             habits=("delivers letters from {work} every morning", "sorts parcels at {work}"),
             lines=("{name} knows every front door in town",),
             status=("delivering the post",)),
    )),
    JobKind("bookshop", ("bookshop", "bookstore", "bookseller", "books"), (
        Role("owner of {work}", lead=True, ages=(30, 70), wake=7, bed=23,
             habits=("opens {work} at {opens}", "orders new books for {work} in the evening"),
             lines=("{name} opened {work} {years} ago",),
             status=("running {work}",)),
        Role("bookseller at {work}", ages=(18, 60), wake=7.5, bed=23.5,
             habits=("recommends books to customers at {work}",),
             lines=("{name} writes little notes about favourite books for the shelves of {work}",),
             status=("selling books at {work}",)),
    )),
    JobKind("restaurant", ("restaurant", "diner", "bistro", "grill", "eatery", "trattoria", "canteen"), (
        Role("owner of {work}", lead=True, ages=(30, 65), wake=8, bed=24,
             habits=("opens {work} at {opens}", "checks the bookings at {work} every afternoon"),
             lines=("{name} opened {work} {years} ago",),
             status=("running {work}",)),
        Role("chef at {work}", room="cook", ages=(22, 60), wake=8.5, bed=24.5,
             habits=("cooks in the kitchen of {work} from {opens}", "shops for fresh ingredients in the morning"),
             lines=("{name} is working on a new dish for the menu at {work}",),
             status=("cooking at {work}",)),
        Role("waiter at {work}", seats=2, ages=(17, 45), wake=9, bed=24.5,
             habits=("waits tables at {work} in the evening",),
             lines=("{name} remembers what every regular at {work} likes to order",),
             status=("waiting tables at {work}",)),
    )),
    JobKind("workshop", ("workshop", "garage", "mechanic", "repairs", "repair", "carpentry", "joinery", "forge",
                         "smithy", "hardware"), (
        Role("owner of {work}", lead=True, ages=(30, 66), wake=6, bed=22,
             habits=("opens {work} at {opens}", "repairs whatever the town brings to {work}"),
             lines=("{name} took over {work} from an old master {years} ago",),
             status=("running {work}",)),
        Role("mechanic at {work}", seats=2, ages=(18, 62), wake=6.5, bed=22.5,
             habits=("fixes bicycles and cars at {work}",),
             lines=("{name} can fix almost anything with wheels",),
             status=("repairing things at {work}",)),
    )),
    JobKind("salon", ("salon", "barber", "barbers", "hairdresser", "hairdressers"), (
        Role("hairdresser at {work}", seats=2, ages=(18, 64), wake=7, bed=23,
             habits=("cuts hair at {work}", "chats with every customer at {work}"),
             lines=("{name} hears every bit of news in town from the chair at {work}",),
             status=("cutting hair at {work}",)),
    )),
    JobKind("garden", ("garden", "allotment", "allotments", "orchard", "vegetable", "greenhouse", "nursery",
                       "farm"), (
        Role("gardener at {work}", ages=(20, 70), wake=6, bed=22,
             habits=("tends the vegetable beds at {work} in the morning", "waters the plants at {work} in the evening"),
             lines=("{name} is growing the biggest tomatoes {work} has ever seen",),
             status=("tending {work}",)),
    )),
    JobKind("studio", ("studio", "gallery", "atelier", "pottery"), (
        Role("artist at {work}", ages=(20, 75), wake=8, bed=24,
             habits=("paints at {work} in the morning light",),
             lines=("{name} is working on a large painting of the town at {work}",),
             status=("painting at {work}",)),
    )),
    JobKind("station", ("fire station", "firefighters", "police station", "police"), (
        Role("officer at {work}", seats=2, ages=(21, 60), wake=6, bed=22.5,
             habits=("starts a shift at {work} in the morning", "checks the equipment at {work}"),
             lines=("{name} has served at {work} for {years}",),
             status=("on duty at {work}",)),
    )),
)
"""Kinds of workplace a map's words can name, most specific words first within each."""

GENERIC_KINDS: tuple[JobKind, ...] = (
    JobKind("shop", (), (
        Role("owner of {work}", lead=True, ages=(28, 66), wake=6.5, bed=22.5,
             habits=("opens {work} at {opens}", "does the accounts of {work} in the evening"),
             lines=("{name} has kept {work} going for {years}",),
             status=("running {work}",)),
        Role("shop assistant at {work}", seats=2, ages=(17, 64), wake=7, bed=23,
             habits=("serves customers at {work}",),
             lines=("{name} knows where everything is kept at {work}",),
             status=("working at {work}",)),
    ), purposes=frozenset({"shop"})),
    JobKind("kitchen", (), (
        Role("owner of {work}", lead=True, ages=(28, 65), wake=7, bed=23.5,
             habits=("opens {work} at {opens}",),
             lines=("{name} opened {work} {years} ago",),
             status=("running {work}",)),
        Role("cook at {work}", room="cook", ages=(19, 62), wake=7.5, bed=23.5,
             habits=("cooks at {work}",),
             lines=("{name} is perfecting a stew recipe at {work}",),
             status=("cooking at {work}",)),
        Role("server at {work}", seats=2, ages=(17, 45), wake=8, bed=24,
             habits=("serves food and drinks at {work}",),
             lines=("{name} has served at {work} for {years}",),
             status=("serving at {work}",)),
    ), purposes=frozenset({"cook", "eat", "drink"})),
    JobKind("learning", (), (
        Role("teacher at {work}", seats=2, ages=(24, 65), wake=6.5, bed=22.5,
             habits=("teaches at {work} in the morning", "prepares lessons in the evening"),
             lines=("{name} has taught at {work} for {years}",),
             status=("teaching at {work}",)),
        Role("student at {work}", seats=99, learner="adult", ages=(18, 26), wake=8, bed=24.5,
             habits=("studies at {work} every morning",),
             lines=("{name} is working hard to pass {his} exams at {work}",),
             status=("studying at {work}",)),
    ), purposes=frozenset({"study"})),
    JobKind("office", (), (
        Role("manager of {work}", lead=True, ages=(30, 65), wake=6.5, bed=23,
             habits=("opens {work} in the morning", "plans the week at {work} on Monday mornings"),
             lines=("{name} has managed {work} for {years}",),
             status=("managing {work}",)),
        Role("assistant at {work}", seats=2, ages=(18, 64), wake=7, bed=23,
             habits=("works at {work} during the day",),
             lines=("{name} started at {work} {years} ago",),
             status=("working at {work}",)),
    ), purposes=frozenset({"work"})),
)
"""Jobs of a workplace no kind's words match, by its purposes (in this order)."""

FREELANCE: tuple[Role, ...] = (
    Role("freelance translator", habits=("translates documents at home in the morning",),
         lines=("{name} translates books and letters for clients in three countries",),
         status=("translating a novel",)),
    Role("illustrator", habits=("draws illustrations at home in the morning",), wake=8, bed=24,
         lines=("{name} is illustrating a children's book",), status=("drawing illustrations for a book",)),
    Role("writer", habits=("writes at home every morning",), wake=8, bed=24.5,
         lines=("{name} is halfway through writing a novel set in a town like this one",),
         status=("writing a novel",)),
    Role("plumber", habits=("fixes leaking pipes around town",), wake=6, bed=22,
         lines=("{name} has fixed the pipes in half the houses in town",), status=("out on a plumbing job",)),
    Role("electrician", habits=("rewires old houses around town",), wake=6, bed=22,
         lines=("{name} is rewiring an old house on the edge of town",), status=("out on a wiring job",)),
    Role("accountant working from home", habits=("does clients' accounts at home",), wake=7, bed=23,
         lines=("{name} does the accounts for several small businesses in town",), status=("doing accounts",)),
    Role("software developer working from home", habits=("writes code at home all morning",), wake=8.5, bed=25,
         lines=("{name} works for a company far away without leaving home",), status=("writing software",)),
    Role("photographer", habits=("takes photographs around town",), wake=7, bed=24,
         lines=("{name} is putting together a book of photographs of the town",), status=("taking photographs",)),
    Role("piano teacher", habits=("gives piano lessons at home in the afternoon",), wake=7.5, bed=23,
         lines=("{name} has taught half the children in town to play the piano",), status=("giving piano lessons",)),
)
"""Jobs without a workplace on the map (work happens at home or around town)."""

HOME_ROLE = Role("stay-at-home parent", habits=("walks the children to school",), wake=6.5, bed=22.5,
                 lines=("{name} is teaching the children to cook simple meals",),
                 status=("looking after the family",))
"""A parent of young children who stays at home with them."""

RETIRED = Role("retired {former}", ages=(60, 99), wake=6, bed=22,
               habits=("reads the newspaper over a long breakfast", "tends the garden at home"),
               lines=("{name} worked as a {former} for {years} before retiring",
                      "{name} enjoys having time for long walks since retiring"),
               status=("enjoying retirement",))
"""Someone past working age (`{former}`: what they used to do)."""

RETIRED_FROM: tuple[str, ...] = ("teacher", "nurse", "engineer", "carpenter", "postman", "bus driver", "sailor",
                                 "farmer", "accountant", "shopkeeper", "police officer", "electrician", "dentist",
                                 "librarian", "fisherman", "seamstress", "railway worker", "bank clerk")
"""What retired people used to do."""

SUBJECTS: tuple[str, ...] = ("history", "physics", "chemistry", "biology", "mathematics", "economics",
                             "literature", "music", "art history", "sociology", "philosophy", "engineering",
                             "computer science", "psychology", "architecture", "geography", "languages")
"""Fields of study for professors and students."""
