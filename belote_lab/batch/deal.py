"""The random numbers and the deal of every batch kernel.

Deals come from a small PRNG in the kernel (a 32-bit integer hash seeds a xorshift32 per
hand): hand ``i`` of seed ``s`` is the same whatever the batch it is played in, and the same
with or without numba (:mod:`belote_lab._jit`).

>>> hand_state(0, 0) == hand_state(0, 0) != hand_state(0, 1)
True
>>> hands = np.zeros(4, dtype=np.int64)
>>> _ = deal_cards(hand_state(1, 0), BELOTE_DECK, np.empty_like(BELOTE_DECK), hands)
>>> [popcount(int(h)) for h in hands], int(hands[0] | hands[1] | hands[2] | hands[3]) == BELOTE_MASK
([8, 8, 8, 8], True)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from belote_lab._jit import jit
from belote_lab.batch.core import lowest, popcount
from belote_lab.cards import BELOTE_MASK, FULL_MASK
from belote_lab.games.belote2 import two_player_seat

__all__ = ["BELOTE_DECK", "FULL_DECK", "deal_cards", "dealer_seats", "draw", "hand_state",
           "random_card", "scratch", "shuffle"]

M32 = 0xFFFFFFFF
BELOTE_DECK = np.array([c for c in range(64) if BELOTE_MASK >> c & 1], dtype=np.int64)
"""The 32 cards in index order: the deck every Belote deal shuffles from."""
FULL_DECK = np.array([c for c in range(64) if FULL_MASK >> c & 1], dtype=np.int64)
"""The 52 cards in index order (Callbreak)."""


# --- the PRNG -------------------------------------------------------------------------------------
@jit
def mix32(x: int) -> int:
    """A bijective 32-bit integer hash (products stay below 2**59: no overflow anywhere)."""
    x = (((x >> 16) ^ x) * 0x45D9F3B) & M32
    x = (((x >> 16) ^ x) * 0x45D9F3B) & M32
    return (x >> 16) ^ x


@jit
def hand_state(seed: int, i: int) -> int:
    """The PRNG state (non-zero, 32 bits) of hand number ``i`` of ``seed`` (both ≥ 0).

    >>> hand_state(0, 0) == hand_state(0, 0) != hand_state(0, 1)
    True
    """
    h = mix32((seed & M32) ^ 0x9E3779B9)
    h = mix32(h ^ ((seed >> 32) & M32))
    h = mix32(h ^ (i & M32))
    h = mix32(h ^ ((i >> 32) & M32) ^ 0x85EBCA6B)
    if h == 0:
        h = 0x6D2B79F5
    return h


@jit
def xorshift32(x: int) -> int:
    """The next state of Marsaglia's xorshift32 (a non-zero 32-bit state stays non-zero)."""
    x ^= (x << 13) & M32
    x ^= x >> 17
    x ^= (x << 5) & M32
    return x


@jit
def below(x: int, k: int) -> int:
    """A number in ``[0, k)`` from the 32-bit state ``x`` (multiply and shift)."""
    return (x * k) >> 32


@jit
def draw(x: int, k: int) -> tuple[int, int]:
    """The state after ``x`` (:func:`xorshift32`) and a number in ``[0, k)`` drawn from it
    (:func:`below`): every random choice of the kernels.

    >>> draw(1, 10)
    (270369, 0)
    """
    x = xorshift32(x)
    return x, below(x, k)


# --- the deal -------------------------------------------------------------------------------------
@jit
def random_card(x: int, mask: int) -> int:
    """One card of the non-empty ``mask``, chosen by the 32-bit state ``x``."""
    r = below(x, popcount(mask))
    m = mask
    for _ in range(r):
        m &= m - 1
    return lowest(m)[0]


@jit
def shuffle(st: int, deck0: np.ndarray, deck: np.ndarray) -> int:
    """Copy ``deck0`` into ``deck`` and shuffle it (Fisher–Yates); returns the PRNG state."""
    n = deck0.shape[0]
    for j in range(n):
        deck[j] = deck0[j]
    for j in range(n - 1, 0, -1):
        st, r = draw(st, j + 1)
        c = deck[j]
        deck[j] = deck[r]
        deck[r] = c
    return st


@jit
def deal_cards(st: int, deck0: np.ndarray, deck: np.ndarray, hands: np.ndarray) -> int:
    """Shuffle ``deck0`` into ``deck`` and deal it in equal packets to the ``len(hands)``
    seats (seat ``s`` gets the ``s``-th packet); returns the PRNG state."""
    st = shuffle(st, deck0, deck)
    per = deck0.shape[0] // hands.shape[0]
    for s in range(hands.shape[0]):
        m = 0
        for j in range(per * s, per * s + per):
            m |= 1 << int(deck[j])
        hands[s] = m
    return st


@jit
def scratch(deck0: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                        np.ndarray]:
    """The work arrays of a kernel that deals and plays hand after hand from ``deck0``: the
    shuffled deck, the four hands, the card points by side, the tricks by seat and an empty
    array (for "record nothing").

    >>> [a.shape for a in scratch(BELOTE_DECK)]
    [(32,), (4,), (2,), (4,), (0,)]
    """
    return (np.empty_like(deck0), np.zeros(4, dtype=np.int64), np.zeros(2, dtype=np.int64),
            np.zeros(4, dtype=np.int64), np.zeros(0, dtype=np.int64))


def dealer_seats(g: Any, dealer: int, n: int, start: int, rotate: bool) -> np.ndarray:
    """The dealer of hands ``start … start + n - 1``: ``dealer``, or turning from it."""
    seats = np.array(g.seats, dtype=np.int64)
    first = g.seats.index(two_player_seat(dealer) if g.has_stock else int(dealer) % 4)
    k = np.arange(start, start + n, dtype=np.int64) if rotate else np.zeros(n, np.int64)
    return seats[(first + k) % len(seats)]
