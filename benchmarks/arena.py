"""Any level against any other in every game, with duplicate dealing.

    python benchmarks/arena.py [--levels 2,1 3,2 4,3] [--deals 500] [--seed 0]
                               [--games belote,coinche,...] [--out FILE] [--checkpoint N]
                               [--quiet] [--jobs N]

Each pair ``A,B`` puts level A (the side measured) against level B; the default runs the
ladder pairs 2v1, 3v2 and 4v3.  Every seeded deal is played once per seating so that card
luck cancels out:

* Belote and Coinche: the level-A team sits N–S, then E–W (two level-B players opposite);
* two-player Belote: level A sits N, then S;
* Callbreak: one level-A player against three level-B players, in each of the four seats.

For each pair and game it prints the level-A side's mean score margin per hand (its score
minus the other side's; in Callbreak minus the mean of the three others) with a 95%
confidence interval over deals, its win rate (Callbreak: the rate of finishing first; a tie
counts as a share) with a 95% Wilson interval, the time taken and the load average.  In
Callbreak, where finishing first among four has a 25% base rate, it also prints the share of
level-B seats that the level-A seat outscores in a hand (ties count half; base rate 50%),
with a Wilson interval over hands: the head-to-head rate to compare with 50%.  For every
game it also prints the duplicate deal win rate: the share of deals whose margin summed over
the seatings favours level A (ties count half), with a Wilson interval over deals — the
same cards played both ways, so luck cancels out of it.  With
``--out`` the same lines are appended to a file as each result arrives (for long runs in
the background, e.g. ``benchmarks/results/arena-<date>.txt``), and ``--checkpoint N`` adds
the results so far every N deals, marked ``[so far]``.  The games of a pair take turns, a
deal each, so that a run stopped early has about as many deals of each.  A game whose module
or players are missing is reported and skipped.  ``--jobs N`` shares each pair's deals out
between N processes (the same deals; the results come at the end).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import dataclass
from typing import Any

from loadavg import load_average  # benchmarks/loadavg.py

from belote_lab.cards import SEATS
from belote_lab.games import GAMES, Game, get
from belote_lab.simulation.selfplay import (
    GameUnavailable,
    PlayerUnavailable,
    hand_class,
    make_players,
    play_hand,
    player_class,
)
from belote_lab.simulation.simulate import ProgressBar

LADDER = ((2, 1), (3, 2), (4, 3))


@dataclass
class ArenaResult:
    game: str
    deals: int
    hands: int
    margins: list[float]  # per deal: the level-A side's mean margin over its seatings
    wins: float  # over all hands played (ties count as shares)
    seconds: float
    levels: tuple[int, int] = (2, 1)
    pairwise: float = 0.0  # Callbreak: per hand, the share of level-B seats A outscored
    deal_wins: float = 0.0  # deals whose summed margin over the seatings is > 0 (ties half)

    def deal_win_ci(self) -> tuple[float, float, float]:
        return (self.deal_wins / self.deals, *wilson(self.deal_wins, self.deals))

    def pairwise_ci(self) -> tuple[float, float, float]:
        return (self.pairwise / self.hands, *wilson(self.pairwise, self.hands))

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


def seatings(game: str | Game, a: int = 2, b: int = 1) -> list[list[int]]:
    """Levels per seat index (0–3) for each seating of a deal (level ``a`` measured): level
    ``a`` plays for each side in turn (a team, or one seat), level ``b`` everywhere else
    (seats that do not play included).

    >>> seatings("belote", 3, 2)
    [[3, 2, 3, 2], [2, 3, 2, 3]]
    >>> seatings("belote2", 2, 1)
    [[2, 1, 1, 1], [1, 1, 2, 1]]
    >>> seatings("callbreak", 4, 3)[1]
    [3, 4, 3, 3]
    """
    g = get(game)
    return [
        [a if s in g.side_seats(side) else b for s in range(4)] for side in range(len(g.sides))
    ]


def side_scores(hand: Any, game: str | Game) -> list[float]:
    score = hand.result.score
    return [float(score[name]) for name in get(game).sides]


def many_sides(game: str | Game) -> bool:
    """Whether ``game`` has more than two sides (Callbreak's four seats): level A is then
    measured against the mean of the others, and finishing first is the win."""
    return len(get(game).sides) > 2


class Match:
    """One game's duplicate match between levels ``a`` and ``b``, a deal at a time."""

    def __init__(self, game: str, seed: int, levels: tuple[int, int]) -> None:
        a, b = levels
        g = get(game)
        hand_class(g)  # raise now if the game cannot be played
        self.game = game
        self.spec = g
        self.seats = g.seats
        player_class(game, a)  # raise now if a player is missing
        player_class(game, b)
        self.tables = []
        for k, lv in enumerate(seatings(game, a, b)):
            spec = {s: lv[s] for s in self.seats}
            players = make_players(game, spec, seed=seed * 1000 + k)
            self.tables.append((players, [s for s in self.seats if lv[s] == a]))
        self.rng = random.Random(f"arena:{seed}")
        self.index = 0  # deals dealt so far (played here or skipped)
        self.result = ArenaResult(game, 0, 0, [], 0.0, 0.0, levels, 0.0)

    def play_deal(self, skip: bool = False) -> None:
        """Play the next seeded deal once per seating and add it to :attr:`result`
        (with ``skip``, only step past it: another process plays it)."""
        r = self.result
        t0 = time.perf_counter()
        deal_seed = self.rng.getrandbits(32)
        index = self.index
        self.index += 1
        if skip:
            return
        dealer = self.seats[index % len(self.seats)]
        deal_margin = 0.0
        for players, a_seats in self.tables:
            hand = play_hand(self.game, players, seed=deal_seed, dealer=dealer)
            sc = side_scores(hand, self.game)
            mine = self.spec.side_of(a_seats[0])
            others = [x for k, x in enumerate(sc) if k != mine]
            deal_margin += sc[mine] - sum(others) / len(others)
            best = max(sc)
            if sc[mine] == best:
                r.wins += 1.0 / sum(1 for x in sc if x == best)
            r.pairwise += sum(
                1.0 if sc[mine] > x else 0.5 if sc[mine] == x else 0.0 for x in others
            ) / len(others)
            r.hands += 1
        r.margins.append(deal_margin / len(self.tables))
        r.deal_wins += 1.0 if deal_margin > 0 else 0.5 if deal_margin == 0 else 0.0
        r.deals += 1
        r.seconds += time.perf_counter() - t0


def merge(results: list[ArenaResult]) -> ArenaResult:
    """One result from the results of processes that played different deals of one match
    (time: the longest process's).

    >>> a = ArenaResult("belote", 1, 2, [4.0], 1.0, 2.0, (3, 2), 0.0, 1.0)
    >>> b = ArenaResult("belote", 2, 4, [0.0, -1.0], 2.5, 3.0, (3, 2), 0.0, 0.5)
    >>> m = merge([a, b]); m.deals, m.hands, m.margins, m.wins, m.seconds, m.deal_wins
    (3, 6, [4.0, 0.0, -1.0], 3.5, 3.0, 1.5)
    """
    first = results[0]
    return ArenaResult(
        first.game,
        sum(r.deals for r in results),
        sum(r.hands for r in results),
        [m for r in results for m in r.margins],
        sum(r.wins for r in results),
        max(r.seconds for r in results),
        first.levels,
        sum(r.pairwise for r in results),
        sum(r.deal_wins for r in results),
    )


def _play_share(args: tuple[list[str], int, int, tuple[int, int], int, int]) -> list[ArenaResult]:
    """A worker's matches: every ``jobs``-th deal from ``job`` on (the same deal seeds as one
    process would deal)."""
    games, seed, deals, levels, job, jobs = args
    matches = [Match(g, seed, levels) for g in games]
    for i in range(deals):
        for m in matches:
            m.play_deal(skip=i % jobs != job)
    return [m.result for m in matches]


def run_game(
    game: str,
    deals: int,
    seed: int,
    progress: bool = True,
    levels: tuple[int, int] = (2, 1),
) -> ArenaResult:
    """Play ``deals`` seeded deals of ``game``, each once per seating of :func:`seatings`."""
    m = Match(game, seed, levels)
    bar = ProgressBar(deals, label=f"arena {game} {levels[0]}v{levels[1]}", enabled=progress)
    for _ in range(deals):
        m.play_deal()
        bar.update()
    bar.close()
    return m.result


def load() -> str:
    return f"load average {load_average() or 'n/a'}"


def report(r: ArenaResult) -> str:
    a, b = r.levels
    mean, lo, hi = r.margin_ci()
    w, wlo, whi = r.win_ci()
    many = many_sides(r.game)
    what = "finishes first" if many else "wins the hand"
    vs = "mean of the others" if many else f"the level-{b} side"
    text = (
        f"{r.game} level {a} v {b}: {r.deals} deals x {r.hands // r.deals} seatings = "
        f"{r.hands} hands ({r.seconds:.1f} s, {r.seconds / r.hands:.2f} s/hand; {load()})\n"
        f"  level-{a} margin per hand vs {vs}: {mean:+.2f}  (95% CI {lo:+.2f} .. {hi:+.2f})\n"
        f"  level {a} {what}: {w:.1%}  (95% Wilson {wlo:.1%} .. {whi:.1%})"
    )
    dw, dlo, dhi = r.deal_win_ci()
    text += (
        f"\n  level {a} wins the deal (duplicate: its margin summed over the seatings > 0, "
        f"ties half): {dw:.1%}  (95% Wilson {dlo:.1%} .. {dhi:.1%})"
    )
    if many:
        pw, plo, phi = r.pairwise_ci()
        text += (
            f"\n  level {a} outscores a level-{b} seat: {pw:.1%}  (95% Wilson {plo:.1%} .. "
            f"{phi:.1%}; over hands, ties half)"
        )
    return text


def parse_pairs(items: list[str]) -> list[tuple[int, int]]:
    """``["3,2", "4v3"]`` → ``[(3, 2), (4, 3)]``.

    >>> parse_pairs(["3,2", "4v3"])
    [(3, 2), (4, 3)]
    """
    out = []
    for item in items:
        for part in item.replace(";", " ").split():
            bits = part.lower().replace("v", ",").split(",")
            if len(bits) != 2 or not all(x.strip().isdigit() for x in bits):
                raise ValueError(f"a pair of levels looks like 3,2, not {part!r}")
            a, b = (int(x) for x in bits)
            if not (1 <= a <= 4 and 1 <= b <= 4):
                raise ValueError(f"levels are 1 to 4, not {part!r}")
            out.append((a, b))
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument(
        "--levels", nargs="*", default=None,
        help="pairs A,B (level A measured against level B); default 2,1 3,2 4,3",
    )
    p.add_argument("--deals", "--hands", type=int, default=500, help="seeded deals per pair (500)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--games", default=",".join(GAMES), help="comma-separated games")
    p.add_argument("--out", default=None, help="also append the results to this file")
    p.add_argument("--checkpoint", type=int, default=0,
                   help="also report every N deals (results so far)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--jobs", type=int, default=1,
                   help="processes sharing the deals (results at the end only; default 1)")
    args = p.parse_args(argv)
    if args.deals < 1:
        p.error("--deals must be at least 1")
    try:
        pairs = parse_pairs(args.levels) if args.levels else list(LADDER)
    except ValueError as e:
        p.error(str(e))

    def emit(text: str) -> None:
        print(text)
        sys.stdout.flush()
        if args.out:
            with open(args.out, "a", encoding="utf-8") as f:
                f.write(text + "\n")

    emit(f"arena: seed {args.seed}, {args.deals} deals per pair; start {time.ctime()}; {load()}")
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    if args.jobs > 1:
        return _main_jobs(args, pairs, games, emit)
    for a, b in pairs:
        matches = []
        for game in games:
            try:
                matches.append(Match(game, args.seed, (a, b)))
            except GameUnavailable as e:
                emit(f"{game}: skipped, {e}")
            except PlayerUnavailable as e:
                emit(f"{game}: skipped, a player is missing ({e})")
        bar = ProgressBar(args.deals * len(matches), label=f"arena {a}v{b}", enabled=not args.quiet)
        for i in range(args.deals):
            for m in matches:  # the games take turns, a deal each
                m.play_deal()
                bar.update()
            if args.checkpoint and (i + 1) % args.checkpoint == 0 and i + 1 < args.deals:
                for m in matches:
                    emit("[so far] " + report(m.result))
        bar.close()
        for m in matches:
            emit(report(m.result))
    emit(f"(seats: {' '.join(SEATS)}; scores in points per hand; end {time.ctime()})")
    return 0


def _main_jobs(args: Any, pairs: list[tuple[int, int]], games: list[str], emit: Any) -> int:
    """``--jobs N``: each pair's deals shared out between N processes, reported at the end.
    (The players' own random draws differ from a one-process run: they see other deals.)"""
    from multiprocessing import get_context

    ok = []
    for game in games:
        try:
            Match(game, args.seed, pairs[0])
            ok.append(game)
        except (GameUnavailable, PlayerUnavailable) as e:
            emit(f"{game}: skipped ({e})")
    with get_context("spawn").Pool(args.jobs) as pool:
        for a, b in pairs:
            shares = [(ok, args.seed, args.deals, (a, b), j, args.jobs) for j in range(args.jobs)]
            per_job = pool.map(_play_share, shares)
            for k, _game in enumerate(ok):
                emit(report(merge([results[k] for results in per_job])) + f"  [{args.jobs} jobs]")
    emit(f"(seats: {' '.join(SEATS)}; scores in points per hand; end {time.ctime()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
