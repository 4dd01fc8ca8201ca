"""`python -m npc_brain doctor`: is a language model usable, and which one?

Prints the backend, the model, where the GGUF was found, then runs one plain and one
structured completion and shows their latency and tokens. Exit status 0 when both work;
otherwise 1 with ONE sentence on stderr that says what to do (no model → the install
command; server unreachable → the URL tried). Never a traceback.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING, Literal, TextIO

from pydantic import BaseModel, ConfigDict, Field

from npc_brain.llm.calls import Usage
from npc_brain.llm.errors import LLMError, LLMOutputError, LLMRequestError
from npc_brain.llm.protocols import Message
from npc_brain.llm.settings import StructuredMode

if TYPE_CHECKING:
    from npc_brain.llm.openai_backend import OpenAIModel


class DoctorCheck(BaseModel):
    """The structured answer doctor asks for: a choice and a bounded number."""

    model_config = ConfigDict(frozen=True)

    mood: Literal["rested", "tired", "hungry"]
    hours_slept: int = Field(ge=0, le=24)


PLAIN: list[Message] = [
    {"role": "user", "content": "Greet the baker of a small town in one short sentence."}
]
STRUCTURED: list[Message] = [
    {
        "role": "user",
        "content": (
            "Klaus slept nine hours and woke up feeling great. "
            "Give his mood and how many hours he slept."
        ),
    }
]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `doctor`."""
    parser.add_argument("--max-tokens", type=int, default=48, help="tokens for each test call")


def _usage(u: Usage, seconds: float) -> str:
    return (
        f"{seconds:.2f} s, {u.prompt_tokens} prompt + {u.completion_tokens} completion tokens"
        + (f", {u.requests - 1} repair" if u.requests > 1 else "")
    )


def diagnose(max_tokens: int = 48, out: TextIO | None = None) -> None:
    """Run the checks, printing to `out`; raises `LLMError` on the first failure."""
    from npc_brain.llm.factory import load_stack
    from npc_brain.llm.gguf import locate_gguf
    from npc_brain.llm.openai_backend import OpenAIModel
    from npc_brain.llm.settings import LLMSettings

    out = out or sys.stdout

    def say(text: str) -> None:
        print(text, file=out, flush=True)

    settings = LLMSettings.from_env()
    backend = settings.resolved_backend()
    say(f"backend:   {backend}" + (" (auto)" if settings.backend == "auto" else ""))
    if backend == "embedded" or settings.embedder in ("gguf", "hybrid"):
        # Shown before loading, so a load failure still says which file was tried.
        where = locate_gguf(settings.gguf_path)
        say(f"gguf:      {where.path}  (found via {where.source})")
    t0 = time.perf_counter()
    with load_stack(settings) as llm:
        model = llm.model
        if isinstance(model, OpenAIModel):
            say(
                f"server:    {model.base_url}  (structured mode: {model.structured_mode}, "
                f"timeout {model.timeout_s:g} s)"
            )
            say(f"model:     {model.model}")
            slots = model.slots
            say(f"kind:      {model.server.describe()}; requests at once: "
                f"{slots.limit if slots else 'unbounded (set NPC_BRAIN_CONCURRENCY to its slots)'}")
            counts = probe_modes(model, max_tokens=max_tokens)
            best = recommended_mode(counts)
            table = ", ".join(f"{mode} {ok}/{PROBES}" for mode, ok in counts.items())
            advice = (f"use NPC_BRAIN_STRUCTURED={best}" if best else
                      "no mode gives valid output on this server: try a bigger model")
            say(f"modes:     {table}  → {advice}")
        else:
            say(
                f"model:     {model.name}  (loaded in {time.perf_counter() - t0:.2f} s; "
                f"threads={settings.threads}, slots={settings.n_parallel}, n_ctx={settings.n_ctx})"
            )
        t0 = time.perf_counter()
        # Every model load_stack builds reports usage (UsageReportingModel).
        done = model.complete_with_usage(  # type: ignore[attr-defined]
            PLAIN, max_tokens=max_tokens, purpose="doctor"
        )
        text = " ".join(done.text.split())
        say(f"complete:  {text[:100]!r}  ({_usage(done.usage, time.perf_counter() - t0)})")
        t0 = time.perf_counter()
        parsed = model.parse_with_usage(  # type: ignore[attr-defined]
            STRUCTURED, DoctorCheck, max_tokens=max_tokens, temperature=0.0, purpose="doctor"
        )
        say(f"parse:     {parsed.value!r}  ({_usage(parsed.usage, time.perf_counter() - t0)})")
        t0 = time.perf_counter()
        llm.embedder.embed([PLAIN[0]["content"], STRUCTURED[0]["content"]])
        say(
            f"embedder:  {llm.embedder.name}  (dim {llm.embedder.dim}, "
            f"{1e3 * (time.perf_counter() - t0) / 2:.2f} ms a text)"
        )
    say("ok")


PROBES = 3
_MODES: tuple[StructuredMode, ...] = ("json_schema", "json_object", "prompt")


def probe_modes(model: OpenAIModel, *, max_tokens: int = 48) -> dict[str, int]:
    """How many of `PROBES` structured calls come back valid in each structured mode, measured
    on this server (a 135M model behind llama.cpp's server echoes the schema in json_object and
    prompt mode; a capable model may do all three). The model's own mode is restored."""
    own = model.structured_mode
    counts: dict[str, int] = {}
    try:
        for mode in _MODES:
            model.structured_mode = mode
            ok = 0
            for _ in range(PROBES):
                try:
                    model.parse(STRUCTURED, DoctorCheck, max_tokens=max_tokens, temperature=0.0,
                                purpose="doctor")
                    ok += 1
                except LLMOutputError:
                    pass  # invalid output in this mode: that is what is being measured
                except LLMRequestError:
                    break  # the server rejects the mode outright
            counts[mode] = ok
    finally:
        model.structured_mode = own
    return counts


def recommended_mode(counts: dict[str, int]) -> str | None:
    """The mode with the most valid replies (the first, json_schema, on a tie), None if none work."""
    best = max(_MODES, key=lambda m: (counts.get(m, 0), -_MODES.index(m)))
    return best if counts.get(best, 0) else None


def run(args: argparse.Namespace) -> int:
    """Entry point of the subcommand: 0 when healthy, 1 with one sentence on stderr."""
    try:
        diagnose(args.max_tokens)
    except LLMError as exc:
        print(f"doctor: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # noqa: BLE001 - a bug, but the doctor must still answer in one line
        print(f"doctor: unexpected {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2
    return 0
