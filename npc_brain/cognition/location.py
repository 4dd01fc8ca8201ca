"""Location choice: walk the agent's *known* containment tree, one constrained choice per level.

Cheap by design. At each level the options are the known children (minus places the
agent was refused). Most levels need no model call: a single option, a single option
whose subtree serves the activity (one declared for it before one that only holds
something for it), the place the step names ("… at Hobbs Cafe", "… at home"), the
agent's home for private activities, its workplace for work (in a place kept open to
visitors, the room where they are), where it already is, its own bed, or one of options
alike but for their names. Only a real choice asks the model,
through a `Literal` schema of the option keys, so it cannot name a place the agent
doesn't know.
"""
from __future__ import annotations

import functools
import re
import zlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from npc_brain.cognition import prompts
from npc_brain.cognition.schemas import place_choice_schema
from npc_brain.language.lexicon import ENGLISH, Lexicon
from npc_brain.llm.protocols import ChatModel

OBJECT_IN_USE = "in use"
"""The state an object shows while an agent uses it (others perceive it)."""

# Activities a person does at home when it's an option; work/study go to the workplace.
HOME_ACTIVITIES = frozenset({"sleep", "cook", "wash", "toilet", "relax", "read"})
WORK_ACTIVITIES = frozenset({"work", "study"})
SOCIAL_ACTIVITIES = frozenset({"socialize"})


@dataclass(frozen=True, slots=True)
class PlaceInfo:
    """What an agent knows about one place (an immutable copy, safe off-thread)."""

    address: str
    name: str
    kind: str
    description: str = ""
    purpose: frozenset[str] = frozenset()
    state: str = ""
    children: tuple[str, ...] = ()
    kept: bool = False
    """Someone keeps it (the map's `owner`: a café, a pub): while open, people are there."""
    dwelling: bool = False
    """Someone lives there (the map's `residents`): a home, not a place to meet the town."""
    residents: frozenset[str] = frozenset()
    """Who lives there, case-folded (the map's `residents` of this place itself): a home is
    offered to its own people, not to everyone the walk passes."""

    @property
    def key(self) -> str:
        """Last segment of the address."""
        return self.address.rsplit(":", 1)[-1]

    @property
    def parent(self) -> str | None:
        """Address of the containing place (None for the root)."""
        return self.address.rsplit(":", 1)[0] if ":" in self.address else None


@dataclass(frozen=True)
class KnownPlaces:
    """Immutable snapshot of an agent's known subtree: address → PlaceInfo."""

    places: Mapping[str, PlaceInfo]
    roots: tuple[str, ...]
    _serves: Mapping[str, frozenset[str]] = field(default_factory=dict, repr=False)

    @classmethod
    def build(cls, infos: Iterable[PlaceInfo]) -> KnownPlaces:
        """Index places; children lists are kept only for places that are known too."""
        by_addr = {p.address: p for p in infos}
        by_parent: dict[str, list[str]] = {}  # one pass, not a scan per place (the town has 260)
        for a, q in by_addr.items():
            if q.parent is not None:
                by_parent.setdefault(q.parent, []).append(a)
        fixed: dict[str, PlaceInfo] = {}
        for addr, p in by_addr.items():
            kids = tuple(c for c in p.children if c in by_addr)
            extra = tuple(a for a in by_parent.get(addr, ()) if a not in kids)
            fixed[addr] = replace(p, children=kids + tuple(sorted(extra)))
        roots = tuple(a for a, p in fixed.items() if p.parent is None or p.parent not in fixed)
        serves: dict[str, frozenset[str]] = {}

        def collect(addr: str) -> frozenset[str]:
            if addr not in serves:
                acc = set(fixed[addr].purpose)
                for c in fixed[addr].children:
                    acc |= collect(c)
                serves[addr] = frozenset(acc)
            return serves[addr]

        for a in fixed:
            collect(a)
        return cls(MappingProxyType(fixed), roots, MappingProxyType(serves))

    def __contains__(self, address: object) -> bool:
        return address in self.places

    def get(self, address: str) -> PlaceInfo | None:
        """The place at `address`, or None when unknown."""
        return self.places.get(address)

    def children(self, address: str) -> tuple[PlaceInfo, ...]:
        """Known children of a place."""
        p = self.places.get(address)
        return tuple(self.places[c] for c in p.children) if p else ()

    def serves(self, address: str, activity: str) -> bool:
        """True when the place or something known inside it is meant for `activity`."""
        return activity in self._serves.get(address, frozenset())

    def describe(self, address: str) -> str:
        """Short text for prompts: 'name: description' of one place."""
        p = self.places.get(address)
        if p is None:
            return address
        return f"{p.name}" + (f" ({p.description})" if p.description else "")


@dataclass(frozen=True, slots=True)
class PlaceDecision:
    """Result of a walk: the address reached, the object's new state (if chosen), model calls."""

    address: str | None
    state: str | None = None
    calls: int = 0
    path: tuple[str, ...] = ()


def _within(address: str, scope: str) -> bool:
    return address == scope or address.startswith(scope + ":")


def choose_place(model: ChatModel, known: KnownPlaces, *, agent: str, what: str, activity: str,
                 start: str | None = None, here: str | None = None, home: str | None = None,
                 workplace: str | None = None, exclude: Iterable[str] = (), to_object: bool = True,
                 memo: Mapping[tuple[str, str, str], str] | None = None,
                 remember: Callable[[tuple[str, str, str], str], None] | None = None) -> PlaceDecision:
    """Walk down from `start` (default: the roots) choosing one known child per level.

    Stops at a room when `to_object` is False, or when there is nothing known below.
    `exclude` holds refused addresses: they and everything inside them are never
    offered. `memo`/`remember` cache LLM choices by (parent, activity, what) so a
    routine ("eat lunch") costs one call per day at most.
    """
    excluded = tuple(exclude)
    at_home = says_home(what)
    path: list[str] = []
    calls = 0
    state: str | None = None
    memo = memo or {}
    if start is not None and start in known and not any(_within(start, x) for x in excluded):
        current: str | None = start
        options = list(known.children(start))
    else:
        current = None
        options = [known.places[r] for r in known.roots]
    while True:
        options = [o for o in options if not any(_within(o.address, x) for x in excluded)]
        if not to_object:
            options = [o for o in options if o.kind.lower() != "object"]
        if not options:
            break
        fitting = [o for o in options if known.serves(o.address, activity)]
        pool = fitting or options
        # Someone else's home is no option unless the step names it (`named`, below): a 100-NPC
        # run sent dorm residents into another pair's room, and the map's privacy rule turned
        # them back (51 privacy refusals in a 25-NPC Valentine run).
        pool = [o for o in pool if not _someone_elses(o, agent, home)] or pool
        if activity in SOCIAL_ACTIVITIES:
            pool = _among_people(known, pool, home)
        pick, new_state = None, None
        named = _named(options, what) or _holding_named(known, options, what) or _holding_head(known, options, what)
        if named is None and at_home and home:  # "having lunch at home": the step says where
            named = _holding(options, {_building(home)})  # None inside it: rooms go by purpose
        if named is not None:  # "relax in the park": the plan already says where
            pick = named
        elif len(pool) == 1:
            pick = pool[0]
        else:
            front = _front([o for o in pool if activity in o.purpose], known.get(current) if current else None) \
                if activity in WORK_ACTIVITIES else None
            pick = _habit(pool, activity, here=here, home=home, workplace=workplace, front=front)
            if pick is None:
                # A place declared for other uses that only holds something for this one gives
                # way to one declared for it: washing in the bathroom, not the kitchen (its sink
                # serves washing too); a 25-NPC day asked the model that at every waking and
                # bedtime (22 of 96 calls). After the habit: the innkeeper sleeps in his room
                # behind the bar though the inn is declared for drinking.
                meant = [o for o in pool if not o.purpose or activity in o.purpose]
                pool = meant or pool
                pick = pool[0] if len(pool) == 1 else None
            if pick is None and activity in HOME_ACTIVITIES:
                pick = _own(pool, agent)
            if pick is None:
                pick = _alike(pool, agent, known.get(current) if current else None)
        if pick is None:
            key = (current or "", activity, what.lower().strip())
            cached = memo.get(key)
            pick = next((o for o in pool if o.address == cached), None)
        if pick is None:
            keys = [o.key for o in pool]
            if len(set(keys)) != len(keys):  # duplicate slugs: fall back to full addresses
                keys = [o.address for o in pool]
            is_object = all(o.kind.lower() == "object" for o in pool)
            level = "object" if is_object else (pool[0].kind.lower() or "place")
            schema = place_choice_schema(keys)
            msgs = prompts.place_choice_messages(
                agent, what, level, [(k, known.describe(o.address)) for k, o in zip(keys, pool)],
                here=known.describe(here) if here else "",
            )
            out: Any = model.parse(msgs, schema, max_tokens=24, temperature=0.2, purpose="location", agent=agent)
            calls += 1
            pick = pool[keys.index(out.place)]
            # An object in use shows it; a 135M model's own words for its state were noise.
            new_state = OBJECT_IN_USE if is_object else None
            if remember is not None:
                remember((current or "", activity, what.lower().strip()), pick.address)
        path.append(pick.address)
        current = pick.address
        if new_state:
            state = new_state
        if pick.kind.lower() == "object":
            break
        options = list(known.children(pick.address))
    return PlaceDecision(current, state, calls, tuple(path))


def says_home(what: str, lexicon: Lexicon = ENGLISH) -> bool:
    """True when the step says it happens at one's own home ("having lunch at home")."""
    text = _words(what)
    return any(f" {_words(prep).strip()} {word} " in text
               for prep in lexicon.place_prepositions for word in lexicon.home_words)


def _building(address: str) -> str:
    return ":".join(address.split(":")[:2])


def _own(pool: list[PlaceInfo], agent: str) -> PlaceInfo | None:
    """The one option that is the agent's own: it lives there (the map's `residents`), or the
    place's name or description names it ("Left Bed (Rajiv Patel's bed)")."""
    who, named = agent.casefold(), _words(agent)
    hits = [o for o in pool if who in o.residents or (named.strip() and named in _words(f"{o.name} {o.description}"))]
    return hits[0] if len(hits) == 1 else None


def _front(pool: list[PlaceInfo], around: PlaceInfo | None) -> PlaceInfo | None:
    """In a place kept open to visitors, work goes where the visitors are: of its rooms for work,
    the one declared for most of what the place itself is for (a café's dining area — eat, drink,
    socialize, work — not its kitchen — cook, work). Whoever works in the back has a workplace
    naming that room, which the habit anchor takes first. The 135M model sent the café's owner
    ("opening Hobbs Cafe and greeting every customer") and its barista ("making coffee") to the
    kitchen, where no customer met them: in Valentine runs the host met her first guests on the
    second day, in a stories run the barista told her occasion to the owner alone. None unless
    one room leads."""
    if around is None or not around.kept or not around.purpose:
        return None
    score = {o.address: len(o.purpose & around.purpose) for o in pool}
    best = max(score.values(), default=0)
    tops = [o for o in pool if score[o.address] == best]
    return tops[0] if best and len(tops) == 1 else None


def _alike(pool: list[PlaceInfo], agent: str, around: PlaceInfo | None) -> PlaceInfo | None:
    """One of options that differ in nothing but their names (two single beds in a flat): there
    is nothing for the model to choose. The residents of the place around take one each, in the
    order of their names; anyone else takes one by its name (stable from day to day)."""
    if len(pool) < 2 or len({(o.kind.lower(), o.description, o.purpose) for o in pool}) != 1:
        return None
    who = agent.casefold()
    people = sorted(around.residents) if around is not None else []
    n = people.index(who) if who in people else zlib.crc32(who.encode())
    return pool[n % len(pool)]


def _someone_elses(place: PlaceInfo, agent: str, home: str | None) -> bool:
    """True when `place` is a home (it names residents) that is not `agent`'s."""
    if not place.residents or agent.casefold() in place.residents:
        return False
    return not (home and (_within(home, place.address) or _within(place.address, home)))


def _among_people(known: KnownPlaces, pool: list[PlaceInfo], home: str | None) -> list[PlaceInfo]:
    """Where a step among people may go: out of homes (one's own and others'), and to a kept
    place (one with a keeper, open: closed ones are never offered) when one fits. "Catching up
    with people around town" was placed on the resident's own sofa; the park keeper's "lunch
    with people in town" in the empty park she already stood in (stories, b1da638)."""
    def homely(o: PlaceInfo) -> bool:
        return bool(home and _within(home, o.address)) or o.dwelling

    keepers = [a for a, p in known.places.items() if p.kept]

    def kept(o: PlaceInfo) -> bool:  # the option is kept, or holds or is inside a kept place
        return any(_within(a, o.address) or _within(o.address, a) for a in keepers)

    out = [o for o in pool if not homely(o)] or pool
    return [o for o in out if kept(o)] or out


@functools.lru_cache(maxsize=4096)  # a walk asks it of every known place's name, per preposition
def _words(text: str) -> str:
    """Lower-case words between spaces, punctuation dropped: a name followed by a comma ("… at
    Hobbs Cafe, February 14") is still named (a 25-NPC Valentine run placed the party at the
    college when the step read "… at Hobbs Cafe, February")."""
    return " " + " ".join(re.sub(r"[^\w&]+", " ", text.lower()).split()) + " "


def _named(options: list[PlaceInfo], what: str) -> PlaceInfo | None:
    """The one option whose name (or slug) the description mentions, if exactly one."""
    text = _words(what)
    hits = [o for o in options if _words(o.name) in text or _words(o.key.replace("_", " ")) in text]
    return hits[0] if len(hits) == 1 else None


def _holding_named(known: KnownPlaces, options: list[PlaceInfo], what: str,
                   lexicon: Lexicon = ENGLISH) -> PlaceInfo | None:
    """The one option holding a place the description names after a place preposition ("going to
    the mural unveiling at the Library in Oak Hill": the college holds the Library), if exactly one
    such place is named. A stories run on 2eff952 placed that step at the pub: the college's
    purposes do not include socialising, so the walk never reached its room."""
    text = _words(what)
    preps = tuple(_words(p).strip() for p in lexicon.place_prepositions)
    return _holding(options, {p.address for p in known.places.values()
                              if p.kind.lower() != "object" and p.name.strip()
                              and any(f" {prep}{_words(p.name)}" in text or f" {prep} the{_words(p.name)}" in text
                                      for prep in preps)})


def _holding_head(known: KnownPlaces, options: list[PlaceInfo], what: str) -> PlaceInfo | None:
    """The one option holding the place the description calls by the last word of its name ("feeding
    the ducks at the pond": the Duck Pond), if exactly one known place's name ends in that word. A
    stories run: the park keeper's habit "feeds the ducks at the pond" (a rest, done at home when
    nothing names a place) was spent in her bedroom from 1 pm to 10 pm."""
    text = _words(what)
    heads = {p.address: _words(p.name).strip().rpartition(" ")[2] for p in known.places.values()
             if p.kind.lower() != "object"}
    return _holding(options, {a for a, head in heads.items() if len(head) > 2 and f" the {head} " in text})


def _holding(options: list[PlaceInfo], named: set[str]) -> PlaceInfo | None:
    """The one option holding the one place `named` (None when more or fewer are named or hold it)."""
    holders = [o for o in options if any(_within(h, o.address) for h in named)]
    return holders[0] if len(named) == 1 and len(holders) == 1 else None


def _habit(pool: list[PlaceInfo], activity: str, *, here: str | None, home: str | None, workplace: str | None,
           front: PlaceInfo | None = None) -> PlaceInfo | None:
    """Short-circuit obvious choices from the persona: home, workplace, then for work in a kept
    place the room where its visitors are (`front`: not the kitchen it baked in at dawn), then
    where one already is."""
    def holding(target: str | None) -> PlaceInfo | None:
        if not target:
            return None
        for o in pool:
            if _within(target, o.address):
                return o
        return None

    if activity in WORK_ACTIVITIES and (hit := holding(workplace or home)):
        return hit  # no workplace (retired, freelance): work happens at home
    if activity in HOME_ACTIVITIES and (hit := holding(home)):
        return hit
    return front or holding(here)


def obvious_place(what: str, activity: str, persona: Any, names: Mapping[str, str]) -> str | None:
    """Where a step plainly happens, with no model: the building it names ("… at Hobbs
    Cafe"), else work at the workplace and home things at home; None when not plain."""
    text = _words(what)
    named = [a for a, n in names.items() if _words(n) in text]
    if len(named) == 1:
        anchors: tuple[str | None, ...] = (persona.workplace, persona.home)
        for anchor in anchors:  # its own desk in the building it names
            if anchor and _within(anchor, named[0]):
                return anchor
        return named[0]
    if says_home(what) or activity in HOME_ACTIVITIES or activity == "sleep":
        return persona.home or None
    if activity in WORK_ACTIVITIES:
        return persona.workplace or persona.home or None
    return None


def room_for(known: KnownPlaces, address: str, activity: str) -> str:
    """`address`, or the known room of the same building meant for `activity` when `address`
    is not ("washing" at home is the bathroom, not the bedroom the persona's home names): a
    step placed by rule must not walk into a purpose refusal."""
    here = known.get(address)
    if here is None or not here.purpose or activity in here.purpose:
        return address
    building = _building(address)
    # The most specific place first: a building's own purpose is often all its rooms' together.
    rooms = sorted((a for a, p in known.places.items()
                    if (a == building or a.startswith(building + ":")) and activity in p.purpose),
                   key=lambda a: (-a.count(":"), a))
    return rooms[0] if rooms else address


def building_names(where: Whereabouts | KnownPlaces) -> dict[str, str]:
    """Display names of the known buildings by address ('town:hobbs_cafe' → 'Hobbs Cafe')."""
    known = where.known if isinstance(where, Whereabouts) else where
    return {a: p.name for a, p in known.places.items() if a.count(":") == 1}


@dataclass(frozen=True)
class Whereabouts:
    """Everything a job needs to choose places: the known tree and the agent's anchors.

    `exclude` holds currently refused addresses, `closed` the known places whose opening
    hours shut the agent out at the time of the choice (never offered either: people know
    when the shop is closed); `memo` is a copy of the agent's location memo, and `learned`
    collects new memo entries for the agent to keep.
    """

    known: KnownPlaces
    here: str | None = None
    home: str | None = None
    workplace: str | None = None
    exclude: tuple[str, ...] = ()
    closed: tuple[str, ...] = ()
    memo: Mapping[tuple[str, str, str], str] = field(default_factory=dict)
    learned: dict[tuple[str, str, str], str] = field(default_factory=dict)

    def choose(self, model: ChatModel, *, agent: str, what: str, activity: str,
               start: str | None = None, to_object: bool = True) -> PlaceDecision:
        """`choose_place` with these anchors; memo hits and new choices are shared."""
        memo = {**self.memo, **self.learned}
        return choose_place(
            model, self.known, agent=agent, what=what, activity=activity, start=start,
            here=self.here, home=self.home, workplace=self.workplace, exclude=self.exclude + self.closed,
            to_object=to_object, memo=memo, remember=self.learned.__setitem__,
        )
