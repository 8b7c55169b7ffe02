"""The first hint of a fresh Python process against its time budget (fuzz finding 14 of
2026-12-02: ``time_budget=0.05`` took about 0.72 s on the first call, even with numba's cache
filled by ``python -m belote_lab.batch.warm``).

    .venv/bin/python benchmarks/bench_first_hint.py [--runs 3]

Each figure is a new process, timed around the call only (the imports are done before), with
the cache beside the sources as ``make`` leaves it:

* ``before``: the hint as it was (:func:`belote_lab.players.pimc.hint` with the hint's
  ``min_deals``: the kernels are loaded inside the first solve, which cannot stop early);
* ``after``: :func:`belote_lab.coaching.hints.hint`, which loads them first
  (:func:`belote_lab.batch.warm.ready`) and gives the deals what is left of the budget;
* ``ready first``: the same once the application has called :func:`belote_lab.batch.warm.ready`
  at start (the second hint's figure is every later hint's).

Prints the median of ``--runs`` processes (seconds, and the deals each hint evaluated) and
the load average.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from loadavg import load_average

PROBE = """
import time
from belote_lab.games.belote import BeloteHand
from belote_lab.coaching.hints import RANGE_SAMPLES, hint
from belote_lab.players import pimc
from belote_lab.batch.warm import ready
h = BeloteHand(seed=3)
h.call("take")
if {way!r} == "ready first":
    ready()
out = []
for _ in range(2):
    t0 = time.perf_counter()
    if {way!r} == "before":
        hn = pimc.hint(h, 32, {budget}, 0, False, "points", min_deals=RANGE_SAMPLES)
    else:
        hn = hint(h, time_budget={budget})
    out += [time.perf_counter() - t0, hn.samples]
print(*out)
"""
WAYS = ("before", "after", "ready first")
BUDGETS = (0.05, 0.3, 0.9)


def first_two(way: str, budget: float) -> tuple[float, int, float, int]:
    """The first and the second hint's seconds and deals, in a new process."""
    code = PROBE.format(way=way, budget=budget)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    a, n, b, m = out.stdout.split()[-4:]
    return float(a), int(n), float(b), int(m)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=3)
    runs = p.parse_args().runs
    print(f"load average: {load_average()}")
    print(f"{'budget':>7} {'way':12} {'first hint':>10} {'deals':>5} {'second':>8} {'deals':>5}")
    for budget in BUDGETS:
        for way in WAYS:
            got = [first_two(way, budget) for _ in range(runs)]
            a, n, b, m = (statistics.median(x[i] for x in got) for i in range(4))
            print(f"{budget:6.2f}s {way:12} {a:9.3f}s {n:5g} {b:7.3f}s {m:5g}")
    print(f"load average: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
