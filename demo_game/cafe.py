"""The demo's game actions: the café's coffee, its opening and closing, and the party invitation.

No pygame: the demo's `Game` and the actions evaluation (`python -m npc_brain.eval actions`)
build the same actions, each reading the game's state through the callables passed in.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from pydantic import BaseModel

from npc_brain import ActionContext, GameAction

__all__ = ["GiveItem", "Invite", "NoArgs", "cafe_actions", "invite_action"]


class GiveItem(BaseModel):
    """give_item's arguments: which item (what is in stock), to whom (the listener)."""

    item: str
    target: str


class NoArgs(BaseModel):
    """An action without arguments."""


class Invite(BaseModel):
    """invite's argument: whom."""

    target: str


def cafe_actions(*, staff: Callable[[str], bool], owner: Callable[[str], bool], at_counter: Callable[[str], bool],
                 stock: Callable[[], Sequence[str]], is_open: Callable[[], bool]) -> list[GameAction]:
    """give_item (staff at the counter, open, to the player), close_cafe and open_cafe (the owner)."""

    def can_give(c: ActionContext) -> bool:
        return c.player and staff(c.actor) and at_counter(c.actor) and is_open()

    return [
        GameAction("give_item", "hand someone a drink or a pastry from the counter", GiveItem,
                   choices=lambda c: {"item": list(stock())}, precondition=can_give,
                   says="Here is a {item} for you.", did="{actor} gave {target} a {item} at Hobbs Cafe",
                   words=("have", "give", "buy", "get", "order", "drink", "cup", "sell")),
        GameAction("close_cafe", "close Hobbs Cafe for the day", NoArgs,
                   precondition=lambda c: owner(c.actor) and is_open(),
                   says="All right, I will close the café now.", did="{actor} closed Hobbs Cafe",
                   words=("close", "shut", "early")),
        GameAction("open_cafe", "open Hobbs Cafe", NoArgs,
                   precondition=lambda c: owner(c.actor) and not is_open(),
                   says="All right, I will open the café now.", did="{actor} opened Hobbs Cafe",
                   words=("open", "unlock")),
    ]


def invite_action(*, host: Callable[[str], bool], invited: Callable[[str], bool], party: str) -> GameAction:
    """invite: the host brings up its party with anyone not invited yet (and a guest may ask).

    `party` names it in words both the host's line and the guest's memory read right ("the party at
    Hobbs Cafe on February 14 at 5pm"): the listener remembers "Isabella invited Klaus to …", dated."""
    return GameAction("invite", f"invite someone to {party}", Invite, offered=True,
                      precondition=lambda c: host(c.actor) and c.target is not None and not invited(c.target),
                      says=f"I would love you to come to {party}!", did=f"{{actor}} invited {{target}} to {party}",
                      words=("invite", "invitation", "party"))
