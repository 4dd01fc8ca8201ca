"""The core knows no scenario (issue 25, rule 4 of the architecture).

1. The evaluation's word lists (`npc_brain.eval.story_words`: occasions, happenings) are not
   importable from the core: no module under `npc_brain/` outside `eval/` and `bench/` imports
   anything of `npc_brain.eval` (an AST scan of every import).
2. No mechanism module — `npc_brain/` outside `eval/`, `bench/`, `language/` (the language kit's
   data) and the shipped fakes (`testing.py`, `llm/testing.py`) — names an occasion of
   the evaluation's list, one of its occasion nouns, or a word of the Valentine scenario (party,
   mayor, election, candidacy, Valentine, campaign, "running for", the café and its owner) as a
   word in code: string literals (regexes included) and identifiers count; docstrings, other
   bare string statements and comments do not (`ast` has no comments; bare strings are skipped).
"""
from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from npc_brain.eval import story_gen, story_words

PACKAGE = Path(__file__).resolve().parents[2] / "npc_brain"
OUTSIDE_CORE = ("eval", "bench")
NOT_MECHANISMS = ("eval", "bench", "language")
FAKES = ("testing.py", "llm/testing.py")

VALENTINE_WORDS = ("valentine", "valentines", "valentine's", "party", "parties", "mayor", "mayoral", "election",
                   "elections", "candidacy", "campaign", "campaigns", "running for", "hobbs", "isabella")
"""The Valentine scenario's own words (its seeds, its questions, its host and café)."""


def _vocabulary() -> tuple[str, ...]:
    names = [story_gen.strip_article(o).lower() for o in story_words.OCCASIONS]
    return tuple(dict.fromkeys([*names, *story_words.OCCASION_NOUNS, *VALENTINE_WORDS]))


VOCABULARY = _vocabulary()
_WORD = re.compile(r"(?<![A-Za-z])(" + "|".join(re.escape(w).replace(r"\ ", r"[\s_]+")
                                                  for w in sorted(VOCABULARY, key=len, reverse=True))
                   + r")(?![A-Za-z])", re.IGNORECASE)


def _modules(skip: tuple[str, ...], files: tuple[str, ...] = ()) -> list[Path]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.split("/")[0] in skip or rel in files:
            continue
        out.append(path)
    return out


def _documentation(tree: ast.AST) -> set[int]:
    """ids of string constants that are whole statements (docstrings, attribute docs)."""
    return {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)}


def _identifier_words(name: str) -> str:
    """'party_place' → 'party place'; 'partyPlace' → 'party Place'."""
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).replace("_", " ")


def scenario_words(source: str) -> Iterator[tuple[int, str]]:
    """(line, word) for every vocabulary word a module's code names (see the module doc)."""
    tree = ast.parse(source)
    docs = _documentation(tree)
    for node in ast.walk(tree):
        texts: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            texts.append(node.value)
        elif isinstance(node, ast.Name):
            texts.append(_identifier_words(node.id))
        elif isinstance(node, ast.Attribute):
            texts.append(_identifier_words(node.attr))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            texts.append(_identifier_words(node.name))
        elif isinstance(node, ast.arg):
            texts.append(_identifier_words(node.arg))
        for text in texts:
            for m in _WORD.finditer(text):
                yield getattr(node, "lineno", 0), m.group(1)


def _imports(tree: ast.AST) -> Iterator[str]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module
            yield from (f"{node.module}.{a.name}" for a in node.names)


def test_the_scanner_reads_code_and_skips_documentation() -> None:
    source = '''
"""A party module docstring: documentation, not code."""
import re
# a comment about the mayor
X = 1
"""An attribute doc naming the election."""

def f(y):
    """The quiz night, in a docstring."""
    return re.compile(r"\\b(party|concert)\\b").search(y) or "a lantern walk" or y.mayoral_race
'''
    found = sorted(w.lower() for _, w in scenario_words(source))
    assert found == ["concert", "lantern walk", "mayoral", "party"]
    assert [w for _, w in scenario_words("def host_party_place(): pass")] == ["party"]
    assert list(scenario_words('"""only docs: party, mayor, quiz night"""\nY = "a walk in the park"')) == []


def test_the_vocabulary_holds_the_eval_occasions_and_the_valentine_words() -> None:
    assert len(story_words.OCCASIONS) >= 40
    for word in ("party", "mayor", "election", "candidacy", "valentine", "lantern walk", "barn raising",
                 "quiz night", "jumble sale", "poetry slam", "concert", "tournament"):
        assert word in VOCABULARY


def test_the_eval_word_lists_are_not_importable_from_the_core() -> None:
    offenders = []
    for path in _modules(OUTSIDE_CORE):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for name in _imports(tree):
            if name == "npc_brain.eval" or name.startswith("npc_brain.eval."):
                offenders.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert offenders == []
    # The scan sees imports at all (a scan that finds nothing anywhere would pass vacuously).
    eval_imports = [n for p in (PACKAGE / "eval").glob("*.py") for n in _imports(ast.parse(p.read_text()))]
    assert "npc_brain.eval.story_words" in eval_imports or "npc_brain.eval" in eval_imports


def test_no_mechanism_module_names_an_occasion_or_the_valentine_words() -> None:
    found = []
    for path in _modules(NOT_MECHANISMS, FAKES):
        for line, word in scenario_words(path.read_text(encoding="utf-8")):
            found.append(f"{path.relative_to(PACKAGE)}:{line}: {word}")
    assert found == [], "\n".join(found)
