"""The notebooks without a kernel (issue 15): widget snapshots and the static book.

* every widget's display holds, next to its widget view, a ``text/html`` snapshot of what it
  shows (cards as cards, the CSS inlined, no model id, the same from one run to the next) and a
  short ``text/plain`` (``PlayTable: Belote …``, never ``PlayTable(children=(HTML(value=…``);
* ``notebooks/build_book.py`` (``make book``) turns the notebooks' stored outputs into HTML
  pages and an index; headless Debian Chromium opens every page from the disk (``file://``)
  and finds the cards drawn where a notebook shows a widget or cards, and no widget repr;
* each problem's answer, lesson and check are in its snapshot, folded in a ``<details>`` whose
  summary is the *Show answer* label (issue 26): the book's pages of notebook 11 and of the
  games' rules notebooks hold them, and a click on the summary opens them.

The book is built from ``notebooks/`` as stored, so the browser test passes once the
notebooks were re-run with snapshots (``make notebooks``); ``BELOTE_BOOK_SRC=<folder>`` builds
it from another folder (e.g. a re-run copy).  Without Chromium or Playwright the browser test
is skipped on a workstation and fails in CI (``CI`` set).
"""

from __future__ import annotations

import html
import importlib.util
import json
import os
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import belote_widgets as bw
import ipywidgets as widgets
import nbformat
import pytest
from belote_widgets.snapshot import snapshot_html, snapshot_text
from browser_support import ROOT, chromium, skip_or_fail, unavailable
from IPython.core.formatters import DisplayFormatter

from belote_lab.cards import Card

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
MODEL_ID = re.compile(r"\b[0-9a-f]{32}\b")
REPRS = ("PlayTable(children=", "HandStepper(children=", "(children=(HTML(value=")
CARD = 'class="bw-card '

WIDGETS: dict[str, Callable[[], Any]] = {
    "order": lambda: bw.CardOrderTable("H"),
    "explorer": lambda: bw.RuleExplorer(hand="JH 9H 7H AC KD 8C", trick="KS AS", leader="N"),
    "stepper": lambda: bw.HandStepper.from_selfplay("belote", "2,2,2,2", seed=1),
    "belote": lambda: bw.PlayTable("belote", level=2, seat="S", seed=11),
    "coinche": lambda: bw.PlayTable("coinche", level=2, seat="S", seed=2),
    "belote2": lambda: bw.PlayTable("belote2", level=2, seat="S", seed=1),
    "callbreak": lambda: bw.PlayTable("callbreak", level=2, seat="S", seed=4),
    "app": lambda: bw.play("callbreak", mode="journey", rounds=3, seat="S", seed=4),
    "settings": lambda: bw.SettingsPanel("belote2", mode="run"),
    "problem": lambda: bw.Problem("belote-cheap-trump"),
}
NO_CARDS = ("settings",)


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    bw.set_language("en")
    yield
    bw.set_language("en")


def _bundle(w: Any) -> dict[str, Any]:
    """What a kernel stores for ``display(w)`` (IPython's formatter, as in a notebook)."""
    data, _metadata = DisplayFormatter().format(w)
    return data


# --- the snapshots ----------------------------------------------------------------------------
@pytest.mark.parametrize("name", list(WIDGETS))
def test_display_holds_view_snapshot_and_short_text(name: str) -> None:
    w = WIDGETS[name]()
    data = _bundle(w)
    assert WIDGET_VIEW in data  # a live front end still draws the widget
    page, plain = data["text/html"], data["text/plain"]
    assert page.startswith('<div class="bw-snapshot">') and "<style>" in page
    assert ".bw-card {" in page  # the cards' CSS is inlined: the snapshot reads on its own
    assert (CARD in page) is (name not in NO_CARDS), page[:300]
    assert not MODEL_ID.search(page) and data[WIDGET_VIEW]["model_id"] not in page
    assert "<select" not in page and "<input" not in page and "<button" not in page
    assert plain.startswith(f"{type(w).__name__}: ") and "\n" not in plain
    assert len(plain) <= 200 and "(children=" not in plain and not MODEL_ID.search(plain)


@pytest.mark.parametrize("name", list(WIDGETS))
def test_snapshot_is_the_same_from_one_run_to_the_next(name: str) -> None:
    a, b = _bundle(WIDGETS[name]()), _bundle(WIDGETS[name]())
    assert a["text/html"] == b["text/html"]
    assert a["text/plain"] == b["text/plain"]


def test_each_style_block_is_written_once() -> None:
    page = _bundle(WIDGETS["app"]())["text/html"]  # a settings panel and a table: two widgets
    assert page.count(".bw-card {") == 1
    assert page.count(".bw-status-bar {") == 1


def test_learner_cards_are_cards_with_their_state_and_reason() -> None:
    x = bw.RuleExplorer(hand="JH 9H 7H AC KD 8C", trick="KS AS", leader="N", contract="H")
    page = x.static_html()
    legal = {c.text for c in x.legal}
    for card in ("JH", "9H", "7H", "AC", "KD", "8C"):
        state = "bw-legal" if card in legal else "bw-illegal"
        m = re.search(rf'<span class="bw-card card-{card} [^"]*" [^>]*>', page)
        assert m and state in m.group(0), card
    # the refusal's reason (the button's tooltip) is the card's title on the page
    tip = x.cards.buttons[Card.parse("AC")].tooltip
    assert " — " in tip and f'title="{html.escape(tip, quote=True)}"' in page


def test_snapshot_follows_the_widget() -> None:
    s = WIDGETS["stepper"]()
    before = s.static_html()
    s.last()
    after = s.static_html()
    assert s.step_label.value in after and s.step_label.value not in before


def test_problem_snapshot_keeps_the_answer_folded() -> None:
    """The answer is stored, but only inside a closed ``<details>`` (issue 26): a page without a
    kernel shows it after a click; once shown live, the snapshot shows it as the widget does."""
    x = bw.Problem("belote-cheap-trump")
    lesson = x.problem.lesson["en"]
    page = x.static_html()
    folded = page[page.index("<details"):page.index("</details>")]
    assert lesson in folded and page.count(lesson) == 1 and "<details open" not in page
    x.show_answer()
    page = x.static_html()
    assert lesson in page and "<details" not in page


def test_snapshot_in_korean() -> None:
    t = bw.CardOrderTable("H", language="ko")
    assert "카드 점수: 152" in t.static_html()
    assert t.static_text() == "CardOrderTable: ♥ 하트 으뜸패"
    # the learner's card buttons, drawn as cards, are named in the widget's language
    x = bw.RuleExplorer(hand="JH 9H 7H AC KD 8C", trick="KS AS", leader="N", language="ko")
    card = r'<span class="bw-card card-JH [^>]*aria-label="하트 J, 으뜸패'
    assert re.search(card, x.static_html())


def test_buttons_fields_and_hidden_parts() -> None:
    hidden = widgets.HTML("<i>secret</i>")
    hidden.layout.display = "none"
    box = widgets.VBox([
        widgets.HBox([widgets.Button(description="Undo"), widgets.Button(icon="eye")]),
        widgets.Dropdown(options=[("Hearts", "H")], description="Trump"),
        widgets.Checkbox(value=True, description="Four colours"),
        widgets.FileUpload(),
        hidden,
    ])
    page = snapshot_html(box)
    assert ">Undo</span>" in page and "Trump: Hearts" in page and "☑ Four colours" in page
    assert "secret" not in page and "<input" not in page
    assert snapshot_text(box) == "VBox"


# --- the book ---------------------------------------------------------------------------------
def _build_book_module() -> ModuleType:
    """``notebooks/build_book.py`` (not a package: loaded from its file, once)."""
    if "build_book" in sys.modules:
        return sys.modules["build_book"]
    spec = importlib.util.spec_from_file_location("build_book", ROOT / "notebooks/build_book.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_book"] = module  # its dataclass looks its module up while being made
    spec.loader.exec_module(module)
    return module


def _shows_cards(path: Path) -> tuple[int, bool]:
    """How many widgets a stored notebook displays, and whether any output draws cards."""
    nb = nbformat.read(path, as_version=4)
    views, cards = 0, False
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            views += WIDGET_VIEW in data
            cards = cards or CARD in str(data.get("text/html", ""))
    return views, cards


def test_book_index_lists_the_notebooks_in_order(tmp_path: Path) -> None:
    book = _build_book_module()
    src = tmp_path / "src"
    (src / "ko").mkdir(parents=True)
    for name, title in (("02_b", "Second"), ("01_a", "First"), ("table_demo", "Demo")):
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(f"# {title}\n\ntext")])
        nbformat.write(nb, src / f"{name}.ipynb")
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# 첫째")]),
                   src / "ko" / "01_a.ipynb")
    written = book.build(src, tmp_path / "out", quiet=True)
    assert [p.name for p in written] == ["01_a.html", "02_b.html", "01_a.html", "index.html"]
    index = (tmp_path / "out" / "index.html").read_text()
    assert index.index('href="01_a.html">First<') < index.index('href="02_b.html">Second<')
    assert 'href="ko/01_a.html">첫째<' in index and "table_demo" not in index
    page = (tmp_path / "out" / "ko" / "01_a.html").read_text()
    assert '<a href="../index.html">' in page and '<script src="http' not in page


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The book built from ``$BELOTE_BOOK_SRC`` (default: ``notebooks/``): (notebooks, book)."""
    why = unavailable()
    if why:
        skip_or_fail(why)
    src = Path(os.environ.get("BELOTE_BOOK_SRC", ROOT / "notebooks")).resolve()
    out = tmp_path_factory.mktemp("book")
    _build_book_module().build(src, out, quiet=True)
    return src, out


PAGE_FACTS = """() => {
  const shown = (el) => { const r = el.getBoundingClientRect();
    const cs = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && cs.visibility === "visible"; };
  const cards = [...document.querySelectorAll(".bw-card")];
  return { text: document.body.innerText, cards: cards.length,
           shown: cards.filter(shown).length,
           snapshots: document.querySelectorAll(".bw-snapshot").length,
           links: [...document.querySelectorAll("a[href$='.html']")].map((a) => a.href) };
}"""


def test_book_pages_show_cards_not_widget_reprs(book: tuple[Path, Path]) -> None:
    src, out = book
    module = _build_book_module()
    pages = module.pages(src)
    assert pages, f"no notebook in {src}"
    problems: list[str] = []
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        page.goto((out / "index.html").as_uri())
        index = page.evaluate(PAGE_FACTS)
        assert [Path(x).name for x in index["links"]] == [Path(p.href).name for p in pages]
        for p in pages:
            page.goto((out / p.href).as_uri())
            facts = page.evaluate(PAGE_FACTS)
            views, cards = _shows_cards(p.source)
            for bad in REPRS:
                if bad in facts["text"]:
                    problems.append(f"{p.href}: shows the widget repr {bad!r}")
            if facts["snapshots"] < views:
                problems.append(f"{p.href}: {views} widgets but {facts['snapshots']} snapshots")
            if (views or cards) and not facts["shown"]:
                problems.append(f"{p.href}: no card drawn ({facts['cards']} in the page)")
        page.close()
    hint = "\nre-run the notebooks first: make notebooks (notebooks/run_all.py)"
    assert not problems, "\n".join(problems) + hint


PROBLEM_PAGES = {  # a page of the book: the game whose problems it ends with (None: all)
    "05_belote_scoring.html": "belote",
    "07_two_player_belote.html": "belote2",
    "08_callbreak.html": "callbreak",
    "09_coinche_and_variants.html": "coinche",
    "11_you_are_south.html": None,
}

ANSWERS = """() => [...document.querySelectorAll("details.bw-problem-answer")].map((d) => ({
  open: d.open, summary: d.querySelector("summary").innerText.trim(),
  shown: d.querySelector(".bw-problem-feedback").checkVisibility(),
  text: d.textContent }))"""


def test_book_shows_the_problems_answers_after_a_click(book: tuple[Path, Path]) -> None:
    """Issue 26: each problem's answer and lesson are in the book, folded; clicking *Show answer*
    on notebook 11's page (each edition) opens them, and each game's rules notebook ends with
    that game's problems."""
    from belote_lab.coaching.problems import problems

    _src, out = book
    hint = "\nre-run the notebooks first: make notebooks (notebooks/run_all.py)"
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        for sub, lang in (("", "en"), ("ko", "ko")):
            for name, game in PROBLEM_PAGES.items():
                page.goto((out / sub / name).as_uri())
                found = page.evaluate(ANSWERS)
                mine = problems(game)
                assert len(found) == len(mine), f"{sub}/{name}: {len(found)} answers{hint}"
                shown = bw.Problem(mine[0], language=lang).answer_button.description
                assert all(not a["open"] and not a["shown"] for a in found), name
                assert {a["summary"] for a in found} == {shown}, name
                for a, p in zip(found, mine, strict=True):
                    assert p.lesson[lang] in " ".join(a["text"].split()), (name, p.id)
            # notebook 11: a click on the summary opens the answer and its lesson
            page.goto((out / sub / "11_you_are_south.html").as_uri())
            first = problems()[0]
            details = page.locator("details.bw-problem-answer").first
            feedback = details.locator(".bw-problem-feedback")
            assert not feedback.is_visible()
            details.locator("summary").click()
            feedback.wait_for(state="visible", timeout=10_000)
            words = " ".join(feedback.inner_text().split())
            assert first.lesson[lang] in words and first.answer.pretty in words
            assert details.evaluate("(d) => d.open") is True
        page.close()


def test_snapshot_html_is_json_safe() -> None:
    """The snapshot goes into the notebook's JSON as it is (no surrogate, no control char)."""
    page = _bundle(WIDGETS["belote"]())["text/html"]
    assert json.loads(json.dumps(page)) == page
    assert not re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f]", page)
