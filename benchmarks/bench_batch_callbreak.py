"""Speed of level-2 Callbreak in the batch simulator (:mod:`belote_lab.batch.callbreak`):
rounds per second on one core, level-2 calls and play at every seat, beside level 1 (fixed
calls, random legal play, :func:`belote_lab.playouts`) on the same deals.

    python benchmarks/bench_batch_callbreak.py [--rounds 100000] [--repeat 3] [--seed 0]

Each player plays ``--rounds`` rounds (50,000–100,000 is the range the figures are quoted
for) ``--repeat`` times after a warm-up (numba's compilation, or its cache, is not timed);
the best time is reported, with the load average before and after (the machine may be
shared).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bench_batch import batch_options, best_time  # benchmarks/bench_batch.py
from loadavg import load_average  # benchmarks/loadavg.py

from belote_lab.batch import playouts
from belote_lab.batch.callbreak import playouts_level2_callbreak


def main(argv: list[str] | None = None) -> int:
    a = batch_options(argv, __doc__, 100_000, "rounds")
    runs: tuple[tuple[int, Callable[[int], Any]], ...] = (
        (2, lambda n: playouts_level2_callbreak(n, seed=a.seed)),
        (1, lambda n: playouts("callbreak", n, seed=a.seed)),
    )
    for level, fn in runs:
        fn(10)  # compile (or load numba's cache)
        t = best_time(lambda f=fn: f(a.rounds), a.repeat)
        print(f"callbreak level {level}: {a.rounds:>9,} rounds in {t:6.3f} s: "
              f"{a.rounds / t:>12,.0f} rounds/s")
    print(f"load average after: {load_average()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
