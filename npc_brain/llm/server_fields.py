"""`ServerFields`: what a request to an OpenAI-compatible server carries beyond the plain chat
call, and which of it the server turned down.

On llama.cpp's server (`ServerInfo.is_llama_cpp`) a request is the embedded engine's own: a
`choose` call carries a grammar whose only replies are its options, with 48 alternatives'
log-probabilities (OpenAI allows 20, which can miss every option); a structured call carries the
compact one-line JSON grammar (`npc_brain.llm.grammar`) instead of the `json_schema` response
format, under which llama.cpp lets the model pretty-print and the 135M model ran out of tokens
mid-object (2 of 10 action plans in a 25-NPC hour); every call carries its purpose's sampler
settings (`npc_brain.llm.sampling`). vLLM started with `--scheduling-policy priority` takes each
call's priority. A server that refuses one of these is asked again without it, and is not sent it
any more: the one its error names, else the first of those the request carried.
"""
from __future__ import annotations

import re
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from npc_brain.llm.calls import ChatRequest
from npc_brain.llm.errors import LLMRequestError
from npc_brain.llm.grammar import choice_grammar, grammar_for
from npc_brain.llm.sampling import DEFAULT_SAMPLING, Sampling, sampling_for
from npc_brain.llm.server_info import ServerInfo

__all__ = ["FEATURES", "LLAMA_TOP_LOGPROBS", "OPENAI_TOP_LOGPROBS", "ServerFields"]

FEATURES = ("priority", "grammar", "sampling", "logprobs")
"""The optional parts of a request, in the order they are left out when a refusal names none."""

OPENAI_TOP_LOGPROBS = 20  # OpenAI's maximum
LLAMA_TOP_LOGPROBS = 48  # as the embedded engine: the 135M model's first tokens are words, not digits

_NAMES = {
    "priority": re.compile(r"priority", re.IGNORECASE),
    "grammar": re.compile(r"grammar|gbnf|llguidance", re.IGNORECASE),
    "sampling": re.compile(r"min_p|top_k|top_p|dry_|sampl", re.IGNORECASE),
    "logprobs": re.compile(r"logprob", re.IGNORECASE),
}
# A refusal for the prompt itself: leaving a field out would not help, only lose it for good.
_NOT_A_FIELD = re.compile(r"context|too long|maximum.*length|exceed", re.IGNORECASE)

Grammar = Callable[[Mapping[str, Any]], str]


class ServerFields:
    """The optional fields of requests to one server (thread-safe).

    `priority`: send the call's server priority (vLLM's `priority` field). `grammar`: compiles a
    JSON schema into the grammar sent to llama.cpp (default `npc_brain.llm.grammar.grammar_for`,
    which needs xllamacpp; without it structured calls go as `json_schema`). `sampling`: sampler
    settings by purpose, sent to llama.cpp only.
    """

    def __init__(self, *, priority: bool = False, grammar: Grammar | None = None,
                 sampling: Mapping[str, Sampling] | None = None) -> None:
        self._off: set[str] = set() if priority else {"priority"}
        self._lock = threading.Lock()
        self._grammar = grammar or grammar_for
        self._sampling = DEFAULT_SAMPLING if sampling is None else sampling

    def sends(self, feature: str) -> bool:
        """True while `feature` (one of `FEATURES`) goes with the requests it belongs to."""
        return feature not in self._off

    def allow(self, feature: str, on: bool = True) -> None:
        """Send `feature` again (or stop sending it)."""
        with self._lock:
            (self._off.discard if on else self._off.add)(feature)

    def for_request(self, request: ChatRequest, info: ServerInfo,
                    level: int | None) -> tuple[dict[str, Any], tuple[str, ...]]:
        """The request's keyword arguments beyond model, messages, size and temperature (for
        `chat.completions.create`), and the optional features among them."""
        kwargs: dict[str, Any] = {}
        extra: dict[str, Any] = {}
        used: list[str] = []
        llama = info.is_llama_cpp
        fmt = request.response_format
        if request.options:
            if self.sends("logprobs"):
                kwargs["logprobs"] = True
                kwargs["top_logprobs"] = (max(LLAMA_TOP_LOGPROBS, 2 * len(request.options)) if llama
                                          else OPENAI_TOP_LOGPROBS)
                used.append("logprobs")
            if llama and self.sends("grammar"):
                # llama.cpp reports the first token's alternatives from before the grammar, so
                # every option keeps its weight while the reply can only be one of them.
                extra["grammar"] = choice_grammar(request.options)
                used.append("grammar")
        elif fmt is not None:
            grammar = self._schema_grammar(fmt) if llama and self.sends("grammar") else None
            if grammar is not None:
                extra["grammar"] = grammar
                used.append("grammar")
            else:
                kwargs["response_format"] = dict(fmt)
        if llama and self.sends("sampling"):
            fields = sampling_for(request.purpose, self._sampling).body()
            if fields:
                extra.update(fields)
                used.append("sampling")
        if level is not None and self.sends("priority"):
            extra["priority"] = level  # vLLM: lower is served sooner
            used.append("priority")
        if extra:
            kwargs["extra_body"] = extra
        return kwargs, tuple(used)

    def _schema_grammar(self, fmt: Mapping[str, Any]) -> str | None:
        spec = fmt.get("json_schema") if fmt.get("type") == "json_schema" else None
        schema = spec.get("schema") if isinstance(spec, Mapping) else None
        if not isinstance(schema, Mapping):
            return None
        try:
            return self._grammar(schema)
        except LLMRequestError:  # no converter here, or one that rejects the schema
            return None

    def turn_down(self, detail: str, used: Sequence[str]) -> str | None:
        """After the server refused a request that carried `used` (its error message `detail`):
        the feature to leave out from now on — the one the message names, else the first carried
        in `FEATURES` order. None when none was carried or the prompt itself was refused."""
        if not used or _NOT_A_FIELD.search(detail):
            return None
        named = [f for f in used if _NAMES[f].search(detail)]
        feature = named[0] if named else min(used, key=FEATURES.index)
        self.allow(feature, False)
        return feature
