"""Townsfolk: the NPCs' bodies each frame — walking to their actions, labels, beds, perceiving,
and being woken.

Each NPC's `Walker` goes where its current action is (a refusal at a door goes back to the
society), faces whom it talks with, shows a label true to where it stands (`showing.Labels`)
and, asleep, lies in a bed of its room (side by side in a wide one). About twice a second each
NPC looks around (`Perception.changes`), staggered so not all look in the same frame.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from demo_game.showing import beds_for, berth, berths_of

if TYPE_CHECKING:
    from demo_game.actors import Npc
    from demo_game.game import Game

PERCEIVE_EVERY = 0.5  # real seconds between two perceptions of one NPC
WAKE_WINDOW_S = 4.0  # a second E within this many real seconds wakes a sleeper


class Waker:
    """Waking a sleeper: the first E shows "Zzz…", a second soon after wakes them with a grumble,
    and they remember who woke them (an event they may react to)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._knocked: tuple[str, float] | None = None  # whom E was last pressed at, and when

    def knock(self, npc: Npc, t: float) -> bool:
        """E at a sleeper: True when this one wakes them."""
        g = self.game
        if self._knocked is None or self._knocked[0] != npc.name or t - self._knocked[1] > WAKE_WINDOW_S:
            self._knocked = (npc.name, t)
            npc.say("Zzz…", t, tone="thought", icon="sleep", duration=3.0)
            g.hud.toast(f"{npc.first_name} is asleep. Press E again to wake them.", t)
            return False
        self._knocked = None
        npc.say("Mmh… what? I was asleep.", t, tone="speech", duration=4.0)
        g.society.tell(f"{g.player.name} woke {npc.name} up", to=npc.name, about=g.player.name)
        return True


def move_npcs(g: Game, game_dt: float) -> None:
    """Walk every NPC for `game_dt` map seconds and update what its body shows.

    With a frame budget (`g.bodies_budget`: the game runs in real time) the NPCs in view move every
    frame and the others take turns (`g.body_rota`), each walking the time it waited for its turn."""
    budget = g.bodies_budget
    for npc in g.npcs.values():
        npc.behind += game_dt
    if budget is None:
        served: Iterable[Npc] = g.npcs.values()
    else:
        chatting = g.chat.npc if g.chat is not None else None
        served = g.body_rota.turns(list(g.npcs.values()), budget.restart(),
                                   every_frame=lambda n: n.name in g.in_view or n.name == chatting)
    for npc in served:
        _move(g, npc, npc.behind)
        npc.behind = 0.0
    taken: dict[str, int] = {}  # in bed: the first free berth of the beds it may lie in
    for npc in sorted((n for n in g.npcs.values() if n.beds), key=lambda n: n.name):
        bed = next((b for b in npc.beds if taken.get(b.address, 0) < berths_of(b)), None)
        npc.lying = None if bed is None else berth(bed, taken.get(bed.address, 0))
        if bed is not None:
            taken[bed.address] = taken.get(bed.address, 0) + 1


def _move(g: Game, npc: Npc, game_dt: float) -> None:
    """One NPC's turn: walk `game_dt` map seconds towards its action; its label, its beds."""
    society = g.society
    npc.lying, npc.beds = None, []
    if society is None or npc.name not in society.agents:
        npc.walker.update(None, None, g.clock.now(), game_dt)
        return
    now = g.clock.now()
    agent = society.agent(npc.name)
    action = society.action(npc.name)
    chatting = g.chat is not None and g.chat.npc == npc.name
    # Someone you are talking to waits for you, even before the first line is said.
    verdict = npc.walker.update(action, agent, now, 0.0 if chatting else game_dt, g.budget)
    if verdict is not None and not verdict.allowed:
        npc.say(verdict.reason, g.t, tone="refusal", icon="refused", duration=5.0)
        g.hud.log(f"{npc.first_name}: {verdict.reason}", g.t, "refused")
        society.refused(npc.name, verdict)
        action = society.action(npc.name)
    partner = g.player.name if chatting else agent.conversation_with
    npc.activity = "commute" if npc.walker.moving else action.activity
    npc.doing = g.town.labels.words(action, npc.walker, partner=partner)
    npc.seen_doing = npc.doing or npc.seen_doing  # what others see (the label is blank a frame or two)
    npc.thinking = society.thinking(npc.name)
    if chatting and g.chat is not None and g.chat.conversation is not None:
        draft = g.chat.conversation.draft  # the reply as it is generated
        if draft and (npc.bubble is None or npc.bubble.text != draft):
            npc.say(draft, g.t)
    if partner and not npc.walker.moving:
        other = g.npcs.get(partner)
        target = other.position if other is not None else (
            g.player.position if partner == g.player.name else None)
        if target is not None:
            npc.walker.face(*target)
    npc.beds = beds_for(g.world, action, npc.walker) if not partner else []


def perceive(g: Game, dt: float) -> None:
    """Let the NPCs whose turn it is look around (`dt` real seconds since the last frame)."""
    society = g.society
    if society is None:
        return
    due = []
    for npc in g.npcs.values():
        npc.perceive_in -= dt
        if npc.perceive_in <= 0:
            npc.perceive_in += PERCEIVE_EVERY
            due.append(npc)
    if not due:
        return
    doing = {n.name: n.seen_doing for n in g.npcs.values()}
    doing[g.player.name] = (f"talking with {g.chat.npc}" if g.chat is not None
                            else "walking around" if g.player.moving else "standing around")
    perception = g.town.perception
    for npc in due:
        seen = perception.changes(npc.name, doing)
        if seen and npc.name in society.agents:
            society.perceive(npc.name, seen)
