"""Issue 29's targets in one run: ``simulate(game, n, levels)`` *with its calls* as a user
calls it, hands per second, side by side for every game, with the load average.

    python benchmarks/bench_simulate.py [--hands 200000] [--repeat 3] [--memory 1000000]
                                        [--python 300]

For each game, at level 1 and level 2 at every seat: the best of ``--repeat`` runs of
``simulate(game, --hands, levels, progress=False)`` (numba's compilation or its cache load is
done by a warm-up and not timed), beside the same call played by the Python players
(``engine="python"``, ``--python`` hands) for the ratio.  Then, each in a fresh process: the
peak memory (max RSS) of ``simulate("belote", --memory, "2,2,2,2")``, and the first call's
time (the kernels loaded from numba's disk cache, which ``make`` fills).  Targets (issue 29):
four-player Belote level 2 ≥ 100,000 hands/s, the other games ≥ 50,000, level 1 ≥ 300,000;
peak memory < 500 MB; a first call < 1.5 s.  Fixed-contract play-outs against colver:
``benchmarks/bench_batch.py``.
"""

from __future__ import annotations

import argparse
import platform
import subprocess
import sys
import time
from pathlib import Path

from loadavg import load_average  # benchmarks/loadavg.py

from belote_lab._jit import HAVE_NUMBA
from belote_lab.simulation.simulate import simulate

GAMES = ("belote", "coinche", "belote2", "callbreak")
TARGETS = {("belote", 2): 100_000, ("coinche", 2): 50_000, ("belote2", 2): 50_000,
           ("callbreak", 2): 50_000}
LEVEL1_TARGET = 300_000
ROOT = Path(__file__).resolve().parent.parent

MEMORY_SCRIPT = """
import resource, sys, time
from belote_lab.simulation.simulate import simulate
t0 = time.perf_counter()
r = simulate("belote", int(sys.argv[1]), "2,2,2,2", progress=False)
assert r.meta["engine"] == "batch" and len(r) == int(sys.argv[1])
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, time.perf_counter() - t0)
"""
FIRST_SCRIPT = """
import time
t0 = time.perf_counter()
from belote_lab.simulation.simulate import simulate
r = simulate("belote", 1000, "2,2,2,2", progress=False)
print(time.perf_counter() - t0, r.meta["engine"])
"""


def rate(game: str, n: int, levels: str, repeat: int, engine: str = "auto") -> float:
    """The best hands per second of ``repeat`` runs of ``simulate``."""
    best = float("inf")
    for k in range(repeat):
        t0 = time.perf_counter()
        r = simulate(game, n, levels, seed=k, progress=False, engine=engine)
        best = min(best, time.perf_counter() - t0)
        assert r.meta["engine"] == ("python" if engine == "python" else "batch"), r.meta
    return n / best


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--hands", type=int, default=200_000)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--memory", type=int, default=1_000_000)
    p.add_argument("--python", type=int, default=300)
    a = p.parse_args(argv)
    print(f"Python {platform.python_version()}, numba: {'yes' if HAVE_NUMBA else 'no'}; "
          f"{time.strftime('%Y-%m-%d %H:%M')}; load average before: {load_average()}")
    print(f"simulate(game, {a.hands:,}, levels) with the calls, best of {a.repeat}; the Python "
          f"players on {a.python} hands for the ratio")
    print(f"{'game':10} {'level':>5} {'hands/s':>12} {'target':>10} {'met':>4} "
          f"{'Python hands/s':>15} {'ratio':>8}")
    for game in GAMES:
        for level in (1, 2):
            levels = ",".join([str(level)] * 4)
            simulate(game, 50, levels, progress=False)  # warm-up: compile or load the kernels
            fast = rate(game, a.hands, levels, a.repeat)
            slow = rate(game, a.python, levels, 1, engine="python")
            target = LEVEL1_TARGET if level == 1 else TARGETS[(game, level)]
            met = "yes" if fast >= target else "NO"
            print(f"{game:10} {level:>5} {fast:>12,.0f} {target:>10,} {met:>4} {slow:>15,.0f} "
                  f"{fast / slow:>7,.0f}×", flush=True)
    out = subprocess.run([sys.executable, "-c", MEMORY_SCRIPT, str(a.memory)], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    mb, seconds = (float(x) for x in out.stdout.split())
    print(f"peak memory (max RSS) of simulate('belote', {a.memory:,}, '2,2,2,2') in a fresh "
          f"process: {mb:,.0f} MB (target < 500 MB; {seconds:.1f} s)")
    out = subprocess.run([sys.executable, "-c", FIRST_SCRIPT], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    first, engine = out.stdout.split()
    print(f"a first simulate('belote', 1000, '2,2,2,2') in a fresh process, import included: "
          f"{float(first):.2f} s (engine {engine}; target < 1.5 s with numba's cache)")
    print(f"load average after: {load_average()}")


if __name__ == "__main__":
    main()
