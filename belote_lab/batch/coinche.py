"""Whole hands of Coinche in compiled code: the deal, the auction, the play and the score of
each hand in one kernel (:func:`hands`).

The auction is the engine's (:class:`belote_lab.games.coinche.Auction`): from the player after
the dealer each seat bids above the highest bid, passes, or — an opponent of the highest
bidder — says *coinche* (×2), after which the next seat alone may answer *surcoinche* (×4)
and the auction ends; three passes after a bid end it, four passes without one deal again
(by the same dealer unless the rules' ``redeal_same_dealer`` is false, as
:func:`belote_lab.simulation.selfplay.play_deal` deals).  The bids are the engine's list for the
rules (:func:`bid_tables`: every bid of a fresh auction's ``legal_calls``, lowest first), so the
minimum and maximum bid, no trump, all trump, générale and the belote bids follow the rules
as the engine reads them.

A seat bids at its level:

* level 1 (:func:`level1_call`): :meth:`belote_lab.players.base.RandomPlayer.choose_call`'s
  policy — pass with probability 0.7 when another call is legal, else a uniformly random one
  of the other legal calls, in the order of ``legal_calls`` — drawn from the kernel's PRNG;
* level 2 (:func:`level2_call`): :meth:`belote_lab.players.coinche.CoinchePlayer2.choose_call`
  call for call, from the estimates of :mod:`belote_lab.players.estimates` (the player's own
  functions, called here: ``suit_estimate``, ``support_estimate``, ``defence_value``,
  ``capot_losers``, ``no_or_all_trump_estimate`` of ``no_trump_strength`` and
  ``all_trump_strength``).

The cards are then played by :func:`belote_lab.batch.four.play_hand` (a level per seat) with
the bid's contract and the bidder as taker, and the hand is scored as
:func:`belote_lab.games.coinche.score_coinche` scores it (:func:`score_hand`).

A call is a number in the kernel: a bid is its index in :func:`bid_tables`' rows,
:data:`PASS`, :data:`COINCHE` and :data:`SURCOINCHE` are negative.

>>> from belote_lab.games import get
>>> a = hands(get("coinche"), 1000, (2, 2, 2, 2), seed=1, rules=None, dealer=0)
>>> bool(((a["attack_points"] + a["defence_points"]) == 162).all())
True
>>> bool((a["tricks"].sum(axis=1) == 8).all()), set(a["multiplier"].tolist()) <= {1, 2, 4}
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from belote_lab._jit import jit
from belote_lab.batch.arrays import MAX_REDEALS, empty_arrays
from belote_lab.batch.core import BatchResult, check_args, coinche_bid
from belote_lab.batch.deal import BELOTE_DECK, deal_cards, dealer_seats, draw, hand_state, scratch
from belote_lab.batch.four import (
    belote_seat,
    contract_tables,
    play_contract,
    play_hand,
    store_taking,
)
from belote_lab.cards import Rank, parse_seat
from belote_lab.contract import CONTRACT_CODES
from belote_lab.games import Game
from belote_lab.games.coinche import BID_KINDS, DOUBLES, FAILED_BASE, Auction, Bid
from belote_lab.players.estimates import (
    ALL_TRUMP_BID,
    NO_TRUMP_BID,
    all_trump_strength,
    capot_losers,
    defence_value,
    has,
    no_or_all_trump_estimate,
    no_trump_strength,
    suit_estimate,
    support_estimate,
)

__all__ = [
    "COINCHE",
    "LEVELS",
    "PASS",
    "SURCOINCHE",
    "bid_tables",
    "call_text",
    "coinche_hands",
    "deal_and_bid",
    "fixed",
    "hands",
    "level1_call",
    "level2_call",
    "play_auction",
    "refusal",
    "score_hand",
]

LEVELS: tuple[int, ...] = (1, 2)
"""The computer levels this module plays, as numbers."""

PASS = -1
"""The call ``pass`` in the kernel (a bid is its row in :func:`bid_tables`)."""
COINCHE = -2
"""The call ``coinche`` in the kernel."""
SURCOINCHE = -3
"""The call ``surcoinche`` in the kernel."""

KIND, VALUE, TRUMP, ABOVE = 0, 1, 2, 3
"""The columns of :func:`bid_tables`' bids: the kind (its rank in
:data:`~belote_lab.games.coinche.BID_KINDS`: 0 points, 1 capot, 2 capot belote, 3 générale,
4 générale belote), the contract value, the trump (a row of
:func:`~belote_lab.batch.four.contract_tables`) and the first row of a higher bid."""
_COINCHED, _SURCOINCHED = DOUBLES["coinche"], DOUBLES["surcoinche"]  # ×2, ×4
_KINDS = tuple(BID_KINDS)
_NAMED_ROW = 24
"""The row of :func:`bid_tables`' finder for named bid kind ``k`` is ``_NAMED_ROW + k`` (a
points bid's row is its value / 10, at most 24: ``CoincheRules.max_bid`` ≤ 240)."""
_GENERALE = _KINDS.index("generale")
_CAPOT = _KINDS.index("capot")
_COINCHE_MARGIN = 20  # CoinchePlayer2's coinche_margin
_JACK, _KING, _QUEEN = int(Rank.JACK), int(Rank.KING), int(Rank.QUEEN)


# --- the bids of the rules -----------------------------------------------------------------------
def bid_tables(rules: Any) -> tuple[np.ndarray, np.ndarray]:
    """``(bids, find)`` of Coinche's ``rules``: ``bids[k]`` the kind, value, trump and first
    higher row (:data:`KIND` … :data:`ABOVE`) of the ``k``-th bid of a fresh auction's
    ``legal_calls`` (lowest first, the engine's own list); ``find[row, trump]`` the bid's row
    (``-1``: no such bid under the rules), ``row`` being a points bid's value / 10 or 24 + its
    kind.

    >>> from belote_lab.rules import CoincheRules
    >>> bids, find = bid_tables(CoincheRules())
    >>> bids.shape, bids[0].tolist(), bids[-1].tolist()
    ((48, 4), [0, 80, 0, 4], [1, 250, 3, 48])
    >>> int(find[9, 1]), int(find[24 + 1, 2]), int(find[9, 4])    # 90H, capotD, 90NT
    (5, 46, -1)
    """
    texts = Auction(0, rules).legal_calls()[:-1]  # every bid, then "pass"
    parsed = [Bid.parse(t) for t in texts]
    bids = np.zeros((len(parsed), 4), dtype=np.int64)
    find = np.full((_NAMED_ROW + len(_KINDS), 6), -1, dtype=np.int64)
    for k, b in enumerate(parsed):
        kind = _KINDS.index(b.kind)
        above = next((j for j in range(k, len(parsed)) if parsed[j].rank > b.rank), len(parsed))
        trump = CONTRACT_CODES.index(b.trump)
        bids[k] = (kind, b.value, trump, above)
        find[b.value // 10 if kind == 0 else _NAMED_ROW + kind, trump] = k
    return bids, find


def call_text(call: int, bids: np.ndarray) -> str:
    """The engine's text of the kernel's ``call`` (a row of ``bids`` or a negative code).

    >>> from belote_lab.rules import CoincheRules
    >>> bids, _ = bid_tables(CoincheRules())
    >>> call_text(5, bids), call_text(46, bids), call_text(COINCHE, bids), call_text(PASS, bids)
    ('90H', 'capotD', 'coinche', 'pass')
    """
    if call < 0:
        return {PASS: "pass", COINCHE: "coinche", SURCOINCHE: "surcoinche"}[call]
    kind, value, trump, _ = (int(x) for x in bids[call])
    return Bid(_KINDS[kind], value, CONTRACT_CODES[trump]).text


# --- the calls -----------------------------------------------------------------------------------
@jit
def _legal_bid(j: int, cur: int, bids: np.ndarray) -> bool:
    """Is bid row ``j`` (``-1``: none) above the highest bid ``cur`` (``-1``: none)?"""
    return j >= 0 and (cur < 0 or j >= bids[cur, ABOVE])


@jit
def _points_bid(value: int, trump: int, find: np.ndarray) -> int:
    """The row of the points bid ``value`` in ``trump`` (``-1``: the rules have none)."""
    if value <= 0 or value % 10 != 0 or value // 10 >= _NAMED_ROW:
        return -1
    return find[value // 10, trump]


@jit
def _other_contract(hand: int, above: int, cur: int, bids: np.ndarray,
                    find: np.ndarray) -> int:
    """``CoinchePlayer2._no_or_all_trump``: the legal all-trump or no-trump bid of the hand's
    estimate above ``above`` (the higher of the two; all trump on a tie), else ``-1``."""
    best = -1
    top = above
    for code in (5, 4):  # AT, then NT
        if code == 5:
            value = no_or_all_trump_estimate(all_trump_strength(hand), ALL_TRUMP_BID)
        else:
            value = no_or_all_trump_estimate(no_trump_strength(hand), NO_TRUMP_BID)
        j = _points_bid(value, code, find)
        if value > top and _legal_bid(j, cur, bids):
            best = j
            top = value
    return best


@jit
def _own_estimate(hand: int, trump: int) -> int:
    """The bidder's own estimate of a contract: a suit's, or no trump's / all trump's."""
    if trump == 5:
        return no_or_all_trump_estimate(all_trump_strength(hand), ALL_TRUMP_BID)
    if trump == 4:
        return no_or_all_trump_estimate(no_trump_strength(hand), NO_TRUMP_BID)
    return suit_estimate(hand, trump)


@jit
def _maybe_coinche(hand: int, seat: int, cur: int, bidder: int, bids: np.ndarray) -> int:
    """``CoinchePlayer2._maybe_coinche`` (a coinche when legal and the defence looks strong)."""
    if cur < 0 or (seat & 1) == (bidder & 1):
        return PASS
    trump = bids[cur, TRUMP]
    if trump >= 4:
        trump = -1
    if bids[cur, KIND] != 0:  # the trump jack always wins a trick: no capot, no générale
        return COINCHE if trump >= 0 and has(hand, trump, _JACK) == 1 else PASS
    need = 162 - bids[cur, VALUE]
    if defence_value(hand, trump) >= need // 2 + _COINCHE_MARGIN:
        return COINCHE
    return PASS


@jit
def _surcoinche(hand: int, seat: int, cur: int, bidder: int, bids: np.ndarray) -> int:
    """``CoinchePlayer2._surcoinche``: surcoinche with a clearly strong hand."""
    if bids[cur, KIND] != 0:
        return PASS
    trump = bids[cur, TRUMP]
    value = bids[cur, VALUE]
    if trump >= 4:  # no trump, all trump: the bidder's own strength only
        strong = bidder == seat and _own_estimate(hand, trump) >= value + 30
    elif bidder == seat:
        strong = suit_estimate(hand, trump) >= value + 30
    else:
        strong = support_estimate(hand, trump) >= 50
    return SURCOINCHE if strong else PASS


@jit
def _big_call(hand: int, seat: int, cur: int, first: int, bids: np.ndarray,
              find: np.ndarray) -> int:
    """``CoinchePlayer2._big_call``: capot (générale where the partner does not play before
    this seat to the first trick; their belote bids with the trump K and Q) with a hand that
    loses no trick, else ``-1``."""
    if cur >= 0 and bids[cur, KIND] != 0:
        return -1
    losers = 99
    trump = 0
    for s in range(4):
        x = capot_losers(hand, s)
        if x < losers:
            losers = x
            trump = s
    if losers:
        return -1
    belote = has(hand, trump, _KING) + has(hand, trump, _QUEEN) == 2
    kind = _GENERALE if first == seat or first == ((seat + 3) & 3) else _CAPOT
    while kind >= _CAPOT:
        if belote:
            j = find[_NAMED_ROW + kind + 1, trump]
            if _legal_bid(j, cur, bids):
                return j
        j = find[_NAMED_ROW + kind, trump]
        if _legal_bid(j, cur, bids):
            return j
        kind -= 2
    return -1


@jit
def level2_call(hand: int, seat: int, cur: int, bidder: int, coinched: bool, raised: bool,
                first: int, bids: np.ndarray, find: np.ndarray) -> int:
    """:meth:`CoinchePlayer2.choose_call <belote_lab.players.coinche.CoinchePlayer2.choose_call>`:
    the call of ``seat`` holding ``hand`` when the highest bid is row ``cur`` of ``bids`` (``-1``
    none) by ``bidder``, after a coinche or not, ``raised`` when the seat made a call other than
    pass before, ``first`` the seat that will lead the first trick.

    >>> from belote_lab.cards import mask_of
    >>> from belote_lab.rules import CoincheRules
    >>> bids, find = bid_tables(CoincheRules())
    >>> hand = mask_of("JH 9H AH 8H AS TS 7D 8C".split())
    >>> call_text(level2_call(hand, 1, -1, -1, False, False, 0, bids, find), bids)
    '130H'
    """
    if coinched:  # surcoinche or pass: no bid can be made
        return _surcoinche(hand, seat, cur, bidder, bids)
    big = _big_call(hand, seat, cur, first, bids, find)
    if big >= 0:
        return big
    current = 0 if cur < 0 else bids[cur, VALUE]
    if cur >= 0 and bids[cur, KIND] != 0:
        return _maybe_coinche(hand, seat, cur, bidder, bids)
    if cur >= 0 and (bidder & 1) == (seat & 1):  # the partner's (or its own) bid stands
        trump = bids[cur, TRUMP]
        if trump >= 4:
            return PASS
        support = support_estimate(hand, trump)
        if support >= 30 and not raised:
            value = min(current + support // 20 * 10, 160)
            if value > current:
                j = _points_bid(value, trump, find)
                return j if _legal_bid(j, cur, bids) else PASS
        return PASS
    best = 0
    best_suit = 0
    for s in range(4):
        est = suit_estimate(hand, s)
        if est > best:
            best = est
            best_suit = s
    other = _other_contract(hand, max(best, current), cur, bids, find)
    if other >= 0:
        return other
    if best > current:
        j = _points_bid(best, best_suit, find)
        if _legal_bid(j, cur, bids):
            return j
    if cur >= 0:
        return _maybe_coinche(hand, seat, cur, bidder, bids)
    return PASS


@jit
def level1_call(st: int, seat: int, cur: int, bidder: int, coinched: bool,
                bids: np.ndarray) -> tuple[int, int]:
    """:meth:`RandomPlayer.choose_call <belote_lab.players.base.RandomPlayer.choose_call>`'s
    policy from the PRNG state ``st``: pass with probability 0.7 when another call is legal,
    else one of the other legal calls (the bids above row ``cur``, then ``coinche``; after a
    coinche ``surcoinche``) uniformly; returns ``(state, call)``.

    >>> from belote_lab.rules import CoincheRules
    >>> bids, _ = bid_tables(CoincheRules())
    >>> calls = [level1_call(s, 1, -1, -1, False, bids)[1] for s in range(1, 2**32, 2**22)]
    >>> 0.6 < calls.count(PASS) / len(calls) < 0.8, min(calls) >= PASS
    (True, True)
    """
    if coinched:
        others = 1
        nbids = 0
    else:
        lo = 0 if cur < 0 else bids[cur, ABOVE]
        nbids = bids.shape[0] - lo
        others = nbids + (1 if cur >= 0 and (seat & 1) != (bidder & 1) else 0)
    if others == 0:
        return st, PASS
    st, r = draw(st, 10)
    if r >= 3:
        return st, PASS
    st, r = draw(st, others)
    if coinched:
        return st, SURCOINCHE
    if r < nbids:
        return st, bids.shape[0] - nbids + r
    return st, COINCHE


@jit
def play_auction(st: int, hands: np.ndarray, dealer: int, levels: np.ndarray, first: int,
                 bids: np.ndarray, find: np.ndarray,
                 calls: np.ndarray) -> tuple[int, int, int, int, int]:
    """The auction of the deal ``hands`` (card masks by seat) dealt by ``dealer``, seat ``s``
    calling at ``levels[s]``, ``first`` leading the first trick; the calls go into ``calls``
    while it has room.  Returns ``(state, bid row or -1 when all passed, bidder, multiplier,
    number of calls)``.

    >>> from belote_lab.cards import mask_of
    >>> from belote_lab.rules import CoincheRules
    >>> bids, find = bid_tables(CoincheRules())
    >>> hands = np.array([mask_of(h.split()) for h in ("JH 9H AH 8H AS TS 7D 8C",
    ...     "JS 9S 7S AC TC KC 7H QD", "KS QS 8S 9C QC JC 8D JD", "TH KH QH 9D AD TD KD 7C")])
    >>> calls = np.zeros(16, dtype=np.int64)
    >>> st, bid, bidder, mult, k = play_auction(1, hands, 0, np.full(4, 2), 0, bids, find, calls)
    >>> call_text(bid, bids), bidder, mult, [call_text(c, bids) for c in calls[:k]]
    ('130H', 0, 1, ['110S', 'pass', 'pass', '130H', 'pass', 'pass', 'pass'])
    """
    cur = -1
    bidder = -1
    mult = 1
    passes = 0
    coinched = False
    spoke = 0  # the seats that made a call other than pass (bits)
    k = 0
    while True:
        seat = (dealer + 1 + k) & 3
        if levels[seat] == 1:
            st, c = level1_call(st, seat, cur, bidder, coinched, bids)
        else:
            c = level2_call(hands[seat], seat, cur, bidder, coinched, ((spoke >> seat) & 1) == 1,
                            first, bids, find)
        if k < calls.shape[0]:
            calls[k] = c
        k += 1
        if coinched:  # the one call after a coinche ends the auction
            if c == SURCOINCHE:
                mult = _SURCOINCHED
            return st, cur, bidder, mult, k
        if c == PASS:
            passes += 1
            if (cur < 0 and passes == 4) or (cur >= 0 and passes == 3):
                return st, cur, bidder, mult, k
            continue
        spoke |= 1 << seat
        if c == COINCHE:
            coinched = True
            mult = _COINCHED
        else:
            cur = c
            bidder = seat
            passes = 0


# --- the score -----------------------------------------------------------------------------------
@jit
def all_tricks_side(tricks: np.ndarray) -> int:
    """The side (0 NS, 1 EW) that won all eight tricks (``tricks`` by seat), or -1: a
    capot in Coinche (score_coinche's ``capot``).

    >>> all_tricks_side(np.array([5, 0, 3, 0])), all_tricks_side(np.array([5, 1, 2, 0]))
    (0, -1)
    """
    ns = tricks[0] + tricks[2]
    return 0 if ns == 8 else 1 if ns == 0 else -1


@jit
def score_hand(points: np.ndarray, tricks: np.ndarray, kind: int, value: int, bidder: int,
               mult: int, holder: int, score: np.ndarray) -> bool:
    """:func:`belote_lab.games.coinche.score_coinche` of one hand (no declarations): each
    team's score into ``score`` from its card ``points`` and each seat's ``tricks``, for a bid
    of ``kind`` (a row of :data:`~belote_lab.games.coinche.BID_KINDS`) and ``value`` × ``mult``
    by ``bidder``, the belote scored by ``holder`` (-1 none); returns whether it was made.

    >>> score = np.zeros(2, dtype=np.int64)
    >>> made = score_hand(np.array([85, 77]), np.array([2, 2, 2, 2]), 0, 80, 2, 2, 0, score)
    >>> made, score.tolist()
    (True, [270, 80])
    """
    att = bidder & 1
    dfn = 1 - att
    bel_att = 20 if holder >= 0 and (holder & 1) == att else 0
    bel_dfn = 20 if holder >= 0 and (holder & 1) == dfn else 0
    total = tricks[0] + tricks[1] + tricks[2] + tricks[3]
    if kind >= _GENERALE:
        made = tricks[bidder] == total and (kind == _GENERALE or holder == bidder)
    elif kind >= _CAPOT:
        made = tricks[att] + tricks[att + 2] == total and (kind == _CAPOT or bel_att > 0)
    else:
        a = points[att] + bel_att
        made = a >= value and a > points[dfn] + bel_dfn
    if made:
        score[att] = (points[att] + 5) // 10 * 10 + value * mult + bel_att
        score[dfn] = (points[dfn] + 5) // 10 * 10 + bel_dfn
    else:
        score[att] = bel_att
        score[dfn] = FAILED_BASE + value * mult + bel_dfn
    return made


# --- whole hands ---------------------------------------------------------------------------------
@jit
def deal_and_bid(st: int, dealer: int, levels: np.ndarray, same_dealer: bool, eldest: bool,
                 bids: np.ndarray, find: np.ndarray, deck: np.ndarray, hands: np.ndarray,
                 calls: np.ndarray) -> tuple[int, int, int, int, int, int, int]:
    """Deal ``hands`` from the PRNG state ``st`` and bid (:func:`play_auction`) until a deal is
    not passed out, each deal again from the state after the last auction, by the same
    dealer unless ``same_dealer`` is false; ``eldest``: the seat after the dealer leads.
    Returns ``(state, dealer, redeals, bid row, bidder, multiplier, number of calls)``.

    >>> from belote_lab.cards import BELOTE_MASK
    >>> from belote_lab.rules import CoincheRules
    >>> bids, find = bid_tables(CoincheRules())
    >>> hands, calls = np.zeros(4, np.int64), np.zeros(40, np.int64)
    >>> out = deal_and_bid(5, 3, np.full(4, 1), False, False, bids, find,
    ...                    np.empty_like(BELOTE_DECK), hands, calls)
    >>> out[1] == (3 + out[2]) % 4, out[3] >= 0, int(hands.sum()) == int(BELOTE_MASK)
    (True, True, True)
    """
    d = dealer
    again = 0
    while True:
        st = deal_cards(st, BELOTE_DECK, deck, hands)
        first = (d + 1) & 3 if eldest else d
        st, cur, bidder, mult, k = play_auction(st, hands, d, levels, first, bids, find, calls)
        if cur >= 0:
            return st, d, again, cur, bidder, mult, k
        again += 1
        if again > MAX_REDEALS:
            raise RuntimeError("coinche: too many redeals in a row")
        if not same_dealer:
            d = (d + 1) & 3


@jit
def coinche_hands(start: int, seed: int, dealers: np.ndarray, levels: np.ndarray,
                  same_dealer: bool, eldest: bool, bids: np.ndarray, find: np.ndarray,
                  tables: np.ndarray, follow: np.ndarray, contract: np.ndarray, bid: np.ndarray,
                  multiplier: np.ndarray, taker: np.ndarray, dealer: np.ndarray,
                  redeals: np.ndarray, attack_points: np.ndarray, defence_points: np.ndarray,
                  score: np.ndarray, made: np.ndarray, belote: np.ndarray, capot: np.ndarray,
                  tricks: np.ndarray, deals: np.ndarray, auctions: np.ndarray,
                  states: np.ndarray) -> None:
    """Deal, bid, play and score ``dealers.shape[0]`` hands, numbers ``start …`` of ``seed``
    (hand ``row`` first dealt by ``dealers[row]``), into the arrays of
    :func:`~belote_lab.batch.arrays.empty_arrays` (as :func:`hands` names them); with rows in
    ``deals``, ``auctions`` and ``states``, also each played deal (card masks at the first
    card), its calls (padded with ``-9``) and the PRNG state at its first card.  A deal all
    pass is dealt again from the PRNG state after its auction.

    >>> from belote_lab.games import get
    >>> from belote_lab.rules import CoincheRules
    >>> a = empty_arrays(get("coinche"), 3)
    >>> bids, find = bid_tables(CoincheRules())
    >>> tables, follow = contract_tables(get("coinche"), CoincheRules())
    >>> none = np.zeros((0, 4), dtype=np.int64)
    >>> from belote_lab.batch.arrays import ARRAYS
    >>> coinche_hands(0, 1, np.zeros(3, np.int64), np.full(4, 2), True, False, bids, find,
    ...     tables, follow, *[a[k] for k in ARRAYS if k != "calls"], none, none, none[:, 0])
    >>> a["tricks"].sum(axis=1).tolist()
    [8, 8, 8]
    """
    deck, hands, pts, won, none = scratch(BELOTE_DECK)
    sc = np.zeros(2, dtype=np.int64)
    record = deals.shape[0] > 0
    calls = np.zeros(auctions.shape[1] if record else 3 * bids.shape[0] + 8, dtype=np.int64)
    for row in range(dealers.shape[0]):
        st, d, again, cur, bidder, mult, k = deal_and_bid(
            hand_state(seed, start + row), dealers[row], levels, same_dealer, eldest, bids, find,
            deck, hands, calls)
        first = (d + 1) & 3 if eldest else d
        trump = bids[cur, TRUMP]
        holder = belote_seat(hands, trump)
        if record:
            for s in range(4):
                deals[row, s] = hands[s]
            for j in range(auctions.shape[1]):
                auctions[row, j] = calls[j] if j < k else -9
            states[row] = st
        play_hand(st, hands, first, bidder, trump, levels, tables, follow, pts, won, none, none)
        ok = score_hand(pts, won, bids[cur, KIND], bids[cur, VALUE], bidder, mult, holder, sc)
        att = bidder & 1
        store_taking(row, trump, bidder, d, again, pts[att], pts[1 - att], contract, taker, dealer,
                     redeals, attack_points, defence_points)
        bid[row] = bids[cur, VALUE]
        multiplier[row] = mult
        score[row, 0] = sc[0]
        score[row, 1] = sc[1]
        made[row] = 1 if ok else 0
        belote[row] = -1 if holder < 0 else holder & 1
        for s in range(4):
            tricks[row, s] = won[s]
        capot[row] = all_tricks_side(won)


def refusal(rules: Any) -> str | None:
    """Why :func:`hands` cannot play Coinche under ``rules`` (the rule option it does not
    play, named), or ``None`` when it can: :func:`belote_lab.simulation.simulate.simulate` then
    plays the hands by the Python players.  (A fixed contract at level 1 or 2 is :func:`fixed`.)

    >>> from belote_lab.rules import CoincheRules
    >>> refusal(CoincheRules(allow_generale=True, min_bid=100)) is None
    True
    >>> refusal(CoincheRules(declarations=True))
    "the compiled Coinche hands play no declarations (rule option 'declarations')"
    """
    if getattr(rules, "declarations", False):
        return "the compiled Coinche hands play no declarations (rule option 'declarations')"
    return None


def hands(g: Game, n: int, levels: Sequence[int], seed: int = 0, rules: Any = None,
          dealer: int = 0, start: int = 0, *, record: bool = False) -> dict[str, np.ndarray]:
    """``n`` whole hands of Coinche (numbers ``start … start + n - 1`` of ``seed``): deal,
    auction, play and score, seat ``s`` at ``levels[s]`` (1 or 2, four entries N E S W); hand
    number ``k`` is dealt by the ``k``-th seat after ``dealer``, a deal all pass is dealt again
    (counted in ``redeals``).  Returns the arrays of
    :func:`~belote_lab.batch.arrays.empty_arrays` filled as
    :func:`belote_lab.simulation.simulate.simulate` fills them; with ``record`` also ``deals`` (n,
    4: each seat's cards at the first card), ``auctions`` (the calls of the deal played, as
    :func:`call_text` reads them, padded with ``-9``) and ``states`` (the PRNG state at the first
    card).  Declarations are not played.

    >>> from belote_lab.games import get
    >>> a = hands(get("coinche"), 500, (1, 1, 1, 1), seed=3, rules={"allow_no_trump": True})
    >>> bool((a["tricks"].sum(axis=1) == 8).all()), int(a["contract"].max())
    (True, 4)
    >>> b = hands(get("coinche"), 100, (1, 1, 1, 1), seed=3, rules={"allow_no_trump": True},
    ...           start=400)
    >>> all((a[k][400:] == b[k]).all() for k in a)
    True
    >>> hands(get("coinche"), 10, (2, 2, 2, 2), rules={"declarations": True})
    Traceback (most recent call last):
    ...
    ValueError: the compiled Coinche hands play no declarations (rule option 'declarations')
    """
    if g.bidding != "auction" or len(g.seats) != 4:
        raise ValueError(f"the game {g.name!r} is not bid by Coinche's auction at four seats")
    r = g.rules(rules)
    why = refusal(r)
    if why is not None:
        raise ValueError(why)
    check_args(r, n, seed, start, 1)
    lv = list(levels)
    if len(lv) != 4 or any(isinstance(x, bool) or x not in LEVELS for x in lv):
        raise ValueError(f"Coinche's compiled hands need four levels among {LEVELS} (N E S W), "
                         f"as numbers, not {lv!r}")
    bids, find = bid_tables(r)
    tables, follow = contract_tables(g, r)
    a = empty_arrays(g, n)
    width = 3 * bids.shape[0] + 8  # at most 3 passes first, a bid and 2 passes each, 3 last
    extra = {
        "deals": np.zeros((n if record else 0, 4), dtype=np.int64),
        "auctions": np.zeros((n if record else 0, width), dtype=np.int64),
        "states": np.zeros(n if record else 0, dtype=np.int64),
    }
    dealers = dealer_seats(g, parse_seat(dealer), n, start, True)
    coinche_hands(start, seed, dealers, np.array(lv, dtype=np.int64),
                  bool(r.redeal_same_dealer), r.first_lead == "eldest", bids, find, tables,
                  follow, a["contract"], a["bid"], a["multiplier"], a["taker"], a["dealer"],
                  a["redeals"], a["attack_points"], a["defence_points"], a["score"], a["made"],
                  a["belote"], a["capot"], a["tricks"], extra["deals"], extra["auctions"],
                  extra["states"])
    return {**a, **extra} if record else a


# --- a fixed contract ----------------------------------------------------------------------------
@jit
def score_fixed(deals: np.ndarray, points: np.ndarray, tricks: np.ndarray, trump: int,
                kind: int, value: int, bidder: int, mult: int, belote: np.ndarray,
                made: np.ndarray, score: np.ndarray, capot: np.ndarray) -> None:
    """Each hand's belote side, ``made``, ``score`` and capot side (the side that won every
    trick) by :func:`score_hand` (the one scoring of Coinche here), for one bid."""
    sc = np.zeros(2, dtype=np.int64)
    for row in range(deals.shape[0]):
        seat = belote_seat(deals[row], trump)
        ok = score_hand(points[row], tricks[row], kind, value, bidder, mult, seat, sc)
        belote[row] = -1 if seat < 0 else seat & 1
        made[row] = 1 if ok else 0
        score[row, 0] = sc[0]
        score[row, 1] = sc[1]
        capot[row] = all_tricks_side(tricks[row])


def fixed(g: Game, n: int, contract: str, taker: int, seed: int, dealer: int, level: int, *,
          rules: Any = None, multiplier: int = 1, calls: Any = None, record: bool = False,
          start: int = 0, rotate: bool = False) -> BatchResult:
    """``n`` Coinche hands from random deals, numbers ``start`` … of ``seed``, with the bid
    ``contract`` (``"100H"``, ``"capotS"``; a bare trump is the lowest bid) × ``multiplier``
    by seat ``taker``, every seat at ``level``: the one signature of every batch module's
    fixed contract (:func:`belote_lab.batch.four.fixed`'s deals and play), scored by
    :func:`score_hand`; ``calls`` (Callbreak's) is not read, the générale (the bidder's
    alone) is refused.

    >>> from belote_lab.games import get
    >>> r = fixed(get("coinche"), 200, "80S", 1, seed=5, dealer=0, level=1, multiplier=2)
    >>> sorted(set(r.made.tolist())) == [0, 1], bool((r.score[r.made == 0, 0] >= 320).all())
    (True, True)
    """
    r = g.rules(rules)  # calls (Callbreak's) are not read
    check_args(r, n, seed, start, multiplier)
    taker = int(taker) % 4
    bid = coinche_bid(contract, r)
    a, dealers, leaders = play_contract(g, r, n, g.contract(bid.trump).code, taker, seed,
                                        dealer, level, record, start, rotate)
    belote = np.zeros(n, dtype=np.int64)
    made = np.zeros(n, dtype=np.int64)
    score = np.zeros((n, 2), dtype=np.int64)
    capot = np.zeros(n, dtype=np.int64)
    score_fixed(a["deals"], a["points"], a["tricks"], CONTRACT_CODES.index(bid.trump),
                _KINDS.index(bid.kind), bid.value, taker, multiplier, belote, made, score,
                capot)
    return BatchResult(
        game=g.name, contract=bid.text, taker=taker, seed=seed, dealers=dealers,
        leaders=leaders, belote=belote, made=made, capot=capot, score=score,
        meta={"multiplier": multiplier, "bid": bid, "code": bid.trump}, **a,
    )
