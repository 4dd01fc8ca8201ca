"""Level of detail: NPCs the player cannot see think at a coarser grain, so the ones in view stay fresh.

A game tells the society which NPCs are in focus (on screen, near the player); the rest are
`Detail.COARSE`. A coarse NPC keeps its day plan and hour steps — it still walks to work,
meets people, hears news and goes to the party — but its hour steps are not broken into
5–15 minute actions, it reacts to what it sees less often, and it reflects at a higher
threshold. Where nothing new happens to it, it spends no model call (`cognition.habits`): its
day by habit, its day chunks as hour steps, its memories rated by how they read, and its lines
to another NPC nobody watches the code's best ground. An NPC coming into view is decomposed on
its next tick, so the player never sees the coarse grain. The numbers live in `BrainSettings`
(`coarse_*`, `habit_*`); `level_of_detail=False` keeps every NPC at full detail (the paper's
setting, and the default with no game to ask).
"""
from __future__ import annotations

from enum import StrEnum

__all__ = ["Detail"]


class Detail(StrEnum):
    """How finely an agent thinks right now."""

    FULL = "full"  # in focus: hour steps become 5–15 minute actions, reactions at the normal pace
    COARSE = "coarse"  # out of view: hour steps are the finest grain, fewer reactions, later reflection
