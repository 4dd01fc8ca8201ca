"""Game actions: what an NPC may do to the game, as the game registers it.

A game registers `GameAction`s: a name, a one-line description, an args model (pydantic) whose
values are chosen among the ones the game's state allows right now (`choices`, checked as runtime
`Literal`s), and a precondition (who may, where, when). npc_brain never performs an action: a
mind that chooses one makes the `Society` emit an `ActionRequested`; the game does it and reports
the outcome (`Society.report`), which the NPC remembers like a rule refusal.

    registry = with_movement()          # npc_brain.runtime.movement: follow(target), go_to(place) built in
    registry.register(GameAction(
        "give_item", "give someone a drink from the counter", GiveItem,
        says="Here is a {item} for you.", did="{actor} gave {target} a {item}",
        words=("have", "give", "buy", "drink"),
        choices=lambda c: {"item": stock()},
        precondition=lambda c: c.actor == "Maria Lopez" and at_counter(c.actor)))

Only actions whose precondition holds are offered, one `Offer` per allowed combination of
arguments, so even the 135M model cannot choose an impossible one.
"""
from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, ValidationError, create_model

__all__ = ["ActionContext", "ActionRegistry", "Choices", "GameAction", "Offer", "Precondition", "words_of"]

MAX_OFFERS_PER_ACTION = 32  # combinations of arguments beyond this are not offered (a prompt stays short)


@dataclass(frozen=True, slots=True)
class ActionContext:
    """What a precondition and a choice read: who would act, for whom, where and when.

    `target` is whom the actor is talking with (None: nobody); `address` where the actor
    stands; `doing` its current action; `following` whom it follows now; `world` the game's
    World (or None). Built on the game thread, so a precondition may read game state.
    """

    actor: str
    target: str | None
    now: datetime
    address: str | None = None
    doing: str = ""
    following: str | None = None
    world: Any = None
    player: bool = False  # the target is the player (not an NPC)


class Precondition(Protocol):
    """Who may, where, when: True when the action is possible now."""

    def __call__(self, context: ActionContext, /) -> bool: ...


class Choices(Protocol):
    """The values each argument may take now ("which item": what is in stock)."""

    def __call__(self, context: ActionContext, /) -> Mapping[str, Sequence[str]]: ...


def _always(context: ActionContext) -> bool:
    return True


def _no_choices(context: ActionContext) -> Mapping[str, Sequence[str]]:
    return {}


@dataclass(frozen=True, slots=True)
class GameAction:
    """One thing NPCs may do to the game.

    `description` is the one line the model's option is built from when `says` is empty;
    `says` is the NPC's first-person line when it chooses the action and `did` the
    third-person record it remembers once done (both `str.format` templates over the
    arguments plus `actor`/`target`). `args` is a pydantic model of `str` fields; a field
    named `target` takes the context's target unless `choices` says otherwise. `words` are
    what a request for it says ("follow", "come along"; default: the description's words —
    prefer verbs, an object's name matches every action on it); `undoes` names the action a negated
    request for it stops ("don't follow me" → stop_following). `asked`: offered when the
    player asks; `offered`: the NPC may bring it up itself in any conversation (an invitation).
    """

    name: str
    description: str
    args: type[BaseModel]
    choices: Choices = _no_choices
    precondition: Precondition = _always
    says: str = ""
    did: str = ""
    words: tuple[str, ...] = ()
    undoes: str | None = None
    asked: bool = True
    offered: bool = False

    def fields(self) -> tuple[str, ...]:
        """The argument names, in the model's order."""
        return tuple(self.args.model_fields)


@dataclass(frozen=True, slots=True)
class Offer:
    """An action with its arguments chosen, possible right now: what a mind may pick.

    `text` is what the NPC says when it does it; `record` what it remembers afterwards.
    """

    action: str
    args: tuple[tuple[str, str], ...]
    text: str
    record: str
    words: frozenset[str] = field(default_factory=frozenset)  # the action's own words (not the args')
    arg_words: frozenset[str] = field(default_factory=frozenset)
    asked: bool = True
    offered: bool = False
    undoes: str | None = None
    undone_words: frozenset[str] = field(default_factory=frozenset)  # the undone action's words

    def arg(self, name: str, default: str | None = None) -> str | None:
        """One argument's value."""
        return dict(self.args).get(name, default)

    @property
    def arguments(self) -> dict[str, str]:
        """The arguments as a dict."""
        return dict(self.args)


def _fill(template: str, values: Mapping[str, str]) -> str:
    try:
        return template.format_map(dict(values))
    except (KeyError, IndexError, ValueError):
        return template


_STOP = frozenset("""a an the to of me you i my your it its please some for and or can could would will may
might is are be do does did with at in on this that there here one just now right am im id ill
us we our let lets mind kindly maybe bit little really so if then also too very want wanna like
someone somebody anyone anything something them they thing""".split())
_WORD = re.compile(r"[a-z]+")


def _stem(word: str) -> str:
    if len(word) > 5 and word.endswith("ing"):
        word = word[:-3]
    elif len(word) > 4 and word.endswith("ed"):
        word = word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    return word[:-1] if len(word) > 3 and word.endswith("e") else word  # "come" ~ "coming"


def words_of(text: str) -> frozenset[str]:
    """A text's meaningful words, lower-cased and lightly stemmed ("following" ~ "follow"): what
    a request and an action are matched by."""
    return frozenset(_stem(w) for w in _WORD.findall(text.lower().replace("'", "")) if w not in _STOP and len(w) > 1)


def _words(texts: Iterable[str]) -> frozenset[str]:
    return frozenset().union(*(words_of(t) for t in texts))


def _request_words(action: GameAction) -> frozenset[str]:
    # The game's own request words when it gives them: a description names objects too ("close
    # Hobbs Cafe"), and "open the cafe" must not ask for close_cafe by its "cafe".
    return _words(action.words) if action.words else _words((action.description,))


class ActionRegistry:
    """The actions a game registered; builds the offers that are possible in a context."""

    def __init__(self, actions: Iterable[GameAction] = ()) -> None:
        self._actions: dict[str, GameAction] = {}
        # Args models by action and options: building one with pydantic costs ~0.7 ms, and every
        # line of a talk offers the same actions with the same places to go.
        self._schemas: dict[tuple[object, ...], type[BaseModel]] = {}
        for action in actions:
            self.register(action)

    def register(self, action: GameAction) -> GameAction:
        """Add an action (ValueError if the name is taken or the args are not all `str`)."""
        if not action.name or not action.name.isidentifier():
            raise ValueError(f"an action name is an identifier like give_item, not {action.name!r}")
        if action.name in self._actions:
            raise ValueError(f"an action named {action.name!r} is already registered")
        for name, info in action.args.model_fields.items():
            if info.annotation is not str:
                raise ValueError(f"{action.name}: argument {name!r} must be a str (its choices come at runtime)")
        self._actions[action.name] = action
        return action

    def get(self, name: str) -> GameAction:
        """The action with this name (KeyError naming the registered ones otherwise)."""
        try:
            return self._actions[name]
        except KeyError:
            raise KeyError(f"no action named {name!r}; registered: {', '.join(self._actions) or 'none'}") from None

    def __contains__(self, name: object) -> bool:
        return name in self._actions

    def __iter__(self) -> Iterator[GameAction]:
        return iter(self._actions.values())

    def __len__(self) -> int:
        return len(self._actions)

    @property
    def names(self) -> tuple[str, ...]:
        """Registered action names, in order."""
        return tuple(self._actions)

    def args_schema(self, action: GameAction, choices: Mapping[str, Sequence[str]]) -> type[BaseModel]:
        """The action's args model with each chosen field narrowed to a runtime `Literal`."""
        narrowed = {name: tuple(dict.fromkeys(choices.get(name, ()))) for name in action.fields()}
        key = (action.name, action.args, *narrowed.items())
        schema = self._schemas.get(key)
        if schema is None:
            if len(self._schemas) >= 256:  # the options change with the map and the people around
                self._schemas.clear()
            fields: dict[str, Any] = {
                name: (Literal[options], ...) if options else (str, ...) for name, options in narrowed.items()}
            schema = create_model(f"{action.args.__name__}Now", __config__=ConfigDict(frozen=True), **fields)
            self._schemas[key] = schema
        return schema

    def offers(self, context: ActionContext) -> tuple[Offer, ...]:
        """Every action possible in `context`, one offer per allowed combination of arguments.

        A precondition or a choice that raises is a bug in the game: it propagates."""
        out: list[Offer] = []
        for action in self._actions.values():
            if not action.precondition(context):
                continue
            out.extend(self._combinations(action, context))
        return tuple(out)

    def _undone_words(self, action: GameAction) -> frozenset[str]:
        undone = self._actions.get(action.undoes) if action.undoes else None
        return _request_words(undone) if undone is not None else frozenset()

    def _combinations(self, action: GameAction, context: ActionContext) -> list[Offer]:
        choices = {k: [str(v) for v in vs] for k, vs in action.choices(context).items()}
        if "target" in action.fields() and "target" not in choices:
            choices["target"] = [context.target] if context.target else []
        names = action.fields()
        if any(not choices.get(n) for n in names):
            return []  # an argument with nothing to choose: not possible now
        schema = self.args_schema(action, choices)
        out = []
        for combo in itertools.islice(itertools.product(*(choices[n] for n in names)), MAX_OFFERS_PER_ACTION):
            values = dict(zip(names, combo, strict=True))
            try:
                schema.model_validate(values)
                action.args.model_validate(values)  # the game's own constraints too
            except ValidationError:
                continue
            fill = {**values, "actor": context.actor, "target": values.get("target", context.target or "")}
            text = _fill(action.says, fill) if action.says else f"I will {_fill(action.description, fill)}."
            record = _fill(action.did, fill) if action.did else f"{context.actor} did this: {text}"
            out.append(Offer(action.name, tuple(values.items()), text, record,
                             _request_words(action),
                             _words(v for k, v in values.items() if k != "target"),
                             action.asked, action.offered, action.undoes, self._undone_words(action)))
        return out
