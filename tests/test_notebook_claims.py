"""Every number a notebook's text states is one its cells computed (issue 26, item 2).

A notebook's markdown may only quote numbers that one of its code cells prints (its stored
outputs: ``make notebooks`` writes them, nbval keeps them current) or spells out in its code, in
both editions (``notebooks/NN_*.ipynb`` and ``notebooks/ko/NN_*.ipynb``).  When a study is
re-run and a rate moves, a sentence that still quotes the old rate (say 71.1% where the cell now
prints 70.4%) fails here, with the notebook, the cell and the number.

What a number is, in the text and in the outputs (:func:`numbers`, :func:`value`): thousands
separators are dropped (``300,000`` is ``300000``), the sign is dropped (``−56.0``, ``-56.0``
and ``+56.0`` are all ``56``: a sentence may say "56 points fewer"), a percentage or a
difference in percentage points is its number (``71.1%`` and ``3.2%p`` match a printed ``71.1``
or ``71.1%``) and trailing zeros of a decimal are dropped (``56.0`` is ``56``).

What the text may state without a cell (:func:`claims` leaves it out, each for a reason):

- **small counts**, the integers 0 to 13: cards in a hand, tricks, seats, rounds, ranks (``8
  tricks``, ``4 × 8 = 32``, ``the 9♥``).  A study's number has a decimal point or a ``%``, or is
  larger; a small count with a ``%`` is checked.
- **the rules' constants** (:data:`RULE_CONSTANTS`), each with the rule that fixes it.
- **references**, which name something and count nothing: a source document by its number
  (``seed 000``, ``원본 004``: :data:`belote_lab.sources.SEEDS`), a notebook by its number (a
  zero-padded ``02``, ``notebook 10``, the number in a link to ``10_*.ipynb``), a section
  (``§3.1``, a heading's or a list's ``1.``).
- what is not prose: code (```` ``` ```` blocks, `` `spans` ``), link targets, HTML tags and
  addresses.

Run it as a script to list every finding of every notebook (``python
tests/test_notebook_claims.py``; ``--all`` also prints the numbers let through and why).
"""

from __future__ import annotations

import html
import json
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script
    sys.path.insert(0, str(ROOT))

from belote_lab.sources import SEEDS  # noqa: E402

NOTEBOOK_DIR = ROOT / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("[0-9][0-9]_*.ipynb")) + sorted(
    (NOTEBOOK_DIR / "ko").glob("[0-9][0-9]_*.ipynb"))
NOTEBOOK_NUMBERS = frozenset(p.name[:2] for p in NOTEBOOKS)

SMALL = 13
"""Integers up to this are counts of the games' things (Callbreak deals 13 cards a hand)."""

RULE_CONSTANTS: dict[str, str] = {
    "20": "belote and rebelote (K+Q of trump); the trump jack's points",
    "32": "the cards of the Belote deck",
    "52": "the cards of the Callbreak deck",
    "152": "the card points of a hand",
    "162": "a hand's points: 152 and the last trick's 10",
    "182": "162 and a belote's 20: all the points of a hand with a belote",
    "252": "a four-player capot: 162 and 90",
    "1000": "the target of a four-player game",
    "95%": "the confidence level of every interval the notebooks draw",
}
"""The numbers of the rules (and of the notebooks' statistics) that the text may state
without a cell computing them: each is fixed by a rule, not measured."""

WORDS_BEFORE_A_NOTEBOOK = r"(?:notebooks?|노트북)"
WORDS_BEFORE_A_SEED = r"(?:seeds?|원본(?:\s*문서)?)"

NUMBER = re.compile(
    r"(?:(?<![\w.,])(?P<sign>[+\-−±])|(?<![A-Za-z0-9_.,/#§+±]))"
    r"(?P<digits>\d{1,3}(?:,\d{3})+|\d+)(?P<decimals>\.\d+)?"
    r"(?![.,]?\d)(?P<percent>%p|%)?(?![A-Za-z0-9_])"
)
"""A number as a reader reads it: not inside a word (``L2``, ``B4``, ``x86``), with its
thousands separators, its decimals and its ``%``.  A letter right after it makes it part of a
name (``3rd``, ``2D``); a Korean word after it is its counter (``162점``) and does not."""

LOOSE_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")
"""A number in an output or in code, wherever it is (``seed=12``, ``J♥:20``, ``L2``)."""


def value(text: str) -> str:
    """A number without its sign, separators, ``%`` and trailing zeros.

    >>> [value(x) for x in ["300,000", "−56.0", "+0.426", "71.1%", "3.20%p", "0.50"]]
    ['300000', '56', '0.426', '71.1', '3.2', '0.5']
    """
    text = text.lstrip("+-−±").removesuffix("%p").removesuffix("%").replace(",", "")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


@dataclass(frozen=True)
class Claim:
    """A number in a markdown cell: where, as written, and why it needs no cell (or None)."""

    cell: int
    text: str
    exempt: str | None = None

    @property
    def value(self) -> str:
        return value(self.text)


NOT_PROSE = [
    re.compile(r"```.*?```", re.S),  # code blocks
    re.compile(r"`[^`]*`"),  # code spans (which may go on over a line break)
    re.compile(r"<[^>\n]*>"),  # HTML tags
    re.compile(r"https?://\S+"),  # addresses
    re.compile(r"\$[^$\n]+\$"),  # math
]
LINK = re.compile(r"\[(?P<text>[^\]\n]*)\]\((?P<target>[^)\s]*)\)")
SECTION = re.compile(r"§\s*\d+(?:\.\d+)*")
NUMBERED_LINE = re.compile(r"^(?P<lead>\s*(?:#+\s*|[-*]\s+)?)\d+\.(?=\s)", re.M)
SEED_REFERENCE = re.compile(
    rf"{WORDS_BEFORE_A_SEED}\s+(?P<list>\d{{3}}(?:(?:\s*(?:,|and|or|과|와|및|/)\s*|\s+)\d{{3}})*)",
    re.I)
NOTEBOOK_REFERENCE = re.compile(
    rf"{WORDS_BEFORE_A_NOTEBOOK}\s+(?P<list>\d{{2}}(?:\s*(?:,|and|or|과|와|및|–|-|~)\s*\d{{2}})*)",
    re.I)


def prose(markdown: str) -> str:
    """``markdown`` without what is not prose; a link keeps its text, and a link to a notebook
    loses the notebook's number in it (the reference is the link)."""
    for pattern in NOT_PROSE:
        markdown = pattern.sub(" ", markdown)

    def link(m: re.Match[str]) -> str:
        target = Path(m["target"]).name
        text = m["text"]
        if re.fullmatch(r"\d\d_.*\.ipynb(?:#.*)?", target):
            text = re.sub(rf"(?<!\d){target[:2]}(?!\d)", " ", text)
        return text

    return LINK.sub(link, markdown)


def claims(cell: int, markdown: str) -> Iterator[Claim]:
    """Every number of a markdown cell, each with the reason it may stand without a cell.

    >>> [(c.text, c.exempt) for c in claims(0, "Seed 000 gives 71.1% (n = 4,000), see §3.")]
    [('000', 'a source document'), ('71.1%', None), ('4,000', None)]
    >>> [(c.text, c.exempt) for c in claims(0, "[10 Tips](10_tips.ipynb): 8 tricks, 162 points")]
    [('8', 'a small count'), ('162', "a hand's points: 152 and the last trick's 10")]
    >>> [c.text for c in claims(0, "원본 000과 004, 노트북 09의 `seed=12` 162점, −56.0점")]
    ['000', '004', '09', '162', '−56.0']
    """
    text = prose(markdown)
    text = SECTION.sub(" ", text)
    text = NUMBERED_LINE.sub(lambda m: m["lead"], text)
    references: dict[int, str] = {}
    for pattern, why in ((SEED_REFERENCE, "a source document"),
                         (NOTEBOOK_REFERENCE, "a notebook")):
        for m in pattern.finditer(text):
            for n in re.finditer(r"\d+", m["list"]):
                references[m.start("list") + n.start()] = why
    for m in NUMBER.finditer(text):
        written = m.group(0)
        start = m.start("digits")
        digits = m["digits"]
        exempt = references.get(start)
        if exempt is None and re.fullmatch(r"0\d+", digits) and not m["decimals"]:
            if digits in SEEDS:
                exempt = "a source document"
            elif digits in NOTEBOOK_NUMBERS:
                exempt = "a notebook"
        if exempt is None:
            number = value(written)
            if m["percent"] == "%" and f"{number}%" in RULE_CONSTANTS:
                exempt = RULE_CONSTANTS[f"{number}%"]
            elif not m["percent"] and number in RULE_CONSTANTS:
                exempt = RULE_CONSTANTS[number]
            elif not m["percent"] and number.isdigit() and int(number) <= SMALL:
                exempt = "a small count"
        yield Claim(cell, written, exempt)


def computed(nb: dict) -> set[str]:
    """The values of every number the code cells print or spell out."""
    found: set[str] = set()
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        texts = ["".join(cell["source"])]
        for out in cell.get("outputs", []):
            if "text" in out:
                texts.append("".join(out["text"]))
            for kind, data in out.get("data", {}).items():
                if kind.startswith("text/"):
                    data = "".join(data) if isinstance(data, list) else data
                    texts.append(html.unescape(re.sub(r"<[^>]*>", " ", data)))
        for text in texts:
            found |= numbers_in(text)
    return found


def numbers_in(text: str) -> set[str]:
    """The values of every number in ``text`` (an output, or code), wherever it stands; a number
    with separators also counts as its parts (``[1,234]`` may be a list).

    >>> sorted(numbers_in("seed=12, J♥:20, 1,005 of 9,600 (10.50%)"))
    ['005', '1', '10.5', '1005', '12', '20', '600', '9', '9600']
    """
    found: set[str] = set()
    for m in LOOSE_NUMBER.finditer(text):
        found.add(value(m.group(0)))
        found.update(value(part) for part in m.group(0).split(","))
    return found


def findings(path: Path) -> list[str]:
    """The numbers of ``path``'s markdown that no cell of it computed, as ``cell [i]: n``."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    known = computed(nb)
    return [f"cell [{claim.cell}]: {claim.text}"
            for i, cell in enumerate(nb["cells"]) if cell["cell_type"] == "markdown"
            for claim in claims(i, "".join(cell["source"]))
            if claim.exempt is None and claim.value not in known]


def test_the_notebooks_are_found() -> None:
    names = [p.relative_to(NOTEBOOK_DIR).as_posix().split("_")[0] for p in NOTEBOOKS]
    assert names == [f"{n:02}" for n in range(1, 13)] + [f"ko/{n:02}" for n in range(1, 13)]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(NOTEBOOK_DIR).as_posix())
def test_every_number_in_the_text_is_computed_in_the_notebook(path: Path) -> None:
    found = findings(path)
    assert not found, (f"{path.relative_to(ROOT)}: numbers no cell prints or computes "
                       "(compute them, or word them without the number):\n" + "\n".join(found))


def test_a_stale_number_is_caught() -> None:
    nb = {"cells": [
        {"cell_type": "markdown", "source": ["With 3 trumps the rate rises from 71.1% to 77.1% "
                                             "(n = 12,400); see notebook 12 and seed 000.\n"]},
        {"cell_type": "code", "source": ["rate(by='trumps')\n"],
         "outputs": [{"output_type": "stream", "text": ["3 trumps: 70.4% → 77.1%, n 12400\n"]}]},
    ]}
    found = [c.text for c in claims(0, "".join(nb["cells"][0]["source"]))
             if c.exempt is None and c.value not in computed(nb)]
    assert found == ["71.1%"]


def main(argv: list[str]) -> int:
    every = "--all" in argv
    total = 0
    for path in NOTEBOOKS:
        found = findings(path)
        total += len(found)
        name = path.relative_to(NOTEBOOK_DIR).as_posix()
        for line in found:
            print(f"{name} {line}")
        if every:
            nb = json.loads(path.read_text(encoding="utf-8"))
            for i, cell in enumerate(nb["cells"]):
                if cell["cell_type"] == "markdown":
                    for claim in claims(i, "".join(cell["source"])):
                        if claim.exempt:
                            print(f"  {name} cell [{i}]: {claim.text} — {claim.exempt}")
    print(f"{total} numbers not computed")
    return 1 if total else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
