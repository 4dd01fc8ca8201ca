"""PromptStates: slots chosen by prompt, saved states restored, kept within a budget."""
from __future__ import annotations

import logging
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from npc_brain.llm.engine import LlamaEngine
from npc_brain.llm.prompt_states import PromptStates, common_prefix, rendered

RULES = "Choose where the character should go. " * 8  # ~300 characters shared by one purpose


class Store:
    """A fake `SlotStore`: records actions; a state is the key the slot held when saved."""

    def __init__(self, size: int = 100, refuse: bool = False) -> None:
        self.size = size
        self.refuse = refuse
        self.actions: list[tuple[str, int, str]] = []
        self.files: dict[str, str] = {}
        self.removed: list[str] = []

    def save(self, slot: int, name: str) -> int:
        self.actions.append(("save", slot, name))
        if self.refuse:
            return 0
        self.files[name] = name
        return self.size

    def restore(self, slot: int, name: str) -> bool:
        self.actions.append(("restore", slot, name))
        return name in self.files

    def remove(self, name: str) -> None:
        self.removed.append(name)
        self.files.pop(name, None)


def run(states: PromptStates, key: str) -> int:
    with states.slot_for(key) as slot:
        return slot


def restores(store: Store) -> list[tuple[str, int, str]]:
    return [a for a in store.actions if a[0] == "restore"]


def test_a_call_goes_to_the_free_slot_that_holds_its_prefix() -> None:
    store = Store()
    states = PromptStates(3, store, budget=10_000, remove=store.remove)
    first = run(states, RULES + "Mei: going for a walk")
    run(states, "something else entirely " * 10)
    assert run(states, RULES + "Tom: buying bread") == first
    assert restores(store) == []  # the slot still held the rules: nothing to restore


def test_a_saved_state_is_restored_when_every_slot_was_overwritten() -> None:
    store = Store()
    states = PromptStates(1, store, budget=10_000, remove=store.remove)
    run(states, RULES + "Mei: going for a walk")
    run(states, "a dialogue prompt of another purpose " * 10)
    run(states, "an insight prompt of a third purpose " * 10)
    run(states, RULES + "Tom: buying bread")
    assert restores(store) == [("restore", 0, "state-1.bin")]
    assert states.restores == 1


def test_a_small_gain_is_not_worth_a_restore() -> None:
    store = Store()
    states = PromptStates(1, store, budget=10_000, remove=store.remove, min_gain=120)
    run(states, "short rules " + "Mei")
    run(states, "other " * 30)
    run(states, "short rules " + "Tom")
    assert restores(store) == []


def test_the_free_slot_holding_least_of_the_prompt_takes_the_restore() -> None:
    store = Store()
    states = PromptStates(2, store, budget=10_000, remove=store.remove)
    assert run(states, RULES + "Mei: going for a walk") == 0
    assert run(states, RULES[:60] + "q" * 300) == 0  # shares a little: overwrites slot 0
    assert run(states, "x" * 400) == 1
    assert run(states, RULES + "Tom: buying bread") == 1  # restored where nothing was shared
    assert restores(store) == [("restore", 1, "state-1.bin")]


def test_states_beyond_the_budget_go_least_recently_used_first() -> None:
    store = Store(size=100)
    states = PromptStates(1, store, budget=250, remove=store.remove)
    for i in range(4):
        run(states, f"{i} " * 200)
    assert store.removed == ["state-1.bin", "state-2.bin"]
    assert states.saved_bytes() == 200


def test_a_state_whose_prompt_starts_a_new_one_is_replaced_by_it() -> None:
    store = Store()
    states = PromptStates(1, store, budget=10_000, remove=store.remove)
    talk = RULES + "Mei: hello."
    run(states, talk)  # a read-ahead of the talk so far
    run(states, talk + " Player: how are you?")  # the reply's whole prompt
    assert store.removed == ["state-1.bin"]
    assert states.saved_bytes() == 100


def test_the_same_prompt_again_is_not_saved_twice() -> None:
    store = Store()
    states = PromptStates(1, store, budget=10_000, remove=store.remove)
    run(states, RULES + "Mei")
    run(states, RULES + "Mei")
    assert [a[0] for a in store.actions] == ["save"]


def test_a_failed_call_saves_nothing_and_leaves_its_slot_unknown() -> None:
    store = Store()
    states = PromptStates(1, store, budget=10_000, remove=store.remove)
    with pytest.raises(RuntimeError), states.slot_for(RULES + "Mei"):
        raise RuntimeError("the engine failed")
    assert store.actions == []
    run(states, RULES + "Mei")  # the slot is free again
    assert [a[0] for a in store.actions] == ["save"]


def test_an_engine_that_refuses_saves_turns_them_off(caplog: pytest.LogCaptureFixture) -> None:
    store = Store(refuse=True)
    states = PromptStates(1, store, budget=10_000, remove=store.remove)
    with caplog.at_level(logging.WARNING):
        for i in range(6):
            run(states, f"{i} {RULES}")
    assert [a[0] for a in store.actions] == ["save"] * 3
    assert not states.saving
    assert "no longer kept" in caplog.text


def test_no_slot_is_ever_leased_twice_at_once() -> None:
    store = Store()
    states = PromptStates(2, store, budget=10_000, remove=store.remove)
    holding: set[int] = set()
    clash: list[int] = []
    lock = threading.Lock()

    def call(i: int) -> None:
        with states.slot_for(f"{i % 3} " + RULES) as slot:
            with lock:
                if slot in holding:
                    clash.append(slot)
                holding.add(slot)
            time.sleep(0.002)
            with lock:
                holding.discard(slot)

    threads = [threading.Thread(target=call, args=(i,)) for i in range(24)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert clash == []
    assert states.saves >= 3


def test_rendered_prompts_share_the_prefix_of_their_messages() -> None:
    a = rendered([{"role": "system", "content": RULES}, {"role": "user", "content": "Mei"}])
    b = rendered([{"role": "system", "content": RULES}, {"role": "user", "content": "Tom"}])
    assert common_prefix(a, b) == a.index("Mei")


class FakeServer:
    listening_address = "http://127.0.0.1:5555"

    def __init__(self) -> None:
        self.bodies: list[dict[str, Any]] = []

    def handle_chat_completions(self, body: dict[str, Any]) -> dict[str, Any]:
        self.bodies.append(body)
        return {"choices": [{"message": {"content": "ok"}, "finish_reason": "stop"}], "usage": {}}


def test_the_engine_sends_each_call_to_the_slot_it_chose_and_cleans_up() -> None:
    server, store = FakeServer(), Store()
    engine = LlamaEngine(Path("/m/fake.gguf"), n_parallel=2, prompt_state_mb=1,
                         server_factory=lambda params: server, slot_store=store)
    folder = engine.state_dir
    assert folder is not None and folder.is_dir()
    for who in ("Mei", "Tom"):
        engine.chat({"messages": [{"role": "system", "content": RULES}, {"role": "user", "content": who}]})
    assert [b["id_slot"] for b in server.bodies] == [0, 0]
    assert [a[0] for a in store.actions] == ["save", "save"]
    engine.close()
    assert not folder.exists()


def test_an_engine_without_states_leaves_slots_to_llama_cpp() -> None:
    server = FakeServer()
    engine = LlamaEngine(Path("/m/fake.gguf"), server_factory=lambda params: server)
    engine.chat({"messages": [{"role": "user", "content": "hi"}]})
    assert "id_slot" not in server.bodies[0] and engine.state_dir is None
    engine.close()


def test_an_urgent_call_takes_the_next_free_slot_before_waiting_ones() -> None:
    store = Store()
    states = PromptStates(1, store, budget=10_000, remove=store.remove)
    order: list[str] = []
    release = threading.Event()

    def call(name: str, urgent: bool) -> None:
        with states.slot_for(name * 50, urgent=urgent):
            order.append(name)

    def holder() -> None:
        with states.slot_for("h" * 50):
            release.wait(5)

    first = threading.Thread(target=holder)
    first.start()
    time.sleep(0.05)
    waiting = [threading.Thread(target=call, args=(n, False)) for n in "ab"]
    for t in waiting:
        t.start()
    time.sleep(0.05)
    player = threading.Thread(target=call, args=("p", True))
    player.start()
    time.sleep(0.05)
    release.set()
    for t in (first, *waiting, player):
        t.join(5)
    assert order[0] == "p" and sorted(order) == ["a", "b", "p"]


def test_folders_left_by_a_killed_process_are_swept(tmp_path: Path) -> None:
    import subprocess
    import sys

    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    server = FakeServer()
    first = LlamaEngine(Path("/m/fake.gguf"), prompt_state_mb=1, server_factory=lambda p: server, slot_store=Store())
    assert first.state_dir is not None
    stale = first.state_dir.parent / f"npc_brain_states_{dead}_x"
    stale.mkdir()
    (stale / "state-1.bin").write_bytes(b"kv")
    second = LlamaEngine(Path("/m/fake.gguf"), prompt_state_mb=1, server_factory=lambda p: server, slot_store=Store())
    try:
        assert not stale.exists()
        assert first.state_dir.is_dir()  # a live process's folder stays
    finally:
        first.close()
        second.close()


def test_a_call_ending_after_the_engine_closed_saves_nothing() -> None:
    store = Store()
    states = PromptStates(1, store, budget=10_000, remove=store.remove)
    with states.slot_for(RULES + "Mei"):
        states.stop()
    assert store.actions == [] and not states.saving


def test_discarded_states_leave_no_folder_and_no_restore() -> None:
    server, store = FakeServer(), Store()
    engine = LlamaEngine(Path("/m/fake.gguf"), n_parallel=1, prompt_state_mb=1,
                         server_factory=lambda params: server, slot_store=store)
    folder = engine.state_dir
    engine.chat({"messages": [{"role": "system", "content": RULES}, {"role": "user", "content": "Mei"}]})
    engine.discard_prompt_states()  # a game leaving the engine to os._exit still removes them
    assert folder is not None and not folder.exists()
    engine.chat({"messages": [{"role": "user", "content": "other " * 40}]})
    engine.chat({"messages": [{"role": "system", "content": RULES}, {"role": "user", "content": "Tom"}]})
    assert [a[0] for a in store.actions] == ["save"]  # nothing saved or restored after
    engine.close()


def test_a_state_leased_as_the_engine_stops_is_not_restored() -> None:
    """A play's quit logged llama.cpp's "error loading sequence state file": a call leased a
    restore, then the engine stopped and removed the files before the restore was sent."""
    store = Store()
    states = PromptStates(1, store, budget=10_000, remove=store.remove)
    run(states, RULES + "Mei: going for a walk")
    run(states, "a dialogue prompt of another purpose " * 10)
    lease = states._lease

    def lease_then_stop(key: str, urgent: bool) -> tuple[int, object]:
        got = lease(key, urgent)
        states.stop()  # the engine closes between the lease and the restore
        return got

    states._lease = lease_then_stop  # type: ignore[method-assign]
    run(states, RULES + "Tom: buying bread")
    assert restores(store) == []
