"""Choices: the options a plan is chosen from, built at runtime from the persona and places.

A 135M model cannot write a day from scratch: asked for free text it copies whatever is
in its prompt (the one example chunk, a memory line) or loops. It *can* pick among good
options. So each planning call offers, per slot, the persona's own material — habits as
'-ing' phrases, its work at its workplace, its status and intentions — plus a few routine
choices (breakfast, lunch, relaxing at home), and the grammar makes the model choose
among them. Every option carries the activity it stands for (and, for actions, the object
it uses), so the choice the model makes is all the planner needs.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime

from npc_brain.language import occasions as say
from npc_brain.language.affordances import object_phrase
from npc_brain.language.dates import day_in
from npc_brain.language.phrasing import (
    activity_of,
    as_gerund_phrase,
    date_in,
    gerund,
    hours_in,
    intentions,
    parts_of_day,
    shorten,
    wake_and_bed,
)
from npc_brain.types.occasion import Occasion
from npc_brain.types.persona import Persona

_RANGE_TEXT = re.compile(r",?\s*(?:from\s+)?\d{1,2}(?::\d\d)?\s*(?:am|pm)?\s*(?:to|-|–|until)\s*"
                         r"\d{1,2}(?::\d\d)?\s*(?:am|pm)\b", re.I)
OPTION_CHARS = 60
"""Longest option text: a plan description's cap (`DayChunk.what`); it also bounds the
tokens a choice costs."""


@dataclass(frozen=True, slots=True)
class Option:
    """One thing the model may choose: what (plan text), its activity, and optional extras.

    `start`/`end`: hours the text itself names ("from 5pm to 7pm"); `target`: the address
    of the object an action uses; `parts` and `days`: the parts of the day and the weekdays a
    habit named, kept when its "every morning" or "on Friday evenings" is dropped from the text
    (a step is one morning's, not every one's).
    """

    what: str
    act: str
    start: int | None = None
    end: int | None = None
    target: str | None = None
    parts: frozenset[str] = frozenset()  # parts of the day its source named ("… every morning")
    days: frozenset[str] = frozenset()  # weekdays its source named ("… on Friday evenings"); none: any day


@dataclass(frozen=True, slots=True)
class Slot:
    """A part of the day (`key` is the JSON field), its hours and its options."""

    key: str
    start: int
    end: int
    options: tuple[Option, ...]

    def find(self, what: str) -> Option:
        """The option with this text (the schema guarantees there is one)."""
        return next(o for o in self.options if o.what == what)


def distinct(options: Iterable[Option], limit: int) -> tuple[Option, ...]:
    """The first `limit` options, each wording once."""
    seen: set[str] = set()
    out: list[Option] = []
    for o in options:
        key = o.what.lower()
        if o.what and key not in seen:
            seen.add(key)
            out.append(o)
    return tuple(out[:limit])


_EVERY = re.compile(r"\s*\b(?:(?:every|each)\s+(?:morning|afternoon|evening|night|day|week|weekday|weekend)s?"
                    r"|daily|most (?:mornings|afternoons|evenings|nights|days))\b", re.IGNORECASE)


# "visiting the library this afternoon": the step is the visit; its part of the day is its timing.
_THIS_PART = re.compile(r"\s*\b(?:(?:this|tomorrow)\s+(?:morning|afternoon|evening|night)|tonight|today)\b",
                        re.IGNORECASE)
_WEEKDAY = re.compile(r"\s*\b(?:on\s+|every\s+|at\s+)?"
                      r"(monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend)s?(?![\w'’])"
                      r"(?:\s+(?:morning|afternoon|evening|night)s?)?\b", re.IGNORECASE)


def _days(text: str) -> frozenset[str]:
    days = {m.group(1).lower() for m in _WEEKDAY.finditer(text)}
    if "weekend" in days:
        days = (days - {"weekend"}) | {"saturday", "sunday"}
    return frozenset(days)


def _option(text: str, occupation: str = "", act: str | None = None) -> Option:
    full = as_gerund_phrase(text)
    start, end = hours_in(full)
    # The hours go into the chunk's timing, and so do "every morning" and "on Fridays": a step
    # is what happens today ("Right now I am having black coffee at Hobbs Cafe", not "… every
    # morning"), and a Friday habit is offered on Fridays only.
    what = strip_timing(full)
    what = shorten(what.strip(" ,"), OPTION_CHARS)
    return Option(what, act or activity_of(what, occupation), start, end, parts=parts_of_day(full),
                  days=_days(full))


def strip_timing(phrase: str) -> str:
    """A phrase without its timing — dates, hours, "every morning", "on Fridays", "this
    afternoon" — which go into the step's time instead ("Right now I am having black coffee at
    Hobbs Cafe", not "… every morning")."""
    what = _WEEKDAY.sub("", _EVERY.sub("", _RANGE_TEXT.sub("", _without_date(phrase))))
    return _THIS_PART.sub("", what).strip(" ,")


def _parts(o: Option) -> frozenset[str]:
    return o.parts or parts_of_day(o.what)


# --------------------------------------------------------------------------- the day
_SLOT_PARTS = {
    "waking": {"early"},
    "morning": {"early", "morning"},
    "lunch": {"midday"},
    "afternoon": {"afternoon"},
    "evening": {"evening"},
    "night": {"night", "evening"},
}
_UNTIMED_SLOTS = ("morning", "afternoon", "evening", "night")
DAYTIME = ("morning", "afternoon")
"""The parts of the day a job fills."""
_RESTFUL = frozenset({"read", "relax", "play", "socialize", "exercise", "cook", "eat"})
USUAL: Mapping[str, tuple[Option, ...]] = {
    "waking": (Option("waking up and getting ready", "wash"), Option("having breakfast at home", "eat")),
    "morning": (Option("going for a walk", "exercise"),),
    "lunch": (Option("having lunch", "eat"), Option("having lunch at home", "eat")),
    "afternoon": (Option("going for a walk", "exercise"), Option("relaxing at home", "relax")),
    "evening": (Option("having dinner", "eat"), Option("having dinner at home", "eat"),
                Option("cooking dinner at home", "cook")),
    "night": (Option("relaxing at home", "relax"), Option("reading at home", "read"),
              Option("getting ready for bed", "wash")),
}
"""What anyone may do in each part of the day (a slot's filler after its own options; a busy
persona's daytime has none). The same for every persona, so a day-plan prompt states it once
in its rules, which every day plan shares from the engine's cache (`prompts.day_plan_messages`)."""


def place_name(address: str | None, names: Mapping[str, str]) -> str:
    """Display name of the building holding `address` ('town:hobbs_cafe:kitchen' → 'Hobbs Cafe')."""
    if not address:
        return ""
    parts = address.split(":")
    building = ":".join(parts[:2]) if len(parts) >= 2 else address
    return names.get(building) or parts[min(1, len(parts) - 1)].replace("_", " ").title()


def work_option(persona: Persona, names: Mapping[str, str]) -> Option | None:
    """'working at Hobbs Cafe' / 'studying at Oak Hill College' / 'working at home'."""
    if not persona.workplace:
        return None
    student = "student" in persona.occupation.lower()
    verb, act = ("studying", "study") if student else ("working", "work")
    if persona.home and persona.workplace.split(":")[:2] == persona.home.split(":")[:2]:
        return Option(f"{verb} at home", act)
    return Option(f"{verb} at {place_name(persona.workplace, names)}", act)


# Where a resident with news of its own goes: among people (the location walk finds a place
# for socializing on the map).
SOCIABLE = Option("catching up with people around town", "socialize")
SOCIABLE_LUNCH = Option("having lunch with people in town", "socialize")


def day_slots(
    persona: Persona,
    *,
    wake: int,
    bed: int,
    today: str = "",
    weekday: str = "",
    from_hour: int = 0,
    thoughts: Sequence[str] = (),
    memories: Sequence[str] = (),
    names: Mapping[str, str] | None = None,
    per_slot: int = 6,
    occasions: Sequence[tuple[Occasion, bool]] = (),
    day: date | None = None,
    share: bool = False,
) -> list[Slot]:
    """The parts of the day from `from_hour` to bed, each with the options that fit it.

    `occasions` are the occasions the persona knows of, each with whether it means to be
    there (its own, or one it said yes to): on `day` one it means to be at is a commitment in
    its slot, one it only heard of an option; before it, its own occasion makes mornings of
    asking people and afternoons of getting ready. `memories` and `thoughts` give intentions
    (a whisper's "I want to visit the library this afternoon" is kept for its part of the
    day). Slots already over are left out. With `share` (news of its own nobody has heard,
    `news.unshared`) the first free daytime part leads with going where people are.
    """
    names = names or {}
    occ = persona.occupation
    def today_s(o: Option) -> bool:  # `weekday` ('Monday'): a habit or plan named for another day waits
        return not o.days or not weekday or weekday.lower() in o.days

    habits = [o for o in (_option(h, occ) for h in persona.daily_habits) if today_s(o)]
    work = work_option(persona, names)
    status = _option(persona.status, occ) if persona.status else None
    wished = [o for o in _intended([*intentions(thoughts, persona.name, inner_voice=True),
                                    *intentions(memories, persona.name)], today) if today_s(o)]
    held, kept = _occasion_options(persona.name, occasions, day, wished)
    # What the persona itself means to do today at a set time — its own occasion, one it said
    # yes to — is a commitment, not one option among many; so is a wish for a part of the day
    # (a whispered "this afternoon").
    plans = [*held, *(o for o in wished if not any(_same_plan(o, h) for h in held))]
    committed = kept | {o.what for o in wished if o in plans and (o.start is not None or o.parts)}
    # Dated or timed intentions (a party) lead their slot; open-ended wishes follow habits.
    dated = [o for o in plans if o.start is not None or o.what.startswith(("getting ready for", "inviting people to"))
             or (o.parts and o in wished)]
    wishes = [o for o in plans if o not in dated]
    bounds = [("waking", wake, wake + 1), ("morning", wake + 1, 12), ("lunch", 12, 13),
              ("afternoon", 13, 17), ("evening", 17, 20), ("night", 20, bed)]
    slots: list[Slot] = []
    for key, start, end in bounds:
        start = max(start, from_hour if key != "waking" else start)
        if end <= start or end <= from_hour:
            continue

        def fits(o: Option, key: str = key, start: int = start, end: int = end) -> bool:
            if o.start is not None:
                return start <= o.start < end
            parts = _parts(o)
            return bool(parts & _SLOT_PARTS[key]) if parts else key in _UNTIMED_SLOTS

        timed = [o for o in [*dated, *habits] if fits(o) and (o.start is not None or _parts(o))]
        untimed = [o for o in [*dated, *habits, *wishes]
                   if fits(o) and o.start is None and not _parts(o)]
        daytime = key in DAYTIME
        job = [o for o in (work, status) if daytime and o is not None and o.start is None]
        # What fits this part of the day first: a small model favours early options. After
        # dark, routine beats an untimed habit ("having a coffee" is a daytime thing).
        if not daytime:  # after dark only the restful kind of untimed habit ("reads in his armchair")
            untimed = [o for o in untimed if o.act in _RESTFUL]
        # Once, the first daytime part with no set hour in it leads with going among people —
        # before a habit of that part of the day (a stories run: "having black coffee at Hobbs
        # Cafe" every morning kept the candidate's news at home); a commitment still wins (`pinned`).
        # Not instead of work: at work it is among people already (the café owner's mornings).
        among = share and daytime and key != "lunch" and work not in job \
            and not any(o.start is not None for o in timed)
        # One who works has lunch among people instead (a stories run: the park keeper, at work
        # in an empty park all day, kept her lost bracelet to herself).
        lunch_out = share and key == "lunch" and work is not None and work.start is None
        share = share and not (among or lunch_out)
        filler = list(USUAL[key])
        if daytime and len(timed) + len(untimed) + len(job) >= 3:
            filler = []  # a busy persona's morning is its own things, not a five-hour walk
        ordered = [*timed, *untimed, *job, *filler] if daytime else [*timed, *filler, *untimed]
        if among:
            ordered = [SOCIABLE, *ordered]
        elif lunch_out:
            ordered = [SOCIABLE_LUNCH, *ordered]
        # A host who "chose" a walk instead would never throw her party.
        pinned = [o for o in timed if o.what in committed]
        options = distinct(pinned[:1] or ordered, per_slot)
        slots.append(Slot(key, start, end, options))
    return slots


def options_between(slots: Sequence[Slot], start: int, end: int) -> tuple[Option, ...]:
    """The options of every slot overlapping the hours [start, end), in time order."""
    return distinct((o for s in slots if s.start < end and start < s.end for o in s.options), 64)


def alternatives_at(
    persona: Persona,
    start_hour: int,
    end_hour: int,
    *,
    today: str = "",
    names: Mapping[str, str] | None = None,
    thoughts: Sequence[str] = (),
) -> tuple[Option, ...]:
    """What the persona might do between two hours of the day (the day plan's options for the
    parts of the day they overlap): material for hour steps and for replanning."""
    wake, bed = wake_and_bed(persona.lifestyle)
    if start_hour < wake:  # after midnight: the night slot counts hours past 24
        start_hour, end_hour = start_hour + 24, end_hour + 24
    slots = day_slots(persona, wake=wake, bed=bed, today=today, thoughts=thoughts, names=names)
    return options_between(slots, start_hour, max(end_hour, start_hour + 1))


def _intended(phrases: Sequence[str], today: str) -> list[Option]:
    """Intentions as options (one naming another day than today waits for it: an occasion's
    days before are `_occasion_options`'s)."""
    return [_option(p) for p in phrases if not (date_in(p) and today and date_in(p) != today)]


def _occasion_options(name: str, occasions: Sequence[tuple[Occasion, bool]], day: date | None,
                      wished: Sequence[Option]) -> tuple[list[Option], set[str]]:
    """Options for the occasions the persona knows of, and the texts of those it means to be
    at: on its day, going to it (its own in the words of its own intention, "hosting a … party
    at Hobbs Cafe", when it has one), at its hours; before its own, asking people (mornings)
    and getting ready (afternoons)."""
    out: list[Option] = []
    kept: set[str] = set()
    if day is None:
        return out, kept
    for occasion, mine in occasions:
        ahead = (occasion.start.date() - day).days
        if ahead < 0:
            continue
        start = occasion.start.hour if occasion.timed else None
        end = None
        if occasion.timed and occasion.end is not None:
            end = occasion.end.hour + 24 * (occasion.end.date() - occasion.start.date()).days
        if ahead == 0:
            own = next((o for o in wished if _same_plan(o, Option(occasion.what, "socialize"))), None)
            if own is not None and mine:
                option = Option(own.what, "socialize", start if start is not None else own.start,
                                end if end is not None else own.end)
            else:
                verb = "holding" if occasion.host == name else "going to"
                option = Option(shorten(f"{verb} {say.describe(occasion, when=False)}", OPTION_CHARS), "socialize",
                                start if start is not None else 18, end)
            out.append(option)
            if mine:
                kept.add(option.what)
        elif occasion.host == name and ahead <= 7:
            # A host spends the days before asking people (paper §7.1.1): among others, where
            # people are — the mornings out, the afternoons getting ready.
            out.append(Option(shorten(f"inviting people to the {occasion.what} in the morning", OPTION_CHARS),
                              "socialize"))
            out.append(Option(shorten(f"getting ready for the {occasion.what}", OPTION_CHARS), "work"))
    return out, kept


def _same_plan(a: Option, b: Option) -> bool:
    """Two options for the same occasion: one names the other's occasion ("hosting a party at …")."""
    x, y = a.what.lower(), b.what.lower()
    name = re.sub(r"^(holding|going to) (the |a |an )?", "", y).split(" at ")[0]
    return bool(name) and name in x


def _without_date(text: str) -> str:
    """'hosting a party on Tuesday, February 14 from 5pm to 7pm' → 'hosting a party from 5pm to
    7pm': "on" and the run of days after it that the date reader finds (`language.dates.day_in`:
    a weekday, a date, "the 3rd of May"), joined by commas or "the" ("… at Hobbs Cafe, February"
    was left of "on Tuesday, February 14"). A date not after "on" ("the February 14 deadline")
    stays."""
    for m in _ON_WORD.finditer(text):
        end = m.end()
        while True:
            gap = _JOIN.match(text, end)
            at = gap.end() if gap else end
            found = day_in(text[at:], _ANY_DAY)
            if found is None or found[1][0] != 0:
                break
            end = at + found[1][1]
        # A weekday alone is a habit's ("on Friday evenings", `_WEEKDAY`); a run with a date goes here.
        if end > m.end() and any(ch.isdigit() for ch in text[m.end():end]):
            return _without_date(f"{text[:m.start()].rstrip()} {text[end:].lstrip()}".replace(" ,", ",").strip(" ,"))
    return text


_ANY_DAY = datetime(2001, 1, 1)  # `day_in` resolves a day against a date; only the span is used here
_ON_WORD = re.compile(r"\bon\b", re.IGNORECASE)
_JOIN = re.compile(r"(?:\s*,)?\s*(?:the\s+)?", re.IGNORECASE)


# --------------------------------------------------------------------------- hours
BREAK = Option("taking a short break", "other")
"""'other': a break inherits the activity (and so the place) of the step it interrupts."""


def hour_options(
    what: str,
    act: str,
    *,
    alternatives: Sequence[Option] = (),
    rooms: Sequence[tuple[str, str, frozenset[str]]] = (),
    limit: int = 7,
) -> tuple[Option, ...]:
    """Options for the hour steps of a day chunk: the chunk itself, the rooms (name, address,
    activities) where it can happen, what else the persona might do at that time of day
    (`alternatives`, from `day_slots`), and a break for long work."""
    in_rooms = [Option(f"{gerund(act) if act != 'other' else 'spending time'} in the {name.lower()}", act)
                for name, _, purpose in rooms if act in purpose]
    extra = [BREAK] if act in ("work", "study", "read") else []
    others = [o for o in alternatives if o.act != "sleep"]
    return distinct([Option(shorten(what, OPTION_CHARS), act), *in_rooms[:2], *others, *extra], limit)


# --------------------------------------------------------------------------- actions
def _one_per_use(options: Sequence[Option]) -> list[Option]:
    """The first option of each phrasing ('having a drink at the table 1' stands for all tables)."""
    seen: set[str] = set()
    out = []
    for o in options:
        use = re.sub(r"\bthe .*$", "", o.what)
        if use not in seen:
            seen.add(use)
            out.append(o)
    return out


def action_options(
    what: str,
    act: str,
    objects: Sequence[tuple[str, str, str, frozenset[str]]],
    *,
    limit: int = 8,
) -> tuple[Option, ...]:
    """Options for the 5–15 minute actions of an hour step in a room.

    `objects`: (address, name, description, purposes) of the room's objects. Each object
    that serves the step's activity gets a phrase naming it ('preparing food at the stove'),
    objects whose name or description shares a word with the step get the step's own
    words ('baking pastries at the stove'); the step itself (no object) and a break close
    the list.
    """
    core = what.split(" at ")[0].split(" in the ")[0]
    # A named place at its end goes too: the object says where ("tending the flower beds in
    # Johnson Park", cut to fit, had become "tending the flower beds in Johnson at the rose beds").
    core = re.sub(r"\s+(?:in|on|by|near|inside|outside)\s+(?:[A-Z][\w'’&.-]*\s*)+$", "", core)
    core = shorten(re.sub(r"\s+(?:early|late|every \w+|in the \w+|on \w+)$", "", core), 36)
    # Content words of the step (not its verb): "pastries" in "baking pastries" meets the
    # counter's "pastry case"; "preparing" must not meet the "prep counter".
    words = {w.strip(",.").lower()[:5] for w in what.split()[1:]
             if len(w) > 3 and w[0].islower() and not w.endswith("ing")}
    named: list[Option] = []
    serving: list[Option] = []
    others: list[Option] = []
    for address, name, description, purposes in objects:
        label = name.lower()
        text = f" {label} {description} ".lower()
        if words and any(f" {w}" in text for w in words):
            named.append(Option(shorten(f"{core} at the {label}", OPTION_CHARS), act, target=address))
        phrase, use = object_phrase(label, act, purposes)
        option = Option(phrase, use, target=address)
        (serving if act in purposes or (act == "work" and purposes) else others).append(option)
    # One object per kind of use: four "having a drink at table N" make a small model walk
    # from table to table every ten minutes.
    serving, others = _one_per_use(serving), _one_per_use(others)
    at_objects = [*named, *serving, *others]
    # The step itself (no object) only when the room offers little else: given the choice, a
    # small model copies the step's own words every time and never uses an object.
    itself = [Option(shorten(what, OPTION_CHARS), act)] if len(at_objects) < 3 else []
    rest = [BREAK] if act in ("work", "study") else []
    return distinct([*named, *serving, *itself, *others, *rest], limit)


def describe(options: Sequence[Option]) -> str:
    """Options as one prompt line: 'a | b | c'."""
    return " | ".join(o.what for o in options)
