"""Compile every jitted kernel (the solver's, the batch simulator's and its level 2) into
numba's on-disk cache, so that the first hint, solve or batch of a fresh Python process loads
them instead of compiling them (4 to 17 s each); and the small kernels Python calls directly
(:func:`estimates`, :func:`helpers`), with the types of those calls.

``make`` runs it once after installing the package (the ``venv`` target), and
``python -m belote_lab.batch.warm`` runs it by hand (after a numba upgrade, say): in two
processes where there are two cores (25-29 s from nothing here).  Without
numba it does nothing and says so.  The cache lives beside the sources (``__pycache__``) or
where ``NUMBA_CACHE_DIR`` points; ``benchmarks/bench_cold.py`` measures a first solve with
and without it.

The cache saves the compilation, not the loading: the first call of a kernel in a new process
still reads it from the cache and sets numba up (0.2–0.7 s).  :func:`ready` does that once a
process, on a tiny position, for the kernels a hint or a solve calls;
:func:`belote_lab.coaching.hints.hint` calls it and counts its time inside the hint's budget, and an
application may call it at start (so that no hint pays for it).

>>> seconds = warm()          # quick once the cache exists
>>> seconds >= 0
True
>>> ready() >= 0, ready()     # once loaded, nothing more to do
(True, 0.0)
"""

from __future__ import annotations

import os
import sys
import threading
import time

from belote_lab._jit import HAVE_NUMBA

__all__ = ["warm", "estimates", "helpers", "first_lead", "ready", "is_ready"]

_READY = threading.Event()
_READY_LOCK = threading.Lock()
# a deal whose last two tricks are left: every kernel a hint or a solve calls, in milliseconds
_TINY = ("AS KS QS JS TS 9S 8S 7S", "AH KH QH JH TH 9H 8H 7H", "AD KD QD JD TD 9D 8D 7D",
         "AC KC QC JC TC 9C 8C 7C")
_TINY_PLAYS = 24


def is_ready() -> bool:
    """Whether :func:`ready` has loaded the kernels in this process (always ``True`` without
    numba: plain Python has nothing to load)."""
    return not HAVE_NUMBA or _READY.is_set()


def ready() -> float:
    """Load the solver kernels a hint or a solve calls into this process (from numba's cache
    once :func:`warm` has filled it, else compiled), once: the seconds it took, ``0.0``
    when it was done before (or without numba).  Safe to call from several threads: one
    loads, the others wait for it."""
    if is_ready():
        return 0.0
    t0 = time.perf_counter()
    with _READY_LOCK:
        if not _READY.is_set():
            _load_kernels()
            _READY.set()
    return time.perf_counter() - t0


def _load_kernels() -> None:
    """Call each kernel of :mod:`belote_lab.solver.kernel` that the solver's Python side
    calls (``legal``, ``narrow``, ``seat_at``, ``winner_pos``) on a position of two tricks."""
    from belote_lab.games.belote import BeloteHand
    from belote_lab.solver.position import estimate_position, position_of, solve_position

    h = BeloteHand.from_hands(list(_TINY), "S", 0, 0)
    for _ in range(_TINY_PLAYS):
        h.play(next(iter(h.legal_cards())))
    pos = position_of(h)
    estimate_position(pos)
    sol = solve_position(pos, pv=True)
    pos.after(sol.best[0])


def first_lead(game: str, seed: int = 1) -> object:
    """A hand of ``game`` dealt with ``seed`` and bid by level-2 players, at its first lead
    (two-player Belote: at its first strict trick, where the solver is exact)."""
    from belote_lab.games import get
    from belote_lab.players.registry import level2

    g = get(game)
    hand = g.hand_class(seed=seed, dealer=g.seats[0])
    players = {s: level2(g)(seed=seed + s) for s in g.seats}
    while hand.phase == "bidding":
        hand.call(players[hand.current_player].choose_call(hand))
    # a stock (two-player Belote) is played out: the solver is exact from then on
    while hand.phase == "play" and hand.seat_view(hand.current_player).get("stock", 0) > 0:
        hand.play(players[hand.current_player].choose_card(hand))
    return hand


def estimates() -> None:
    """Call once, with whole numbers, each estimate of :mod:`belote_lab.players.estimates`
    that the Python level-2 players and the level-4 bidder call, so that each is compiled (or
    loaded from the cache) before a player calls it."""
    from belote_lab.cards import CardSet, Suit
    from belote_lab.players import estimates as e

    hand = CardSet.parse("JH 9H AH TH 7H AS TS AC").mask
    e.take_strength(hand, 1)
    e.take_strength(hand, Suit.H)  # the level-4 bidder weighs a suit by its Suit
    e.taking_value(hand, 1)
    e.no_or_all_trump_estimate(e.no_trump_strength(hand), e.NO_TRUMP_BID)
    e.no_or_all_trump_estimate(e.all_trump_strength(hand), e.ALL_TRUMP_BID)
    e.capot_losers(hand, 1)
    e.suit_estimate(hand, 1)
    e.support_estimate(hand, 1)
    e.defence_estimate(hand, None)
    thirteen = CardSet.parse("AS KS QS 5S AH KH 2H AD 3D 2D 4C 3C 2C").mask
    e.estimate_tricks(thirteen)
    e.trick_value(thirteen)
    # the helpers the estimates call inside, as their examples call them (whole numbers)
    e.has(hand, 1, 5), e.suit_count(hand, 1), e.masters(hand, 7, 3, 6)
    e.side_aces(hand, 1, 15, 10)


def helpers() -> None:
    """Call once, from Python, the small batch kernels that Python calls directly (their
    examples, and the tests that check a kernel against the Python players): numba compiles
    a function again for arguments of new types, so their calls inside the big kernels do not
    cache these (about 4 s from nothing; before, the test processes compiled them)."""
    import numpy as np

    from belote_lab.batch import belote2, coinche, core, deal, four, level2
    from belote_lab.cards import Card, CardSet, mask_of
    from belote_lab.rules import CoincheRules
    from belote_lab.solver import kernel

    kernel.popcount(5), kernel.beats(1, 2, 0, 1, 3, 4)
    core.call_contract(6, 0x12, 6, 7), core.lowest(5)
    core.keep_max(-1, 0, 5, 3), core.keep_min(-1, 0, 5, 3)
    deal.below(5, 10), deal.draw(1, 10), deal.hand_state(0, 0), deal.xorshift32(5)
    deal.random_card(5, 11), deal.scratch(deal.BELOTE_DECK)
    deal.shuffle(5, deal.BELOTE_DECK, np.empty_like(deal.BELOTE_DECK))
    level2.learn_void(0, 5, 1, 0, 1, 0, 5, 1), level2.learn_void_cb(0, 5, 1, 0, 1)
    hand = CardSet.parse("JH 9H AH 8H AS TS 7D 8C").mask
    seven = int(Card.parse("7H"))
    belote2.level1_call(12345, 18, 2, False)
    belote2.seat_call(7, 1, 0, seven, 1, False, belote2.TAKE2, belote2.NAME2)
    hands = np.array([mask_of(["7H"]), mask_of(["KH", "QH"]), mask_of(["KS"]), 0])
    four.belote_seat(hands, 1), four.belote_side(hands, 1)
    four.score_four(60, 102, 4, 4, 20, 0, False, True)
    four.seat_call(7, 2, hand, seven, False, False, False, False)
    bids, find = coinche.bid_tables(CoincheRules())
    coinche.level1_call(1, 1, -1, -1, False, bids)
    coinche.level2_call(hand, 1, -1, -1, False, False, 0, bids, find)
    coinche.all_tricks_side(np.array([5, 0, 3, 0]))
    coinche.score_hand(np.array([85, 77]), np.array([2, 2, 2, 2]), 0, 80, 2, 2, 0,
                       np.zeros(2, dtype=np.int64))


def _solver() -> None:
    """The solver's kernels: a first lead of each kind, and what a hint's first call loads
    (the trick's winner called from Python)."""
    from belote_lab.solver import solve

    for game in ("belote", "belote2"):
        solve(first_lead(game))  # type: ignore[arg-type]
    _load_kernels()


def _hands(game: str) -> None:
    """``game``'s whole-hand kernel, a level per seat."""
    from belote_lab.batch import kernels
    from belote_lab.games import get

    g = get(game)
    kernels(g).hands(g, 4, (1, 2) if g.has_stock else (1, 2, 1, 2), 0, None, 0)


def _four() -> None:
    """The kernels of four-player Belote and Coinche."""
    from belote_lab.batch import playouts
    from belote_lab.batch.four import playouts_level2

    for game, contract in (("belote", "H"), ("coinche", "100S")):
        playouts(game, 4, contract=contract)
    playouts_level2("belote", 4, contract="H")
    _hands("belote")
    _hands("coinche")


def _callbreak() -> None:
    from belote_lab.batch import playouts
    from belote_lab.batch.callbreak import playouts_level2_callbreak

    playouts("callbreak", 4)
    playouts_level2_callbreak(4)
    _hands("callbreak")


def _belote2() -> None:
    from belote_lab.batch import playouts
    from belote_lab.batch.belote2 import playouts_level2_belote2

    playouts("belote2", 4, contract="H")
    playouts_level2_belote2(4, contract="H")
    _hands("belote2")


_UNITS = (_four, _solver, _belote2, _callbreak, estimates, helpers)
"""What :func:`warm` compiles, the longest first (from nothing, one after the other, here:
four-player 15-23 s with the level-2 helpers the games share, the solver 12-14 s, two-player
Belote 7-9 s, Callbreak 4-11 s, the estimates 1-4 s, the helpers 0-3 s).  Two processes take
the next unit as each finishes one (a unit's time depends on what the cache already holds):
25.1-25.5 s from nothing against 26.3-29.2 s for two fixed halves (2026-12-06)."""


def _run(unit: int) -> None:
    _UNITS[unit]()


def warm(jobs: int = 1) -> float:
    """Solve one position of each kind, play a few batch hands of each game and call the
    level-2 estimates (:func:`estimates`) and the small kernels Python calls (:func:`helpers`),
    so that every kernel gets compiled and cached;
    the seconds it took.  ``jobs=2``: in two fresh processes at once, each taking the next of
    :data:`_UNITS` when it is done with one (a kernel two units share may be compiled in both;
    numba's cache writes are atomic)."""
    t0 = time.perf_counter()
    if jobs > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        context = multiprocessing.get_context("spawn")  # numba is not forked half set up
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            for _ in pool.map(_run, range(len(_UNITS))):
                pass  # a unit that failed raises here
    else:
        for unit in _UNITS:
            unit()
    return time.perf_counter() - t0


def main() -> int:
    if not HAVE_NUMBA:
        print("belote_lab.batch.warm: numba is not installed: nothing to compile")
        return 0
    jobs = min(2, os.cpu_count() or 1)
    print(f"belote_lab.batch.warm: the solver's and the batch simulator's kernels are compiled "
          f"and cached ({warm(jobs):.1f} s, {jobs} process{'es' if jobs > 1 else ''})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
