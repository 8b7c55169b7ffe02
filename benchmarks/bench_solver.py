"""Exact double-dummy solver: our numba solver against colver's (a Rust Belote engine).

    python benchmarks/bench_solver.py [--deals 50] [--contract turned|S|H|D|C|NT|AT]
                                      [--tricks 0,2,4] [--no-colver] [--all-values]

A fixed set of seeded deals (``BeloteHand(seed=s, dealer=s % 4)``, the first to speak takes
the turned suit, the dealer leads, as in the default rules) is solved from the first card by
both engines, and again after 2 and 4 tricks of random legal cards (the same cards on both).
Values are card points with dix de der for the side to play, from the position on (colver's
capot 252 is read as 162). Every value and every set of best cards must be identical: a
mismatch is printed loudly and the script exits with status 1. Then the median, worst and
total solve times of each engine and the ratio ours/colver, with its target: from the first card
(full deals) median ≤ 0.8 for every card's value and ≤ 0.5 for the value and best cards (issue
16), median ≤ 1.5 after some tricks.

By default ours finds the value and every best card (``all_values=False``, as the
``belote-lab solve`` command does); with ``--all-values`` it finds the exact value of every
legal card, as colver's ``solve_scores`` does, and every card's value must be identical.

Our side: ``solve(state, all_values=...)`` after one warm-up solve (numba compile or cache
load not counted) and one at each stage (the transposition table of that size is allocated
once and kept between solves). Colver's side: ``Env.solve_scores()`` on a fresh ``Env``
(building it is not counted); it gives the exact value of every legal card, which is how
its best set is read. Both run on one thread; wall and CPU times are both printed, since the
machine may be shared (the load average is printed with the figures).

colver is an optional dependency (``pip install -e ".[bench]"``); without it, or for NT/AT
(colver has suit contracts only), our side runs alone. colver's model downloads are never
used: only its exact solver is.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from loadavg import load_average  # benchmarks/loadavg.py

from belote_lab.cards import SEATS, mask_cards
from belote_lab.games.belote import BeloteHand
from belote_lab.solver import solve

SUITS = "SHDC"
RATIO_TARGET = 1.5  # after some tricks
FULL_DEAL_TARGET = {True: 0.8, False: 0.5}  # from the first card, by all_values


# --- colver adapter -----------------------------------------------------------------------------
# Found by experiment (colver 0.11): cards 0–31 are suit-major S H D C, ranks 7 8 9 J Q K 10 A
# within a suit (read through ``Env.card_name``); seats 0–3 are N E S W (N–S = team 0); the
# player after the dealer leads the first trick; trump 0–3 = S H D C (no NT/AT); play rules are
# those of our defaults (forced overtrump, no undertrumping, free when the partner is master);
# ``solve_scores()["scores"]`` is ``[[card, NS card points of the whole deal], ...]`` for every
# legal card, with an N–S capot counted 252.

_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


class Colver:
    """Our cards, seats and positions in colver's terms."""

    def __init__(self) -> None:
        import colver

        self.Env = colver.Env
        self.version = colver.__version__
        self.to_cv: dict[str, int] = {}
        for i in range(32):
            name = self.Env.card_name(i)
            rank, suit = name[:-1], _SYMBOLS[name[-1]]
            self.to_cv[("T" if rank == "10" else rank) + suit] = i
        self.from_cv = {i: t for t, i in self.to_cv.items()}

    def env(self, hands: dict[str, list[str]], trump: str, leader: int, taker: int) -> Any:
        dealer = (leader + 3) % 4  # colver: the player after the dealer leads
        env = self.Env.deal_with_hands(dealer, [[self.to_cv[c] for c in hands[s]] for s in SEATS])
        env.set_contract(SUITS.index(trump), 80, taker % 2, 0)
        env.set_phase_playing()
        if env.current_player() != leader:
            raise RuntimeError(f"colver: {SEATS[env.current_player()]} leads, not {SEATS[leader]}")
        return env

    def legal(self, env: Any) -> list[str]:
        return sorted(self.from_cv[a] for a in env.legal_actions())

    def step(self, env: Any, card: str) -> None:
        env.step(self.to_cv[card])

    def solve(self, env: Any) -> tuple[dict[str, int], float, float]:
        """(value of each legal card for the side to play from here on, wall ms, CPU ms)."""
        already = env.get_points()  # (NS, EW) card points won so far
        ns = env.current_player() % 2 == 0
        t0, c0 = time.perf_counter(), time.process_time()
        res = env.solve_scores()
        ms, cpu = (time.perf_counter() - t0) * 1e3, (time.process_time() - c0) * 1e3
        values: dict[str, int] = {}
        for card, total in res["scores"]:
            total = 162 if total == 252 else total  # capot: plain card points
            values[self.from_cv[card]] = total - already[0] if ns else 162 - total - already[1]
        return values, ms, cpu


def load_colver() -> Colver | None:
    try:
        return Colver()
    except ImportError:
        return None


# --- deals --------------------------------------------------------------------------------------
@dataclass
class Deal:
    seed: int
    hands: dict[str, list[str]]
    contract: str  # S H D C NT AT
    taker: int
    leader: int

    def state(self) -> BeloteHand:
        return BeloteHand.from_hands(
            self.hands, self.contract, taker=self.taker, first_leader=self.leader
        )


def make_deal(seed: int, contract: str) -> Deal:
    """Deal with ``seed`` (dealer rotating with the seed); the first to speak takes."""
    h = BeloteHand(seed=seed, dealer=seed % 4)
    h.call("take")
    assert h.phase == "play" and h.contract is not None
    hands = {SEATS[s]: [c.text for c in mask_cards(h.hands[s])] for s in range(4)}
    code = h.contract.code if contract == "turned" else contract
    return Deal(seed, hands, code, h.taker, h.leader)


@dataclass
class Row:
    label: str
    ours: int
    ours_best: list[str]
    ours_ms: float
    ours_cpu: float
    nodes: int
    cv: int | None = None
    cv_best: list[str] = field(default_factory=list)
    cv_ms: float = 0.0
    cv_cpu: float = 0.0
    problem: str = ""


def run_position(
    label: str, state: BeloteHand, cv: Colver | None, env: Any | None, all_values: bool
) -> Row:
    """Both engines on one position; with ``all_values`` ours gives every card's value too
    and each must equal colver's."""
    c0 = time.process_time()
    sol = solve(state, all_values=all_values)
    cpu = (time.process_time() - c0) * 1e3
    row = Row(label, sol.value, sorted(c.text for c in sol.best), sol.ms, cpu, sol.nodes)
    if cv is not None and env is not None:
        cv_values, row.cv_ms, row.cv_cpu = cv.solve(env)
        row.cv = max(cv_values.values())
        row.cv_best = sorted(c for c, v in cv_values.items() if v == row.cv)
        ours = {c.text: v for c, v in sol.values.items()}
        if row.cv != row.ours:
            row.problem = f"VALUE MISMATCH ours {row.ours} colver {row.cv}"
        elif row.cv_best != row.ours_best:
            row.problem = f"BEST-CARD MISMATCH ours {row.ours_best} colver {row.cv_best}"
        elif all_values and ours != cv_values:
            row.problem = f"CARD-VALUE MISMATCH ours {ours} colver {cv_values}"
    return row


def play_random(
    deal: Deal, tricks: int, cv: Colver | None, use_cv: bool
) -> tuple[BeloteHand, Any | None, str]:
    """The deal after ``tricks`` tricks of random legal cards, on both engines."""
    state = deal.state()
    env = cv.env(deal.hands, deal.contract, deal.leader, deal.taker) if use_cv and cv else None
    rng = random.Random(1000 * deal.seed + tricks)
    problem = ""
    for _ in range(4 * tricks):
        legal = sorted(c.text for c in state.legal_cards())
        if env is not None and cv is not None and cv.legal(env) != legal and not problem:
            problem = f"LEGAL-CARD MISMATCH ours {legal} colver {cv.legal(env)}"
        card = rng.choice(legal)
        state.play(card)
        if env is not None and cv is not None:
            cv.step(env, card)
    return state, env, problem


def summary(name: str, wall: list[float], cpu: list[float]) -> str:
    return (
        f"{name:7s} median {statistics.median(wall):8.1f} ms  worst {max(wall):8.1f} ms  "
        f"total {sum(wall) / 1e3:7.2f} s   (CPU: median {statistics.median(cpu):8.1f} ms, "
        f"worst {max(cpu):8.1f} ms, total {sum(cpu) / 1e3:7.2f} s)"
    )


def load() -> str:
    la = load_average()
    return "load average: n/a" if la is None else f"load average {la} on {os.cpu_count()} cores"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=50, help="number of seeded deals (default 50)")
    p.add_argument("--first-seed", type=int, default=0)
    p.add_argument(
        "--contract",
        default="turned",
        choices=("turned", *SUITS, "NT", "AT"),
        help="trump: the turned suit (default), a suit, or NT/AT (ours only)",
    )
    p.add_argument("--tricks", default="0,2,4", help="tricks played before solving (0,2,4)")
    p.add_argument("--no-colver", action="store_true", help="our solver only")
    p.add_argument("--all-values", action="store_true",
                   help="ours gives every legal card's exact value too, as colver's "
                        "solve_scores does, and each is compared")
    p.add_argument("--quiet", action="store_true", help="no per-deal lines")
    return p.parse_args(argv)


def start_colver(args: argparse.Namespace) -> tuple[Colver | None, bool]:
    """colver (``None`` if not asked for or not installed) and whether it plays the
    contract asked for; says so when it does not."""
    cv = None if args.no_colver else load_colver()
    if cv is None and not args.no_colver:
        print('colver is not installed: our solver runs alone. For the comparison install it '
              'with  pip install -e ".[bench]"  (or pip install colver).')
    use_cv = cv is not None and args.contract not in ("NT", "AT")
    if cv is not None and not use_cv:
        print(f"colver has no {args.contract} contract: our solver runs alone.")
    return cv, use_cv


def run_stage(
    tricks: int, deals: list[Deal], cv: Colver | None, use_cv: bool, args: argparse.Namespace
) -> list[Row]:
    """Every deal after ``tricks`` random tricks, solved by both engines, a line each."""
    rows: list[Row] = []
    # this stage's table size allocated once (kept between solves), not counted
    solve(play_random(deals[0], tricks, None, False)[0], all_values=False)
    print(f"\n== {'first card' if tricks == 0 else f'after {tricks} tricks'} "
          f"({len(deals)} deals, contract {args.contract}) ==")
    if not args.quiet:
        print(f"{'seed':>4} {'ldr':>3} {'tr':>2}  {'ours':>4} {'colver':>6}  "
              f"{'ours ms':>8} {'colver ms':>9}  {'nodes':>9}")
    for d in deals:
        state, env, problem = play_random(d, tricks, cv, use_cv)
        row = run_position(f"seed {d.seed} after {tricks} tricks", state, cv, env,
                           args.all_values)
        row.problem = row.problem or problem
        rows.append(row)
        if not args.quiet or row.problem:
            cvv = "-" if row.cv is None else str(row.cv)
            cvm = "-" if row.cv is None else f"{row.cv_ms:9.1f}"
            print(f"{d.seed:4d} {SEATS[state.to_play]:>3} {d.contract:>2}  {row.ours:4d} "
                  f"{cvv:>6}  {row.ours_ms:8.1f} {cvm:>9}  {row.nodes:9d}"
                  + (f"   <<<<<< {row.problem}" if row.problem else ""), flush=True)
    return rows


def print_ratio(rows: list[Row], all_values: bool, target: float = RATIO_TARGET) -> None:
    """colver's times, ours against them and how many positions agree."""
    print(summary("colver", [r.cv_ms for r in rows], [r.cv_cpu for r in rows]))
    med = statistics.median(r.ours_ms for r in rows) / statistics.median(
        r.cv_ms for r in rows)
    worst = max(r.ours_ms for r in rows) / max(r.cv_ms for r in rows)
    tot = sum(r.ours_ms for r in rows) / sum(r.cv_ms for r in rows)
    cmed = statistics.median(r.ours_cpu for r in rows) / max(
        statistics.median(r.cv_cpu for r in rows), 1e-9)
    verdict = "met" if med <= target else "NOT met"
    print(f"ratio ours/colver: median {med:.2f} (CPU {cmed:.2f}), worst {worst:.2f}, "
          f"total {tot:.2f}; target median <= {target}: {verdict}")
    same = sum(1 for r in rows if not r.problem)
    what = "every card's value" if all_values else "values and best cards"
    print(f"identical {what}: {same}/{len(rows)}")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    stages = [int(x) for x in args.tricks.split(",")]
    cv, use_cv = start_colver(args)
    print(f"Python {platform.python_version()}, {platform.machine()}"
          + (f", colver {cv.version}" if cv else ""))
    print(f"at start: {load()}")

    deals = [make_deal(s, args.contract) for s in range(args.first_seed,
                                                         args.first_seed + args.deals)]
    warm = deals[0].state()
    t0 = time.perf_counter()
    solve(warm, all_values=False)  # numba compile / cache load, not counted
    print(f"warm-up solve (compile or cache load): {(time.perf_counter() - t0):.2f} s")

    failures: list[str] = []
    for tricks in stages:
        rows = run_stage(tricks, deals, cv, use_cv, args)
        failures += [f"{r.label}: {r.problem}" for r in rows if r.problem]
        print(f"-- {load()}")
        print(summary("ours", [r.ours_ms for r in rows], [r.ours_cpu for r in rows]))
        if use_cv:
            target = FULL_DEAL_TARGET[args.all_values] if tricks == 0 else RATIO_TARGET
            print_ratio(rows, args.all_values, target)

    if failures:
        print("\n" + "!" * 72)
        print(f"!!! {len(failures)} MISMATCH(ES) between our solver and colver:")
        for f in failures:
            print(f"!!!   {f}")
        print("!" * 72)
        return 1
    if use_cv:
        print("\nall values and best cards identical"
              + (", and every card's value" if args.all_values else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
