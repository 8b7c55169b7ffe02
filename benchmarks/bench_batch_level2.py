"""Speed of level-2 play in the batch simulator (:mod:`belote_lab.batch.level2`): four-player
Belote hands per second on one core, level 2 at every seat, beside level 1 (random legal
play, :func:`belote_lab.playouts`) on the same deals.

    python benchmarks/bench_batch_level2.py [--hands 100000] [--repeat 3] [--seed 0]

Each contract plays ``--hands`` hands (50,000–200,000 is the range the figures are quoted
for) ``--repeat`` times after a warm-up (numba's compilation, or its cache, is not timed);
the best time is reported, with the load average before and after (the machine may be
shared).
"""

from __future__ import annotations

from bench_batch import batch_options, best_time  # benchmarks/bench_batch.py
from loadavg import load_average  # benchmarks/loadavg.py

from belote_lab.batch import playouts
from belote_lab.batch.four import playouts_level2

CONTRACTS = ("H", "NT", "AT")


def main(argv: list[str] | None = None) -> int:
    a = batch_options(argv, __doc__, 100_000)
    for contract in CONTRACTS:
        for level, fn in ((2, playouts_level2), (1, playouts)):
            fn("belote", 10, contract, seed=a.seed)  # compile (or load numba's cache)
            t = best_time(lambda f=fn, c=contract: f("belote", a.hands, c, seed=a.seed),
                          a.repeat)
            print(f"belote {contract:3} level {level}: {a.hands:>9,} hands in {t:6.3f} s: "
                  f"{a.hands / t:>12,.0f} hands/s")
    print(f"load average after: {load_average()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
