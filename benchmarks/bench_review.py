"""Time of :func:`belote_lab.coaching.review.review` on whole hands of every game (issue 14, item
1).

    python benchmarks/bench_review.py [--hands 5] [--seed 0] [--games belote,coinche,...]

Hands are dealt from seeds, bid and played to their end by level-2 players
(:func:`belote_lab.simulation.selfplay.hand_in_play`), then reviewed for every seat with the default
node budget (:data:`belote_lab.coaching.review.DEFAULT_NODE_LIMIT`), and for one seat with what the
hint said before each card (what the table's *Review this hand* button does).  For each
game it prints the median and worst review times, the cards reviewed out of those played,
and why the others were not (``stock``: two-player Belote's stock phase; ``budget``:
positions too large for the budget, going back from the end).  Target: a four-player hand
in under 3 s.  One warm-up review first (numba compile or cache load not counted); the load
average is printed with the figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys

from loadavg import load_average  # benchmarks/loadavg.py

from belote_lab.coaching.review import DEFAULT_NODE_LIMIT, HINT_BUDGET, HINT_SAMPLES, review
from belote_lab.games import GAMES, get
from belote_lab.games.base import drive_hand
from belote_lab.simulation.selfplay import hand_in_play, make_players

TARGET_S = 3.0


def played_hand(game: str, seed: int) -> object:
    """A whole hand of ``game`` played by level-2 players from ``seed``."""
    seats = get(game).seats
    players = make_players(game, 2, seed=seed)
    h = hand_in_play(game, players, seed=seed * 1000, dealer=seats[seed % len(seats)])
    drive_hand(h, players)
    return h


def bench_game(game: str, hands: int, seed: int) -> bool:
    """Print one game's lines; ``False`` if a four-player hand passed the target."""
    g = get(game)
    every: list[float] = []
    one: list[float] = []
    done, played, skipped = 0, 0, {"stock": 0, "budget": 0}
    for k in range(hands):
        h = played_hand(game, seed + k)
        r = review(h)
        every.append(r.ms / 1e3)
        done += len(r.reviewed)
        played += len(r)
        for x in r.rows:
            if x.why_not:
                skipped[x.why_not] += 1
        one.append(review(h, g.seats[k % g.players]).ms / 1e3)  # the table's Review button
    why = ", ".join(f"{n} {k}" for k, n in skipped.items() if n) or "-"
    print(f"{game:10} every seat, exact      median {statistics.median(every):6.2f} s  "
          f"worst {max(every):6.2f} s  reviewed {done}/{played} cards  not reviewed: {why}")
    print(f"{'':10} one seat with hints   median {statistics.median(one):6.2f} s  "
          f"worst {max(one):6.2f} s")
    four = g.players == 4 and g.tricks == 8
    return not (four and max(max(every), max(one)) > TARGET_S)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--games", default=",".join(GAMES))
    a = ap.parse_args(argv)
    review(played_hand("belote", 999))  # warm-up
    print(f"review of whole hands, node budget {DEFAULT_NODE_LIMIT:,} a solve; hints "
          f"{HINT_SAMPLES} deals within {HINT_BUDGET} s a card; {a.hands} hands a game; "
          f"load {load_average()}")
    ok = all([bench_game(name, a.hands, a.seed) for name in a.games.split(",")])
    print(f"four-player target {TARGET_S:.0f} s: {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
