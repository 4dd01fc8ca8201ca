"""Reply benchmark: how long the player waits for an NPC's answer while the town thinks.

`python -m npc_brain.bench reply --npcs 10 [--questions 20] [--player-first off]`
`python -m npc_brain.bench reply --npcs 4 --defaults`: the Society built exactly as the README
shows (`Society(world, model, embedder, now=clock)`, the model with `LLMSettings()` defaults),
so what a game gets without tuning is what is measured (`--workers`, `--player-first`,
`--read-ahead`, `--engaged-calls` do not apply). `--map maps/city.tmx --personas
maps/city_personas.json --npcs 100`: a town of a hundred.

Runs the demo town headless (`Simulation` on `maps/town.tmx`, NPCs walking at the demo's
pace) in real time at ×1 (`--minutes-per-second` game minutes per wall second), with the
demo game's thinking set-up: `--workers` brain threads, as many jobs in flight and as many
engine slots. From the first frame every NPC memorises its seeds, plans its day and
decomposes it, so the engine is busy. After `--warmup` seconds a scripted player talks to
one NPC after another — walks up (`--walk` s), opens the chat (`Society.engage`), types
for `--gap` seconds, asks;
`--per-talk` questions each, varied templates over the NPC's persona: its work, places and
people from its memories — and times each question from `Society.talk` to the first
visible words and to the full line. A question with no reply within `--timeout` (or whose
conversation ended without one) is counted as dropped.

First words: the bench passes `on_text` to `Society.talk` when the Society accepts one (a
streaming hook: called with the partial line as it grows); without it the first words are
the full line, and the result says `"streaming": false`.
"""
from __future__ import annotations

import argparse
import inspect
import os
import random
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np

from npc_brain.eval.backend import add_model_arguments, open_backend
from npc_brain.types.persona import Persona

TARGET = {"first_p95_s": 1.0, "full_p95_s": 3.0}
"""Issue 11 on the 2-core box: first words p95 ≤ 1 s, full line p95 ≤ 3 s."""

TEMPLATES = (
    "What are you doing?",
    "What are you up to right now?",
    "How is your day going?",
    "What do you know about {place}?",
    "Have you been to {place} lately?",
    "What do you think of {person}?",
    "How do you know {person}?",
    "What is new with you?",
    "Is {place} a nice place to go?",
    "Any plans for later today?",
)
"""Question templates; `{place}` and `{person}` come from the NPC's persona and memories."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `bench reply`."""
    parser.add_argument("--npcs", type=int, default=10)
    parser.add_argument("--map", default=None, help="a .tmx map (default: maps/town.tmx; 100 NPCs: maps/city.tmx)")
    parser.add_argument("--personas", default=None,
                        help="a personas JSON (default: demo_game/personas.json; maps/city_personas.json)")
    parser.add_argument("--questions", type=int, default=20, help="questions the player asks")
    parser.add_argument("--per-talk", type=int, default=2, help="questions per conversation")
    parser.add_argument("--warmup", type=float, default=20.0,
                        help="wall seconds the town thinks before the first question")
    parser.add_argument("--gap", type=float, default=3.0,
                        help="wall s the player reads and types before a question (chat open)")
    parser.add_argument("--walk", type=float, default=5.0,
                        help="wall seconds the player walks between conversations (chat closed)")
    parser.add_argument("--engaged-calls", type=int, default=None,
                        help="the town's model calls at once while the chat is open")
    parser.add_argument("--timeout", type=float, default=90.0, help="wall s to wait for one answer")
    parser.add_argument("--minutes-per-second", type=float, default=1.0,
                        help="game minutes per wall second (the demo's ×1: 1)")
    parser.add_argument("--fps", type=float, default=20.0, help="simulation steps per wall second")
    parser.add_argument("--workers", type=int, default=4,
                        help="brain threads = jobs in flight = engine slots (demo default: 4)")
    parser.add_argument("--start", default="2023-02-13 07:00", help="game start time (ISO)")
    parser.add_argument("--seed", type=int, default=0, help="question order and wording")
    parser.add_argument("--player", default="Alex", help="the player's name")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    parser.add_argument("--phrase", default="off", choices=("off", "on"),
                        help="on: the model phrases and streams each reply (BrainSettings.phrase_player_lines); "
                        "off (the default): the chosen ground, shown whole")
    parser.add_argument("--player-first", default="on", choices=("on", "off"),
                        help="off: no player-first scheduling (the baseline)")
    parser.add_argument("--read-ahead", default="on", choices=("on", "off"),
                        help="off: no read-ahead of the reply prompt while the player types")
    parser.add_argument("--defaults", action="store_true",
                        help="the Society and model exactly as the README builds them (no tuning)")
    add_model_arguments(parser, headless=False)


def questions(personas: list[Persona], n: int, per_talk: int, seed: int) -> list[tuple[str, str]]:
    """(npc, question) pairs: NPCs in turn, `per_talk` questions each, wording from templates."""
    rng = random.Random(seed)
    out: list[tuple[str, str]] = []
    order = list(personas)
    rng.shuffle(order)
    i = 0
    while len(out) < n:
        p = order[i % len(order)]
        i += 1
        for template in rng.sample(TEMPLATES, k=min(per_talk, len(TEMPLATES))):
            if len(out) >= n:
                break
            out.append((p.name, template.format(place=_place(p, rng), person=_person(p, rng))))
    return out


def _place(p: Persona, rng: random.Random) -> str:
    known = ["Hobbs Cafe", "Johnson Park", "The Rose and Crown Pub", "the town library"]
    for text in (*p.memories, *p.daily_habits):
        known += [k for k in known[:4] if k.lower() in text.lower()]
    if p.workplace:
        known.append(p.workplace.split(":")[1].replace("_", " ").title())
    return rng.choice(known)


def _person(p: Persona, rng: random.Random) -> str:
    names = list(p.relationships) or [p.name]
    return rng.choice(names)


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0 for no values), rounded to ms."""
    return round(float(np.percentile(values, q)), 3) if values else 0.0


@dataclass
class _Ask:
    npc: str
    question: str
    lines_before: int
    sent: float
    busy: int
    first: float | None = None
    full: float | None = None
    queued: float | None = None  # until the reply's job left the scheduler's queue
    job: Any = None
    reply: str = ""
    held: str = ""  # the jobs running when the question was sent (purpose/priority)


class ReplyTimer:
    """Send → first words → full line, per question. `on_text` may be called from any thread."""

    def __init__(self) -> None:
        self.asks: list[_Ask] = []
        self._lock = threading.Lock()

    def sent(self, npc: str, question: str, lines_before: int, busy: int) -> _Ask:
        """A question was just sent (`busy`: the town's jobs running then)."""
        ask = _Ask(npc, question, lines_before, time.perf_counter(), busy)
        self.asks.append(ask)
        return ask

    def on_text(self, partial: str) -> None:
        """A streaming hook: the reply's text so far (the first non-empty call counts)."""
        with self._lock:
            ask = self.asks[-1] if self.asks else None
            if ask is not None and ask.first is None and partial.strip():
                ask.first = time.perf_counter() - ask.sent

    def check(self, conv: Any) -> bool:
        """True once the NPC's line is in the conversation (or it ended without one)."""
        ask = self.asks[-1]
        if ask.queued is None and ask.job is not None and ask.job.state.value != "pending":
            ask.queued = time.perf_counter() - ask.sent
        new = [line for line in conv.lines[ask.lines_before + 1:] if line.speaker == ask.npc]
        if not new and not conv.ended:
            return False
        ask.full = time.perf_counter() - ask.sent if new else None
        ask.reply = new[0].text if new else "(ended without a reply)"
        with self._lock:
            if ask.first is None and ask.full is not None:
                ask.first = ask.full  # no streaming: the first words are the whole line
        return True


def _loadavg() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Run the benchmark (see the module doc)."""
    from npc_brain.eval.town import load_town_or_exit
    from npc_brain.runtime.settings import BrainSettings
    from npc_brain.runtime.simulation import Simulation
    from npc_brain.runtime.society import THINKING_THREADS, Society
    from npc_brain.types.clock import GameClock

    town = load_town_or_exit("demo", "bench reply", npcs=args.npcs, map_path=getattr(args, "map", None),
                             personas_path=getattr(args, "personas", None))
    start = datetime.fromisoformat(args.start)
    clock = GameClock(start, minutes_per_second=args.minutes_per_second)
    executor: ThreadPoolExecutor | None = None
    if args.defaults:  # as the README: no executor, cap, slots or settings passed
        workers = THINKING_THREADS
        backend = open_backend(args, headless=False)
        settings = BrainSettings(phrase_player_lines=args.phrase == "on")
        society = Society(town.world, backend.model, backend.embedder, now=clock,
                          settings=settings if args.phrase == "on" else None)
    else:
        workers = max(1, args.workers)
        # One slot per thinking thread, and one for the read-ahead's thread (as the demo).
        backend = open_backend(args, n_parallel=workers + (args.read_ahead == "on"), headless=False)
        executor = ThreadPoolExecutor(workers, thread_name_prefix="npc_brain-reply")
        settings = BrainSettings(player_first=args.player_first == "on", read_ahead=args.read_ahead == "on",
                                 phrase_player_lines=args.phrase == "on")
        if args.engaged_calls is not None:
            settings = settings.model_copy(update={"engaged_background_calls": args.engaged_calls})
        society = Society(town.world, backend.model, backend.embedder, now=clock, executor=executor,
                          settings=settings, max_in_flight=workers)
    sim = Simulation(town.world, town.personas, backend.model, clock, embedder=backend.embedder,
                     travel_px_per_minute=72.0, society=society)
    society = sim.society
    streams = "on_text" in inspect.signature(society.talk).parameters
    timer = ReplyTimer()
    plan = questions(list(town.personas), args.questions, args.per_talk, args.seed)
    load_before = _loadavg()
    period = 1.0 / args.fps
    conv: Any = None
    chat_with: str | None = None
    waiting = False
    next_at = time.perf_counter() + args.warmup
    t0 = last = time.perf_counter()
    try:
        interrupted = False
        try:
            while plan or waiting:
                frame = time.perf_counter()
                # Game time follows the wall clock, however long the last frame took.
                sim.step((frame - last) * args.minutes_per_second)
                last = frame
                now = time.perf_counter()
                if waiting and (timer.check(conv) or now - timer.asks[-1].sent > args.timeout):
                    waiting = False
                    next_at = now + args.gap
                    ask = timer.asks[-1]
                    took = "timeout" if ask.full is None else f"{ask.full:.2f} s"
                    if not args.quiet:
                        print(f"reply {len(timer.asks)}/{args.questions}: {ask.npc} {took}",
                              file=sys.stderr)
                elif not waiting and plan and now >= next_at:
                    npc, question = plan[0]
                    if chat_with != npc:  # leave, walk to the next NPC, open the chat, type
                        if chat_with is not None:
                            if conv is not None and not conv.ended:
                                society.end_conversation(conv)
                            society.engage(args.player, None)
                            conv, chat_with, next_at = None, None, now + args.walk
                            continue
                        chat_with, next_at = npc, now + args.gap
                        society.engage(args.player, npc)
                        continue
                    plan.pop(0)
                    if conv is not None and conv.ended:
                        conv = None
                    before = len(conv.lines) if conv is not None else 0
                    busy = sum(j.state.value == "running" for j in society.scheduler.in_flight())
                    timer.sent(npc, question, before, busy).held = " ".join(
                        f"{j.purpose}/{int(j.priority)}" for j in society.scheduler.in_flight()
                        if j.state.value == "running")
                    kw = {"on_text": timer.on_text} if streams else {}
                    conv = society.talk(npc, args.player, question, **kw)
                    timer.asks[-1].lines_before = len(conv.lines) - 1
                    timer.asks[-1].job = society.scheduler.job_for(npc, "dialogue")
                    waiting = True
                pause = frame + period - time.perf_counter()
                if pause > 0:
                    time.sleep(pause)
        except KeyboardInterrupt:  # Ctrl-C (or timeout -s INT): report what was measured
            interrupted = True
        wall = time.perf_counter() - t0
        usage = society.usage()
        dialogue = usage.by_purpose.get("dialogue") if usage is not None else None
        ahead = usage.by_purpose.get("read ahead") if usage is not None else None
    finally:
        sim.shutdown()
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)
        backend.close()
    answered = [a for a in timer.asks if a.full is not None]
    first = [a.first for a in answered if a.first is not None]
    full = [a.full for a in answered if a.full is not None]
    result: dict[str, Any] = {
        "first_p50_s": percentile(first, 50), "first_p95_s": percentile(first, 95),
        "full_p50_s": percentile(full, 50), "full_p95_s": percentile(full, 95), "n": len(answered),
        "asked": len(timer.asks), "dropped": len(timer.asks) - len(answered), "defaults": args.defaults,
        "interrupted": interrupted, "streaming": streams,
        "first_words": ("time to the first partial text" if args.phrase == "on"
                        else "time to the line, shown whole (unphrased)") if streams
        else "no streaming yet: first words = the full line",
        "phrase": args.phrase,
        "player_first": args.player_first, "engaged_calls": settings.engaged_background_calls,
        "read_ahead": args.read_ahead,
        # The share of the replies' prompt tokens the engine took from its cache (read-ahead's aim).
        "dialogue_cache_share": round(dialogue.cache_share, 3) if dialogue is not None else 0.0,
        "read_ahead_calls": ahead.calls if ahead is not None else 0,
        "read_ahead_mean_s": round(ahead.mean_latency_s, 3) if ahead is not None else 0.0,
        "workers": workers, "npcs": len(town.personas), "town": town.source,
        "model": backend.description, "wall_s": round(wall, 1),
        "game_minutes": round((clock.now() - start).total_seconds() / 60, 1),
        "calls": usage.total.calls if usage is not None else 0,
        "queued_p50_s": percentile([a.queued for a in answered if a.queued is not None], 50),
        "dialogue_call_mean_s": dialogue.mean_latency_s if dialogue is not None else 0.0,
        "loadavg_before": load_before, "loadavg_after": _loadavg(),
        "targets": [{"metric": k, "target": f"≤ {TARGET[k]:g} s", "ours": ours,
                     "met": "yes" if ours <= TARGET[k] else "no"}
                    for k, ours in (("first_p95_s", percentile(first, 95)),
                                    ("full_p95_s", percentile(full, 95)))],
        "questions": [{"npc": a.npc.split()[0], "question": a.question[:40], "busy": a.busy,
                       "queued_s": round(a.queued, 2) if a.queued is not None else "-",
                       "first_s": round(a.first, 2) if a.first is not None else "-",
                       "full_s": round(a.full, 2) if a.full is not None else "timeout",
                       "reply": a.reply[:60], "running": a.held} for a in timer.asks],
    }
    return result
