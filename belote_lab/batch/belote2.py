"""Two-player Belote in the batch simulator: level-2 card play with a fixed contract, and
whole hands (deal, taking, play, score) with a level per seat.

The card play: the rules of :class:`~belote_lab.players.belote2.Belote2Player2`
(``choose_card``: ``_free`` while the stock lasts, ``_strict`` after it) in numba's subset.
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

Whole hands (:func:`hands`, the batch entry of the game, ``Game.batch``): the deal of
:class:`~belote_lab.games.belote2.Belote2Hand` (six cards each, the turned card, the rest
after the taking, the stock), its two-round taking with the redeal rule
(:func:`~belote_lab.games.belote2.new_taking`) by :func:`level2_call`
(``Belote2Player2.choose_call``) or :func:`level1_call` (``RandomPlayer``'s policy), and
:func:`play_two_levels`, a level per seat; :func:`hands_record` also returns the deals,
calls and cards that replay them through the engine.

>>> r = playouts_level2_belote2(200, contract="H", taker=0, seed=1)
>>> bool((r.points.sum(axis=1) == 162).all()), bool((r.tricks.sum(axis=1) == 16).all())
(True, True)
>>> from belote_lab.batch import playouts
>>> bool((r.stock == playouts("belote2", 200, "H", 0, seed=1).stock).all())
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import numpy as np

from belote_lab._jit import jit
from belote_lab.batch import core
from belote_lab.batch.arrays import empty_arrays
from belote_lab.batch.core import (
    SUIT13,
    RuleTuple,
    beats,
    call_contract,
    keep_max,
    kernel_rule,
    kernel_tables,
    lowest,
)
from belote_lab.batch.deal import (
    BELOTE_DECK,
    dealer_seats,
    draw,
    hand_state,
    mix32,
    random_card,
    shuffle,
    xorshift32,
)
from belote_lab.cards import BELOTE_MASK, Rank, Suit
from belote_lab.contract import CONTRACT_CODES, Contract
from belote_lab.games import Game, get
from belote_lab.games.belote import CAPOT_SCORE, HAND_TOTAL
from belote_lab.games.belote2 import STOCK_SIZE, two_player_seat
from belote_lab.players.estimates import taking_value
from belote_lab.solver.kernel import bit_index, legal_after
from belote_lab.trick import BELOTE2_STRICT

__all__ = ["LEVELS", "fixed", "score_two", "hands", "hands_record",
           "level1_call", "level2_call", "level2_card_belote2", "level2_tables",
           "play_fixed_two", "play_two_levels", "playouts_level2_belote2", "take_deal"]


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
@jit
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
    best, bv = -1, 0
    m = legal
    while m != 0:
        c, m = lowest(m)
        keep = free_keep2(c, ts, tables[4, c], played)
        if lead < 0:
            v = -(2 * tables[1, c] + keep)
        else:
            won = 2 * (tables[1, lead] + tables[1, c])
            if beats(c, lead, lead >> 4, ts, tables[0, c], tables[0, lead]):
                v = won + WIN_BONUS2 - keep
            else:
                v = -won - keep
        best, bv = keep_max(best, bv, c, v)
    return best


@jit
def sure_cards(mine: int, other: int, ts: int, tmask: int, tables: np.ndarray) -> int:
    """The cards of ``mine`` that win whatever ``other`` answers (``_strict_keeps``)."""
    other_trumps = other & tmask
    out = 0
    m = mine
    while m != 0:
        c, m = lowest(m)
        s = c >> 4
        if other & tables[2, c] == 0 and (
            s == ts or other_trumps == 0 or other & (SUIT13 << (16 * s)) != 0
        ):
            out |= 1 << c
    return out


@jit
def lone_sure(mine: int, sure: int) -> int:
    """The only sure card of ``mine`` when it holds more than one card, else 0."""
    if sure != 0 and sure & (sure - 1) == 0 and mine & (mine - 1) != 0:
        return sure
    return 0


@jit
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
def second_wins(first: int, second: int, last: int, ts: int, tables: np.ndarray) -> int:
    """Twice the points of a two-card trick (and ``last``, the last trick's bonus) for the
    player of ``second``: positive when ``second`` beats ``first``, else negative."""
    won = 2 * (tables[1, first] + tables[1, second] + last)
    if beats(second, first, first >> 4, ts, tables[0, second], tables[0, first]):
        return won
    return -won


@jit
def sure_and_lone(mine: int, other: int, ts: int, tmask: int,
                  tables: np.ndarray) -> tuple[int, int]:
    """:func:`sure_cards` of ``mine`` against ``other`` and :func:`lone_sure` of them."""
    sure = sure_cards(mine, other, ts, tmask, tables)
    return sure, lone_sure(mine, sure)


@jit
def strict_follow(legal: int, lead: int, hand: int, opp: int, last: int, ts: int, tmask: int,
                  tables: np.ndarray) -> int:
    """``_strict`` as the second card of the trick."""
    sure, lone = sure_and_lone(hand, opp, ts, tmask, tables)
    best, bv = -1, 0
    m = legal
    while m != 0:
        c, m = lowest(m)
        v = second_wins(lead, c, last, ts, tables) - strict_keep2(c, ts, tables[1, c], sure, lone)
        best, bv = keep_max(best, bv, c, v)
    return best


@jit
def strict_lead(legal: int, hand: int, opp: int, last: int, tables: np.ndarray,
                rule: RuleTuple) -> int:
    """``_strict`` leading: each card against the opponent's worst legal answer."""
    ts = rule[0]
    tmask = rule[1]
    sure, lone = sure_and_lone(hand, opp, ts, tmask, tables)
    osure, olone = sure_and_lone(opp, hand, ts, tmask, tables)
    best, bv = -1, 0
    m = legal
    while m != 0:
        c, m = lowest(m)
        kc = strict_keep2(c, ts, tables[1, c], sure, lone)
        answers = legal_after(opp, c >> 4, c, 1, 0, tables[2, c], rule)
        worst = 0
        first = True
        while answers != 0:
            r, answers = lowest(answers)
            v = (-second_wins(c, r, last, ts, tables) - kc
                 + strict_keep2(r, ts, tables[1, r], osure, olone))
            if first or v < worst:
                worst = v
                first = False
        best, bv = keep_max(best, bv, c, worst)
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


# --- the taking ----------------------------------------------------------------------------------
# A call as a number: a suit named in round 2 (0-3: S H D C), TAKE the turned card's suit in
# round 1, PASS; NO_CALL where a record has no call.
TAKE = 4
PASS = 5
NO_CALL = -1
CALL_WORDS = ("S", "H", "D", "C", "take", "pass")
"""The engine's word (:class:`belote_lab.games.taking.Taking`) of each call number."""
# Belote2Player2's thresholds (take=4.5, name=5.0) doubled: taking_value is whole, so
# "strength >= 4.5" is "2 * strength >= 9" exactly.
TAKE2 = 9
NAME2 = 10
P_PASS10 = 7
"""Level 1 passes with probability 7/10 when it may (RandomPlayer's take_probability 0.3)."""

@jit
def level2_call(hand: int, turned: int, rnd: int, may_pass: bool, take2: int,
                name2: int) -> int:
    """``Belote2Player2.choose_call`` as a call number: ``hand`` the seat's six cards,
    ``turned`` the turned card, ``rnd`` the round (1 or 2), ``may_pass`` whether ``pass``
    is legal; the thresholds in half points (:data:`TAKE2`, :data:`NAME2`).  In round 2 the
    strongest suit other than the turned one (the first in S H D C order on a tie).

    >>> from belote_lab.cards import mask_of, Card
    >>> hand = mask_of("JH 8H AS 9C 8C 7D".split())
    >>> CALL_WORDS[level2_call(hand, int(Card.parse("7H")), 1, True, TAKE2, NAME2)]
    'take'
    >>> CALL_WORDS[level2_call(hand, int(Card.parse("TD")), 2, False, TAKE2, NAME2)]
    'H'
    """
    ts = turned >> 4
    cards = hand | (1 << turned)
    if rnd == 1:
        if 2 * taking_value(cards, ts) >= take2 or not may_pass:
            return TAKE
        return PASS
    best, bv = -1, 0
    for s in range(4):
        if s != ts:
            v = taking_value(cards, s)
            best, bv = keep_max(best, bv, s, v)
    if 2 * bv >= name2 or not may_pass:
        return best
    return PASS


@jit
def level1_call(st: int, turned: int, rnd: int, may_pass: bool) -> tuple[int, int]:
    """``RandomPlayer.choose_call``'s policy from the PRNG state ``st``: pass with
    probability 7/10 when ``may_pass``, else take (round 1) or a suit other than the turned
    one, uniformly (round 2); returns the new state and the call number.

    >>> st, call = level1_call(12345, 18, 2, False)
    >>> call in (0, 2, 3)
    True
    """
    if may_pass:
        st, r = draw(st, 10)
        if r < P_PASS10:
            return st, PASS
    if rnd == 1:
        return st, TAKE
    st, k = draw(st, 3)
    return st, (k if k < turned >> 4 else k + 1)


@jit
def seat_call(st: int, level: int, hand: int, turned: int, rnd: int, may_pass: bool,
              take2: int, name2: int) -> tuple[int, int, int]:
    """The PRNG state after it, the call of a seat at ``level`` (1 :func:`level1_call`, 2
    :func:`level2_call` of its ``hand``) and the contract it settles (-1: a pass).

    >>> from belote_lab.cards import Card
    >>> CALL_WORDS[seat_call(7, 1, 0, int(Card.parse("7H")), 1, False, TAKE2, NAME2)[1]]
    'take'
    """
    if level == 1:
        st, call = level1_call(st, turned, rnd, may_pass)
    else:
        call = level2_call(hand, turned, rnd, may_pass, take2, name2)
    return st, call, call_contract(call, turned, TAKE, PASS)


@jit
def take_deal(st: int, hands: np.ndarray, turned: int, dealer: int, must_name: bool,
              levels: np.ndarray, take2: int, name2: int,
              calls: np.ndarray) -> tuple[int, int, int]:
    """The taking of one deal (:class:`~belote_lab.games.taking.Taking` with the seats N and
    S): the non-dealer speaks first, two rounds, the dealer may not pass in round 2 when
    ``must_name`` (:func:`belote_lab.games.belote2.new_taking`); seat ``s`` at ``levels[s]``
    (1 :func:`level1_call` from the PRNG state ``st``, 2 :func:`level2_call`) with
    ``hands[s]`` its six cards.  The call numbers go to ``calls[0:4]`` (the rest keep their
    value).  Returns the PRNG state, the taker (-1: passed out) and the trump suit.

    >>> from belote_lab.cards import mask_of, Card
    >>> hands = np.array([mask_of("JH 8H AS 9C 8C 7D".split()), 0,
    ...                   mask_of("7S 8S 9S TD KD QC".split()), 0], dtype=np.int64)
    >>> calls = np.full(4, NO_CALL, dtype=np.int64)
    >>> take_deal(1, hands, int(Card.parse("7H")), 2, False, np.array([2, 0, 2, 0]), TAKE2,
    ...           NAME2, calls)[1:], [CALL_WORDS[c] for c in calls[:1]]
    ((0, 1), ['take'])
    """
    nd = 2 - dealer
    for k in range(4):
        seat = nd if k % 2 == 0 else dealer
        rnd = 1 if k < 2 else 2
        may_pass = not (rnd == 2 and must_name and seat == dealer)
        st, c, contract = seat_call(st, levels[seat], hands[seat], turned, rnd, may_pass, take2,
                                    name2)
        calls[k] = c
        if contract >= 0:
            return st, seat, contract
    return st, -1, -1


# --- the kernel ----------------------------------------------------------------------------------
@jit
def belote_after(
    c: int, seat: int, hand_after: int, ts: int, kq: int, bseat: int, bplayed: int
) -> tuple[int, int, int]:
    """Two-player belote after ``seat`` played ``c`` (``hand_after``: its hand now): the
    trump K and Q played so far ``kq``, the announcing seat ``bseat`` and its K/Q played
    ``bplayed`` (the rule of :meth:`Belote2Hand._on_card`: announced when the first of the
    pair is played by the seat holding the other then)."""
    r = c & 15
    if (c >> 4) != ts or (r != 10 and r != 11):  # Rank.QUEEN, Rank.KING
        return kq, bseat, bplayed
    kq += 1
    if kq == 1:
        other = 16 * ts + (21 - r)
        if (hand_after >> other) & 1:
            return kq, seat, 1
    elif seat == bseat:
        return kq, bseat, 2
    return kq, bseat, bplayed


def score_two(
    points: np.ndarray, tricks: np.ndarray, belote: np.ndarray, attack: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(made, capot, score)`` of two-player Belote per side (0 N, 1 S):
    :func:`belote_lab.games.belote2.score_belote2` vectorised (a failed taker keeps its
    belote; a tie: each side scores its own total)."""
    n = points.shape[0]
    opp = 1 - attack
    bel = np.zeros((n, 2), dtype=np.int64)
    has = belote >= 0
    bel[np.arange(n)[has], belote[has]] = 20
    totals = points + bel
    capot = np.where(tricks[:, 2] == 0, 0, np.where(tricks[:, 0] == 0, 1, -1))
    made = np.where(totals[:, attack] > totals[:, opp], 1,
                    np.where(totals[:, attack] < totals[:, opp], 0, -1))
    made[capot >= 0] = capot[capot >= 0] == attack
    score = totals.copy()
    bad = (made == 0) & (capot < 0)
    score[bad, opp] = HAND_TOTAL + bel[bad, opp]
    score[bad, attack] = bel[bad, attack]
    for w in (0, 1):
        cap = capot == w
        score[cap, w] = CAPOT_SCORE + bel[cap, w]
        score[cap, 1 - w] = bel[cap, 1 - w]
    return made, capot, score


@jit
def play_two_levels(st: int, hands: np.ndarray, stock: np.ndarray, leader: int,
                    levels: np.ndarray, row: int, tables: np.ndarray, rule: RuleTuple,
                    points: np.ndarray, tricks: np.ndarray, plays: np.ndarray,
                    legal: np.ndarray) -> tuple[int, int]:
    """Play out a two-player hand (seats 0 and 2, ``hands`` emptied) from ``leader``, seat
    ``s`` at ``levels[s]``: 1 a random legal card drawn from the PRNG state ``st``
    (:func:`~belote_lab.batch.deal.random_card`), 2 :func:`level2_card_belote2`: the one
    trick loop of two-player Belote (fixed contracts and whole hands).  Free play
    and draws (the winner first) while ``stock`` lasts, then ``rule``; adds the card points
    to ``points[row]`` by side (seat // 2), the tricks to ``tricks[row]`` by seat; records
    the cards and legal masks in ``plays[row]``, ``legal[row]`` when they have rows.
    Returns the PRNG state and the side that scores the belote (-1 none).

    >>> from belote_lab.batch.core import kernel_rule
    >>> from belote_lab.games import get
    >>> c = get("belote2").contract("H")
    >>> deck = list(BELOTE_DECK)
    >>> hands = np.array([sum(1 << int(x) for x in deck[:9]), 0,
    ...                   sum(1 << int(x) for x in deck[9:18]), 0], dtype=np.int64)
    >>> points, tricks = np.zeros((1, 2), np.int64), np.zeros((1, 4), np.int64)
    >>> none = np.zeros((0, 32), np.int64)
    >>> st, side = play_two_levels(7, hands, BELOTE_DECK[18:], 0, np.array([1, 0, 2, 0]), 0,
    ...                            level2_tables(c), kernel_rule(c, BELOTE2_STRICT), points,
    ...                            tricks, none, none)
    >>> int(points.sum()), int(tricks.sum()), int(hands.sum())
    (162, 16, 0)
    """
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
            if levels[seat] == 1:
                st = xorshift32(st)
                c = random_card(st, m)
            else:
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
    return st, (bseat >> 1 if bplayed == 2 else -1)


@jit
def play_fixed_two(
    start: int, seed: int, leaders: np.ndarray, levels: np.ndarray, deck0: np.ndarray,
    tables: np.ndarray, rule: RuleTuple, deals: np.ndarray, stock: np.ndarray,
    points: np.ndarray, tricks: np.ndarray, belote: np.ndarray, plays: np.ndarray,
    legal: np.ndarray,
) -> None:
    """Deal and play ``deals.shape[0]`` two-player hands with a fixed contract, numbers
    ``start`` … of ``seed``, seat ``s`` at ``levels[s]`` (:func:`play_two_levels`): of the
    shuffled deck, cards 1–9 go to the first leader ``leaders[row]``, 10–18 to the other
    seat, the rest is the stock, top first; ``deals`` holds the hands (seats 0 and 2),
    ``stock`` the stock."""
    deck = np.empty_like(deck0)
    hands = np.zeros(4, dtype=np.int64)
    half = (deck0.shape[0] - stock.shape[1]) // 2
    for row in range(deals.shape[0]):
        st = shuffle(hand_state(seed, start + row), deck0, deck)
        leader = leaders[row]
        hands[:] = 0
        for j in range(2 * half):
            hands[leader if j < half else 2 - leader] |= 1 << int(deck[j])
        for j in range(stock.shape[1]):
            stock[row, j] = deck[2 * half + j]
        for s in range(4):
            deals[row, s] = hands[s]
        st, belote[row] = play_two_levels(st, hands, stock[row], leader, levels, row, tables,
                                          rule, points, tricks, plays, legal)


# --- whole hands ---------------------------------------------------------------------------------
DECIDE = 0x2545F491
"""Mixed into a hand's PRNG state to start the stream of its calls and random cards, apart
from the stream of its deals: the deals of a hand do not depend on the levels."""


@jit
def deal_six(deck: np.ndarray, hands: np.ndarray, dealer: int) -> None:
    """The first cards of a deal (:class:`~belote_lab.games.belote2.Belote2Hand`): cards
    1–6 of ``deck`` to the non-dealer, 7–12 to the dealer (the 13th is turned)."""
    hands[:] = 0
    for j in range(6):
        hands[2 - dealer] |= 1 << int(deck[j])
        hands[dealer] |= 1 << int(deck[6 + j])


@jit
def complete_deal(deck: np.ndarray, hands: np.ndarray, dealer: int, taker: int,
                  stock: np.ndarray) -> None:
    """``Belote2Hand._complete_deal``: the taker gets the turned card (the 13th) and two of
    cards 14–18, the opponent three, the non-dealer served first; cards 19–32 are the
    stock, top first."""
    hands[taker] |= 1 << int(deck[12])
    j = 13
    for k in range(2):
        seat = 2 - dealer if k == 0 else dealer
        for _ in range(2 if seat == taker else 3):
            hands[seat] |= 1 << int(deck[j])
            j += 1
    for k in range(stock.shape[0]):
        stock[k] = deck[18 + k]


@jit
def hands_kernel(
    start: int, seed: int, dealers: np.ndarray, levels: np.ndarray, same_dealer: bool,
    forced: int, take2: int, name2: int, deck0: np.ndarray, tables: np.ndarray,
    follow: np.ndarray, out: np.ndarray, points: np.ndarray, tricks: np.ndarray,
    decks: np.ndarray, calls: np.ndarray, plays: np.ndarray, legal: np.ndarray,
) -> None:
    """Deal, take and play ``out.shape[0]`` hands, numbers ``start`` … of ``seed``, hand
    ``row`` first dealt by ``dealers[row]``; seat ``s`` at ``levels[s]``.  A deal both seats
    pass is dealt again (by the same dealer when ``same_dealer``, else by the other seat),
    and after ``forced`` such deals the dealer may not pass in round 2.  ``tables[k]``
    (:func:`level2_tables`) and ``follow[k]`` (the strict rule as seven integers) are those
    of trump ``k``.  Fills ``out[row]`` with the trump, the taker, the dealer, the redeals
    and the side that scores the belote (-1 none), ``points[row]`` by side and
    ``tricks[row]`` by seat (both start at zero).  With rows, the record arrays get each
    deal's cards (``decks[row, d]``, dealing order) and calls (``calls[row, d]``), the
    cards played and their legal masks."""
    deck = np.empty_like(deck0)
    hands = np.zeros(4, dtype=np.int64)
    stock = np.zeros(deck0.shape[0] - 18, dtype=np.int64)
    said = np.full(4, NO_CALL, dtype=np.int64)
    record = plays.shape[0] > 0
    for row in range(out.shape[0]):
        ds = hand_state(seed, start + row)
        st = mix32(ds ^ DECIDE)
        if st == 0:
            st = DECIDE
        dealer = dealers[row]
        redeals = 0
        while True:
            ds = shuffle(ds, deck0, deck)
            deal_six(deck, hands, dealer)
            said[:] = NO_CALL
            st, taker, trump = take_deal(st, hands, int(deck[12]), dealer, redeals >= forced,
                                         levels, take2, name2, said)
            if record:
                decks[row, redeals] = deck
                calls[row, redeals] = said
            if taker >= 0:
                break
            redeals += 1
            if not same_dealer:
                dealer = 2 - dealer
        complete_deal(deck, hands, dealer, taker, stock)
        f = follow[trump]
        rule = (int(f[0]), int(f[1]), f[2] != 0, f[3] != 0, f[4] != 0, f[5] != 0, f[6] != 0)
        st, side = play_two_levels(st, hands, stock, 2 - dealer, levels, row, tables[trump],
                                   rule, points, tricks, plays, legal)
        out[row, 0] = trump
        out[row, 1] = taker
        out[row, 2] = dealer
        out[row, 3] = redeals
        out[row, 4] = side


# --- the Python side -----------------------------------------------------------------------------
def fixed(g: Game, n: int, contract: str, taker: int, seed: int, dealer: int, level: int, *,
          rules: Any = None, multiplier: int = 1, calls: Any = None, record: bool = False,
          start: int = 0, rotate: bool = False) -> core.BatchResult:
    """``n`` two-player hands from random deals, numbers ``start`` … of ``seed``, with
    ``contract`` (a trump suit) taken by ``taker`` (N or S, 0 or 2), both seats at ``level``
    (1 random, 2 the rules of thumb), the dealer (N or S) the other seat leading; 9 cards
    each and the 14 of the stock (``stock``) at random, the winner of a trick drawing first:
    the one signature of every batch module's fixed contract.  ``multiplier`` (Coinche's)
    and ``calls`` (Callbreak's) are not read.

    >>> from belote_lab.games import get
    >>> r = fixed(get("belote2"), 100, "S", 2, seed=5, dealer=0, level=1)
    >>> r.points.shape, r.stock.shape, bool((r.tricks[:, [0, 2]].sum(axis=1) == 16).all())
    ((100, 2), (100, 14), True)
    """
    if level not in LEVELS:
        raise ValueError(f"a fixed contract is played at level 1 or 2, not {level!r}")
    r = g.rules(rules)
    core.check_args(r, n, seed, start, multiplier)
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
    play_fixed_two(start, seed, leaders, np.array([level, 0, level, 0]), BELOTE_DECK,
                   level2_tables(c), kernel_rule(c, BELOTE2_STRICT), a["deals"], a["stock"],
                   a["points"], a["tricks"], a["belote"], a["plays"], a["legal"])
    made, capot, score = score_two(a["points"], a["tricks"], a["belote"], taker // 2)
    return core.BatchResult(
        game=g.name, contract=c.code, taker=taker, seed=seed, dealers=dealers,
        leaders=leaders, made=made, capot=capot, score=score,
        redeals=np.zeros(n, dtype=np.int64), meta={"code": c.code}, **a,
    )


def playouts_level2_belote2(
    n: int = 1000, contract: str = "H", taker: int = 0, seed: int = 0, dealer: int = 0, *,
    rules: Any = None, record: bool = False, start: int = 0, rotate: bool = False,
) -> core.BatchResult:
    """``belote_lab.batch.playouts("belote2", …)`` with level-2 play in both seats (the
    same deals, stocks, leaders and arrays): :func:`fixed` at level 2."""
    return fixed(get("belote2"), n, contract, taker, seed, dealer, 2, rules=rules,
                 record=record, start=start, rotate=rotate)


# --- whole hands: the Python side ----------------------------------------------------------------
LEVELS: tuple[int, ...] = (1, 2)
"""The computer levels :func:`hands` plays, as numbers: 1 random, 2 the rules of thumb of
:class:`~belote_lab.players.belote2.Belote2Player2`."""

PLAYED_OPTIONS = ("forced_after_redeals", "hands_per_match")
"""The options of :class:`~belote_lab.rules.Belote2Rules` that :func:`hands` plays (a match's
number of hands changes no hand); any other option changed from its default is refused."""

SUIT_CONTRACT = np.array([CONTRACT_CODES.index(s.name) for s in Suit], dtype=np.int64)
"""The index in :data:`~belote_lab.contract.CONTRACT_CODES` of each trump suit."""

CHUNK = 1 << 18
"""Hands per kernel call in :func:`hands` (bounds the scratch arrays' memory)."""


def seat_levels(levels: Sequence[int]) -> np.ndarray:
    """The level of each seat index (N and S; 0 at E and W) from the two levels of N and S.

    >>> seat_levels((1, 2)).tolist()
    [1, 0, 2, 0]
    >>> seat_levels((2, 3))
    Traceback (most recent call last):
    ...
    ValueError: two-player Belote's compiled hands play the levels (1, 2) at N and S, not (2, 3)
    """
    lv = tuple(levels)
    if len(lv) != 2 or any(isinstance(x, bool) or x not in LEVELS for x in lv):
        raise ValueError(f"two-player Belote's compiled hands play the levels {LEVELS} at N "
                         f"and S, not {lv!r}")
    return np.array([lv[0], 0, lv[1], 0], dtype=np.int64)


def check_rules(r: Any) -> None:
    """Refuse a rule option :func:`hands` does not play (one changed from its default that
    is not in :data:`PLAYED_OPTIONS`), naming it.

    >>> from belote_lab.rules import Belote2Rules
    >>> check_rules(Belote2Rules(forced_after_redeals=0))
    """
    default = type(r)()
    for f in dataclasses.fields(r):
        if f.name not in PLAYED_OPTIONS and getattr(r, f.name) != getattr(default, f.name):
            raise ValueError(f"two-player Belote's compiled hands do not play the rule option "
                             f"{f.name!r}")


def trump_tables(g: Game) -> tuple[np.ndarray, np.ndarray]:
    """``(tables, follow)`` of the four trumps S H D C: ``tables[k]`` the rows of
    :func:`level2_tables`, ``follow[k]`` the strict rule of
    :func:`~belote_lab.batch.core.kernel_rule` as seven integers.

    >>> from belote_lab.games import get
    >>> tables, follow = trump_tables(get("belote2"))
    >>> tables.shape, follow.shape, follow[:, 0].tolist()
    ((4, 5, 64), (4, 7), [0, 1, 2, 3])
    """
    tables = np.zeros((4, 5, 64), dtype=np.int64)
    follow = np.zeros((4, 7), dtype=np.int64)
    for s in Suit:
        c = g.contract(s.name)
        tables[s] = level2_tables(c)
        follow[s] = [int(x) for x in kernel_rule(c, BELOTE2_STRICT)]
    return tables, follow


def _run(g: Game, n: int, levels: Sequence[int], seed: int, rules: Any, dealer: int,
         start: int, record: bool) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """The arrays of :func:`hands` and, with ``record``, those of :func:`hands_record`."""
    if g.batch != __name__.rsplit(".", 1)[1]:
        raise ValueError(f"the game {g.name!r} is not played by {__name__}")
    r = g.rules(rules)
    core.check_args(r, n, seed, start, 1)
    check_rules(r)
    lv = seat_levels(levels)
    dealers = dealer_seats(g, dealer, n, start, True)
    same = bool(getattr(r, "redeal_same_dealer", True))  # as selfplay's _deals
    forced = int(r.forced_after_redeals)
    tables, follow = trump_tables(g)
    a = empty_arrays(g, n)
    m = n if record else 0
    rec = {
        "decks": np.zeros((m, forced + 1, 32), dtype=np.int64),
        "calls": np.full((m, forced + 1, 4), NO_CALL, dtype=np.int64),
        "plays": np.zeros((m, 32), dtype=np.int64),
        "legal": np.zeros((m, 32), dtype=np.int64),
    }
    step = n if record else CHUNK
    for lo in range(0, n, max(step, 1)):
        hi = min(n, lo + step)
        k = hi - lo
        out = np.zeros((k, 5), dtype=np.int64)
        points = np.zeros((k, 2), dtype=np.int64)
        tricks = np.zeros((k, 4), dtype=np.int64)
        hands_kernel(start + lo, seed, dealers[lo:hi], lv, same, forced, TAKE2, NAME2,
                     BELOTE_DECK, tables, follow, out, points, tricks, rec["decks"],
                     rec["calls"], rec["plays"], rec["legal"])
        _fill(a, lo, out, points, tricks)
    return a, rec


def _fill(a: dict[str, np.ndarray], lo: int, out: np.ndarray, points: np.ndarray,
          tricks: np.ndarray) -> None:
    """Rows ``lo …`` of the arrays ``a`` as :func:`belote_lab.simulation.simulate._collect` fills
    them, scored by :func:`~belote_lab.batch.belote2.score_two` (sides N and S)."""
    hi = lo + out.shape[0]
    taker = out[:, 1]
    side = taker >> 1
    belote = out[:, 4]
    made = np.zeros(out.shape[0], dtype=np.int64)
    capot = np.zeros(out.shape[0], dtype=np.int64)
    score = np.zeros((out.shape[0], 2), dtype=np.int64)
    for s in (0, 1):
        rows = side == s
        made[rows], capot[rows], score[rows] = score_two(points[rows], tricks[rows],
                                                         belote[rows], s)
    rows = np.arange(out.shape[0])
    a["contract"][lo:hi] = SUIT_CONTRACT[out[:, 0]]
    a["taker"][lo:hi] = taker
    a["dealer"][lo:hi] = out[:, 2]
    a["redeals"][lo:hi] = out[:, 3]
    a["attack_points"][lo:hi] = points[rows, side]
    a["defence_points"][lo:hi] = points[rows, 1 - side]
    a["score"][lo:hi] = score
    a["made"][lo:hi] = made
    a["belote"][lo:hi] = belote
    a["capot"][lo:hi] = capot
    a["tricks"][lo:hi] = tricks


def hands(g: Game, n: int, levels: Sequence[int], seed: int, rules: Any, dealer: int,
          start: int = 0) -> dict[str, np.ndarray]:
    """``n`` whole hands of two-player Belote (deal, taking, play, score), numbers
    ``start`` … ``start + n - 1`` of ``seed``, in one compiled loop: the arrays of
    :func:`belote_lab.batch.arrays.empty_arrays` filled as
    :func:`belote_lab.simulation.simulate.simulate` fills them from the engine's hands (sides N, S).

    ``levels`` are those of N and S (1 random: ``RandomPlayer``'s policy; 2
    ``Belote2Player2``, call for call and card for card).  Hand ``k`` is dealt by the
    ``k``-th seat after ``dealer``; a deal both seats pass is dealt again by the same dealer
    (``redeals``) and after ``rules.forced_after_redeals`` of them the dealer may not pass in
    round 2.  A hand's deals come from ``hand_state(seed, k)`` whatever the levels (its
    calls and random cards from a stream of their own), so two pairs of levels play the
    same first deals.

    >>> from belote_lab.games import get
    >>> a = hands(get("belote2"), 1000, (2, 1), seed=3, rules=None, dealer=0)
    >>> bool(((a["attack_points"] + a["defence_points"]) == 162).all())
    True
    >>> sorted(set(a["taker"].tolist())), int(a["redeals"].max()) <= 2
    ([0, 2], True)
    >>> b = hands(get("belote2"), 10, (2, 1), seed=3, rules=None, dealer=0, start=990)
    >>> all((b[k] == a[k][990:]).all() for k in a)
    True
    """
    return _run(g, n, levels, seed, rules, two_player_seat(dealer), start, False)[0]


def hands_record(g: Game, n: int, levels: Sequence[int], seed: int, rules: Any, dealer: int,
                 start: int = 0) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """:func:`hands` and what replays them through the engine: ``decks`` (n, f + 1, 32)
    each deal's 32 cards in dealing order (the ``deck`` of
    :class:`~belote_lab.games.belote2.Belote2Hand`; ``f`` the rules'
    ``forced_after_redeals``; deal ``d`` for ``d`` ≤ the hand's redeals), ``calls``
    (n, f + 1, 4) their call numbers (:data:`CALL_WORDS`; -1 none), ``plays`` (n, 32) the
    cards in the order played and ``legal`` their legal masks.

    >>> from belote_lab.games import get
    >>> a, rec = hands_record(get("belote2"), 5, (1, 1), seed=3, rules=None, dealer=2)
    >>> rec["decks"].shape, rec["calls"].shape, rec["plays"].shape
    ((5, 3, 32), (5, 3, 4), (5, 32))
    >>> all((hands(get("belote2"), 5, (1, 1), 3, None, 2)[k] == a[k]).all() for k in a)
    True
    """
    return _run(g, n, levels, seed, rules, two_player_seat(dealer), start, True)
