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

from collections.abc import Callable
from typing import Any

from belote_lab.cards import FULL_MASK, SUIT_MASK, Card, Suit, mask_cards
from belote_lab.games.base import TrickPlay
from belote_lab.players.base import RandomPlayer
from belote_lab.players.estimates import estimate_tricks, trick_value
from belote_lab.players.levels import levels

__all__ = [
    "CallbreakRandomPlayer",
    "CallbreakPlayer2",
    "estimate_tricks",
    "trick_value",
    "LEVEL2",
    "LEVELS",
]

_S = int(Suit.S)
_SPADES = SUIT_MASK[_S]


def _count(mask: int) -> int:
    return bin(mask).count("1")


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


class CallbreakRandomPlayer(RandomPlayer):
    """A random legal card and a modest random call (1 to ``max_call``, default 3).

    Not a level of the table: Callbreak's level 1 is :class:`~belote_lab.players.RandomPlayer`
    in every mode (a call drawn among every legal call, 1 to 8 by the rules, as the compiled
    simulator's level 1 draws it); this player is a gentler random opponent to build by hand.
    """

    def __init__(self, seed: int | None = None, max_call: int = 3) -> None:
        super().__init__(seed)
        self.max_call = max_call

    def choose_call(self, state: TrickPlay) -> int:
        calls = state.legal_calls()
        low = [c for c in calls if c <= self.max_call] or calls
        return int(self.rng.choice(low))


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
    def choose_call(self, state: TrickPlay) -> int:
        seat = state.current_player
        calls: list[int] = state.legal_calls()
        n = estimate_tricks(state.hands[seat])
        return max(min(n, max(calls)), min(calls))

    # --- playing ------------------------------------------------------------------------------
    def choose_card(self, state: TrickPlay) -> Card:
        seat: int = state.to_play
        hand: int = state.hands[seat]
        legal: int = state.legal_mask()
        cards = mask_cards(legal)
        if len(cards) == 1:
            return cards[0]
        trick: list[Card] = list(state.trick)
        history = 0  # the cards of the finished tricks
        voids = [0, 0, 0, 0]  # per seat: suits (as bits) known to be void
        for t in state.tricks:
            history |= _trick_info(t.cards, t.leader, voids)
        table = _trick_info(trick, state.leader, voids)
        unseen = self._unseen(hand, history, table)
        call = state.call_of(seat) or 0
        need = call - state.won_tricks[seat]
        if not self.duck_after_call:
            need = max(need, 1)
        later = [(seat + k) % 4 for k in range(1, 4 - len(trick))]
        if not trick:
            return self._lead(hand, cards, unseen, voids, seat, need)
        return self._follow(hand, cards, trick, unseen, voids, later, need)

    def _unseen(self, hand: int, history: int, table: int) -> int:
        """The cards that others may still hold: neither in ``hand`` nor played (``history``:
        the finished tricks' cards, ``table``: the current trick's)."""
        return FULL_MASK & ~history & ~table & ~hand

    def _short_side(self, hand: int, cards: list[Card]) -> Card:
        """The lowest card of the shortest suit among ``cards`` (side suits first where the
        caller gives them): throwing or leading it brings a void nearer."""
        return min(cards, key=lambda c: (_count(hand & SUIT_MASK[c >> 4]), c & 15))

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
        return self._short_side(hand, side)

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
                return self._short_side(hand, side)
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


LEVEL2 = CallbreakPlayer2
"""The level-2 player of Callbreak (:func:`belote_lab.players.levels.levels`)."""

LEVELS: dict[int, Callable[..., Any]] = levels("callbreak")
"""Level → player factory (``seed -> player``): the one level table's
(:func:`belote_lab.players.levels.levels`), for a quick game and a journey alike — random,
the rules of thumb, then the search players of :mod:`belote_lab.players.search`."""
