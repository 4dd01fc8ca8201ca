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
from typing import Literal, TextIO

from pydantic import BaseModel, ConfigDict, Field

from npc_brain.llm.calls import Usage
from npc_brain.llm.errors import LLMError
from npc_brain.llm.protocols import Message


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
