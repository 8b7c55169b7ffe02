"""The problems readable anywhere (issue 26, items 3 and 4): the answer in the stored outputs.

A ``Problem``'s display holds, next to its widget view, a static snapshot (``text/html``) in
which the *Show answer* label is a closed ``<details>``: its summary is the catalogue's
``problem.show``, its body the answer, the lesson and each playable card's exact and hint
values, exactly as the live widget shows them after *Show answer*.  So GitHub, nbviewer and
``make book`` show the answer after a click, without a kernel; the snapshot is the same from one
run to the next, so nbval compares it in full.  Each game's rules notebook (05, 07, 08, 09) ends
with that game's problems, and notebook 11 keeps them all, in both editions.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import belote_widgets as bw
import pytest
from IPython.core.formatters import DisplayFormatter

from belote_lab import words
from belote_lab.coaching.problems import clear_hints, problems

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
DETAILS = re.compile(r"<details\b[^>]*>.*?</details>", re.S)
LANGUAGES = ("en", "ko")
GAME_NOTEBOOKS = {  # each game's rules notebook ends with that game's problems
    "05_belote_scoring.ipynb": "belote",
    "07_two_player_belote.ipynb": "belote2",
    "08_callbreak.ipynb": "callbreak",
    "09_coinche_and_variants.ipynb": "coinche",
}
PRACTISE = {"en": "## Practise: problems", "ko": "## 연습 문제"}
PROBLEM_CELL = re.compile(r'^bw\.Problem\("([a-z0-9-]+)"\)$')


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    bw.set_language("en")
    yield
    bw.set_language("en")


def _words(fragment: str) -> str:
    """The text of an HTML fragment on one line (styles and tags dropped)."""
    text = re.sub(r"<style\b.*?</style>", " ", fragment, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())


def _folded(page: str) -> tuple[str, str]:
    """The one ``<details>`` of a snapshot, and the page without it."""
    found = DETAILS.findall(page)
    assert len(found) == 1, f"{len(found)} <details> in the snapshot"
    return found[0], page.replace(found[0], "")


# --- the widget's snapshot ----------------------------------------------------------------------
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("problem_id", [p.id for p in problems()])
def test_snapshot_folds_the_answer_lesson_and_check(problem_id: str, language: str) -> None:
    x = bw.Problem(problem_id, language=language)
    page = x.static_html()
    folded, rest = _folded(page)
    assert folded.startswith('<details class="bw-problem-answer"><summary')
    assert "<details open" not in page
    summary = re.search(r"<summary[^>]*>(.*?)</summary>", folded, re.S)
    assert summary and html.unescape(summary.group(1)) == words.text("problem.show", language)
    # the inert label of the live button is replaced, not repeated
    assert "bw-show-answer" not in page
    lesson = x.problem.lesson[language]
    assert lesson in _words(folded) and lesson not in _words(rest)
    # the body is what the live widget shows after Show answer
    x.show_answer()
    assert folded.endswith(f"{x.feedback_html.value}</div></details>")
    # each playable card's value is in the check
    assert folded.count("<tr") == len(x.problem.legal) + 1


@pytest.mark.parametrize("problem_id", [p.id for p in problems()])
def test_snapshot_is_the_same_from_one_run_to_the_next(problem_id: str) -> None:
    clear_hints()  # the hint computed again, not read from the process's cache
    a = bw.Problem(problem_id).static_html()
    clear_hints()
    assert bw.Problem(problem_id).static_html() == a


def test_display_holds_the_widget_view_and_the_folded_answer() -> None:
    data, _metadata = DisplayFormatter().format(bw.Problem("callbreak-cannot-win"))
    assert WIDGET_VIEW in data and data["text/plain"].startswith("Problem: ")
    assert data["text/html"].startswith('<div class="bw-snapshot">')
    assert data["text/html"].count('<details class="bw-problem-answer">') == 1
    assert json.loads(json.dumps(data["text/html"])) == data["text/html"]


def test_a_wrong_try_keeps_the_answer_folded_and_the_answer_unfolds_it() -> None:
    x = bw.Problem("belote-cheap-trump")
    x.choose("9D")
    folded, rest = _folded(x.static_html())
    assert words.text("problem.wrong", "en") in _words(rest)
    assert x.problem.lesson["en"] in _words(folded)
    x.choose("QD")  # the right card: the live feedback shows the lesson, nothing is folded
    page = x.static_html()
    assert "<details" not in page and x.problem.lesson["en"] in _words(page)
    assert "Right: Q♦." in _words(page)


def test_answer_html_in_either_language() -> None:
    x = bw.Problem("coinche-ace-first")
    en, ko = x.answer_html(), x.answer_html("ko")
    assert "<summary" in en and ">Show answer</summary>" in en
    assert ">정답 보기</summary>" in ko and x.problem.lesson["ko"] in _words(ko)
    assert x.language == "en" and not x.revealed  # drawing the answer changes nothing


# --- the stored notebooks -----------------------------------------------------------------------
def _notebook(name: str, language: str) -> dict[str, Any]:
    folder = NOTEBOOKS / "ko" if language == "ko" else NOTEBOOKS
    return json.loads((folder / name).read_text(encoding="utf-8"))


def _problem_cells(nb: dict[str, Any]) -> list[tuple[int, str, dict[str, Any]]]:
    """(index, problem id, cell) of every ``bw.Problem("…")`` cell."""
    found = []
    for i, cell in enumerate(nb["cells"]):
        m = PROBLEM_CELL.match("".join(cell["source"]).strip())
        if cell["cell_type"] == "code" and m:
            found.append((i, m.group(1), cell))
    return found


def _stored_html(cell: dict[str, Any]) -> str:
    pages = ["".join(o["data"]["text/html"]) for o in cell.get("outputs", [])
             if "text/html" in o.get("data", {})]
    assert len(pages) == 1, "re-run the notebook: notebooks/run_all.py"
    return pages[0]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", [*GAME_NOTEBOOKS, "11_you_are_south.ipynb"])
def test_stored_outputs_hold_each_problems_folded_answer(name: str, language: str) -> None:
    cells = _problem_cells(_notebook(name, language))
    game = GAME_NOTEBOOKS.get(name)
    assert [pid for _i, pid, _c in cells] == [p.id for p in problems(game)]
    for (_i, _pid, cell), p in zip(cells, problems(game), strict=True):
        page = _stored_html(cell)
        folded, rest = _folded(page)
        assert p.lesson[language] in _words(folded), p.id
        assert p.lesson[language] not in _words(rest), p.id
        assert p.title[language] in _words(rest), p.id  # the position is shown, unfolded
        assert page == bw.Problem(p.id, language=language).static_html(), p.id


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", list(GAME_NOTEBOOKS))
def test_each_rules_notebook_ends_with_its_games_problems(name: str, language: str) -> None:
    nb = _notebook(name, language)
    heads = [i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "markdown"
             and "".join(c["source"]).startswith(PRACTISE[language])]
    assert len(heads) == 1
    start = heads[0]
    assert not any(c["source"] and "".join(c["source"]).lstrip().startswith("## ")
                   for c in nb["cells"][start + 1:] if c["cell_type"] == "markdown")
    assert all(i > start for i, _pid, _c in _problem_cells(nb))
    assert "11_you_are_south.ipynb" in "".join(nb["cells"][start]["source"])
    last = nb["cells"][-1]
    assert last["metadata"].get("tags") == ["check"]
    assert f'problems("{GAME_NOTEBOOKS[name]}")' in "".join(last["source"])
