"""Deals sampled from what a seat knows, and rollouts on them: the search players' ground.

:func:`iter_deals` deals the cards a seat cannot see (the other hands and, in two-player
Belote, the stock) consistently with everything it knows, *constructively*: first
:func:`deal_space` works out which seats may hold each hidden card — its own hand, the cards
played and who played them (a seat that did not follow, did not trump or did not go over
holds none of the cards that would have made its card illegal, found with the trick core
itself, so no rule has a second copy here), the turned card and who took it, the belote
announced (or not) with the first of the trump king and queen, the stock and the cards the
seat drew from it, and in Callbreak that a dealt hand holds a spade (else it is dealt again).
The deals that fit all this are then counted exactly — the cards fall into classes by the
seats that may hold them, and the deals of a class split are a product of binomials — and
drawn seat by seat in proportion to those counts, so every consistent deal is equally
likely and a position with a consistent deal never fails to give one (one without raises
:class:`NoConsistentDeal`).  Under the declarations rule only the deals giving the
announced team totals count: drawn and checked while they are common, else counted and
drawn suit by suit (:class:`_DeclaredDeals`).  Where nothing seen limits the hidden cards,
one shuffle deals them.

:func:`rollouts` plays each legal card on such deals, level-2 players down to a horizon,
then the exact solver; :func:`score_margin` turns what a side wins into what the hand
scores (the game's :attr:`~belote_lab.games.Game.margin`).  The hints
(:mod:`belote_lab.players.pimc`) and the search players (:mod:`belote_lab.players.search`)
are built on these.

>>> from belote_lab.games.belote import BeloteHand
>>> h = BeloteHand(seed=3); h.call("take")
>>> deals = sample_deals(h, 0, 3, random.Random(1))
>>> len(deals), deals[0].hands[0] == h.hands[0], deals[0].hands[1] == h.hands[1]
(3, True, False)
"""

from __future__ import annotations

import itertools
import math
import random
import time
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from typing import Any

import numpy as np

from belote_lab.cards import SEATS, SUIT_MASK, Card, Rank, Suit, mask_cards
from belote_lab.contract import ContractKind
from belote_lab.games import get
from belote_lab.games.base import TrickPlay
from belote_lab.players.registry import level2
from belote_lab.solver.position import Position, position_of, solve_value, total_left
from belote_lab.trick import legal_mask

__all__ = [
    "STOCK",
    "DealSpace",
    "NoConsistentDeal",
    "count_deals",
    "deal_space",
    "determined",
    "iter_deals",
    "rollouts",
    "sample_deals",
    "score_margin",
    "stock_left",
    "tricks_left",
    "with_hands",
]

SeatMasks = dict[int, int]
"""A card mask by place (a seat index, or :data:`STOCK`): the cards a place is known to
hold (``known``) or cannot hold (``forbid``)."""

STOCK = -1
"""The place of the stock among a :class:`DealSpace`'s places (the others are seats)."""


class NoConsistentDeal(RuntimeError):
    """No deal of the hidden cards fits what the seat has seen: the position cannot arise in
    play (the message says what does not fit)."""


def tricks_left(state: TrickPlay) -> int:
    """Tricks still to play in a hand in play, the current one included."""
    return int(state.tricks_per_hand) - len(state.tricks)


def stock_left(state: TrickPlay) -> tuple[Card, ...]:
    """The cards still in the stock (none in a game without one)."""
    return tuple(state.stock_left) if get(state.game).has_stock else ()


def _history(state: TrickPlay) -> list[tuple[int, int, list[int]]]:
    """Every card played in this hand: ``(seat, card, trick-before-it)`` in order."""
    out = []
    order = state.seat_order
    tricks = [(t.leader, list(t.cards)) for t in state.tricks]
    if state.trick:
        tricks.append((state.leader, list(state.trick)))
    for leader, cards in tricks:
        i0 = order.index(leader)
        for k, c in enumerate(cards):
            out.append((order[(i0 + k) % len(order)], int(c), [int(x) for x in cards[:k]]))
    return out


def _strict_from(state: TrickPlay) -> int:
    """The first play whose legality tells something: in two-player Belote the plays made
    while the stock lasted were free, nothing to check."""
    if get(state.game).has_stock and state.stock:
        return 2 * min(len(state.stock) // 2, len(state.tricks))
    return 0


def _text(mask: int) -> str:
    return " ".join(c.text for c in mask_cards(mask))


def _place_name(place: int) -> str:
    return "the stock" if place == STOCK else SEATS[place]


# --- what the seat knows ---------------------------------------------------------------------
def _play_limits(state: TrickPlay, seat: int, hidden: int, known: SeatMasks,
                 forbid: SeatMasks) -> None:
    """Add to ``forbid`` (seat → mask) the hidden cards each seat cannot hold because a card
    it played would then have been illegal.

    A seat's hand when it played a card is its hand now plus the cards it played since;
    the part of it the observer cannot place is hidden now.  The follow rules of every game
    here choose the first nonempty set of a fixed list (cards of the led suit that beat the
    trick, of the led suit, trumps over the trick's best, trumps, any card), so a card ``c``
    was legal exactly when the hand held none of the sets listed before the first one
    holding ``c``: a hidden card is ruled out when adding it alone to the cards known to be
    in the hand makes ``c`` illegal.  Every sampled deal is thus one in which every card
    played was legal, and every such deal can be sampled.
    """
    follow = state.follow_for_trick()
    if follow.free:
        return
    tables = state.contract.tables
    strict_from = _strict_from(state)
    hist = _history(state)
    later = {s: known.get(s, 0) for s in state.seat_order}
    for k in range(len(hist) - 1, -1, -1):
        s, c, before = hist[k]
        later[s] |= 1 << c
        if s == seat or k < strict_from or not before:
            continue
        hand = later[s]
        partner = len(before) - 2 if len(before) >= 2 and follow.partners else -1
        free = hidden & ~forbid[s]
        if legal_mask(hand | free, before, tables, follow, partner)[0] >> c & 1:
            continue  # nothing hidden would have made the card illegal
        if not legal_mask(hand, before, tables, follow, partner)[0] >> c & 1:
            raise NoConsistentDeal(
                f"no deal is consistent with what this seat has seen: {SEATS[s]}'s "
                f"{Card(c).text} (trick {k // len(state.seat_order) + 1}) was illegal with "
                f"the cards {SEATS[s]} is known to have held ({_text(hand)})"
            )
        for x in mask_cards(free):
            if not legal_mask(hand | 1 << x, before, tables, follow, partner)[0] >> c & 1:
                forbid[s] |= 1 << x


def _belote_limits(state: TrickPlay, seat: int, hidden: int, known: SeatMasks,
                   forbid: SeatMasks) -> None:
    """What the belote tells (a suit contract): the seat that announced it with the first of
    the trump king and queen holds the other until it plays it (added to ``known``); a seat
    that played one of them without announcing did not hold the other then (added to
    ``forbid`` while it cannot have drawn it since)."""
    contract = state.contract
    if (
        contract is None
        or contract.kind is not ContractKind.SUIT
        or contract.trump is None
        or not hasattr(state, "belote_played")
    ):
        return
    t = int(contract.trump)
    king, queen = 16 * t + Rank.KING, 16 * t + Rank.QUEEN
    pair = (1 << king) | (1 << queen)
    announced = int(state.belote_played)
    holder = int(state.belote_seat) if announced else -1
    kq = [(s, c, k) for k, (s, c, _) in enumerate(_history(state)) if c in (king, queen)]
    two_players = hasattr(state, "kq_played")
    if two_players:
        kq = kq[:1]  # only the first of the pair played can be announced
    order = state.seat_order
    draws_after = int(getattr(state, "drawn", 0)) // 2  # tricks followed by draws
    for s, c, k in kq:
        other = pair & ~(1 << c)
        if s == holder:
            if announced == 1:  # announced, the other card not played yet
                if hidden & other:
                    known[s] = known.get(s, 0) | other
                elif not (known.get(s, 0) & other or state.hands[s] & other):
                    raise NoConsistentDeal(
                        f"no deal is consistent with what this seat has seen: {SEATS[s]} "
                        f"announced the belote but {Card(other.bit_length() - 1).text} is "
                        "not in its hand"
                    )
            continue
        if s == seat:
            continue
        if two_players and k // len(order) < draws_after:
            continue  # it drew cards since: it may hold the other card now
        forbid[s] |= other & hidden


def _deal_needs(state: TrickPlay) -> tuple[int, ...]:
    """Card sets every dealt hand holds a card of (else the deal is void and dealt again):
    Callbreak's spade, and its J, Q or K under ``redeal_without_face_cards``."""
    from belote_lab.games.callbreak import FACE_MASK, CallbreakHand

    if not isinstance(state, CallbreakHand):
        return ()
    needs = (SUIT_MASK[Suit.S],)
    if getattr(state.rules, "redeal_without_face_cards", False):
        needs += (FACE_MASK,)
    return needs


def _declarations_check(state: TrickPlay, seat: int) -> Callable[[list[int]], bool] | None:
    """Under the declarations rule, once announced: a test that a deal's hands give the
    declared totals (``None`` when there is nothing to test)."""
    if not getattr(state.rules, "declarations", False) or not state.tricks:
        return None
    if not getattr(state, "declarations_complete", True):
        return None  # a seat kept a combination hidden: the totals are not every seat's
    declared = getattr(state, "declared", None)
    if declared is None:
        return None
    from belote_lab.games.belote import team_declarations

    played = state.played_masks()
    want = dict(declared)

    def check(hands: list[int]) -> bool:
        return team_declarations([hands[s] | played[s] for s in range(4)]) == want

    return check


# --- counting and drawing deals ----------------------------------------------------------------
# A "class" is (place mask, requirement bits, number of cards): the cards that exactly these
# places may receive and that count towards exactly these requirements ("place p receives at
# least one card of this set").  Places are filled in order; ``first`` is the next to fill.
_Classes = tuple[tuple[int, int, int], ...]


def _merge(items: Iterable[tuple[int, int, int]]) -> _Classes:
    """Classes with equal keys added up (empty ones dropped), in a canonical order."""
    acc: dict[tuple[int, int], int] = {}
    for m, b, n in items:
        if n:
            acc[(m, b)] = acc.get((m, b), 0) + n
    return tuple(sorted((m, b, n) for (m, b), n in acc.items()))


def _splits(lo: list[int], hi: list[int], total: int) -> Iterator[tuple[int, ...]]:
    """Every ``k`` with ``lo[i] <= k[i] <= hi[i]`` and ``sum(k) == total``."""
    n = len(lo)
    if n == 0:
        if total == 0:
            yield ()
        return
    room = [0] * (n + 1)  # the most the classes from i on can take
    floor = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        room[i] = room[i + 1] + hi[i]
        floor[i] = floor[i + 1] + lo[i]
    k = [0] * n

    def rec(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if i == n - 1:
            if lo[i] <= left <= hi[i]:
                k[i] = left
                yield tuple(k)
            return
        for v in range(max(lo[i], left - room[i + 1]), min(hi[i], left - floor[i + 1]) + 1):
            k[i] = v
            yield from rec(i + 1, left - v)

    yield from rec(0, total)


def _bits_of(req_place: tuple[int, ...], places: Iterable[int]) -> int:
    ps = set(places)
    return sum(1 << r for r, p in enumerate(req_place) if p in ps)


@lru_cache(maxsize=1 << 15)
def _completions(
    first: int, sizes: tuple[int, ...], classes: _Classes, req_place: tuple[int, ...]
) -> int:
    """How many ways the cards of ``classes`` can fill the places ``first`` on (each place
    receives ``sizes[place]`` cards it may hold, and a card of every set it requires)."""
    left = len(sizes) - first
    if left == 0:
        return 0 if classes else 1
    if sum(n for _, _, n in classes) != sum(sizes[first:]):
        return 0
    if left == 1:
        bit = 1 << first
        if any(not m & bit for m, _, _ in classes):
            return 0
        mine = _bits_of(req_place, (first,))
        got = 0
        for _, b, _ in classes:
            got |= b
        return 1 if got & mine == mine else 0
    if left == 2:
        return _two_places(first, sizes, classes, req_place)
    return _choices(first, sizes, classes, req_place)[2]


def _two_places(
    first: int, sizes: tuple[int, ...], classes: _Classes, req_place: tuple[int, ...]
) -> int:
    """:func:`_completions` of the last two places in closed form: by inclusion–exclusion
    over their requirements, each term one binomial."""
    p, q = first, first + 1
    bp, bq = 1 << p, 1 << q
    reqs = [r for r, x in enumerate(req_place) if x in (p, q)]
    total = 0
    for sub in range(1 << len(reqs)):
        drop = [(1 << reqs[i], 1 << req_place[reqs[i]]) for i in range(len(reqs)) if sub >> i & 1]
        only_p = only_q = both = 0
        for m, b, n in classes:
            for rb, pb in drop:
                if b & rb:
                    m &= ~pb
            m &= bp | bq
            if m == bp | bq:
                both += n
            elif m == bp:
                only_p += n
            elif m == bq:
                only_q += n
            else:
                break
        else:
            need = sizes[p] - only_p
            if 0 <= need <= both:
                total += (-1) ** len(drop) * math.comb(both, need)
    return total


@lru_cache(maxsize=1 << 12)
def _choices(
    first: int, sizes: tuple[int, ...], classes: _Classes, req_place: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int]:
    """How place ``first`` may take its cards: every split ``k`` (``k[i]`` cards of
    ``classes[i]``) that leaves a completion, the running sums of their weights (the deals
    each leads to) and the total, the number of completions."""
    bit = 1 << first
    mine = _bits_of(req_place, (first,))
    lo = [n if m == bit else 0 for m, _, n in classes]  # only this place may hold them
    hi = [n if m & bit else 0 for m, _, n in classes]
    splits = []
    cum = []
    total = 0
    for k in _splits(lo, hi, sizes[first]):
        got = 0
        for (_, b, _), x in zip(classes, k, strict=True):
            if x:
                got |= b
        if got & mine != mine:
            continue
        rest = _merge((m & ~bit, b & ~mine, n - x) for (m, b, n), x in zip(classes, k, strict=True))
        w = _completions(first + 1, sizes, rest, req_place)
        if not w:
            continue
        for (_, _, n), x in zip(classes, k, strict=True):
            if x:
                w *= math.comb(n, x)
        total += w
        splits.append(k)
        cum.append(total)
    return tuple(splits), tuple(cum), total


class DealSpace:
    """The deals of the cards a seat cannot see that fit what it has seen (see the module
    text): the ``places`` that receive hidden cards (seats, and :data:`STOCK` in two-player
    Belote), how many each receives (``sizes``), the cards known to be in each seat's hand
    (``known``), the places each hidden card may go to (``allowed``: card → set of places),
    the sets a place must receive a card of (``needs``: place → card masks) and a final test
    of the hands (``check``: the declared totals, or ``None``).  :attr:`count` is the exact
    number of deals passing all but ``check``; :meth:`draw` gives one of them, each with the
    same chance.

    >>> from belote_lab.games.callbreak import CallbreakHand
    >>> h = CallbreakHand.from_hands(["AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    ...     "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H", "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    ...     "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"], [1, 1, 1, 1], first_leader="E")
    >>> h.play("AH"); h.play("2D")           # S shows it has no heart (and no spade)
    >>> space = deal_space(h, 3)             # what W knows, W to play
    >>> space.places, space.sizes, space.allowed[Card.parse("KH")] == {1, 0}
    ((0, 1, 2), (13, 12, 12), True)
    >>> space.count == math.comb(25, 13)     # N and E share 25 cards, S's 12 are its own
    True
    """

    def __init__(
        self,
        state: TrickPlay,
        seat: int,
        places: tuple[int, ...],
        sizes: tuple[int, ...],
        known: SeatMasks,
        forbid: SeatMasks,
        hidden: int,
        needs: dict[int, tuple[int, ...]],
        check: Callable[[list[int]], bool] | None,
    ) -> None:
        self.state = state
        self.seat = seat
        self.places = places
        self.sizes = sizes
        self.known = known
        self.check = check
        self.needs = {p: ms for p, ms in needs.items() if ms}
        self.allowed: dict[Card, set[int]] = {}
        by_key: dict[tuple[int, int], list[int]] = {}
        req_place: list[int] = []
        req_mask: list[int] = []
        for i, p in enumerate(places):
            for m in self.needs.get(p, ()):
                req_place.append(i)
                req_mask.append(m)
        for c in mask_cards(hidden):
            pm = 0
            for i, p in enumerate(places):
                if p == STOCK or not forbid.get(p, 0) >> c & 1:
                    pm |= 1 << i
            rb = sum(1 << r for r, m in enumerate(req_mask) if m >> c & 1)
            self.allowed[c] = {places[i] for i in range(len(places)) if pm >> i & 1}
            by_key.setdefault((pm, rb), []).append(int(c))
        self._keys = sorted(by_key)
        self._pools = by_key
        self._req_place = tuple(req_place)
        self._classes = tuple((m, b, len(by_key[(m, b)])) for m, b in self._keys)
        self._mine_bits = [_bits_of(self._req_place, (i,)) for i in range(len(places))]
        # nothing seen limits the hidden cards: one shuffle deals them (as the sampler did
        # before it counted deals, so the same seed gives the same deals there)
        everywhere = (1 << len(places)) - 1
        self._free = all(m == everywhere and not b for m, b in by_key)
        self._loose: DealSpace | None = None  # the same without ``needs``, to draw from
        self._shuffled = [int(c) for c in mask_cards(hidden)]
        n = len(places)
        self._two_needs = n >= 2 and bool(_bits_of(self._req_place, (n - 2, n - 1)))
        self.count = _completions(0, sizes, self._classes, self._req_place)
        self._base = position_of(state)

    def admits(self, hands: list[int], stock: Iterable[int] = ()) -> bool:
        """Is this deal (every seat's hand, and the stock's cards) one of the space's, the
        ``check`` included?  The real deal always is.

        >>> from belote_lab.games.belote import BeloteHand
        >>> h = BeloteHand(seed=3); h.call("take")
        >>> space = deal_space(h, 0)
        >>> space.admits(h.hands), space.admits([h.hands[0], *h.hands[:0:-1]])
        (True, False)
        """
        placed = 0
        for c in stock:
            if STOCK not in self.allowed.get(Card(c), ()):
                return False
            placed |= 1 << c
        for p, size in zip(self.places, self.sizes, strict=True):
            if p == STOCK:
                if bin(placed).count("1") != size:
                    return False
                continue
            m = self.known.get(p, 0)
            if hands[p] & m != m or bin(hands[p] & ~m).count("1") != size:
                return False
            for c in mask_cards(hands[p] & ~m):
                if p not in self.allowed.get(c, ()):
                    return False
            if any(not hands[p] & need for need in self.needs.get(p, ())):
                return False
        return self.check is None or self.check(hands)

    def draw(self, rng: random.Random) -> Position:
        """One deal, each of the :attr:`count` deals with the same chance (the ``check`` is
        not applied here: :func:`iter_deals` does it).

        Place by place: how many cards of each class the place takes is drawn in proportion
        to the deals each choice leaves (:func:`_choices`), then which cards, uniformly."""
        if not self.count:
            raise NoConsistentDeal("no deal is consistent with what this seat has seen")
        if self._loose is not None:  # half the deals or more pass: uniform on those that do
            while True:
                pos = self._loose.draw(rng)
                if all(pos.hands[p] & m for p, ms in self.needs.items() for m in ms):
                    return pos
        sizes, req_place = self.sizes, self._req_place
        if self._free:
            cards = self._shuffled
            rng.shuffle(cards)
            at = [sum(sizes[:i]) for i in range(len(sizes) + 1)]
            return self._position([cards[at[i]: at[i + 1]] for i in range(len(sizes))], None)
        pools = self._pools
        classes = self._classes
        got: list[list[int]] = []
        last = len(sizes) - 1
        for first in range(last + 1):
            bit = 1 << first
            if first == last:
                got.append([c for v in pools.values() for c in v])
                break
            if first == last - 1 and not self._two_needs:
                # two places left, nothing required of them: the cards both may hold are one
                # pool, of which this place takes what it needs beyond its own cards
                mine: list[int] = []
                theirs: list[int] = []
                pool: list[int] = []
                for (m, _), v in pools.items():
                    (mine if m == bit else theirs if m == bit << 1 else pool).extend(v)
                chosen, left = _split(rng, pool, sizes[first] - len(mine))
                got.append(mine + chosen)
                got.append(theirs + left)
                break
            splits, cum, total = _choices(first, sizes, classes, req_place)
            take = splits[bisect_right(cum, rng.randrange(total))]
            mine_bits = self._mine_bits[first]
            hand = []
            rest: dict[tuple[int, int], list[int]] = {}
            for (m, b, _), x in zip(classes, take, strict=True):
                chosen, left = _split(rng, pools[(m, b)], x)
                hand.extend(chosen)
                if left:
                    rest.setdefault((m & ~bit, b & ~mine_bits), []).extend(left)
            got.append(hand)
            pools = rest
            classes = tuple(sorted((m, b, len(v)) for (m, b), v in pools.items()))
        return self._position(got, rng)

    def _position(self, got: list[list[int]], rng: random.Random | None) -> Position:
        """The deal giving ``got[i]`` to ``places[i]`` (the stock in a random order drawn
        with ``rng``, or in the order given)."""
        hands = list(self._base.hands)
        stock: list[int] = []
        for p, cards in zip(self.places, got, strict=True):
            if p == STOCK:
                stock = list(cards) if rng is None else rng.sample(cards, len(cards))
            else:
                m = self.known.get(p, 0)
                for c in cards:
                    m |= 1 << c
                hands[p] = m
        b = self._base
        return Position(hands, list(b.trick), b.leader, b.tricks_left, b.contract, b.follow,
                        b.nplayers, b.max_side, b.per_trick, b.bonus, stock)


def _split(rng: random.Random, pool: list[int], x: int) -> tuple[list[int], list[int]]:
    """``x`` cards of ``pool`` chosen uniformly, and the others (drawing the fewer)."""
    n = len(pool)
    if x == 0:
        return [], pool
    if x == n:
        return pool, []
    if 2 * x <= n:
        chosen = rng.sample(pool, x)
        picked = set(chosen)
        return chosen, [c for c in pool if c not in picked]
    left = rng.sample(pool, n - x)
    picked = set(left)
    return [c for c in pool if c not in picked], left


# --- the declared totals ------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _suit_values() -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """What the declarations give, read from the game's own
    :func:`~belote_lab.games.belote.declarations_of`: the sequence points of every set of
    ranks 7–A of one suit (bit ``i`` is rank 7 + ``i``), and each rank's carré points."""
    from belote_lab.cards import CardSet
    from belote_lab.games.belote import declarations_of

    runs = tuple(
        sum(d.points for d in declarations_of(CardSet(bits << Rank.SEVEN)))
        for bits in range(256)
    )
    carres = []
    for r in range(Rank.SEVEN, Rank.ACE + 1):
        four = sum(1 << (16 * s + r) for s in range(4))
        pts = sum(d.points for d in declarations_of(CardSet(four)))
        if pts:
            carres.append((r, pts))
    return runs, tuple(carres)


def _merged(before: tuple[int, ...], suit: tuple[int, ...]) -> tuple[int, ...]:
    """Who may still hold each tracked carré after a suit: ``before`` (-1: no suit yet,
    -2: nobody) and the seat holding the rank in this ``suit``."""
    return tuple(b if a == -1 else (a if a == b else -2)
                 for a, b in zip(before, suit, strict=True))


class _DeclaredDeals:
    """The deals of a :class:`DealSpace` that also give the declared totals, counted and
    drawn exactly (each with the same chance).

    A seat's declarations are its sequences, suit by suit, plus its carrés, rank by rank.
    So the deals are built suit by suit: each way to place a suit's hidden cards has an
    *outcome* — how many cards each place gets, the sequence points each team gets in the
    suit and who holds each carré rank still possible in it — and a dynamic programme over
    the four suits counts the ways to reach each (cards per place, team points, carré
    holders so far), keeping only those that may still give the declared totals.  A deal is
    then drawn backwards, suit by suit, each outcome in proportion to the ways through it,
    and one of the outcome's placements uniformly.

    The cards per place and the team points are packed in one integer, each field biased so
    that passing its limit sets the field's top bit: a step is an addition and a test."""

    _K_BITS, _P_BITS = 5, 8  # a place's cards (at most 15), a team's points / 10 (≤ 127)

    def __init__(self, space: DealSpace) -> None:
        runs, carres = _suit_values()
        self.space = space
        declared = dict(space.state.declared)
        self.want = (int(declared.get("NS", 0)), int(declared.get("EW", 0)))
        owner = self._owners()
        self.carres = self._tracked(carres, owner)
        self._layout(space.sizes)
        suits = [self._suit(suit, owner, np.array(runs, dtype=np.int64)) for suit in range(4)]
        # the suit with the most outcomes last: it is joined to the states before it by the
        # cards each place still needs, not tried against every state
        suits.sort(key=lambda x: len(x[2]))
        self.cards = [cards for cards, _, _ in suits]
        self.grids = [grid for _, grid, _ in suits]
        self.outcomes = [outs for _, _, outs in suits]
        self._forward()

    def _owners(self) -> dict[int, int]:
        """The seat of each card placed whatever the deal: the seat's own, every card
        played, the cards known to be in a hand."""
        space = self.space
        state = space.state
        played = state.played_masks()
        owner: dict[int, int] = {}
        for s in state.seat_order:
            fixed = played[s] | (state.hands[s] if s == space.seat else space.known.get(s, 0))
            for c in mask_cards(fixed):
                owner[int(c)] = s
        return owner

    def _tracked(
        self, carres: tuple[tuple[int, int], ...], owner: dict[int, int]
    ) -> tuple[tuple[int, int], ...]:
        """The carré ranks some seat may still hold all four of (the others score nothing
        in any deal: no need to follow them)."""
        tracked = []
        for r, pts in carres:
            four = [16 * s + r for s in range(4)]
            seats = {owner[c] for c in four if c in owner}
            if len(seats) > 1:
                continue
            may = seats if seats else set(self.space.places)
            for c in four:
                if c not in owner:
                    may &= self.space.allowed[Card(c)]
            if may:
                tracked.append((r, pts))
        return tuple(tracked)

    def _suit(
        self, suit: int, owner: dict[int, int], run_table: Any
    ) -> tuple[list[int], Any, list[tuple[int, tuple[int, ...], Any]]]:
        """A suit's hidden cards, every placement of them (a row each, a place index a
        card) and its outcomes: (packed cards per place and team points, carré holders,
        the rows giving them)."""
        space = self.space
        index = {p: i for i, p in enumerate(space.places)}
        cards = sorted(int(c) for c in space.allowed if c >> 4 == suit)
        options = [sorted(index[p] for p in space.allowed[Card(c)]) for c in cards]
        grid = np.array(list(itertools.product(*options)), dtype=np.int64).reshape(
            -1, len(cards)) if cards else np.zeros((1, 0), dtype=np.int64)
        rank_bit = np.array([1 << ((c & 15) - Rank.SEVEN) for c in cards], dtype=np.int64)
        seats = np.array(space.places, dtype=np.int64)[grid]
        bits = []
        for s in range(4):
            fixed = sum(1 << ((c & 15) - Rank.SEVEN) for c, o in owner.items()
                        if c >> 4 == suit and o == s)
            bits.append(fixed + (seats == s).astype(np.int64) @ rank_bit)
        add = np.zeros(len(grid), dtype=np.int64)
        for i in range(len(space.places)):
            add += (grid == i).sum(axis=1) << (self._K_BITS * i)
        add += ((run_table[bits[0]] + run_table[bits[2]]) // 10) << self._ns_at
        add += ((run_table[bits[1]] + run_table[bits[3]]) // 10) << self._ew_at
        key = add
        holder_cols = []
        for r, _ in self.carres:
            c = 16 * suit + r
            col = (seats[:, cards.index(c)] if c in cards
                   else np.full(len(grid), owner[c], dtype=np.int64))
            holder_cols.append(col)
            key = (key << 2) | col
        uniq, inverse = np.unique(key, return_inverse=True)
        rows_of = np.argsort(inverse, kind="stable")
        bounds = np.searchsorted(inverse[rows_of], np.arange(len(uniq) + 1))
        outs = []
        for u in range(len(uniq)):
            rows = rows_of[bounds[u]: bounds[u + 1]]
            first = int(rows[0])
            outs.append((int(add[first]), tuple(int(col[first]) for col in holder_cols), rows))
        return cards, grid, outs

    def _layout(self, sizes: tuple[int, ...]) -> None:
        """The packed fields: each place's cards, then NS's and EW's points / 10, biased by
        their limits (the declared total bounds a team's points while they only grow)."""
        kb, pb = self._K_BITS, self._P_BITS
        x, y = self.want[0] // 10, self.want[1] // 10
        top = (1 << (pb - 1)) - 1
        lim_ns = x if x else (y - 1 if y else top)
        lim_ew = y if y else (x - 1 if x else top)
        self._ns_at = kb * len(sizes)
        self._ew_at = self._ns_at + pb
        fields = [(kb * i, kb, size) for i, size in enumerate(sizes)]
        fields += [(self._ns_at, pb, lim_ns), (self._ew_at, pb, lim_ew)]
        self._bias = sum(((1 << (w - 1)) - 1 - lim) << at for at, w, lim in fields)
        self._guard = sum(1 << (at + w - 1) for at, w, _ in fields)
        self._fields = fields
        self._kmask = (1 << self._ns_at) - 1
        self._full = (self._bias + sum(n << (kb * i) for i, n in enumerate(sizes))) & self._kmask

    def _read(self, x: int) -> list[int]:
        """The packed fields of ``x``: each place's cards, NS's and EW's points / 10."""
        return [((x >> at) & ((1 << w) - 1)) - ((1 << (w - 1)) - 1 - lim)
                for at, w, lim in self._fields]

    def _fits(self, ns: int, ew: int) -> bool:
        """Do final team points ``ns`` and ``ew`` give the declared totals?  Only the greater
        total is announced; equal totals announce none."""
        x, y = self.want
        if x:
            return ns == x and ew < x
        if y:
            return ew == y and ns < y
        return ns == ew

    def _holder(self, h: tuple[int, ...]) -> int:
        """The index of a tuple of carré holders (added when new)."""
        got = self._holder_index.get(h)
        if got is None:
            got = self._holder_index[h] = len(self._holders)
            self._holders.append(h)
        return got

    _SHIFT = 10  # holder indices below 1 << _SHIFT in a packed (state, holders) key

    def _forward(self) -> None:
        """Count the ways suit by suit (numpy arrays of packed states, holder tuples by
        index), then keep the final states that give the declared totals."""
        self._holders: list[tuple[int, ...]] = []
        self._holder_index: dict[tuple[int, ...], int] = {}
        self._holder((-1,) * len(self.carres))
        outs = [(np.array([a for a, _, _ in o], dtype=np.int64),
                 np.array([self._holder(h) for _, h, _ in o], dtype=np.int64),
                 np.array([len(v) for _, _, v in o], dtype=np.int64)) for o in self.outcomes]
        kmask = self._kmask
        # the cards per place (packed) the suits from j on can give, in some placement
        reach: list[set[int]] = [set() for _ in range(len(outs) + 1)]
        reach[-1] = {0}
        for j in range(len(outs) - 1, -1, -1):
            ks = {a & kmask for a in outs[j][0].tolist()}
            reach[j] = {a + b for a in ks for b in reach[j + 1]}
        xs = np.array([self._bias], dtype=np.int64)
        hs = np.zeros(1, dtype=np.int64)
        ws = np.ones(1, dtype=np.int64)
        self.layers = [(xs, hs, ws)]
        for j, out in enumerate(outs):
            if j:  # drop the states that cannot fill every place any more
                need = self._full - (xs & kmask)
                keep = np.isin(need, np.array(sorted(reach[j]), dtype=np.int64))
                xs, hs, ws = xs[keep], hs[keep], ws[keep]
                self.layers[-1] = (xs, hs, ws)
            xs, hs, ws = self._step(xs, hs, ws, out, last=j == len(outs) - 1)
            self.layers.append((xs, hs, ws))
        self._finish()

    def _merge_table(self, hs: Any, o_h: Any) -> Any:
        """The holders after a suit, by index, for each pair of holders before it (of the
        states ``hs``) and in it (of the outcomes ``o_h``)."""
        pairs = [(a, b, self._holder(_merged(self._holders[a], self._holders[b])))
                 for a in set(hs.tolist()) for b in set(o_h.tolist())]
        if len(self._holders) >= 1 << self._SHIFT:
            raise RuntimeError("too many carré holders to count")  # 4 ** 5 at most
        merge = np.zeros((len(self._holders), len(self._holders)), dtype=np.int64)
        for a, b, c in pairs:
            merge[a, b] = c
        return merge

    def _step(self, xs: Any, hs: Any, ws: Any, out: tuple[Any, Any, Any],
              last: bool) -> tuple[Any, Any, Any]:
        """The states after one more suit (each state with each outcome; for the last suit
        only the outcomes that complete every place), equal ones added up."""
        o_add, o_h, o_n = out
        merge = self._merge_table(hs, o_h)
        if not last:
            pairs = [(np.arange(len(xs)), np.arange(len(o_add)))]
        else:
            need = self._full - (xs & self._kmask)
            pairs = []
            for u in np.unique(need).tolist():
                fit = np.flatnonzero((o_add & self._kmask) == u)
                if len(fit):
                    pairs.append((np.flatnonzero(need == u), fit))
        keys_parts = [np.zeros(0, dtype=np.int64)]
        ways_parts = [np.zeros(0, dtype=np.int64)]
        for si, oi in pairs:
            x = xs[si][:, None] + o_add[oi][None, :]
            ok = (x & self._guard) == 0
            h = merge[hs[si][:, None], o_h[oi][None, :]]
            keys_parts.append(((x << self._SHIFT) | h)[ok])
            ways_parts.append((ws[si][:, None] * o_n[oi][None, :])[ok])
        keys, ways = np.concatenate(keys_parts), np.concatenate(ways_parts)
        order = np.argsort(keys, kind="stable")
        keys, ways = keys[order], ways[order]
        if len(keys):
            starts = np.flatnonzero(np.concatenate(([True], keys[1:] != keys[:-1])))
            keys, ways = keys[starts], np.add.reduceat(ways, starts)
        return keys >> self._SHIFT, keys & ((1 << self._SHIFT) - 1), ways

    def _finish(self) -> None:
        """The final states that give the declared totals (carrés added), their count, and
        each layer's states by packed value for the draws."""
        xs, hs, ws = self.layers[-1]
        sizes = list(self.space.sizes)
        self.finals: list[tuple[int, tuple[int, ...]]] = []
        cum: list[int] = []
        total = 0
        for x, hi, ways in zip(xs.tolist(), hs.tolist(), ws.tolist(), strict=True):
            *k, ns, ew = self._read(x)
            if k != sizes:
                continue
            ns, ew = ns * 10, ew * 10
            for (_, pts), who in zip(self.carres, self._holders[hi], strict=True):
                if who >= 0:
                    if who % 2:
                        ew += pts
                    else:
                        ns += pts
            if self._fits(ns, ew):
                total += ways
                self.finals.append((x, self._holders[hi]))
                cum.append(total)
        self.count = total
        self._final_cum = cum
        self._back: dict[tuple[int, tuple[int, tuple[int, ...]]], Any] = {}
        self._by_x: list[dict[int, list[tuple[tuple[int, ...], int]]]] = []
        for lx, lh, lw in self.layers:
            by_x: dict[int, list[tuple[tuple[int, ...], int]]] = {}
            for x, hi, ways in zip(lx.tolist(), lh.tolist(), lw.tolist(), strict=True):
                by_x.setdefault(x, []).append((self._holders[hi], ways))
            self._by_x.append(by_x)

    def _links(
        self, j: int, key: tuple[int, tuple[int, ...]]
    ) -> tuple[list[tuple[tuple[int, tuple[int, ...]], int]], list[int]]:
        """The ways into ``key`` after suit ``j``: (state before, outcome) and their running
        weights (the ways to the state before times the outcome's placements)."""
        got = self._back.get((j, key))
        if got is not None:
            return got  # type: ignore[no-any-return]
        x, h = key
        links = []
        cum = []
        total = 0
        for oi, (add, h1, assigns) in enumerate(self.outcomes[j]):
            for h0, ways in self._by_x[j].get(x - add, ()):
                if _merged(h0, h1) == h:
                    total += ways * len(assigns)
                    links.append(((x - add, h0), oi))
                    cum.append(total)
        self._back[(j, key)] = (links, cum)
        return links, cum

    def draw(self, rng: random.Random) -> Position:
        """One deal giving the declared totals, each with the same chance."""
        if not self.count:
            raise NoConsistentDeal(
                "no deal is consistent with what this seat has seen: no deal gives the "
                f"declared totals (NS {self.want[0]}, EW {self.want[1]})"
            )
        key = self.finals[bisect_right(self._final_cum, rng.randrange(self.count))]
        got: list[list[int]] = [[] for _ in self.space.places]
        for j in range(len(self.outcomes) - 1, -1, -1):
            links, cum = self._links(j, key)
            key, oi = links[bisect_right(cum, rng.randrange(cum[-1]))]
            rows = self.outcomes[j][oi][2]
            row = self.grids[j][int(rows[rng.randrange(len(rows))])]
            for c, i in zip(self.cards[j], row.tolist(), strict=True):
                got[i].append(c)
        return self.space._position(got, rng)


def _why_none(space: DealSpace) -> str:
    """What keeps a :class:`DealSpace` empty, in words."""
    homeless = [c for c, ps in space.allowed.items() if not ps]
    if homeless:
        return (f"no seat may hold {_text(sum(1 << c for c in homeless))} (each has shown "
                "it has none)")
    for p, n in zip(space.places, space.sizes, strict=True):
        may = sum(1 for ps in space.allowed.values() if p in ps)
        if may < n:
            return f"{_place_name(p)} holds {n} hidden cards but may hold only {may} of them"
    return "the cards each seat may hold cannot fill every hand at once"


def deal_space(state: TrickPlay, seat: int) -> DealSpace:
    """What ``seat`` knows of the cards it cannot see, as a :class:`DealSpace`; raises
    :class:`NoConsistentDeal` if no deal fits it.

    In Callbreak a dealt hand holds a spade: a seat that has shown none holds one of the
    hidden spades — unless no deal allows that (a position given with such a hand, not
    dealt), then this is not asked.

    >>> from belote_lab.games.belote import BeloteHand
    >>> h = BeloteHand(seed=3); h.call("take")
    >>> space = deal_space(h, 0)
    >>> space.places, space.sizes, space.known      # E took the turned 7♠ (mask 1 << 5)
    ((1, 2, 3), (7, 8, 8), {1: 32})
    >>> space.count == math.comb(23, 7) * math.comb(16, 8)
    True
    """
    if not state.in_play:
        raise ValueError("deals are sampled in the play phase")
    others = [s for s in state.seat_order if s != seat]
    known = {s: m for s, m in state.known_cards(seat).items() if m}
    hidden = 0
    for s in others:
        hidden |= state.hands[s] & ~known.get(s, 0)
    stock = 0
    for c in stock_left(state):
        stock |= 1 << c
    hidden |= stock
    forbid = {s: 0 for s in others}
    _belote_limits(state, seat, hidden, known, forbid)
    for m in known.values():
        hidden &= ~m
    _play_limits(state, seat, hidden, known, forbid)
    places = tuple(others) + ((STOCK,) if stock else ())
    sizes = tuple(
        bin(state.hands[p]).count("1") - bin(known.get(p, 0)).count("1") if p != STOCK
        else bin(stock).count("1")
        for p in places
    )
    if any(x < 0 for x in sizes) or sum(sizes) != bin(hidden).count("1"):
        raise NoConsistentDeal(
            "no deal is consistent with what this seat has seen: the cards known to be in "
            "the hands do not fit their sizes"
        )
    played = state.played_masks()
    needs: dict[int, tuple[int, ...]] = {}
    for s in others:
        shown = played[s] | known.get(s, 0)
        needs[s] = tuple(m & hidden for m in _deal_needs(state) if not shown & m)
    check = _declarations_check(state, seat)
    space = DealSpace(state, seat, places, sizes, known, forbid, hidden, needs, check)
    if any(needs.values()):
        loose = DealSpace(state, seat, places, sizes, known, forbid, hidden, {}, check)
        if not space.count:
            space = loose
        elif loose.count <= 2 * space.count:
            space._loose = loose  # most deals give the cards owed: draw and check is faster
    if not space.count:
        raise NoConsistentDeal(
            "no deal is consistent with what this seat has seen: " + _why_none(space)
        )
    return space


def count_deals(state: TrickPlay, seat: int) -> int:
    """How many deals of the cards ``seat`` cannot see fit what it has seen (a deal says
    which cards are in the stock, each order of them as likely).

    >>> from belote_lab.games.belote2 import Belote2Hand
    >>> h = Belote2Hand(seed=4, dealer="S"); h.call("take")
    >>> count_deals(h, 0) == math.comb(23, 9)     # S's 9 hidden cards, the stock the rest
    True
    """
    space = deal_space(state, seat)
    return space.count if space.check is None else _DeclaredDeals(space).count


def sample_deals(
    state: TrickPlay, seat: int, n: int, rng: random.Random, max_tries: int = 200
) -> list[Position]:
    """``n`` full-information positions consistent with what ``seat`` knows (all of
    :func:`iter_deals`)."""
    return list(iter_deals(state, seat, n, rng, max_tries))


_PILOT = 24
"""Deals drawn to see whether the declared totals are common enough to keep drawing until a
deal gives them (one in 8 or more), or to count the deals that give them (rarer)."""


def _drawer(space: DealSpace, rng: random.Random, max_tries: int) -> Callable[[], Position]:
    """A function drawing one deal of ``space`` that passes its ``check``, every such deal
    with the same chance: drawn until one passes while they are common, else drawn from the
    counted deals that give the declared totals (:class:`_DeclaredDeals`)."""
    check = space.check
    if check is None:
        return lambda: space.draw(rng)
    passed = sum(check(space.draw(rng).hands) for _ in range(_PILOT))
    exact: list[_DeclaredDeals] = []

    def counted() -> Position:
        if not exact:
            exact.append(_DeclaredDeals(space))
        return exact[0].draw(rng)

    if passed * 8 < _PILOT:
        return counted

    def redrawn() -> Position:
        for _ in range(max(1, max_tries)):
            pos = space.draw(rng)
            if check(pos.hands):
                return pos
        return counted()

    return redrawn


def iter_deals(
    state: TrickPlay,
    seat: int,
    n: int,
    rng: random.Random,
    max_tries: int = 200,
    deadline: float | None = None,
) -> Iterator[Position]:
    """``n`` full-information positions consistent with what ``seat`` knows, each consistent
    deal equally likely (:class:`DealSpace`), drawn one at a time as they are asked for (the
    same deals, in the same order, as :func:`sample_deals` with the same ``rng``).  One deal
    only when there is one (nothing hidden, or one way to place it).  Past ``deadline`` (a
    ``time.perf_counter()`` value) it stops, once it has given one deal.  Raises
    :class:`NoConsistentDeal` (a :class:`RuntimeError`) when no deal fits.

    Under the declarations rule only deals giving the declared totals count: a deal that
    does not is drawn again (at most ``max_tries`` times, then from the counted deals that
    give them).
    """
    if determined(state, seat):  # the seat sees every card: the one deal is the real one
        yield position_of(state)
        return
    space = deal_space(state, seat)
    if space.count == 1 and space.check is None:
        n = 1
    draw = _drawer(space, rng, max_tries)
    for found in range(n):
        if found and deadline is not None and time.perf_counter() > deadline:
            return
        yield draw()


def determined(state: TrickPlay, seat: int) -> bool:
    """Does ``seat`` know every card? (two players once the stock is empty)"""
    return get(state.game).players == 2 and not stock_left(state)


def score_margin(state: TrickPlay, pos: Position, seat: int, value: int) -> float:
    """What the hand scores for ``seat``'s side if it wins ``value`` (card points; Callbreak:
    tricks) from ``state`` on, in the deal ``pos``: its score minus the other side's (Callbreak:
    the seat's round score), by the game's own scoring.

    The belote goes to the seat that announced it or, in ``pos``, holds both cards now; all
    the value left is read as every trick left (a capot), none of it as no trick.

    >>> from belote_lab.games.belote import BeloteHand
    >>> h = BeloteHand.from_hands(["AS KS QS JS TS 9S 8S 7S", "AH KH QH JH TH 9H 8H 7H",
    ...     "AD KD QD JD TD 9D 8D 7D", "AC KC QC JC TC 9C 8C 7C"], "S", 0, 0)
    >>> pos = position_of(h)
    >>> score_margin(h, pos, 0, 162), score_margin(h, pos, 0, 100), score_margin(h, pos, 0, 60)
    (272.0, 58.0, -182.0)
    """
    return get(state.game).margin(
        state, seat, value, total_left(pos), pos.tricks_left, list(pos.hands)
    )


def with_hands(state: TrickPlay, pos: Position) -> Any:
    """A copy of ``state`` whose hidden cards are those of the sampled deal ``pos``."""
    world = state.copy()
    world.hands = list(pos.hands)
    if get(state.game).has_stock:
        world.stock = tuple(state.stock[: state.drawn]) + tuple(Card(c) for c in pos.stock)
    return world


def _won(state: TrickPlay, side: tuple[int, ...]) -> int:
    """What ``side`` has won so far: card points, or tricks in a game counting tricks."""
    won = state.won_tricks if get(state.game).counts == "tricks" else state.won_points
    return sum(won[s] for s in side)


def _play_out(
    world: Any, card: Card, players: dict[int, Any], horizon: int, side: tuple[int, ...]
) -> int:
    """What ``side`` wins from ``world`` on when ``card`` is played, the ``players`` play down
    to ``horizon`` tricks left and the solver the rest."""
    before = _won(world, side)
    w = world.copy()
    w.play(card)
    while w.phase == "play" and (tricks_left(w) > horizon or w.trick):
        w.play(players[w.to_play].choose_card(w))
    v = _won(w, side) - before
    if w.phase == "play":
        v += solve_value(position_of(w, side))  # the best value alone: no card's value needed
    return v


def rollouts(
    state: TrickPlay,
    seat: int,
    positions: Iterable[Position],
    deadline: float,
    objective: str,
    horizon: int,
) -> tuple[dict[Card, list[float]], int]:
    """Each legal card's value on each deal (until ``deadline``, at least one deal): the card,
    level-2 play by every seat down to ``horizon`` tricks left, then the solver.  Values as
    :func:`~belote_lab.players.pimc.hint`'s (what the side wins from here, or
    :func:`score_margin`); returns them and the number of deals."""
    side = get(state.game).side_with(seat)
    make_base = level2(state.game)
    legal = mask_cards(state.legal_mask())
    collected: dict[Card, list[float]] = {c: [] for c in legal}
    n = 0
    for pos in positions:
        world = with_hands(state, pos)
        for card in legal:
            players = {s: make_base(None) for s in state.seat_order}
            v = _play_out(world, card, players, horizon, side)
            u = v if objective == "points" else score_margin(state, pos, seat, v)
            collected[card].append(u)
        n += 1
        if time.perf_counter() > deadline:
            break
    return collected, n
