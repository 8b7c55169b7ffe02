"""Compile every jitted kernel (the solver's, the batch simulator's and its level 2) into
numba's on-disk cache, so that the first hint, solve or batch of a fresh Python process loads
them instead of compiling them (4 to 17 s each).

``make`` runs it once after installing the package (the ``venv`` target), and
``python -m belote_lab.warm`` runs it by hand (after a numba upgrade, say).  Without
numba it does nothing and says so.  The cache lives beside the sources (``__pycache__``) or
where ``NUMBA_CACHE_DIR`` points; ``benchmarks/bench_cold.py`` measures a first solve with
and without it.

>>> seconds = warm()          # quick once the cache exists
>>> seconds >= 0
True
"""

from __future__ import annotations

import sys
import time

from belote_lab._jit import HAVE_NUMBA

__all__ = ["warm", "first_lead"]


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


def warm() -> float:
    """Solve one position of each kind and play a few batch hands of each game, so that
    every kernel gets compiled and cached; the seconds it took."""
    from belote_lab.batch import playouts
    from belote_lab.batch_belote2 import playouts_level2_belote2
    from belote_lab.batch_callbreak import playouts_level2_callbreak
    from belote_lab.batch_level2 import playouts_level2
    from belote_lab.solver import solve

    t0 = time.perf_counter()
    for game in ("belote", "belote2"):
        solve(first_lead(game))  # type: ignore[arg-type]
    for game, contract in (("belote", "H"), ("coinche", "100S"), ("belote2", "H")):
        playouts(game, 4, contract=contract)
    playouts("callbreak", 4)
    playouts_level2("belote", 4, contract="H")
    playouts_level2_belote2(4, contract="H")
    playouts_level2_callbreak(4)
    return time.perf_counter() - t0


def main() -> int:
    if not HAVE_NUMBA:
        print("belote_lab.warm: numba is not installed: nothing to compile")
        return 0
    print(f"belote_lab.warm: the solver's and the batch simulator's kernels are compiled "
          f"and cached ({warm():.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
