"""The catalogue of words (issue #25, item 1): ``belote_lab/words/en/`` and ``ko/``, a file
a namespace.

Both languages have the same namespaces and keys and each key the same ``{fields}``; every key
is used by the code (read with :mod:`ast`: a string constant, or the fixed head of an f-string
that builds a family of keys such as ``f"opt_{name}"``); the files are valid, flat, sorted and
written as :func:`belote_lab.words.dumps` writes them; they are package data; a missing key,
value or language is a clear error; the families of keys built from the engine's names (rule
options, their values, game titles) name things that exist.
"""

from __future__ import annotations

import ast
import dataclasses
import doctest
import fnmatch
import itertools
import json
import sys
from pathlib import Path

import pytest

from belote_lab import words
from belote_lab.games import get, names

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
FILES = {
    (lang, namespace): ROOT / words.path_of(lang, namespace)
    for lang in words.LANGUAGES
    for namespace in words.namespaces(lang)
}
CODE = [
    *sorted((ROOT / "belote_lab").rglob("*.py")),
    *sorted((ROOT / "widgets" / "belote_widgets").rglob("*.py")),
]


def test_both_languages_have_the_same_keys() -> None:
    en, ko = set(words.keys("en")), set(words.keys("ko"))
    assert words.namespaces("en") == words.namespaces("ko")
    assert not en - ko, f"only in en/: {sorted(en - ko)}"
    assert not ko - en, f"only in ko/: {sorted(ko - en)}"
    assert len(en) > 250  # the widgets' labels and the settings panel's, at least


def test_each_key_has_the_same_fields_in_both_languages() -> None:
    differ = {
        key: (sorted(words.fields(words.catalogue("en")[key])),
              sorted(words.fields(words.catalogue("ko")[key])))
        for key in words.keys("en")
        if words.fields(words.catalogue("en")[key]) != words.fields(words.catalogue("ko")[key])
    }
    assert not differ, f"fields differ (en, ko): {differ}"


def test_the_files_are_valid_sorted_and_written_one_key_a_line() -> None:
    on_disk = {
        (lang, p.stem) for lang in words.LANGUAGES
        for p in (ROOT / words.path_of(lang)).iterdir()
    }
    assert on_disk == set(FILES), "a file of the catalogue that is not <namespace>.json"
    for (lang, namespace), path in FILES.items():
        raw = path.read_text(encoding="utf-8")
        data = words.parse(raw, str(path))  # strict: one flat object, no key twice
        assert raw == words.dumps(data), f"{path} is not as words.dumps writes it"
        assert list(data) == sorted(data), f"{path}: keys not sorted"
        assert "\\u" not in raw, f"{path}: escaped text (write it with ensure_ascii=False)"
        assert raw.count("\n") == len(data) + 2  # "{", a line a key, "}"
        assert namespace.isidentifier(), path
        for key, template in data.items():
            assert template.strip() == template and template, f"{path}: {key} is blank or padded"
            assert words.catalogue(lang)[f"{namespace}.{key}"] == template


def _code_strings() -> tuple[set[str], set[str]]:
    """Every string constant of the package's code (docstrings left out) and every fixed head
    of an f-string piece followed by a value (``f"opt_{name}"`` gives ``opt_``)."""
    constants: set[str] = set()
    heads: set[str] = set()
    for path in CODE:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = set()
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            first = body[0] if isinstance(body, list) and body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                parts = node.values
                for part, after in itertools.pairwise(parts):
                    if isinstance(part, ast.Constant) and isinstance(after, ast.FormattedValue):
                        head = str(part.value).rsplit(".", 1)[-1]
                        if len(head) >= 3 and head.endswith("_"):
                            heads.add(head)
            elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and id(node) not in docstrings):
                constants.add(node.value)
    return constants, heads


def test_every_key_is_used_by_the_code() -> None:
    constants, heads = _code_strings()
    unused = []
    for key in words.keys("en"):
        short = key.split(".", 1)[1]
        if key in constants or short in constants:
            continue
        if any(short.startswith(head) for head in heads):
            continue
        unused.append(key)
    assert not unused, f"keys no code uses (remove them or use them): {unused}"


def test_the_families_of_keys_name_what_exists() -> None:
    """``settings.opt_<option>``, ``help_<option>``, ``val_<option>_<value>`` and
    ``table.title_<game>`` are built from the engine's names: each names a rule option, a
    value it takes or a game, and each option, value and game has its texts."""
    fields = {}
    for name in names():
        cls = get(name).rules_class
        if isinstance(cls, type) and dataclasses.is_dataclass(cls):
            for f in dataclasses.fields(cls):
                fields[f.name] = f
    settings = words.section("settings", "en")
    for key in settings:
        for family in ("opt_", "help_"):
            if key.startswith(family):
                assert key.removeprefix(family) in fields, f"settings.{key}: no such option"
        if key.startswith("val_"):
            option = next((n for n in fields if key.startswith(f"val_{n}_")), None)
            assert option is not None, f"settings.{key}: no such option"
            value = key.removeprefix(f"val_{option}_")
            assert value in fields[option].metadata.get("choices", ()), f"settings.{key}"
    for name, f in fields.items():
        if name == "rounds":
            continue  # shown beside the mode (settings.rounds)
        assert f"opt_{name}" in settings and f"help_{name}" in settings, name
        for choice in f.metadata.get("choices", ()):
            assert f"val_{name}_{choice}" in settings, (name, choice)
    for name in names():
        for lang, title in (("en", get(name).title), ("ko", get(name).title_ko)):
            assert words.text(f"names.game_{name}", lang) == title  # one title a language


def test_the_files_are_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]["belote_lab"]
    for path in FILES.values():
        inside = path.relative_to(ROOT / "belote_lab").as_posix()
        assert any(fnmatch.fnmatch(inside, g) for g in globs), f"{inside} is not package data"


def test_text_fills_korean_particles_and_ordinals() -> None:
    assert words.text("table.lead_empty", "ko", seat="남쪽") == (
        "아직 바닥에 카드가 없으므로 남쪽이 선입니다.")
    assert words.text("table.lead_empty", "ko", seat="서쪽").endswith("서쪽이 선입니다.")
    assert words.text("table.you_played", "ko", card="10♥") == "10♥을 냈습니다."
    assert words.text("table.game_no", "ko", n=1) == "첫 번째 게임"
    assert words.text("table.game_no", "ko", n=2) == "2번째 게임"
    assert words.text("table.to_play", "en", seat="East") == "East to play"


def test_missing_key_value_or_language_is_named() -> None:
    where = r"ko catalogue \(belote_lab/words/ko/table\.json\)"
    with pytest.raises(KeyError, match=r"'table\.nope'.*" + where):
        words.text("table.nope", "ko")
    with pytest.raises(KeyError, match=r"'table\.nope'.*en catalogue"):
        words.text("table.nope")
    with pytest.raises(KeyError, match=r"table\.you_played.*needs the value 'card'"):
        words.text("table.you_played", "en")
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        words.text("table.trump", "fr")


@pytest.mark.parametrize(
    ("raw", "why"),
    [
        ("", "not valid JSON"),
        ('["x"]', "one JSON object"),
        ('{"x": {"y": "z"}}', "is not a text"),
        ('{"table.x": "y"}', "not a short key"),
        ('{"x": "a", "x": "b"}', "given twice"),
    ],
)
def test_a_bad_catalogue_is_refused_with_its_file_named(raw: str, why: str) -> None:
    with pytest.raises(ValueError, match=why) as e:
        words.parse(raw, "belote_lab/words/ko/xx.json")
    assert "belote_lab/words/ko/xx.json" in str(e.value)


def test_the_catalogue_is_read_only() -> None:
    with pytest.raises(TypeError):
        words.catalogue("ko")["table.trump"] = "x"  # type: ignore[index]
    assert json.loads(FILES["ko", "table"].read_text(encoding="utf-8"))["trump"] == "으뜸패"


def test_doctests() -> None:
    result = doctest.testmod(words, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10 and result.failed == 0
