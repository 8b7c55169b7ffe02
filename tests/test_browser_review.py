"""A lucky card found by the review of a hand played at the table, in a real browser (issue 27,
item 3's "Done when").

Voilà serves a one-table notebook written for the test (four-player Belote against the level-2
computer, deal number 10) and headless Debian Chromium (driven by Playwright, see
``browser_support.py``) plays it as a learner would: the first call button, then the first
playable card each time.  South's A♦ at trick 6 then costs nothing with every card known, though
the hint, from what South could see, put it well below the 7♦: *Review this hand* calls it
lucky — the row's verdict and the review's words, in English and, after the table's language
button, in Korean (운이 좋았음).  ``tests/test_widget_review.py`` checks the same hand in the
kernel (``test_a_lucky_card_at_the_table``).

Without Chromium, Playwright or Voilà the test is skipped on a workstation and fails in CI
(``CI`` set).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    RENDER_TIMEOUT,
    act_on_table,
    cells_notebook,
    chromium,
    close_page,
    open_page,
    skip_or_fail,
    unavailable,
    voila,
)

TABLE = ".demo-lucky"
CELLS = [
    "import belote_widgets as bw\n\nbw.set_language(\"en\")",
    f"table = bw.PlayTable(\"belote\", mode=\"hand\", level=2, seed=10)\n"
    f"table.add_class(\"{TABLE[1:]}\")",
]

@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    reason = unavailable("voila")
    if reason:
        skip_or_fail(reason)
    folder = tmp_path_factory.mktemp("review")
    notebook = cells_notebook(folder / "lucky.ipynb", CELLS)
    errors: list[str] = []
    with voila(Path(notebook), folder) as url, chromium() as browser:
        pg = open_page(browser, url, 1200, [f"{TABLE} .bw-my-hand .bw-card-btn"], errors)
        yield pg
        close_page(pg)
    assert not errors, errors


def _act(page: Any, target: Any) -> None:
    """Click ``target`` and wait for the table's redraw."""
    act_on_table(page, TABLE, target)


def _play_out(page: Any) -> int:
    """The first call offered, then the first playable card each time; the cards played."""
    root = page.locator(TABLE)
    played = 0
    for _ in range(60):
        if root.locator(".bw-new-hand:not([disabled])").count():
            return played
        if root.locator(".bw-my-hand .bw-legal").count():
            _act(page, root.locator(".bw-my-hand .bw-legal").first)
            played += 1
        elif root.locator(".bw-calls-box .bw-call").count():
            _act(page, root.locator(".bw-calls-box .bw-call").first)
        else:
            page.wait_for_timeout(200)  # the computer is playing
    raise AssertionError("the hand did not end")


def test_the_review_names_a_lucky_card_in_english_and_korean(page: Any) -> None:
    root = page.locator(TABLE)
    assert _play_out(page) == 8
    root.locator(".bw-review-button").first.click()
    page.wait_for_selector(f"{TABLE} .bw-review-table", timeout=RENDER_TIMEOUT)
    row = root.locator('.bw-review-table tr[data-verdict="lucky"]')
    assert row.count() == 1 and row.get_attribute("data-card") == "AD"
    assert row.locator(".bw-review-verdict").inner_text() == "lucky"
    cells = [str(x) for x in row.locator("td").all_inner_texts()]
    assert cells[0] == "6" and cells[4] == "0", cells  # trick 6, no cost with every card known
    assert re.fullmatch(r"\d+\.\d–\d+\.\d points below 7♦ \(\d+ deals\)", cells[6]), cells
    words = str(root.locator(".bw-review").first.inner_text())
    assert "trick 6, South: A♦ cost nothing with every card known." in words, words
    assert "95% interval) put A♦" in words and ": lucky — " in words, words
    root.locator(".bw-lang button", has_text="한국어").first.click()
    page.wait_for_function(
        f"() => document.querySelector('{TABLE} .bw-review').innerText.includes('운이 좋았음')")
    assert row.locator(".bw-review-verdict").inner_text() == "운이 좋았음"
    ko = str(root.locator(".bw-review").first.inner_text())
    assert "남쪽: A♦는 모든 패를 공개하면 손해가 없었습니다." in ko, ko
    assert "95% 신뢰구간" in ko and "운이 좋았습니다." in ko, ko
    root.locator(".bw-lang button", has_text="English").first.click()
