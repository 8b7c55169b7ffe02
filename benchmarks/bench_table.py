"""Click-to-update latency of the play table, measured in the page.

    .venv/bin/python benchmarks/bench_table.py                 # Belote, 30 card clicks
    .venv/bin/python benchmarks/bench_table.py --game belote2 --clicks 40 --level 1

Voilà serves a one-table notebook written here (``PlayTable(game, mode="game", level=…)``, a
match for two-player Belote; the computer at pace 0) on 127.0.0.1 and headless Debian Chromium
(Playwright; never ``playwright install``) plays it: the first call offered, then the first
playable card, hand after hand.  For each card click a script in the page clicks the button
and watches the table with a ``MutationObserver``; two times are taken from the click
(``performance.now()``):

* **landed** — the card has left the learner's hand and lies on the felt (what the learner
  waits for);
* **settled** — the whole table is redrawn: the computer seats have answered and the Save
  link (drawn last) holds the new position.

Both include the round trip to the kernel, the engine's work for the learner's card and the
computer replies, and the browser's redraw.  Prints the median and quartiles of each (target:
landed median < 100 ms) and exits 1 when the landed median misses it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_code_cell, new_notebook

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from browser_support import chromium, close_page, open_page, unavailable, voila

TARGET_MS = 100.0
TABLE = ".bench-table"

CLICK = """async ([table, card]) => {
  const root = document.querySelector(table);
  const inHand = () => root.querySelector(`.bw-my-hand .card-${card}`);
  const onFelt = () => root.querySelector(`.bw-center .card-${card}`);
  const link = () => root.querySelector(".bw-save-link").getAttribute("href");
  const before = link();
  let landed = null;
  return await new Promise((resolve, reject) => {
    const t0 = performance.now();
    const check = () => {
      const now = performance.now() - t0;
      if (landed === null && !inHand() && onFelt()) landed = now;
      if (landed !== null && link() !== before) {
        observer.disconnect();
        resolve({ landed, settled: now });
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(root, { subtree: true, childList: true, attributes: true,
                             characterData: true });
    setTimeout(() => { observer.disconnect(); reject(new Error("no update in 30 s")); }, 30000);
    inHand().click();
  });
}"""

SAVE_CHANGED = """([table, before]) =>
  document.querySelector(table + " .bw-save-link").getAttribute("href") !== before"""


def write_notebook(path: Path, game: str, level: int, seed: int) -> None:
    mode = "match" if game == "belote2" else "game"
    source = (
        "import belote_widgets as bw\n\n"
        'bw.set_language("en")\n'
        f'table = bw.PlayTable("{game}", mode="{mode}", level={level}, seed={seed})\n'
        f'table.add_class("{TABLE[1:]}")'
    )
    nbformat.write(new_notebook(cells=[new_code_cell(source)], metadata={
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
    }), path)


def _act(page: Any, target: Any) -> None:
    """Click an unmeasured button (a call, Next hand) and wait for the table's redraw."""
    before = page.locator(f"{TABLE} .bw-save-link").get_attribute("href")
    target.click()
    page.wait_for_function(SAVE_CHANGED, arg=[TABLE, before])


def measure(page: Any, clicks: int) -> list[dict[str, float]]:
    """Play until ``clicks`` card clicks are measured; return each one's times (ms)."""
    table = page.locator(TABLE)
    out: list[dict[str, float]] = []
    for _ in range(clicks * 4):
        if len(out) >= clicks:
            break
        legal = table.locator(".bw-my-hand .bw-legal")
        if legal.count():
            classes = legal.first.get_attribute("class") or ""
            card = next(c[5:] for c in classes.split() if c.startswith("card-"))
            out.append(page.evaluate(CLICK, [TABLE, card]))
        elif table.locator(".bw-new-hand:not([disabled])").count():
            _act(page, table.locator(".bw-new-hand"))
        elif table.locator(".bw-calls-box .bw-call").count():
            _act(page, table.locator(".bw-calls-box .bw-call").first)
        else:
            page.wait_for_timeout(50)
    return out


def summary(name: str, values: list[float]) -> str:
    q1, median, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return (f"{name:8} median {median:6.1f} ms   quartiles {q1:6.1f} – {q3:6.1f} ms   "
            f"min {min(values):6.1f}   max {max(values):6.1f}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="belote",
                        choices=["belote", "belote2", "coinche", "callbreak"])
    parser.add_argument("--clicks", type=int, default=30, help="card clicks measured (>= 20)")
    parser.add_argument("--level", type=int, default=2, choices=[1, 2, 3, 4])
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    if args.clicks < 20:
        parser.error("--clicks: at least 20")
    reason = unavailable("voila")
    if reason:
        print(f"bench_table: {reason}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="belote-bench-") as tmp:
        work = Path(tmp)
        notebook = work / "bench_table.ipynb"
        write_notebook(notebook, args.game, args.level, args.seed)
        with voila(notebook, work) as url, chromium() as browser:
            page = open_page(browser, url, 1200, [f"{TABLE} .bw-my-hand .bw-card-btn"])
            try:
                t0 = time.perf_counter()
                times = measure(page, args.clicks)
                wall = time.perf_counter() - t0
            finally:
                close_page(page)
    if len(times) < args.clicks:
        print(f"bench_table: only {len(times)} clicks measured", file=sys.stderr)
        return 1
    landed = [t["landed"] for t in times]
    settled = [t["settled"] for t in times]
    print(f"play table click-to-update, {args.game} (computer level {args.level}, pace 0), "
          f"{len(times)} card clicks in {wall:.1f} s, Voilà + headless Chromium:")
    print(summary("landed", landed))
    print(summary("settled", settled))
    ok = statistics.median(landed) < TARGET_MS
    print(f"target: landed median < {TARGET_MS:.0f} ms: {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
