"""Level-2 Callbreak in the batch simulator: the calls and the card play of
:class:`~belote_lab.players.callbreak.CallbreakPlayer2` (its default, ``duck_after_call=False``)
in numba's subset.

:func:`level2_call` is the call ``CallbreakPlayer2.choose_call`` makes from
:func:`belote_lab.players.estimates.estimate_tricks` (the player's own estimate, compiled) and
:func:`level2_card_callbreak` the card ``CallbreakPlayer2.choose_card`` plays, from plain
integers: the hand, the legal cards, the cards played (the current trick's included), the
trick's leader and number of cards, its winning card, and the voids seen so far (bit
``4 * seat + suit``, as ``_trick_info`` infers them: :func:`learn_void_cb`).  With
``duck_after_call=False`` the player's ``need`` is at least 1 whatever the call and the tricks
won, so the card play does not read the calls.  Ties are broken as Python's ``min``/``max``
break them over ``mask_cards`` (the lowest card index first), and as ``max`` over
``(out, rank, card)`` tuples breaks them (the highest card).

:func:`playouts_level2_callbreak` deals as :func:`belote_lab.batch.playouts` does (hand ``i``
of a seed is the same deal, void deals dealt again), lets each seat call at level 2, plays
the round at level 2 and scores it in tenths; ``meta["calls"]`` holds the calls, (n, 4).

>>> r = playouts_level2_callbreak(200, seed=1)
>>> bool((r.tricks.sum(axis=1) == 13).all()), r.meta["calls"].shape
(True, (200, 4))
>>> from belote_lab.batch import playouts
>>> bool((r.deals == playouts("callbreak", n=200, seed=1).deals).all())
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from belote_lab._jit import jit
from belote_lab.batch.arrays import empty_arrays, play_arrays
from belote_lab.batch.core import BatchResult, check_args
from belote_lab.batch.deal import FULL_DECK, deal_cards, dealer_seats, draw, hand_state, scratch
from belote_lab.batch.four import CALLBREAK_ROW, contract_tables, play_row
from belote_lab.cards import SUIT_MASK
from belote_lab.contract import CALLBREAK, CONTRACT_CODES
from belote_lab.games import Game, get
from belote_lab.games.callbreak import FACE_MASK, parse_call
from belote_lab.players.estimates import estimate_tricks

__all__ = [
    "level2_call",
    "playouts_level2_callbreak",
    "play_rounds",
    "LEVELS",
    "fixed",
    "hands",
    "score_callbreak",
]


# --- the call ------------------------------------------------------------------------------------
@jit
def level2_call(hand: int, max_call: int) -> int:
    """``CallbreakPlayer2.choose_call``: the estimate
    (:func:`belote_lab.players.estimates.estimate_tricks`, the player's own) within the legal
    calls 1 … ``max_call``."""
    return max(min(estimate_tricks(hand), max_call), 1)


# --- the kernel: one trick loop, a level per seat ------------------------------------------------
@jit
def dealt_ok(hands: np.ndarray, need: np.ndarray) -> bool:
    """Does every hand hold a card of each mask of ``need`` (else the deal is void)?"""
    for s in range(hands.shape[0]):
        for k in range(need.shape[0]):
            if hands[s] & need[k] == 0:
                return False
    return True


@jit
def play_rounds(start: int, seed: int, dealers: np.ndarray, levels: np.ndarray,
                given: np.ndarray, deck0: np.ndarray, need: np.ndarray, max_call: int,
                tables: np.ndarray, follow: np.ndarray, deals: np.ndarray, redeals: np.ndarray,
                calls: np.ndarray, tricks: np.ndarray, plays: np.ndarray,
                legal: np.ndarray) -> None:
    """Deal (a deal in which a hand misses a mask of ``need`` is void and dealt again), call
    and play ``calls.shape[0]`` Callbreak rounds, numbers ``start`` … of ``seed``, seat ``s``
    at ``levels[s]``: 1 a random call (1 to ``max_call``) and random legal cards, 2
    :func:`level2_call` and :func:`level2_card_callbreak`; with ``given[0] > 0`` every seat
    calls ``given`` instead (a fixed contract's calls).  The calls are made from the seat
    after the dealer, which also leads.  Fills ``deals`` (the hands at the first card),
    ``redeals``, ``calls``, ``tricks`` and, when they have rows, ``plays`` and ``legal``."""
    deck, hands, pts, won, none = scratch(deck0)
    for row in range(calls.shape[0]):
        st = deal_cards(hand_state(seed, start + row), deck0, deck, hands)
        void = 0
        while not dealt_ok(hands, need):
            void += 1
            st = deal_cards(st, deck0, deck, hands)
        redeals[row] = void
        leader = (dealers[row] + 1) & 3
        for i in range(4):
            s = (leader + i) & 3
            deals[row, s] = hands[s]
            if given[0] > 0:
                calls[row, s] = given[s]
            elif levels[s] == 1:
                st, r = draw(st, max_call)
                calls[row, s] = 1 + r
            else:
                calls[row, s] = level2_call(hands[s], max_call)
        st = play_row(st, row, hands, leader, -1, CALLBREAK_ROW, levels, tables, follow, pts,
                      won, plays, legal, none)
        for s in range(4):
            tricks[row, s] = won[s]


# --- the Python side -----------------------------------------------------------------------------
LEVELS: tuple[int, ...] = (1, 2)
"""The computer levels :func:`hands` plays, a level per seat: 1 random calls and cards
(:class:`~belote_lab.players.RandomPlayer`'s policy), 2 :class:`CallbreakPlayer2
<belote_lab.players.callbreak.CallbreakPlayer2>`."""


def score_callbreak(tricks: np.ndarray, calls: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(made, score)`` per seat, the score in tenths: the call and a tenth per extra trick
    when made, minus the call when not (:func:`belote_lab.games.callbreak.round_score`)."""
    made = tricks >= calls
    score = np.where(made, 10 * calls + tricks - calls, -10 * calls)
    return made.astype(np.int64), score


def capot_seats(tricks: np.ndarray) -> np.ndarray:
    """The seat that won all 13 tricks of each round (``tricks`` (n, 4) by seat), or -1.

    >>> capot_seats(np.array([[13, 0, 0, 0], [4, 3, 3, 3]])).tolist()
    [0, -1]
    """
    return np.where(tricks.max(axis=1) == 13, tricks.argmax(axis=1), -1)


def callbreak_calls(calls: Any, rules: Any) -> np.ndarray:
    """The four calls (N E S W) checked against the rules; 3 each by default."""
    out = np.array([3, 3, 3, 3] if calls is None else [parse_call(x, rules.max_call)
                                                       for x in calls], dtype=np.int64)
    if out.shape != (4,):
        raise ValueError("Callbreak needs four calls, N E S W")
    return out


def rounds(g: Game, r: Any, n: int, levels: np.ndarray, given: np.ndarray, seed: int,
           dealers: np.ndarray, start: int, record: bool) -> dict[str, np.ndarray]:
    """:func:`play_rounds` of ``n`` rounds under the rules ``r``: its arrays by name."""
    need = (SUIT_MASK[0], FACE_MASK) if r.redeal_without_face_cards else (SUIT_MASK[0],)
    a = {**play_arrays(n, 52, record), "calls": np.zeros((n, 4), dtype=np.int64)}
    play_rounds(start, seed, dealers, levels, given, FULL_DECK, np.array(need, dtype=np.int64),
                int(r.max_call), *contract_tables(g, r), a["deals"], a["redeals"], a["calls"],
                a["tricks"], a["plays"], a["legal"])
    return a


def fixed(g: Game, n: int, contract: str, taker: int, seed: int, dealer: int, level: int, *,
          rules: Any = None, multiplier: int = 1, calls: Any = None, record: bool = False,
          start: int = 0, rotate: bool = False) -> BatchResult:
    """``n`` Callbreak rounds from random deals, numbers ``start`` … of ``seed``, every seat
    at ``level``: the one signature of every batch module's fixed contract.  Callbreak has one
    contract (``contract`` and ``taker`` are not read); level 1 plays the ``calls`` (N E S W,
    3 each by default), level 2 makes its own (``calls`` refused).  Scored in tenths;
    ``meta["calls"]`` holds the calls.

    >>> from belote_lab.games import get
    >>> r = fixed(get("callbreak"), 100, "-", 0, seed=5, dealer=0, level=1, calls=(4, 3, 3, 2))
    >>> r.score.shape, bool((r.tricks.sum(axis=1) == 13).all()), int(r.redeals.sum()) > 0
    ((100, 4), True, True)
    """
    r = g.rules(rules)
    check_args(r, n, seed, start, multiplier)
    if level == 2 and calls is not None:
        raise ValueError("level 2 makes its own calls: leave out calls")
    if level not in LEVELS:
        raise ValueError(f"a fixed contract is played at level 1 or 2, not {level!r}")
    given = callbreak_calls(calls, r) if level == 1 else np.zeros(4, dtype=np.int64)
    dealers = dealer_seats(g, dealer, n, start, rotate)
    a = rounds(g, r, n, np.full(4, level), given, seed, dealers, start, record)
    cb = a.pop("calls")
    made, score = score_callbreak(a["tricks"], cb)
    return BatchResult(
        game=g.name, contract="callbreak", taker=-1, seed=seed, dealers=dealers,
        leaders=(dealers + 1) % 4, points=np.zeros((n, 4), dtype=np.int64),
        belote=np.full(n, -1, dtype=np.int64), made=made, capot=capot_seats(a["tricks"]),
        score=score,
        meta={"calls": cb if level == 2 else given, "code": CALLBREAK.code}, **a,
    )


def playouts_level2_callbreak(
    n: int = 1000, seed: int = 0, dealer: int = 0, *, rules: Any = None, record: bool = False,
    start: int = 0, rotate: bool = False,
) -> BatchResult:
    """:func:`belote_lab.batch.playouts` of Callbreak (the same deals, leaders and arrays)
    with level-2 calls (``meta["calls"]``, (n, 4)) and level-2 play at every seat."""
    return fixed(get("callbreak"), n, "-", 0, seed, dealer, 2, rules=rules, record=record,
                 start=start, rotate=rotate)


def hands(g: Game, n: int, levels: Any, seed: int = 0, rules: Any = None, dealer: int = 0,
          start: int = 0) -> dict[str, np.ndarray]:
    """``n`` whole Callbreak rounds (deal, calls, play, score in tenths), numbers ``start`` …
    of ``seed``, a level per seat N E S W (:data:`LEVELS`); round ``k`` is dealt by the
    ``k``-th seat after ``dealer``: the arrays of :func:`belote_lab.batch.arrays.empty_arrays`,
    filled as :func:`belote_lab.simulation.simulate.simulate` fills them from the engine's rounds.

    >>> a = hands(get("callbreak"), 500, (2, 2, 1, 1), seed=4)
    >>> bool((a["tricks"].sum(axis=1) == 13).all()), a["calls"].shape
    (True, (500, 4))
    >>> bool(a["score"][:, :2].mean() > a["score"][:, 2:].mean())   # level 2 scores more
    True
    """
    r = g.rules(rules)
    check_args(r, n, seed, start, 1)
    lv = np.array(levels, dtype=np.int64)
    if lv.shape != (4,) or not set(lv.tolist()) <= set(LEVELS):
        raise ValueError(f"Callbreak's compiled rounds take four levels among {LEVELS}, "
                         f"not {levels!r}")
    dealers = dealer_seats(g, dealer, n, start, True)
    p = rounds(g, r, n, lv, np.zeros(4, dtype=np.int64), seed, dealers, start, False)
    _, score = score_callbreak(p["tricks"], p["calls"])
    a = empty_arrays(g, n)
    a["contract"][:] = CONTRACT_CODES.index(CALLBREAK.code)
    a["dealer"][:] = dealers
    a["redeals"][:] = p["redeals"]
    a["tricks"][:] = p["tricks"]
    a["calls"][:] = p["calls"]
    a["score"][:] = score
    a["made"][:] = score > 0  # as in a played round: a call made scores more than 0
    a["capot"][:] = capot_seats(p["tricks"])
    return a
