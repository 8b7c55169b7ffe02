"""Issue 28's table in JupyterLab, in four looks (light, dark, Korean, a 600 px window).

``benchmarks/screenshots.py`` writes its notebook (every widget, and the tables of issue 28:
the declarations after the first trick, the card drawn in two-player Belote, a review row
opened at its moment, Callbreak's void deal) and JupyterLab runs it with Run All in headless
Debian Chromium, in English; the run is then read light, dark (the theme switched from the
Settings menu), in a 600 px window and in Korean (the four tables switched by their language
buttons, the window wide again), as a learner switches them; in each look:

* the cards South declared are shown in its row (T♥ J♥ Q♥), the other seats' rows too;
* the card South drew is marked (``bw-drawn``) and each draw is a line of the log;
* the review's moment shows every hand face up, the A♦ played and the best card outlined;
* Callbreak's void deal says East has no spade, in the look's language;
* a disabled button is grey (never green) with its text at 4.5:1 or more;
* at 600 px nothing of the widgets is wider than its place (a wide review table scrolls
  inside its own box, by design).

The run holds every widget of the screenshots (the 600 px look checks them all).  With
``BELOTE_SCREENSHOTS=<folder>`` the four widgets of each look are photographed into it (``make
screenshots`` writes every widget in every look to docs/screenshots, the Korean ones from a
notebook made in Korean).  Without Chromium or JupyterLab the tests are skipped on a
workstation and fail in CI (``CI`` set).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    MIN_CONTRAST,
    OVERFLOWS,
    ROOT,
    contrast,
    resize,
    rgb,
    skip_or_fail,
    unavailable,
)

sys.path.insert(0, str(ROOT / "benchmarks"))
import screenshots as shots

FACTS = """() => {
  const q = (s) => document.querySelector(s);
  const all = (s) => [...document.querySelectorAll(s)];
  const off = all(".bw-decl-shot button.jupyter-button:disabled")
    .filter((b) => b.offsetParent !== null).map((b) => {
      const s = getComputedStyle(b);
      return {css: b.className, bg: s.backgroundColor, fg: s.color, opacity: s.opacity};
    });
  return {
    declared: all('.bw-decl-shot .bw-decl-row[data-seat="S"] .bw-card')
      .map((e) => e.dataset.card),
    decl_rows: all(".bw-decl-shot .bw-decl-row").length,
    drawn: all(".bw-draw-shot .bw-my-hand .bw-drawn").length,
    draw_lines: all(".bw-draw-shot .bw-log-draw").map((e) => e.innerText),
    backs: all(".bw-moment-shot .bw-hand-stepper .bw-seats .bw-back").length,
    faces: all(".bw-moment-shot .bw-hand-stepper .bw-seats .bw-card").length,
    played: all(".bw-moment-shot .bw-seats .bw-mark-played").map((e) => e.dataset.card),
    best: all(".bw-moment-shot .bw-seats .bw-mark-best").length,
    redeal: q(".bw-redeal-shot .bw-status").innerText,
    disabled: off,
  };
}"""


# browser_support's OVERFLOWS, except inside the boxes made to scroll sideways (a review table
# wider than a 480 px output area scrolls in its box, by design; the page and the rest do not)
SCROLLERS = ".bw-review-scroll, .bw-scroll-x"
OUTSIDE_SCROLLERS = OVERFLOWS.replace(
    'for (const el of root.querySelectorAll("*")) {',
    f'for (const el of root.querySelectorAll("*")) {{ if (el.closest("{SCROLLERS}")) continue;',
)
assert OUTSIDE_SCROLLERS != OVERFLOWS


READ = ("declarations", "draw", "review_moment", "redeal")
"""The widgets these tests read in every look."""

KOREAN = """(tables) => {
  const q = (s) => document.querySelector(s);
  return tables.every((t) => q(t).classList.contains("bw-lang-ko"))
    && q(".bw-draw-shot .bw-log").innerText.includes("남쪽이")
    && q(".bw-redeal-shot .bw-status").innerText.includes("스페이드")
    && q(".bw-moment-shot .bw-hand-stepper").innerText.includes("트릭");
}"""
"""The four tables (their selectors, the argument) read Korean, each redrawn."""


def korean(page: Any, width: int) -> None:
    """The learner's switch to Korean: each of the four tables' ``한국어`` button, the window
    ``width`` px wide again."""
    resize(page, width)
    for name in READ:
        page.locator(f"{shots.WIDGETS[name]} .bw-lang button", has_text="한국어").first.click()
    page.wait_for_function(KOREAN, arg=[shots.WIDGETS[name] for name in READ])
    page.wait_for_timeout(500)  # the last style changes (as after a run)


@pytest.fixture(scope="module")
def looks(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, dict[str, Any]]]:
    """Each look's facts (and its 600 px overflows), read once: JupyterLab runs the notebook
    once, in English (about 25 s in all)."""
    reason = unavailable("jupyter-lab")
    if reason:
        skip_or_fail(reason)
    work = tmp_path_factory.mktemp("lab")
    where = os.environ.get("BELOTE_SCREENSHOTS")
    out = Path(where) if where else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    found: dict[str, dict[str, Any]] = {}
    looks = [(s, lang, w) for s, _t, lang, w in shots.LOOKS]
    english = [look for look in looks if look[1] == "en"]
    ((ko_suffix, _ko, ko_width),) = [look for look in looks if look[1] == "ko"]

    def read(page: Any, suffix: str, language: str, width: int) -> None:
        facts = page.evaluate(FACTS)
        facts["language"] = language
        facts["overflows"] = page.evaluate(OUTSIDE_SCROLLERS) if width < 800 else []
        found[suffix or "_light"] = facts
        for name in READ if out is not None else ():
            shots.shoot(page, shots.WIDGETS[name], out / f"{name}{suffix}.png", width)

    for suffix, language, width, page in shots.lab_looks(work, languages=["en"]):
        read(page, suffix, language, width)
        if suffix == english[-1][0]:  # the last English look: then the learner picks Korean
            korean(page, ko_width)
            read(page, ko_suffix, "ko", ko_width)
    yield found


LOOK_NAMES = ["_light", "_dark", "_ko", "_600px"]


@pytest.mark.parametrize("look", LOOK_NAMES)
def test_declared_cards_and_the_drawn_card(looks: dict[str, dict[str, Any]], look: str) -> None:
    f = looks[look]
    assert f["declared"] == ["TH", "JH", "QH"], f
    assert f["decl_rows"] >= 1
    assert f["drawn"] == 1 and len(f["draw_lines"]) == 2, f
    said = "South draws" if f["language"] == "en" else "남쪽이"
    assert said in f["draw_lines"][1], f["draw_lines"]


@pytest.mark.parametrize("look", LOOK_NAMES)
def test_the_review_moment_and_the_redeal(looks: dict[str, dict[str, Any]], look: str) -> None:
    f = looks[look]
    assert f["backs"] == 0 and 9 <= f["faces"] <= 12, f  # every hand face up at trick 6
    assert f["played"] == ["AD"] and f["best"] >= 1, f
    if f["language"] == "en":
        assert "East has no spade: the cards are dealt again." in f["redeal"], f["redeal"]
    else:
        assert "동쪽의 손패에 스페이드가 한 장도 없으므로" in f["redeal"], f["redeal"]


@pytest.mark.parametrize("look", LOOK_NAMES)
def test_disabled_buttons_and_600px(looks: dict[str, dict[str, Any]], look: str) -> None:
    f = looks[look]
    assert any("bw-new-hand" in b["css"] for b in f["disabled"]), f["disabled"]
    for b in f["disabled"]:
        r, g, bl = rgb(b["bg"])
        assert not (g > r + 40 and g > bl + 40), b
        assert b["opacity"] == "1" and contrast(b["bg"], b["fg"]) >= MIN_CONTRAST, b
    assert not f["overflows"], f["overflows"]


def test_every_look_was_read(looks: dict[str, dict[str, Any]]) -> None:
    assert sorted(looks) == sorted(LOOK_NAMES)
    assert Path(shots.__file__).name == "screenshots.py"
