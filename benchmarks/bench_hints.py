"""Latency of :func:`belote_lab.hints.hint` (its default budget) at fixed points of a hand.

    python benchmarks/bench_hints.py [--hands 20] [--seed 0] [--games belote,coinche,...]

Hands are dealt from seeds and bid and played by level-2 players; at each point below the
seat to play asks for a hint with the defaults (``samples=32, time_budget=0.8``: the hint
stops sampling once the next deal would likely end past 0.8 s, and a deal too long to solve
in half the budget is played on by level-2 players down to the solver's fast tricks first).
For each game and point it prints the median and worst time over the hands, the median
number of deals solved and how many hints had to play deals on first (``rollouts``),
against the targets: first lead < 1 s, mid-hand < 200 ms median (the targets are the
four-player games'; two-player Belote and Callbreak are printed for the record).

Points: the *first lead* (the first card of the play) and *mid-hand* (the first card after
3 tricks in the eight-trick games, after 6 in two-player Belote and 4 in Callbreak), and for
two-player Belote and Callbreak also the first searched trick of the level-4 and level-3
players (:data:`belote_lab.players.search.PLAY_BUDGETS`: 12 and 7 tricks left).  The load average
is printed with the figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from loadavg import load_average  # benchmarks/loadavg.py

from belote_lab.games import GAMES, get
from belote_lab.hints import hint
from belote_lab.selfplay import hand_in_play, make_players

FIRST_TARGET = 1.0
MID_TARGET = 0.2
MID_AFTER = {"belote": 3, "coinche": 3, "belote2": 6, "callbreak": 4}
HORIZON_AFTER = {"belote2": 4, "callbreak": 6}  # 12 and 7 tricks left


@dataclass
class Points:
    times: dict[str, list[float]] = field(default_factory=dict)
    samples: dict[str, list[int]] = field(default_factory=dict)
    rollouts: dict[str, int] = field(default_factory=dict)

    def add(self, name: str, seconds: float, n: int, horizon: int) -> None:
        self.times.setdefault(name, []).append(seconds)
        self.samples.setdefault(name, []).append(n)
        self.rollouts[name] = self.rollouts.get(name, 0) + (horizon > 0)


def deal_to_play(game: str, seed: int) -> tuple[Any, dict[int, Any]]:
    """A hand of ``game`` bid by level-2 players, at its first card, and its players."""
    players = make_players(game, 2, seed=seed)
    seats = get(game).seats
    return hand_in_play(game, players, seed=seed * 1000, dealer=seats[seed % len(seats)]), players


def timed_hint(state: Any, seed: int) -> tuple[float, int, int]:
    t0 = time.perf_counter()
    hn = hint(state, seed=seed)
    return time.perf_counter() - t0, hn.samples, hn.horizon


def measure(game: str, hands: int, seed: int) -> Points:
    pts = Points()
    stops = {MID_AFTER[game]: "mid-hand"}
    horizon = HORIZON_AFTER.get(game)
    if horizon is not None:
        stops[horizon] = "horizon"
    for i in range(hands):
        h, players = deal_to_play(game, seed + i)
        pts.add("first lead", *timed_hint(h, i))
        todo = dict(stops)
        while h.phase == "play" and todo:
            done = len(h.tricks)
            if not h.trick and done in todo:
                pts.add(todo.pop(done), *timed_hint(h, i))
            h.play(players[h.to_play].choose_card(h))
    return pts


def load() -> str:
    return load_average() or "n/a"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=20, help="seeded hands per game (20)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--games", default=",".join(GAMES), help="comma-separated games")
    args = p.parse_args(argv)
    hint(deal_to_play("belote", 0)[0], samples=1)  # numba cache load, not counted
    print(f"hint() with its defaults; load average {load()}; {args.hands} hands per game")
    print(f"targets: first lead < {FIRST_TARGET:g} s, mid-hand < {MID_TARGET * 1e3:.0f} ms median")
    print(
        f"{'game':<10} {'point':<11} {'n':>3} {'median':>9} {'worst':>9} {'deals':>6} "
        f"{'rollouts':>8}  target"
    )
    for game in [g.strip() for g in args.games.split(",") if g.strip()]:
        pts = measure(game, args.hands, args.seed)
        for name, ts in pts.times.items():
            med, worst = statistics.median(ts), max(ts)
            deals = statistics.median(pts.samples[name])
            if not get(game).partnership:  # the targets are the four-player team games'
                verdict = "(no target)"
            elif name == "first lead":
                verdict = "ok" if med < FIRST_TARGET else "ABOVE"
                verdict += f" (< {FIRST_TARGET:g} s)"
            elif name == "mid-hand":
                verdict = "ok" if med < MID_TARGET else "ABOVE"
                verdict += f" (< {MID_TARGET * 1e3:.0f} ms median)"
            else:
                verdict = "(no target)"
            print(
                f"{game:<10} {name:<11} {len(ts):>3} {med * 1e3:>7.0f}ms {worst * 1e3:>7.0f}ms "
                f"{deals:>6g} {pts.rollouts[name]:>8}  {verdict}"
            )
        sys.stdout.flush()
    print(f"load average at the end {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
