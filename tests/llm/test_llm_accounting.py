"""AccountingModel: per-agent and per-purpose counters, thread safety, failures."""

from __future__ import annotations

import itertools
import threading

import pytest
from pydantic import BaseModel, ConfigDict

from npc_brain.llm.accounting import NO_AGENT, AccountingModel, CallStats
from npc_brain.llm.calls import Completion, Usage
from npc_brain.llm.errors import LLMOutputError, LLMUnavailable
from npc_brain.llm.protocols import UsageReportingModel
from npc_brain.llm.testing import ScriptedModel


class Rating(BaseModel):
    model_config = ConfigDict(frozen=True)
    rating: int


MSGS = [{"role": "user", "content": "rate brushing teeth"}]


def fake_clock(step: float = 0.5):
    counter = itertools.count()
    return lambda: next(counter) * step


class FixedUsage(ScriptedModel):
    """Each round-trip costs 10 prompt tokens plus one completion token per character."""

    def _send(self, request):
        done = super()._send(request)
        return Completion(done.text, Usage(10, len(done.text), 1, 0.0))


def test_counts_tokens_latency_and_labels() -> None:
    inner = FixedUsage().enqueue('{"rating": 3}', "hello", '{"rating": 4}')
    model = AccountingModel(inner, clock=fake_clock())
    model.parse(MSGS, Rating, purpose="importance", agent="Klaus")
    model.complete(MSGS, purpose="dialogue", agent="Maria")
    model.parse(MSGS, Rating, purpose="importance")
    snap = model.snapshot()
    assert snap.total.calls == 3 and snap.total.requests == 3 and snap.total.failures == 0
    assert snap.total.prompt_tokens == 30
    assert snap.total.completion_tokens == 13 + 5 + 13
    assert snap.by_purpose["importance"].calls == 2
    assert snap.by_purpose["importance"].completion_tokens == 26
    assert snap.by_purpose["dialogue"].completion_tokens == 5
    assert set(snap.by_agent) == {"Klaus", "Maria", NO_AGENT}
    assert snap.by_agent["Maria"].total_tokens == 15
    assert snap.total.latency_s == pytest.approx(1.5)  # the fake clock ticks 0.5 s per read
    assert snap.total.mean_latency_s == pytest.approx(0.5)


def test_repairs_and_failures_are_counted_and_errors_reraised() -> None:
    inner = ScriptedModel().enqueue(
        "nope",
        '{"rating": 1}',  # repaired
        "x",
        "y",  # fails after repair
        LLMUnavailable("server down"),  # unavailable
    )
    model = AccountingModel(inner)
    model.parse(MSGS, Rating, purpose="importance", agent="A")
    with pytest.raises(LLMOutputError):
        model.parse(MSGS, Rating, purpose="importance", agent="A")
    with pytest.raises(LLMUnavailable):
        model.complete(MSGS, purpose="plan", agent="B")
    total = model.snapshot().total
    assert total.calls == 3
    assert total.repairs == 2  # one successful repair, one failed one
    assert total.failures == 2 and total.output_errors == 1
    assert total.requests == 5
    assert model.snapshot().by_agent["B"].failures == 1


def test_snapshot_is_immutable_and_detached() -> None:
    model = AccountingModel(ScriptedModel().respond_with(lambda m, s: "ok"))
    model.complete(MSGS, purpose="plan")
    snap = model.snapshot()
    model.complete(MSGS, purpose="plan")
    assert snap.total.calls == 1 and model.snapshot().total.calls == 2
    with pytest.raises(TypeError):
        snap.by_purpose["plan"] = CallStats()  # type: ignore[index]
    with pytest.raises(AttributeError):
        snap.total.calls = 5  # type: ignore[misc]
    assert model.snapshot().to_dict()["by_purpose"]["plan"]["calls"] == 2


def test_concurrent_calls_are_all_counted() -> None:
    model = AccountingModel(ScriptedModel().respond_with(lambda m, s: "ok ok"))

    def worker(i: int) -> None:
        for _ in range(100):
            model.complete(MSGS, purpose=f"p{i % 2}", agent=f"a{i}")

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    snap = model.snapshot()
    assert snap.total.calls == 600 and snap.total.completion_tokens == 1200
    assert sum(s.calls for s in snap.by_agent.values()) == 600
    assert snap.by_purpose["p0"].calls == snap.by_purpose["p1"].calls == 300


def test_wrapper_reports_usage_and_wraps_models_without_usage_methods() -> None:
    class Plain:
        name = "plain"

        def complete(self, messages, **kw):
            return "hi"

        def parse(self, messages, schema, **kw):
            return schema(rating=1)

    model = AccountingModel(Plain())  # type: ignore[arg-type]
    assert isinstance(model, UsageReportingModel)
    assert model.complete(MSGS) == "hi" and model.parse(MSGS, Rating).rating == 1
    assert model.snapshot().total.calls == 2 and model.snapshot().total.total_tokens == 0


def test_reset_returns_previous_counts() -> None:
    model = AccountingModel(ScriptedModel().respond_with(lambda m, s: "ok"))
    model.complete(MSGS)
    before = model.reset()
    assert before.total.calls == 1 and model.snapshot().total.calls == 0
