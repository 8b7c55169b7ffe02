"""Level-2 card play of two-player Belote in the batch simulator: the rules of
:class:`~belote_lab.players.belote2.Belote2Player2` (``choose_card``: ``_free`` while the
stock lasts, ``_strict`` after it) in numba's subset, with a fixed contract and taker.

:func:`level2_card_belote2` is the choice of one seat from plain integers: its hand and
legal cards, every card played (a mask, the current trick's included), the card led (-1
when leading), whether the stock lasts and the tricks done.  The player's values are whole
or half points, so the kernel counts in half points (every value doubled, integers): the
sums and comparisons are exactly the player's float ones.  Ties are broken as Python's
``min``/``max`` break them over ``mask_cards``: the lowest card index first.
:func:`playouts_level2_belote2` deals as :func:`belote_lab.batch.playouts` does for
``belote2`` (hand ``i`` of a seed is the same deal and stock) and returns the same
:class:`~belote_lab.batch.BatchResult` arrays; the tests compare every choice with
``Belote2Player2().choose_card(state)`` on the engine's hands.

>>> r = playouts_level2_belote2(200, contract="H", taker=0, seed=1)
>>> bool((r.points.sum(axis=1) == 162).all()), bool((r.tricks.sum(axis=1) == 16).all())
(True, True)
>>> from belote_lab.batch import playouts
>>> bool((r.stock == playouts("belote2", 200, "H", 0, seed=1).stock).all())
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
    beats,
    belote_after,
    check_args,
    dealer_seats,
    hand_state,
    kernel_rule,
    kernel_tables,
    score_two,
    shuffle,
)
from belote_lab.cards import BELOTE_MASK, Rank
from belote_lab.contract import Contract
from belote_lab.games import get
from belote_lab.games.belote2 import STOCK_SIZE, two_player_seat
from belote_lab.solver.kernel import bit_index, legal_after
from belote_lab.trick import BELOTE2_STRICT

__all__ = ["level2_card_belote2", "level2_tables", "playouts_level2_belote2",
           "play_batch_belote2"]


# The player's values in half points (belote_lab.players.belote2: _TRUMP_KEEP, _PLAIN_KEEP,
# _WIN_BONUS, _SURE, _TRUMP_EXTRA, _LAST_SURE, _BELOTE_HOPE, each doubled).
TRUMP_KEEP2 = {Rank.JACK: 96, Rank.NINE: 72, Rank.ACE: 42, Rank.TEN: 40, Rank.KING: 26,
               Rank.QUEEN: 24, Rank.EIGHT: 20, Rank.SEVEN: 18}
PLAIN_KEEP2 = {Rank.ACE: 28, Rank.TEN: 20, Rank.KING: 8, Rank.QUEEN: 6, Rank.JACK: 4,
               Rank.NINE: 2, Rank.EIGHT: 1, Rank.SEVEN: 0}
WIN_BONUS2 = 2
SURE2 = 16
TRUMP_EXTRA2 = 8
LAST_SURE2 = 20
BELOTE_HOPE2 = 10


def level2_tables(contract: Contract) -> np.ndarray:
    """The (5, 64) int64 rows the kernel reads: those of
    :func:`belote_lab.batch.kernel_tables` (power, points, higher, ``[10, 0 …]``) and what
    each card is worth keeping while the stock lasts, in half points (``_free_keep``
    without the belote hope)."""
    t = contract.tables
    out = np.zeros((5, 64), dtype=np.int64)
    out[:4] = kernel_tables(contract, 10)
    for c in range(64):
        if BELOTE_MASK >> c & 1:
            keep = TRUMP_KEEP2 if t.trump_mask >> c & 1 else PLAIN_KEEP2
            out[4, c] = keep[Rank(c & 15)]
    return out


# --- the choices ---------------------------------------------------------------------------------
@jit_inline
def beats_led(card: int, led: int, ts: int, power_card: int, power_led: int) -> bool:
    """``belote2._beats``: does ``card``, played second, beat the card ``led``?"""
    if card >> 4 == led >> 4:
        return power_card > power_led
    return card >> 4 == ts


@jit_inline
def free_keep2(c: int, ts: int, keep: int, played: int) -> int:
    """``_free_keep`` in half points (``keep``: the card's row-4 value)."""
    r = c & 15
    # a trump K or Q (Rank.KING, Rank.QUEEN) whose partner card is not played yet
    if c >> 4 == ts and (r == 10 or r == 11) and (played >> (16 * ts + 21 - r)) & 1 == 0:
        keep += BELOTE_HOPE2
    return keep


@jit
def free_card(legal: int, lead: int, ts: int, played: int, tables: np.ndarray) -> int:
    """``Belote2Player2._free``: the cheapest card to lead (``lead`` < 0), else the card of
    best value against the card ``lead``."""
    best = -1
    bv = 0
    m = legal
    while m != 0:
        c = int(bit_index(m & -m))
        m &= m - 1
        keep = free_keep2(c, ts, tables[4, c], played)
        if lead < 0:
            v = -(2 * tables[1, c] + keep)
        else:
            won = 2 * (tables[1, lead] + tables[1, c])
            if beats_led(c, lead, ts, tables[0, c], tables[0, lead]):
                v = won + WIN_BONUS2 - keep
            else:
                v = -won - keep
        if best < 0 or v > bv:
            best = c
            bv = v
    return best


@jit
def sure_cards(mine: int, other: int, ts: int, tmask: int, tables: np.ndarray) -> int:
    """The cards of ``mine`` that win whatever ``other`` answers (``_strict_keeps``)."""
    other_trumps = other & tmask
    out = 0
    m = mine
    while m != 0:
        c = int(bit_index(m & -m))
        m &= m - 1
        s = c >> 4
        if other & tables[2, c] == 0 and (
            s == ts or other_trumps == 0 or other & (SUIT13 << (16 * s)) != 0
        ):
            out |= 1 << c
    return out


@jit_inline
def lone_sure(mine: int, sure: int) -> int:
    """The only sure card of ``mine`` when it holds more than one card, else 0."""
    if sure != 0 and sure & (sure - 1) == 0 and mine & (mine - 1) != 0:
        return sure
    return 0


@jit_inline
def strict_keep2(c: int, ts: int, points: int, sure: int, lone: int) -> int:
    """``_strict_keeps(...)[c]`` in half points, ``sure`` and ``lone`` from
    :func:`sure_cards` and :func:`lone_sure`."""
    k = 2 * points
    if (sure >> c) & 1:
        k += SURE2
    if c >> 4 == ts:
        k += TRUMP_EXTRA2
    if (lone >> c) & 1:
        k += LAST_SURE2
    return k


@jit
def strict_follow(legal: int, lead: int, hand: int, opp: int, last: int, ts: int, tmask: int,
                  tables: np.ndarray) -> int:
    """``_strict`` as the second card of the trick."""
    sure = sure_cards(hand, opp, ts, tmask, tables)
    lone = lone_sure(hand, sure)
    best = -1
    bv = 0
    m = legal
    while m != 0:
        c = int(bit_index(m & -m))
        m &= m - 1
        won = 2 * (tables[1, lead] + tables[1, c] + last)
        if not beats_led(c, lead, ts, tables[0, c], tables[0, lead]):
            won = -won
        v = won - strict_keep2(c, ts, tables[1, c], sure, lone)
        if best < 0 or v > bv:
            best = c
            bv = v
    return best


@jit
def strict_lead(legal: int, hand: int, opp: int, last: int, tables: np.ndarray,
                rule: RuleTuple) -> int:
    """``_strict`` leading: each card against the opponent's worst legal answer."""
    ts = rule[0]
    tmask = rule[1]
    sure = sure_cards(hand, opp, ts, tmask, tables)
    lone = lone_sure(hand, sure)
    osure = sure_cards(opp, hand, ts, tmask, tables)
    olone = lone_sure(opp, osure)
    best = -1
    bv = 0
    m = legal
    while m != 0:
        c = int(bit_index(m & -m))
        m &= m - 1
        kc = strict_keep2(c, ts, tables[1, c], sure, lone)
        answers = legal_after(opp, c >> 4, c, 1, 0, tables[2, c], rule)
        worst = 0
        first = True
        while answers != 0:
            r = int(bit_index(answers & -answers))
            answers &= answers - 1
            won = 2 * (tables[1, c] + tables[1, r] + last)
            if beats_led(r, c, ts, tables[0, r], tables[0, c]):
                won = -won
            v = won - kc + strict_keep2(r, ts, tables[1, r], osure, olone)
            if first or v < worst:
                worst = v
                first = False
        if best < 0 or worst > bv:
            best = c
            bv = worst
    return best


@jit
def level2_card_belote2(hand: int, legal: int, played: int, lead: int, free: bool, done: int,
                        tables: np.ndarray, rule: RuleTuple) -> int:
    """The level-2 card of two-player Belote (``Belote2Player2.choose_card``): ``hand`` and
    ``legal`` the seat's cards and legal cards, ``played`` every card played (the card
    ``lead`` of this trick included; ``lead`` is -1 when the seat leads), ``free`` whether
    the stock lasts, ``done`` the tricks done, ``tables`` the rows of :func:`level2_tables`,
    ``rule`` the strict rule (:func:`belote_lab.batch.kernel_rule`)."""
    if legal & (legal - 1) == 0:
        return int(bit_index(legal))
    ts = rule[0]
    if free:
        return free_card(legal, lead, ts, played, tables)
    opp = BELOTE_MASK & ~hand & ~played  # every unseen card is the opponent's
    last = 10 if done == 15 else 0
    if lead >= 0:
        return strict_follow(legal, lead, hand, opp, last, ts, rule[1], tables)
    return strict_lead(legal, hand, opp, last, tables, rule)


# --- the kernel ----------------------------------------------------------------------------------
@jit
def play_two_level2(hands: np.ndarray, stock: np.ndarray, leader: int, row: int,
                    tables: np.ndarray, rule: RuleTuple, points: np.ndarray,
                    tricks: np.ndarray, plays: np.ndarray, legal: np.ndarray) -> int:
    """:func:`belote_lab.batch.play_two` with level-2 play in both seats; returns the side
    that scores the belote (-1 none)."""
    ts = rule[0]
    record = plays.shape[0] > 0
    nstock = stock.shape[0]
    drawn = 0
    played = 0
    kq, bseat, bplayed = 0, -1, 0
    ntricks = (nstock + 18) // 2
    for t in range(ntricks):
        pts = 0
        wc = -1
        winner = leader
        for i in range(2):
            seat = leader if i == 0 else 2 - leader
            h = hands[seat]
            m = h
            if i == 1 and drawn >= nstock:
                m = legal_after(h, wc >> 4, wc, 1, 0, tables[2, wc], rule)
            c = level2_card_belote2(h, m, played, wc, drawn < nstock, t, tables, rule)
            hands[seat] = h ^ (1 << c)
            played |= 1 << c
            kq, bseat, bplayed = belote_after(c, seat, hands[seat], ts, kq, bseat, bplayed)
            if record:
                plays[row, 2 * t + i] = c
                legal[row, 2 * t + i] = m
            if i == 0:
                wc = c
            elif beats(c, wc, wc >> 4, ts, tables[0, c], tables[0, wc]):
                winner = seat
            pts += tables[1, c]
        if t == ntricks - 1:
            pts += tables[3, 0]
        points[row, winner >> 1] += pts
        tricks[row, winner] += 1
        if drawn < nstock:
            hands[winner] |= 1 << int(stock[drawn])
            hands[2 - winner] |= 1 << int(stock[drawn + 1])
            drawn += 2
        leader = winner
    return bseat >> 1 if bplayed == 2 else -1


@jit
def play_batch_belote2(
    start: int, seed: int, leaders: np.ndarray, deck0: np.ndarray, tables: np.ndarray,
    rule: RuleTuple, deals: np.ndarray, stock: np.ndarray, points: np.ndarray,
    tricks: np.ndarray, belote: np.ndarray, plays: np.ndarray, legal: np.ndarray,
) -> None:
    """Deal as :func:`belote_lab.batch.play_batch_two` (the same hands and stock) and play
    ``deals.shape[0]`` two-player hands at level 2, numbers ``start`` … of ``seed``."""
    deck = np.empty_like(deck0)
    hands = np.zeros(4, dtype=np.int64)
    half = (deck0.shape[0] - stock.shape[1]) // 2
    for row in range(deals.shape[0]):
        shuffle(hand_state(seed, start + row), deck0, deck)
        leader = leaders[row]
        hands[:] = 0
        for j in range(2 * half):
            hands[leader if j < half else 2 - leader] |= 1 << int(deck[j])
        for j in range(stock.shape[1]):
            stock[row, j] = deck[2 * half + j]
        for s in range(4):
            deals[row, s] = hands[s]
        belote[row] = play_two_level2(hands, stock[row], leader, row, tables, rule, points,
                                      tricks, plays, legal)


# --- the Python side -----------------------------------------------------------------------------
def playouts_level2_belote2(
    n: int = 1000, contract: str = "H", taker: int = 0, seed: int = 0, dealer: int = 0, *,
    rules: Any = None, record: bool = False, start: int = 0, rotate: bool = False,
) -> BatchResult:
    """``belote_lab.batch.playouts("belote2", …)`` with level-2 play in both seats (the
    same deals, stocks, leaders and arrays): ``contract`` a trump suit, ``taker`` and
    ``dealer`` N or S (0 or 2), the other seat leading."""
    g = get("belote2")
    r = g.rules(rules)
    check_args(r, n, seed, start, 1)
    taker = two_player_seat(taker)
    c = g.contract(contract)
    dealers = dealer_seats(g, dealer, n, start, rotate)
    leaders = 2 - dealers
    a = {
        "deals": np.zeros((n, 4), dtype=np.int64),
        "stock": np.zeros((n, STOCK_SIZE), dtype=np.int64),
        "points": np.zeros((n, 2), dtype=np.int64),
        "tricks": np.zeros((n, 4), dtype=np.int64),
        "belote": np.zeros(n, dtype=np.int64),
        "plays": np.zeros((n if record else 0, 32), dtype=np.int64),
        "legal": np.zeros((n if record else 0, 32), dtype=np.int64),
    }
    play_batch_belote2(start, seed, leaders, BELOTE_DECK, level2_tables(c),
                       kernel_rule(c, BELOTE2_STRICT), a["deals"], a["stock"], a["points"],
                       a["tricks"], a["belote"], a["plays"], a["legal"])
    made, capot, score = score_two(a["points"], a["tricks"], a["belote"], taker // 2)
    return BatchResult(
        game=g.name, contract=c.code, taker=taker, seed=seed, dealers=dealers,
        leaders=leaders, made=made, capot=capot, score=score,
        redeals=np.zeros(n, dtype=np.int64), meta={"code": c.code}, **a,
    )
