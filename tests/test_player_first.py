"""The player comes first: reserved scheduler place, the call gate, pause, and player chats."""
from __future__ import annotations

import threading
from datetime import datetime, timedelta

import pytest
from waiting import GENEROUS_S, wait_until

from npc_brain.llm.errors import LLMUnavailable
from npc_brain.llm.testing import HashEmbedder, ScriptedModel
from npc_brain.runtime.call_gate import CallGate
from npc_brain.runtime.conversations import PLAYER_LINES_BEFORE_GOODBYE
from npc_brain.runtime.executors import InlineExecutor, ManualExecutor
from npc_brain.runtime.jobs import JobState, Priority
from npc_brain.runtime.scheduler import Scheduler
from npc_brain.runtime.settings import BrainSettings
from npc_brain.runtime.society import Society
from npc_brain.testing import BrainResponder, tiny_town
from npc_brain.types.clock import GameClock
from npc_brain.types.events import ConversationEnded, UtteranceEvent
from npc_brain.types.observation import Observation
from npc_brain.types.persona import Persona

T0 = datetime(2023, 2, 13, 9, 0)


def _society(names=("Ana", "Ben"), *, executor=None, clock=None, responder=None, **kw):
    clock = clock or GameClock(T0)
    model = ScriptedModel().respond_with(responder or BrainResponder(talk=False))
    society = Society(tiny_town(list(names)), model, HashEmbedder(), now=clock,
                      executor=executor or InlineExecutor(), **kw)
    for n in names:
        society.add_agent(Persona(name=n, age=30, home=f"town:{n.lower()}_house:bedroom",
                                  workplace="town:office:desk_room",
                                  memories=(f"{n} likes mornings",)))
    return society, clock, model


# -- scheduler ---------------------------------------------------------------------------------

def test_reserved_place_lets_an_urgent_job_out_at_once() -> None:
    ex = ManualExecutor()
    s = Scheduler(ex, max_in_flight=3, reserve=1)
    background = [s.submit(f"npc{i}", "plan", lambda i=i: i, priority=Priority.HIGH)
                  for i in range(4)]
    assert [j.state for j in background].count(JobState.RUNNING) == 2  # one place stays free
    reply = s.submit("Ana", "dialogue", lambda: "hi", priority=Priority.URGENT)
    assert reply.state is JobState.RUNNING and ex.pending == 3
    assert ex.run(reply.future)
    assert s.poll() == [reply] and reply.result == "hi"
    # A place freed by the urgent job goes back to nobody until a background job finishes.
    assert [j.state for j in background].count(JobState.RUNNING) == 2
    ex.run_next()
    s.poll()
    assert [j.state for j in background].count(JobState.RUNNING) == 2
    assert sum(j.state is JobState.DONE for j in background) == 1


def test_without_a_reserve_the_urgent_job_waits_for_a_place() -> None:
    ex = ManualExecutor()
    s = Scheduler(ex, max_in_flight=2)
    for i in range(2):
        s.submit(f"npc{i}", "plan", lambda i=i: i)
    reply = s.submit("Ana", "dialogue", lambda: "hi", priority=Priority.URGENT)
    assert reply.state is JobState.PENDING  # the baseline the reserve fixes
    ex.run_next()
    s.poll()
    assert reply.state is JobState.RUNNING  # but it is the first to get the freed place


@pytest.mark.parametrize("reserve, cap", [(1, None), (2, 2), (-1, 3)])
def test_reserve_must_fit_under_the_cap(reserve: int, cap: int | None) -> None:
    with pytest.raises(ValueError, match="reserve"):
        Scheduler(ManualExecutor(), max_in_flight=cap, reserve=reserve)


def test_pause_holds_background_jobs_pending_and_lets_running_ones_finish() -> None:
    ex = ManualExecutor()
    s = Scheduler(ex)
    done: list[str] = []
    running = s.submit("Ana", "plan", lambda: "plan", on_done=done.append)
    s.pause()
    assert s.paused
    held = s.submit("Ben", "reflect", lambda: "thought", on_done=done.append, priority=Priority.LOW)
    reply = s.submit("Ana", "dialogue", lambda: "hi", on_done=done.append, priority=Priority.URGENT)
    assert held.state is JobState.PENDING and reply.state is JobState.RUNNING
    ex.run_all()
    s.poll()
    assert done == ["plan", "hi"] and running.state is JobState.DONE  # in flight: finished, applied
    assert held.state is JobState.PENDING and ex.pending == 0
    newer = s.submit("Ben", "reflect", lambda: "newer", on_done=done.append)  # still one per key
    assert held.state is JobState.SUPERSEDED and newer.state is JobState.PENDING
    s.resume()
    assert not s.paused and newer.state is JobState.RUNNING
    ex.run_all()
    s.poll()
    assert done[-1] == "newer"


# -- call gate ---------------------------------------------------------------------------------

def _background_call(gate: CallGate, started: list[str], name: str) -> threading.Thread:
    def call() -> None:
        with gate.call(Priority.NORMAL):
            started.append(name)

    thread = threading.Thread(target=call)
    thread.start()
    return thread


def test_gate_holds_background_calls_while_an_urgent_call_is_out() -> None:
    gate = CallGate()
    started: list[str] = []
    with gate.call(Priority.URGENT):
        thread = _background_call(gate, started, "plan")
        assert wait_until(lambda: gate.waiting == 1)
        assert started == []  # waiting at the door
        with gate.call(Priority.URGENT):  # urgent calls never wait
            pass
    thread.join(GENEROUS_S)
    assert started == ["plan"] and gate.held == 1 and gate.held_s > 0


def test_gate_throttles_background_calls_while_the_player_is_engaged() -> None:
    gate = CallGate(engaged_limit=1)
    gate.set_engaged(True)
    started: list[str] = []
    release = threading.Event()

    def long_call() -> None:
        with gate.call(Priority.LOW):
            started.append("long")
            release.wait(GENEROUS_S)

    first = threading.Thread(target=long_call)
    first.start()
    assert wait_until(lambda: started)
    second = _background_call(gate, started, "second")
    assert wait_until(lambda: gate.waiting == 1)
    assert started == ["long"]  # one background call at a time while engaged
    gate.set_engaged(False)
    second.join(GENEROUS_S)
    assert started == ["long", "second"]
    release.set()
    first.join(GENEROUS_S)


def test_gate_never_starves_the_town_and_close_turns_calls_away() -> None:
    gate = CallGate(max_wait_s=0.05)
    started: list[str] = []
    with gate.call(Priority.URGENT):
        _background_call(gate, started, "late").join(GENEROUS_S)
        assert started == ["late"]  # went after max_wait_s
    closing = CallGate()
    failed: list[BaseException] = []

    def call() -> None:
        try:
            with closing.call(Priority.NORMAL):
                started.append("closed")
        except LLMUnavailable as exc:
            failed.append(exc)

    with closing.call(Priority.URGENT):
        thread = threading.Thread(target=call)
        thread.start()
        assert wait_until(lambda: closing.waiting == 1)
        closing.close()
        thread.join(GENEROUS_S)
    assert started == ["late"] and len(failed) == 1  # a shut-down town starts no more calls


def test_when_the_server_is_back_failed_thoughts_are_tried_again_at_once() -> None:
    from npc_brain.llm.errors import LLMUnreachable
    from npc_brain.runtime.agent import Thought

    society, _clock, _model = _society(executor=ManualExecutor(), max_in_flight=3)
    gate = society.gate
    assert gate is not None
    answers = [False, True]
    gate.probe, gate.probe_interval_s = (lambda: answers.pop(0)), 0.01
    ana = society.agent("Ana")
    ana.thought_failed(Thought.PLAN_DAY, T0, LLMUnreachable("gone"))
    assert Thought.PLAN_DAY.value in ana.marks.retry_at  # would wait out the backoff
    with pytest.raises(LLMUnreachable):
        gate.run(Priority.NORMAL, lambda: (_ for _ in ()).throw(LLMUnreachable("gone")))
    assert wait_until(lambda: gate.recoveries == 1)  # the second probe answered
    society.update()
    assert not ana.marks.retry_at
    society.shutdown()


# -- society -------------------------------------------------------------------------------------

def test_player_first_society_reserves_a_place_and_gates_calls() -> None:
    ex = ManualExecutor()
    society, _clock, _model = _society(executor=ex, max_in_flight=2)
    society.update()  # both agents store what they see, rate their seeds and plan: one place is kept free
    # (Storing what they see needs no model: it runs on a thread of its own, outside the cap.)
    calls = [j for j in society.scheduler.in_flight() if j.purpose != "memorize"]
    assert len(calls) == 4 and ex.pending == 1
    conv = society.talk("Ana", "Alex", "Hello there!")
    reply = society.scheduler.job_for("Ana", "dialogue")
    assert reply is not None and reply.state is JobState.RUNNING
    assert reply.priority == Priority.URGENT
    assert society.gate is not None and society.gate.engaged  # a player chat is open
    ex.run(reply.future)
    society.update()
    assert conv.lines[-1].speaker == "Ana"
    society.end_conversation(conv)
    society.update()
    assert not society.gate.engaged


def test_player_first_off_is_the_old_behaviour() -> None:
    ex = ManualExecutor()
    society, _, _ = _society(executor=ex, max_in_flight=2,
                             settings=BrainSettings(player_first=False))
    society.update()
    society.talk("Ana", "Alex", "Hello there!")
    assert society.gate is None
    assert society.scheduler.job_for("Ana", "dialogue").state is JobState.PENDING


def test_engage_throttles_before_the_first_line() -> None:
    assert _society()[0].gate is None  # inline: nothing runs side by side, nothing to hold
    society, _, _ = _society(executor=ManualExecutor(), max_in_flight=2)
    society.engage("Alex", "Ana")
    assert society.gate.engaged
    with pytest.raises(KeyError):
        society.engage("Alex", "Nobody")
    society.engage("Alex", None)
    assert not society.gate.engaged


def test_noticing_the_player_is_urgent() -> None:
    ex = ManualExecutor()
    society, clock, _ = _society(("Ana",), executor=ex, max_in_flight=2)
    society.add_player("Alex")
    with pytest.raises(ValueError):
        society.add_player("Ana")
    for _ in range(20):  # seeds, day plan, decomposition
        society.update()
        ex.run_all()
    # The priority each reaction is submitted with (a rule-decided one may run and finish on the
    # light thread before the test could look it up: read at submission, not by timing).
    submitted: list[int] = []
    submit = society.scheduler.submit

    def recording(agent_id, purpose, fn, **kw):  # type: ignore[no-untyped-def]
        if purpose == "react":
            submitted.append(int(kw.get("priority", Priority.NORMAL)))
        return submit(agent_id, purpose, fn, **kw)

    society.scheduler.submit = recording  # type: ignore[method-assign]
    for who in ("Alex", "Ben"):
        seen = Observation(f"{who} is standing around", subject=who, place="town:park")
        society.perceive("Ana", [seen])
    society.update()
    assert submitted == [Priority.URGENT]

    def reacted() -> bool:  # decided by rule, it runs on the society's light thread: wait for it
        ex.run_all()
        society.update()
        return "react" not in society.agent("Ana").in_flight

    assert wait_until(reacted, GENEROUS_S)
    clock.advance_game(timedelta(minutes=30))  # past the react cooldown: Ben is not the player
    society.perceive("Ana", [Observation("Ben is reading", subject="Ben", place="town:park")])
    society.update()
    assert submitted == [Priority.URGENT, Priority.HIGH]


def test_paused_game_starts_no_new_thinking() -> None:
    ex = ManualExecutor()
    clock = GameClock(T0)
    society, _, model = _society(executor=ex, clock=clock)
    society.update()
    out = list(society.scheduler.in_flight())
    assert out  # seeds being memorised
    clock.speed = 0  # Space
    for _ in range(5):
        society.update()
        ex.run_all()  # jobs in flight finish …
    society.update()
    assert all(j.state is JobState.DONE for j in out)  # … and are applied
    assert not society.scheduler.in_flight() and ex.pending == 0
    calls = len(model.history)
    society.whisper("Ana", "I should plan a party")  # due thinking waits for the game to run
    for _ in range(3):
        society.update()
        ex.run_all()
    assert len(model.history) == calls
    conv = society.talk("Ben", "Alex", "Are you awake?")  # the player is still answered
    ex.run_all()
    society.update()
    assert conv.lines[-1].speaker == "Ben" and len(model.history) > calls
    clock.speed = 1
    society.update()
    assert society.scheduler.in_flight()  # thinking resumes


def test_society_paused_flag_without_a_game_clock() -> None:
    ex = ManualExecutor()
    society, _, model = _society(executor=ex, clock=lambda: T0)
    society.paused = True
    society.update()
    assert not society.scheduler.in_flight() and not model.history
    society.paused = False
    society.update()
    assert society.scheduler.in_flight()


# -- conversations with the player ---------------------------------------------------------------

def test_npc_stays_in_the_player_chat_until_the_third_line() -> None:
    # end_after=1: the scripted model wants to end after every line; with the player it can't.
    settings = BrainSettings(player_turn_cap=3)
    society, _clock, model = _society(("Ana",), settings=settings,
                                     responder=BrainResponder(talk=False, end_after=1))
    society.update()
    conv = None
    for i in range(PLAYER_LINES_BEFORE_GOODBYE):
        conv = society.talk("Ana", "Alex", f"Question {i + 1}?")
        events = society.update()
        assert any(isinstance(e, UtteranceEvent) for e in events)
        if i + 1 < PLAYER_LINES_BEFORE_GOODBYE:
            assert not conv.ended, f"ended after the player's line {i + 1}"
    prompts = [c.prompt for c in model.history if c.purpose == "dialogue"]
    assert len(prompts) == PLAYER_LINES_BEFORE_GOODBYE
    assert conv is not None and conv.ended  # the cap (3) ends it with the third reply
    assert any(isinstance(e, ConversationEnded) for e in events)


def test_player_turn_cap_cannot_close_before_the_third_line() -> None:
    with pytest.raises(ValueError):
        BrainSettings(player_turn_cap=2)


class _CachingModel(ScriptedModel):
    prompt_cache = True  # as the embedded engine: slots keep their last prompt


def test_the_reply_prompt_start_is_read_ahead_while_the_player_types() -> None:
    clock = GameClock(T0)
    model = _CachingModel().respond_with(BrainResponder(talk=False))
    society = Society(tiny_town(["Ana"]), model, HashEmbedder(), now=clock, executor=InlineExecutor())
    society.add_agent(Persona(name="Ana", age=30, home="town:ana_house:bedroom", memories=("Ana likes mornings",)))
    society.update()
    society.engage("Alex", "Ana")  # the chat box opened: Ana's rules are read before the question
    society.update()
    ahead = [c for c in model.history if c.purpose == "read ahead"]
    assert len(ahead) == 1 and ahead[0].max_tokens == 1 and ahead[0].agent == "Ana"
    society.talk("Ana", "Alex", "How is the cafe doing?")
    society.update()
    reply = [c for c in model.history if c.purpose == "dialogue"][-1]
    # The read-ahead is the start of the reply's prompt: the engine evaluates only the tail.
    assert reply.messages[0] == ahead[0].messages[0]
    assert reply.messages[1]["content"].startswith(ahead[0].messages[1]["content"])
    # ... the moment too (to the hour): the reply's own tail is the question and its options.
    assert "Right now you are" in ahead[0].messages[1]["content"]
    # After Ana's line, the next prompt's start (the talk so far, her line included) is read.
    again = [c for c in model.history if c.purpose == "read ahead"]
    assert len(again) == 2 and "How is the cafe doing?" in again[1].messages[1]["content"]
    society.talk("Ana", "Alex", "And the party?")
    society.update()
    second = [c for c in model.history if c.purpose == "dialogue"][-1]
    assert second.messages[1]["content"].startswith(again[1].messages[1]["content"])


def test_no_read_ahead_on_a_backend_that_keeps_no_prompts() -> None:
    society, _clock, model = _society(("Ana",))
    society.update()
    society.engage("Alex", "Ana")
    society.talk("Ana", "Alex", "Hello!")
    society.update()
    assert not any(c.purpose == "read ahead" for c in model.history)
    assert any(c.purpose == "dialogue" for c in model.history)


def test_a_read_ahead_never_takes_the_place_kept_for_the_reply() -> None:
    # Seen in `bench reply`: a read-ahead still running held the reserved place and the reply
    # queued 1–3.5 s behind it. Beside a pool it runs on a thread of its own.
    ex = ManualExecutor()  # the town's jobs stay RUNNING until run: places are really taken
    model = _CachingModel().respond_with(BrainResponder(talk=False))
    society = Society(tiny_town(["Ana", "Ben"]), model, HashEmbedder(), now=GameClock(T0),
                      executor=ex, max_in_flight=2)
    for n in ("Ana", "Ben"):
        society.add_agent(Persona(name=n, age=30, home=f"town:{n.lower()}_house:bedroom", memories=("x",)))
    society.update()
    assert len(society.scheduler.in_flight()) >= 2 and ex.pending == 1  # the town has its one place
    society.engage("Alex", "Ana")
    society.update()
    assert wait_until(lambda: any(c.purpose == "read ahead" for c in model.history))
    assert [c.agent for c in model.history if c.purpose == "read ahead"] == ["Ana"]
    assert ex.pending == 1  # it ran on no scheduler place
    society.talk("Ana", "Alex", "How is the cafe doing?")
    reply = society.scheduler.job_for("Ana", "dialogue")
    assert reply is not None and reply.state is JobState.RUNNING
    society.shutdown()


class _SlowReadAhead(_CachingModel):
    """A read-ahead that takes a while, as a cold prompt does beside the town's calls."""

    def __init__(self) -> None:
        super().__init__()
        self.started, self.release = threading.Event(), threading.Event()
        self.order: list[str] = []

    def _send(self, request):  # type: ignore[no-untyped-def]
        if request.purpose == "read ahead":
            self.started.set()
            self.release.wait(GENEROUS_S)
            self.order.append("read ahead done")
        elif request.purpose == "dialogue":
            self.order.append("reply starts")
        return super()._send(request)


def test_a_reply_waits_for_the_read_ahead_of_its_own_prompt() -> None:
    # Beside it in another slot the reply would read the same prompt start again:
    # `bench reply --gap 1` took 2.1–2.5 s to the first words that way, 1.1 s waiting.
    ex = ManualExecutor()
    model = _SlowReadAhead().respond_with(BrainResponder(talk=False))
    society = Society(tiny_town(["Ana", "Ben"]), model, HashEmbedder(), now=GameClock(T0),
                      executor=ex, max_in_flight=3)
    society.add_agent(Persona(name="Ana", age=30, home="town:ana_house:bedroom", memories=("x",)))
    society.update()
    society.engage("Alex", "Ana")
    society.update()
    assert model.started.wait(GENEROUS_S)  # the read-ahead runs (on its own thread)
    society.talk("Ana", "Alex", "How is the cafe doing?")
    reply = society.scheduler.job_for("Ana", "dialogue")
    assert reply is not None and reply.state is JobState.RUNNING
    threading.Timer(0.2, model.release.set).start()
    assert ex.run(reply.future)  # on this thread: it waits for the read-ahead, then asks
    assert model.order == ["read ahead done", "reply starts"]
    society.shutdown()
