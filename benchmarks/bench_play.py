"""Random self-play speed of every available game, and the time of a 1,000-hand simulation.

    python benchmarks/bench_play.py [--seconds 3] [--seed 0] [--sim-hands 1000]

(``make bench`` runs it.)  Each game plays random legal hands through the public API
(``HAND_CLASS(seed=…, dealer=…)``, ``legal_calls``/``call``, ``legal_mask``/``play``) for a
fixed time; the figure is compared with its target.  A game whose module is missing is
reported and skipped.  Figures depend on the machine and on its load: run it on a quiet one.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

import numpy as np
from loadavg import load_average  # benchmarks/loadavg.py

from belote_lab.games import GAMES
from belote_lab.simulation.selfplay import GameUnavailable, random_hands_per_second
from belote_lab.simulation.simulate import simulate

TARGETS = {"belote": 3000, "coinche": 3000, "belote2": 1500, "callbreak": 1500}
"""Random self-play hands per second each game should reach (one core)."""


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    return (
        f"machine: {os.cpu_count()} cores ({cpu}), {platform.system()} {platform.release()}; "
        f"Python {platform.python_version()} ({platform.python_implementation()}); "
        f"numpy {np.__version__}"
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=3.0, help="time per game (default 3)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--sim-hands", type=int, default=1000, help="belote hands to simulate")
    p.add_argument("--games", default=",".join(GAMES), help="comma-separated games")
    args = p.parse_args(argv)

    print(machine())
    load = load_average()
    if load is not None:
        print(f"load average: {load}")
    print(f"\nrandom legal self-play, {args.seconds:g} s per game")
    print("(hands/s by the wall clock; per CPU s = hands per second of this process's CPU")
    print(" time, a steadier figure when other programs share the cores)")
    print(f"{'game':<10} {'hands':>7} {'hands/s':>9} {'per CPU s':>10} {'target':>7} {'ratio':>6}")
    below = []
    for game in [g.strip() for g in args.games.split(",") if g.strip()]:
        cpu0 = time.process_time()
        try:
            rate, n = random_hands_per_second(game, args.seconds, args.seed)
        except GameUnavailable as e:
            print(f"{game:<10} missing: {e}")
            continue
        cpu_rate = n / max(time.process_time() - cpu0, 1e-9)
        target = TARGETS.get(game, 0)
        ratio = rate / target if target else float("nan")
        flag = "" if ratio >= 1 else "  below target"
        if ratio < 1:
            below.append(game)
        print(
            f"{game:<10} {n:>7} {rate:>9,.0f} {cpu_rate:>10,.0f} {target:>7,} {ratio:>6.2f}{flag}"
        )

    if args.sim_hands > 0:
        t0, cpu0 = time.perf_counter(), time.process_time()
        r = simulate("belote", args.sim_hands, "1,1,1,1", args.seed, progress=False)
        dt, cpu = time.perf_counter() - t0, time.process_time() - cpu0
        print(
            f"\nsimulate('belote', {args.sim_hands}, players 1,1,1,1): {dt:.2f} s "
            f"({cpu:.2f} CPU s; {args.sim_hands / dt:,.0f} hands/s, made rate {r.made_rate:.3f})"
        )
    if below:
        print(f"\nbelow target: {', '.join(below)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
