"""Typed failures of the LLM layer; callers catch `LLMError`."""
from __future__ import annotations


class LLMError(Exception):
    """Base class of every failure the LLM layer raises."""


class LLMUnavailable(LLMError):
    """The backend could not answer: dead server, timeout, HTTP 5xx, missing model file."""


class LLMOutputError(LLMError):
    """The model answered, but not in the requested shape, even after one repair retry."""

    def __init__(self, message: str, *, raw: str = "", schema: str = "") -> None:
        super().__init__(message)
        self.raw = raw
        self.schema = schema


class ModelNotFound(LLMUnavailable):
    """No GGUF file could be located for the embedded backend."""
