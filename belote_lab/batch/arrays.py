"""The per-hand arrays of a simulation, one layout for every path (the Python players'
hands and the compiled kernels' alike): :data:`ARRAYS` and :func:`empty_arrays`.

Their meaning is in :mod:`belote_lab.simulate` (``SimulationResult``); a contract is stored as
its index in :data:`belote_lab.contract.CONTRACT_CODES`.

>>> from belote_lab.games import get
>>> a = empty_arrays(get("callbreak"), 3)
>>> a["made"].shape, a["score"].shape, int(a["taker"][0])
((3, 4), (3, 4), -1)
"""

from __future__ import annotations

import numpy as np

from belote_lab.games import Game

__all__ = ["ARRAYS", "empty_arrays"]

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
