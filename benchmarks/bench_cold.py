"""The first solve and the first hint of a fresh Python process, with numba's cache empty
(everything compiled on the spot) and once ``python -m belote_lab.batch.warm`` has filled it
(what ``make`` does at install).  Issue 16's target: under 1 s with the cache.

    .venv/bin/python benchmarks/bench_cold.py

Each figure is a new process; the cache is a temporary folder (``NUMBA_CACHE_DIR``), so the
cache beside the sources is not touched.  Prints seconds and the load average.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from loadavg import load_average

PROBE = """
import time
from belote_lab.batch.warm import first_lead
from belote_lab.solver import solve
from belote_lab.coaching.hints import hint
h = first_lead({game!r}, seed=7)
t0 = time.perf_counter()
if {solve}:
    solve(h)
else:
    hint(h, samples=4, time_budget=30.0)
print(f"{{time.perf_counter() - t0:.3f}}")
"""
CASES = [("belote", True), ("coinche", True), ("belote2", True), ("belote", False),
         ("callbreak", False)]


def first(game: str, exact: bool, env: dict[str, str]) -> float:
    code = PROBE.format(game=game, solve=exact)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, check=True)
    return float(out.stdout.split()[-1])


def main() -> int:
    print(f"load average: {load_average()}")
    with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        cold = {case: first(*case, env) for case in CASES[:1]}
        for game, exact in CASES[1:]:  # each cold figure from an empty cache
            with tempfile.TemporaryDirectory(prefix="numba-cache-") as other:
                cold[(game, exact)] = first(game, exact, {**os.environ,
                                                          "NUMBA_CACHE_DIR": other})
        subprocess.run([sys.executable, "-m", "belote_lab.batch.warm"], env=env, check=True)
        print(f"{'first call':34} {'cold cache':>10} {'warm cache':>10}")
        for game, exact in CASES:
            warm = first(game, exact, env)
            what = f"{game}: {'solve (first lead)' if exact else 'hint (4 deals)'}"
            print(f"{what:34} {cold[(game, exact)]:9.2f}s {warm:9.2f}s")
    print(f"load average: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
