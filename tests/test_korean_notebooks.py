"""The Korean notebooks and problem lessons as a native editor reads them (issue 25, review §1).

What ``tests/korean_lint.py`` cannot check because the one-syllable seat name is also a word
(``남은`` is "remaining"): where a seat is the subject, topic or owner of a sentence, the
notebooks' prose and the problems' lessons name it 북쪽, 동쪽, 남쪽, 서쪽 (``남이`` reads "someone
else", ``남의 시점`` "someone else's view", ``동의`` "consent"), never 북/동/남/서 with a particle.
The one-syllable name stays for compact labels (``딜러: 북``, ``북 8장``), which take no particle.
``남은`` is left alone: it is "remaining" far more often than "South".

And both editions of a notebook keep the same cells (the English one loses Korean paragraphs,
never cells), so a reader can go from a cell of one to the same cell of the other.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
KOREAN = sorted((NOTEBOOKS / "ko").glob("[0-9][0-9]_*.ipynb"))

SHORT_SEAT = re.compile(
    r"(?<![가-힣])(?:[북동서](?:은|는|이|가|의|에게)|남(?:이|의|에게))(?![가-힣])"
)
"""A one-syllable seat with the particle of a subject, topic or owner (``남은`` excepted)."""


def short_seats(text: str) -> list[str]:
    """The one-syllable seats of ``text`` used as a subject, topic or owner, in context.

    >>> short_seats("계약자인 동이 7♦을 냈고, 북의 10♣은 높습니다. 남은 카드는 셋입니다.")
    ['계약자인 동이 7♦을 ', '을 냈고, 북의 10♣은']
    >>> short_seats("계약자인 동쪽이 냈습니다. 딜러: 북, 북 8장, 남쪽 자리, 서로 한 번씩")
    []
    """
    return [text[max(0, m.start() - 6):m.end() + 5] for m in SHORT_SEAT.finditer(text)]


def prose(cell: dict) -> str:
    """What a reader reads of a cell: a markdown cell's text, a code cell's comments."""
    source = "".join(cell["source"])
    if cell["cell_type"] == "markdown":
        return source
    return "\n".join(line[line.index("#"):] for line in source.splitlines() if "#" in line)


def test_the_korean_notebooks_are_found() -> None:
    assert [p.name[:2] for p in KOREAN] == [f"{k:02}" for k in range(1, 13)]


@pytest.mark.parametrize("path", KOREAN, ids=lambda p: p.stem)
def test_a_korean_notebook_names_seats_in_sentences_in_full(path: Path) -> None:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    found = [f"cell [{i}]: {hit}" for i, cell in enumerate(cells)
             for hit in short_seats(prose(cell))]
    assert not found, f"{path.name} (write 북쪽/동쪽/남쪽/서쪽):\n" + "\n".join(found)


def test_the_problem_lessons_name_seats_in_sentences_in_full() -> None:
    path = ROOT / "belote_lab" / "coaching" / "problems.json"
    problems = json.loads(path.read_text(encoding="utf-8"))
    found = [f"{p['id']} {field}: {hit}" for p in problems for field in ("title", "lesson")
             for hit in short_seats(p[field]["ko"])]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("path", KOREAN, ids=lambda p: p.stem)
def test_both_editions_keep_the_same_cells(path: Path) -> None:
    english = json.loads((NOTEBOOKS / path.name).read_text(encoding="utf-8"))["cells"]
    korean = json.loads(path.read_text(encoding="utf-8"))["cells"]

    def shape(cells: list[dict]) -> list[tuple[str, bool]]:
        return [(c["cell_type"], "check" in c.get("metadata", {}).get("tags", [])) for c in cells]

    assert shape(english) == shape(korean)
