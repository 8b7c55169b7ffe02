"""Speed of the batch simulator (:mod:`belote_lab.batch`): random legal hands per second on
one core, beside colver's native rollouts when colver is installed.

    python benchmarks/bench_batch.py [--hands 200000] [--repeat 3] [--seed 0]

Each game and contract plays ``--hands`` hands ``--repeat`` times after a warm-up (numba's
compilation, or its cache, is not timed); the best time is reported, with the load average
before and after (the machine may be shared).  colver (``pip install -e ".[bench]"``) is
optional: without it only our figures are printed.
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable
from typing import Any

from loadavg import load_average  # benchmarks/loadavg.py

from belote_lab._jit import HAVE_NUMBA
from belote_lab.batch import playouts

CASES = (
    ("belote", "H"), ("belote", "NT"), ("belote", "AT"), ("coinche", "100S"), ("belote2", "H"),
    ("callbreak", "-"),
)


def best_time(fn: Callable[[], Any], repeat: int) -> float:
    """The shortest of ``repeat`` wall-clock times of ``fn()``, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def batch_options(argv: list[str] | None, doc: str | None, default: int,
                  count: str = "hands") -> argparse.Namespace:
    """The options every batch benchmark takes (``--hands`` or ``--rounds``, ``--repeat``,
    ``--seed``), parsed; then the Python version, whether numba compiles, and the load average
    are printed."""
    p = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    p.add_argument(f"--{count}", type=int, default=default)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args(argv)
    jit = "yes" if HAVE_NUMBA else "no (plain Python)"
    print(f"Python {platform.python_version()}, numba: {jit}")
    print(f"load average before: {load_average()}")
    return a


def colver_rate(hands: int, repeat: int) -> tuple[float, str] | None:
    """colver's native ``Env.rollout`` hands per second and its version, or ``None`` without
    colver: a dealt hand with a fixed contract (hearts, taken by N–S), then ``rollout(n)``,
    which plays ``n`` random play-outs of the hand in compiled code (colver's fastest path)."""
    try:
        import colver  # type: ignore[import-not-found]
    except ImportError:
        return None
    env = colver.Env.deal(dealer=3, seed=1)
    env.set_contract(1, 80, 0, 0)
    env.set_phase_playing()
    return hands / best_time(lambda: env.rollout(hands), repeat), str(colver.__version__)


def main(argv: list[str] | None = None) -> int:
    a = batch_options(argv, __doc__, 200_000)
    ours = 0.0
    for game, contract in CASES:
        playouts(game, 10, contract, seed=a.seed)  # compile (or load numba's cache)
        t = best_time(lambda g=game, c=contract: playouts(g, a.hands, c, seed=a.seed),
                      a.repeat)
        rate = a.hands / t
        ours = ours or rate
        print(f"{game:8} {contract:5} {a.hands:>9,} hands in {t:6.3f} s: {rate:>12,.0f} hands/s")
    theirs = colver_rate(a.hands, a.repeat)
    if theirs is None:
        print("colver: not installed (optional): no comparison")
    else:
        rate, version = theirs
        print(f"colver {version} Env.rollout: {rate:>12,.0f} hands/s; "
              f"ours (belote H) / colver = {ours / rate:.2f}")
    print(f"load average after: {load_average()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
