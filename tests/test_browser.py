"""The widgets in a real browser: Voilà serves ``notebooks/widgets_demo.ipynb`` on loopback and
headless Debian Chromium (``/usr/bin/chromium``, driven by Playwright) clicks through it.

* a legal card clicked at the play table lands on the table (and the click-to-update latency
  is measured); an illegal card shows the engine's reason and changes nothing;
* the rule explorer shows a reason for a refused card, switches to Korean, grades a quiz;
* the hand stepper steps forward and back;
* legibility: in the dark theme (Voilà's ``?theme=dark``) every visible text of the widgets has
  a contrast of at least 4.5:1 with its effective background; at 600 px no widget overflows
  and no hand stacks one card a row; Tab shows a focus ring and Enter plays a card button;
* screenshots of every widget are saved (to ``$BELOTE_SCREENSHOTS`` when set, e.g.
  ``BELOTE_SCREENSHOTS=docs/screenshots``, else to a temporary directory).

Never ``playwright install``: the browser is Debian's ``chromium`` package.  Without it these
tests are skipped on a workstation but **fail** in CI (``CI`` set in the environment).
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    MIN_CONTRAST,
    NARROW,
    OVERFLOWS,
    ROOT,
    TEXT_CONTRASTS,
    chromium,
    close_page,
    open_page,
    resize,
    skip_or_fail,
    unavailable,
    voila,
)

NOTEBOOK = ROOT / "notebooks" / "widgets_demo.ipynb"
RENDER_TIMEOUT = 60_000  # milliseconds for the widgets to appear
LATENCY_LIMIT = 2.0  # seconds, click to update, median (measured ~0.1 s; 2 cores are shared)


@pytest.fixture(scope="module")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Voilà serving the demo notebook on 127.0.0.1 (``browser_support.voila``)."""
    reason = unavailable("voila")
    if reason:
        skip_or_fail(reason)
    with voila(NOTEBOOK, tmp_path_factory.mktemp("voila")) as url:
        yield url


@pytest.fixture(scope="module")
def browser(voila_url: str) -> Iterator[Any]:
    """Headless Debian Chromium, shared by the pages of this module."""
    with chromium() as b:
        yield b


READY = (
    ".bw-play-table .bw-my-hand .bw-card-btn",
    ".bw-hand-stepper .bw-step",
    ".bw-rule-explorer .bw-card-btn",
)
"""Every widget of the demo notebook drawn."""


def _open(browser: Any, url: str, width: int, errors: list[str]) -> Any:
    """A new page on the demo notebook, once every widget is drawn (``open_page``)."""
    return open_page(browser, url, width, READY, errors, timeout=RENDER_TIMEOUT)


@pytest.fixture(scope="module")
def demo_page(browser: Any, voila_url: str) -> Iterator[Any]:
    """One page on the demo notebook (each test works on its own widget)."""
    errors: list[str] = []
    pg = _open(browser, voila_url, 1200, errors)
    yield pg
    close_page(pg)
    assert not errors, errors


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = os.environ.get("BELOTE_SCREENSHOTS")
    path = Path(where) if where else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


def _card_of(classes: str) -> str:
    return next(c[5:] for c in classes.split() if c.startswith("card-"))


def _learner_turn(page: Any) -> None:
    """Make calls (the first call button) until the learner has cards to play."""
    table = page.locator(".bw-play-table")
    for _ in range(10):
        if table.locator(".bw-my-hand .bw-legal").count():
            return
        calls = table.locator(".bw-calls-box .bw-call")
        if calls.count():
            calls.first.click()
            page.wait_for_timeout(300)
            continue
        page.wait_for_timeout(200)
    pytest.fail("the learner never got a card to play")


def test_widgets_render_offline(demo_page: Any, shots: Path) -> None:
    page = demo_page
    for name in ("bw-order-table", "bw-rule-explorer", "bw-hand-stepper", "bw-play-table"):
        assert page.locator(f".{name}").count() == 1, name
    jack = page.locator(".bw-order-table .card-JH").first
    assert jack.get_attribute("aria-label") == "jack of hearts, trump"
    assert "J♥" in jack.inner_text()
    backs = page.locator(".bw-play-table .bw-back")
    assert backs.count() >= 15  # three hidden hands, face down (5 cards each while bidding)
    assert backs.first.get_attribute("data-card") is None  # a hidden card names nothing
    page.locator(".bw-order-table").screenshot(path=str(shots / "order_table.png"))
    page.locator(".bw-order-table .bw-contract select").select_option(label="no trump")
    page.wait_for_selector(".bw-order-table .bw-table caption:has-text('no trump')")
    assert "38" in page.locator(".bw-order-table .total-H").inner_text()


def test_play_table_legal_card_lands_on_table(demo_page: Any, shots: Path) -> None:
    page = demo_page
    table = page.locator(".bw-play-table")
    latencies = []
    for _ in range(4):
        _learner_turn(page)
        button = table.locator(".bw-my-hand .bw-legal").first
        card = _card_of(button.get_attribute("class") or "")
        t0 = time.perf_counter()
        button.click()
        table.locator(f".bw-center .card-{card}").first.wait_for()
        table.locator(f".bw-my-hand .card-{card}").wait_for(state="detached")
        latencies.append(time.perf_counter() - t0)
        if table.locator(".bw-new-hand:not([disabled])").count():
            break
    median = statistics.median(latencies)
    print(f"click-to-update latency: median {median * 1000:.0f} ms over {len(latencies)} clicks")
    assert median < LATENCY_LIMIT
    table.screenshot(path=str(shots / "play_table.png"))


def test_play_table_illegal_card_shows_reason(demo_page: Any, shots: Path) -> None:
    page = demo_page
    table = page.locator(".bw-play-table")
    for _ in range(40):
        if table.locator(".bw-new-hand:not([disabled])").count():
            table.locator(".bw-new-hand").click()
            page.wait_for_timeout(300)
        _learner_turn(page)
        illegal = table.locator(".bw-my-hand .bw-illegal")
        if illegal.count():
            break
        table.locator(".bw-my-hand .bw-legal").first.click()
        page.wait_for_timeout(200)
    else:
        pytest.fail("no refused card came up in 40 moves")
    hand_before = table.locator(".bw-my-hand").inner_text()
    center_before = table.locator(".bw-center").inner_html()
    card = _card_of(illegal.first.get_attribute("class") or "")
    illegal.first.click()
    reason = table.locator(".bw-reason-label .bw-reason")
    reason.wait_for()
    assert reason.inner_text().startswith(table.locator(f".bw-my-hand .card-{card}").inner_text())
    assert "playable" in reason.inner_text() or "any card" in reason.inner_text()
    assert table.locator(".bw-my-hand").inner_text() == hand_before
    assert table.locator(".bw-center").inner_html() == center_before
    table.locator(".bw-lang button", has_text="한국어").click()
    page.wait_for_selector(".bw-play-table .bw-reason-label:has-text('낼 수 있는 카드')")
    assert "점수판" in table.locator(".bw-scoreboard").inner_text()
    table.screenshot(path=str(shots / "play_table_ko.png"))
    table.locator(".bw-lang button", has_text="English").click()
    page.wait_for_selector(".bw-play-table .bw-scoreboard:has-text('Scoreboard')")


def test_rule_explorer_reason_korean_and_quiz(demo_page: Any, shots: Path) -> None:
    page = demo_page
    x = page.locator(".bw-rule-explorer")
    x.locator(".card-KD").click()
    label = x.locator(".bw-reason-label")
    page.wait_for_selector(".bw-rule-explorer .bw-reason-label:has-text('K♦ may not be played')")
    assert label.inner_text().startswith("K♦ may not be played: You must trump: you have no ♠")
    assert "You must trump" in (x.locator(".card-KD").get_attribute("title") or "")
    x.screenshot(path=str(shots / "rule_explorer.png"))
    x.locator(".bw-lang button", has_text="한국어").click()
    page.wait_for_selector(".bw-rule-explorer .bw-reason-label:has-text('으뜸패를 내야 합니다')")
    x.screenshot(path=str(shots / "rule_explorer_ko.png"))
    x.locator(".bw-lang button", has_text="English").click()
    page.wait_for_selector(".bw-rule-explorer .bw-rule:has-text('Rule:')")
    x.locator(".bw-quiz").click()
    page.wait_for_selector(".bw-rule-explorer .bw-quiz-label:has-text('Which cards')")
    for card in ("JH", "9H", "7H"):
        x.locator(f".card-{card}").click()
        page.wait_for_selector(f".bw-rule-explorer .card-{card}.bw-selected")
    x.locator(".bw-check").click()
    page.wait_for_selector(".bw-rule-explorer .bw-quiz-label:has-text('Right!')")
    x.locator(".card-AC").click()  # a wrong choice added: graded with the engine's reason
    x.locator(".bw-check").click()
    page.wait_for_selector(".bw-rule-explorer .bw-quiz-label:has-text('5 of 6 cards right')")
    assert "A♣ may not be played: You must trump" in x.locator(".bw-quiz-label").inner_text()


def test_hand_stepper_forward_and_back(demo_page: Any, shots: Path) -> None:
    page = demo_page
    st = page.locator(".bw-hand-stepper")
    step = st.locator(".bw-step")
    total = int(step.inner_text().split()[-1])
    assert step.inner_text() == f"Step 0 of {total}"
    st.locator(".bw-forward").click()
    page.wait_for_selector(f".bw-hand-stepper .bw-step:has-text('Step 1 of {total}')")
    changed = "b => document.querySelector('.bw-hand-stepper .bw-step').innerText !== b"
    for _ in range(3):
        before = step.inner_text()
        st.locator(".bw-trick-forward").click()
        page.wait_for_function(changed, arg=before)  # each click lands before the next
    k = int(step.inner_text().split()[1]) + 1
    st.locator(".bw-forward").click()
    page.wait_for_selector(f".bw-hand-stepper .bw-step:has-text('Step {k} of {total}')")
    page.wait_for_selector(".bw-hand-stepper .bw-trick .bw-played")
    st.locator(".bw-step-back").click()
    page.wait_for_selector(f".bw-hand-stepper .bw-step:has-text('Step {k - 1} of {total}')")
    st.locator(".bw-forward").click()
    page.wait_for_selector(f".bw-hand-stepper .bw-step:has-text('Step {k} of {total}')")
    st.screenshot(path=str(shots / "hand_stepper.png"))
    st.locator(".bw-last").click()
    page.wait_for_selector(".bw-hand-stepper .bw-score:has-text('Final score')")
    st.locator(".bw-first").click()
    page.wait_for_selector(f".bw-hand-stepper .bw-step:has-text('Step 0 of {total}')")


# --- legibility: the dark theme's contrast, a 600 px screen, keyboard focus -----------------------
CARD_ROWS = """() => {
  // every group of cards (a hand, face up or down): how many cards its first row holds
  const out = [];
  for (const g of document.querySelectorAll(".bw-root .bw-cards, .bw-root .bw-hidden-hand")) {
    const tops = [...g.querySelectorAll(".bw-card")]
      .map((c) => Math.round(c.getBoundingClientRect().top));
    if (!tops.length) continue;
    const first = Math.min(...tops);
    out.push({ cards: tops.length, firstRow: tops.filter((t) => Math.abs(t - first) < 4).length,
               where: g.closest(".bw-root").className.split(" ").pop() });
  }
  return out;
}"""


def _screenshots(page: Any, shots: Path, suffix: str) -> None:
    """One picture a widget: ``order_table_dark.png`` …"""
    for name in ("order_table", "rule_explorer", "hand_stepper", "play_table"):
        page.locator(".bw-" + name.replace("_", "-")).screenshot(
            path=str(shots / f"{name}_{suffix}.png")
        )


def _show_more_text(page: Any) -> None:
    """Put the widgets in states that show their coloured texts: a refused card's reason,
    the final score of the stepped hand."""
    x = page.locator(".bw-rule-explorer")
    x.locator(".card-KD").click()
    page.wait_for_selector(".bw-rule-explorer .bw-reason-label .bw-reason")
    page.locator(".bw-hand-stepper .bw-last").click()
    page.wait_for_selector(".bw-hand-stepper .bw-score:has-text('Final score')")


@pytest.fixture(scope="module")
def dark_page(browser: Any, voila_url: str) -> Iterator[Any]:
    """A fresh page in JupyterLab Dark (Voilà's ``?theme=dark``), its widgets showing their
    coloured texts: read at 1200 px for the contrasts, then narrowed to 600 px (one run of the
    notebook for both tests)."""
    errors: list[str] = []
    page = _open(browser, voila_url + "?theme=dark", 1200, errors)
    _show_more_text(page)
    yield page
    close_page(page)
    assert not errors, errors


def test_dark_theme_text_contrast(dark_page: Any, shots: Path) -> None:
    """JupyterLab Dark: every visible text of every widget reads at 4.5:1 or more against its
    effective background (computed colours, walking up the page)."""
    page = dark_page
    assert page.locator("body").get_attribute("data-jp-theme-light") == "false"
    texts = page.evaluate(TEXT_CONTRASTS)
    assert len(texts) > 100  # the check reads the widgets, not an empty page
    widgets = {t["widget"] for t in texts}
    assert {"bw-order-table", "bw-rule-explorer", "bw-hand-stepper"} <= widgets
    low = [t for t in texts if t["ratio"] < MIN_CONTRAST]
    _screenshots(page, shots, "dark")
    assert not low, "\n".join(map(str, low))


def test_narrow_screen_no_widget_overflows(dark_page: Any, shots: Path) -> None:
    """At 600 px (the window narrowed) no widget is wider than the page and nothing sticks out
    of a widget; a hand never stacks one card a row (a row holds at least three cards, or all
    of a shorter hand)."""
    page = dark_page
    resize(page, NARROW)
    page.locator(".bw-hand-stepper .bw-first").click()
    page.wait_for_selector(".bw-hand-stepper .bw-step:has-text('Step 0 of')")
    overflows = page.evaluate(OVERFLOWS)
    assert page.locator(".bw-root").count() == 4
    rows = page.evaluate(CARD_ROWS)
    assert rows  # the hands were measured
    stacked = [r for r in rows if r["firstRow"] < min(3, r["cards"])]
    _screenshots(page, shots, f"{NARROW}px")
    assert not overflows, "\n".join(map(str, overflows))
    assert not stacked, stacked


def test_keyboard_focus_ring_and_enter(demo_page: Any) -> None:
    """Tab reaches the buttons with a visible focus ring; Enter on a card asks for its reason."""
    page = demo_page
    x = page.locator(".bw-rule-explorer")
    if "mod-active" in (x.locator(".bw-quiz").get_attribute("class") or ""):
        x.locator(".bw-quiz").click()  # back from the quiz: a card's reason is shown again
        page.wait_for_selector(".bw-rule-explorer .bw-rule:has-text('Rule:')")
    x.locator(".bw-hand-input input").click()  # start from a field, then go by keyboard
    page.keyboard.press("Tab")
    ring = page.evaluate(
        """() => { const e = document.activeElement, cs = getComputedStyle(e);
                   return [e.tagName, cs.outlineStyle, parseFloat(cs.outlineWidth)]; }"""
    )
    assert ring[1] != "none" and ring[2] >= 2, ring
    card = x.locator(".card-8C")
    card.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # back to the card by keyboard: the ring shows
    style = card.evaluate("e => [getComputedStyle(e).outlineStyle, e === document.activeElement]")
    assert style == ["solid", True], style
    page.keyboard.press("Enter")
    page.wait_for_selector(".bw-rule-explorer .bw-reason-label:has-text('8♣ may not be played')")


def test_four_colour_suits(demo_page: Any) -> None:
    """A container with the class ``bw-four-colour`` turns ♦ blue and ♣ green (cards stay white)."""
    page = demo_page
    colour = "s => getComputedStyle(document.querySelector(s)).color"
    diamond, club = ".bw-order-table .card-AD", ".bw-order-table .card-AC"
    assert page.evaluate(colour, diamond) == "rgb(196, 0, 0)"
    switch = "on => document.body.classList.toggle('bw-four-colour', on)"
    page.evaluate(switch, True)
    try:
        assert page.evaluate(colour, diamond) == "rgb(10, 88, 202)"
        assert page.evaluate(colour, club) == "rgb(30, 123, 42)"
        assert page.evaluate(colour, ".bw-order-table .card-AH") == "rgb(196, 0, 0)"
        assert page.evaluate(colour, ".bw-rule-explorer .card-KD") == "rgb(10, 88, 202)"  # a button
    finally:
        page.evaluate(switch, False)
