"""Latency of :func:`belote_lab.coaching.advice.advise` (its defaults) at the first call of a hand.

    python benchmarks/bench_advice.py [--hands 10] [--seed 0] [--games belote,coinche,...]

For each game, ``--hands`` hands are dealt from seeds (the dealer turning round the table)
and the first seat to speak asks for advice with the defaults (``samples=200``,
``time_budget=1.0``: sampling stops once the next round of deals would likely end past
85% of the budget).  Two heavier cases follow: four-player Belote's round 2 with no trump
and all trump allowed (five contracts to simulate), and Coinche's first call with no trump
and all trump allowed (six).  Printed: the median and worst time, the median and fewest
deals a call, against the target (< 1 s, every game), and the load average (the machine
may be shared).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from loadavg import load_average  # benchmarks/loadavg.py

from belote_lab.coaching.advice import advise
from belote_lab.games import GAMES, get
from belote_lab.rules import BeloteRules, CoincheRules

TARGET = 1.0


def first_call(game: str, seed: int) -> Any:
    """A hand of ``game`` at its first call (seeded; the dealer turns round the table)."""
    g = get(game)
    return g.hand_class(seed=seed, dealer=g.seats[seed % len(g.seats)])


def belote_round_two(seed: int) -> Any:
    h = get("belote").hand_class(
        seed=seed, dealer=seed % 4, rules=BeloteRules(allow_no_trump=True, allow_all_trump=True)
    )
    for _ in range(4):
        h.call("pass")
    return h


def coinche_nt_at(seed: int) -> Any:
    rules = CoincheRules(allow_no_trump=True, allow_all_trump=True)
    return get("coinche").hand_class(seed=seed, dealer=seed % 4, rules=rules)


Case = tuple[str, Callable[[int], Any]]
HEAVIER: dict[str, list[Case]] = {
    "belote": [("belote r2 NT/AT", belote_round_two)],
    "coinche": [("coinche NT/AT", coinche_nt_at)],
}


def cases(games: list[str]) -> list[Case]:
    """Each game's first call, then the heavier cases of the games asked for."""
    out: list[Case] = [(g, lambda seed, g=g: first_call(g, seed)) for g in games]
    for g in games:
        out += HEAVIER.get(g, [])
    return out


def measure(make: Callable[[int], Any], hands: int, seed: int) -> tuple[list[float], list[int]]:
    times, deals = [], []
    for i in range(hands):
        h = make(seed + i)
        t0 = time.perf_counter()
        a = advise(h, seed=i)
        times.append(time.perf_counter() - t0)
        deals.append(a.samples)
    return times, deals


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--hands", type=int, default=10, help="seeded hands per game (10)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--games", default=",".join(GAMES), help="comma-separated games")
    args = p.parse_args(argv)
    advise(first_call("belote", 0), samples=1)  # numba cache load, not counted
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    print(f"advise() with its defaults; load average {load_average() or 'n/a'}; "
          f"{args.hands} hands per game; target < {TARGET:g} s")
    print(f"{'game':<16} {'calls':>5} {'median':>9} {'worst':>9} {'deals':>6} {'fewest':>6}  "
          "target")
    slow = False
    for name, make in cases(games):
        ts, ds = measure(make, args.hands, args.seed)
        worst = max(ts)
        slow = slow or worst >= TARGET
        verdict = "ok" if worst < TARGET else "ABOVE"
        print(f"{name:<16} {len(ts):>5} {statistics.median(ts) * 1e3:>7.0f}ms "
              f"{worst * 1e3:>7.0f}ms {statistics.median(ds):>6g} {min(ds):>6}  "
              f"{verdict} (< {TARGET:g} s)")
    print(f"load average after: {load_average() or 'n/a'}")
    return 1 if slow else 0


if __name__ == "__main__":
    raise SystemExit(main())
