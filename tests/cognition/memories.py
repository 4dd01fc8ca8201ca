"""Memory streams for cognition tests, with provenance as the agent sets it when a memory is made.

Own memories get their occasion and subject from a `TextReader` over a few demo-town places and
people (as `Agent.draft` does); heard ones are written as a conversation stores them (`Heard`).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from npc_brain.language import Gazetteer, TextReader
from npc_brain.language.occasions import announce
from npc_brain.llm.testing import HashEmbedder
from npc_brain.memory.record import MemoryKind
from npc_brain.memory.stream import MemoryStream
from npc_brain.types.occasion import Occasion

PLACES = (("Hobbs Cafe", "town:hobbs_cafe"), ("Johnson Park", "town:johnson_park"),
          ("Duck Pond", "town:johnson_park:duck_pond"), ("The Rose and Crown Pub", "town:pub"),
          ("Library", "town:college:library"), ("Oak Hill College", "town:college"))
PEOPLE = ("Isabella Rodriguez", "Klaus Mueller", "Sam Moore", "Maria Lopez", "Tom Moreno", "Jennifer Moore",
          "Ayesha Khan", "Mei Lin", "Ana", "Ben", "Cleo", "Alex")
READER = TextReader(Gazetteer.of(PLACES, PEOPLE))
T = datetime(2023, 2, 13, 10, 0)


@dataclass(frozen=True)
class Heard:
    """A fact `teller` told the stream's owner (`fact` in the third person; `occasion` as the
    teller's record carried it, else read from the fact)."""

    teller: str
    fact: str
    occasion: Occasion | None = None
    subject: str | None = None
    importance: int | None = None  # else the stream's
    verbatim: bool = False  # keep `fact` as the words with an `occasion` (else the occasion's announcement)


def stream(*items: str | Heard, owner: str = "Klaus Mueller", at: datetime = T, importance: int = 5,
           kind: MemoryKind = MemoryKind.OBSERVATION) -> MemoryStream:
    """A stream of `items`, oldest first, an hour apart before `at`."""
    emb = HashEmbedder()
    s = MemoryStream(emb.dim)
    for i, item in enumerate(items):
        when = at - timedelta(hours=len(items) - i)
        if isinstance(item, Heard):
            occ = item.occasion or READER.occasion(item.fact, when)
            fact = announce(occ) if item.occasion is not None and not item.verbatim else item.fact
            text = f"{item.teller} told {owner} that {fact}."
            s.add(MemoryKind.DIALOGUE, text, when, item.importance or importance, emb.embed([text])[0],
                  teller=item.teller, fact=fact,
                  subject=item.subject or READER.about(fact), occasion=occ)
        else:
            s.add(kind, item, when, importance, emb.embed([item])[0], subject=READER.about(item),
                  occasion=READER.occasion(item, when))
    return s


def records(*items: str | Heard, **kw: object) -> list:
    """The records of `stream(*items)`."""
    return list(stream(*items, **kw).records)  # type: ignore[arg-type]
