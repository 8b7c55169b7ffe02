"""The batch simulator: many hands in compiled code (numba's subset, plain Python without
numba; see :mod:`belote_lab._jit`), as numpy arrays.

============================  ====================================================================
module                        what it holds
============================  ====================================================================
:mod:`~.core`                 the random numbers, deals, random (level-1) play, scoring, and
                              :func:`playouts` with a fixed contract
:mod:`~.level2`               level-2 card play of four-player Belote and Coinche
:mod:`~.belote2`              level-2 card play of two-player Belote
:mod:`~.callbreak`            level-2 calls and card play of Callbreak
============================  ====================================================================

>>> r = playouts("belote", n=100, contract="S", taker=1, seed=2)
>>> len(r), bool((r.points.sum(axis=1) == 162).all())
(100, True)
"""

from __future__ import annotations

from belote_lab.batch.core import BatchResult, playouts

__all__ = ["BatchResult", "playouts"]
