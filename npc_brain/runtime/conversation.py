"""Conversation: a live exchange between two speakers, as the game reads it.

The Society owns and updates it on the game thread; the game only reads `lines`,
`pending` (the NPC is thinking of a reply: show "…") and `ended`.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True, slots=True)
class Line:
    """One utterance."""

    speaker: str
    text: str
    time: datetime
    ground: str = ""  # what the line was made from (the inspector shows it); "" for the player
    repaired: tuple[str, ...] = ()  # why the model's phrasing was replaced by the ground, if it was
    kind: str = ""  # the ground's kind ("memory", "plan", "action", … `grounds.GroundKind`)
    record: int | None = None  # the speaker's memory the ground came from, if it was one
    to: str = ""  # whom it was said to


class Conversation:
    """Two speakers taking turns. `participants[0]` started it.

    `player` is the name of a non-agent speaker (the player) or None for NPC↔NPC.
    """

    def __init__(self, conversation_id: int, a: str, b: str, started: datetime, *,
                 player: str | None = None, turn_cap: int = 6) -> None:
        self.id = conversation_id
        self.participants = (a, b)
        self.started = started
        self.player = player
        self.turn_cap = turn_cap
        self._lines: list[Line] = []
        self._pending: str | None = None
        self._ended: datetime | None = None
        self.summary = ""
        # The line being generated, as far as it goes: written by the worker thread that
        # streams it, read by the game each frame (a str swap is atomic; no other state shared).
        self._draft = ""

    @property
    def draft(self) -> str:
        """The awaited line as generated so far ("" when none is streaming). It is the model's
        raw phrasing: the line that lands in `lines` is the checked one and may differ."""
        return self._draft if self._pending else ""

    def set_draft(self, text: str) -> None:
        """The awaited line as generated so far (the society's side; written on a worker thread)."""
        self._draft = text

    @property
    def lines(self) -> tuple[Line, ...]:
        """Everything said so far, in order."""
        return tuple(self._lines)

    @property
    def pending(self) -> bool:
        """True while a speaker's next line is being thought of."""
        return self._pending is not None and self._ended is None

    @property
    def waiting_for(self) -> str | None:
        """Who is thinking of a reply (None when nobody is)."""
        return self._pending if self._ended is None else None

    @property
    def ended(self) -> bool:
        """True once either side ended it (or the turn cap was hit)."""
        return self._ended is not None

    @property
    def ended_at(self) -> datetime | None:
        """Game time it ended."""
        return self._ended

    def other(self, name: str) -> str:
        """The other participant."""
        a, b = self.participants
        if name == a:
            return b
        if name == b:
            return a
        raise KeyError(f"{name} is not in conversation {self.id}")

    def npc_lines(self) -> int:
        """How many lines NPCs (not the player) have said."""
        return sum(1 for line in self._lines if line.speaker != self.player)

    def pairs(self) -> list[tuple[str, str]]:
        """(speaker, text) pairs, the shape prompts take."""
        return [(line.speaker, line.text) for line in self._lines]

    # -- the society's side (`Conversations` drives the turns)
    def add_line(self, speaker: str, text: str, when: datetime, *, ground: str = "",
                 repaired: tuple[str, ...] = (), kind: str = "", record: int | None = None) -> Line:
        """Record a line said (and clear the draft)."""
        line = Line(speaker, text, when, ground, repaired, kind, record, self.other(speaker))
        self._draft = ""
        self._lines.append(line)
        return line

    def await_line(self, speaker: str | None) -> None:
        """`speaker` is thinking of the next line (None: nobody is)."""
        self._pending = speaker

    def close(self, when: datetime) -> None:
        """End the conversation at `when` (idempotent)."""
        if self._ended is None:
            self._ended = when
            self._pending = None

    def transcript(self, limit: int = 400) -> str:
        """'A: …; B: …' capped at `limit` characters (what each side stores as memory)."""
        text = " ".join(f"{line.speaker}: {line.text}" for line in self._lines)
        return text if len(text) <= limit else text[: limit - 1] + "…"

    def __repr__(self) -> str:
        state = "ended" if self.ended else ("pending" if self.pending else "open")
        pair = f"{self.participants[0]}↔{self.participants[1]}"
        return f"<Conversation {self.id} {pair} {len(self._lines)} lines {state}>"
