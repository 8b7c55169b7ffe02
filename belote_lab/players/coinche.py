"""Level-2 Coinche player: bids from hand strength, plays by the seed tips.

Bidding (only its own cards and the auction): a suit is worth bidding with the trump jack,
or the nine and four trumps; the value grows with the trump honours (J, 9, A), the length,
the side aces (and tens beside them) and the belote.  With the partner's bid standing it
raises for side aces and honours of that trump.  Where the rules allow them it bids no trump
or all trump when that estimate (:func:`~belote_lab.players.estimates.no_or_all_trump_estimate`
of the aces and tens, or of the jacks and nines) is above its best suit's, and capot with a
hand that loses no trick once trumps are drawn
(:func:`~belote_lab.players.estimates.capot_losers`) — générale instead, where allowed, when
its partner does not play before it to the first trick, and the belote bid of either when it
holds the trump king and queen.  It says coinche rarely — when the opponents' bid looks
unlikely given its own defensive cards — and surcoinche only with a clearly strong hand.
Card play is :func:`belote_lab.players.heuristics.choose_card`.

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

from belote_lab.cards import SEATS, Card, Rank, mask_of
from belote_lab.games.base import TrickPlay
from belote_lab.games.coinche import COINCHE, SURCOINCHE, Bid, CoincheHand
from belote_lab.players.estimates import (
    ALL_TRUMP_BID,
    NO_TRUMP_BID,
    all_trump_strength,
    capot_losers,
    defence_estimate,
    no_or_all_trump_estimate,
    no_trump_strength,
    suit_estimate,
    support_estimate,
)
from belote_lab.players.heuristics import SeatKnowledge, choose_card

__all__ = ["LEVEL2", "CoinchePlayer2", "suit_estimate", "support_estimate", "defence_estimate"]

_SUITS = "SHDC"
_OTHER_CONTRACTS = (  # code, strength, the strength of a bid of 80 (all trump first on ties)
    ("AT", all_trump_strength, ALL_TRUMP_BID),
    ("NT", no_trump_strength, NO_TRUMP_BID),
)


def _auction_seen(state: TrickPlay) -> tuple[int, dict[str, Any]]:
    """The hand (a mask) of the seat to call, and what its caller reads of the auction (the
    ``bid`` in force and its ``bidder``, as text, and the ``calls`` so far, ``(seat, call)``
    pairs): a Coinche hand's own fields (what its ``seat_view`` writes as text), any other
    state's ``seat_view``.

    >>> h = CoincheHand(seed=1, dealer="N"); h.call("80H")
    >>> _auction_seen(h)[1]
    {'bid': '80H', 'bidder': 'E', 'calls': [('E', '80H')]}
    """
    seat = state.current_player
    if isinstance(state, CoincheHand):
        bid, bidder = state.bid, state.bid_seat()
        a = state.auction
        return state.hands[seat], {
            "bid": None if bid is None else bid.text,
            "bidder": None if bidder < 0 else SEATS[bidder],
            "calls": [(SEATS[s], c) for s, c in (a.calls if a is not None else [])],
        }
    view = state.seat_view(seat)
    return mask_of(view["hand"]), {
        "bid": view["bid"], "bidder": view["bidder"], "calls": [tuple(x) for x in view["calls"]],
    }


class CoinchePlayer2:
    """Level 2: rule-based bidding and card play (see the module docstring).  ``seed`` is
    accepted so that every level is made the same way; this player is deterministic."""

    level = 2

    def __init__(self, seed: int | None = None, coinche_margin: int = 20) -> None:
        self.seed = seed
        self.coinche_margin = coinche_margin

    def choose_call(self, state: TrickPlay) -> str:
        legal = state.legal_calls()
        seat = state.current_player
        hand, view = _auction_seen(state)
        call = self._big_call(state, view, hand, legal) or self._call(view, hand, seat, legal)
        return call if call in legal else "pass"

    @staticmethod
    def _big_call(
        state: TrickPlay, view: dict[str, Any], hand: int, legal: list[str]
    ) -> str | None:
        """Capot (générale, their belote bids) with a hand that loses no trick, else ``None``.

        Générale only when the partner does not play before this seat to the first trick: it
        might win that trick, and a générale is the bidder's alone (with no loser the bidder
        then won all eight tricks in 54 of 57 seeded deals, otherwise in 49 of 69)."""
        if view["bid"] is not None and Bid.parse(view["bid"]).kind != "points":
            return None
        losers, trump = min((capot_losers(hand, s), s) for s in range(4))
        if losers:
            return None
        seat, t = state.current_player, _SUITS[trump]
        first = state.dealer if state.rules.first_lead == "dealer" else (state.dealer + 1) % 4
        kinds = ["generale", "capot"] if first in (seat, (seat + 3) % 4) else ["capot"]
        belote = hand >> (16 * trump + Rank.KING) & 1 and hand >> (16 * trump + Rank.QUEEN) & 1
        for kind in kinds:
            for call in [f"{kind}belote{t}"] * belote + [f"{kind}{t}"]:
                if call in legal:
                    return call
        return None

    def _call(self, view: dict[str, Any], hand: int, seat: int, legal: list[str]) -> str:
        bid_text, bidder = view["bid"], view["bidder"]
        if SURCOINCHE in legal:
            return self._surcoinche(view, hand, seat)
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
        other = self._no_or_all_trump(hand, max(best, current), legal)
        if other is not None:
            return other
        if best > current and f"{best}{_SUITS[best_suit]}" in legal:
            return f"{best}{_SUITS[best_suit]}"
        if bid is not None:
            return self._maybe_coinche(bid, hand, legal)
        return "pass"

    @staticmethod
    def _no_or_all_trump(hand: int, above: int, legal: list[str]) -> str | None:
        """The all-trump or no-trump bid of ``hand``'s estimate when it is legal and above
        ``above`` (the higher estimate of the two; all trump on a tie), else ``None``."""
        best: str | None = None
        top = above
        for code, strength, start in _OTHER_CONTRACTS:
            value = no_or_all_trump_estimate(strength(hand), start)
            if value > top and f"{value}{code}" in legal:
                best, top = f"{value}{code}", value
        return best

    @staticmethod
    def _raised_already(view: dict[str, Any], seat: int) -> bool:
        return any(s == SEATS[seat] and c != "pass" for s, c in view["calls"])

    def _maybe_coinche(self, bid: Any, hand: int, legal: list[str]) -> str:
        if COINCHE not in legal:
            return "pass"
        trump = _SUITS.index(bid.trump) if bid.trump in _SUITS else None
        if bid.kind != "points":
            # the trump jack always wins a trick: a capot or générale cannot be made
            sure = trump is not None and bool(hand >> (16 * trump + Rank.JACK) & 1)
            return COINCHE if sure else "pass"
        need = 162 - bid.value  # roughly what the defence needs to defeat the bid
        if defence_estimate(hand, trump) >= need // 2 + self.coinche_margin:
            return COINCHE
        return "pass"

    def _surcoinche(self, view: dict[str, Any], hand: int, seat: int) -> str:
        bid = Bid.parse(view["bid"])
        if bid.kind != "points":
            return "pass"
        if bid.trump not in _SUITS:  # no trump, all trump: the bidder's own strength only
            _, strength, start = next(x for x in _OTHER_CONTRACTS if x[0] == bid.trump)
            own = view["bidder"] == SEATS[seat]
            strong = own and no_or_all_trump_estimate(strength(hand), start) >= bid.value + 30
            return SURCOINCHE if strong else "pass"
        trump = _SUITS.index(bid.trump)
        if view["bidder"] == SEATS[seat]:
            strong = suit_estimate(hand, trump) >= bid.value + 30
        else:
            strong = support_estimate(hand, trump) >= 50
        return SURCOINCHE if strong else "pass"

    def choose_card(self, state: TrickPlay) -> Card:
        return choose_card(SeatKnowledge.from_state(state))


LEVEL2 = CoinchePlayer2
"""The level-2 player of Coinche (:func:`belote_lab.players.levels.levels`)."""
