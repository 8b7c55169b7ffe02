"""Level-2 card play of the four-seat games in the batch simulator, in numba's subset: the
rules of thumb of :mod:`belote_lab.players.heuristics`
(:func:`~belote_lab.players.heuristics.choose_card`, as
:class:`~belote_lab.players.belote.BelotePlayer2` plays them, and Coinche's level 2, which
plays its cards by the same rules), and the cards of
:class:`~belote_lab.players.callbreak.CallbreakPlayer2` (:func:`level2_card_callbreak`, its
voids read by :func:`learn_void_cb`); :func:`belote_lab.batch.four.play_hand`, the one trick
loop of the four-seat games, plays them.

:func:`level2_card` is the choice of one seat from plain integers: its hand and legal cards,
the cards played (a mask), the current trick (packed, 8 bits a card), the taker, the tricks
left and the voids seen so far (16 bits: bit ``4 * seat + suit``), which the kernel keeps as
:meth:`SeatKnowledge._learn <belote_lab.players.heuristics.SeatKnowledge>` infers them
(:func:`learn_void`).  Ties are broken as Python's ``min``/``max`` break them over
``mask_cards``: the lowest card index first.  The tests compare every choice with
``BelotePlayer2().choose_card(state)`` on the engine's hands.

>>> from belote_lab.cards import Card, mask_of
>>> from belote_lab.batch.core import kernel_tables
>>> from belote_lab.contract import Contract
>>> hand = mask_of("JH 9H 7H AS 7C".split())
>>> t = kernel_tables(Contract.parse("H"), 10)
>>> tm = mask_of("JH 9H AH TH KH QH 8H 7H".split())
>>> Card(level2_card(hand, hand, 0, 0, 0, 0, 0, 0, 8, 0, 1, tm, t))  # the taker pulls trumps
Card('JH')
"""

from __future__ import annotations

import numpy as np

from belote_lab._jit import jit
from belote_lab.batch.core import SUIT13, beats, keep_max, keep_min, lowest, popcount
from belote_lab.cards import BELOTE_MASK, FULL_MASK
from belote_lab.solver.kernel import bit_index

__all__ = ["level2_card", "learn_void"]



# --- knowledge -----------------------------------------------------------------------------------
@jit
def may_hold(voids: int, unseen: int, seat: int, suit: int) -> bool:
    """May ``seat`` still hold a card of ``suit`` (``SeatKnowledge.may_hold``)?"""
    return ((voids >> (4 * seat + suit)) & 1) == 0 and (unseen >> (16 * suit)) & SUIT13 != 0


@jit
def learn_void(voids: int, c: int, i: int, leader: int, led: int, w: int, wc: int,
               ts: int) -> int:
    """The voids after the ``i``-th card ``c`` (``i ≥ 1``) of a trick led in ``led`` by
    ``leader``, the ``w``-th card ``wc`` winning before it: ``SeatKnowledge._learn``."""
    s = c >> 4
    if s == led:
        return voids
    seat = (leader + i) & 3
    voids |= 1 << (4 * seat + led)
    if ts < 0 or s == ts or led == ts:
        return voids
    if w != i - 2 and (wc >> 4) != ts:  # it had to trump and did not: no trump left
        voids |= 1 << (4 * seat + ts)
    return voids


@jit
def is_safe(card: int, led: int, ts: int, higher: int, unseen: int, voids: int, seat: int,
            leader: int, n: int) -> bool:
    """``heuristics._safe``: will ``card`` stay winning whatever the opponents still to play
    after ``seat`` (the ``n``-th card of the trick) hold?  ``higher``: the cards above it."""
    hi = higher & unseen
    for k in range(n + 1, 4):
        opp = (leader + k) & 3
        if (opp & 1) == (seat & 1):
            continue
        if (card >> 4) == ts:
            if hi != 0 and may_hold(voids, unseen, opp, ts):
                return False
        elif may_hold(voids, unseen, opp, led):
            if hi != 0:
                return False
        elif ts >= 0 and may_hold(voids, unseen, opp, ts):
            return False
    return True


@jit
def likely_trumped(suit: int, ts: int, unseen: int, voids: int, seat: int) -> bool:
    """``heuristics._likely_trumped``: an opponent void in ``suit`` may trump it."""
    if ts < 0 or suit == ts:
        return False
    for o in ((seat + 1) & 3, (seat + 3) & 3):
        if (voids >> (4 * o + suit)) & 1 and may_hold(voids, unseen, o, ts):
            return True
    return False


# --- choosing among cards ------------------------------------------------------------------------
@jit
def pick(m: int, tables: np.ndarray, tmask: int, how: int, highest: bool) -> int:
    """The card of the non-empty mask ``m`` with the least (``highest``: the greatest) key;
    the first one, lowest index, on a tie.  Keys (``how``): 0 power; 1 (trump, points,
    power); 2 (points, power); 3 (trump, power); 4 (power, points)."""
    best, bk = -1, 0
    while m != 0:
        c, m = lowest(m)
        pw = tables[0, c]
        pt = tables[1, c]
        tr = (tmask >> c) & 1
        if how == 0:
            k = pw
        elif how == 1:
            k = tr * 10000 + pt * 100 + pw
        elif how == 2:
            k = pt * 100 + pw
        elif how == 3:
            k = tr * 100 + pw
        else:
            k = pw * 100 + pt
        best, bk = keep_max(best, bk, c, k) if highest else keep_min(best, bk, c, k)
    return best


@jit
def masters_of(m: int, tables: np.ndarray, unseen: int) -> int:
    """The cards of ``m`` that no unseen card of their suit beats (``is_master``)."""
    out = 0
    x = m
    while x != 0:
        c, x = lowest(x)
        if tables[2, c] & unseen == 0:
            out |= 1 << c
    return out


@jit
def cheapest_lead(plain: int, legal: int, tables: np.ndarray) -> int:
    """The plain card of least ``(points, -cards of its suit, power)`` (``lead_card``'s
    ``cost``)."""
    best, bk = -1, 0
    m = plain
    while m != 0:
        c, m = lowest(m)
        k = tables[1, c] * 10000 - popcount((legal >> (16 * (c >> 4))) & SUIT13) * 100
        k += tables[0, c]
        best, bk = keep_min(best, bk, c, k)
    return best


@jit
def throw_to_partner(pool: int, tables: np.ndarray, unseen: int) -> int:
    """The card of greatest ``(points - 6 if master, -power)``: points for the partner."""
    best, bk = -1, 0
    m = pool
    while m != 0:
        c, m = lowest(m)
        pt = tables[1, c]
        if tables[2, c] & unseen == 0:
            pt -= 6
        k = pt * 100 - tables[0, c]
        best, bk = keep_max(best, bk, c, k)
    return best


# --- the decisions -------------------------------------------------------------------------------
@jit
def lead_card(legal: int, unseen: int, seat: int, taker: int, tleft: int, voids: int,
              ts: int, tmask: int, tables: np.ndarray) -> int:
    """``heuristics.lead_card``."""
    trumps = legal & tmask
    plain = legal & ~tmask
    attacking = taker >= 0 and (taker & 1) == (seat & 1)
    opp_trumps = ts >= 0 and (may_hold(voids, unseen, (seat + 1) & 3, ts)
                              or may_hold(voids, unseen, (seat + 3) & 3, ts))
    if attacking and trumps != 0 and opp_trumps:
        top = pick(trumps, tables, tmask, 0, True)
        master = tables[2, top] & unseen == 0
        if master and (popcount(trumps) > 1 or tleft == 1 or plain == 0):
            return top
        if seat == taker and popcount(trumps) >= 3 and not master:
            return pick(trumps, tables, tmask, 0, False)
    if not attacking and ts >= 0 and plain != 0:
        nxt = (seat + 1) & 3
        if may_hold(voids, unseen, nxt, ts):
            short = 0
            for s in range(4):
                if (voids >> (4 * nxt + s)) & 1:
                    short |= plain & (SUIT13 << (16 * s))
            if short != 0:
                return pick(short, tables, tmask, 2, False)
    masters = masters_of(plain, tables, unseen)
    for s in range(4):
        if likely_trumped(s, ts, unseen, voids, seat):
            masters &= ~(SUIT13 << (16 * s))
    if masters != 0:
        return pick(masters, tables, tmask, 2, True)
    if plain != 0:
        return cheapest_lead(plain, legal, tables)
    return pick(trumps, tables, tmask, 0, attacking)


@jit
def trick_winner(trick: int, n: int, ts: int, tables: np.ndarray) -> int:
    """The position of the winning card among the ``n`` cards of ``trick`` (``_winner``)."""
    led = (trick & 255) >> 4
    best = 0
    bc = trick & 255
    for i in range(1, n):
        c = (trick >> (8 * i)) & 255
        if beats(c, bc, led, ts, tables[0, c], tables[0, bc]):
            best = i
            bc = c
    return best


@jit
def winning_cards(legal: int, wc: int, led: int, ts: int, tables: np.ndarray) -> int:
    """The cards of ``legal`` that beat ``wc`` (``heuristics.beats``)."""
    out = 0
    m = legal
    while m != 0:
        c, m = lowest(m)
        if beats(c, wc, led, ts, tables[0, c], tables[0, wc]):
            out |= 1 << c
    return out


@jit
def safe_cards(m: int, led: int, ts: int, tables: np.ndarray, unseen: int, voids: int,
               seat: int, leader: int, n: int) -> int:
    """The cards of ``m`` that :func:`is_safe` keeps winning."""
    out = 0
    x = m
    while x != 0:
        c, x = lowest(x)
        if is_safe(c, led, ts, tables[2, c], unseen, voids, seat, leader, n):
            out |= 1 << c
    return out


@jit
def follow_card(legal: int, unseen: int, trick: int, n: int, leader: int, seat: int,
                voids: int, ts: int, tmask: int, tables: np.ndarray) -> int:
    """``heuristics.follow_card``."""
    led = (trick & 255) >> 4
    w = trick_winner(trick, n, ts, tables)
    win_seat = (leader + w) & 3
    wc = (trick >> (8 * w)) & 255
    last = n == 3
    partner = (seat + 2) & 3
    if win_seat == partner and (
        last or is_safe(wc, led, ts, tables[2, wc], unseen, voids, seat, leader, n)
    ):
        pool = legal & ~tmask
        if pool == 0:
            return pick(legal, tables, tmask, 4, False)
        return throw_to_partner(pool, tables, unseen)
    winning = winning_cards(legal, wc, led, ts, tables)
    if winning != 0 and win_seat != partner:
        if last:
            return pick(winning, tables, tmask, 3, False)
        safe = safe_cards(winning, led, ts, tables, unseen, voids, seat, leader, n)
        if safe != 0:
            return pick(safe, tables, tmask, 3, False)
        pts = 0
        for i in range(n):
            pts += tables[1, (trick >> (8 * i)) & 255]
        if winning & tmask != 0 and pts >= 10:
            return pick(winning & tmask, tables, tmask, 0, False)
    elif winning != 0:
        safe = safe_cards(winning, led, ts, tables, unseen, voids, seat, leader, n)
        if safe != 0:
            return pick(safe, tables, tmask, 3, False)
    return pick(legal, tables, tmask, 1, False)


@jit
def level2_card(hand: int, legal: int, played: int, trick: int, n: int, leader: int, seat: int,
                taker: int, tleft: int, voids: int, ts: int, tmask: int,
                tables: np.ndarray) -> int:
    """The level-2 card of ``seat`` (``heuristics.choose_card``): ``hand`` and ``legal`` its
    cards and legal cards, ``played`` every card played (the trick's ``n`` cards, packed in
    ``trick`` 8 bits each from the leader's, included), ``tleft`` the tricks left (this one
    included), ``voids`` bit ``4 * seat + suit``, ``ts``/``tmask`` the trump suit (-1 none)
    and mask, ``tables`` the rows of :func:`belote_lab.batch.kernel_tables`."""
    if legal & (legal - 1) == 0:
        return int(bit_index(legal))
    unseen = BELOTE_MASK & ~hand & ~played
    if n == 0:
        return lead_card(legal, unseen, seat, taker, tleft, voids, ts, tmask, tables)
    return follow_card(legal, unseen, trick, n, leader, seat, voids, ts, tmask, tables)


# --- Callbreak: the cards of CallbreakPlayer2 ------------------------------------------------
@jit
def top_card(m: int) -> int:
    """The highest card index of the non-empty mask ``m``."""
    c = 0
    while m != 0:
        c, m = lowest(m)
    return c


@jit
def higher_in_suit(c: int) -> int:
    """``callbreak._higher_in_suit``: the cards of ``c``'s suit above it."""
    return (SUIT13 << (16 * (c >> 4))) & ~((1 << (c + 1)) - 1)


@jit
def ruffer(voids: int, suit: int, seat: int, k0: int, k1: int) -> bool:
    """Is one of the seats ``seat + k`` (``k0 <= k < k1``) known void in ``suit`` and not
    known void in spades?"""
    for k in range(k0, k1):
        p = (seat + k) & 3
        if (voids >> (4 * p + suit)) & 1 and not (voids >> (4 * p)) & 1:
            return True
    return False


@jit
def learn_void_cb(voids: int, c: int, i: int, leader: int, led: int) -> int:
    """The voids after the ``i``-th card ``c`` of a trick led in ``led`` by ``leader``
    (``callbreak._trick_info``: off the led suit, void in it; off spades too, void in
    spades)."""
    s = c >> 4
    if i == 0 or s == led:
        return voids
    p = (leader + i) & 3
    voids |= 1 << (4 * p + led)
    if s != 0:
        voids |= 1 << (4 * p)
    return voids


@jit
def short_side(hand: int, side: int, longest: bool) -> int:
    """``CallbreakPlayer2._short_side``: the card of ``side`` of least ``(cards of its suit in
    ``hand``, rank)``, lowest index on a tie; with ``longest`` the most cards first (the
    last resort of ``_lead``)."""
    best, bk = -1, 0
    m = side
    while m != 0:
        c, m = lowest(m)
        n = popcount((hand >> (16 * (c >> 4))) & SUIT13)
        k = ((13 - n) if longest else n) * 16 + (c & 15)
        best, bk = keep_min(best, bk, c, k)
    return best


@jit
def threats(c: int, unseen: int, voids: int, seat: int, nlater: int) -> int:
    """``CallbreakPlayer2._threats``: the unseen cards that could beat ``c`` played by the
    ``nlater`` seats after ``seat``."""
    if nlater == 0:
        return 0
    n = popcount(unseen & higher_in_suit(c))
    suit = c >> 4
    if suit != 0:
        out_in_suit = popcount((unseen >> (16 * suit)) & SUIT13)
        if ruffer(voids, suit, seat, 1, nlater + 1) or out_in_suit < nlater:
            n += popcount(unseen & SUIT13)
    return n


@jit
def follow_cb(hand: int, legal: int, unseen: int, voids: int, seat: int, n: int,
              wc: int) -> int:
    """``CallbreakPlayer2._follow`` with ``need > 0``: the winning card fewest unseen cards
    can beat (then the lowest power, then index), else a low card of a short side suit."""
    if wc >> 4 == 0:
        winning = legal & higher_in_suit(wc)
    else:
        winning = (legal & higher_in_suit(wc)) | (legal & SUIT13)
    if winning == 0:
        side = legal & ~SUIT13
        return short_side(hand, side if side != 0 else legal, False)
    best, bk = -1, 0
    m = winning
    while m != 0:
        c, m = lowest(m)
        power = (c & 15) + (16 if c >> 4 == 0 else 0)
        k = (threats(c, unseen, voids, seat, 3 - n) * 32 + power) * 64 + c
        best, bk = keep_min(best, bk, c, k)
    return best


@jit
def lead_cb(hand: int, legal: int, unseen: int, voids: int, seat: int) -> int:
    """``CallbreakPlayer2._lead`` with ``need > 0``: a master of a side suit unlikely to be
    ruffed (the most cards out, the highest rank, the highest index), the top spade when it
    is master, a low card of the shortest side suit, or a low card of the longest suit."""
    best, bk = -1, 0
    m = legal & ~SUIT13
    no_spade_out = unseen & SUIT13 == 0
    while m != 0:
        c, m = lowest(m)
        if unseen & higher_in_suit(c):
            continue
        suit = c >> 4
        out = popcount((unseen >> (16 * suit)) & SUIT13)
        if (out >= 3 and not ruffer(voids, suit, seat, 1, 4)) or no_spade_out:
            k = (out * 16 + (c & 15)) * 64 + c
            best, bk = keep_max(best, bk, c, k)
    if best >= 0:
        return best
    spades = legal & SUIT13
    if spades != 0:
        top = top_card(spades)
        if unseen & higher_in_suit(top) == 0:
            return top
    side = legal & ~SUIT13
    if side != 0 and hand & SUIT13 != 0:
        return short_side(hand, side, False)
    return short_side(hand, legal, True)


@jit
def level2_card_callbreak(hand: int, legal: int, played: int, n: int, wc: int, leader: int,
                          voids: int) -> int:
    """The card ``CallbreakPlayer2().choose_card`` plays: ``hand`` and ``legal`` the cards
    and legal cards of the seat to play, ``played`` every card played (the ``n`` cards of
    the trick led by ``leader`` included), ``wc`` the card winning the trick so far (unused
    when ``n == 0``), ``voids`` bit ``4 * seat + suit`` (:func:`learn_void_cb`)."""
    if legal & (legal - 1) == 0:
        return int(bit_index(legal))
    seat = (leader + n) & 3
    unseen = FULL_MASK & ~played & ~hand
    if n == 0:
        return lead_cb(hand, legal, unseen, voids, seat)
    return follow_cb(hand, legal, unseen, voids, seat, n, wc)
