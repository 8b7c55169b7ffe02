"""What every batch module shares apart from the deal (:mod:`belote_lab.batch.deal`): card
masks (:func:`popcount`, :func:`lowest`, "keep the best card" :func:`keep_max`), the one
"beats" test (the solver's :func:`~belote_lab.solver.kernel.beats`), the contract's tables,
a taking call's contract, and the :class:`BatchResult` of a fixed contract
(:func:`belote_lab.batch.playouts`).

Every hand is dealt and played inside one kernel in numba's subset (see
:mod:`belote_lab._jit`: the same code runs as plain Python without numba).  The legal
cards are those of :func:`belote_lab.solver.kernel.legal_after`, the solver's mirror of
:func:`belote_lab.trick.legal_mask`, configured by the game's own
:class:`~belote_lab.trick.FollowRules` (``Game.follow``); the tests compare both on random
positions and replay hands through the engine.

Arrays of a :class:`BatchResult` (``n`` hands; sides are the teams ``NS EW``, in Callbreak
the seats ``N E S W``; ``k`` = 32 cards, 52 in Callbreak):

===========  ==========  =============================================================
name         shape       meaning
===========  ==========  =============================================================
``dealers``  (n,)        the dealer of each hand (seat index)
``leaders``  (n,)        the seat that led the first trick
``deals``    (n, 4)      each seat's hand at the first card (a card mask, int64)
``redeals``  (n,)        void deals dealt again before it (Callbreak), else 0
``points``   (n, sides)  card points per side, dix de der included (0 in Callbreak)
``tricks``   (n, 4)      tricks won per seat
``belote``   (n,)        the side that scores belote/rebelote, -1 none
``made``     (n,)        1 made, 0 failed, -1 tie (litige; never in Coinche);
                         Callbreak (n, 4): 1 where the seat took its call
``capot``    (n,)        the side that made capot (Belote: by its ``capot`` rule), -1 none
``score``    (n, sides)  what each side scores by the game's default rules
                         (Callbreak: integer tenths)
``plays``    (n, k)      with ``record=True``: the cards in the order played, else (0, k)
``legal``    (n, k)      with ``record=True``: the legal mask of each of those decisions
``stock``    (n, 14)     two-player Belote: the stock, top first (else ``None``)
===========  ==========  =============================================================

``meta`` holds ``code`` (the contract: ``S H D C NT AT callbreak``), in Belote and Coinche
``multiplier`` and ``bid`` (Coinche's :class:`~belote_lab.games.coinche.Bid`, else ``None``),
in Callbreak ``calls``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from belote_lab._jit import jit
from belote_lab.contract import Contract
from belote_lab.games.coinche import Bid, bid_problem, multiplier_problem
from belote_lab.solver.kernel import beats, bit_index, popcount
from belote_lab.trick import FollowRules

__all__ = ["BatchResult", "beats", "call_contract", "check_args", "coinche_bid", "keep_max",
           "keep_min", "kernel_rule", "kernel_tables", "lowest", "popcount"]

RuleTuple = tuple[int, int, bool, bool, bool, bool, bool]
"""The follow rule as :func:`belote_lab.solver.kernel.legal_after` takes it."""


SUIT13 = 0x1FFF
"""The 13 card ranks of one suit (shifted by ``16 * suit``; below 2**63 in every suit)."""


@jit
def lowest(m: int) -> tuple[int, int]:
    """The lowest card of the non-empty mask ``m`` and the mask without it: the step of
    every scan over a mask's cards (``while m != 0: c, m = lowest(m)``).

    >>> lowest(0b10100)
    (2, 16)
    """
    return int(bit_index(m & -m)), m & (m - 1)


@jit
def call_contract(call: int, turned: int, take: int, pass_: int) -> int:
    """The contract a taking's call settles: the turned card's suit for ``take``, none (-1)
    for ``pass_``, else the call itself (the code of the contract it names).

    >>> call_contract(6, 0x12, 6, 7), call_contract(7, 0x12, 6, 7), call_contract(4, 0x12, 6, 7)
    (1, -1, 4)
    """
    if call == take:
        return turned >> 4
    if call == pass_:
        return -1
    return call


# --- dealing and play ----------------------------------------------------------------------------


@jit
def keep_max(best: int, bk: int, c: int, k: int) -> tuple[int, int]:
    """``(c, k)`` when the key ``k`` of ``c`` is above ``bk`` or nothing is kept yet
    (``best < 0``), else ``(best, bk)``: scanning cards in index order, the first of the
    highest key wins, as Python's ``max`` over ``mask_cards`` does.

    >>> keep_max(-1, 0, 5, 3), keep_max(5, 3, 9, 3), keep_max(5, 3, 9, 4)
    ((5, 3), (5, 3), (9, 4))
    """
    if best < 0 or k > bk:
        return c, k
    return best, bk


@jit
def keep_min(best: int, bk: int, c: int, k: int) -> tuple[int, int]:
    """:func:`keep_max` for the lowest key (Python's ``min``; the first card wins ties).

    >>> keep_min(-1, 0, 5, 3), keep_min(5, 3, 9, 3), keep_min(5, 3, 9, 2)
    ((5, 3), (5, 3), (9, 2))
    """
    if best < 0 or k < bk:
        return c, k
    return best, bk


# --- the Python side -----------------------------------------------------------------------------
@dataclass(frozen=True)
class BatchResult:
    """Per-hand arrays of :func:`playouts` (see the module docstring)."""

    game: str
    contract: str
    taker: int
    seed: int
    dealers: np.ndarray
    leaders: np.ndarray
    deals: np.ndarray
    points: np.ndarray
    tricks: np.ndarray
    belote: np.ndarray
    made: np.ndarray
    capot: np.ndarray
    score: np.ndarray
    plays: np.ndarray
    legal: np.ndarray
    redeals: np.ndarray
    meta: dict[str, Any]
    stock: np.ndarray | None = None

    def __len__(self) -> int:
        return int(self.points.shape[0])


def kernel_tables(contract: Contract, bonus: int) -> np.ndarray:
    """The (4, 64) int64 rows the kernel reads: power, points, higher, and ``[bonus, 0 …]``."""
    t = contract.tables
    out = np.zeros((4, 64), dtype=np.int64)
    out[0] = t.power
    out[1] = t.points
    out[2] = t.higher
    out[3, 0] = bonus
    return out


def kernel_rule(contract: Contract, f: FollowRules) -> RuleTuple:
    """The rule tuple of :func:`belote_lab.solver.kernel.legal_after` for a trick without
    free play (the solver's ``follow_rule``, built from the contract and ``f``)."""
    t = contract.tables
    return (
        int(t.trump_suit), int(t.trump_mask), bool(f.partners), bool(f.beat_trump_lead),
        bool(t.all_trump or f.beat_led_suit), bool(f.must_trump), bool(f.must_undertrump),
    )


def coinche_bid(contract: str, rules: Any) -> Bid:
    """The Coinche bid ``contract`` (``"90H"``, ``"capotS"``; a bare trump is the lowest
    bid), refused when the rules do not allow it or when it is a générale."""
    text = contract.strip()
    if text.upper() in ("S", "H", "D", "C", "NT", "AT"):
        bid = Bid("points", rules.min_bid, text.upper())
    else:
        bid = Bid.parse(text)
    problem = bid_problem(bid, rules, options=False)
    if problem is not None:
        raise ValueError(problem)
    if bid.kind.startswith("generale"):
        raise ValueError("the batch simulator plays no générale (a bid of the bidder alone)")
    return bid


def check_args(r: Any, n: int, seed: int, start: int, multiplier: int) -> None:
    """Refuse what the batch simulator does not play, and bad numbers."""
    if getattr(r, "declarations", False) or getattr(r, "failed_contract", "") == "keep_belote":
        raise ValueError("the batch simulator scores no declarations and no keep_belote")
    problem = multiplier_problem(multiplier)
    if problem is not None:
        raise ValueError(problem)
    if not (0 <= seed < 1 << 63 and start >= 0 and n >= 0):
        raise ValueError("seed, start and n must be whole numbers ≥ 0 (seed below 2**63)")
