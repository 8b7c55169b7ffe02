"""The batch simulator: many hands in compiled code (numba's subset, plain Python without
numba; see :mod:`belote_lab._jit`), as numpy arrays.

============================  ====================================================================
module                        what it holds
============================  ====================================================================
:mod:`~.arrays`               the per-hand arrays every path fills (:data:`~.arrays.ARRAYS`)
:mod:`~.core`                 the random numbers, deals, random (level-1) play, scoring, and
                              :func:`playouts` with a fixed contract
:mod:`~.level2`               level-2 card play of four-player Belote and Coinche
:mod:`~.four`                 whole hands of four-player Belote (deal, taking, play, score) and
                              the card play of both four-player games, a level per seat
:mod:`~.coinche`              whole hands of Coinche: the auction (coinche, surcoinche), play, score
:mod:`~.belote2`              level-2 card play and whole hands of two-player Belote
:mod:`~.callbreak`            level-2 calls and card play, and whole hands of Callbreak
============================  ====================================================================

A game plays whole hands here when its :class:`~belote_lab.games.Game` names a module of this
package (``Game.batch``); :func:`kernels` finds it and refuses a game without one.  Each such
module has ``LEVELS`` (the computer levels it plays, as numbers) and
``hands(g, n, levels, seed, rules, dealer) -> dict`` of the arrays of :mod:`~.arrays`.
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


def __getattr__(name: str) -> Any:
    """``playouts`` and ``BatchResult`` of :mod:`~.core`, loaded (with numba) when first used."""
    if name in ("playouts", "BatchResult"):
        from belote_lab.batch import core

        return getattr(core, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
