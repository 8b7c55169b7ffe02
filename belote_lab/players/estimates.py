"""The hand-strength estimates of the level-2 players, which the level-4 bidder shares.

How good a hand is for a trump (the Belote games, Coinche) or how many tricks it takes
(Callbreak): the level-2 players (:mod:`belote_lab.players.belote` …) bid by these, and the
simulating bidder (:mod:`belote_lab.players.bidding`) picks the calls it weighs by them.
They live apart from the players so that the bidder does not import the players' modules,
whose ``LEVELS`` reach the search players (one way imports; each player module re-exports
its own).

>>> from belote_lab.cards import mask_of
>>> take_strength(mask_of("JH 8H 7H AS 9D".split()), 1)   # J + 2 trumps
(True, 7)
>>> suit_estimate(mask_of("JH 9H AH 8H AS TS 7D 8C".split()), 1)  # J 9 A 8, A T aside
130
"""

from __future__ import annotations

from collections.abc import Iterable

from belote_lab.cards import SUIT_MASK, Card, Rank, Suit, parse_cards
from belote_lab.contract import PLAIN_ORDER, TRUMP_ORDER
from belote_lab.players.heuristics import popcount

__all__ = [
    "ALL_TRUMP_BID",
    "ALL_TRUMP_TAKE",
    "NO_TRUMP_BID",
    "NO_TRUMP_TAKE",
    "all_trump_strength",
    "capot_losers",
    "no_or_all_trump_estimate",
    "defence_estimate",
    "estimate_tricks",
    "no_trump_strength",
    "suit_estimate",
    "support_estimate",
    "take_strength",
    "taking_strength",
    "trick_value",
]

R = Rank
_S = int(Suit.S)
_SIDE = (int(Suit.H), int(Suit.D), int(Suit.C))


def _has(hand: int, suit: int, rank: Rank) -> bool:
    return bool(hand >> (16 * suit + rank) & 1)


# --- four-player Belote ------------------------------------------------------------------------
def take_strength(hand: int, trump: int) -> tuple[bool, int]:
    """``(worth taking, strength)`` of ``hand`` with ``trump`` as trump.

    Strength: J 4, 9 3, A 2, other trumps 1 each, side aces 1 each.
    """
    trumps = hand & SUIT_MASK[trump]
    n = popcount(trumps)
    jack = bool(trumps >> (16 * trump + Rank.JACK) & 1)
    nine = bool(trumps >> (16 * trump + Rank.NINE) & 1)
    ace = bool(trumps >> (16 * trump + Rank.ACE) & 1)
    aces = sum(1 for s in range(4) if s != trump and hand >> (16 * s + Rank.ACE) & 1)
    rest = n - 1  # the trumps beside the jack (or the nine)
    if jack:
        ok = rest >= 1 and rest + aces >= 2
    elif nine:
        ok = rest >= 2 and rest + aces >= 3
    else:
        ok = False
    strength = n + 3 * jack + 2 * nine + ace + aces
    return ok, strength


# --- no trump, all trump (four-player Belote, Coinche) -----------------------------------------
NO_TRUMP_TAKE = 7
"""The :func:`no_trump_strength` from which level 2 names no trump in round 2 of four-player
Belote (its six known cards: the five held and the turned card); calibrated so that such
contracts are made about as often as suit contracts (``benchmarks/players_notes.md``)."""
ALL_TRUMP_TAKE = 8
"""The :func:`all_trump_strength` from which level 2 names all trump (see
:data:`NO_TRUMP_TAKE`)."""


def _masters(hand: int, top: tuple[Rank, Rank, Rank]) -> int:
    """Per suit: the best card 3, the second 2 beside the best (1 guarded by another card),
    the third 1 beside both."""
    v = 0
    for s in range(4):
        a, b, c = (_has(hand, s, r) for r in top)
        guarded = popcount(hand & SUIT_MASK[s]) >= 2
        v += 3 * a + (2 if a and b else 1 if b and guarded else 0) + (a and b and c)
    return v


def no_trump_strength(hand: int) -> int:
    """How good ``hand`` is for no trump: per suit an ace 3, a ten 2 beside its ace (1 when
    another card guards it), a king 1 beside the ace and the ten.

    >>> from belote_lab.cards import mask_of
    >>> no_trump_strength(mask_of("AS TS KS AH 7D 8C".split()))   # 6 + 3 + 0
    9
    """
    return _masters(hand, (Rank.ACE, Rank.TEN, Rank.KING))


def all_trump_strength(hand: int) -> int:
    """How good ``hand`` is for all trump: per suit a jack 3, a nine 2 beside its jack (1 when
    another card guards it), an ace 1 beside the jack and the nine.

    >>> from belote_lab.cards import mask_of
    >>> all_trump_strength(mask_of("JS 9S JH 9D 7D 8C".split()))  # 5 + 3 + 1
    9
    """
    return _masters(hand, (Rank.JACK, Rank.NINE, Rank.ACE))


NO_TRUMP_BID = 8
"""The :func:`no_trump_strength` of eight cards from which level 2 bids no trump in Coinche
(80; :func:`no_or_all_trump_estimate`)."""
ALL_TRUMP_BID = 8
"""The :func:`all_trump_strength` of eight cards from which level 2 bids all trump in Coinche."""


def no_or_all_trump_estimate(strength: int, start: int) -> int:
    """The Coinche contract value (0: none) that a no-trump or all-trump ``strength`` of eight
    cards supports: 80 from ``start`` (:data:`NO_TRUMP_BID`, :data:`ALL_TRUMP_BID`), 10 more
    every 2 points: about the value the bidding team's points reach four times in five, as
    with :func:`suit_estimate` (calibration: ``benchmarks/players_notes.md``).

    >>> [no_or_all_trump_estimate(s, 8) for s in (7, 8, 9, 10, 12)]
    [0, 80, 80, 90, 100]
    """
    return 0 if strength < start else min(80 + (strength - start) // 2 * 10, 160)


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
        order = TRUMP_ORDER if s == trump else PLAIN_ORDER
        held = [_has(hand, s, r) for r in order]
        top = held.index(False) if not all(held) else 8
        n = sum(held)
        out = 8 - n  # the suit's cards in the other hands
        if top >= out:
            continue
        # a side suit loses its cards below the top; trumps left out ruff the side winners
        losers += n - top if s != trump else max(n - top, out - top)
    return losers


# --- two-player Belote -------------------------------------------------------------------------
def taking_strength(cards: str | Iterable[Card | str], trump: int) -> float:
    """How good ``cards`` (the 7 the contractor would hold) are with ``trump`` as trump.

    Each trump counts 1, the J 2 more and the 9 1 more, each side ace 1, trump K+Q 1.
    So J + 2 trumps and 9 + 3 trumps both reach 5; the player takes from 4.5 in round 1
    (the K+Q lean) and names a suit from 5 in round 2.

    >>> from belote_lab.cards import Suit
    >>> taking_strength("JH 8H 7H AS 9C 8C 7D", Suit.H)
    6.0
    >>> taking_strength("9H 7H QD KD TS 8C 7C", Suit.H)
    3.0
    """
    cs = parse_cards(cards)
    score = 0.0
    kq = 0
    for c in cs:
        if c.suit == trump:
            score += 1
            if c.rank == R.JACK:
                score += 2
            elif c.rank == R.NINE:
                score += 1
            elif c.rank in (R.KING, R.QUEEN):
                kq += 1
        elif c.rank == R.ACE:
            score += 1
    if kq == 2:
        score += 1
    return score


# --- Coinche ---------------------------------------------------------------------------------
def _side_aces(hand: int, trump: int) -> int:
    """Points for side aces (15) and a ten beside its ace (10)."""
    v = 0
    for s in range(4):
        if s != trump and _has(hand, s, Rank.ACE):
            v += 15 + (10 if _has(hand, s, Rank.TEN) else 0)
    return v


def suit_estimate(hand: int, trump: int) -> int:
    """The contract value (a multiple of 10; 0 = not a trump suit for this hand) that a hand
    supports with ``trump`` as trump, counting 30 points on the partner's cards (calibrated
    on self-play: the bidding team then makes such a bid about four times in five)."""
    n = popcount(hand & SUIT_MASK[trump])
    jack = _has(hand, trump, Rank.JACK)
    nine = _has(hand, trump, Rank.NINE)
    if n < 3 or not (jack or (nine and n >= 4)):
        return 0
    est = 30 + (35 if jack else 0) + (20 if nine else 0)
    est += 10 if _has(hand, trump, Rank.ACE) else 0
    est += 10 * (n - 3)
    est += _side_aces(hand, trump)
    if _has(hand, trump, Rank.KING) and _has(hand, trump, Rank.QUEEN):
        est += 20
    return min(est // 10 * 10, 160)


def support_estimate(hand: int, trump: int) -> int:
    """What a hand adds to the partner's bid in ``trump``: side aces and trump honours."""
    v = _side_aces(hand, trump) // 15 * 10
    v += 20 if _has(hand, trump, Rank.JACK) else 0
    v += 10 if _has(hand, trump, Rank.NINE) else 0
    if _has(hand, trump, Rank.KING) and _has(hand, trump, Rank.QUEEN):
        v += 20
    return v


def defence_estimate(hand: int, trump: int | None) -> int:
    """Card points a hand is likely to win against a contract in ``trump``."""
    v = 0
    if trump is not None:
        n = popcount(hand & SUIT_MASK[trump])
        if _has(hand, trump, Rank.JACK):
            v += 25 if n >= 2 else 20
        if _has(hand, trump, Rank.NINE) and n >= 3:
            v += 15
    for s in range(4):
        if s != trump and _has(hand, s, Rank.ACE):
            v += 12 + (8 if _has(hand, s, Rank.TEN) else 0)
    return v


# --- Callbreak -------------------------------------------------------------------------------
def _ranks(mask: int, suit: int) -> list[int]:
    """The ranks (0 = two … 12 = ace) of ``mask`` in ``suit``, highest first."""
    bits = (mask >> (16 * suit)) & 0x1FFF
    return [r for r in range(12, -1, -1) if bits >> r & 1]


def estimate_tricks(hand: int) -> int:
    """The call for a 13-card hand: :func:`trick_value` rounded to the nearest whole trick,
    at least 1.  (Rounding down instead calls too low: over 400 seeded rounds against the
    level-1 player it scored 2.0 a round against 2.2.)"""
    return max(1, int(trick_value(hand) + 0.5))


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
    spades = _ranks(hand, _S)
    ns = len(spades)
    est = 0.0
    winners = 0
    for i, r in enumerate(spades):
        missing_above = (12 - r) - i  # higher spades held by others
        if missing_above <= 0:
            est += 1.0
            winners += 1
        elif ns - i > missing_above:  # enough small spades to wait for the higher ones
            est += 0.8 if missing_above == 1 else 0.5
            winners += 1
    est += max(0, ns - max(4, winners)) * 0.9  # long spades win late
    spare = max(0, ns - winners - max(0, ns - max(4, winners)))
    for s in _SIDE:
        rk = _ranks(hand, s)
        n = len(rk)
        has_a = 12 in rk
        if has_a:
            est += 1.0 if n <= 4 else 0.7 if n <= 6 else 0.4
        if 11 in rk:
            if has_a and n <= 5:
                est += 0.8
            elif n >= 2:
                est += 0.5 if n <= 5 else 0.2
        if 10 in rk and has_a and 11 in rk and 3 <= n <= 4:
            est += 0.4
        if spare > 0 and n <= 2:
            ruffs = min(spare, 2 - n)
            est += 0.7 * ruffs
            spare -= ruffs
    return est
