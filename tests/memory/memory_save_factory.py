"""Deterministic SaveData for the save tests (imported by a killed subprocess too)."""
from __future__ import annotations

from datetime import datetime, timedelta

import numpy as np

from npc_brain.memory import AgentSave, MemoryKind, MemoryStream, SaveData

T0 = datetime(2023, 2, 13, 7, 0)


def build(tag: str, *, agents: int = 2, memories: int = 20, dim: int = 16) -> SaveData:
    """A save whose every byte follows from its arguments (so a reader can check it)."""
    rng = np.random.default_rng([ord(c) for c in tag] + [agents, memories, dim])
    kinds = list(MemoryKind)
    out: dict[str, AgentSave] = {}
    for a in range(agents):
        name = f"{tag}-agent-{a}"
        stream = MemoryStream(dim, decay=0.99 if a % 2 else 0.995)
        for i in range(memories):
            evidence = (i - 1, max(i - 3, 0)) if kinds[i % 5] is MemoryKind.REFLECTION else ()
            stream.add(kinds[i % 5], f"{name} memory {i} — café ☕",
                       T0 + timedelta(minutes=7 * i),
                       int(rng.integers(1, 11)), rng.standard_normal(dim).astype(np.float32),
                       evidence=evidence, subject=f"s{i}" if i % 3 else None,
                       place="town:hobbs_cafe:counter" if i % 4 == 0 else None)
        if memories:
            stream.touch(range(0, memories, 3), T0 + timedelta(days=1, seconds=a, microseconds=7))
        state = {"tag": tag, "plan": [{"start": "08:00", "what": "open the cafe", "minutes": 60}],
                 "relationships": {"Klaus": "a regular"}, "importance_cache": {"entries": [[
                     "klaus is reading", 2]]}, "n": a}
        out[name] = AgentSave(memories=stream, state=state)
    return SaveData(clock=T0 + timedelta(days=1, hours=3, minutes=17), agents=out,
                    world={"tag": tag, "objects": {"town:hobbs_cafe:stove": "brewing coffee"}})


def assert_same(got: SaveData, want: SaveData) -> None:
    """Equality of everything a save stores."""
    assert got.clock == want.clock
    assert got.world == want.world
    assert list(got.agents) == list(want.agents)
    for name, agent in want.agents.items():
        other = got.agents[name]
        assert other.state == agent.state
        a, b = agent.memories, other.memories
        assert (b.dim, b.decay, len(b)) == (a.dim, a.decay, len(a))
        assert list(b.records) == list(a.records)
        for i in range(len(a)):
            assert np.array_equal(b.embedding(i), a.embedding(i))
            assert b.last_accessed(i) == a.last_accessed(i)
