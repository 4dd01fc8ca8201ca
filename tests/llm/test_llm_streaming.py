"""Streaming: the reply's text as it is generated, on every backend, and its `say` field."""
from __future__ import annotations

import itertools

import pytest

from npc_brain.llm.embedded import EmbeddedModel
from npc_brain.llm.openai_backend import OpenAIModel
from npc_brain.llm.partial import partial_string
from npc_brain.llm.streaming import stream_sink, streaming
from npc_brain.llm.testing import ScriptedModel

PROMPT = [{"role": "user", "content": "Say hello to Klaus in one sentence."}]


def test_partial_string_reads_an_unfinished_field():
    assert partial_string('{"about":"x","say":"Hello th', "say") == "Hello th"
    assert partial_string('{"about":"x"', "say") is None
    assert partial_string('{"say":"a\\"b\\u00e9c","end":true}', "say") == 'a"béc'
    assert partial_string('{"say":"ab\\', "say") == "ab"  # an escape cut in half waits
    assert partial_string('{"say":"ab\\u00', "say") == "ab"
    assert partial_string("not json at all", "say") is None


def test_the_sink_is_per_thread_and_scoped():
    assert stream_sink() is None
    with streaming(print):
        assert stream_sink() is print
    assert stream_sink() is None


def test_scripted_model_streams_growing_prefixes_of_its_reply():
    seen: list[str] = []
    model = ScriptedModel().enqueue("Hello there, Klaus. How are you today?")
    with streaming(seen.append):
        text = model.complete(PROMPT)
    assert len(seen) > 2 and seen[-1] == text
    assert all(b.startswith(a) for a, b in itertools.pairwise(seen))


@pytest.mark.real_model
def test_the_embedded_engine_streams_what_it_returns(engine):
    model = EmbeddedModel(engine)
    seen: list[str] = []
    with streaming(seen.append):
        text = model.complete(PROMPT, max_tokens=24, temperature=0.0)
    assert len(seen) >= 3 and seen[-1] == text  # word by word, and the same text at the end
    assert model.complete(PROMPT, max_tokens=24, temperature=0.0) == text  # without a sink too


@pytest.mark.real_model
def test_an_openai_compatible_server_streams_too(engine):
    model = OpenAIModel(base_url=engine.base_url, api_key=engine.api_key, chat_model="local",
                        timeout_s=120, max_retries=0)
    seen: list[str] = []
    try:
        with streaming(seen.append):
            done = model.complete_with_usage(PROMPT, max_tokens=24, temperature=0.0)
    finally:
        model.close()
    assert len(seen) >= 3 and seen[-1] == done.text
    assert done.usage.completion_tokens > 0  # usage still counted from the stream


@pytest.mark.real_model
def test_a_server_call_gives_way_to_the_players_and_the_server_goes_on(engine):
    from npc_brain.llm.preemption import Preempted, preemptible

    model = OpenAIModel(base_url=engine.base_url, api_key=engine.api_key, chat_model="local",
                        timeout_s=120, max_retries=0)
    chunks = iter(range(10_000))
    try:
        with preemptible(lambda: next(chunks) >= 3), pytest.raises(Preempted):
            model.complete(PROMPT, max_tokens=120, temperature=0.0)
        # The dropped request freed its slot: the next call is answered as usual.
        assert model.complete(PROMPT, max_tokens=24, temperature=0.0)
    finally:
        model.close()
