"""Scheduler: off-thread jobs, results applied in poll(), supersede, budgets, shutdown."""
from __future__ import annotations

import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from npc_brain.runtime.executors import InlineExecutor, ManualExecutor
from npc_brain.runtime.jobs import Budget, Charged, JobState, JobStateError, Priority, SchedulerClosed, Usage
from npc_brain.runtime.scheduler import Scheduler
from npc_brain.types.clock import GameClock

T0 = datetime(2023, 2, 13, 8, 0)


def test_results_are_applied_only_in_poll_on_the_polling_thread() -> None:
    applied: list[tuple[int, int]] = []
    ran_on: list[int] = []
    with ThreadPoolExecutor(2) as pool:
        s = Scheduler(pool)

        def think() -> int:
            ran_on.append(threading.get_ident())
            return 42

        job = s.submit("Klaus", "plan", think,
                       on_done=lambda v: applied.append((v, threading.get_ident())))
        job.future.result()  # wait for the worker (the test, not the scheduler, waits)
        assert applied == [] and job.state is JobState.RUNNING
        assert s.poll() == [job]
        assert applied == [(42, threading.get_ident())]
        assert ran_on and ran_on[0] != threading.get_ident()
        assert job.state is JobState.DONE and job.result == 42
        assert s.poll() == [] and s.in_flight() == []


def test_inline_executor_still_defers_callbacks_to_poll() -> None:
    s = Scheduler(InlineExecutor())
    got: list[str] = []
    s.submit("Klaus", "plan", lambda: "p", on_done=got.append)
    assert got == []
    s.poll()
    assert got == ["p"]


def test_newer_submit_supersedes_and_the_old_result_is_never_applied() -> None:
    ex = ManualExecutor()
    s = Scheduler(ex)
    got: list[str] = []
    old = s.submit("Klaus", "plan", lambda: "stale", on_done=got.append)
    ex.run(old.future)  # the old job finished, but nobody polled yet
    new = s.submit("Klaus", "plan", lambda: "fresh", on_done=got.append)
    assert old.state is JobState.SUPERSEDED and new.state is JobState.RUNNING
    assert s.poll() == []  # the stale result arrives and is dropped
    ex.run_all()
    assert s.poll() == [new]
    assert got == ["fresh"]


def test_superseding_a_job_that_has_not_started_cancels_it() -> None:
    ex = ManualExecutor()
    s = Scheduler(ex)
    calls: list[str] = []
    old = s.submit("Klaus", "plan", lambda: calls.append("old"))
    s.submit("Klaus", "plan", lambda: calls.append("new"))
    assert old.future.cancelled()
    ex.run_all()
    s.poll()
    assert calls == ["new"]


def test_superseded_while_running_on_a_real_thread() -> None:
    gate = threading.Event()
    got: list[str] = []
    with ThreadPoolExecutor(2) as pool:
        s = Scheduler(pool)
        old = s.submit("Klaus", "react", lambda: gate.wait() and "stale", on_done=got.append)
        new = s.submit("Klaus", "react", lambda: "fresh", on_done=got.append)
        gate.set()
        old.future.result()
        new.future.result()
        s.poll()
    assert got == ["fresh"] and old.state is JobState.SUPERSEDED


def test_one_live_job_per_agent_and_purpose() -> None:
    ex = ManualExecutor()
    s = Scheduler(ex)
    a = s.submit("Klaus", "plan", lambda: 1)
    b = s.submit("Klaus", "reflect", lambda: 2)
    c = s.submit("Maria", "plan", lambda: 3)
    assert {j.state for j in (a, b, c)} == {JobState.RUNNING}
    assert s.in_flight("Klaus") == [a, b] and s.in_flight() == [a, b, c]
    assert s.job_for("Maria", "plan") is c and s.job_for("Maria", "reflect") is None
    d = s.submit("Klaus", "plan", lambda: 4)
    assert s.in_flight("Klaus") == [b, d]


def test_exception_in_a_job_fails_it_and_reports_on_the_polling_thread() -> None:
    errors: list[tuple[BaseException, int]] = []
    with ThreadPoolExecutor(1) as pool:
        s = Scheduler(pool)

        def broken() -> None:
            raise ValueError("model said nonsense")

        job = s.submit("Klaus", "plan", broken, on_done=lambda v: pytest.fail("applied"),
                       on_error=lambda e: errors.append((e, threading.get_ident())))
        job.future.exception()
        assert s.poll() == [job]
    assert job.state is JobState.FAILED and isinstance(job.error, ValueError)
    assert errors == [(job.error, threading.get_ident())]


def test_default_error_handling_logs_and_poll_survives(caplog: pytest.LogCaptureFixture) -> None:
    s = Scheduler(InlineExecutor())
    s.submit("Klaus", "plan", lambda: 1 / 0)
    s.submit("Klaus", "reflect", lambda: 1, on_done=lambda v: [][v])  # broken callback
    s.submit("Maria", "plan", lambda: 1 / 0, on_error=lambda e: {}["boom"])  # broken handler
    s.submit("Maria", "chat", lambda: "ok")
    with caplog.at_level(logging.WARNING, logger="npc_brain.runtime.scheduler"):
        jobs = s.poll()
    assert [j.state for j in jobs] == [JobState.FAILED] * 3 + [JobState.DONE]
    assert isinstance(jobs[1].error, IndexError)
    assert "ZeroDivisionError" in caplog.text and "error handler" in caplog.text


def test_scheduler_level_error_handler() -> None:
    seen = []
    s = Scheduler(InlineExecutor(), on_error=lambda job, exc: seen.append((job.purpose, exc)))
    s.submit("Klaus", "plan", lambda: 1 / 0)
    s.poll()
    assert [p for p, _ in seen] == ["plan"] and isinstance(seen[0][1], ZeroDivisionError)


def test_executor_that_refuses_work_fails_the_job_at_poll() -> None:
    pool = ThreadPoolExecutor(1)
    pool.shutdown()
    s = Scheduler(pool)
    errors: list[BaseException] = []
    job = s.submit("Klaus", "plan", lambda: 1, on_error=errors.append)
    assert errors == []
    assert s.poll() == [job] and job.state is JobState.FAILED
    assert isinstance(errors[0], RuntimeError)


def test_job_states_have_checked_transitions() -> None:
    assert JobState.PENDING.can_become(JobState.RUNNING)
    assert JobState.DEFERRED.can_become(JobState.PENDING)
    assert not JobState.DEFERRED.can_become(JobState.DONE)
    assert not JobState.PENDING.can_become(JobState.DONE)
    for end in (JobState.DONE, JobState.FAILED, JobState.SUPERSEDED, JobState.CANCELLED):
        assert end.terminal and not any(end.can_become(s) for s in JobState)
    s = Scheduler(InlineExecutor())
    job = s.submit("Klaus", "plan", lambda: 1)
    s.poll()
    with pytest.raises(JobStateError):
        job._advance(JobState.RUNNING)
    assert not s.cancel(job)  # cancelling a finished job is a no-op, not an error


def test_poll_and_submit_never_wait_for_a_running_job() -> None:
    """Wall-clock free: the job can only finish after poll() has returned, so if poll
    (or submit) waited for it the assertions below would see it finished."""
    release = threading.Event()
    started = threading.Event()
    finished = threading.Event()

    def slow_model() -> str:  # a model that takes "5 s": it waits until we let it go
        started.set()
        release.wait(timeout=30)
        finished.set()
        return "plan"

    with ThreadPoolExecutor(1) as pool:
        s = Scheduler(pool)
        job = s.submit("Klaus", "plan", slow_model)
        assert started.wait(timeout=30)
        for _ in range(100):
            assert s.poll() == []
        other = s.submit("Maria", "plan", lambda: "x")  # queued behind the slow one
        s.poll()
        assert not finished.is_set() and job.state is JobState.RUNNING
        assert other.state is JobState.RUNNING and s.in_flight() == [job, other]
        release.set()
        job.future.result()
        other.future.result()
        assert {j.id for j in s.poll()} == {job.id, other.id}


def test_poll_max_results_and_reentrant_submits() -> None:
    s = Scheduler(InlineExecutor())
    for i in range(5):
        s.submit(f"a{i}", "plan", lambda i=i: i)
    assert len(s.poll(max_results=2)) == 2
    assert len(s.poll()) == 3
    count = [0]

    def again(_: object) -> None:  # an on_done that always asks for more thinking
        count[0] += 1
        s.submit("loop", "plan", lambda: 0, on_done=again)

    s.submit("loop", "plan", lambda: 0, on_done=again)
    s.poll()
    s.poll()
    assert count[0] == 2  # one per poll, not an endless loop inside one poll


def test_priorities_decide_what_runs_next_with_a_cap() -> None:
    ex = ManualExecutor()
    s = Scheduler(ex, max_in_flight=1)
    order: list[str] = []
    first = s.submit("Klaus", "reflect", lambda: order.append("reflect"), priority=Priority.LOW)
    low = s.submit("Maria", "reflect", lambda: order.append("low"), priority=Priority.LOW)
    high = s.submit("Maria", "chat", lambda: order.append("chat"), priority=Priority.URGENT)
    mid = s.submit("Eddy", "plan", lambda: order.append("plan"))
    assert first.state is JobState.RUNNING
    assert [j.state for j in (low, high, mid)] == [JobState.PENDING] * 3
    assert s.in_flight() == [first, low, high, mid]
    for _ in range(4):
        ex.run_all()
        s.poll()
    assert order == ["reflect", "chat", "plan", "low"]


def test_a_light_job_runs_beside_a_full_cap_on_its_own_executor() -> None:
    ex, light_ex = ManualExecutor(), ManualExecutor()
    s = Scheduler(ex, max_in_flight=1, light_executor=light_ex)
    plan = s.submit("Klaus", "plan", lambda: "plan")
    store = s.submit("Maria", "memorize", lambda: "stored", light=True, priority=Priority.HIGH)
    later = s.submit("Eddy", "plan", lambda: "plan")
    # The light job does not wait for the cap, nor take the place the next model call waits for.
    assert [plan.state, store.state, later.state] == [JobState.RUNNING, JobState.RUNNING, JobState.PENDING]
    light_ex.run_all()
    s.poll()
    assert store.result == "stored" and later.state is JobState.PENDING
    # Without a light executor, `light` changes nothing: it waits its turn.
    s2 = Scheduler(ManualExecutor(), max_in_flight=1)
    s2.submit("Klaus", "plan", lambda: "plan")
    assert s2.submit("Maria", "memorize", lambda: 1, light=True).state is JobState.PENDING


def test_budget_defers_low_value_jobs_and_retries_them_later() -> None:
    clock = GameClock(T0)
    ex = ManualExecutor()
    s = Scheduler(ex, now=clock.now, budget=Budget(calls_per_game_hour=2))
    got: list[str] = []
    s.submit("Klaus", "plan", lambda: Charged("day plan", calls=2, tokens=300), on_done=got.append)
    ex.run_all()
    s.poll()
    assert s.usage("Klaus") == Usage(2, 300)
    low = s.submit("Klaus", "reflect", lambda: "insight", on_done=got.append,
                   priority=Priority.LOW)
    assert low.state is JobState.DEFERRED
    assert s.deferred("Klaus") == [low] and s.in_flight("Klaus") == []
    urgent = s.submit("Klaus", "chat", lambda: "hello player", on_done=got.append,
                      priority=Priority.URGENT)  # the player is never made to wait
    other = s.submit("Maria", "reflect", lambda: "hers", on_done=got.append,
                     priority=Priority.LOW)  # budgets are per agent
    assert urgent.state is other.state is JobState.RUNNING
    ex.run_all()
    s.poll()
    assert got == ["day plan", "hello player", "hers"] and low.state is JobState.DEFERRED
    clock.advance_game(timedelta(minutes=30))
    s.poll()
    assert low.state is JobState.DEFERRED  # the plan's calls are still inside the hour
    clock.advance_game(timedelta(minutes=31))
    s.poll()
    assert low.state is JobState.RUNNING
    ex.run_all()
    s.poll()
    assert got[-1] == "insight" and low.state is JobState.DONE


def test_token_budget_and_per_agent_budgets() -> None:
    clock = GameClock(T0)
    s = Scheduler(InlineExecutor(), now=clock.now, job_cost=Usage())
    s.set_budget("Klaus", Budget(tokens_per_game_hour=1000))
    s.charge("Klaus", calls=1, tokens=1200)  # e.g. from the accounting wrapper
    s.charge("Maria", calls=50, tokens=99999)  # Maria has no budget
    k = s.submit("Klaus", "reflect", lambda: 1, priority=Priority.NORMAL)
    m = s.submit("Maria", "reflect", lambda: 1, priority=Priority.LOW)
    assert k.state is JobState.DEFERRED and m.state is JobState.RUNNING
    assert s.budget_for("Maria") is None
    newer = s.submit("Klaus", "reflect", lambda: 2)  # supersedes a deferred job too
    assert k.state is JobState.SUPERSEDED and newer.state is JobState.DEFERRED
    s.set_budget("Klaus", None)
    s.poll()
    assert newer.state is JobState.RUNNING


def test_running_jobs_count_against_the_budget() -> None:
    clock = GameClock(T0)
    ex = ManualExecutor()
    s = Scheduler(ex, now=clock.now, budget=Budget(calls_per_game_hour=2))
    jobs = [s.submit("Klaus", f"p{i}", lambda: 1, priority=Priority.LOW) for i in range(4)]
    assert [j.state for j in jobs] == [JobState.RUNNING] * 2 + [JobState.DEFERRED] * 2


def test_charge_from_another_thread() -> None:
    clock = GameClock(T0)
    s = Scheduler(InlineExecutor(), now=clock.now)
    threads = [threading.Thread(target=lambda: [s.charge("Klaus", 1, 10) for _ in range(500)])
               for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert s.usage("Klaus") == Usage(2000, 20000)
    s.reset_usage()
    assert s.usage("Klaus") == Usage()


def test_superseded_results_are_still_charged() -> None:
    clock = GameClock(T0)
    ex = ManualExecutor()
    s = Scheduler(ex, now=clock.now)
    old = s.submit("Klaus", "plan", lambda: Charged("stale", calls=3, tokens=90))
    ex.run(old.future)
    s.submit("Klaus", "plan", lambda: "fresh")
    s.poll()
    assert s.usage("Klaus") == Usage(3, 90)


def test_budget_needs_a_clock() -> None:
    with pytest.raises(ValueError):
        Scheduler(InlineExecutor(), budget=Budget(calls_per_game_hour=5))
    with pytest.raises(ValueError):
        Scheduler(InlineExecutor()).set_budget("Klaus", Budget(calls_per_game_hour=5))


def test_cancel_agent_and_drop_all() -> None:
    ex = ManualExecutor()
    s = Scheduler(ex)
    got: list[int] = []
    a = s.submit("Klaus", "plan", lambda: 1, on_done=got.append)
    b = s.submit("Klaus", "reflect", lambda: 2, on_done=got.append)
    c = s.submit("Maria", "plan", lambda: 3, on_done=got.append)
    assert s.cancel_agent("Klaus") == [a, b]
    assert a.state is b.state is JobState.CANCELLED and c.state is JobState.RUNNING
    ex.run(c.future)
    dropped = s.drop_all()  # e.g. loading a save: drop everything, re-issue later
    assert dropped == [c] and c.state is JobState.CANCELLED
    ex.run_all()
    assert s.poll() == [] and got == [] and s.jobs() == []


def test_shutdown_without_waiting_and_submit_after() -> None:
    gate = threading.Event()
    s = Scheduler()  # owns its thread pool
    job = s.submit("Klaus", "plan", gate.wait)
    s.shutdown(wait=False)
    assert job.state is JobState.CANCELLED and s.closed
    with pytest.raises(SchedulerClosed):
        s.submit("Klaus", "plan", lambda: 1)
    gate.set()
    assert s.poll() == []
    s.shutdown()  # idempotent


def test_shutdown_with_wait_lets_running_work_finish() -> None:
    started, gate, finished = threading.Event(), threading.Event(), threading.Event()

    def work() -> None:
        started.set()
        gate.wait(timeout=30)
        finished.set()

    def release_later() -> None:
        started.wait(timeout=30)
        time.sleep(0.2)  # give shutdown() the chance to return early if it were broken
        gate.set()

    with ThreadPoolExecutor(1) as pool:
        s = Scheduler(pool)
        s.submit("Klaus", "plan", work)
        helper = threading.Thread(target=release_later)
        helper.start()
        s.shutdown(wait=True)
        assert finished.is_set()
        helper.join()


def test_context_manager_shuts_down() -> None:
    with Scheduler(InlineExecutor()) as s:
        s.submit("Klaus", "plan", lambda: 1)
    assert s.closed


# -- property: random interleavings keep the invariants ----------------------------------------

_ops = st.lists(st.one_of(
    st.tuples(st.just("submit"), st.sampled_from(["Klaus", "Maria"]),
              st.sampled_from(["plan", "react"]), st.booleans()),
    st.tuples(st.just("run")), st.tuples(st.just("run_all")), st.tuples(st.just("poll")),
    st.tuples(st.just("cancel"), st.sampled_from(["Klaus", "Maria"])),
), max_size=40)


@settings(max_examples=150, deadline=None)
@given(_ops)
def test_random_interleavings_keep_the_invariants(ops: list[tuple]) -> None:
    ex = ManualExecutor()
    s = Scheduler(ex)
    ran: list[int] = []  # job functions executed
    applied: list[int] = []  # on_done calls
    jobs = {}

    def make(n: int, fails: bool):
        def fn() -> int:
            ran.append(n)
            if fails:
                raise RuntimeError(n)
            return n
        return fn

    for i, op in enumerate(ops):
        if op[0] == "submit":
            _, agent, purpose, fails = op
            jobs[i] = s.submit(agent, purpose, make(i, fails), on_done=applied.append,
                               on_error=lambda e: None)
        elif op[0] == "run":
            ex.run_next()
        elif op[0] == "run_all":
            ex.run_all()
        elif op[0] == "poll":
            before = len(ran)
            done = s.poll()
            assert len(ran) == before  # poll never runs a job itself
            assert all(j.state in (JobState.DONE, JobState.FAILED) for j in done)
        else:
            s.cancel_agent(op[1])
        live = [j for j in jobs.values() if j.live]
        keys = [(j.agent_id, j.purpose) for j in live]
        assert len(keys) == len(set(keys))  # one live job per agent and purpose
    ex.run_all()
    s.poll()
    assert len(applied) == len(set(applied))  # each result applied at most once
    for n in applied:
        assert jobs[n].state is JobState.DONE
    for n, job in jobs.items():
        assert job.state is not JobState.PENDING
        if job.state is JobState.DONE:
            assert n in applied
        if job.state in (JobState.SUPERSEDED, JobState.CANCELLED):
            assert n not in applied
