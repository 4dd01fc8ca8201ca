"""The README's plain `Society(world, model, embedder, now=clock)` puts the player first, and no
question the player asks is ever dropped."""
from __future__ import annotations

import threading
import time
from datetime import datetime

from npc_brain.llm.testing import HashEmbedder, ScriptedModel
from npc_brain.runtime.executors import ManualExecutor
from npc_brain.runtime.society import THINKING_THREADS, Society
from npc_brain.testing import BrainResponder, tiny_town
from npc_brain.types.clock import GameClock
from npc_brain.types.persona import Persona

T0 = datetime(2023, 2, 13, 9, 0)
NAMES = ("Ana", "Ben", "Cal", "Dee", "Eve", "Fay")


class _BusyTown(ScriptedModel):
    """The town's calls hang until released (a slow engine under a backlog); replies do not."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()

    def _send(self, request):  # type: ignore[no-untyped-def]
        if request.purpose not in ("dialogue", "read ahead"):
            self.release.wait(30)
        return super()._send(request)


def _add(society: Society, names: tuple[str, ...]) -> None:
    for n in names:
        society.add_agent(Persona(name=n, age=30, home=f"town:{n.lower()}_house:bedroom",
                                  workplace="town:office:desk_room", memories=(f"{n} likes mornings",)))


def test_the_readme_society_answers_the_player_before_the_town_backlog() -> None:
    # Before: a plain Society had a 2-thread FIFO pool and no reserve, so two hanging plans held
    # both threads and the reply waited behind every job queued before it.
    model = _BusyTown().respond_with(BrainResponder(talk=False))
    clock = GameClock(T0)
    society = Society(tiny_town(list(NAMES)), model, HashEmbedder(), now=clock)
    try:
        _add(society, NAMES)
        society.update()  # seeds to rate and days to plan: far more than the pool's threads
        deadline = time.monotonic() + 5
        while sum(1 for c in model.history if c.purpose != "dialogue") < 1 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert society.gate is not None  # the player-first machinery is on by default
        conv = society.talk("Ana", "Alex", "What are you doing?")
        deadline = time.monotonic() + 10
        while not any(line.speaker == "Ana" for line in conv.lines) and time.monotonic() < deadline:
            society.update()
            time.sleep(0.01)
        assert any(line.speaker == "Ana" for line in conv.lines), "the reply waited behind the town"
    finally:
        model.release.set()
        society.shutdown()
    assert THINKING_THREADS >= 2


def test_a_question_asked_while_one_is_pending_gets_its_own_answer() -> None:
    ex = ManualExecutor()
    model = ScriptedModel().respond_with(BrainResponder(talk=False))
    society = Society(tiny_town(["Ana", "Ben"]), model, HashEmbedder(), now=GameClock(T0),
                      executor=ex, max_in_flight=2)
    _add(society, ("Ana",))
    first = society.talk("Ana", "Alex", "Where do you work?")
    second = society.talk("Ana", "Alex", "Who is Ben?")  # before the first reply came
    assert second is first and first.pending
    for _ in range(40):
        ex.run_all()
        society.update()
        if not first.pending:
            break
    said = [line.speaker for line in first.lines]
    assert said == ["Alex", "Alex", "Ana", "Ana"], said  # both questions answered, in turn
    prompts = [c.prompt for c in model.history if c.purpose == "dialogue"]
    assert "Where do you work?" in prompts[0] and "Who is Ben?" not in prompts[0]
    assert "Who is Ben?" in prompts[-1]
    society.shutdown()
