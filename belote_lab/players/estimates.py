"""The hand-strength estimates of the level-2 players, which the level-4 bidder and the
compiled hands share.

How good a hand is for a trump (the Belote games, Coinche) or how many tricks it takes
(Callbreak): the level-2 players (:mod:`belote_lab.players.belote` …) bid by these, the
simulating bidder (:mod:`belote_lab.players.sim_bidder`) picks the calls it weighs by them, and
the level-2 calls of the compiled hands (:mod:`belote_lab.batch.four`,
:mod:`belote_lab.batch.coinche`, :mod:`belote_lab.batch.callbreak`) are made by them.  They
live apart from the players so that the bidder does not import the players' modules, whose
``LEVELS`` reach the search players (one way imports; each player module re-exports its own).

One copy: each estimate is written once, in numba's subset (card masks and whole numbers in,
numbers out), and jitted through :mod:`belote_lab._jit` — ``jit``: the batch kernels call
them, once a call, not in the trick loop, and none is inlined by numba (LLVM inlines what
pays).  Inlining them all made numba compile Coinche's whole-hand kernel in 48 s instead of
9 s, at the same speed (200,000 hands a game, 2026-12-06).  Python calls the same
functions: called from Python, a numba
dispatcher compiles, or loads from numba's cache (``python -m belote_lab.batch.warm`` fills
it), its own entry — importing this module imports numba, and the first estimate a process
calls sets numba up (about 0.4 s in all, then about 0.2 µs a call); without numba they are
plain Python.
Two are Python wrappers: :func:`defence_estimate` (``None`` for no trump) of
:func:`defence_value` (``-1``), and :func:`taking_strength` (cards) of :func:`taking_value`
(a card mask).  Pass whole numbers (``int``, numpy integers): each other argument type is a
new compilation.

>>> from belote_lab.cards import mask_of
>>> take_strength(mask_of("JH 8H 7H AS 9D".split()), 1)   # J + 2 trumps
(True, 7)
>>> suit_estimate(mask_of("JH 9H AH 8H AS TS 7D 8C".split()), 1)  # J 9 A 8, A T aside
130
"""

from __future__ import annotations

from collections.abc import Iterable

from belote_lab._jit import jit
from belote_lab.cards import SUIT_MASK, Card, Rank, mask_of, parse_cards
from belote_lab.contract import PLAIN_ORDER, TRUMP_ORDER
from belote_lab.solver.kernel import popcount

__all__ = [
    "ALL_TRUMP_BID",
    "ALL_TRUMP_TAKE",
    "NO_TRUMP_BID",
    "NO_TRUMP_TAKE",
    "all_trump_strength",
    "capot_losers",
    "defence_estimate",
    "defence_value",
    "estimate_tricks",
    "has",
    "masters",
    "no_or_all_trump_estimate",
    "no_trump_strength",
    "side_aces",
    "suit_count",
    "suit_estimate",
    "support_estimate",
    "take_strength",
    "taking_strength",
    "taking_value",
    "trick_value",
]

R = Rank
_SUIT = SUIT_MASK[0]  # the 13 ranks of a suit, shifted by 16 * suit
_JACK, _NINE, _ACE, _TEN = int(Rank.JACK), int(Rank.NINE), int(Rank.ACE), int(Rank.TEN)
_KING, _QUEEN = int(Rank.KING), int(Rank.QUEEN)
_TRUMP_RANKS = tuple(int(r) for r in TRUMP_ORDER)
_PLAIN_RANKS = tuple(int(r) for r in PLAIN_ORDER)


# --- the cards of a hand -----------------------------------------------------------------------
@jit
def has(hand: int, suit: int, rank: int) -> int:
    """1 when ``hand`` holds the card of ``suit`` and ``rank``, else 0.

    >>> from belote_lab.cards import mask_of
    >>> has(mask_of(["JH", "7S"]), 1, _JACK), has(mask_of(["JH", "7S"]), 0, _JACK)
    (1, 0)
    """
    return (hand >> (16 * suit + rank)) & 1


@jit
def suit_count(hand: int, suit: int) -> int:
    """The number of cards of ``suit`` in ``hand``.

    >>> from belote_lab.cards import mask_of
    >>> suit_count(mask_of("JH 9H 7S".split()), 1)
    2
    """
    return popcount((hand >> (16 * suit)) & _SUIT)


# --- four-player Belote ------------------------------------------------------------------------
@jit
def take_strength(hand: int, trump: int) -> tuple[bool, int]:
    """``(worth taking, strength)`` of ``hand`` with ``trump`` as trump.

    Strength: J 4, 9 3, A 2, other trumps 1 each, side aces 1 each.
    """
    n = suit_count(hand, trump)
    jack = has(hand, trump, _JACK)
    nine = has(hand, trump, _NINE)
    aces = 0
    for s in range(4):
        if s != trump:
            aces += has(hand, s, _ACE)
    rest = n - 1  # the trumps beside the jack (or the nine)
    if jack:
        ok = rest >= 1 and rest + aces >= 2
    elif nine:
        ok = rest >= 2 and rest + aces >= 3
    else:
        ok = False
    return ok, n + 3 * jack + 2 * nine + has(hand, trump, _ACE) + aces


# --- no trump, all trump (four-player Belote, Coinche) -----------------------------------------
NO_TRUMP_TAKE = 7
"""The :func:`no_trump_strength` from which level 2 names no trump in round 2 of four-player
Belote (its six known cards: the five held and the turned card); calibrated so that such
contracts are made about as often as suit contracts (``benchmarks/players_notes.md``)."""
ALL_TRUMP_TAKE = 8
"""The :func:`all_trump_strength` from which level 2 names all trump (see
:data:`NO_TRUMP_TAKE`)."""


@jit
def masters(hand: int, top1: int, top2: int, top3: int) -> int:
    """Per suit: the best card ``top1`` 3, the second ``top2`` 2 beside the best (1 guarded
    by another card), the third ``top3`` 1 beside both (ranks; no trump: A T K, all trump:
    J 9 A).

    >>> from belote_lab.cards import mask_of
    >>> masters(mask_of("AS TS KS AH 7D 8C".split()), _ACE, _TEN, _KING)   # 6 + 3 + 0
    9
    """
    v = 0
    for s in range(4):
        a = has(hand, s, top1)
        b = has(hand, s, top2)
        c = has(hand, s, top3)
        v += 3 * a
        if a and b:
            v += 2 + c
        elif b and suit_count(hand, s) >= 2:
            v += 1
    return v


@jit
def no_trump_strength(hand: int) -> int:
    """How good ``hand`` is for no trump: per suit an ace 3, a ten 2 beside its ace (1 when
    another card guards it), a king 1 beside the ace and the ten.

    >>> from belote_lab.cards import mask_of
    >>> no_trump_strength(mask_of("AS TS KS AH 7D 8C".split()))   # 6 + 3 + 0
    9
    """
    return masters(hand, _ACE, _TEN, _KING)


@jit
def all_trump_strength(hand: int) -> int:
    """How good ``hand`` is for all trump: per suit a jack 3, a nine 2 beside its jack (1 when
    another card guards it), an ace 1 beside the jack and the nine.

    >>> from belote_lab.cards import mask_of
    >>> all_trump_strength(mask_of("JS 9S JH 9D 7D 8C".split()))  # 5 + 3 + 1
    9
    """
    return masters(hand, _JACK, _NINE, _ACE)


NO_TRUMP_BID = 8
"""The :func:`no_trump_strength` of eight cards from which level 2 bids no trump in Coinche
(80; :func:`no_or_all_trump_estimate`)."""
ALL_TRUMP_BID = 8
"""The :func:`all_trump_strength` of eight cards from which level 2 bids all trump in Coinche."""


@jit
def no_or_all_trump_estimate(strength: int, start: int) -> int:
    """The Coinche contract value (0: none) that a no-trump or all-trump ``strength`` of eight
    cards supports: 80 from ``start`` (:data:`NO_TRUMP_BID`, :data:`ALL_TRUMP_BID`), 10 more
    every 2 points: about the value the bidding team's points reach four times in five, as
    with :func:`suit_estimate` (calibration: ``benchmarks/players_notes.md``).

    >>> [no_or_all_trump_estimate(s, 8) for s in (7, 8, 9, 10, 12)]
    [0, 80, 80, 90, 100]
    """
    if strength < start:
        return 0
    return min(80 + (strength - start) // 2 * 10, 160)


@jit
def capot_losers(hand: int, trump: int) -> int:
    """The tricks an eight-card ``hand`` may lose with ``trump`` as trump, trumps drawn first:
    side cards below each side suit's unbroken top (A T K …) while that suit's other cards
    remain, and, when the top trumps (J 9 A …) cannot draw every other trump, the trumps below
    them or the trumps left out (which ruff side winners), whichever is more (how often such
    hands make a capot: ``benchmarks/players_notes.md``).

    >>> from belote_lab.cards import mask_of
    >>> capot_losers(mask_of("JH 9H AH TH 7H AS TS AC".split()), 1)
    0
    >>> capot_losers(mask_of("JH 9H AH 8H 7H AS KS AC".split()), 1)   # KS under the TS
    1
    >>> capot_losers(mask_of("JH 9H AS TS KS QS AC TC".split()), 1)   # 6 trumps out, 2 drawn
    4
    """
    losers = 0
    for s in range(4):
        order = _TRUMP_RANKS if s == trump else _PLAIN_RANKS
        top = 8  # the suit's unbroken top, in cards
        for k in range(8):
            if has(hand, s, order[k]) == 0:
                top = k
                break
        n = suit_count(hand, s)
        out = 8 - n  # the suit's cards in the other hands
        if top >= out:
            continue
        # a side suit loses its cards below the top; trumps left out ruff the side winners
        if s != trump:
            losers += n - top
        else:
            losers += max(n - top, out - top)
    return losers


# --- two-player Belote -------------------------------------------------------------------------
_ACES = sum(1 << (16 * s + R.ACE) for s in range(4))


@jit
def taking_value(cards: int, trump: int) -> int:
    """How good the card mask ``cards`` (the 7 the contractor would hold) is with ``trump`` as
    trump: each trump counts 1, the J 2 more and the 9 1 more, each side ace 1, trump K+Q 1.
    So J + 2 trumps and 9 + 3 trumps both reach 5; the level-2 player takes from 4.5 in round
    1 (the K+Q lean) and names a suit from 5 in round 2.  Two-player Belote's compiled hands
    (:mod:`belote_lab.batch.belote2`) call it as it is.

    >>> from belote_lab.cards import mask_of
    >>> taking_value(mask_of("JH 8H 7H AS 9C 8C 7D".split()), 1)
    6
    """
    t = (cards >> (16 * trump)) & _SUIT
    score = popcount(t) + popcount(cards & _ACES & ~(_SUIT << (16 * trump)))
    score += 2 * ((t >> R.JACK) & 1) + ((t >> R.NINE) & 1)
    if (t >> R.QUEEN) & 1 and (t >> R.KING) & 1:
        score += 1
    return score


def taking_strength(cards: str | Iterable[Card | str], trump: int) -> float:
    """:func:`taking_value` of ``cards`` read as cards (text or :class:`Card`), as a float.

    >>> from belote_lab.cards import Suit
    >>> taking_strength("JH 8H 7H AS 9C 8C 7D", Suit.H)
    6.0
    >>> taking_strength("9H 7H QD KD TS 8C 7C", Suit.H)   # K+Q, but not in trumps
    3.0
    """
    return float(taking_value(mask_of(parse_cards(cards)), int(trump)))


# --- Coinche ---------------------------------------------------------------------------------
@jit
def side_aces(hand: int, trump: int, ace: int, ten: int) -> int:
    """``ace`` for each ace of ``hand`` outside ``trump`` (-1: none), ``ten`` more where its ten
    is with it: the side-suit part of the estimates below.

    >>> from belote_lab.cards import mask_of
    >>> side_aces(mask_of("AS TS AH AD 7C".split()), 1, 15, 10)
    40
    """
    v = 0
    for s in range(4):
        if s != trump and has(hand, s, _ACE) == 1:
            v += ace + ten * has(hand, s, _TEN)
    return v


@jit
def suit_estimate(hand: int, trump: int) -> int:
    """The contract value (a multiple of 10; 0 = not a trump suit for this hand) that a hand
    supports with ``trump`` as trump, counting 30 points on the partner's cards (calibrated
    on self-play: the bidding team then makes such a bid about four times in five)."""
    n = suit_count(hand, trump)
    jack = has(hand, trump, _JACK)
    nine = has(hand, trump, _NINE)
    if n < 3 or (jack == 0 and (nine == 0 or n < 4)):
        return 0
    est = 30 + 35 * jack + 20 * nine + 10 * has(hand, trump, _ACE) + 10 * (n - 3)
    est += side_aces(hand, trump, 15, 10)
    if has(hand, trump, _KING) + has(hand, trump, _QUEEN) == 2:
        est += 20
    return min(est // 10 * 10, 160)


@jit
def support_estimate(hand: int, trump: int) -> int:
    """What a hand adds to the partner's bid in ``trump``: side aces and trump honours.

    >>> from belote_lab.cards import mask_of
    >>> support_estimate(mask_of("JH KH QH AS TS 7D 8C 9C".split()), 1)
    50
    """
    v = side_aces(hand, trump, 15, 10) // 15 * 10
    v += 20 * has(hand, trump, _JACK) + 10 * has(hand, trump, _NINE)
    if has(hand, trump, _KING) + has(hand, trump, _QUEEN) == 2:
        v += 20
    return v


@jit
def defence_value(hand: int, trump: int) -> int:
    """Card points a hand is likely to win against a contract in ``trump`` (``-1``: no trump
    suit): :func:`defence_estimate` as the kernels call it.

    >>> from belote_lab.cards import mask_of
    >>> defence_value(mask_of("JH 8H 9H AS TS 7D 8C AC".split()), 1)
    72
    """
    v = 0
    if trump >= 0:
        n = suit_count(hand, trump)
        if has(hand, trump, _JACK) == 1:
            v += 25 if n >= 2 else 20
        if has(hand, trump, _NINE) == 1 and n >= 3:
            v += 15
    return v + side_aces(hand, trump, 12, 8)


def defence_estimate(hand: int, trump: int | None) -> int:
    """Card points a hand is likely to win against a contract in ``trump`` (``None``: no
    trump suit): the Python players' wrapper of :func:`defence_value`, which reads ``-1``.

    >>> from belote_lab.cards import mask_of
    >>> defence_estimate(mask_of("AS TS 7D 8C".split()), None)
    20
    """
    return defence_value(hand, -1 if trump is None else trump)


# --- Callbreak -------------------------------------------------------------------------------
@jit
def trick_value(hand: int) -> float:
    """How many tricks a 13-card hand (a mask) should take, counted from its sure tricks.

    High spades count when they hold enough smaller spades to survive the higher ones still
    out, spades beyond four win as length, side aces count (less in long suits, which are
    ruffed sooner), kings with length or with the ace count part of a trick, and short side
    suits with spare spades count ruffs.

    >>> from belote_lab.cards import CardSet
    >>> trick_value(CardSet.parse("AS KS QS 5S AH KH 2H AD 3D 2D 4C 3C 2C").mask)
    5.8
    """
    bits = hand & _SUIT  # the spades (suit 0), by rank: 12 the ace
    ns = suit_count(hand, 0)
    est = 0.0
    winners = 0
    i = 0  # the spades held above this one
    for r in range(12, -1, -1):
        if (bits >> r) & 1:
            missing_above = (12 - r) - i  # higher spades held by others
            if missing_above <= 0:
                est += 1.0
                winners += 1
            elif ns - i > missing_above:  # enough small spades to wait for the higher ones
                est += 0.8 if missing_above == 1 else 0.5
                winners += 1
            i += 1
    longs = max(0, ns - max(4, winners))
    est += longs * 0.9  # long spades win late
    spare = max(0, ns - winners - longs)
    for s in range(1, 4):
        b = (hand >> (16 * s)) & _SUIT
        n = suit_count(hand, s)
        has_a = (b >> 12) & 1 == 1
        if has_a:
            est += 1.0 if n <= 4 else 0.7 if n <= 6 else 0.4
        if (b >> 11) & 1:
            if has_a and n <= 5:
                est += 0.8
            elif n >= 2:
                est += 0.5 if n <= 5 else 0.2
        if (b >> 10) & 1 and has_a and (b >> 11) & 1 and 3 <= n <= 4:
            est += 0.4
        if spare > 0 and n <= 2:
            ruffs = min(spare, 2 - n)
            est += 0.7 * ruffs
            spare -= ruffs
    return est


@jit
def estimate_tricks(hand: int) -> int:
    """The call for a 13-card hand: :func:`trick_value` rounded to the nearest whole trick,
    at least 1.  (Rounding down instead calls too low: over 400 seeded rounds against the
    level-1 player it scored 2.0 a round against 2.2.)"""
    return max(1, int(trick_value(hand) + 0.5))
