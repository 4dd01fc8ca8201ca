"""Interview: a question put to an agent outside any talk, answered grounded (evaluation only).

The answer is made like a line to the player — from the agent's memories, its moment and an
occasion the question invites it to — but the caller waits for the model.
"""
from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from npc_brain.cognition import dialogue
from npc_brain.llm.protocols import ChatModel, Embedder
from npc_brain.runtime import hearing
from npc_brain.runtime.agent import Agent
from npc_brain.runtime.moment import known_names, moment_of
from npc_brain.world.world import World

__all__ = ["interview"]


def interview(model: ChatModel, embedder: Embedder, agent: Agent, question: str, now: datetime, *,
              world: World | None, people: Iterable[str], kinds: Iterable[str] | None = None,
              listener: str = "the interviewer") -> dialogue.Said:
    """`agent`'s grounded answer to `listener`'s `question` (blocks); `people`: everyone in town
    a name in the answer may be, `kinds`: the memory kinds it may draw on (None: all)."""
    s = agent.settings
    invited = hearing.invited_by(agent, listener, question, now, world)
    return dialogue.grounded_answer(model, embedder, agent.memory.snapshot(), agent.persona, now, question,
                                    k=s.retrieval_k + 2, weights=s.weights, kinds=kinds,
                                    moment=moment_of(agent, world, now), known=known_names(people, world),
                                    listener=listener, phrased=s.phrase_player_lines, heard_occasion=invited)
