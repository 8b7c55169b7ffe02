"""What the table shows of the hidden game, in a real browser (issue 28's "Done when").

Voilà serves a notebook written for the test, one table per flow, and headless Debian Chromium
(driven by Playwright, see ``browser_support.py``) plays each by clicking, as a learner would:

* **a drawn card**: two-player Belote, two tricks played: the card South drew is marked in the
  hand (``bw-drawn``, with an arrow) and each draw is a line of the play log (North's "a card");
* **a review row opening its moment**: four-player Belote (deal 10), the hand played out and
  reviewed; the button of the lucky A♦ opens trick 6 before South's card with all four hands
  face up, the best card outlined and the card played dashed; Back returns to South's view;
* **Callbreak's redeal**: the first deal is void because East holds no spade, and the table
  says so (not "Everybody passed"), in English and Korean;
* **the settings panel after resuming another game**: a Callbreak file given to Resume in a
  Belote app switches the table and the panel to Callbreak's journey and its levels;
* **disabled buttons**: grey, never their style's green, their text at 4.5:1 or more in the
  light and the dark theme;
* **declarations**: four-player Belote with declarations on, a deal where South holds a tierce:
  the table asks (declare / keep hidden) and after the first trick shows the cards declared;
* the page at **600 px** overflows nowhere, in Korean.

Without Chromium, Playwright or Voilà the tests are skipped on a workstation and fail in CI
(``CI`` set).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from belote_widgets.play_table import PlayTable
from browser_support import (
    NARROW,
    OVERFLOWS,
    RENDER_TIMEOUT,
    act_on_table,
    cells_notebook,
    chromium,
    close_page,
    contrast,
    open_page,
    resize,
    rgb,
    skip_or_fail,
    unavailable,
    voila,
)

TABLES = {
    "walk-draw": 'bw.PlayTable("belote2", mode="hand", level=2, seed=1)',
    "walk-review": 'bw.PlayTable("belote", mode="hand", level=2, seed=10)',
    "walk-redeal": 'bw.PlayTable("callbreak", mode="journey", level=2, seed=0)',
    "walk-declare": 'bw.PlayTable("belote", mode="hand", level=2, seed=6, '
                    'rules={"declarations": True})',
}
APP = "walk-app"
CELLS = [
    "import belote_widgets as bw\n\nbw.set_language(\"en\")",
    *(f"t = {make}\nt.add_class(\"{name}\")\nt" for name, make in TABLES.items()),
    f"app = bw.play(\"belote\", seed=2)\napp.add_class(\"{APP}\")\napp",
]
READY = [f".{name} .bw-my-hand .bw-card-btn" for name in TABLES] + [f".{APP} .bw-start"]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    reason = unavailable("voila")
    if reason:
        skip_or_fail(reason)
    folder = tmp_path_factory.mktemp("walk")
    with voila(cells_notebook(folder / "walk.ipynb", CELLS), folder) as url, chromium() as browser:
        yield url, browser


@pytest.fixture(scope="module")
def page(served: tuple[str, Any]) -> Iterator[Any]:
    url, browser = served
    errors: list[str] = []
    pg = open_page(browser, url, 1200, READY, errors)
    yield pg
    close_page(pg)
    assert not errors, errors


def _first_legal(page: Any, sel: str) -> None:
    act_on_table(page, sel, page.locator(f"{sel} .bw-my-hand .bw-legal").first)


def _play_until(page: Any, sel: str, done: Any, clicks: int = 60) -> None:
    """The first call offered, then the first playable card each time, until ``done()``."""
    root = page.locator(sel)
    for _ in range(clicks):
        if done():
            return
        if root.locator(".bw-my-hand .bw-legal").count():
            _first_legal(page, sel)
        elif root.locator(".bw-calls-box .bw-call").count():
            act_on_table(page, sel, root.locator(".bw-calls-box .bw-call").first)
        else:
            page.wait_for_timeout(200)
    raise AssertionError(f"{sel}: not done in {clicks} clicks")


def _lang(page: Any, sel: str, label: str) -> None:
    page.locator(f"{sel} .bw-lang button", has_text=label).first.click()


# --- the drawn card ------------------------------------------------------------------------------
def test_drawn_card_marked_and_draws_in_the_log(page: Any) -> None:
    sel = ".walk-draw"
    root = page.locator(sel)
    log = root.locator(".bw-log-draw")
    _play_until(page, sel, lambda: log.count() >= 2)
    assert log.count() == 2
    line = str(log.nth(1).inner_text())
    m = re.fullmatch(r"After trick 2: North draws a card, South draws (\S+)", line)
    assert m, line
    marked = root.locator(".bw-my-hand .bw-drawn")
    assert marked.count() == 1 and marked.inner_text().startswith(m.group(1))
    star = marked.evaluate("e => getComputedStyle(e, '::after').content")
    assert star == '"↓"', star
    assert "draws" not in str(root.locator(".bw-info").inner_text())
    _lang(page, sel, "한국어")
    page.wait_for_function(
        f"() => document.querySelector('{sel} .bw-log-draw').innerText.includes('가져옴')")
    assert "2번째 트릭 뒤" in str(log.nth(1).inner_text())
    _lang(page, sel, "English")


# --- the review at its moment ---------------------------------------------------------------------
def test_review_row_opens_its_moment_with_every_hand_face_up(page: Any) -> None:
    sel = ".walk-review"
    root = page.locator(sel)
    _play_until(page, sel, lambda: root.locator(".bw-new-hand:not([disabled])").count() > 0)
    root.locator(".bw-review-button").first.click()
    page.wait_for_selector(f"{sel} .bw-moment", timeout=RENDER_TIMEOUT)
    lucky = root.locator(".bw-moment", has_text="A♦")
    assert lucky.count() == 1 and "lucky" in lucky.inner_text()
    before = str(root.locator(".bw-hand-stepper .bw-seats").inner_text())
    assert root.locator(".bw-hand-stepper .bw-seats .bw-back").count() > 0  # South's view
    lucky.click()
    page.wait_for_selector(f"{sel} .bw-moment-back", state="visible")
    stepper = root.locator(".bw-hand-stepper")
    step = str(stepper.locator(".bw-step").inner_text())
    seats = stepper.locator(".bw-seats")
    assert seats.locator(".bw-back").count() == 0  # every hand face up
    # before trick 6's card of South: 3 cards a hand, less those already on the trick
    assert 4 * 3 - 3 <= seats.locator(".bw-card").count() <= 4 * 3
    played = seats.locator(".bw-mark-played")
    assert played.count() == 1 and played.get_attribute("data-card") == "AD"
    assert seats.locator(".bw-mark-best").count() >= 1
    legend = str(stepper.locator(".bw-moment-legend").inner_text())
    assert "Trick 6" in legend, legend
    _lang(page, sel, "한국어")
    page.wait_for_function(
        f"() => document.querySelector('{sel} .bw-moment-legend').innerText.includes('트릭')")
    _lang(page, sel, "English")
    stepper.locator(".bw-moment-back").click()
    page.wait_for_selector(f"{sel} .bw-moment-back", state="hidden")
    assert str(stepper.locator(".bw-step").inner_text()) != step
    assert str(stepper.locator(".bw-seats").inner_text()) == before  # South's view again
    assert stepper.locator(".bw-seats .bw-back").count() > 0


# --- declarations -----------------------------------------------------------------------------
def test_declaration_asked_then_its_cards_shown_after_trick_one(page: Any) -> None:
    sel = ".walk-declare"
    root = page.locator(sel)
    act_on_table(page, sel, root.locator(".bw-calls-box .call-take"))  # South takes ♠
    box = root.locator(".bw-declare-box")
    box.wait_for(state="visible")
    advice = str(box.locator(".bw-declare-advice").inner_text())
    assert advice.startswith("Declare: over 100 deals"), advice
    ask = str(root.locator(".bw-decl-ask").inner_text())
    assert "tierce" in ask, ask
    act_on_table(page, sel, root.locator(".bw-declare"))
    box.wait_for(state="hidden")
    assert "You will show your combinations" in str(root.locator(".bw-status").inner_text())
    rows = root.locator(".bw-decl-row")
    _play_until(page, sel, lambda: rows.count() > 0)
    south = root.locator('.bw-decl-row[data-seat="S"]')
    assert south.count() == 1
    cards = [south.locator(".bw-card").nth(k).get_attribute("data-card") for k in range(3)]
    assert cards == ["TH", "JH", "QH"], cards
    assert "tierce" in str(south.inner_text())
    _lang(page, sel, "한국어")
    page.wait_for_function(
        f"() => document.querySelector('{sel} .bw-decl-row[data-seat=\"S\"]')"
        ".innerText.includes('티에르스')")
    _lang(page, sel, "English")


# --- Callbreak's redeal -----------------------------------------------------------------------
def test_callbreak_redeal_says_which_hand_had_no_spade(page: Any) -> None:
    sel = ".walk-redeal"
    status = str(page.locator(f"{sel} .bw-status").inner_text())
    assert "East has no spade: the cards are dealt again." in status, status
    assert "passed" not in status
    badge = page.locator(f"{sel} .bw-trump-badge")
    assert badge.inner_text() == "♠"  # spades are trump during the calls too
    _lang(page, sel, "한국어")
    page.wait_for_function(
        f"() => document.querySelector('{sel} .bw-status').innerText.includes('스페이드')")
    ko = str(page.locator(f"{sel} .bw-status").inner_text())
    assert "동쪽의 손패에 스페이드가 한 장도 없으므로 카드를 다시 나눕니다." in ko, ko
    _lang(page, sel, "English")


# --- the settings panel follows a resumed game ----------------------------------------------------
def test_settings_panel_follows_a_resumed_callbreak_game(page: Any, tmp_path: Path) -> None:
    sel = f".{APP}"
    saved = tmp_path / "journey.json"
    saved.write_text(PlayTable("callbreak", mode="journey", seed=0, level=3).save_json())
    panel = page.locator(f"{sel} .bw-settings")
    assert "Four-player Belote" in panel.locator("select").first.input_value()
    with page.expect_file_chooser() as chooser:
        page.locator(f"{sel} .bw-resume").click()
    chooser.value.set_files(str(saved))
    page.wait_for_selector(f"{sel} .bw-file-message:has-text('Resumed')")
    page.wait_for_function(
        f"() => document.querySelector('{sel} .bw-settings select').value === 'Callbreak'")
    page.wait_for_function(  # the mode's options are relabelled just after the game's
        f"() => document.querySelectorAll('{sel} .bw-settings select')[1].value"
        ".startsWith('Journey')")
    levels = [panel.locator(f".bw-level-{s} select").input_value() for s in "WNE"]
    assert [x.split()[0] for x in levels] == ["1", "1", "1"], levels  # a journey: level 1


# --- disabled buttons, light and dark ---------------------------------------------------------
DISABLED = """sel => [...document.querySelectorAll(sel + ' button.jupyter-button:disabled')]
  .filter(b => b.offsetParent !== null).map(b => {
    const s = getComputedStyle(b);
    return {css: b.className, bg: s.backgroundColor, fg: s.color, opacity: s.opacity};
  })"""


@pytest.fixture(scope="module")
def dark_page(served: tuple[str, Any]) -> Iterator[Any]:
    """A fresh page in JupyterLab Dark: its disabled buttons are read first, then it is
    narrowed to 600 px and switched to Korean (one run of the notebook for both tests)."""
    url, browser = served
    errors: list[str] = []
    pg = open_page(browser, url + "?theme=dark", 1200, READY, errors)
    yield pg
    close_page(pg)
    assert not errors, errors


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_disabled_buttons_look_disabled(served: tuple[str, Any], theme: str,
                                        request: pytest.FixtureRequest) -> None:
    url, browser = served
    pg = request.getfixturevalue("dark_page") if theme == "dark" else open_page(
        browser, url, 1200, READY)
    try:
        found = pg.evaluate(DISABLED, ".walk-review")
        names = " ".join(b["css"] for b in found)
        assert "bw-new-hand" in names and "bw-review-button" in names, found
        for b in found:
            r, g, bl = rgb(b["bg"])
            assert not (g > r + 40 and g > bl + 40), b  # never green
            assert b["opacity"] == "1", b
            assert contrast(b["bg"], b["fg"]) >= 4.5, b
    finally:
        if theme != "dark":
            close_page(pg)


# --- 600 px, in Korean ----------------------------------------------------------------------------
def test_the_walk_fits_600px_in_korean(dark_page: Any) -> None:
    pg = dark_page
    resize(pg, NARROW)
    for name in TABLES:
        _lang(pg, f".{name}", "한국어")
    pg.wait_for_function(
        "() => document.querySelector('.walk-redeal .bw-status').innerText"
        ".includes('스페이드')")
    overflows = pg.evaluate(OVERFLOWS)
    assert not overflows, overflows
