"""The batch simulator: many hands in compiled code (numba's subset, plain Python without
numba; see :mod:`belote_lab._jit`), as numpy arrays.

============================  ====================================================================
module                        what it holds
============================  ====================================================================
:mod:`~.arrays`               the per-hand arrays every path fills (:data:`~.arrays.ARRAYS`)
:mod:`~.core`                 what they share: card masks, the one "beats" test, "keep the
                              best card", the contracts' tables, the result of a fixed contract
:mod:`~.deal`                 the random numbers, the deal, the random (level-1) card
:mod:`~.level2`               level-2 card play of the four-seat games (Belote family, Callbreak)
:mod:`~.four`                 whole hands of four-player Belote (deal, taking, play, score) and
                              the card play of both four-player games, a level per seat
:mod:`~.coinche`              whole hands of Coinche: the auction (coinche, surcoinche), play, score
:mod:`~.belote2`              level-2 card play and whole hands of two-player Belote
:mod:`~.callbreak`            level-2 calls and card play, and whole hands of Callbreak
============================  ====================================================================

A game plays whole hands here when its :class:`~belote_lab.games.Game` names a module of this
package (``Game.batch``); :func:`kernels` finds it and refuses a game without one.  Each such
module has ``LEVELS`` (the computer levels it plays, as numbers),
``hands(g, n, levels, seed, rules, dealer) -> dict`` of the arrays of :mod:`~.arrays`, and
``fixed(g, n, contract, taker, seed, dealer, level, ...)`` for a fixed contract (one trick
loop a family of games: :func:`four.play_hand <belote_lab.batch.four.play_hand>`,
:func:`callbreak.play_rounds <belote_lab.batch.callbreak.play_rounds>`,
:func:`belote2.play_two_levels <belote_lab.batch.belote2.play_two_levels>`).
Importing this package loads no numba: the kernels load with the module that holds them.

>>> kernels("callbreak").LEVELS
(1, 2)
>>> from belote_lab.batch import playouts
>>> r = playouts("belote", n=100, contract="S", taker=1, seed=2)
>>> len(r), bool((r.points.sum(axis=1) == 162).all())
(100, True)
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from belote_lab.games import Game, get

__all__ = ["BatchResult", "kernels", "playouts"]


def kernels(game: str | Game) -> ModuleType:
    """The module of this package that plays whole hands of ``game`` (``Game.batch``), or a
    ``ValueError`` naming the game when it declares none.

    >>> from dataclasses import replace
    >>> kernels(replace(get("belote"), name="toy", batch=None))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the game 'toy' has no compiled kernels (...): play it with engine="python"
    """
    g = get(game) if isinstance(game, str) else game
    if g.batch is None:
        raise ValueError(f"the game {g.name!r} has no compiled kernels (its Game names no "
                         f"module of belote_lab.batch): play it with engine=\"python\"")
    return importlib.import_module(f"{__name__}.{g.batch}")


def playouts(
    game: str = "belote",
    n: int = 1000,
    contract: str = "H",
    taker: int = 0,
    seed: int = 0,
    dealer: int = 0,
    *,
    rules: Any = None,
    multiplier: int = 1,
    calls: Sequence[int] | None = None,
    record: bool = False,
    start: int = 0,
    rotate: bool = False,
) -> Any:
    """Play ``n`` hands of ``game`` at random (level 1), each from a random deal, with
    ``contract`` (a trump, ``NT``/``AT``; in Coinche a bid such as ``"100H"`` or
    ``"capotS"``, a bare trump being the lowest bid) taken by seat ``taker`` (0–3, N E S W):
    a :class:`~belote_lab.batch.core.BatchResult`.  The first lead is the dealer's (or the
    next seat's, by the rule option ``first_lead``; always the next seat's in Callbreak).
    ``rules`` are the game's rule options (a dict or the rules object; ``must_undertrump`` is
    played, declarations are not); ``start`` is the number of the first hand (hands
    ``start … start + n - 1`` of ``seed``).  Callbreak ignores ``contract`` and ``taker`` and
    scores the ``calls`` (N E S W, 3 each by default) in tenths; its void deals are dealt
    again (``redeals``).  In two-player Belote the taker and the dealer are N or S (0 or 2),
    the other seat leads, 9 cards each and the 14 of the stock (``stock``) are dealt at
    random, and the winner of a trick draws first.  With ``rotate`` the deal turns: hand
    number ``k`` is dealt by the ``k``-th seat after ``dealer`` (in turn order), as
    :func:`belote_lab.simulation.simulate.simulate` deals.  The game's own module plays them
    (``fixed`` of :func:`kernels`), level 2 with ``fixed(..., level=2)``.

    >>> r = playouts("belote", n=1000, contract="H", taker=0, seed=1)
    >>> len(r), r.points.shape, r.tricks.shape
    (1000, (1000, 2), (1000, 4))
    >>> bool((r.points.sum(axis=1) == 162).all()), bool((r.tricks.sum(axis=1) == 8).all())
    (True, True)
    >>> bool((playouts("belote", n=10, seed=1, start=990).score == r.score[990:]).all())
    True
    >>> r = playouts("coinche", n=200, contract="80S", taker=1, seed=5, multiplier=2)
    >>> sorted(set(r.made.tolist())) == [0, 1], bool((r.score[r.made == 0, 0] >= 320).all())
    (True, True)
    >>> r = playouts("belote2", n=100, contract="S", taker=2, seed=5)
    >>> r.points.shape, r.stock.shape, bool((r.tricks[:, [0, 2]].sum(axis=1) == 16).all())
    ((100, 2), (100, 14), True)
    >>> r = playouts("callbreak", n=100, seed=5, calls=(4, 3, 3, 2))
    >>> r.score.shape, bool((r.tricks.sum(axis=1) == 13).all()), int(r.redeals.sum()) > 0
    ((100, 4), True, True)
    """
    g = get(game)
    return kernels(g).fixed(g, n, contract, taker, seed, dealer, 1, rules=rules,
                            multiplier=multiplier, calls=calls, record=record, start=start,
                            rotate=rotate)


def __getattr__(name: str) -> Any:
    """``BatchResult`` of :mod:`~.core`, loaded (with numba) when first used."""
    if name == "BatchResult":
        from belote_lab.batch import core

        return core.BatchResult
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
