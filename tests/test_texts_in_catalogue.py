"""Every Korean text a user reads lives in the catalogue of words (issue #25, item 1), not in
the code: a Korean string constant of the package's code (docstrings and comments left out:
they are for maintainers, and a doctest's expected output is checked by the doctest) is a
finding.

The only Korean the code may hold is the reading rules of :mod:`belote_lab.korean` (the
particles and how a digit or a letter is read: grammar, not a text) and the ordinal's format
spec of :mod:`belote_lab.words` (``{n:번째}``).  :data:`NOT_YET` lists the modules whose texts
are still being moved; it must end empty.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CODE = [
    *sorted((ROOT / "belote_lab").rglob("*.py")),
    *sorted((ROOT / "widgets" / "belote_widgets").rglob("*.py")),
]
HANGUL = re.compile("[\uac00-\ud7a3]")

GRAMMAR = {"belote_lab/korean.py", "belote_lab/words.py"}
"""Modules whose Korean is grammar, not texts: checked line by line in :data:`GRAMMAR_LINES`."""

GRAMMAR_LINES = re.compile(
    r"""^\s*(?:"[이을은과]|"으로"|ORDINAL\s*=|_DIGIT|_LETTER|if "가" <= last|final = \(ord"""
    r"""|if k == "으로":$|return "첫 번째" if n == 1 else f"\{n:,\}번째"$)"""
    r"""|^\s*"[이을은과으로가를는와]*":\s*\("""
)
"""The lines of :data:`GRAMMAR` that may hold Korean: the particle table and its use, the
ordinal spec and how an ordinal is read (``첫 번째``, ``2번째``)."""

NOT_YET: set[str] = set()
"""Modules whose texts are still being moved into the catalogue (must end empty)."""


def korean_constants(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every Korean string constant of ``path`` that is not a docstring."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    docstrings = {  # a module's, class's or function's, and an attribute's (the string under it)
        id(node.value) for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }
    lines = source.splitlines()
    rel = path.relative_to(ROOT).as_posix()
    out = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in docstrings and HANGUL.search(node.value)):
            if rel in GRAMMAR and GRAMMAR_LINES.search(lines[node.lineno - 1]):
                continue
            out.append((node.lineno, node.value))
    return sorted(out)


def test_no_korean_text_in_the_code() -> None:
    found = {}
    for path in CODE:
        rel = path.relative_to(ROOT).as_posix()
        if rel in NOT_YET:
            continue
        texts = korean_constants(path)
        if texts:
            found[rel] = texts[:5]
    assert not found, (
        "Korean texts in the code (move them to belote_lab/words/<language>/<namespace>.json"
        f" and read them with belote_lab.words.text): {found}"
    )


def test_the_modules_not_yet_moved_exist_and_still_hold_korean() -> None:
    """A module of :data:`NOT_YET` that holds no Korean text any more leaves the list."""
    for rel in sorted(NOT_YET):
        path = ROOT / rel
        assert path.exists(), f"{rel}: no such module (remove it from NOT_YET)"
        assert korean_constants(path), f"{rel} holds no Korean text now: remove it from NOT_YET"


def test_the_list_of_modules_not_yet_moved_is_empty() -> None:
    assert not NOT_YET, f"texts still to move into the catalogue: {sorted(NOT_YET)}"
