"""Chat-template control markers in untrusted text, and how they are broken.

llama.cpp parses special tokens inside message text: a player line holding `<|im_end|>` or
`<|im_start|>system` would end the user turn and open a forged one. Every text that reaches a
model passes `neutralise_markers`, which swaps the marker's brackets for look-alikes
(`<|im_start|>` → `‹|im_start|›`, `[INST]` → `‹INST›`): the reader still sees the characters,
the tokenizer sees ordinary text. The patterns are generic — any `<|…|>`, any `<tag>` or
`</tag>`, Llama-2's `<<SYS>>` and the Mistral `[INST]` family — so the special tokens of a
model we have not met are covered too (the real-model test enumerates SmolLM2's). Text without
markers is returned unchanged; a `<` that opens no tag (`a <3 b`, `x < y`) stays.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from npc_brain.llm.protocols import Message

_BRACKETED = ("INST|SYS|SYSTEM_PROMPT|AVAILABLE_TOOLS|TOOL_CALLS|TOOL_RESULTS|TOOL_CONTENT"
              "|IMG|IMG_BREAK|IMG_END|THINK")  # the Mistral family's bracketed control words
_MARKER = re.compile(
    r"<[|｜][^<>\n]{0,64}?[|｜]>"  # <|im_start|>, <|eot_id|>, DeepSeek's <｜end▁of▁sentence｜>
    r"|<</?SYS>>"  # Llama 2
    r"|</?[A-Za-z_][\w.:-]{0,48}>"  # <s>, </s>, <repo_name>, <start_of_turn>, <tool_call>
    rf"|\[/?(?:{_BRACKETED})\]",  # [INST], [/INST], [SYSTEM_PROMPT] …
    re.IGNORECASE,
)
_LOOK_ALIKE = str.maketrans({"<": "‹", ">": "›", "[": "‹", "]": "›"})


def neutralise_markers(text: str) -> str:
    """`text` with every control-marker look-alike broken (same length; unchanged if none)."""
    if "<" not in text and "[" not in text:  # the common case costs one scan
        return text
    return _MARKER.sub(lambda m: m.group().translate(_LOOK_ALIKE), text)


def has_marker(text: str) -> bool:
    """True if `text` holds something `neutralise_markers` would break."""
    return _MARKER.search(text) is not None


def neutralise_messages(messages: Sequence[Message]) -> list[Message]:
    """The messages with markers broken in every content (the backends' last line of defence)."""
    out: list[Message] = []
    for m in messages:
        content = neutralise_markers(m["content"])
        out.append(m if content == m["content"] else {**m, "content": content})
    return out
