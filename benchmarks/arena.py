"""Level 2 against level 1 in every game, with duplicate dealing.

    python benchmarks/arena.py [--hands 2000] [--seed 0] [--games belote,coinche,...]

Every seeded deal is played once per seating so that card luck cancels out:

* Belote and Coinche: the level-2 team sits N–S, then E–W (two level-1 players opposite);
* two-player Belote: level 2 sits N, then S;
* Callbreak: one level-2 player against three level-1 players, in each of the four seats.

For each game it prints the level-2 side's mean score margin per hand (its score minus the
other side's; in Callbreak minus the mean of the three others) with a 95% confidence
interval over deals, and its win rate (Callbreak: the rate of finishing first; a tie counts
as a share) with a 95% Wilson interval.  Only real level-2 players are used: a game whose
level-2 player (``belote_lab.players.<game>``) or game module is missing is reported and
skipped.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import dataclass
from typing import Any

from belote_lab.cards import SEATS
from belote_lab.games import GAMES
from belote_lab.selfplay import (
    GameUnavailable,
    PlayerUnavailable,
    hand_class,
    make_players,
    play_hand,
    player_class,
    side_names,
    side_of,
)
from belote_lab.simulate import Progress


@dataclass
class ArenaResult:
    game: str
    deals: int
    hands: int
    margins: list[float]  # per deal: the level-2 side's mean margin over its seatings
    wins: float  # over all hands played (ties count as shares)
    seconds: float

    def margin_ci(self) -> tuple[float, float, float]:
        n = len(self.margins)
        mean = sum(self.margins) / n
        if n < 2:
            return mean, float("nan"), float("nan")
        var = sum((m - mean) ** 2 for m in self.margins) / (n - 1)
        half = 1.96 * math.sqrt(var / n)
        return mean, mean - half, mean + half

    def win_ci(self) -> tuple[float, float, float]:
        return (self.wins / self.hands, *wilson(self.wins, self.hands))


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    >>> lo, hi = wilson(50, 100); round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    """
    if n == 0:
        return float("nan"), float("nan")
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def seatings(game: str) -> list[list[int]]:
    """Levels per seat index (0–3) for each seating of a deal."""
    if game in ("belote", "coinche"):
        return [[2, 1, 2, 1], [1, 2, 1, 2]]
    if game == "belote2":
        return [[2, 1, 1, 1], [1, 1, 2, 1]]  # seats 1 and 3 do not play
    return [[2 if s == k else 1 for s in range(4)] for k in range(4)]


def side_scores(hand: Any, game: str) -> list[float]:
    score = hand.result.score
    return [float(score[name]) for name in side_names(game)]


def run_game(game: str, deals: int, seed: int, progress: bool = True) -> ArenaResult:
    cls = hand_class(game)
    seats = tuple(cls.seat_order)
    player_class(game, 2)  # raise now if the level-2 player is missing
    tables = []
    for k, levels in enumerate(seatings(game)):
        spec = {s: levels[s] for s in seats}
        players = make_players(game, spec, seed=seed * 1000 + k)
        l2_seats = [s for s in seats if levels[s] == 2]
        tables.append((players, l2_seats))
    rng = random.Random(f"arena:{seed}")
    margins: list[float] = []
    wins = 0.0
    hands = 0
    bar = Progress(deals * len(tables), label=f"arena {game}", enabled=progress)
    t0 = time.perf_counter()
    for i in range(deals):
        deal_seed = rng.getrandbits(32)
        dealer = seats[i % len(seats)]
        deal_margin = 0.0
        for players, l2_seats in tables:
            hand = play_hand(game, players, seed=deal_seed, dealer=dealer)
            sc = side_scores(hand, game)
            mine = side_of(game, l2_seats[0])
            others = [x for k, x in enumerate(sc) if k != mine]
            margin = sc[mine] - sum(others) / len(others)
            deal_margin += margin
            best = max(sc)
            if sc[mine] == best:
                wins += 1.0 / sum(1 for x in sc if x == best)
            hands += 1
            bar.update()
        margins.append(deal_margin / len(tables))
    bar.close()
    return ArenaResult(game, deals, hands, margins, wins, time.perf_counter() - t0)


def report(r: ArenaResult) -> str:
    mean, lo, hi = r.margin_ci()
    w, wlo, whi = r.win_ci()
    what = "finishes first" if r.game == "callbreak" else "wins the hand"
    vs = "mean of the others" if r.game == "callbreak" else "the level-1 side"
    return (
        f"{r.game}: {r.deals} deals x {r.hands // r.deals} seatings = {r.hands} hands "
        f"({r.seconds:.1f} s, {r.hands / r.seconds:,.0f} hands/s)\n"
        f"  level-2 margin per hand vs {vs}: {mean:+.2f}  (95% CI {lo:+.2f} .. {hi:+.2f})\n"
        f"  level 2 {what}: {w:.1%}  (95% Wilson {wlo:.1%} .. {whi:.1%})"
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=2000, help="seeded deals per game (2000)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--games", default=",".join(GAMES), help="comma-separated games")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    args = p.parse_args(argv)
    if args.hands < 1:
        p.error("--hands must be at least 1")
    for game in [g.strip() for g in args.games.split(",") if g.strip()]:
        try:
            r = run_game(game, args.hands, args.seed, progress=not args.quiet)
        except GameUnavailable as e:
            print(f"{game}: skipped, {e}")
            continue
        except PlayerUnavailable as e:
            print(f"{game}: skipped, level-2 player missing ({e})")
            continue
        print(report(r))
        sys.stdout.flush()
    print(f"(seats: {' '.join(SEATS)}; scores in points per hand)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
