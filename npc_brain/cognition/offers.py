"""Offers in a conversation: which possible actions a line may lead to, as lettered options.

The game's registry says what is possible now (`actions.Offer`, preconditions held); this module
says which of those the last line asks for, and turns them into options beside the dialogue's
grounds, so choosing an action costs no extra model call. A player's request is matched by the
words it shares with an action's description, its request words and its arguments (the code
decides what is on the table, the model only picks a letter), never by an action's name. A
request for something the NPC can do gets it first and a polite refusal second: the NPC may
decline in character. Everything here is pure.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from npc_brain.language.dates import mentions_later
from npc_brain.language.facts import facts_in
from npc_brain.language.intent import Intent, intent_of, is_negated, is_request
from npc_brain.types.actions import Offer, words_of
from npc_brain.types.ground import Ground, GroundKind

__all__ = ["DECLINE", "Options", "is_negated", "is_request", "offer_ground", "options_for", "ranked"]

MAX_ASKED = 2  # offers a request gets (the best first): more and a 135M model's pick scatters

DECLINE = Ground(GroundKind.DECLINE, "Sorry, I can't do that for you right now.")

def _score(offer: Offer, words: frozenset[str], negated: bool) -> tuple[int, int]:
    """(the action's own words said, its arguments' words said): "follow me to the park" is a
    follow before it is a go_to."""
    if offer.undoes is not None:
        # "Stop following me" asks to undo following: the undone action's words count here,
        # and only here (a plain "follow me" must not stop it).
        own = len(words & (offer.words - offer.undone_words))
        return (own + len(words & offer.undone_words) if negated else own), 0
    if negated:
        return 0, 0  # "don't give me anything" asks for no action
    return len(words & offer.words), len(words & offer.arg_words)


# Lines that ask for no deed now, whatever verbs they hold: an invitation (answered yes or no),
# news passed on ("Keep this under your hat: Eddy sold …"), an opinion asked ("Easy to get along
# with, would you say?" was followed in the demo), how the NPC is, whether it is free.
_ASKS_NO_DEED = frozenset({Intent.INVITE, Intent.INVITED, Intent.CLAIM, Intent.OPINION, Intent.FEELING,
                           Intent.AVAILABILITY})


def ranked(line: str, offers: Sequence[Offer]) -> list[Offer]:
    """The offers a request asks for, best first (none for a line that is not a request).

    An action with several argument choices is only offered when the line names one of them
    ("go to the library", not "go somewhere"): guessing which would put words in the player's mouth.
    An invitation, or a line about another time ("come to the bonfire tomorrow at 9"), asks
    for no action now: the invitation is answered yes or no, the bonfire planned for; nor do
    news passed on, an opinion asked, how the NPC is or whether it is free (`_ASKS_NO_DEED`).
    """
    if not is_request(line) or mentions_later(line) or intent_of(line) in _ASKS_NO_DEED:
        return []
    words, negated = words_of(line), is_negated(line)
    by_action: dict[str, list[Offer]] = {}
    for offer in offers:
        if offer.asked:
            by_action.setdefault(offer.action, []).append(offer)
    scored: list[tuple[tuple[int, int], int, Offer]] = []
    for group in by_action.values():
        for offer in group:
            score = _score(offer, words, negated)
            if not any(score) or (len(group) > 1 and not words & offer.arg_words):
                continue
            scored.append((score, -len(scored), offer))
    scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return [offer for _, _, offer in scored]


def offer_ground(offer: Offer, listener: str) -> Ground:
    """An offer as an option the model may choose: the line the NPC says when it does it."""
    return Ground(GroundKind.OFFER, offer.text, offer.record, facts=facts_in(offer.text, exclude=(listener,)),
                  spreads=offer.offered)


@dataclass(frozen=True, slots=True)
class Options:
    """Options to put beside a line's grounds; `offers[i]` is what choosing `grounds[i]` does
    (None: no action). `keep` is how many of the usual grounds go with them; `first`: the
    options go before those grounds (else after)."""

    grounds: tuple[Ground, ...] = ()
    offers: tuple[Offer | None, ...] = ()
    keep: int = 3
    first: bool = True

    def beside(self, usual: Sequence[Ground]) -> list[Ground]:
        """The line's options: these and the first `keep` of the `usual` grounds, in order."""
        kept = list(usual[: self.keep])
        return [*self.grounds, *kept] if self.first else [*kept, *self.grounds]


def options_for(line: str, offers: Sequence[Offer], listener: str, *, player: bool,
                question: bool = False) -> Options:
    """The action options for answering `line` (none when nothing is asked or offered).

    A player's request that an offer answers: that offer (or two), then a polite refusal, then
    one usual ground. Otherwise an action the NPC brings up itself (an invitation) goes first,
    except after a `question` of the player's, which is answered first (seen in the demo: the
    host answered "What are you doing right now?" with her invitation).
    """
    asked = ranked(line, offers) if player else []
    if asked:
        picked = asked[:MAX_ASKED]
        grounds = (*(offer_ground(o, listener) for o in picked), DECLINE)
        return Options(grounds, (*picked, None), keep=0)
    own = [o for o in offers if o.offered]
    if own:
        return Options((offer_ground(own[0], listener),), (own[0],), keep=1, first=not (player and question))
    return Options()
