"""Gazetteer: the names a text may mention — the map's places and the town's people.

Readers find who and where by these names, never by a list of nouns: "by the Duck Pond",
"inside the library", "at the pub" (the one building whose name ends in "Pub") are places
because the map has them; "Mei Lin is …" is about Mei Lin because she lives here. Built on the
game thread from the world and the agents; immutable, so jobs may share it.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from npc_brain.language.folding import fold

__all__ = ["Gazetteer", "PlaceMention"]


@dataclass(frozen=True, slots=True)
class PlaceMention:
    """A place a text names: the map's name, its address and where in the text it was said."""

    name: str
    address: str
    span: tuple[int, int]
    phrase: str = ""
    """How a line says it: a room with its building ("the Duck Pond in Johnson Park")."""


@dataclass(frozen=True)
class Gazetteer:
    """Place names (buildings, rooms, outdoor areas) with their addresses, and people's names.

    `homes` maps a person to the addresses they belong to (home, workplace): a room name many
    buildings share ("the kitchen") is read as theirs when the text is about them.
    """

    places: tuple[tuple[str, str], ...] = ()
    people: tuple[str, ...] = ()
    homes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @classmethod
    def of(cls, places: Iterable[tuple[str, str]], people: Iterable[str] = (),
           homes: Mapping[str, Iterable[str]] | None = None) -> Gazetteer:
        """A gazetteer of (name, address) pairs and person names (duplicates dropped)."""
        return cls(tuple(dict.fromkeys((n, a) for n, a in places if n.strip() and a)),
                   tuple(dict.fromkeys(p for p in people if p.strip())),
                   {k: tuple(v) for k, v in (homes or {}).items()})

    def with_people(self, people: Iterable[str], homes: Mapping[str, Iterable[str]] | None = None) -> Gazetteer:
        """The same places with these people."""
        return Gazetteer.of(self.places, people, homes if homes is not None else self.homes)

    # ------------------------------------------------------------------ places
    def place_in(self, text: str, *, about: str | None = None) -> PlaceMention | None:
        """The first place the text names (the longest name where two start together). A name
        several places share is read as the one in a building the text also names, else the one
        that belongs to `about` (their home or workplace), else the first on the map."""
        pattern, by_name = _place_index(self.places)
        if pattern is None:
            return None
        hits = list(pattern.finditer(text))
        if not hits:
            return self._short_name_in(text)
        hit = hits[0]
        addresses = by_name[fold(hit.group(1))]
        address = addresses[0]
        if len(addresses) > 1:
            named = {a for h in hits[1:] for a in by_name[fold(h.group(1))]}
            mine = {_building(m) for m in self.homes.get(about or "", ())}
            address = next((a for a in addresses if any(a.startswith(n + ":") for n in named)),
                           next((a for a in addresses if _building(a) in mine), address))
        name = next(n for n, a in self.places if a == address)
        return PlaceMention(name, address, hit.span(1), self.phrase(address))

    def _short_name_in(self, text: str) -> PlaceMention | None:
        """A place said by the first word of its name after a word of place ("a coffee at hobbs"
        for Hobbs Cafe), when that word is in no other place's name and in nobody's name."""
        pattern, by_word = _short_names(self.places, self.people)
        hit = pattern.search(text) if pattern is not None else None
        if hit is None:
            return None
        address = by_word[fold(hit.group(1))]
        name = next(n for n, a in self.places if a == address)
        return PlaceMention(name, address, hit.span(1), self.phrase(address))

    def lookup(self, name_or_address: str) -> PlaceMention | None:
        """The place a game names exactly, by its map name or its address (None: not on the map)."""
        key = fold(name_or_address.strip())
        for name, address in self.places:
            if address == name_or_address or fold(name) == key:
                return PlaceMention(name, address, (0, 0), self.phrase(address))
        return None

    def phrase(self, address: str) -> str:
        """How a line names the place at `address`: a building by its name, a room with "the" and
        its building ("the Library in Oak Hill College")."""
        names = {a: n for n, a in self.places}
        name = names.get(address, address.rsplit(":", 1)[-1].replace("_", " ").title())
        building = _building(address)
        if building == address or building not in names:
            return name
        lead = "" if fold(name).startswith("the ") else "the "
        return f"{lead}{name} in {names[building]}"

    # ------------------------------------------------------------------ people
    def person_at_start(self, text: str) -> str | None:
        """The person a sentence opens with ("Mei Lin is running …", "Mei's …"), by full or first name."""
        low = fold(text.lstrip())
        best = None
        for person in self.people:
            for form in (person, person.split()[0]):
                f = fold(form)
                if low.startswith(f) and (len(low) == len(f) or not low[len(f)].isalnum()):
                    if best is None or len(form) > len(best[1]):
                        best = (person, form)
        return best[0] if best else None

    def people_in(self, text: str) -> tuple[str, ...]:
        """Everyone the text names by full name, or by a first name no one else shares."""
        low = fold(text)
        firsts: dict[str, list[str]] = {}
        for p in self.people:
            firsts.setdefault(fold(p.split()[0]), []).append(p)
        out = []
        for p in self.people:
            if re.search(rf"\b{re.escape(fold(p))}\b", low):
                out.append(p)
                continue
            first = fold(p.split()[0])
            if len(firsts[first]) == 1 and re.search(rf"\b{re.escape(first)}\b", low):
                out.append(p)
        return tuple(out)


def _building(address: str) -> str:
    """The building part of an address ('town:lin_house:kitchen' → 'town:lin_house')."""
    return ":".join(address.split(":")[:2])


_LOCATIVE = ("at", "to", "in", "into", "near", "by", "from", "outside", "inside", "round", "around")
"""Words before a place that a short name may follow ("at hobbs", "round johnson's")."""


@functools.lru_cache(maxsize=16)
def _short_names(places: tuple[tuple[str, str], ...],
                 people: tuple[str, ...]) -> tuple[re.Pattern[str] | None, dict[str, str]]:
    """First words that stand for one place's name (see `Gazetteer._short_name_in`)."""
    seen: dict[str, set[str]] = {}
    for name, address in places:
        for word in fold(name).split():
            seen.setdefault(word, set()).add(address)
    personal = {w for p in people for w in fold(p).split()}
    by_word: dict[str, str] = {}
    for name, address in places:
        words = fold(name).split()
        words = words[1:] if words[:1] == ["the"] else words
        if len(words) >= 2 and words[0].isalpha() and len(words[0]) > 3 and len(seen[words[0]]) == 1 \
                and words[0] not in personal:
            by_word[words[0]] = address
    if not by_word:
        return None, by_word
    after = "|".join(rf"(?<=\b{w} )" for w in _LOCATIVE)
    words_alt = "|".join(re.escape(w) for w in sorted(by_word, key=len, reverse=True))
    return re.compile(rf"(?:{after})({words_alt})(?:['’]s)?(?![\w'’])", re.IGNORECASE), by_word


@functools.lru_cache(maxsize=16)
def _place_index(places: tuple[tuple[str, str], ...]) -> tuple[re.Pattern[str] | None, dict[str, list[str]]]:
    """A pattern of every place name (and a building's last word, when only it ends so) and
    the addresses each folded name stands for."""
    by_name: dict[str, list[str]] = {}
    for name, address in places:
        by_name.setdefault(fold(name), []).append(address)
        if fold(name).startswith("the "):
            by_name.setdefault(fold(name)[4:], []).append(address)
    # "the pub" for The Rose and Crown Pub: a last word that ends one name only.
    lasts: dict[str, list[str]] = {}
    for name, address in places:
        words = fold(name).split()
        if len(words) > 1 and words[-1].isalpha() and len(words[-1]) > 2:
            lasts.setdefault(words[-1], []).append(address)
    for word, addresses in lasts.items():
        if len(addresses) == 1 and word not in by_name:
            by_name[f"the {word}"] = addresses
    # "the Rose and Crown" for The Rose and Crown Pub: the name without its last word, said with
    # "the", when two words are left and no other place's name begins so ("Oak Hill" begins two).
    heads: dict[str, set[str]] = {}
    for name, address in places:
        words = fold(name).split()
        words = words[1:] if words[:1] == ["the"] else words
        head = words[:-1]
        while head and not head[-1].isalnum():  # "willow market &"
            head = head[:-1]
        if len(head) >= 2 and words[-1].isalpha():
            heads.setdefault(" ".join(head), set()).add(address)
    for start, found in heads.items():
        if len(found) == 1 and start not in by_name and f"the {start}" not in by_name:
            by_name[f"the {start}"] = sorted(found)
    # "the market" for Willow Market & Pharmacy: a word inside one name only (not its first word, a
    # name of its own, nor its last, its kind: read above), said with "the".
    inner: dict[str, set[str]] = {}
    for name, address in places:
        words = fold(name).split()
        words = words[1:] if words[:1] == ["the"] else words
        for word in words:
            inner.setdefault(word, set()).add(address)
    for name, address in places:
        words = fold(name).split()
        words = words[1:] if words[:1] == ["the"] else words
        for word in words[1:-1]:
            if word.isalpha() and len(word) > 3 and len(inner[word]) == 1 and f"the {word}" not in by_name:
                by_name[f"the {word}"] = [address]
    if not by_name:
        return None, by_name
    alternation = "|".join(re.escape(n) for n in sorted(by_name, key=len, reverse=True))
    return re.compile(rf"(?<![\w'’])({alternation})(?![\w'’])", re.IGNORECASE), by_name
