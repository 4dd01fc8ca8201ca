"""The inspector shows each line's grounds: the memory (its time and who told it) or the plan
step it came from, whom it was said to, and why it was repaired."""
from __future__ import annotations

from datetime import datetime

from npc_brain.memory.record import MemoryRecord


def test_each_line_keeps_its_ground_kind_record_and_listener(make_game):
    game = make_game(npcs=10, start=datetime(2023, 2, 13, 11, 40))
    game.run(frames=900)
    said = [(name, view) for name in game.npcs if (view := game.society.inspect(name)).lines]
    assert said, "nobody talked in fifteen game minutes of lunch"
    kinds = set()
    for _name, view in said:
        assert len(view.grounds) == len(view.lines)
        for line, memory in zip(view.lines, view.grounds, strict=True):
            assert line.kind and line.to and line.to != line.speaker
            kinds.add(line.kind)
            if line.record is not None:
                assert isinstance(memory, MemoryRecord) and memory.id == line.record
            else:
                assert memory is None
    assert "memory" in kinds or "plan" in kinds
    name, _view = said[0]
    game.select(name)
    game.draw()  # the panel renders every line with its grounds
