"""From game states to the solver kernel's arrays, and back to cards and values."""

from __future__ import annotations

import operator
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from belote_lab.cards import SEATS, Card, mask_cards
from belote_lab.contract import Contract
from belote_lab.games import get as get_game
from belote_lab.games.base import TrickPlay
from belote_lab.solver import kernel as K
from belote_lab.trick import FollowRules

__all__ = [
    "Estimate",
    "Position",
    "PositionError",
    "SearchAborted",
    "Solution",
    "check_position",
    "default_side",
    "estimate_position",
    "position_of",
    "solve",
    "solve_position",
    "solve_value",
    "total_left",
    "TT_SIZE",
]

TT_SIZE = 1 << 20


class PositionError(ValueError):
    """A :class:`Position` that cannot be a real one (the message says what is wrong); it is
    refused before the compiled search, which would read out of its arrays or never end."""


_CONTRACTS = frozenset(
    Contract.parse(x) for x in ("S", "H", "D", "C", "NT", "AT", "callbreak")
)
_CONTRACT_IDS = frozenset(id(c) for c in _CONTRACTS)  # (they live as long as the module)


def _whole(x: object, what: str) -> int:
    """``x`` as an ``int`` (numpy integers too, not a ``bool``), else :class:`PositionError`."""
    if isinstance(x, bool):
        raise PositionError(f"{what} must be a whole number, not {x!r}")
    try:
        return operator.index(x)  # type: ignore[arg-type]
    except TypeError:
        raise PositionError(f"{what} must be a whole number, not {x!r}") from None


def _names(seats: tuple[int, ...]) -> str:
    return " ".join(SEATS[x] for x in seats)


def _cards_text(mask: int) -> str:
    return " ".join(c.text for c in mask_cards(mask))


def _add_cards(codes: Any, name: str, deck: int, seen: int, clash: str) -> int:
    """``seen`` with the cards ``codes`` (``name[i]`` in messages) added, each checked to be a
    card of ``deck`` not seen yet (``clash`` ends the message of a card seen twice)."""
    for i, code in enumerate(codes):
        if type(code) is not int and type(code) is not Card:
            code = _whole(code, f"{name}[{i}]")
        if not (0 <= code < 64 and deck >> code & 1):
            raise PositionError(f"{name}[{i}] ({code}) is not a card of this contract's deck")
        if seen >> code & 1:
            raise PositionError(f"{Card(code).text} {clash}")
        seen |= 1 << code
    return seen


def check_position(pos: Position) -> None:
    """Raise :class:`PositionError` naming what is wrong if ``pos`` cannot be a position of a
    hand: the players (4, or 2 at seats N and S), four hands of cards of the contract's deck
    that no two hands share, a current trick of fewer cards than players, a leader and a
    max side among the seats in play, a contract and a following rule, and hands that add
    up to ``tricks_left`` (every seat holds the same number of cards once the current trick's
    cards are given back to the seats that played them; two players: the stock too).

    Cheap next to any search (a few microseconds): :func:`solve_position` calls it once.

    >>> from belote_lab.games.belote import BeloteHand
    >>> pos = position_of(BeloteHand.from_hands(["AS KS QS JS TS 9S 8S 7S",
    ...     "AH KH QH JH TH 9H 8H 7H", "AD KD QD JD TD 9D 8D 7D",
    ...     "AC KC QC JC TC 9C 8C 7C"], "S", 0, 0))
    >>> check_position(pos)
    >>> check_position(replace(pos, tricks_left=7))
    Traceback (most recent call last):
    ...
    belote_lab.solver.position.PositionError: the hands do not add up to 7 tricks left: \
every seat holds 8 cards (the current trick's cards given back)
    """
    # (the fast paths first: plain ints, the usual contracts; the messages built on error only)
    np_, seats = _checked_players(pos.nplayers)
    deck = _checked_rules(pos)
    seen, counts = _checked_hands(pos.hands, deck, np_)
    leader = pos.leader
    if type(leader) is not int:
        leader = _whole(leader, "leader")
    if leader not in seats:
        raise PositionError(f"the leader must be one of the seats {_names(seats)} (0–3), "
                            f"not {leader}")
    trick = pos.trick
    if not isinstance(trick, (list, tuple)) or len(trick) >= np_:
        raise PositionError(
            f"the current trick must be a list of 0 to {np_ - 1} cards (a complete trick is "
            f"over), not {trick!r}"
        )
    seen = _add_cards(trick, "trick", deck, seen, "is both on the table and in a hand")
    stock = pos.stock
    if not isinstance(stock, (list, tuple)):
        raise PositionError(f"stock must be a list of cards, not {stock!r}")
    if stock and (np_ != 2 or len(stock) % 2):
        raise PositionError(
            "only a two-player position has a stock, and it holds an even number of cards; "
            f"got {len(stock)} with {np_} players"
        )
    seen = _add_cards(stock, "stock", deck, seen, "is in the stock and elsewhere too")
    tl = pos.tricks_left
    if type(tl) is not int:
        tl = _whole(tl, "tricks_left")
    for i in range(len(trick)):  # the cards on the table go back to their seats
        counts[(leader + (2 * i if np_ == 2 else i)) & 3] += 1
    _check_tricks_left(tl, seen, counts, seats, len(stock), np_)
    _check_side_and_values(pos, seats, tl)


def _checked_players(nplayers: Any) -> tuple[int, tuple[int, ...]]:
    """The number of players (4, or 2) and their seats."""
    np_ = nplayers
    if type(np_) is not int:
        np_ = _whole(np_, "nplayers")
    if np_ != 4 and np_ != 2:
        raise PositionError(f"nplayers must be 4 or 2 (seats N and S), not {np_}")
    return np_, ((0, 1, 2, 3) if np_ == 4 else (0, 2))


def _checked_rules(pos: Position) -> int:
    """Check the contract and the following rule; returns the contract's deck (a mask)."""
    contract = pos.contract
    if id(contract) not in _CONTRACT_IDS and (
        not isinstance(contract, Contract) or not any(contract == c for c in _CONTRACTS)
    ):
        raise PositionError(
            f"contract must be a Contract (a trump suit S H D C, NT, AT or callbreak), "
            f"not {contract!r}"
        )
    if pos.follow.__class__ is not FollowRules and not isinstance(pos.follow, FollowRules):
        raise PositionError(f"follow must be a FollowRules, not {pos.follow!r}")
    return contract.tables.deck_mask


def _checked_hands(hands: Any, deck: int, np_: int) -> tuple[int, list[int]]:
    """Check the four hands; returns the cards they hold (a mask) and each one's count."""
    if not isinstance(hands, (list, tuple)) or len(hands) != 4:
        raise PositionError(
            "hands must be a list of 4 card masks (one a seat, N E S W), "
            f"not {hands!r}"
        )
    seen = 0
    counts = [0, 0, 0, 0]
    off_deck = ~deck
    for i in range(4):
        m = hands[i]
        if type(m) is not int:
            m = _whole(m, f"hands[{i}] ({SEATS[i]})")
        if m < 0 or m & off_deck:
            raise PositionError(
                f"hands[{i}] ({SEATS[i]}) holds a card that is not in this contract's deck "
                f"(a mask of {deck.bit_count()} cards)"
            )
        if m and np_ == 2 and i & 1:
            raise PositionError(
                f"{SEATS[i]} holds cards, but a two-player position has only the seats N and S"
            )
        if m & seen:
            raise PositionError(f"cards in two hands: {_cards_text(m & seen)}")
        seen |= m
        counts[i] = m.bit_count()
    return seen, counts


def _check_tricks_left(
    tl: int, seen: int, counts: list[int], seats: tuple[int, ...], stock: int, np_: int
) -> None:
    """The cards in play (``seen``; ``counts`` a seat, the current trick's cards given back;
    ``stock`` cards in the stock) add up to ``tl`` tricks left."""
    held = {counts[x] for x in seats}
    if tl < 0:
        raise PositionError(f"tricks_left must be 0 or more, not {tl}")
    if tl == 0:
        if seen:
            raise PositionError(
                "tricks_left is 0 (the hand is over) but cards are still in play: "
                f"{_cards_text(seen)}"
            )
    elif len(held) != 1:
        shown = ", ".join(f"{SEATS[x]} {counts[x]}" for x in seats)
        raise PositionError(
            "the seats hold unequal numbers of cards (the current trick's cards given "
            f"back): {shown}"
        )
    else:
        k = held.pop()
        if k < 1 or k + stock // np_ != tl:
            extra = f" and {stock} in the stock" if stock else ""
            raise PositionError(
                f"the hands do not add up to {tl} tricks left: every seat holds {k} cards "
                f"(the current trick's cards given back){extra}"
            )
        if k > 16:
            raise PositionError(f"a hand of {k} cards is more than the solver handles (16)")


def _check_side_and_values(pos: Position, seats: tuple[int, ...], tricks_left: int) -> None:
    """The max side (seats 0-3, at least one of them in play: a two-player side may name the
    empty seats too, as Solution.side does), ``per_trick`` and ``bonus``, and the value left
    to win within what the solver's table holds (:data:`~belote_lab.solver.kernel.MAX_VALUE`).

    >>> from belote_lab.games.belote import BeloteHand
    >>> pos = position_of(BeloteHand.from_hands(["AS KS QS JS TS 9S 8S 7S",
    ...     "AH KH QH JH TH 9H 8H 7H", "AD KD QD JD TD 9D 8D 7D",
    ...     "AC KC QC JC TC 9C 8C 7C"], "S", 0, 0))
    >>> check_position(replace(pos, bonus=2000))
    Traceback (most recent call last):
    ...
    belote_lab.solver.position.PositionError: the value left to win (the cards' 152, bonus \
2000, per_trick 0 × 8 tricks) is 2152, more than the solver's limit of 1021
    """
    side = pos.max_side
    if not isinstance(side, (tuple, list)) or not any(x in seats for x in side):
        raise PositionError(
            f"max_side must be a tuple of seats (0–3) with one or more of {_names(seats)}, "
            f"not {side!r}"
        )
    for x in side:
        if type(x) is not int or not 0 <= x < 4:
            raise PositionError(f"max_side must be a tuple of seats (0–3), but it holds {x!r}")
    values = []
    for name, v in (("per_trick", pos.per_trick), ("bonus", pos.bonus)):
        if type(v) is not int:
            v = _whole(v, name)
        if v < 0:
            raise PositionError(f"{name} must be 0 or more, not {v!r}")
        values.append(v)
    per_trick, bonus = values
    cards = _card_points(pos)
    left = cards + bonus + per_trick * tricks_left
    if left > K.MAX_VALUE:
        shown = str(left) if left < 10**12 else "over 10¹²"
        raise PositionError(
            f"the value left to win (the cards' {cards}, bonus {_short(bonus)}, per_trick "
            f"{_short(per_trick)} × {tricks_left} tricks) is {shown}, more than the solver's "
            f"limit of {K.MAX_VALUE}"
        )


def _short(v: int) -> str:
    """A whole number for a message: its digits, or how many there are when too many."""
    return str(v) if v < 10**12 else f"a number of {len(str(v))} digits"


@dataclass
class Position:
    """Everything the kernel needs: hands (4 masks), the current trick, who led it, how many
    tricks are left (the current one included), the contract and following rule, the seats
    of the max side, and for two-player Belote what is left of the stock (top first)."""

    hands: list[int]
    trick: list[int]
    leader: int
    tricks_left: int
    contract: Contract
    follow: FollowRules
    nplayers: int = 4
    max_side: tuple[int, ...] = (0, 2)
    per_trick: int = 0
    bonus: int = 10
    stock: list[int] = field(default_factory=list)

    @property
    def to_play(self) -> int:
        return K.seat_at(self.leader, len(self.trick), self.nplayers)

    def arrays(self) -> dict[str, Any]:
        t = self.contract.tables
        f = self.follow
        cfg = np.zeros(K.CFG_SIZE, dtype=np.int64)
        cfg[K.C_TS] = t.trump_suit
        cfg[K.C_ALL_TRUMP] = int(t.all_trump)
        cfg[K.C_FREE] = int(f.free)
        cfg[K.C_PARTNERS] = int(f.partners)
        cfg[K.C_BEAT_TRUMP] = int(f.beat_trump_lead)
        cfg[K.C_BEAT_LED] = int(f.beat_led_suit)
        cfg[K.C_MUST_TRUMP] = int(f.must_trump)
        cfg[K.C_UNDERTRUMP] = int(f.must_undertrump)
        cfg[K.C_NPLAYERS] = self.nplayers
        cfg[K.C_BONUS] = self.bonus
        cfg[K.C_PER_TRICK] = self.per_trick
        cfg[K.C_TRUMP_MASK] = t.trump_mask
        tricks = np.zeros((self.tricks_left + 1, 4), dtype=np.int64)
        for i, c in enumerate(self.trick):
            tricks[self.tricks_left, i] = c
        side = np.zeros(4, dtype=np.int64)
        for s in self.max_side:
            side[s] = 1
        return {
            "hands": np.array(self.hands, dtype=np.int64),
            "tricks": tricks,
            "power": np.array(t.power, dtype=np.int64),
            "points": np.array(t.points, dtype=np.int64),
            "higher": np.array(t.higher, dtype=np.int64),
            "cfg": cfg,
            "side": side,
            "stock": np.array(self.stock, dtype=np.int64),
        }

    def after(self, card: int) -> tuple[Position, int]:
        """The position once the seat to play has played ``card``, and the value the max
        side gained by it (all of a trick it completes and wins, else 0).

        >>> from belote_lab.games.belote import BeloteHand
        >>> pos = position_of(BeloteHand.from_hands(["AS KS QS JS TS 9S 8S 7S",
        ...     "AH KH QH JH TH 9H 8H 7H", "AD KD QD JD TD 9D 8D 7D",
        ...     "AC KC QC JC TC 9C 8C 7C"], "S", 0, 0))
        >>> for c in ("JS", "7H", "7D", "7C"):
        ...     pos, gain = pos.after(Card.parse(c))
        >>> pos.leader, pos.tricks_left, gain    # N's jack of trumps: 20 points for N-S
        (0, 7, 20)
        """
        hands = list(self.hands)
        seat = self.to_play
        hands[seat] &= ~(1 << card)
        trick = [*self.trick, int(card)]
        if len(trick) < self.nplayers:
            return replace(self, hands=hands, trick=trick), 0
        t = self.contract.tables
        padded = np.array([trick + [0] * (4 - len(trick))], dtype=np.int64)
        wp = K.winner_pos(padded, 0, self.nplayers, np.array(t.power, dtype=np.int64),
                          t.trump_suit)
        winner = K.seat_at(self.leader, wp, self.nplayers)
        value = self.per_trick + sum(t.points[c] for c in trick)
        if self.tricks_left == 1:
            value += self.bonus
        stock = list(self.stock)
        if len(stock) >= 2:  # two players: the winner draws first
            hands[winner] |= 1 << stock[0]
            hands[(winner + 2) % 4] |= 1 << stock[1]
            stock = stock[2:]
        nxt = replace(self, hands=hands, trick=[], leader=winner,
                      tricks_left=self.tricks_left - 1, stock=stock)
        return nxt, value if winner in self.max_side else 0

    def legal_mask(self, a: dict[str, Any] | None = None) -> int:
        """The legal cards of the seat to play (``a``: this position's :meth:`arrays`, when
        already built)."""
        if a is None:
            a = self.arrays()
        free = len(self.stock) > 0
        return int(
            K.legal(
                int(self.hands[self.to_play]),
                a["tricks"],
                self.tricks_left,
                len(self.trick),
                free,
                a["power"],
                a["higher"],
                a["cfg"],
            )
        )


@dataclass
class Solution:
    """Values of the legal cards for the side to play (``value`` = the best of them)."""

    values: dict[Card, int]
    value: int
    best: list[Card]
    side: tuple[int, ...]
    nodes: int
    ms: float
    already: int = 0  # points the side to play has won before this position
    pv: list[Card] = field(default_factory=list)
    """A principal variation: best play by every seat to the end of the hand (with
    ``pv=True``), starting with one of the ``best`` cards; ties go to the lowest card."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "values": {c.text: v for c, v in self.values.items()},
            "value": self.value,
            "best": [c.text for c in self.best],
            "nodes": self.nodes,
            "ms": round(self.ms, 3),
        }
        if self.pv:
            out["pv"] = [c.text for c in self.pv]
        return out


class _Table:
    """A transposition table; each solve takes a new ``epoch`` instead of clearing it."""

    def __init__(self, size: int = TT_SIZE) -> None:
        # rows of 32 bytes, the array aligned on 64 so that a bucket's two rows share one
        # cache line
        raw = np.zeros(size * K.T_WIDTH + 8, dtype=np.int64)
        skip = (-raw.ctypes.data % 64) // 8
        self.rows = raw[skip : skip + size * K.T_WIDTH].reshape(size, K.T_WIDTH)
        self.epoch = 0

    def next_epoch(self) -> int:
        self.epoch += 1
        if self.epoch >= K.EPOCHS:
            self.rows.fill(0)
            self.epoch = 1
        return self.epoch


_TABLES = threading.local()


def shared_table(size: int) -> _Table:
    """The table of this size kept between the solves of this thread (allocating 1M entries
    costs ~15 ms): the solves of one thread share it in turn, and each thread has its own,
    so that solves may run in several threads at once (the kernels release the GIL)."""
    tables: dict[int, _Table] | None = getattr(_TABLES, "by_size", None)
    if tables is None:
        tables = _TABLES.by_size = {}
    t = tables.get(size)
    if t is None:
        t = tables[size] = _Table(size)
    return t


class SearchAborted(RuntimeError):
    """A solve stopped at its node limit (its partial results are thrown away)."""

    def __init__(self, nodes: int, ms: float) -> None:
        super().__init__(f"the search stopped after {nodes:,} nodes ({ms:.0f} ms)")
        self.nodes = nodes
        self.ms = ms


NO_LIMIT = 1 << 62


class _Searcher:
    """Runs kernel searches from one position, sharing a transposition table.

    Past ``node_limit`` nodes a search raises :class:`SearchAborted`; the searcher's arrays
    are then unusable."""

    def __init__(
        self,
        pos: Position,
        tt: _Table | None = None,
        node_limit: int | None = None,
        epoch: int | None = None,
    ) -> None:
        self.pos = pos
        # a table in proportion to the search: endgames need only a small one, and a small
        # one stays in the processor's cache.  A full four-player deal gets 128k rows of 32
        # bytes (4 MB, the second-level cache here): 1.3% more nodes than 256k rows for
        # every card's value over 30 deals, for less time per node; two-player and Callbreak
        # hands, whose searches are far larger, get up to 1M
        self.tt = tt or shared_table(1 << min(20, 9 + pos.tricks_left))
        # a new epoch for a new solve; the same one to go on from a position of this solve
        self.epoch = self.tt.next_epoch() if epoch is None else epoch
        self.hist = np.zeros(64, dtype=np.int64)  # history of cut-offs, for move ordering
        self.a = pos.arrays()
        self.stats = np.zeros(2, dtype=np.int64)
        self.left = total_left(pos)
        if self.left > K.MAX_VALUE or len(pos.stock) >= 64:  # pragma: no cover - no game has
            raise ValueError(f"the table's rows hold values up to {K.MAX_VALUE} and stocks "
                             "under 64 cards")
        self.limit = NO_LIMIT if node_limit is None else node_limit
        self.t0 = time.perf_counter()

    def _check(self, value: int) -> int:
        if self.stats[1]:
            raise SearchAborted(int(self.stats[0]), (time.perf_counter() - self.t0) * 1e3)
        return int(value)

    def _args(self) -> tuple[Any, ...]:
        p, a = self.pos, self.a
        return (
            a["hands"], a["tricks"], len(p.trick), p.leader, p.tricks_left, self.left,
            a["power"], a["points"], a["higher"], a["cfg"], a["side"], a["stock"],
            self.tt.rows, self.stats, self.epoch, self.hist, self.limit,
        )

    def bounds(
        self, card: int, first: int | None = None, tolerance: int = 0,
        exact_nodes: int = NO_LIMIT, lo: int = 0, hi: int | None = None,
    ) -> tuple[int, int]:
        """Bounds of the value for the max side after ``card`` (``-1``: of the root) from
        null-window tests (:func:`~belote_lab.solver.kernel.narrow`, the first at ``first``
        when given) within ``[lo, hi]``: exact, or once ``exact_nodes`` nodes are searched
        at most ``2 * tolerance`` apart."""
        lo, hi = K.narrow(card, lo, self.left if hi is None else hi,
                          -1 if first is None else first, tolerance, exact_nodes,
                          *self._args())
        self._check(0)
        return int(lo), int(hi)

    def keeps(self, card: int, value: int, mine: bool) -> bool:
        """Whether ``card`` keeps the root's value ``value`` for the side to play (at least
        ``value`` when it is the max side, at most when not): one null-window test."""
        if mine:
            return self.bounds(card, lo=value - 1, hi=value)[0] >= value
        return self.bounds(card, lo=value, hi=value + 1)[1] <= value

    def value(self) -> int:
        """The exact value of the root for the max side."""
        return self.bounds(-1)[0]


def _principal_variation(s: _Searcher, value: int) -> list[Card]:
    """Best play from ``s``'s position, whose value for the max side is ``value``: at each
    step the lowest card that keeps the value (zero-window tests in ``s``'s table)."""
    pos, out = s.pos, []
    while pos.tricks_left > 0:
        here = _Searcher(pos, s.tt, epoch=s.epoch)
        here.hist = s.hist
        mine = pos.to_play in pos.max_side
        for c in mask_cards(pos.legal_mask()):
            if here.keeps(int(c), value, mine):
                break
        else:  # pragma: no cover - a value the search found is always reached by a card
            raise AssertionError("no card keeps the solved value")
        out.append(c)
        pos, gain = pos.after(c)
        value -= gain
    return out


def solve_position(
    pos: Position,
    tt: _Table | None = None,
    all_values: bool = True,
    node_limit: int | None = None,
    pv: bool = False,
) -> Solution:
    """Solve a :class:`Position`.

    With ``all_values`` every legal card gets its exact value (for hints); without, only the
    best value is exact and ``values`` holds the best cards only (faster: one search, then
    a zero-window test per card).  Past ``node_limit`` nodes (all searches counted) it raises
    :class:`SearchAborted`.  With ``pv`` it also finds a principal variation
    (:attr:`Solution.pv`).  (For the best value alone, :func:`solve_value` is faster still;
    for every card's value to a tolerance, :func:`estimate_position`.)

    A position that cannot be real raises :class:`PositionError` (see
    :func:`check_position`) before any search.  A finished hand (``tricks_left`` 0, no card
    left) has the trivial answer: value 0, no card to play (``values`` and ``best`` empty),
    ``side`` the max side.
    """
    t0 = time.perf_counter()
    check_position(pos)
    if pos.tricks_left == 0:
        return Solution({}, 0, [], tuple(pos.max_side), 0, (time.perf_counter() - t0) * 1e3)
    s = _Searcher(pos, tt, node_limit)
    seat = pos.to_play
    mine = seat in pos.max_side
    legal = mask_cards(pos.legal_mask(s.a))  # (before any search: the arrays as built)
    values: dict[Card, int] = {}
    if all_values:
        for c, (v, _) in _card_bounds(s, legal, mine, 0, NO_LIMIT).items():
            values[c] = v if mine else s.left - v
        best_v = max(values.values())
    else:
        root = s.value()
        best_v = root if mine else s.left - root
        for c in legal:
            if s.keeps(int(c), root, mine):
                values[c] = best_v
    best = [c for c, v in values.items() if v == best_v]
    line = _principal_variation(s, best_v if mine else s.left - best_v) if pv else []
    ms = (time.perf_counter() - t0) * 1e3
    return Solution(values, best_v, best, _side_to_play(pos), int(s.stats[0]), ms, pv=line)


def _side_to_play(pos: Position) -> tuple[int, ...]:
    """The side of the seat to play: the max side, or the seats outside it."""
    if pos.to_play in pos.max_side:
        return tuple(pos.max_side)
    return tuple(x for x in range(4) if x not in pos.max_side)


def _twins(pos: Position, legal: list[Card]) -> dict[Card, Card]:
    """The legal cards worth exactly what an earlier legal card is worth, each with that card:
    the same suit and points and no card still in play between them, so that one stands for
    the other in every line of play (the kernel merges such cards at every node).

    >>> from belote_lab.games.belote import BeloteHand
    >>> pos = position_of(BeloteHand.from_hands(["AS KS QS JS TS 9S 8S 7S",
    ...     "AH KH QH JH TH 9H 8H 7H", "AD KD QD JD TD 9D 8D 7D",
    ...     "AC KC QC JC TC 9C 8C 7C"], "H", 0, 0))
    >>> {c.text: d.text for c, d in _twins(pos, mask_cards(pos.hands[0])).items()}
    {'8S': '7S', '9S': '7S'}
    """
    t = pos.contract.tables
    live = 0
    for h in pos.hands:
        live |= h
    for c in (*pos.trick, *pos.stock):
        live |= 1 << int(c)
    out: dict[Card, Card] = {}
    for i, c in enumerate(legal):
        for d in legal[:i]:
            if int(c) >> 4 != int(d) >> 4 or t.points[c] != t.points[d]:
                continue
            low, high = (c, d) if t.power[c] < t.power[d] else (d, c)
            if not t.higher[low] & ~t.higher[high] & ~(1 << int(high)) & live:
                out[c] = out.get(d, d)
                break
    return out


def _card_bounds(
    s: _Searcher, legal: list[Card], mine: bool, tolerance: int, exact_nodes: int
) -> dict[Card, tuple[int, int]]:
    """Bounds ``(low, high)`` of each legal card's value for the max side: exact (one
    bisection a card, the first test at the best value so far) until ``exact_nodes`` nodes
    are searched, then within ``2 * tolerance`` of each other; twins (:func:`_twins`) copied."""
    twins = _twins(s.pos, legal)
    bounds: dict[Card, tuple[int, int]] = {}
    guess = None
    for c in legal:
        if c in twins:
            bounds[c] = bounds[twins[c]]
            continue
        lo, hi = s.bounds(int(c), guess, tolerance, exact_nodes)
        bounds[c] = (lo, hi)
        v = (lo + hi) // 2
        guess = v if guess is None else (max(guess, v) if mine else min(guess, v))
    return bounds


@dataclass
class Estimate:
    """Each legal card's value for the side to play (:func:`estimate_position`): at most
    ``error`` from its exact value (0: every value exact)."""

    values: dict[Card, float]
    error: float
    side: tuple[int, ...]
    nodes: int
    ms: float


def estimate_position(
    pos: Position,
    tolerance: int = 0,
    exact_nodes: int | None = None,
    node_limit: int | None = None,
    tt: _Table | None = None,
) -> Estimate:
    """Every legal card's value for the side to play, as :func:`solve_position` with
    ``all_values``, but once the searches have taken ``exact_nodes`` nodes the cards left are
    only narrowed to within ``tolerance`` of their exact value (each value the middle of
    bounds at most ``2 * tolerance`` apart): :attr:`Estimate.error` says how far off a value
    may be.  Without ``exact_nodes`` (or with ``tolerance`` 0) every value is exact; past
    ``node_limit`` nodes it raises :class:`SearchAborted`.

    >>> from belote_lab.games.belote import BeloteHand
    >>> h = BeloteHand(seed=5); h.call("take")
    >>> pos = position_of(h)
    >>> rough = estimate_position(pos, tolerance=3, exact_nodes=0)
    >>> exact = solve_position(pos)
    >>> rough.error <= 3 and all(abs(v - exact.values[c]) <= rough.error
    ...                          for c, v in rough.values.items())
    True
    """
    t0 = time.perf_counter()
    check_position(pos)
    side = _side_to_play(pos)
    if pos.tricks_left == 0:
        return Estimate({}, 0.0, side, 0, (time.perf_counter() - t0) * 1e3)
    s = _Searcher(pos, tt, node_limit)
    mine = pos.to_play in pos.max_side
    legal = mask_cards(pos.legal_mask(s.a))
    limit = NO_LIMIT if exact_nodes is None else exact_nodes
    values: dict[Card, float] = {}
    error = 0.0
    for c, (lo, hi) in _card_bounds(s, legal, mine, tolerance, limit).items():
        v = (lo + hi) / 2
        values[c] = v if mine else s.left - v
        error = max(error, (hi - lo) / 2)
    ms = (time.perf_counter() - t0) * 1e3
    return Estimate(values, error, side, int(s.stats[0]), ms)


def solve_value(pos: Position, node_limit: int | None = None, tt: _Table | None = None) -> int:
    """The exact value of ``pos`` for its max side (``pos.max_side``) with best play by
    everyone: the best value alone, one bisection at the root, no card's value (the cheapest
    solve).  Past ``node_limit`` nodes it raises :class:`SearchAborted`.

    >>> from belote_lab.games.belote import BeloteHand
    >>> h = BeloteHand(seed=5); h.call("take")
    >>> pos = position_of(h, max_side=(1, 3))
    >>> sol = solve_position(pos, all_values=False)
    >>> solve_value(pos) == (sol.value if 1 in sol.side else total_left(pos) - sol.value)
    True
    """
    check_position(pos)
    if pos.tricks_left == 0:
        return 0
    s = _Searcher(pos, tt, node_limit)
    return s.value()


def solve_value_line(
    pos: Position, node_limit: int | None = None, tt: _Table | None = None
) -> tuple[int, int, Callable[[], list[Card]]]:
    """:func:`solve_value`'s value, with ``total_left(pos)`` and a function giving a line
    of best play from ``pos`` (the first card that keeps the value at each step, as
    :attr:`Solution.pv`), found from the same table only when it is asked for.

    >>> from belote_lab.games.belote import BeloteHand
    >>> h = BeloteHand(seed=5); h.call("take")
    >>> value, left, line = solve_value_line(position_of(h))
    >>> value == solve_value(position_of(h)), left, len(line())
    (True, 162, 32)
    """
    check_position(pos)
    if pos.tricks_left == 0:
        return 0, 0, list
    s = _Searcher(pos, tt, node_limit)
    value = s.value()
    return value, s.left, lambda: _principal_variation(s, value)


def total_left(pos: Position) -> int:
    """All the value still to be won (cards in hands, on the table and in the stock)."""
    return _card_points(pos) + pos.bonus + pos.per_trick * pos.tricks_left


def _card_points(pos: Position) -> int:
    """The points of the cards still in play (in hands, on the table and in the stock)."""
    pts = pos.contract.tables.points
    m = 0
    for h in pos.hands:
        m |= h
    cards = [*mask_cards(m), *pos.trick, *pos.stock]
    return int(sum(pts[c] for c in cards))


def default_side(state: TrickPlay) -> tuple[int, ...]:
    """The side whose value the solver gives when none is named: in a game of two sides (two
    teams, two players) the side of the first seat (N–S, or N), else the seat to play's side."""
    g = get_game(state.game)
    if len(g.sides) == 2:
        return g.side_with(g.seats[0])
    return g.side_with(state.to_play)


def position_of(state: TrickPlay, max_side: tuple[int, ...] | None = None) -> Position:
    """The :class:`Position` of a game state whose hands are all known."""
    if state.contract is None:
        raise ValueError("the solver needs a position in the play phase")
    g = get_game(state.game)
    nplayers = g.players
    if max_side is None:
        max_side = default_side(state)
    elif not isinstance(max_side, (tuple, list)):
        raise PositionError(f"max_side must be a tuple of seats (0–3), not {max_side!r}")
    stock = [int(c) for c in state.stock_left] if g.has_stock else []
    in_hands = sum(bin(h).count("1") for h in state.hands)
    cards_left = in_hands + len(state.trick) + len(stock)
    if cards_left % nplayers or cards_left // nplayers != state.tricks_per_hand - len(
        state.tricks
    ):
        raise ValueError("the hands do not add up to the tricks left in this hand")
    follow = state.follow_for_trick()
    if follow.free:
        # the kernel knows the stock phase by the stock itself: it is given the rules that
        # follow it (those of an empty stock)
        follow = g.follow(state.rules, 0)
    return Position(
        hands=list(state.hands),
        trick=[int(c) for c in state.trick],
        leader=state.leader,
        tricks_left=state.tricks_per_hand - len(state.tricks),
        contract=state.contract,
        follow=follow,
        nplayers=nplayers,
        max_side=tuple(max_side),
        per_trick=1 if g.counts == "tricks" else 0,
        bonus=state.last_trick_bonus,
        stock=stock,
    )


def solve(
    state: TrickPlay,
    max_side: tuple[int, ...] | None = None,
    all_values: bool = True,
    pv: bool = False,
) -> Solution:
    """Solve a game state (all hands known); see :class:`Solution`.  A finished hand has the
    trivial answer (value 0, no best card); ``max_side`` must name seats of the game
    (:class:`PositionError`).

    >>> from belote_lab.games.belote import BeloteHand
    >>> h = BeloteHand(seed=5); h.call("take")
    >>> for _ in range(24):
    ...     h.play(next(iter(h.legal_cards())))
    >>> sol = solve(h, pv=True)
    >>> len(sol.pv), sol.pv[0] in sol.best
    (8, True)
    """
    return solve_position(position_of(state, max_side), all_values=all_values, pv=pv)
