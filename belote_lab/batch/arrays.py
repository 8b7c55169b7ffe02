"""The per-hand arrays of a simulation, one layout for every path (the Python players'
hands and the compiled kernels' alike): :data:`ARRAYS` and :func:`empty_arrays`.

Their meaning is in :mod:`belote_lab.simulation.simulate` (``SimulationResult``); a contract is
stored as its index in :data:`belote_lab.contract.CONTRACT_CODES`.

>>> from belote_lab.games import get
>>> a = empty_arrays(get("callbreak"), 3)
>>> a["made"].shape, a["score"].shape, int(a["taker"][0])
((3, 4), (3, 4), -1)
"""

from __future__ import annotations

import numpy as np

from belote_lab.games import Game

__all__ = ["ARRAYS", "MAX_REDEALS", "empty_arrays", "play_arrays"]

MAX_REDEALS = 1000
"""The void deals in a row a simulated hand may be dealt again before it gives up (the Python
players' :func:`~belote_lab.simulation.selfplay.play_deal` and the kernels alike)."""

ARRAYS: tuple[str, ...] = (
    "contract",
    "bid",
    "multiplier",
    "taker",
    "dealer",
    "redeals",
    "attack_points",
    "defence_points",
    "score",
    "made",
    "belote",
    "capot",
    "tricks",
    "calls",
)
"""The per-hand array fields of a simulation's result, in table order."""


def empty_arrays(g: Game, n: int) -> dict[str, np.ndarray]:
    """The arrays of :data:`ARRAYS` for ``n`` hands of ``g``, before any is played (no taker,
    no belote, no capot, multiplier 1)."""
    return {
        "contract": np.zeros(n, np.int8),
        "bid": np.zeros(n, np.int16),
        "multiplier": np.ones(n, np.int8),
        "taker": np.full(n, -1, np.int8),
        "dealer": np.zeros(n, np.int8),
        "redeals": np.zeros(n, np.int16),
        "attack_points": np.zeros(n, np.int16),
        "defence_points": np.zeros(n, np.int16),
        "score": np.zeros((n, len(g.sides)), np.int32),
        "made": np.zeros((n, 4) if g.bidding == "calls" else n, np.int8),
        "belote": np.full(n, -1, np.int8),
        "capot": np.full(n, -1, np.int8),
        "tricks": np.zeros((n, 4), np.int8),
        "calls": np.zeros((n, 4), np.int8),
    }


def play_arrays(n: int, cards: int, record: bool) -> dict[str, np.ndarray]:
    """The arrays every fixed-contract kernel fills for ``n`` hands of ``cards`` cards (32, or
    52 in Callbreak): ``deals`` (each seat's hand at the first card), ``redeals``, ``tricks``
    (by seat) and, with ``record``, ``plays`` and ``legal`` (the cards in playing order and
    their legal masks; without ``record`` they have no rows).

    >>> {k: v.shape for k, v in play_arrays(2, 32, False).items()}
    {'deals': (2, 4), 'redeals': (2,), 'tricks': (2, 4), 'plays': (0, 32), 'legal': (0, 32)}
    """
    rows = n if record else 0
    return {
        "deals": np.zeros((n, 4), dtype=np.int64),
        "redeals": np.zeros(n, dtype=np.int64),
        "tricks": np.zeros((n, 4), dtype=np.int64),
        "plays": np.zeros((rows, cards), dtype=np.int64),
        "legal": np.zeros((rows, cards), dtype=np.int64),
    }
