"""A batch simulator: many hands of random legal play in compiled code, as numpy arrays.

Every hand is dealt and played inside one kernel in numba's subset (see
:mod:`belote_lab._jit`: the same code runs as plain Python without numba), with a fixed
contract and taker given by the caller and **random legal card play** (level 1).  The legal
cards are those of :func:`belote_lab.solver.kernel.legal_after`, the solver's mirror of
:func:`belote_lab.trick.legal_mask`, configured by the game's own
:class:`~belote_lab.trick.FollowRules` (``Game.follow``); the tests compare both on random
positions and replay hands through the engine.

Deals come from a small PRNG in the kernel (a 32-bit integer hash seeds a xorshift32 per
hand): hand ``i`` of seed ``s`` is the same whatever the batch it is played in, and the same
with or without numba.

>>> r = playouts("belote", n=1000, contract="H", taker=0, seed=1)
>>> len(r), r.points.shape, r.tricks.shape
(1000, (1000, 2), (1000, 4))
>>> bool((r.points.sum(axis=1) == 162).all()), bool((r.tricks.sum(axis=1) == 8).all())
(True, True)
>>> bool((playouts("belote", n=10, seed=1, start=990).score == r.score[990:]).all())
True

Games: four-player Belote, Coinche (a bid of points or a capot, × 1, 2 or 4), Callbreak
(fixed calls; a deal with a hand void of spades is dealt again) and two-player Belote (free
play while the stock lasts, then the strict rules; sides N and S).

Arrays of a :class:`BatchResult` (``n`` hands; sides are the teams ``NS EW``, in Callbreak
the seats ``N E S W``; ``k`` = 32 cards, 52 in Callbreak):

===========  ==========  =============================================================
name         shape       meaning
===========  ==========  =============================================================
``dealers``  (n,)        the dealer of each hand (seat index)
``leaders``  (n,)        the seat that led the first trick
``deals``    (n, 4)      each seat's hand at the first card (a card mask, int64)
``redeals``  (n,)        void deals dealt again before it (Callbreak), else 0
``points``   (n, sides)  card points per side, dix de der included (0 in Callbreak)
``tricks``   (n, 4)      tricks won per seat
``belote``   (n,)        the side that scores belote/rebelote, -1 none
``made``     (n,)        1 made, 0 failed, -1 tie (litige; never in Coinche);
                         Callbreak (n, 4): 1 where the seat took its call
``capot``    (n,)        the side that made capot (Belote: by its ``capot`` rule), -1 none
``score``    (n, sides)  what each side scores by the game's default rules
                         (Callbreak: integer tenths)
``plays``    (n, k)      with ``record=True``: the cards in the order played, else (0, k)
``legal``    (n, k)      with ``record=True``: the legal mask of each of those decisions
``stock``    (n, 14)     two-player Belote: the stock, top first (else ``None``)
===========  ==========  =============================================================

``meta`` holds ``code`` (the contract: ``S H D C NT AT callbreak``), in Belote and Coinche
``multiplier`` and ``bid`` (Coinche's :class:`~belote_lab.games.coinche.Bid`, else ``None``),
in Callbreak ``calls``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from belote_lab._jit import jit, jit_inline
from belote_lab.cards import BELOTE_MASK, FULL_MASK, SUIT_MASK, Rank
from belote_lab.contract import CALLBREAK, Contract
from belote_lab.games import get
from belote_lab.games.belote import CAPOT_SCORE, HAND_TOTAL
from belote_lab.games.belote2 import STOCK_SIZE, two_player_seat
from belote_lab.games.callbreak import FACE_MASK, parse_call
from belote_lab.games.coinche import FAILED_BASE, Bid, bid_problem
from belote_lab.solver.kernel import bit_index, legal_after
from belote_lab.trick import BELOTE2_STRICT, FollowRules

__all__ = ["BatchResult", "playouts", "hand_state", "deal_cards", "play_batch"]

M32 = 0xFFFFFFFF
RuleTuple = tuple[int, int, bool, bool, bool, bool, bool]
"""The follow rule as :func:`belote_lab.solver.kernel.legal_after` takes it."""
BELOTE_DECK = np.array([c for c in range(64) if BELOTE_MASK >> c & 1], dtype=np.int64)
"""The 32 cards in index order: the deck every Belote deal shuffles from."""
FULL_DECK = np.array([c for c in range(64) if FULL_MASK >> c & 1], dtype=np.int64)
"""The 52 cards in index order (Callbreak)."""


# --- the PRNG ------------------------------------------------------------------------------------
@jit_inline
def mix32(x: int) -> int:
    """A bijective 32-bit integer hash (products stay below 2**59: no overflow anywhere)."""
    x = (((x >> 16) ^ x) * 0x45D9F3B) & M32
    x = (((x >> 16) ^ x) * 0x45D9F3B) & M32
    return (x >> 16) ^ x


@jit_inline
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


@jit_inline
def xorshift32(x: int) -> int:
    """The next state of Marsaglia's xorshift32 (a non-zero 32-bit state stays non-zero)."""
    x ^= (x << 13) & M32
    x ^= x >> 17
    x ^= (x << 5) & M32
    return x


@jit_inline
def below(x: int, k: int) -> int:
    """A number in ``[0, k)`` from the 32-bit state ``x`` (multiply and shift)."""
    return (x * k) >> 32


SUIT13 = 0x1FFF
"""The 13 card ranks of one suit (shifted by ``16 * suit``; below 2**63 in every suit)."""


@jit_inline
def popcount(m: int) -> int:
    """The number of cards in the mask ``m``.

    >>> popcount(0b1011)
    3
    """
    k = 0
    while m != 0:
        m &= m - 1
        k += 1
    return k


@jit_inline
def random_card(x: int, mask: int) -> int:
    """One card of the non-empty ``mask``, chosen by the 32-bit state ``x``."""
    k = 0
    m = mask
    while m != 0:
        m &= m - 1
        k += 1
    r = below(x, k)
    m = mask
    for _ in range(r):
        m &= m - 1
    return int(bit_index(m & -m))


# --- dealing and play ----------------------------------------------------------------------------
@jit_inline
def shuffle(st: int, deck0: np.ndarray, deck: np.ndarray) -> int:
    """Copy ``deck0`` into ``deck`` and shuffle it (Fisher–Yates); returns the PRNG state."""
    n = deck0.shape[0]
    for j in range(n):
        deck[j] = deck0[j]
    for j in range(n - 1, 0, -1):
        st = xorshift32(st)
        r = below(st, j + 1)
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


@jit_inline
def beats(c: int, wc: int, led: int, ts: int, power_c: int, power_wc: int) -> bool:
    """Does ``c`` beat the winning card ``wc`` of a trick led in ``led`` (trump ``ts``)?"""
    s = c >> 4
    if s == ts:
        return (wc >> 4) != ts or power_c > power_wc
    return s == led and (wc >> 4) != ts and power_c > power_wc


@jit
def play_four(
    st: int,
    hands: np.ndarray,
    leader: int,
    row: int,
    tables: np.ndarray,
    rule: RuleTuple,
    points: np.ndarray,
    tricks: np.ndarray,
    plays: np.ndarray,
    legal: np.ndarray,
) -> int:
    """Play out ``hands`` (four seats, partners opposite) at random from ``leader``; adds each
    side's card points (and the last trick's ``tables[3, 0]``) to ``points[row]`` and each
    seat's tricks to ``tricks[row]``.  ``tables`` rows: power, points, higher (by card).
    Records the cards and legal masks in ``plays[row]``, ``legal[row]`` when they have rows."""
    ts = rule[0]
    ntricks = 0
    for s in range(4):
        m = hands[s]
        while m != 0:
            m &= m - 1
            ntricks += 1
    ntricks //= 4
    record = plays.shape[0] > 0
    for t in range(ntricks):
        led = 0
        wc = 0
        w = 0
        pts = 0
        for i in range(4):
            seat = (leader + i) & 3
            h = hands[seat]
            m = h if i == 0 else legal_after(h, led, wc, i, w, tables[2, wc], rule)
            st = xorshift32(st)
            c = random_card(st, m)
            hands[seat] = h ^ (1 << c)
            if record:
                plays[row, 4 * t + i] = c
                legal[row, 4 * t + i] = m
            if i == 0:
                led = c >> 4
                wc = c
            elif beats(c, wc, led, ts, tables[0, c], tables[0, wc]):
                wc = c
                w = i
            pts += tables[1, c]
        leader = (leader + w) & 3
        if t == ntricks - 1:
            pts += tables[3, 0]
        points[row, leader & 1] += pts
        tricks[row, leader] += 1
    return st


@jit_inline
def dealt_ok(hands: np.ndarray, need: np.ndarray) -> bool:
    """Does every hand hold a card of each mask of ``need`` (else the deal is void)?"""
    for s in range(hands.shape[0]):
        for k in range(need.shape[0]):
            if hands[s] & need[k] == 0:
                return False
    return True


@jit
def play_batch(
    start: int,
    seed: int,
    leaders: np.ndarray,
    deck0: np.ndarray,
    need: np.ndarray,
    tables: np.ndarray,
    rule: RuleTuple,
    deals: np.ndarray,
    redeals: np.ndarray,
    points: np.ndarray,
    tricks: np.ndarray,
    plays: np.ndarray,
    legal: np.ndarray,
) -> None:
    """Deal and play ``deals.shape[0]`` four-player hands, numbers ``start``, ``start + 1`` …
    of ``seed``, led by ``leaders[row]``, filling the arrays (``points`` and ``tricks`` start
    at zero).  A deal in
    which a hand misses one of the masks of ``need`` is void and dealt again (Callbreak's
    hand without a spade); ``redeals`` counts them."""
    deck = np.empty_like(deck0)
    hands = np.zeros(4, dtype=np.int64)
    for row in range(deals.shape[0]):
        st = deal_cards(hand_state(seed, start + row), deck0, deck, hands)
        void = 0
        while not dealt_ok(hands, need):
            void += 1
            st = deal_cards(st, deck0, deck, hands)
        redeals[row] = void
        for s in range(4):
            deals[row, s] = hands[s]
        play_four(st, hands, leaders[row], row, tables, rule, points, tricks, plays, legal)


# --- two-player Belote ---------------------------------------------------------------------------
@jit_inline
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


@jit
def play_two(
    st: int, hands: np.ndarray, stock: np.ndarray, leader: int, row: int, tables: np.ndarray,
    rule: RuleTuple, points: np.ndarray, tricks: np.ndarray, plays: np.ndarray,
    legal: np.ndarray,
) -> tuple[int, int]:
    """Play out a two-player hand (seats 0 and 2) at random from ``leader``: free play and
    draws (the winner first) while ``stock`` lasts, then ``rule``; fills ``points[row]`` by
    side (seat // 2), ``tricks[row]`` by seat.  Returns the PRNG state and the side that
    scores the belote (-1 none)."""
    ts = rule[0]
    record = plays.shape[0] > 0
    drawn = 0
    kq, bseat, bplayed = 0, -1, 0
    ntricks = (stock.shape[0] + 18) // 2
    for t in range(ntricks):
        pts = 0
        wc = 0
        winner = leader
        for i in range(2):
            seat = leader if i == 0 else 2 - leader
            h = hands[seat]
            m = h
            if i == 1 and drawn >= stock.shape[0]:
                m = legal_after(h, wc >> 4, wc, 1, 0, tables[2, wc], rule)
            st = xorshift32(st)
            c = random_card(st, m)
            hands[seat] = h ^ (1 << c)
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
        if drawn < stock.shape[0]:
            hands[winner] |= 1 << int(stock[drawn])
            hands[2 - winner] |= 1 << int(stock[drawn + 1])
            drawn += 2
        leader = winner
    return st, (bseat >> 1 if bplayed == 2 else -1)


@jit
def play_batch_two(
    start: int, seed: int, leaders: np.ndarray, deck0: np.ndarray, tables: np.ndarray,
    rule: RuleTuple, deals: np.ndarray, stock: np.ndarray, points: np.ndarray,
    tricks: np.ndarray, belote: np.ndarray, plays: np.ndarray, legal: np.ndarray,
) -> None:
    """Deal and play ``deals.shape[0]`` two-player hands (numbers ``start`` … of ``seed``):
    of the shuffled deck, cards 1–9 go to the first leader ``leaders[row]``, 10–18 to the
    other seat, the rest
    is the stock, top first; ``deals`` holds the hands (seats 0 and 2), ``stock`` the stock."""
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
        st, side = play_two(st, hands, stock[row], leader, row, tables, rule, points, tricks,
                            plays, legal)
        belote[row] = side


# --- the Python side -----------------------------------------------------------------------------
@dataclass(frozen=True)
class BatchResult:
    """Per-hand arrays of :func:`playouts` (see the module docstring)."""

    game: str
    contract: str
    taker: int
    seed: int
    dealers: np.ndarray
    leaders: np.ndarray
    deals: np.ndarray
    points: np.ndarray
    tricks: np.ndarray
    belote: np.ndarray
    made: np.ndarray
    capot: np.ndarray
    score: np.ndarray
    plays: np.ndarray
    legal: np.ndarray
    redeals: np.ndarray
    meta: dict[str, Any]
    stock: np.ndarray | None = None

    def __len__(self) -> int:
        return int(self.points.shape[0])


def kernel_tables(contract: Contract, bonus: int) -> np.ndarray:
    """The (4, 64) int64 rows the kernel reads: power, points, higher, and ``[bonus, 0 …]``."""
    t = contract.tables
    out = np.zeros((4, 64), dtype=np.int64)
    out[0] = t.power
    out[1] = t.points
    out[2] = t.higher
    out[3, 0] = bonus
    return out


def kernel_rule(contract: Contract, f: FollowRules) -> RuleTuple:
    """The rule tuple of :func:`belote_lab.solver.kernel.legal_after` for a trick without
    free play (the solver's ``follow_rule``, built from the contract and ``f``)."""
    t = contract.tables
    return (
        int(t.trump_suit), int(t.trump_mask), bool(f.partners), bool(f.beat_trump_lead),
        bool(t.all_trump or f.beat_led_suit), bool(f.must_trump), bool(f.must_undertrump),
    )


def belote_sides(deals: np.ndarray, contract: Contract) -> np.ndarray:
    """The side (0 NS, 1 EW) holding the trump K and Q in each deal, or -1 (none, NT, AT)."""
    out = np.full(deals.shape[0], -1, dtype=np.int64)
    if contract.trump is None or contract.tables.all_trump:
        return out
    kq = (1 << (16 * contract.trump + Rank.KING)) | (1 << (16 * contract.trump + Rank.QUEEN))
    for s in range(4):
        out[(deals[:, s] & kq) == kq] = s % 2
    return out


def capot_sides(tricks: np.ndarray, points: np.ndarray | None = None) -> np.ndarray:
    """The side that made capot in each hand, or -1: the side that won every trick, or with
    ``points`` (per side) the side that took every point (seed 000's ``capot="all_points"``).

    >>> tricks = np.array([[4, 1, 3, 0], [4, 0, 4, 0]])   # per seat N E S W
    >>> capot_sides(tricks).tolist(), capot_sides(tricks, np.array([[162, 0], [162, 0]])).tolist()
    ([-1, 0], [0, 0])
    """
    if points is not None:
        team = points
    else:
        team = np.stack([tricks[:, 0] + tricks[:, 2], tricks[:, 1] + tricks[:, 3]], axis=1)
    out = np.full(tricks.shape[0], -1, dtype=np.int64)
    out[team[:, 1] == 0] = 0
    out[team[:, 0] == 0] = 1
    return out


def score_belote(
    points: np.ndarray, belote: np.ndarray, capot: np.ndarray, attack: int
) -> tuple[np.ndarray, np.ndarray]:
    """``(made, score)`` of four-player Belote by the default rules (seed 000's: a failed
    contract gives the defence 162 and every belote; litige: the defence scores its own total,
    the attack nothing); :func:`belote_lab.games.belote.score_hand` vectorised. ``capot`` comes
    from :func:`capot_sides` by the hand's ``capot`` rule.

    >>> made, score = score_belote(np.array([[60, 102]]), np.array([0]), np.array([-1]), 0)
    >>> int(made[0]), score.tolist()
    (0, [[0, 182]])
    """
    n = points.shape[0]
    dfn = 1 - attack
    bel = np.zeros((n, 2), dtype=np.int64)
    rows = np.arange(n)
    has = belote >= 0
    bel[rows[has], belote[has]] = 20
    totals = points + bel
    att_t, dfn_t = totals[:, attack], totals[:, dfn]
    made = np.where(att_t > dfn_t, 1, np.where(att_t < dfn_t, 0, -1))
    made[capot == attack] = 1
    made[capot == dfn] = 0
    score = np.zeros((n, 2), dtype=np.int64)
    ok = (made == 1) & (capot < 0)
    score[ok] = totals[ok]
    cap = capot == attack
    score[cap, attack] = CAPOT_SCORE + bel[cap, attack]
    score[cap, dfn] = bel[cap, dfn]
    bad = made == 0
    score[bad, dfn] = HAND_TOTAL + bel[bad].sum(axis=1)
    tie = made == -1
    score[tie, dfn] = totals[tie, dfn]
    return made, score


def score_coinche_batch(
    points: np.ndarray, tricks: np.ndarray, belote: np.ndarray, bid: Bid, attack: int,
    multiplier: int,
) -> tuple[np.ndarray, np.ndarray]:
    """``(made, score)`` of Coinche for a bid of points or a capot bid by ``attack``'s side:
    :func:`belote_lab.games.coinche.score_coinche` vectorised."""
    n = points.shape[0]
    dfn = 1 - attack
    bel = np.zeros((n, 2), dtype=np.int64)
    has = belote >= 0
    bel[np.arange(n)[has], belote[has]] = 20
    if bid.all_tricks:
        made = (tricks[:, attack] + tricks[:, attack + 2]) == tricks.sum(axis=1)
        if bid.needs_belote:
            made &= bel[:, attack] > 0
    else:
        a = points[:, attack] + bel[:, attack]
        made = (a >= bid.value) & (a > points[:, dfn] + bel[:, dfn])
    score = bel.copy()
    rounded = (points + 5) // 10 * 10
    score[made, attack] += rounded[made, attack] + bid.value * multiplier
    score[made, dfn] += rounded[made, dfn]
    score[~made, dfn] += FAILED_BASE + bid.value * multiplier
    return made.astype(np.int64), score


def coinche_bid(contract: str, rules: Any) -> Bid:
    """The Coinche bid ``contract`` (``"90H"``, ``"capotS"``; a bare trump is the lowest
    bid), refused when the rules do not allow it or when it is a générale."""
    text = contract.strip()
    if text.upper() in ("S", "H", "D", "C", "NT", "AT"):
        bid = Bid("points", rules.min_bid, text.upper())
    else:
        bid = Bid.parse(text)
    problem = bid_problem(bid, rules, options=False)
    if problem is not None:
        raise ValueError(problem)
    if bid.kind.startswith("generale"):
        raise ValueError("the batch simulator plays no générale (a bid of the bidder alone)")
    return bid


def run_kernel(
    n: int, start: int, seed: int, leaders: np.ndarray, deck: np.ndarray, need: tuple[int, ...],
    c: Contract, f: FollowRules, bonus: int, record: bool,
) -> dict[str, np.ndarray]:
    """Deal and play ``n`` hands in :func:`play_batch`; its arrays by name."""
    a = {
        "deals": np.zeros((n, 4), dtype=np.int64),
        "redeals": np.zeros(n, dtype=np.int64),
        "points": np.zeros((n, 2), dtype=np.int64),
        "tricks": np.zeros((n, 4), dtype=np.int64),
        "plays": np.zeros((n if record else 0, deck.shape[0]), dtype=np.int64),
        "legal": np.zeros((n if record else 0, deck.shape[0]), dtype=np.int64),
    }
    play_batch(start, seed, leaders, deck, np.array(need, dtype=np.int64),
               kernel_tables(c, bonus), kernel_rule(c, f), a["deals"], a["redeals"],
               a["points"], a["tricks"], a["plays"], a["legal"])
    return a


def callbreak_calls(calls: Sequence[int] | None, rules: Any) -> np.ndarray:
    """The four calls (N E S W) checked against the rules; 3 each by default."""
    out = np.array([3, 3, 3, 3] if calls is None else [parse_call(x, rules.max_call)
                                                       for x in calls], dtype=np.int64)
    if out.shape != (4,):
        raise ValueError("Callbreak needs four calls, N E S W")
    return out


def score_callbreak(tricks: np.ndarray, calls: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(made, score)`` per seat, the score in tenths: the call and a tenth per extra trick
    when made, minus the call when not (:func:`belote_lab.games.callbreak.round_score`)."""
    made = tricks >= calls
    score = np.where(made, 10 * calls + tricks - calls, -10 * calls)
    return made.astype(np.int64), score


def check_args(r: Any, n: int, seed: int, start: int, multiplier: int) -> None:
    """Refuse what the batch simulator does not play, and bad numbers."""
    if getattr(r, "declarations", False) or getattr(r, "failed_contract", "") == "keep_belote":
        raise ValueError("the batch simulator scores no declarations and no keep_belote")
    if multiplier not in (1, 2, 4):
        raise ValueError(f"multiplier must be 1, 2 or 4, not {multiplier!r}")
    if not (0 <= seed < 1 << 63 and start >= 0 and n >= 0):
        raise ValueError("seed, start and n must be whole numbers ≥ 0 (seed below 2**63)")


def playouts(
    game: str = "belote",
    n: int = 1000,
    contract: str = "H",
    taker: int = 0,
    seed: int = 0,
    dealer: int = 0,
    *,
    rules: Any = None,
    multiplier: int = 1,
    calls: Sequence[int] | None = None,
    record: bool = False,
    start: int = 0,
    rotate: bool = False,
) -> BatchResult:
    """Play ``n`` hands of ``game`` (``belote``, ``belote2``, ``coinche``, ``callbreak``) at
    random (level 1), each from a random deal, with ``contract`` (a trump, ``NT``/``AT``; in Coinche
    a bid such as ``"100H"`` or ``"capotS"``, a bare trump being the lowest bid) taken by seat
    ``taker`` (0–3, N E S W).  The first lead is the dealer's (or the next seat's, by the rule
    option ``first_lead``; always the next seat's in Callbreak).  ``rules`` are the game's rule
    options (a dict or the rules object; ``must_undertrump`` is played, declarations are not);
    ``start`` is the number of the first hand (hands ``start … start + n - 1`` of ``seed``).
    Callbreak ignores ``contract`` and ``taker`` and scores the ``calls`` (N E S W, 3 each by
    default) in tenths; its void deals are dealt again (``redeals``).  In two-player Belote
    the taker and the dealer are N or S (0 or 2), the other seat leads, 9 cards each and the
    14 of the stock (``stock``) are dealt at random, and the winner of a trick draws first.
    With ``rotate`` the deal turns: hand number ``k`` is dealt by the ``k``-th seat after
    ``dealer`` (in turn order), as :func:`belote_lab.simulate.simulate` deals.

    >>> r = playouts("coinche", n=200, contract="80S", taker=1, seed=5, multiplier=2)
    >>> sorted(set(r.made.tolist())) == [0, 1], bool((r.score[r.made == 0, 0] >= 320).all())
    (True, True)
    >>> r = playouts("belote2", n=100, contract="S", taker=2, seed=5)
    >>> r.points.shape, r.stock.shape, bool((r.tricks[:, [0, 2]].sum(axis=1) == 16).all())
    ((100, 2), (100, 14), True)
    >>> r = playouts("callbreak", n=100, seed=5, calls=(4, 3, 3, 2))
    >>> r.score.shape, bool((r.tricks.sum(axis=1) == 13).all()), int(r.redeals.sum()) > 0
    ((100, 4), True, True)
    """
    g = get(game)
    r = g.rules(rules)
    check_args(r, n, seed, start, multiplier)
    f = g.follow(r, 0)
    dealers = dealer_seats(g, dealer, n, start, rotate)
    if g.bidding == "calls":
        return callbreak_playouts(g, r, seed, start, dealers, calls, f, record)
    if g.has_stock:
        return two_player_playouts(g, contract, taker, seed, start, dealers, record)
    taker = int(taker) % 4
    bid, c, leaders = four_player_contract(g, r, contract, dealers)
    a = run_kernel(n, start, seed, leaders, BELOTE_DECK, (), c, f, 10, record)
    return four_player_result(g, a, bid, c, taker, seed, dealers, leaders, multiplier, r)


def four_player_contract(
    g: Any, r: Any, contract: str, dealers: np.ndarray
) -> tuple[Bid | None, Contract, np.ndarray]:
    """Belote's contract or Coinche's bid (``None`` in Belote), the contract played and the
    first leader of each hand (the dealer, or the next seat by the rule ``first_lead``)."""
    bid = coinche_bid(contract, r) if g.bidding == "auction" else None
    c = g.contract(bid.trump if bid is not None else contract)
    leaders = dealers if r.first_lead == "dealer" else (dealers + 1) % 4
    return bid, c, leaders


def four_player_result(
    g: Any, a: dict[str, np.ndarray], bid: Bid | None, c: Contract, taker: int, seed: int,
    dealers: np.ndarray, leaders: np.ndarray, multiplier: int, rules: Any,
) -> BatchResult:
    """The :class:`BatchResult` of four-player hands played into the arrays ``a``: belote,
    capot, made and score by Belote's ``rules`` (its ``capot`` rule), or Coinche's for
    ``bid`` (a capot there is every trick)."""
    belote = belote_sides(a["deals"], c)
    by_points = bid is None and rules.capot == "all_points"
    capot = capot_sides(a["tricks"], a["points"] if by_points else None)
    if bid is None:
        made, score = score_belote(a["points"], belote, capot, taker % 2)
    else:
        made, score = score_coinche_batch(a["points"], a["tricks"], belote, bid, taker % 2,
                                          multiplier)
    return BatchResult(
        game=g.name, contract=str(bid.text if bid is not None else c.code), taker=taker,
        seed=seed, dealers=dealers, leaders=leaders, belote=belote, made=made, capot=capot,
        score=score, meta={"multiplier": multiplier, "bid": bid, "code": c.code}, **a,
    )


def dealer_seats(g: Any, dealer: int, n: int, start: int, rotate: bool) -> np.ndarray:
    """The dealer of hands ``start … start + n - 1``: ``dealer``, or turning from it."""
    seats = np.array(g.seats, dtype=np.int64)
    first = g.seats.index(two_player_seat(dealer) if g.has_stock else int(dealer) % 4)
    k = np.arange(start, start + n, dtype=np.int64) if rotate else np.zeros(n, np.int64)
    return seats[(first + k) % len(seats)]


def callbreak_playouts(
    g: Any, r: Any, seed: int, start: int, dealers: np.ndarray, calls: Sequence[int] | None,
    f: FollowRules, record: bool,
) -> BatchResult:
    """:func:`playouts` of Callbreak."""
    n = dealers.shape[0]
    cb = callbreak_calls(calls, r)
    need = (SUIT_MASK[0], FACE_MASK) if r.redeal_without_face_cards else (SUIT_MASK[0],)
    leaders = (dealers + 1) % 4
    a = run_kernel(n, start, seed, leaders, FULL_DECK, need, CALLBREAK, f, 0, record)
    made, score = score_callbreak(a["tricks"], cb)
    won_all = (a["tricks"] == 13).argmax(axis=1)
    capot = np.where(a["tricks"].max(axis=1) == 13, won_all, -1)
    a["points"] = np.zeros((n, 4), dtype=np.int64)
    return BatchResult(
        game=g.name, contract="callbreak", taker=-1, seed=seed, dealers=dealers,
        leaders=leaders, belote=np.full(n, -1, dtype=np.int64), made=made, capot=capot,
        score=score, meta={"calls": cb, "code": CALLBREAK.code}, **a,
    )


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


def two_player_playouts(
    g: Any, contract: str, taker: int, seed: int, start: int, dealers: np.ndarray,
    record: bool,
) -> BatchResult:
    """:func:`playouts` of two-player Belote."""
    n = dealers.shape[0]
    taker = two_player_seat(taker)
    c = g.contract(contract)
    leaders = 2 - dealers
    deals = np.zeros((n, 4), dtype=np.int64)
    stock = np.zeros((n, STOCK_SIZE), dtype=np.int64)
    points = np.zeros((n, 2), dtype=np.int64)
    tricks = np.zeros((n, 4), dtype=np.int64)
    belote = np.zeros(n, dtype=np.int64)
    plays = np.zeros((n if record else 0, 32), dtype=np.int64)
    legal = np.zeros((n if record else 0, 32), dtype=np.int64)
    play_batch_two(start, seed, leaders, BELOTE_DECK, kernel_tables(c, 10),
                   kernel_rule(c, BELOTE2_STRICT), deals, stock, points, tricks, belote,
                   plays, legal)
    made, capot, score = score_two(points, tricks, belote, taker // 2)
    return BatchResult(
        game=g.name, contract=c.code, taker=taker, seed=seed, dealers=dealers,
        leaders=leaders, deals=deals, points=points, tricks=tricks, belote=belote, made=made,
        capot=capot, score=score, plays=plays, legal=legal,
        redeals=np.zeros(n, dtype=np.int64), meta={"code": c.code}, stock=stock,
    )
