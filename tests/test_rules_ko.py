"""The Korean edition of the rules reference, ``docs/RULES.ko.md`` (issue #15, item 4).

It must stay a complete edition of ``docs/RULES.md``:
(a) the same headings (level by level, in order) and the same tables (rows × columns, in order);
(b) every backticked identifier of RULES.md (option names, values, card and seat codes, paths);
(c) natural particles: no fallback such as ``(를)`` or ``(으)로``;
(d) the Korean term of ``docs/TERMS.md`` for every English term RULES.md uses;
and each edition links to the other on its first line.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
FALLBACKS = ("(를)", "(을)", "(가)", "(이)", "(는)", "(은)", "(으)로", "(와)", "(과)")
HEADING = re.compile(r"^(#{1,6})\s+\S")
BACKTICKED = re.compile(r"`([^`\n]+)`")


def read(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def english() -> str:
    return read("RULES.md")


@pytest.fixture(scope="module")
def korean() -> str:
    return read("RULES.ko.md")


def heading_levels(text: str) -> list[int]:
    """The level of each heading, in order."""
    return [len(m.group(1)) for line in text.splitlines() if (m := HEADING.match(line))]


def cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def table_shapes(text: str) -> list[tuple[int, int]]:
    """(body rows, columns) of each table (a run of lines starting with ``|``), in order; every
    row of a table must have the header's number of cells."""
    tables: list[list[str]] = []
    previous_was_row = False
    for line in text.splitlines():
        is_row = line.lstrip().startswith("|")
        if is_row and not previous_was_row:
            tables.append([])
        if is_row:
            tables[-1].append(line)
        previous_was_row = is_row
    shapes = []
    for rows in tables:
        width = len(cells(rows[0]))
        assert all(len(cells(r)) == width for r in rows), f"ragged table: {rows[0]}"
        assert set(rows[1].replace("|", "").strip()) <= set("-: "), f"no separator: {rows[0]}"
        shapes.append((len(rows) - 2, width))
    return shapes


def test_each_edition_links_to_the_other(english: str, korean: str) -> None:
    assert english.splitlines()[0] == "한국어: [RULES.ko.md](RULES.ko.md)"
    assert "[RULES.md](RULES.md)" in korean.splitlines()[0]


def test_same_headings_at_each_level(english: str, korean: str) -> None:
    levels = heading_levels(english)
    assert levels.count(1) == 1 and levels.count(2) >= 6 and levels.count(3) >= 7
    assert heading_levels(korean) == levels
    numbers = [re.match(r"## (\d+)\.", line) for line in english.splitlines()]
    ko_numbers = [re.match(r"## (\d+)\.", line) for line in korean.splitlines()]
    assert [m.group(1) for m in numbers if m] == [m.group(1) for m in ko_numbers if m]


def test_same_table_shapes(english: str, korean: str) -> None:
    shapes = table_shapes(english)
    assert len(shapes) >= 4
    assert table_shapes(korean) == shapes


def test_every_identifier_is_kept(english: str, korean: str) -> None:
    identifiers = set(BACKTICKED.findall(english))
    for needed in ("must_undertrump", '"all_to_defence"', "JH", "N E S W", "big_call_8_wins"):
        assert needed in identifiers, needed
    kept = set(BACKTICKED.findall(korean))
    assert sorted(identifiers - kept) == []


def test_no_particle_fallback(korean: str) -> None:
    found = [f for f in FALLBACKS if f in korean]
    assert found == []
    assert re.search("[가-힣]", korean)


def term_table() -> list[tuple[str, str]]:
    """(English, Korean) of each row of docs/TERMS.md's term table (the first one, headed
    ``| English | Korean | seeds |``)."""
    rows = []
    inside = False
    for line in read("TERMS.md").splitlines():
        row = cells(line)
        if line.startswith("| English | Korean | seeds |"):
            inside = True
        elif inside and not line.startswith("|"):
            break
        elif inside and re.search("[가-힣]", row[1]):
            rows.append((row[0], row[1]))
    return rows


def english_words(term: str) -> list[str]:
    """The English words of a term-table cell: what is in brackets removed, alternatives split
    at ``/`` and ``,`` ("taker, contractor" → taker, contractor)."""
    bare = re.sub(r"\([^)]*\)", "", term).lower()
    return [w.strip() for w in re.split(r"[/,]", bare) if w.strip()]


def test_the_korean_terms_of_the_term_table_are_used(english: str, korean: str) -> None:
    rows = term_table()
    assert len(rows) >= 30
    text = english.lower()
    used = [
        (eng, ko)
        for eng, ko in rows
        if any(re.search(rf"\b{re.escape(w)}\b", text) for w in english_words(eng))
    ]
    assert len(used) >= 25, used
    missing = [
        f"{eng}: {word}"
        for eng, ko in used
        for word in (w.strip() for w in ko.split("/"))
        if word not in korean
    ]
    assert missing == []
