"""Latency of :func:`belote_lab.hints.hint` (its default budget) at fixed points of a hand.

    python benchmarks/bench_hints.py [--hands 20] [--seed 0] [--games belote,coinche,...]
                                     [--probe-timeout 30]

Hands are dealt from seeds and bid and played by level-2 players; at each point below the
seat to play asks for a hint with the defaults (``samples=32, time_budget=0.8``: the hint
stops sampling once 0.8 s have passed, but a deal being solved is always finished).  For
each game and point it prints the median and worst time over the hands and the median
number of deals solved, against the targets: first lead < 1 s, mid-hand < 200 ms median.

Points: the *first lead* (the first card of the play) and *mid-hand* (the first card after
3 tricks in the eight-trick games, after 4 in two-player Belote and Callbreak), and for
two-player Belote and Callbreak also the *search horizon* of the level-3 player
(:data:`belote_lab.players.search.PLAY_BUDGETS`: 10 and 7 tricks left).  A single exact solve
of a whole two-player or Callbreak hand can take minutes, so their first lead is probed in a
child process given ``--probe-timeout`` seconds, on the first hand only; a probe that runs
out is printed as such.  The load average is printed with the figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from belote_lab.games import GAMES
from belote_lab.hints import hint
from belote_lab.selfplay import hand_class, make_players

FIRST_TARGET = 1.0
MID_TARGET = 0.2
MID_AFTER = {"belote": 3, "coinche": 3, "belote2": 4, "callbreak": 4}
HORIZON_AFTER = {"belote2": 6, "callbreak": 6}  # 10 and 7 tricks left
SLOW_FIRST = ("belote2", "callbreak")


@dataclass
class Points:
    times: dict[str, list[float]] = field(default_factory=dict)
    samples: dict[str, list[int]] = field(default_factory=dict)

    def add(self, name: str, seconds: float, n: int) -> None:
        self.times.setdefault(name, []).append(seconds)
        self.samples.setdefault(name, []).append(n)


def deal_to_play(game: str, seed: int) -> Any:
    """A hand of ``game`` bid by level-2 players, at its first card (redealt if passed)."""
    cls = hand_class(game)
    for k in range(100):
        players = make_players(game, 2, seed=seed)
        h = cls(seed=seed * 1000 + k, dealer=cls.seat_order[seed % len(cls.seat_order)])
        while h.phase == "bidding":
            h.call(players[h.current_player].choose_call(h))
        if h.phase == "play":
            return h, players
    raise RuntimeError(f"{game}: 100 passed deals in a row")


def timed_hint(state: Any, seed: int) -> tuple[float, int]:
    t0 = time.perf_counter()
    hn = hint(state, seed=seed)
    return time.perf_counter() - t0, hn.samples


def measure(game: str, hands: int, seed: int) -> Points:
    pts = Points()
    stops = {MID_AFTER[game]: "mid-hand"}
    if game in HORIZON_AFTER:
        stops[HORIZON_AFTER[game]] = "horizon"
    for i in range(hands):
        h, players = deal_to_play(game, seed + i)
        if game not in SLOW_FIRST:
            pts.add("first lead", *timed_hint(h, i))
        todo = dict(stops)
        while h.phase == "play" and todo:
            done = len(h.tricks)
            if not h.trick and done in todo:
                pts.add(todo.pop(done), *timed_hint(h, i))
            h.play(players[h.to_play].choose_card(h))
    return pts


_PROBE = """
import sys, time
sys.path.insert(0, {root!r})
from benchmarks.bench_hints import deal_to_play, timed_hint
h, _ = deal_to_play({game!r}, {seed})
t, n = timed_hint(h, 0)
print(t, n)
"""


def probe_first(game: str, seed: int, timeout: float) -> str:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    code = _PROBE.format(root=root, game=game, seed=seed)
    try:
        proc = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return f"more than {timeout:g} s (one hand; stopped)"
    if proc.returncode != 0:
        return f"failed: {proc.stderr.strip().splitlines()[-1:]}"
    t, n = proc.stdout.split()
    return f"{float(t):.2f} s, {n} deals (one hand)"


def load() -> str:
    try:
        la = os.getloadavg()
    except OSError:
        return "n/a"
    return f"{la[0]:.2f} {la[1]:.2f} {la[2]:.2f}"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=20, help="seeded hands per game (20)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--games", default=",".join(GAMES), help="comma-separated games")
    p.add_argument("--probe-timeout", type=float, default=30.0,
                   help="seconds for the first-lead probe of belote2/callbreak (0: skip)")
    args = p.parse_args(argv)
    hint(deal_to_play("belote", 0)[0], samples=1)  # numba cache load, not counted
    print(f"hint() with its defaults; load average {load()}; {args.hands} hands per game")
    print(f"targets: first lead < {FIRST_TARGET:g} s, mid-hand < {MID_TARGET * 1e3:.0f} ms median")
    print(f"{'game':<10} {'point':<11} {'n':>3} {'median':>9} {'worst':>9} {'deals':>6}  target")
    for game in [g.strip() for g in args.games.split(",") if g.strip()]:
        pts = measure(game, args.hands, args.seed)
        for name, ts in pts.times.items():
            med, worst = statistics.median(ts), max(ts)
            deals = statistics.median(pts.samples[name])
            if name == "first lead":
                verdict = "ok" if med < FIRST_TARGET else "ABOVE"
                verdict += f" (< {FIRST_TARGET:g} s)"
            elif name == "mid-hand":
                verdict = "ok" if med < MID_TARGET else "ABOVE"
                verdict += f" (< {MID_TARGET * 1e3:.0f} ms median)"
            else:
                verdict = "(no target)"
            print(
                f"{game:<10} {name:<11} {len(ts):>3} {med * 1e3:>7.0f}ms {worst * 1e3:>7.0f}ms "
                f"{deals:>6g}  {verdict}"
            )
        if game in SLOW_FIRST and args.probe_timeout > 0:
            print(f"{game:<10} first lead: {probe_first(game, args.seed, args.probe_timeout)}")
        sys.stdout.flush()
    print(f"load average at the end {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
