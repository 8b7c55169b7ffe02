"""Callbreak computer players: level 1 (random) and level 2 (rules of thumb).

Both read only what their seat may see: their own cards (``state.hands[seat]``), the calls,
the played cards (``state.tricks``, ``state.trick``) and the legal choices.

>>> from belote_lab.games.callbreak import CallbreakHand
>>> from belote_lab.players import drive_hand
>>> h = CallbreakHand(seed=2)
>>> drive_hand(h, [CallbreakPlayer2(), CallbreakRandomPlayer(1), CallbreakPlayer2(),
...                CallbreakRandomPlayer(3)])
>>> h.phase, sum(h.result.tricks_won.values())
('done', 13)
>>> from belote_lab.cards import CardSet
>>> estimate_tricks(CardSet.parse("AS KS QS 5S AH KH 2H AD 3D 2D 4C 3C 2C").mask)
6
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from belote_lab.cards import FULL_MASK, SUIT_MASK, Card, Suit, mask_cards

__all__ = [
    "CallbreakRandomPlayer",
    "CallbreakPlayer2",
    "estimate_tricks",
    "trick_value",
    "LEVELS",
]

_S = int(Suit.S)
_SPADES = SUIT_MASK[_S]
_SIDE = (int(Suit.H), int(Suit.D), int(Suit.C))


def _ranks(mask: int, suit: int) -> list[int]:
    """The ranks (0 = two … 12 = ace) of ``mask`` in ``suit``, highest first."""
    bits = (mask >> (16 * suit)) & 0x1FFF
    return [r for r in range(12, -1, -1) if bits >> r & 1]


def _count(mask: int) -> int:
    return bin(mask).count("1")


def estimate_tricks(hand: int) -> int:
    """The call for a 13-card hand: :func:`trick_value` rounded to the nearest whole trick,
    at least 1.  (Rounding down instead calls too low: over 400 seeded rounds against the
    level-1 player it scored 2.0 a round against 2.2.)"""
    return max(1, int(trick_value(hand) + 0.5))


def trick_value(hand: int) -> float:
    """How many tricks a 13-card hand (a mask) should take, counted from its sure tricks.

    High spades count when they hold enough smaller spades to survive the higher ones still
    out, spades beyond four win as length, side aces count (less in long suits, which are
    ruffed sooner), kings with length or with the ace count part of a trick, and short side
    suits with spare spades count ruffs.

    >>> from belote_lab.cards import CardSet
    >>> trick_value(CardSet.parse("AS KS QS 5S AH KH 2H AD 3D 2D 4C 3C 2C").mask)
    5.8
    """
    spades = _ranks(hand, _S)
    ns = len(spades)
    est = 0.0
    winners = 0
    for i, r in enumerate(spades):
        missing_above = (12 - r) - i  # higher spades held by others
        if missing_above <= 0:
            est += 1.0
            winners += 1
        elif ns - i > missing_above:  # enough small spades to wait for the higher ones
            est += 0.8 if missing_above == 1 else 0.5
            winners += 1
    est += max(0, ns - max(4, winners)) * 0.9  # long spades win late
    spare = max(0, ns - winners - max(0, ns - max(4, winners)))
    for s in _SIDE:
        rk = _ranks(hand, s)
        n = len(rk)
        has_a = 12 in rk
        if has_a:
            est += 1.0 if n <= 4 else 0.7 if n <= 6 else 0.4
        if 11 in rk:
            if has_a and n <= 5:
                est += 0.8
            elif n >= 2:
                est += 0.5 if n <= 5 else 0.2
        if 10 in rk and has_a and 11 in rk and 3 <= n <= 4:
            est += 0.4
        if spare > 0 and n <= 2:
            ruffs = min(spare, 2 - n)
            est += 0.7 * ruffs
            spare -= ruffs
    return est


def _beats(c: int, w: int) -> bool:
    """Whether card ``c`` beats card ``w`` with spades trump."""
    if c >> 4 == w >> 4:
        return (c & 15) > (w & 15)
    return c >> 4 == _S


def _best(trick: list[Card]) -> int:
    """The position of the card winning ``trick`` so far."""
    w = 0
    for i in range(1, len(trick)):
        if _beats(trick[i], trick[w]):
            w = i
    return w


def _higher_in_suit(card: int) -> int:
    """The mask of the cards of ``card``'s suit that outrank it."""
    s = card >> 4
    return SUIT_MASK[s] & ~((1 << (card + 1)) - 1)


class CallbreakRandomPlayer:
    """Level 1: a random legal card and a modest random call (1 to ``max_call``, default 3).

    Uniform calls up to 8 would almost always fail; calling 1–3 keeps level 1 playable.
    """

    level = 1

    def __init__(self, seed: int | None = None, max_call: int = 3) -> None:
        self.rng = random.Random(seed)
        self.max_call = max_call

    def choose_call(self, state: Any) -> int:
        calls = state.legal_calls()
        low = [c for c in calls if c <= self.max_call] or calls
        return int(self.rng.choice(low))

    def choose_card(self, state: Any) -> Card:
        cards = mask_cards(state.legal_mask())
        return cards[int(self.rng.random() * len(cards))]


class CallbreakPlayer2:
    """Level 2: calls its sure tricks (:func:`estimate_tricks`), then plays to make its call.

    Still short of the call it wins cheaply (of its winning cards, the one the fewest unseen
    cards can beat, lowest first), ruffs low, and leads its masters (aces of side suits while
    they are unlikely to be ruffed, then its top spade) or from its shortest side suit to make
    a void.  Without a use for a card it discards from short suits.

    With the call made, ``duck_after_call=True`` ducks where the rules leave a choice (when
    following, the must-beat rule never leaves a choice between a winning and a losing card):
    it leads low side cards that others can beat, plays its lowest card when every legal card
    wins and others are still to play, and sheds its highest card when every legal card
    loses.  The default plays on: an extra trick is worth 0.1 and takes a trick from someone
    else; over 400 seeded rounds against three level-1 players ducking scored 2.23 a round
    (first alone 35%) against 2.27 (39%) for playing on.  The play is deterministic;
    ``seed`` is accepted for a uniform factory signature.
    """

    level = 2

    def __init__(self, seed: int | None = None, duck_after_call: bool = False) -> None:
        self.seed = seed
        self.duck_after_call = duck_after_call

    # --- calling ------------------------------------------------------------------------------
    def choose_call(self, state: Any) -> int:
        seat = state.current_player
        calls: list[int] = state.legal_calls()
        n = estimate_tricks(state.hands[seat])
        return max(min(n, max(calls)), min(calls))

    # --- playing ------------------------------------------------------------------------------
    def choose_card(self, state: Any) -> Card:
        seat: int = state.to_play
        hand: int = state.hands[seat]
        legal: int = state.legal_mask()
        cards = mask_cards(legal)
        if len(cards) == 1:
            return cards[0]
        trick: list[Card] = list(state.trick)
        played = 0
        voids = [0, 0, 0, 0]  # per seat: suits (as bits) known to be void
        for t in state.tricks:
            played |= _trick_info(t.cards, t.leader, voids)
        played |= _trick_info(trick, state.leader, voids)
        unseen = FULL_MASK & ~played & ~hand
        call = state.call_of(seat) or 0
        need = call - state.won_tricks[seat]
        if not self.duck_after_call:
            need = max(need, 1)
        later = [(seat + k) % 4 for k in range(1, 4 - len(trick))]
        if not trick:
            return self._lead(hand, cards, unseen, voids, seat, need)
        return self._follow(hand, cards, trick, unseen, voids, later, need)

    def _threats(self, c: int, unseen: int, voids: list[int], later: list[int]) -> int:
        """How many unseen cards could beat ``c`` when played by the seats still to play."""
        if not later:
            return 0
        n = _count(unseen & _higher_in_suit(c))
        if c >> 4 != _S:
            suit = c >> 4
            out_in_suit = _count(unseen & SUIT_MASK[suit])
            ruff = any(voids[p] >> suit & 1 and not voids[p] >> _S & 1 for p in later)
            if ruff or out_in_suit < len(later):
                n += _count(unseen & _SPADES)
        return n

    def _follow(
        self,
        hand: int,
        cards: list[Card],
        trick: list[Card],
        unseen: int,
        voids: list[int],
        later: list[int],
        need: int,
    ) -> Card:
        best = trick[_best(trick)]
        winning = [c for c in cards if _beats(c, best)]
        losing = [c for c in cards if not _beats(c, best)]
        if need > 0:
            if winning:
                scored = [(self._threats(c, unseen, voids, later), _power(c), c) for c in winning]
                return min(scored)[2]
            return self._discard(hand, cards, high=False)
        if losing:
            if all(c >> 4 == losing[0] >> 4 for c in losing):
                return max(losing, key=_power)
            return self._discard(hand, losing, high=True)
        # every card wins: with no one after, shed the highest; else hope to be overtaken
        if not later:
            return max(cards, key=_power)
        return min(cards, key=_power)

    def _discard(self, hand: int, cards: list[Card], high: bool) -> Card:
        """A card thrown away: from the shortest side suit (to make a void), lowest first; with
        ``high`` the highest card of the suit, to shed future winners."""
        side = [c for c in cards if c >> 4 != _S] or cards
        if high:
            return max(side, key=lambda c: (c & 15, -_count(hand & SUIT_MASK[c >> 4])))
        return min(side, key=lambda c: (_count(hand & SUIT_MASK[c >> 4]), c & 15))

    def _lead(
        self,
        hand: int,
        cards: list[Card],
        unseen: int,
        voids: list[int],
        seat: int,
        need: int,
    ) -> Card:
        others = [(seat + k) % 4 for k in (1, 2, 3)]
        if need > 0:
            masters = []
            for c in cards:
                if c >> 4 == _S or unseen & _higher_in_suit(c):
                    continue
                suit = c >> 4
                out = _count(unseen & SUIT_MASK[suit])
                ruff_known = any(voids[p] >> suit & 1 and not voids[p] >> _S & 1 for p in others)
                if (out >= 3 and not ruff_known) or not unseen & _SPADES:
                    masters.append((out, c & 15, c))
            if masters:
                return max(masters)[2]
            spades = [c for c in cards if c >> 4 == _S]
            if spades:
                top = max(spades)
                if not unseen & _higher_in_suit(top):
                    return top
            side = [c for c in cards if c >> 4 != _S]
            if side and hand & _SPADES:
                return min(side, key=lambda c: (_count(hand & SUIT_MASK[c >> 4]), c & 15))
            return min(cards, key=lambda c: (-_count(hand & SUIT_MASK[c >> 4]), c & 15))

        # the call is made: lead a low card that others can beat
        def risk(c: Card) -> tuple[int, int]:
            higher = _count(unseen & _higher_in_suit(c))
            spade = c >> 4 == _S
            return (1 if spade or higher == 0 else 0, -higher)

        return min(cards, key=lambda c: (risk(c), c & 15))


def _power(c: int) -> int:
    """An order where every spade outranks every other card."""
    return (c & 15) + (16 if c >> 4 == _S else 0)


def _trick_info(cards: Any, leader: int, voids: list[int]) -> int:
    """The mask of a trick's cards; notes in ``voids`` who showed out of the led suit."""
    m = 0
    if not cards:
        return m
    led = cards[0] >> 4
    for i, c in enumerate(cards):
        m |= 1 << c
        if i and c >> 4 != led:
            p = (leader + i) % 4
            voids[p] |= 1 << led
            if c >> 4 != _S:
                voids[p] |= 1 << _S
    return m


def _level2(seed: int) -> CallbreakPlayer2:
    return CallbreakPlayer2(seed)


def _level1(seed: int) -> CallbreakRandomPlayer:
    return CallbreakRandomPlayer(seed)


def _level3(seed: int) -> Any:
    from belote_lab.players.search import make_player

    return make_player("callbreak", 3, seed)


def _level4(seed: int) -> Any:
    from belote_lab.players.search import make_player

    return make_player("callbreak", 4, seed)


LEVELS: dict[int, Callable[[int], Any]] = {1: _level1, 2: _level2, 3: _level3, 4: _level4}
"""Level → player factory (``seed -> player``) for the journey: random, the rules of thumb,
then the search players of :mod:`belote_lab.players.search` (hints; level 4 also calls by
simulation)."""
