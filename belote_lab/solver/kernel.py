"""The exact perfect-information search kernel, in numba's subset (see :mod:`belote_lab._jit`).

Everything here works on plain integers and numpy arrays so that one implementation runs
jitted (numba) or as plain Python.  Cards are the engine's indices (``16 * suit + rank``)
and hands are int64 masks.

The value searched is what the *max side* gains from the position on: the card points of
the tricks it wins (the cards already on the table included), the per-trick value (1 in
Callbreak) and the last-trick bonus.  The contract, its order and the following rule come in
as arrays built by :mod:`belote_lab.solver.position` from the same tables and
:class:`~belote_lab.trick.FollowRules` the trick core uses; a test checks that the kernel's
legal moves equal the core's on random positions.

Search: alpha-beta (fail-soft) with a transposition table (see :data:`T_WIDTH`) storing lower
and upper bounds of the remaining value, cheap move ordering with killer moves, a bound from
the master trumps, and merging of equivalent cards (cards of one hand adjacent in a suit's
order once the cards between them are gone, with the same points).  :func:`narrow` is the
entry point: null-window tests of one root card (or of the root) until its value is known.
The last two tricks of four players are searched by plain loops (:func:`two_tricks`) once the
table has no answer, and the table keeps the result; the position of the card winning the
trick is carried from frame to frame instead of found again at each node.  Table rows are 32
bytes, and the next trick's row is prefetched.

Speed: the helpers the search calls at every node are inlined (:func:`~belote_lab._jit.jit_inline`)
and take no array they would have to pass on: numba counts references to an array at each
call that receives one, with atomic instructions.  What each of these steps saved, measured,
is in ``benchmarks/results/solver-kernel-history.md``; today's figures against colver come
from ``benchmarks/bench_solver.py``.
"""

from __future__ import annotations

import numpy as np

from belote_lab._jit import jit, jit_inline, prefetch

# cfg indices
C_TS = 0  # trump suit, -1 none
C_ALL_TRUMP = 1
C_FREE = 2
C_PARTNERS = 3
C_BEAT_TRUMP = 4
C_BEAT_LED = 5
C_MUST_TRUMP = 6
C_UNDERTRUMP = 7
C_NPLAYERS = 8  # 4 or 2
C_BONUS = 9  # last trick bonus
C_PER_TRICK = 10  # value of a trick itself (1 in Callbreak)
C_TRUMP_MASK = 11
CFG_SIZE = 12

SUIT = np.array([0x1FFF << (16 * s) for s in range(4)], dtype=np.int64)

INF = 1 << 30


@jit_inline
def seat_at(leader: int, i: int, nplayers: int) -> int:
    """The seat of the ``i``-th card of a trick led by ``leader``."""
    if nplayers == 2:
        return (leader + 2 * i) & 3
    return (leader + i) & 3


@jit_inline
def winner_pos(tricks: np.ndarray, row: int, n: int, power: np.ndarray, ts: int) -> int:
    """Position of the card winning the first ``n`` cards of the trick ``tricks[row]``."""
    led = tricks[row, 0] >> 4
    best = 0
    bc = tricks[row, 0]
    bt = led == ts
    for i in range(1, n):
        c = tricks[row, i]
        s = c >> 4
        if s == ts:
            if (not bt) or power[c] > power[bc]:
                best = i
                bc = c
                bt = True
        elif s == led and (not bt) and power[c] > power[bc]:
            best = i
            bc = c
    return best


@jit
def legal(
    hand: int,
    tricks: np.ndarray,
    row: int,
    n: int,
    free: bool,
    power: np.ndarray,
    higher: np.ndarray,
    cfg: np.ndarray,
) -> int:
    """The legal mask of ``hand`` with ``n`` cards of the trick ``tricks[row]`` on the table
    (mirrors :func:`belote_lab.trick.legal_mask`)."""
    if n == 0 or free:
        return hand
    w = winner_pos(tricks, row, n, power, cfg[C_TS])
    wc = tricks[row, w]
    return legal_after(hand, tricks[row, 0] >> 4, wc, n, w, higher[wc], follow_rule(cfg))


@jit_inline
def follow_rule(cfg: np.ndarray) -> tuple[int, int, bool, bool, bool, bool, bool]:
    """The fields of ``cfg`` :func:`legal_after` needs, as a tuple (passed by value): the
    trump suit and mask, then whether the partner's winning card frees the play, a trump
    lead must be beaten, any led suit must be beaten (all trump included), one must trump,
    and undertrump."""
    return (
        cfg[C_TS], cfg[C_TRUMP_MASK], cfg[C_PARTNERS] != 0, cfg[C_BEAT_TRUMP] != 0,
        cfg[C_ALL_TRUMP] != 0 or cfg[C_BEAT_LED] != 0, cfg[C_MUST_TRUMP] != 0,
        cfg[C_UNDERTRUMP] != 0,
    )


@jit_inline
def legal_after(
    hand: int,
    led: int,
    wc: int,
    n: int,
    w: int,
    higher_wc: int,
    rule: tuple[int, int, bool, bool, bool, bool, bool],
) -> int:
    """The legal mask with ``n`` cards on the table (suit ``led``, the ``w``-th of them,
    ``wc``, winning) and the play not free; ``higher_wc`` is the mask of cards above ``wc``,
    ``rule`` the :func:`follow_rule`.  (No array argument: it would cost reference counting
    at every node of the search.)"""
    ts, trump_mask, partners, beat_trump, beat_led, must_trump, undertrump = rule
    follow = hand & SUIT[led]
    if follow != 0:
        if (led == ts and beat_trump) or beat_led:
            if (wc >> 4) != led:
                return follow
            hi = follow & higher_wc
            if hi != 0:
                return hi
            return follow
        return follow
    if partners and n >= 2 and w == n - 2:
        return hand
    trumps = hand & trump_mask
    if not must_trump or trumps == 0:
        return hand
    if (wc >> 4) == ts:
        over = trumps & higher_wc
        if over != 0:
            return over
        if undertrump:
            return trumps
        return hand
    return trumps


_DEBRUIJN = 0x03F79D71B4CB0A89
_DB_TABLE = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _DB_TABLE[(((1 << _i) * _DEBRUIJN) >> 58) & 63] = _i


@jit_inline
def bit_index(low: int) -> int:
    """Index of the single set bit of ``low`` (same answer jitted or not)."""
    return _DB_TABLE[((int(low) * _DEBRUIJN) >> 58) & 63]


@jit_inline
def popcount(m: int) -> int:
    """The number of cards in the mask ``m`` (the one bit count of the compiled code: the
    batch kernels and the players' estimates read it).

    >>> popcount(0b1011)
    3
    """
    k = 0
    while m != 0:
        m &= m - 1
        k += 1
    return k


@jit_inline
def beats(c: int, wc: int, led: int, ts: int, pc: int, pw: int) -> bool:
    """Whether ``c`` (power ``pc``) beats the winning card ``wc`` (power ``pw``) of a
    trick of suit ``led``, trump ``ts`` (-1 none): the one such test of the compiled code,
    the solver's and the batch simulator's (:mod:`belote_lab.batch`)."""
    s = c >> 4
    if s == ts:
        return (wc >> 4) != ts or pc > pw
    return s == led and (wc >> 4) == led and pc > pw


@jit_inline
def _last_trick(
    c0: int, c1: int, c2: int, c3: int, q0: int, q1: int, q2: int, q3: int, first: int,
    ts: int,
) -> int:
    """The seat winning the last trick, each seat ``i`` holding the single card ``ci`` of
    power ``qi`` and ``first`` leading.  (Scalars only: an array argument costs two atomic
    reference counts a call, and this runs up to 16 times a two-trick search.)"""
    cs = (c0, c1, c2, c3)
    qs = (q0, q1, q2, q3)
    wc = cs[first]
    wq = qs[first]
    wseat = first
    led = wc >> 4
    for i in range(1, 4):
        x = (first + i) & 3
        c = cs[x]
        if beats(c, wc, led, ts, qs[x], wq):
            wc = c
            wq = qs[x]
            wseat = x
    return wseat


@jit_inline
def two_tricks(
    h0: int,
    h1: int,
    h2: int,
    h3: int,
    leader: int,
    alpha: int,
    beta: int,
    power: np.ndarray,
    points: np.ndarray,
    higher: np.ndarray,
    side: np.ndarray,
    cfg: np.ndarray,
) -> int:
    """The value for the max side of the last two tricks of four players (two cards a
    hand, no card on the table), fail-soft within ``(alpha, beta)``: the tree of at most 16
    first tricks searched by plain loops, no table."""
    ts = cfg[C_TS]
    rule = follow_rule(cfg)
    per_trick = cfg[C_PER_TRICK]
    last = per_trick + cfg[C_BONUS]
    hs = (h0, h1, h2, h3)
    p0 = leader
    p1 = (leader + 1) & 3
    p2 = (leader + 2) & 3
    p3 = (leader + 3) & 3
    x0 = side[p0] != 0
    x1 = side[p1] != 0
    x2 = side[p2] != 0
    x3 = side[p3] != 0
    b0 = -INF if x0 else INF
    a0 = alpha
    e0 = beta
    m0 = hs[p0]
    while m0 != 0:
        l0 = m0 & -m0
        m0 ^= l0
        c0 = bit_index(l0)
        led = c0 >> 4
        b1 = -INF if x1 else INF
        a1 = a0
        e1 = e0
        m1 = legal_after(hs[p1], led, c0, 1, 0, higher[c0], rule)
        while m1 != 0:
            l1 = m1 & -m1
            m1 ^= l1
            c1 = bit_index(l1)
            w2 = 0
            wc2 = c0
            if beats(c1, c0, led, ts, power[c1], power[c0]):
                w2 = 1
                wc2 = c1
            b2 = -INF if x2 else INF
            a2 = a1
            e2 = e1
            m2 = legal_after(hs[p2], led, wc2, 2, w2, higher[wc2], rule)
            while m2 != 0:
                l2 = m2 & -m2
                m2 ^= l2
                c2 = bit_index(l2)
                w3 = w2
                wc3 = wc2
                if beats(c2, wc2, led, ts, power[c2], power[wc2]):
                    w3 = 2
                    wc3 = c2
                b3 = -INF if x3 else INF
                m3 = legal_after(hs[p3], led, wc3, 3, w3, higher[wc3], rule)
                while m3 != 0:
                    l3 = m3 & -m3
                    m3 ^= l3
                    c3 = bit_index(l3)
                    w4 = w3
                    if beats(c3, wc3, led, ts, power[c3], power[wc3]):
                        w4 = 3
                    ws = (leader + w4) & 3
                    v = 0
                    if side[ws] != 0:
                        v = per_trick + points[c0] + points[c1] + points[c2] + points[c3]
                    # the cards left for the last trick: each hand without the four played
                    played = l0 | l1 | l2 | l3
                    d0 = bit_index(hs[0] & ~played)
                    d1 = bit_index(hs[1] & ~played)
                    d2 = bit_index(hs[2] & ~played)
                    d3 = bit_index(hs[3] & ~played)
                    lw = _last_trick(d0, d1, d2, d3, power[d0], power[d1], power[d2], power[d3],
                                     ws, ts)
                    if side[lw] != 0:
                        v += last + points[d0] + points[d1] + points[d2] + points[d3]
                    if x3:
                        if v > b3:
                            b3 = v
                        if b3 >= e2:
                            break
                    else:
                        if v < b3:
                            b3 = v
                        if b3 <= a2:
                            break
                v = b3
                if x2:
                    if v > b2:
                        b2 = v
                    if b2 > a2:
                        a2 = b2
                else:
                    if v < b2:
                        b2 = v
                    if b2 < e2:
                        e2 = b2
                if a2 >= e2:
                    break
            v = b2
            if x1:
                if v > b1:
                    b1 = v
                if b1 > a1:
                    a1 = b1
            else:
                if v < b1:
                    b1 = v
                if b1 < e1:
                    e1 = b1
            if a1 >= e1:
                break
        v = b1
        if x0:
            if v > b0:
                b0 = v
            if b0 > a0:
                a0 = b0
        else:
            if v < b0:
                b0 = v
            if b0 < e0:
                e0 = b0
        if a0 >= e0:
            break
    return b0


@jit_inline
def _fold(h: int) -> int:
    return (h ^ (h >> 17) ^ (h >> 31) ^ (h >> 45)) & 0xFFFFFFFF


@jit_inline
def _tt_index(h0: int, h1: int, h2: int, h3: int, leader: int, size_mask: int) -> int:
    # products of 32-bit folds and 28-bit primes stay below 2**62: no overflow, so numba and
    # plain Python give the same index
    x = (
        _fold(h0) * 268435399
        + _fold(h1) * 268435367
        + _fold(h2) * 268435361
        + _fold(h3) * 268435331
        + leader * 2654435761
    )
    x = x ^ (x >> 23) ^ (x >> 41)
    return x & size_mask


# frame fields of the explicit search stack (numba caches no recursive function)
F_N, F_LEADER, F_TLEFT, F_LEFT, F_ALPHA, F_BETA, F_A0, F_B0 = 0, 1, 2, 3, 4, 5, 6, 7
F_BEST, F_BESTC, F_IDX, F_K, F_I, F_NT, F_MY, F_SEAT = 8, 9, 10, 11, 12, 13, 14, 15
F_MAX, F_SPOS, F_GAIN, F_DREW, F_WSEAT, F_HW, F_HL, F_REM = 16, 17, 18, 19, 20, 21, 22, 23
F_KEY, F_WP = 24, 25
NF = 26
MAX_DEPTH = 64
ENTER, NEXT, RETURN = 0, 1, 2


# A table row, 32 bytes: the cards in the hands, the hands of seats 1 and 3, of seats 2 and 3
# (the four hands exactly), then one word: the key (epoch, leader, stock position) above bit
# 32, the upper and lower bounds, the plies searched below and the best card + 1.  A bucket's
# two rows share one cache line, and a full deal's table of 128k rows (4 MB) stays in the
# processor's second-level cache: the probe of a row was the search's costliest instruction
# (a sixth of its time over 30 full deals) when rows were 64 bytes and the table 16 MB.
T_WIDTH = 4
T_W = 3
KEY_SHIFT = 32  # epoch << 40 | leader << 38 | stock position << 32
KEY_MASK = -(1 << KEY_SHIFT)  # (the sign bit stays 0: the epoch has 23 bits)
EPOCHS = 1 << 23
HI_SHIFT, LO_SHIFT, PLY_SHIFT = 22, 12, 6  # upper bound (1023: none), lower bound + 1 (0: none)
NO_HI = 1023
MAX_VALUE = 1021
"""The largest value a table row can hold (10 bits a bound)."""


@jit_inline
def _tt_row(h0: int, h1: int, h2: int, h3: int) -> tuple[int, int, int]:
    """A row's first three words for these hands: the cards in them, then the hands of seats
    1 and 3 and of seats 2 and 3 (the four hands are disjoint: exactly these hands)."""
    return h0 | h1 | h2 | h3, h1 | h3, h2 | h3


@jit_inline
def _tt_key(epoch: int, leader: int, spos: int) -> int:
    return (epoch << 40) | (leader << 38) | (spos << KEY_SHIFT)


@jit_inline
def _tt_match(r0: int, a0: int, b0: int, w0: int, r: int, a: int, b: int, key: int) -> bool:
    """Whether the row ``(r0, a0, b0, w0)`` holds the position ``(r, a, b)`` of ``key``.
    (The table helpers take a row's words, not the table: passing an array to a function,
    inlined or not, costs two atomic reference counts a call: 7% of the search's time.)"""
    return (w0 & KEY_MASK) == key and r0 == r and a0 == a and b0 == b


@jit_inline
def _tt_lo(w: int) -> int:
    x = (w >> LO_SHIFT) & 1023
    return x - 1 if x > 0 else -INF


@jit_inline
def _tt_hi(w: int) -> int:
    x = (w >> HI_SHIFT) & 1023
    return x if x < NO_HI else INF


@jit_inline
def _tt_plies(w: int) -> int:
    return (w >> PLY_SHIFT) & 63


@jit_inline
def _tt_word(match: bool, w0: int, key: int, value: int, alpha: int, beta: int, move: int) -> int:
    """The last word of a row for what a search within ``(alpha, beta)`` that returned
    ``value`` (fail-soft) tells of the position of ``key``: an upper bound at or below
    ``alpha``, a lower bound at or above ``beta``, else the exact value, each merged with the
    bounds of the row's word ``w0`` when the row holds this position (``match``); ``move`` is
    the best card + 1 and the plies left << ``PLY_SHIFT``."""
    lo = -INF
    hi = INF
    if match:
        lo = _tt_lo(w0)
        hi = _tt_hi(w0)
    if value <= alpha:
        if value < hi:
            hi = value
    elif value >= beta:
        if value > lo:
            lo = value
    else:
        lo = value
        hi = value
    return (
        key
        | ((hi if hi < INF else NO_HI) << HI_SHIFT)
        | ((lo + 1 if lo > -INF else 0) << LO_SHIFT)
        | move
    )


@jit
def search(
    hands: np.ndarray,
    tricks: np.ndarray,
    n0: int,
    leader0: int,
    tleft0: int,
    left0: int,
    alpha0: int,
    beta0: int,
    power: np.ndarray,
    points: np.ndarray,
    higher: np.ndarray,
    cfg: np.ndarray,
    side: np.ndarray,
    stock: np.ndarray,
    spos0: int,
    tt: np.ndarray,
    stats: np.ndarray,
    epoch: int,
    hist: np.ndarray,
    max_nodes: int,
) -> int:
    """Best value for the max side from this position (fail-soft alpha-beta).

    ``tricks[tleft]`` holds the current trick's first ``n`` cards; ``tleft`` counts the
    tricks not finished (the current one included); ``left`` is all the value still to be
    won (cards in hands, on the table and in the stock, bonus and per-trick values).
    ``stock[spos:]`` is what is left of the two-player stock (top first): while it lasts any
    card may be played and after each trick the winner draws first.  ``tt`` is
    ``(size, T_WIDTH)`` int64, a row an entry for a position at the start of a trick (see
    :data:`T_WIDTH`; buckets of two rows keep the deeper entry), probed only there: a probe
    costs a cache miss and saves few nodes inside a trick (measured:
    ``benchmarks/results/solver-kernel-history.md``).
    ``epoch`` (1 to ``EPOCHS - 1``, in the key) tells this solve's entries from an earlier
    solve's, so one table serves many solves without being cleared.  The search keeps its
    own stack of frames instead of recursing.

    ``stats[0]`` counts the nodes; once it passes ``max_nodes`` the search gives up at
    once, sets ``stats[1]`` to 1 and returns 0 with ``hands`` and ``tricks`` left in the middle
    of the search (the caller throws them away).
    """
    np_ = cfg[C_NPLAYERS]
    ts = cfg[C_TS]
    rule = follow_rule(cfg)
    size_mask = tt.shape[0] - 1
    nstock = stock.shape[0]
    fr = np.empty((MAX_DEPTH, NF), dtype=np.int64)
    cards = np.empty((MAX_DEPTH, 16), dtype=np.int64)
    tried = np.empty((MAX_DEPTH, 16), dtype=np.int64)
    scores = np.empty((MAX_DEPTH, 16), dtype=np.int64)
    # the killers: the last two cards that cut off at each depth of this search (tried
    # after the table's move on the first and third card of a trick: over 30 full deals,
    # 24% fewer nodes for every card's value and 20% for the value and best cards; on the
    # second and fourth card, where the card's effect on the trick orders better, more)
    killer = np.full(MAX_DEPTH, -1, dtype=np.int64)
    killer2 = np.full(MAX_DEPTH, -1, dtype=np.int64)
    d = 0
    fr[0, F_N] = n0
    fr[0, F_LEADER] = leader0
    fr[0, F_TLEFT] = tleft0
    fr[0, F_LEFT] = left0
    fr[0, F_ALPHA] = alpha0
    fr[0, F_BETA] = beta0
    fr[0, F_SPOS] = spos0
    # the cards not won yet (hands, table, stock): they change only when a trick ends
    rem = hands[0] | hands[1] | hands[2] | hands[3]
    for i in range(n0):
        rem |= 1 << tricks[tleft0, i]
    for i in range(spos0, nstock):
        rem |= 1 << stock[i]
    fr[0, F_REM] = rem
    # the position of the card winning the trick so far, carried from frame to frame
    fr[0, F_WP] = winner_pos(tricks, tleft0, n0, power, ts) if n0 > 0 else 0
    # the trumps from the highest down, for the bound of the master trumps
    ntrumps = 0
    torder = np.empty(16, dtype=np.int64)
    if ts >= 0 and cfg[C_ALL_TRUMP] == 0:
        tm = cfg[C_TRUMP_MASK]
        while tm != 0:
            low = tm & -tm
            tm ^= low
            c = bit_index(low)
            j = ntrumps
            while j > 0 and power[torder[j - 1]] < power[c]:
                torder[j] = torder[j - 1]
                j -= 1
            torder[j] = c
            ntrumps += 1
    # a trick's own value (Callbreak) goes with each master trump only when the side holding
    # them is one seat: two partners' masters may fall in one trick
    nside = side[0] + side[1] + side[2] + side[3]
    trick_max = cfg[C_PER_TRICK] if np_ == 2 or nside == 1 else 0
    trick_min = cfg[C_PER_TRICK] if np_ == 2 or nside == 3 else 0
    nodes = stats[0]
    mode = ENTER
    ret = 0
    while True:
        if mode == ENTER:
            nodes += 1
            if nodes > max_nodes:
                stats[0] = nodes
                stats[1] = 1
                return 0
            n = fr[d, F_N]
            leader = fr[d, F_LEADER]
            tleft = fr[d, F_TLEFT]
            left = fr[d, F_LEFT]
            alpha = fr[d, F_ALPHA]
            beta = fr[d, F_BETA]
            spos = fr[d, F_SPOS]
            tt_move = -1
            done = False
            if n == 0 and tleft == 0:
                done = True
                ret = 0
            elif tleft == 1 and spos >= nstock:
                # the last trick is forced: each player left holds one card
                for i in range(n, np_):
                    s_i = seat_at(leader, i, np_)
                    tricks[1, i] = bit_index(hands[s_i] & -hands[s_i])
                wp = winner_pos(tricks, 1, np_, power, ts)
                ret = 0
                if side[seat_at(leader, wp, np_)] != 0:
                    ret = cfg[C_PER_TRICK] + cfg[C_BONUS]
                    for i in range(np_):
                        ret += points[tricks[1, i]]
                done = True
            elif left <= alpha or beta <= 0:
                # the max side wins at most all that is left, at least nothing
                done = True
                ret = left if left <= alpha else 0
            if not done and n == 0 and ntrumps > 0:
                # the top trumps still in play held by one side each win a trick for it
                # (nothing beats the highest trump, and the next ones are beaten only by
                # their own side's): their points are that side's whatever is played
                rem = fr[d, F_REM]
                held = hands[0] | hands[1] | hands[2] | hands[3]
                maxh = 0
                for q in range(4):
                    if side[q] != 0:
                        maxh |= hands[q]
                msum = 0
                mside = -1
                for j in range(ntrumps):
                    c = torder[j]
                    b = 1 << c
                    if (rem & b) == 0:
                        continue
                    if (held & b) == 0:  # in the stock
                        break
                    sd = 1 if (maxh & b) != 0 else 0
                    if mside < 0:
                        mside = sd
                    elif sd != mside:
                        break
                    msum += points[c] + (trick_max if mside == 1 else trick_min)
                if mside == 1 and msum >= beta:
                    done = True
                    ret = msum
                elif mside == 0 and left - msum <= alpha:
                    done = True
                    ret = left - msum
            if not done:
                if n != 0:
                    fr[d, F_IDX] = -1
                else:
                    h0 = hands[0]
                    h1 = hands[1]
                    h2 = hands[2]
                    h3 = hands[3]
                    r, a, b = _tt_row(h0, h1, h2, h3)
                    key = _tt_key(epoch, leader, spos)
                    fr[d, F_KEY] = key
                    idx = _tt_index(h0, h1, h2, h3, leader + 4 * spos, size_mask)
                    hit = _tt_match(tt[idx, 0], tt[idx, 1], tt[idx, 2], tt[idx, T_W], r, a, b,
                                    key)
                    if not hit:
                        # two rows a bucket: the other one if it matches, else the one to
                        # replace: an earlier solve's, or the shallower
                        alt = idx ^ 1
                        hit = _tt_match(tt[alt, 0], tt[alt, 1], tt[alt, 2], tt[alt, T_W], r, a,
                                        b, key)
                        if hit:
                            idx = alt
                        elif (tt[idx, T_W] >> 40) != epoch:
                            pass
                        elif (tt[alt, T_W] >> 40) != epoch or (
                            _tt_plies(tt[alt, T_W]) < _tt_plies(tt[idx, T_W])
                        ):
                            idx = alt
                    fr[d, F_IDX] = idx
                    if hit:
                        w = tt[idx, T_W]
                        tt_move = (w & 63) - 1
                        lo = _tt_lo(w)
                        hi = _tt_hi(w)
                        if lo >= beta:
                            done = True
                            ret = lo
                        elif hi <= alpha:
                            done = True
                            ret = hi
                        elif lo == hi:
                            done = True
                            ret = lo
                        else:
                            if lo > alpha:
                                alpha = lo
                            if hi < beta:
                                beta = hi
            if not done and (left <= alpha or beta <= 0):
                # the same bounds, within the table's narrower window
                done = True
                ret = left if left <= alpha else 0
            if not done and n == 0 and tleft == 2 and np_ == 4 and spos >= nstock:
                # the last two tricks: searched by plain loops, then the node ends as one
                # with no card left to try (NEXT stores the result in the table)
                fr[d, F_BEST] = two_tricks(hands[0], hands[1], hands[2], hands[3], leader,
                                           alpha, beta, power, points, higher, side, cfg)
                fr[d, F_BESTC] = -1
                fr[d, F_A0] = alpha
                fr[d, F_B0] = beta
                fr[d, F_K] = 0
                fr[d, F_I] = 0
                mode = NEXT
                continue
            if done:
                mode = RETURN
                continue
            fr[d, F_ALPHA] = alpha
            fr[d, F_BETA] = beta
            fr[d, F_A0] = alpha
            fr[d, F_B0] = beta
            seat = seat_at(leader, n, np_)
            fr[d, F_SEAT] = seat
            mx = side[seat]
            fr[d, F_MAX] = mx
            fr[d, F_MY] = hands[seat]
            # the legal cards into cards[d] and how promising each is into scores[d] (the
            # search takes the best-scored card left each time instead of sorting: a cut-off
            # often comes after one or two cards).  The table's move first; then, for the
            # first and third card of a trick, the two killers of this depth (the last two
            # cards that cut off here); leads by high cards; other cards by what they do to
            # the trick (win cheaply, give points to a winning partner, throw low); the
            # history of cut-offs breaking ties.  (Written out here: a function taking the
            # arrays would cost reference counting at every node.)
            wc = -1
            mine_winning = False
            led = -1
            lm = hands[seat]
            if n > 0:
                w = fr[d, F_WP]
                wc = tricks[tleft, w]
                mine_winning = side[seat_at(leader, w, np_)] == mx
                led = tricks[tleft, 0] >> 4
                if spos >= nstock:
                    lm = legal_after(lm, led, wc, n, w, higher[wc], rule)
            k = 0
            m = lm
            while m != 0:
                low = m & -m
                cards[d, k] = bit_index(low)
                k += 1
                m ^= low
            if k > 1:
                for i in range(k):
                    c = cards[d, i]
                    h = hist[c]
                    if h > 1048575:
                        h = 1048575
                    if c == tt_move:
                        scores[d, i] = 1 << 50
                    elif (n & 1) == 0 and c == killer[d]:
                        scores[d, i] = 1 << 49
                    elif (n & 1) == 0 and c == killer2[d]:
                        scores[d, i] = 1 << 48
                    elif n == 0:
                        scores[d, i] = ((power[c] * 4 + points[c]) << 20) + h
                    else:
                        s = c >> 4
                        wins = False
                        if s == ts:
                            wins = ((wc >> 4) != ts) or power[c] > power[wc]
                        elif s == led:
                            wins = ((wc >> 4) == led) and power[c] > power[wc]
                        if wins and not mine_winning:
                            base = 1000 - power[c] * 8 + points[c]
                        elif mine_winning and not wins:
                            base = 500 + points[c]
                        elif wins:
                            base = 300 + points[c]
                        else:
                            base = 100 - points[c] - power[c]
                        scores[d, i] = (base << 20) + h
            fr[d, F_K] = k
            fr[d, F_I] = 0
            fr[d, F_NT] = 0
            fr[d, F_BEST] = -INF if mx != 0 else INF
            fr[d, F_BESTC] = -1
            mode = NEXT
        elif mode == NEXT:
            n = fr[d, F_N]
            k = fr[d, F_K]
            i = fr[d, F_I]
            nt = fr[d, F_NT]
            rem = fr[d, F_REM]
            c = -1
            if fr[d, F_ALPHA] < fr[d, F_BETA]:
                while i < k:
                    # the best-scored card left moves to place i
                    bj = i
                    for j in range(i + 1, k):
                        if scores[d, j] > scores[d, bj]:
                            bj = j
                    x = cards[d, bj]
                    if bj != i:
                        cards[d, bj] = cards[d, i]
                        scores[d, bj] = scores[d, i]
                        cards[d, i] = x
                    i += 1
                    eq = False
                    for j in range(nt):
                        y = tried[d, j]
                        if (y >> 4) == (x >> 4) and points[y] == points[x]:
                            if power[y] > power[x]:
                                between = higher[x] & ~higher[y] & ~(1 << y)
                            else:
                                between = higher[y] & ~higher[x] & ~(1 << x)
                            if (between & rem) == 0:
                                eq = True
                                break
                    if not eq:
                        c = x
                        break
            fr[d, F_I] = i
            if c < 0:
                best = fr[d, F_BEST]
                idx = fr[d, F_IDX]
                if idx < 0:
                    ret = best
                    mode = RETURN
                    continue
                # the table's row: the bounds the search found, merged with the row's own
                # when it holds this position
                r, a, b = _tt_row(hands[0], hands[1], hands[2], hands[3])
                key = fr[d, F_KEY]
                w0 = tt[idx, T_W]
                tt[idx, T_W] = _tt_word(
                    _tt_match(tt[idx, 0], tt[idx, 1], tt[idx, 2], w0, r, a, b, key), w0, key,
                    best, fr[d, F_A0], fr[d, F_B0],
                    (fr[d, F_BESTC] + 1) | ((4 * fr[d, F_TLEFT] - n) << PLY_SHIFT),
                )
                tt[idx, 0] = r
                tt[idx, 1] = a
                tt[idx, 2] = b
                ret = best
                mode = RETURN
                continue
            tried[d, nt] = c
            fr[d, F_NT] = nt + 1
            seat = fr[d, F_SEAT]
            leader = fr[d, F_LEADER]
            tleft = fr[d, F_TLEFT]
            spos = fr[d, F_SPOS]
            hands[seat] = fr[d, F_MY] & ~(1 << c)
            tricks[tleft, n] = c
            e = d + 1
            fr[d, F_DREW] = 0
            # the winner once c is played
            nw = 0
            if n > 0:
                nw = fr[d, F_WP]
                wc = tricks[tleft, nw]
                s = c >> 4
                if s == ts:
                    if (wc >> 4) != ts or power[c] > power[wc]:
                        nw = n
                elif s == (tricks[tleft, 0] >> 4) and s == (wc >> 4) and power[c] > power[wc]:
                    nw = n
            if n + 1 < np_:
                fr[e, F_WP] = nw
                fr[d, F_GAIN] = 0
                fr[e, F_N] = n + 1
                fr[e, F_LEADER] = leader
                fr[e, F_TLEFT] = tleft
                fr[e, F_LEFT] = fr[d, F_LEFT]
                fr[e, F_ALPHA] = fr[d, F_ALPHA]
                fr[e, F_BETA] = fr[d, F_BETA]
                fr[e, F_SPOS] = spos
                fr[e, F_REM] = fr[d, F_REM]
            else:
                wseat = seat_at(leader, nw, np_)
                v = cfg[C_PER_TRICK]
                # (two or four cards, written out: a loop here was compiled to vector
                # gathers, slower for so few)
                t0 = tricks[tleft, 0]
                t1 = tricks[tleft, 1]
                v += points[t0] + points[t1]
                out = (1 << t0) | (1 << t1)
                if np_ == 4:
                    t2 = tricks[tleft, 2]
                    t3 = tricks[tleft, 3]
                    v += points[t2] + points[t3]
                    out |= (1 << t2) | (1 << t3)
                fr[e, F_REM] = fr[d, F_REM] & ~out
                if tleft == 1:
                    v += cfg[C_BONUS]
                gain = v if side[wseat] != 0 else 0
                fr[d, F_GAIN] = gain
                nspos = spos
                if spos < nstock:
                    # two players: the winner draws the top stock card, the loser the next
                    lseat = (wseat + 2) & 3
                    fr[d, F_DREW] = 1
                    fr[d, F_WSEAT] = wseat
                    fr[d, F_HW] = hands[wseat]
                    fr[d, F_HL] = hands[lseat]
                    hands[wseat] = hands[wseat] | (1 << stock[spos])
                    hands[lseat] = hands[lseat] | (1 << stock[spos + 1])
                    nspos = spos + 2
                # the next trick's table row, asked of the memory now: its probe comes soon
                prefetch(tt, _tt_index(hands[0], hands[1], hands[2], hands[3],
                                       wseat + 4 * nspos, size_mask))
                fr[e, F_N] = 0
                fr[e, F_LEADER] = wseat
                fr[e, F_TLEFT] = tleft - 1
                fr[e, F_LEFT] = fr[d, F_LEFT] - v
                fr[e, F_ALPHA] = fr[d, F_ALPHA] - gain
                fr[e, F_BETA] = fr[d, F_BETA] - gain
                fr[e, F_SPOS] = nspos
            d = e
            mode = ENTER
        else:  # RETURN
            if d == 0:
                stats[0] = nodes
                return ret
            d -= 1
            if fr[d, F_DREW] != 0:
                # the draws first: they were saved after the card left the hand
                wseat = fr[d, F_WSEAT]
                hands[wseat] = fr[d, F_HW]
                hands[(wseat + 2) & 3] = fr[d, F_HL]
            seat = fr[d, F_SEAT]
            hands[seat] = fr[d, F_MY]
            val = ret + fr[d, F_GAIN]
            c = tried[d, fr[d, F_NT] - 1]
            if fr[d, F_MAX] != 0:
                if val > fr[d, F_BEST]:
                    fr[d, F_BEST] = val
                    fr[d, F_BESTC] = c
                if val > fr[d, F_ALPHA]:
                    fr[d, F_ALPHA] = val
            else:
                if val < fr[d, F_BEST]:
                    fr[d, F_BEST] = val
                    fr[d, F_BESTC] = c
                if val < fr[d, F_BETA]:
                    fr[d, F_BETA] = val
            if fr[d, F_ALPHA] >= fr[d, F_BETA]:
                tl = fr[d, F_TLEFT]
                hist[c] += tl * tl
                if killer[d] != c:  # (kept at every depth, used at even n)
                    killer2[d] = killer[d]
                    killer[d] = c
            mode = NEXT


@jit
def narrow(
    card: int,
    lo: int,
    hi: int,
    first: int,
    tolerance: int,
    exact_nodes: int,
    hands: np.ndarray,
    tricks: np.ndarray,
    n: int,
    leader: int,
    tleft: int,
    left: int,
    power: np.ndarray,
    points: np.ndarray,
    higher: np.ndarray,
    cfg: np.ndarray,
    side: np.ndarray,
    stock: np.ndarray,
    tt: np.ndarray,
    stats: np.ndarray,
    epoch: int,
    hist: np.ndarray,
    max_nodes: int,
) -> tuple[int, int]:
    """Bounds ``(lo, hi)`` of the value for the max side of the position after the seat to
    play plays ``card`` (``-1``: of the position itself), counted from the position (the
    points of a trick ``card`` completes and its max side wins, then the search's), found by
    null-window tests of :func:`search` from ``[lo, hi]``; the table keeps the bounds between
    tests, and the arrays are as they were on return (unless a search gave up).  Exact
    unless ``stats[0]`` has reached ``exact_nodes``: from then on the tests stop once
    ``hi - lo`` is at most ``2 * tolerance``.  (The only entry point Python calls: numba
    compiles :func:`search` once, into it.)

    Without ``first`` (``-1``) the tests bisect: measured on full deals this takes fewer
    nodes than MTD(f), whose steps of one point took up to 66 passes where bisection takes
    about 7.  The first test goes at ``first`` when given: :func:`~belote_lab.solver.position.
    solve_position` passes the best value found so far for the other cards, which asks first
    whether this card is as good (8% fewer nodes for every card's value over 20 full deals).
    After it the tests go on as MTD(f) does, each at the bound the last one returned (a
    card's value is often that bound, or near it): every card's value over 50 full deals,
    11.6% fewer nodes than bisecting after the first test, 10% fewer after 2 tricks.  Each
    test moves a bound, so the loop ends; a search that gives up (``stats[1]``) ends it too.
    (To a tolerance the tests bisect.)
    """
    np_ = cfg[C_NPLAYERS]
    # the position searched: this one, the same trick one card on, or the next trick (one
    # call of search, with variables only: each literal argument would compile it anew)
    cn = n
    cleader = leader
    ctleft = tleft
    cleft = left
    gain = 0
    spos = 0
    seat = 0
    mine = hands[0]
    wseat = 0
    lseat = 2
    hw = hands[0]
    hl = hands[2]
    if card >= 0:
        seat = seat_at(leader, n, np_)
        mine = hands[seat]
        hands[seat] = mine & ~(1 << card)
        tricks[tleft, n] = card
        cn = n + 1
        if cn == np_:
            wseat = seat_at(leader, winner_pos(tricks, tleft, np_, power, cfg[C_TS]), np_)
            v = cfg[C_PER_TRICK]
            for i in range(np_):
                v += points[tricks[tleft, i]]
            if tleft == 1:
                v += cfg[C_BONUS]
            gain = v if side[wseat] != 0 else 0
            lseat = (wseat + 2) & 3
            hw = hands[wseat]
            hl = hands[lseat]
            if stock.shape[0] >= 2:
                # two players: the winner draws the top stock card, the loser the next
                hands[wseat] = hw | (1 << stock[0])
                hands[lseat] = hl | (1 << stock[1])
                spos = 2
            cn = 0
            cleader = wseat
            ctleft = tleft - 1
            cleft = left - v
    steps = first >= 0
    while True:
        width = 2 * tolerance if stats[0] >= exact_nodes else 0
        if hi - lo <= width:
            break
        mid = (lo + hi + 1) // 2 if first < 0 else min(max(first, lo + 1), hi)
        # a null-window test: is the value at least mid?
        g = gain + search(hands, tricks, cn, cleader, ctleft, cleft, mid - 1 - gain,
                          mid - gain, power, points, higher, cfg, side, stock, spos, tt, stats,
                          epoch, hist, max_nodes)
        if stats[1] != 0:
            break
        if g >= mid:
            lo = g
            first = g + 1
        else:
            hi = g
            first = g
        if not steps or width > 0:
            first = -1
    if card >= 0:
        hands[wseat] = hw
        hands[lseat] = hl
        hands[seat] = mine
    return lo, hi
