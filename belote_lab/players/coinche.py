"""Level-2 Coinche player: bids from hand strength, plays by the seed tips.

Bidding (only its own cards and the auction): a suit is worth bidding with the trump jack,
or the nine and four trumps; the value grows with the trump honours (J, 9, A), the length,
the side aces (and tens beside them) and the belote.  With the partner's bid standing it
raises for side aces and honours of that trump.  It says coinche rarely — when the
opponents' bid looks unlikely given its own defensive cards — and surcoinche only with a
clearly strong hand.  Card play is :func:`belote_lab.players.heuristics.choose_card`.

>>> from belote_lab.games.coinche import CoincheHand
>>> from belote_lab.players import drive_hand
>>> h = CoincheHand(seed=11)
>>> drive_hand(h, [CoinchePlayer2() for _ in range(4)])
>>> h.is_over
True
>>> suit_estimate(mask_of("JH 9H AH 8H AS TS 7D 8C".split()), 1)  # J 9 A 8, A T aside
130
"""

from __future__ import annotations

from typing import Any

from belote_lab.cards import SEATS, SUIT_MASK, Card, Rank, mask_of
from belote_lab.players.heuristics import Situation, choose_card, popcount

__all__ = ["CoinchePlayer2", "suit_estimate", "support_estimate", "defence_estimate"]

_SUITS = "SHDC"


def _has(hand: int, suit: int, rank: Rank) -> bool:
    return bool(hand >> (16 * suit + rank) & 1)


def _side_aces(hand: int, trump: int) -> int:
    """Points for side aces (15) and a ten beside its ace (10)."""
    v = 0
    for s in range(4):
        if s != trump and _has(hand, s, Rank.ACE):
            v += 15 + (10 if _has(hand, s, Rank.TEN) else 0)
    return v


def suit_estimate(hand: int, trump: int) -> int:
    """The contract value (a multiple of 10; 0 = not a trump suit for this hand) that a hand
    supports with ``trump`` as trump, counting 30 points on the partner's cards (calibrated
    on self-play: the bidding team then makes such a bid about four times in five)."""
    n = popcount(hand & SUIT_MASK[trump])
    jack = _has(hand, trump, Rank.JACK)
    nine = _has(hand, trump, Rank.NINE)
    if n < 3 or not (jack or (nine and n >= 4)):
        return 0
    est = 30 + (35 if jack else 0) + (20 if nine else 0)
    est += 10 if _has(hand, trump, Rank.ACE) else 0
    est += 10 * (n - 3)
    est += _side_aces(hand, trump)
    if _has(hand, trump, Rank.KING) and _has(hand, trump, Rank.QUEEN):
        est += 20
    return min(est // 10 * 10, 160)


def support_estimate(hand: int, trump: int) -> int:
    """What a hand adds to the partner's bid in ``trump``: side aces and trump honours."""
    v = _side_aces(hand, trump) // 15 * 10
    v += 20 if _has(hand, trump, Rank.JACK) else 0
    v += 10 if _has(hand, trump, Rank.NINE) else 0
    if _has(hand, trump, Rank.KING) and _has(hand, trump, Rank.QUEEN):
        v += 20
    return v


def defence_estimate(hand: int, trump: int | None) -> int:
    """Card points a hand is likely to win against a contract in ``trump``."""
    v = 0
    if trump is not None:
        n = popcount(hand & SUIT_MASK[trump])
        if _has(hand, trump, Rank.JACK):
            v += 25 if n >= 2 else 20
        if _has(hand, trump, Rank.NINE) and n >= 3:
            v += 15
    for s in range(4):
        if s != trump and _has(hand, s, Rank.ACE):
            v += 12 + (8 if _has(hand, s, Rank.TEN) else 0)
    return v


class CoinchePlayer2:
    """Level 2: rule-based bidding and card play (see the module docstring)."""

    level = 2

    def __init__(self, coinche_margin: int = 20) -> None:
        self.coinche_margin = coinche_margin

    def choose_call(self, state: Any) -> str:
        legal = state.legal_calls()
        seat = state.current_player
        view = state.seat_view(seat)
        hand = mask_of(view["hand"])
        call = self._call(view, hand, seat, legal)
        return call if call in legal else "pass"

    def _call(self, view: dict[str, Any], hand: int, seat: int, legal: list[str]) -> str:
        bid_text, bidder = view["bid"], view["bidder"]
        if "surcoinche" in legal:
            return self._surcoinche(view, hand, seat)
        from belote_lab.games.coinche import Bid

        bid = None if bid_text is None else Bid.parse(bid_text)
        current = 0 if bid is None else bid.value
        if bid is not None and bid.kind != "points":
            return self._maybe_coinche(bid, hand, legal)
        ours = bidder is not None and SEATS.index(bidder) % 2 == seat % 2
        if ours and bid is not None:
            if bid.trump not in _SUITS:
                return "pass"
            trump = _SUITS.index(bid.trump)
            support = support_estimate(hand, trump)
            if support >= 30 and not self._raised_already(view, seat):
                value = min(current + support // 20 * 10, 160)
                if value > current:
                    return f"{value}{bid.trump}"
            return "pass"
        best, best_suit = 0, 0
        for s in range(4):
            est = suit_estimate(hand, s)
            if est > best:
                best, best_suit = est, s
        if best > current and f"{best}{_SUITS[best_suit]}" in legal:
            return f"{best}{_SUITS[best_suit]}"
        if bid is not None:
            return self._maybe_coinche(bid, hand, legal)
        return "pass"

    @staticmethod
    def _raised_already(view: dict[str, Any], seat: int) -> bool:
        return any(s == SEATS[seat] and c != "pass" for s, c in view["calls"])

    def _maybe_coinche(self, bid: Any, hand: int, legal: list[str]) -> str:
        if "coinche" not in legal:
            return "pass"
        trump = _SUITS.index(bid.trump) if bid.trump in _SUITS else None
        if bid.kind != "points":
            # the trump jack always wins a trick: a capot or générale cannot be made
            sure = trump is not None and _has(hand, trump, Rank.JACK)
            return "coinche" if sure else "pass"
        need = 162 - bid.value  # roughly what the defence needs to defeat the bid
        if defence_estimate(hand, trump) >= need // 2 + self.coinche_margin:
            return "coinche"
        return "pass"

    def _surcoinche(self, view: dict[str, Any], hand: int, seat: int) -> str:
        from belote_lab.games.coinche import Bid

        bid = Bid.parse(view["bid"])
        if bid.kind != "points" or bid.trump not in _SUITS:
            return "pass"
        trump = _SUITS.index(bid.trump)
        if view["bidder"] == SEATS[seat]:
            strong = suit_estimate(hand, trump) >= bid.value + 30
        else:
            strong = support_estimate(hand, trump) >= 50
        return "surcoinche" if strong else "pass"

    def choose_card(self, state: Any) -> Card:
        return choose_card(Situation.from_state(state))
