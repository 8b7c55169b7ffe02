"""Regenerate ``docs/screenshots/``: the widgets as a learner sees them in JupyterLab.

    .venv/bin/python benchmarks/screenshots.py            # or: make screenshots
    .venv/bin/python benchmarks/screenshots.py --out /tmp/shots

JupyterLab runs on 127.0.0.1 (a token, its own settings in a temporary folder) on a notebook
written here, run with Run All in headless Debian Chromium (Playwright; never ``playwright
install``), once a language; then each widget is photographed in four looks:

* ``NAME.png`` — JupyterLab Light, 1280 px wide, English;
* ``NAME_dark.png`` — JupyterLab Dark (switched from the Settings menu after the run);
* ``NAME_ko.png`` — Korean (``bw.set_language("ko")``);
* ``NAME_600px.png`` — the window narrowed to 600 px, the file browser folded (Ctrl+B): the
  output area is then about 480 px wide.

NAME is ``play_table`` (the settings panel above a Belote game, a trick on the felt),
``rule_explorer`` (a refused card's reason), ``hand_stepper`` (a hand half played),
``order_table``, ``review`` (a finished hand after *Review this hand*) and
``bidding_advice`` (the Hint button during a Coinche auction) and ``problem`` (a "You are
South" problem with its answer shown) and ``tip_table`` (four rows of the tip table),
``declarations`` (seed 004: the cards each seat declared after the first trick), ``draw``
(two-player Belote: the card South drew marked, the draws in the log), ``review_moment`` (a
review row opened at its moment, every hand face up) and ``redeal`` (Callbreak's void deal).
Takes about a minute;
prints each file written.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_code_cell, new_notebook

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from browser_support import (
    ROOT,
    chromium,
    close_page,
    jupyter_lab,
    lab_theme,
    open_page,
    unavailable,
)

OUT = ROOT / "docs" / "screenshots"
WIDGETS = {  # file name → the widget's element
    "play_table": ".bw-play-app",
    "rule_explorer": ".bw-rule-explorer",
    "hand_stepper": ".bw-hand-stepper",
    "order_table": ".bw-order-table",
    "review": ".bw-review-shot",
    "bidding_advice": ".bw-advice-shot",
    "problem": ".bw-problem-shot",
    "tip_table": ".bw-tips",
    "declarations": ".bw-decl-shot",
    "draw": ".bw-draw-shot",
    "review_moment": ".bw-moment-shot",
    "redeal": ".bw-redeal-shot",
}
READY = [
    ".bw-play-app .bw-play-table .bw-my-hand .bw-card-btn",
    ".bw-play-app .bw-settings .bw-start",
    ".bw-rule-explorer .bw-reason-label .bw-reason",
    ".bw-hand-stepper .bw-trick .bw-played",
    ".bw-order-table .bw-table",
    ".bw-review-shot .bw-review-table",
    ".bw-advice-shot .bw-advice table",
    ".bw-problem-shot .bw-problem-check",
    ".bw-tips .bw-tips-table",
    ".bw-decl-shot .bw-decl-row",
    ".bw-draw-shot .bw-my-hand .bw-drawn",
    ".bw-moment-shot .bw-mark-played",
    ".bw-redeal-shot .bw-my-hand .bw-card-btn",
]
LOOKS = [  # (suffix, theme, language, width): in this order, a run of the notebook a language
    ("", "JupyterLab Light", "en", 1280),
    ("_dark", "JupyterLab Dark", "en", 1280),
    ("_600px", "JupyterLab Light", "en", 600),
    ("_ko", "JupyterLab Light", "ko", 1280),
]
CELLS = [
    'import belote_widgets as bw\n\nbw.set_language("{language}")',
    # a Belote game with the settings panel: the calls made, a trick under way on the felt
    'app = bw.play("belote", mode="game", seed=3, level=2)\n'
    "t = app.table\n"
    "while t.call_buttons:\n"
    '    t.call(next(iter(t.call_buttons)))\n'
    "for _ in range(2):\n"
    "    t.play(next(c for c in t.cards.cards if t.hand.why_not(c, t.seat) is None))\n"
    "app",
    'x = bw.RuleExplorer(hand="JH 9H 7H AC KD 8C", trick="KS AS", leader="N", contract="H")\n'
    'x.click("KD")\n'
    "x",
    'stepper = bw.HandStepper.from_selfplay("belote", "2,2,2,2", seed=1)\n'
    "stepper.go(stepper.length // 2)\n"
    "stepper",
    'bw.CardOrderTable("H")',
    # a hand played out with the first playable card each time, then "Review this hand"
    'rt = bw.PlayTable("belote", mode="hand", level=2, seed=1)\n'
    'rt.add_class("bw-review-shot")\n'
    "while rt.hand.phase != 'done':\n"
    "    if rt.is_learner_turn and rt.hand.phase == 'play':\n"
    "        rt.play(next(c for c in rt.cards.cards if rt.hand.why_not(c, rt.seat) is None))\n"
    "    else:\n"
    "        rt.call_box.children[0].click()\n"
    "rt.review_hand()\n"
    "rt",
    # the Hint button during a Coinche auction: the bidding advice table
    'at = bw.PlayTable("coinche", level=2, seed=3)\n'
    'at.add_class("bw-advice-shot")\n'
    "at.show_hint()\n"
    "at",
    # a "You are South" problem, a wrong card tried, then the answer shown
    'pr = bw.Problem("belote-partner-wins")\n'
    'pr.add_class("bw-problem-shot")\n'
    'pr.choose("AH")\n'
    "pr.show_answer()\n"
    "pr",
    # four rows of the tip table (a duel that pays, one that costs, a small one, an untested tip)
    "from IPython.display import HTML\n"
    "from belote_lab.studies import tipstudy\n"
    "from belote_widgets.tip_table import tip_table_html\n"
    'HTML(tip_table_html(tipstudy.load(), "{language}", ids=["B3", "T9", "C8", "T10"]))',
    # seed 004's declarations: South takes, declares its tierce, and the first trick is played
    'dt = bw.PlayTable("belote", mode="hand", level=2, seed=6, rules={"declarations": True})\n'
    'dt.add_class("bw-decl-shot")\n'
    'dt.call("take")\n'
    "dt.declare(True)\n"
    "while not dt.hand.tricks:\n"
    "    dt.play(next(c for c in dt.cards.cards if dt.hand.why_not(c, dt.seat) is None))\n"
    "dt",
    # two-player Belote after two tricks: the card South drew is marked, the draws in the log
    'dr = bw.PlayTable("belote2", mode="hand", level=2, seed=1)\n'
    'dr.add_class("bw-draw-shot")\n'
    "while len(dr.hand.tricks) < 2:\n"
    "    if dr.hand.phase == 'bidding':\n"
    "        dr.call_box.children[0].click()\n"
    "    else:\n"
    "        dr.play(next(c for c in dr.cards.cards if dr.hand.why_not(c, dr.seat) is None))\n"
    "dr",
    # the review's moment: the lucky A♦ of deal 10 opened with every hand face up
    'mt = bw.PlayTable("belote", mode="hand", level=2, seed=10)\n'
    'mt.add_class("bw-moment-shot")\n'
    "while mt.hand.phase != 'done':\n"
    "    if mt.is_learner_turn and mt.hand.phase == 'play':\n"
    "        mt.play(next(c for c in mt.cards.cards if mt.hand.why_not(c, mt.seat) is None))\n"
    "    else:\n"
    "        mt.call_box.children[0].click()\n"
    "mt.review_hand()\n"
    "st = mt.review_stepper\n"
    'next(b for b in st.moment_buttons.values() if "A♦" in b.description).click()\n'
    "mt",
    # Callbreak's first deal is void: East holds no spade
    'cb = bw.PlayTable("callbreak", mode="journey", level=2, seed=0)\n'
    'cb.add_class("bw-redeal-shot")\n'
    "cb",
]


def write_notebook(path: Path, language: str) -> None:
    nb = new_notebook(
        cells=[new_code_cell(c.replace("{language}", language)) for c in CELLS],
        metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}},
    )
    nbformat.write(nb, path)


def run_all(page: Any) -> None:
    """Run every cell (the Run menu's Run All) once the kernel is idle, and wait for the
    widgets to be drawn."""
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
    page.wait_for_selector(".jp-StatusBar-TextItem:has-text('Idle')", timeout=90_000)
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator('li[data-command="runmenu:run-all"]:not(.lm-mod-disabled)').click()
    for selector in READY:  # attached: a cell below the fold may not be laid out yet
        page.wait_for_selector(selector, state="attached", timeout=120_000)
    page.wait_for_selector(".jp-StatusBar-TextItem:has-text('Idle')", timeout=90_000)
    page.wait_for_timeout(500)  # the last style changes


def shoot(page: Any, css: str, path: Path, width: int) -> None:
    """Photograph the element ``css`` whole: the window is made tall enough to hold it (the
    notebook scrolls inside the page, so a taller element would be cut)."""
    el = page.locator(css).first
    height = el.evaluate("e => e.getBoundingClientRect().height")
    page.set_viewport_size({"width": width, "height": int(max(900, height + 400))})
    page.wait_for_timeout(300)
    el.scroll_into_view_if_needed()
    el.screenshot(path=str(path))


def change_theme(page: Any, theme: str) -> None:
    """Switch JupyterLab's theme as a learner does (Settings → Theme), without reloading: the
    widgets already drawn take the new colours."""
    page.locator(".lm-MenuBar-itemLabel", has_text="Settings").first.click()
    page.locator('li.lm-Menu-item[data-type="submenu"]', has_text="Theme").first.hover()
    page.locator('li[data-command="apputils:change-theme"]', has_text=theme).first.click()
    page.wait_for_selector(f'body[data-jp-theme-name="{theme}"]', state="attached")
    page.wait_for_timeout(500)  # the new colours


def narrow(page: Any, width: int) -> None:
    """A window ``width`` px wide, the file browser folded away (Ctrl+B), as a learner on a
    small screen does."""
    page.set_viewport_size({"width": width, "height": 900})
    page.wait_for_selector("#jp-left-stack", state="attached")
    if page.locator("#jp-left-stack").is_visible():
        page.keyboard.press("Control+b")
        page.wait_for_selector("#jp-left-stack", state="hidden")
    page.wait_for_timeout(500)  # the widgets laid out again


def lab_looks(
    work: Path, languages: Sequence[str] | None = None
) -> Iterator[tuple[str, str, int, Any]]:
    """JupyterLab (files, settings and kernels under ``work``) running the notebook once a
    language (of ``languages``, by default every one of :data:`LOOKS`) in headless Chromium,
    each look (:data:`LOOKS`) of that language read from the same run: the theme switched from
    the Settings menu, the window narrowed (as a learner would; a run takes about 10 s, a
    switch under 1 s).  Yields ``(suffix, language, width, page)`` with every widget drawn,
    the page closed after each language."""
    root = work / "notebooks"
    root.mkdir()
    if languages is None:
        languages = list(dict.fromkeys(language for _s, _t, language, _w in LOOKS))
    for language in languages:
        write_notebook(root / f"look_{language}.ipynb", language)
    tracker = {"autoStartDefaultKernel": True, "windowingMode": "none"}
    settings = {"@jupyterlab/notebook-extension/tracker.jupyterlab-settings": tracker}
    with jupyter_lab(root, work, settings=settings) as (url, settings_dir), \
            chromium() as browser:
        base, query = url.split("?", 1)
        for language in languages:
            looks = [look for look in LOOKS if look[2] == language]
            lab_theme(settings_dir, looks[0][1])
            # a workspace of its own: only this language's notebook open, its own kernel
            address = f"{base}/workspaces/{language}/tree/look_{language}.ipynb?{query}&reset"
            page = open_page(browser, address, looks[0][3], [".jp-Notebook"])
            try:
                run_all(page)
                for suffix, theme, _language, width in looks:
                    if page.evaluate("document.body.dataset.jpThemeName") != theme:
                        change_theme(page, theme)
                    if width < 800:
                        narrow(page, width)
                    yield suffix, language, width, page
            finally:
                close_page(page)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="where the PNGs go")
    args = parser.parse_args(argv)
    reason = unavailable("jupyter-lab")
    if reason:
        print(f"screenshots: {reason}", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="belote-shots-") as tmp:
        for suffix, _language, width, page in lab_looks(Path(tmp)):
            for name, css in WIDGETS.items():
                path = args.out / f"{name}{suffix}.png"
                shoot(page, css, path, width)
                print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    print(f"screenshots: {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
