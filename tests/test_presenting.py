"""Presenting the notebooks (issue 15, item 6): what a reader sees — in JupyterLab or in Voilà
(``make present``) — is text, cards, charts and widgets, never the notebook's own checks.

* static and fast, on the outputs stored in every tutorial notebook (``notebooks/NN_*.ipynb``)
  and ``widgets_demo.ipynb`` (``make notebooks`` stores them, nbval keeps them current):
  no bare ``True``/``False``, no dict, list or tuple repr, no ``score checked``, no rule code
  of the engine (``go_higher``, ``must_trump`` …) nor any other ``snake_case`` code, no numpy
  repr; every code cell with an ``assert`` is a *check cell*: tagged ``check`` and silent;
* in a real browser (Voilà + headless Debian Chromium, skipped without them on a workstation
  and failed in CI, like ``tests/test_browser.py``): three notebooks served by one Voilà show
  none of those either, and their charts and widgets are on the page.
"""

from __future__ import annotations

import ast
import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest

from belote_lab.trick import Rule

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK_DIR = ROOT / "notebooks"
NOTEBOOKS = [*sorted(NOTEBOOK_DIR.glob("[0-9][0-9]_*.ipynb")), NOTEBOOK_DIR / "widgets_demo.ipynb",
             *sorted((NOTEBOOK_DIR / "ko").glob("[0-9][0-9]_*.ipynb"))]
CHECK_TAG = "check"

# a rule code of the engine on its own: the codes with an underscore anywhere; the one-word
# codes (``lead``, ``follow``) are ordinary words, so only where a code would be printed
RULE_CODES = sorted((r.value for r in Rule if "_" in r.value), key=len, reverse=True)
WORD_CODES = [r.value for r in Rule if "_" not in r.value]

FORBIDDEN: list[tuple[str, re.Pattern[str]]] = [
    ("a bare True/False", re.compile(r"\b(?:True|False)\b")),
    ("a dict repr", re.compile(r"\{\s*(?:'[^']*'|\"[^\"]*\"|-?\d+(?:\.\d+)?)\s*:|\{\}")),
    ("a list or tuple repr", re.compile(r"[\[(]\s*(?:'[^']*'|\"[^\"]*\")\s*[,\])]|\[\s*\(")),
    ("a check's return value", re.compile(r"score checked")),
    ("a rule code", re.compile(r"\b(?:" + "|".join(RULE_CODES) + r")\b")),
    ("a rule code", re.compile(r"(?:\brule:?|→)\s*(?:" + "|".join(WORD_CODES) + r")\b")),
    ("a rule code", re.compile(r"^\s*(?:" + "|".join(WORD_CODES) + r")\s+\d", re.M)),
    ("a snake_case code", re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")),
    ("a numpy repr", re.compile(r"\bnp\.\w+\(|\barray\(")),
]


def shown_text(output: dict) -> str:
    """The words an output puts on the screen: a stream, or the text of a result.  HTML (a
    result's, or the static snapshot a widget leaves) is read without its tags, styles and
    scripts; a widget without one, or an image, shows no words of its ``text/plain`` (a class
    name, a figure size)."""
    if output["output_type"] == "stream":
        return output["text"]
    if output["output_type"] == "error":
        return f"{output['ename']}: {output['evalue']}"
    data = output.get("data", {})
    if "text/html" in data:
        page = re.sub(r"<(style|script)\b.*?</\1>", " ", data["text/html"], flags=re.S | re.I)
        return html.unescape(re.sub(r"<[^>]+>", " ", page))
    if "application/vnd.jupyter.widget-view+json" in data or "image/png" in data:
        return ""
    return data.get("text/plain", "")


def problems(text: str) -> list[str]:
    """What ``text`` shows that a reader should not see, each with the piece that matched."""
    return [f"{what}: {m.group(0).strip()!r}" for what, pattern in FORBIDDEN
            for m in pattern.finditer(text)]


def has_assert(source: str) -> bool:
    return any(isinstance(node, ast.Assert) for node in ast.walk(ast.parse(source)))


def code_cells(path: Path) -> list[tuple[int, dict]]:
    nb = nbformat.read(path, as_version=4)
    return [(i, c) for i, c in enumerate(nb.cells) if c.cell_type == "code"]


def test_every_tutorial_is_found() -> None:
    names = [p.name[:2] for p in NOTEBOOKS]
    assert [f"{k:02}" for k in range(1, 11)] == names[:10] and NOTEBOOKS[-1].is_file()


def test_the_patterns_catch_what_the_issue_saw() -> None:
    for seen in ["True", "{'NS': 92, 'EW': 70}", "'score checked (seed 000)'", "rule: go_higher",
                 "follow                3488   36.3%", "['take', 'pass']", "[('E', 'pass')]",
                 "events: dix_de_der (W, trick 8)", "np.float64(0.5)", "rule: follow"]:
        assert problems(seen), seen
    for fine in ["You must follow suit: you hold ♠; playable: K♠ 7♠.",
                 "North–South 92, East–West 70", "a lead of the 7♠ (trick 1)",
                 "made 86.3% of 227 hands (95% CI 81.3% .. 90.2%)", "It is not 1.", "{n} hands"]:
        assert not problems(fine), fine


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_outputs_read_as_sentences_and_tables(path: Path) -> None:
    found = []
    for i, cell in code_cells(path):
        for output in cell.get("outputs", []):
            found += [f"cell [{i}]: {p}" for p in problems(shown_text(output))]
    assert not found, f"{path.name} shows:\n" + "\n".join(found)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_checks_are_tagged_and_silent(path: Path) -> None:
    wrong = []
    for i, cell in code_cells(path):
        tagged = CHECK_TAG in cell.metadata.get("tags", [])
        if has_assert(cell.source) and not tagged:
            wrong.append(f"cell [{i}] asserts but is not tagged {CHECK_TAG!r}")
        if tagged and cell.get("outputs"):
            wrong.append(f"cell [{i}] is a check cell with output")
        if tagged and not cell.source.lstrip().startswith("#"):
            wrong.append(f"cell [{i}] is a check cell without a comment saying what it checks")
    assert not wrong, f"{path.name}:\n" + "\n".join(wrong)


def test_the_notebooks_hold_outputs() -> None:
    """A notebook saved without outputs would pass the checks above and nbval alike."""
    for path in NOTEBOOKS:
        shown = [c for _, c in code_cells(path) if c.get("outputs")]
        assert shown, f"{path.name} has no stored outputs (make notebooks)"


# --- the same in a real browser: Voilà, as `make present` serves a notebook ----------------
# two notebooks that used to show checks (rule codes, dicts, "score checked"), each with a widget
# and (04) a chart, and the tip tests of 06 (the table, the charts, the review): each page waits
# for its last widget or table, and shows a word of its own
PRESENTED = {
    "04_following_and_trumping.ipynb": ([".bw-root", ".jp-OutputArea-output img"], "playable"),
    "05_belote_scoring.ipynb": ([".bw-root"], "Litige"),
    "06_strategy_tips.ipynb": ([".bw-tips", ".jp-OutputArea-output img", ".bw-review-table"],
                               "no clear difference"),
}


@pytest.fixture(scope="module")
def voila_browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    """One Voilà serving the notebooks' folder (each page it renders runs its notebook in a
    kernel of its own) and one Chromium, for the notebooks of :data:`PRESENTED`."""
    from browser_support import chromium, skip_or_fail, unavailable, voila

    reason = unavailable("voila")
    if reason:
        skip_or_fail(reason)
    with voila(NOTEBOOK_DIR, tmp_path_factory.mktemp("voila")) as url, chromium() as browser:
        yield url, browser


@pytest.mark.parametrize("name", list(PRESENTED))
def test_voila_shows_no_checks(name: str, voila_browser: tuple[str, Any]) -> None:
    from browser_support import close_page, open_page

    url, browser = voila_browser
    errors: list[str] = []
    page = open_page(browser, f"{url}voila/render/{name}", 1200, PRESENTED[name][0], errors)
    text = page.inner_text("body")
    # what the cells put on the page (the markdown may name the API in code spans)
    outputs = page.locator(".jp-OutputArea-output").all_inner_texts()
    code = page.locator(".jp-CodeCell .jp-InputArea").count()
    showing = page.locator(".jp-CodeCell:has(.jp-OutputArea-output)").count()
    close_page(page)
    assert not errors, errors
    assert "Traceback" not in text and "There was an error" not in text   # a cell failed
    assert code == 0, "Voilà shows code"
    found = problems("\n".join(outputs))
    assert not found, f"Voilà shows in {name}:\n" + "\n".join(found)
    # the cells that show something on the page are those with stored outputs: no check cell
    shown = [c for _, c in code_cells(NOTEBOOK_DIR / name) if c.get("outputs")]
    assert showing == len(shown)
    assert PRESENTED[name][1] in text
