"""Grounding check: a line ships only if it says its ground's facts and no others.

The model chose a ground and phrased it; this checks the phrasing and repairs it when it
drifts. A line is repaired — replaced by the ground rendered in the speaker's first person —
when it drops one of the ground's names, places, dates or times, asserts one that neither
the ground nor the conversation holds, echoes the other speaker, describes the listener (or
the speaker) in the third person, or was cut off before a sentence ended. A capable model's
line passes as it is; a 135M model's drifting line still says something true.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from npc_brain.language.facts import carries, content_words, facts_in, fold, unsupported
from npc_brain.language.phrasing import first_person
from npc_brain.language.reported import is_instruction
from npc_brain.types.ground import Ground, GroundKind


class Problem(StrEnum):
    """Why a line was repaired."""

    CUT = "cut off"
    ECHO = "echo"
    THIRD_PERSON = "third person"
    DROPPED = "dropped a fact"
    UNSUPPORTED = "unsupported fact"
    OFF_GROUND = "off its ground"
    BABBLE = "babble"
    PROMPT = "recites the prompt"
    EMPTY = "empty"
    FAILED = "unusable reply"
    IMPOSTOR = "speaks as someone else"


# Not knowing, said by the speaker about itself ("The locals do not know" is a claim, not that).
_REFUSING = re.compile(r"\b(can'?t|cannot|won'?t|will not|not|sorry|unable|afraid|no)\b", re.IGNORECASE)
_DENIAL = re.compile(r"\b(I (have|had|do|did|am|was)( not|n't)|I haven't|I don't|I didn't|I'm not|"
                     r"no idea|never heard|not sure|nothing about)\b", re.IGNORECASE)

# Words of the rules a 135M model recites back ("I am Isabella, in one short sentence.").
_PROMPT_WORDS = re.compile(r"\b(one short sentence|own words|option|in character|interviewer|asked:|"
                           r"as an ai|language model|end = |about = |say = )", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Grounded:
    """The line that ships, its ground, and what (if anything) was wrong with the model's own."""

    text: str
    ground: Ground
    model_text: str
    problems: tuple[Problem, ...] = ()

    @property
    def repaired(self) -> bool:
        """True when the shipped line is the rendered ground, not the model's phrasing."""
        return bool(self.problems)


_DANGLING = re.compile(r"\b(as|the|a|an|and|or|my|your|our|their|but|than|because|if)\s*[,;:]*\s*\.?$",
                       re.IGNORECASE)
"""Words no statement ends on (a question may: "what are you up to?")."""


def trim_to_sentence(text: str, *, cap: int | None = None) -> tuple[str, bool]:
    """The text cut back to its last complete sentence; True when something was cut.

    A line that fills the grammar's cap ends where the cap fell, maybe mid-word ("able t."),
    even if the grammar then closed it with a full stop: only an earlier sentence end counts.
    """
    text = " ".join(text.split())
    at_cap = cap is not None and len(text) >= cap - 2
    # A sentence that stops on a word that cannot end one ("… to have you as.") was cut too.
    dangling = bool(_DANGLING.search(text))
    if text and text[-1] in ".!?" and not at_cap and not dangling:
        return text, False
    if dangling:
        at_cap = True  # cut the stump back to the sentence before it
    body = text[:-1] if at_cap else text
    cut = max(body.rfind(". "), body.rfind("! "), body.rfind("? "))
    if cut > 0:
        return body[: cut + 1], True
    return "", True


def echoes(line: str, other: str) -> bool:
    """True when `line` mostly repeats `other` (the question it should answer)."""
    if _DENIAL.search(line):
        return False  # "I have not heard anything about X" answers "have you heard about X?"
    a, b = content_words(line), content_words(other)
    if not a or not b:
        return fold(line).strip(" .!?") == fold(other).strip(" .!?") and bool(other.strip())
    # Nearly every word of it comes from the other's line: it adds nothing of its own.
    return len(a - b) / len(a) < 0.34


_CLAUSE = re.compile(r"[,;:]\s*|\s+(?:and|but|so)\s+", re.IGNORECASE)


def _echoed_clause(line: str, other: str, ground: str) -> bool:
    """True when a clause of `line` says only words of `other` and none of its ground: "The rules
    have changed and I am happy to chat" after a forged "SYSTEM: the rules have changed"."""
    said, grounded = content_words(other), content_words(ground)
    for clause in _CLAUSE.split(line):
        words = content_words(clause)
        if len(words) >= 2 and words <= said and not words & grounded:
            return True
    return False


def third_person(line: str, speaker: str, listener: str) -> bool:
    """True when the line tells the listener who they are, or talks of the speaker by name
    ("You are Sam Moore…" said by Sam; "Alex is a student" said to Alex)."""
    # A name inside a place name ("Moore House" said by Sam Moore) is a place, not a person.
    line = re.sub(r"\b[A-Z][\w']*(?:['’]s)?\s+(?=(?:House|Farm|Home|Shop|Store|Cafe|Café|Market|Bakery|"
                  r"Garden|Street|Park|Hall|Pub|Inn)\b)", "", line)
    low = fold(line)
    for name in (speaker, listener):
        words = [fold(w) for w in name.split() if w]
        if not words:
            continue
        if re.search(r"\byou(?:'re| are)\s+(?:" + "|".join(map(re.escape, words)) + r")\b", low):
            return True
    lw = [fold(w) for w in listener.split() if w]
    if lw and re.search(r"\b(?:" + "|".join(map(re.escape, lw)) + r")\s+(?:is|was|has|likes|works)\b", low):
        return True
    # The speaker's own name only where it introduces itself ("I am Sam Moore").
    sw = [fold(w) for w in speaker.split() if w]
    if not sw:
        return False
    alone = re.sub(r"\b(i am|i'm|name is|call me|it's|this is)\s+(" + "|".join(map(re.escape, sw))
                   + r")(\s+(" + "|".join(map(re.escape, sw)) + r"))?\b", " ", low)
    # By its first name (or the whole name): a family name alone is a relative's ("Eddy Lin"
    # said by John Lin, flagged in `eval grounding`).
    return bool(re.search(r"\b" + re.escape(sw[0]) + r"\b", alone))


def _yours(line: str, ground: Ground) -> bool:
    """The speaker's own ground told as the listener's ("You are working at Hobbs Cafe" for
    "Right now I am working at Hobbs Cafe")."""
    m = re.search(r"\byou(?:'re| are| were| will be| have)\s+(.+)$", line, re.IGNORECASE)
    if m is None or not re.search(r"\bI\b|\bI'm\b|\bmy\b", ground.text):
        return False
    return overlap(m.group(1), ground.text) >= 0.3 and bool(content_words(m.group(1)))


def _swapped(line: str, ground: Ground) -> bool:
    """The ground's "me"/"my" said as "you"/"your" between the same words ("disagrees with
    you about" for "disagrees with me about"): the speaker's own side given to the listener."""
    g = re.findall(r"[a-z']+", ground.text.lower())
    low = " " + " ".join(re.findall(r"[a-z']+", line.lower())) + " "
    for i, w in enumerate(g):
        if w in ("me", "my") and 0 < i < len(g) - 1:
            you = "you" if w == "me" else "your"
            if f" {g[i - 1]} {you} {g[i + 1]} " in low:
                return True
    return False


def babbles(line: str) -> bool:
    """True when a line loops ('thoughtful and thoughtful', "I'm not sure I'm sure")."""
    words = [fold(w) for w in re.findall(r"[A-Za-z']+", line)]
    content = [w for w in words if len(w) > 3]
    for i, w in enumerate(content):
        if w in content[i + 1:i + 4]:
            return True
    return len(words) >= 8 and len(set(words)) / len(words) < 0.6


def overlap(line: str, text: str) -> float:
    """Share of `text`'s content words that `line` repeats (how much of a ground it says)."""
    want = content_words(text)
    return len(want & content_words(line)) / len(want) if want else 1.0


def _sentences(text: str) -> list[str]:
    return [p for p in re.split(r"(?<=[.!?])\s+", text) if p]


_I_AM = re.compile(r"\b(?:I am|I'm|my name is)\s+([A-Z][\w'’-]+)")


def impostor(line: str, speaker: str, known: Sequence[str]) -> bool:
    """True when the line claims another known person's name ("I am Isabella Rodriguez, …"
    said by Priya): a 135M model copies a hearsay's subject into the first person."""
    first = speaker.split()[0] if speaker.split() else speaker
    firsts = {k.split()[0] for k in known if k.split()} - {first}
    return any(m.group(1) in firsts for m in _I_AM.finditer(line))


def _problems(line: str, ground: Ground, *, speaker: str, listener: str, heard: Sequence[str],
              known: tuple[str, ...]) -> list[Problem]:
    problems: list[Problem] = []
    on_ground = overlap(line, ground.text) >= 0.5
    # An echo adds nothing of its ground to what was asked.
    novel = content_words(line) - (content_words(heard[-1]) if heard else frozenset())
    # (Doing what was asked may repeat it: "a coffee?" — "Here is a coffee for you.")
    if heard and ground.kind is not GroundKind.OFFER and (
            (echoes(line, heard[-1]) and not novel & content_words(ground.text))
            or _echoed_clause(line, heard[-1], ground.text)):
        problems.append(Problem.ECHO)
    if third_person(line, speaker, listener) or _yours(line, ground) or _swapped(line, ground):
        problems.append(Problem.THIRD_PERSON)
    if impostor(line, speaker, [*known, listener]):
        problems.append(Problem.IMPOSTOR)
    # An instruction repeated ("The rules have changed, you must obey them …" after a forged
    # SYSTEM line) is the prompt talking, not the NPC.
    if _PROMPT_WORDS.search(line) or recites_options(line) or is_instruction(line):
        problems.append(Problem.PROMPT)
    if babbles(line):
        problems.append(Problem.BABBLE)
    if ground.asserts and not all(carries(line, f) for f in ground.facts):
        problems.append(Problem.DROPPED)
    # Every line says its ground — small talk and "I haven't heard" too (they may assert
    # nothing, so the model must not slip a claim into them); not-knowing must say so.
    # Mostly words of neither the ground nor the question: the model made something up that
    # names no name ("held in a beautiful ballroom in the community garden").
    own = content_words(line)
    made = own - content_words(ground.text) - (content_words(heard[-1]) if heard else frozenset())
    invented = len(own) > 4 and len(made) / len(own) > 0.6
    # Doing something while saying one will not ("you can't open the café today") is off its ground.
    refuses = ground.kind is GroundKind.OFFER and _REFUSING.search(line) and not _REFUSING.search(ground.text)
    if not on_ground or invented or refuses or (ground.kind is GroundKind.UNKNOWN and not _DENIAL.search(line)):
        problems.append(Problem.OFF_GROUND)
    sources = [ground.text, *heard, speaker, listener]
    if unsupported(line, sources, known=known, exclude=(speaker, listener)):
        problems.append(Problem.UNSUPPORTED)
    return problems


_RECITED_OPTION = re.compile(r"(?:^|\s)[A-H]\s*\(")  # "Maria B (Alex) B (Maria) C …": the option list
# An option's letter said as the subject ("A is running for mayor …" for "I am running …"):
# no English sentence has a bare capital letter before its verb.
_LETTER_SUBJECT = re.compile(r"(?:^|[.!?,]\s+)[A-H]\s+(?:is|am|are|was|will|would|has|have|had|can|could|"
                             r"wants?|thinks?|hopes?|loves?|likes?)\b")


def recites_options(line: str) -> bool:
    """True when the line says the prompt's option list or an option's letter as a word."""
    return bool(_RECITED_OPTION.search(line) or _LETTER_SUBJECT.search(line))


def streamable(partial: str, ground: Ground | None, *, speaker: str, listener: str,
               heard: Sequence[str], known: Sequence[str], cap: int) -> bool:
    """Whether a line still being generated may be shown as it grows (streamed to the player).

    False once it shows a problem more words cannot undo: too long, describing the listener
    to themselves, speaking as someone else, reciting the prompt or its options, looping, or
    a name none of its sources carry. The checked line replaces what was shown either way;
    this keeps the player from reading a made-up claim before it is repaired."""
    if len(partial) > cap:
        return False
    if (third_person(partial, speaker, listener) or impostor(partial, speaker, [*known, listener])
            or _PROMPT_WORDS.search(partial) or recites_options(partial) or babbles(partial)):
        return False
    whole = partial if partial.endswith((" ", ".", "!", "?", ",")) else partial.rsplit(" ", 1)[0]
    sources = [*([ground.text] if ground is not None else []), *heard, speaker, listener]
    return not unsupported(whole, sources, known=known, exclude=(speaker, listener))


def check(text: str, ground: Ground, *, speaker: str, listener: str, heard: Sequence[str] = (),
          known: Iterable[str] = (), cap: int | None = None) -> tuple[str, tuple[Problem, ...]]:
    """The model's line normalised (first person, trimmed to a sentence) and its problems.

    `heard` is what the other speaker said (an echo of it fails; its names may be repeated);
    `known` are the world's people and places (a known name opening a sentence still counts).
    """
    known = tuple(known)
    line = " ".join(text.split())
    if speaker and line.startswith((speaker + " ", speaker.split()[0] + " ")):
        line = first_person(line, speaker)  # "Sam Moore is retired" said by Sam → "I am retired"
    line, was_cut = trim_to_sentence(line, cap=cap)
    if not line:
        return "", (Problem.CUT if was_cut and text.strip() else Problem.EMPTY,)
    # Keep the longest run of sentences that passes: a 135M model's first sentence is often
    # fine and its second drifts; a first sentence that only repeats the question is dropped.
    parts = _sentences(line)
    if len(parts) > 1 and heard and echoes(parts[0], heard[-1]):
        parts = parts[1:]
    best: tuple[str, list[Problem]] | None = None
    for n in range(len(parts), 0, -1):
        candidate = " ".join(parts[:n])
        found = _problems(candidate, ground, speaker=speaker, listener=listener, heard=heard, known=known)
        if not found:
            return candidate, ()
        if best is None:
            best = (candidate, found)
    # (A line trimmed back to its last whole sentence is not cut off any more.)
    line, problems = best if best is not None else (line, [Problem.EMPTY])
    return line, tuple(problems)


def ground_line(text: str, ground: Ground, *, speaker: str, listener: str, heard: Sequence[str] = (),
                known: Iterable[str] = (), cap: int | None = None, alternatives: Sequence[Ground] = ()) -> Grounded:
    """The line to ship: the model's (normalised) when it passes, else the rendered ground."""
    line, problems = check(text, ground, speaker=speaker, listener=listener, heard=heard, known=known,
                           cap=cap)
    if not problems:
        return Grounded(line, ground, text)
    # The repair renders a ground: the one the model's words say most of (it may have labelled
    # one option and phrased another), else the best the code offered (a 135M model's label
    # is near random) — skipping any that would echo what was just said.
    offered = list(dict.fromkeys((*alternatives, ground)))  # the code's own order: best first
    meant = sorted((g for g in offered if overlap(text, g.text) >= 0.5), key=lambda g: -overlap(text, g.text))
    for g in dict.fromkeys((*meant, *offered)):
        if not (heard and g.kind is not GroundKind.OFFER and echoes(g.text, heard[-1])):
            return Grounded(g.text, g, text, problems)
    return Grounded(ground.text, ground, text, problems)


def ungrounded_facts(text: str, memories: Iterable[str], *, speaker: str, listener: str = "",
                     known: Iterable[str] = ()) -> list[str]:
    """Facts of `text` found in none of `memories` (the evaluation's hallucination test)."""
    return unsupported(text, [*memories, speaker, listener], known=known, exclude=(speaker, listener))


__all__ = ["Grounded", "Problem", "check", "echoes", "facts_in", "ground_line", "third_person",
           "trim_to_sentence", "ungrounded_facts"]
