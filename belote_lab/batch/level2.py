"""Level-2 card play in the batch simulator: the rules of thumb of
:mod:`belote_lab.players.heuristics` (:func:`~belote_lab.players.heuristics.choose_card`, as
:class:`~belote_lab.players.belote.BelotePlayer2` plays them) in numba's subset, for
four-player Belote with a fixed contract and taker, and Coinche with a fixed bid (its level 2
plays its cards by the same rules).

:func:`level2_card` is the choice of one seat from plain integers: its hand and legal cards,
the cards played (a mask), the current trick (packed, 8 bits a card), the taker, the tricks
left and the voids seen so far (16 bits: bit ``4 * seat + suit``), which the kernel keeps as
:meth:`Situation._learn <belote_lab.players.heuristics.Situation>` infers them
(:func:`learn_void`).  Ties are broken as Python's ``min``/``max`` break them over
``mask_cards``: the lowest card index first.  :func:`playouts_level2` deals as
:func:`belote_lab.batch.playouts` does (hand ``i`` of a seed is the same deal) and returns
the same :class:`~belote_lab.batch.BatchResult` arrays; the tests compare every choice with
``BelotePlayer2().choose_card(state)`` on the engine's hands.

>>> r = playouts_level2("belote", n=200, contract="H", taker=0, seed=1)
>>> bool((r.points.sum(axis=1) == 162).all()), bool((r.tricks.sum(axis=1) == 8).all())
(True, True)
>>> from belote_lab.batch import playouts
>>> bool((r.deals == playouts("belote", n=200, contract="H", taker=0, seed=1).deals).all())
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from belote_lab._jit import jit, jit_inline
from belote_lab.batch.core import (
    BELOTE_DECK,
    SUIT13,
    BatchResult,
    RuleTuple,
    check_args,
    deal_cards,
    dealer_seats,
    four_player_contract,
    four_player_result,
    hand_state,
    kernel_rule,
    kernel_tables,
    popcount,
)
from belote_lab.cards import BELOTE_MASK
from belote_lab.games import get
from belote_lab.solver.kernel import bit_index, legal_after

__all__ = ["fixed_level2", "level2_card", "learn_void", "playouts_level2", "play_batch_level2"]



# --- knowledge -----------------------------------------------------------------------------------
@jit_inline
def may_hold(voids: int, unseen: int, seat: int, suit: int) -> bool:
    """May ``seat`` still hold a card of ``suit`` (``Situation.may_hold``)?"""
    return ((voids >> (4 * seat + suit)) & 1) == 0 and (unseen >> (16 * suit)) & SUIT13 != 0


@jit_inline
def learn_void(voids: int, c: int, i: int, leader: int, led: int, w: int, wc: int,
               ts: int) -> int:
    """The voids after the ``i``-th card ``c`` (``i ≥ 1``) of a trick led in ``led`` by
    ``leader``, the ``w``-th card ``wc`` winning before it: ``Situation._learn``."""
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


@jit_inline
def rank_in_trick(c: int, led: int, ts: int, power: int) -> int:
    """``Tables.rank_in_trick``: trump > led suit > others (-1)."""
    s = c >> 4
    if s == ts:
        return 100 + power
    if s == led:
        return power
    return -1


@jit_inline
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


@jit_inline
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
    best = -1
    bk = 0
    while m != 0:
        c = int(bit_index(m & -m))
        m &= m - 1
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
        if best < 0 or (k > bk if highest else k < bk):
            best = c
            bk = k
    return best


@jit
def masters_of(m: int, tables: np.ndarray, unseen: int) -> int:
    """The cards of ``m`` that no unseen card of their suit beats (``is_master``)."""
    out = 0
    x = m
    while x != 0:
        c = int(bit_index(x & -x))
        x &= x - 1
        if tables[2, c] & unseen == 0:
            out |= 1 << c
    return out


@jit
def cheapest_lead(plain: int, legal: int, tables: np.ndarray) -> int:
    """The plain card of least ``(points, -cards of its suit, power)`` (``lead_card``'s
    ``cost``)."""
    best = -1
    bk = 0
    m = plain
    while m != 0:
        c = int(bit_index(m & -m))
        m &= m - 1
        k = tables[1, c] * 10000 - popcount((legal >> (16 * (c >> 4))) & SUIT13) * 100
        k += tables[0, c]
        if best < 0 or k < bk:
            best = c
            bk = k
    return best


@jit
def throw_to_partner(pool: int, tables: np.ndarray, unseen: int) -> int:
    """The card of greatest ``(points - 6 if master, -power)``: points for the partner."""
    best = -1
    bk = 0
    m = pool
    while m != 0:
        c = int(bit_index(m & -m))
        m &= m - 1
        pt = tables[1, c]
        if tables[2, c] & unseen == 0:
            pt -= 6
        k = pt * 100 - tables[0, c]
        if best < 0 or k > bk:
            best = c
            bk = k
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
        if rank_in_trick(c, led, ts, tables[0, c]) > rank_in_trick(bc, led, ts, tables[0, bc]):
            best = i
            bc = c
    return best


@jit
def winning_cards(legal: int, wc: int, led: int, ts: int, tables: np.ndarray) -> int:
    """The cards of ``legal`` that beat ``wc`` (``heuristics.beats``)."""
    out = 0
    rw = rank_in_trick(wc, led, ts, tables[0, wc])
    m = legal
    while m != 0:
        c = int(bit_index(m & -m))
        m &= m - 1
        if rank_in_trick(c, led, ts, tables[0, c]) > rw:
            out |= 1 << c
    return out


@jit
def safe_cards(m: int, led: int, ts: int, tables: np.ndarray, unseen: int, voids: int,
               seat: int, leader: int, n: int) -> int:
    """The cards of ``m`` that :func:`is_safe` keeps winning."""
    out = 0
    x = m
    while x != 0:
        c = int(bit_index(x & -x))
        x &= x - 1
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


# --- the kernel ----------------------------------------------------------------------------------
@jit
def play_trick2(hands: np.ndarray, leader: int, played: int, voids: int, taker: int,
                tleft: int, tables: np.ndarray, rule: RuleTuple, row: int, t: int,
                plays: np.ndarray, legal: np.ndarray) -> tuple[int, int, int, int]:
    """Play one trick at level 2 from ``leader``; returns the winning seat, its points, the
    cards played and the voids after it."""
    ts = rule[0]
    tmask = rule[1]
    record = plays.shape[0] > 0
    led = 0
    wc = 0
    w = 0
    pts = 0
    trick = 0
    for i in range(4):
        seat = (leader + i) & 3
        h = hands[seat]
        m = h if i == 0 else legal_after(h, led, wc, i, w, tables[2, wc], rule)
        c = level2_card(h, m, played, trick, i, leader, seat, taker, tleft, voids, ts, tmask,
                        tables)
        hands[seat] = h ^ (1 << c)
        played |= 1 << c
        trick |= c << (8 * i)
        if record:
            plays[row, 4 * t + i] = c
            legal[row, 4 * t + i] = m
        if i == 0:
            led = c >> 4
            wc = c
        else:
            voids = learn_void(voids, c, i, leader, led, w, wc, ts)
            if rank_in_trick(c, led, ts, tables[0, c]) > rank_in_trick(wc, led, ts,
                                                                        tables[0, wc]):
                wc = c
                w = i
        pts += tables[1, c]
    return (leader + w) & 3, pts, played, voids


@jit
def play_batch_level2(start: int, seed: int, leaders: np.ndarray, taker: int,
                      deck0: np.ndarray, tables: np.ndarray, rule: RuleTuple, deals: np.ndarray,
                      points: np.ndarray, tricks: np.ndarray, plays: np.ndarray,
                      legal: np.ndarray) -> None:
    """Deal (as :func:`belote_lab.batch.play_batch`) and play ``deals.shape[0]`` hands of
    four-player Belote at level 2, numbers ``start`` … of ``seed``, filling the arrays."""
    deck = np.empty_like(deck0)
    hands = np.zeros(4, dtype=np.int64)
    for row in range(deals.shape[0]):
        deal_cards(hand_state(seed, start + row), deck0, deck, hands)
        for s in range(4):
            deals[row, s] = hands[s]
        leader = leaders[row]
        played = 0
        voids = 0
        for t in range(8):
            leader, pts, played, voids = play_trick2(hands, leader, played, voids, taker,
                                                     8 - t, tables, rule, row, t, plays,
                                                     legal)
            if t == 7:
                pts += tables[3, 0]
            points[row, leader & 1] += pts
            tricks[row, leader] += 1


# --- the Python side -----------------------------------------------------------------------------
def playouts_level2(
    game: str = "belote", n: int = 1000, contract: str = "H", taker: int = 0, seed: int = 0,
    dealer: int = 0, *, rules: Any = None, multiplier: int = 1, record: bool = False,
    start: int = 0, rotate: bool = False,
) -> BatchResult:
    """:func:`belote_lab.batch.playouts` of four-player Belote or Coinche (a fixed bid such
    as ``"100H"``, ``multiplier`` 1, 2 or 4) with level-2 play at every seat (the same deals,
    leaders and arrays; Coinche's level 2 plays its cards by the same rules of thumb).  The
    other games are refused."""
    g = get(game)
    if g.has_stock or len(g.seats) != 4 or g.bidding not in ("taking", "auction"):
        raise ValueError("level-2 batch play is four-player Belote's and Coinche's only")
    r = g.rules(rules)
    check_args(r, n, seed, start, multiplier)
    taker = int(taker) % 4
    dealers = dealer_seats(g, dealer, n, start, rotate)
    bid, c, leaders = four_player_contract(g, r, contract, dealers)
    a = {
        "deals": np.zeros((n, 4), dtype=np.int64),
        "redeals": np.zeros(n, dtype=np.int64),
        "points": np.zeros((n, 2), dtype=np.int64),
        "tricks": np.zeros((n, 4), dtype=np.int64),
        "plays": np.zeros((n if record else 0, 32), dtype=np.int64),
        "legal": np.zeros((n if record else 0, 32), dtype=np.int64),
    }
    play_batch_level2(start, seed, leaders, taker, BELOTE_DECK, kernel_tables(c, 10),
                      kernel_rule(c, g.follow(r, 0)), a["deals"], a["points"], a["tricks"],
                      a["plays"], a["legal"])
    return four_player_result(g, a, bid, c, taker, seed, dealers, leaders, multiplier, r)


def fixed_level2(g: Any, n: int, contract: str, taker: int, seed: int, dealer: int, *,
                 rules: Any = None, multiplier: int = 1, calls: Any = None) -> BatchResult:
    """``simulate(..., contract=...)`` at level 2 (the one signature of every batch module) for
    four-player Belote and Coinche: :func:`playouts_level2`, the deal turning; ``calls`` (a
    Callbreak argument) is refused."""
    if calls is not None:
        raise ValueError(f"{g.name} has no calls: leave out calls")
    return playouts_level2(g.name, n, contract, taker, seed, dealer, rules=rules,
                           multiplier=multiplier, rotate=True)
