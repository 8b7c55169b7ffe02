"""Speed of level-2 play of two-player Belote in the batch simulator
(:mod:`belote_lab.batch.belote2`): hands per second on one core, level 2 in both seats
(fixed contract and taker, no bidding), beside level 1 (random legal play,
:func:`belote_lab.playouts`) on the same deals.

    python benchmarks/bench_batch_belote2.py [--hands 100000] [--repeat 3] [--seed 0]

Each trump plays ``--hands`` hands (50,000–100,000 is the range the figures are quoted
for) ``--repeat`` times after a warm-up (numba's compilation, or its cache, is not timed);
the best time is reported, with the load average before and after (the machine may be
shared).
"""

from __future__ import annotations

from typing import Any

from bench_batch import batch_options, best_time  # benchmarks/bench_batch.py
from loadavg import load_average  # benchmarks/loadavg.py

from belote_lab.batch import playouts
from belote_lab.batch.belote2 import playouts_level2_belote2

TRUMPS = ("S", "H", "D", "C")


def level1(n: int, trump: str, taker: int, seed: int) -> Any:
    return playouts("belote2", n, trump, taker, seed)


def main(argv: list[str] | None = None) -> int:
    a = batch_options(argv, __doc__, 100_000)
    for trump in TRUMPS:
        for level, fn in ((2, playouts_level2_belote2), (1, level1)):
            fn(10, trump, 0, a.seed)  # compile (or load numba's cache)
            t = best_time(lambda f=fn, c=trump: f(a.hands, c, 0, a.seed), a.repeat)
            print(f"belote2 {trump} level {level}: {a.hands:>9,} hands in {t:6.3f} s: "
                  f"{a.hands / t:>12,.0f} hands/s")
    print(f"load average after: {load_average()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
