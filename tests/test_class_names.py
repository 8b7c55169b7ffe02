"""No two classes of the same name (issue 30, item 1: "names that explain themselves").

Every class defined in ``belote_lab`` and ``widgets/belote_widgets`` — at a module's top, under
an ``if``, or nested in a function or another class — is read from the source with :mod:`ast`
(as tests/test_layers.py reads the imports); a name defined twice fails, naming both places.
A deliberate exception would be listed in :data:`ALLOWED` with its reason; there is none.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = (ROOT / "belote_lab", ROOT / "widgets" / "belote_widgets")

ALLOWED: dict[str, str] = {}
"""Class name → why two classes may share it (none: each class has a name of its own)."""


def classes_in(source: str, where: str) -> list[tuple[str, str]]:
    """``(name, "where:line")`` of every class the source defines."""
    return [(node.name, f"{where}:{node.lineno}") for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.ClassDef)]


def duplicates(found: list[tuple[str, str]]) -> dict[str, list[str]]:
    """Each class name defined more than once, with its places.

    >>> duplicates([("A", "x.py:1"), ("B", "x.py:5"), ("A", "y.py:3")])
    {'A': ['x.py:1', 'y.py:3']}
    """
    places: dict[str, list[str]] = defaultdict(list)
    for name, where in found:
        places[name].append(where)
    return {name: wheres for name, wheres in places.items() if len(wheres) > 1}


def package_classes() -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for base in PACKAGES:
        for path in sorted(base.rglob("*.py")):
            found += classes_in(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    return found


def test_every_class_name_is_defined_once() -> None:
    found = package_classes()
    assert len(found) > 100  # the packages were read (183 classes when this test was written)
    twice = {name: wheres for name, wheres in duplicates(found).items() if name not in ALLOWED}
    assert not twice, "classes of the same name: " + "; ".join(
        f"{name} ({', '.join(wheres)})" for name, wheres in sorted(twice.items()))


def test_the_allowed_names_are_still_needed() -> None:
    """An exception whose second class is gone is dropped from :data:`ALLOWED`."""
    assert set(ALLOWED) <= set(duplicates(package_classes()))


def test_the_check_finds_a_duplicate() -> None:
    """Two modules defining ``Run`` (one at the top, one nested in a function) are caught."""
    found = classes_in("class Run:\n    pass\n", "a.py") + classes_in(
        "def f():\n    class Run:\n        pass\n    return Run\n", "b.py")
    assert duplicates(found) == {"Run": ["a.py:1", "b.py:2"]}
