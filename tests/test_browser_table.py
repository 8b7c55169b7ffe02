"""The play table's modes, played by clicking in a real browser (issue 13's "Done when").

Voilà serves ``notebooks/table_demo.ipynb`` on 127.0.0.1 and headless Debian Chromium (driven
by Playwright, see ``browser_support.py``) plays each of its tables as a learner would:

* a two-player **run**: the learner wins a match (the fixed deal of the notebook: clicking the
  first call and then the first playable card each time wins it), the computer's level goes
  1 → 2 and the run score is shown;
* a **Callbreak journey** round: a call, then the 13 tricks, the round shown in the bar;
* a four-player **Belote hand with no trump** ticked in the settings panel, Start, then no
  trump named at the table;
* a **Coinche auction** with a bid from the dropdown and a coinche;
* **review this hand**: a four-player hand played out, then *Review this hand*: the costliest
  card is named in words and marked in the table, in English and in Korean;
* **save and resume**: the Save link's file downloaded, the page reloaded, the file given to
  Resume (``set_input_files``): the same hand and position come back, and play goes on.

Without Chromium, Playwright or Voilà these tests are skipped on a workstation and fail in CI
(``CI`` set).  Every table has its own CSS class (``demo-…``); each click waits for the
table's redraw (the Save link, drawn last, changes with every decision).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    MIN_CONTRAST,
    NARROW,
    OVERFLOWS,
    RENDER_TIMEOUT,
    ROOT,
    SAVE_CHANGED,
    TEXT_CONTRASTS,
    act_on_table,
    chromium,
    close_page,
    download,
    open_page,
    resize,
    skip_or_fail,
    unavailable,
    voila,
)

from belote_lab.korean import ordinal

NOTEBOOK = ROOT / "notebooks" / "table_demo.ipynb"
TABLES = ("demo-run", "demo-journey", "demo-no-trump", "demo-coinche", "demo-review", "demo-save")
READY = [f".{name} .bw-my-hand .bw-card-btn" for name in TABLES] + [
    ".demo-no-trump .bw-settings .bw-start"
]

@pytest.fixture(scope="module")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    reason = unavailable("voila")
    if reason:
        skip_or_fail(reason)
    with voila(NOTEBOOK, tmp_path_factory.mktemp("voila")) as url:
        yield url


@pytest.fixture(scope="module")
def browser(voila_url: str) -> Iterator[Any]:
    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def page(browser: Any, voila_url: str) -> Iterator[Any]:
    """One page on the notebook: each test plays its own table (the save test reloads it)."""
    errors: list[str] = []
    pg = open_page(browser, voila_url, 1200, READY, errors)
    yield pg
    close_page(pg)
    assert not errors, errors


def _card_of(classes: str) -> str:
    return next(c[5:] for c in classes.split() if c.startswith("card-"))


class Table:
    """A play table on the page, found by ``selector``, clicked as a learner would."""

    def __init__(self, page: Any, selector: str) -> None:
        self.page = page
        self.sel = selector
        self.root = page.locator(selector)

    def part(self, css: str) -> Any:
        return self.root.locator(css)

    def text(self, css: str) -> str:
        return str(self.part(css).first.inner_text())

    def _href(self) -> str:
        return str(self.part(".bw-save-link").get_attribute("href"))

    def act(self, target: Any) -> None:
        """Click ``target`` and wait for the table's redraw (the Save link changes)."""
        act_on_table(self.page, self.sel, target)

    def call(self, call: str) -> None:
        self.act(self.part(f".bw-calls-box .call-{call}"))

    @property
    def hand_over(self) -> bool:
        return self.part(".bw-new-hand:not([disabled])").count() > 0

    def play_first(self) -> str:
        """Play the first playable card; return it (once it has left the hand)."""
        button = self.part(".bw-my-hand .bw-legal").first
        card = _card_of(button.get_attribute("class") or "")
        self.act(button)
        assert self.part(f".bw-my-hand .card-{card}").count() == 0, card
        return card

    def play_out(self) -> int:
        """Play the hand to its end: the first call offered, then the first playable card each
        time; return the number of cards played."""
        played = 0
        for _ in range(60):
            if self.hand_over:
                return played
            if self.part(".bw-my-hand .bw-legal").count():
                self.play_first()
                played += 1
            elif self.part(".bw-calls-box .bw-call").count():
                self.act(self.part(".bw-calls-box .bw-call").first)
            else:
                pytest.fail(f"nothing to click: {self.text('.bw-status')!r}")
        pytest.fail("the hand did not end in 60 clicks")

    def next(self) -> None:
        self.act(self.part(".bw-new-hand"))

    @property
    def bar(self) -> str:
        return self.text(".bw-status-bar")


def test_run_learner_wins_a_match_and_the_level_rises(page: Any) -> None:
    t = Table(page, ".demo-run")
    assert "Level 1 · run score 0 · matches won 0" in t.bar
    assert "Run 1 · Match 1 · Hand 1" in t.text(".bw-header")
    assert t.play_out() == 16  # two-player Belote: 16 cards each, the stock included
    t.next()
    assert "Hand 2" in t.text(".bw-header")
    assert t.play_out() == 16
    t.next()  # the second hand counted: the match is over
    status = t.text(".bw-status")
    assert "The match is over: South wins. Press Next match." in status, status
    score = re.search(r"North (\d+) · South \(you\) (\d+)", t.bar)
    assert score, t.bar
    north, south = map(int, score.groups())
    assert south > north
    assert t.text(".bw-new-hand") == "Next match"
    t.next()
    assert "You won the match! The computer now plays at level 2." in t.text(".bw-status")
    run_score = 10_000 + min(south - north, 9_999)  # seed 001: won × 10,000 + margins
    assert f"Level 2 · run score {run_score:,} · matches won 1" in t.bar, t.bar
    header = t.text(".bw-header")
    assert "Match 2 · Hand 1" in header and "computer level 2" in header, header


def test_callbreak_journey_round(page: Any) -> None:
    t = Table(page, ".demo-journey")
    assert "Round 1 of 3" in t.bar
    assert "Level 1 · games won 0 · journey points 0" in t.bar
    assert t.part(".bw-my-hand .bw-card-btn").count() == 13
    t.call("2")
    assert "You called 2 tricks." in t.text(".bw-status")
    assert "called 2 tricks" in t.text(".seat-S")
    assert t.play_out() == 13
    assert t.part(".bw-log li").count() == 14  # the calls, then 13 tricks
    assert "The round is over: press Next round." in t.text(".bw-status")  # rounds, one way
    t.next()
    assert "Round 2 of 3" in t.bar, t.bar
    header = t.text(".bw-header")
    assert "Journey 1 · Game 1 ·" in header and "Hand" not in header, header  # the bar counts
    assert t.part(".bw-scoreboard .bw-score-row").count() == 1


def test_belote_no_trump_chosen_in_the_settings(page: Any) -> None:
    app = page.locator(".demo-no-trump")
    box = app.locator(".bw-settings .bw-rule-allow_no_trump input[type=checkbox]")
    assert not box.is_checked()
    t = Table(page, ".demo-no-trump .bw-play-table")
    t.call("pass")  # the table dealt before Start: no trump is not offered
    assert t.part(".bw-calls-box .call-NT").count() == 0
    assert t.part(".bw-calls-box .call-H").count() == 1
    page.evaluate("() => document.querySelector('.demo-no-trump .bw-play-table')"
                  ".setAttribute('data-old', '')")
    box.check()
    app.locator(".bw-settings .bw-start").click()
    page.wait_for_selector(".demo-no-trump .bw-play-table:not([data-old]) .bw-my-hand .bw-legal, "
                           ".demo-no-trump .bw-play-table:not([data-old]) .bw-call")
    message = app.locator(".bw-settings-message").inner_text()
    assert message == "Dealt: Four-player Belote, One hand."
    assert page.locator(".demo-no-trump .bw-play-table").count() == 1
    t.call("pass")
    assert t.part(".bw-calls-box .call-NT").inner_text() == "No trump"
    t.call("NT")
    assert "Contract: no trump — taker: South" in t.bar, t.bar
    assert t.text(".bw-trump-badge") == "no trump"
    assert t.play_out() == 8
    assert t.text(".bw-final").startswith("The contract ")  # made or failed, in words
    score = re.search(r"North–South \(you\) (\d+) · East–West (\d+)", t.bar)
    assert score and sum(map(int, score.groups())) == 162, t.bar  # no trump: 4 × 38 + 10


def test_coinche_auction_with_a_coinche(page: Any) -> None:
    t = Table(page, ".demo-coinche")
    bid = t.part(".bw-bid-input select")
    assert bid.input_value() == "80 ♠"  # never empty: the lowest legal bid is chosen
    t.act(t.part(".bw-bid"))
    assert "You called 80 ♠." in t.text(".bw-status")
    assert "West: 90 ♥" in t.text(".bw-bidding")
    coinche = t.part(".bw-calls-box .call-coinche")
    assert coinche.inner_text() == "Coinche (×2)"
    t.call("coinche")
    calls = t.text(".bw-bidding")
    assert "South: Coinche (×2), West: Pass" in calls, calls
    assert "Contract: 90 ♥ ×2 — bidder: West" in t.bar, t.bar
    assert "Your turn (South): play a card." in t.bar
    assert t.part(".bw-my-hand .bw-legal").count() > 0


_SUIT = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def _code(pretty: str) -> str:
    """``10♠`` → ``TS``."""
    rank = pretty[:-1]
    return ("T" if rank == "10" else rank) + _SUIT[pretty[-1]]


def test_review_names_the_costliest_card(page: Any) -> None:
    t = Table(page, ".demo-review")
    assert t.part(".bw-review-button[disabled]").count() == 1  # not before the hand is over
    assert t.play_out() == 8
    t.part(".bw-review-button").click()
    page.wait_for_selector(".demo-review .bw-review-table", timeout=RENDER_TIMEOUT)
    words = t.text(".bw-review")
    top = re.search(r"trick (\d+), South: (\S+) cost (\d+) points", words)
    assert top, words
    trick, card, cost = top.groups()
    row = t.part(".bw-review-table tr.bw-costliest")
    assert row.get_attribute("data-card") == _code(card)
    cells = [str(x) for x in row.locator("td").all_inner_texts()]
    assert cells[0] == trick and cells[4] == cost, cells
    assert re.search(r"From what South could see, the hint .*(a mistake|bad luck)", words), words
    assert t.part(".bw-review-panel .bw-hand-stepper").count() == 1
    t.root.locator(".bw-lang button", has_text="한국어").first.click()
    page.wait_for_function(
        "() => document.querySelector('.demo-review .bw-review').innerText.includes('손해')")
    ko = t.text(".bw-review")
    assert f"{ordinal(int(trick))} 트릭, 남쪽: {card} 때문에 {cost}점 손해" in ko, ko
    t.root.locator(".bw-lang button", has_text="English").first.click()


def _position(t: Table) -> dict[str, Any]:
    """What the learner sees of the position (the status line's last messages aside)."""
    return {
        "hand": [_card_of(b.get_attribute("class") or "")
                 for b in t.part(".bw-my-hand .bw-card-btn").all()],
        "legal": t.part(".bw-my-hand .bw-legal").count(),
        **{css: t.text(css) for css in (
            ".bw-header", ".bw-status-bar", ".bw-center", ".bw-bidding", ".bw-log",
            ".bw-scoreboard", ".seat-N", ".seat-E", ".seat-W", ".seat-S",
        )},
    }


def _upload(page: Any, t: Table, file: Any) -> None:
    """Give ``file`` to the Resume button: ipywidgets 8's FileUpload keeps its ``<input
    type=file>`` out of the page and clicks it from the button, so the file goes through the
    file chooser that the click opens (Playwright's ``set_files`` is ``set_input_files`` on
    that input)."""
    with page.expect_file_chooser() as chooser:
        t.part(".bw-resume").click()
    chooser.value.set_files(file)


def test_save_reload_and_resume(page: Any, tmp_path: Path) -> None:
    t = Table(page, ".demo-save")
    start = _position(t)
    while not t.part(".bw-my-hand .bw-legal").count():
        t.act(t.part(".bw-calls-box .bw-call").first)
    for _ in range(3):
        t.play_first()
    saved = _position(t)
    assert saved["hand"] != start["hand"] and saved["legal"] > 0
    data = download(page, t.part(".bw-save-link"))
    record = json.loads(data)
    assert record["format"] == "belote_lab/session" and record["mode"] == "game"
    name = t.part(".bw-save-link").get_attribute("download")
    assert name == "belote-lab-belote-game-1.json"

    page.reload(timeout=RENDER_TIMEOUT)
    for selector in READY:
        page.wait_for_selector(selector, timeout=RENDER_TIMEOUT)
    assert _position(t) == start  # a new kernel: the table dealt afresh

    # ipywidgets writes "Resume (0)" on the button: its text is hidden, the label drawn by CSS
    shown = t.part(".bw-resume").evaluate(
        "e => [getComputedStyle(e).fontSize, getComputedStyle(e, '::after').content]")
    assert shown == ["0px", '"Resume"'], shown
    before = t._href()
    _upload(page, t, {"name": name, "mimeType": "application/json", "buffer": data})
    page.wait_for_function(SAVE_CHANGED, arg=[t.sel, before])
    page.wait_for_selector(".demo-save .bw-file-message:has-text('Resumed')")
    message = t.text(".bw-file-message")
    assert message == "Resumed: Four-player Belote, A game to the target score."
    assert _position(t) == saved
    t.play_first()  # and the game goes on from there
    assert len(_position(t)["hand"]) == len(saved["hand"]) - 1

    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "belote_lab/hand", "version": 1}')
    here = _position(t)
    _upload(page, t, str(bad))
    page.wait_for_selector(".demo-save .bw-file-message:has-text('cannot be resumed')")
    assert "The table is unchanged." in t.text(".bw-file-message")
    assert _position(t) == here


# --- the settings panel and the new table controls: legible in dark, and at 600 px ------------
def test_settings_and_table_read_in_dark_and_fit_600px(browser: Any, voila_url: str) -> None:
    """The settings panel, the status bar, the log and the Save/Resume row: every visible text
    at 4.5:1 or more in JupyterLab Dark, and nothing wider than a 600 px screen (the same page
    narrowed, as a learner narrows the window: one run of the notebook)."""
    errors: list[str] = []
    dark = open_page(browser, voila_url + "?theme=dark", 1200, READY, errors)
    try:
        texts = dark.evaluate(TEXT_CONTRASTS)
        kinds = {name for t in texts for name in t["widget"].split()}  # + bw-lang-en …
        assert kinds >= {"bw-settings", "bw-play-table"}, texts[:3]
        low = [t for t in texts if t["ratio"] < MIN_CONTRAST]
        assert not low, "\n".join(map(str, low))
        resize(dark, NARROW)
        overflows = dark.evaluate(OVERFLOWS)
        assert not overflows, overflows
    finally:
        close_page(dark)
    assert not errors, errors
