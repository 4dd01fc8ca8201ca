"""Typed failures of the LLM layer; callers catch `LLMError`."""
from __future__ import annotations


class LLMError(Exception):
    """Base class of every failure the LLM layer raises."""


class LLMUnavailable(LLMError):
    """The backend could not answer: dead server, timeout, HTTP 5xx, missing model file."""


class LLMUnreachable(LLMUnavailable):
    """The server could not be reached at all (connection refused or reset, or a gateway's
    502/503/504): it is down, not slow or wrong. The call gate holds the town's calls until a
    cheap probe finds it back (`CallGate`)."""


class LLMTimeout(LLMUnavailable):
    """The server took longer than the call's limit (`LLMSettings.timeout_s`) to answer."""


class LLMBusy(LLMUnavailable):
    """The server said it was too busy to take the request (HTTP 429) and stayed so for as long
    as the call may wait; `retry_after` is the wait it asked for, in seconds, when it said."""

    def __init__(self, message: str, *, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class LLMOutputError(LLMError):
    """The model answered, but not in the requested shape, even after one repair retry."""

    def __init__(
        self, message: str, *, raw: str = "", schema: str = "", usage: object | None = None
    ) -> None:
        super().__init__(message)
        self.raw = raw
        self.schema = schema
        # The tokens the failed attempts cost (an `npc_brain.llm.calls.Usage`), for accounting.
        self.usage = usage


class LLMRequestError(LLMError):
    """The backend refused this request itself: prompt longer than the context, a schema the
    server cannot compile, a bad parameter. Retrying the same request will not help."""


class ModelNotFound(LLMUnavailable):
    """No GGUF file could be located for the embedded backend."""


class LLMConfigError(LLMError, ValueError):
    """The settings are invalid, e.g. NPC_BRAIN_THREADS=abc or an unknown backend name."""


def error_class(name: str) -> type[LLMError]:
    """The error class of this module called `name` (a recording names its failures so); an
    unknown name is a plain `LLMError`."""
    found = {cls.__name__: cls for cls in (LLMError, LLMUnavailable, LLMUnreachable, LLMTimeout, LLMBusy,
                                           LLMOutputError, LLMRequestError, LLMConfigError, ModelNotFound)}
    return found.get(name, LLMError)
