"""Whole hands of the four-player partnership games in compiled code: the card play every
such game shares, by a level per seat (:func:`play_hand`), the contracts' tables, and whole
hands of four-player Belote — deal, the two-round taking, play, score — in one kernel
(:func:`hands`).

:func:`play_hand` plays the tricks of one deal with a policy per seat — level 1, a random
legal card (:func:`belote_lab.batch.deal.random_card`); level 2, the rules of thumb of
:func:`belote_lab.batch.level2.level2_card` (Callbreak's:
:func:`~belote_lab.batch.level2.level2_card_callbreak`) — reading the contract from
:func:`contract_tables` (one row a contract of :data:`belote_lab.contract.CONTRACT_CODES`:
S H D C NT AT callbreak).  It is the one trick loop of the four-seat games.

>>> from belote_lab.games import get
>>> tables, rules = contract_tables(get("belote"), get("belote").rules())
>>> tables.shape, rules.shape
((7, 4, 64), (7, 7))
>>> import numpy as np
>>> from belote_lab.batch.deal import BELOTE_DECK, deal_cards, hand_state
>>> hands4 = np.zeros(4, dtype=np.int64)
>>> st = deal_cards(hand_state(1, 0), BELOTE_DECK, np.empty_like(BELOTE_DECK), hands4)
>>> points, tricks = np.zeros(2, np.int64), np.zeros(4, np.int64)
>>> none = np.zeros(0, np.int64)
>>> st = play_hand(st, hands4, 0, 0, 1, np.array([2, 1, 2, 1]), tables, rules, points, tricks,
...                none, none)
>>> int(points.sum()), int(tricks.sum()), int(hands4.sum())
(162, 8, 0)

The taking (:class:`belote_lab.games.taking.Taking`) is played as the engine deals and
completes a hand (:class:`belote_lab.games.belote.BeloteHand`): of the shuffled deck, five
cards to each seat from the one after the dealer, the 21st card turned; once a seat takes,
it receives the turned card and, seat by seat from the one after the dealer, the taker two
more cards and the others three.  Round 1 (from the seat after the dealer): take the turned
card's suit or pass (the dealer must take a turned jack under ``turned_jack_forces_dealer``);
round 2: name another suit, no trump or all trump where the rules allow them, or pass; a deal
everybody passes is dealt again (by the same dealer unless ``redeal_same_dealer`` is false),
as :func:`belote_lab.simulation.selfplay.play_deal` does.  A call is a number, an index in
:data:`CALLS`.  Level 1 calls as :class:`~belote_lab.players.base.RandomPlayer` (pass seven
times in ten when it may, else a call drawn among the others), level 2 as
:class:`~belote_lab.players.belote.BelotePlayer2` (:func:`level2_call`).

>>> a = hands(get("belote"), 2000, (2, 2, 2, 2), seed=7)
>>> bool(((a["attack_points"] + a["defence_points"]) == 162).all())
True
>>> sorted(CONTRACT_CODES[k] for k in set(a["contract"].tolist()))
['C', 'D', 'H', 'S']
>>> bool(a["redeals"].sum() > 0), bool((a["tricks"].sum(axis=1) == 8).all())
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from belote_lab._jit import jit
from belote_lab.batch.arrays import empty_arrays, play_arrays
from belote_lab.batch.core import (
    BatchResult,
    beats,
    call_contract,
    check_args,
    keep_max,
    kernel_rule,
    kernel_tables,
    popcount,
)
from belote_lab.batch.deal import (
    BELOTE_DECK,
    deal_cards,
    dealer_seats,
    draw,
    hand_state,
    random_card,
    scratch,
    shuffle,
    xorshift32,
)
from belote_lab.batch.level2 import learn_void, learn_void_cb, level2_card, level2_card_callbreak
from belote_lab.cards import Rank
from belote_lab.contract import CONTRACT_CODES, Contract
from belote_lab.games import Game, get
from belote_lab.games.belote import CAPOT_SCORE, HAND_TOTAL
from belote_lab.players.estimates import (
    ALL_TRUMP_TAKE,
    NO_TRUMP_TAKE,
    all_trump_strength,
    no_trump_strength,
    take_strength,
)
from belote_lab.solver.kernel import legal_after

__all__ = [
    "CALLS",
    "FOUR_CONTRACTS",
    "LEVELS",
    "belote_seat",
    "contract_tables",
    "fixed",
    "play_fixed",
    "playouts_level2",
    "hands",
    "level1_call",
    "level2_call",
    "play_hand",
    "recorded_hands",
    "refusal",
    "score_four",
]

FOUR_CONTRACTS = CONTRACT_CODES[:6]
"""The contracts of the four-player Belote games, rows 0–5 of :func:`contract_tables`."""
CALLBREAK_ROW = CONTRACT_CODES.index("callbreak")
"""Callbreak's row of :func:`contract_tables` (spades trump, 13 tricks, its own cards)."""
LEVELS: tuple[int, ...] = (1, 2)
"""The computer levels :func:`hands` plays, as numbers."""
CALLS: tuple[str, ...] = (*FOUR_CONTRACTS, "take", "pass")
"""The taking's calls as the kernel numbers them: a contract named in round 2 is its index
in :data:`FOUR_CONTRACTS` (and in :data:`~belote_lab.contract.CONTRACT_CODES`), then
``take`` (:data:`TAKE`) and ``pass`` (:data:`PASS`)."""
NT = CALLS.index("NT")
AT = CALLS.index("AT")
TAKE = CALLS.index("take")
PASS = CALLS.index("pass")
JACK, KING, QUEEN = int(Rank.JACK), int(Rank.KING), int(Rank.QUEEN)
PASS_IN_TEN = 7
"""Level 1 passes when it may with probability 7 in 10
(:class:`~belote_lab.players.base.RandomPlayer`'s ``take_probability`` 0.3)."""


def contract_tables(g: Game, rules: Any) -> tuple[np.ndarray, np.ndarray]:
    """``(tables, follow)`` of every contract of
    :data:`~belote_lab.contract.CONTRACT_CODES` (:data:`FOUR_CONTRACTS`, then Callbreak's, row
    :data:`CALLBREAK_ROW`) under the rules of ``g``: ``tables[k]`` the rows of
    :func:`~belote_lab.batch.core.kernel_tables` (power, points, higher, the last trick's
    bonus: 10, none in Callbreak), ``follow[k]`` the follow rule of
    :func:`~belote_lab.batch.core.kernel_rule` as seven integers.

    >>> from belote_lab.games import get
    >>> tables, follow = contract_tables(get("belote"), {"must_undertrump": True})
    >>> int(tables[4, 3, 0]), follow[1, [0, 6]].tolist()   # NT: dix de der; H, undertrump
    (10, [1, 1])
    """
    f = g.follow(g.rules(rules), 0)
    tables = np.zeros((len(CONTRACT_CODES), 4, 64), dtype=np.int64)
    follow = np.zeros((len(CONTRACT_CODES), 7), dtype=np.int64)
    for k, code in enumerate(CONTRACT_CODES):
        c = Contract.parse(code)  # every contract, allowed by the rules or not
        tables[k] = kernel_tables(c, 0 if k == CALLBREAK_ROW else 10)
        follow[k] = [int(x) for x in kernel_rule(c, f)]
    return tables, follow


@jit
def play_hand(st: int, hands: np.ndarray, leader: int, taker: int, contract: int,
              levels: np.ndarray, tables: np.ndarray, follow: np.ndarray, points: np.ndarray,
              tricks: np.ndarray, plays: np.ndarray, legal: np.ndarray) -> int:
    """Play the tricks of ``hands`` (card masks, emptied: 8 tricks, 13 in Callbreak) from
    ``leader`` under contract number ``contract`` (a row of :func:`contract_tables`) taken by
    ``taker``, seat ``s`` playing at ``levels[s]`` (1 random, 2 the rules of thumb of
    Belote and Coinche, or of Callbreak under :data:`CALLBREAK_ROW`); sets ``points`` to each
    side's card points (dix de der included) and ``tricks`` to each seat's tricks; records the
    cards in playing order in ``plays`` and their legal masks in ``legal`` when those have
    room (32 entries; pass empty arrays not to record); returns the PRNG state (level 1 draws
    from it).  The one trick loop of the four-seat games: fixed contracts
    (:func:`fixed`), whole hands of Belote, of Coinche and of Callbreak all play here.

    >>> from belote_lab.cards import mask_of
    >>> from belote_lab.games import get
    >>> tables, follow = contract_tables(get("belote"), None)
    >>> hands = np.array([mask_of(t.split()) for t in ("JH 9H AH TH KH QH 8H 7H",
    ...     "AS TS KS QS JS 9S 8S 7S", "AD TD KD QD JD 9D 8D 7D", "AC TC KC QC JC 9C 8C 7C")])
    >>> points, tricks = np.ones(2, np.int64), np.ones(4, np.int64)   # set, not added to
    >>> none = np.zeros(0, np.int64)
    >>> _ = play_hand(1, hands, 0, 0, 1, np.array([2, 2, 2, 2]), tables, follow, points, tricks,
    ...               none, none)
    >>> points.tolist(), tricks.tolist()                   # N leads its hearts: capot
    ([162, 0], [8, 0, 0, 0])
    """
    points[:] = 0
    tricks[:] = 0
    t3 = tables[contract]
    r = follow[contract]
    rule = (int(r[0]), int(r[1]), r[2] != 0, r[3] != 0, r[4] != 0, r[5] != 0, r[6] != 0)
    ts = rule[0]
    tmask = rule[1]
    callbreak = contract == CALLBREAK_ROW
    record = plays.shape[0] > 0
    ntricks = popcount(hands[leader])
    played = 0
    voids = 0
    for t in range(ntricks):
        led = 0
        wc = 0
        w = 0
        pts = 0
        trick = 0
        for i in range(4):
            seat = (leader + i) & 3
            h = hands[seat]
            m = h if i == 0 else legal_after(h, led, wc, i, w, t3[2, wc], rule)
            if levels[seat] == 1:
                st = xorshift32(st)
                c = random_card(st, m)
            elif callbreak:
                c = level2_card_callbreak(h, m, played, i, wc, leader, voids)
            else:
                c = level2_card(h, m, played, trick, i, leader, seat, taker, ntricks - t, voids,
                                ts, tmask, t3)
            hands[seat] = h ^ (1 << c)
            played |= 1 << c
            trick |= c << (8 * i)
            if record:
                plays[4 * t + i] = c
                legal[4 * t + i] = m
            if i == 0:
                led = c >> 4
                wc = c
            else:
                if callbreak:
                    voids = learn_void_cb(voids, c, i, leader, led)
                else:
                    voids = learn_void(voids, c, i, leader, led, w, wc, ts)
                if beats(c, wc, led, ts, t3[0, c], t3[0, wc]):
                    wc = c
                    w = i
            pts += t3[1, c]
        leader = (leader + w) & 3
        if t == ntricks - 1:
            pts += t3[3, 0]
        points[leader & 1] += pts
        tricks[leader] += 1
    return st


@jit
def play_row(st: int, row: int, hands: np.ndarray, leader: int, taker: int, contract: int,
             levels: np.ndarray, tables: np.ndarray, follow: np.ndarray, points: np.ndarray,
             tricks: np.ndarray, plays: np.ndarray, legal: np.ndarray, none: np.ndarray) -> int:
    """:func:`play_hand` of a batch's hand ``row``, its cards recorded in ``plays[row]`` and
    ``legal[row]`` when those arrays have rows (``none``: an empty array,
    :func:`~belote_lab.batch.deal.scratch`); returns the PRNG state."""
    if plays.shape[0] > 0:
        return play_hand(st, hands, leader, taker, contract, levels, tables, follow, points,
                         tricks, plays[row], legal[row])
    return play_hand(st, hands, leader, taker, contract, levels, tables, follow, points, tricks,
                     none, none)


# --- the taking ----------------------------------------------------------------------------------
@jit
def level2_call(hand: int, turned: int, second: bool, forced: bool, allow_nt: bool,
                allow_at: bool) -> int:
    """The call (an index in :data:`CALLS`) of
    :meth:`BelotePlayer2.choose_call <belote_lab.players.belote.BelotePlayer2.choose_call>`
    for the five cards ``hand`` and the ``turned`` card (card numbers as in
    :mod:`belote_lab.cards`): in round 1 (``second`` false) take when
    :func:`~belote_lab.players.estimates.take_strength` of the six cards says so, or when
    ``forced``; in round 2 all trump or no trump when its strength of the six cards reaches
    its threshold (the one further above it, all trump on a tie), else the strongest suit
    worth taking by the five cards held (the first in S H D C order on a tie), else pass.
    The estimates are :mod:`belote_lab.players.estimates`' own.

    >>> from belote_lab.cards import Card, mask_of
    >>> CALLS[level2_call(mask_of("JH 8H 7H AS 9D".split()), Card.parse("KH"), False,
    ...                   False, False, False)]
    'take'
    >>> CALLS[level2_call(mask_of("AS TS AH TH 7D".split()), Card.parse("8C"), True, False,
    ...                   True, True)]
    'NT'
    """
    ts = turned >> 4
    if not second:
        ok, _ = take_strength(hand | (1 << turned), ts)
        return TAKE if ok or forced else PASS
    six = hand | (1 << turned)
    best = -1
    over = 0
    if allow_at:
        best = AT
        over = all_trump_strength(six) - ALL_TRUMP_TAKE
    if allow_nt:
        v = no_trump_strength(six) - NO_TRUMP_TAKE
        best, over = keep_max(best, over, NT, v)
    if best >= 0 and over >= 0:
        return best
    best = PASS
    top = 0
    for s in range(4):
        if s == ts:
            continue
        ok, strength = take_strength(hand, s)
        if ok and (best == PASS or strength > top):
            best = s
            top = strength
    return best


@jit
def level1_call(st: int, turned: int, second: bool, forced: bool, allow_nt: bool,
                allow_at: bool) -> tuple[int, int]:
    """``(PRNG state, call)`` of level 1 (:class:`~belote_lab.players.base.RandomPlayer`'s
    policy, drawn from the kernel's PRNG): when it may pass, pass seven times in ten (a
    draw); else a call drawn uniformly among the other legal calls, in the engine's order
    (round 1 ``take`` only: no draw; round 2 the suits other than the turned one in S H D C
    order, then NT and AT where allowed).

    >>> st, call = level1_call(12345, 0, True, False, True, True)
    >>> CALLS[call] in ("H", "D", "C", "NT", "AT", "pass"), st != 12345
    (True, True)
    """
    if not second:
        if forced:
            return st, TAKE
        st, r = draw(st, 10)
        return st, (PASS if r < PASS_IN_TEN else TAKE)
    st, r = draw(st, 10)
    if r < PASS_IN_TEN:
        return st, PASS
    st, r = draw(st, 3 + int(allow_nt) + int(allow_at))
    ts = turned >> 4
    for s in range(4):
        if s != ts:
            if r == 0:
                return st, s
            r -= 1
    if allow_nt and r == 0:
        return st, NT
    return st, AT


@jit
def seat_call(st: int, level: int, hand: int, turned: int, second: bool, forced: bool,
              allow_nt: bool, allow_at: bool) -> tuple[int, int, int]:
    """The PRNG state after it, the call of a seat at ``level`` (1 :func:`level1_call`, 2
    :func:`level2_call` of its ``hand``) and the contract it settles (-1: a pass).

    >>> from belote_lab.cards import Card, mask_of
    >>> CALLS[seat_call(7, 2, mask_of("JH 9H AH".split()), int(Card.parse("KH")), False, False,
    ...                 False, False)[1]]
    'take'
    """
    if level == 1:
        st, call = level1_call(st, turned, second, forced, allow_nt, allow_at)
    else:
        call = level2_call(hand, turned, second, forced, allow_nt, allow_at)
    return st, call, call_contract(call, turned, TAKE, PASS)


@jit
def auction(st: int, hands: np.ndarray, turned: int, dealer: int, levels: np.ndarray,
            jack_forces: bool, allow_nt: bool, allow_at: bool,
            calls: np.ndarray) -> tuple[int, int, int]:
    """The two rounds of the taking on the five-card ``hands``: ``(PRNG state, taker,
    contract)``, taker -1 when everybody passed; the calls in ``calls`` (eight entries, -1
    after the last call).

    >>> from belote_lab.cards import Card, mask_of
    >>> hands = np.array([mask_of(t.split()) for t in ("7C 8H 7H AS 9D", "JH 8S 9H TS 7D",
    ...                                                "JS QS KS 8D TD", "7S 8C 9C TC JC")])
    >>> calls = np.zeros(8, np.int64)
    >>> st, taker, contract = auction(1, hands, int(Card.parse("KH")), 3, np.full(4, 2),
    ...                               False, False, False, calls)
    >>> taker, FOUR_CONTRACTS[contract], [CALLS[c] for c in calls if c >= 0]
    (1, 'H', ['pass', 'take'])
    """
    jack = (turned & 15) == JACK
    for k in range(8):
        calls[k] = -1
    for k in range(8):
        seat = (dealer + 1 + k) & 3
        second = k >= 4
        forced = jack_forces and jack and not second and seat == dealer
        st, call, contract = seat_call(st, levels[seat], hands[seat], turned, second, forced,
                                       allow_nt, allow_at)
        calls[k] = call
        if contract >= 0:
            return st, seat, contract
    return st, -1, -1


# --- scoring -------------------------------------------------------------------------------------
@jit
def score_four(pa: int, pd: int, ta: int, td: int, ba: int, bd: int, keep: bool,
               by_points: bool) -> tuple[int, int, int, int]:
    """``(made, attack's score, defence's score, capot)`` of a hand by
    :func:`belote_lab.games.belote.score_hand` (no declarations, no reserve): ``pa``/``pd``
    the card points, ``ta``/``td`` the tricks, ``ba``/``bd`` the belote (0 or 20) of the
    attack and the defence; ``keep``: ``failed_contract="keep_belote"``; ``by_points``:
    ``capot="all_points"``.  ``made`` 1, 0 or -1 (litige); ``capot`` 0 the attack's, 1 the
    defence's, -1 none.

    >>> score_four(60, 102, 4, 4, 20, 0, False, True)
    (0, 0, 182, -1)
    >>> score_four(162, 0, 7, 1, 20, 0, False, True), score_four(162, 0, 7, 1, 20, 0, False, False)
    ((1, 272, 0, 0), (1, 182, 0, -1))
    """
    wa = pa if by_points else ta
    wd = pd if by_points else td
    capot = 0 if wd == 0 else 1 if wa == 0 else -1
    if capot == 0:
        return 1, CAPOT_SCORE + ba, bd, capot
    if capot == 1 and keep:
        return 0, ba, CAPOT_SCORE + bd, capot
    if capot < 0 and pa + ba > pd + bd:
        return 1, pa + ba, pd + bd, capot
    if capot == 1 or pa + ba < pd + bd:
        if keep:
            return 0, ba, HAND_TOTAL + bd, capot
        return 0, 0, HAND_TOTAL + ba + bd, capot
    return -1, (ba if keep else 0), pd + bd, capot


# --- whole hands ---------------------------------------------------------------------------------
@jit
def deal_and_take(st: int, d: int, levels: np.ndarray, opts: np.ndarray, deck: np.ndarray,
                  hands: np.ndarray, seq: np.ndarray) -> tuple[int, int, int, int, int]:
    """Deal from dealer ``d`` and take (:func:`auction`), dealing again while everybody
    passes (the next dealer unless ``opts[0]``, the same); then complete the deal: the turned
    card to the taker, then from the seat after the dealer two more cards to the taker and
    three to the others.  ``deck`` is the deal played, ``hands`` its eight-card hands, ``seq``
    its calls.  Returns ``(PRNG state, dealer, taker, contract, deals passed out)``.

    >>> from belote_lab.cards import BELOTE_MASK
    >>> from belote_lab.games import get
    >>> hands, seq = np.zeros(4, np.int64), np.zeros(8, np.int64)
    >>> opts = kernel_options(get("belote"), None)[1]
    >>> st, d, taker, c, passed = deal_and_take(hand_state(1, 0), 0, np.full(4, 2), opts,
    ...                                         BELOTE_DECK.copy(), hands, seq)
    >>> [popcount(int(h)) for h in hands], int(np.bitwise_or.reduce(hands)) == BELOTE_MASK
    ([8, 8, 8, 8], True)
    """
    passed = 0
    while True:
        st = shuffle(st, BELOTE_DECK, deck)
        for k in range(4):
            m = 0
            for j in range(5 * k, 5 * k + 5):
                m |= 1 << deck[j]
            hands[(d + 1 + k) & 3] = m
        turned = deck[20]
        st, t, c = auction(st, hands, turned, d, levels, opts[1] != 0, opts[2] != 0,
                           opts[3] != 0, seq)
        if t >= 0:
            break
        passed += 1
        if opts[0] == 0:
            d = (d + 1) & 3
    hands[t] |= 1 << turned
    j = 21
    for k in range(4):
        seat = (d + 1 + k) & 3
        for _ in range(2 if seat == t else 3):
            hands[seat] |= 1 << deck[j]
            j += 1
    return st, d, t, c, passed


@jit
def belote_seat(hands: np.ndarray, c: int) -> int:
    """The seat holding the trump king and queen under contract ``c`` in ``hands`` (four
    card masks), or -1 (nobody; no belote in NT and AT).

    >>> from belote_lab.cards import mask_of
    >>> hands = np.array([mask_of(["7H"]), mask_of(["KH", "QH"]), mask_of(["KS"]), 0])
    >>> belote_seat(hands, 1), belote_seat(hands, 0), belote_seat(hands, 5)
    (1, -1, -1)
    """
    if c >= 4:
        return -1
    kq = (1 << (16 * c + KING)) | (1 << (16 * c + QUEEN))
    for s in range(4):
        if hands[s] & kq == kq:
            return s
    return -1


@jit
def belote_side(hands: np.ndarray, c: int) -> int:
    """The side (0 NS, 1 EW) holding the trump king and queen under contract ``c``, or -1
    (none; no belote in NT and AT): :func:`belote_lab.games.belote.belote_holder`.

    >>> from belote_lab.cards import mask_of
    >>> hands = np.array([mask_of(["7H"]), mask_of(["KH", "QH"]), mask_of(["KS"]), 0])
    >>> belote_side(hands, 1), belote_side(hands, 0), belote_side(hands, 5)
    (1, -1, -1)
    """
    seat = belote_seat(hands, c)
    return -1 if seat < 0 else seat & 1


@jit
def store_taking(row: int, c: int, t: int, d: int, again: int, pa: int, pd: int,
                 contract: np.ndarray, taker: np.ndarray, dealer: np.ndarray,
                 redeals: np.ndarray, attack_points: np.ndarray,
                 defence_points: np.ndarray) -> None:
    """Hand ``row``'s contract ``c`` taken by ``t``, dealer ``d`` after ``again`` deals passed
    out, and the card points of the attack ``pa`` and the defence ``pd``, into the arrays of
    :func:`~belote_lab.batch.arrays.empty_arrays` (the columns every whole-hand kernel of the
    four-seat Belote games fills)."""
    contract[row] = c
    taker[row] = t
    dealer[row] = d
    redeals[row] = again
    attack_points[row] = pa
    defence_points[row] = pd


@jit
def play_hands(start: int, seed: int, dealers: np.ndarray, levels: np.ndarray, opts: np.ndarray,
               tables: np.ndarray, follow: np.ndarray, contract: np.ndarray, taker: np.ndarray,
               dealer: np.ndarray, redeals: np.ndarray, attack_points: np.ndarray,
               defence_points: np.ndarray, score: np.ndarray, made: np.ndarray,
               belote: np.ndarray, capot: np.ndarray, tricks: np.ndarray, decks: np.ndarray,
               auction_calls: np.ndarray, states: np.ndarray) -> None:
    """Deal, take, play and score ``contract.shape[0]`` hands, numbers ``start`` … of
    ``seed``, hand ``row`` dealt first by ``dealers[row]``, seat ``s`` at ``levels[s]``.
    ``opts``: redeal by the same dealer, turned jack forces the dealer, no trump, all trump,
    the eldest leads, keep belote (``failed_contract``), capot by points.  The per-hand arrays
    are those of :func:`belote_lab.batch.arrays.empty_arrays`; with rows, ``decks``,
    ``auction_calls`` and ``states`` receive the deck of the deal played, its calls and the
    PRNG state before its first card.

    >>> from belote_lab.games import get
    >>> g = get("belote")
    >>> a = empty_arrays(g, 50)
    >>> names = ("contract", "taker", "dealer", "redeals", "attack_points", "defence_points",
    ...          "score", "made", "belote", "capot", "tricks")
    >>> play_hands(0, 1, np.zeros(50, np.int64), np.full(4, 1), kernel_options(g, None)[1],
    ...            *contract_tables(g, None), *(a[k] for k in names),
    ...            np.zeros((0, 32), np.int64), np.zeros((0, 8), np.int64), np.zeros(0, np.int64))
    >>> bool((a["tricks"].sum(axis=1) == 8).all()), bool((a["dealer"] == 0).all())
    (True, True)
    """
    record = decks.shape[0] > 0
    deck, hands, points, won, none = scratch(BELOTE_DECK)
    seq = np.zeros(8, dtype=np.int64)
    for row in range(contract.shape[0]):
        st, d, t, c, passed = deal_and_take(hand_state(seed, start + row), dealers[row],
                                            levels, opts, deck, hands, seq)
        att = t & 1
        bel = belote_side(hands, c)
        if record:
            decks[row, :] = deck
            auction_calls[row, :] = seq
            states[row] = st
        play_hand(st, hands, (d + 1) & 3 if opts[4] != 0 else d, t, c, levels, tables,
                  follow, points, won, none, none)
        m, sa, sd, cap = score_four(points[att], points[1 - att], won[att] + won[att + 2],
                                    won[1 - att] + won[3 - att], 20 if bel == att else 0,
                                    20 if bel == 1 - att else 0, opts[5] != 0, opts[6] != 0)
        store_taking(row, c, t, d, passed, points[att], points[1 - att], contract, taker, dealer,
                     redeals, attack_points, defence_points)
        score[row, att] = sa
        score[row, 1 - att] = sd
        made[row] = m
        belote[row] = bel
        capot[row] = -1 if cap < 0 else att ^ cap
        tricks[row, :] = won


def refusal(rules: Any) -> str | None:
    """Why :func:`hands` cannot play four-player Belote under ``rules`` (the rule option it
    does not play, named), or ``None`` when it can: :func:`belote_lab.simulation.simulate.simulate`
    then plays the hands by the Python players.

    >>> from belote_lab.rules import BeloteRules
    >>> refusal(BeloteRules(capot="all_tricks")) is None
    True
    >>> refusal(BeloteRules(declarations=True))
    'the compiled hands of four-player Belote score no declarations (rule option declarations)'
    """
    if getattr(rules, "declarations", False):
        return ("the compiled hands of four-player Belote score no declarations "
                "(rule option declarations)")
    return None


def kernel_options(g: Game, rules: Any) -> tuple[Any, np.ndarray]:
    """The rules of ``g`` (a ``ValueError`` with the :func:`refusal` when the kernel does not
    play them) and the ``opts`` of :func:`play_hands`.

    >>> from belote_lab.games import get
    >>> kernel_options(get("belote"), {"allow_no_trump": True})[1].tolist()
    [1, 0, 1, 0, 0, 0, 1]
    >>> kernel_options(get("belote"), {"declarations": True})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the compiled hands of four-player Belote score no declarations ...
    """
    if g.bidding != "taking" or len(g.seats) != 4 or g.has_stock:
        raise ValueError(f"{g.name}: belote_lab.batch.four plays the four-player taking only")
    r = g.rules(rules)
    why = refusal(r)
    if why is not None:
        raise ValueError(f"{why}: play them with engine=\"python\"")
    opts = np.array([r.redeal_same_dealer, r.turned_jack_forces_dealer, r.allow_no_trump,
                     r.allow_all_trump, r.first_lead == "eldest",
                     r.failed_contract == "keep_belote", r.capot == "all_points"],
                    dtype=np.int64)
    return r, opts


def run(g: Game, n: int, levels: Sequence[int], seed: int, rules: Any, dealer: int,
        start: int, record: bool) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """:func:`play_hands` on the arguments of :func:`hands`, checked: the arrays, and with
    ``record`` the ``decks``, ``auction`` and ``states`` (else with no rows).

    >>> from belote_lab.games import get
    >>> a, extra = run(get("belote"), 3, (2, 2, 2, 2), 5, None, 0, 0, False)
    >>> a["score"].shape, extra["decks"].shape
    ((3, 2), (0, 32))
    """
    r, opts = kernel_options(g, rules)
    lv = np.array([int(x) for x in levels], dtype=np.int64)
    if lv.shape != (4,) or not set(lv.tolist()) <= set(LEVELS):
        raise ValueError(f"four-player Belote's compiled hands take four levels (N E S W) "
                         f"among {LEVELS}, not {levels!r}")
    if not (0 <= seed < 1 << 63 and start >= 0 and n >= 0):
        raise ValueError("seed, start and n must be whole numbers ≥ 0 (seed below 2**63)")
    tables, follow = contract_tables(g, r)
    a = empty_arrays(g, n)
    k = n if record else 0
    extra = {"decks": np.zeros((k, 32), np.int64), "auction": np.zeros((k, 8), np.int64),
             "states": np.zeros(k, np.int64)}
    play_hands(int(start), int(seed), dealer_seats(g, dealer, n, start, True), lv, opts,
               tables, follow, a["contract"], a["taker"], a["dealer"], a["redeals"],
               a["attack_points"], a["defence_points"], a["score"], a["made"], a["belote"],
               a["capot"], a["tricks"], extra["decks"], extra["auction"], extra["states"])
    return a, extra


def hands(g: Game, n: int, levels: Sequence[int], seed: int = 0, rules: Any = None,
          dealer: int = 0, start: int = 0) -> dict[str, np.ndarray]:
    """``n`` whole hands of four-player Belote (deal, taking, play, score), numbers ``start``
    … ``start + n - 1`` of ``seed``, seat ``s`` (N E S W) at ``levels[s]`` (:data:`LEVELS`);
    hand ``k`` is dealt by the ``k``-th seat after ``dealer`` and a deal everybody passes is
    dealt again (counted in ``redeals``).  The arrays of
    :func:`belote_lab.batch.arrays.empty_arrays`, filled as
    :func:`belote_lab.simulation.simulate.simulate` fills them from the engine's hands; scored by
    the rules (``failed_contract``, ``capot``; a ``ValueError`` for ``declarations``).

    >>> from belote_lab.games import get
    >>> a = hands(get("belote"), 1000, (1, 1, 1, 1), seed=3, rules={"allow_all_trump": True})
    >>> int(a["dealer"][1] - a["dealer"][0]), bool((a["taker"] >= 0).all())
    (1, True)
    >>> "AT" in {CONTRACT_CODES[k] for k in a["contract"].tolist()}
    True
    """
    return run(g, n, levels, seed, rules, dealer, start, False)[0]


def recorded_hands(g: Game, n: int, levels: Sequence[int], seed: int = 0, rules: Any = None,
                   dealer: int = 0, start: int = 0) -> dict[str, np.ndarray]:
    """:func:`hands` with what replays them through the engine: ``decks`` (n, 32) the
    shuffled deck of the deal played (the order :class:`~belote_lab.games.belote.BeloteHand`
    deals from), ``auction`` (n, 8) its calls (indexes in :data:`CALLS`, -1 after the last) and
    ``states`` (n,) the PRNG state before its first card (level 1 draws each card from it as
    :func:`play_hand` does).

    >>> from belote_lab.games import get
    >>> a = recorded_hands(get("belote"), 5, (2, 2, 2, 2), seed=1)
    >>> a["decks"].shape, [CALLS[c] for c in a["auction"][0] if c >= 0][-1] != "pass"
    ((5, 32), True)
    """
    a, extra = run(g, n, levels, seed, rules, dealer, start, True)
    return {**a, **extra}


# --- a fixed contract ----------------------------------------------------------------------------
@jit
def play_fixed(start: int, seed: int, leaders: np.ndarray, taker: int, contract: int,
               levels: np.ndarray, tables: np.ndarray, follow: np.ndarray, deals: np.ndarray,
               points: np.ndarray, tricks: np.ndarray, plays: np.ndarray,
               legal: np.ndarray) -> None:
    """Deal ``deals.shape[0]`` hands, numbers ``start`` … of ``seed`` (the shuffled deck in
    eight-card packets, seat ``s`` the ``s``-th: :func:`~belote_lab.batch.deal.deal_cards`),
    and play each with contract row ``contract`` taken by ``taker``, led by ``leaders[row]``,
    seat ``s`` at ``levels[s]`` (:func:`play_hand`), into ``deals`` (the hands at the first
    card), ``points`` (by side), ``tricks`` (by seat) and, when they have rows, ``plays`` and
    ``legal``."""
    deck, hands, pts, won, none = scratch(BELOTE_DECK)
    for row in range(deals.shape[0]):
        st = deal_cards(hand_state(seed, start + row), BELOTE_DECK, deck, hands)
        for s in range(4):
            deals[row, s] = hands[s]
        play_row(st, row, hands, leaders[row], taker, contract, levels, tables, follow, pts, won,
                 plays, legal, none)
        points[row, 0] = pts[0]
        points[row, 1] = pts[1]
        for s in range(4):
            tricks[row, s] = won[s]


@jit
def score_fixed(deals: np.ndarray, points: np.ndarray, tricks: np.ndarray, contract: int,
                att: int, keep: bool, by_points: bool, belote: np.ndarray, made: np.ndarray,
                score: np.ndarray, capot: np.ndarray) -> None:
    """Each hand's belote side, ``made``, ``score`` (by side) and capot side by
    :func:`score_four` (the one scoring of four-player Belote here), ``att`` attacking."""
    for row in range(deals.shape[0]):
        bel = belote_side(deals[row], contract)
        pa, pd = points[row, att], points[row, 1 - att]
        ta = tricks[row, att] + tricks[row, att + 2]
        td = tricks[row, 1 - att] + tricks[row, 3 - att]
        m, sa, sd, cap = score_four(pa, pd, ta, td, 20 if bel == att else 0,
                                    20 if bel == 1 - att else 0, keep, by_points)
        belote[row] = bel
        made[row] = m
        score[row, att] = sa
        score[row, 1 - att] = sd
        capot[row] = -1 if cap < 0 else att ^ cap


def fixed_arrays(n: int, record: bool) -> dict[str, np.ndarray]:
    """The arrays :func:`play_fixed` fills for ``n`` hands (``plays``/``legal`` rows only
    with ``record``)."""
    return {**play_arrays(n, 32, record), "points": np.zeros((n, 2), dtype=np.int64)}


def play_contract(g: Game, r: Any, n: int, code: str, taker: int, seed: int, dealer: int,
                  level: int, record: bool, start: int, rotate: bool
                  ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray]:
    """:func:`play_fixed` of ``n`` hands of the four-player ``g`` with contract ``code`` taken
    by ``taker``, every seat at ``level``: the arrays, the dealers and the leaders (the dealer,
    or the next seat by the rule ``first_lead``)."""
    if level not in LEVELS:
        raise ValueError(f"a fixed contract is played at level 1 or 2, not {level!r}")
    dealers = dealer_seats(g, dealer, n, start, rotate)
    leaders = dealers if r.first_lead == "dealer" else (dealers + 1) % 4
    a = fixed_arrays(n, record)
    play_fixed(start, seed, leaders, taker, CONTRACT_CODES.index(code), np.full(4, level),
               *contract_tables(g, r), a["deals"], a["points"], a["tricks"], a["plays"],
               a["legal"])
    return a, dealers, leaders


def fixed(g: Game, n: int, contract: str, taker: int, seed: int, dealer: int, level: int, *,
          rules: Any = None, multiplier: int = 1, calls: Any = None, record: bool = False,
          start: int = 0, rotate: bool = False) -> BatchResult:
    """``n`` hands of four-player Belote from random deals, numbers ``start`` … of ``seed``,
    with ``contract`` (a trump, ``NT``/``AT``) taken by seat ``taker``, every seat at
    ``level`` (1 random, 2 the rules of thumb): the one signature of every batch module's
    fixed contract (:func:`belote_lab.batch.playouts` is level 1;
    ``simulate(..., contract=...)`` plays level 1 or 2 here).  Scored by the rules
    (:func:`score_four`); ``calls`` (Callbreak's) is not read.

    >>> from belote_lab.games import get
    >>> r = fixed(get("belote"), 300, "NT", 1, seed=4, dealer=0, level=2)
    >>> r.contract, bool((r.points.sum(axis=1) == 162).all()), bool((r.belote == -1).all())
    ('NT', True, True)
    """
    r = g.rules(rules)  # calls (Callbreak's) are not read
    check_args(r, n, seed, start, multiplier)
    taker = int(taker) % 4
    c = g.contract(contract)
    a, dealers, leaders = play_contract(g, r, n, c.code, taker, seed, dealer, level, record,
                                        start, rotate)
    belote = np.zeros(n, dtype=np.int64)
    made = np.zeros(n, dtype=np.int64)
    score = np.zeros((n, 2), dtype=np.int64)
    capot = np.zeros(n, dtype=np.int64)
    score_fixed(a["deals"], a["points"], a["tricks"], CONTRACT_CODES.index(c.code), taker % 2,
                r.failed_contract == "keep_belote", r.capot == "all_points", belote, made,
                score, capot)
    return BatchResult(
        game=g.name, contract=c.code, taker=taker, seed=seed, dealers=dealers, leaders=leaders,
        belote=belote, made=made, capot=capot, score=score,
        meta={"multiplier": multiplier, "bid": None, "code": c.code}, **a,
    )


def playouts_level2(
    game: str = "belote", n: int = 1000, contract: str = "H", taker: int = 0, seed: int = 0,
    dealer: int = 0, *, rules: Any = None, multiplier: int = 1, record: bool = False,
    start: int = 0, rotate: bool = False,
) -> BatchResult:
    """:func:`belote_lab.batch.playouts` of four-player Belote or Coinche (a fixed bid such
    as ``"100H"``, ``multiplier`` 1, 2 or 4) with level-2 play at every seat: the same deals,
    leaders and arrays (Coinche's level 2 plays its cards by the same rules of thumb); the
    other games are refused.

    >>> r = playouts_level2("belote", n=200, contract="H", taker=0, seed=1)
    >>> bool((r.points.sum(axis=1) == 162).all()), bool((r.tricks.sum(axis=1) == 8).all())
    (True, True)
    >>> from belote_lab.batch import playouts
    >>> bool((r.deals == playouts("belote", n=200, contract="H", taker=0, seed=1).deals).all())
    True
    """
    from belote_lab.batch import kernels

    g = get(game)
    if len(g.seats) != 4 or g.counts != "points":  # the four-player games of card points
        raise ValueError("level-2 batch play is four-player Belote's and Coinche's only")
    return kernels(g).fixed(g, n, contract, taker, seed, dealer, 2, rules=rules,
                        multiplier=multiplier, record=record, start=start, rotate=rotate)
