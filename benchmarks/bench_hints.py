"""Deals and latency of :func:`belote_lab.coaching.hints.hint` (its defaults) at fixed points of a
hand.

    python benchmarks/bench_hints.py [--hands 20] [--seed 0] [--games belote,coinche,...]

Hands are dealt from seeds and bid and played by level-2 players; at each point below the
seat to play asks for a hint with the defaults (``samples=32, time_budget=0.9``: each deal
gets a share of the solver's nodes that lets 20 deals fit, is solved exactly within it, to
±2 points past it, or played on by level-2 players down to the hints' horizon first if it
needs more than two shares; no deal is started that would likely end past 0.9 s).  For
each game and point it prints the median and worst time over the hands, the median and
fewest deals, how many of all the deals were played on first (``played on``) and how many
hints gave values to a tolerance (``±``), against the targets:

* first lead, every game: at least 20 deals (:data:`belote_lab.coaching.hints.RANGE_SAMPLES`, from
  which a hint shows each card's range) in less than 1 s — median over the hands, the worst
  hand in brackets;
* mid-hand, four-player games: median under 200 ms (two-player Belote and Callbreak are
  printed for the record).

Points: the *first lead* (the first card of the play) and *mid-hand* (the first card after
3 tricks in the eight-trick games, after 6 in two-player Belote and 4 in Callbreak), and for
two-player Belote and Callbreak also the first trick with 12 and 7 tricks left
(``horizon``: where the search players' hints begin).  Each game's first
hint is made once before the figures (the solver's compiled code and its tables are loaded
once a process).  The load average is printed before and after: the machine may be shared,
and a loaded machine gives fewer deals in the time, not a longer hint.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from loadavg import load_average  # benchmarks/loadavg.py

from belote_lab.coaching.hints import RANGE_SAMPLES, Hint, hint
from belote_lab.games import GAMES, get
from belote_lab.simulation.selfplay import hand_in_play, make_players

FIRST_TARGET = 1.0
MID_TARGET = 0.2
MID_AFTER = {"belote": 3, "coinche": 3, "belote2": 6, "callbreak": 4}
HORIZON_AFTER = {"belote2": 4, "callbreak": 6}  # 12 and 7 tricks left


@dataclass
class Points:
    times: dict[str, list[float]] = field(default_factory=dict)
    samples: dict[str, list[int]] = field(default_factory=dict)
    played_on: dict[str, int] = field(default_factory=dict)
    rough: dict[str, int] = field(default_factory=dict)

    def add(self, name: str, seconds: float, hn: Hint) -> None:
        self.times.setdefault(name, []).append(seconds)
        self.samples.setdefault(name, []).append(hn.samples)
        self.played_on[name] = self.played_on.get(name, 0) + hn.played_on
        self.rough[name] = self.rough.get(name, 0) + (hn.tolerance > 0)


def deal_to_play(game: str, seed: int) -> tuple[Any, dict[int, Any]]:
    """A hand of ``game`` bid by level-2 players, at its first card, and its players."""
    players = make_players(game, 2, seed=seed)
    seats = get(game).seats
    return hand_in_play(game, players, seed=seed * 1000, dealer=seats[seed % len(seats)]), players


def timed_hint(state: Any, seed: int) -> tuple[float, Hint]:
    t0 = time.perf_counter()
    hn = hint(state, seed=seed)
    return time.perf_counter() - t0, hn


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


def verdict(game: str, name: str, times: list[float], deals: list[int]) -> str:
    """The point's figures against its target."""
    med = statistics.median(times)
    if name == "first lead":
        ok = statistics.median(deals) >= RANGE_SAMPLES and med < FIRST_TARGET
        worst_ok = min(deals) >= RANGE_SAMPLES and max(times) < FIRST_TARGET
        tail = "worst hand ok" if worst_ok else "worst hand BELOW"
        target = f">= {RANGE_SAMPLES} deals in < {FIRST_TARGET:g} s"
        return f"{'ok' if ok else 'BELOW'} ({target}; {tail})"
    if name == "mid-hand" and get(game).partnership:
        return f"{'ok' if med < MID_TARGET else 'ABOVE'} (< {MID_TARGET * 1e3:.0f} ms median)"
    return "(no target)"


def load() -> str:
    return load_average() or "n/a"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=20, help="seeded hands per game (20)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--games", default=",".join(GAMES), help="comma-separated games")
    args = p.parse_args(argv)
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    for game in games:  # compiled code and tables loaded once a process: not counted
        hint(deal_to_play(game, args.seed + 10_000)[0], samples=2)
    print(f"hint() with its defaults; load average {load()}; {args.hands} hands per game")
    print(
        f"targets: first lead >= {RANGE_SAMPLES} deals in < {FIRST_TARGET:g} s, "
        f"mid-hand < {MID_TARGET * 1e3:.0f} ms median (four-player games)"
    )
    print(
        f"{'game':<10} {'point':<11} {'n':>3} {'median':>8} {'worst':>8} {'deals':>6} "
        f"{'fewest':>6} {'played on':>10} {'±':>3}  target"
    )
    for game in games:
        pts = measure(game, args.hands, args.seed)
        for name, ts in pts.times.items():
            deals = pts.samples[name]
            on = f"{pts.played_on[name]}/{sum(deals)}"
            print(
                f"{game:<10} {name:<11} {len(ts):>3} {statistics.median(ts) * 1e3:>6.0f}ms "
                f"{max(ts) * 1e3:>6.0f}ms {statistics.median(deals):>6g} {min(deals):>6} "
                f"{on:>10} {pts.rough[name]:>3}  {verdict(game, name, ts, deals)}"
            )
        sys.stdout.flush()
    print(f"load average at the end {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
