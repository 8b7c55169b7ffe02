"""Hint quality: the double-dummy regret of the hint's top card against colver's IS-DD(10)
card on the same positions (issue 27, item 4).

    python benchmarks/hint_regret.py [--positions 2000] [--games belote,coinche] [--seed 0]
                                     [--samples 32] [--budget 0.9] [--jobs 1] [--out FILE]

Positions come from level-2 self-play (``belote_lab.simulation.selfplay.hand_in_play``, then level-2
cards to a place in the trick), one a hand: the ``i``-th position of a game is in trick
``1 + i % 7`` (the eighth trick has one card a seat) at a seeded place in the trick (first to
fourth card); a position where the seat has one legal card moves to the next card of the
trick, and the hand is dropped if the trick has none with a choice.  The games take turns,
so ``--positions`` is shared between them.  At each position:

* the hint: :func:`belote_lab.coaching.hints.hint` on the seat's own view, with the table's budget
  (``samples=32``, ``time_budget=0.9`` s, ``seed=0``: ``PlayTable``'s defaults); its top card
  is :attr:`Hint.best`;
* colver: :func:`colver_adapter.replica_of` the hand (same hands, the contract as an 80 — or
  the Coinche bid, coinche included — the cards so far, legal sets checked at every card), and
  the IS-DD(10) agent of the seat to play decides (:data:`colver_adapter.ISDD10`);
* the exact values of every legal card (:func:`belote_lab.solver.solve`, card points with dix
  de der for the side to play from here): a card's regret is the best value minus its value.

Printed per game and over both: n, the mean regret of the hint's card and of colver's card,
each with its 95% interval, and their paired difference (hint − colver, per position) with
its 95% interval — below zero means the hint's cards cost less; the share of positions where
each card is a double-dummy best; the hint's mean deals and ms; colver's ms; the load average.
The hint's budget is in seconds, so a loaded machine gives it fewer deals: the mean deals are
printed beside the figures.

The issue's run (2,000 positions): ``make bench-colver`` (``REGRET_POSITIONS``), or
``python benchmarks/hint_regret.py --positions 2000``.  Target: the hint's regret below colver's.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from typing import Any

from colver_adapter import emitter, mean_ci, replica_of, require  # benchmarks/colver_adapter.py
from loadavg import load_average  # benchmarks/loadavg.py

from belote_lab.cards import mask_cards
from belote_lab.coaching.hints import hint
from belote_lab.games.base import step
from belote_lab.simulation.selfplay import hand_in_play, make_players
from belote_lab.solver import solve

TRICKS = 7  # positions in tricks 1–7


@dataclass
class Row:
    game: str
    index: int
    seed: int
    trick: int
    place: int  # cards already in the trick
    legal: int
    hint_regret: int
    cv_regret: int
    hint_best: bool
    cv_best: bool
    same: bool
    hint_ms: float
    hint_deals: int
    cv_ms: float


def position(game: str, index: int, seed: int) -> tuple[Any, int] | None:
    """The hand of position ``index`` (level-2 self-play) stopped at its place, and the seed
    its hand was dealt from; ``None`` when its trick has no card with a choice."""
    rng = random.Random(f"hint-regret:{seed}:{game}:{index}")
    hand_seed = rng.getrandbits(32)
    trick = 1 + index % TRICKS
    h = hand_in_play(game, 2, seed=hand_seed, dealer=index % 4, tricks_left=9 - trick)
    if h.phase != "play":
        return None
    players = make_players(game, 2, hand_seed)
    place = rng.randrange(4)
    for _ in range(place):
        step(h, players[h.to_play])
    while len(mask_cards(h.legal_mask())) < 2:
        if len(h.trick) == 3:
            return None
        step(h, players[h.to_play])
    return h, hand_seed


def measure(game: str, index: int, seed: int, samples: int, budget: float) -> Row | None:
    got = position(game, index, seed)
    if got is None:
        return None
    h, hand_seed = got
    seat = h.to_play
    t0 = time.perf_counter()
    hn = hint(h.observation(seat), samples=samples, time_budget=budget, seed=0)
    hint_ms = (time.perf_counter() - t0) * 1e3
    replica = replica_of(h, agent_seats=[seat], seed=hand_seed)
    replica.check(h)
    t0 = time.perf_counter()
    cv_card, _ = replica.choose()
    cv_ms = (time.perf_counter() - t0) * 1e3
    values = solve(h, all_values=True).values
    best = max(values.values())
    mine = hn.best
    return Row(game, index, hand_seed, len(h.tricks) + 1, len(h.trick), len(values),
               best - values[mine], best - values[cv_card], values[mine] == best,
               values[cv_card] == best, mine == cv_card, hint_ms, hn.samples, cv_ms)


def share(args: tuple[list[str], int, int, int, float, int, int]) -> list[Row]:
    """Positions ``job``, ``job + jobs``, … (the games taking turns), as one process."""
    games, positions, seed, samples, budget, job, jobs = args
    rows = []
    for k in range(positions):
        if k % jobs != job:
            continue
        game, index = games[k % len(games)], k // len(games)
        row = measure(game, index, seed, samples, budget)
        if row is not None:
            rows.append(row)
    return rows


def report(rows: list[Row], label: str) -> str:
    n = len(rows)
    if not n:
        return f"{label}: no positions"
    hm, hh = mean_ci([r.hint_regret for r in rows])
    cm, ch = mean_ci([r.cv_regret for r in rows])
    dm, dh = mean_ci([r.hint_regret - r.cv_regret for r in rows])
    return (
        f"{label}: n = {n} positions (mean {sum(r.legal for r in rows) / n:.1f} legal cards)\n"
        f"  regret, card points: hint {hm:.2f} ± {hh:.2f}; colver IS-DD(10) {cm:.2f} ± {ch:.2f}\n"
        f"  paired hint − colver: {dm:+.2f} ± {dh:.2f} (95% CI {dm - dh:+.2f} .. {dm + dh:+.2f})\n"
        f"  a double-dummy best card: hint {sum(r.hint_best for r in rows) / n:.1%}, colver "
        f"{sum(r.cv_best for r in rows) / n:.1%}; same card {sum(r.same for r in rows) / n:.1%}\n"
        f"  hint {sum(r.hint_ms for r in rows) / n:.0f} ms, "
        f"{sum(r.hint_deals for r in rows) / n:.1f} deals; "
        f"colver {sum(r.cv_ms for r in rows) / n:.0f} ms"
    )


def by_trick(rows: list[Row]) -> str:
    parts = []
    for t in range(1, TRICKS + 1):
        rs = [r for r in rows if r.trick == t]
        if rs:
            d, h = mean_ci([r.hint_regret - r.cv_regret for r in rs])
            parts.append(f"{t}: {len(rs)}, {d:+.2f} ± {h:.2f}")
    return "  by trick (n, hint − colver): " + "; ".join(parts)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=2000,
                   help="positions tried, shared between the games (2000, the issue's)")
    p.add_argument("--games", default="belote,coinche")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--samples", type=int, default=32, help="the hint's deals at most (32)")
    p.add_argument("--budget", type=float, default=0.9, help="the hint's seconds (0.9)")
    p.add_argument("--jobs", type=int, default=1, help="processes sharing the positions (1)")
    p.add_argument("--out", default=None, help="also append the report to this file")
    a = p.parse_args(argv)
    try:
        cv = require()
    except RuntimeError as e:
        p.error(str(e))
    games = [g.strip() for g in a.games.split(",") if g.strip()]

    emit = emitter(a.out)

    emit(f"hint_regret: {a.positions} positions ({', '.join(games)}), seed {a.seed}, hint "
         f"samples={a.samples} time_budget={a.budget}, colver {cv.__version__}; start "
         f"{time.ctime()}; load average {load_average() or 'n/a'}")
    t0 = time.perf_counter()
    args = [(games, a.positions, a.seed, a.samples, a.budget, j, a.jobs) for j in range(a.jobs)]
    if a.jobs > 1:
        from multiprocessing import get_context

        with get_context("spawn").Pool(a.jobs) as pool:
            rows = [r for part in pool.map(share, args) for r in part]
    else:
        rows = share(args[0])
    wall = time.perf_counter() - t0
    for game in games:
        rs = [r for r in rows if r.game == game]
        emit(report(rs, game))
        emit(by_trick(rs))
    emit(report(rows, "all games"))
    emit(f"({a.positions - len(rows)} positions dropped: no card with a choice in the trick; "
         f"{wall:.0f} s with {a.jobs} job(s); legal sets equal in both engines at every card; "
         f"load average {load_average() or 'n/a'}; end {time.ctime()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
