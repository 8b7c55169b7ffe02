"""Weighing the deals during the calls (:func:`belote_lab.players.inference.infer`): time a
deal, and how much of the calls' pool the table's advice weighs inside its share of the budget.

    python benchmarks/bench_calls_pool.py [--auctions 30] [--deals 1600] [--games coinche,callbreak]

For each game, level-2 auctions are dealt from seeds 0, 1, … and stopped after ``seed mod 4``
calls (stopping early when the auction ends: those are left out).  Printed:

- a deal's time: ``--deals`` deals weighed for the seat to call, best of three, over the first
  six auctions (the pool's cost, the machine's noise mostly left out);
- the table's pool: :func:`~belote_lab.players.inference.pool_size` deals for the advice's 200
  (3,200 in a game of ``AUCTION_FITTED``, else 800) weighed with the advice's deadline
  (``POOL_SHARE`` of its 1 s): how many were weighed (median, fewest), how many auctions
  weighed the whole pool, and the seconds (median, worst) — on a busy machine fewer.

The load average is printed before and after (the machine may be shared).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from loadavg import load_average  # benchmarks/loadavg.py

from belote_lab.games import get
from belote_lab.players.inference import POOL_SHARE, infer, pool_size
from belote_lab.players.registry import level2

ADVICE_SAMPLES = 200
"""The table's advice: ``advise``'s default samples (and its 1 s budget)."""


def auction(game: str, seed: int) -> Any | None:
    """A level-2 auction of ``game`` (seed ``seed``) after ``seed mod 4`` calls, or ``None``
    when it ended before."""
    h = get(game).hand_class(seed=seed)
    player = level2(game)(None)
    for _ in range(seed % 4):
        if h.phase == "bidding":
            h.call(player.choose_call(h))
    return h if h.phase == "bidding" else None


def per_deal(states: list[Any], deals: int) -> float:
    """Seconds a deal, best of three, summed over ``states``."""
    total = 0.0
    for h in states:
        best = float("inf")
        for _ in range(3):
            t = time.perf_counter()
            infer(h, h.current_player, deals, random.Random(1))
            best = min(best, time.perf_counter() - t)
        total += best
    return total / (len(states) * deals)


def at_table(states: list[Any]) -> dict[str, Any]:
    """How much of the advice's pool each auction weighs inside its deadline."""
    got, secs, full = [], [], 0
    for i, h in enumerate(states):
        n = pool_size(h, ADVICE_SAMPLES)
        t0 = time.perf_counter()
        inf = infer(h, h.current_player, n, random.Random(i), deadline=t0 + POOL_SHARE * 1.0)
        secs.append(time.perf_counter() - t0)
        got.append(len(inf))
        full += len(inf) == n
    return {"pool": n, "median": statistics.median(got), "fewest": min(got), "full": full,
            "n": len(states), "s_median": statistics.median(secs), "s_worst": max(secs)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--auctions", type=int, default=30)
    ap.add_argument("--deals", type=int, default=1600)
    ap.add_argument("--games", default="coinche,callbreak")
    args = ap.parse_args(argv)
    print(f"deals weighed during the calls; load average {load_average()}")
    print("game        a deal (best of 3)   the table's pool: weighed (median, fewest), "
          "whole pool, seconds (median, worst)")
    for game in args.games.split(","):
        states = [h for s in range(args.auctions) if (h := auction(game, s)) is not None]
        us = per_deal(states[:6], args.deals) * 1e6
        t = at_table(states)
        print(f"{game:<11} {us:6.0f} µs            {t['pool']} → {t['median']:.0f}, "
              f"{t['fewest']}; {t['full']}/{t['n']}; {t['s_median']:.3f} s, {t['s_worst']:.3f} s")
    print(f"load average after: {load_average()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
